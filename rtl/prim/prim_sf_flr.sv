// prim_sf_flr: shader-float floor, exact (docs/float.md section 3): NaN -> 0x7FC00000, +-Inf and
// +-0 unchanged (denormals flushed first), (0,1) -> +0, (-1,0) -> -1.0.  Purely combinational (prim_sf_fn.flr);
// C twin sf_flr() in model/prim/sf.c.
module prim_sf_flr (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.flr(a_i);

endmodule
