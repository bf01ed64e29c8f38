// r5xx_rb3d_pixel: the write of one pixel operation (docs/blocks/r5xx.rb3d.md "The write"; the C
// twin is rb3d_write()).  Purely combinational:
//   the word read (0 unless rd_i) -> endian swap -> the pixel's bits at lane_i -> unpack
//   -> blend (ALPHA_BLEND_ENABLE; the blender sees 0 unless brd_i) -> dither to the format
//   -> ROP with the stored bits -> channel mask (masked channels keep the stored bits)
//   -> placed at lane_i -> endian swap; byte enables: the pixel's bytes, less the bytes of
//   masked channels in ARGB8888 / ARGB16161616.
module r5xx_rb3d_pixel (
  input  logic [31:0] blend_i,     // RB3D_BLENDCNTL
  input  logic [31:0] ablend_i,    // RB3D_ABLENDCNTL
  input  logic [31:0] const_i,     // RB3D_CONSTANT_COLOR
  input  logic [31:0] rop_i,       // RB3D_ROPCNTL
  input  logic [31:0] dither_i,    // RB3D_DITHER_CTL

  input  logic [2:0]  lane_i,
  input  logic [3:0]  fmt_i,
  input  logic [1:0]  endian_i,
  input  logic [3:0]  mask_i,
  input  logic        rd_i,
  input  logic        brd_i,
  input  logic [63:0] argb_i,
  input  logic [63:0] rdata_i,

  output logic [63:0] wdata_o,
  output logic [7:0]  be_o
);

  // ---- the stored pixel -----------------------------------------------------------------------
  logic [63:0] gpu;
  logic [7:0]  unused_be0;
  logic [1:0]  bpp;
  logic [63:0] pixmask;
  logic [63:0] dpix;
  logic [63:0] dst16;

  r5xx_rb3d_swap u_rswap (
    .mode_i (endian_i),
    .data_i (rd_i ? rdata_i : 64'd0),
    .be_i   (8'd0),
    .data_o (gpu),
    .be_o   (unused_be0)
  );

  always_comb begin
    unique case (fmt_i)
      4'd9:               bpp = 2'd0;
      4'd3, 4'd4, 4'd15:  bpp = 2'd1;
      4'd5, 4'd6:         bpp = 2'd2;
      default:            bpp = 2'd3;
    endcase
  end

  assign pixmask = (bpp == 2'd3) ? '1 : ((64'd1 << (6'd8 << bpp)) - 64'd1);
  assign dpix    = (gpu >> {lane_i, 3'b000}) & pixmask;

  r5xx_rb3d_unpack u_unpack (
    .fmt_i  (fmt_i),
    .pix_i  (dpix),
    .argb_o (dst16)
  );

  // ---- blend, dither, ROP, mask ---------------------------------------------------------------
  logic [63:0] blended;
  logic [63:0] res;
  logic [63:0] spix;
  logic [63:0] cb;
  logic [3:0]  rop2;
  logic [63:0] ropped;
  logic [63:0] pix;

  r5xx_rb3d_blend u_blend (
    .blend_i  (blend_i),
    .ablend_i (ablend_i),
    .const_i  (const_i),
    .src_i    (argb_i),
    .dst_i    (brd_i ? dst16 : 64'd0),
    .res_o    (blended)
  );

  assign res = blend_i[0] ? blended : argb_i;

  r5xx_rb3d_pack u_pack (
    .fmt_i      (fmt_i),
    .argb_i     (res),
    .dither_i   (dither_i[1:0]),
    .adither_i  (dither_i[3:2]),
    .mask_i     (mask_i),
    .pix_o      (spix),
    .chanbits_o (cb)
  );

  // ROP2 truth table: bit {s, d} is the result (000:9104-9112); disabled = 0xC, copy
  assign rop2   = rop_i[2] ? rop_i[11:8] : 4'hC;
  assign ropped = (({64{rop2[0]}} & ~spix & ~dpix) | ({64{rop2[1]}} & ~spix & dpix) |
                   ({64{rop2[2]}} & spix & ~dpix) | ({64{rop2[3]}} & spix & dpix)) & pixmask;
  assign pix    = (ropped & cb) | (dpix & ~cb);

  // ---- byte enables and placement -------------------------------------------------------------
  logic [7:0] bep;

  always_comb begin
    unique case (fmt_i)
      4'd6:    bep = {4'd0, mask_i};
      4'd10:   bep = {{2{mask_i[3]}}, {2{mask_i[2]}}, {2{mask_i[1]}}, {2{mask_i[0]}}};
      default: bep = 8'((9'd1 << (4'd1 << bpp)) - 9'd1);
    endcase
  end

  r5xx_rb3d_swap u_wswap (
    .mode_i (endian_i),
    .data_i (pix << {lane_i, 3'b000}),
    .be_i   (bep << lane_i),
    .data_o (wdata_o),
    .be_o   (be_o)
  );

  logic unused_bits;
  assign unused_bits = ^{unused_be0, rop_i[31:12], rop_i[7:3], rop_i[1:0], dither_i[31:4]};

endmodule
