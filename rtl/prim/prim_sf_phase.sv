// prim_sf_phase: the phase of |a| in units of 2^-34 turn modulo one turn (docs/float.md 4.6):
// sh = e + 11; (M << sh) mod 2^34 for sh >= 0, M >> -sh (truncated) for sh < 0; 0 for sh >= 34.
// Exact for |a| >= 2^-11.  a_i must be finite and flushed.  Purely combinational; C twin
// phase34() in model/prim/sf_trans.c.
module prim_sf_phase (
  input  logic [31:0] a_i,
  output logic [33:0] ph_o
);

  logic signed [9:0] sh;
  logic [63:0] mant, up, dn;

  assign sh   = $signed({2'b00, a_i[30:23]}) - 10'sd127 + 10'sd11;
  assign mant = {40'd0, 1'b1, a_i[22:0]};
  assign up   = mant << sh;
  assign dn   = mant >> (-sh);
  assign ph_o = (sh >= 10'sd34)  ? 34'd0 :
                (sh >= 10'sd0)   ? up[33:0] :
                (sh <= -10'sd24) ? 34'd0 : dn[33:0];

  logic unused_ph;
  assign unused_ph = ^{a_i[31], up[63:34], dn[63:34]};

endmodule
