// r5xx_clip_regs: the registers r5xx.clip keeps from its register writes (docs/blocks/r5xx.clip.md,
// "Registers"): VAP_CNTL, VAP_CLIP_CNTL, VAP_VTE_CNTL, VAP_GB_*, VAP_VPORT_* (both aliases) and
// the user clip planes snooped from the PVS loader (D1).  C twin: clip_regs_write() in
// model/r5xx/clip/clip_math.c.
module r5xx_clip_regs (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         we_i,
  input  logic [15:0]  addr_i,
  input  logic [31:0]  data_i,
  output logic [31:0]  vap_cntl_o,
  output logic [31:0]  clip_cntl_o,
  output logic [31:0]  vte_cntl_o,
  output logic [127:0] gb_o,      // VC, VD, HC, HD (32 bits each, from bit 0)
  output logic [191:0] vport_o,   // XS, XO, YS, YO, ZS, ZO
  output logic [767:0] ucp_o,     // UCP k at [128k+127:128k], component c at +32c
  output logic [127:0] ps_o,      // PVS index 1542: XR, YR, K, R (D10)
  output logic [31:0]  fmt0_o     // VAP_OUT_VTX_FMT_0 (D11)
);

  logic [31:0]  vap_cntl_q, clip_cntl_q, vte_cntl_q;
  logic [127:0] gb_q;
  logic [191:0] vport_q;
  logic [767:0] ucp_q;
  logic [127:0] ps_q;
  logic [31:0]  fmt0_q;
  logic         in_ps;
  logic [10:0]  indx_q, indx_nx;
  logic [1:0]   dcnt_q, qcnt_q;
  logic [95:0]  h_q;
  logic         in_ucp;
  logic [2:0]   uidx;

  assign in_ucp = (indx_q >= 11'd1536) && (indx_q <= 11'd1541);
  assign in_ps  = (indx_q == 11'd1542);
  assign uidx   = 3'(indx_q - 11'd1536);

  always_comb begin
    if (indx_q == 11'd1023)      indx_nx = 11'd0;
    else if (indx_q == 11'd1535) indx_nx = 11'd1024;
    else if (indx_q == 11'd1542) indx_nx = 11'd1536;
    else                         indx_nx = indx_q + 11'd1;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      vap_cntl_q  <= '0;
      clip_cntl_q <= '0;
      vte_cntl_q  <= '0;
      gb_q        <= '0;
      vport_q     <= '0;
      ucp_q       <= '0;
      ps_q        <= '0;
      fmt0_q      <= '0;
      indx_q      <= '0;
      dcnt_q      <= '0;
      qcnt_q      <= '0;
      h_q         <= '0;
    end else if (we_i) begin
      if (addr_i == 16'h2080) vap_cntl_q <= data_i;
      if (addr_i == 16'h221C) clip_cntl_q <= data_i;
      if (addr_i == 16'h20B0) vte_cntl_q <= data_i;
      if (addr_i == 16'h2090) fmt0_q <= data_i;
      if (addr_i >= 16'h2220 && addr_i <= 16'h222C && addr_i[1:0] == 2'd0)
        gb_q[32*(addr_i[3:2])+:32] <= data_i;
      if (addr_i >= 16'h2098 && addr_i <= 16'h20AC && addr_i[1:0] == 2'd0)
        vport_q[32*(3'((addr_i - 16'h2098) >> 2))+:32] <= data_i;
      if (addr_i >= 16'h1D98 && addr_i <= 16'h1DAC && addr_i[1:0] == 2'd0)
        vport_q[32*(3'((addr_i - 16'h1D98) >> 2))+:32] <= data_i;
      if (addr_i == 16'h2200) begin
        indx_q <= data_i[10:0];
        dcnt_q <= 2'd0;
        qcnt_q <= 2'd0;
      end
      if (addr_i == 16'h2204) begin
        if (in_ucp) ucp_q[128*uidx + 32*dcnt_q +: 32] <= data_i;
        if (in_ps) ps_q[32*dcnt_q +: 32] <= data_i;
        if (dcnt_q == 2'd3) indx_q <= indx_nx;
        dcnt_q <= dcnt_q + 2'd1;
      end
      if (addr_i == 16'h2208) begin
        if (qcnt_q != 2'd3) begin
          h_q[32*qcnt_q+:32] <= data_i;
        end else begin
          if (in_ucp) ucp_q[128*uidx+:128] <= {data_i, h_q};
          if (in_ps) ps_q <= {data_i, h_q};
          indx_q <= indx_nx;
        end
        qcnt_q <= qcnt_q + 2'd1;
      end
    end
  end

  assign vap_cntl_o  = vap_cntl_q;
  assign clip_cntl_o = clip_cntl_q;
  assign vte_cntl_o  = vte_cntl_q;
  assign gb_o        = gb_q;
  assign vport_o     = vport_q;
  assign ucp_o       = ucp_q;
  assign ps_o        = ps_q;
  assign fmt0_o      = fmt0_q;

endmodule
