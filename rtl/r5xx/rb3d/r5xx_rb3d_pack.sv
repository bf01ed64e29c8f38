// r5xx_rb3d_pack: four 16-bit channels -> a stored pixel, each channel reduced to the format's
// width by truncation (its top n bits) or rounding (round(v * (2^n - 1) / 65535), the exact
// unorm product) as RB3D_DITHER_CTL says (DITHER_MODE for B, G, R, ALPHA_DITHER_MODE for A;
// 1 = round, every other code truncates: docs/blocks/r5xx.rb3d.md "Dither").  Also the bits of the
// pixel that belong to the channels of a mask.  The C twins are rb3d_reduce(), rb3d_pack() and
// rb3d_chanbits().  Purely combinational.
module r5xx_rb3d_pack (
  input  logic [3:0]  fmt_i,
  input  logic [63:0] argb_i,
  input  logic [1:0]  dither_i,      // DITHER_MODE
  input  logic [1:0]  adither_i,     // ALPHA_DITHER_MODE
  input  logic [3:0]  mask_i,        // channels: bit 0 B, 1 G, 2 R, 3 A
  output logic [63:0] pix_o,
  output logic [63:0] chanbits_o
);

  // Channel widths per format, channel order B, G, R, A (0: none).
  function automatic logic [4:0] width(logic [3:0] fmt, int c);
    logic [4:0] w;
    w = 5'd0;
    unique case (fmt)
      4'd3:    w = (c == 3) ? 5'd1 : 5'd5;
      4'd4:    w = (c == 3) ? 5'd0 : (c == 1) ? 5'd6 : 5'd5;
      4'd5:    w = (c == 3) ? 5'd2 : 5'd10;
      4'd6:    w = 5'd8;
      4'd9:    w = (c == 2) ? 5'd8 : 5'd0;
      4'd10:   w = 5'd16;
      4'd15:   w = 5'd4;
      default: w = 5'd0;
    endcase
    return w;
  endfunction

  logic [3:0][15:0] red;    // the reduced channels, right-aligned

  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [4:0]  w;
    logic [15:0] v;
    logic [15:0] maxv;      // 2^w - 1
    logic [15:0] rnd;
    logic [15:0] trunc;
    logic        round;

    assign w     = width(fmt_i, c);
    assign v     = argb_i[16*c +: 16];
    assign maxv  = 16'((17'd1 << w) - 17'd1);
    assign trunc = (w == 5'd0) ? 16'd0 : 16'(v >> (5'd16 - w));
    assign round = (c == 3) ? (adither_i == 2'd1) : (dither_i == 2'd1);

    r5xx_rb3d_mul16 u_round (
      .a_i (v),
      .b_i (maxv),
      .p_o (rnd)
    );

    assign red[c] = round ? rnd : trunc;
  end

  always_comb begin
    pix_o      = '0;
    chanbits_o = '0;
    unique case (fmt_i)
      4'd3: begin
        pix_o      = {48'd0, red[3][0], red[2][4:0], red[1][4:0], red[0][4:0]};
        chanbits_o = {48'd0, mask_i[3], {5{mask_i[2]}}, {5{mask_i[1]}}, {5{mask_i[0]}}};
      end
      4'd4: begin
        pix_o      = {48'd0, red[2][4:0], red[1][5:0], red[0][4:0]};
        chanbits_o = {48'd0, {5{mask_i[2]}}, {6{mask_i[1]}}, {5{mask_i[0]}}};
      end
      4'd5: begin
        pix_o      = {32'd0, red[3][1:0], red[2][9:0], red[1][9:0], red[0][9:0]};
        chanbits_o = {32'd0, {2{mask_i[3]}}, {10{mask_i[2]}}, {10{mask_i[1]}}, {10{mask_i[0]}}};
      end
      4'd6: begin
        pix_o      = {32'd0, red[3][7:0], red[2][7:0], red[1][7:0], red[0][7:0]};
        chanbits_o = {32'd0, {8{mask_i[3]}}, {8{mask_i[2]}}, {8{mask_i[1]}}, {8{mask_i[0]}}};
      end
      4'd9: begin
        pix_o      = {56'd0, red[2][7:0]};
        chanbits_o = {56'd0, {8{mask_i[2]}}};
      end
      4'd10: begin
        pix_o      = {red[3], red[2], red[1], red[0]};
        chanbits_o = {{16{mask_i[3]}}, {16{mask_i[2]}}, {16{mask_i[1]}}, {16{mask_i[0]}}};
      end
      4'd15: begin
        pix_o      = {48'd0, red[3][3:0], red[2][3:0], red[1][3:0], red[0][3:0]};
        chanbits_o = {48'd0, {4{mask_i[3]}}, {4{mask_i[2]}}, {4{mask_i[1]}}, {4{mask_i[0]}}};
      end
      default: ;
    endcase
  end

endmodule
