// prim_sf_qsin: quarter sine sin(pi/2 * s / 2^32) for s in [0, 2^32] (docs/float.md 4.6):
// s = 0 -> +0, s = 2^32 -> 1.0, else s * KS(s) (prim_sf_tab sinq, T = 25) packed from units
// 2^-60, at most 1.0.  Purely combinational (prim_sf_fn.qsin); C twin quarter_sin() in model/prim/sf_trans.c.
module prim_sf_qsin (
  input  logic [32:0] s_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.qsin(s_i);

endmodule
