// r5xx_vap_fix: one n-bit fixed-point component of a PSC element to binary32 (docs/blocks/r5xx.vap.md
// "fix(u)"): raw unsigned or signed, or normalised by 2^n - 1 / 2^(n-1) - 1 with the signed
// method m (0, 3 SGN_NORM_ZERO; 1 ..._CLAMP_MINUS_ONE; 2 SGN_NORM_NO_ZERO, (2s+1)/(2^n-1)),
// each the exact rational rounded once to nearest-even (r5xx_vap_qdiv).  Purely combinational.
module r5xx_vap_fix (
  input  logic [15:0] u_i,        // the field, zero-extended
  input  logic [4:0]  n_i,        // its width: 8, 10, 11 or 16
  input  logic        signed_i,
  input  logic        norm_i,
  input  logic [1:0]  method_i,
  output logic [31:0] f_o
);

  logic [3:0]  top;        // n - 1, the sign bit
  logic        neg;
  logic [16:0] mag;        // |s|
  logic [16:0] full;       // 2^n - 1
  logic [16:0] half;       // 2^(n-1) - 1
  logic        sign;
  logic [19:0] num;
  logic [16:0] den;
  logic [31:0] q;

  assign top  = 4'(n_i - 5'd1);
  assign neg  = signed_i && u_i[top];
  assign mag  = neg ? ((17'd1 << n_i) - {1'b0, u_i}) : {1'b0, u_i};
  assign full = (17'd1 << n_i) - 17'd1;
  assign half = (17'd1 << (n_i - 5'd1)) - 17'd1;

  always_comb begin
    sign = neg;
    num  = {3'd0, mag};
    den  = 17'd1;
    if (norm_i) begin
      if (!signed_i) begin
        den = full;
      end else if (method_i == 2'd2) begin
        num = neg ? ({2'd0, mag, 1'b0} - 20'd1) : ({2'd0, mag, 1'b0} + 20'd1);
        den = full;
      end else begin
        den = half;
      end
    end
  end

  r5xx_vap_qdiv u_div (
    .sign_i (sign),
    .num_i  (num),
    .den_i  (den),
    .f_o    (q)
  );

  // SGN_NORM_ZERO_CLAMP_MINUS_ONE: the most negative value is -1.0 exactly
  assign f_o = (norm_i && signed_i && method_i == 2'd1 && neg && mag == (17'd1 << (n_i - 5'd1)))
             ? 32'hBF80_0000 : q;

endmodule
