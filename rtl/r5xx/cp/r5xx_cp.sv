// r5xx_cp: the R5xx command processor (docs/blocks/r5xx.cp.md, the contract this RTL follows; ports
// from cp.block).
//
// Fetches PM4 dwords from the ring buffer and two levels of indirect buffer over one memory port
// into a 4-entry fetch queue (FQ), parses them (r5xx_cp_parser) into register writes (`regw`),
// packet records (`pkt`) and Type-3 bodies (`body`), each behind a 2-entry output queue, and
// writes RPTR back to memory.  Ring registers come from the host channel (r5xx_cp_host).  Every
// output is a function of the state only.
module r5xx_cp (
  input  logic        clk_i,
  input  logic        rst_ni,

  // host writes to the CP's registers
  input  logic        host_valid_i,
  output logic        host_ready_o,
  input  logic [15:0] host_addr_i,
  input  logic [31:0] host_data_i,

  // command fetch and RPTR write-back
  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  // register writes on the backbone
  output logic        regw_valid_o,
  input  logic        regw_ready_i,
  output logic [15:0] regw_addr_o,
  output logic [31:0] regw_data_o,
  output logic [1:0]  regw_stream_o,

  // one record per packet header
  output logic        pkt_valid_o,
  input  logic        pkt_ready_i,
  output logic [1:0]  pkt_stream_o,
  output logic [1:0]  pkt_type_o,
  output logic [7:0]  pkt_opcode_o,
  output logic [13:0] pkt_count_o,
  output logic [22:0] pkt_ptr_o,
  output logic [2:0]  pkt_err_o,

  // Type-3 packet bodies
  output logic        body_valid_o,
  input  logic        body_ready_i,
  output logic [31:0] body_data_o,
  output logic        body_last_o,

  output logic        idle_o
);

  // Indirect-buffer registers, written by the command stream (000:7883-7917).
  localparam logic [15:0] CP_IB2_BASE  = 16'h0730;
  localparam logic [15:0] CP_IB2_BUFSZ = 16'h0734;
  localparam logic [15:0] CP_IB_BASE   = 16'h0738;
  localparam logic [15:0] CP_IB_BUFSZ  = 16'h073C;

  // Stream codes, as on the `stream` fields.
  localparam logic [1:0] STREAM_RING = 2'd0;
  localparam logic [1:0] STREAM_IB1  = 2'd1;
  localparam logic [1:0] STREAM_IB2  = 2'd2;

  localparam logic [3:0] FQ_DEPTH = 4'd4;

  localparam bit [31:0] PktW  = 2 + 2 + 8 + 14 + 23 + 3;
  localparam bit [31:0] RegwW = 16 + 32 + 2;
  localparam bit [31:0] BodyW = 32 + 1;

  assign host_ready_o   = 1'b1;
  assign memrsp_ready_o = 1'b1;

  // ---------------------------------------------------------------------------------------------
  // Host registers
  // ---------------------------------------------------------------------------------------------
  logic [31:0] rb_base;
  logic [31:0] rb_cntl;
  logic [31:0] rptr_addr;
  logic [22:0] wptr;
  logic        pw_pend;
  logic        rptr_reload;
  logic [22:0] rptr_reload_val;

  r5xx_cp_host u_host (
    .clk_i,
    .rst_ni,
    .host_valid_i,
    .host_addr_i,
    .host_data_i,
    .rb_base_o         (rb_base),
    .rb_cntl_o         (rb_cntl),
    .rptr_addr_o       (rptr_addr),
    .wptr_o            (wptr),
    .pw_pend_o         (pw_pend),
    .rptr_reload_o     (rptr_reload),
    .rptr_reload_val_o (rptr_reload_val)
  );

  // Ring geometry: n = clamp(RB_BUFSZ, 2, 22), 2^(n+1) dwords.
  logic [5:0]  rb_bufsz;
  logic [4:0]  rb_log2;      // n + 1, 3..23
  logic [22:0] ring_mask;
  logic [22:0] wptr_m;
  logic [1:0]  buf_swap;
  logic        wb_enable;
  logic [5:0]  rb_blksz;
  logic [4:0]  blk_log2;     // min(RB_BLKSZ, 21) + 1, 1..22
  logic [22:0] blk_mask;

  assign rb_bufsz  = rb_cntl[5:0];
  assign rb_log2   = (rb_bufsz < 6'd2)  ? 5'd3  :
                     (rb_bufsz > 6'd22) ? 5'd23 : (rb_bufsz[4:0] + 5'd1);
  assign ring_mask = ~(23'h7FFFFF << rb_log2);
  assign wptr_m    = wptr & ring_mask;
  assign buf_swap  = rb_cntl[17:16];
  assign wb_enable = !rb_cntl[27] && (rptr_addr[31:2] != 30'd0);
  assign rb_blksz  = rb_cntl[13:8];
  assign blk_log2  = (rb_blksz > 6'd21) ? 5'd22 : (rb_blksz[4:0] + 5'd1);
  assign blk_mask  = ~(23'h7FFFFF << blk_log2);

  // ---------------------------------------------------------------------------------------------
  // Stream state
  // ---------------------------------------------------------------------------------------------
  logic [1:0]  active_q, active_d;            // stream being fetched and parsed
  logic        ib2_from_ib1_q, ib2_from_ib1_d; // IB2's parent: 1 = IB1, 0 = ring
  logic [22:0] rptr_q, rptr_d;                // ring consume pointer (RPTR)
  logic [22:0] rfptr_q, rfptr_d;              // ring fetch pointer
  logic [31:0] ib1_base_reg_q, ib1_base_reg_d;  // CP_IB_BASE, CP_IB_BUFSZ as written
  logic [22:0] ib1_size_reg_q, ib1_size_reg_d;
  logic [31:0] ib2_base_reg_q, ib2_base_reg_d;  // CP_IB2_BASE, CP_IB2_BUFSZ as written
  logic [22:0] ib2_size_reg_q, ib2_size_reg_d;
  logic [31:0] ib1_base_q, ib1_base_d;          // IB1 as latched at its start
  logic [22:0] ib1_size_q, ib1_size_d;
  logic [22:0] ib1_fptr_q, ib1_fptr_d;
  logic [22:0] ib1_cons_q, ib1_cons_d;
  logic [31:0] ib2_base_q, ib2_base_d;          // IB2 as latched at its start
  logic [22:0] ib2_size_q, ib2_size_d;
  logic [22:0] ib2_fptr_q, ib2_fptr_d;
  logic [22:0] ib2_cons_q, ib2_cons_d;
  logic        arm_q, arm_d;                  // the current packet armed an IB start ...
  logic        arm_ib2_q, arm_ib2_d;          // ... of IB2 (1) or IB1 (0)
  logic [2:0]  inflight_q, inflight_d;        // reads accepted, response not yet back
  logic [2:0]  drop_q, drop_d;                // responses still to discard after a flush
  logic        wb_pend_q, wb_pend_d;          // RPTR write-back waiting for the port
  logic [22:0] wb_data_q, wb_data_d;

  // ---------------------------------------------------------------------------------------------
  // Fetch queue and output queues
  // ---------------------------------------------------------------------------------------------
  logic        fq_flush;
  logic        fq_push;
  logic [31:0] fq_wdata;
  logic [31:0] fq_head;
  logic        fq_empty;
  logic [2:0]  fq_count;

  logic        consume;

  r5xx_cp_swap u_rsp_swap (
    .mode_i (buf_swap),
    .data_i (memrsp_data_i),
    .data_o (fq_wdata)
  );

  prim_fifo #(
    .Width (32),
    .Depth (4)
  ) u_fq (
    .clk_i,
    .rst_ni,
    .flush_i (fq_flush),
    .push_i  (fq_push),
    .wdata_i (fq_wdata),
    .pop_i   (consume),
    .rdata_o (fq_head),
    .empty_o (fq_empty),
    .count_o (fq_count)
  );

  logic             pkt_push;
  logic [PktW-1:0]  pkt_wdata, pkt_rdata;
  logic             pkt_empty;
  logic [1:0]       pkt_count;
  logic             regw_push;
  logic [RegwW-1:0] regw_wdata, regw_rdata;
  logic             regw_empty;
  logic [1:0]       regw_count;
  logic             body_push;
  logic [BodyW-1:0] body_wdata, body_rdata;
  logic             body_empty;
  logic [1:0]       body_count;

  prim_fifo #(
    .Width (PktW),
    .Depth (2)
  ) u_pkt_q (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (pkt_push),
    .wdata_i (pkt_wdata),
    .pop_i   (pkt_ready_i),
    .rdata_o (pkt_rdata),
    .empty_o (pkt_empty),
    .count_o (pkt_count)
  );

  prim_fifo #(
    .Width (RegwW),
    .Depth (2)
  ) u_regw_q (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (regw_push),
    .wdata_i (regw_wdata),
    .pop_i   (regw_ready_i),
    .rdata_o (regw_rdata),
    .empty_o (regw_empty),
    .count_o (regw_count)
  );

  prim_fifo #(
    .Width (BodyW),
    .Depth (2)
  ) u_body_q (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (body_push),
    .wdata_i (body_wdata),
    .pop_i   (body_ready_i),
    .rdata_o (body_rdata),
    .empty_o (body_empty),
    .count_o (body_count)
  );

  assign pkt_valid_o = !pkt_empty;
  assign {pkt_stream_o, pkt_type_o, pkt_opcode_o, pkt_count_o, pkt_ptr_o, pkt_err_o} = pkt_rdata;
  assign regw_valid_o = !regw_empty;
  assign {regw_addr_o, regw_data_o, regw_stream_o} = regw_rdata;
  assign body_valid_o = !body_empty;
  assign {body_data_o, body_last_o} = body_rdata;

  // ---------------------------------------------------------------------------------------------
  // Parser
  // ---------------------------------------------------------------------------------------------
  logic        exhausted;   // the active IB has been consumed to its end
  logic        restart;
  logic        in_ib;
  logic [22:0] cons;
  logic [22:0] size;
  logic        p_hdr, p_end;
  logic        p_pkt_push;
  logic [1:0]  p_pkt_type;
  logic [7:0]  p_pkt_opcode;
  logic [13:0] p_pkt_count;
  logic [2:0]  p_pkt_err;
  logic        p_regw_push;
  logic [15:0] p_regw_addr;
  logic [31:0] p_regw_data;
  logic        p_body_push;
  logic [31:0] p_body_data;
  logic        p_body_last;

  always_comb begin
    unique case (active_q)
      STREAM_IB1: begin
        in_ib = 1'b1;
        cons  = ib1_cons_q;
        size  = ib1_size_q;
      end
      STREAM_IB2: begin
        in_ib = 1'b1;
        cons  = ib2_cons_q;
        size  = ib2_size_q;
      end
      default: begin
        in_ib = 1'b0;
        cons  = rptr_q;
        size  = '0;
      end
    endcase
  end

  assign exhausted = in_ib && (cons == size);

  r5xx_cp_parser u_parser (
    .clk_i,
    .rst_ni,
    .hold_i       (exhausted),
    .restart_i    (restart),
    .head_valid_i (!fq_empty),
    .head_i       (fq_head),
    .in_ib_i      (in_ib),
    .cons_i       (cons),
    .size_i       (size),
    .pkt_full_i   (pkt_count == 2'd2),
    .regw_full_i  (regw_count == 2'd2),
    .body_full_i  (body_count == 2'd2),
    .pkt_empty_i  (pkt_count == 2'd0),
    .regw_empty_i (regw_count == 2'd0),
    .body_empty_i (body_count == 2'd0),
    .consume_o    (consume),
    .hdr_o        (p_hdr),
    .pkt_end_o    (p_end),
    .pkt_push_o   (p_pkt_push),
    .pkt_type_o   (p_pkt_type),
    .pkt_opcode_o (p_pkt_opcode),
    .pkt_count_o  (p_pkt_count),
    .pkt_err_o    (p_pkt_err),
    .regw_push_o  (p_regw_push),
    .regw_addr_o  (p_regw_addr),
    .regw_data_o  (p_regw_data),
    .body_push_o  (p_body_push),
    .body_data_o  (p_body_data),
    .body_last_o  (p_body_last)
  );

  // `ptr` of a record: ring RPTR at the header, or dwords consumed since the IB started.
  assign pkt_push   = p_pkt_push;
  assign pkt_wdata  = {active_q, p_pkt_type, p_pkt_opcode, p_pkt_count, cons, p_pkt_err};
  assign regw_push  = p_regw_push;
  assign regw_wdata = {p_regw_addr, p_regw_data, active_q};
  assign body_push  = p_body_push;
  assign body_wdata = {p_body_data, p_body_last};

  // ---------------------------------------------------------------------------------------------
  // Memory request: RPTR write-back first, else a one-dword read of the active stream
  // ---------------------------------------------------------------------------------------------
  logic        fetch_more;
  logic [31:0] fetch_base;
  logic [22:0] fetch_ptr;
  logic        rd_req, rd_acc, wr_acc;
  logic [31:0] wb_wdata;

  always_comb begin
    unique case (active_q)
      STREAM_IB1: begin
        fetch_more = (ib1_fptr_q != ib1_size_q);
        fetch_base = ib1_base_q;
        fetch_ptr  = ib1_fptr_q;
      end
      STREAM_IB2: begin
        fetch_more = (ib2_fptr_q != ib2_size_q);
        fetch_base = ib2_base_q;
        fetch_ptr  = ib2_fptr_q;
      end
      default: begin
        fetch_more = (rfptr_q != wptr_m);
        fetch_base = rb_base;
        fetch_ptr  = rfptr_q;
      end
    endcase
  end

  r5xx_cp_swap u_wb_swap (
    .mode_i (rptr_addr[1:0]),
    .data_i ({9'b0, wb_data_q}),
    .data_o (wb_wdata)
  );

  assign rd_req = !wb_pend_q && fetch_more && (({1'b0, inflight_q} + {1'b0, fq_count}) < FQ_DEPTH);
  assign rd_acc = rd_req && memreq_ready_i;
  assign wr_acc = wb_pend_q && memreq_ready_i;

  assign memreq_valid_o = wb_pend_q || rd_req;
  assign memreq_we_o    = wb_pend_q;
  assign memreq_addr_o  = wb_pend_q ? {rptr_addr[31:2], 2'b00} :
                          rd_req    ? (fetch_base + {7'b0, fetch_ptr, 2'b00}) : 32'h0;
  assign memreq_wdata_o = wb_pend_q ? wb_wdata : 32'h0;
  assign memreq_be_o    = wb_pend_q ? 4'hF : 4'h0;

  // ---------------------------------------------------------------------------------------------
  // Next state of the streams, the memory port and the FQ
  // ---------------------------------------------------------------------------------------------
  logic        ib_start;
  logic        arm_set, arm_set_ib2;
  logic        flush;
  logic [22:0] rptr_next;

  assign rptr_next = (rptr_q + 23'd1) & ring_mask;

  // A BUFSZ write with a non-zero size from a permitted stream arms an IB start at the end of
  // the packet (IB1 from the ring; IB2 from the ring or IB1).
  // Each assigned once (no default then override): Icarus 11 would see the override as a
  // glitch on this combinational path back into the parser and never settle.
  assign arm_set_ib2 = p_regw_push && (p_regw_data[22:0] != 23'd0) &&
                       (p_regw_addr == CP_IB2_BUFSZ) && (active_q != STREAM_IB2);
  assign arm_set     = arm_set_ib2 || (p_regw_push && (p_regw_data[22:0] != 23'd0) &&
                       (p_regw_addr == CP_IB_BUFSZ) && (active_q == STREAM_RING));

  assign ib_start = p_end && (arm_set || arm_q);

  always_comb begin
    active_d       = active_q;
    ib2_from_ib1_d = ib2_from_ib1_q;
    rptr_d         = rptr_q;
    rfptr_d        = rfptr_q;
    ib1_base_reg_d = ib1_base_reg_q;
    ib1_size_reg_d = ib1_size_reg_q;
    ib2_base_reg_d = ib2_base_reg_q;
    ib2_size_reg_d = ib2_size_reg_q;
    ib1_base_d     = ib1_base_q;
    ib1_size_d     = ib1_size_q;
    ib1_fptr_d     = ib1_fptr_q;
    ib1_cons_d     = ib1_cons_q;
    ib2_base_d     = ib2_base_q;
    ib2_size_d     = ib2_size_q;
    ib2_fptr_d     = ib2_fptr_q;
    ib2_cons_d     = ib2_cons_q;
    arm_d          = arm_q;
    arm_ib2_d      = arm_ib2_q;
    wb_pend_d      = wb_pend_q;
    wb_data_d      = wb_data_q;
    flush          = 1'b0;
    restart        = 1'b0;

    // The accepted read advances the active stream's fetch pointer.
    if (rd_acc) begin
      unique case (active_q)
        STREAM_IB1: ib1_fptr_d = ib1_fptr_q + 23'd1;
        STREAM_IB2: ib2_fptr_d = ib2_fptr_q + 23'd1;
        default:    rfptr_d    = (rfptr_q + 23'd1) & ring_mask;
      endcase
    end

    // An accepted write-back retires; a newer one raised at this edge (below) replaces it.
    if (wr_acc) begin
      wb_pend_d = 1'b0;
    end

    // The consumed dword advances the active stream's consume pointer.
    if (consume) begin
      unique case (active_q)
        STREAM_IB1: ib1_cons_d = ib1_cons_q + 23'd1;
        STREAM_IB2: ib2_cons_d = ib2_cons_q + 23'd1;
        default: begin
          rptr_d = rptr_next;
          if (wb_enable && (((rptr_next & blk_mask) == 23'd0) || (rptr_next == wptr_m))) begin
            wb_pend_d = 1'b1;
            wb_data_d = rptr_next;
          end
        end
      endcase
    end

    // Indirect-buffer registers written by the stream (a running IB keeps what it latched).
    if (p_regw_push) begin
      unique case (p_regw_addr)
        CP_IB_BASE:   ib1_base_reg_d = {p_regw_data[31:2], 2'b00};
        CP_IB_BUFSZ:  ib1_size_reg_d = p_regw_data[22:0];
        CP_IB2_BASE:  ib2_base_reg_d = {p_regw_data[31:2], 2'b00};
        CP_IB2_BUFSZ: ib2_size_reg_d = p_regw_data[22:0];
        default:      ;
      endcase
    end

    // The arm belongs to one packet: a header clears it, an arming write (re)sets it.
    if (p_hdr || p_end) begin
      arm_d = 1'b0;
    end
    if (arm_set && !p_end) begin
      arm_d     = 1'b1;
      arm_ib2_d = arm_set_ib2;
    end

    if (exhausted) begin
      // Return to the parent stream; nothing is consumed this edge.
      flush   = 1'b1;
      restart = 1'b1;
      if ((active_q == STREAM_IB2) && ib2_from_ib1_q) begin
        active_d   = STREAM_IB1;
        ib1_fptr_d = ib1_cons_q;
      end else begin
        active_d = STREAM_RING;
        rfptr_d  = rptr_q;
      end
    end else if (ib_start) begin
      flush = 1'b1;
      if (arm_set ? arm_set_ib2 : arm_ib2_q) begin
        active_d       = STREAM_IB2;
        ib2_from_ib1_d = (active_q == STREAM_IB1);
        ib2_base_d     = ib2_base_reg_d;
        ib2_size_d     = ib2_size_reg_d;
        ib2_fptr_d     = '0;
        ib2_cons_d     = '0;
      end else begin
        active_d   = STREAM_IB1;
        ib1_base_d = ib1_base_reg_d;
        ib1_size_d = ib1_size_reg_d;
        ib1_fptr_d = '0;
        ib1_cons_d = '0;
      end
    end

    // RPTR reload from CP_RB_RPTR_WR (within the ring), applied last.
    if (rptr_reload) begin
      rptr_d  = rptr_reload_val & ring_mask;
      rfptr_d = rptr_reload_val & ring_mask;
      if (active_d == STREAM_RING) begin
        flush   = 1'b1;
        restart = 1'b1;
        arm_d   = 1'b0;
      end
    end
  end

  // Reads in flight, responses to drop, and the FQ push.
  always_comb begin
    inflight_d = inflight_q;
    if (rd_acc) begin
      inflight_d = inflight_d + 3'd1;
    end
    if (memrsp_valid_i) begin
      inflight_d = inflight_d - 3'd1;
    end

    drop_d  = drop_q;
    fq_push = 1'b0;
    if (flush) begin
      drop_d = inflight_d;
    end else if (memrsp_valid_i) begin
      if (drop_q != 3'd0) begin
        drop_d = drop_q - 3'd1;
      end else begin
        fq_push = 1'b1;
      end
    end
  end

  assign fq_flush = flush;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      active_q       <= STREAM_RING;
      ib2_from_ib1_q <= 1'b0;
      rptr_q         <= '0;
      rfptr_q        <= '0;
      ib1_base_reg_q <= '0;
      ib1_size_reg_q <= '0;
      ib2_base_reg_q <= '0;
      ib2_size_reg_q <= '0;
      ib1_base_q     <= '0;
      ib1_size_q     <= '0;
      ib1_fptr_q     <= '0;
      ib1_cons_q     <= '0;
      ib2_base_q     <= '0;
      ib2_size_q     <= '0;
      ib2_fptr_q     <= '0;
      ib2_cons_q     <= '0;
      arm_q          <= 1'b0;
      arm_ib2_q      <= 1'b0;
      inflight_q     <= '0;
      drop_q         <= '0;
      wb_pend_q      <= 1'b0;
      wb_data_q      <= '0;
    end else begin
      active_q       <= active_d;
      ib2_from_ib1_q <= ib2_from_ib1_d;
      rptr_q         <= rptr_d;
      rfptr_q        <= rfptr_d;
      ib1_base_reg_q <= ib1_base_reg_d;
      ib1_size_reg_q <= ib1_size_reg_d;
      ib2_base_reg_q <= ib2_base_reg_d;
      ib2_size_reg_q <= ib2_size_reg_d;
      ib1_base_q     <= ib1_base_d;
      ib1_size_q     <= ib1_size_d;
      ib1_fptr_q     <= ib1_fptr_d;
      ib1_cons_q     <= ib1_cons_d;
      ib2_base_q     <= ib2_base_d;
      ib2_size_q     <= ib2_size_d;
      ib2_fptr_q     <= ib2_fptr_d;
      ib2_cons_q     <= ib2_cons_d;
      arm_q          <= arm_d;
      arm_ib2_q      <= arm_ib2_d;
      inflight_q     <= inflight_d;
      drop_q         <= drop_d;
      wb_pend_q      <= wb_pend_d;
      wb_data_q      <= wb_data_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Idle: ring active and empty, nothing fetched, in flight, pending or queued
  // ---------------------------------------------------------------------------------------------
  assign idle_o = (active_q == STREAM_RING) && (rptr_q == wptr_m) && fq_empty &&
                  (inflight_q == 3'd0) && !wb_pend_q && !pw_pend &&
                  pkt_empty && regw_empty && body_empty;

  logic unused_rb_cntl;
  assign unused_rb_cntl = ^{rb_cntl[31:28], rb_cntl[26:18], rb_cntl[15:14], rb_cntl[7:6]};

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; docs/hardening.md "RTL assertions").  The output channels regw,
  // pkt and body: once valid is offered and not taken, valid stays up and the payload stays as it
  // was until the handshake.  Not memreq: its request is recomputed from the state every cycle
  // (docs/blocks/r5xx.cp.md "Fetch"), so a write-back replaces a read the agent has not yet
  // taken; the agent takes whatever is offered at the handshake.  The fetch queue never holds
  // more than it has room for.
  // ---------------------------------------------------------------------------------------------
`ifndef SYNTHESIS
  logic        a_regw_wait_q, a_pkt_wait_q, a_body_wait_q;
  logic [RegwW-1:0] a_regw_q;
  logic [PktW-1:0]  a_pkt_q;
  logic [BodyW-1:0] a_body_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      a_regw_wait_q   <= 1'b0;
      a_pkt_wait_q    <= 1'b0;
      a_body_wait_q   <= 1'b0;
    end else begin
      if (a_regw_wait_q && !regw_valid_o) begin
        $error("%m: ASSERT RegwValidHeld: regw valid dropped before ready");
      end else if (a_regw_wait_q && a_regw_q != {regw_addr_o, regw_data_o, regw_stream_o}) begin
        $error("%m: ASSERT RegwStable: regw payload changed before ready");
      end
      if (a_pkt_wait_q && !pkt_valid_o) begin
        $error("%m: ASSERT PktValidHeld: pkt valid dropped before ready");
      end else if (a_pkt_wait_q && a_pkt_q != {pkt_stream_o, pkt_type_o, pkt_opcode_o, pkt_count_o,
                                               pkt_ptr_o, pkt_err_o}) begin
        $error("%m: ASSERT PktStable: pkt payload changed before ready");
      end
      if (a_body_wait_q && !body_valid_o) begin
        $error("%m: ASSERT BodyValidHeld: body valid dropped before ready");
      end else if (a_body_wait_q && a_body_q != {body_data_o, body_last_o}) begin
        $error("%m: ASSERT BodyStable: body payload changed before ready");
      end
      // FetchRoom: reads in flight and queued dwords never exceed the fetch queue.
      if (({1'b0, inflight_q} + {1'b0, fq_count}) > FQ_DEPTH) begin
        $error("%m: ASSERT FetchRoom: %0d in flight + %0d queued above %0d", inflight_q, fq_count, FQ_DEPTH);
      end
      a_regw_wait_q   <= regw_valid_o && !regw_ready_i;
      a_pkt_wait_q    <= pkt_valid_o && !pkt_ready_i;
      a_body_wait_q   <= body_valid_o && !body_ready_i;
    end
    // The payload is kept only while it waits (the checks above read it only then).
    if (regw_valid_o && !regw_ready_i) a_regw_q <= {regw_addr_o, regw_data_o, regw_stream_o};
    if (pkt_valid_o && !pkt_ready_i) a_pkt_q <= {pkt_stream_o, pkt_type_o, pkt_opcode_o, pkt_count_o, pkt_ptr_o,
                                                 pkt_err_o};
    if (body_valid_o && !body_ready_i) a_body_q <= {body_data_o, body_last_o};
  end
`endif

endmodule
