// prim_sf_mad: shader-float a*b + c = add(mul(a, b), c), two roundings toward zero
// (docs/float.md section 2); zmode_i as prim_sf_mul.  Purely combinational; C twins sf_mad(),
// sf_mad_z().
module prim_sf_mad (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        zmode_i,
  output logic [31:0] z_o
);

  logic [31:0] p;

  prim_sf_mul u_mul (.a_i(a_i), .b_i(b_i), .zmode_i(zmode_i), .z_o(p));
  prim_sf_add u_add (.a_i(p), .b_i(c_i), .z_o(z_o));

endmodule
