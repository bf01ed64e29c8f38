// r5xx_vap_h2f: IEEE binary16 (s5e10, bias 15) to binary32, exact: subnormals normalised,
// infinities kept, a NaN keeps its payload in the top fraction bits (docs/blocks/r5xx.vap.md).
// Purely combinational.
module r5xx_vap_h2f (
  input  logic [15:0] h_i,
  output logic [31:0] f_o
);

  logic [4:0]  e;
  logic [9:0]  m;
  logic [3:0]  lz;
  logic        found;
  logic [9:0]  mn;

  assign e = h_i[14:10];
  assign m = h_i[9:0];

  always_comb begin
    lz    = '0;
    found = 1'b0;
    for (int i = 9; i >= 0; i--) begin
      if (!found && m[i]) begin
        found = 1'b1;
        lz    = 4'(9 - i);
      end
    end
  end

  // a subnormal m * 2^-24: the leading one at bit 9 - lz gives exponent -15 - lz
  assign mn = m << (lz + 4'd1);

  always_comb begin
    if (e == 5'h1F) begin
      f_o = {h_i[15], 8'hFF, m, 13'd0};
    end else if (e != 5'd0) begin
      f_o = {h_i[15], 8'({3'd0, e}) + 8'd112, m, 13'd0};
    end else if (m == '0) begin
      f_o = {h_i[15], 31'd0};
    end else begin
      f_o = {h_i[15], 8'd112 - 8'({4'd0, lz}), mn, 13'd0};
    end
  end

endmodule
