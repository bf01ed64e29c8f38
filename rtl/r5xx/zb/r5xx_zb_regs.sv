// r5xx_zb_regs: the registers r5xx_zb snoops from the register backbone, and the Z-pass counter
// ZB_ZPASS_DATA (docs/blocks/r5xx.zb.md; the C twin is r5xx_zb_regs_write() in model/r5xx/zb/zb_math.c).
//
// Only the bits the block uses are stored; they are shown in their register positions with
// every other bit 0.  A write is taken at the edge it is accepted on; other addresses are
// ignored.  Reset: every register 0 (000:14868-15389).  The counter adds inc_i at every edge; a
// write of ZB_ZPASS_DATA replaces it (the block never does both on one edge).
module r5xx_zb_regs (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [15:0] waddr_i,
  input  logic [31:0] wdata_i,
  input  logic [1:0]  inc_i,      // Z-passed fragments counted at this edge

  output logic [31:0] cntl_o,     // ZB_CNTL[6:0]
  output logic [31:0] zsc_o,      // ZB_ZSTENCILCNTL[27:0]
  output logic [31:0] srm_o,      // ZB_STENCILREFMASK[23:0]
  output logic [31:0] srm_bf_o,   // ZB_STENCILREFMASK_BF[23:0]
  output logic [31:0] fmt_o,      // ZB_FORMAT.DEPTHFORMAT[3:0]
  output logic [31:0] doff_o,     // ZB_DEPTHOFFSET[31:5]
  output logic [31:0] dpitch_o,   // ZB_DEPTHPITCH[20:16], [13:2]
  output logic [31:0] bw_o,       // ZB_BW_CNTL[10], [8:7]
  output logic [31:0] zpass_o     // ZB_ZPASS_DATA
);

  localparam logic [15:0] ZbCntl           = 16'h4F00;   // 000:14995
  localparam logic [15:0] ZbZStencilCntl   = 16'h4F04;   // 000:15298
  localparam logic [15:0] ZbStencilRefMask = 16'h4F08;   // 000:15216
  localparam logic [15:0] ZbFormat         = 16'h4F10;   // 000:15129
  localparam logic [15:0] ZbBwCntl         = 16'h4F1C;   // 000:14868
  localparam logic [15:0] ZbDepthOffset    = 16'h4F20;   // 000:15062
  localparam logic [15:0] ZbDepthPitch     = 16'h4F24;   // 000:15069
  localparam logic [15:0] ZbZPassData      = 16'h4F58;   // 000:15289
  localparam logic [15:0] ZbStencilRefMaskBf = 16'h4FD4; // 000:15226

  logic [6:0]  cntl_q;
  logic [27:0] zsc_q;
  logic [23:0] srm_q;
  logic [23:0] srm_bf_q;
  logic [3:0]  fmt_q;
  logic [26:0] doff_q;
  logic [11:0] pitch_q;
  logic [4:0]  ptile_q;       // DEPTHENDIAN[20:19], DEPTHMICROTILE[18:17], DEPTHMACROTILE[16]
  logic [2:0]  bw_q;          // BMASK_DISABLE[10], SEQUAL_OPTIMIZE_DISABLE[8], ZEQUAL_OPTIMIZE_DISABLE[7]
  logic [31:0] zpass_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cntl_q   <= '0;
      zsc_q    <= '0;
      srm_q    <= '0;
      srm_bf_q <= '0;
      fmt_q    <= '0;
      doff_q   <= '0;
      pitch_q  <= '0;
      ptile_q  <= '0;
      bw_q     <= '0;
      zpass_q  <= '0;
    end else begin
      zpass_q <= zpass_q + {30'd0, inc_i};
      if (we_i) begin
        unique case (waddr_i)
          ZbCntl:             cntl_q   <= wdata_i[6:0];
          ZbZStencilCntl:     zsc_q    <= wdata_i[27:0];
          ZbStencilRefMask:   srm_q    <= wdata_i[23:0];
          ZbStencilRefMaskBf: srm_bf_q <= wdata_i[23:0];
          ZbFormat:           fmt_q    <= wdata_i[3:0];
          ZbBwCntl:           bw_q     <= {wdata_i[10], wdata_i[8:7]};
          ZbDepthOffset:      doff_q   <= wdata_i[31:5];
          ZbDepthPitch: begin
            pitch_q <= wdata_i[13:2];
            ptile_q <= wdata_i[20:16];
          end
          ZbZPassData:        zpass_q  <= wdata_i;
          default: ;
        endcase
      end
    end
  end

  assign cntl_o   = {25'd0, cntl_q};
  assign zsc_o    = {4'd0, zsc_q};
  assign srm_o    = {8'd0, srm_q};
  assign srm_bf_o = {8'd0, srm_bf_q};
  assign fmt_o    = {28'd0, fmt_q};
  assign doff_o   = {doff_q, 5'd0};
  assign dpitch_o = {11'd0, ptile_q, 2'd0, pitch_q, 2'd0};
  assign bw_o     = {21'd0, bw_q[2], 1'b0, bw_q[1:0], 7'd0};
  assign zpass_o  = zpass_q;

endmodule
