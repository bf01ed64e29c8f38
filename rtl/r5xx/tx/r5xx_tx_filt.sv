// r5xx_tx_filt: the four output channels of a sample (docs/blocks/r5xx.tx.md, D5-D7; the C twin
// is r5xx_tx_filter() in model/r5xx/tx/tx_math.c).  Purely combinational.
//   each texel k: decoded (r5xx_tx_texel), swizzled per output channel (SEL_* 0-3 component,
//   5 one, 4/6/7 zero; a component the format lacks is zero) or the border colour (ARGB8888,
//   each channel * 257) when it is a border texel;
//   weights (256 - fs)(256 - ft), fs (256 - ft), (256 - fs) ft, fs ft for T0..T3 (sum 65536);
//   channel = (sum of weight * value + rnd) >> 16, rnd 32768 or 16384 (MC_ROUND), then / 65535
//   as binary32 (r5xx_tx_u16f).
module r5xx_tx_filt (
  input  logic [4:0]         fmt_i,       // TX_FORMAT1.TXFORMAT
  input  logic [11:0]        sel_i,       // {SEL_BLUE, SEL_GREEN, SEL_RED, SEL_ALPHA}: TX_FORMAT1[20:9]
  input  logic [31:0]        border_i,    // TX_BORDER_COLOR, ARGB8888
  input  logic               mcr_i,       // TX_FILTER1.MC_ROUND
  input  logic [3:0][31:0]   word_i,      // the dword of texel k
  input  logic [3:0][1:0]    off_i,       // byte address & 3 of texel k
  input  logic [3:0]         bord_i,      // texel k is the border colour
  input  logic [7:0]         fs_i,
  input  logic [7:0]         ft_i,
  output logic [3:0][31:0]   out_o        // R, G, B, A
);

  logic [3:0][15:0] comp [4];     // [texel][component]
  logic [3:0][3:0]  mask;
  logic [3:0][16:0] w;
  logic [3:0][2:0]  sel;          // per output channel R, G, B, A
  logic [3:0][7:0]  bc;

  assign sel[0] = sel_i[5:3];     // SEL_RED   [14:12]
  assign sel[1] = sel_i[8:6];     // SEL_GREEN [17:15]
  assign sel[2] = sel_i[11:9];    // SEL_BLUE  [20:18]
  assign sel[3] = sel_i[2:0];     // SEL_ALPHA [11:9]
  assign bc[0]  = border_i[23:16];
  assign bc[1]  = border_i[15:8];
  assign bc[2]  = border_i[7:0];
  assign bc[3]  = border_i[31:24];

  assign w[0] = (17'd256 - {9'd0, fs_i}) * (17'd256 - {9'd0, ft_i});
  assign w[1] = {9'd0, fs_i} * (17'd256 - {9'd0, ft_i});
  assign w[2] = (17'd256 - {9'd0, fs_i}) * {9'd0, ft_i};
  assign w[3] = {9'd0, fs_i} * {9'd0, ft_i};

  for (genvar k = 0; k < 4; k++) begin : g_texel
    r5xx_tx_texel u_texel (
      .fmt_i   (fmt_i),
      .texel_i (word_i[k] >> {off_i[k], 3'b000}),
      .c0_o    (comp[k][0]),
      .c1_o    (comp[k][1]),
      .c2_o    (comp[k][2]),
      .c3_o    (comp[k][3]),
      .mask_o  (mask[k])
    );
  end

  for (genvar c = 0; c < 4; c++) begin : g_chan
    logic [3:0][15:0] v;
    logic [35:0]      acc;
    logic [35:0]      rounded;

    for (genvar k = 0; k < 4; k++) begin : g_val
      always_comb begin
        if (bord_i[k]) begin
          v[k] = {bc[c], bc[c]};
        end else if (!sel[c][2]) begin
          v[k] = mask[k][sel[c][1:0]] ? comp[k][sel[c][1:0]] : 16'd0;
        end else begin
          v[k] = (sel[c] == 3'd5) ? 16'hFFFF : 16'd0;
        end
      end
    end

    assign acc = {19'd0, w[0]} * {20'd0, v[0]} + {19'd0, w[1]} * {20'd0, v[1]}
               + {19'd0, w[2]} * {20'd0, v[2]} + {19'd0, w[3]} * {20'd0, v[3]};
    assign rounded = acc + (mcr_i ? 36'd16384 : 36'd32768);

    r5xx_tx_u16f u_f (
      .v_i (rounded[31:16]),
      .f_o (out_o[c])
    );

    logic unused_r;
    assign unused_r = ^{rounded[35:32], rounded[15:0]};
  end

endmodule
