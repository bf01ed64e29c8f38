// r5xx_gfx2d: the R5xx 2D engine (docs/blocks/r5xx.gfx2d.md; the C twin is model/r5xx/gfx2d/).
// One state machine: HDR takes the CP's packet record, BODY parses GUI_CONTROL and the optional
// SETUP_BODY dwords (one phase per cycle, an absent phase costs one cycle) and the packet's
// rectangle records, SETUP clips a rectangle, then per pixel PX (pattern) -> RS/WS (source read)
// -> RD/WD (destination read) -> WR (write) -> PIX (the pixel record).  Every output is a
// function of the state only.
module r5xx_gfx2d (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        pkt_valid_i,
  output logic        pkt_ready_o,
  input  logic [1:0]  pkt_stream_i,
  input  logic [1:0]  pkt_type_i,
  input  logic [7:0]  pkt_opcode_i,
  input  logic [13:0] pkt_count_i,
  input  logic [22:0] pkt_ptr_i,
  input  logic [2:0]  pkt_err_i,

  input  logic        body_valid_i,
  output logic        body_ready_o,
  input  logic [31:0] body_data_i,
  input  logic        body_last_i,

  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        pix_valid_o,
  input  logic        pix_ready_i,
  output logic [15:0] pix_pkt_o,
  output logic [13:0] pix_x_o,
  output logic [13:0] pix_y_o,
  output logic [31:0] pix_src_o,
  output logic [31:0] pix_pat_o,
  output logic [31:0] pix_dst_o,
  output logic [7:0]  pix_rop_o,
  output logic [31:0] pix_res_o,

  output logic        idle_o
);

  typedef enum logic [4:0] {
    SHdr, SBody, SSkip, SSetup, SPx, SRs, SWs, SRd, SWd, SWr, SPix, SHsetup, SHd, SHpx, SHdrain, SLsetup, SLpx
  } state_e;

  logic [4:0]   st_q, st_d;   // state_e values (a plain vector: Icarus 11 wants casts on enum ternaries)
  logic [15:0]  cnt_q, cnt_d, cur_q, cur_d;
  logic [7:0]   op_q, op_d;
  logic [31:0]  gui_q, gui_d;
  logic [3:0]   ph_q, ph_d;
  logic [6:0]   bi_q, bi_d;
  logic [2:0]   k_q, k_d;
  logic [31:0]  d0_q, d0_d, d1_q, d1_d, d2_q, d2_d;
  logic         lastq_q, lastq_d;
  logic [31:0]  src_po_q, src_po_d, dst_po_q, dst_po_d, src_br_q, src_br_d;
  logic [31:0]  sc_tl_q, sc_tl_d, sc_br_q, sc_br_d;
  logic [31:0]  bg_q, bg_d, fg_q, fg_d, m1_q, m1_d, m2_q, m2_d;
  logic [13:0]  x_q, x_d, y_q, y_d, xa_q, xa_d, xb_q, xb_d, yb_q, yb_d;
  logic         xdir_q, xdir_d, ydir_q, ydir_d, ns_q, ns_d, nd_q, nd_d;
  logic signed [17:0] ddx_q, ddx_d, ddy_q, ddy_d;
  logic [31:0]  sv_q, sv_d, dv_q, dv_d;
  logic [31:0]  cmp_q, cmp_d, sref_q, sref_d, dref_q, dref_d, hfg_q, hfg_d, hbg_q, hbg_d;
  logic signed [17:0] hx_q, hx_d, hy_q, hy_d, hxa_q, hxa_d, hxb_q, hxb_d, hyb_q, hyb_d;
  logic [31:0]  rs_q, rs_d;
  logic [4:0]   bp_q, bp_d;
  logic [13:0]  rn_q, rn_d;
  logic signed [17:0] ldx_q, ldx_d, ldy_q, ldy_d, lerr_q, lerr_d;
  logic [4:0]   pc_q, pc_d;
  logic [13:0]  nl_q, nl_d;
  logic [31:0]  syx_q, syx_d, dyx_q, dyx_d, wm_q, wm_d;   // SRC_Y_X, DST_Y_X, DP_WRITE_MASK
  logic [1:0]   dpc_q, dpc_d;   // DP_CNTL: [0] X left to right, [1] Y top to bottom
  logic         ro_q, ro_d, rb_q, rb_d;  // a register-triggered operation; it is a blit
  logic [31:0]  cbr_q [64];     // the 8x8 colour brush's dwords
  logic         cbr_we;

  // No function is called from the always_comb blocks below: Icarus 11 makes an always_comb
  // sensitive to the variables of the functions it calls, so two blocks calling one function
  // wake each other for ever (docs/export.md).  The 14-bit signed coordinates of the registers,
  // sign-extended to 18 bits, are nets instead, and the max/min are written out.
  logic signed [17:0] d0_xs, d0_ys, d1_xs, d1_ys;             // d0/d1 [13:0] and [29:16]
  logic signed [17:0] tl_xs, tl_ys, br_xs, br_ys, sb_xs, sb_ys; // SC_TOP_LEFT, SC_BOTTOM_RIGHT, SRC_SC_BOTTOM_RIGHT
  logic signed [17:0] tl_x0, tl_y0;                           // max(SC_TOP_LEFT, 0)
  assign d0_xs = {{4{d0_q[13]}}, d0_q[13:0]};
  assign d0_ys = {{4{d0_q[29]}}, d0_q[29:16]};
  assign d1_xs = {{4{d1_q[13]}}, d1_q[13:0]};
  assign d1_ys = {{4{d1_q[29]}}, d1_q[29:16]};
  assign tl_xs = {{4{sc_tl_q[13]}}, sc_tl_q[13:0]};
  assign tl_ys = {{4{sc_tl_q[29]}}, sc_tl_q[29:16]};
  assign br_xs = {{4{sc_br_q[13]}}, sc_br_q[13:0]};
  assign br_ys = {{4{sc_br_q[29]}}, sc_br_q[29:16]};
  assign sb_xs = {{4{src_br_q[13]}}, src_br_q[13:0]};
  assign sb_ys = {{4{src_br_q[29]}}, src_br_q[29:16]};
  assign tl_x0 = (tl_xs > 18'sd0) ? tl_xs : 18'sd0;
  assign tl_y0 = (tl_ys > 18'sd0) ? tl_ys : 18'sd0;

  // a brush or host-data colour is already a pixel of the destination type, as the drivers write
  // it (docs/blocks/r5xx.gfx2d.md, D13); the users mask it to the pixel size

  // ---- decoded settings ----
  logic [3:0]  btype;
  logic [1:0]  bpp;
  logic [31:0] pmask;
  logic [7:0]  rop;
  logic [6:0]  bcnt;
  logic        present;
  logic [1:0]  rec_len;

  assign btype = gui_q[7:4];
  assign rop   = gui_q[23:16];

  always_comb begin
    unique case (gui_q[11:8])
      4'd2, 4'd7, 4'd8, 4'd9:          bpp = 2'd0;
      4'd3, 4'd4, 4'd11, 4'd12, 4'd15: bpp = 2'd1;
      default:                         bpp = 2'd2;
    endcase
    pmask = (bpp == 2'd2) ? 32'hFFFF_FFFF : (bpp == 2'd1) ? 32'h0000_FFFF : 32'h0000_00FF;
    unique case (btype)
      4'd0:        bcnt = 7'd4;
      4'd1, 4'd6:  bcnt = 7'd3;
      4'd7:        bcnt = 7'd2;
      4'd10:       bcnt = 7'd16 << bpp;
      4'd13, 4'd14: bcnt = 7'd1;
      default:     bcnt = 7'd0;
    endcase
    unique case (ph_q)
      4'd0:       present = (op_q != 8'h1E);
      4'd1:       present = gui_q[0] && (op_q != 8'h1E);
      4'd2:       present = gui_q[1] && (op_q != 8'h1E);
      4'd3:       present = gui_q[2] && (op_q != 8'h1E);
      4'd4, 4'd5: present = gui_q[3] || (op_q == 8'h1E);
      4'd6:       present = (bi_q < bcnt) && (op_q != 8'h1E);
      4'd7:       present = gui_q[31] && (op_q != 8'h1E);
      default:    present = 1'b1;
    endcase
    unique case (op_q)
      8'h91, 8'h9A: rec_len = 2'd2;
      8'h92, 8'h9B, 8'h9C: rec_len = 2'd3;
      default:      rec_len = 2'd0;
    endcase
  end

  // ---- pattern ----
  logic [31:0] prow;
  logic [7:0]  pbyte;
  logic [2:0]  pcol;
  logic        pbit;
  logic        penbit;
  logic [5:0]  cidx, cwidx;
  logic [31:0] cword, cpix;
  logic [31:0] pat;
  always_comb begin
    prow  = y_q[2] ? m2_q : m1_q;
    pbyte = prow[{y_q[1:0], 3'b000} +: 8];
    pcol  = gui_q[14] ? ~x_q[2:0] : x_q[2:0];
    pbit  = pbyte[pcol];
    penbit = gui_q[14] ? m1_q[5'd31 - pc_q] : m1_q[pc_q];
    cidx   = {y_q[2:0], x_q[2:0]};
    cwidx  = cidx >> (2'd2 - bpp);
    cword  = cbr_q[cwidx];
    unique case (bpp)
      2'd0:    cpix = cword >> {cidx[1:0], 3'b000};
      2'd1:    cpix = cword >> {cidx[0], 4'b0000};
      default: cpix = cword;
    endcase
    unique case (btype)
      4'd0, 4'd1:                pat = pbit ? fg_q : bg_q;
      4'd6, 4'd7, 4'd13, 4'd14: pat = fg_q;
      4'd10:                     pat = cpix;
      default:                   pat = 32'd0;
    endcase
    if (op_q == 8'h95 && btype == 4'd6) pat = penbit ? fg_q : bg_q;
    pat = pat & pmask;
  end

  // ---- ROP3 ----
  logic [31:0] res;
  always_comb begin
    for (int i = 0; i < 32; i++) begin
      res[i] = rop[{pat[i], sv_q[i], dv_q[i]}];
    end
    res = res & pmask;
  end

  // ---- DP_WRITE_MASK (GMC_WR_MSK_DIS, DP_GUI_MASTER_CNTL[30], turns it off) ----
  logic [31:0] wm, resw;
  logic        wpart;
  assign wm    = gui_q[30] ? 32'hFFFF_FFFF : wm_q;
  assign wpart = (wm & pmask) != pmask;
  assign resw  = ((res & wm) | (dv_q & ~wm)) & pmask;

  // ---- TRANS_BITBLT colour compare ----
  logic sok, dpr, wen;
  always_comb begin
    unique case (cmp_q[2:0])
      3'd1:    sok = 1'b0;
      3'd4:    sok = (sv_q == (sref_q & pmask));
      3'd5:    sok = (sv_q != (sref_q & pmask));
      default: sok = 1'b1;
    endcase
    unique case (cmp_q[10:8])
      3'd1:    dpr = 1'b1;
      3'd4:    dpr = (dv_q == (dref_q & pmask));
      3'd5:    dpr = (dv_q != (dref_q & pmask));
      default: dpr = 1'b0;
    endcase
    if (op_q != 8'h9C)              wen = 1'b1;
    else if (cmp_q[25:24] == 2'd0)  wen = !dpr;
    else if (cmp_q[25:24] == 2'd1)  wen = sok;
    else                            wen = sok && !dpr;
  end

  // ---- HOSTDATA_BLT ----
  // SRC_TYPE 3 (colour, D25): raw pixels of the destination type, 4 >> bpp to a raster dword,
  // the first in the low bits; bp_q counts pixels, the dword ends after hlast
  logic hbit, hclip, hnext_row, hdone, hcol;
  logic [4:0] hlast;
  logic [31:0] hpix;
  logic signed [17:0] hw, hh;
  always_comb begin
    hbit  = gui_q[14] ? rs_q[bp_q] : rs_q[5'd31 - bp_q];
    hcol  = (gui_q[13:12] == 2'd3);
    hlast = !hcol ? 5'd31 : (bpp == 2'd0) ? 5'd3 : (bpp == 2'd1) ? 5'd1 : 5'd0;
    unique case (bpp)
      2'd0:    hpix = (rs_q >> {bp_q[1:0], 3'b000}) & 32'h0000_00FF;
      2'd1:    hpix = (rs_q >> {bp_q[0], 4'b0000}) & 32'h0000_FFFF;
      default: hpix = rs_q;
    endcase
    hclip = (hx_q >= tl_x0) && (hx_q < br_xs) && (hy_q >= tl_y0) && (hy_q < br_ys);
    hw = $signed({4'd0, d1_q[13:0]});
    hh = $signed({4'd0, d1_q[29:16]});
    hnext_row = (hx_q == hxb_q) && (hy_q != hyb_q);
    hdone = (hx_q == hxb_q) && (hy_q == hyb_q);
  end

  // ---- POLYLINE ----
  logic signed [17:0] lx0, ly0, lx1, ly1, le2, lnx, lny, lne;
  always_comb begin
    lx0 = d0_xs;
    ly0 = d0_ys;
    lx1 = d1_xs;
    ly1 = d1_ys;
    le2 = lerr_q <<< 1;
    lnx = hx_q;
    lny = hy_q;
    lne = lerr_q;
    if (le2 > -ldy_q) begin
      lne = lne - ldy_q;
      lnx = xdir_q ? hx_q - 18'sd1 : hx_q + 18'sd1;
    end
    if (le2 < ldx_q) begin
      lne = lne + ldx_q;
      lny = ydir_q ? hy_q - 18'sd1 : hy_q + 18'sd1;
    end
  end

  // ---- addresses ----
  logic [31:0] daddr, saddr;
  logic [13:0] sxc, syc;
  logic signed [17:0] sxs, sys;
  assign sxs = $signed({4'd0, x_q}) + ddx_q;
  assign sys = $signed({4'd0, y_q}) + ddy_q;
  assign sxc = sxs[13:0];
  assign syc = sys[13:0];

  logic [14:0] dpitch, spitch;
  assign dpitch = {1'b0, dst_po_q[29:22], 6'd0} >> bpp;
  assign spitch = {1'b0, src_po_q[29:22], 6'd0} >> bpp;

  r5xx_tile_addr u_dst_addr (
    .base_i  ({dst_po_q[21:0], 10'd0}),
    .pitch_i (dpitch),
    .bpp_i   ({1'b0, bpp}),
    .macro_i (dst_po_q[30]),
    .micro_i ({1'b0, dst_po_q[31]}),
    .x_i     (x_q),
    .y_i     (y_q),
    .addr_o  (daddr)
  );

  r5xx_tile_addr u_src_addr (
    .base_i  ({src_po_q[21:0], 10'd0}),
    .pitch_i (spitch),
    .bpp_i   ({1'b0, bpp}),
    .macro_i (src_po_q[30]),
    .micro_i ({1'b0, src_po_q[31]}),
    .x_i     (sxc),
    .y_i     (syc),
    .addr_o  (saddr)
  );

  // ---- outputs (from the state only) ----
  logic        rd, wr;
  logic [31:0] a;
  assign rd = (st_q == SRs) || (st_q == SRd);
  assign wr = (st_q == SWr) && wen;
  assign a  = (st_q == SRs) ? saddr : (rd || wr) ? daddr : 32'd0;

  assign pkt_ready_o    = (st_q == SHdr) && !regw_valid_i;
  assign regw_ready_o   = (st_q == SHdr);
  assign body_ready_o   = ((st_q == SBody) && present) || (st_q == SSkip) || (st_q == SHd) ||
                          (st_q == SHdrain);
  assign memrsp_ready_o = 1'b1;
  assign memreq_valid_o = rd || wr;
  assign memreq_addr_o  = {a[31:2], 2'b00};
  assign memreq_we_o    = wr;
  assign memreq_wdata_o = wr ? (resw << {a[1:0], 3'b000}) : 32'd0;
  always_comb begin
    if (!wr)               memreq_be_o = 4'd0;
    else if (bpp == 2'd2)  memreq_be_o = 4'hF;
    else if (bpp == 2'd1)  memreq_be_o = a[1] ? 4'hC : 4'h3;
    else                   memreq_be_o = 4'd1 << a[1:0];
  end

  logic pv;
  assign pv          = (st_q == SPix);
  assign pix_valid_o = pv;
  assign pix_pkt_o   = pv ? cur_q : 16'd0;
  assign pix_x_o     = pv ? x_q : 14'd0;
  assign pix_y_o     = pv ? y_q : 14'd0;
  assign pix_src_o   = pv ? sv_q : 32'd0;
  assign pix_pat_o   = pv ? pat : 32'd0;
  assign pix_dst_o   = pv ? dv_q : 32'd0;
  assign pix_rop_o   = pv ? rop : 8'd0;
  assign pix_res_o   = pv ? resw : 32'd0;
  assign idle_o      = (st_q == SHdr);

  // ---- rectangle set-up (SETUP state) ----
  logic               blit;
  logic [31:0]        xy, wh;
  logic signed [17:0] l, t, r, b, x0, x1, y0, y1, rddx, rddy;
  logic signed [17:0] nrddx, nrddy, sbx, sby;
  always_comb begin
    blit = (rec_len == 2'd3) || (ro_q && rb_q);
    xy   = (rec_len == 2'd3) ? d1_q : d0_q;
    wh   = (rec_len == 2'd3) ? d2_q : d1_q;
    rddx = '0;
    rddy = '0;
    if (ro_q) begin
      // DST_Y_X (d1), DST_HEIGHT_WIDTH (d2: W [13:0], H [29:16]), SRC_Y_X (d0); DP_CNTL says
      // from which corner the given coordinates count
      l = dpc_q[0] ? d1_xs : d1_xs - $signed({4'd0, d2_q[13:0]}) + 18'sd1;
      t = dpc_q[1] ? d1_ys : d1_ys - $signed({4'd0, d2_q[29:16]}) + 18'sd1;
      r = l + $signed({4'd0, d2_q[13:0]});
      b = t + $signed({4'd0, d2_q[29:16]});
      if (rb_q) begin
        rddx = d0_xs - d1_xs;
        rddy = d0_ys - d1_ys;
      end
    end else if (op_q == 8'h98 || op_q == 8'h1D) begin
      l = d1_xs;
      r = d1_ys;
      t = d0_xs;
      b = d0_xs + $signed({4'd0, d0_q[29:16]});
    end else if (op_q == 8'h91) begin
      l = d0_xs;
      t = d0_ys;
      r = d1_xs;
      b = d1_ys;
    end else begin
      t = $signed({{4{xy[13]}}, xy[13:0]});
      l = $signed({{4{xy[29]}}, xy[29:16]});
      b = t + $signed({4'd0, wh[13:0]});
      r = l + $signed({4'd0, wh[29:16]});
      if (blit) begin
        rddy = d0_xs - t;
        rddx = d0_ys - l;
      end
    end
    // x0 = max(l, SC left, 0), x1 = min(r, SC right), y0/y1 alike; a blit also keeps its
    // source inside [0, SRC_SC_BOTTOM_RIGHT)
    x0 = (l > tl_x0) ? l : tl_x0;
    x1 = (r < br_xs) ? r : br_xs;
    y0 = (t > tl_y0) ? t : tl_y0;
    y1 = (b < br_ys) ? b : br_ys;
    nrddx = -rddx;
    nrddy = -rddy;
    sbx   = sb_xs - rddx;
    sby   = sb_ys - rddy;
    if (blit) begin
      x0 = (x0 > nrddx) ? x0 : nrddx;
      y0 = (y0 > nrddy) ? y0 : nrddy;
      x1 = (x1 < sbx) ? x1 : sbx;
      y1 = (y1 < sby) ? y1 : sby;
    end
  end

  logic signed [17:0] x1m, y1m;
  logic               sxdir, sydir;   // the walk's directions (D18; DP_CNTL for register operations)
  assign sxdir = ro_q ? !dpc_q[0] : (blit && (rddy == 18'sd0) && (rddx < 18'sd0));
  assign sydir = ro_q ? !dpc_q[1] : (blit && (rddy < 18'sd0));
  assign x1m = x1 - 18'sd1;
  assign y1m = y1 - 18'sd1;

  // ---- pixel loop ----
  logic        adv;
  logic [13:0] xn, yn;
  assign xn = xdir_q ? x_q - 14'd1 : x_q + 14'd1;
  assign yn = ydir_q ? y_q - 14'd1 : y_q + 14'd1;

  logic [1:0] bidx;
  logic [1:0] brush_off;
  assign brush_off = (btype == 4'd0 || btype == 4'd6) ? 2'd0 : 2'd1;
  assign bidx = bi_q[1:0] + brush_off;

  logic [1:0] lane_s, lane_d;
  assign lane_s = saddr[1:0];
  assign lane_d = daddr[1:0];

  always_comb begin
    st_d = st_q;
    cnt_d = cnt_q; cur_d = cur_q; op_d = op_q; gui_d = gui_q;
    ph_d = ph_q; bi_d = bi_q; k_d = k_q;
    d0_d = d0_q; d1_d = d1_q; d2_d = d2_q; lastq_d = lastq_q;
    src_po_d = src_po_q; dst_po_d = dst_po_q; src_br_d = src_br_q;
    sc_tl_d = sc_tl_q; sc_br_d = sc_br_q;
    bg_d = bg_q; fg_d = fg_q; m1_d = m1_q; m2_d = m2_q;
    x_d = x_q; y_d = y_q; xa_d = xa_q; xb_d = xb_q; yb_d = yb_q;
    xdir_d = xdir_q; ydir_d = ydir_q; ns_d = ns_q; nd_d = nd_q;
    ddx_d = ddx_q; ddy_d = ddy_q; sv_d = sv_q; dv_d = dv_q;
    cmp_d = cmp_q; sref_d = sref_q; dref_d = dref_q; hfg_d = hfg_q; hbg_d = hbg_q;
    hx_d = hx_q; hy_d = hy_q; hxa_d = hxa_q; hxb_d = hxb_q; hyb_d = hyb_q;
    rs_d = rs_q; bp_d = bp_q; rn_d = rn_q;
    ldx_d = ldx_q; ldy_d = ldy_q; lerr_d = lerr_q; pc_d = pc_q; nl_d = nl_q;
    syx_d = syx_q; dyx_d = dyx_q; wm_d = wm_q; dpc_d = dpc_q; ro_d = ro_q; rb_d = rb_q;
    adv = 1'b0;

    unique case (st_q)
      SHdr: begin
        if (regw_valid_i) begin
          // a register write (docs/blocks/r5xx.gfx2d.md, "Registers"); DST_HEIGHT_WIDTH and
          // DST_WIDTH_HEIGHT start a rectangle with the state the registers and packets left
          unique case (regw_addr_i)
            16'h1428: src_po_d = regw_data_i;
            16'h142C: dst_po_d = regw_data_i;
            16'h1434: syx_d    = regw_data_i;
            16'h1438: dyx_d    = regw_data_i;
            16'h1590: syx_d    = {regw_data_i[15:0], regw_data_i[31:16]};  // SRC_X_Y (D26)
            16'h1594: dyx_d    = {regw_data_i[15:0], regw_data_i[31:16]};  // DST_X_Y
            16'h146C: gui_d    = regw_data_i;
            16'h1478: bg_d     = regw_data_i;
            16'h147C: fg_d     = regw_data_i;
            16'h1480: m1_d     = regw_data_i;
            16'h1484: m2_d     = regw_data_i;
            16'h15C0: cmp_d    = regw_data_i;
            16'h15C4: sref_d   = regw_data_i;
            16'h15C8: dref_d   = regw_data_i;
            16'h15D8: hfg_d    = regw_data_i;
            16'h15DC: hbg_d    = regw_data_i;
            16'h16C0: dpc_d    = regw_data_i[1:0];
            16'h16CC: wm_d     = regw_data_i;
            16'h16EC: sc_tl_d  = regw_data_i;
            16'h16F0: sc_br_d  = regw_data_i;
            16'h16F4: src_br_d = regw_data_i;
            default: ;
          endcase
          if (regw_addr_i == 16'h143C || regw_addr_i == 16'h1598) begin
            cur_d   = cnt_q;
            cnt_d   = cnt_q + 16'd1;
            op_d    = 8'h00;
            ro_d    = 1'b1;
            rb_d    = (gui_q[26:24] == 3'd2);
            d0_d    = syx_q;
            d1_d    = dyx_q;
            d2_d    = (regw_addr_i == 16'h143C) ? {2'd0, regw_data_i[29:16], 2'd0, regw_data_i[13:0]}
                                                : {2'd0, regw_data_i[13:0], 2'd0, regw_data_i[29:16]};
            lastq_d = 1'b1;
            st_d    = SSetup;
          end
        end else if (pkt_valid_i) begin
          ro_d  = 1'b0;
          cur_d = cnt_q;
          cnt_d = cnt_q + 16'd1;
          op_d  = pkt_opcode_i;
          ph_d  = (pkt_opcode_i == 8'h1E) ? 4'd4 : (pkt_opcode_i == 8'h19 || pkt_opcode_i == 8'h1D) ? 4'd8 : 4'd0;
          bi_d  = 7'd0;
          k_d   = (pkt_opcode_i == 8'h19 || pkt_opcode_i == 8'h1D) ? 3'd2 : 3'd0;
          pc_d  = 5'd0;
          if (pkt_opcode_i == 8'h19) rn_d = (pkt_count_i >= 14'd2) ? pkt_count_i - 14'd1 : 14'd0;
          if (pkt_type_i != 2'd3 || pkt_opcode_i == 8'h10 || pkt_err_i[0]) begin
            st_d = SHdr;
          end else if ((pkt_opcode_i == 8'h91 || pkt_opcode_i == 8'h92 || pkt_opcode_i == 8'h94 || pkt_opcode_i == 8'h95 || pkt_opcode_i == 8'h98 || pkt_opcode_i == 8'h9A || pkt_opcode_i == 8'h9B || pkt_opcode_i == 8'h9C || pkt_opcode_i == 8'h19 || pkt_opcode_i == 8'h1D || pkt_opcode_i == 8'h1E)) begin
            st_d = SBody;
          end else begin
            st_d = SSkip;
          end
        end
      end
      SSkip: begin
        if (body_valid_i && body_last_i) st_d = SHdr;
      end
      SBody: begin
        if (!present) begin
          ph_d = ph_q + 4'd1;
        end else if (body_valid_i) begin
          unique case (ph_q)
            4'd0: begin gui_d = body_data_i;    ph_d = 4'd1; end
            4'd1: begin src_po_d = body_data_i; ph_d = 4'd2; end
            4'd2: begin dst_po_d = body_data_i; ph_d = 4'd3; end
            4'd3: begin src_br_d = body_data_i; ph_d = 4'd4; end
            4'd4: begin sc_tl_d = body_data_i;  ph_d = 4'd5; end
            4'd5: begin sc_br_d = body_data_i;  ph_d = 4'd6; end
            4'd6: begin
              if (btype != 4'd10) begin
                unique case (bidx)
                  2'd0: bg_d = body_data_i;
                  2'd1: fg_d = body_data_i;
                  2'd2: m1_d = body_data_i;
                  default: m2_d = body_data_i;
                endcase
              end
              bi_d = bi_q + 7'd1;
            end
            4'd7: begin pc_d = body_data_i[20:16]; ph_d = 4'd8; end
            default: begin
              if (op_q == 8'h9C) begin
                unique case (k_q)
                  3'd0: cmp_d = body_data_i;
                  3'd1: sref_d = body_data_i;
                  3'd2: dref_d = body_data_i;
                  3'd3: d0_d = body_data_i;
                  3'd4: d1_d = body_data_i;
                  default: d2_d = body_data_i;
                endcase
                if (k_q == 3'd5) begin
                  k_d = 3'd3;
                  lastq_d = body_last_i;
                  st_d = SSetup;
                end else begin
                  k_d = k_q + 3'd1;
                end
              end else if (op_q == 8'h95) begin
                if (k_q == 3'd0) begin
                  d0_d = body_data_i;
                  k_d = 3'd1;
                end else begin
                  d1_d = body_data_i;
                  lastq_d = body_last_i;
                  st_d = SLsetup;
                end
              end else if (op_q == 8'h98 || op_q == 8'h1D) begin
                if (k_q == 3'd0) begin
                  k_d = 3'd1;
                end else if (k_q == 3'd1) begin
                  nl_d = body_data_i[13:0];
                  k_d = 3'd2;
                end else if (k_q == 3'd2) begin
                  d0_d = body_data_i;
                  k_d = (op_q == 8'h1D || nl_q != 14'd0) ? 3'd3 : 3'd1;
                end else begin
                  d1_d = body_data_i;
                  nl_d = nl_q - 14'd1;
                  k_d = (op_q == 8'h1D || nl_q != 14'd1) ? 3'd3 : 3'd1;
                  lastq_d = body_last_i;
                  st_d = SSetup;
                end
              end else if (op_q == 8'h19) begin
                if (k_q == 3'd2) begin
                  d0_d = body_data_i;
                  k_d = 3'd3;
                end else begin
                  d1_d = body_data_i;
                  k_d = 3'd2;
                  lastq_d = body_last_i;
                  st_d = SHsetup;
                end
              end else if (op_q == 8'h94) begin
                unique case (k_q)
                  3'd0: hfg_d = body_data_i;
                  3'd1: hbg_d = body_data_i;
                  3'd2: d0_d = body_data_i;
                  3'd3: d1_d = body_data_i;
                  default: rn_d = body_data_i[13:0];
                endcase
                if (k_q == 3'd4) begin
                  k_d = 3'd2;
                  lastq_d = body_last_i;
                  st_d = SHsetup;
                end else begin
                  k_d = k_q + 3'd1;
                end
              end else if (rec_len != 2'd0) begin
                unique case (k_q)
                  3'd0: d0_d = body_data_i;
                  3'd1: d1_d = body_data_i;
                  default: d2_d = body_data_i;
                endcase
                if (k_q == {1'b0, rec_len} - 3'd1) begin
                  k_d = 3'd0;
                  lastq_d = body_last_i;
                  st_d = SSetup;
                end else begin
                  k_d = k_q + 3'd1;
                end
              end
            end
          endcase
          if (body_last_i && st_d != SSetup && st_d != SHsetup && st_d != SLsetup) st_d = SHdr;
        end
      end
      SSetup: begin
        ddx_d = rddx;
        ddy_d = rddy;
        if (x0 >= x1 || y0 >= y1) begin
          st_d = lastq_q ? SHdr : SBody;
        end else begin
          xdir_d = sxdir;
          ydir_d = sydir;
          xa_d = sxdir ? x1m[13:0] : x0[13:0];
          xb_d = sxdir ? x0[13:0] : x1m[13:0];
          x_d  = sxdir ? x1m[13:0] : x0[13:0];
          yb_d = sydir ? y0[13:0] : y1m[13:0];
          y_d  = sydir ? y1m[13:0] : y0[13:0];
          ns_d = blit && ((op_q == 8'h9C) || ((((rop >> 2) ^ rop) & 8'h33) != 8'd0));
          nd_d = (op_q == 8'h9C) || ((((rop >> 1) ^ rop) & 8'h55) != 8'd0) || wpart;
          st_d = SPx;
        end
      end
      SPx: begin
        if (btype == 4'd1 && !pbit) begin
          adv = 1'b1;
        end else begin
          sv_d = 32'd0;
          dv_d = 32'd0;
          st_d = ns_q ? SRs : nd_q ? SRd : SWr;
        end
      end
      SRs: if (memreq_ready_i) st_d = SWs;
      SWs: begin
        if (memrsp_valid_i) begin
          sv_d = (memrsp_data_i >> {lane_s, 3'b000}) & pmask;
          st_d = nd_q ? SRd : SWr;
        end
      end
      SRd: if (memreq_ready_i) st_d = SWd;
      SWd: begin
        if (memrsp_valid_i) begin
          dv_d = (memrsp_data_i >> {lane_d, 3'b000}) & pmask;
          st_d = SWr;
        end
      end
      SWr: begin
        if (!wen) adv = 1'b1;
        else if (memreq_ready_i) st_d = SPix;
      end
      SHsetup: begin
        hx_d  = d0_xs;
        hxa_d = d0_xs;
        hy_d  = d0_ys;
        hxb_d = d0_xs + hw - 18'sd1;
        hyb_d = d0_ys + hh - 18'sd1;
        bp_d  = 5'd0;
        nd_d  = ((((rop >> 1) ^ rop) & 8'h55) != 8'd0) || wpart;
        if (lastq_q)                                          st_d = SHdr;
        else if (hw == 18'sd0 || hh == 18'sd0 || rn_q == 14'd0) st_d = (rn_q != 14'd0) ? SHdrain : SBody;
        else                                                  st_d = SHd;
      end
      SLsetup: begin
        hx_d   = lx0;
        hy_d   = ly0;
        hxb_d  = lx1;
        hyb_d  = ly1;
        xdir_d = lx1 < lx0;
        ydir_d = ly1 < ly0;
        ldx_d  = (lx1 < lx0) ? lx0 - lx1 : lx1 - lx0;
        ldy_d  = (ly1 < ly0) ? ly0 - ly1 : ly1 - ly0;
        lerr_d = ((lx1 < lx0) ? lx0 - lx1 : lx1 - lx0) - ((ly1 < ly0) ? ly0 - ly1 : ly1 - ly0);
        nd_d   = ((((rop >> 1) ^ rop) & 8'h55) != 8'd0) || wpart;
        if (lx0 == lx1 && ly0 == ly1) begin
          d0_d = d1_q;
          st_d = lastq_q ? SHdr : SBody;
        end else begin
          st_d = SLpx;
        end
      end
      SLpx: begin
        if (hclip && (btype != 4'd7 || penbit)) begin
          x_d  = hx_q[13:0];
          y_d  = hy_q[13:0];
          sv_d = 32'd0;
          dv_d = 32'd0;
          st_d = nd_q ? SRd : SWr;
        end else begin
          adv = 1'b1;
        end
      end
      SHd: begin
        if (body_valid_i) begin
          rs_d = body_data_i;
          rn_d = rn_q - 14'd1;
          lastq_d = body_last_i;
          bp_d = 5'd0;
          st_d = SHpx;
        end
      end
      SHdrain: begin
        if (body_valid_i) begin
          rn_d = rn_q - 14'd1;
          st_d = body_last_i ? SHdr : (rn_q == 14'd1) ? SBody : SHdrain;
        end
      end
      SHpx: begin
        if (hclip && (hbit || gui_q[13:12] != 2'd1)) begin
          x_d  = hx_q[13:0];
          y_d  = hy_q[13:0];
          sv_d = hcol ? hpix : (hbit ? hfg_q : hbg_q) & pmask;
          dv_d = 32'd0;
          st_d = nd_q ? SRd : SWr;
        end else begin
          adv = 1'b1;
        end
      end
      default: if (pix_ready_i) adv = 1'b1;
    endcase

    if (adv && op_q == 8'h95) begin
      pc_d   = pc_q + 5'd1;
      hx_d   = lnx;
      hy_d   = lny;
      lerr_d = lne;
      if (lnx == hxb_q && lny == hyb_q) begin
        d0_d = d1_q;
        st_d = lastq_q ? SHdr : SBody;
      end else begin
        st_d = SLpx;
      end
    end else if (adv && (op_q == 8'h94 || op_q == 8'h19)) begin
      if (!hdone) begin
        if (hnext_row) begin
          hx_d = hxa_q;
          hy_d = hy_q + 18'sd1;
        end else begin
          hx_d = hx_q + 18'sd1;
        end
      end
      if (hdone) begin
        st_d = (rn_q != 14'd0 && !lastq_q) ? SHdrain : lastq_q ? SHdr : SBody;
      end else if (bp_q == hlast) begin
        st_d = (rn_q != 14'd0 && !lastq_q) ? SHd : lastq_q ? SHdr : SBody;
      end else begin
        bp_d = bp_q + 5'd1;
        st_d = SHpx;
      end
    end else if (adv) begin
      if (x_q != xb_q) begin
        x_d = xn;
        st_d = SPx;
      end else if (y_q != yb_q) begin
        x_d = xa_q;
        y_d = yn;
        st_d = SPx;
      end else begin
        st_d = lastq_q ? SHdr : SBody;
      end
    end
  end

  // the colour brush store: BODY phase 6 of a BRUSH_TYPE 10 packet writes dword bi
  assign cbr_we = (st_q == SBody) && (ph_q == 4'd6) && present && body_valid_i && (btype == 4'd10);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int i = 0; i < 64; i++) cbr_q[i] <= '0;
    end else if (cbr_we && bi_q < 7'd64) begin
      cbr_q[bi_q[5:0]] <= body_data_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= SHdr;
      cnt_q <= '0; cur_q <= '0; op_q <= '0; gui_q <= '0;
      ph_q <= '0; bi_q <= '0; k_q <= '0;
      d0_q <= '0; d1_q <= '0; d2_q <= '0; lastq_q <= 1'b0;
      src_po_q <= '0; dst_po_q <= '0; src_br_q <= 32'h1FFF_1FFF;
      sc_tl_q <= '0; sc_br_q <= 32'h1FFF_1FFF;
      bg_q <= '0; fg_q <= '0; m1_q <= '0; m2_q <= '0;
      x_q <= '0; y_q <= '0; xa_q <= '0; xb_q <= '0; yb_q <= '0;
      xdir_q <= 1'b0; ydir_q <= 1'b0; ns_q <= 1'b0; nd_q <= 1'b0;
      ddx_q <= '0; ddy_q <= '0; sv_q <= '0; dv_q <= '0;
      cmp_q <= '0; sref_q <= '0; dref_q <= '0; hfg_q <= '0; hbg_q <= '0;
      hx_q <= '0; hy_q <= '0; hxa_q <= '0; hxb_q <= '0; hyb_q <= '0;
      rs_q <= '0; bp_q <= '0; rn_q <= '0;
      ldx_q <= '0; ldy_q <= '0; lerr_q <= '0; pc_q <= '0; nl_q <= '0;
      syx_q <= '0; dyx_q <= '0; wm_q <= 32'hFFFF_FFFF; dpc_q <= 2'b11; ro_q <= 1'b0; rb_q <= 1'b0;
    end else begin
      st_q <= st_d;
      cnt_q <= cnt_d; cur_q <= cur_d; op_q <= op_d; gui_q <= gui_d;
      ph_q <= ph_d; bi_q <= bi_d; k_q <= k_d;
      d0_q <= d0_d; d1_q <= d1_d; d2_q <= d2_d; lastq_q <= lastq_d;
      src_po_q <= src_po_d; dst_po_q <= dst_po_d; src_br_q <= src_br_d;
      sc_tl_q <= sc_tl_d; sc_br_q <= sc_br_d;
      bg_q <= bg_d; fg_q <= fg_d; m1_q <= m1_d; m2_q <= m2_d;
      x_q <= x_d; y_q <= y_d; xa_q <= xa_d; xb_q <= xb_d; yb_q <= yb_d;
      xdir_q <= xdir_d; ydir_q <= ydir_d; ns_q <= ns_d; nd_q <= nd_d;
      ddx_q <= ddx_d; ddy_q <= ddy_d; sv_q <= sv_d; dv_q <= dv_d;
      cmp_q <= cmp_d; sref_q <= sref_d; dref_q <= dref_d; hfg_q <= hfg_d; hbg_q <= hbg_d;
      hx_q <= hx_d; hy_q <= hy_d; hxa_q <= hxa_d; hxb_q <= hxb_d; hyb_q <= hyb_d;
      rs_q <= rs_d; bp_q <= bp_d; rn_q <= rn_d;
      ldx_q <= ldx_d; ldy_q <= ldy_d; lerr_q <= lerr_d; pc_q <= pc_d; nl_q <= nl_d;
      syx_q <= syx_d; dyx_q <= dyx_d; wm_q <= wm_d; dpc_q <= dpc_d; ro_q <= ro_d; rb_q <= rb_d;
    end
  end

  logic unused_inputs;
  assign unused_inputs = ^{pkt_stream_i, pkt_count_i, pkt_ptr_i, pkt_err_i[2:1], gui_q[30:24], gui_q[15],
                           gui_q[13:12], sxs[17:14], sys[17:14], x0[17:14], y0[17:14], x1m[17:14],
                           y1m[17:14], xy[31:30], xy[15:14], wh[31:30], wh[15:14], d0_q[31:30], d0_q[15:14],
                           d1_q[31:30], d1_q[15:14], sc_tl_q[31:30], sc_tl_q[15:14], sc_br_q[31:30],
                           sc_br_q[15:14], src_br_q[31:30], src_br_q[15:14], daddr[1:0] == 2'd0,
                           cmp_q[31:26], cmp_q[23:11], cmp_q[7:3]};
endmodule
