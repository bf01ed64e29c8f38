// prim_sf_add: shader-float add (docs/float.md section 2): binary32, denormal inputs flushed,
// exact sum rounded toward zero, results below 2^-126 flushed to zero of their sign, overflow to
// the largest finite value, any NaN result 0x7FC00000, x + (-x) = +0.  Purely combinational (prim_sf_fn.add);
// C twin sf_add() in model/prim/sf.c.
module prim_sf_add (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.add(a_i, b_i);

endmodule
