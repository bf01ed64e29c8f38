// si_cb_u2f: an n-bit UNORM component (n = 1..16) to binary32, d / (2^n - 1) rounded to
// nearest-even exactly: the 64-bit quotient (d << 48) / (2^n - 1) and a sticky remainder go to
// prim_fround (docs/blocks/si.cb.md step 6).  Purely combinational.
module si_cb_u2f (
  input  logic [15:0] d_i,
  input  logic [4:0]  n_i,
  output logic [31:0] f_o
);
  logic [63:0] den;
  logic [63:0] num;
  logic [63:0] q;
  logic [63:0] r;

  assign den = (64'd1 << n_i) - 64'd1;
  assign num = {d_i, 48'd0};
  assign q   = (den == 64'd0) ? 64'd0 : num / den;
  assign r   = (den == 64'd0) ? 64'd0 : num % den;

  prim_fround #(
    .W  (64),
    .EW (12)
  ) u_round (
    .sign_i   (1'b0),
    .exp_i    (12'd142),
    .mant_i   (q),
    .sticky_i (r != 64'd0),
    .f_o      (f_o)
  );
endmodule
