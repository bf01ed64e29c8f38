// prim_sf_frc: shader-float fraction a - floor(a) = sf_add(a, -sf_flr(a)), rounded toward zero,
// so always in [0, 1) (docs/float.md section 3).  Purely combinational; C twin sf_frc().
module prim_sf_frc (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] fl;

  prim_sf_flr u_flr (.a_i(a_i), .z_o(fl));
  prim_sf_add u_add (.a_i(a_i), .b_i({~fl[31], fl[30:0]}), .z_o(z_o));

endmodule
