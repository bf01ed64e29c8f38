// r5xx_zb_update: the depth and stencil test and update of one fragment against the dword read
// at its address (docs/blocks/r5xx.zb.md; the C twin is r5xx_zb_update() in model/r5xx/zb/zb_math.c).
// Purely combinational.
//
//   Z test        new FUNC old on the compare keys (unsigned, two's complement or sign-magnitude
//                 under ZSIGNED_COMPARE / ZSIGNED_MAGNITUDE); passes when Z_ENABLE = 0
//   stencil test  (ref & mask) FUNC (stored & mask); passes when STENCIL_ENABLE = 0 or the
//                 format has no stencil (16-bit); _BF function/ops for back-facing fragments
//                 with STENCIL_FRONT_BACK, _BF ref/masks with STENCIL_REFMASK_FRONT_BACK
//   stencil value (old & ~writemask) | (op(old) & writemask)
//   writes        Z when enabled, ZWRITEENABLE and both tests pass; stencil when enabled; each
//                 dropped when the value is unchanged unless Z/SEQUAL_OPTIMIZE_DISABLE;
//                 BMASK_DISABLE writes the whole dword
// The dword is byte-swapped by DEPTHENDIAN on the way in and on the way out (data and enables).
module r5xx_zb_update (
  input  logic [6:0]  cntl_i,        // ZB_CNTL[6:0]
  input  logic [26:0] zsc_i,         // ZB_ZSTENCILCNTL[26:0]
  input  logic [23:0] srm_i,         // ZB_STENCILREFMASK[23:0]
  input  logic [23:0] srm_bf_i,      // ZB_STENCILREFMASK_BF[23:0]
  input  logic        is16_i,        // ZB_FORMAT.DEPTHFORMAT is 0 or 1 (16-bit pixels)
  input  logic [1:0]  endian_i,      // ZB_DEPTHPITCH.DEPTHENDIAN
  input  logic        zeq_dis_i,     // ZB_BW_CNTL.ZEQUAL_OPTIMIZE_DISABLE
  input  logic        seq_dis_i,     // ZB_BW_CNTL.SEQUAL_OPTIMIZE_DISABLE
  input  logic        bmask_dis_i,   // ZB_BW_CNTL.BMASK_DISABLE

  input  logic [31:0] mem_i,         // the dword read, as stored
  input  logic        half_i,        // bit 1 of the pixel's byte address
  input  logic [23:0] z_i,
  input  logic        back_i,

  output logic        pass_o,        // both tests passed
  output logic        we_o,
  output logic [31:0] wdata_o,       // as stored
  output logic [3:0]  be_o
);

  // ---- helpers -------------------------------------------------------------------------------
  function automatic logic [31:0] swap(logic [31:0] v, logic [1:0] e);
    unique case (e)
      2'd1:    swap = {v[23:16], v[31:24], v[7:0], v[15:8]};   // bytes within each 16 bits
      2'd2:    swap = {v[7:0], v[15:8], v[23:16], v[31:24]};   // all four bytes
      2'd3:    swap = {v[15:0], v[31:16]};                     // the 16-bit halves
      default: swap = v;
    endcase
  endfunction

  function automatic logic [3:0] swap_be(logic [3:0] b, logic [1:0] e);
    unique case (e)
      2'd1:    swap_be = {b[2], b[3], b[0], b[1]};
      2'd2:    swap_be = {b[0], b[1], b[2], b[3]};
      2'd3:    swap_be = {b[1:0], b[3:2]};
      default: swap_be = b;
    endcase
  endfunction

  // 'a FUNC b' (000:15301-15330)
  function automatic logic compare(logic [2:0] f, logic signed [24:0] a, logic signed [24:0] b);
    unique case (f)
      3'd0:    compare = 1'b0;       // never
      3'd1:    compare = a < b;      // less
      3'd2:    compare = a <= b;     // less or equal
      3'd3:    compare = a == b;     // equal
      3'd4:    compare = a >= b;     // greater or equal
      3'd5:    compare = a > b;      // greater
      3'd6:    compare = a != b;     // not equal
      default: compare = 1'b1;       // always
    endcase
  endfunction

  // the compare key of a depth value: unsigned, two's complement or sign-magnitude
  function automatic logic signed [24:0] zkey(logic [23:0] z, logic is16, logic sgn, logic mag);
    logic [24:0] u;
    logic [24:0] m;
    logic        s;
    u = is16 ? {9'd0, z[15:0]} : {1'b0, z};
    s = is16 ? z[15] : z[23];
    m = is16 ? {10'd0, z[14:0]} : {2'd0, z[22:0]};
    if (!sgn || !s) begin
      zkey = u;
    end else if (mag) begin
      zkey = 25'd0 - m;
    end else begin
      zkey = is16 ? u - 25'h10000 : u - 25'h1000000;
    end
  endfunction

  // stencil operations (000:15334-15342); invert is the bitwise NOT (decision)
  function automatic logic [7:0] sop(logic [2:0] op, logic [7:0] old, logic [7:0] rv);
    unique case (op)
      3'd0:    sop = old;                                   // keep
      3'd1:    sop = 8'd0;                                  // zero
      3'd2:    sop = rv;                                    // replace
      3'd3:    sop = (old == 8'hFF) ? 8'hFF : old + 8'd1;   // increment, clamp
      3'd4:    sop = (old == 8'h00) ? 8'h00 : old - 8'd1;   // decrement, clamp
      3'd5:    sop = ~old;                                  // invert
      3'd6:    sop = old + 8'd1;                            // increment, wrap
      default: sop = old - 8'd1;                            // decrement, wrap
    endcase
  endfunction

  // ---- the datapath ----------------------------------------------------------------------------
  logic [31:0] lw;          // the dword as the block sees it
  logic        is16;
  logic [23:0] old_z;
  logic [23:0] new_z;
  logic [7:0]  old_s;
  logic        z_en;
  logic        s_en;
  logic        zp;
  logic        sp;
  logic        bf;
  logic [23:0] rm;
  logic [7:0]  sref;
  logic [7:0]  smask;
  logic [7:0]  swmask;
  logic [11:0] ops;         // func, fail, zpass, zfail
  logic [2:0]  op;
  logic [7:0]  new_s;
  logic        pass;
  logic        zw;
  logic        sw;
  logic [31:0] nw;
  logic [3:0]  lbe;
  logic [3:0]  lbe_m;

  assign lw    = swap(mem_i, endian_i);
  assign is16  = is16_i;                    // DEPTHFORMAT 0 and 1; everything else is Z24S8
  assign old_z = is16 ? {8'd0, half_i ? lw[31:16] : lw[15:0]} : lw[31:8];
  assign new_z = is16 ? {8'd0, z_i[15:0]} : z_i;
  assign old_s = is16 ? 8'd0 : lw[7:0];

  assign z_en = cntl_i[1];
  assign zp   = !z_en || compare(zsc_i[2:0], zkey(new_z, is16, cntl_i[3], cntl_i[5]),
                                 zkey(old_z, is16, cntl_i[3], cntl_i[5]));

  assign s_en   = cntl_i[0] && !is16;
  assign bf     = cntl_i[4] && back_i;
  assign rm     = (cntl_i[6] && back_i) ? srm_bf_i : srm_i;
  assign sref   = rm[7:0];
  assign smask  = rm[15:8];
  assign swmask = rm[23:16];
  assign ops    = bf ? zsc_i[26:15] : zsc_i[14:3];
  assign sp     = !s_en || compare(ops[2:0], {17'd0, sref & smask}, {17'd0, old_s & smask});
  assign op     = !sp ? ops[5:3] : (zp ? ops[8:6] : ops[11:9]);
  assign new_s  = (old_s & ~swmask) | (sop(op, old_s, sref) & swmask);

  assign pass = sp && zp;
  assign zw   = z_en && cntl_i[2] && pass && (zeq_dis_i || new_z != old_z);
  assign sw   = s_en && (seq_dis_i || new_s != old_s);

  always_comb begin
    if (is16) begin
      nw  = !zw ? lw : (half_i ? {new_z[15:0], lw[15:0]} : {lw[31:16], new_z[15:0]});
      lbe = !zw ? 4'h0 : (half_i ? 4'hC : 4'h3);
    end else begin
      nw  = {zw ? new_z : old_z, sw ? new_s : old_s};
      lbe = {zw, zw, zw, sw};
    end
  end

  assign lbe_m   = (lbe != 4'h0 && bmask_dis_i) ? 4'hF : lbe;
  assign pass_o  = pass;
  assign we_o    = lbe_m != 4'h0;
  assign wdata_o = swap(nw, endian_i);
  assign be_o    = swap_be(lbe_m, endian_i);

endmodule
