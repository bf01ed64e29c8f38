// prim_sf_pack: the binary32 nearest to n_i * 2^k_i (n_i < 2^63), ties away from zero; below
// 2^-126 -> zero of sign s_i, 2^128 and above -> infinity of sign s_i (docs/float.md 4.1,
// "Packing").  Purely combinational (prim_sf_fn.pack); C twin sf_pack_round() in model/prim/sf_fix.h.
module prim_sf_pack (
  input  logic               s_i,
  input  logic [63:0]        n_i,
  input  logic signed [11:0] k_i,
  output logic [31:0]        z_o
);

  prim_sf_fn u_sf ();
  assign z_o = u_sf.pack(s_i, n_i, k_i);

endmodule
