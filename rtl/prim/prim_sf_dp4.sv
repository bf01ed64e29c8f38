// prim_sf_dp4: shader-float (a0b0 + a1b1) + (a2b2 + a3b3), every product and sum rounded toward
// zero (docs/float.md section 2); component k of a_i/b_i is bits [32k+31:32k]; zmode_i as
// prim_sf_mul.  Purely combinational (prim_sf_fn.dp4); C twins sf_dp4(), sf_dp4_z().
module prim_sf_dp4 (
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic         zmode_i,
  output logic [31:0]  z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.dp4(a_i, b_i, zmode_i);

endmodule
