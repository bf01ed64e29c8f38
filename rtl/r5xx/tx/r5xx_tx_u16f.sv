// r5xx_tx_u16f: v / 65535 as binary32, truncated toward zero (docs/blocks/r5xx.tx.md, D6; the C
// twin is r5xx_tx_u16f() in model/r5xx/tx/tx_math.c).  The exact quotient is the binary fraction
// 0.vvvv... (v repeated), so its first 48 bits, normalised, give the mantissa; 65535 is 1.0.
// Purely combinational.
module r5xx_tx_u16f (
  input  logic [15:0] v_i,
  output logic [31:0] f_o
);

  logic [47:0] fr;
  logic [47:0] norm;
  logic [3:0]  lz;

  assign fr = {v_i, v_i, v_i};

  always_comb begin
    casez (v_i)
      16'b1???????????????: lz = 4'd0;
      16'b01??????????????: lz = 4'd1;
      16'b001?????????????: lz = 4'd2;
      16'b0001????????????: lz = 4'd3;
      16'b00001???????????: lz = 4'd4;
      16'b000001??????????: lz = 4'd5;
      16'b0000001?????????: lz = 4'd6;
      16'b00000001????????: lz = 4'd7;
      16'b000000001???????: lz = 4'd8;
      16'b0000000001??????: lz = 4'd9;
      16'b00000000001?????: lz = 4'd10;
      16'b000000000001????: lz = 4'd11;
      16'b0000000000001???: lz = 4'd12;
      16'b00000000000001??: lz = 4'd13;
      16'b000000000000001?: lz = 4'd14;
      default:              lz = 4'd15;
    endcase
  end

  assign norm = fr << lz;

  always_comb begin
    if (v_i == 16'd0) begin
      f_o = 32'd0;
    end else if (v_i == 16'hFFFF) begin
      f_o = 32'h3F80_0000;
    end else begin
      f_o = {1'b0, 8'd126 - {4'd0, lz}, norm[46:24]};
    end
  end

  logic unused_norm;
  assign unused_norm = ^{norm[47], norm[23:0]};

endmodule
