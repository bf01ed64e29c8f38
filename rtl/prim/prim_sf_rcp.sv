// prim_sf_rcp: shader-float 1/x, exact integer division truncated (round toward zero)
// (docs/float.md 4.2): q = floor(2^47 / M); NaN -> 0x7FC00000, +-0 -> +-Inf, +-Inf -> +-0,
// |x| > 2^126 -> zero of the sign.  Purely combinational; C twin sf_rcp() in model/prim/sf_trans.c.
module prim_sf_rcp (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a;
  logic [7:0]  ex;
  logic [47:0] q;
  logic signed [9:0] b_pow, b_gen;

  assign a  = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex = a[30:23];
  assign q  = 48'h8000_0000_0000 / {24'd0, 1'b1, a[22:0]};
  assign b_pow = 10'sd254 - $signed({2'b00, ex});
  assign b_gen = 10'sd253 - $signed({2'b00, ex});

  assign z_o = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
               (ex == 8'hFF)                      ? {a[31], 31'd0} :
               (ex == 8'd0)                       ? {a[31], 31'h7F800000} :
               (a[22:0] == 23'd0)                 ? ((b_pow <= 10'sd0) ? {a[31], 31'd0}
                                                                       : {a[31], b_pow[7:0], 23'd0}) :
               (b_gen <= 10'sd0)                  ? {a[31], 31'd0} :
                                                    {a[31], b_gen[7:0], q[22:0]};

  logic unused_q;
  assign unused_q = ^q[47:23];

endmodule
