// prim_fadd: IEEE binary32 add, rounded to nearest-even, subnormal inputs and results kept
// (docs/blocks/r5xx.vap.md "Float arithmetic").  An exact zero sum is +0 unless both addends are -0.
// Any NaN result (a NaN operand, inf + -inf) is the canonical NaN 0x7FC00000.  Purely
// combinational.
module prim_fadd (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] s_o
);

  logic        a_nan, b_nan, a_inf, b_inf;
  logic        swap;
  logic [31:0] big, sml;
  logic [7:0]  eb, es;
  logic [7:0]  d;
  logic [51:0] mbig, msml, sh;
  logic        sticky;
  logic [51:0] sum;
  logic [11:0] sexp;
  logic        ssign;
  logic [31:0] rounded;

  assign a_nan = a_i[30:23] == 8'hFF && a_i[22:0] != '0;
  assign b_nan = b_i[30:23] == 8'hFF && b_i[22:0] != '0;
  assign a_inf = a_i[30:23] == 8'hFF && a_i[22:0] == '0;
  assign b_inf = b_i[30:23] == 8'hFF && b_i[22:0] == '0;

  // the operand of larger magnitude first
  assign swap = b_i[30:0] > a_i[30:0];
  assign big  = swap ? b_i : a_i;
  assign sml  = swap ? a_i : b_i;
  assign eb   = (big[30:23] == 8'd0) ? 8'd1 : big[30:23];
  assign es   = (sml[30:23] == 8'd0) ? 8'd1 : sml[30:23];
  assign d    = eb - es;

  // 24-bit mantissas with 27 bits below and one carry bit above; the smaller one aligned,
  // the bits shifted out kept as a sticky bit in the LSB
  assign mbig = {1'b0, big[30:23] != 8'd0, big[22:0], 27'd0};
  assign sh   = {1'b0, sml[30:23] != 8'd0, sml[22:0], 27'd0};

  always_comb begin
    msml   = '0;
    sticky = 1'b0;
    if (d >= 8'd52) begin
      sticky = |sh;
    end else begin
      msml = sh >> d;
      for (int i = 0; i < 52; i++) begin
        if (i < int'(d) && sh[i]) begin
          sticky = 1'b1;
        end
      end
    end
    msml[0] = msml[0] | sticky;
  end

  assign sum   = (big[31] == sml[31]) ? mbig + msml : mbig - msml;
  assign sexp  = {4'd0, eb} + 12'd1;
  assign ssign = (sum == '0) ? (a_i[31] & b_i[31]) : big[31];

  prim_fround #(
    .W  (52),
    .EW (12)
  ) u_round (
    .sign_i   (ssign),
    .exp_i    (sexp),
    .mant_i   (sum),
    .sticky_i (1'b0),
    .f_o      (rounded)
  );

  always_comb begin
    if (a_nan || b_nan || (a_inf && b_inf && a_i[31] != b_i[31])) begin
      s_o = 32'h7FC0_0000;
    end else if (a_inf) begin
      s_o = a_i;
    end else if (b_inf) begin
      s_o = b_i;
    end else begin
      s_o = rounded;
    end
  end

endmodule
