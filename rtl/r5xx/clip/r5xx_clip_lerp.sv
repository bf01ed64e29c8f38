// r5xx_clip_lerp: one component of a vertex made by clipping, I.c + t * (Q.c - I.c)
// (docs/blocks/r5xx.clip.md "INTERP").  Purely combinational; C twin clip_lerp().
module r5xx_clip_lerp (
  input  logic [31:0] t_i,
  input  logic [31:0] i_i,
  input  logic [31:0] q_i,
  output logic [31:0] z_o
);

  prim_sf_fn u_sf ();

  // also called as a function (u_l.lerp) where it is evaluated only while used
  // verilator lint_off VARHIDDEN
  function automatic logic [31:0] lerp(input logic [31:0] t, input logic [31:0] i,
                                       input logic [31:0] q);
    return u_sf.add(i, u_sf.mul(t, u_sf.add(q, {~i[31], i[30:0]}), 1'b0));
  endfunction
  // verilator lint_on VARHIDDEN

  assign z_o = lerp(t_i, i_i, q_i);

endmodule
