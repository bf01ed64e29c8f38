// r5xx_clip_codes: the 16 clip codes of one position (bit k = outside plane k: 0-11 the clip planes,
// 12-15 the discard planes of the guard band's discard adjust), docs/blocks/r5xx.clip.md "Planes
// and distances"; inside = sf_cmp_le(+0, d).  Purely combinational; C twin clip_outcode().
module r5xx_clip_codes (
  input  logic [127:0] p_i,
  input  logic         dx_i,
  input  logic [127:0] gb_i,      // VC, VD, HC, HD
  input  logic [767:0] ucp_i,
  output logic [15:0]  oc_o
);

  logic [31:0] x, y, z, w, nx, ny, nz;
  logic [31:0] d [16];
  logic [31:0] near_gl, mhc, mvc, mhd, mvd;
  logic        le [16];
  logic        unused_lt [16];
  logic        unused_eq [16];

  assign x  = p_i[31:0];
  assign y  = p_i[63:32];
  assign z  = p_i[95:64];
  assign w  = p_i[127:96];
  assign nx = {~x[31], x[30:0]};
  assign ny = {~y[31], y[30:0]};
  assign nz = {~z[31], z[30:0]};

  prim_sf_add u_near (.a_i(z), .b_i(w), .z_o(near_gl));
  assign d[0] = dx_i ? z : near_gl;
  prim_sf_add u_far (.a_i(w), .b_i(nz), .z_o(d[1]));
  prim_sf_mul u_mhc (.a_i(gb_i[95:64]),  .b_i(w), .zmode_i(1'b0), .z_o(mhc));
  prim_sf_mul u_mvc (.a_i(gb_i[31:0]),   .b_i(w), .zmode_i(1'b0), .z_o(mvc));
  prim_sf_mul u_mhd (.a_i(gb_i[127:96]), .b_i(w), .zmode_i(1'b0), .z_o(mhd));
  prim_sf_mul u_mvd (.a_i(gb_i[63:32]),  .b_i(w), .zmode_i(1'b0), .z_o(mvd));
  prim_sf_add u_l  (.a_i(mhc), .b_i(x),  .z_o(d[2]));
  prim_sf_add u_r  (.a_i(mhc), .b_i(nx), .z_o(d[3]));
  prim_sf_add u_b  (.a_i(mvc), .b_i(y),  .z_o(d[4]));
  prim_sf_add u_t  (.a_i(mvc), .b_i(ny), .z_o(d[5]));
  prim_sf_add u_dl (.a_i(mhd), .b_i(x),  .z_o(d[12]));
  prim_sf_add u_dr (.a_i(mhd), .b_i(nx), .z_o(d[13]));
  prim_sf_add u_db (.a_i(mvd), .b_i(y),  .z_o(d[14]));
  prim_sf_add u_dt (.a_i(mvd), .b_i(ny), .z_o(d[15]));

  for (genvar j = 0; j < 6; j++) begin : g_ucp
    prim_sf_dp4 u_dp (.a_i(p_i), .b_i(ucp_i[128*j+:128]), .zmode_i(1'b0), .z_o(d[6+j]));
  end

  for (genvar k = 0; k < 16; k++) begin : g_cmp
    prim_sf_cmp u_cmp (.a_i(32'h0), .b_i(d[k]), .lt_o(unused_lt[k]), .le_o(le[k]), .eq_o(unused_eq[k]));
    assign oc_o[k] = ~le[k];
  end

endmodule
