// r5xx_tx_ati: one texel of an 8-byte ATI1N/ATI2N block (docs/blocks/r5xx.tx.md, D22; the C twin
// is ati_block() in model/r5xx/tx/tx_math.c): two 8-bit ends a0 (bits 7:0), a1 (15:8) and 3-bit
// indices from bit 16; the DXT5 alpha rule (D14) with integer floor division.
// Purely combinational.
module r5xx_tx_ati (
  input  logic [63:0] aw_i,       // the block, the first dword low
  input  logic [3:0]  sub_i,      // 4 (y mod 4) + x mod 4
  output logic [7:0]  v_o
);

  logic [7:0]  a0;
  logic [7:0]  a1;
  logic [2:0]  j;
  logic [10:0] a5;

  assign a0 = aw_i[7:0];
  assign a1 = aw_i[15:8];
  assign j  = 3'(aw_i >> (7'd16 + 7'd3 * {3'd0, sub_i}));

  always_comb begin
    if (j == 3'd0) begin
      a5 = {3'd0, a0};
    end else if (j == 3'd1) begin
      a5 = {3'd0, a1};
    end else if (a0 > a1) begin
      a5 = ((11'd8 - {8'd0, j}) * {3'd0, a0} + ({8'd0, j} - 11'd1) * {3'd0, a1}) / 11'd7;
    end else if (j <= 3'd5) begin
      a5 = ((11'd6 - {8'd0, j}) * {3'd0, a0} + ({8'd0, j} - 11'd1) * {3'd0, a1}) / 11'd5;
    end else begin
      a5 = (j == 3'd6) ? 11'd0 : 11'd255;
    end
  end

  assign v_o = a5[7:0];

  logic unused_a;
  assign unused_a = ^a5[10:8];

endmodule
