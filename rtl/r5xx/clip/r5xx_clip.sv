// r5xx_clip: the R5xx clipper, perspective divide and viewport transform (docs/blocks/r5xx.clip.md).
// IN (records into a history entry) -> ASM (assembly, the new vertex's clip codes) -> PRIM (cull /
// accept / clip) -> [PASS -> VISIT -> INTERP ...] (Sutherland-Hodgman, one plane per pass) -> EMIT
// (one record per vtx handshake, slot 0 through the VTE) -> PRIM or IN; a point that PS_UCP_MODE 2/3
// expands goes PRIM -> EXP (its four corners into the pool, D10) -> PASS.  Outputs depend on the
// state only.  C twin: model/r5xx/clip/clip_model.c.
module r5xx_clip (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,
  input  logic        vin_valid_i,
  output logic        vin_ready_o,
  input  logic [15:0] vin_vert_i,
  input  logic [3:0]  vin_slot_i,
  input  logic [31:0] vin_x_i,
  input  logic [31:0] vin_y_i,
  input  logic [31:0] vin_z_i,
  input  logic [31:0] vin_w_i,
  input  logic [3:0]  vin_wmask_i,
  input  logic        vin_vlast_i,
  input  logic        vin_dlast_i,
  input  logic [3:0]  vin_prim_i,
  output logic        vtx_valid_o,
  input  logic        vtx_ready_i,
  output logic [15:0] vtx_vert_o,
  output logic [3:0]  vtx_slot_o,
  output logic [31:0] vtx_x_o,
  output logic [31:0] vtx_y_o,
  output logic [31:0] vtx_z_o,
  output logic [31:0] vtx_w_o,
  output logic [3:0]  vtx_wmask_o,
  output logic        vtx_vlast_o,
  output logic        vtx_dlast_o,
  output logic [3:0]  vtx_prim_o,
  output logic        idle_o
);

  // value 7 is never used (tests/harden forces it to prove ClipStateLegal fires)
  localparam logic [3:0] ST_IN = 4'd0, ST_ASM = 4'd1, ST_PRIM = 4'd2, ST_PASS = 4'd3,
                         ST_VISIT = 4'd4, ST_INTERP = 4'd5, ST_EMIT = 4'd6, ST_EXP = 4'd8;
  localparam logic [1:0] K_PT = 2'd1, K_LN = 2'd2, K_TRI = 2'd3;

  // ---- registers ----
  logic [31:0]  vap_cntl, clip_cntl, vte_cntl;
  logic [127:0] gb;
  logic [191:0] vport;
  logic [767:0] ucp;
  logic [127:0] psv;
  logic [31:0]  fmt0;
  logic         regw_fire, vin_fire, vtx_fire;

  r5xx_clip_regs u_regs (
    .clk_i, .rst_ni, .we_i(regw_fire), .addr_i(regw_addr_i), .data_i(regw_data_i),
    .vap_cntl_o(vap_cntl), .clip_cntl_o(clip_cntl), .vte_cntl_o(vte_cntl), .gb_o(gb),
    .vport_o(vport), .ucp_o(ucp), .ps_o(psv), .fmt0_o(fmt0)
  );

  prim_sf_fn u_sf ();

  // ---- vertex store: 40 entries x 16 slots ----
  logic [127:0] data_q [640];
  logic [3:0]   wm_q [640];
  logic [15:0]  pres_q [40];
  logic [15:0]  vert_q [40];
  logic [15:0]  oc_q [5];

  // ---- state ----
  logic [3:0]  st_q;
  logic        part_q;
  logic [31:0] n_q;
  logic [2:0]  f_q, p1_q, p2_q, p3_q;
  logic [3:0]  prim_q;
  logic        dlast_q;
  logic [1:0]  qkind_q [2];
  logic [5:0]  qv_q [6];            // primitive j vertex v at 3j + v
  logic [1:0]  qn_q, qh_q;
  logic [5:0]  lst_q [32];          // two lists of 16: L = lst[cur], O = lst[!cur]
  logic        cur_q;
  logic [4:0]  cnt_q, ocnt_q;
  logic [11:0] mask_q;
  logic [3:0]  p_q, i_q;
  logic        ovf_q;
  logic [5:0]  pp_q;
  logic [31:0] t_q;
  logic [5:0]  vi_q, vq_q, eid_q;
  logic [3:0]  s_q, hi_q;
  logic        line_e_q;
  logic [3:0]  k_q;
  logic [1:0]  j_q;
  logic [1:0]  xc_q;

  logic unused_cntl;
  assign unused_cntl = ^{vap_cntl[31:23], vap_cntl[21:0], clip_cntl[31:18], clip_cntl[13:6], fmt0[31:17], fmt0[15:0]};

  assign regw_fire = regw_valid_i && regw_ready_o;
  assign vin_fire  = vin_valid_i && vin_ready_o;
  assign vtx_fire  = vtx_valid_o && vtx_ready_i;

  assign vin_ready_o  = (st_q == ST_IN);
  assign regw_ready_o = (st_q == ST_IN) && !part_q;
  assign idle_o       = (st_q == ST_IN) && !part_q;

  // ---- history: the free entry ----
  logic [4:0] used;
  logic [2:0] wr;
  always_comb begin
    used = 5'd0;
    if (n_q >= 32'd1) used = used | (5'd1 << f_q) | (5'd1 << p1_q);
    if (n_q >= 32'd2) used = used | (5'd1 << p2_q);
    if (n_q >= 32'd3) used = used | (5'd1 << p3_q);
    if (!used[0])      wr = 3'd0;
    else if (!used[1]) wr = 3'd1;
    else if (!used[2]) wr = 3'd2;
    else if (!used[3]) wr = 3'd3;
    else               wr = 3'd4;
  end

  // ---- memory reads: an absent slot reads as zero.  Each read is a net of its own, written out
  // (pres_q[id][s] ? data_q[{id, s}] : 0), not a function call: Icarus 11 re-evaluates a
  // continuous assignment or port expression that calls a function only when the function's
  // arguments change, not when the memories it reads do (docs/export.md), so a function read of a
  // vertex written after its index was set kept the old (X) value there.

  // ---- ASM: the new vertex's codes and its primitives ----
  logic [15:0] oc_new;
  logic [5:0]  nid;
  assign nid = {3'd0, wr};
  logic [1:0]  mode;
  logic        asm_pt;
  assign mode   = clip_cntl[15:14];
  assign asm_pt = (st_q == ST_ASM) && (mode != 2'd0) && (prim_q == 4'd1);
  logic [31:0] ex, ey, er;
  logic [127:0] npos;
  assign npos = pres_q[nid][0] ? data_q[{nid, 4'd0}] : 128'd0;
  r5xx_clip_codes u_codes (.en_i(st_q == ST_ASM), .p_i(npos), .dx_i(vap_cntl[22]), .gb_i(gb), .ucp_i(ucp),
                           .ruse_i(asm_pt), .r_i(er), .oc_o(oc_new));

  logic [1:0] an;
  logic [1:0] ak0, ak1;
  logic [5:0] av [6];
  logic [5:0] F, P1, P2, P3;
  assign F  = {3'd0, f_q};
  assign P1 = {3'd0, p1_q};
  assign P2 = {3'd0, p2_q};
  assign P3 = {3'd0, p3_q};
  always_comb begin
    an = 2'd0; ak0 = 2'd0; ak1 = 2'd0;
    for (int v = 0; v < 6; v++) av[v] = 6'd0;
    case (prim_q)
      4'd1: begin an = 2'd1; ak0 = K_PT; av[0] = nid; end
      4'd2: if (n_q[0]) begin an = 2'd1; ak0 = K_LN; av[0] = P1; av[1] = nid; end
      4'd3: if (n_q >= 32'd1) begin an = 2'd1; ak0 = K_LN; av[0] = P1; av[1] = nid; end
      4'd12: if (n_q >= 32'd1) begin
        an = dlast_q ? 2'd2 : 2'd1; ak0 = K_LN; ak1 = K_LN;
        av[0] = P1; av[1] = nid; av[3] = nid; av[4] = F;
      end
      4'd4, 4'd7: if (n_q % 32'd3 == 32'd2) begin an = 2'd1; ak0 = K_TRI; av[0] = P2; av[1] = P1; av[2] = nid; end
      4'd5, 4'd15: if (n_q >= 32'd2) begin an = 2'd1; ak0 = K_TRI; av[0] = F; av[1] = P1; av[2] = nid; end
      4'd6: if (n_q >= 32'd2) begin
        an = 2'd1; ak0 = K_TRI;
        av[0] = n_q[0] ? P1 : P2; av[1] = n_q[0] ? P2 : P1; av[2] = nid;
      end
      4'd13: if (n_q[1:0] == 2'd3) begin
        an = 2'd2; ak0 = K_TRI; ak1 = K_TRI;
        av[0] = P3; av[1] = P2; av[2] = P1; av[3] = P3; av[4] = P1; av[5] = nid;
      end
      4'd14: if (n_q >= 32'd3 && n_q[0]) begin
        an = 2'd2; ak0 = K_TRI; ak1 = K_TRI;
        av[0] = P3; av[1] = P2; av[2] = P1; av[3] = P1; av[4] = P2; av[5] = nid;
      end
      default: ;
    endcase
  end

  // ---- the head primitive ----
  logic [1:0]  hkind;
  logic [5:0]  hv0, hv1, hv2;
  logic [15:0] oand, oor;
  logic [15:0] cullset, clipset;
  logic        is_tri, is_ln;
  assign hkind  = qkind_q[qh_q[0]];
  assign hv0    = qv_q[qh_q[0] ? 3 : 0];
  assign hv1    = qv_q[qh_q[0] ? 4 : 1];
  assign hv2    = qv_q[qh_q[0] ? 5 : 2];
  assign is_tri = (hkind == K_TRI);
  assign is_ln  = (hkind == K_LN);
  always_comb begin
    oand = oc_q[hv0[2:0]];
    oor  = oc_q[hv0[2:0]];
    if (hkind != K_PT) begin
      oand = oand & oc_q[hv1[2:0]];
      oor  = oor | oc_q[hv1[2:0]];
    end
    if (is_tri) begin
      oand = oand & oc_q[hv2[2:0]];
      oor  = oor | oc_q[hv2[2:0]];
    end
  end
  assign cullset = clip_cntl[16] ? 16'd0 : {4'hF, clip_cntl[5:0], 4'd0, 2'b11};
  assign clipset = clip_cntl[16] ? 16'd0 : {4'd0, clip_cntl[17] ? 6'd0 : clip_cntl[5:0], 6'h3F};
  logic do_cull, do_accept;
  // points (D10): the radius codes of PS_UCP_MODE 1-3 in oc; the -r codes of modes 2, 3 (ic)
  logic        is_pt, prim_pt2, pext_en;
  logic [15:0] pcull, oc_m;
  logic [11:0] ic;
  logic [5:0]  pxid;
  logic [127:0] pxp;
  assign is_pt    = (hkind == K_PT);
  assign prim_pt2 = (st_q == ST_PRIM) && is_pt && mode[1];
  assign pext_en  = asm_pt || prim_pt2 || (st_q == ST_EXP);
  assign pxid     = (st_q == ST_ASM) ? nid : hv0;
  logic [31:0]  pxs;
  // read only while a point's expansion is used (the memory indexed here, not in a net, which the
  // Verilated model would evaluate every cycle)
  always_comb begin
    case (pext_en)
      1'b1: begin
        pxp = pres_q[pxid][0] ? data_q[{pxid, 4'd0}] : 128'd0;
        pxs = pres_q[pxid][1] ? data_q[{pxid, 4'd1}][31:0] : 32'd0;
      end
      default: begin
        pxp = 128'd0;
        pxs = 32'd0;
      end
    endcase
  end
  logic unused_ocm;
  assign unused_ocm = ^oc_m[15:12];
  r5xx_clip_pext u_pext (.en_i(pext_en), .w_i(pxp[127:96]), .psx_i(pxs),
                         .ptsz_i(fmt0[16]), .ps_i(psv), .ex_o(ex), .ey_o(ey), .er_o(er));
  r5xx_clip_codes u_codes_m (.en_i(prim_pt2), .p_i(pxp), .dx_i(vap_cntl[22]), .gb_i(gb), .ucp_i(ucp),
                             .ruse_i(1'b1), .r_i({~er[31], er[30:0]}), .oc_o(oc_m));
  assign pcull     = (mode == 2'd3) ? cullset : (cullset | clipset);
  assign ic        = oc_m[11:0] & clipset[11:0];
  assign do_cull   = is_pt ? ((oor & pcull) != 16'd0) : ((oand & cullset) != 16'd0);
  assign do_accept = is_pt ? (ic == 12'd0) : ((oor & clipset) == 16'd0);
  logic [3:0] hipt;
  always_comb begin
    hipt = 4'd0;
    if (prim_pt2)
      for (int b = 1; b < 16; b++)
        if (pres_q[hv0][b]) hipt = 4'(b);
  end
  // EXP: slot s_q of corner xc_q (0: -x -y, 1: +x -y, 2: +x +y, 3: -x +y)
  logic [5:0]   xid;
  logic [127:0] xd;
  logic [31:0]  cx, cy;
  assign xid = 6'd8 + {4'd0, xc_q};
  always_comb begin
    case (st_q == ST_EXP && s_q == 4'd0)
      1'b1: begin
        cx = u_sf.add(pxp[31:0], (xc_q == 2'd1 || xc_q == 2'd2) ? ex : {~ex[31], ex[30:0]});
        cy = u_sf.add(pxp[63:32], xc_q[1] ? ey : {~ey[31], ey[30:0]});
      end
      default: begin
        cx = 32'd0;
        cy = 32'd0;
      end
    endcase
  end
  always_comb begin
    case (st_q == ST_EXP)
      1'b1: xd = (s_q == 4'd0) ? {pxp[127:64], cy, cx} : pres_q[hv0][s_q] ? data_q[{hv0, s_q}] : 128'd0;
      default: xd = 128'd0;
    endcase
  end
  logic last_prim;
  assign last_prim = (qh_q + 2'd1 >= qn_q);

  // ---- PASS: the next plane ----
  logic [3:0] nplane;
  always_comb begin
    nplane = 4'd0;
    for (int b = 11; b >= 0; b--)
      if (mask_q[b]) nplane = 4'(b);
  end
  logic pass_drop;
  assign pass_drop = ovf_q || (cnt_q < (is_tri ? 5'd3 : 5'd2));

  // ---- VISIT ----
  logic [3:0]  inext;
  logic [5:0]  S, E;
  logic [31:0] ds, de, di, dq, tnew;
  logic        ins, ine, visit;
  logic [2:0]  cs, ce;           // {lt, le, eq} of (+0, ds) and (+0, de): inside = le
  assign visit = st_q == ST_VISIT;   // the edge's datapath is evaluated only then
  assign inext = ({1'b0, i_q} + 5'd1 == cnt_q) ? 4'd0 : i_q + 4'd1;
  assign S = is_ln ? lst_q[{cur_q, 4'd0}] : lst_q[{cur_q, i_q}];
  assign E = is_ln ? lst_q[{cur_q, 4'd1}] : lst_q[{cur_q, inext}];
  logic [127:0] spos, epos;
  assign spos = pres_q[S][0] ? data_q[{S, 4'd0}] : 128'd0;
  assign epos = pres_q[E][0] ? data_q[{E, 4'd0}] : 128'd0;
  r5xx_clip_dist u_ds (.en_i(visit), .p_i(spos), .k_i(p_q), .dx_i(vap_cntl[22]), .hc_i(gb[95:64]),
                       .vc_i(gb[31:0]), .ucp_i(ucp), .d_o(ds));
  r5xx_clip_dist u_de (.en_i(visit), .p_i(epos), .k_i(p_q), .dx_i(vap_cntl[22]), .hc_i(gb[95:64]),
                       .vc_i(gb[31:0]), .ucp_i(ucp), .d_o(de));
  always_comb begin
    case (visit)
      1'b1: begin
        cs = u_sf.cmp(32'h0, ds);
        ce = u_sf.cmp(32'h0, de);
        di = cs[1] ? ds : de;
        dq = cs[1] ? de : ds;
        tnew = u_sf.mul(di, u_sf.rcp(u_sf.add(di, {~dq[31], dq[30:0]})), 1'b0);
      end
      default: begin
        cs = 3'd0;
        ce = 3'd0;
        di = 32'd0;
        dq = 32'd0;
        tnew = 32'd0;
      end
    endcase
  end
  assign ins = cs[1];
  assign ine = ce[1];
  logic unused_c;
  assign unused_c = ^{cs[2], cs[0], ce[2], ce[0]};
  logic [5:0]  VI, VQ;
  logic [15:0] pm;
  logic [3:0]  hinew;
  assign VI = ins ? S : E;
  assign VQ = ins ? E : S;
  assign pm = pres_q[VI] | pres_q[VQ] | 16'd1;
  always_comb begin
    hinew = 4'd0;
    for (int b = 0; b < 16; b++)
      if (pm[b]) hinew = 4'(b);
  end
  logic last_edge;
  assign last_edge = is_ln || ({1'b0, i_q} + 5'd1 == cnt_q);

  // ---- INTERP ----
  logic [127:0] ia, qa, nd;
  logic [3:0]   iw, qw, nw;
  logic [5:0]   pid;
  assign ia  = pres_q[vi_q][s_q] ? data_q[{vi_q, s_q}] : 128'd0;
  assign qa  = pres_q[vq_q][s_q] ? data_q[{vq_q, s_q}] : 128'd0;
  assign iw  = pres_q[vi_q][s_q] ? wm_q[{vi_q, s_q}] : 4'd0;
  assign qw  = pres_q[vq_q][s_q] ? wm_q[{vq_q, s_q}] : 4'd0;
  assign nw  = iw | qw;
  assign pid = 6'd8 + pp_q;
  logic [31:0] unused_lz;
  r5xx_clip_lerp u_l (.t_i(32'd0), .i_i(32'd0), .q_i(32'd0), .z_o(unused_lz));
  // the four components in one block: under Icarus 11 a function called from several always_comb
  // blocks (the four of a generate loop, as before) wakes them all at every call, for ever
  always_comb begin
    case (st_q == ST_INTERP)   // evaluated only while used
      1'b1: for (int c = 0; c < 4; c++) nd[32*c+:32] = nw[c] ? u_l.lerp(t_q, ia[32*c+:32], qa[32*c+:32]) : 32'd0;
      default: nd = 128'd0;
    endcase
  end

  // ---- appends to O: up to two per cycle ----
  logic       ap1, ap2;
  logic [5:0] ap1_id, ap2_id;
  always_comb begin
    ap1 = 1'b0; ap2 = 1'b0; ap1_id = 6'd0; ap2_id = 6'd0;
    if (st_q == ST_VISIT) begin
      ap1 = ins; ap1_id = S;
      if (is_ln && ins == ine) begin ap2 = ine; ap2_id = E; end
      if (is_ln && ins != ine && pp_q == 6'd32) begin ap2 = ine; ap2_id = E; end
    end else if (st_q == ST_INTERP && s_q == hi_q) begin
      ap1 = 1'b1; ap1_id = pid;
      ap2 = line_e_q; ap2_id = eid_q;
    end
  end
  logic       ok1, ok2;
  logic [4:0] oc1;
  assign ok1 = ap1 && (ocnt_q != 5'd16);
  assign oc1 = ocnt_q + {4'd0, ok1};
  assign ok2 = ap2 && (oc1 != 5'd16);
  logic ovf_ap;
  assign ovf_ap = (ap1 && !ok1) || (ap2 && !ok2);

  // ---- EMIT ----
  logic [5:0]   eid;
  logic         lastv;
  logic [15:0]  em;
  logic [127:0] vte_q, slot_d;
  logic [3:0]   snext;
  logic         more;
  always_comb begin
    if (is_tri) begin
      eid   = (j_q == 2'd0) ? lst_q[{cur_q, 4'd0}] : lst_q[{cur_q, 4'(k_q + 4'(j_q) - 4'd1)}];
      lastv = (j_q == 2'd2);
    end else begin
      eid   = lst_q[{cur_q, 2'd0, j_q}];
      lastv = is_ln ? (j_q == 2'd1) : 1'b1;
    end
  end
  assign em = pres_q[eid] | 16'd1;
  assign more = ((em >> s_q) >> 1) != 16'd0;
  always_comb begin
    snext = 4'd0;
    for (int b = 15; b >= 0; b--)
      if (em[b] && 4'(b) > s_q) snext = 4'(b);
  end
  logic [127:0] epos0, edat;
  logic [3:0]   ewm;
  assign epos0  = pres_q[eid][0] ? data_q[{eid, 4'd0}] : 128'd0;
  assign edat   = pres_q[eid][s_q] ? data_q[{eid, s_q}] : 128'd0;
  assign ewm    = pres_q[eid][s_q] ? wm_q[{eid, s_q}] : 4'd0;
  r5xx_clip_vte u_vte (.en_i(vtx_valid_o && s_q == 4'd0), .p_i(epos0), .cntl_i(vte_cntl), .vport_i(vport), .q_o(vte_q));
  assign slot_d = (s_q == 4'd0) ? vte_q : edat;

  assign vtx_valid_o = (st_q == ST_EMIT);
  assign vtx_vert_o  = vtx_valid_o ? vert_q[eid] : 16'd0;
  assign vtx_slot_o  = vtx_valid_o ? s_q : 4'd0;
  assign vtx_x_o     = vtx_valid_o ? slot_d[31:0] : 32'd0;
  assign vtx_y_o     = vtx_valid_o ? slot_d[63:32] : 32'd0;
  assign vtx_z_o     = vtx_valid_o ? slot_d[95:64] : 32'd0;
  assign vtx_w_o     = vtx_valid_o ? slot_d[127:96] : 32'd0;
  assign vtx_wmask_o = !vtx_valid_o ? 4'd0 : (s_q == 4'd0) ? 4'hF : ewm;
  assign vtx_vlast_o = vtx_valid_o && !more;
  assign vtx_dlast_o = vtx_valid_o && !more && lastv;
  assign vtx_prim_o  = !vtx_valid_o ? 4'd0 : is_tri ? 4'd4 : is_ln ? 4'd2 : 4'd1;

  // ---- the edge ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= ST_IN;
      part_q <= 1'b0;
      n_q <= 32'd0;
      f_q <= 3'd0; p1_q <= 3'd0; p2_q <= 3'd0; p3_q <= 3'd0;
      prim_q <= 4'd0; dlast_q <= 1'b0;
      qn_q <= 2'd0; qh_q <= 2'd0;
      cur_q <= 1'b0; cnt_q <= 5'd0; ocnt_q <= 5'd0; mask_q <= 12'd0;
      p_q <= 4'd0; i_q <= 4'd0; ovf_q <= 1'b0; pp_q <= 6'd0; t_q <= 32'd0;
      vi_q <= 6'd0; vq_q <= 6'd0; eid_q <= 6'd0; s_q <= 4'd0; hi_q <= 4'd0; line_e_q <= 1'b0;
      k_q <= 4'd0; j_q <= 2'd0; xc_q <= 2'd0;
    end else begin
      // appends (VISIT, the last INTERP cycle)
      if (ok1) lst_q[{~cur_q, ocnt_q[3:0]}] <= ap1_id;
      if (ok2) lst_q[{~cur_q, oc1[3:0]}] <= ap2_id;
      if (ap1 || ap2) ocnt_q <= oc1 + {4'd0, ok2};
      if (ovf_ap) ovf_q <= 1'b1;
      case (st_q)
        ST_IN: if (vin_fire) begin
          data_q[{nid, vin_slot_i}] <= {vin_w_i, vin_z_i, vin_y_i, vin_x_i};
          wm_q[{nid, vin_slot_i}] <= vin_wmask_i;
          pres_q[nid] <= (part_q ? pres_q[nid] : 16'd0) | (16'd1 << vin_slot_i);
          if (vin_vlast_i) begin
            vert_q[nid] <= vin_vert_i;
            prim_q <= vin_prim_i;
            dlast_q <= vin_dlast_i;
            part_q <= 1'b0;
            st_q <= ST_ASM;
          end else begin
            part_q <= 1'b1;
          end
        end
        ST_ASM: begin
          oc_q[wr] <= oc_new;
          qkind_q[0] <= ak0;
          qkind_q[1] <= ak1;
          for (int v = 0; v < 6; v++) qv_q[v] <= av[v];
          qn_q <= an;
          qh_q <= 2'd0;
          if (dlast_q) begin
            n_q <= 32'd0;
          end else begin
            if (n_q == 32'd0) f_q <= wr;
            p3_q <= p2_q;
            p2_q <= p1_q;
            p1_q <= wr;
            n_q <= n_q + 32'd1;
          end
          st_q <= (an != 2'd0) ? ST_PRIM : ST_IN;
        end
        ST_PRIM: begin
          if (do_cull) begin
            qh_q <= qh_q + 2'd1;
            st_q <= last_prim ? ST_IN : ST_PRIM;
          end else if (do_accept) begin
            lst_q[{cur_q, 4'd0}] <= hv0;
            lst_q[{cur_q, 4'd1}] <= hv1;
            lst_q[{cur_q, 4'd2}] <= hv2;
            cnt_q <= is_tri ? 5'd3 : is_ln ? 5'd2 : 5'd1;
            st_q <= ST_EMIT;
            k_q <= 4'd1; j_q <= 2'd0; s_q <= 4'd0;
          end else if (is_pt) begin
            // expand (D10): the list is the four corners, the primitive a triangle from now on
            qkind_q[qh_q[0]] <= K_TRI;
            for (int v = 0; v < 4; v++) lst_q[{cur_q, 4'(v)}] <= 6'd8 + 6'(v);
            cnt_q <= 5'd4;
            mask_q <= ic;
            pp_q <= 6'd0;
            ovf_q <= 1'b0;
            xc_q <= 2'd0;
            s_q <= 4'd0;
            hi_q <= hipt;
            st_q <= ST_EXP;
          end else begin
            lst_q[{cur_q, 4'd0}] <= hv0;
            lst_q[{cur_q, 4'd1}] <= hv1;
            lst_q[{cur_q, 4'd2}] <= hv2;
            cnt_q <= is_tri ? 5'd3 : 5'd2;
            mask_q <= oor[11:0] & clipset[11:0];
            pp_q <= 6'd0;
            ovf_q <= 1'b0;
            st_q <= ST_PASS;
          end
        end
        ST_PASS: begin
          if (pass_drop) begin
            qh_q <= qh_q + 2'd1;
            st_q <= last_prim ? ST_IN : ST_PRIM;
          end else if (mask_q == 12'd0) begin
            st_q <= ST_EMIT;
            k_q <= 4'd1; j_q <= 2'd0; s_q <= 4'd0;
          end else begin
            p_q <= nplane;
            mask_q <= mask_q & ~(12'd1 << nplane);
            ocnt_q <= 5'd0;
            i_q <= 4'd0;
            st_q <= ST_VISIT;
          end
        end
        ST_VISIT: begin
          if (ins != ine && pp_q != 6'd32) begin
            vi_q <= VI;
            vq_q <= VQ;
            t_q <= tnew;
            hi_q <= hinew;
            s_q <= 4'd0;
            line_e_q <= is_ln && ine;
            eid_q <= E;
            st_q <= ST_INTERP;
          end else begin
            if (ins != ine) ovf_q <= 1'b1;
            if (last_edge) begin
              cur_q <= ~cur_q;
              cnt_q <= oc1 + {4'd0, ok2};
              st_q <= ST_PASS;
            end else begin
              i_q <= i_q + 4'd1;
            end
          end
        end
        ST_INTERP: begin
          data_q[{pid, s_q}] <= nd;
          wm_q[{pid, s_q}] <= nw;
          pres_q[pid] <= pres_q[vi_q] | pres_q[vq_q];
          vert_q[pid] <= vert_q[vi_q];
          if (s_q == hi_q) begin
            pp_q <= pp_q + 6'd1;
            if (last_edge) begin
              cur_q <= ~cur_q;
              cnt_q <= oc1 + {4'd0, ok2};
              st_q <= ST_PASS;
            end else begin
              i_q <= i_q + 4'd1;
              st_q <= ST_VISIT;
            end
          end else begin
            s_q <= s_q + 4'd1;
          end
        end
        ST_EMIT: if (vtx_fire) begin
          if (more) begin
            s_q <= snext;
          end else begin
            s_q <= 4'd0;
            if (!lastv) begin
              j_q <= j_q + 2'd1;
            end else begin
              j_q <= 2'd0;
              if (is_tri && {1'b0, k_q} + 5'd2 < cnt_q) begin
                k_q <= k_q + 4'd1;
              end else begin
                qh_q <= qh_q + 2'd1;
                st_q <= last_prim ? ST_IN : ST_PRIM;
              end
            end
          end
        end
        ST_EXP: begin
          data_q[{xid, s_q}] <= xd;
          wm_q[{xid, s_q}] <= pres_q[hv0][s_q] ? wm_q[{hv0, s_q}] : 4'd0;
          pres_q[xid] <= pres_q[hv0] | 16'd1;
          vert_q[xid] <= vert_q[hv0];
          if (s_q == hi_q) begin
            s_q <= 4'd0;
            if (xc_q == 2'd3) begin
              pp_q <= 6'd4;
              st_q <= ST_PASS;
            end else begin
              xc_q <= xc_q + 2'd1;
            end
          end else begin
            s_q <= s_q + 4'd1;
          end
        end
        default: st_q <= ST_IN;
      endcase
    end
  end

`ifndef SYNTHESIS
  // ---- assertions (issue 29; docs/hardening.md "RTL assertions"): the primitive walk ----
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (st_q == 4'd7 || st_q > ST_EXP) $error("%m: ASSERT ClipStateLegal: state %0d", st_q);
      // a vertex closes at most two primitives (a line loop's last: the line and the closing one)
      if (qn_q > 2'd2) $error("%m: ASSERT ClipPrimQueue: %0d primitives queued of 2", qn_q);
    end
  end
`endif

endmodule
