// prim_sf_sin: shader-float sin(2 pi x), x in turns (docs/float.md 4.6): |x| < 2^-11 ->
// M * KS(4|x|) * 2^(e-49); else quadrant Q and remainder r of the phase, quarter sine of r or
// 2^32 - r, sign (Q >> 1) ^ sign(x); zero results +0, sin(+-0) = +-0, NaN/Inf -> 0x7FC00000.
// Purely combinational (prim_sf_fn.sin); C twin sf_sin() in model/prim/sf_trans.c.
module prim_sf_sin (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.sin(a_i);

endmodule
