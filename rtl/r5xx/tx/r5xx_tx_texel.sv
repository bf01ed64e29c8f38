// r5xx_tx_texel: one fixed-format texel of the R5xx texture unit decoded to its components as
// channel values (docs/blocks/r5xx.tx.md, D5 and D11; the C twin is r5xx_tx_texel() in
// model/r5xx/tx/tx_math.c).  Components are numbered from the LSB (000:11737) and widened by
// r5xx_tx_widen.  Purely combinational.  Formats above 14 give no components.
module r5xx_tx_texel (
  input  logic [4:0]               fmt_i,      // TX_FORMAT1.TXFORMAT
  input  logic [3:0]               sgn_i,      // SIGNED_COMP3..0
  input  logic [63:0]              texel_i,    // format 14: both dwords; else the dword >> 8 * (addr & 3)
  output logic [3:0][19:0]         c_o,        // signed channel values
  output logic [3:0]               mask_o      // components the format has
);

  logic [3:0][4:0] n;

  always_comb begin
    unique case (fmt_i)
      5'd0:    n = {5'd0, 5'd0, 5'd0, 5'd8};       // X8
      5'd1:    n = {5'd0, 5'd0, 5'd0, 5'd16};      // X16
      5'd2:    n = {5'd0, 5'd0, 5'd4, 5'd4};       // Y4X4
      5'd3:    n = {5'd0, 5'd0, 5'd8, 5'd8};       // Y8X8
      5'd4:    n = {5'd0, 5'd0, 5'd16, 5'd16};     // Y16X16
      5'd5:    n = {5'd0, 5'd3, 5'd3, 5'd2};       // Z3Y3X2
      5'd6:    n = {5'd0, 5'd5, 5'd6, 5'd5};       // Z5Y6X5
      5'd7:    n = {5'd0, 5'd6, 5'd5, 5'd5};       // Z6Y5X5
      5'd8:    n = {5'd0, 5'd11, 5'd11, 5'd10};    // Z11Y11X10
      5'd9:    n = {5'd0, 5'd10, 5'd11, 5'd11};    // Z10Y11X11
      5'd10:   n = {5'd4, 5'd4, 5'd4, 5'd4};       // W4Z4Y4X4
      5'd11:   n = {5'd1, 5'd5, 5'd5, 5'd5};       // W1Z5Y5X5
      5'd12:   n = {5'd8, 5'd8, 5'd8, 5'd8};       // W8Z8Y8X8
      5'd13:   n = {5'd2, 5'd10, 5'd10, 5'd10};    // W2Z10Y10X10
      5'd14:   n = {5'd16, 5'd16, 5'd16, 5'd16};   // W16Z16Y16X16
      default: n = 20'd0;
    endcase
  end

  logic [3:0][6:0] pos;
  assign pos[0] = 7'd0;
  assign pos[1] = {2'd0, n[0]};
  assign pos[2] = {2'd0, n[0]} + {2'd0, n[1]};
  assign pos[3] = {2'd0, n[0]} + {2'd0, n[1]} + {2'd0, n[2]};

  for (genvar k = 0; k < 4; k++) begin : g_comp
    logic [63:0] sh;
    logic [15:0] raw;
    assign sh  = texel_i >> pos[k];
    assign raw = sh[15:0] & ~(16'hFFFF << n[k]);
    r5xx_tx_widen u_widen (
      .c_i   (raw),
      .n_i   (n[k]),
      .sgn_i (sgn_i[k]),
      .v_o   (c_o[k])
    );
    assign mask_o[k] = n[k] != 5'd0;

    logic unused_sh;
    assign unused_sh = ^sh[63:16];
  end

endmodule
