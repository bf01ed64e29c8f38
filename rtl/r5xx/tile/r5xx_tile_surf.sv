// r5xx_tile_surf: decodes the raw surface registers of one R5xx client into the surface that
// r5xx_tile_addr addresses (docs/blocks/r5xx.tile.md; the C twins are r5xx_surface_color/_depth/
// _texture() in model/r5xx/tile/tile_addr.c).  Purely combinational.
//
//   kind_i  reg0_i              reg1_i               reg2_i        reg3_i
//   0 CB    RB3D_COLOROFFSETn   RB3D_COLORPITCHn     -             -
//   1 ZB    ZB_DEPTHOFFSET      ZB_DEPTHPITCH        ZB_FORMAT     -
//   2 TX    TX_OFFSET_n         TX_FORMAT0_n         TX_FORMAT1_n  TX_FORMAT2_n
//   3       (no surface: all zero, flagged BADCFG)
//
// err_o: [0] BADCFG no such layout (addressed as linear/linear), [1] CLIENT a layout the seed's
// client list excludes for this unit, [2] ALIGN macro-tiled base not 2 KB aligned.
module r5xx_tile_surf (
  input  logic [1:0]  kind_i,
  input  logic [31:0] reg0_i,
  input  logic [31:0] reg1_i,
  input  logic [31:0] reg2_i,
  input  logic [31:0] reg3_i,
  output logic [31:0] base_o,
  output logic [14:0] pitch_o,
  output logic [2:0]  bpp_o,
  output logic        macro_o,
  output logic [1:0]  micro_o,
  output logic [2:0]  err_o
);

  localparam logic [1:0] KindCb = 2'd0;
  localparam logic [1:0] KindZb = 2'd1;
  localparam logic [1:0] KindTx = 2'd2;

  localparam logic [1:0] MicroTiled  = 2'd1;
  localparam logic [1:0] MicroSquare = 2'd2;
  localparam logic [1:0] MicroResvd  = 2'd3;

  // Bytes per pixel as log2, bit 3 set = no such format.
  // RB3D_COLORPITCHn.COLORFORMAT (000:8833-8859); 10-bit components take 16 bits (decision).
  function automatic logic [3:0] color_bpp(logic [3:0] fmt);
    unique case (fmt)
      4'd0:  color_bpp = 4'd3;   // ARGB10101010
      4'd1:  color_bpp = 4'd2;   // UV1010
      4'd2:  color_bpp = 4'd0;   // CI8 (2D only)
      4'd3:  color_bpp = 4'd1;   // ARGB1555
      4'd4:  color_bpp = 4'd1;   // RGB565
      4'd5:  color_bpp = 4'd2;   // ARGB2101010
      4'd6:  color_bpp = 4'd2;   // ARGB8888
      4'd7:  color_bpp = 4'd4;   // ARGB32323232
      4'd8:  color_bpp = 4'd8;   // reserved
      4'd9:  color_bpp = 4'd0;   // I8
      4'd10: color_bpp = 4'd3;   // ARGB16161616
      4'd11: color_bpp = 4'd1;   // YUV422 VYUY
      4'd12: color_bpp = 4'd1;   // YUV422 YVYU
      4'd13: color_bpp = 4'd1;   // UV88
      4'd14: color_bpp = 4'd1;   // I10
      default: color_bpp = 4'd1; // 15 ARGB4444
    endcase
  endfunction

  // ZB_FORMAT.DEPTHFORMAT (000:15129-15137).
  function automatic logic [3:0] depth_bpp(logic [3:0] fmt);
    unique case (fmt)
      4'd0, 4'd1: depth_bpp = 4'd1;   // 16-bit Z, 16-bit 13E3
      4'd2:       depth_bpp = 4'd2;   // Z24S8
      default:    depth_bpp = 4'd8;   // reserved
    endcase
  endfunction

  // TX_FORMAT1.TXFORMAT with TX_FORMAT2.TXFORMAT_MSB (000:11737-11778).
  function automatic logic [3:0] tx_bpp(logic msb, logic [4:0] fmt);
    if (msb) begin
      unique case (fmt)
        5'd2:    tx_bpp = 4'd1;   // 10
        5'd3:    tx_bpp = 4'd2;   // 10_10
        5'd4:    tx_bpp = 4'd3;   // 10_10_10_10
        default: tx_bpp = 4'd8;   // 1, 1_REVERSE (1 bit), ATI1N (compressed), not listed
      endcase
    end else begin
      unique case (fmt)
        5'd0, 5'd2, 5'd5, 5'd18:                             tx_bpp = 4'd0;
        5'd1, 5'd3, 5'd6, 5'd7, 5'd10, 5'd11, 5'd20, 5'd21,
        5'd22, 5'd24:                                        tx_bpp = 4'd1;
        5'd4, 5'd8, 5'd9, 5'd12, 5'd13, 5'd19, 5'd23, 5'd25,
        5'd27, 5'd30:                                        tx_bpp = 4'd2;
        5'd14, 5'd26, 5'd28:                                 tx_bpp = 4'd3;
        5'd29:                                               tx_bpp = 4'd4;
        default:                                             tx_bpp = 4'd8;  // 15-17, ATI2N
      endcase
    end
  endfunction

  logic [3:0]  fmt_bpp;      // bit 3: no such format
  logic [14:0] pitch;
  logic        macro;
  logic [1:0]  micro;
  logic        client;
  logic        badcfg;
  logic [10:0] tx_width;

  assign tx_width = reg1_i[10:0];

  always_comb begin
    fmt_bpp = 4'd8;
    pitch   = '0;
    macro   = 1'b0;
    micro   = 2'd0;
    client  = 1'b0;
    unique case (kind_i)
      KindCb: begin
        // COLORPITCH[13:1], COLORTILE[16], COLORMICROTILE[18:17], COLORFORMAT[24:21] (000:8806-8859)
        fmt_bpp = color_bpp(reg1_i[24:21]);
        pitch   = {1'b0, reg1_i[13:1], 1'b0};
        macro   = reg1_i[16];
        micro   = reg1_i[18:17];
        // CI8 is 2D only; 64 bpp micro-tiles are tx/hdp only (001:262)
        client  = (reg1_i[24:21] == 4'd2) || (fmt_bpp == 4'd3 && micro == MicroTiled);
      end
      KindZb: begin
        // DEPTHPITCH[13:2], DEPTHMACROTILE[16], DEPTHMICROTILE[18:17] (000:15069-15102)
        fmt_bpp = depth_bpp(reg2_i[3:0]);
        pitch   = {1'b0, reg1_i[13:2], 2'b00};
        macro   = reg1_i[16];
        micro   = reg1_i[18:17];
        // the 8x2 16-bit micro-tile is not a ZB layout (001:258)
        client  = (fmt_bpp == 4'd1 && micro == MicroTiled);
      end
      KindTx: begin
        // MACRO_TILE[2], MICRO_TILE[4:3] (000:11981-12004); TXPITCH_EN[31] selects
        // TXPITCH[13:0] + 1, else TXWIDTH[10:0] with TXWIDTH_11 (TX_FORMAT2[15]) + 1
        fmt_bpp = tx_bpp(reg3_i[14], reg2_i[4:0]);
        pitch   = reg1_i[31] ? ({1'b0, reg3_i[13:0]} + 15'd1)
                             : ({3'b000, reg3_i[15], tx_width} + 15'd1);
        macro   = reg0_i[2];
        micro   = reg0_i[4:3];
      end
      default: ;
    endcase
  end

  assign badcfg = fmt_bpp[3] || micro == MicroResvd ||
                  (micro == MicroSquare && fmt_bpp != 4'd1) ||
                  (micro == MicroTiled && fmt_bpp == 4'd4);

  assign base_o  = (kind_i == 2'd3) ? 32'd0 : {reg0_i[31:5], 5'd0};
  assign pitch_o = pitch;
  assign bpp_o   = fmt_bpp[3] ? 3'd2 : fmt_bpp[2:0];   // a missing format is addressed as 32 bpp
  assign macro_o = macro && !badcfg;
  assign micro_o = badcfg ? 2'd0 : micro;
  assign err_o   = {macro_o && (base_o[10:0] != 11'd0), client && !badcfg, badcfg};

  // Bits the decoder does not use.
  logic unused_bits;
  assign unused_bits = ^{reg0_i[1:0], reg1_i[15:14], reg1_i[20:19], reg1_i[30:25], reg2_i[31:5],
                         reg3_i[31:16]};

endmodule
