// r5xx_clip_vte: the perspective divide and viewport transform of one position by VAP_VTE_CNTL
// (docs/blocks/r5xx.clip.md "VTE").  Purely combinational; C twin clip_vte().
module r5xx_clip_vte (
  input  logic [127:0] p_i,
  input  logic [31:0]  cntl_i,
  input  logic [191:0] vport_i,   // XS, XO, YS, YO, ZS, ZO
  output logic [127:0] q_o
);

  logic [31:0] rcpw, rw;
  logic [31:0] dv [3];
  logic [31:0] md [3];
  logic [31:0] sc [3];
  logic [31:0] so [3];
  logic [31:0] of [3];

  logic unused_cntl;
  assign unused_cntl = ^{cntl_i[31:11], cntl_i[7:6]};

  prim_sf_rcp u_rcp (.a_i(p_i[127:96]), .z_o(rcpw));
  assign rw = cntl_i[10] ? rcpw : p_i[127:96];

  for (genvar a = 0; a < 3; a++) begin : g_axis
    logic fmt;
    assign fmt = (a == 2) ? cntl_i[9] : cntl_i[8];
    prim_sf_mul u_div (.a_i(p_i[32*a+:32]), .b_i(rw), .zmode_i(1'b0), .z_o(md[a]));
    assign dv[a] = fmt ? p_i[32*a+:32] : md[a];
    prim_sf_mul u_sc (.a_i(dv[a]), .b_i(vport_i[64*a+:32]), .zmode_i(1'b0), .z_o(sc[a]));
    assign so[a] = cntl_i[2*a] ? sc[a] : dv[a];
    prim_sf_add u_of (.a_i(so[a]), .b_i(vport_i[64*a+32+:32]), .z_o(of[a]));
    assign q_o[32*a+:32] = cntl_i[2*a+1] ? of[a] : so[a];
  end
  assign q_o[127:96] = rw;

endmodule
