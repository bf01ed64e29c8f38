// r5xx_rb3d: the R5xx colour backend (docs/blocks/r5xx.rb3d.md, the contract this RTL follows;
// ports from rb3d.block).
//
//   regw -> RQ (2) ---------------------------------------> registers (while the pipeline is empty)
//   frag -> IN (2) -> D (decode one copy per edge) -> Q (8) -> W (the write) -> memreq
//                     D's read request --------------------------------------> memreq
//   memrsp -> RDQ (8) -> consumed by the head of Q when it loads W
//
// memreq shows W's write if W holds one, else D's read when D needs one, Q has room and no
// operation in Q occupies any of the same bytes of the same 64-bit word (read-after-write), else
// nothing.  Every output
// is a function of the state only.
module r5xx_rb3d (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes from the backbone
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  // fragments
  input  logic        frag_valid_i,
  output logic        frag_ready_o,
  input  logic [1:0]  frag_mrt_i,
  input  logic [13:0] frag_x_i,
  input  logic [13:0] frag_y_i,
  input  logic [63:0] frag_argb_i,

  // colour memory
  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [63:0] memreq_wdata_o,
  output logic [7:0]  memreq_be_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [63:0] memrsp_data_i,

  output logic        idle_o
);

  localparam bit [31:0] QDepth = 8;
  localparam bit [31:0] InW    = 2 + 14 + 14 + 64;
  // Q payload: lane 3, fmt 4, endian 2, mask 4, rd 1, brd 1, argb 64 (the address beside it)
  localparam bit [31:0] OpW    = 3 + 4 + 2 + 4 + 1 + 1 + 64;

  logic pipe_empty;

  // ---------------------------------------------------------------------------------------------
  // Registers and the register write queue
  // ---------------------------------------------------------------------------------------------
  logic            rw_hit;
  logic [4:0]      rw_idx;
  logic [1:0]      rq_count;
  logic [36:0]     rq_head;
  logic            rq_apply;

  logic [31:0]      cctl;
  logic [31:0]      blend;
  logic [31:0]      ablend;
  logic [31:0]      chmask;
  logic [31:0]      cconst;
  logic [31:0]      rop;
  logic [31:0]      dither;
  logic [31:0]      lte;
  logic [31:0]      gte;
  logic [3:0][31:0] off;
  logic [3:0][31:0] pitch;

  assign regw_ready_o = rq_count < 2'd2;
  assign rq_apply     = rq_count != 2'd0 && pipe_empty;

  logic unused_rq_empty;  // the count says it
  logic unused_in_empty;  // the count says it
  logic unused_rdq_empty;  // the count says it

  prim_fifo #(
    .Width (37),
    .Depth (2)
  ) u_rq (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (regw_valid_i && regw_ready_o && rw_hit),
    .wdata_i ({rw_idx, regw_data_i}),
    .pop_i   (rq_apply),
    .rdata_o (rq_head),
    .empty_o (unused_rq_empty),
    .count_o (rq_count)
  );

  r5xx_rb3d_regs u_regs (
    .clk_i,
    .rst_ni,
    .addr_i   (regw_addr_i),
    .hit_o    (rw_hit),
    .idx_o    (rw_idx),
    .we_i     (rq_apply),
    .widx_i   (rq_head[36:32]),
    .wdata_i  (rq_head[31:0]),
    .cctl_o   (cctl),
    .blend_o  (blend),
    .ablend_o (ablend),
    .chmask_o (chmask),
    .const_o  (cconst),
    .rop_o    (rop),
    .dither_o (dither),
    .lte_o    (lte),
    .gte_o    (gte),
    .off_o    (off),
    .pitch_o  (pitch)
  );

  // ---------------------------------------------------------------------------------------------
  // IN: accepted fragments; the copy counter of the head
  // ---------------------------------------------------------------------------------------------
  logic [1:0]     in_count;
  logic [InW-1:0] in_head;
  logic           in_pop;
  logic [1:0]     cp_q;
  logic           last_copy;
  logic           d_free;

  assign frag_ready_o = in_count < 2'd2 && rq_count == 2'd0;
  assign last_copy    = cp_q == cctl[6:5];
  assign in_pop       = d_free && in_count != 2'd0 && last_copy;

  prim_fifo #(
    .Width (InW),
    .Depth (2)
  ) u_in (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (frag_valid_i && frag_ready_o),
    .wdata_i ({frag_mrt_i, frag_x_i, frag_y_i, frag_argb_i}),
    .pop_i   (in_pop),
    .rdata_o (in_head),
    .empty_o (unused_in_empty),
    .count_o (in_count)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cp_q <= '0;
    end else if (d_free && in_count != 2'd0) begin
      cp_q <= last_copy ? 2'd0 : cp_q + 2'd1;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Decode -> D
  // ---------------------------------------------------------------------------------------------
  logic [1:0]  dec_buf;
  logic        dec_keep;
  logic [28:0] dec_addr;
  logic [2:0]  dec_lane;
  logic [7:0]  dec_bytes;
  logic [3:0]  dec_fmt;
  logic [1:0]  dec_endian;
  logic [3:0]  dec_mask;
  logic        dec_rd;
  logic        dec_brd;

  // NUM_MULTIWRITES > 0: copy k goes to buffer k; else the fragment's MRT
  assign dec_buf = (cctl[6:5] != 2'd0) ? cp_q : in_head[InW-1 -: 2];

  r5xx_rb3d_decode u_dec (
    .cctl_i   (cctl),
    .blend_i  (blend),
    .ablend_i (ablend),
    .chmask_i (chmask),
    .rop_i    (rop),
    .lte_i    (lte),
    .gte_i    (gte),
    .off_i    (off),
    .pitch_i  (pitch),
    .buf_i    (dec_buf),
    .x_i      (in_head[91:78]),
    .y_i      (in_head[77:64]),
    .argb_i   (in_head[63:0]),
    .keep_o   (dec_keep),
    .addr_o   (dec_addr),
    .lane_o   (dec_lane),
    .bytes_o  (dec_bytes),
    .fmt_o    (dec_fmt),
    .endian_o (dec_endian),
    .mask_o   (dec_mask),
    .rd_o     (dec_rd),
    .brd_o    (dec_brd)
  );

  logic           d_valid_q;
  logic [28:0]    d_addr_q;
  logic [7:0]     d_bytes_q;
  logic [OpW-1:0] d_op_q;      // {lane, fmt, endian, mask, rd, brd, argb}
  logic           d_rd;
  logic           d_leave;
  logic           rd_fire;
  logic [3:0]     q_count;
  logic           q_hit;

  assign d_rd    = d_op_q[65];
  assign d_leave = d_valid_q && (d_rd ? rd_fire : q_count < 4'(QDepth));
  assign d_free  = !d_valid_q || d_leave;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      d_valid_q <= 1'b0;
      d_addr_q  <= '0;
      d_bytes_q <= '0;
      d_op_q    <= '0;
    end else if (d_free) begin
      d_valid_q <= in_count != 2'd0 && dec_keep;
      if (in_count != 2'd0) begin
        d_addr_q  <= dec_addr;
        d_bytes_q <= dec_bytes;
        d_op_q   <= {dec_lane, dec_fmt, dec_endian, dec_mask, dec_rd, dec_brd, in_head[63:0]};
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Q and the read data
  // ---------------------------------------------------------------------------------------------
  logic [28:0]    q_addr;
  logic [OpW-1:0] q_op;
  logic           q_rd;
  logic           w_load;
  logic [3:0]     rdq_count;
  logic [63:0]    rdq_head;

  r5xx_rb3d_opq #(
    .Width (OpW),
    .Depth (QDepth)
  ) u_q (
    .clk_i,
    .rst_ni,
    .push_i  (d_leave),
    .waddr_i (d_addr_q),
    .wbytes_i (d_bytes_q),
    .wdata_i (d_op_q),
    .pop_i   (w_load),
    .raddr_o (q_addr),
    .rdata_o (q_op),
    .count_o (q_count),
    .cmp_i   (d_addr_q),
    .cmp_bytes_i (d_bytes_q),
    .hit_o   (q_hit)
  );

  assign q_rd           = q_op[65];
  assign memrsp_ready_o = 1'b1;

  prim_fifo #(
    .Width (64),
    .Depth (QDepth)
  ) u_rdq (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (memrsp_valid_i),
    .wdata_i (memrsp_data_i),
    .pop_i   (w_load && q_rd),
    .rdata_o (rdq_head),
    .empty_o (unused_rdq_empty),
    .count_o (rdq_count)
  );

  // ---------------------------------------------------------------------------------------------
  // W: the write of the head of Q
  // ---------------------------------------------------------------------------------------------
  logic [63:0] px_wdata;
  logic [7:0]  px_be;

  r5xx_rb3d_pixel u_pixel (
    .blend_i  (blend),
    .ablend_i (ablend),
    .const_i  (cconst),
    .rop_i    (rop),
    .dither_i (dither),
    .lane_i   (q_op[78:76]),
    .fmt_i    (q_op[75:72]),
    .endian_i (q_op[71:70]),
    .mask_i   (q_op[69:66]),
    .rd_i     (q_rd),
    .brd_i    (q_op[64]),
    .argb_i   (q_op[63:0]),
    .rdata_i  (rdq_head),
    .wdata_o  (px_wdata),
    .be_o     (px_be)
  );

  logic        w_valid_q;
  logic [28:0] w_addr_q;
  logic [63:0] w_data_q;
  logic [7:0]  w_be_q;
  logic        w_fire;
  logic        req_fire;
  logic        show_rd;

  assign show_rd  = !w_valid_q && d_valid_q && d_rd && q_count < 4'(QDepth) && !q_hit;
  assign req_fire = memreq_valid_o && memreq_ready_i;
  assign w_fire   = req_fire && w_valid_q;
  assign rd_fire  = req_fire && !w_valid_q;
  assign w_load   = (!w_valid_q || w_fire) && q_count != 4'd0 && (!q_rd || rdq_count != 4'd0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      w_valid_q <= 1'b0;
      w_addr_q  <= '0;
      w_data_q  <= '0;
      w_be_q    <= '0;
    end else if (w_load) begin
      w_valid_q <= 1'b1;
      w_addr_q  <= q_addr;
      w_data_q  <= px_wdata;
      w_be_q    <= px_be;
    end else if (w_fire) begin
      w_valid_q <= 1'b0;
    end
  end

  assign memreq_valid_o = w_valid_q || show_rd;
  assign memreq_addr_o  = w_valid_q ? {w_addr_q, 3'b000} : show_rd ? {d_addr_q, 3'b000} : 32'd0;
  assign memreq_we_o    = w_valid_q;
  assign memreq_wdata_o = w_valid_q ? w_data_q : 64'd0;
  assign memreq_be_o    = w_valid_q ? w_be_q : 8'd0;

  // ---------------------------------------------------------------------------------------------
  // Idle
  // ---------------------------------------------------------------------------------------------
  assign pipe_empty = in_count == 2'd0 && !d_valid_q && q_count == 4'd0 && !w_valid_q;
  assign idle_o     = pipe_empty && rq_count == 2'd0 && rdq_count == 4'd0;

endmodule
