// prim_sf_cmp: shader-float comparisons (docs/float.md section 3): on the flushed inputs, IEEE
// order with -0 == +0; every comparison with a NaN is false.  Purely combinational (prim_sf_fn.cmp); C twins
// sf_cmp_lt/le/eq() in model/prim/sf.c.
module prim_sf_cmp (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        lt_o,
  output logic        le_o,
  output logic        eq_o
);

  prim_sf_fn u_sf ();
  assign {lt_o, le_o, eq_o} = u_sf.cmp(a_i, b_i);

endmodule
