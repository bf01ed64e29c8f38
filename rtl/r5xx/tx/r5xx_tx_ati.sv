// r5xx_tx_ati: one texel of an 8-byte ATI1N/ATI2N block as a channel value (docs/blocks/r5xx.tx.md,
// D22; the C twin is ati_block()/ati_value() in model/r5xx/tx/tx_math.c): two 8-bit ends a0 (bits
// 7:0), a1 (15:8) and 3-bit indices from bit 16; the DXT5 alpha rule (D14).  Unsigned: integer
// floor division, the code * 257.  Signed (sgn_i, SIGNED_COMP of the channel): two's complement
// ends compared signed, divisions truncated toward zero, index 6 -128 and 7 127, the code widened
// as a signed 8-bit component (D11).
// Purely combinational.
module r5xx_tx_ati (
  input  logic [63:0]        aw_i,       // the block, the first dword low
  input  logic [3:0]         sub_i,      // 4 (y mod 4) + x mod 4
  input  logic               sgn_i,      // signed RGTC
  output logic signed [19:0] v_o         // the channel value
);

  logic signed [9:0]  a0;
  logic signed [9:0]  a1;
  logic [2:0]         j;
  logic signed [13:0] num;
  logic [13:0]        mag;         // |num|
  logic [13:0]        quo;         // |num| / 5 or 7
  logic signed [13:0] tq;          // num / 5 or 7, truncated toward zero
  logic signed [9:0]  code;

  assign a0  = sgn_i ? {{2{aw_i[7]}}, aw_i[7:0]} : {2'd0, aw_i[7:0]};
  assign a1  = sgn_i ? {{2{aw_i[15]}}, aw_i[15:8]} : {2'd0, aw_i[15:8]};
  assign j   = 3'(aw_i >> (7'd16 + 7'd3 * {3'd0, sub_i}));
  logic signed [13:0] js;
  logic signed [13:0] a0w;
  logic signed [13:0] a1w;
  assign js  = $signed({11'd0, j});
  assign a0w = {{4{a0[9]}}, a0};
  assign a1w = {{4{a1[9]}}, a1};
  assign num = (a0 > a1) ? (14'sd8 - js) * a0w + (js - 14'sd1) * a1w
                         : (14'sd6 - js) * a0w + (js - 14'sd1) * a1w;
  assign mag = num[13] ? 14'(-num) : num;
  assign quo = (a0 > a1) ? mag / 14'd7 : mag / 14'd5;
  assign tq  = num[13] ? -$signed(quo) : $signed(quo);

  always_comb begin
    if (j == 3'd0) begin
      code = a0;
    end else if (j == 3'd1) begin
      code = a1;
    end else if (a0 > a1 || j <= 3'd5) begin
      code = tq[9:0];
    end else if (j == 3'd6) begin
      code = sgn_i ? -10'sd128 : 10'sd0;
    end else begin
      code = sgn_i ? 10'sd127 : 10'sd255;
    end
  end

  logic signed [19:0] sv;
  r5xx_tx_widen u_widen (
    .c_i   ({8'd0, code[7:0]}),
    .n_i   (5'd8),
    .sgn_i (1'b1),
    .v_o   (sv)
  );

  assign v_o = sgn_i ? sv : $signed({10'd0, code}) * 20'sd257;

  logic unused_q;
  assign unused_q = ^{tq[13:10], code[9:8]};

endmodule
