// prim_fmul: IEEE binary32 multiply, rounded to nearest-even, subnormal inputs and results
// kept (docs/blocks/r5xx.vap.md "Float arithmetic").  Any NaN result (a NaN operand, inf * 0) is the
// canonical NaN 0x7FC00000.  Purely combinational.
module prim_fmul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] p_o
);

  logic        sa, sb, sp;
  logic [7:0]  ea, eb;
  logic [23:0] ma, mb;
  logic        a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [47:0] prod;
  logic [11:0] pexp;
  logic [31:0] rounded;

  assign sa = a_i[31];
  assign sb = b_i[31];
  assign sp = sa ^ sb;
  assign ea = a_i[30:23];
  assign eb = b_i[30:23];
  assign ma = {ea != 8'd0, a_i[22:0]};
  assign mb = {eb != 8'd0, b_i[22:0]};

  assign a_nan  = ea == 8'hFF && a_i[22:0] != '0;
  assign b_nan  = eb == 8'hFF && b_i[22:0] != '0;
  assign a_inf  = ea == 8'hFF && a_i[22:0] == '0;
  assign b_inf  = eb == 8'hFF && b_i[22:0] == '0;
  assign a_zero = a_i[30:0] == '0;
  assign b_zero = b_i[30:0] == '0;

  assign prod = ma * mb;
  // exponents of subnormals count as 1; value = prod * 2^(ea' + eb' - 254 - 46)
  assign pexp = 12'({4'd0, (ea == 8'd0) ? 8'd1 : ea}) + 12'({4'd0, (eb == 8'd0) ? 8'd1 : eb})
                - 12'd126;

  prim_fround #(
    .W  (48),
    .EW (12)
  ) u_round (
    .sign_i   (sp),
    .exp_i    (pexp),
    .mant_i   (prod),
    .sticky_i (1'b0),
    .f_o      (rounded)
  );

  always_comb begin
    if (a_nan || b_nan || ((a_inf && b_zero) || (b_inf && a_zero))) begin
      p_o = 32'h7FC0_0000;
    end else if (a_inf || b_inf) begin
      p_o = {sp, 8'hFF, 23'd0};
    end else begin
      p_o = rounded;
    end
  end

endmodule
