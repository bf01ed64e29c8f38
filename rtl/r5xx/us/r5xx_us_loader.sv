// r5xx_us_loader: the register state of the R500 fragment shader (docs/blocks/r5xx.us.md,
// "Loader"): GA_US_VECTOR_INDEX/DATA fill the 512 x 6-dword instruction store and the 256 x 4
// constant store (CLAMP to [-1, 1] on the bits), the US registers are stored, and every accepted
// write is counted (wcount, the quads' wseq reference).
module r5xx_us_loader (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         we_i,        // a register write fires
  input  logic [15:0]  addr_i,
  input  logic [31:0]  data_i,
  input  logic [8:0]   pc_i,        // instruction read port
  output logic [191:0] inst_o,      // dword k at [32k +: 32]
  input  logic [7:0]   caddr_i [6], // constant read ports
  output logic [127:0] cst_o [6],
  output logic [15:0]  wcount_o,
  output logic         zmode_o,
  output logic [8:0]   start_o,     // absolute first and last instruction
  output logic [8:0]   end_o,
  output logic [8:0]   offset_o,    // US_CODE_OFFSET (relative jumps)
  output logic [31:0]  fc_bool_o,   // US_FC_BOOL_CONST
  output logic [83:0]  out_fmt_o,   // US_OUT_FMT_t[20:0] at [21t +: 21]
  output logic [2:0]   w_fmt_o,     // US_W_FMT[2:0]
  output logic         fc_full_o,   // US_FC_CTRL.FULL_FC_EN
  input  logic [4:0]   iaddr_i,     // US_FC_INT_CONST read port
  output logic [23:0]  fc_int_o,
  input  logic [3:0]   fsmp_i,      // US_FORMAT0 read port
  output logic [21:0]  fmt0_o       // TXWIDTH[10:0], TXHEIGHT[21:11]
);
  logic [191:0] inst_q [512];      // not reset: a dword reads 0 until written (iv_q)
  logic [127:0] cst_q [256];
  logic [3071:0] iv_q;             // dword k of instruction i written: bit 6i + k
  logic [1023:0] cv_q;             // dword k of constant i written: bit 4i + k
  logic [17:0]  vindex_q;           // INDEX[8:0], TYPE (bit 16), CLAMP (bit 17)
  logic [2:0]   vdw_q;
  logic [15:0]  wcount_q;
  logic         zmode_q;
  logic [8:0]   offset_q, start_q, end_q;
  logic [31:0]  fc_bool_q;
  logic [83:0]  out_fmt_q;
  logic [2:0]   w_fmt_q;
  logic         fc_full_q;
  logic [767:0] fc_int_q;          // US_FC_INT_CONST_i[23:0] at [24i +: 24]
  logic [351:0] fmt0_q;            // US_FORMAT0_n[21:0] at [22n +: 22]

  logic is_index, is_data, is_cst;
  assign is_index = addr_i == 16'h4250;
  assign is_data = addr_i == 16'h4254;
  assign is_cst = vindex_q[16];

  logic [31:0] cdata;
  assign cdata = (vindex_q[17] && data_i[30:0] > 31'h3F800000) ? {data_i[31], 31'h3F800000} : data_i;

  logic last_dw;
  assign last_dw = is_cst ? (vdw_q == 3'd3) : (vdw_q == 3'd5);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      iv_q <= '0;
      cv_q <= '0;
      vindex_q <= '0;
      vdw_q <= '0;
      wcount_q <= '0;
      zmode_q <= 1'b0;
      offset_q <= '0;
      start_q <= '0;
      end_q <= '0;
      fc_bool_q <= '0;
      out_fmt_q <= '0;
      w_fmt_q <= '0;
      fc_full_q <= 1'b0;
      fc_int_q <= '0;
      fmt0_q <= '0;
    end else if (we_i) begin
      wcount_q <= wcount_q + 16'd1;
      if (is_index) begin
        vindex_q <= {data_i[17:16], 7'd0, data_i[8:0]};
        vdw_q <= '0;
      end else if (is_data) begin
        if (is_cst) cv_q[{vindex_q[7:0], 2'b00} + {8'd0, vdw_q[1:0]}] <= 1'b1;
        else iv_q[12'd6 * {3'd0, vindex_q[8:0]} + {9'd0, vdw_q}] <= 1'b1;
        vdw_q <= last_dw ? 3'd0 : vdw_q + 3'd1;
        if (last_dw) vindex_q[8:0] <= is_cst ? {1'b0, vindex_q[7:0] + 8'd1} : vindex_q[8:0] + 9'd1;
      end else if (addr_i == 16'h4600) begin
        zmode_q <= data_i[1];
      end else if (addr_i == 16'h4620) begin
        fc_bool_q <= data_i;
      end else if (addr_i == 16'h4630) begin
        start_q <= data_i[8:0];
        end_q <= data_i[24:16];
      end else if (addr_i == 16'h4638) begin
        offset_q <= data_i[8:0];
      end else if (addr_i == 16'h46A4) begin
        out_fmt_q[20:0] <= {data_i[20:8], 3'd0, data_i[4:0]};
      end else if (addr_i == 16'h46A8) begin
        out_fmt_q[41:21] <= {data_i[20:8], 3'd0, data_i[4:0]};
      end else if (addr_i == 16'h46AC) begin
        out_fmt_q[62:42] <= {data_i[20:8], 3'd0, data_i[4:0]};
      end else if (addr_i == 16'h46B0) begin
        out_fmt_q[83:63] <= {data_i[20:8], 3'd0, data_i[4:0]};
      end else if (addr_i == 16'h46B4) begin
        w_fmt_q <= data_i[2:0];
      end else if (addr_i[15:6] == 10'h119 && addr_i[1:0] == 2'd0) begin   // 0x4640-0x467C
        fmt0_q[22*addr_i[5:2] +: 22] <= data_i[21:0];
      end else if (addr_i == 16'h4624) begin
        fc_full_q <= data_i[31];
      end else if (addr_i[15:7] == 9'h098 && addr_i[1:0] == 2'd0) begin
        fc_int_q[24*addr_i[6:2] +: 24] <= data_i[23:0];
      end
    end
  end

  // the stores themselves (no reset; iv_q/cv_q say what was written)
  always_ff @(posedge clk_i) begin
    if (we_i && is_data) begin
      if (is_cst) cst_q[vindex_q[7:0]][32*vdw_q[1:0] +: 32] <= cdata;
      else inst_q[vindex_q[8:0]][32*vdw_q +: 32] <= data_i;
    end
  end

  logic [191:0] iraw;
  assign iraw = inst_q[pc_i];
  for (genvar k = 0; k < 6; k++) begin : g_i
    assign inst_o[32*k +: 32] = iv_q[12'd6 * {3'd0, pc_i} + k] ? iraw[32*k +: 32] : 32'h0;
  end
  for (genvar i = 0; i < 6; i++) begin : g_c
    logic [127:0] craw;
    assign craw = cst_q[caddr_i[i]];
    for (genvar k = 0; k < 4; k++) begin : g_k
      assign cst_o[i][32*k +: 32] = cv_q[{caddr_i[i], 2'b00} + k] ? craw[32*k +: 32] : 32'h0;
    end
  end
  logic unused_vindex;
  assign unused_vindex = ^vindex_q[15:9];
  assign wcount_o = wcount_q;
  assign zmode_o = zmode_q;
  assign start_o = offset_q + start_q;
  assign end_o = offset_q + end_q;
  assign offset_o = offset_q;
  assign fc_bool_o = fc_bool_q;
  assign out_fmt_o = out_fmt_q;
  assign w_fmt_o = w_fmt_q;
  assign fc_full_o = fc_full_q;
  assign fc_int_o = fc_int_q[24*iaddr_i +: 24];
  assign fmt0_o = fmt0_q[22*fsmp_i +: 22];
endmodule
