// prim_sf_rcp: shader-float 1/x, exact integer division truncated (round toward zero)
// (docs/float.md 4.2): q = floor(2^47 / M); NaN -> 0x7FC00000, +-0 -> +-Inf, +-Inf -> +-0,
// |x| > 2^126 -> zero of the sign.  Purely combinational (prim_sf_fn.rcp); C twin sf_rcp() in model/prim/sf_trans.c.
module prim_sf_rcp (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.rcp(a_i);

endmodule
