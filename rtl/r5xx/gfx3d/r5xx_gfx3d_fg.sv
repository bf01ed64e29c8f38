// r5xx_gfx3d_fg: the fragment gather (FG) of r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "FG").
//
// Two fragment streams meet before the fragment join (ZB, RB3D): the raster's fixed path (`ff`,
// RS_COUNT = 0, already alpha-tested by the raster) goes through as it is; the quad path (`qf`,
// the fragment shader's pixels from r5xx_gfx3d_qjoin) gets the alpha test of FG_ALPHA_FUNC /
// FG_ALPHA_VALUE on its 16-bit alpha (argb[63:48]), the raster's own rule (docs/blocks/r5xx.raster.md
// "Alpha test (FG)"): a failing fragment is taken and dropped.  A draw uses one path (RS_COUNT
// changes only by a state write, which waits for the path to drain), so the fixed one simply has
// priority.  Fog with a constant factor (FG_FOG_BLEND ENABLE and FN 3) blends the quad path's
// R, G, B toward FG_FOG_COLOR: c' = floor((c·f + fc·(1023 − f) + 511) / 1023), f = FG_FOG_FACTOR,
// fc the 10-bit fog colour widened to 16 bits.  No cycle is added: wires, multiplexers, a
// comparison and the blend.
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
  input  logic [63:0] qf_argb_i,

  // to the fragment join
  output logic        frag_valid_o,
  input  logic        frag_ready_i,
  output logic [15:0] frag_prim_o,
  output logic [13:0] frag_x_o,
  output logic [13:0] frag_y_o,
  output logic [23:0] frag_z_o,
  output logic        frag_back_o,
  output logic [63:0] frag_argb_o
);

  logic [12:0] func_q;     // FG_ALPHA_FUNC: AF_VAL[7:0], AF_FUNC[10:8], AF_EN[11], AF_EN_8BIT[12]
  logic [9:0]  aval_q;     // FG_ALPHA_VALUE[9:0]
  logic [2:0]  fog_q;      // FG_FOG_BLEND: ENABLE[0], FN[2:1]
  logic [9:0]  ff_q, fr_q, fgr_q, fb_q;   // FG_FOG_FACTOR, FG_FOG_COLOR_R/G/B
  logic [9:0]  a, r;
  logic        pass, fog;
  logic [63:0] qargb;

  // one channel blended toward the fog colour (unorm16 c, unorm10 fog colour and factor)
  function automatic logic [15:0] fogc(input logic [15:0] c, input logic [9:0] fc, input logic [9:0] f);
    logic [31:0] num;
    num = {16'd0, c} * {22'd0, f} + {16'd0, fc, fc[9:4]} * (32'd1023 - {22'd0, f}) + 32'd511;
    return 16'(num / 32'd1023);
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

  assign fog   = fog_q == 3'b111;
  assign qargb = fog ? {qf_argb_i[63:48], fogc(qf_argb_i[47:32], fr_q, ff_q), fogc(qf_argb_i[31:16], fgr_q, ff_q),
                        fogc(qf_argb_i[15:0], fb_q, ff_q)} : qf_argb_i;

  assign frag_valid_o = ff_valid_i || (qf_valid_i && pass);
  assign ff_ready_o   = frag_ready_i;
  assign qf_ready_o   = !ff_valid_i && (!pass || frag_ready_i);
  assign frag_prim_o  = ff_valid_i ? ff_prim_i : qf_prim_i;
  assign frag_x_o     = ff_valid_i ? ff_x_i : qf_x_i;
  assign frag_y_o     = ff_valid_i ? ff_y_i : qf_y_i;
  assign frag_z_o     = ff_valid_i ? ff_z_i : qf_z_i;
  assign frag_back_o  = ff_valid_i ? ff_back_i : qf_back_i;
  assign frag_argb_o  = ff_valid_i ? ff_argb_i : qargb;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      func_q <= '0;
      aval_q <= '0;
      fog_q  <= '0;
      ff_q   <= '0;
      fr_q   <= '0;
      fgr_q  <= '0;
      fb_q   <= '0;
    end else if (w_valid_i) begin
      if (w_addr_i == 16'h4BD4) func_q <= w_data_i[12:0];
      if (w_addr_i == 16'h4BE0) aval_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BC0) fog_q <= w_data_i[2:0];
      if (w_addr_i == 16'h4BC4) ff_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BC8) fr_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BCC) fgr_q <= w_data_i[9:0];
      if (w_addr_i == 16'h4BD0) fb_q <= w_data_i[9:0];
    end
  end

  logic unused;
  assign unused = ^{w_data_i[31:13], qf_argb_i[53:0]};

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
