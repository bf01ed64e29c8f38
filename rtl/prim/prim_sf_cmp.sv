// prim_sf_cmp: shader-float comparisons (docs/float.md section 3): on the flushed inputs, IEEE
// order with -0 == +0; every comparison with a NaN is false.  Purely combinational; C twins
// sf_cmp_lt/le/eq() in model/prim/sf.c.
module prim_sf_cmp (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        lt_o,
  output logic        le_o,
  output logic        eq_o
);

  logic        a_nan, b_nan, nan;
  logic [30:0] ma, mb;
  logic signed [32:0] ka, kb;

  assign ma = (a_i[30:23] == 8'd0) ? 31'd0 : a_i[30:0];
  assign mb = (b_i[30:23] == 8'd0) ? 31'd0 : b_i[30:0];
  assign a_nan = ma > 31'h7F800000;
  assign b_nan = mb > 31'h7F800000;
  assign nan = a_nan || b_nan;
  // total-order keys: -0 and +0 both 0
  assign ka = a_i[31] ? -$signed({2'b00, ma}) : $signed({2'b00, ma});
  assign kb = b_i[31] ? -$signed({2'b00, mb}) : $signed({2'b00, mb});

  assign lt_o = !nan && (ka < kb);
  assign le_o = !nan && (ka <= kb);
  assign eq_o = !nan && (ka == kb);

endmodule
