// r5xx_tx_level: the surface of one mip level (docs/blocks/r5xx.tx.md, D15; the C twin is the
// level loop of r5xx_tx_plan_request() in model/r5xx/tx/tx_math.c).  Levels lie back to back from
// TXOFFSET; level l > 0 is max(1, W >> l) x max(1, H >> l) texels, its width is its pitch, and it
// stays macro-tiled while it is at least (MACRO_SWITCH 1: more than) one macro-tile wide; a level's
// size is its rows of tiles x tiles a row x the tile's bytes (DXT: rows of 4x4 blocks).
// Purely combinational.
module r5xx_tx_level (
  input  logic [31:0] base_i,      // level 0: the decoded surface
  input  logic [14:0] pitch_i,
  input  logic [2:0]  bpp_i,
  input  logic        macro_i,
  input  logic [1:0]  micro_i,
  input  logic [12:0] w_i,
  input  logic [12:0] h_i,
  input  logic [3:0]  lvl_i,
  input  logic        msw_i,       // TX_FILTER1.MACRO_SWITCH
  input  logic        dxt_i,
  input  logic        dxt1_i,      // 8-byte blocks
  input  logic [12:0] d_i,         // slices of level 0 (1 unless a 3D texture)
  input  logic        cube_i,      // a cube map: six faces in every level (D17)
  output logic [31:0] base_o,
  output logic [31:0] slice_o,     // bytes of one slice of the level
  output logic [12:0] d_o,         // slices of the level
  output logic [14:0] pitch_o,
  output logic        macro_o,
  output logic [12:0] w_o,
  output logic [12:0] h_o
);

  // micro-tile shape (as r5xx_tile_addr): height log2 mh, width log2 mw
  logic [2:0] mh;
  logic [2:0] mw;

  always_comb begin
    unique case (micro_i)
      2'd1:    mh = (bpp_i == 3'd0) ? 3'd2 : (bpp_i < 3'd4) ? 3'd1 : 3'd0;
      2'd2:    mh = 3'd2;
      default: mh = 3'd0;
    endcase
  end
  assign mw = 3'd5 - bpp_i - ((mh + bpp_i > 3'd5) ? 3'd0 : mh);

  logic [15:0][31:0] lsize;     // bytes of one slice of level l (mod 2^32)
  logic [15:0][31:0] ltotal;    // bytes of level l: its slices
  logic [15:0][12:0] dl;
  logic [15:0][14:0] pitch;
  logic [15:0]       macro;
  logic [15:0][12:0] wl;
  logic [15:0][12:0] hl;

  logic [3:0] mtw;              // log2 of a macro-tile's width in texels
  assign mtw = {1'b0, mw} + 4'd3;

  for (genvar l = 0; l < 16; l++) begin : g_level
    logic [12:0] ws;
    logic [12:0] hs;
    logic [12:0] ds;
    logic [63:0] total;
    logic [3:0]  tw;
    logic [3:0]  th;
    logic [63:0] rows;
    logic [63:0] cols;
    logic [63:0] size;

    assign ws    = w_i >> l;
    assign hs    = h_i >> l;
    assign ds    = d_i >> l;
    assign dl[l] = cube_i ? 13'd6 : (ds == 13'd0) ? 13'd1 : ds;
    assign wl[l] = (ws == 13'd0) ? 13'd1 : ws;
    assign hl[l] = (hs == 13'd0) ? 13'd1 : hs;
    if (l == 0) begin : g_first
      assign pitch[l] = pitch_i;
      assign macro[l] = macro_i;
    end else begin : g_next
      assign pitch[l] = {2'd0, wl[l]};
      assign macro[l] = macro_i && (msw_i ? ({2'd0, wl[l]} > (15'd1 << mtw)) : ({2'd0, wl[l]} >= (15'd1 << mtw)));
    end
    assign tw   = {1'b0, mw} + (macro[l] ? 4'd3 : 4'd0);
    assign th   = {1'b0, mh} + (macro[l] ? 4'd3 : 4'd0);
    assign rows = dxt_i ? ({51'd0, hl[l]} + 64'd3) >> 2 : ({51'd0, hl[l]} + (64'd1 << th) - 64'd1) >> th;
    assign cols = dxt_i ? ({49'd0, pitch[l]} + 64'd3) >> 2 : ({49'd0, pitch[l]} + (64'd1 << tw) - 64'd1) >> tw;
    assign size = rows * cols * (dxt_i ? (dxt1_i ? 64'd8 : 64'd16) : (macro[l] ? 64'd2048 : 64'd32));
    assign lsize[l]  = size[31:0];
    assign total     = {32'd0, size[31:0]} * {51'd0, dl[l]};
    assign ltotal[l] = total[31:0];

    logic unused_size;
    assign unused_size = ^{size[63:32], total[63:32]};
  end

  always_comb begin
    base_o = base_i;
    for (int l = 0; l < 15; l++) begin
      if (4'(l) < lvl_i) begin
        base_o = base_o + ltotal[l];
      end
    end
  end

  always_comb begin
    pitch_o = pitch[0];
    macro_o = macro[0];
    w_o     = wl[0];
    h_o     = hl[0];
    d_o     = dl[0];
    slice_o = lsize[0];
    for (int l = 1; l < 16; l++) begin
      if (lvl_i == 4'(l)) begin
        pitch_o = pitch[l];
        macro_o = macro[l];
        w_o     = wl[l];
        h_o     = hl[l];
        d_o     = dl[l];
        slice_o = lsize[l];
      end
    end
  end

  logic unused_last;
  assign unused_last = ^ltotal[15];

endmodule
