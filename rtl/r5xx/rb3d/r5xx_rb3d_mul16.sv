// r5xx_rb3d_mul16: the exact unorm16 product round(a * b / 65535), halves rounded up
// (docs/blocks/r5xx.rb3d.md "Arithmetic"; the C twin is rb3d_mul16() in model/r5xx/rb3d/rb3d_pixel.h).
// t = a*b + 2^15; result = (t + (t >> 16)) >> 16 - exact for every a, b in 0..65535 (checked
// exhaustively).  Purely combinational.
module r5xx_rb3d_mul16 (
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  output logic [15:0] p_o
);

  logic [31:0] prod;
  logic [31:0] t;
  logic [31:0] u;

  assign prod = {16'd0, a_i} * {16'd0, b_i};
  assign t    = prod + 32'd32768;
  assign u    = t + {16'd0, t[31:16]};
  assign p_o  = u[31:16];

  logic unused_lo;
  assign unused_lo = ^u[15:0];

endmodule
