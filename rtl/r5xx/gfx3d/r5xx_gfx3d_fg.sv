// r5xx_gfx3d_fg: the fragment gather (FG) of r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "FG").
//
// Two fragment streams meet before the fragment join (ZB, RB3D): the raster's fixed path (`ff`,
// RS_COUNT = 0, already alpha-tested by the raster) goes through as it is; the quad path (`qf`,
// the fragment shader's pixels from r5xx_gfx3d_qjoin) gets the alpha test of FG_ALPHA_FUNC /
// FG_ALPHA_VALUE on its 16-bit alpha (argb[63:48]), the raster's own rule (docs/blocks/r5xx.raster.md
// "Alpha test (FG)") on render target 0's alpha: a failing fragment is taken and dropped.  A draw
// uses one path (RS_COUNT changes only by a state write, which waits for the path to drain), so
// the fixed one simply has priority (its fragments go to target 0 alone: tw = 1).  Fog
// (FG_FOG_BLEND ENABLE) blends the quad path's R, G, B of every target toward FG_FOG_COLOR:
// c' = floor((c·f + fc·(1023 − f) + 511) / 1023), fc the 10-bit fog colour widened to 16 bits, f
// the 10-bit fog factor: FG_FOG_FACTOR for FN 3, else computed in shader float (rtl/prim) from the
// fragment's depth d in [0, 1) and GA_FOG_SCALE / GA_FOG_OFFSET: a = d·scale + offset, FN 0
// (linear) 1 − a, FN 1 (exp) 2^−a, FN 2 (exp²) 2^−(a·a), clamped to [0, 1], f = floor(x·1023 + 0.5)
// (docs/blocks/r5xx.gfx3d.md "FG", decision G11).  No cycle is added: wires, multiplexers, a
// comparison, the float ops and the blend.
module r5xx_gfx3d_fg (
  input  logic        clk_i,
  input  logic        rst_ni,

  // the state writes the hand-out gives the path (valid = the write fires)
  input  logic        w_valid_i,
  input  logic [15:0] w_addr_i,
  input  logic [31:0] w_data_i,

  // the raster's fixed-path fragments
  input  logic        ff_valid_i,
  output logic        ff_ready_o,
  input  logic [15:0] ff_prim_i,
  input  logic [13:0] ff_x_i,
  input  logic [13:0] ff_y_i,
  input  logic [23:0] ff_z_i,
  input  logic        ff_back_i,
  input  logic [63:0] ff_argb_i,

  // the quad path's fragments
  input  logic        qf_valid_i,
  output logic        qf_ready_o,
  input  logic [15:0] qf_prim_i,
  input  logic [13:0] qf_x_i,
  input  logic [13:0] qf_y_i,
  input  logic [23:0] qf_z_i,
  input  logic        qf_back_i,
  input  logic [3:0]  qf_tw_i,
  input  logic [63:0] qf_argb_i,
  input  logic [63:0] qf_argb1_i,
  input  logic [63:0] qf_argb2_i,
  input  logic [63:0] qf_argb3_i,

  // to the fragment join
  output logic        frag_valid_o,
  input  logic        frag_ready_i,
  output logic [15:0] frag_prim_o,
  output logic [13:0] frag_x_o,
  output logic [13:0] frag_y_o,
  output logic [23:0] frag_z_o,
  output logic        frag_back_o,
  output logic [3:0]  frag_tw_o,
  output logic [63:0] frag_argb_o,
  output logic [63:0] frag_argb1_o,
  output logic [63:0] frag_argb2_o,
  output logic [63:0] frag_argb3_o
);

  logic [12:0] func_q;     // FG_ALPHA_FUNC: AF_VAL[7:0], AF_FUNC[10:8], AF_EN[11], AF_EN_8BIT[12]
  logic [9:0]  aval_q;     // FG_ALPHA_VALUE[9:0]
  logic [2:0]  fog_q;      // FG_FOG_BLEND: ENABLE[0], FN[2:1]
  logic [9:0]  ff_q, fr_q, fgr_q, fb_q;   // FG_FOG_FACTOR, FG_FOG_COLOR_R/G/B
  logic [31:0] fscale_q, foff_q;         // GA_FOG_SCALE, GA_FOG_OFFSET (binary32)
  logic        z16_q;                    // ZB_FORMAT.DEPTHFORMAT 0 or 1: a 16-bit depth
  logic [9:0]  a, r;
  logic        pass, fog;
  logic [63:0] qargb, qargb1, qargb2, qargb3;

  // the fog factor in shader float: d = the depth as a fraction (m / 2^23, exact), a = d·scale +
  // offset, the function, the clamp, and x·1023 + 0.5 truncated by adding 2^23 (round toward zero)
  logic [22:0] dm;
  logic [31:0] fd, fa, fa2, fneg, fex, flin, fe, fmax, fcl, fu, fv;
  logic [9:0]  fac;
  assign dm   = z16_q ? {qf_z_i[15:0], 7'd0} : qf_z_i[23:1];
  prim_sf_add u_d    (.a_i({9'h07F, dm}), .b_i(32'hBF800000), .z_o(fd));
  prim_sf_mad u_a    (.a_i(fd), .b_i(fscale_q), .c_i(foff_q), .zmode_i(1'b0), .z_o(fa));
  prim_sf_mul u_a2   (.a_i(fa), .b_i(fa), .zmode_i(1'b0), .z_o(fa2));
  assign fneg = (fog_q[2:1] == 2'd2) ? {~fa2[31], fa2[30:0]} : {~fa[31], fa[30:0]};
  prim_sf_ex2 u_ex   (.a_i(fneg), .z_o(fex));
  prim_sf_add u_lin  (.a_i(32'h3F800000), .b_i({~fa[31], fa[30:0]}), .z_o(flin));
  assign fe   = (fog_q[2:1] == 2'd0) ? flin : fex;
  prim_sf_max u_max  (.a_i(fe), .b_i(32'h00000000), .z_o(fmax));
  prim_sf_min u_min  (.a_i(fmax), .b_i(32'h3F800000), .z_o(fcl));
  prim_sf_mad u_u    (.a_i(fcl), .b_i(32'h447FC000), .c_i(32'h3F000000), .zmode_i(1'b0), .z_o(fu));
  prim_sf_add u_v    (.a_i(fu), .b_i(32'h4B000000), .z_o(fv));
  assign fac  = (fog_q[2:1] == 2'd3) ? ff_q : fv[9:0];

  // one channel blended toward the fog colour (unorm16 c, unorm10 fog colour and factor)
  function automatic logic [15:0] fogc(input logic [15:0] c, input logic [9:0] fc, input logic [9:0] f);
    logic [31:0] num;
    num = {16'd0, c} * {22'd0, f} + {16'd0, fc, fc[9:4]} * (32'd1023 - {22'd0, f}) + 32'd511;
    return 16'(num / 32'd1023);
  endfunction

  function automatic logic [63:0] fogged(input logic [63:0] c, input logic [9:0] rr, input logic [9:0] gg,
                                         input logic [9:0] bb, input logic [9:0] f);
    return {c[63:48], fogc(c[47:32], rr, f), fogc(c[31:16], gg, f), fogc(c[15:0], bb, f)};
  endfunction

  always_comb begin
    a = func_q[12] ? {2'd0, qf_argb_i[63:56]} : qf_argb_i[63:54];
    r = func_q[12] ? {2'd0, func_q[7:0]} : aval_q;
    case (func_q[10:8])
      3'd0:    pass = 1'b0;
      3'd1:    pass = a < r;
      3'd2:    pass = a == r;
      3'd3:    pass = a <= r;
      3'd4:    pass = a > r;
      3'd5:    pass = a != r;
      3'd6:    pass = a >= r;
      default: pass = 1'b1;
    endcase
    if (!func_q[11]) pass = 1'b1;
  end

  assign fog    = fog_q[0];
  assign qargb  = fog ? fogged(qf_argb_i, fr_q, fgr_q, fb_q, fac) : qf_argb_i;
  assign qargb1 = fog ? fogged(qf_argb1_i, fr_q, fgr_q, fb_q, fac) : qf_argb1_i;
  assign qargb2 = fog ? fogged(qf_argb2_i, fr_q, fgr_q, fb_q, fac) : qf_argb2_i;
  assign qargb3 = fog ? fogged(qf_argb3_i, fr_q, fgr_q, fb_q, fac) : qf_argb3_i;

  assign frag_valid_o = ff_valid_i || (qf_valid_i && pass);
  assign ff_ready_o   = frag_ready_i;
  assign qf_ready_o   = !ff_valid_i && (!pass || frag_ready_i);
  assign frag_prim_o  = ff_valid_i ? ff_prim_i : qf_prim_i;
  assign frag_x_o     = ff_valid_i ? ff_x_i : qf_x_i;
  assign frag_y_o     = ff_valid_i ? ff_y_i : qf_y_i;
  assign frag_z_o     = ff_valid_i ? ff_z_i : qf_z_i;
  assign frag_back_o  = ff_valid_i ? ff_back_i : qf_back_i;
  assign frag_argb_o  = ff_valid_i ? ff_argb_i : qargb;
  assign frag_tw_o    = ff_valid_i ? 4'd1 : qf_tw_i;
  assign frag_argb1_o = ff_valid_i ? 64'd0 : qargb1;
  assign frag_argb2_o = ff_valid_i ? 64'd0 : qargb2;
  assign frag_argb3_o = ff_valid_i ? 64'd0 : qargb3;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      func_q <= '0;
      aval_q <= '0;
      fog_q  <= '0;
      ff_q   <= '0;
      fr_q   <= '0;
      fgr_q  <= '0;
      fb_q   <= '0;
      fscale_q <= '0;
      foff_q   <= '0;
      z16_q    <= 1'b1;
    end else if (w_valid_i) begin
      if (w_addr_i == 16'h4BD4) func_q <= w_data_i[12:0];
      if (w_addr_i == 16'h4BE0) aval_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BC0) fog_q <= w_data_i[2:0];
      if (w_addr_i == 16'h4BC4) ff_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BC8) fr_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BCC) fgr_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BD0) fb_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4294) fscale_q <= w_data_i;
      if (w_addr_i == 16'h4298) foff_q <= w_data_i;
      if (w_addr_i == 16'h4F10) z16_q <= w_data_i[3:1] == 3'd0;
    end
  end

  logic unused;
  assign unused = ^{qf_argb_i[53:0], qf_z_i[0], fv[31:10]};

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions") ----
  logic fw_q;
  always_ff @(posedge clk_i) begin
    fw_q <= rst_ni && frag_valid_o && !frag_ready_i;
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (fw_q && !frag_valid_o) $error("%m: ASSERT FragValidHeld: frag valid dropped before ready");
      // a draw uses one path (RS_COUNT changes only when the path is idle): never both at once
      if (ff_valid_i && qf_valid_i) $error("%m: ASSERT OnePath: a fixed-path and a quad-path fragment offered together");
    end
  end
`endif
endmodule
