// r5xx_tx_dxt: one texel of a DXT1/3/5 block (docs/blocks/r5xx.tx.md, D14; the C twin is
// r5xx_tx_dxt() in model/r5xx/tx/tx_math.c).  Colours RGB565 expanded to 8 bits by repeating
// their top bits, interpolated with integer floor division; DXT3 alpha 4 bits * 17; DXT5 alpha
// from two 8-bit ends and 3-bit indices.  C0 = B, C1 = G, C2 = R, C3 = A, each * 257.
// Purely combinational.
module r5xx_tx_dxt (
  input  logic [4:0]        fmt_i,      // 15 DXT1, 16 DXT3, 17 DXT5
  input  logic [3:0][31:0]  w_i,        // the block's dwords (DXT1: the first two)
  input  logic [3:0]        sub_i,      // 4 (y mod 4) + x mod 4
  output logic [3:0][19:0]  c_o
);

  logic [31:0] cw0;
  logic [31:0] cw1;
  logic [15:0] c0;
  logic [15:0] c1;
  logic        four;
  logic [2:0][9:0] e0;   // B, G, R of colour 0, 8 bits (10 for the sums)
  logic [2:0][9:0] e1;
  logic [1:0]  idx;

  assign cw0  = (fmt_i == 5'd15) ? w_i[0] : w_i[2];
  assign cw1  = (fmt_i == 5'd15) ? w_i[1] : w_i[3];
  assign c0   = cw0[15:0];
  assign c1   = cw0[31:16];
  assign four = fmt_i != 5'd15 || c0 > c1;
  assign e0[0] = {2'd0, c0[4:0], c0[4:2]};
  assign e0[1] = {2'd0, c0[10:5], c0[10:9]};
  assign e0[2] = {2'd0, c0[15:11], c0[15:13]};
  assign e1[0] = {2'd0, c1[4:0], c1[4:2]};
  assign e1[1] = {2'd0, c1[10:5], c1[10:9]};
  assign e1[2] = {2'd0, c1[15:11], c1[15:13]};
  assign idx  = 2'(cw1 >> {sub_i, 1'b0});

  logic [2:0][7:0] col;
  for (genvar c = 0; c < 3; c++) begin : g_col
    logic [9:0] p2;
    logic [9:0] p3;
    assign p2 = four ? (10'd2 * e0[c] + e1[c]) / 10'd3 : (e0[c] + e1[c]) / 10'd2;
    assign p3 = four ? (e0[c] + 10'd2 * e1[c]) / 10'd3 : 10'd0;
    always_comb begin
      unique case (idx)
        2'd0:    col[c] = e0[c][7:0];
        2'd1:    col[c] = e1[c][7:0];
        2'd2:    col[c] = p2[7:0];
        default: col[c] = p3[7:0];
      endcase
    end
    logic unused_p;
    assign unused_p = ^{p2[9:8], p3[9:8], e0[c][9:8], e1[c][9:8]};
  end

  // alpha
  logic [63:0] aw;
  logic [7:0]  a0;
  logic [7:0]  a1;
  logic [2:0]  j;
  logic [3:0]  a4;
  logic [10:0] a5;
  logic [7:0]  alpha;

  assign aw = {w_i[1], w_i[0]};
  assign a0 = aw[7:0];
  assign a1 = aw[15:8];
  assign j  = 3'(aw >> (7'd16 + 7'd3 * {3'd0, sub_i}));
  assign a4 = 4'(aw >> {sub_i, 2'b00});

  always_comb begin
    if (j == 3'd0) begin
      a5 = {3'd0, a0};
    end else if (j == 3'd1) begin
      a5 = {3'd0, a1};
    end else if (a0 > a1) begin
      a5 = ((11'd8 - {8'd0, j}) * {3'd0, a0} + ({8'd0, j} - 11'd1) * {3'd0, a1}) / 11'd7;
    end else if (j <= 3'd5) begin
      a5 = ((11'd6 - {8'd0, j}) * {3'd0, a0} + ({8'd0, j} - 11'd1) * {3'd0, a1}) / 11'd5;
    end else begin
      a5 = (j == 3'd6) ? 11'd0 : 11'd255;
    end
  end

  always_comb begin
    if (fmt_i == 5'd16) begin
      alpha = {4'd0, a4} * 8'd17;
    end else if (fmt_i == 5'd17) begin
      alpha = a5[7:0];
    end else begin
      alpha = (!four && idx == 2'd3) ? 8'd0 : 8'd255;
    end
  end

  assign c_o[0] = {4'd0, col[0], col[0]};
  assign c_o[1] = {4'd0, col[1], col[1]};
  assign c_o[2] = {4'd0, col[2], col[2]};
  assign c_o[3] = {4'd0, alpha, alpha};

  logic unused_a;
  assign unused_a = ^a5[10:8];

endmodule
