// si_cu: the Sea Islands GCN compute unit (docs/blocks/si.cu.md).  One state machine runs one
// wave at a time and one instruction at a time: fetch (one dword request per instruction
// dword), one EXEC cycle (decode checks, scalar work), then the SMRD transfer, the 64 lane
// cycles of a VALU op, the per-lane MUBUF/MTBUF accesses (MTBUF loads: then one conversion
// cycle per component, TCVT) or the 64 DS lane cycles, and a retire record.  The dispatch comes
// from COMPUTE_* register writes; work-groups and their waves run in order.
module si_cu (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [19:0] regw_addr_i,
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
  output logic        retire_valid_o,
  input  logic        retire_ready_i,
  output logic [15:0] retire_wave_o,
  output logic [31:0] retire_pc_o,
  output logic [31:0] retire_inst_o,
  output logic [31:0] retire_lit_o,
  output logic [9:0]  retire_dst_o,
  output logic [31:0] retire_val_o,
  output logic [63:0] retire_exec_o,
  output logic [63:0] retire_vcc_o,
  output logic        retire_scc_o,
  output logic        retire_err_o,
  output logic        eod_valid_o,
  input  logic        eod_ready_i,
  output logic [15:0] eod_waves_o,
  output logic [15:0] eod_errs_o,
  output logic        idle_o
);
  localparam logic [3:0] F_SOP2 = 4'd0, F_SOPK = 4'd1, F_SOP1 = 4'd2, F_SOPC = 4'd3,
                         F_SOPP = 4'd4, F_SMRD = 4'd5, F_VOP2 = 4'd6, F_VOP1 = 4'd7,
                         F_VOPC = 4'd8, F_VOP3 = 4'd9, F_MUBUF = 4'd10, F_DS = 4'd12,
                         F_MTBUF = 4'd13;
  localparam logic [4:0] S_IDLE = 5'd0, S_WINIT = 5'd1, S_FETCH = 5'd2, S_FWAIT = 5'd3,
                         S_FETCH2 = 5'd4, S_FWAIT2 = 5'd5, S_EXEC = 5'd6, S_SMEM = 5'd7,
                         S_VALU = 5'd8, S_VMEM = 5'd9, S_VWAIT = 5'd10, S_RETIRE = 5'd11,
                         S_WNEXT = 5'd12, S_EOD = 5'd13, S_SWITCH = 5'd14, S_DS = 5'd15,
                         S_VATW = 5'd16, S_TCVT = 5'd17;
  localparam logic [1:0] W_RUN = 2'd0, W_BAR = 2'd1, W_DONE = 2'd2;
  localparam logic [9:0] DST_NONE = 10'h3FF;
  localparam int NSLOT = 8;                 // wave slots: a work-group of at most 8 waves (3-bit slot ids)
  // attribute bits (si_cu_dec)
  localparam int A_NS2 = 1, A_NS3 = 2, A_FLT = 3, A_S064 = 4, A_D64 = 5, A_WV = 6, A_CMP = 7,
                 A_CMPX = 8, A_CO = 9, A_MSK = 10, A_VOP2ONLY = 11;

  // ---- state ----
  logic [4:0]  st_q, st_d;
  logic [31:0] dim_q [3];
  logic [31:0] start_q [3];
  logic [15:0] nth_q [3];
  logic [31:0] user_q [16];
  logic [31:0] pgm_lo_q, rsrc1_q, rsrc2_q;
  logic [31:0] grp_q [3];
  logic [31:0] grp_d [3];
  logic [48:0] nthreads_q, nthreads_d, nwaves_q, nwaves_d, tflat_q, tflat_d;
  logic [31:0] tid_q [3];
  logic [31:0] tid_d [3];
  logic [15:0] wave_q, wave_d, errs_q, errs_d, gbase_q, gbase_d;
  logic [2:0]  cur_q, cur_d;
  logic [31:0] sgpr_q [NSLOT * 104];   // NSLOT wave slots x 104
  // the saved state of each slot's wave, its status (run, at the barrier, done)
  logic [31:0] pc_s [NSLOT];
  logic [31:0] m0_s [NSLOT];
  logic [63:0] exec_s [NSLOT];
  logic [63:0] vcc_s [NSLOT];
  logic        scc_s [NSLOT];
  logic [1:0]  stat_q [NSLOT];
  logic [1:0]  stat_d [NSLOT];
  logic        save;                   // the running wave's state into slot cur_q
  logic [31:0] lds_q [4096];
  logic [4095:0] ldsv_q;               // LDS dword written in this group (else it reads 0)
  logic        lds_clr, lds_we, lds_we2;
  logic [11:0] lds_wa, lds_wa2;
  logic [31:0] lds_wd, lds_wd2;
  logic [31:0] aold_q, aold_d;          // buffer_atomic_add: the dword read
  logic [1:0]  mk_q, mk_d;              // MUBUF x2/x3/x4: the lane's dword
  logic [31:0] tb_q [4];                // MTBUF load: the lane's element dwords
  logic [31:0] tb_d [4];
  logic [1:0]  tc_q, tc_d;              // MTBUF load: the component being converted
  logic [31:0] vlane [32];            // every VGPR's value in lane lane_q
  logic [31:0] m0_q, m0_d;
  logic [63:0] vcc_q, vcc_d, exec_q, exec_d, mask_q, mask_d;
  logic        scc_q, scc_d;
  logic [31:0] pc_q, pc_d, w0_q, w0_d, w1_q, w1_d, saddr_q, saddr_d, hash_q, hash_d, npc_q, npc_d;
  logic [5:0]  lane_q, lane_d;
  logic [4:0]  sn_q, sn_d, sreq_q, sreq_d, srsp_q, srsp_d;
  logic [9:0]  rdst_q, rdst_d;
  logic        rerr_q, rerr_d, end_q, end_d, bar_q, bar_d;

  // register-file write ports (codes: SGPR array below 104, specials applied in the comb block)
  logic        swe_a, swe_b;
  logic [8:0]  swa_a, swa_b;
  logic [31:0] swd_a, swd_b;
  logic        sinit;
  logic        vwe_a, vwe_b, vclr;
  logic [10:0] vwa_a, vwa_b;
  logic [31:0] vwd_a, vwd_b;
  logic        reg_we;

  // ---- decode ----
  logic [3:0]  fmt;
  logic [8:0]  op;
  logic        two;
  logic [6:0]  sdst;
  logic [7:0]  ssrc0, ssrc1;
  logic [15:0] simm16;
  logic [7:0]  vdst, sdst3, soff, vaddr, vdata, msoff;
  logic [8:0]  src0, src1, src2;
  logic [2:0]  absm, negm;
  logic        clamp, imm, offen, idxen, addr64, lds, tfe;
  logic [1:0]  omod;
  logic [5:0]  sbase;
  logic [11:0] moff, attr;
  logic [4:0]  srsrc;
  logic [15:0] dsoff;
  logic        gds;
  logic [7:0]  dvdst;
  logic [3:0]  dfmt;
  logic [2:0]  nfmt;

  si_cu_dec u_dec (
    .w0_i(w0_q), .w1_i(w1_q), .fmt_o(fmt), .op_o(op), .two_o(two), .sdst_o(sdst),
    .ssrc0_o(ssrc0), .ssrc1_o(ssrc1), .simm16_o(simm16), .vdst_o(vdst), .src0_o(src0),
    .src1_o(src1), .src2_o(src2), .abs_o(absm), .neg_o(negm), .clamp_o(clamp), .omod_o(omod),
    .sdst3_o(sdst3), .sbase_o(sbase), .imm_o(imm), .soff_o(soff), .moff_o(moff),
    .offen_o(offen), .idxen_o(idxen), .addr64_o(addr64), .lds_o(lds), .vaddr_o(vaddr),
    .vdata_o(vdata), .srsrc_o(srsrc), .tfe_o(tfe), .msoff_o(msoff), .dsoff_o(dsoff), .gds_o(gds),
    .dvdst_o(dvdst), .dfmt_o(dfmt), .nfmt_o(nfmt), .attr_o(attr)
  );

  // ---- operands ----
  function automatic logic [32:0] const32(input logic [7:0] c);
    logic [32:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    if (c >= 8'd128 && c <= 8'd192) begin
      res = {1'b1, 24'd0, c - 8'd128};
    end else if (c >= 8'd193 && c <= 8'd208) begin
      res = {1'b1, 32'd192 - {24'd0, c}};
    end else begin
      case (c)
        8'd240:  res = {1'b1, 32'h3F000000};
        8'd241:  res = {1'b1, 32'hBF000000};
        8'd242:  res = {1'b1, 32'h3F800000};
        8'd243:  res = {1'b1, 32'hBF800000};
        8'd244:  res = {1'b1, 32'h40000000};
        8'd245:  res = {1'b1, 32'hC0000000};
        8'd246:  res = {1'b1, 32'h40800000};
        8'd247:  res = {1'b1, 32'hC0800000};
        default: res = 33'd0;
      endcase
    end
    return res;
  endfunction

  function automatic logic [64:0] const64(input logic [7:0] c);
    logic [64:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [32:0] k;
    k = const32(c);
    case (c)
      8'd240:  res = {1'b1, 64'h3FE0000000000000};
      8'd241:  res = {1'b1, 64'hBFE0000000000000};
      8'd242:  res = {1'b1, 64'h3FF0000000000000};
      8'd243:  res = {1'b1, 64'hBFF0000000000000};
      8'd244:  res = {1'b1, 64'h4000000000000000};
      8'd245:  res = {1'b1, 64'hC000000000000000};
      8'd246:  res = {1'b1, 64'h4010000000000000};
      8'd247:  res = {1'b1, 64'hC010000000000000};
      default: res = {k[32], {32{k[31]}}, k[31:0]};
    endcase
    return res;
  endfunction

  // a scalar operand code (0-255, 256 and above: not readable): {ok, value}
  function automatic logic [32:0] sread(input logic [8:0] c);
    logic [32:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    if (c < 9'd104) begin
      res = {1'b1, sgpr_q[10'(cur_q) * 10'd104 + 10'(c)]};
    end else begin
      case (c)
        9'd106:  res = {1'b1, vcc_q[31:0]};
        9'd107:  res = {1'b1, vcc_q[63:32]};
        9'd124:  res = {1'b1, m0_q};
        9'd126:  res = {1'b1, exec_q[31:0]};
        9'd127:  res = {1'b1, exec_q[63:32]};
        9'd251:  res = {1'b1, 31'd0, vcc_q == 64'd0};
        9'd252:  res = {1'b1, 31'd0, exec_q == 64'd0};
        9'd253:  res = {1'b1, 31'd0, scc_q};
        9'd255:  res = {two && fmt != F_VOP3, w1_q};
        default: res = (c < 9'd256) ? const32(c[7:0]) : 33'd0;
      endcase
    end
    return res;
  endfunction

  function automatic logic [64:0] sread64(input logic [8:0] c);
    logic [64:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [32:0] lo, hi;
    lo = sread(c);
    hi = sread(c + 9'd1);
    if (c < 9'd128) begin
      res = {lo[32] & hi[32], hi[31:0], lo[31:0]};
    end else if (c >= 9'd251 && c <= 9'd253) begin
      res = {1'b1, 32'd0, lo[31:0]};
    end else begin
      res = (c < 9'd256) ? const64(c[7:0]) : 65'd0;
    end
    return res;
  endfunction

  function automatic logic swritable(input logic [8:0] c);
    return c < 9'd104 || c == 9'd106 || c == 9'd107 || c == 9'd124 || c == 9'd126 || c == 9'd127;
  endfunction

  // verilator lint_off UNUSEDSIGNAL
  function automatic logic vreadable(input logic [8:0] c, input logic w64);
    logic res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [32:0] r;
    logic [64:0] r64;
    r   = sread(c);
    r64 = sread64(c);
    if (c >= 9'd256) begin
      res = c[7:0] < 8'd32;
    end else if (fmt == F_VOP3 && c == 9'd255) begin
      res = 1'b0;
    end else begin
      res = w64 ? r64[64] : r[32];
    end
    return res;
  endfunction

  function automatic logic [63:0] vread(input logic [8:0] c, input logic [5:0] l, input logic w64);
    logic [63:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [32:0] r;
    logic [64:0] r64;
    logic [4:0]  rr;
    r   = sread(c);
    r64 = sread64(c);
    rr  = c[4:0];
    if (c >= 9'd256) begin
      res = w64 ? {vlane[rr + 5'd1], vlane[rr]} : {32'd0, vlane[rr]};
    end else begin
      res = w64 ? r64[63:0] : {32'd0, r[31:0]};
    end
    return res;
  endfunction

  // verilator lint_on UNUSEDSIGNAL

  function automatic logic [31:0] fmod(input logic [31:0] x, input logic ab, input logic ng);
    logic [31:0] y;
    y = x;
    if (fmt == F_VOP3 && attr[A_FLT]) begin
      if (ab) begin
        y[31] = 1'b0;
      end
      if (ng) begin
        y[31] = ~y[31];
      end
    end
    return y;
  endfunction

  function automatic logic [31:0] hmix(input logic [31:0] h, input logic [31:0] d);
    return {h[30:0], h[31]} ^ d;
  endfunction

  // ---- the scalar ALU ----
  logic [3:0]  salu_srcs;
  logic [63:0] salu_s0, salu_s1, salu_d, salu_exec;
  logic        salu_wd, salu_d64, salu_scc, salu_wscc, salu_wexec;
  logic        s0_ok, s1_ok;
  logic [32:0] rs0, rs1, rsk;
  logic [64:0] rs0w, rs1w;

  assign rs0  = sread({1'b0, ssrc0});
  assign rs1  = sread({1'b0, ssrc1});
  assign rs0w = sread64({1'b0, ssrc0});
  assign rs1w = sread64({1'b0, ssrc1});
  assign rsk  = sread({2'b0, sdst});

  always_comb begin
    salu_s0 = '0;
    salu_s1 = '0;
    s0_ok   = 1'b1;
    s1_ok   = 1'b1;
    if (fmt == F_SOPK) begin
      salu_s0 = {32'd0, rsk[31:0]};
      salu_s1 = {48'd0, simm16};
      s0_ok   = op == 9'd0 || rsk[32];
    end else begin
      salu_s0 = salu_srcs[2] ? rs0w[63:0] : {32'd0, rs0[31:0]};
      s0_ok   = salu_srcs[2] ? rs0w[64] : rs0[32];
      if (salu_srcs[1]) begin
        salu_s1 = salu_srcs[3] ? rs1w[63:0] : {32'd0, rs1[31:0]};
        s1_ok   = salu_srcs[3] ? rs1w[64] : rs1[32];
      end
    end
  end

  si_cu_salu u_salu (
    .fmt_i(fmt), .op_i(op), .s0_i(salu_s0), .s1_i(salu_s1), .scc_i(scc_q), .exec_i(exec_q),
    .srcs_o(salu_srcs), .d_o(salu_d), .wd_o(salu_wd), .d64_o(salu_d64), .scc_o(salu_scc),
    .wscc_o(salu_wscc), .exec_o(salu_exec), .wexec_o(salu_wexec)
  );

  logic salu_hasdst, salu_fail;
  assign salu_hasdst = fmt == F_SOP2 || fmt == F_SOP1 ||
                       (fmt == F_SOPK && (op == 9'd0 || op == 9'd2 || op == 9'd15 || op == 9'd16));
  assign salu_fail = salu_srcs == 4'd0 || !s0_ok || !s1_ok ||
                     (salu_hasdst && (!swritable({2'b0, sdst}) ||
                                      (salu_d64 && !swritable({2'b0, sdst} + 9'd1))));

  // ---- the vector ALU (one lane) ----
  logic [63:0] va, vr;
  logic [31:0] vb, vc;
  logic        vm, vbit, fin, fout, vact;
  logic [63:0] vms;

  assign fin  = !rsrc1_q[16];
  assign fout = !rsrc1_q[17];
  assign vact = exec_q[lane_q];
  assign vms  = (fmt == F_VOP3) ? vread(src2, lane_q, 1'b1) : vcc_q;

  logic [63:0] vrb, vrc;
  assign vrb = vread(src1, lane_q, 1'b0);
  assign vrc = vread(src2, lane_q, 1'b0);

  always_comb begin
    va = vread(src0, lane_q, attr[A_S064]);
    if (!attr[A_S064]) begin
      va = {32'd0, fmod(va[31:0], absm[0], negm[0])};
    end
    vb = attr[A_NS2] ? fmod(vrb[31:0], absm[1], negm[1]) : 32'd0;
    vc = attr[A_NS3] ? fmod(vrc[31:0], absm[2], negm[2]) : 32'd0;
    vm = attr[A_MSK] ? vms[lane_q] : 1'b0;
  end

  si_cu_valu u_valu (
    .vop_i(op), .a_i(va), .b_i(vb), .c_i(vc), .m_i(vm), .k_i(w1_q), .fin_i(fin),
    .fout_i(fout), .r_o(vr), .bit_o(vbit)
  );

  // v_readfirstlane_b32 (VOP1 2, vop 386): src0 of the first active lane (lane 0 if EXEC = 0)
  // to the SGPR code VDST, written at lane 63
  logic       rfl;
  logic [5:0] rfl_lane;
  assign rfl = op == 9'd386;
  always_comb begin
    rfl_lane = '0;
    for (int k = 63; k >= 0; k--) begin
      if (exec_q[k]) begin
        rfl_lane = 6'(k);
      end
    end
  end

  // v_readlane_b32 (vop 257) / v_writelane_b32 (vop 258), VOP2 only: VSRC1 is the scalar code of
  // the lane select (its low 6 bits); the lane's cycle reads / writes whatever EXEC says
  logic        rdl, wrl, lsel_hit;
  logic [32:0] lsel;
  assign rdl      = op == 9'd257;
  assign wrl      = op == 9'd258;
  assign lsel     = sread({1'b0, src1[7:0]});
  assign lsel_hit = lane_q == lsel[5:0];
  logic valu_fail;
  assign valu_fail = !attr[0] ||
                     (fmt == F_VOP3 && (attr[A_VOP2ONLY] || clamp || omod != 2'd0)) ||
                     (op != 9'd384 && !vreadable(src0, attr[A_S064])) ||
                     (attr[A_NS2] && !vreadable(src1, 1'b0)) ||
                     (attr[A_NS3] && !vreadable(src2, 1'b0)) ||
                     (attr[A_MSK] && fmt == F_VOP3 && (src2 >= 9'd256 || !vreadable(src2, 1'b1))) ||
                     (attr[A_WV] && vdst >= 8'd32) ||
                     ((attr[A_CMP] || attr[A_CO]) &&
                      !(swritable({1'b0, sdst3}) && swritable({1'b0, sdst3} + 9'd1))) ||
                     (rfl && (!swritable({1'b0, vdst}) || src0 < 9'd256)) ||
                     ((rdl || wrl) && !lsel[32]) ||
                     (rdl && (src0 < 9'd256 || !swritable({1'b0, vdst}))) ||
                     (wrl && (src0 >= 9'd256 || vdst >= 8'd32));

  // ---- SMRD ----
  logic [64:0] sm_base;
  logic [32:0] sm_soff;
  logic [31:0] sm_off;
  logic        smrd_fail;
  logic [4:0]  sm_n;
  assign sm_base = sread64({2'b0, sbase, 1'b0});
  assign sm_soff = sread({1'b0, soff});
  assign sm_off  = imm ? {22'd0, soff, 2'b00} : sm_soff[31:0];
  assign sm_n    = 5'd1 << op[2:0];
  assign smrd_fail = !(op <= 9'd4 || (op >= 9'd8 && op <= 9'd12)) || !sm_base[64] ||
                     (!imm && (soff == 8'd255 || !sm_soff[32])) ||
                     ({1'b0, sdst} + {3'b0, sm_n} - 8'd1 >= 8'd104);

  // ---- MUBUF ----
  logic [32:0] vs0, vs1, vs2, vs3, mso;
  logic        mubuf_fail, mb_oob;
  logic [31:0] mb_addr, mb_idx, mb_voff, mb_off;
  logic [13:0] mb_stride;
  logic [4:0]  mb_va, mb_va2;
  assign vs0 = sread({2'b0, srsrc, 2'd0});
  assign vs1 = sread({2'b0, srsrc, 2'd1});
  assign vs2 = sread({2'b0, srsrc, 2'd2});
  assign vs3 = sread({2'b0, srsrc, 2'd3});
  assign mso = sread({1'b0, msoff});
  // the op's kind: a load (8-11 sub-dword, 12), a store (24 byte, 26 short, 28), the atomic add (50)
  logic        mb_ld, mb_st, mb_atm, mb_sx, mb_glc;
  logic [2:0]  mb_nb, mb_n;
  logic        mb_last;                 // the lane's last dword
  logic [4:0]  mb_vd;                   // VDATA + the dword
  logic [31:0] mb_raw, mb_ext, mb_wd;
  logic [3:0]  mb_be;
  // MTBUF (docs/blocks/si.cu.md "Typed buffer memory"): the format's components, their width
  // (8, 16, 32 bits), the element's bytes; an element below a dword is a byte or short access
  logic        tb, tb_ok, tb_st;
  logic [2:0]  tb_nc, tb_nop;
  logic [5:0]  tb_w;
  logic [4:0]  tb_e;
  assign tb     = fmt == F_MTBUF;
  assign tb_st  = op[2];
  assign tb_nop = {1'b0, op[1:0]} + 3'd1;
  always_comb begin
    case (dfmt)
      4'd1:    begin tb_nc = 3'd1; tb_w = 6'd8;  end
      4'd2:    begin tb_nc = 3'd1; tb_w = 6'd16; end
      4'd3:    begin tb_nc = 3'd2; tb_w = 6'd8;  end
      4'd4:    begin tb_nc = 3'd1; tb_w = 6'd32; end
      4'd5:    begin tb_nc = 3'd2; tb_w = 6'd16; end
      4'd10:   begin tb_nc = 3'd4; tb_w = 6'd8;  end
      4'd11:   begin tb_nc = 3'd2; tb_w = 6'd32; end
      4'd12:   begin tb_nc = 3'd4; tb_w = 6'd16; end
      4'd13:   begin tb_nc = 3'd3; tb_w = 6'd32; end
      4'd14:   begin tb_nc = 3'd4; tb_w = 6'd32; end
      default: begin tb_nc = 3'd0; tb_w = 6'd0;  end
    endcase
    tb_e = 5'((8'(tb_nc) * 8'(tb_w)) >> 3);
    if (tb_nc == 3'd0 || nfmt == 3'd6) begin
      tb_ok = 1'b0;
    end else if (nfmt == 3'd7) begin
      tb_ok = tb_w == 6'd32;
    end else if (nfmt <= 3'd3) begin
      tb_ok = tb_w != 6'd32 && !tb_st;
    end else begin
      tb_ok = 1'b1;
    end
  end
  logic mu_ld, mu_st, mu_atm, mu_sx;
  logic [2:0] mu_nb, mu_n;
  always_comb begin
    mb_ld  = tb ? !tb_st : mu_ld;
    mb_st  = tb ? tb_st : mu_st;
    mb_atm = tb ? 1'b0 : mu_atm;
    mb_sx  = tb ? 1'b0 : mu_sx;
    mb_nb  = tb ? ((tb_e < 5'd4) ? 3'(tb_e) : 3'd4) : mu_nb;
    mb_n   = tb ? ((tb_e < 5'd4) ? 3'd1 : 3'(tb_e >> 2)) : mu_n;
  end
  always_comb begin
    mu_ld  = op == 9'd8 || op == 9'd9 || op == 9'd10 || op == 9'd11 || op == 9'd12 || op == 9'd13 ||
             op == 9'd14 || op == 9'd15;
    mu_st  = op == 9'd24 || op == 9'd26 || op == 9'd28 || op == 9'd29 || op == 9'd30 || op == 9'd31;
    if (op == 9'd13 || op == 9'd29) begin
      mu_n = 3'd2;
    end else if (op == 9'd14 || op == 9'd30) begin
      mu_n = 3'd4;
    end else if (op == 9'd15 || op == 9'd31) begin
      mu_n = 3'd3;
    end else begin
      mu_n = 3'd1;
    end
    mu_atm = op == 9'd50;
    mu_sx  = op == 9'd9 || op == 9'd11;
    if (op == 9'd8 || op == 9'd9 || op == 9'd24) begin
      mu_nb = 3'd1;
    end else if (op == 9'd10 || op == 9'd11 || op == 9'd26) begin
      mu_nb = 3'd2;
    end else begin
      mu_nb = 3'd4;
    end
  end
  assign mb_glc = w0_q[14];
  assign mubuf_fail = !(mb_ld || mb_st || mb_atm) || lds || tfe || (addr64 && (offen || idxen)) ||
                      !(vs0[32] && vs1[32] && vs2[32] && vs3[32]) || vs1[31] || vs3[23] ||
                      msoff == 8'd255 || !mso[32] || vaddr >= 8'd32 ||
                      {1'b0, vdata} + {6'd0, mb_n} > 9'd32;
  logic mtbuf_fail;
  assign mtbuf_fail = !tb_ok || tfe || (addr64 && (offen || idxen)) ||
                      !(vs0[32] && vs1[32] && vs2[32] && vs3[32]) || vs1[31] || vs3[23] ||
                      msoff == 8'd255 || !mso[32] || vaddr >= 8'd32 ||
                      {1'b0, vdata} + {6'd0, tb_nop} > 9'd32;
  assign mb_last = {1'b0, mk_q} + 3'd1 >= mb_n;
  assign mb_vd   = vdata[4:0] + {3'd0, mk_q};
  assign mb_va     = vaddr[4:0];
  assign mb_va2    = vaddr[4:0] + {4'd0, idxen};
  assign mb_stride = vs1[29:16];
  assign mb_idx    = idxen ? vlane[mb_va] : 32'd0;
  assign mb_voff   = offen ? vlane[mb_va2] : 32'd0;
  assign mb_off    = mb_voff + {20'd0, moff} + {28'd0, mk_q, 2'b00};
  always_comb begin
    if (addr64) begin
      mb_raw = vs0[31:0] + vlane[mb_va] + mso[31:0] + {20'd0, moff} + {28'd0, mk_q, 2'b00};
      mb_oob = 1'b0;
    end else begin
      mb_raw = vs0[31:0] + mso[31:0] + mb_off + mb_idx * {18'd0, mb_stride};
      mb_oob = (mb_stride == 14'd0) ? (mb_off >= vs2[31:0]) : (mb_idx >= vs2[31:0]);
    end
    mb_addr = mb_raw & 32'hFFFFFFFC;
  end
  // a sub-dword load's value from the dword read; a sub-dword store's data and byte enables
  always_comb begin
    if (mb_nb == 3'd1) begin
      case (mb_raw[1:0])
        2'd0: mb_ext = {{24{mb_sx & memrsp_data_i[7]}}, memrsp_data_i[7:0]};
        2'd1: mb_ext = {{24{mb_sx & memrsp_data_i[15]}}, memrsp_data_i[15:8]};
        2'd2: mb_ext = {{24{mb_sx & memrsp_data_i[23]}}, memrsp_data_i[23:16]};
        default: mb_ext = {{24{mb_sx & memrsp_data_i[31]}}, memrsp_data_i[31:24]};
      endcase
      mb_wd = {24'd0, vlane[vdata[4:0]][7:0]} << {mb_raw[1:0], 3'd0};
      mb_be = 4'd1 << mb_raw[1:0];
    end else if (mb_nb == 3'd2) begin
      if (mb_raw[1]) begin
        mb_ext = {{16{mb_sx & memrsp_data_i[31]}}, memrsp_data_i[31:16]};
      end else begin
        mb_ext = {{16{mb_sx & memrsp_data_i[15]}}, memrsp_data_i[15:0]};
      end
      mb_wd = mb_raw[1] ? {vlane[vdata[4:0]][15:0], 16'd0} : {16'd0, vlane[vdata[4:0]][15:0]};
      mb_be = mb_raw[1] ? 4'hC : 4'h3;
    end else begin
      mb_ext = memrsp_data_i;
      mb_wd  = vlane[mb_vd];
      mb_be  = 4'hF;
    end
  end

  // MTBUF store: the element of the components the op stores, its byte mask, and the data and
  // byte enables of dword mk_q (tb_be = 0: nothing of it is stored, the dword is skipped)
  logic [127:0] tb_el;
  logic [15:0]  tb_bm;
  logic [31:0]  tb_wd;
  logic [3:0]   tb_be;
  logic [1:0]   tb_sh;
  logic         mb_skip;
  always_comb begin
    tb_el = '0;
    tb_bm = '0;
    for (int c = 0; c < 4; c++) begin
      if (3'(c) < tb_nop && 3'(c) < tb_nc) begin
        if (tb_w == 6'd8) begin
          tb_el[c*8 +: 8] = vlane[vdata[4:0] + 5'(c)][7:0];
          tb_bm[c]        = 1'b1;
        end else if (tb_w == 6'd16) begin
          tb_el[c*16 +: 16] = vlane[vdata[4:0] + 5'(c)][15:0];
          tb_bm[c*2 +: 2]   = 2'b11;
        end else begin
          tb_el[c*32 +: 32] = vlane[vdata[4:0] + 5'(c)];
          tb_bm[c*4 +: 4]   = 4'hF;
        end
      end
    end
    tb_sh = (tb_e == 5'd1) ? mb_raw[1:0] : {mb_raw[1], 1'b0};
    if (tb_e < 5'd4) begin
      tb_wd = tb_el[31:0] << {tb_sh, 3'b000};
      tb_be = tb_bm[3:0] << tb_sh;
    end else begin
      tb_wd = tb_el[{mk_q, 5'd0} +: 32];
      tb_be = tb_bm[{mk_q, 2'd0} +: 4];
    end
  end
  assign mb_skip = tb && mb_st && tb_be == 4'd0;

  // MTBUF load: component tc_q of the element in tb_q, converted (UNORM/SNORM: the exact
  // binary32 of the integer times K, rounded to nearest even by prim_fmul)
  logic [127:0] tb_v;
  logic [31:0]  tb_r, tb_s, tb_f, tb_k, tb_p, tb_cv;
  assign tb_v = {tb_q[3], tb_q[2], tb_q[1], tb_q[0]};
  function automatic logic [31:0] i2f(input logic [31:0] v);   // |v| < 2^17: exact
    logic [16:0] m;
    logic [31:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [4:0]  pos;
    logic [22:0] sh;
    m   = v[31] ? 17'(32'd0 - v) : v[16:0];
    pos = '0;
    for (int k = 0; k < 17; k++) begin
      if (m[k]) begin
        pos = 5'(k);
      end
    end
    sh = 23'({23'd0, m} << (5'd23 - pos));
    if (m == 17'd0) begin
      res = 32'd0;
    end else begin
      res = {v[31], 8'd127 + {3'd0, pos}, sh};
    end
    return res;
  endfunction
  always_comb begin
    if (tb_w == 6'd8) begin
      tb_r = {24'd0, tb_v[{2'd0, tc_q, 3'd0} +: 8]};
      tb_s = {{24{tb_r[7]}}, tb_r[7:0]};
      tb_k = (nfmt == 3'd0) ? 32'h3B808081 : 32'h3C010204;
    end else if (tb_w == 6'd16) begin
      tb_r = {16'd0, tb_v[{1'd0, tc_q, 4'd0} +: 16]};
      tb_s = {{16{tb_r[15]}}, tb_r[15:0]};
      tb_k = (nfmt == 3'd0) ? 32'h37800080 : 32'h38000100;
    end else begin
      tb_r = tb_v[{tc_q, 5'd0} +: 32];
      tb_s = tb_r;
      tb_k = 32'd0;
    end
    tb_f = i2f((nfmt == 3'd0 || nfmt == 3'd2) ? tb_r : tb_s);
  end
  prim_fmul u_tbmul (.a_i(tb_f), .b_i(tb_k), .p_o(tb_p));
  always_comb begin
    if ({1'b0, tc_q} >= tb_nc) begin
      tb_cv = (tc_q != 2'd3) ? 32'd0 : (nfmt == 3'd4 || nfmt == 3'd5) ? 32'd1 : 32'h3F800000;
    end else begin
      case (nfmt)
        3'd0:    tb_cv = tb_p;
        3'd1:    tb_cv = ((tb_w == 6'd8 && tb_s == 32'hFFFFFF80) || (tb_w == 6'd16 && tb_s == 32'hFFFF8000)) ?
                         32'hBF800000 : tb_p;
        3'd2,
        3'd3:    tb_cv = tb_f;
        3'd5:    tb_cv = tb_s;
        default: tb_cv = tb_r;
      endcase
    end
  end

  // ---- DS (LDS): the lane's byte address, in range below M0 and the group's LDS_SIZE ----
  // read2/write2 (55/14): two addresses, OFFSET0 and OFFSET1 in dwords; atomics 0-11 and their
  // _RTN forms 32-43: read, op, write in the lane's cycle
  logic [31:0] ds_a, ds_sz, ds_rd, ds_lsz, ds_a0, ds_a1, ds_rd0, ds_rd1, ds_new;
  logic        ds_in, ds_fail, ds_in0, ds_in1, ds_atom, ds_artn, ds_w2, ds_r2, ds_wr, ds_rdop;
  logic [7:0]  ddata1;
  assign ddata1  = w1_q[23:16];
  assign ds_a    = vlane[vaddr[4:0]] + {16'd0, dsoff};
  assign ds_a0   = vlane[vaddr[4:0]] + {22'd0, dsoff[7:0], 2'b00};
  assign ds_a1   = vlane[vaddr[4:0]] + {22'd0, dsoff[15:8], 2'b00};
  assign ds_lsz  = {23'd0, rsrc2_q[23:15]} * 32'd512;
  assign ds_sz   = (ds_lsz > 32'd16384) ? 32'd16384 : ds_lsz;
  assign ds_in   = ds_a < ds_sz && ds_a < m0_q;
  assign ds_in0  = ds_a0 < ds_sz && ds_a0 < m0_q;
  assign ds_in1  = ds_a1 < ds_sz && ds_a1 < m0_q;
  assign ds_rd   = (ds_in && ldsv_q[ds_a[13:2]]) ? lds_q[ds_a[13:2]] : 32'd0;
  assign ds_rd0  = (ds_in0 && ldsv_q[ds_a0[13:2]]) ? lds_q[ds_a0[13:2]] : 32'd0;
  assign ds_rd1  = (ds_in1 && ldsv_q[ds_a1[13:2]]) ? lds_q[ds_a1[13:2]] : 32'd0;
  assign ds_atom = op <= 9'd11;
  assign ds_artn = op >= 9'd32 && op <= 9'd43;
  assign ds_w2   = op == 9'd14;
  assign ds_r2   = op == 9'd55;
  assign ds_wr   = op == 9'd13 || ds_atom || ds_artn || ds_w2;
  assign ds_rdop = op == 9'd54 || ds_artn || ds_r2;
  // b8/b16 writes merge into the dword (30/31), sub-dword reads (57-60), b64 at a and a + 4 (77/118)
  logic        ds_wsub, ds_rsub, ds_w64, ds_r64, ds_in4;
  logic [31:0] ds_a4, ds_rd4, ds_sv, ds_sm, ds_merge, ds_sub;
  assign ds_wsub = op == 9'd30 || op == 9'd31;
  assign ds_rsub = op >= 9'd57 && op <= 9'd60;
  assign ds_w64  = op == 9'd77;
  assign ds_r64  = op == 9'd118;
  assign ds_a4   = ds_a + 32'd4;
  assign ds_in4  = ds_a4 < ds_sz && ds_a4 < m0_q;
  assign ds_rd4  = (ds_in4 && ldsv_q[ds_a4[13:2]]) ? lds_q[ds_a4[13:2]] : 32'd0;
  always_comb begin
    if (op == 9'd30) begin
      ds_sv = {24'd0, vlane[vdata[4:0]][7:0]};
      ds_sm = 32'hFF << {ds_a[1:0], 3'd0};
      ds_merge = (ds_rd & ~ds_sm) | (ds_sv << {ds_a[1:0], 3'd0});
    end else begin
      ds_sv = {16'd0, vlane[vdata[4:0]][15:0]};
      ds_sm = 32'hFFFF << {ds_a[1], 4'd0};
      ds_merge = (ds_rd & ~ds_sm) | (ds_sv << {ds_a[1], 4'd0});
    end
    case (op[1:0])
      2'd1:    ds_sub = {{24{ds_rd[{ds_a[1:0], 3'd7}]}}, ds_rd[{ds_a[1:0], 3'd0} +: 8]};   // 57 i8
      2'd2:    ds_sub = {24'd0, ds_rd[{ds_a[1:0], 3'd0} +: 8]};                         // 58 u8
      2'd3:    ds_sub = {{16{ds_rd[{ds_a[1], 4'd15}]}}, ds_rd[{ds_a[1], 4'd0} +: 16]};   // 59 i16
      default: ds_sub = {16'd0, ds_rd[{ds_a[1], 4'd0} +: 16]};                          // 60 u16
    endcase
  end
  assign ds_fail = gds || !(op == 9'd13 || op == 9'd54 || ds_atom || ds_artn || ds_w2 || ds_r2 ||
                            ds_wsub || ds_rsub || ds_w64 || ds_r64) ||
                   vaddr >= 8'd32 || ((ds_wr || ds_wsub) && vdata >= 8'd32) ||
                   (ds_w64 && vdata >= 8'd31) || (ds_w2 && ddata1 >= 8'd32) ||
                   ((ds_rdop || ds_rsub) && dvdst >= 8'd32) || (ds_r64 && dvdst >= 8'd31);
  always_comb begin
    case (op[3:0])
      4'd0:    ds_new = ds_rd + vlane[vdata[4:0]];
      4'd1:    ds_new = ds_rd - vlane[vdata[4:0]];
      4'd2:    ds_new = vlane[vdata[4:0]] - ds_rd;
      4'd3:    ds_new = (ds_rd >= vlane[vdata[4:0]]) ? 32'd0 : ds_rd + 32'd1;
      4'd4:    ds_new = (ds_rd == 32'd0 || ds_rd > vlane[vdata[4:0]]) ? vlane[vdata[4:0]] : ds_rd - 32'd1;
      4'd5:    ds_new = ($signed(vlane[vdata[4:0]]) < $signed(ds_rd)) ? vlane[vdata[4:0]] : ds_rd;
      4'd6:    ds_new = ($signed(vlane[vdata[4:0]]) > $signed(ds_rd)) ? vlane[vdata[4:0]] : ds_rd;
      4'd7:    ds_new = (vlane[vdata[4:0]] < ds_rd) ? vlane[vdata[4:0]] : ds_rd;
      4'd8:    ds_new = (vlane[vdata[4:0]] > ds_rd) ? vlane[vdata[4:0]] : ds_rd;
      4'd9:    ds_new = ds_rd & vlane[vdata[4:0]];
      4'd10:   ds_new = ds_rd | vlane[vdata[4:0]];
      default: ds_new = ds_rd ^ vlane[vdata[4:0]];
    endcase
  end

  // ---- SWITCH: the next runnable slot round-robin from cur+1; all at the barrier: released ----
  logic [NSLOT-1:0] runm, barm, candm;
  logic [2:0] pick;
  logic       pick_ok, release_bar;
  always_comb begin
    for (int j = 0; j < NSLOT; j++) begin
      runm[j] = 49'(j) < nwaves_q && stat_q[j] == W_RUN;
      barm[j] = 49'(j) < nwaves_q && stat_q[j] == W_BAR;
    end
    release_bar = runm == '0 && barm != '0;
    candm   = release_bar ? barm : runm;
    pick    = '0;
    pick_ok = 1'b0;
    for (int k = NSLOT; k >= 1; k--) begin
      if (candm[3'(32'(cur_q) + k)]) begin
        pick    = 3'(32'(cur_q) + k);
        pick_ok = 1'b1;
      end
    end
  end

  // ---- outputs ----
  logic req_fire, rsp_fire, ret_fire, eod_fire, regw_fire;
  always_comb begin
    memreq_valid_o = 1'b0;
    memreq_addr_o  = '0;
    memreq_we_o    = 1'b0;
    memreq_wdata_o = '0;
    memreq_be_o    = '0;
    if (st_q == S_FETCH || st_q == S_FETCH2) begin
      memreq_valid_o = 1'b1;
      memreq_addr_o  = (st_q == S_FETCH) ? pc_q : pc_q + 32'd4;
    end else if (st_q == S_SMEM && sreq_q < sn_q) begin
      memreq_valid_o = 1'b1;
      memreq_addr_o  = saddr_q + {25'd0, sreq_q, 2'b00};
    end else if (st_q == S_VMEM && vact && !mb_oob && !mb_skip) begin
      memreq_valid_o = 1'b1;
      memreq_addr_o  = mb_addr;
      if (mb_st) begin
        memreq_we_o    = 1'b1;
        memreq_wdata_o = tb ? tb_wd : mb_wd;
        memreq_be_o    = tb ? tb_be : mb_be;
      end
    end else if (st_q == S_VATW) begin
      memreq_valid_o = 1'b1;
      memreq_addr_o  = mb_addr;
      memreq_we_o    = 1'b1;
      memreq_wdata_o = aold_q + vlane[vdata[4:0]];
      memreq_be_o    = 4'hF;
    end
  end

  assign regw_ready_o   = st_q == S_IDLE;
  assign memrsp_ready_o = 1'b1;
  assign retire_valid_o = st_q == S_RETIRE;
  assign retire_wave_o  = gbase_q + {13'd0, cur_q};
  assign retire_pc_o    = pc_q;
  assign retire_inst_o  = w0_q;
  assign retire_lit_o   = two ? w1_q : 32'd0;
  assign retire_dst_o   = rdst_q;
  assign retire_val_o   = hash_q;
  assign retire_exec_o  = exec_q;
  assign retire_vcc_o   = vcc_q;
  assign retire_scc_o   = scc_q;
  assign retire_err_o   = rerr_q;
  assign eod_valid_o    = st_q == S_EOD;
  assign eod_waves_o    = wave_q;
  assign eod_errs_o     = errs_q;
  assign idle_o         = st_q == S_IDLE;

  assign req_fire  = memreq_valid_o && memreq_ready_i;
  assign rsp_fire  = memrsp_valid_i && memrsp_ready_o;
  assign ret_fire  = retire_valid_o && retire_ready_i;
  assign eod_fire  = eod_valid_o && eod_ready_i;
  assign regw_fire = regw_valid_i && regw_ready_o;
  assign reg_we    = regw_fire;

  // ---- the wave's start values ----
  logic [4:0]  nu;
  logic [1:0]  tc;
  logic [48:0] nth_prod;
  assign nu       = (rsrc2_q[5:1] > 5'd16) ? 5'd16 : rsrc2_q[5:1];
  assign tc       = rsrc2_q[12:11];
  assign nth_prod = 49'(nth_q[0]) * 49'(nth_q[1]) * 49'(nth_q[2]);

  // verilator lint_off UNUSEDSIGNAL
  function automatic logic [31:0] sinit_val(input int i);
    logic [31:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [6:0] px, py, pz;
    px = {2'b0, nu};
    py = px + {6'd0, rsrc2_q[7]};
    pz = py + {6'd0, rsrc2_q[8]};
    if (7'(i) < {2'b0, nu}) begin
      res = user_q[i[3:0]];
    end else if (rsrc2_q[7] && 7'(i) == px) begin
      res = grp_q[0];
    end else if (rsrc2_q[8] && 7'(i) == py) begin
      res = grp_q[1];
    end else if (rsrc2_q[9] && 7'(i) == pz) begin
      res = grp_q[2];
    end else begin
      res = 32'd0;
    end
    return res;
  endfunction

  // verilator lint_on UNUSEDSIGNAL

  // bits of registers and operands no built feature reads
  logic unused;
  assign unused = ^{pgm_lo_q[31:24], rsrc1_q[31:18], rsrc1_q[15:0], rsrc2_q[31:13], rsrc2_q[10],
                    rsrc2_q[6], rsrc2_q[0], vrb[63:32], vrc[63:32], sm_base[63:32], vs1[30],
                    vs1[15:0], vs3[31:24], vs3[22:0], lsel[31:6]};

  // ---- next state ----
  logic        none;
  logic [63:0] mask_new;
  logic [31:0] hash_v;

  always_comb begin
    st_d       = st_q;
    for (int k = 0; k < 3; k++) begin
      grp_d[k] = grp_q[k];
      tid_d[k] = tid_q[k];
    end
    nthreads_d = nthreads_q;
    nwaves_d   = nwaves_q;
    tflat_d    = tflat_q;
    wave_d     = wave_q;
    gbase_d    = gbase_q;
    cur_d      = cur_q;
    for (int k = 0; k < NSLOT; k++) begin
      stat_d[k] = stat_q[k];
    end
    bar_d      = bar_q;
    save       = 1'b0;
    lds_clr    = 1'b0;
    lds_we     = 1'b0;
    lds_wa     = '0;
    lds_wd     = '0;
    lds_we2    = 1'b0;
    lds_wa2    = '0;
    lds_wd2    = '0;
    aold_d     = aold_q;
    mk_d       = mk_q;
    tc_d       = tc_q;
    for (int k = 0; k < 4; k++) begin
      tb_d[k] = tb_q[k];
    end
    errs_d     = errs_q;
    m0_d       = m0_q;
    vcc_d      = vcc_q;
    exec_d     = exec_q;
    mask_d     = mask_q;
    scc_d      = scc_q;
    pc_d       = pc_q;
    w0_d       = w0_q;
    w1_d       = w1_q;
    saddr_d    = saddr_q;
    hash_d     = hash_q;
    npc_d      = npc_q;
    lane_d     = lane_q;
    sn_d       = sn_q;
    sreq_d     = sreq_q;
    srsp_d     = srsp_q;
    rdst_d     = rdst_q;
    rerr_d     = rerr_q;
    end_d      = end_q;
    swe_a      = 1'b0;
    swa_a      = '0;
    swd_a      = '0;
    swe_b      = 1'b0;
    swa_b      = '0;
    swd_b      = '0;
    sinit      = 1'b0;
    vwe_a      = 1'b0;
    vwa_a      = '0;
    vwd_a      = '0;
    vwe_b      = 1'b0;
    vwa_b      = '0;
    vwd_b      = '0;
    vclr       = 1'b0;
    none       = 1'b0;
    mask_new   = mask_q;
    hash_v     = hash_q;

    case (st_q)
      S_IDLE: begin
        if (regw_fire && regw_addr_i == 20'hB800 && regw_data_i[0]) begin
          wave_d     = '0;
          errs_d     = '0;
          nthreads_d = nth_prod;
          nwaves_d   = (nth_prod + 49'd63) >> 6;
          none       = nth_prod == 49'd0;
          if (((nth_prod + 49'd63) >> 6) > 49'(NSLOT)) begin
            none   = 1'b1;
            errs_d = 16'd1;
          end
          for (int k = 0; k < 3; k++) begin
            grp_d[k] = start_q[k];
            if (dim_q[k] <= start_q[k]) begin
              none = 1'b1;
            end
          end
          if (none) begin
            st_d = S_EOD;
          end else begin
            tflat_d  = '0;
            tid_d[0] = '0;
            tid_d[1] = '0;
            tid_d[2] = '0;
            lane_d   = '0;
            cur_d    = '0;
            gbase_d  = '0;
            lds_clr  = 1'b1;
            st_d     = S_WINIT;
          end
        end
      end

      S_WINIT: begin
        vclr = 1'b1;
        if (lane_q == 6'd0) begin
          sinit  = 1'b1;
          vcc_d  = '0;
          m0_d   = '0;
          scc_d  = 1'b0;
          pc_d   = {pgm_lo_q[23:0], 8'd0};
          exec_d = {63'd0, tflat_q < nthreads_q};
        end else begin
          exec_d = exec_q | ({63'd0, tflat_q < nthreads_q} << lane_q);
        end
        tflat_d = tflat_q + 49'd1;
        if (tid_q[0] + 32'd1 == {16'd0, nth_q[0]}) begin
          tid_d[0] = '0;
          if (tid_q[1] + 32'd1 == {16'd0, nth_q[1]}) begin
            tid_d[1] = '0;
            tid_d[2] = tid_q[2] + 32'd1;
          end else begin
            tid_d[1] = tid_q[1] + 32'd1;
          end
        end else begin
          tid_d[0] = tid_q[0] + 32'd1;
        end
        if (lane_q == 6'd63) begin
          stat_d[cur_q] = W_RUN;
          if (49'(cur_q) + 49'd1 < nwaves_q) begin
            save   = 1'b1;
            cur_d  = cur_q + 3'd1;
            lane_d = '0;
          end else begin
            st_d = S_SWITCH;
          end
        end else begin
          lane_d = lane_q + 6'd1;
        end
      end

      S_FETCH: begin
        if (req_fire) begin
          st_d = S_FWAIT;
        end
      end

      S_FWAIT: begin
        if (rsp_fire) begin
          w0_d = memrsp_data_i;
          w1_d = '0;
          // the second dword: VOP3, MUBUF, or a literal (the decoder's two_o on the new word)
          st_d = S_EXEC;
          if (memrsp_data_i[31:26] == 6'h34 || memrsp_data_i[31:26] == 6'h38 || memrsp_data_i[31:26] == 6'h3A ||
              memrsp_data_i[31:26] == 6'h36) begin
            st_d = S_FETCH2;
          end else if (memrsp_data_i[31:23] == 9'h17D) begin
            st_d = (memrsp_data_i[7:0] == 8'd255) ? S_FETCH2 : S_EXEC;
          end else if (memrsp_data_i[31:23] == 9'h17E) begin
            st_d = (memrsp_data_i[7:0] == 8'd255 || memrsp_data_i[15:8] == 8'd255) ? S_FETCH2 : S_EXEC;
          end else if (memrsp_data_i[31:23] == 9'h17F || memrsp_data_i[31:28] == 4'hB) begin
            st_d = S_EXEC;
          end else if (memrsp_data_i[31:30] == 2'd2) begin
            st_d = (memrsp_data_i[7:0] == 8'd255 || memrsp_data_i[15:8] == 8'd255) ? S_FETCH2 : S_EXEC;
          end else if (memrsp_data_i[31:27] == 5'h18) begin
            st_d = S_EXEC;
          end else if (memrsp_data_i[31:25] == 7'h3F || memrsp_data_i[31:25] == 7'h3E) begin
            st_d = (memrsp_data_i[8:0] == 9'd255) ? S_FETCH2 : S_EXEC;
          end else if (!memrsp_data_i[31]) begin
            st_d = (memrsp_data_i[8:0] == 9'd255 || memrsp_data_i[30:25] == 6'd32 ||
                    memrsp_data_i[30:25] == 6'd33) ? S_FETCH2 : S_EXEC;
          end else begin
            st_d = S_EXEC;
          end
        end
      end

      S_FETCH2: begin
        if (req_fire) begin
          st_d = S_FWAIT2;
        end
      end

      S_FWAIT2: begin
        if (rsp_fire) begin
          w1_d = memrsp_data_i;
          st_d = S_EXEC;
        end
      end

      S_EXEC: begin
        rerr_d = 1'b0;
        end_d  = 1'b0;
        bar_d  = 1'b0;
        npc_d  = pc_q + (two ? 32'd8 : 32'd4);
        rdst_d = DST_NONE;
        hash_d = '0;
        st_d   = S_RETIRE;
        case (fmt)
          F_SOP2, F_SOPK, F_SOP1, F_SOPC: begin
            if (salu_fail) begin
              rerr_d = 1'b1;
              end_d  = 1'b1;
            end else begin
              if (salu_hasdst && salu_wd) begin
                swe_a  = 1'b1;
                swa_a  = {2'b0, sdst};
                swd_a  = salu_d[31:0];
                hash_d = salu_d[31:0];
                rdst_d = {3'b0, sdst};
                if (salu_d64) begin
                  swe_b  = 1'b1;
                  swa_b  = {2'b0, sdst} + 9'd1;
                  swd_b  = salu_d[63:32];
                  hash_d = hmix(salu_d[31:0], salu_d[63:32]);
                end
              end else if (!salu_hasdst) begin
                rdst_d = 10'd253;
                hash_d = {31'd0, salu_scc};
              end
              if (salu_wscc) begin
                scc_d = salu_scc;
              end
            end
          end
          F_SOPP: begin
            case (op)
              9'd0, 9'd12: npc_d = pc_q + 32'd4;
              9'd10: bar_d = 1'b1;
              9'd1: end_d = 1'b1;
              9'd2: npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              9'd4: if (!scc_q) npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              9'd5: if (scc_q) npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              9'd6: if (vcc_q == 64'd0) npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              9'd7: if (vcc_q != 64'd0) npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              9'd8: if (exec_q == 64'd0) npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              9'd9: if (exec_q != 64'd0) npc_d = pc_q + 32'd4 + {{14{simm16[15]}}, simm16, 2'b00};
              default: begin
                rerr_d = 1'b1;
                end_d  = 1'b1;
              end
            endcase
          end
          F_SMRD: begin
            if (smrd_fail) begin
              rerr_d = 1'b1;
              end_d  = 1'b1;
            end else begin
              saddr_d = (sm_base[31:0] + sm_off) & 32'hFFFFFFFC;
              sn_d    = sm_n;
              sreq_d  = '0;
              srsp_d  = '0;
              rdst_d  = {3'b0, sdst};
              st_d    = S_SMEM;
            end
          end
          F_VOP1, F_VOP2, F_VOPC, F_VOP3: begin
            if (valu_fail) begin
              rerr_d = 1'b1;
              end_d  = 1'b1;
            end else begin
              lane_d = '0;
              mask_d = '0;
              rdst_d = attr[A_WV] ? {2'b01, vdst} : attr[A_CMP] ? {2'b00, sdst3} :
                       (rfl || rdl) ? {2'b00, vdst} : wrl ? {2'b01, vdst} : DST_NONE;
              st_d   = S_VALU;
            end
          end
          F_MUBUF: begin
            if (mubuf_fail) begin
              rerr_d = 1'b1;
              end_d  = 1'b1;
            end else begin
              lane_d = '0;
              rdst_d = (mb_ld || (mb_atm && mb_glc)) ? {2'b01, vdata} : DST_NONE;
              mk_d   = '0;
              st_d   = S_VMEM;
            end
          end
          F_MTBUF: begin
            if (mtbuf_fail) begin
              rerr_d = 1'b1;
              end_d  = 1'b1;
            end else begin
              lane_d = '0;
              rdst_d = tb_st ? DST_NONE : {2'b01, vdata};
              mk_d   = '0;
              st_d   = S_VMEM;
            end
          end
          F_DS: begin
            if (ds_fail) begin
              rerr_d = 1'b1;
              end_d  = 1'b1;
            end else begin
              lane_d = '0;
              rdst_d = (ds_rdop || ds_rsub || ds_r64) ? {2'b01, dvdst} : DST_NONE;
              st_d   = S_DS;
            end
          end
          default: begin
            rerr_d = 1'b1;
            end_d  = 1'b1;
          end
        endcase
      end

      S_DS: begin
        if (vact && (ds_w2 || ds_r2)) begin
          if (ds_w2) begin
            lds_we  = ds_in0;
            lds_wa  = ds_a0[13:2];
            lds_wd  = vlane[vdata[4:0]];
            lds_we2 = ds_in1;
            lds_wa2 = ds_a1[13:2];
            lds_wd2 = vlane[ddata1[4:0]];
            hash_d  = ds_in1 ? hmix(ds_in0 ? hmix(hash_q, vlane[vdata[4:0]]) : hash_q, vlane[ddata1[4:0]])
                             : (ds_in0 ? hmix(hash_q, vlane[vdata[4:0]]) : hash_q);
          end else begin
            vwe_a  = 1'b1;
            vwa_a  = {dvdst[4:0], lane_q};
            vwd_a  = ds_rd0;
            vwe_b  = 1'b1;
            vwa_b  = {dvdst[4:0] + 5'd1, lane_q};
            vwd_b  = ds_rd1;
            hash_d = hmix(hmix(hash_q, ds_rd0), ds_rd1);
          end
        end else if (vact && ds_wsub) begin
          if (ds_in) begin
            lds_we = 1'b1;
            lds_wa = ds_a[13:2];
            lds_wd = ds_merge;
            hash_d = hmix(hash_q, ds_sv);
          end
        end else if (vact && ds_rsub) begin
          vwe_a  = 1'b1;
          vwa_a  = {dvdst[4:0], lane_q};
          vwd_a  = ds_sub;
          hash_d = hmix(hash_q, ds_sub);
        end else if (vact && ds_w64) begin
          lds_we  = ds_in;
          lds_wa  = ds_a[13:2];
          lds_wd  = vlane[vdata[4:0]];
          lds_we2 = ds_in4;
          lds_wa2 = ds_a4[13:2];
          lds_wd2 = vlane[vdata[4:0] + 5'd1];
          hash_d  = ds_in4 ? hmix(ds_in ? hmix(hash_q, vlane[vdata[4:0]]) : hash_q, vlane[vdata[4:0] + 5'd1])
                           : (ds_in ? hmix(hash_q, vlane[vdata[4:0]]) : hash_q);
        end else if (vact && ds_r64) begin
          vwe_a  = 1'b1;
          vwa_a  = {dvdst[4:0], lane_q};
          vwd_a  = ds_rd;
          vwe_b  = 1'b1;
          vwa_b  = {dvdst[4:0] + 5'd1, lane_q};
          vwd_b  = ds_rd4;
          hash_d = hmix(hmix(hash_q, ds_rd), ds_rd4);
        end else if (vact && (ds_atom || ds_artn)) begin
          if (ds_in) begin
            lds_we = 1'b1;
            lds_wa = ds_a[13:2];
            lds_wd = ds_new;
          end
          if (ds_artn) begin
            vwe_a  = 1'b1;
            vwa_a  = {dvdst[4:0], lane_q};
            vwd_a  = ds_rd;
            hash_d = hmix(hash_q, ds_rd);
          end else if (ds_in) begin
            hash_d = hmix(hash_q, ds_new);
          end
        end else if (vact) begin
          if (op == 9'd13) begin
            if (ds_in) begin
              lds_we = 1'b1;
              lds_wa = ds_a[13:2];
              lds_wd = vlane[vdata[4:0]];
              hash_d = hmix(hash_q, vlane[vdata[4:0]]);
            end
          end else begin
            vwe_a  = 1'b1;
            vwa_a  = {dvdst[4:0], lane_q};
            vwd_a  = ds_rd;
            hash_d = hmix(hash_q, ds_rd);
          end
        end
        st_d   = (lane_q == 6'd63) ? S_RETIRE : S_DS;
        lane_d = lane_q + 6'd1;
      end

      S_SWITCH: begin
        save = 1'b1;
        if (release_bar) begin
          for (int j = 0; j < NSLOT; j++) begin
            if (barm[j]) begin
              stat_d[j] = W_RUN;
            end
          end
        end
        if (pick_ok) begin
          cur_d  = pick;
          pc_d   = (pick == cur_q) ? pc_q : pc_s[pick];
          exec_d = (pick == cur_q) ? exec_q : exec_s[pick];
          vcc_d  = (pick == cur_q) ? vcc_q : vcc_s[pick];
          m0_d   = (pick == cur_q) ? m0_q : m0_s[pick];
          scc_d  = (pick == cur_q) ? scc_q : scc_s[pick];
          st_d   = S_FETCH;
        end else begin
          st_d = S_WNEXT;
        end
      end

      S_SMEM: begin
        if (req_fire) begin
          sreq_d = sreq_q + 5'd1;
        end
        if (rsp_fire) begin
          swe_a  = 1'b1;
          swa_a  = {2'b0, sdst} + {4'd0, srsp_q};
          swd_a  = memrsp_data_i;
          hash_d = hmix(hash_q, memrsp_data_i);
          srsp_d = srsp_q + 5'd1;
          if (srsp_q + 5'd1 == sn_q) begin
            st_d = S_RETIRE;
          end
        end
      end

      S_VALU: begin
        hash_v = hash_q;
        if (vact && attr[A_WV]) begin
          vwe_a  = 1'b1;
          vwa_a  = {vdst[4:0], lane_q};
          vwd_a  = vr[31:0];
          hash_v = hmix(hash_v, vr[31:0]);
          if (attr[A_D64]) begin
            vwe_b  = 1'b1;
            vwa_b  = {vdst[4:0] + 5'd1, lane_q};
            vwd_b  = vr[63:32];
            hash_v = hmix(hash_v, vr[63:32]);
          end
        end
        mask_new = mask_q | ({63'd0, vact && vbit} << lane_q);
        mask_d   = mask_new;
        hash_d   = hash_v;
        if (rfl && lane_q == rfl_lane) begin
          mask_d = {32'd0, vr[31:0]};
        end
        if (rdl && lsel_hit) begin
          mask_d = {32'd0, vlane[src0[4:0]]};
        end
        if (wrl && lsel_hit) begin
          vwe_a  = 1'b1;
          vwa_a  = {vdst[4:0], lane_q};
          vwd_a  = va[31:0];
          hash_d = hmix(32'd0, va[31:0]);
        end
        if (rdl && lane_q == 6'd63) begin
          swe_a  = 1'b1;
          swa_a  = {1'b0, vdst};
          swd_a  = lsel_hit ? vlane[src0[4:0]] : mask_q[31:0];
          hash_d = hmix(32'd0, lsel_hit ? vlane[src0[4:0]] : mask_q[31:0]);
        end
        if (rfl && lane_q == 6'd63) begin
          swe_a  = 1'b1;
          swa_a  = {1'b0, vdst};
          swd_a  = (rfl_lane == 6'd63) ? vr[31:0] : mask_q[31:0];
          hash_d = hmix(32'd0, (rfl_lane == 6'd63) ? vr[31:0] : mask_q[31:0]);
        end
        if (lane_q == 6'd63) begin
          if (attr[A_CMP] || attr[A_CO]) begin
            swe_a  = 1'b1;
            swa_a  = {1'b0, sdst3};
            swd_a  = mask_new[31:0];
            swe_b  = 1'b1;
            swa_b  = {1'b0, sdst3} + 9'd1;
            swd_b  = mask_new[63:32];
            hash_d = hmix(hmix(hash_v, mask_new[31:0]), mask_new[63:32]);
          end
          st_d = S_RETIRE;
        end else begin
          lane_d = lane_q + 6'd1;
        end
      end

      S_VMEM: begin
        if (!vact) begin
          st_d = (lane_q == 6'd63) ? S_RETIRE : S_VMEM;
          lane_d = lane_q + 6'd1;
        end else if (mb_st) begin
          if (req_fire) begin
            hash_d = hmix(hash_q, tb ? tb_wd : vlane[mb_vd]);
          end
          if (mb_oob || mb_skip || req_fire) begin
            if (mb_last) begin
              mk_d   = '0;
              st_d   = (lane_q == 6'd63) ? S_RETIRE : S_VMEM;
              lane_d = lane_q + 6'd1;
            end else begin
              mk_d = mk_q + 2'd1;
            end
          end
        end else if (mb_oob) begin
          if (tb) begin
            tb_d[mk_q] = '0;
          end else if (mb_ld || mb_glc) begin
            vwe_a  = 1'b1;
            vwa_a  = {mb_vd, lane_q};
            vwd_a  = '0;
            hash_d = hmix(hash_q, 32'd0);
          end
          if (mb_last && tb) begin
            mk_d = '0;
            tc_d = '0;
            st_d = S_TCVT;
          end else if (mb_last) begin
            mk_d   = '0;
            st_d   = (lane_q == 6'd63) ? S_RETIRE : S_VMEM;
            lane_d = lane_q + 6'd1;
          end else begin
            mk_d = mk_q + 2'd1;
          end
        end else if (req_fire) begin
          st_d = S_VWAIT;
        end
      end

      S_VWAIT: begin
        if (rsp_fire && mb_atm) begin
          aold_d = memrsp_data_i;
          st_d   = S_VATW;
        end else if (rsp_fire && tb) begin
          tb_d[mk_q] = mb_ext;
          if (mb_last) begin
            mk_d = '0;
            tc_d = '0;
            st_d = S_TCVT;
          end else begin
            mk_d = mk_q + 2'd1;
            st_d = S_VMEM;
          end
        end else if (rsp_fire) begin
          vwe_a  = 1'b1;
          vwa_a  = {mb_vd, lane_q};
          vwd_a  = mb_ext;
          hash_d = hmix(hash_q, mb_ext);
          if (mb_last) begin
            mk_d   = '0;
            st_d   = (lane_q == 6'd63) ? S_RETIRE : S_VMEM;
            lane_d = lane_q + 6'd1;
          end else begin
            mk_d = mk_q + 2'd1;
            st_d = S_VMEM;
          end
        end
      end

      S_TCVT: begin
        vwe_a  = 1'b1;
        vwa_a  = {vdata[4:0] + {3'd0, tc_q}, lane_q};
        vwd_a  = tb_cv;
        hash_d = hmix(hash_q, tb_cv);
        if (tc_q < op[1:0]) begin
          tc_d = tc_q + 2'd1;
        end else begin
          st_d   = (lane_q == 6'd63) ? S_RETIRE : S_VMEM;
          lane_d = lane_q + 6'd1;
        end
      end

      S_VATW: begin
        if (req_fire) begin
          if (mb_glc) begin
            vwe_a  = 1'b1;
            vwa_a  = {vdata[4:0], lane_q};
            vwd_a  = aold_q;
            hash_d = hmix(hash_q, aold_q);
          end else begin
            hash_d = hmix(hash_q, aold_q + vlane[vdata[4:0]]);
          end
          st_d   = (lane_q == 6'd63) ? S_RETIRE : S_VMEM;
          lane_d = lane_q + 6'd1;
        end
      end

      S_RETIRE: begin
        if (ret_fire) begin
          pc_d = npc_q;
          if (end_q) begin
            wave_d        = wave_q + 16'd1;
            errs_d        = errs_q + {15'd0, rerr_q};
            stat_d[cur_q] = W_DONE;
            st_d          = S_SWITCH;
          end else if (bar_q) begin
            stat_d[cur_q] = W_BAR;
            st_d          = S_SWITCH;
          end else begin
            st_d = S_FETCH;
          end
        end
      end

      S_WNEXT: begin
        lane_d   = '0;
        tflat_d  = '0;
        tid_d[0] = '0;
        tid_d[1] = '0;
        tid_d[2] = '0;
        cur_d    = '0;
        gbase_d  = wave_q;
        lds_clr  = 1'b1;
        st_d     = S_WINIT;
        if (grp_q[0] + 32'd1 < dim_q[0]) begin
          grp_d[0] = grp_q[0] + 32'd1;
        end else if (grp_q[1] + 32'd1 < dim_q[1]) begin
          grp_d[0] = start_q[0];
          grp_d[1] = grp_q[1] + 32'd1;
        end else if (grp_q[2] + 32'd1 < dim_q[2]) begin
          grp_d[0] = start_q[0];
          grp_d[1] = start_q[1];
          grp_d[2] = grp_q[2] + 32'd1;
        end else begin
          grp_d[0] = start_q[0];
          grp_d[1] = start_q[1];
          grp_d[2] = start_q[2];
          st_d     = S_EOD;
        end
      end

      S_EOD: begin
        if (eod_fire) begin
          st_d = S_IDLE;
        end
      end

      default: st_d = S_IDLE;
    endcase

    // scalar writes to the special registers (the SGPR array is written below), then EXEC
    // from a saveexec and a v_cmpx, in the C model's order
    if (swe_a) begin
      case (swa_a)
        9'd106:  vcc_d[31:0]   = swd_a;
        9'd107:  vcc_d[63:32]  = swd_a;
        9'd124:  m0_d          = swd_a;
        9'd126:  exec_d[31:0]  = swd_a;
        9'd127:  exec_d[63:32] = swd_a;
        default: ;
      endcase
    end
    // the high half of a 64-bit write (dst + 1): VCC_HI or EXEC_HI; never VCC_LO, M0 or EXEC_LO,
    // since dst would then be 105, 123 or 125, which are not writable, and the instruction fails
    // (salu_fail, valu_fail) without writing (docs/blocks/si.cu.md §9, Coverage)
    if (swe_b) begin
      case (swa_b)
        9'd107:  vcc_d[63:32]  = swd_b;
        9'd127:  exec_d[63:32] = swd_b;
        default: ;
      endcase
    end
    if (st_q == S_EXEC && fmt <= F_SOPC && !salu_fail && salu_wexec) begin
      exec_d = salu_exec;
    end
    if (st_q == S_VALU && lane_q == 6'd63 && attr[A_CMPX]) begin
      exec_d = mask_new;
    end
  end

  // ---- flops ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q       <= S_IDLE;
      pgm_lo_q   <= '0;
      rsrc1_q    <= '0;
      rsrc2_q    <= '0;
      nthreads_q <= '0;
      nwaves_q   <= '0;
      tflat_q    <= '0;
      wave_q     <= '0;
      gbase_q    <= '0;
      cur_q      <= '0;
      bar_q      <= 1'b0;
      for (int k = 0; k < NSLOT; k++) begin
        stat_q[k] <= W_DONE;
      end
      errs_q     <= '0;
      m0_q       <= '0;
      vcc_q      <= '0;
      exec_q     <= '0;
      mask_q     <= '0;
      scc_q      <= 1'b0;
      pc_q       <= '0;
      w0_q       <= '0;
      w1_q       <= '0;
      saddr_q    <= '0;
      hash_q     <= '0;
      npc_q      <= '0;
      aold_q     <= '0;
      mk_q       <= '0;
      tc_q       <= '0;
      for (int k = 0; k < 4; k++) begin
        tb_q[k] <= '0;
      end
      lane_q     <= '0;
      sn_q       <= '0;
      sreq_q     <= '0;
      srsp_q     <= '0;
      rdst_q     <= '0;
      rerr_q     <= 1'b0;
      end_q      <= 1'b0;
      for (int k = 0; k < 3; k++) begin
        dim_q[k]   <= '0;
        start_q[k] <= '0;
        nth_q[k]   <= '0;
        grp_q[k]   <= '0;
        tid_q[k]   <= '0;
      end
      for (int k = 0; k < 16; k++) begin
        user_q[k] <= '0;
      end
    end else begin
      st_q       <= st_d;
      nthreads_q <= nthreads_d;
      nwaves_q   <= nwaves_d;
      tflat_q    <= tflat_d;
      wave_q     <= wave_d;
      gbase_q    <= gbase_d;
      cur_q      <= cur_d;
      bar_q      <= bar_d;
      for (int k = 0; k < NSLOT; k++) begin
        stat_q[k] <= stat_d[k];
      end
      errs_q     <= errs_d;
      m0_q       <= m0_d;
      vcc_q      <= vcc_d;
      exec_q     <= exec_d;
      mask_q     <= mask_d;
      scc_q      <= scc_d;
      pc_q       <= pc_d;
      w0_q       <= w0_d;
      w1_q       <= w1_d;
      saddr_q    <= saddr_d;
      hash_q     <= hash_d;
      npc_q      <= npc_d;
      aold_q     <= aold_d;
      mk_q       <= mk_d;
      tc_q       <= tc_d;
      for (int k = 0; k < 4; k++) begin
        tb_q[k] <= tb_d[k];
      end
      lane_q     <= lane_d;
      sn_q       <= sn_d;
      sreq_q     <= sreq_d;
      srsp_q     <= srsp_d;
      rdst_q     <= rdst_d;
      rerr_q     <= rerr_d;
      end_q      <= end_d;
      for (int k = 0; k < 3; k++) begin
        grp_q[k] <= grp_d[k];
        tid_q[k] <= tid_d[k];
      end
      // the COMPUTE_* registers
      if (reg_we) begin
        if (regw_addr_i >= 20'hB804 && regw_addr_i <= 20'hB80C) begin
          dim_q[2'(({12'd0, regw_addr_i} - 32'hB804) >> 2)] <= regw_data_i;
        end
        if (regw_addr_i >= 20'hB810 && regw_addr_i <= 20'hB818) begin
          start_q[2'(({12'd0, regw_addr_i} - 32'hB810) >> 2)] <= regw_data_i;
        end
        if (regw_addr_i >= 20'hB81C && regw_addr_i <= 20'hB824) begin
          nth_q[2'(({12'd0, regw_addr_i} - 32'hB81C) >> 2)] <= regw_data_i[15:0];
        end
        if (regw_addr_i == 20'hB830) begin
          pgm_lo_q <= regw_data_i;
        end
        if (regw_addr_i == 20'hB848) begin
          rsrc1_q <= regw_data_i;
        end
        if (regw_addr_i == 20'hB84C) begin
          rsrc2_q <= regw_data_i;
        end
        if (regw_addr_i >= 20'hB900 && regw_addr_i <= 20'hB93C && regw_addr_i[1:0] == 2'd0) begin
          user_q[regw_addr_i[5:2]] <= regw_data_i;
        end
      end
    end
  end

  // the register files: no reset (every wave's start clears and sets them)
  for (genvar i = 0; i < NSLOT * 104; i++) begin : g_sgpr
    localparam logic [2:0] SLOT = 3'(i / 104);
    localparam logic [8:0] IDX  = 9'(i % 104);
    always_ff @(posedge clk_i) begin
      if (cur_q == SLOT) begin
        if (sinit) begin
          sgpr_q[i] <= sinit_val(i % 104);
        end else if (swe_b && swa_b == IDX) begin
          sgpr_q[i] <= swd_b;
        end else if (swe_a && swa_a == IDX) begin
          sgpr_q[i] <= swd_a;
        end
      end
    end
  end

  // one array per slot and VGPR, 64 lanes each; reads are all at lane_q of slot cur_q
  logic [31:0] vall [NSLOT * 32];
  for (genvar r = 0; r < NSLOT * 32; r++) begin : g_vgpr
    localparam logic [2:0] SLOT = 3'(r / 32);
    localparam logic [4:0] REG  = 5'(r % 32);
    logic [31:0] mem [64];
    always_ff @(posedge clk_i) begin
      if (cur_q == SLOT) begin
        if (vclr) begin
          mem[lane_q] <= (REG == 5'd0) ? tid_q[0] : (REG == 5'd1 && tc >= 2'd1) ? tid_q[1] :
                         (REG == 5'd2 && tc >= 2'd2) ? tid_q[2] : 32'd0;
        end else if (vwe_b && vwa_b[10:6] == REG) begin
          mem[vwa_b[5:0]] <= vwd_b;
        end else if (vwe_a && vwa_a[10:6] == REG) begin
          mem[vwa_a[5:0]] <= vwd_a;
        end
      end
    end
    assign vall[r] = mem[lane_q];
  end
  for (genvar k = 0; k < 32; k++) begin : g_vlane
    assign vlane[k] = vall[{cur_q, 5'(k)}];
  end

  // the saved state of the slots (WINIT and SWITCH save the running wave's)
  always_ff @(posedge clk_i) begin
    if (save) begin
      pc_s[cur_q]   <= pc_q;
      m0_s[cur_q]   <= m0_q;
      exec_s[cur_q] <= (st_q == S_WINIT) ? exec_d : exec_q;   // WINIT: with lane 63's bit
      vcc_s[cur_q]  <= vcc_q;
      scc_s[cur_q]  <= scc_q;
    end
  end

  // the LDS
  always_ff @(posedge clk_i) begin
    if (lds_we) begin
      lds_q[lds_wa] <= lds_wd;
    end
    if (lds_we2) begin
      lds_q[lds_wa2] <= lds_wd2;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || lds_clr) begin
      ldsv_q <= '0;
    end else begin
      if (lds_we) begin
        ldsv_q[lds_wa] <= 1'b1;
      end
      if (lds_we2) begin
        ldsv_q[lds_wa2] <= 1'b1;
      end
    end
  end

endmodule
