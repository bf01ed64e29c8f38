// r5xx_tx_filt: the four output channels of a sample (docs/blocks/r5xx.tx.md, D5-D7, D10-D13; the
// C twin is r5xx_tx_filter() in model/r5xx/tx/tx_math.c).  Purely combinational.
//   fixed and 4:2:2 formats: each texel k decoded (r5xx_tx_texel, r5xx_tx_yuv) to signed channel
//   values, swizzled per output channel (SEL_* 0-3 component, 5 one, 4/6/7 zero; a component the
//   format lacks is zero), sRGB-decoded for R, G, B with GAMMA (r5xx_tx_gamma), or the border
//   colour (ARGB8888, each channel * 257); weights (256 - fs)(256 - ft), fs (256 - ft),
//   (256 - fs) ft, fs ft for T0..T3; channel = floor((sum of weight * value + rnd) / 65536), rnd
//   32768 or 16384 (MC_ROUND), then / 65535 as binary32 (r5xx_tx_v2f);
//   float formats: texel T0's components as binary32 (r5xx_tx_h2f for FP16), swizzled, or the
//   border colour converted.
module r5xx_tx_filt (
  input  logic [31:0]        f1_i,        // TX_FORMAT1
  input  logic               msb_i,       // TX_FORMAT2.TXFORMAT_MSB
  input  logic [31:0]        border_i,    // TX_BORDER_COLOR, ARGB8888
  input  logic               mcr_i,       // TX_FILTER1.MC_ROUND
  input  logic               pow2_i,      // D20: POW2FIX2FLT applies (X8, Y8X8, W8Z8Y8X8)
  input  logic               ckey_i,      // D21: CHROMA_KEY_MODE 1 or 2
  input  logic [31:0]        key_i,       // D21: TX_CHROMA_KEY
  input  logic [2:0]         dlog_i,      // log2 of the dwords per texel
  input  logic [15:0][31:0]  word_i,      // the dwords read, texel by texel
  input  logic [3:0][1:0]    off_i,       // byte address & 3 of texel k
  input  logic [3:0]         bord_i,      // texel k is the border colour
  input  logic [3:0][3:0]    sub_i,       // DXT: texel k within its block
  input  logic [7:0]         fs_i,
  input  logic [7:0]         ft_i,
  output logic [3:0][31:0]   out_o,       // R, G, B, A
  output logic [3:0][19:0]   v_o,         // R, G, B, A channel values before the conversion (D18)
  output logic [3:0]         match_o      // D21: texel k matches the chroma key
);

  logic [4:0]       fmt;
  logic             is_yuv;
  logic             is_dxt;
  logic             is_float;
  logic             is_fixed;
  logic             gamma;
  logic [3:0]       sgn;
  logic [3:0][2:0]  sel;          // per output channel R, G, B, A
  logic [3:0][7:0]  bc;
  logic [3:0][16:0] w;

  assign fmt      = f1_i[4:0];
  logic             is_ati1;
  logic             is_ati2;
  assign is_ati1  = msb_i && fmt == 5'd5;                 // D22: ATI1N
  assign is_ati2  = !msb_i && fmt == 5'd31;               // D22: ATI2N
  assign is_yuv   = fmt == 5'd20 || fmt == 5'd21;
  assign is_dxt   = fmt >= 5'd15 && fmt <= 5'd17;
  assign is_float = fmt >= 5'd24 && fmt <= 5'd29;
  assign is_fixed = fmt <= 5'd14 && !msb_i;
  assign gamma    = (is_fixed || is_dxt || is_ati1 || is_ati2) && f1_i[21] && !pow2_i;   // D20: no GAMMA with POW2FIX2FLT
  assign sgn      = (is_fixed || is_ati1 || is_ati2) ? f1_i[8:5] : 4'd0;   // D11, D22
  // D23: 4:2:2 (codes 20, 21 with MSB 0) takes no swizzle: R, G, B = C0, C1, C2, A = 1
  assign sel[0]   = (is_yuv && !msb_i) ? 3'd0 : f1_i[14:12];  // SEL_RED
  assign sel[1]   = (is_yuv && !msb_i) ? 3'd1 : f1_i[17:15];  // SEL_GREEN
  assign sel[2]   = (is_yuv && !msb_i) ? 3'd2 : f1_i[20:18];  // SEL_BLUE
  assign sel[3]   = (is_yuv && !msb_i) ? 3'd5 : f1_i[11:9];   // SEL_ALPHA
  assign bc[0]    = border_i[23:16];
  assign bc[1]    = border_i[15:8];
  assign bc[2]    = border_i[7:0];
  assign bc[3]    = border_i[31:24];

  assign w[0] = (17'd256 - {9'd0, fs_i}) * (17'd256 - {9'd0, ft_i});
  assign w[1] = {9'd0, fs_i} * (17'd256 - {9'd0, ft_i});
  assign w[2] = (17'd256 - {9'd0, fs_i}) * {9'd0, ft_i};
  assign w[3] = {9'd0, fs_i} * {9'd0, ft_i};

  // ---- fixed and 4:2:2 texels -----------------------------------------------------------------
  logic [3:0][3:0][19:0] comp;    // [texel][component]
  logic [3:0][3:0]       mask;
  logic [3:0]            match;   // D21: texel k equals the chroma key

  // log2 of the bytes of a fixed texel: the key's width
  logic [1:0]  fbpp;
  logic [31:0] kmask;
  always_comb begin
    unique case (fmt)
      5'd0, 5'd2, 5'd5:                      fbpp = 2'd0;
      5'd4, 5'd8, 5'd9, 5'd12, 5'd13:         fbpp = 2'd2;
      default:                               fbpp = 2'd1;
    endcase
  end
  assign kmask = (fbpp == 2'd0) ? 32'h0000_00FF : (fbpp == 2'd1) ? 32'h0000_FFFF : 32'hFFFF_FFFF;

  for (genvar k = 0; k < 4; k++) begin : g_texel
    logic [31:0]      w0;
    logic [31:0]      w1;
    logic [63:0]      t;
    logic [3:0][19:0] fc;
    logic [3:0]       fm;
    logic [2:0][19:0] yc;

    assign w0 = word_i[k << dlog_i];
    assign w1 = word_i[(k << dlog_i) + 1];
    assign t  = (fmt == 5'd14) ? {w1, w0} : {32'd0, w0 >> {off_i[k], 3'b000}};

    r5xx_tx_texel u_texel (
      .fmt_i   (fmt),
      .sgn_i   (sgn),
      .texel_i (t),
      .c_o     (fc),
      .mask_o  (fm)
    );

    r5xx_tx_yuv u_yuv (
      .fmt_i  (fmt),
      .conv_i (f1_i[23:22]),
      .swap_i (f1_i[24]),
      .word_i (w0),
      .hi_i   (off_i[k][1]),
      .c_o    (yc)
    );

    logic [3:0][19:0] dc;
    r5xx_tx_dxt u_dxt (
      .fmt_i (fmt),
      .w_i   ({word_i[(k << dlog_i) + 3], word_i[(k << dlog_i) + 2], w1, w0}),
      .sub_i (sub_i[k]),
      .c_o   (dc)
    );

    // D20: POW2FIX2FLT: byte q of the texel * 256 (signed: * 512)
    logic [3:0][19:0] pc;
    for (genvar q = 0; q < 4; q++) begin : g_p2
      assign pc[q] = sgn[q] ? {{3{t[8 * q + 7]}}, t[8 * q +: 8], 9'd0} : {4'd0, t[8 * q +: 8], 8'd0};
    end

    // D22: ATI1N (C0) and ATI2N (C0 from the first 8-byte block, C1 from the second), each
    // signed with its SIGNED_COMP bit
    logic signed [19:0] av0;
    logic signed [19:0] av1;
    r5xx_tx_ati u_ati0 (
      .aw_i  ({w1, w0}),
      .sub_i (sub_i[k]),
      .sgn_i (sgn[0]),
      .v_o   (av0)
    );
    r5xx_tx_ati u_ati1 (
      .aw_i  ({word_i[(k << dlog_i) + 3], word_i[(k << dlog_i) + 2]}),
      .sub_i (sub_i[k]),
      .sgn_i (sgn[1]),
      .v_o   (av1)
    );

    assign comp[k] = (is_ati1 || is_ati2) ? {40'd0, is_ati2 ? av1 : 20'sd0, av0} :
                     is_yuv ? {20'd0, yc} : is_dxt ? dc : pow2_i ? pc : fc;
    assign match[k] = ckey_i && is_fixed && fmt != 5'd14 && !bord_i[k] && ((t[31:0] & kmask) == (key_i & kmask));
    assign mask[k] = is_ati1 ? 4'b0001 : is_ati2 ? 4'b0011 : is_yuv ? 4'b0111 : is_dxt ? 4'b1111 : fm;
  end

  for (genvar c = 0; c < 4; c++) begin : g_chan
    logic signed [3:0][19:0] v;
    logic signed [39:0]      acc;
    logic signed [39:0]      rounded;
    logic signed [19:0]      res;

    for (genvar k = 0; k < 4; k++) begin : g_val
      logic [15:0] lin;
      logic        use_gamma;
      logic [19:0] cv;

      assign cv        = comp[k][sel[c][1:0]];
      assign use_gamma = gamma && (c < 3) && !sel[c][2] && mask[k][sel[c][1:0]] && !sgn[sel[c][1:0]];

      r5xx_tx_gamma u_gamma (
        .i_i (cv[15:8]),
        .o_o (lin)
      );

      always_comb begin
        if (match[k]) begin
          v[k] = 20'sd0;                       // D21: chroma-keyed texel
        end else if (bord_i[k]) begin
          v[k] = pow2_i ? {4'd0, bc[c], 8'd0} : {4'd0, bc[c], bc[c]};
        end else if (!sel[c][2]) begin
          v[k] = !mask[k][sel[c][1:0]] ? 20'sd0 : use_gamma ? {4'd0, lin} : cv;
        end else begin
          v[k] = (sel[c] == 3'd5) ? (pow2_i ? 20'sd65536 : 20'sd65535) : 20'sd0;
        end
      end
    end

    assign acc = $signed({23'd0, w[0]}) * 40'(v[0]) + $signed({23'd0, w[1]}) * 40'(v[1])
               + $signed({23'd0, w[2]}) * 40'(v[2]) + $signed({23'd0, w[3]}) * 40'(v[3]);
    assign rounded = (acc + (mcr_i ? 40'sd16384 : 40'sd32768)) >>> 16;
    assign res = rounded[19:0];
    assign v_o[c] = res;

    logic [31:0] fixed_f;
    r5xx_tx_v2f u_f (
      .v_i    (res),
      .pow2_i (pow2_i),
      .f_o    (fixed_f)
    );

    logic [31:0] border_f;
    r5xx_tx_v2f u_bf (
      .v_i    ({4'd0, bc[c], bc[c]}),
      .pow2_i (1'b0),
      .f_o    (border_f)
    );

    logic unused_r;
    assign unused_r = ^rounded[39:20];

    // ---- float formats: T0 only ---------------------------------------------------------------
    logic [3:0][31:0] flt;
    logic [3:0]       fmask;
    logic [15:0]      h0;
    logic [3:0][31:0] hf;

    assign h0 = (fmt == 5'd24) ? 16'(word_i[0] >> {off_i[0], 3'b000}) : word_i[0][15:0];

    r5xx_tx_h2f u_h0 (.h_i (h0),               .f_o (hf[0]));
    r5xx_tx_h2f u_h1 (.h_i (word_i[0][31:16]), .f_o (hf[1]));
    r5xx_tx_h2f u_h2 (.h_i (word_i[1][15:0]),  .f_o (hf[2]));
    r5xx_tx_h2f u_h3 (.h_i (word_i[1][31:16]), .f_o (hf[3]));

    always_comb begin
      unique case (fmt)
        5'd24: begin
          flt   = {96'd0, hf[0]};
          fmask = 4'b0001;
        end
        5'd25: begin
          flt   = {64'd0, hf[1], hf[0]};
          fmask = 4'b0011;
        end
        5'd26: begin
          flt   = hf;
          fmask = 4'b1111;
        end
        5'd27: begin
          flt   = {96'd0, word_i[0]};
          fmask = 4'b0001;
        end
        5'd28: begin
          flt   = {64'd0, word_i[1], word_i[0]};
          fmask = 4'b0011;
        end
        default: begin
          flt   = {word_i[3], word_i[2], word_i[1], word_i[0]};
          fmask = 4'b1111;
        end
      endcase
    end

    logic [31:0] float_f;
    always_comb begin
      if (bord_i[0]) begin
        float_f = border_f;
      end else if (!sel[c][2]) begin
        float_f = fmask[sel[c][1:0]] ? flt[sel[c][1:0]] : 32'd0;
      end else begin
        float_f = (sel[c] == 3'd5) ? 32'h3F80_0000 : 32'd0;
      end
    end

    assign out_o[c] = is_float ? float_f : fixed_f;
  end

  logic unused_filt;
  assign unused_filt = ^{f1_i[31:25]};

  assign match_o = match;

endmodule
