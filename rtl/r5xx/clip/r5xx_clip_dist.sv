// r5xx_clip_dist: the distance of one position to clip plane k (0 near, 1 far, 2-5 left, right,
// bottom, top with the guard band's clip adjust, 6-11 UCP 0-5), docs/blocks/r5xx.clip.md
// "Planes and distances".  Purely combinational; C twin clip_dist().
module r5xx_clip_dist (
  input  logic [127:0] p_i,       // x, y, z, w
  input  logic [3:0]   k_i,
  input  logic         dx_i,      // VAP_CNTL.DX_CLIP_SPACE_DEF
  input  logic [31:0]  hc_i,
  input  logic [31:0]  vc_i,
  input  logic [767:0] ucp_i,
  output logic [31:0]  d_o
);

  logic [31:0] x, y, z, w, na, nb, nf, adj, crd, m, dxy, du;
  logic [2:0]  u;

  assign x = p_i[31:0];
  assign y = p_i[63:32];
  assign z = p_i[95:64];
  assign w = p_i[127:96];

  // near (GL) z + w, far w - z
  assign na = (k_i == 4'd0) ? z : w;
  assign nb = (k_i == 4'd0) ? w : {~z[31], z[30:0]};
  prim_sf_add u_nf (.a_i(na), .b_i(nb), .z_o(nf));

  // left/right/bottom/top: adj * w +- coordinate
  assign adj = (k_i < 4'd4) ? hc_i : vc_i;
  assign crd = (k_i < 4'd4) ? {x[31] ^ k_i[0], x[30:0]} : {y[31] ^ k_i[0], y[30:0]};
  prim_sf_mul u_m (.a_i(adj), .b_i(w), .zmode_i(1'b0), .z_o(m));
  prim_sf_add u_xy (.a_i(m), .b_i(crd), .z_o(dxy));

  // user planes
  assign u = (k_i >= 4'd6) ? 3'(k_i - 4'd6) : 3'd0;
  prim_sf_dp4 u_dp (.a_i(p_i), .b_i(ucp_i[128*u+:128]), .zmode_i(1'b0), .z_o(du));

  always_comb begin
    if (k_i == 4'd0 && dx_i) d_o = z;
    else if (k_i < 4'd2)     d_o = nf;
    else if (k_i < 4'd6)     d_o = dxy;
    else                     d_o = du;
  end

endmodule
