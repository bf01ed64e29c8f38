// r5xx_tx_cubex: one fixed-point face coordinate of a cube-map sample (docs/blocks/r5xx.tx.md,
// D17; the C twin is cube_x() in model/r5xx/tx/tx_math.c): X = floor(256 size (c / |ma| + 1) / 2)
// exactly, with |c| <= |ma| as 31-bit magnitudes: 128 size +- the quotient of (mantissa of c) *
// size * 128 by (mantissa of ma) << min(exponent difference, 21) (rounded toward minus infinity
// for a negative c); 128 size when c or ma is zero.  Purely combinational.
module r5xx_tx_cubex (
  input  logic [31:0]        c_i,      // binary32 bits
  input  logic [30:0]        mm_i,     // magnitude of the major axis (0: zero, denormal or NaN)
  input  logic [12:0]        size_i,
  output logic signed [63:0] x_o
);

  logic [30:0] mc;
  logic [7:0]  dexp;
  logic [4:0]  d;
  logic [63:0] num;
  logic [63:0] den;
  logic [63:0] q;
  logic [63:0] rem;
  logic signed [63:0] half;

  assign mc   = (c_i[30:23] == 8'd0 || (c_i[30:23] == 8'd255 && c_i[22:0] != 23'd0)) ? 31'd0 : c_i[30:0];
  assign dexp = mm_i[30:23] - mc[30:23];
  assign d    = (dexp > 8'd21) ? 5'd21 : dexp[4:0];
  assign num  = {40'd0, 1'b1, mc[22:0]} * {51'd0, size_i} << 7;
  assign den  = {40'd0, 1'b1, mm_i[22:0]} << d;
  assign q    = num / den;
  assign rem  = num % den;
  assign half = $signed({44'd0, size_i, 7'd0});

  always_comb begin
    if (mm_i == 31'd0 || mc == 31'd0) begin
      x_o = half;
    end else if (c_i[31]) begin
      x_o = half - $signed(q) - ((rem != 64'd0) ? 64'sd1 : 64'sd0);
    end else begin
      x_o = half + $signed(q);
    end
  end

endmodule
