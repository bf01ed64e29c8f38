// prim_sf_qsin: quarter sine sin(pi/2 * s / 2^32) for s in [0, 2^32] (docs/float.md 4.6):
// s = 0 -> +0, s = 2^32 -> 1.0, else s * KS(s) (prim_sf_tab sinq, T = 25) packed from units
// 2^-60, at most 1.0.  Purely combinational; C twin quarter_sin() in model/prim/sf_trans.c.
module prim_sf_qsin (
  input  logic [32:0] s_i,
  output logic [31:0] z_o
);

  logic [95:0] c;
  logic signed [63:0] k;
  logic [31:0] p;

  prim_sf_tab #(.TAB(2'd3)) u_tab (.idx_i(s_i[31:25]), .c_o(c));
  prim_sf_poly #(.T(25)) u_poly (.c_i(c), .t_i(s_i[24:0]), .y_o(k));
  prim_sf_pack u_pack (.s_i(1'b0), .n_i({31'd0, s_i} * $unsigned(k)), .k_i(-12'sd60), .z_o(p));

  assign z_o = (s_i == 33'd0) ? 32'd0 :
               s_i[32]        ? 32'h3F800000 :
               (p > 32'h3F800000) ? 32'h3F800000 : p;

endmodule
