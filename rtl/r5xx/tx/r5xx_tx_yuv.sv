// r5xx_tx_yuv: one 4:2:2 texel of the R5xx texture unit (docs/blocks/r5xx.tx.md, D13; the C twin is
// r5xx_tx_yuv() in model/r5xx/tx/tx_math.c): the luma of its half of the dword and the pair's
// chroma; C0 = Cr, C1 = Y, C2 = Cb (each * 257), or with YUV_TO_RGB 1 (clamped to [0, 65535]) or 2
// the BT.601 R, G, B in 1/65792 steps, rounded down after + 128.  Purely combinational.
module r5xx_tx_yuv (
  input  logic [4:0]        fmt_i,      // 20 VYUY422 (Y0 U Y1 V), 21 YVYU422 (U Y0 V Y1)
  input  logic [1:0]        conv_i,     // TX_FORMAT1.YUV_TO_RGB
  input  logic              swap_i,     // TX_FORMAT1.SWAP_YUV
  input  logic [31:0]       word_i,
  input  logic              hi_i,       // byte address bit 1: the second texel of the pair
  output logic [2:0][19:0]  c_o
);

  localparam logic signed [39:0] KY  = 40'sd76602;
  localparam logic signed [39:0] KVR = 40'sd104991;
  localparam logic signed [39:0] KUG = 40'sd25773;
  localparam logic signed [39:0] KVG = 40'sd53482;
  localparam logic signed [39:0] KUB = 40'sd132702;

  logic [7:0] y;
  logic [7:0] u;
  logic [7:0] v;

  assign y = (fmt_i == 5'd20) ? (hi_i ? word_i[23:16] : word_i[7:0]) : (hi_i ? word_i[31:24] : word_i[15:8]);
  assign u = ((fmt_i == 5'd20) ? word_i[15:8] : word_i[7:0]) ^ {swap_i, 7'd0};
  assign v = ((fmt_i == 5'd20) ? word_i[31:24] : word_i[23:16]) ^ {swap_i, 7'd0};

  logic signed [39:0] yy;
  logic signed [39:0] uu;
  logic signed [39:0] vv;
  logic signed [2:0][39:0] rgb;
  logic conv;

  assign yy = KY * ($signed({32'd0, y}) - 40'sd16);
  assign uu = $signed({32'd0, u}) - 40'sd128;
  assign vv = $signed({32'd0, v}) - 40'sd128;
  assign rgb[0] = (yy + KVR * vv + 40'sd128) >>> 8;
  assign rgb[1] = (yy - KUG * uu - KVG * vv + 40'sd128) >>> 8;
  assign rgb[2] = (yy + KUB * uu + 40'sd128) >>> 8;
  assign conv = conv_i == 2'd1 || conv_i == 2'd2;

  for (genvar c = 0; c < 3; c++) begin : g_c
    logic signed [39:0] cl;
    assign cl = (conv_i == 2'd1) ? ((rgb[c] < 40'sd0) ? 40'sd0 : (rgb[c] > 40'sd65535) ? 40'sd65535 : rgb[c])
                                 : rgb[c];
    logic unused_cl;
    assign unused_cl = ^cl[39:20];
    assign c_o[c] = conv ? cl[19:0] : {4'd0, (c == 0) ? {v, v} : (c == 1) ? {y, y} : {u, u}};
  end

endmodule
