// prim_sf_frc: shader-float fraction a - floor(a) = sf_add(a, -sf_flr(a)), rounded toward zero,
// so always in [0, 1) (docs/float.md section 3).  Purely combinational (prim_sf_fn.frc); C twin sf_frc().
module prim_sf_frc (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.frc(a_i);

endmodule
