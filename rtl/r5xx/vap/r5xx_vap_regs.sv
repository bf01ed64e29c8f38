// r5xx_vap_regs: the VAP registers r5xx_vap snoops from the register backbone (docs/blocks/r5xx.vap.md
// "Registers snooped").  Only the fields the block uses are stored.  A write is applied at the
// edge we_i is high; other addresses (the ports, VAP_VF_CNTL, unknown ones) change nothing here.
// Reset: every field 0 except VAP_VF_MAX_VTX_INDX = 0xFFFFFF (000:14283-14289).
module r5xx_vap_regs (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             we_i,
  input  logic [15:0]      waddr_i,
  input  logic [31:0]      wdata_i,

  output logic             no_render_o,   // VAP_CNTL.VAP_NO_RENDER[17]
  output logic [23:0]      alt_num_o,     // VAP_ALT_NUM_VERTICES[23:0]
  output logic [24:0]      ofs_o,         // VAP_INDEX_OFFSET[24:0]
  output logic [3:0]       col_o,         // VAP_OUT_VTX_FMT_0.COLOR_0..3_PRESENT[4:1]
  output logic             pts_o,         // VAP_OUT_VTX_FMT_0.PT_SIZE_PRESENT[16]
  output logic [23:0]      fmt1_o,        // VAP_OUT_VTX_FMT_1[23:0]
  output logic [5:0][31:0] vport_o,       // XSCALE, XOFFSET, YSCALE, YOFFSET, ZSCALE, ZOFFSET
  output logic [5:0]       vte_o,         // VAP_VTE_CNTL[5:0]
  output logic [6:0]       vtx_size_o,    // VAP_VTX_SIZE.DWORDS_PER_VTX[6:0]
  output logic [4:0]       narr_o,        // VAP_VTX_NUM_ARRAYS[4:0]
  output logic [15:0][6:0] count_o,       // COUNTa
  output logic [15:0][6:0] stride_o,      // STRIDEa
  output logic [15:0][29:0] aos_o,        // VAP_VTX_AOS_ADDRa[31:2]
  output logic [23:0]      max_o,         // VAP_VF_MAX_VTX_INDX[23:0]
  output logic [23:0]      min_o,         // VAP_VF_MIN_VTX_INDX[23:0]
  output logic [1:0]       swap_o,        // VAP_CNTL_STATUS.VC_SWAP[1:0]
  output logic             bypass_o,      // VAP_CNTL_STATUS.PVS_BYPASS[8]
  output logic [7:0][31:0] psc_o,         // VAP_PROG_STREAM_CNTL_0..7
  output logic [31:0]      sgn_o,         // VAP_PSC_SGN_NORM_CNTL
  output logic [7:0][31:0] ext_o          // VAP_PROG_STREAM_CNTL_EXT_0..7
);

  localparam logic [15:0] VapCntl       = 16'h2080;
  localparam logic [15:0] VapAltNum     = 16'h2088;
  localparam logic [15:0] VapIndexOfs   = 16'h208C;
  localparam logic [15:0] VapOutFmt0    = 16'h2090;
  localparam logic [15:0] VapOutFmt1    = 16'h2094;
  localparam logic [15:0] VapVteCntl    = 16'h20B0;
  localparam logic [15:0] VapVtxSize    = 16'h20B4;
  localparam logic [15:0] VapNumArrays  = 16'h20C0;
  localparam logic [15:0] VapAosBase    = 16'h20C4;   // ATTR(2k)(2k+1), ADDR(2k), ADDR(2k+1): +12k
  localparam logic [15:0] VapMaxIndx    = 16'h2134;
  localparam logic [15:0] VapMinIndx    = 16'h2138;
  localparam logic [15:0] VapCntlStatus = 16'h2140;
  localparam logic [15:0] VapPscBase    = 16'h2150;
  localparam logic [15:0] VapSgnNorm    = 16'h21DC;
  localparam logic [15:0] VapExtBase    = 16'h21E0;

  logic             no_render_q;
  logic [23:0]      alt_num_q;
  logic [24:0]      ofs_q;
  logic [3:0]       col_q;
  logic             pts_q;
  logic [23:0]      fmt1_q;
  logic [5:0][31:0] vport_q;
  logic [5:0]       vte_q;
  logic [6:0]       vtx_size_q;
  logic [4:0]       narr_q;
  logic [15:0][6:0] count_q;
  logic [15:0][6:0] stride_q;
  logic [15:0][29:0] aos_q;
  logic [23:0]      max_q;
  logic [23:0]      min_q;
  logic [1:0]       swap_q;
  logic             bypass_q;
  logic [7:0][31:0] psc_q;
  logic [31:0]      sgn_q;
  logic [7:0][31:0] ext_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      no_render_q <= 1'b0;
      alt_num_q   <= '0;
      ofs_q       <= '0;
      col_q       <= '0;
      pts_q       <= 1'b0;
      fmt1_q      <= '0;
      vport_q     <= '0;
      vte_q       <= '0;
      vtx_size_q  <= '0;
      narr_q      <= '0;
      count_q     <= '0;
      stride_q    <= '0;
      aos_q       <= '0;
      max_q       <= 24'hFF_FFFF;
      min_q       <= '0;
      swap_q      <= '0;
      bypass_q    <= 1'b0;
      psc_q       <= '0;
      sgn_q       <= '0;
      ext_q       <= '0;
    end else if (we_i) begin
      unique case (waddr_i)
        VapCntl:       no_render_q <= wdata_i[17];
        VapAltNum:     alt_num_q   <= wdata_i[23:0];
        VapIndexOfs:   ofs_q       <= wdata_i[24:0];
        VapOutFmt0: begin
          col_q <= wdata_i[4:1];
          pts_q <= wdata_i[16];
        end
        VapOutFmt1:    fmt1_q      <= wdata_i[23:0];
        16'h2098, 16'h1D98: vport_q[0] <= wdata_i;
        16'h209C, 16'h1D9C: vport_q[1] <= wdata_i;
        16'h20A0, 16'h1DA0: vport_q[2] <= wdata_i;
        16'h20A4, 16'h1DA4: vport_q[3] <= wdata_i;
        16'h20A8, 16'h1DA8: vport_q[4] <= wdata_i;
        16'h20AC, 16'h1DAC: vport_q[5] <= wdata_i;
        VapVteCntl:    vte_q       <= wdata_i[5:0];
        VapVtxSize:    vtx_size_q  <= wdata_i[6:0];
        VapNumArrays:  narr_q      <= wdata_i[4:0];
        VapMaxIndx:    max_q       <= wdata_i[23:0];
        VapMinIndx:    min_q       <= wdata_i[23:0];
        VapCntlStatus: begin
          swap_q   <= wdata_i[1:0];
          bypass_q <= wdata_i[8];
        end
        VapSgnNorm:    sgn_q       <= wdata_i;
        default: ;
      endcase
      for (int k = 0; k < 8; k++) begin
        if (waddr_i == VapAosBase + 16'(12 * k)) begin
          count_q[2*k]    <= wdata_i[6:0];
          stride_q[2*k]   <= wdata_i[14:8];
          count_q[2*k+1]  <= wdata_i[22:16];
          stride_q[2*k+1] <= wdata_i[30:24];
        end
        if (waddr_i == VapAosBase + 16'(12 * k + 4)) begin
          aos_q[2*k] <= wdata_i[31:2];
        end
        if (waddr_i == VapAosBase + 16'(12 * k + 8)) begin
          aos_q[2*k+1] <= wdata_i[31:2];
        end
        if (waddr_i == VapPscBase + 16'(4 * k)) begin
          psc_q[k] <= wdata_i;
        end
        if (waddr_i == VapExtBase + 16'(4 * k)) begin
          ext_q[k] <= wdata_i;
        end
      end
    end
  end

  assign no_render_o = no_render_q;
  assign alt_num_o   = alt_num_q;
  assign ofs_o       = ofs_q;
  assign col_o       = col_q;
  assign pts_o       = pts_q;
  assign fmt1_o      = fmt1_q;
  assign vport_o     = vport_q;
  assign vte_o       = vte_q;
  assign vtx_size_o  = vtx_size_q;
  assign narr_o      = narr_q;
  assign count_o     = count_q;
  assign stride_o    = stride_q;
  assign aos_o       = aos_q;
  assign max_o       = max_q;
  assign min_o       = min_q;
  assign swap_o      = swap_q;
  assign bypass_o    = bypass_q;
  assign psc_o       = psc_q;
  assign sgn_o       = sgn_q;
  assign ext_o       = ext_q;

endmodule
