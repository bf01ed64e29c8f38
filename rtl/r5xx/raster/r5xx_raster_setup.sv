// r5xx_raster_setup: the setup of one primitive (docs/blocks/r5xx.raster.md "Setup of a primitive"),
// computed in the SETUP cycle from the primitive queue's head and the registers, and held for
// the walk (load_i at the edge that ends SETUP).  Triangles: cross product, facing, culling,
// provoking vertex, normalisation to positive edges; points and lines: their quads; every
// primitive: up to four edges with their tie bits, the interpolation set-up, the polygon
// offset (constant and slope terms) and the pixel box clipped to the scissor.  walk_o, px0_o, py0_o are the
// combinational results for the FSM; everything else is the held set-up.
module r5xx_raster_setup #(
  parameter bit [31:0] VW = 126,
  localparam bit [31:0] PW = 2 + 3 * VW
) (
  input  logic                clk_i,
  input  logic                rst_ni,

  input  logic                load_i,
  input  logic [PW-1:0]       prim_i,
  input  logic                subpixel_i,
  input  logic [31:0]         point_size_i,
  input  logic [15:0]         line_width_i,
  input  logic [1:0]          provoking_i,
  input  logic [31:0]         ps_front_i,  // SU_POLY_OFFSET_FRONT_SCALE
  input  logic [31:0]         po_front_i,
  input  logic [31:0]         ps_back_i,   // SU_POLY_OFFSET_BACK_SCALE
  input  logic [31:0]         po_back_i,
  input  logic [2:0]          po_enable_i,
  input  logic [2:0]          cull_i,
  input  logic [29:0]         edgerule_i,
  input  logic [51:0]         scissor_i,

  // combinational, for the FSM
  output logic                walk_o,
  output logic [12:0]         px0_o,
  output logic [12:0]         py0_o,

  // held set-up
  output logic [1:0]          kind_o,      // 0 point, 1 line, 2 triangle
  output logic                quad_o,      // four edges (point, line)
  output logic [87:0]         exi_o,       // edge k: start x at [22k +: 22]
  output logic [87:0]         eyi_o,
  output logic [91:0]         edx_o,       // edge k: xj - xi at [23k +: 23]
  output logic [91:0]         edy_o,
  output logic [3:0]          ein_o,       // edge k: E == 0 is inside
  output logic                lymaj_o,     // line: y-major
  output logic signed [21:0]  lorg_o,      // line: X0 (x-major) or Y0
  output logic                lneg_o,      // line: d < 0
  output logic [47:0]         den_o,       // A, |d| or 1
  output logic [87:0]         c0_o,        // {Z, A, R, G, B} of vertices 0, 1, 2 (normalised)
  output logic [87:0]         c1_o,
  output logic [87:0]         c2_o,
  output logic [63:0]         flat_o,      // the provoking vertex's colour
  output logic signed [26:0]  po_o,
  output logic                back_o,
  output logic [12:0]         px1_o,
  output logic [12:0]         py1_o,
  output logic [12:0]         bx0_o        // the box's first column, for the walk's rows
);

  localparam logic [1:0] KLine  = 2'd1;
  localparam logic [1:0] KTri   = 2'd2;

  // ---------------------------------------------------------------------------------------------
  // The listed vertices
  // ---------------------------------------------------------------------------------------------
  logic [1:0]         kind;
  logic [VW-1:0]      v [3];
  logic signed [21:0] vx [3];
  logic signed [21:0] vy [3];
  logic [87:0]        vc [3];      // {Z, colour}

  assign kind = prim_i[PW-1 -: 2];
  for (genvar i = 0; i < 3; i++) begin : g_v
    assign v[i]  = prim_i[(2-i)*VW +: VW];
    assign vx[i] = 22'($signed(v[i][125:107]));
    assign vy[i] = 22'($signed(v[i][106:88]));
    assign vc[i] = v[i][87:0];
  end

  logic [4:0]  s;
  logic [4:0]  half;

  assign s    = subpixel_i ? 5'd16 : 5'd12;
  assign half = subpixel_i ? 5'd8 : 5'd6;

  // ---------------------------------------------------------------------------------------------
  // Triangle
  // ---------------------------------------------------------------------------------------------
  logic signed [47:0] t_cross;
  logic               t_front;
  logic               t_cull;
  logic               t_swap;
  logic [47:0]        t_area;

  logic signed [22:0] tdx1, tdy1, tdx2, tdy2;

  assign tdx1    = 23'(vx[1]) - 23'(vx[0]);
  assign tdy1    = 23'(vy[1]) - 23'(vy[0]);
  assign tdx2    = 23'(vx[2]) - 23'(vx[0]);
  assign tdy2    = 23'(vy[2]) - 23'(vy[0]);
  assign t_cross = 48'(tdx1) * 48'(tdy2) - 48'(tdx2) * 48'(tdy1);
  assign t_front = (t_cross > 0) ^ cull_i[2];
  assign t_cull  = t_cross == 0 || (t_front && cull_i[0]) || (!t_front && cull_i[1]);
  assign t_swap  = t_cross < 0;
  assign t_area  = t_swap ? 48'(-t_cross) : 48'(t_cross);

  // ---------------------------------------------------------------------------------------------
  // Point
  // ---------------------------------------------------------------------------------------------
  logic signed [21:0] pw;
  logic signed [21:0] ph;
  logic               p_zero;

  assign pw     = {6'd0, point_size_i[31:16]};
  assign ph     = {6'd0, point_size_i[15:0]};
  assign p_zero = pw == 0 || ph == 0;

  // ---------------------------------------------------------------------------------------------
  // Line
  // ---------------------------------------------------------------------------------------------
  logic signed [21:0] ldx, ldy, adx, ady;
  logic signed [21:0] ll;
  logic               l_zero;
  logic               l_xmaj;
  logic signed [21:0] ox, oy;
  logic signed [21:0] lqx [4];
  logic signed [21:0] lqy [4];
  logic signed [47:0] lcross;
  logic               l_rev;
  logic [4:0]         l_rule;

  assign ldx    = vx[1] - vx[0];
  assign ldy    = vy[1] - vy[0];
  assign adx    = (ldx < 0) ? -ldx : ldx;
  assign ady    = (ldy < 0) ? -ldy : ldy;
  assign ll     = {6'd0, line_width_i};
  assign l_zero = (ldx == 0 && ldy == 0) || ll == 0;
  assign l_xmaj = adx >= ady;
  assign ox     = l_xmaj ? 22'sd0 : ll;
  assign oy     = l_xmaj ? ll : 22'sd0;
  assign lqx[0] = vx[0] - ox;
  assign lqy[0] = vy[0] - oy;
  assign lqx[1] = vx[1] - ox;
  assign lqy[1] = vy[1] - oy;
  assign lqx[2] = vx[1] + ox;
  assign lqy[2] = vy[1] + oy;
  assign lqx[3] = vx[0] + ox;
  assign lqy[3] = vy[0] + oy;
  logic signed [22:0] qdx1, qdy1, qdx2, qdy2;

  assign qdx1   = 23'(lqx[1]) - 23'(lqx[0]);
  assign qdy1   = 23'(lqy[1]) - 23'(lqy[0]);
  assign qdx2   = 23'(lqx[2]) - 23'(lqx[0]);
  assign qdy2   = 23'(lqy[2]) - 23'(lqy[0]);
  assign lcross = 48'(qdx1) * 48'(qdy2) - 48'(qdx2) * 48'(qdy1);
  assign l_rev  = lcross < 0;

  always_comb begin
    if (l_xmaj) begin
      l_rule = (ldx > 0) ? edgerule_i[14:10] : edgerule_i[19:15];
    end else begin
      l_rule = (ldy > 0) ? edgerule_i[24:20] : edgerule_i[29:25];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Corners and edges of the primitive
  // ---------------------------------------------------------------------------------------------
  logic signed [21:0] cx [4];
  logic signed [21:0] cy [4];
  logic               quad;
  logic [4:0]         rule;
  logic               nowalk;     // culled, degenerate or zero-size
  logic               back;
  logic [87:0]        a0, a1, a2;
  logic [87:0]        pv;

  // Every variable is assigned once on every path, no default first: under Icarus 11 a default
  // overwritten in the same run is a glitch its readers see, and this block's glitches kept one
  // time step from ever ending (docs/export.md, "Icarus and glitches").
  always_comb begin
    unique case (kind)
      KTri: begin
        quad   = 1'b0;
        rule   = edgerule_i[4:0];
        nowalk = t_cull;
        back   = !t_front;
        cx[0]  = vx[0];
        cy[0]  = vy[0];
        cx[1]  = t_swap ? vx[2] : vx[1];
        cy[1]  = t_swap ? vy[2] : vy[1];
        cx[2]  = t_swap ? vx[1] : vx[2];
        cy[2]  = t_swap ? vy[1] : vy[2];
        cx[3]  = t_swap ? vx[1] : vx[2];   // unused: a triangle has three corners
        cy[3]  = t_swap ? vy[1] : vy[2];
        a0     = vc[0];
        a1     = t_swap ? vc[2] : vc[1];
        a2     = t_swap ? vc[1] : vc[2];
        unique case (provoking_i)
          2'd0:    pv = vc[0];
          2'd1:    pv = vc[1];
          default: pv = vc[2];
        endcase
      end
      KLine: begin
        quad   = 1'b1;
        rule   = l_rule;
        nowalk = l_zero;
        back   = 1'b0;
        cx[0]  = lqx[0];
        cy[0]  = lqy[0];
        cx[1]  = l_rev ? lqx[3] : lqx[1];
        cy[1]  = l_rev ? lqy[3] : lqy[1];
        cx[2]  = lqx[2];
        cy[2]  = lqy[2];
        cx[3]  = l_rev ? lqx[1] : lqx[3];
        cy[3]  = l_rev ? lqy[1] : lqy[3];
        a0     = vc[0];
        a1     = vc[1];
        a2     = vc[2];
        pv     = (provoking_i == 2'd0) ? vc[0] : vc[1];
      end
      default: begin
        quad   = 1'b1;
        rule   = edgerule_i[9:5];
        nowalk = p_zero;
        back   = 1'b0;
        cx[0]  = vx[0] - pw;
        cy[0]  = vy[0] - ph;
        cx[1]  = vx[0] + pw;
        cy[1]  = vy[0] - ph;
        cx[2]  = vx[0] + pw;
        cy[2]  = vy[0] + ph;
        cx[3]  = vx[0] - pw;
        cy[3]  = vy[0] + ph;
        a0     = vc[0];
        a1     = vc[1];
        a2     = vc[2];
        pv     = vc[0];
      end
    endcase
  end

  // edge k from corner k to the next (a triangle's third edge closes at corner 0)
  logic signed [22:0] edx [4];
  logic signed [22:0] edy [4];
  logic [3:0]         ein;

  for (genvar k = 0; k < 4; k++) begin : g_edge
    localparam bit [31:0] Nx = (k + 1) % 4;
    if (k == 2) begin : g_k2
      assign edx[k] = quad ? 23'(cx[3]) - 23'(cx[2]) : 23'(cx[0]) - 23'(cx[2]);
      assign edy[k] = quad ? 23'(cy[3]) - 23'(cy[2]) : 23'(cy[0]) - 23'(cy[2]);
    end else begin : g_kn
      assign edx[k] = 23'(cx[Nx]) - 23'(cx[k]);
      assign edy[k] = 23'(cy[Nx]) - 23'(cy[k]);
    end

    r5xx_raster_tie #(.CW(23)) u_tie (
      .rule_i (rule),
      .dx_i   (edx[k]),
      .dy_i   (edy[k]),
      .in_o   (ein[k])
    );
  end

  // ---------------------------------------------------------------------------------------------
  // The pixel box
  // ---------------------------------------------------------------------------------------------
  logic signed [21:0] xmin, xmax, ymin, ymax;

  always_comb begin
    xmin = cx[0];
    xmax = cx[0];
    ymin = cy[0];
    ymax = cy[0];
    for (int i = 1; i < 4; i++) begin
      if (quad || i < 3) begin
        if (cx[i] < xmin) begin
          xmin = cx[i];
        end
        if (cx[i] > xmax) begin
          xmax = cx[i];
        end
        if (cy[i] < ymin) begin
          ymin = cy[i];
        end
        if (cy[i] > ymax) begin
          ymax = cy[i];
        end
      end
    end
  end

  logic signed [23:0] bxl, bxh, byl, byh;    // ceil/floor((v - S/2) / S)
  logic               unused_dz [4];

  r5xx_raster_div #(.NW(24), .DW(6), .QW(24), .Mode(2'd2)) u_dx0 (
    .n_i (24'(xmin) - 24'($signed({1'b0, half}))), .d_i ($signed({1'b0, s})),
    .q_o (bxl), .dz_o (unused_dz[0])
  );
  r5xx_raster_div #(.NW(24), .DW(6), .QW(24), .Mode(2'd1)) u_dx1 (
    .n_i (24'(xmax) - 24'($signed({1'b0, half}))), .d_i ($signed({1'b0, s})),
    .q_o (bxh), .dz_o (unused_dz[1])
  );
  r5xx_raster_div #(.NW(24), .DW(6), .QW(24), .Mode(2'd2)) u_dy0 (
    .n_i (24'(ymin) - 24'($signed({1'b0, half}))), .d_i ($signed({1'b0, s})),
    .q_o (byl), .dz_o (unused_dz[2])
  );
  r5xx_raster_div #(.NW(24), .DW(6), .QW(24), .Mode(2'd1)) u_dy1 (
    .n_i (24'(ymax) - 24'($signed({1'b0, half}))), .d_i ($signed({1'b0, s})),
    .q_o (byh), .dz_o (unused_dz[3])
  );

  // intersected with the scissor (inclusive) and [0, 8191]
  logic signed [23:0] sx0, sy0, sx1, sy1;
  logic signed [23:0] bx0, bx1, by0, by1;
  logic               empty;

  assign sx0 = {11'd0, scissor_i[12:0]};
  assign sy0 = {11'd0, scissor_i[25:13]};
  assign sx1 = {11'd0, scissor_i[38:26]};
  assign sy1 = {11'd0, scissor_i[51:39]};
  assign bx0 = (bxl > sx0) ? bxl : sx0;
  assign by0 = (byl > sy0) ? byl : sy0;
  assign bx1 = (bxh < sx1) ? bxh : sx1;
  assign by1 = (byh < sy1) ? byh : sy1;
  assign empty = bx0 > bx1 || by0 > by1;

  assign walk_o = !nowalk && !empty;
  assign px0_o  = bx0[12:0];
  assign py0_o  = by0[12:0];

  // ---------------------------------------------------------------------------------------------
  // Polygon offset: PO = PC + PS
  // ---------------------------------------------------------------------------------------------
  logic signed [25:0] pof, pob;

  r5xx_raster_fx #(.F(0), .OutW(26), .Lo(-64'sd16777216), .Hi(64'sd16777216)) u_pof (
    .f_i (po_front_i), .k_i (17'd1), .nearest_i (1'b1), .q_o (pof)
  );
  r5xx_raster_fx #(.F(0), .OutW(26), .Lo(-64'sd16777216), .Hi(64'sd16777216)) u_pob (
    .f_i (po_back_i), .k_i (17'd1), .nearest_i (1'b1), .q_o (pob)
  );

  // slope(f) on the normalised triangle: G = max(|Nx|, |Ny|) of the vertex depths,
  // PS = divr(value(f) * G, A) exactly (docs/blocks/r5xx.raster.md "Polygon offset")
  logic signed [24:0] zd1, zd2;
  logic signed [22:0] ndx1, ndy1, ndx2, ndy2;
  logic signed [49:0] gnx, gny, agx, agy;
  logic [49:0]        g;
  logic [31:0]        sf;
  logic               ss;
  logic [7:0]         se;
  logic [22:0]        sm;
  logic [73:0]        sp;          // (2^23 + m) * G
  logic signed [9:0]  ssh;         // e - 150
  logic [6:0]         sn;          // -ssh
  logic signed [123:0] snum, sden; // divr(snum, sden)
  logic signed [123:0] sq;
  logic               s_unused_dz;
  logic signed [25:0] ps;

  assign zd1  = 25'(a1[87:64]) - 25'(a0[87:64]);
  assign zd2  = 25'(a2[87:64]) - 25'(a0[87:64]);
  assign ndx1 = 23'(cx[1]) - 23'(cx[0]);
  assign ndy1 = 23'(cy[1]) - 23'(cy[0]);
  assign ndx2 = 23'(cx[2]) - 23'(cx[0]);
  assign ndy2 = 23'(cy[2]) - 23'(cy[0]);
  assign gnx  = 50'(zd1) * 50'(ndy2) - 50'(zd2) * 50'(ndy1);
  assign gny  = 50'(zd2) * 50'(ndx1) - 50'(zd1) * 50'(ndx2);
  assign agx  = (gnx < 0) ? -gnx : gnx;
  assign agy  = (gny < 0) ? -gny : gny;
  assign g    = (agx > agy) ? agx : agy;

  assign sf   = back ? ps_back_i : ps_front_i;
  assign {ss, se, sm} = sf;
  assign sp   = {50'd0, 1'b1, sm} * {24'd0, g};
  assign ssh  = $signed({2'd0, se}) - 10'sd150;
  assign sn   = 7'(-ssh);

  always_comb begin
    snum = ss ? -$signed({50'd0, sp}) : $signed({50'd0, sp});
    sden = $signed({76'd0, t_area});
    if (ssh >= 10'sd0) begin
      snum = snum <<< ssh;
    end else begin
      sden = sden <<< sn;
    end
  end

  r5xx_raster_div #(.NW(124), .DW(124), .QW(124), .Mode(2'd1)) u_slope (
    .n_i    ((snum <<< 1) + sden),
    .d_i    (sden <<< 1),
    .q_o    (sq),
    .dz_o   (s_unused_dz)
  );

  always_comb begin
    if ((se == 8'hFF && sm != '0) || se == 8'h00 || g == '0) begin
      ps = '0;
    end else if (se == 8'hFF || ssh >= 10'sd40) begin
      ps = ss ? -26'sd16777216 : 26'sd16777216;
    end else if (ssh < -10'sd71) begin
      ps = '0;
    end else if (sq < -124'sd16777216) begin
      ps = -26'sd16777216;
    end else if (sq > 124'sd16777216) begin
      ps = 26'sd16777216;
    end else begin
      ps = 26'(sq);
    end
  end

  logic signed [26:0] po;

  always_comb begin
    if (kind == KTri) begin
      if (!back) begin
        po = po_enable_i[0] ? 27'(pof) + 27'(ps) : '0;
      end else begin
        po = po_enable_i[1] ? 27'(pob) + 27'(ps) : '0;
      end
    end else begin
      po = (po_enable_i[2] && po_enable_i[0]) ? 27'(pof) : '0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Interpolation set-up
  // ---------------------------------------------------------------------------------------------
  logic [47:0] den;

  always_comb begin
    unique case (kind)
      KTri:    den = t_area;
      KLine:   den = l_xmaj ? 48'(adx) : 48'(ady);
      default: den = 48'd1;
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // The held set-up
  // ---------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      kind_o  <= '0;
      quad_o  <= 1'b0;
      exi_o   <= '0;
      eyi_o   <= '0;
      edx_o   <= '0;
      edy_o   <= '0;
      ein_o   <= '0;
      lymaj_o <= 1'b0;
      lorg_o  <= '0;
      lneg_o  <= 1'b0;
      den_o   <= '0;
      c0_o    <= '0;
      c1_o    <= '0;
      c2_o    <= '0;
      flat_o  <= '0;
      po_o    <= '0;
      back_o  <= 1'b0;
      px1_o   <= '0;
      py1_o   <= '0;
      bx0_o   <= '0;
    end else if (load_i) begin
      kind_o  <= kind;
      quad_o  <= quad;
      for (int k = 0; k < 4; k++) begin
        exi_o[22*k +: 22] <= cx[k];
        eyi_o[22*k +: 22] <= cy[k];
        edx_o[23*k +: 23] <= edx[k];
        edy_o[23*k +: 23] <= edy[k];
      end
      ein_o   <= ein;
      lymaj_o <= !l_xmaj;
      lorg_o  <= l_xmaj ? vx[0] : vy[0];
      lneg_o  <= l_xmaj ? ldx < 0 : ldy < 0;
      den_o   <= den;
      c0_o    <= a0;
      c1_o    <= a1;
      c2_o    <= a2;
      flat_o  <= pv[63:0];
      po_o    <= po;
      back_o  <= back;
      px1_o   <= bx1[12:0];
      py1_o   <= by1[12:0];
      bx0_o   <= bx0[12:0];
    end
  end

  logic unused_bits;
  assign unused_bits = ^{pv[87:64], s_unused_dz, sq[123:26], bx1[23:13], by1[23:13], bx0[23:13], by0[23:13],
                         unused_dz[0], unused_dz[1], unused_dz[2], unused_dz[3]};

endmodule
