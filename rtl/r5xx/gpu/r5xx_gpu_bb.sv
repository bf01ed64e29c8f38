// r5xx_gpu_bb: the register backbone of r5xx.gpu (docs/blocks/r5xx.gpu.md, "Register backbone").
// Takes the CP's register writes in stream order and delivers each to the one block that owns its
// address (the routing table below, from the register database's blocks), with back-pressure:
// a write leaves the CP only in the cycle the `log` channel shows it, with its destination, once
// its destination has taken it (that cycle or earlier: dn_q).  The destination's valid does not
// wait for the log's ready, so an offer to the 2D or 3D engine is held until taken (the
// valid/ready rule, docs/ARCHITECTURE.md); unknown addresses are counted (unk_o).
// The CP/RBBM registers the chip acts on live here: SCRATCH_UMSK/ADDR/REG0-7 (write-back to
// memory through wb_*), WAIT_UNTIL (held until the engines it names are idle), ISYNC_CNTL
// (CPSCRATCH_IDLEGUI: scratch writes wait for idle engines).
module r5xx_gpu_bb (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        in_valid_i,
  output logic        in_ready_o,
  input  logic [15:0] in_addr_i,
  input  logic [31:0] in_data_i,

  output logic        log_valid_o,
  input  logic        log_ready_i,
  output logic [15:0] log_addr_o,
  output logic [31:0] log_data_o,
  output logic [2:0]  log_dst_o,

  output logic        g2_valid_o,
  input  logic        g2_ready_i,
  output logic [15:0] g2_addr_o,
  output logic [31:0] g2_data_o,

  output logic        g3_valid_o,
  input  logic        g3_ready_i,
  output logic [15:0] g3_addr_o,
  output logic [31:0] g3_data_o,

  input  logic        idle2d_i,
  input  logic        idle3d_i,

  output logic        wb_valid_o,
  input  logic        wb_ready_i,
  output logic [31:0] wb_addr_o,
  output logic [31:0] wb_data_o,

  output logic [15:0] unk_o,
  output logic        idle_o
);

  localparam logic [2:0] DstUnk = 3'd0, DstCp = 3'd1, DstRbbm = 3'd2, Dst2d = 3'd3, Dst3d = 3'd4;

  // ---- the routing table (docs/blocks/r5xx.gpu.md; checked against the database by gpu.route) ----
  function automatic logic [2:0] route(input logic [15:0] a);
    if ((a >= 16'h0700 && a <= 16'h07FF) || (a >= 16'h1000 && a <= 16'h13FF) ||
        (a >= 16'h15E0 && a <= 16'h15FF))
      return DstCp;
    if (a == 16'h0040 || a == 16'h0044 || a == 16'h00F0 || a == 16'h0E40 || a == 16'h1720 ||
        a == 16'h1724 || a == 16'h172C)
      return DstRbbm;
    if ((a >= 16'h1400 && a <= 16'h15DF) || (a >= 16'h1600 && a <= 16'h16FF) || a == 16'h170C ||
        a == 16'h1714 || (a >= 16'h17C0 && a <= 16'h17E3) || a == 16'h3428 || a == 16'h342C)
      return Dst2d;
    if ((a >= 16'h1D00 && a <= 16'h25FF) || (a >= 16'h4000 && a <= 16'h4FFF) || a >= 16'h9000 && a <= 16'hBFFF)
      return Dst3d;
    return DstUnk;
  endfunction

  logic [7:0]  umsk_q;
  logic [1:0]  swap_q;
  logic [26:0] saddr_q;
  logic [5:0]  isync_q;          // bits 4:0 are stored, not acted on (docs/blocks/r5xx.gpu.md)
  logic        wbp_q;
  logic        dn_q;             // the offered write reached its destination, the log not yet
  logic [31:0] wba_q, wbd_q;
  logic [15:0] unk_q;

  logic [2:0]  dst;
  logic        is_wait, is_scr, wait_ok, scr_ok, dest_ok, ok, fire;
  logic [31:0] swapped;

  assign dst     = route(in_addr_i);
  assign is_wait = (in_addr_i == 16'h1720);
  assign is_scr  = (in_addr_i >= 16'h15E0) && (in_addr_i <= 16'h15FC) && (in_addr_i[1:0] == 2'd0);
  assign wait_ok = (!(in_data_i[14] || in_data_i[16]) || idle2d_i) &&
                   (!(in_data_i[15] || in_data_i[17]) || idle3d_i);
  assign scr_ok  = !wbp_q && (!isync_q[5] || (idle2d_i && idle3d_i));

  always_comb begin
    unique case (dst)
      Dst2d:   dest_ok = g2_ready_i;
      Dst3d:   dest_ok = g3_ready_i;
      default: dest_ok = is_wait ? wait_ok : is_scr ? scr_ok : 1'b1;
    endcase
  end

  assign ok          = dn_q || dest_ok;
  assign log_valid_o = in_valid_i && ok;
  assign log_addr_o  = log_valid_o ? in_addr_i : 16'd0;
  assign log_data_o  = log_valid_o ? in_data_i : 32'd0;
  assign log_dst_o   = log_valid_o ? dst : 3'd0;
  assign in_ready_o  = ok && log_ready_i;
  assign fire        = in_valid_i && in_ready_o;

  assign g2_valid_o = in_valid_i && (dst == Dst2d) && !dn_q;
  assign g2_addr_o  = in_addr_i;
  assign g2_data_o  = in_data_i;
  assign g3_valid_o = in_valid_i && (dst == Dst3d) && !dn_q;
  assign g3_addr_o  = in_addr_i;
  assign g3_data_o  = in_data_i;

  // SCRATCH_UMSK.SCRATCH_SWAP: the CP's endian swap codes (docs/blocks/r5xx.cp.md)
  always_comb begin
    unique case (swap_q)
      2'd1:    swapped = {in_data_i[23:16], in_data_i[31:24], in_data_i[7:0], in_data_i[15:8]};
      2'd2:    swapped = {in_data_i[7:0], in_data_i[15:8], in_data_i[23:16], in_data_i[31:24]};
      2'd3:    swapped = {in_data_i[15:0], in_data_i[31:16]};
      default: swapped = in_data_i;
    endcase
  end

  assign wb_valid_o = wbp_q;
  assign wb_addr_o  = wbp_q ? wba_q : 32'd0;
  assign wb_data_o  = wbp_q ? wbd_q : 32'd0;
  assign unk_o      = unk_q;
  assign idle_o     = !wbp_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      umsk_q  <= '0;
      swap_q  <= '0;
      saddr_q <= '0;
      isync_q <= '0;
      wbp_q   <= 1'b0;
      dn_q    <= 1'b0;
      wba_q   <= '0;
      wbd_q   <= '0;
      unk_q   <= '0;
    end else begin
      if (wbp_q && wb_ready_i) wbp_q <= 1'b0;
      // delivered (the destination took it, or its condition held) while the log waits
      dn_q <= in_valid_i && ok && !log_ready_i;
      if (fire) begin
        if (in_addr_i == 16'h0770) begin
          umsk_q <= in_data_i[7:0];
          swap_q <= in_data_i[17:16];
        end
        if (in_addr_i == 16'h0774) saddr_q <= in_data_i[31:5];
        if (in_addr_i == 16'h1724) isync_q <= in_data_i[5:0];
        if (is_scr && umsk_q[in_addr_i[4:2]]) begin
          wbp_q <= 1'b1;
          wba_q <= {saddr_q, 5'd0} + {27'd0, in_addr_i[4:2], 2'd0};
          wbd_q <= swapped;
        end
        if (dst == DstUnk) unk_q <= unk_q + 16'd1;
      end
    end
  end

  logic unused;
  assign unused = ^{isync_q[4:0]};

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions"): every channel of the backbone holds
  // its offer (valid, and the payload) until taken; a delivered write stays offered ----
  logic        inw_q, logw_q, g2w_q, g3w_q, wbw_q;
  logic [47:0] inp_q;
  logic [50:0] logp_q;
  logic [63:0] wbp_pay_q;
  always_ff @(posedge clk_i) begin
    inw_q     <= rst_ni && in_valid_i && !in_ready_o;
    logw_q    <= rst_ni && log_valid_o && !log_ready_i;
    g2w_q     <= rst_ni && g2_valid_o && !g2_ready_i;
    g3w_q     <= rst_ni && g3_valid_o && !g3_ready_i;
    wbw_q     <= rst_ni && wb_valid_o && !wb_ready_i;
    inp_q     <= {in_addr_i, in_data_i};
    logp_q    <= {log_addr_o, log_data_o, log_dst_o};
    wbp_pay_q <= {wb_addr_o, wb_data_o};
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (inw_q && !in_valid_i) $error("%m: ASSERT InValidHeld: in valid dropped before ready");
      if (inw_q && in_valid_i && {in_addr_i, in_data_i} != inp_q)
        $error("%m: ASSERT InStable: in payload changed while waiting for ready");
      if (logw_q && !log_valid_o) $error("%m: ASSERT LogValidHeld: log valid dropped before ready");
      if (logw_q && log_valid_o && {log_addr_o, log_data_o, log_dst_o} != logp_q)
        $error("%m: ASSERT LogStable: log payload changed while waiting for ready");
      if (g2w_q && !g2_valid_o) $error("%m: ASSERT G2ValidHeld: g2 valid dropped before ready");
      if (g3w_q && !g3_valid_o) $error("%m: ASSERT G3ValidHeld: g3 valid dropped before ready");
      if (wbw_q && (!wb_valid_o || {wb_addr_o, wb_data_o} != wbp_pay_q))
        $error("%m: ASSERT WbHeld: scratch write-back withdrawn or changed before ready");
      if (dn_q && !in_valid_i) $error("%m: ASSERT DeliveredHeld: a delivered write withdrawn before the log took it");
      if (dst > Dst3d) $error("%m: ASSERT DstLegal: routing gave destination %0d", dst);
    end
  end
`endif
endmodule
