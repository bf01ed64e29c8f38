// prim_sf_mul: shader-float multiply (docs/float.md section 2): binary32, denormal inputs
// flushed, exact product rounded toward zero, results below 2^-126 flushed to zero of their sign,
// overflow to the largest finite value, any NaN result 0x7FC00000.  zmode_i = 1
// (US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO): a zero factor gives a zero (sign XOR) even against
// Inf or NaN.  Purely combinational (prim_sf_fn.mul); C twin sf_mul_m() in model/prim/sf.c.
module prim_sf_mul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        zmode_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.mul(a_i, b_i, zmode_i);

endmodule
