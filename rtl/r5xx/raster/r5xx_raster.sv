// r5xx_raster: the R5xx geometry assembly, setup, scan conversion, interpolation and alpha test
// (docs/blocks/r5xx.raster.md, the contract this RTL follows cycle by cycle; ports from raster.block).
//
//   vtx -> slot store --VERT--> r5xx_raster_vert + r5xx_raster_asm -> primitive queue (2)
//       --SETUP--> r5xx_raster_setup --WALK--> r5xx_raster_pix -> out register -> frag
//
// One control state: RECV (slots and register writes accepted), VERT (1 cycle: the vertex is
// converted and assembled, the slot store cleared), SETUP (1 cycle per primitive), WALK (one
// candidate pixel per cycle over the clipped box, held while the output register is full and
// not taken).  vtx_ready = regw_ready = (state == RECV); every output is a function of the state.
module r5xx_raster (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes from the backbone
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  // output vertex slots of the VAP
  input  logic        vtx_valid_i,
  output logic        vtx_ready_o,
  input  logic [15:0] vtx_vert_i,
  input  logic [3:0]  vtx_slot_i,
  input  logic [31:0] vtx_x_i,
  input  logic [31:0] vtx_y_i,
  input  logic [31:0] vtx_z_i,
  input  logic [31:0] vtx_w_i,
  input  logic [3:0]  vtx_wmask_i,
  input  logic        vtx_vlast_i,
  input  logic        vtx_dlast_i,
  input  logic [3:0]  vtx_prim_i,

  // fragments
  output logic        frag_valid_o,
  input  logic        frag_ready_i,
  output logic [15:0] frag_prim_o,
  output logic [13:0] frag_x_o,
  output logic [13:0] frag_y_o,
  output logic [23:0] frag_z_o,
  output logic        frag_back_o,
  output logic [63:0] frag_argb_o,

  // the quad path: US input registers of 2x2 quads, and each quad's position and depth
  output logic        quad_valid_o,
  input  logic        quad_ready_i,
  output logic [15:0] quad_wseq_o,
  output logic [6:0]  quad_addr_o,
  output logic [3:0]  quad_cov_o,
  output logic        quad_last_o,
  output logic [63:0] quad_p0rg_o,
  output logic [63:0] quad_p0ba_o,
  output logic [63:0] quad_p1rg_o,
  output logic [63:0] quad_p1ba_o,
  output logic [63:0] quad_p2rg_o,
  output logic [63:0] quad_p2ba_o,
  output logic [63:0] quad_p3rg_o,
  output logic [63:0] quad_p3ba_o,

  output logic        zq_valid_o,
  input  logic        zq_ready_i,
  output logic [15:0] zq_prim_o,
  output logic [13:0] zq_x_o,
  output logic [13:0] zq_y_o,
  output logic [3:0]  zq_cov_o,
  output logic        zq_back_o,
  output logic [23:0] zq_z0_o,
  output logic [23:0] zq_z1_o,
  output logic [23:0] zq_z2_o,
  output logic [23:0] zq_z3_o,

  output logic        idle_o
);

  localparam bit [31:0] VW = 126;            // {X 19, Y 19, Zv 24, A R G B 16 each}
  localparam bit [31:0] PW = 2 + 3 * VW;     // {kind, v0, v1, v2}
  localparam bit [31:0] AW = 1606;           // the quad path's RS vertex (r5xx_raster_rsvert)
  localparam bit [31:0] APW = 2 + 3 * AW;

  // The states.  Plain constants, not an enum: Icarus 11 gives this module's enum constants the
  // value of some unrelated net (Setup read as 2'b0z), which left a state machine in an undefined
  // state and a time step that never ended (docs/export.md).
  localparam logic [1:0] Recv  = 2'd0;
  localparam logic [1:0] Vert  = 2'd1;
  localparam logic [1:0] Setup = 2'd2;
  localparam logic [1:0] Walk  = 2'd3;

  logic [1:0] state_q, state_d;

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------
  logic          regw_fire;
  logic [4:0]    fmt0;
  logic [23:0]   fmt1;
  logic          subpixel;
  logic [31:0]   point_size;
  logic [15:0]   line_width;
  logic [17:0]   color_ctl;
  logic [1:0]    geom_round;
  logic [31:0]   ps_front;
  logic [31:0]   po_front;
  logic [31:0]   ps_back;
  logic [31:0]   po_back;
  logic [2:0]    po_enable;
  logic [2:0]    cull;
  logic [31:0]   zscale;
  logic [31:0]   zoffset;
  logic [29:0]   edgerule;
  logic [207:0]  clip;
  logic [15:0]   clip_rule;
  logic [51:0]   scissor;
  logic [495:0]  rs_ip;
  logic [17:0]   rs_inst;
  logic [12:0]   af_func;
  logic [9:0]    af_value;
  logic [3:0]    zfmt;

  assign regw_ready_o = state_q == Recv;
  assign vtx_ready_o  = state_q == Recv;
  assign regw_fire    = regw_valid_i && regw_ready_o;

  r5xx_raster_regs u_regs (
    .clk_i,
    .rst_ni,
    .we_i         (regw_fire),
    .waddr_i      (regw_addr_i),
    .wdata_i      (regw_data_i),
    .fmt0_o       (fmt0),
    .fmt1_o       (fmt1),
    .subpixel_o   (subpixel),
    .point_size_o (point_size),
    .line_width_o (line_width),
    .color_ctl_o  (color_ctl),
    .geom_round_o (geom_round),
    .ps_front_o   (ps_front),
    .po_front_o   (po_front),
    .ps_back_o    (ps_back),
    .po_back_o    (po_back),
    .po_enable_o  (po_enable),
    .cull_o       (cull),
    .zscale_o     (zscale),
    .zoffset_o    (zoffset),
    .edgerule_o   (edgerule),
    .clip_o       (clip),
    .clip_rule_o  (clip_rule),
    .scissor_o    (scissor),
    .rs_ip_o      (rs_ip),
    .rs_inst_o    (rs_inst),
    .af_func_o    (af_func),
    .af_value_o   (af_value),
    .zfmt_o       (zfmt)
  );

  // colour routing and shading of the colour path
  logic [3:0]  src_use;
  logic [3:0]  src_one;
  logic [15:0] src_slot;
  logic [7:0]  src_comp;
  logic        src_tex;
  logic [2:0]  col_ptr;
  logic [1:0]  rgb_shading;
  logic [1:0]  a_shading;
  logic        flat_rgb;
  logic        flat_a;

  r5xx_raster_src u_src (
    .fmt0_i    (fmt0),
    .fmt1_i    (fmt1),
    .rs_ip_i   (rs_ip),
    .rs_inst_i (rs_inst),
    .use_o     (src_use),
    .one_o     (src_one),
    .slot_o    (src_slot),
    .comp_o    (src_comp),
    .tex_o     (src_tex),
    .colptr_o  (col_ptr)
  );

  assign rgb_shading = col_ptr[2] ? color_ctl[1:0] : color_ctl[4*col_ptr[1:0] +: 2];
  assign a_shading   = col_ptr[2] ? color_ctl[3:2] : color_ctl[4*col_ptr[1:0] + 2 +: 2];
  assign flat_rgb    = !src_tex && !rgb_shading[1];
  assign flat_a      = !src_tex && !a_shading[1];

  // the quad path's registers and the write count
  logic         rs_qpath;
  logic [3:0]   rs_icount;
  logic [399:0] rs_insts;
  logic [15:0]  wcount;

  r5xx_raster_rsregs u_rsregs (
    .clk_i,
    .rst_ni,
    .we_i     (regw_fire),
    .waddr_i  (regw_addr_i),
    .wdata_i  (regw_data_i),
    .qpath_o  (rs_qpath),
    .icount_o (rs_icount),
    .inst_o   (rs_insts),
    .wcount_o (wcount)
  );

  // ---------------------------------------------------------------------------------------------
  // RECV: the slot store
  // ---------------------------------------------------------------------------------------------
  logic          vtx_fire;
  logic [2047:0] slots_q;
  logic          got_q;
  logic [3:0]    vprim_q;
  logic          vdlast_q;

  assign vtx_fire = vtx_valid_i && vtx_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      slots_q  <= '0;
      got_q    <= 1'b0;
      vprim_q  <= '0;
      vdlast_q <= 1'b0;
    end else begin
      if (vtx_fire) begin
        slots_q[128*vtx_slot_i +: 128] <= {vtx_w_i, vtx_z_i, vtx_y_i, vtx_x_i};
        got_q <= !vtx_vlast_i;
        if (vtx_vlast_i) begin
          vprim_q  <= vtx_prim_i;
          vdlast_q <= vtx_dlast_i;
        end
      end
      if (state_q == Vert) begin
        slots_q <= '0;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // VERT: conversion and assembly
  // ---------------------------------------------------------------------------------------------
  logic [VW-1:0] nv;
  logic [VW-1:0] p1_q, p2_q, p3_q, f_q;
  logic [1:0]    nsat_q;     // min(n, 3)
  logic [1:0]    nmod4_q;    // n mod 4
  logic [1:0]    nmod3_q;    // n mod 3
  logic [1:0]    asm_cnt;
  logic [PW-1:0] asm_p0, asm_p1;

  r5xx_raster_vert u_vert (
    .slots_i      (slots_q),
    .subpixel_i   (subpixel),
    .geom_round_i (geom_round),
    .zscale_i     (zscale),
    .zoffset_i    (zoffset),
    .use_i        (src_use),
    .one_i        (src_one),
    .slot_i       (src_slot),
    .comp_i       (src_comp),
    .vtx_o        (nv)
  );

  // the quad path's RS vertices go through a second assembly with the same control
  logic [AW-1:0]  na;
  logic [AW-1:0]  ap1_q, ap2_q, ap3_q, af_q;
  logic [1:0]     unused_acnt;
  logic [APW-1:0] aasm_p0, aasm_p1;

  r5xx_raster_rsvert u_rsvert (
    .en_i    (state_q == Vert),
    .slots_i (slots_q),
    .fmt0_i  (fmt0),
    .fmt1_i  (fmt1),
    .xy_i    (nv[VW-1 -: 38]),
    .vtx_o   (na)
  );

  r5xx_raster_asm #(.VW(AW)) u_aasm (
    .type_i  (vprim_q),
    .nsat_i  (nsat_q),
    .nmod4_i (nmod4_q),
    .nmod3_i (nmod3_q),
    .dlast_i (vdlast_q),
    .n_i     (na),
    .p1_i    (ap1_q),
    .p2_i    (ap2_q),
    .p3_i    (ap3_q),
    .f_i     (af_q),
    .cnt_o   (unused_acnt),
    .prim0_o (aasm_p0),
    .prim1_o (aasm_p1)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ap1_q <= '0;
      ap2_q <= '0;
      ap3_q <= '0;
      af_q  <= '0;
    end else if (state_q == Vert) begin
      ap3_q <= ap2_q;
      ap2_q <= ap1_q;
      ap1_q <= na;
      if (nsat_q == 2'd0) begin
        af_q <= na;
      end
    end
  end

  r5xx_raster_asm #(.VW(VW)) u_asm (
    .type_i  (vprim_q),
    .nsat_i  (nsat_q),
    .nmod4_i (nmod4_q),
    .nmod3_i (nmod3_q),
    .dlast_i (vdlast_q),
    .n_i     (nv),
    .p1_i    (p1_q),
    .p2_i    (p2_q),
    .p3_i    (p3_q),
    .f_i     (f_q),
    .cnt_o   (asm_cnt),
    .prim0_o (asm_p0),
    .prim1_o (asm_p1)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      p1_q    <= '0;
      p2_q    <= '0;
      p3_q    <= '0;
      f_q     <= '0;
      nsat_q  <= '0;
      nmod4_q <= '0;
      nmod3_q <= '0;
    end else if (state_q == Vert) begin
      p3_q <= p2_q;
      p2_q <= p1_q;
      p1_q <= nv;
      if (nsat_q == 2'd0) begin
        f_q <= nv;
      end
      if (vdlast_q) begin
        nsat_q  <= '0;
        nmod4_q <= '0;
        nmod3_q <= '0;
      end else begin
        nsat_q  <= (nsat_q == 2'd3) ? 2'd3 : nsat_q + 2'd1;
        nmod4_q <= nmod4_q + 2'd1;
        nmod3_q <= (nmod3_q == 2'd2) ? 2'd0 : nmod3_q + 2'd1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The primitive queue (written in VERT, when it is always empty; read in SETUP)
  // ---------------------------------------------------------------------------------------------
  logic [PW-1:0]  q0_q, q1_q;
  logic [APW-1:0] aq0_q, aq1_q;
  logic [1:0]     qcnt_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      q0_q   <= '0;
      q1_q   <= '0;
      aq0_q  <= '0;
      aq1_q  <= '0;
      qcnt_q <= '0;
    end else if (state_q == Vert) begin
      q0_q   <= asm_p0;
      q1_q   <= asm_p1;
      aq0_q  <= aasm_p0;
      aq1_q  <= aasm_p1;
      qcnt_q <= asm_cnt;
    end else if (state_q == Setup) begin
      q0_q   <= q1_q;
      q1_q   <= '0;
      aq0_q  <= aq1_q;
      aq1_q  <= '0;
      qcnt_q <= qcnt_q - 2'd1;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // SETUP
  // ---------------------------------------------------------------------------------------------
  logic               su_walk;
  logic [12:0]        su_px0, su_py0;
  logic [1:0]         s_kind;
  logic               s_quad;
  logic [87:0]        s_exi, s_eyi;
  logic [91:0]        s_edx, s_edy;
  logic [3:0]         s_ein;
  logic               s_lymaj;
  logic signed [21:0] s_lorg;
  logic               s_lneg;
  logic [47:0]        s_den;
  logic [87:0]        s_c0, s_c1, s_c2;
  logic [63:0]        s_flat;
  logic signed [26:0] s_po;
  logic               s_back;
  logic [12:0]        s_px1, s_py1, s_bx0;
  logic [15:0]        prim_cnt_q;
  logic [15:0]        s_prim_q;

  r5xx_raster_setup #(.VW(VW)) u_setup (
    .clk_i,
    .rst_ni,
    .load_i       (state_q == Setup),
    .prim_i       (q0_q),
    .subpixel_i   (subpixel),
    .point_size_i (point_size),
    .line_width_i (line_width),
    .provoking_i  (color_ctl[17:16]),
    .ps_front_i   (ps_front),
    .po_front_i   (po_front),
    .ps_back_i    (ps_back),
    .po_back_i    (po_back),
    .po_enable_i  (po_enable),
    .cull_i       (cull),
    .edgerule_i   (edgerule),
    .scissor_i    (scissor),
    .walk_o       (su_walk),
    .px0_o        (su_px0),
    .py0_o        (su_py0),
    .kind_o       (s_kind),
    .quad_o       (s_quad),
    .exi_o        (s_exi),
    .eyi_o        (s_eyi),
    .edx_o        (s_edx),
    .edy_o        (s_edy),
    .ein_o        (s_ein),
    .lymaj_o      (s_lymaj),
    .lorg_o       (s_lorg),
    .lneg_o       (s_lneg),
    .den_o        (s_den),
    .c0_o         (s_c0),
    .c1_o         (s_c1),
    .c2_o         (s_c2),
    .flat_o       (s_flat),
    .po_o         (s_po),
    .back_o       (s_back),
    .px1_o        (s_px1),
    .py1_o        (s_py1),
    .bx0_o        (s_bx0)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      prim_cnt_q <= '0;
      s_prim_q   <= '0;
    end else if (state_q == Setup) begin
      prim_cnt_q <= prim_cnt_q + 16'd1;
      s_prim_q   <= prim_cnt_q;
    end
  end

  // the quad path's set-up: the RS vertices (a triangle's normalised), the area, the path, the
  // box's top row
  logic [1:0]    r_kind;
  logic [AW-1:0] r_v0, r_v1, r_v2;
  logic [47:0]   r_area;
  logic          qm_q;
  logic [12:0]   by0_q;

  r5xx_raster_rssetup #(.AW(AW)) u_rssetup (
    .clk_i,
    .rst_ni,
    .load_i (state_q == Setup),
    .prim_i (aq0_q),
    .kind_o (r_kind),
    .v0_o   (r_v0),
    .v1_o   (r_v1),
    .v2_o   (r_v2),
    .area_o (r_area)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      qm_q  <= 1'b0;
      by0_q <= '0;
    end else if (state_q == Setup) begin
      qm_q  <= rs_qpath;
      by0_q <= su_py0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // WALK
  // ---------------------------------------------------------------------------------------------
  logic [12:0] px_q, py_q;
  logic        out_valid_q;
  logic        frag_fire;
  logic        adv;
  logic        last;
  logic        p_emit;
  logic [23:0] p_z;
  logic [63:0] p_argb;

  assign frag_fire = out_valid_q && frag_ready_i;
  assign adv       = state_q == Walk && !qm_q && !(out_valid_q && !frag_ready_i);
  assign last      = px_q == s_px1 && py_q == s_py1;


  // ---------------------------------------------------------------------------------------------
  // The quad walk: (px_q, py_q) is the quad's top-left pixel, rpos_q the record's candidate
  // ---------------------------------------------------------------------------------------------
  logic        qv_q, zv_q;
  logic        qadv;
  logic        qnz;
  logic        qrlast;
  logic        qmove;
  logic        qlastq;
  logic [4:0]  rpos_q;
  logic [4:0]  r_first, r_next;
  logic        r_has_next;
  logic [6:0]  r_addr;
  logic [31:0] r_src;
  logic [3:0]  qcov;
  logic [23:0] qz [4];
  logic [12:0] qx1, qy1;

  assign qadv   = state_q == Walk && qm_q && !(qv_q && !quad_ready_i) && !(zv_q && !zq_ready_i);
  assign qnz    = qcov != 4'd0;
  assign qrlast = !r_has_next;
  assign qmove  = qadv && (!qnz || qrlast);
  assign qx1    = {s_px1[12:1], 1'b0};
  assign qy1    = {s_py1[12:1], 1'b0};
  assign qlastq = px_q == qx1 && py_q == qy1;

  // The pixel evaluators: pixel p of the quad at (px_q, py_q).  Pixel 0's is also the fixed path's
  // walk (its pixel is (px_q, py_q) too: one evaluator serves both paths).  Pixels 1-3 serve only
  // the quad path: outside it (qm_q = 0, where their results are not used) their pixel and
  // denominator are held at 0, so that an event-driven simulator (Icarus) does not re-evaluate
  // them every cycle and Verilator's wide divisions of their depth stop at the zero divisor
  // (docs/blocks/r5xx.raster.md "Measured").
  for (genvar p = 0; p < 4; p++) begin : g_qpix
    logic [12:0] x, y;
    logic [47:0] den;
    logic        c;
    logic        emit;
    logic [63:0] argb;
    logic [23:0] z;

    if (p == 0) begin : g_walk
      assign x   = px_q;
      assign y   = py_q;
      assign den = s_den;
    end else begin : g_gated
      assign x   = qm_q ? px_q + 13'(p % 2) : 13'd0;
      assign y   = qm_q ? py_q + 13'(p / 2) : 13'd0;
      assign den = qm_q ? s_den : 48'd0;
    end

    r5xx_raster_pix u_qpix (
      .px_i        (x),
      .py_i        (y),
      .subpixel_i  (subpixel),
      .kind_i      (s_kind),
      .quad_i      (s_quad),
      .exi_i       (s_exi),
      .eyi_i       (s_eyi),
      .edx_i       (s_edx),
      .edy_i       (s_edy),
      .ein_i       (s_ein),
      .lymaj_i     (s_lymaj),
      .lorg_i      (s_lorg),
      .lneg_i      (s_lneg),
      .den_i       (den),
      .c0_i        (s_c0),
      .c1_i        (s_c1),
      .c2_i        (s_c2),
      .flat_i      (s_flat),
      .flat_rgb_i  (flat_rgb),
      .flat_a_i    (flat_a),
      .po_i        (s_po),
      .clip_i      (clip),
      .clip_rule_i (clip_rule),
      .af_func_i   (af_func),
      .af_value_i  (af_value),
      .zfmt_i      (zfmt),
      .emit_o      (emit),
      .cov_o       (c),
      .z_o         (z),
      .argb_o      (argb)
    );

    if (p == 0) begin : g_out
      assign p_emit = emit;
      assign p_z    = z;
      assign p_argb = argb;
    end else begin : g_unused
      logic unused_pix;
      assign unused_pix = ^{emit, argb};
    end

    assign qcov[p] = c && x >= s_bx0 && x <= s_px1 && y >= by0_q && y <= s_py1;
    assign qz[p]   = qcov[p] ? z : 24'd0;
  end

  r5xx_raster_rsrec u_rsrec (
    .inst_i     (rs_insts),
    .icount_i   (rs_icount),
    .rs_ip_i    (rs_ip),
    .pos_i      (rpos_q),
    .first_o    (r_first),
    .next_o     (r_next),
    .has_next_o (r_has_next),
    .addr_o     (r_addr),
    .src_o      (r_src)
  );

  logic [255:0] r_rg, r_ba;
  logic [12:0]  rs_qx, rs_qy;

  // the sf interpolation's quad: held at 0 outside the quad path (qm_q = 0, where its values
  // are not used), so that Icarus does not re-evaluate its ~150 float ops every cycle of a
  // fixed-path walk
  assign rs_qx = qm_q ? px_q : 13'd0;
  assign rs_qy = qm_q ? py_q : 13'd0;

  r5xx_raster_rsint #(.AW(AW)) u_rsint (
    .en_i       (qadv && qnz),
    .kind_i     (r_kind),
    .v0_i       (r_v0),
    .v1_i       (r_v1),
    .v2_i       (r_v2),
    .area_i     (r_area),
    .subpixel_i (subpixel),
    .qx_i       (rs_qx),
    .qy_i       (rs_qy),
    .src_i      (r_src),
    .rg_o       (r_rg),
    .ba_o       (r_ba)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rpos_q <= '0;
    end else if (state_q == Setup) begin
      rpos_q <= r_first;
    end else if (qadv && qnz) begin
      rpos_q <= qrlast ? r_first : r_next;
    end
  end

  // the quad and zq output registers
  logic [15:0]  oq_wseq_q;
  logic [6:0]   oq_addr_q;
  logic [3:0]   oq_cov_q;
  logic         oq_last_q;
  logic [255:0] oq_rg_q, oq_ba_q;
  logic [15:0]  oz_prim_q;
  logic [12:0]  oz_x_q, oz_y_q;
  logic [3:0]   oz_cov_q;
  logic         oz_back_q;
  logic [95:0]  oz_z_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      qv_q      <= 1'b0;
      oq_wseq_q <= '0;
      oq_addr_q <= '0;
      oq_cov_q  <= '0;
      oq_last_q <= 1'b0;
      oq_rg_q   <= '0;
      oq_ba_q   <= '0;
    end else if (qadv && qnz) begin
      qv_q      <= 1'b1;
      oq_wseq_q <= wcount;
      oq_addr_q <= r_addr;
      oq_cov_q  <= qcov;
      oq_last_q <= qrlast;
      oq_rg_q   <= r_rg;
      oq_ba_q   <= r_ba;
    end else if (qv_q && quad_ready_i) begin
      qv_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      zv_q      <= 1'b0;
      oz_prim_q <= '0;
      oz_x_q    <= '0;
      oz_y_q    <= '0;
      oz_cov_q  <= '0;
      oz_back_q <= 1'b0;
      oz_z_q    <= '0;
    end else if (qadv && qnz && rpos_q == r_first) begin
      zv_q      <= 1'b1;
      oz_prim_q <= s_prim_q;
      oz_x_q    <= px_q;
      oz_y_q    <= py_q;
      oz_cov_q  <= qcov;
      oz_back_q <= s_back;
      oz_z_q    <= {qz[3], qz[2], qz[1], qz[0]};
    end else if (zv_q && zq_ready_i) begin
      zv_q <= 1'b0;
    end
  end

  assign quad_valid_o = qv_q;
  assign quad_wseq_o  = oq_wseq_q;
  assign quad_addr_o  = oq_addr_q;
  assign quad_cov_o   = oq_cov_q;
  assign quad_last_o  = oq_last_q;
  assign quad_p0rg_o  = oq_rg_q[63:0];
  assign quad_p0ba_o  = oq_ba_q[63:0];
  assign quad_p1rg_o  = oq_rg_q[127:64];
  assign quad_p1ba_o  = oq_ba_q[127:64];
  assign quad_p2rg_o  = oq_rg_q[191:128];
  assign quad_p2ba_o  = oq_ba_q[191:128];
  assign quad_p3rg_o  = oq_rg_q[255:192];
  assign quad_p3ba_o  = oq_ba_q[255:192];
  assign zq_valid_o   = zv_q;
  assign zq_prim_o    = oz_prim_q;
  assign zq_x_o       = {1'b0, oz_x_q};
  assign zq_y_o       = {1'b0, oz_y_q};
  assign zq_cov_o     = oz_cov_q;
  assign zq_back_o    = oz_back_q;
  assign zq_z0_o      = oz_z_q[23:0];
  assign zq_z1_o      = oz_z_q[47:24];
  assign zq_z2_o      = oz_z_q[71:48];
  assign zq_z3_o      = oz_z_q[95:72];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      px_q <= '0;
      py_q <= '0;
    end else if (state_q == Setup) begin
      px_q <= rs_qpath ? {su_px0[12:1], 1'b0} : su_px0;
      py_q <= rs_qpath ? {su_py0[12:1], 1'b0} : su_py0;
    end else if (qmove) begin
      if (px_q == qx1) begin
        px_q <= {s_bx0[12:1], 1'b0};
        py_q <= py_q + 13'd2;
      end else begin
        px_q <= px_q + 13'd2;
      end
    end else if (adv) begin
      if (px_q == s_px1) begin
        px_q <= s_bx0;
        py_q <= py_q + 13'd1;
      end else begin
        px_q <= px_q + 13'd1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The output register
  // ---------------------------------------------------------------------------------------------
  logic [15:0] o_prim_q;
  logic [12:0] o_x_q, o_y_q;
  logic [23:0] o_z_q;
  logic        o_back_q;
  logic [63:0] o_argb_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      out_valid_q <= 1'b0;
      o_prim_q    <= '0;
      o_x_q       <= '0;
      o_y_q       <= '0;
      o_z_q       <= '0;
      o_back_q    <= 1'b0;
      o_argb_q    <= '0;
    end else if (adv && p_emit) begin
      out_valid_q <= 1'b1;
      o_prim_q    <= s_prim_q;
      o_x_q       <= px_q;
      o_y_q       <= py_q;
      o_z_q       <= p_z;
      o_back_q    <= s_back;
      o_argb_q    <= p_argb;
    end else if (frag_fire) begin
      out_valid_q <= 1'b0;
    end
  end

  assign frag_valid_o = out_valid_q;
  assign frag_prim_o  = o_prim_q;
  assign frag_x_o     = {1'b0, o_x_q};
  assign frag_y_o     = {1'b0, o_y_q};
  assign frag_z_o     = o_z_q;
  assign frag_back_o  = o_back_q;
  assign frag_argb_o  = o_argb_q;

  // ---------------------------------------------------------------------------------------------
  // Control
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    state_d = state_q;
    unique case (state_q)
      Recv: begin
        if (vtx_fire && vtx_vlast_i) begin
          state_d = Vert;
        end
      end
      Vert: begin
        state_d = (asm_cnt != 2'd0) ? Setup : Recv;
      end
      Setup: begin
        if (su_walk) begin
          state_d = Walk;
        end else begin
          state_d = (qcnt_q > 2'd1) ? Setup : Recv;
        end
      end
      default: begin
        if ((adv && last) || (qmove && qlastq)) begin
          state_d = (qcnt_q != 2'd0) ? Setup : Recv;
        end
      end
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= Recv;
    end else begin
      state_q <= state_d;
    end
  end

  assign idle_o = state_q == Recv && !got_q && !out_valid_q && !qv_q && !zv_q;

  // vert and wmask are not used (docs/blocks/r5xx.raster.md "Ports"); shading 0 and 1 are both flat
  logic unused_in;
  assign unused_in = ^{vtx_vert_i, vtx_wmask_i, rgb_shading[0], a_shading[0]};

endmodule
