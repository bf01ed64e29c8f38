// prim_sf_mul: shader-float multiply (docs/float.md section 2): binary32, denormal inputs
// flushed, exact product rounded toward zero, results below 2^-126 flushed to zero of their sign,
// overflow to the largest finite value, any NaN result 0x7FC00000.  zmode_i = 1
// (US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO): a zero factor gives a zero (sign XOR) even against
// Inf or NaN.  Purely combinational; C twin sf_mul_m() in model/prim/sf.c.
module prim_sf_mul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        zmode_i,
  output logic [31:0] z_o
);

  logic [31:0] a, b;
  logic        s, a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [47:0] p;
  logic [22:0] fr;
  logic signed [9:0] e;

  assign a = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign b = (b_i[30:23] == 8'd0) ? {b_i[31], 31'd0} : b_i;
  assign s = a[31] ^ b[31];
  assign a_nan  = a[30:23] == 8'hFF && a[22:0] != 23'd0;
  assign b_nan  = b[30:23] == 8'hFF && b[22:0] != 23'd0;
  assign a_inf  = a[30:0] == 31'h7F800000;
  assign b_inf  = b[30:0] == 31'h7F800000;
  assign a_zero = a[30:0] == 31'd0;
  assign b_zero = b[30:0] == 31'd0;

  assign p  = {24'd0, 1'b1, a[22:0]} * {24'd0, 1'b1, b[22:0]};
  assign fr = p[47] ? p[46:24] : p[45:23];
  assign e  = $signed({2'b00, a[30:23]}) + $signed({2'b00, b[30:23]}) - 10'sd127
              + (p[47] ? 10'sd1 : 10'sd0);

  assign z_o = (zmode_i && (a_zero || b_zero))        ? {s, 31'd0} :
               (a_nan || b_nan)                     ? 32'h7FC00000 :
               ((a_inf || b_inf) && (a_zero || b_zero)) ? 32'h7FC00000 :
               (a_inf || b_inf)                     ? {s, 31'h7F800000} :
               (a_zero || b_zero)                   ? {s, 31'd0} :
               (e <= 10'sd0)                        ? {s, 31'd0} :
               (e >= 10'sd255)                      ? {s, 31'h7F7FFFFF} :
                                                      {s, e[7:0], fr};

  logic unused_p;
  assign unused_p = ^p[22:0];

endmodule
