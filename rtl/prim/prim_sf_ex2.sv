// prim_sf_ex2: shader-float 2^x (docs/float.md 4.4): X = floor(x * 2^26), i = X >> 26,
// f = X mod 2^26; 2^f from the 128-segment quadratic table (prim_sf_tab ex2, T = 19), rounded to
// 24 bits (a carry to 2.0 gives 2^(i+1)).  NaN -> 0x7FC00000, +Inf and x >= 128 -> +Inf, -Inf and i < -126 -> +0, +-0 -> 1.0.
// Purely combinational (prim_sf_fn.ex2); C twin sf_ex2() in model/prim/sf_trans.c.
module prim_sf_ex2 (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.ex2(a_i);

endmodule
