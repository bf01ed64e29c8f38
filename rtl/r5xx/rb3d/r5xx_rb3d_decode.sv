// r5xx_rb3d_decode: one copy of a fragment -> the pixel operation for buffer n, or a drop
// (docs/blocks/r5xx.rb3d.md "Decode"; the C twin is rb3d_decode()).  Purely combinational.
//
// Buffer n's surface is RB3D_COLOROFFSETn / RB3D_COLORPITCHn with COLORFORMAT taken from
// RB3D_COLORPITCH0 unless RB3D_CCTL.INDEPENDENT_COLORFORMAT_ENABLE[14]; its channel mask is
// RB3D_COLOR_CHANNEL_MASK[4n+3:4n] if INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE[12], else [3:0]
// (000:8698-8762, 8863-8954).  The address comes from r.tile's r5xx_tile_surf / r5xx_tile_addr.
// Dropped (keep_o = 0): an unsupported format, every channel of the format masked, or with
// ALPHA_BLEND_ENABLE a DISCARD_SRC_PIXELS hit or SRC_ALPHA_0_NO_READ with source alpha 0.
module r5xx_rb3d_decode (
  input  logic [31:0]      cctl_i,
  input  logic [31:0]      blend_i,
  input  logic [31:0]      ablend_i,
  input  logic [31:0]      chmask_i,
  input  logic [31:0]      rop_i,
  input  logic [31:0]      lte_i,
  input  logic [31:0]      gte_i,
  input  logic [3:0][31:0] off_i,
  input  logic [3:0][31:0] pitch_i,

  input  logic [1:0]       buf_i,
  input  logic [13:0]      x_i,
  input  logic [13:0]      y_i,
  input  logic [63:0]      argb_i,

  output logic             keep_o,
  output logic [28:0]      addr_o,     // the 64-bit word: pixel address [31:3]
  output logic [2:0]       lane_o,     // pixel address [2:0]
  output logic [7:0]       bytes_o,    // the bytes of the word the pixel occupies (after the swap)
  output logic [3:0]       fmt_o,
  output logic [1:0]       endian_o,
  output logic [3:0]       mask_o,
  output logic             rd_o,       // read the destination first
  output logic             brd_o       // the blender sees the destination
);

  localparam logic [15:0] One = 16'hFFFF;

  // ---- the buffer's surface, format and mask ----------------------------------------------------
  logic [31:0] pitch_n;
  logic [31:0] pitch_eff;
  logic [3:0]  fmt;
  logic        supported;
  logic [3:0]  chans;
  logic [3:0]  mask_n;
  logic [3:0]  mask;
  logic        bytemask;

  assign pitch_n   = pitch_i[buf_i];
  assign pitch_eff = {pitch_n[31:25], cctl_i[14] ? pitch_n[24:21] : pitch_i[0][24:21], pitch_n[20:0]};
  assign fmt       = pitch_eff[24:21];
  assign supported = fmt == 4'd3 || fmt == 4'd4 || fmt == 4'd5 || fmt == 4'd6 || fmt == 4'd9 ||
                     fmt == 4'd10 || fmt == 4'd15;
  assign chans     = (fmt == 4'd4) ? 4'b0111 : (fmt == 4'd9) ? 4'b0100 : 4'b1111;
  assign mask_n    = cctl_i[12] ? chmask_i[4*buf_i +: 4] : chmask_i[3:0];
  assign mask      = mask_n & chans;
  assign bytemask  = fmt == 4'd6 || fmt == 4'd10;

  // ---- blend-dependent drops and reads ------------------------------------------------------------
  logic [15:0] as;
  logic        ben;
  logic [2:0]  dmode;
  logic [31:0] thr;
  logic [3:0]  le;
  logic [3:0]  ge;
  logic        discard;

  assign as    = argb_i[63:48];
  assign ben   = blend_i[0];
  assign dmode = blend_i[5:3];
  assign thr   = (dmode <= 3'd3) ? lte_i : gte_i;

  for (genvar c = 0; c < 4; c++) begin : g_thr
    logic [15:0] t16;
    assign t16   = {2{thr[8*c +: 8]}};
    assign le[c] = argb_i[16*c +: 16] <= t16;
    assign ge[c] = argb_i[16*c +: 16] >= t16;
  end

  // DISCARD_SRC_PIXELS (000:8452-8470): every compared channel must pass.
  always_comb begin
    unique case (dmode)
      3'd1:    discard = le[3];
      3'd2:    discard = &le[2:0];
      3'd3:    discard = &le;
      3'd4:    discard = ge[3];
      3'd5:    discard = &ge[2:0];
      3'd6:    discard = &ge;
      default: discard = 1'b0;
    endcase
  end

  // Does a blend control read the destination (by its codes)?
  function automatic logic uses_dst(logic [2:0] comb, logic [5:0] sf, logic [5:0] df, logic alpha);
    logic u;
    u = (comb == 3'd4) || (comb == 3'd5);
    unique case (sf)
      6'd7, 6'd8, 6'd9, 6'd10, 6'd36, 6'd37, 6'd40, 6'd41, 6'd12, 6'd13: u = 1'b1;
      6'd11, 6'd42: u = u || !alpha;
      default: ;
    endcase
    u = u || (df >= 6'd2 && df <= 6'd10) || (df >= 6'd33 && df <= 6'd41) ||
        (df >= 6'd43 && df <= 6'd46);
    return u;
  endfunction

  logic        uses;
  logic        brd;
  logic [3:0]  rop2;
  logic        rop_d;

  logic [31:0] acntl;
  assign acntl = blend_i[1] ? ablend_i : blend_i;
  assign uses  = uses_dst(blend_i[14:12], blend_i[21:16], blend_i[29:24], 1'b0) ||
                 uses_dst(acntl[14:12], acntl[21:16], acntl[29:24], 1'b1);
  assign brd   = ben && blend_i[2] && !(blend_i[31] && as == One);
  assign rop2  = rop_i[2] ? rop_i[11:8] : 4'hC;
  assign rop_d = (rop2[0] != rop2[1]) || (rop2[2] != rop2[3]);

  assign keep_o = supported && mask != 4'd0 && !(ben && discard) &&
                  !(ben && blend_i[30] && as == 16'd0);
  assign rd_o   = (brd && uses) || rop_d || (mask != chans && !bytemask);
  assign brd_o  = brd;

  // ---- the address --------------------------------------------------------------------------------
  logic [31:0] base;
  logic [14:0] spitch;
  logic [2:0]  bpp;
  logic        macro;
  logic [1:0]  micro;
  logic [2:0]  serr;
  logic [31:0] pa;

  r5xx_tile_surf u_surf (
    .kind_i  (2'd0),
    .reg0_i  (off_i[buf_i]),
    .reg1_i  (pitch_eff),
    .reg2_i  (32'd0),
    .reg3_i  (32'd0),
    .base_o  (base),
    .pitch_o (spitch),
    .bpp_o   (bpp),
    .macro_o (macro),
    .micro_o (micro),
    .err_o   (serr)
  );

  r5xx_tile_addr u_addr (
    .base_i  (base),
    .pitch_i (spitch),
    .bpp_i   (bpp),
    .macro_i (macro),
    .micro_i (micro),
    .x_i     (x_i),
    .y_i     (y_i),
    .addr_o  (pa)
  );

  // The pixel's bytes in memory: its bytes at the lane, through the endian swap.
  logic [7:0]  lanebytes;
  logic [63:0] unused_swapped;

  assign lanebytes = 8'(((9'd1 << (4'd1 << bpp[1:0])) - 9'd1) << pa[2:0]);

  r5xx_rb3d_swap u_bytes (
    .mode_i (pitch_eff[20:19]),
    .data_i (64'd0),
    .be_i   (lanebytes),
    .data_o (unused_swapped),
    .be_o   (bytes_o)
  );

  assign addr_o   = pa[31:3];
  assign lane_o   = pa[2:0];
  assign fmt_o    = fmt;
  assign endian_o = pitch_eff[20:19];
  assign mask_o   = mask;

  logic unused_bits;
  assign unused_bits = ^{serr, bpp[2], unused_swapped, cctl_i[31:15], cctl_i[13], cctl_i[11:0], chmask_i[31:16],
                         rop_i[31:12], rop_i[7:3], rop_i[1:0], blend_i[29:6],
                         acntl[31:30], acntl[23:22], acntl[15], acntl[11:0]};

endmodule
