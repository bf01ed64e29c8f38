// r5xx_raster_regs: the registers r5xx_raster snoops from the register backbone
// (docs/blocks/r5xx.raster.md "Registers snooped").  Only the bits the block uses are stored; a
// write is taken at the edge it is accepted on; other addresses are ignored.  Reset values:
// SU_DEPTH_SCALE 0x3F800000 (1.0), every other field 0.
module r5xx_raster_regs (
  input  logic          clk_i,
  input  logic          rst_ni,

  input  logic          we_i,
  input  logic [15:0]   waddr_i,
  input  logic [31:0]   wdata_i,

  output logic [4:0]    fmt0_o,       // {PT_SIZE_PRESENT, COLOR_3..0_PRESENT}
  output logic [23:0]   fmt1_o,       // TEX_n_COMP_CNT[3n+2:3n]
  output logic          subpixel_o,   // GB_TILE_CONFIG.SUBPIXEL
  output logic [31:0]   point_size_o, // GA_POINT_SIZE
  output logic [15:0]   line_width_o, // GA_LINE_CNTL.WIDTH
  output logic [17:0]   color_ctl_o,  // GA_COLOR_CONTROL[17:0]
  output logic [1:0]    geom_round_o, // GA_ROUND_MODE.GEOMETRY_ROUND
  output logic [31:0]   ps_front_o,   // SU_POLY_OFFSET_FRONT_SCALE
  output logic [31:0]   po_front_o,   // SU_POLY_OFFSET_FRONT_OFFSET
  output logic [31:0]   ps_back_o,    // SU_POLY_OFFSET_BACK_SCALE
  output logic [31:0]   po_back_o,    // SU_POLY_OFFSET_BACK_OFFSET
  output logic [2:0]    po_enable_o,  // SU_POLY_OFFSET_ENABLE[2:0]
  output logic [2:0]    cull_o,       // SU_CULL_MODE[2:0]
  output logic [31:0]   zscale_o,     // SU_DEPTH_SCALE
  output logic [31:0]   zoffset_o,    // SU_DEPTH_OFFSET
  output logic [29:0]   edgerule_o,   // SC_EDGERULE[29:0]
  output logic [207:0]  clip_o,       // rectangle n: A at [52n+25:52n], B at [52n+51:52n+26]
  output logic [15:0]   clip_rule_o,  // SC_CLIP_RULE
  output logic [51:0]   scissor_o,    // {SC_SCISSOR1[25:0], SC_SCISSOR0[25:0]}
  output logic [495:0]  rs_ip_o,      // RS_IP_i[30:0] at [31i+30:31i]
  output logic [17:0]   rs_inst_o,    // RS_INST_0[17:0]
  output logic [12:0]   af_func_o,    // FG_ALPHA_FUNC[12:0]
  output logic [9:0]    af_value_o,   // FG_ALPHA_VALUE[9:0]
  output logic [3:0]    zfmt_o        // ZB_FORMAT.DEPTHFORMAT
);

  localparam logic [15:0] VapOutVtxFmt0    = 16'h2090;
  localparam logic [15:0] VapOutVtxFmt1    = 16'h2094;
  localparam logic [15:0] GbTileConfig     = 16'h4018;
  localparam logic [15:0] RsIp0            = 16'h4074;
  localparam logic [15:0] GaPointSize      = 16'h421C;
  localparam logic [15:0] GaLineCntl       = 16'h4234;
  localparam logic [15:0] GaColorControl   = 16'h4278;
  localparam logic [15:0] GaRoundMode      = 16'h428C;
  localparam logic [15:0] SuPolyScaleFront = 16'h42A4;
  localparam logic [15:0] SuPolyOffFront   = 16'h42A8;
  localparam logic [15:0] SuPolyScaleBack  = 16'h42AC;
  localparam logic [15:0] SuPolyOffBack    = 16'h42B0;
  localparam logic [15:0] SuPolyOffEnable  = 16'h42B4;
  localparam logic [15:0] SuCullMode       = 16'h42B8;
  localparam logic [15:0] SuDepthScale     = 16'h42C0;
  localparam logic [15:0] SuDepthOffset    = 16'h42C4;
  localparam logic [15:0] RsInst0          = 16'h4320;
  localparam logic [15:0] ScEdgeRule       = 16'h43A8;
  localparam logic [15:0] ScClip0A         = 16'h43B0;
  localparam logic [15:0] ScClipRule       = 16'h43D0;
  localparam logic [15:0] ScScissor0       = 16'h43E0;
  localparam logic [15:0] ScScissor1       = 16'h43E4;
  localparam logic [15:0] FgAlphaFunc      = 16'h4BD4;
  localparam logic [15:0] FgAlphaValue     = 16'h4BE0;
  localparam logic [15:0] ZbFormat         = 16'h4F10;

  logic [4:0]   fmt0_q;
  logic [23:0]  fmt1_q;
  logic         subpixel_q;
  logic [31:0]  point_size_q;
  logic [15:0]  line_width_q;
  logic [17:0]  color_ctl_q;
  logic [1:0]   geom_round_q;
  logic [31:0]  ps_front_q;
  logic [31:0]  po_front_q;
  logic [31:0]  ps_back_q;
  logic [31:0]  po_back_q;
  logic [2:0]   po_enable_q;
  logic [2:0]   cull_q;
  logic [31:0]  zscale_q;
  logic [31:0]  zoffset_q;
  logic [29:0]  edgerule_q;
  logic [25:0]  clip_q [8];       // 2n = SC_CLIP_n_A, 2n+1 = SC_CLIP_n_B
  logic [15:0]  clip_rule_q;
  logic [25:0]  scissor0_q;
  logic [25:0]  scissor1_q;
  logic [30:0]  rs_ip_q [16];
  logic [17:0]  rs_inst_q;
  logic [12:0]  af_func_q;
  logic [9:0]   af_value_q;
  logic [3:0]   zfmt_q;

  // the indexed register files: which entry an address selects
  logic        clip_hit;
  logic [2:0]  clip_idx;
  logic        ip_hit;
  logic [3:0]  ip_idx;
  logic [15:0] clip_off;
  logic [15:0] ip_off;

  assign clip_off = waddr_i - ScClip0A;
  assign ip_off   = waddr_i - RsIp0;
  assign clip_hit = waddr_i >= ScClip0A && waddr_i < ScClip0A + 16'd32 && clip_off[1:0] == 2'd0;
  assign clip_idx = clip_off[4:2];
  assign ip_hit   = waddr_i >= RsIp0 && waddr_i < RsIp0 + 16'd64 && ip_off[1:0] == 2'd0;
  assign ip_idx   = ip_off[5:2];

  logic unused_off;
  assign unused_off = ^{clip_off[15:5], ip_off[15:6]};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fmt0_q       <= '0;
      fmt1_q       <= '0;
      subpixel_q   <= 1'b0;
      point_size_q <= '0;
      line_width_q <= '0;
      color_ctl_q  <= '0;
      geom_round_q <= '0;
      ps_front_q   <= '0;
      po_front_q   <= '0;
      ps_back_q    <= '0;
      po_back_q    <= '0;
      po_enable_q  <= '0;
      cull_q       <= '0;
      zscale_q     <= 32'h3F80_0000;
      zoffset_q    <= '0;
      edgerule_q   <= '0;
      clip_rule_q  <= '0;
      scissor0_q   <= '0;
      scissor1_q   <= '0;
      rs_inst_q    <= '0;
      af_func_q    <= '0;
      af_value_q   <= '0;
      zfmt_q       <= '0;
      for (int i = 0; i < 8; i++) begin
        clip_q[i] <= '0;
      end
      for (int i = 0; i < 16; i++) begin
        rs_ip_q[i] <= '0;
      end
    end else if (we_i) begin
      unique case (waddr_i)
        VapOutVtxFmt0:   fmt0_q       <= {wdata_i[16], wdata_i[4:1]};
        VapOutVtxFmt1:   fmt1_q       <= wdata_i[23:0];
        GbTileConfig:    subpixel_q   <= wdata_i[16];
        GaPointSize:     point_size_q <= wdata_i;
        GaLineCntl:      line_width_q <= wdata_i[15:0];
        GaColorControl:  color_ctl_q  <= wdata_i[17:0];
        GaRoundMode:     geom_round_q <= wdata_i[1:0];
        SuPolyScaleFront: ps_front_q  <= wdata_i;
        SuPolyOffFront:  po_front_q   <= wdata_i;
        SuPolyScaleBack: ps_back_q    <= wdata_i;
        SuPolyOffBack:   po_back_q    <= wdata_i;
        SuPolyOffEnable: po_enable_q  <= wdata_i[2:0];
        SuCullMode:      cull_q       <= wdata_i[2:0];
        SuDepthScale:    zscale_q     <= wdata_i;
        SuDepthOffset:   zoffset_q    <= wdata_i;
        RsInst0:         rs_inst_q    <= wdata_i[17:0];
        ScEdgeRule:      edgerule_q   <= wdata_i[29:0];
        ScClipRule:      clip_rule_q  <= wdata_i[15:0];
        ScScissor0:      scissor0_q   <= wdata_i[25:0];
        ScScissor1:      scissor1_q   <= wdata_i[25:0];
        FgAlphaFunc:     af_func_q    <= wdata_i[12:0];
        FgAlphaValue:    af_value_q   <= wdata_i[9:0];
        ZbFormat:        zfmt_q       <= wdata_i[3:0];
        default: begin
          if (clip_hit) begin
            clip_q[clip_idx] <= wdata_i[25:0];
          end
          if (ip_hit) begin
            rs_ip_q[ip_idx] <= wdata_i[30:0];
          end
        end
      endcase
    end
  end

  assign fmt0_o       = fmt0_q;
  assign fmt1_o       = fmt1_q;
  assign subpixel_o   = subpixel_q;
  assign point_size_o = point_size_q;
  assign line_width_o = line_width_q;
  assign color_ctl_o  = color_ctl_q;
  assign geom_round_o = geom_round_q;
  assign ps_front_o   = ps_front_q;
  assign po_front_o   = po_front_q;
  assign ps_back_o    = ps_back_q;
  assign po_back_o    = po_back_q;
  assign po_enable_o  = po_enable_q;
  assign cull_o       = cull_q;
  assign zscale_o     = zscale_q;
  assign zoffset_o    = zoffset_q;
  assign edgerule_o   = edgerule_q;
  assign clip_rule_o  = clip_rule_q;
  assign scissor_o    = {scissor1_q, scissor0_q};
  assign rs_inst_o    = rs_inst_q;
  assign af_func_o    = af_func_q;
  assign af_value_o   = af_value_q;
  assign zfmt_o       = zfmt_q;

  always_comb begin
    for (int i = 0; i < 4; i++) begin
      clip_o[52*i +: 52] = {clip_q[2*i+1], clip_q[2*i]};
    end
    for (int i = 0; i < 16; i++) begin
      rs_ip_o[31*i +: 31] = rs_ip_q[i];
    end
  end

endmodule
