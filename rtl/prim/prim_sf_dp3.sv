// prim_sf_dp3: shader-float (a0b0 + a1b1) + a2b2, every product and sum rounded toward zero
// (docs/float.md section 2); component k of a_i/b_i is bits [32k+31:32k]; zmode_i as
// prim_sf_mul.  Purely combinational; C twins sf_dp3(), sf_dp3_z().
module prim_sf_dp3 (
  input  logic [95:0] a_i,
  input  logic [95:0] b_i,
  input  logic        zmode_i,
  output logic [31:0] z_o
);

  logic [31:0] p0, p1, p2, s01;

  prim_sf_mul u_mul0 (.a_i(a_i[31:0]),  .b_i(b_i[31:0]),  .zmode_i(zmode_i), .z_o(p0));
  prim_sf_mul u_mul1 (.a_i(a_i[63:32]), .b_i(b_i[63:32]), .zmode_i(zmode_i), .z_o(p1));
  prim_sf_mul u_mul2 (.a_i(a_i[95:64]), .b_i(b_i[95:64]), .zmode_i(zmode_i), .z_o(p2));
  prim_sf_add u_add01 (.a_i(p0), .b_i(p1), .z_o(s01));
  prim_sf_add u_add (.a_i(s01), .b_i(p2), .z_o(z_o));

endmodule
