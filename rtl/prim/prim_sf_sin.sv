// prim_sf_sin: shader-float sin(2 pi x), x in turns (docs/float.md 4.6): |x| < 2^-11 ->
// M * KS(4|x|) * 2^(e-49); else quadrant Q and remainder r of the phase, quarter sine of r or
// 2^32 - r, sign (Q >> 1) ^ sign(x); zero results +0, sin(+-0) = +-0, NaN/Inf -> 0x7FC00000.
// Purely combinational; C twin sf_sin() in model/prim/sf_trans.c.
module prim_sf_sin (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a, zq, zt;
  logic [7:0]  ex;
  logic signed [9:0] e, tsh;
  logic        tiny;
  logic [33:0] ph;
  logic [32:0] s;
  logic [63:0] mant, st;
  logic [95:0] c;
  logic signed [63:0] k;
  logic signed [11:0] kt;

  assign a    = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex   = a[30:23];
  assign e    = $signed({2'b00, ex}) - 10'sd127;
  assign tiny = e <= -10'sd12;

  // |x| < 2^-11: S = 4|x| in units 2^-32 quarter turn = M >> -(e + 11)
  assign mant = {40'd0, 1'b1, a[22:0]};
  assign tsh  = -(e + 10'sd11);
  assign st   = (tsh >= 10'sd24) ? 64'd0 : (mant >> tsh);
  prim_sf_tab #(.TAB(2'd3)) u_tab (.idx_i(st[31:25]), .c_o(c));
  prim_sf_poly #(.T(25)) u_poly (.c_i(c), .t_i(st[24:0]), .y_o(k));
  assign kt   = {{2{e[9]}}, e} - 12'sd49;
  prim_sf_pack u_pack (.s_i(a[31]), .n_i(mant * $unsigned(k)), .k_i(kt), .z_o(zt));

  // otherwise: quadrants sin(r), cos(r), -sin(r), -cos(r); cos(r) = quarter sine of 2^32 - r
  prim_sf_phase u_phase (.a_i(a), .ph_o(ph));
  assign s = ph[32] ? (33'h100000000 - {1'b0, ph[31:0]}) : {1'b0, ph[31:0]};
  prim_sf_qsin u_qsin (.s_i(s), .z_o(zq));

  assign z_o = (ex == 8'hFF)       ? 32'h7FC00000 :
               (a[30:0] == 31'd0)  ? a :
               tiny                ? zt :
               (zq == 32'd0)       ? 32'd0 :
                                     {ph[33] ^ a[31], zq[30:0]};

  logic unused_st;
  assign unused_st = ^{st[63:32], zq[31]};

endmodule
