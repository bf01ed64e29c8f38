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

  // each output written once (a default overridden in an always_comb glitches, and Icarus 11 then
  // re-runs the readers for ever: docs/export.md)
  logic zeros;
  logic mag_lt;
  assign zeros  = a_i[30:0] == 31'd0 && b_i[30:0] == 31'd0;
  assign eq_o   = !un_o && (zeros || a_i == b_i);
  assign mag_lt = a_i[31] ? (a_i[30:0] > b_i[30:0]) : (a_i[30:0] < b_i[30:0]);
  assign lt_o   = !un_o && !eq_o && ((a_i[31] != b_i[31]) ? a_i[31] : mag_lt);
endmodule
