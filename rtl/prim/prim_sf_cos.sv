// prim_sf_cos: shader-float cos(2 pi x), x in turns (docs/float.md 4.6): quadrant Q and remainder
// r of the phase of |x|, quadrants cos(r), -sin(r), -cos(r), sin(r) with cos(r) the quarter sine
// of 2^32 - r; zero results +0, cos(+-0) = 1.0, NaN/Inf -> 0x7FC00000.  Purely combinational (prim_sf_fn.cos);
// C twin sf_cos() in model/prim/sf_trans.c.
module prim_sf_cos (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.cos(a_i);

endmodule
