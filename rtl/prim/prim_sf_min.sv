// prim_sf_min: shader-float minimum (docs/float.md section 3): on the flushed inputs,
// lt(b, a) ? b : a (so min(-0, +0) = a); one NaN gives the other operand, two NaNs 0x7FC00000.
// Purely combinational (prim_sf_fn.min); C twin sf_min() in model/prim/sf.c.
module prim_sf_min (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.min(a_i, b_i);

endmodule
