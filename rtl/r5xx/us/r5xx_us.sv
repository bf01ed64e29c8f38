// r5xx_us: the R500 fragment shader (docs/blocks/r5xx.us.md).  One quad executing:
// IDLE (register writes; the first input beat of a quad that is due) -> LOAD (further input
// beats) -> RUN (one instruction per cycle on all four pixels; the NOP bit adds a cycle; a TEX
// instruction issues per-pixel requests and waits for their responses in S_TEX) -> the end of
// the program hands the quad's output state to a two-entry emission queue (S_EMIT: waiting for
// room) that sends one record per written render target while the next quads run; the next
// quad's beat is taken already in the cycle of the last instruction.  The C model
// (model/r5xx/us/us_model.c) follows the same cycles.
module r5xx_us (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,
  input  logic        quad_valid_i,
  output logic        quad_ready_o,
  input  logic [15:0] quad_wseq_i,
  input  logic [6:0]  quad_addr_i,
  input  logic [3:0]  quad_cov_i,
  input  logic        quad_last_i,
  input  logic [63:0] quad_p0rg_i,
  input  logic [63:0] quad_p0ba_i,
  input  logic [63:0] quad_p1rg_i,
  input  logic [63:0] quad_p1ba_i,
  input  logic [63:0] quad_p2rg_i,
  input  logic [63:0] quad_p2ba_i,
  input  logic [63:0] quad_p3rg_i,
  input  logic [63:0] quad_p3ba_i,
  output logic        texreq_valid_o,
  input  logic        texreq_ready_i,
  output logic [8:0]  texreq_pc_o,
  output logic [3:0]  texreq_smp_o,
  output logic [2:0]  texreq_op_o,
  output logic        texreq_unscaled_o,
  output logic [1:0]  texreq_quad_o,
  output logic [31:0] texreq_s_o,
  output logic [31:0] texreq_t_o,
  output logic [31:0] texreq_r_o,
  output logic [31:0] texreq_lod_o,
  output logic [1:0]  texreq_lmode_o,
  output logic        texreq_grad_o,
  output logic [31:0] texreq_dsdx_o,
  output logic [31:0] texreq_dtdx_o,
  output logic [31:0] texreq_dsdy_o,
  output logic [31:0] texreq_dtdy_o,
  input  logic        texrsp_valid_i,
  output logic        texrsp_ready_o,
  input  logic [3:0]  texrsp_smp_i,
  input  logic [1:0]  texrsp_quad_i,
  input  logic [31:0] texrsp_r_i,
  input  logic [31:0] texrsp_g_i,
  input  logic [31:0] texrsp_b_i,
  input  logic [31:0] texrsp_a_i,
  input  logic [3:0]  texrsp_err_i,
  input  logic        texrsp_kill_i,
  output logic        frag_valid_o,
  input  logic        frag_ready_i,
  output logic [15:0] frag_quad_o,
  output logic [1:0]  frag_tgt_o,
  output logic        frag_last_o,
  output logic [8:0]  frag_pc_o,
  output logic [3:0]  frag_wr_o,
  output logic [19:0] frag_mask_o,
  output logic [63:0] frag_p0rg_o,
  output logic [63:0] frag_p0ba_o,
  output logic [63:0] frag_p1rg_o,
  output logic [63:0] frag_p1ba_o,
  output logic [63:0] frag_p2rg_o,
  output logic [63:0] frag_p2ba_o,
  output logic [63:0] frag_p3rg_o,
  output logic [63:0] frag_p3ba_o,
  output logic [63:0] frag_z01_o,
  output logic [63:0] frag_z23_o,
  output logic        idle_o
);
  localparam logic [2:0] S_IDLE = 3'd0, S_LOAD = 3'd1, S_RUN = 3'd2, S_NOP = 3'd3, S_TEX = 3'd4,
                         S_EMIT = 3'd5;

  logic [2:0]  st_q;
  logic [8:0]  pc_q;
  logic        nop_emit_q;
  logic [3:0]  reqm_q, rspm_q;
  logic [15:0] qid_q;
  logic [3:0]  cov_q, kill_q;
  logic [15:0] pred_q;          // pixel p: bits 4p + (r g b a)
  logic [2047:0] out_q;         // target t pixel p channel c at [512t + 128p + 32c]
  logic [63:0] omask_q;         // target t: bits 16t + 4p + c
  logic [35:0] opc_q;           // target t: [9t +: 9]
  logic [3:0]  tw_q;
  logic [127:0] z_q;
  logic [3:0]  zmask_q;
  logic [3:0]  act_q;           // flow control: pixel active
  logic [31:0] cnt_q;           // pixel p's branch counter at [8p +: 8]
  logic [3:0]  alu_q;           // pixel p's ALU result bit
  logic [35:0] astk_q;          // address stack entry k at [9k +: 9]
  logic [1:0]  asp_q;
  logic [31:0] lc_q;            // loop-counter stack entry k at [8k +: 8]
  logic [1:0]  lsp_q;
  logic [31:0] al_q, alst_q;    // aL stack: value and step of entry k at [8k +: 8]
  logic [1:0]  alp_q;
  logic [511:0] tmp_q [128];    // pixel-stack temporaries: pixel p channel c at [128p + 32c]
  logic [2047:0] tv_q;          // lane (p, c) of temporary i written: bit 16i + 4p + c (else it reads 0)

  // ---- handshakes ----------------------------------------------------------------------------
  logic [15:0] wcount;
  logic due, regw_fire, quad_fire, texreq_fire, texrsp_fire, frag_fire;
  assign due = quad_valid_i && (quad_wseq_i == wcount);
  assign regw_ready_o = (st_q == S_IDLE) && !due;
  logic run_end;                // RUN: the instruction ends the program now (no NOP, no lookup wait) and hands over
  assign quad_ready_o = ((st_q == S_IDLE) && due) || (st_q == S_LOAD) || (run_end && due);
  assign regw_fire = regw_valid_i && regw_ready_o;
  assign quad_fire = quad_valid_i && quad_ready_o;

  // ---- the loader and the instruction at pc --------------------------------------------------
  logic [191:0] iw;
  logic [7:0]   caddr [6];
  logic [127:0] cst [6];
  logic         zmode;
  logic [8:0]   start_pc, end_pc, offset;
  logic [31:0]  fc_bool;
  logic [83:0]  out_fmt;
  logic [2:0]   w_fmt;
  logic [83:0]  e_fmt;
  logic [2:0]   e_wfmt;
  logic         fc_full;
  logic [23:0]  kint;
  logic [21:0]  fmt0;
  r5xx_us_loader u_loader (
    .clk_i, .rst_ni, .we_i(regw_fire), .addr_i(regw_addr_i), .data_i(regw_data_i),
    .pc_i(pc_q), .inst_o(iw), .caddr_i(caddr), .cst_o(cst), .wcount_o(wcount), .zmode_o(zmode),
    .start_o(start_pc), .end_o(end_pc), .offset_o(offset), .fc_bool_o(fc_bool),
    .out_fmt_o(out_fmt), .w_fmt_o(w_fmt),
    .fc_full_o(fc_full), .iaddr_i(iw[96+12:96+8]), .fc_int_o(kint),
    .fsmp_i(iw[32+19:32+16]), .fmt0_o(fmt0)
  );
  logic [31:0] cmn, w1, w2, w3, w4, w5;
  assign cmn = iw[31:0];
  assign w1 = iw[63:32];
  assign w2 = iw[95:64];
  assign w3 = iw[127:96];
  assign w4 = iw[159:128];
  assign w5 = iw[191:160];
  logic [1:0] itype;
  assign itype = cmn[1:0];
  logic exec_alu, exec_tex;
  assign exec_alu = (st_q == S_RUN) && (itype == 2'd0 || itype == 2'd1);
  assign exec_tex = (st_q == S_RUN) && (itype == 2'd3);

  // the loop register aL: the top of the aL stack
  logic [1:0] ltop, atop;
  logic [7:0] al;
  assign ltop = lsp_q - 2'd1;
  assign atop = alp_q - 2'd1;
  assign al = al_q[8*atop +: 8];

  // ---- sources: RGB 0..2 from w1, alpha 0..2 from w2 ----------------------------------------------
  function automatic logic [31:0] inline_f(input logic [6:0] c);
    logic [31:0] r;
    logic [7:0] e8;
    e8 = {4'd0, c[6:3]} + 8'd120;
    if (c[6:3] != 4'd0) r = {1'b0, e8, c[2:0], 20'd0};
    else if (c[2]) r = {1'b0, 8'd120, c[1:0], 21'd0};
    else if (c[1]) r = {1'b0, 8'd119, c[0], 22'd0};
    else if (c[0]) r = {1'b0, 8'd118, 23'd0};
    else r = 32'h0;
    return r;
  endfunction

  // a temporary as read: lanes never written since reset read 0
  function automatic logic [511:0] tread(input logic [511:0] v, input logic [15:0] ok);
    logic [511:0] r;
    for (int l = 0; l < 16; l++) r[32*l +: 32] = ok[l] ? v[32*l +: 32] : 32'h0;
    return r;
  endfunction

  logic [511:0] srcv [6];       // source k (0..2 RGB, 3..5 alpha): pixel p channel c at [128p+32c]
  for (genvar k = 0; k < 6; k++) begin : g_src
    logic [31:0] aw;
    logic [7:0]  a;
    logic        isc;
    assign aw = (k < 3) ? w1 : w2;
    assign a = aw[10*(k%3) +: 8];
    assign isc = aw[10*(k%3) + 8];
    logic unused_aw;
    assign unused_aw = ^aw;   // the other sources, SRCP_OP (the ALU's)
    // REL: + aL (constants mod 256, temporaries mod 128, inline floats unchanged)
    logic [7:0] ar;
    assign ar = !aw[10*(k%3) + 9] ? a : isc ? a + al : a[7] ? a : {1'b0, a[6:0] + al[6:0]};
    assign caddr[k] = ar;
    // read only while an ALU instruction executes (its only use)
    logic [511:0] sv;
    always_comb begin
      case (exec_alu)
        1'b1: sv = isc ? {4{cst[k]}} : a[7] ? {16{inline_f(a[6:0])}} :
                   tread(tmp_q[ar[6:0]], tv_q[16*ar[6:0] +: 16]);
        default: sv = '0;
      endcase
    end
    assign srcv[k] = sv;
  end

  // ---- the four pixel ALUs ------------------------------------------------------------------------
  logic [95:0] rres [4];
  logic [31:0] ares [4];
  logic [3:0]  pcmp [4];
  logic [127:0] mda, mdc;
  // MDH/MDV: A from the top-left pixel's src0, C from top-right (MDH) or bottom-left (MDV)
  assign mda = {srcv[3][127:96], srcv[0][95:0]};
  assign mdc[95:0] = (w5[3:0] == 4'd11) ? srcv[0][128 +: 96] : srcv[0][256 +: 96];
  assign mdc[127:96] = (w4[3:0] == 4'd14) ? srcv[3][128+96 +: 32] : srcv[3][256+96 +: 32];
  for (genvar p = 0; p < 4; p++) begin : g_pix
    r5xx_us_alu u_alu (
      .en_i(exec_alu), .cmn_i(cmn), .ra_i(w1), .aa_i(w2), .ri_i(w3), .ai_i(w4), .rgba_i(w5), .zmode_i(zmode),
      .rs_i({srcv[2][128*p +: 128], srcv[1][128*p +: 128], srcv[0][128*p +: 128]}),
      .as_i({srcv[5][128*p +: 128], srcv[4][128*p +: 128], srcv[3][128*p +: 128]}),
      .mda_i(mda), .mdc_i(mdc), .rres_o(rres[p]), .ares_o(ares[p]), .pred_o(pcmp[p])
    );
  end

  // predicate gate of pixel p channel c
  function automatic logic pgate(input logic [2:0] rsel, input logic rinv, input logic [2:0] asel,
                                 input logic ainv, input logic [3:0] pr, input int c);
    logic [2:0] sel;
    logic       inv, r;
    sel = (c < 3) ? rsel : asel;
    inv = (c < 3) ? rinv : ainv;
    case (sel)
      3'd1: r = pr[c] ^ inv;
      3'd2: r = pr[0] ^ inv;
      3'd3: r = pr[1] ^ inv;
      3'd4: r = pr[2] ^ inv;
      3'd5: r = pr[3] ^ inv;
      default: r = 1'b1;
    endcase
    return r;
  endfunction

  // write gate of pixel p channel c: active (or WRITE_INACTIVE) and the predicate
  logic [3:0] on;
  assign on = act_q | {4{cmn[7]}};
  logic [3:0] gate [4];
  for (genvar p = 0; p < 4; p++) begin : g_gate
    for (genvar c = 0; c < 4; c++) begin : g_c
      assign gate[p][c] = on[p] && pgate(cmn[5:3], cmn[6], cmn[27:25], cmn[22], pred_q[4*p +: 4], c);
    end
  end

  // the ALU result of each pixel (ALU_RESULT_SEL red/alpha, ALU_RESULT_OP); used only while an
  // ALU instruction executes
  prim_sf_fn u_sf ();
  logic [3:0] alur;
  for (genvar p = 0; p < 4; p++) begin : g_alur
    logic [31:0] x;
    logic [2:0]  cx, cy;   // {lt, le, eq} of (x, 0) and (0, x)
    assign x = cmn[21] ? ares[p] : rres[p][31:0];
    always_comb begin
      case (exec_alu)
        1'b1: begin cx = u_sf.cmp(x, 32'h0); cy = u_sf.cmp(32'h0, x); end
        default: begin cx = 3'd0; cy = 3'd0; end
      endcase
    end
    always_comb begin
      case (cmn[24:23])
        2'd0: alur[p] = cx[0];
        2'd1: alur[p] = cx[2];
        2'd2: alur[p] = cy[1];
        default: alur[p] = ~cx[0];
      endcase
    end
    logic unused_alur;
    assign unused_alur = cx[1] ^ cy[2] ^ cy[0];
  end

  // ---- FC: B_ELSE, the jump decision, the branch-state operation, the next pc ------------------
  logic [3:0] e_act, want, part, n_act;
  logic [31:0] e_cnt, n_cnt;
  logic jump, jdec;
  logic [1:0] bsel;
  logic bl;
  assign bl = fc_bool[w3[4:0]];
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      if (w2[4]) begin
        e_act[p] = !act_q[p] && (cnt_q[8*p +: 8] == 8'd0);
        e_cnt[8*p +: 8] = act_q[p] ? 8'd0 : cnt_q[8*p +: 8];
      end else begin
        e_act[p] = act_q[p];
        e_cnt[8*p +: 8] = cnt_q[8*p +: 8];
      end
    end
  end
  for (genvar p = 0; p < 4; p++) begin : g_want
    logic pr;
    logic [2:0] idx;
    always_comb begin
      case (cmn[5:3])
        3'd1, 3'd2: pr = pred_q[4*p] ^ cmn[6];
        3'd3: pr = pred_q[4*p + 1] ^ cmn[6];
        3'd4: pr = pred_q[4*p + 2] ^ cmn[6];
        3'd5: pr = pred_q[4*p + 3] ^ cmn[6];
        default: pr = 1'b0;
      endcase
    end
    assign idx = {alu_q[p], pr, bl};
    assign want[p] = w2[8 + idx];
  end
  assign part = e_act & (w2[28] ? cov_q : 4'hF);
  assign jdec = w2[5] ? ((want & part) != 4'd0) : ((want & part) == part);
  // FULL_FC_EN: LOOP/REP jump when KR = 0; ENDLOOP/ENDREP not when the counter reaches 0
  logic [2:0] fop;
  logic       lop;
  logic [7:0] lcdec;
  assign fop = w2[2:0];
  assign lop = fc_full && fop != 3'd0 && fop != 3'd7;
  assign lcdec = lc_q[8*ltop +: 8] - 8'd1;
  assign jump = !lop ? jdec :
                (fop == 3'd1 || fop == 3'd3) ? (jdec || kint[7:0] == 8'd0) :
                (fop == 3'd2 || fop == 3'd4) ? (jdec && lcdec != 8'd0) : jdec;
  assign bsel = jump ? w2[27:26] : w2[25:24];
  // INCR saturates at 255 with FULL_FC_EN, at 3 in partial flow control (nesting limit 4, decision 22)
  logic [7:0] cmax;
  assign cmax = fc_full ? 8'hFF : 8'h03;
  always_comb begin
    for (int p = 0; p < 4; p++) begin
      n_act[p] = e_act[p];
      n_cnt[8*p +: 8] = e_cnt[8*p +: 8];
      if (bsel == 2'd1 && !e_act[p]) begin
        if (e_cnt[8*p +: 8] < {3'd0, w2[20:16]}) begin
          n_act[p] = 1'b1;
          n_cnt[8*p +: 8] = 8'd0;
        end else begin
          n_cnt[8*p +: 8] = e_cnt[8*p +: 8] - {3'd0, w2[20:16]};
        end
      end else if (bsel == 2'd2) begin
        if (!e_act[p]) begin
          n_cnt[8*p +: 8] = (e_cnt[8*p +: 8] < cmax) ? e_cnt[8*p +: 8] + 8'd1 : e_cnt[8*p +: 8];
        end else if (want[p] != jump) begin
          n_act[p] = 1'b0;
          n_cnt[8*p +: 8] = 8'd0;
        end
      end
    end
  end
  logic [8:0] fc_next;
  logic [1:0] aop, aspm1;
  assign aspm1 = asp_q - 2'd1;
  assign aop = w2[7:6];
  assign fc_next = !jump ? pc_q + 9'd1 :
                   (aop == 2'd1) ? astk_q[9*aspm1 +: 9] :
                   w3[24:16] + (w3[31] ? 9'd0 : offset);
  logic exec_fc;
  assign exec_fc = (st_q == S_RUN) && (itype == 2'd2);

  // ---- TEX: coordinates of the requested pixel, the response, the kill test -------------------------
  logic [3:0] op;
  assign op = {1'b0, w1[24:22]};
  logic [6:0] tsa, tda;          // SRC_ADDR / DST_ADDR with REL (+ aL)
  assign tsa = w2[6:0] + (w2[7] ? al[6:0] : 7'd0);
  assign tda = w2[22:16] + (w2[23] ? al[6:0] : 7'd0);
  function automatic logic [1:0] lowest(input logic [2:0] m);   // 3 when m[2:0] is 0
    logic [1:0] r;
    if (m[0]) r = 2'd0;
    else if (m[1]) r = 2'd1;
    else if (m[2]) r = 2'd2;
    else r = 2'd3;
    return r;
  endfunction
  logic [1:0] rqpx, rspx;
  assign rqpx = lowest(reqm_q[2:0]);
  assign rspx = lowest(rspm_q[2:0]);
  logic [3:0] texpix;           // pixels that get a request
  assign texpix = (op == 4'd0 || op == 4'd2 || op == 4'd7) ? 4'd0 : (w1[26] ? cov_q : 4'hF);

  // DXDY: the derivative operands of US_TEX_ADDR_DXDY, sent as they are (r5xx.tx takes the LOD);
  // US_FORMAT0 is stored and not used (decision 25)
  logic unused_fmt0;
  assign unused_fmt0 = ^fmt0;
  logic [6:0] dxa, dya;
  assign dxa = w3[6:0] + (w3[7] ? al[6:0] : 7'd0);
  assign dya = w3[22:16] + (w3[23] ? al[6:0] : 7'd0);

  // s, t, r of pixel px: PROJ divides them by q (sf_mul(x, sf_rcp(q)))
  // verilator lint_off VARHIDDEN
  function automatic logic [95:0] tstr(input logic [511:0] src, input logic [1:0] px);
    logic [127:0] tpix;
    logic [31:0]  tc [4];
    logic [31:0]  rq;
    logic [95:0]  v;
    tpix = src[128*px +: 128];
    for (int k = 0; k < 4; k++) tc[k] = tpix[32*w2[8+2*k +: 2] +: 32];
    if (op == 4'd3) begin
      rq = u_sf.rcp(tc[3]);
      v = {u_sf.mul(tc[2], rq, 1'b0), u_sf.mul(tc[1], rq, 1'b0), u_sf.mul(tc[0], rq, 1'b0)};
    end else begin
      v = {tc[2], tc[1], tc[0]};
    end
    return v;
  endfunction

  // the quad's differences {dtdy, dsdy, dtdx, dsdx}: TR - TL and BL - TL of s and t, as MDH/MDV
  function automatic logic [127:0] qdiff(input logic [511:0] src);
    // verilator lint_off UNUSEDSIGNAL
    logic [95:0] c0, c1, c2;     // r is not differenced (2D LOD)
    // verilator lint_on UNUSEDSIGNAL
    c0 = tstr(src, 2'd0);
    c1 = tstr(src, 2'd1);
    c2 = tstr(src, 2'd2);
    return {u_sf.add(c2[63:32], {~c0[63], c0[62:32]}), u_sf.add(c2[31:0], {~c0[31], c0[30:0]}),
            u_sf.add(c1[63:32], {~c0[63], c0[62:32]}), u_sf.add(c1[31:0], {~c0[31], c0[30:0]})};
  endfunction
  logic [127:0] qd_q;            // taken when the lookup starts (before a response is written)

  // the request of pixel px: {dtdy, dsdy, dtdx, dsdx, lod, r, t, s}; the derivatives: DXDY's
  // operands, or (not LOD) the quad's differences qd_q
  function automatic logic [255:0] treq(input logic [511:0] src, input logic [511:0] dxv,
                                        input logic [511:0] dyv, input logic [1:0] px);
    logic [127:0] tpix, dxp, dyp;
    logic [95:0]  c;
    logic [127:0] d;
    logic [31:0]  lod;
    tpix = src[128*px +: 128];
    c = tstr(src, px);
    lod = (op == 4'd4 || op == 4'd5) ? tpix[32*w2[15:14] +: 32] : 32'd0;
    if (op == 4'd6) begin
      dxp = dxv[128*px +: 128];
      dyp = dyv[128*px +: 128];
      d = {dyp[32*w3[27:26] +: 32], dyp[32*w3[25:24] +: 32], dxp[32*w3[11:10] +: 32], dxp[32*w3[9:8] +: 32]};
    end else if (op != 4'd5) begin
      d = qd_q;
    end else begin
      d = 128'd0;
    end
    return {d, lod, c};
  endfunction
  // verilator lint_on VARHIDDEN

  // evaluated only while a request is offered (the outputs are 0 otherwise)
  logic [255:0] tq;
  assign texreq_valid_o = (st_q == S_TEX) && (reqm_q != 4'd0);
  always_comb begin
    case (texreq_valid_o)
      1'b1: tq = treq(tread(tmp_q[tsa], tv_q[16*tsa +: 16]),
                      (op == 4'd6) ? tread(tmp_q[dxa], tv_q[16*dxa +: 16]) : 512'd0,
                      (op == 4'd6) ? tread(tmp_q[dya], tv_q[16*dya +: 16]) : 512'd0, rqpx);
      default: tq = '0;
    endcase
  end
  assign texreq_pc_o = texreq_valid_o ? pc_q : 9'd0;
  assign texreq_smp_o = texreq_valid_o ? w1[19:16] : 4'd0;
  assign texreq_op_o = texreq_valid_o ? w1[24:22] : 3'd0;
  assign texreq_unscaled_o = texreq_valid_o && w1[27];
  assign texreq_quad_o = texreq_valid_o ? rqpx : 2'd0;
  assign texreq_s_o = tq[31:0];
  assign texreq_t_o = tq[63:32];
  assign texreq_r_o = tq[95:64];
  assign texreq_lod_o = tq[127:96];
  assign texreq_lmode_o = !texreq_valid_o ? 2'd0 : (op == 4'd5) ? 2'd1 : (op == 4'd4) ? 2'd2 : 2'd0;
  assign texreq_grad_o = texreq_valid_o && op != 4'd5;
  assign texreq_dsdx_o = tq[159:128];
  assign texreq_dtdx_o = tq[191:160];
  assign texreq_dsdy_o = tq[223:192];
  assign texreq_dtdy_o = tq[255:224];
  assign texrsp_ready_o = (st_q == S_TEX) && ((rspm_q & ~reqm_q) != 4'd0);
  assign texreq_fire = texreq_valid_o && texreq_ready_i;
  assign texrsp_fire = texrsp_valid_i && texrsp_ready_o;

  logic unused_rsp;
  assign unused_rsp = ^{texrsp_smp_i, texrsp_quad_i, texrsp_err_i};   // r5xx.tx's echoes
  logic [127:0] rsp;
  assign rsp = {texrsp_a_i, texrsp_b_i, texrsp_g_i, texrsp_r_i};
  logic [31:0] tv [4];          // response channel c after the destination swizzle and clamp
  for (genvar c = 0; c < 4; c++) begin : g_tv
    logic [31:0] raw, v;
    assign raw = rsp[32*w2[24+2*c +: 2] +: 32];
    always_comb begin
      case (texrsp_fire && ((c < 3) ? cmn[19] : cmn[20]))
        1'b1: v = u_sf.min(u_sf.max(raw, 32'h0), 32'h3F800000);
        default: v = raw;
      endcase
    end
    assign tv[c] = v;
  end

  logic [3:0] killv;            // KIL: a swizzled coordinate below zero, per pixel
  // verilator lint_off VARHIDDEN
  function automatic logic [3:0] kill(input logic [511:0] src);
    logic [3:0]  r;
    r = 4'd0;
    for (int p = 0; p < 4; p++) begin
      for (int k = 0; k < 4; k++) begin
        if (u_sf.lt(src[128*p + 32*w2[8+2*k +: 2] +: 32], 32'h0)) r[p] = 1'b1;
      end
    end
    return r;
  endfunction
  // verilator lint_on VARHIDDEN
  always_comb begin
    case (exec_tex && op == 4'd2)
      1'b1: killv = kill(tread(tmp_q[tsa], tv_q[16*tsa +: 16]));
      default: killv = 4'd0;
    endcase
  end

  // ---- the end of an instruction --------------------------------------------------------------
  logic done, nop;
  assign done = cmn[8] || (pc_q == end_pc);
  assign nop = cmn[9];
  logic tex_wait, adv;
  assign tex_wait = exec_tex && (texpix != 4'd0);
  logic [127:0] qd_d;
  always_comb begin
    case (tex_wait)
      1'b1: qd_d = qdiff(tread(tmp_q[tsa], tv_q[16*tsa +: 16]));
      default: qd_d = '0;
    endcase
  end
  assign adv = ((st_q == S_RUN) && !tex_wait) ||
               ((st_q == S_TEX) && texrsp_fire && ((rspm_q & ~(4'd1 << rspx)) == 4'd0));

  // ---- output record ----------------------------------------------------------------------------
  // the emission queue: up to two finished quads (their output state, captured at the hand-over)
  logic [2047:0] eq_out_q [2];
  logic [63:0]   eq_om_q [2];
  logic [35:0]   eq_opc_q [2];
  logic [127:0]  eq_z_q [2];
  logic [3:0]    eq_zm_q [2], eq_wr_q [2];
  logic [4:0]    eq_ti_q [2];
  logic [15:0]   eq_qid_q [2];
  logic [83:0]   eq_fmt_q [2];
  logic [2:0]    eq_wfmt_q [2];
  logic [1:0]    eq_n_q;
  logic          eq_h_q;
  logic [4:0]  ti;
  assign ti = eq_ti_q[eq_h_q];
  logic [1:0] etgt;
  logic       elast;
  assign etgt = ti[4] ? 2'd0 : lowest(ti[2:0]);
  assign elast = ti[4] || ((ti[3:0] & ~(4'd1 << etgt)) == 4'd0);
  assign frag_valid_o = eq_n_q != 2'd0;
  assign frag_fire = frag_valid_o && frag_ready_i;
  logic [511:0] ov;
  assign ov = eq_out_q[eq_h_q][512*etgt +: 512];
  assign frag_quad_o = frag_valid_o ? eq_qid_q[eq_h_q] : 16'd0;
  assign frag_tgt_o = frag_valid_o ? etgt : 2'd0;
  assign frag_last_o = frag_valid_o && elast;
  assign frag_pc_o = (frag_valid_o && !ti[4]) ? eq_opc_q[eq_h_q][9*etgt +: 9] : 9'd0;
  assign frag_wr_o = frag_valid_o ? eq_wr_q[eq_h_q] : 4'd0;
  // the target's components converted by US_OUT_FMT_t, W by US_W_FMT ("Output conversion")
  logic [20:0]  efmt;
  logic [15:0]  eom, ecm;
  logic [511:0] elane;
  logic [3:0]   zdel;
  logic [127:0] zl;
  assign e_fmt = eq_fmt_q[eq_h_q];
  assign e_wfmt = eq_wfmt_q[eq_h_q];
  assign efmt = e_fmt[21*etgt +: 21];
  assign eom = !ti[4] ? eq_om_q[eq_h_q][16*etgt +: 16] : 16'd0;
  assign zdel = (frag_valid_o && !e_wfmt[2]) ? eq_zm_q[eq_h_q] : 4'd0;
  logic [31:0] unused_cv;
  r5xx_us_cvt u_cvtf (.x_i(32'd0), .kind_i(3'd0), .w_i(5'd0), .trunc_i(1'b0), .v_o(unused_cv));
  for (genvar p = 0; p < 4; p++) begin : g_opix
    r5xx_us_opix u_opix (.en_i(frag_valid_o), .fmt_i(efmt), .ch_i(ov[128*p +: 128]), .chm_i(eom[4*p +: 4]),
                         .lane_o(elane[128*p +: 128]), .cm_o(ecm[4*p +: 4]));
    logic [31:0] zv;
    always_comb begin
      case (frag_valid_o && zdel[p])   // evaluated only while used
        1'b1: zv = u_cvtf.cvt(eq_z_q[eq_h_q][32*p +: 32], e_wfmt[1:0] == 2'd1 ? 3'd1 :
                              e_wfmt[1:0] == 2'd2 ? 3'd5 : 3'd0, 5'd24, 1'b0);
        default: zv = 32'd0;
      endcase
    end
    assign zl[32*p +: 32] = zdel[p] ? zv : 32'd0;
  end
  assign frag_mask_o = frag_valid_o ? {zdel, ecm} : 20'd0;
  assign frag_p0rg_o = frag_valid_o ? elane[63:0] : 64'd0;
  assign frag_p0ba_o = frag_valid_o ? elane[127:64] : 64'd0;
  assign frag_p1rg_o = frag_valid_o ? elane[191:128] : 64'd0;
  assign frag_p1ba_o = frag_valid_o ? elane[255:192] : 64'd0;
  assign frag_p2rg_o = frag_valid_o ? elane[319:256] : 64'd0;
  assign frag_p2ba_o = frag_valid_o ? elane[383:320] : 64'd0;
  assign frag_p3rg_o = frag_valid_o ? elane[447:384] : 64'd0;
  assign frag_p3ba_o = frag_valid_o ? elane[511:448] : 64'd0;
  assign frag_z01_o = frag_valid_o ? zl[63:0] : 64'd0;
  assign frag_z23_o = frag_valid_o ? zl[127:64] : 64'd0;
  assign idle_o = (st_q == S_IDLE) && (eq_n_q == 2'd0);

  // ---- temporaries: the input beat, the ALU's RGB and alpha writes, the TEX response ----------------
  logic [6:0]  rd, ad;
  assign rd = w5[10:4] + (w5[11] ? al[6:0] : 7'd0);
  assign ad = w4[10:4] + (w4[11] ? al[6:0] : 7'd0);
  logic [511:0] beatv;
  assign beatv = {quad_p3ba_i, quad_p3rg_i, quad_p2ba_i, quad_p2rg_i,
                  quad_p1ba_i, quad_p1rg_i, quad_p0ba_i, quad_p0rg_i};

  always_ff @(posedge clk_i) begin
    if (exec_alu) begin
      for (int p = 0; p < 4; p++) begin
        for (int c = 0; c < 3; c++) begin
          if (cmn[11+c] && gate[p][c]) tmp_q[rd][128*p + 32*c +: 32] <= rres[p][32*c +: 32];
        end
        if (cmn[14] && gate[p][3]) tmp_q[ad][128*p + 96 +: 32] <= ares[p];
      end
    end
    if ((st_q == S_TEX) && texrsp_fire) begin
      for (int c = 0; c < 4; c++) begin
        if (cmn[11+c] && gate[rspx][c]) tmp_q[tda][128*rspx + 32*c +: 32] <= tv[c];
      end
    end
    if (quad_fire) tmp_q[quad_addr_i] <= beatv;   // after the ending instruction's writes: it wins
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      tv_q <= '0;
    end else begin
      if (quad_fire) tv_q[16*quad_addr_i +: 16] <= 16'hFFFF;
      if (exec_alu) begin
        for (int p = 0; p < 4; p++) begin
          for (int c = 0; c < 3; c++) begin
            if (cmn[11+c] && gate[p][c]) tv_q[16*rd + 4*p + c] <= 1'b1;
          end
          if (cmn[14] && gate[p][3]) tv_q[16*ad + 4*p + 3] <= 1'b1;
        end
      end
      if ((st_q == S_TEX) && texrsp_fire) begin
        for (int c = 0; c < 4; c++) begin
          if (cmn[11+c] && gate[rspx][c]) tv_q[16*tda + 4*rspx + c] <= 1'b1;
        end
      end
    end
  end

  // ---- the quad's state: outputs, predicates, kill ------------------------------------------------------
  logic start;
  assign start = quad_fire && quad_last_i;
  logic is_out;
  assign is_out = itype == 2'd1;
  logic [1:0] rtg, atg;
  assign rtg = w3[30:29];
  assign atg = w4[30:29];

  // the output state after this cycle's OUT / KIL (the hand-over captures it)
  logic [2047:0] out_d;
  logic [63:0]   omask_d;
  logic [35:0]   opc_d;
  logic [127:0]  z_d;
  logic [3:0]    zmask_d, kill_d;
  always_comb begin
    out_d = out_q;
    omask_d = omask_q;
    opc_d = opc_q;
    z_d = z_q;
    zmask_d = zmask_q;
    kill_d = kill_q;
    if (exec_alu && is_out) begin
      for (int p = 0; p < 4; p++) begin
        for (int c = 0; c < 3; c++) begin
          if (cmn[15+c] && gate[p][c]) begin
            out_d[512*rtg + 128*p + 32*c +: 32] = rres[p][32*c +: 32];
            omask_d[16*rtg + 4*p + c] = 1'b1;
          end
        end
        if (cmn[18] && gate[p][3]) begin
          out_d[512*atg + 128*p + 96 +: 32] = ares[p];
          omask_d[16*atg + 4*p + 3] = 1'b1;
        end
        if (w4[31] && gate[p][3]) begin
          z_d[32*p +: 32] = ares[p];
          zmask_d[p] = 1'b1;
        end
      end
      if (cmn[17:15] != 3'd0) opc_d[9*rtg +: 9] = pc_q;
      if (cmn[18]) opc_d[9*atg +: 9] = pc_q;
    end
    if (exec_tex && op == 4'd2) kill_d = kill_q | killv;
    if (texrsp_fire && texrsp_kill_i) kill_d = kill_d | (4'd1 << rspx);   // r5xx.tx chroma-key kill
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || start) begin
      out_q <= '0;
      omask_q <= '0;
      opc_q <= '0;
      pred_q <= '0;
      tw_q <= '0;
      z_q <= '0;
      zmask_q <= '0;
      kill_q <= '0;
      cov_q <= rst_ni ? quad_cov_i : 4'd0;
      act_q <= 4'hF;
      cnt_q <= '0;
      alu_q <= '0;
      astk_q <= '0;
      asp_q <= '0;
      lc_q <= '0;
      lsp_q <= '0;
      al_q <= '0;
      alst_q <= '0;
      alp_q <= '0;
    end else begin
      if (quad_fire) cov_q <= quad_cov_i;
      out_q <= out_d;
      omask_q <= omask_d;
      opc_q <= opc_d;
      z_q <= z_d;
      zmask_q <= zmask_d;
      kill_q <= kill_d;
      tw_q <= twn;
      if (exec_alu && !is_out) begin
        for (int p = 0; p < 4; p++) begin
          for (int c = 0; c < 3; c++) begin
            if (cmn[15+c] && on[p]) pred_q[4*p + c] <= pcmp[p][c];
          end
          if (cmn[18] && on[p]) pred_q[4*p + 3] <= pcmp[p][3];
        end
      end
      if (exec_alu && w3[31]) alu_q <= alur;
      if (exec_fc) begin
        act_q <= n_act;
        cnt_q <= n_cnt;
        if (jump && aop == 2'd1) asp_q <= aspm1;
        if (jump && aop == 2'd2) begin
          astk_q[9*asp_q +: 9] <= pc_q + 9'd1;
          asp_q <= asp_q + 2'd1;
        end
        if (lop && (fop == 3'd1 || fop == 3'd3) && !jump) begin          // LOOP, REP: push
          lc_q[8*lsp_q +: 8] <= kint[7:0];
          lsp_q <= lsp_q + 2'd1;
          if (fop == 3'd1) begin
            al_q[8*alp_q +: 8] <= kint[15:8];
            alst_q[8*alp_q +: 8] <= kint[23:16];
            alp_q <= alp_q + 2'd1;
          end
        end
        if (lop && (fop == 3'd2 || fop == 3'd4)) begin                    // ENDLOOP, ENDREP
          lc_q[8*ltop +: 8] <= lcdec;
          if (fop == 3'd2) al_q[8*atop +: 8] <= al + alst_q[8*atop +: 8];
          if (!jump) begin
            lsp_q <= ltop;
            if (fop == 3'd2) alp_q <= atop;
          end
        end
        if (lop && (fop == 3'd5 || fop == 3'd6) && jump) begin           // BREAKLOOP, BREAKREP
          lsp_q <= ltop;
          if (fop == 3'd5) alp_q <= atop;
        end
      end
    end
  end

  // ---- control --------------------------------------------------------------------------------------------
  // the targets written, including those of the instruction ending now
  logic [3:0] twn;
  assign twn = tw_q | ((exec_alu && is_out && cmn[17:15] != 3'd0) ? (4'd1 << rtg) : 4'd0)
                    | ((exec_alu && is_out && cmn[18]) ? (4'd1 << atg) : 4'd0);
  logic [4:0] tinit;
  logic [3:0] twu;   // written targets whose format is used (OUT_FMT 0-13, 16-21)
  for (genvar t = 0; t < 4; t++) begin : g_used
    logic [4:0] f;
    assign f = out_fmt[21*t +: 5];
    assign twu[t] = twn[t] && (f <= 5'd13 || (f >= 5'd16 && f <= 5'd21));
  end
  assign tinit = (twu != 4'd0) ? {1'b0, twu} : 5'h10;

  // hand-over to the emission queue: the program ends (RUN/TEX advancing with done, no NOP) or ended
  // (NOP after the last, or waiting in S_EMIT) and the queue has room (not full at the cycle's start)
  logic ends, hand;
  assign ends = (adv && done && !nop) || (st_q == S_NOP && nop_emit_q) || (st_q == S_EMIT);
  assign hand = ends && (eq_n_q != 2'd2);
  assign run_end = (st_q == S_RUN) && !tex_wait && done && !nop && (eq_n_q != 2'd2);
  logic et;   // the queue entry the hand-over writes
  assign et = eq_h_q ^ eq_n_q[0];
  always_ff @(posedge clk_i) begin
    if (hand) begin
      eq_out_q[et] <= out_d;
      eq_om_q[et] <= omask_d;
      eq_opc_q[et] <= opc_d;
      eq_z_q[et] <= z_d;
      eq_zm_q[et] <= zmask_d;
      eq_wr_q[et] <= cov_q & ~kill_d;
      eq_ti_q[et] <= tinit;
      eq_qid_q[et] <= qid_q;
      eq_fmt_q[et] <= out_fmt;
      eq_wfmt_q[et] <= w_fmt;
    end
    if (frag_fire && !elast) eq_ti_q[eq_h_q] <= {1'b0, ti[3:0] & ~(4'd1 << etgt)};
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      eq_n_q <= '0;
      eq_h_q <= 1'b0;
    end else begin
      if (frag_fire && elast) eq_h_q <= !eq_h_q;
      eq_n_q <= eq_n_q + {1'b0, hand} - {1'b0, frag_fire && elast};
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= S_IDLE;
      pc_q <= '0;
      nop_emit_q <= 1'b0;
      reqm_q <= '0;
      qd_q <= '0;
      rspm_q <= '0;
      qid_q <= '0;
    end else begin
      case (st_q)
        S_IDLE, S_LOAD: begin
          if (quad_fire) begin
            if (quad_last_i) begin
              st_q <= S_RUN;
              pc_q <= start_pc;
            end else begin
              st_q <= S_LOAD;
            end
          end
        end
        S_NOP: begin
          st_q <= !nop_emit_q ? S_RUN : hand ? S_IDLE : S_EMIT;
          if (hand) qid_q <= qid_q + 16'd1;
        end
        S_EMIT: begin   // ended, waiting for room in the emission queue
          if (hand) begin
            st_q <= S_IDLE;
            qid_q <= qid_q + 16'd1;
          end
        end
        default: begin   // S_RUN, S_TEX
          if (tex_wait) begin
            st_q <= S_TEX;
            qd_q <= qd_d;
            reqm_q <= texpix;
            rspm_q <= texpix;
          end
          if (st_q == S_TEX) begin
            if (texreq_fire) reqm_q <= reqm_q & ~(4'd1 << rqpx);
            if (texrsp_fire) rspm_q <= rspm_q & ~(4'd1 << rspx);
          end
          if (adv) begin
            if (!done) pc_q <= exec_fc ? fc_next : pc_q + 9'd1;
            if (nop) begin
              st_q <= S_NOP;
              nop_emit_q <= done;
            end else if (done) begin
              if (hand) qid_q <= qid_q + 16'd1;
              if (quad_fire) begin          // the next quad's beat in the last cycle (run_end)
                st_q <= quad_last_i ? S_RUN : S_LOAD;
                if (quad_last_i) pc_q <= start_pc;
              end else begin
                st_q <= hand ? S_IDLE : S_EMIT;
              end
            end else begin
              st_q <= S_RUN;
            end
          end
        end
      endcase
    end
  end

`ifndef SYNTHESIS
  // ---- assertions (issue 29; docs/hardening.md "RTL assertions"): the state machine and the
  // texture request path ----
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (st_q > S_EMIT) $error("%m: ASSERT UsStateLegal: state %0d", st_q);
      // a pixel's texture request is outstanding only while its response is still awaited
      if (st_q == S_TEX && (reqm_q & ~rspm_q) != 4'd0)
        $error("%m: ASSERT UsTexMasks: a request left (%b) for a pixel answered (%b)", reqm_q, rspm_q);
    end
  end
`endif
endmodule
