// prim_sf_min: shader-float minimum (docs/float.md section 3): on the flushed inputs,
// lt(b, a) ? b : a (so min(-0, +0) = a); one NaN gives the other operand, two NaNs 0x7FC00000.
// Purely combinational; C twin sf_min() in model/prim/sf.c.
module prim_sf_min (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] z_o
);

  logic [31:0] a, b;
  logic        a_nan, b_nan, b_lt_a, unused_le, unused_eq;

  assign a = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign b = (b_i[30:23] == 8'd0) ? {b_i[31], 31'd0} : b_i;
  assign a_nan = a[30:0] > 31'h7F800000;
  assign b_nan = b[30:0] > 31'h7F800000;

  prim_sf_cmp u_cmp (.a_i(b), .b_i(a), .lt_o(b_lt_a), .le_o(unused_le), .eq_o(unused_eq));

  assign z_o = (a_nan && b_nan) ? 32'h7FC00000 :
               a_nan            ? b :
               b_nan            ? a :
               b_lt_a           ? b : a;

endmodule
