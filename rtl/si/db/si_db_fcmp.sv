// si_db_fcmp: IEEE binary32 comparison a against b: less, equal (-0 = +0), unordered (a NaN).
module si_db_fcmp (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        lt_o,
  output logic        eq_o,
  output logic        un_o
);
  logic an;
  logic bn;
  assign an   = a_i[30:23] == 8'hFF && a_i[22:0] != 23'd0;
  assign bn   = b_i[30:23] == 8'hFF && b_i[22:0] != 23'd0;
  assign un_o = an || bn;

  always_comb begin
    eq_o = 1'b0;
    lt_o = 1'b0;
    if (!un_o) begin
      if ((a_i[30:0] == 31'd0 && b_i[30:0] == 31'd0) || a_i == b_i) begin
        eq_o = 1'b1;
      end else if (a_i[31] != b_i[31]) begin
        lt_o = a_i[31];
      end else if (!a_i[31]) begin
        lt_o = a_i[30:0] < b_i[30:0];
      end else begin
        lt_o = a_i[30:0] > b_i[30:0];
      end
    end
  end
endmodule
