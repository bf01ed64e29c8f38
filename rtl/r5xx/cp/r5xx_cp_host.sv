// r5xx_cp_host: the CP's ring-buffer registers written on the host channel, and the WPTR
// pre-write delay (docs/blocks/r5xx.cp.md, "Registers written by the host"; 001:1390-1418,
// 000:7991-8104).
//
// Every host write takes effect at the edge it is offered on (host_ready is always 1) and is
// visible from the next cycle.  A WPTR write with RB_RPTR_WR_ENA set also asks the stream logic
// to reload RPTR (rptr_reload_o, for this edge; the stream logic applies it last).
module r5xx_cp_host (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        host_valid_i,
  input  logic [15:0] host_addr_i,
  input  logic [31:0] host_data_i,

  output logic [31:0] rb_base_o,        // CP_RB_BASE, dword aligned
  output logic [31:0] rb_cntl_o,        // CP_RB_CNTL, whole
  output logic [31:0] rptr_addr_o,      // CP_RB_RPTR_ADDR, whole
  output logic [22:0] wptr_o,           // the committed WPTR
  output logic        pw_pend_o,        // a staged WPTR waits for its commit
  output logic        rptr_reload_o,    // this edge reloads RPTR ...
  output logic [22:0] rptr_reload_val_o // ... with this value (CP_RB_RPTR_WR)
);

  // Host-visible register byte addresses.
  localparam logic [15:0] CP_RB_BASE       = 16'h0700;
  localparam logic [15:0] CP_RB_CNTL       = 16'h0704;
  localparam logic [15:0] CP_RB_RPTR_ADDR  = 16'h070C;
  localparam logic [15:0] CP_RB_WPTR       = 16'h0714;
  localparam logic [15:0] CP_RB_WPTR_DELAY = 16'h0718;
  localparam logic [15:0] CP_RB_RPTR_WR    = 16'h071C;

  localparam bit [31:0] RB_RPTR_WR_ENA_BIT = 31;

  logic [31:0] rb_base_q, rb_base_d;
  logic [31:0] rb_cntl_q, rb_cntl_d;
  logic [31:0] rptr_addr_q, rptr_addr_d;
  logic [31:0] wptr_delay_q, wptr_delay_d;
  logic [22:0] rptr_wr_q, rptr_wr_d;

  logic [22:0] wptr_q, wptr_d;
  logic [22:0] stage_q, stage_d;
  logic        pw_pend_q, pw_pend_d;
  logic [27:0] pw_cnt_q, pw_cnt_d;
  // Host WPTR writes counted since the last commit.  Saturates at 15: PRE_WRITE_LIMIT is 4 bits,
  // so every count of 15 or more compares the same against it.
  logic [3:0]  pw_n_q, pw_n_d;

  logic        wr_wptr;
  logic [27:0] pw_timer;
  logic [3:0]  pw_limit;
  logic [4:0]  pw_n_inc;

  assign wr_wptr  = host_valid_i && (host_addr_i == CP_RB_WPTR);
  assign pw_timer = wptr_delay_q[27:0];
  assign pw_limit = wptr_delay_q[31:28];
  assign pw_n_inc = {1'b0, pw_n_q} + 5'd1;

  always_comb begin
    rb_base_d    = rb_base_q;
    rb_cntl_d    = rb_cntl_q;
    rptr_addr_d  = rptr_addr_q;
    wptr_delay_d = wptr_delay_q;
    rptr_wr_d    = rptr_wr_q;

    if (host_valid_i) begin
      unique case (host_addr_i)
        CP_RB_BASE:       rb_base_d    = {host_data_i[31:2], 2'b00};
        CP_RB_CNTL:       rb_cntl_d    = host_data_i;
        CP_RB_RPTR_ADDR:  rptr_addr_d  = host_data_i;
        CP_RB_WPTR_DELAY: wptr_delay_d = host_data_i;
        CP_RB_RPTR_WR:    rptr_wr_d    = host_data_i[22:0];
        default:          ;  // CP_RB_WPTR below; any other address is accepted and ignored
      endcase
    end
  end

  // WPTR: immediate, staged behind the pre-write timer, or committed by the pre-write limit.
  always_comb begin
    wptr_d    = wptr_q;
    stage_d   = stage_q;
    pw_pend_d = pw_pend_q;
    pw_cnt_d  = pw_cnt_q;
    pw_n_d    = pw_n_q;

    if (wr_wptr) begin
      if ((pw_timer == '0) && (pw_limit == '0)) begin
        wptr_d    = host_data_i[22:0];
        pw_pend_d = 1'b0;
        pw_n_d    = '0;
      end else if ((pw_limit != '0) && (pw_n_inc >= {1'b0, pw_limit})) begin
        wptr_d    = host_data_i[22:0];
        pw_pend_d = 1'b0;
        pw_n_d    = '0;
      end else begin
        stage_d   = host_data_i[22:0];
        pw_pend_d = 1'b1;
        pw_cnt_d  = pw_timer;
        pw_n_d    = pw_n_inc[4] ? 4'hF : pw_n_inc[3:0];
      end
    end else if (pw_pend_q) begin
      if (pw_cnt_q == '0) begin
        wptr_d    = stage_q;
        pw_pend_d = 1'b0;
        pw_n_d    = '0;
      end else begin
        pw_cnt_d = pw_cnt_q - 28'd1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rb_base_q    <= '0;
      rb_cntl_q    <= '0;
      rptr_addr_q  <= '0;
      wptr_delay_q <= '0;
      rptr_wr_q    <= '0;
      wptr_q       <= '0;
      stage_q      <= '0;
      pw_pend_q    <= 1'b0;
      pw_cnt_q     <= '0;
      pw_n_q       <= '0;
    end else begin
      rb_base_q    <= rb_base_d;
      rb_cntl_q    <= rb_cntl_d;
      rptr_addr_q  <= rptr_addr_d;
      wptr_delay_q <= wptr_delay_d;
      rptr_wr_q    <= rptr_wr_d;
      wptr_q       <= wptr_d;
      stage_q      <= stage_d;
      pw_pend_q    <= pw_pend_d;
      pw_cnt_q     <= pw_cnt_d;
      pw_n_q       <= pw_n_d;
    end
  end

  assign rb_base_o         = rb_base_q;
  assign rb_cntl_o         = rb_cntl_q;
  assign rptr_addr_o       = rptr_addr_q;
  assign wptr_o            = wptr_q;
  assign pw_pend_o         = pw_pend_q;
  assign rptr_reload_o     = wr_wptr && rb_cntl_q[RB_RPTR_WR_ENA_BIT];
  assign rptr_reload_val_o = rptr_wr_q;

endmodule
