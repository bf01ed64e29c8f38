// r5xx_clip_lerp: one component of a vertex made by clipping, I.c + t * (Q.c - I.c)
// (docs/blocks/r5xx.clip.md "INTERP").  Purely combinational; C twin clip_lerp().
module r5xx_clip_lerp (
  input  logic [31:0] t_i,
  input  logic [31:0] i_i,
  input  logic [31:0] q_i,
  output logic [31:0] z_o
);

  logic [31:0] df, pr;

  prim_sf_add u_df (.a_i(q_i), .b_i({~i_i[31], i_i[30:0]}), .z_o(df));
  prim_sf_mul u_pr (.a_i(t_i), .b_i(df), .zmode_i(1'b0), .z_o(pr));
  prim_sf_add u_sum (.a_i(i_i), .b_i(pr), .z_o(z_o));

endmodule
