// prim_sf_mad: shader-float a*b + c = add(mul(a, b), c), two roundings toward zero
// (docs/float.md section 2); zmode_i as prim_sf_mul.  Purely combinational (prim_sf_fn.mad); C twins sf_mad(),
// sf_mad_z().
module prim_sf_mad (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        zmode_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.mad(a_i, b_i, c_i, zmode_i);

endmodule
