// prim_sf_lg2: shader-float log2(x) (docs/float.md 4.5): for 0.5 < x < 1, -w * H(w) with
// w = 1 - f (prim_sf_tab lg2h); otherwise e + f * G(f) (prim_sf_tab lg2g); 128-segment
// quadratics (T = 17), the fixed-point result (units 2^-52) rounded to nearest by prim_sf_pack.
// NaN and negatives -> 0x7FC00000, +-0 -> -Inf, +Inf -> +Inf.  Purely combinational (prim_sf_fn.lg2); C twin
// sf_lg2() in model/prim/sf_trans.c.
module prim_sf_lg2 (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.lg2(a_i);

endmodule
