// r5xx_vap_float_tb: the r5xx.vap RTL's arithmetic units side by side, for the host-FPU check
// rtl_float_check.cpp (tests/vap/rtl_float.cmake): fmul and fadd on (a, b), the quotient
// (-1)^sg * num / den, the half in a[15:0], and the fixed-point component converter.
module r5xx_vap_float_tb (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        sg_i,
  input  logic [19:0] num_i,
  input  logic [16:0] den_i,
  input  logic [15:0] u_i,
  input  logic [4:0]  n_i,
  input  logic        signed_i,
  input  logic        norm_i,
  input  logic [1:0]  method_i,
  output logic [31:0] mul_o,
  output logic [31:0] add_o,
  output logic [31:0] div_o,
  output logic [31:0] h2f_o,
  output logic [31:0] fix_o
);

  prim_fmul u_mul (
    .a_i,
    .b_i,
    .p_o (mul_o)
  );

  prim_fadd u_add (
    .a_i,
    .b_i,
    .s_o (add_o)
  );

  r5xx_vap_qdiv u_div (
    .sign_i (sg_i),
    .num_i,
    .den_i,
    .f_o    (div_o)
  );

  r5xx_vap_h2f u_h2f (
    .h_i (a_i[15:0]),
    .f_o (h2f_o)
  );

  r5xx_vap_fix u_fix (
    .u_i,
    .n_i,
    .signed_i,
    .norm_i,
    .method_i,
    .f_o      (fix_o)
  );

endmodule
