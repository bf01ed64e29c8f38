// prim_sf_rsq: shader-float 1/sqrt(x), exact integer method truncated (round toward zero)
// (docs/float.md 4.3): D = floor(2^71 / M'), q = floor(sqrt(D)); NaN and negatives ->
// 0x7FC00000, +0 -> +Inf, -0 -> -Inf, +Inf -> +0.  Purely combinational (prim_sf_fn.rsq); C twin sf_rsq().
module prim_sf_rsq (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.rsq(a_i);

endmodule
