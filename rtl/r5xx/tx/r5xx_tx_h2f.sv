// r5xx_tx_h2f: binary16 to binary32, exact (denormals normalised), NaN as 0x7FC00000
// (docs/blocks/r5xx.tx.md, D12; the C twin is r5xx_tx_h2f() in model/r5xx/tx/tx_math.c).
// Purely combinational.
module r5xx_tx_h2f (
  input  logic [15:0] h_i,
  output logic [31:0] f_o
);

  logic [4:0]  e;
  logic [9:0]  m;
  logic [3:0]  lz;        // leading zeros of a denormal's mantissa, 0..9
  logic [9:0]  dm;        // its mantissa after the leading one

  assign e = h_i[14:10];
  assign m = h_i[9:0];

  always_comb begin
    lz = 4'd0;
    for (int b = 0; b < 10; b++) begin
      if (m[b]) begin
        lz = 4'(9 - b);
      end
    end
  end

  assign dm = m << (lz + 4'd1);

  always_comb begin
    if (e == 5'd31) begin
      f_o = (m != 10'd0) ? 32'h7FC0_0000 : {h_i[15], 31'h7F80_0000};
    end else if (e == 5'd0) begin
      f_o = (m == 10'd0) ? {h_i[15], 31'd0} : {h_i[15], 8'd112 - {4'd0, lz}, dm, 13'd0};
    end else begin
      f_o = {h_i[15], {3'd0, e} + 8'd112, m, 13'd0};
    end
  end

endmodule
