// r5xx_pvs_load: the registers r5xx.pvs keeps from its register writes (docs/blocks/r5xx.pvs.md,
// "Registers snooped", "Loader"): the vector loader (VAP_PVS_VECTOR_INDX_REG, DATA_REG with its
// dword counter, DATA_REG_128 assembling four 32-bit writes), the 1024-entry code memory and
// the 256-entry constant memory, the code and constant windows, the output vertex format.
// The C twin is model/r5xx/pvs/pvs_regs.c.
module r5xx_pvs_load (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         we_i,
  input  logic [15:0]  addr_i,
  input  logic [31:0]  data_i,
  // instruction read port
  input  logic [9:0]   pc_i,
  output logic [127:0] inst_o,
  // constant read ports (physical constant addresses)
  input  logic [7:0]   caddr0_i,
  input  logic [7:0]   caddr1_i,
  input  logic [7:0]   caddr2_i,
  output logic [127:0] cdata0_o,
  output logic [127:0] cdata1_o,
  output logic [127:0] cdata2_o,
  output logic [9:0]   first_o,
  output logic [9:0]   last_o,
  output logic [7:0]   const_base_o,
  output logic [7:0]   const_max_o,
  output logic [31:0]  fmt0_o,
  output logic [31:0]  fmt1_o,
  // a VAP_VF_CNTL write that starts a draw, and its vertex count
  output logic         start_o,
  output logic [23:0]  nverts_o,
  // vertices in flight, min(max(VAP_CNTL.PVS_NUM_SLOTS, 1), 3) ("Vertices in flight")
  output logic [1:0]   nbank_o
);
  logic        no_render_q;
  logic [23:0] alt_q;
  assign start_o  = we_i && addr_i == 16'h2084 && data_i[3:0] != 4'd0 && data_i[5:4] != 2'd0 && !no_render_q;
  assign nverts_o = data_i[14] ? alt_q : {8'd0, data_i[31:16]};

  logic [127:0] code_q [1024];
  logic [127:0] cst_q  [256];
  logic [10:0]  indx_q, indx_d, indx_next;
  logic [1:0]   dcnt_q, dcnt_d, qcnt_q, qcnt_d;
  logic [95:0]  qbuf_q, qbuf_d;

  // the index after indx_q (001:4954-4976; decision 2)
  always_comb begin
    if (indx_q == 11'd1023)      indx_next = 11'd0;
    else if (indx_q == 11'd1535) indx_next = 11'd1024;
    else if (indx_q == 11'd1542) indx_next = 11'd1536;
    else                         indx_next = indx_q + 11'd1;
  end

  logic wr_indx, wr_data, wr_q128;
  assign wr_indx = we_i && addr_i == 16'h2200;
  assign wr_data = we_i && addr_i == 16'h2204;
  assign wr_q128 = we_i && addr_i == 16'h2208;

  // one dword (DATA_REG) or one octword (the fourth DATA_REG_128 dword) into memory
  logic         st_dw, st_oct;
  logic [127:0] oct;
  assign st_dw  = wr_data;
  assign st_oct = wr_q128 && qcnt_q == 2'd3;
  assign oct    = {data_i, qbuf_q};

  always_comb begin
    if (wr_indx) begin
      indx_d = data_i[10:0];
      dcnt_d = 2'd0;
      qcnt_d = 2'd0;
      qbuf_d = qbuf_q;
    end else if (wr_data) begin
      indx_d = dcnt_q == 2'd3 ? indx_next : indx_q;
      dcnt_d = dcnt_q + 2'd1;
      qcnt_d = qcnt_q;
      qbuf_d = qbuf_q;
    end else if (wr_q128) begin
      indx_d = qcnt_q == 2'd3 ? indx_next : indx_q;
      dcnt_d = dcnt_q;
      qcnt_d = qcnt_q + 2'd1;
      qbuf_d = qcnt_q == 2'd0 ? {qbuf_q[95:32], data_i} :
               qcnt_q == 2'd1 ? {qbuf_q[95:64], data_i, qbuf_q[31:0]} :
               qcnt_q == 2'd2 ? {data_i, qbuf_q[63:0]} : qbuf_q;
    end else begin
      indx_d = indx_q;
      dcnt_d = dcnt_q;
      qcnt_d = qcnt_q;
      qbuf_d = qbuf_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      indx_q       <= '0;
      dcnt_q       <= '0;
      qcnt_q       <= '0;
      qbuf_q       <= '0;
      first_o      <= '0;
      last_o       <= '0;
      const_base_o <= '0;
      const_max_o  <= '0;
      fmt0_o       <= '0;
      fmt1_o       <= '0;
      no_render_q  <= 1'b0;
      alt_q        <= '0;
      nbank_o      <= 2'd1;
    end else begin
      if (we_i && addr_i == 16'h2080) no_render_q <= data_i[17];
      if (we_i && addr_i == 16'h2080)
        nbank_o <= data_i[3:0] == 4'd0 ? 2'd1 : data_i[3:0] > 4'd3 ? 2'd3 : data_i[1:0];
      if (we_i && addr_i == 16'h2088) alt_q       <= data_i[23:0];
      indx_q <= indx_d;
      dcnt_q <= dcnt_d;
      qcnt_q <= qcnt_d;
      qbuf_q <= qbuf_d;
      if (we_i && addr_i == 16'h22D0) begin
        first_o <= data_i[9:0];
        last_o  <= data_i[29:20];
      end
      if (we_i && addr_i == 16'h22D4) begin
        const_base_o <= data_i[7:0];
        const_max_o  <= data_i[23:16];
      end
      if (we_i && addr_i == 16'h2090) fmt0_o <= data_i;
      if (we_i && addr_i == 16'h2094) fmt1_o <= data_i;
    end
  end

  // the memories: code at indices 0-1023, constants at 1024-1279, everything else dropped.
  // Storage without reset; a valid bit per dword (reset to 0) makes an unwritten dword read 0.
  logic [4095:0] cvld_q;
  logic [1023:0] kvld_q;
  logic          to_code, to_cst;
  assign to_code = !indx_q[10];
  assign to_cst  = indx_q[10] && indx_q[9:8] == 2'b00;

  always_ff @(posedge clk_i) begin
    if (st_dw && to_code) code_q[indx_q[9:0]][32*dcnt_q +: 32] <= data_i;
    if (st_dw && to_cst)  cst_q[indx_q[7:0]][32*dcnt_q +: 32]  <= data_i;
    if (st_oct && to_code) code_q[indx_q[9:0]] <= oct;
    if (st_oct && to_cst)  cst_q[indx_q[7:0]]  <= oct;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cvld_q <= '0;
      kvld_q <= '0;
    end else begin
      if (st_dw && to_code)  cvld_q[{indx_q[9:0], dcnt_q}] <= 1'b1;
      if (st_dw && to_cst)   kvld_q[{indx_q[7:0], dcnt_q}] <= 1'b1;
      if (st_oct && to_code) cvld_q[{indx_q[9:0], 2'b00} +: 4] <= 4'hF;
      if (st_oct && to_cst)  kvld_q[{indx_q[7:0], 2'b00} +: 4] <= 4'hF;
    end
  end

  function automatic logic [127:0] vmask(input logic [127:0] v, input logic [3:0] m);
    vmask = v & {{32{m[3]}}, {32{m[2]}}, {32{m[1]}}, {32{m[0]}}};
  endfunction

  assign inst_o   = vmask(code_q[pc_i], cvld_q[{pc_i, 2'b00} +: 4]);
  assign cdata0_o = vmask(cst_q[caddr0_i], kvld_q[{caddr0_i, 2'b00} +: 4]);
  assign cdata1_o = vmask(cst_q[caddr1_i], kvld_q[{caddr1_i, 2'b00} +: 4]);
  assign cdata2_o = vmask(cst_q[caddr2_i], kvld_q[{caddr2_i, 2'b00} +: 4]);
endmodule
