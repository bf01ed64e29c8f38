// r5xx_raster_rsint: the values of one quad record at the four pixels of a quad
// (docs/blocks/r5xx.raster.md "Interpolation on the sf datapath"): barycentric weights from the exact
// integer edge functions (triangle) or the major-axis parameter (line) converted by cvt and scaled
// by one reciprocal, q = slot 0's w interpolated and its reciprocal, c*q interpolated and
// multiplied by it; constants as they are; a point's value is its vertex's.  Every float op is
// the shared sf datapath (rtl/prim/prim_sf_*).  Combinational.
module r5xx_raster_rsint #(
  parameter bit [31:0] AW = 1606
) (
  input  logic [1:0]    kind_i,        // 0 point, 1 line, 2 triangle
  input  logic [AW-1:0] v0_i,
  input  logic [AW-1:0] v1_i,
  input  logic [AW-1:0] v2_i,
  input  logic [47:0]   area_i,
  input  logic          subpixel_i,
  input  logic [12:0]   qx_i,
  input  logic [12:0]   qy_i,
  input  logic [31:0]   src_i,         // r5xx_raster_rsrec's sources, channel c at [8c +: 8]
  output logic [255:0]  rg_o,          // pixel p: {g, r} at [64p +: 64]
  output logic [255:0]  ba_o           // pixel p: {a, b}
);

  localparam logic [1:0] KPoint = 2'd0;
  localparam logic [1:0] KLine  = 2'd1;
  localparam logic [1:0] KTri   = 2'd2;
  localparam logic [31:0] Neg   = 32'h8000_0000;

  logic [AW-1:0]      v [3];
  logic signed [47:0] x [3];
  logic signed [47:0] y [3];
  logic [31:0]        q [3];

  assign v[0] = v0_i;
  assign v[1] = v1_i;
  assign v[2] = v2_i;

  for (genvar i = 0; i < 3; i++) begin : g_v
    assign x[i] = 48'($signed(v[i][AW-1 -: 19]));
    assign y[i] = 48'($signed(v[i][AW-20 -: 19]));
    assign q[i] = v[i][AW-39 -: 32];
  end

  logic is_tri;
  assign is_tri = kind_i == KTri;

  // ---------------------------------------------------------------------------------------------
  // shared: 1/A, the line's major axis and 1/d, q's differences
  // ---------------------------------------------------------------------------------------------
  logic [31:0]        fa, ra;
  logic               xmaj;
  logic signed [47:0] ldx, ldy, ld;
  logic [31:0]        fd, rd;
  logic [31:0]        dq1, dq2;

  r5xx_raster_cvt u_cvt_a (.n_i ($signed(area_i)), .z_o (fa));
  prim_sf_rcp u_rcp_a (.a_i (fa), .z_o (ra));

  assign ldx  = x[1] - x[0];
  assign ldy  = y[1] - y[0];
  assign xmaj = (ldx < 0 ? -ldx : ldx) >= (ldy < 0 ? -ldy : ldy);
  assign ld   = xmaj ? ldx : ldy;

  r5xx_raster_cvt u_cvt_d (.n_i (ld < 0 ? -ld : ld), .z_o (fd));
  prim_sf_rcp u_rcp_d (.a_i (fd), .z_o (rd));

  prim_sf_add u_dq1 (.a_i (q[1]), .b_i (q[0] ^ Neg), .z_o (dq1));
  prim_sf_add u_dq2 (.a_i (q[2]), .b_i (q[0] ^ Neg), .z_o (dq2));

  // ---------------------------------------------------------------------------------------------
  // per channel: the vertices' values, c*q and its differences
  // ---------------------------------------------------------------------------------------------
  logic [31:0] c0 [4];
  logic [31:0] t0 [4];
  logic [31:0] d1 [4];
  logic [31:0] d2 [4];

  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [5:0]  j;
    logic [31:0] cv [3];
    logic [31:0] tv [3];
    assign j = src_i[8*c +: 6];
    for (genvar i = 0; i < 3; i++) begin : g_i
      assign cv[i] = v[i][32*j +: 32];
      prim_sf_mul u_t (.a_i (cv[i]), .b_i (q[i]), .zmode_i (1'b0), .z_o (tv[i]));
    end
    assign c0[c] = cv[0];
    assign t0[c] = tv[0];
    prim_sf_add u_d1 (.a_i (tv[1]), .b_i (tv[0] ^ Neg), .z_o (d1[c]));
    prim_sf_add u_d2 (.a_i (tv[2]), .b_i (tv[0] ^ Neg), .z_o (d2[c]));
  end

  // ---------------------------------------------------------------------------------------------
  // per pixel
  // ---------------------------------------------------------------------------------------------
  for (genvar p = 0; p < 4; p++) begin : g_pix
    logic [12:0]        px, py;
    logic signed [47:0] sx, sy;
    logic signed [47:0] w1, w2, lt;
    logic [31:0]        fw1, fw2, flt;
    logic [31:0]        b1t, b2t, b1l, b1, b2;
    logic [31:0]        xq, yq, qq, rq;

    assign px = qx_i + 13'(p % 2);
    assign py = qy_i + 13'(p / 2);
    assign sx = subpixel_i ? 48'({px, 4'd8}) : 48'(px) * 48'd12 + 48'd6;
    assign sy = subpixel_i ? 48'({py, 4'd8}) : 48'(py) * 48'd12 + 48'd6;

    // w1 = e2 (v2 -> v0), w2 = e0 (v0 -> v1)
    logic signed [47:0] lt0;
    assign w1  = (x[0] - x[2]) * (sy - y[2]) - (y[0] - y[2]) * (sx - x[2]);
    assign w2  = (x[1] - x[0]) * (sy - y[0]) - (y[1] - y[0]) * (sx - x[0]);
    assign lt0 = xmaj ? sx - x[0] : sy - y[0];
    assign lt  = (ld < 0) ? -lt0 : lt0;

    r5xx_raster_cvt u_cw1 (.n_i (w1), .z_o (fw1));
    r5xx_raster_cvt u_cw2 (.n_i (w2), .z_o (fw2));
    r5xx_raster_cvt u_clt (.n_i (lt), .z_o (flt));
    prim_sf_mul u_b1t (.a_i (fw1), .b_i (ra), .zmode_i (1'b0), .z_o (b1t));
    prim_sf_mul u_b2t (.a_i (fw2), .b_i (ra), .zmode_i (1'b0), .z_o (b2t));
    prim_sf_mul u_b1l (.a_i (flt), .b_i (rd), .zmode_i (1'b0), .z_o (b1l));

    assign b1 = is_tri ? b1t : b1l;
    assign b2 = b2t;

    prim_sf_mad u_xq (.a_i (b1), .b_i (dq1), .c_i (q[0]), .zmode_i (1'b0), .z_o (xq));
    prim_sf_mad u_yq (.a_i (b2), .b_i (dq2), .c_i (xq), .zmode_i (1'b0), .z_o (yq));
    assign qq = is_tri ? yq : xq;
    prim_sf_rcp u_rq (.a_i (qq), .z_o (rq));

    logic [31:0] ch [4];

    for (genvar c = 0; c < 4; c++) begin : g_c
      logic [31:0] xv, yv, lv, val;
      prim_sf_mad u_x (.a_i (b1), .b_i (d1[c]), .c_i (t0[c]), .zmode_i (1'b0), .z_o (xv));
      prim_sf_mad u_y (.a_i (b2), .b_i (d2[c]), .c_i (xv), .zmode_i (1'b0), .z_o (yv));
      assign lv = is_tri ? yv : xv;
      prim_sf_mul u_v (.a_i (lv), .b_i (rq), .zmode_i (1'b0), .z_o (val));
      always_comb begin
        unique case (src_i[8*c+6 +: 2])
          2'd1:    ch[c] = 32'h0000_0000;
          2'd2:    ch[c] = 32'h3F80_0000;
          default: ch[c] = (kind_i == KPoint) ? c0[c] : val;
        endcase
      end
    end

    assign rg_o[64*p +: 64] = {ch[1], ch[0]};
    assign ba_o[64*p +: 64] = {ch[3], ch[2]};
  end

  logic unused_bits;
  assign unused_bits = ^{KLine};

endmodule
