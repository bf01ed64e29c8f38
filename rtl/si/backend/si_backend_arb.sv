// si_backend_arb: the one memory port of si.backend shared by si.db and si.cb
// (docs/blocks/si.backend.md, "Memory").  Fixed rule: CB first (it works on the older
// fragment), DB otherwise; a request offered and not accepted keeps the port (lock_q) until it
// fires, so an offer never changes under back-pressure.  A read's source goes into a 2-entry tag
// queue when it is accepted (each block has at most one read outstanding); the in-order responses
// go to the source at its head.  memrsp_ready is 1 (both blocks always take their response).
module si_backend_arb (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        db_valid_i,
  output logic        db_ready_o,
  input  logic [31:0] db_addr_i,
  input  logic        db_we_i,
  input  logic [31:0] db_wdata_i,
  input  logic [3:0]  db_be_i,
  output logic        db_rvalid_o,

  input  logic        cb_valid_i,
  output logic        cb_ready_o,
  input  logic [31:0] cb_addr_i,
  input  logic        cb_we_i,
  input  logic [31:0] cb_wdata_i,
  input  logic [3:0]  cb_be_i,
  output logic        cb_rvalid_o,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  output logic        memreq_src_o,

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o
);

  logic lock_q, lsrc_q, gnt_cb, fire, tag, unused_empty;
  logic [1:0] unused_count;

  assign gnt_cb = lock_q ? lsrc_q : cb_valid_i;

  assign memreq_valid_o = db_valid_i || cb_valid_i;
  assign memreq_addr_o  = gnt_cb ? cb_addr_i : db_addr_i;
  assign memreq_we_o    = gnt_cb ? cb_we_i : db_we_i;
  assign memreq_wdata_o = gnt_cb ? cb_wdata_i : db_wdata_i;
  assign memreq_be_o    = gnt_cb ? cb_be_i : db_be_i;
  assign memreq_src_o   = gnt_cb;
  assign db_ready_o     = memreq_ready_i && !gnt_cb;
  assign cb_ready_o     = memreq_ready_i && gnt_cb;
  assign fire           = memreq_valid_o && memreq_ready_i;

  assign memrsp_ready_o = 1'b1;
  assign db_rvalid_o    = memrsp_valid_i && !tag;
  assign cb_rvalid_o    = memrsp_valid_i && tag;

  prim_fifo #(.Width (1), .Depth (2)) u_tags (
    .clk_i, .rst_ni, .flush_i (1'b0),
    .push_i (fire && !memreq_we_o), .wdata_i (gnt_cb), .pop_i (memrsp_valid_i),
    .rdata_o (tag), .empty_o (unused_empty), .count_o (unused_count)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lock_q <= 1'b0;
      lsrc_q <= 1'b0;
    end else begin
      lock_q <= memreq_valid_o && !memreq_ready_i;
      lsrc_q <= gnt_cb;
    end
  end

`ifndef SYNTHESIS
  // ---- assertions (issue 29; docs/hardening.md "RTL assertions") ----
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // the granted requester keeps its offer until the memory takes it (both blocks hold theirs)
      if (lock_q && !(lsrc_q ? cb_valid_i : db_valid_i))
        $error("%m: ASSERT LockHeld: the granted request withdrawn before the memory took it");
      // the tag queue (2 deep): a read with two outstanding and none answered, a response with none
      if (fire && !memreq_we_o && unused_count == 2'd2 && !memrsp_valid_i)
        $error("%m: ASSERT TagNoOverflow: a third read outstanding");
      if (memrsp_valid_i && unused_empty) $error("%m: ASSERT TagNoUnderflow: a response with no read outstanding");
    end
  end
`endif

endmodule
