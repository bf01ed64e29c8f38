// r5xx_tx_widen: an n-bit texel component as a channel value (v / 65535 is its value;
// docs/blocks/r5xx.tx.md, D5 and D11; the C twin is r5xx_tx_widen() in model/r5xx/tx/tx_math.c).
//   unsigned: floor(65536 c / (2^n - 1)), 65535 for all ones (c's bits repeated);
//   signed:   two's complement; the magnitude m widened from n - 1 bits the same way, -65535 for
//             the most negative value, negated.
// Purely combinational.
module r5xx_tx_widen (
  input  logic [15:0]        c_i,
  input  logic [4:0]         n_i,     // 1..16
  input  logic               sgn_i,
  output logic signed [19:0] v_o
);

  logic [4:0]  k;
  logic        neg;
  logic [16:0] full;      // 2^n
  logic [16:0] m;
  logic [16:0] den;       // 2^k - 1
  logic [33:0] quo;
  logic [16:0] mag;

  assign k    = sgn_i ? n_i - 5'd1 : n_i;
  assign full = 17'd1 << n_i;
  assign neg  = sgn_i && c_i[n_i[3:0] - 4'd1];
  assign m    = neg ? full - {1'b0, c_i} : {1'b0, c_i};
  assign den  = (17'd1 << k) - 17'd1;
  assign quo  = (den == 17'd0) ? 34'd0 : {1'b0, m, 16'd0} / {17'd0, den};

  always_comb begin
    if (m == 17'd0) begin
      mag = 17'd0;
    end else if (m >= den) begin
      mag = 17'd65535;
    end else begin
      mag = quo[16:0];
    end
  end

  assign v_o = neg ? -$signed({3'd0, mag}) : $signed({3'd0, mag});

  logic unused_quo;
  assign unused_quo = ^quo[33:17];

endmodule
