// r5xx_vap_qdiv: the quotient (-1)^sign_i * num_i / den_i of two integers as IEEE binary32,
// rounded to nearest-even from the exact quotient (docs/blocks/r5xx.vap.md, normalisation of
// integer components).  den_i must not be 0.  A restoring division gives 64 - 17 + 1 quotient
// bits (at least 27 significant ones) and the remainder makes the sticky bit.  Purely
// combinational.
module r5xx_vap_qdiv (
  input  logic        sign_i,
  input  logic [19:0] num_i,
  input  logic [16:0] den_i,
  output logic [31:0] f_o
);

  logic [63:0] dividend;
  logic [63:0] q;
  logic [17:0] r;

  assign dividend = {num_i, 44'd0};

  always_comb begin
    r = '0;
    q = '0;
    for (int i = 63; i >= 0; i--) begin
      r = {r[16:0], dividend[i]};
      if (r >= {1'b0, den_i}) begin
        r    = r - {1'b0, den_i};
        q[i] = 1'b1;
      end
    end
  end

  // value = q * 2^-44 = q * 2^(exp - 127 - 63)
  prim_fround #(
    .W  (64),
    .EW (10)
  ) u_round (
    .sign_i   (sign_i),
    .exp_i    (10'd146),
    .mant_i   (q),
    .sticky_i (r != '0),
    .f_o      (f_o)
  );

endmodule
