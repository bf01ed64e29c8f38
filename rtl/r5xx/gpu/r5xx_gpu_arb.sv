// r5xx_gpu_arb: the one memory port of r5xx.gpu shared by its requesters (docs/blocks/gpu.md,
// "Memory").  Fixed priority, lowest port first: 0 the backbone's scratch write-back, 1 the CP
// (fetch, RPTR write-back), 2 the 2D engine (ports 3-5 are the 3D path's place).  A read's port
// goes into an 8-entry tag queue when the request is accepted; the in-order responses go to the
// port at its head.  memrsp_ready is 1 (every requester always takes its response).
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

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  output logic [2:0]  memreq_port_o,

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,

  output logic        idle_o
);

  logic [1:0] tag_q [8];
  logic [2:0] rd_q, wr_q;
  logic [3:0] n_q;
  logic       g0, g1, g2, push, pop;

  assign g0 = r0_valid_i;
  assign g1 = r1_valid_i && !r0_valid_i;
  assign g2 = r2_valid_i && !r0_valid_i && !r1_valid_i;

  always_comb begin
    memreq_valid_o = g0 || g1 || g2;
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
    end
  end

  assign r0_ready_o     = memreq_ready_i && g0;
  assign r1_ready_o     = memreq_ready_i && g1;
  assign r2_ready_o     = memreq_ready_i && g2;
  assign memrsp_ready_o = 1'b1;
  assign push           = memreq_valid_o && memreq_ready_i && !memreq_we_o;
  assign pop            = memrsp_valid_i && (n_q != 4'd0);
  assign r1_rvalid_o    = memrsp_valid_i && (n_q != 4'd0) && (tag_q[rd_q] == 2'd1);
  assign r2_rvalid_o    = memrsp_valid_i && (n_q != 4'd0) && (tag_q[rd_q] == 2'd2);
  assign idle_o         = (n_q == 4'd0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q <= '0;
      wr_q <= '0;
      n_q  <= '0;
      for (int i = 0; i < 8; i++) tag_q[i] <= '0;
    end else begin
      if (push) begin
        tag_q[wr_q] <= memreq_port_o[1:0];
        wr_q <= wr_q + 3'd1;
      end
      if (pop) rd_q <= rd_q + 3'd1;
      n_q <= n_q + {3'd0, push} - {3'd0, pop};
    end
  end

  logic unused;
  assign unused = ^{r0_addr_i[1:0]};
endmodule
