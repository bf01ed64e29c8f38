// r5xx_rb3d_regs: the registers r5xx_rb3d snoops from the register backbone
// (docs/blocks/r5xx.rb3d.md "Registers"; the C twin is rb3d_regs_* in model/r5xx/rb3d/rb3d_pixel.c).
//
// addr_i/hit_o/idx_o: the decode of a backbone address into a register index (combinational).
// we_i/widx_i/wdata_i: a write of a whole register, taken at the edge.  Registers are stored
// whole (32 bits); the users read the fields they need.
// Reset (000:8203-9122): RB3D_BLENDCNTL 0x00000004 (READ_ENABLE = 1), RB3D_COLOR_CHANNEL_MASK
// 0x0000FFFF, RB3D_DISCARD_SRC_PIXEL_GTE_THRESHOLD 0xFFFFFFFF, RB3D_COLORPITCHn COLORFORMAT = 6
// (ARGB8888); everything else 0 (fields with default "none" included).
//
// Index: 0 CCTL, 1 BLENDCNTL, 2 ABLENDCNTL, 3 COLOR_CHANNEL_MASK, 4 CONSTANT_COLOR, 5 ROPCNTL,
// 6 DITHER_CTL, 7 LTE threshold, 8 GTE threshold, 9-12 COLOROFFSET0-3, 13-16 COLORPITCH0-3.
module r5xx_rb3d_regs (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic [15:0]      addr_i,
  output logic             hit_o,
  output logic [4:0]       idx_o,

  input  logic             we_i,
  input  logic [4:0]       widx_i,
  input  logic [31:0]      wdata_i,

  output logic [31:0]      cctl_o,
  output logic [31:0]      blend_o,
  output logic [31:0]      ablend_o,
  output logic [31:0]      chmask_o,
  output logic [31:0]      const_o,
  output logic [31:0]      rop_o,
  output logic [31:0]      dither_o,
  output logic [31:0]      lte_o,
  output logic [31:0]      gte_o,
  output logic [3:0][31:0] off_o,
  output logic [3:0][31:0] pitch_o
);

  localparam bit [31:0] NRegs = 17;

  // Byte addresses (000:8698, 8427, 8248, 8863, 8993, 9104, 9031, 8687, 8667, 8798, 8806).
  localparam logic [15:0] RB3D_CCTL          = 16'h4E00;
  localparam logic [15:0] RB3D_BLENDCNTL     = 16'h4E04;
  localparam logic [15:0] RB3D_ABLENDCNTL    = 16'h4E08;
  localparam logic [15:0] RB3D_CHANNEL_MASK  = 16'h4E0C;
  localparam logic [15:0] RB3D_CONSTANT      = 16'h4E10;
  localparam logic [15:0] RB3D_ROPCNTL       = 16'h4E18;
  localparam logic [15:0] RB3D_COLOROFFSET0  = 16'h4E28;
  localparam logic [15:0] RB3D_COLORPITCH0   = 16'h4E38;
  localparam logic [15:0] RB3D_DITHER_CTL    = 16'h4E50;
  localparam logic [15:0] RB3D_LTE_THRESHOLD = 16'h4EA0;
  localparam logic [15:0] RB3D_GTE_THRESHOLD = 16'h4EA4;

  logic [15:0] off_rel;
  logic [15:0] pitch_rel;

  assign off_rel   = addr_i - RB3D_COLOROFFSET0;
  assign pitch_rel = addr_i - RB3D_COLORPITCH0;

  always_comb begin
    hit_o = 1'b1;
    idx_o = 5'd0;
    unique case (addr_i)
      RB3D_CCTL:          idx_o = 5'd0;
      RB3D_BLENDCNTL:     idx_o = 5'd1;
      RB3D_ABLENDCNTL:    idx_o = 5'd2;
      RB3D_CHANNEL_MASK:  idx_o = 5'd3;
      RB3D_CONSTANT:      idx_o = 5'd4;
      RB3D_ROPCNTL:       idx_o = 5'd5;
      RB3D_DITHER_CTL:    idx_o = 5'd6;
      RB3D_LTE_THRESHOLD: idx_o = 5'd7;
      RB3D_GTE_THRESHOLD: idx_o = 5'd8;
      default: begin
        if (off_rel < 16'd16 && off_rel[1:0] == 2'd0) begin
          idx_o = 5'd9 + {3'd0, off_rel[3:2]};
        end else if (pitch_rel < 16'd16 && pitch_rel[1:0] == 2'd0) begin
          idx_o = 5'd13 + {3'd0, pitch_rel[3:2]};
        end else begin
          hit_o = 1'b0;
        end
      end
    endcase
  end

  function automatic logic [31:0] reset_value(bit [31:0] i);
    unique case (i)
      1:              reset_value = 32'h0000_0004;
      3:              reset_value = 32'h0000_FFFF;
      8:              reset_value = 32'hFFFF_FFFF;
      13, 14, 15, 16: reset_value = 32'h00C0_0000;   // COLORFORMAT[24:21] = 6
      default:        reset_value = 32'h0000_0000;
    endcase
  endfunction

  logic [31:0] regs_q [NRegs];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (bit [31:0] i = 0; i < NRegs; i++) begin
        regs_q[i] <= reset_value(i);
      end
    end else if (we_i) begin
      regs_q[widx_i] <= wdata_i;
    end
  end

  assign cctl_o   = regs_q[0];
  assign blend_o  = regs_q[1];
  assign ablend_o = regs_q[2];
  assign chmask_o = regs_q[3];
  assign const_o  = regs_q[4];
  assign rop_o    = regs_q[5];
  assign dither_o = regs_q[6];
  assign lte_o    = regs_q[7];
  assign gte_o    = regs_q[8];
  for (genvar n = 0; n < 4; n++) begin : g_buf
    assign off_o[n]   = regs_q[9 + n];
    assign pitch_o[n] = regs_q[13 + n];
  end

endmodule
