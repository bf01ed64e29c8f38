// prim_sf_phase: the phase of |a| in units of 2^-34 turn modulo one turn (docs/float.md 4.6):
// sh = e + 11; (M << sh) mod 2^34 for sh >= 0, M >> -sh (truncated) for sh < 0; 0 for sh >= 34.
// Exact for |a| >= 2^-11.  a_i must be finite and flushed.  Purely combinational (prim_sf_fn.phase); C twin
// phase34() in model/prim/sf_trans.c.
module prim_sf_phase (
  input  logic [31:0] a_i,
  output logic [33:0] ph_o
);

  prim_sf_fn u_sf ();
  assign ph_o = u_sf.phase(a_i);

endmodule
