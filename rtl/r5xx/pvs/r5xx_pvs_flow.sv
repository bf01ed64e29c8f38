// r5xx_pvs_flow: PVS flow control of r5xx.pvs (docs/blocks/r5xx.pvs.md, "Flow control"): the
// 16 JUMP / LOOP / JSR slots of VAP_PVS_FLOW_CNTL_OPC / _ADDRS_LW / _ADDRS_UW / _LOOP_INDEX, the
// 8-deep loop/subroutine stack, the loop index I0 and the executed-instruction count of the
// vertex.  next_o / end_o: what follows the instruction at pc_i (combinational); the stack, I0
// and the count move on step_i (the instruction's exe handshake) and clear on clear_i.  The C
// twin is model/r5xx/pvs/pvs_flow.c.
module r5xx_pvs_flow (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        we_i,
  input  logic [15:0] addr_i,
  input  logic [31:0] data_i,
  input  logic        clear_i,
  input  logic        step_i,
  input  logic [9:0]  pc_i,
  input  logic [9:0]  last_inst_i,
  output logic [9:0]  next_o,
  output logic        end_o,
  output logic [8:0]  i0_o
);
  localparam int Depth = 8;
  localparam logic [12:0] MaxExec = 13'd4096;

  // ---- registers ------------------------------------------------------------------------------------
  logic [31:0]  opc_q;
  logic [159:0] act_q, jmp_q, last_q, rtn_q;     // 16 x 10 bits
  logic [127:0] init_q, stepr_q;                 // 16 x 8 bits
  logic [15:0]  rep_q;
  logic [3:0]   wk, lk;
  logic [15:0]  loff;
  assign wk   = addr_i[6:3];                    // 0x2500 + 8k
  assign loff = addr_i - 16'h2290;              // 0x2290 + 4k
  assign lk   = loff[5:2];
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      opc_q   <= '0;
      act_q   <= '0;
      jmp_q   <= '0;
      last_q  <= '0;
      rtn_q   <= '0;
      init_q  <= '0;
      stepr_q <= '0;
      rep_q   <= '0;
    end else if (we_i) begin
      if (addr_i == 16'h22DC) opc_q <= data_i;
      if (addr_i >= 16'h2500 && addr_i <= 16'h257C && !addr_i[2]) begin
        act_q[10*wk +: 10] <= data_i[9:0];
        jmp_q[10*wk +: 10] <= data_i[25:16];
      end
      if (addr_i >= 16'h2500 && addr_i <= 16'h257C && addr_i[2]) begin
        last_q[10*wk +: 10] <= data_i[9:0];
        rtn_q[10*wk +: 10]  <= data_i[25:16];
      end
      if (addr_i >= 16'h2290 && addr_i <= 16'h22CC) begin
        init_q[8*lk +: 8]  <= data_i[7:0];
        stepr_q[8*lk +: 8] <= data_i[15:8];
        rep_q[lk]          <= data_i[31];
      end
    end
  end

  // ---- the stack, I0, the count ---------------------------------------------------------------------
  logic [3:0]  sp_q, sp_d;
  logic [7:0]  s_loop_q, s_loop_d;
  logic [63:0] s_cnt_q, s_cnt_d, s_step_q, s_step_d;
  logic [79:0] s_last_q, s_last_d, s_rtn_q, s_rtn_d;
  logic [71:0] s_saved_q, s_saved_d;
  logic [8:0]  i0_q, i0_d;
  logic [12:0] nexec_q, nexec_d;
  assign i0_o = i0_q;

  // the first slot whose activation address is pc
  logic       hit;
  logic [3:0] hk;
  always_comb begin
    hit = 1'b0;
    hk  = 4'd0;
    for (int k = 15; k >= 0; k--) begin
      if (opc_q[2*k +: 2] != 2'd0 && act_q[10*k +: 10] == pc_i) begin
        hit = 1'b1;
        hk  = k[3:0];
      end
    end
  end

  logic [2:0]  top;
  logic        at_end;
  logic [9:0]  pc1;
  logic [9:0]  i0_sum;
  assign top    = sp_q[2:0] - 3'd1;
  assign at_end = sp_q != 4'd0 && s_last_q[10*top +: 10] == pc_i;
  assign pc1    = pc_i + 10'd1;
  assign i0_sum = {i0_q[8], i0_q} + {{2{s_step_q[8*top + 7]}}, s_step_q[8*top +: 8]};

  always_comb begin
    logic [1:0] opc;
    logic       popped;
    logic [3:0] sp1;
    logic [9:0] nx;                   // next_o and end_o are written once, at the end: a default
    logic       en;                   // overridden on the outputs kept Icarus 11 at time 0 for ever
    sp_d      = sp_q;
    s_loop_d  = s_loop_q;
    s_cnt_d   = s_cnt_q;
    s_step_d  = s_step_q;
    s_last_d  = s_last_q;
    s_rtn_d   = s_rtn_q;
    s_saved_d = s_saved_q;
    i0_d      = i0_q;
    nexec_d   = nexec_q == MaxExec ? nexec_q : nexec_q + 13'd1;
    nx        = pc1;
    en        = 1'b0;
    popped    = 1'b0;
    sp1       = sp_q;
    opc       = opc_q[2*hk +: 2];
    if (nexec_d == MaxExec) begin
      en = 1'b1;                                              // decision 17
    end else if (at_end && !s_loop_q[top]) begin              // return from subroutine
      sp_d   = sp_q - 4'd1;
      nx = s_rtn_q[10*top +: 10];
    end else if (at_end && s_cnt_q[8*top +: 8] > 8'd1) begin  // the loop again
      s_cnt_d[8*top +: 8] = s_cnt_q[8*top +: 8] - 8'd1;
      i0_d   = $signed(i0_sum) < -10'sd256 ? 9'h100 : $signed(i0_sum) > 10'sd255 ? 9'h0FF : i0_sum[8:0];
      nx = s_rtn_q[10*top +: 10];
    end else begin
      if (at_end) begin                                       // the loop is done
        i0_d   = s_saved_q[9*top +: 9];
        popped = 1'b1;
      end
      if (popped) sp1 = sp_q - 4'd1;
      sp_d = sp1;
      if (hit && opc == 2'd1) begin                           // JUMP
        nx = jmp_q[10*hk +: 10];
      end else if (hit && sp1 != 4'd8) begin                  // LOOP, JSR (decision 18: not a ninth)
        sp_d = sp1 + 4'd1;
        s_loop_d[sp1[2:0]]           = opc == 2'd2;
        s_last_d[10*sp1[2:0] +: 10]  = last_q[10*hk +: 10];
        s_rtn_d[10*sp1[2:0] +: 10]   = rtn_q[10*hk +: 10];
        s_cnt_d[8*sp1[2:0] +: 8]     = jmp_q[10*hk +: 8];
        s_step_d[8*sp1[2:0] +: 8]    = stepr_q[8*hk +: 8];
        s_saved_d[9*sp1[2:0] +: 9]   = popped ? s_saved_q[9*top +: 9] : i0_q;
        if (opc == 2'd3) begin
          nx = jmp_q[10*hk +: 10];
        end else begin
          if (!rep_q[hk]) i0_d = {1'b0, init_q[8*hk +: 8]};
          nx = pc1;
        end
      end else begin
        en = pc_i == last_inst_i;
      end
    end
    next_o = nx;
    end_o  = en;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      sp_q      <= '0;
      s_loop_q  <= '0;
      s_cnt_q   <= '0;
      s_step_q  <= '0;
      s_last_q  <= '0;
      s_rtn_q   <= '0;
      s_saved_q <= '0;
      i0_q      <= '0;
      nexec_q   <= '0;
    end else if (step_i) begin
      sp_q      <= sp_d;
      s_loop_q  <= s_loop_d;
      s_cnt_q   <= s_cnt_d;
      s_step_q  <= s_step_d;
      s_last_q  <= s_last_d;
      s_rtn_q   <= s_rtn_d;
      s_saved_q <= s_saved_d;
      i0_q      <= i0_d;
      nexec_q   <= nexec_d;
    end
  end

  logic unused;
  assign unused = ^{addr_i[1:0], data_i[31:26], data_i[15:10], jmp_q[159:150], Depth[0], loff[15:6], loff[1:0]};
endmodule
