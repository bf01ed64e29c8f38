// r5xx_tile_addr: the byte address of pixel (x, y) of a decoded R5xx surface (docs/blocks/r5xx.tile.md;
// the C twin is r5xx_tile_addr() in model/r5xx/tile/tile_addr.c).  Purely combinational, so a
// client (r5xx_tile, later the ZB and RB3D backends) puts its own pipeline registers around it.
//
// The surface is a row-major grid of tiles, ceil(pitch / tile width) tiles per row:
//   macro_i = 0: 32-byte micro-tiles (micro-linear: 32/B x 1 pixels, so a row is the pitch
//                rounded up to 32 bytes; micro-tiled 8x4, 8x2, 4x4 (square), 4x2 or 2x2);
//   macro_i = 1: 2 KB macro-tiles of 8x8 micro-tiles, micro-tiles row-major inside.
// Pixels are row-major inside a micro-tile.  The inputs are a decoder's output
// (r5xx_tile_surf): bpp_i 0..4, and micro_i 1 or 2 only where that micro-tile exists.
module r5xx_tile_addr (
  input  logic [31:0] base_i,    // byte address of pixel (0,0)
  input  logic [14:0] pitch_i,   // row length in pixels, 0..16384
  input  logic [2:0]  bpp_i,     // log2 of the bytes per pixel, 0..4
  input  logic        macro_i,   // macro-tiled
  input  logic [1:0]  micro_i,   // 0 linear, 1 tiled, 2 square
  input  logic [13:0] x_i,
  input  logic [13:0] y_i,
  output logic [31:0] addr_o
);

  logic [2:0]  mh;          // log2 micro-tile height, 0..2
  logic [2:0]  mw;          // log2 micro-tile width, 0..5
  logic [3:0]  tw;          // log2 width of a grid tile (micro- or macro-tile), 0..8
  logic [2:0]  th;          // log2 height of a grid tile, 0..5
  logic [16:0] pitch_up;    // pitch + tile width - 1
  logic [16:0] per_row;     // tiles per row of tiles
  logic [13:0] tile_y;      // row of the tile
  logic [13:0] tile_x;      // column of the tile
  logic [31:0] tile;        // tile index (modulo 2^32)
  logic [31:0] tile_off;    // its byte offset
  logic [5:0]  micro_idx;   // micro-tile within the macro-tile: {row, column}
  logic [13:0] y_in_macro;  // y in micro-tiles; bits 2:0 are the row within the macro-tile
  logic [13:0] x_in_macro;
  logic [4:0]  inner;       // pixel within the micro-tile
  logic [4:0]  y_lo;        // y within the micro-tile
  logic [4:0]  x_lo;
  logic [31:0] inner_off;

  // Micro-tile shape (001:252-262): 8 bpp 8x4, 16 bpp 8x2 (tiled) or 4x4 (square), 32 bpp 4x2,
  // 64 bpp 2x2; micro-linear micro-tiles are one row of 32 bytes.
  always_comb begin
    unique case (micro_i)
      2'd1:    mh = (bpp_i == 3'd0) ? 3'd2 : (bpp_i < 3'd4) ? 3'd1 : 3'd0;
      2'd2:    mh = 3'd2;
      default: mh = 3'd0;
    endcase
    if (mh + bpp_i > 3'd5) begin
      mh = 3'd0;             // not a layout; never produced by the decoder
    end
  end

  assign mw = 3'd5 - bpp_i - mh;
  assign tw = {1'b0, mw} + (macro_i ? 4'd3 : 4'd0);
  assign th = mh + (macro_i ? 3'd3 : 3'd0);

  assign pitch_up = {2'b00, pitch_i} + ((17'd1 << tw) - 17'd1);
  assign per_row  = pitch_up >> tw;
  assign tile_y   = y_i >> th;
  assign tile_x   = x_i >> tw;
  assign tile     = {18'd0, tile_y} * {15'd0, per_row} + {18'd0, tile_x};
  assign tile_off = macro_i ? (tile << 11) : (tile << 5);

  assign y_in_macro = y_i >> mh;
  assign x_in_macro = x_i >> mw;
  assign micro_idx  = macro_i ? {y_in_macro[2:0], x_in_macro[2:0]} : 6'd0;

  assign y_lo      = y_i[4:0] & ~(5'h1F << mh);
  assign x_lo      = x_i[4:0] & ~(5'h1F << mw);
  assign inner     = (y_lo << mw) | x_lo;
  assign inner_off = {27'd0, inner} << bpp_i;

  assign addr_o = base_i + tile_off + {21'd0, micro_idx, 5'd0} + inner_off;

  logic unused_hi;
  assign unused_hi = ^{y_in_macro[13:3], x_in_macro[13:3]};

endmodule
