// prim_sf_all: test wrapper (tests/prim/sf only, not a block): every prim_sf_* op side by side on
// the same inputs, so one Verilated model checks them all against the C twin (sf_rtl_test.cpp).
module prim_sf_all (
  input  logic [31:0]  a_i,
  input  logic [31:0]  b_i,
  input  logic [31:0]  c_i,
  input  logic         zmode_i,
  input  logic [127:0] va_i,
  input  logic [127:0] vb_i,
  output logic [31:0]  add_o,
  output logic [31:0]  mul_o,
  output logic [31:0]  mad_o,
  output logic [31:0]  dp3_o,
  output logic [31:0]  dp4_o,
  output logic [31:0]  min_o,
  output logic [31:0]  max_o,
  output logic [2:0]   cmp_o,    // {eq, le, lt}
  output logic [31:0]  flr_o,
  output logic [31:0]  frc_o,
  output logic [31:0]  rcp_o,
  output logic [31:0]  rsq_o,
  output logic [31:0]  sqrt_o,
  output logic [31:0]  ex2_o,
  output logic [31:0]  lg2_o,
  output logic [31:0]  sin_o,
  output logic [31:0]  cos_o
);

  prim_sf_add u_add (.a_i(a_i), .b_i(b_i), .z_o(add_o));
  prim_sf_mul u_mul (.a_i(a_i), .b_i(b_i), .zmode_i(zmode_i), .z_o(mul_o));
  prim_sf_mad u_mad (.a_i(a_i), .b_i(b_i), .c_i(c_i), .zmode_i(zmode_i), .z_o(mad_o));
  prim_sf_dp3 u_dp3 (.a_i(va_i[95:0]), .b_i(vb_i[95:0]), .zmode_i(zmode_i), .z_o(dp3_o));
  prim_sf_dp4 u_dp4 (.a_i(va_i), .b_i(vb_i), .zmode_i(zmode_i), .z_o(dp4_o));
  prim_sf_min u_min (.a_i(a_i), .b_i(b_i), .z_o(min_o));
  prim_sf_max u_max (.a_i(a_i), .b_i(b_i), .z_o(max_o));
  prim_sf_cmp u_cmp (.a_i(a_i), .b_i(b_i), .lt_o(cmp_o[0]), .le_o(cmp_o[1]), .eq_o(cmp_o[2]));
  prim_sf_flr u_flr (.a_i(a_i), .z_o(flr_o));
  prim_sf_frc u_frc (.a_i(a_i), .z_o(frc_o));
  prim_sf_rcp u_rcp (.a_i(a_i), .z_o(rcp_o));
  prim_sf_rsq u_rsq (.a_i(a_i), .z_o(rsq_o));
  prim_sf_sqrt u_sqrt (.a_i(a_i), .z_o(sqrt_o));
  prim_sf_ex2 u_ex2 (.a_i(a_i), .z_o(ex2_o));
  prim_sf_lg2 u_lg2 (.a_i(a_i), .z_o(lg2_o));
  prim_sf_sin u_sin (.a_i(a_i), .z_o(sin_o));
  prim_sf_cos u_cos (.a_i(a_i), .z_o(cos_o));

endmodule
