// r5xx_pvs: the R5xx programmable vertex shader (docs/blocks/r5xx.pvs.md).  Register writes load
// the code and constant memories and the windows (r5xx_pvs_load).  Up to three vertices in flight
// (VAP_CNTL.PVS_NUM_SLOTS, "Vertices in flight"), each in a bank of its own (its input and output
// memories) from its first input record to its last output slot, in three overlapping stages:
// input (the records fill the bank's input memory), execution (one vertex at a time, one
// instruction per exe handshake: operand fetch here, r5xx_pvs_swz, r5xx_pvs_alu / r5xx_pvs_me,
// the destination write here), output (the slots leave one per vtx handshake).  The execution
// state (temporaries, A0, predicate, flow) is cleared as a program ends, a bank as its last slot
// leaves.  The C twin is model/r5xx/pvs/pvs_model.c.
module r5xx_pvs (
  input  logic        clk_i,
  input  logic        rst_ni,
  // register writes
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,
  // input vertex records
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
  // executed instructions
  output logic        exe_valid_o,
  input  logic        exe_ready_i,
  output logic [15:0] exe_vert_o,
  output logic [9:0]  exe_pc_o,
  output logic [31:0] exe_i0_o,
  output logic [31:0] exe_i1_o,
  output logic [31:0] exe_i2_o,
  output logic [31:0] exe_i3_o,
  output logic [31:0] exe_x_o,
  output logic [31:0] exe_y_o,
  output logic [31:0] exe_z_o,
  output logic [31:0] exe_w_o,
  output logic [1:0]  exe_err_o,
  output logic        exe_pred_o,
  // output vertex slots
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
  // a bank's state: free, taking input records, input complete (waiting for or in execution),
  // executed (waiting for or in output); banks 0..nbank-1 are used in turn (bank 3 never)
  localparam logic [1:0] BkFree = 2'd0, BkIn = 2'd1, BkExec = 2'd2, BkOut = 2'd3;

  logic [7:0]  bst_q, bst_d;            // bank b's state in [2b+1:2b]
  logic [1:0]  ib_q, ib_d;              // the bank taking input records
  logic [1:0]  eb_q, eb_d;              // the bank of the next (or the executing) vertex
  logic [1:0]  ob_q, ob_d;              // the bank of the next (or the outputting) vertex
  logic [9:0]  pc_q, pc_d;
  logic [3:0]  slot_q, slot_d;
  logic [63:0] vert_q;                  // per bank: vert, prim, dlast of its last record
  logic [15:0] prim_q;
  logic [3:0]  dlast_q;
  logic [23:0] rem_q;                   // vertices of the draw still to come
  logic        start;
  logic [23:0] nverts;
  logic [1:0]  nbank;                   // vertices in flight, 1..3
  logic [1:0]  bi, be, bo;              // the stages' bank states
  assign bi = bst_q[2*ib_q +: 2];
  assign be = bst_q[2*eb_q +: 2];
  assign bo = bst_q[2*ob_q +: 2];

  logic regw_fire, vin_fire, exe_fire, vtx_fire;
  assign regw_ready_o = bst_q == 8'd0 && rem_q == 24'd0;
  assign vin_ready_o  = (bi == BkFree || bi == BkIn) && rem_q != 24'd0;
  assign regw_fire    = regw_valid_i && regw_ready_o;
  assign vin_fire     = vin_valid_i && vin_ready_o;
  assign exe_fire     = exe_valid_o && exe_ready_i;
  assign vtx_fire     = vtx_valid_o && vtx_ready_i;
  assign idle_o       = bst_q == 8'd0;

  // ---- registers and the code / constant memories ------------------------------------------------
  logic [127:0] inst, cd0, cd1, cd2;
  logic [7:0]   ca0, ca1, ca2, cbase, cmax;
  logic [9:0]   first, last;
  logic [31:0]  fmt0, fmt1;
  r5xx_pvs_load u_load (
    .clk_i, .rst_ni,
    .we_i        (regw_fire),
    .addr_i      (regw_addr_i),
    .data_i      (regw_data_i),
    .pc_i        (pc_q),
    .inst_o      (inst),
    .caddr0_i    (ca0),
    .caddr1_i    (ca1),
    .caddr2_i    (ca2),
    .cdata0_o    (cd0),
    .cdata1_o    (cd1),
    .cdata2_o    (cd2),
    .first_o     (first),
    .last_o      (last),
    .const_base_o(cbase),
    .const_max_o (cmax),
    .fmt0_o      (fmt0),
    .fmt1_o      (fmt1),
    .start_o     (start),
    .nverts_o    (nverts),
    .nbank_o     (nbank)
  );

  // ---- the per-vertex memories: storage without reset, a valid bit per component -------------
  // input and output memories per bank (vector {bank, address}); the execution stage's own
  logic [127:0] ivm_q  [128];
  logic [127:0] trm_q  [32];
  logic [127:0] atrm_q [20];
  logic [127:0] ovm_q  [64];
  logic [511:0] ivm_v_q;                 // bank b, vector v, component k: bit 128b + 4v + k
  logic [255:0] ovm_v_q;                 // bank b, vector v, component k: bit 64b + 4v + k
  logic [127:0] trm_v_q;
  logic [79:0]  atrm_v_q;
  logic [35:0]  a0_q;                    // A0.x in [8:0] ... A0.w in [35:27], two's complement
  logic [8:0]   i0;                      // the loop index (r5xx_pvs_flow)

  function automatic logic [127:0] vmask(input logic [127:0] v, input logic [3:0] m);
    vmask = v & {{32{m[3]}}, {32{m[2]}}, {32{m[1]}}, {32{m[0]}}};
  endfunction

  // ---- operand fetch ------------------------------------------------------------------------------
  logic [31:0]  src [3];
  logic [127:0] opv [3];
  logic [7:0]   cphys [3];
  logic [127:0] cdat [3];
  assign src[0] = inst[63:32];
  assign src[1] = inst[95:64];
  assign src[2] = inst[127:96];
  assign ca0 = cphys[0];
  assign ca1 = cphys[1];
  assign ca2 = cphys[2];
  assign cdat[0] = cd0;
  assign cdat[1] = cd1;
  assign cdat[2] = cd2;

  for (genvar j = 0; j < 3; j++) begin : g_src
    logic [31:0]  s;
    logic [1:0]   mode;
    logic [8:0]   rel;
    logic [10:0]  a;                     // offset + relative part, -256..510
    logic [127:0] raw;
    assign s    = src[j];
    assign mode = {s[31], s[4]};
    assign rel  = mode == 2'd1 ? a0_q[9*s[30:29] +: 9] : mode == 2'd2 ? i0 : 9'd0;
    assign a    = {3'd0, s[12:5]} + {{2{rel[8]}}, rel};
    assign cphys[j] = cbase + a[7:0];
    // the three memories' words at a, masked by their valid bits: nets, so that no always_comb
    // calls vmask() (Icarus 11: one function called from several always_comb blocks makes them
    // wake each other for ever, docs/export.md)
    logic [127:0] rt, ri, ra;
    assign rt = vmask(trm_q[a[4:0]], trm_v_q[4*a[4:0] +: 4]);
    assign ri = vmask(ivm_q[{eb_q, a[4:0]}], ivm_v_q[128*eb_q + 4*a[4:0] +: 4]);
    assign ra = vmask(atrm_q[a[4:0]], atrm_v_q[4*a[4:0] +: 4]);
    always_comb begin
      case (s[1:0])
        2'd0:    raw = (!a[10] && a[9:5] == 5'd0) ? rt : 128'd0;
        2'd1:    raw = (!a[10] && a[9:5] == 5'd0) ? ri : 128'd0;
        2'd2:    raw = (!a[10] && a[9:8] == 2'd0 && a[7:0] <= cmax) ? cdat[j] : 128'd0;
        default: raw = (!a[10] && a[9:5] == 5'd0 && a[4:0] < 5'd20) ? ra : 128'd0;
      endcase
    end
    r5xx_pvs_swz u_swz (.s_i(s), .raw_i(raw), .v_o(opv[j]));
  end

  // ---- the instruction: refusals, the vector engine, X replication ------------------------------
  logic [31:0]  d;
  logic [5:0]   op, aop;
  logic [3:0]   dtype, we;
  logic         math, macro;
  logic [127:0] alu_r, res;
  logic [1:0]   alu_err, err;
  logic         wr;                      // the instruction writes its destination
  assign d     = inst[31:0];
  assign op    = d[5:0];
  assign math  = d[6];
  assign macro = d[7];
  assign dtype = d[11:8];
  assign we    = d[23:20];
  assign aop   = !macro ? op : op == 6'd0 ? 6'd4 : 6'd11;

  logic       me;
  assign me = math && !macro;
  logic [3:0] alu_cw;
  logic       alu_pset, alu_pval, me_pset, me_pval;
  r5xx_pvs_alu u_alu (
    .en_i (exe_valid_o && !me),       // its result is used only then
    .op_i (aop), .sat_i(d[24]), .a_i(opv[0]), .b_i(opv[1]), .c_i(opv[2]), .r_o(alu_r), .err_o(alu_err),
    .cw_o (alu_cw), .pset_o(alu_pset), .pval_o(alu_pval)
  );

  // the math engine (MATH_INST without MACRO_INST): ME_SAT
  logic [127:0] me_r;
  logic [1:0]   me_err;
  r5xx_pvs_me u_me (
    .en_i (exe_valid_o && me),        // its result is used only then
    .op_i (op), .sat_i(d[25]), .a_i(opv[0][127:96]), .b_i(opv[1][127:96]), .c_i(opv[2][127:96]),
    .r_o  (me_r), .err_o(me_err), .pset_o(me_pset), .pval_o(me_pval)
  );

  always_comb begin
    if (d[28]) begin                                   // DUAL_MATH_OP: refused
      err = 2'd1; res = 128'd0; wr = 1'b0;
    end else if (macro && op > 6'd1) begin
      err = 2'd2; res = 128'd0; wr = 1'b0;
    end else if (dtype > 4'd5) begin
      err = 2'd2; res = 128'd0; wr = 1'b0;
    end else if (me && me_err != 2'd0) begin
      err = me_err; res = 128'd0; wr = 1'b0;
    end else if (me) begin
      err = 2'd0;
      res = dtype == 4'd3 ? {4{me_r[31:0]}} : me_r;
      wr  = 1'b1;
    end else if (alu_err != 2'd0) begin
      err = alu_err; res = 128'd0; wr = 1'b0;
    end else if (aop == 6'd0) begin                    // VECTOR_NO_OP
      err = 2'd0; res = 128'd0; wr = 1'b0;
    end else begin
      err = 2'd0;
      res = dtype == 4'd3 ? {4{alu_r[31:0]}} : alu_r;
      wr  = 1'b1;
    end
  end

  // the predicate bit: set by the PRED_SET ops of an executed instruction; a predicated write
  // (PRED_ENABLE) happens when it equals PRED_SENSE; VE_COND_WRITE masks components
  logic       pred_q, pset, pval;
  logic [3:0] wen;
  assign pset = wr && (me ? me_pset : alu_pset);
  assign pval = me ? me_pval : alu_pval;
  assign wen  = we & (me ? 4'hF : alu_cw) & {4{!d[26] || pred_q == d[27]}};

  // the destination address: offset + relative part, -256..382
  logic [1:0]  dmode;
  logic [8:0]  drel;
  logic [10:0] da;
  logic        din32, din20, din16;
  assign dmode = {d[12], d[31]};
  assign drel  = dmode == 2'd1 ? a0_q[9*d[30:29] +: 9] : dmode == 2'd2 ? i0 : 9'd0;
  assign da    = {4'd0, d[19:13]} + {{2{drel[8]}}, drel};
  assign din32 = !da[10] && da[9:5] == 5'd0;
  assign din20 = din32 && da[4:0] < 5'd20;
  assign din16 = din32 && !da[4];

  logic [35:0] a0_new;
  for (genvar k = 0; k < 4; k++) begin : g_a0
    r5xx_pvs_f2a u_f2a (.f_i(res[32*k +: 32]), .a_o(a0_new[9*k +: 9]));
  end

  // ---- flow control -------------------------------------------------------------------------------
  logic [9:0] next_pc;
  logic       prog_end, xclear, bclear;
  r5xx_pvs_flow u_flow (
    .clk_i, .rst_ni,
    .we_i       (regw_fire),
    .addr_i     (regw_addr_i),
    .data_i     (regw_data_i),
    .clear_i    (xclear),
    .step_i     (exe_fire),
    .pc_i       (pc_q),
    .last_inst_i(last),
    .next_o     (next_pc),
    .end_o      (prog_end),
    .i0_o       (i0)
  );

  // ---- state ----------------------------------------------------------------------------------------
  logic [4:0]  nslots;
  logic [63:0] smask;
  logic        slot_last;
  r5xx_pvs_slots u_slots (.fmt0_i(fmt0), .fmt1_i(fmt1), .n_o(nslots), .mask_o(smask));
  assign slot_last = {1'b0, slot_q} + 5'd1 == nslots;

  function automatic logic [1:0] bnext(input logic [1:0] b, input logic [1:0] n);
    bnext = b + 2'd1 == n ? 2'd0 : b + 2'd1;
  endfunction

  always_comb begin
    bst_d  = bst_q;
    ib_d   = ib_q;
    eb_d   = eb_q;
    ob_d   = ob_q;
    pc_d   = pc_q;
    slot_d = slot_q;
    if (vin_fire) begin                  // the input stage (a vertex whose program starts at once: pc)
      bst_d[2*ib_q +: 2] = vin_vlast_i ? BkExec : BkIn;
      if (vin_vlast_i) ib_d = bnext(ib_q, nbank);
      if (vin_vlast_i && ib_q == eb_q) pc_d = first;
    end
    if (exe_fire) begin                  // the execution stage (the next vertex starts at first)
      pc_d = prog_end ? first : next_pc;
      if (prog_end) begin
        bst_d[2*eb_q +: 2] = BkOut;
        eb_d = bnext(eb_q, nbank);
      end
    end
    if (vtx_fire) begin                  // the output stage
      slot_d = slot_last ? 4'd0 : slot_q + 4'd1;
      if (slot_last) begin
        bst_d[2*ob_q +: 2] = BkFree;
        ob_d = bnext(ob_q, nbank);
      end
    end
    if (regw_fire) begin                 // every bank is free: start again at bank 0
      ib_d = 2'd0;
      eb_d = 2'd0;
      ob_d = 2'd0;
    end
  end

  logic wr_fire;
  assign wr_fire = exe_fire && wr;
  assign xclear  = exe_fire && prog_end;
  assign bclear  = vtx_fire && slot_last;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      bst_q   <= '0;
      ib_q    <= '0;
      eb_q    <= '0;
      ob_q    <= '0;
      pc_q    <= '0;
      slot_q  <= '0;
      vert_q  <= '0;
      prim_q  <= '0;
      dlast_q <= '0;
      rem_q   <= '0;
    end else begin
      if (regw_fire)
        rem_q <= start ? nverts : 24'd0;
      else if (vin_fire && vin_vlast_i)
        rem_q <= rem_q - 24'd1;
      bst_q  <= bst_d;
      ib_q   <= ib_d;
      eb_q   <= eb_d;
      ob_q   <= ob_d;
      pc_q   <= pc_d;
      slot_q <= slot_d;
      if (vin_fire) begin
        vert_q[16*ib_q +: 16] <= vin_vert_i;
        prim_q[4*ib_q +: 4]   <= vin_prim_i;
        dlast_q[ib_q]         <= vin_dlast_i;
      end
    end
  end

  // memory storage (no reset)
  logic [127:0] vin_vec;
  assign vin_vec = {vin_w_i, vin_z_i, vin_y_i, vin_x_i};
  always_ff @(posedge clk_i) begin
    for (int k = 0; k < 4; k++) begin
      if (vin_fire && vin_wmask_i[k]) ivm_q[{ib_q, 1'b0, vin_slot_i}][32*k +: 32] <= vin_vec[32*k +: 32];
      if (wr_fire && wen[k]) begin
        if (dtype == 4'd0 && din32)                  trm_q[da[4:0]][32*k +: 32]  <= res[32*k +: 32];
        if ((dtype == 4'd2 || dtype == 4'd3) && din16) ovm_q[{eb_q, da[3:0]}][32*k +: 32] <= res[32*k +: 32];
        if (dtype == 4'd4 && din20)                  atrm_q[da[4:0]][32*k +: 32] <= res[32*k +: 32];
        if (dtype == 4'd5 && din32)                  ivm_q[{eb_q, da[4:0]}][32*k +: 32] <= res[32*k +: 32];
      end
    end
  end

  // the execution stage's valid bits, the address register and the predicate bit (reset, and
  // cleared as a program ends: its last write is never read)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || xclear) begin
      trm_v_q  <= '0;
      atrm_v_q <= '0;
      a0_q     <= '0;
      pred_q   <= 1'b0;
    end else begin
      if (wr_fire && pset) pred_q <= pval;
      for (int k = 0; k < 4; k++) begin
        if (wr_fire && wen[k]) begin
          if (dtype == 4'd0 && din32)                    trm_v_q[4*da[4:0] + k]  <= 1'b1;
          if (dtype == 4'd4 && din20)                    atrm_v_q[4*da[4:0] + k] <= 1'b1;
          if (dtype == 4'd1)                             a0_q[9*k +: 9]          <= a0_new[9*k +: 9];
        end
      end
    end
  end

  // the banks' valid bits (reset, and a bank's cleared as its last slot leaves; the input stage
  // writes bank ib and the execution stage bank eb, never the bank being cleared)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ivm_v_q <= '0;
      ovm_v_q <= '0;
    end else begin
      if (bclear) begin
        ivm_v_q[128*ob_q +: 128] <= '0;
        ovm_v_q[64*ob_q +: 64]   <= '0;
      end
      for (int k = 0; k < 4; k++) begin
        if (vin_fire && vin_wmask_i[k]) ivm_v_q[128*ib_q + 4*vin_slot_i + k] <= 1'b1;
        if (wr_fire && wen[k]) begin
          if ((dtype == 4'd2 || dtype == 4'd3) && din16) ovm_v_q[64*eb_q + 4*da[3:0] + k]  <= 1'b1;
          if (dtype == 4'd5 && din32)                    ivm_v_q[128*eb_q + 4*da[4:0] + k] <= 1'b1;
        end
      end
    end
  end

  // ---- outputs ----------------------------------------------------------------------------------------
  assign exe_valid_o = be == BkExec;
  assign exe_vert_o  = vert_q[16*eb_q +: 16];
  assign exe_pc_o    = pc_q;
  assign exe_i0_o    = inst[31:0];
  assign exe_i1_o    = inst[63:32];
  assign exe_i2_o    = inst[95:64];
  assign exe_i3_o    = inst[127:96];
  assign exe_x_o     = exe_valid_o ? res[31:0]   : 32'd0;
  assign exe_y_o     = exe_valid_o ? res[63:32]  : 32'd0;
  assign exe_z_o     = exe_valid_o ? res[95:64]  : 32'd0;
  assign exe_w_o     = exe_valid_o ? res[127:96] : 32'd0;
  assign exe_err_o   = exe_valid_o ? err : 2'd0;
  assign exe_pred_o  = exe_valid_o ? (pset ? pval : pred_q) : 1'b0;

  logic [3:0]   wm;
  logic [127:0] ov;
  assign wm = vtx_valid_o ? ovm_v_q[64*ob_q + 4*slot_q +: 4] & smask[4*slot_q +: 4] : 4'd0;
  assign ov = vmask(ovm_q[{ob_q, slot_q}], wm);
  assign vtx_valid_o = bo == BkOut;
  assign vtx_vert_o  = vert_q[16*ob_q +: 16];
  assign vtx_slot_o  = slot_q;
  assign vtx_x_o     = ov[31:0];
  assign vtx_y_o     = ov[63:32];
  assign vtx_z_o     = ov[95:64];
  assign vtx_w_o     = ov[127:96];
  assign vtx_wmask_o = wm;
  assign vtx_vlast_o = slot_last;
  assign vtx_dlast_o = slot_last && dlast_q[ob_q];
  assign vtx_prim_o  = prim_q[4*ob_q +: 4];

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions"; docs/blocks/r5xx.pvs.md "Vertices in
  // flight"): the banks ----
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (ib_q >= nbank || eb_q >= nbank || ob_q >= nbank)
        $error("%m: ASSERT PvsBankPtr: bank pointers %0d %0d %0d of %0d banks", ib_q, eb_q, ob_q, nbank);
      for (int b = 0; b < 4; b++) begin
        if (b[1:0] >= nbank && bst_q[2*b +: 2] != BkFree)
          $error("%m: ASSERT PvsBankUnused: bank %0d of %0d in use", b, nbank);
        if (bst_q[2*b +: 2] == BkIn && b[1:0] != ib_q)
          $error("%m: ASSERT PvsOneInput: bank %0d takes records, the input bank is %0d", b, ib_q);
      end
      // no vertex in the block: every stage points at the same (free) bank
      if (idle_o && !(ib_q == eb_q && eb_q == ob_q))
        $error("%m: ASSERT PvsIdleAligned: idle with bank pointers %0d %0d %0d", ib_q, eb_q, ob_q);
    end
  end
`endif

endmodule
