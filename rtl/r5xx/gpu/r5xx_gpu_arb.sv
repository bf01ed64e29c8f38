// r5xx_gpu_arb: the one memory port of r5xx.gpu shared by its requesters (docs/blocks/r5xx.gpu.md,
// "Memory").  Fixed priority, lowest port first: 0 the backbone's scratch write-back, 1 the CP
// (fetch, RPTR write-back), 2 the 2D engine, 3 the VAP's vertex fetch, 4 ZB (depth), 5 RB3D
// (colour), 6 the texture unit (texel reads, lowest).  The shared port carries dwords: RB3D's 64-bit request goes out as two dword beats,
// the low dword (addr & ~7, be[3:0]) then the high one (+4, be[7:4]).  RB3D's request is taken
// with its low beat (its ready is the low beat's acceptance); its high half waits in a holding
// register and goes out next, the port locked to it until memory accepts it.
// A read's port goes into a 64-entry tag queue when each beat is accepted; the in-order
// responses go to the port at its head; RB3D's response is the two beats' data, offered with the
// high one.  memrsp_ready is 1 (every requester always takes its response).
module r5xx_gpu_arb (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        r0_valid_i,      // scratch write-back (writes only)
  output logic        r0_ready_o,
  input  logic [31:0] r0_addr_i,
  input  logic [31:0] r0_wdata_i,

  input  logic        r1_valid_i,      // CP
  output logic        r1_ready_o,
  input  logic [31:0] r1_addr_i,
  input  logic        r1_we_i,
  input  logic [31:0] r1_wdata_i,
  input  logic [3:0]  r1_be_i,
  output logic        r1_rvalid_o,

  input  logic        r2_valid_i,      // 2D engine
  output logic        r2_ready_o,
  input  logic [31:0] r2_addr_i,
  input  logic        r2_we_i,
  input  logic [31:0] r2_wdata_i,
  input  logic [3:0]  r2_be_i,
  output logic        r2_rvalid_o,

  input  logic        r3_valid_i,      // VAP vertex fetch (reads only)
  output logic        r3_ready_o,
  input  logic [31:0] r3_addr_i,
  output logic        r3_rvalid_o,

  input  logic        r4_valid_i,      // ZB depth
  output logic        r4_ready_o,
  input  logic [31:0] r4_addr_i,
  input  logic        r4_we_i,
  input  logic [31:0] r4_wdata_i,
  input  logic [3:0]  r4_be_i,
  output logic        r4_rvalid_o,

  input  logic        r5_valid_i,      // RB3D colour (64-bit)
  output logic        r5_ready_o,
  input  logic [31:0] r5_addr_i,
  input  logic        r5_we_i,
  input  logic [63:0] r5_wdata_i,
  input  logic [7:0]  r5_be_i,
  output logic        r5_rvalid_o,
  output logic [63:0] r5_rdata_o,

  input  logic        r6_valid_i,      // TX texel reads (reads only)
  output logic        r6_ready_o,
  input  logic [31:0] r6_addr_i,
  output logic        r6_rvalid_o,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  output logic [2:0]  memreq_port_o,

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        idle_o
);

  logic [2:0]  tag_q [64];
  logic [5:0]  rd_q, wr_q;
  logic [6:0]  n_q;
  logic        hi_q, rhi_q;          // RB3D: high request beat held, high response beat next
  logic [31:0] ha_q, hd_q;           // RB3D: the held high beat's address and data
  logic        hwe_q;
  logic [3:0]  hbe_q;
  logic [31:0] lo_q;                 // RB3D: the low response beat's data
  logic        g0, g1, g2, g3, g4, g5, g6, push, pop;
  logic [2:0]  head;

  assign g5 = hi_q || (r5_valid_i && !r0_valid_i && !r1_valid_i && !r2_valid_i && !r3_valid_i &&
                       !r4_valid_i);
  assign g0 = !hi_q && r0_valid_i;
  assign g1 = !hi_q && r1_valid_i && !r0_valid_i;
  assign g2 = !hi_q && r2_valid_i && !r0_valid_i && !r1_valid_i;
  assign g3 = !hi_q && r3_valid_i && !r0_valid_i && !r1_valid_i && !r2_valid_i;
  assign g4 = !hi_q && r4_valid_i && !r0_valid_i && !r1_valid_i && !r2_valid_i && !r3_valid_i;
  assign g6 = !hi_q && r6_valid_i && !r0_valid_i && !r1_valid_i && !r2_valid_i && !r3_valid_i &&
              !r4_valid_i && !r5_valid_i;

  always_comb begin
    memreq_valid_o = g0 || g1 || g2 || g3 || g4 || g5 || g6;
    memreq_addr_o  = 32'd0;
    memreq_we_o    = 1'b0;
    memreq_wdata_o = 32'd0;
    memreq_be_o    = 4'd0;
    memreq_port_o  = 3'd0;
    if (g0) begin
      memreq_addr_o  = {r0_addr_i[31:2], 2'b00};
      memreq_we_o    = 1'b1;
      memreq_wdata_o = r0_wdata_i;
      memreq_be_o    = 4'hF;
      memreq_port_o  = 3'd0;
    end else if (g1) begin
      memreq_addr_o  = r1_addr_i;
      memreq_we_o    = r1_we_i;
      memreq_wdata_o = r1_wdata_i;
      memreq_be_o    = r1_be_i;
      memreq_port_o  = 3'd1;
    end else if (g2) begin
      memreq_addr_o  = r2_addr_i;
      memreq_we_o    = r2_we_i;
      memreq_wdata_o = r2_wdata_i;
      memreq_be_o    = r2_be_i;
      memreq_port_o  = 3'd2;
    end else if (g3) begin
      memreq_addr_o  = r3_addr_i;
      memreq_port_o  = 3'd3;
    end else if (g4) begin
      memreq_addr_o  = r4_addr_i;
      memreq_we_o    = r4_we_i;
      memreq_wdata_o = r4_wdata_i;
      memreq_be_o    = r4_be_i;
      memreq_port_o  = 3'd4;
    end else if (hi_q) begin
      memreq_addr_o  = ha_q;
      memreq_we_o    = hwe_q;
      memreq_wdata_o = hd_q;
      memreq_be_o    = hbe_q;
      memreq_port_o  = 3'd5;
    end else if (g5) begin
      memreq_addr_o  = {r5_addr_i[31:3], 3'b000};
      memreq_we_o    = r5_we_i;
      memreq_wdata_o = r5_we_i ? r5_wdata_i[31:0] : 32'd0;
      memreq_be_o    = r5_we_i ? r5_be_i[3:0] : 4'd0;
      memreq_port_o  = 3'd5;
    end else if (g6) begin
      memreq_addr_o  = r6_addr_i;
      memreq_port_o  = 3'd6;
    end
  end

  assign r0_ready_o     = memreq_ready_i && g0;
  assign r1_ready_o     = memreq_ready_i && g1;
  assign r2_ready_o     = memreq_ready_i && g2;
  assign r3_ready_o     = memreq_ready_i && g3;
  assign r4_ready_o     = memreq_ready_i && g4;
  assign r5_ready_o     = memreq_ready_i && g5 && !hi_q;
  assign r6_ready_o     = memreq_ready_i && g6;
  assign memrsp_ready_o = 1'b1;
  assign push           = memreq_valid_o && memreq_ready_i && !memreq_we_o;
  assign pop            = memrsp_valid_i && (n_q != 7'd0);
  assign head           = tag_q[rd_q];
  assign r1_rvalid_o    = pop && (head == 3'd1);
  assign r2_rvalid_o    = pop && (head == 3'd2);
  assign r3_rvalid_o    = pop && (head == 3'd3);
  assign r4_rvalid_o    = pop && (head == 3'd4);
  assign r5_rvalid_o    = pop && (head == 3'd5) && rhi_q;
  assign r5_rdata_o     = {memrsp_data_i, lo_q};
  assign r6_rvalid_o    = pop && (head == 3'd6);
  assign idle_o         = (n_q == 7'd0) && !hi_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q  <= '0;
      wr_q  <= '0;
      n_q   <= '0;
      hi_q  <= 1'b0;
      rhi_q <= 1'b0;
      lo_q  <= '0;
      ha_q  <= '0;
      hd_q  <= '0;
      hwe_q <= 1'b0;
      hbe_q <= '0;
      for (int i = 0; i < 64; i++) tag_q[i] <= '0;
    end else begin
      if (push) begin
        tag_q[wr_q] <= memreq_port_o;
        wr_q <= wr_q + 6'd1;
      end
      if (pop) rd_q <= rd_q + 6'd1;
      n_q <= n_q + {6'd0, push} - {6'd0, pop};
      if (r5_ready_o) begin
        hi_q  <= 1'b1;
        ha_q  <= {r5_addr_i[31:3], 3'b100};
        hwe_q <= r5_we_i;
        hd_q  <= r5_we_i ? r5_wdata_i[63:32] : 32'd0;
        hbe_q <= r5_we_i ? r5_be_i[7:4] : 4'd0;
      end else if (hi_q && memreq_ready_i) begin
        hi_q  <= 1'b0;
      end
      if (pop && head == 3'd5) begin
        rhi_q <= !rhi_q;
        if (!rhi_q) lo_q <= memrsp_data_i;
      end
    end
  end

  logic unused;
  assign unused = ^{r0_addr_i[1:0], r5_addr_i[2:0]};

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; docs/hardening.md "RTL assertions"): the read-tag queue.
  // ---------------------------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // TagQueueNoOverflow: at most 64 reads outstanding (the memory agent's latency bounds it).
      if (push && !pop && n_q == 7'd64) begin
        $error("%m: ASSERT TagQueueNoOverflow: a 65th read outstanding");
      end
      // TagQueueNoUnderflow: every response answers a read this arbiter sent.
      if (memrsp_valid_i && n_q == 7'd0) begin
        $error("%m: ASSERT TagQueueNoUnderflow: a memory response with no read outstanding");
      end
      // TagCountInRange / TagLegal: the count within the queue, the head a reading port (1..6:
      // CP, 2D, VAP, ZB, RB3D and TX; the scratch write-back, port 0, never reads).
      if (n_q > 7'd64) begin
        $error("%m: ASSERT TagCountInRange: %0d reads outstanding", n_q);
      end
      if (pop && (head == 3'd0 || head > 3'd6)) begin
        $error("%m: ASSERT TagLegal: response tagged for port %0d", head);
      end
    end
  end
`endif
endmodule
