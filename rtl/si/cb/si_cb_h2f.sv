// si_cb_h2f: binary16 to binary32, exactly (docs/blocks/si.cb.md step 6): a subnormal is
// normalised, a NaN keeps its sign and its payload shifted up 13 bits.  Purely combinational.
module si_cb_h2f (
  input  logic [15:0] h_i,
  output logic [31:0] f_o
);
  logic [4:0] e;
  logic [9:0] m;
  logic [3:0] p;       // the leading one of a subnormal's m

  assign e = h_i[14:10];
  assign m = h_i[9:0];

  always_comb begin
    p = 4'd0;
    for (int i = 0; i < 10; i++) begin
      if (m[i]) begin
        p = 4'(i);
      end
    end
    if (e == 5'd31) begin
      f_o = {h_i[15], 8'hFF, m, 13'd0};
    end else if (e != 5'd0) begin
      f_o = {h_i[15], 8'(e) + 8'd112, m, 13'd0};
    end else if (m == 10'd0) begin
      f_o = {h_i[15], 31'd0};
    end else begin
      f_o = {h_i[15], 8'(p) + 8'd103, 23'(m) << (5'd23 - 5'(p))};
    end
  end
endmodule
