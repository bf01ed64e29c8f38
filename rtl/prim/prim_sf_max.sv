// prim_sf_max: shader-float maximum (docs/float.md section 3): on the flushed inputs,
// lt(a, b) ? b : a (so max(-0, +0) = a); one NaN gives the other operand, two NaNs 0x7FC00000.
// Purely combinational (prim_sf_fn.max); C twin sf_max() in model/prim/sf.c.
module prim_sf_max (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.max(a_i, b_i);

endmodule
