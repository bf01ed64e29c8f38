// r5xx_tx_axis: one axis of the coordinate-to-texel mapping of the R5xx texture unit
// (docs/blocks/r5xx.tx.md, D2-D4; the C twin is r5xx_tx_map_axis() in model/r5xx/tx/tx_math.c).
// Purely combinational.
//   X = floor(coord * size * 256) exactly from the binary32 fields (NaN, zero, denormal -> 0;
//       mirror-once modes take |coord|; the exponent is capped where nothing changes);
//   reduced per wrap mode (mod 256 size, mod 512 size, clamp to [0, 256 size] or to +-2^22);
//   Y = X - 128 (bilinear) or X (point): i0 = floor(Y / 256), i1 = i0 + 1, f = Y mod 256;
//   each index mapped into [0, size - 1] with a border flag.
// With xsel_i the fixed-point X is x_i (a cube map's face coordinate, D17) instead of coord_i's.
module r5xx_tx_axis (
  input  logic [31:0] coord_i,   // binary32 bits
  input  logic        xsel_i,    // take X from x_i
  input  logic signed [63:0] x_i,
  input  logic [12:0] size_i,    // 1..4096
  input  logic [2:0]  mode_i,    // TX_FILTER0.CLAMP_x
  input  logic        lin_i,     // bilinear
  output logic [11:0] i0_o,
  output logic [11:0] i1_o,
  output logic        b0_o,
  output logic        b1_o,
  output logic [7:0]  f_o
);

  logic               sg;
  logic [7:0]         e;
  logic [22:0]        mt;
  logic               zero;
  logic [36:0]        p;
  logic signed [9:0]  k;
  logic [3:0]         kk;
  logic [5:0]         sh;
  logic [63:0]        pmag;
  logic [63:0]        pdn;
  logic [63:0]        pup;
  logic signed [63:0] x_raw;
  logic signed [63:0] x;
  logic signed [63:0] m256;
  logic signed [63:0] mper;
  logic [63:0]        mag;
  logic [63:0]        rem;
  logic signed [63:0] wrapped;
  logic signed [63:0] y;
  logic signed [63:0] i0;
  logic signed [63:0] sz;

  assign sg   = coord_i[31] && !(mode_i == 3'd3 || mode_i == 3'd5 || mode_i == 3'd7);
  assign e    = coord_i[30:23];
  assign mt   = coord_i[22:0];
  assign zero = e == 8'd0 || (e == 8'd255 && mt != 23'd0);
  assign p    = {13'd0, 1'b1, mt} * {24'd0, size_i};
  assign k    = $signed({2'b00, e}) - 10'sd142;
  assign kk   = (k > 10'sd9) ? 4'd9 : k[3:0];
  assign sh   = (k < -10'sd40) ? 6'd40 : 6'(-k);
  assign pmag = {27'd0, p} << kk;
  assign pdn  = {27'd0, p} >> sh;
  assign pup  = ({27'd0, p} + ((64'd1 << sh) - 64'd1)) >> sh;

  always_comb begin
    if (xsel_i) begin
      x_raw = x_i;
    end else if (zero) begin
      x_raw = 64'sd0;
    end else if (k >= 10'sd0) begin
      x_raw = sg ? -$signed(pmag) : $signed(pmag);
    end else begin
      x_raw = sg ? -$signed(pup) : $signed(pdn);
    end
  end

  assign sz   = $signed({51'd0, size_i});
  assign m256 = sz <<< 8;
  assign mper = (mode_i == 3'd1) ? (m256 <<< 1) : m256;
  assign mag  = x_raw[63] ? 64'(-x_raw) : 64'(x_raw);
  assign rem  = mag % 64'(mper);
  assign wrapped = (x_raw[63] && rem != 64'd0) ? (mper - $signed(rem)) : $signed(rem);

  always_comb begin
    unique case (mode_i)
      3'd0, 3'd1: x = wrapped;
      3'd4, 3'd5: x = (x_raw < 64'sd0) ? 64'sd0 : (x_raw > m256) ? m256 : x_raw;
      default:    x = (x_raw < -64'sd4194304) ? -64'sd4194304 :
                      (x_raw > 64'sd4194304) ? 64'sd4194304 : x_raw;
    endcase
  end

  assign y   = x - (lin_i ? 64'sd128 : 64'sd0);
  assign i0  = y >>> 8;
  assign f_o = lin_i ? y[7:0] : 8'd0;

  // D4: each index mapped into the texture, with its border flag
  r5xx_tx_index u_i0 (
    .i_i      (i0),
    .size_i   (sz),
    .mode_i   (mode_i),
    .lin_i    (lin_i),
    .idx_o    (i0_o),
    .border_o (b0_o)
  );

  r5xx_tx_index u_i1 (
    .i_i      (i0 + 64'sd1),
    .size_i   (sz),
    .mode_i   (mode_i),
    .lin_i    (lin_i),
    .idx_o    (i1_o),
    .border_o (b1_o)
  );

endmodule
