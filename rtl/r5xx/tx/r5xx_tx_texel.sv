// r5xx_tx_texel: one texel of the R5xx texture unit decoded to its components as 16-bit
// unsigned-normalised values (docs/blocks/r5xx.tx.md, D5; the C twin is r5xx_tx_texel() in
// model/r5xx/tx/tx_math.c).  Components are numbered from the LSB (000:11737); an n-bit
// component c is widened by repeating its bits (floor(65536 c / (2^n - 1)), all ones -> 65535).
// Purely combinational.  Formats 14-31 give no components (the caller flags them).
module r5xx_tx_texel (
  input  logic [4:0]  fmt_i,      // TX_FORMAT1.TXFORMAT
  input  logic [31:0] texel_i,    // the dword shifted right by 8 * (byte address & 3)
  output logic [15:0] c0_o,
  output logic [15:0] c1_o,
  output logic [15:0] c2_o,
  output logic [15:0] c3_o,
  output logic [3:0]  mask_o      // components the format has
);

  logic [31:0] t;
  assign t = texel_i;

  always_comb begin
    unique case (fmt_i)
      5'd0: begin    // X8
        c0_o = {2{t[7:0]}};
        c1_o = 16'd0;
        c2_o = 16'd0;
        c3_o = 16'd0;
        mask_o = 4'b0001;
      end
      5'd1: begin    // X16
        c0_o = t[15:0];
        c1_o = 16'd0;
        c2_o = 16'd0;
        c3_o = 16'd0;
        mask_o = 4'b0001;
      end
      5'd2: begin    // Y4X4
        c0_o = {4{t[3:0]}};
        c1_o = {4{t[7:4]}};
        c2_o = 16'd0;
        c3_o = 16'd0;
        mask_o = 4'b0011;
      end
      5'd3: begin    // Y8X8
        c0_o = {2{t[7:0]}};
        c1_o = {2{t[15:8]}};
        c2_o = 16'd0;
        c3_o = 16'd0;
        mask_o = 4'b0011;
      end
      5'd4: begin    // Y16X16
        c0_o = t[15:0];
        c1_o = t[31:16];
        c2_o = 16'd0;
        c3_o = 16'd0;
        mask_o = 4'b0011;
      end
      5'd5: begin    // Z3Y3X2
        c0_o = {8{t[1:0]}};
        c1_o = {t[4:2], t[4:2], t[4:2], t[4:2], t[4:2], t[4]};
        c2_o = {t[7:5], t[7:5], t[7:5], t[7:5], t[7:5], t[7]};
        c3_o = 16'd0;
        mask_o = 4'b0111;
      end
      5'd6: begin    // Z5Y6X5
        c0_o = {t[4:0], t[4:0], t[4:0], t[4]};
        c1_o = {t[10:5], t[10:5], t[10:7]};
        c2_o = {t[15:11], t[15:11], t[15:11], t[15]};
        c3_o = 16'd0;
        mask_o = 4'b0111;
      end
      5'd7: begin    // Z6Y5X5
        c0_o = {t[4:0], t[4:0], t[4:0], t[4]};
        c1_o = {t[9:5], t[9:5], t[9:5], t[9]};
        c2_o = {t[15:10], t[15:10], t[15:12]};
        c3_o = 16'd0;
        mask_o = 4'b0111;
      end
      5'd8: begin    // Z11Y11X10
        c0_o = {t[9:0], t[9:4]};
        c1_o = {t[20:10], t[20:16]};
        c2_o = {t[31:21], t[31:27]};
        c3_o = 16'd0;
        mask_o = 4'b0111;
      end
      5'd9: begin    // Z10Y11X11
        c0_o = {t[10:0], t[10:6]};
        c1_o = {t[21:11], t[21:17]};
        c2_o = {t[31:22], t[31:26]};
        c3_o = 16'd0;
        mask_o = 4'b0111;
      end
      5'd10: begin   // W4Z4Y4X4
        c0_o = {4{t[3:0]}};
        c1_o = {4{t[7:4]}};
        c2_o = {4{t[11:8]}};
        c3_o = {4{t[15:12]}};
        mask_o = 4'b1111;
      end
      5'd11: begin   // W1Z5Y5X5
        c0_o = {t[4:0], t[4:0], t[4:0], t[4]};
        c1_o = {t[9:5], t[9:5], t[9:5], t[9]};
        c2_o = {t[14:10], t[14:10], t[14:10], t[14]};
        c3_o = {16{t[15]}};
        mask_o = 4'b1111;
      end
      5'd12: begin   // W8Z8Y8X8
        c0_o = {2{t[7:0]}};
        c1_o = {2{t[15:8]}};
        c2_o = {2{t[23:16]}};
        c3_o = {2{t[31:24]}};
        mask_o = 4'b1111;
      end
      5'd13: begin   // W2Z10Y10X10
        c0_o = {t[9:0], t[9:4]};
        c1_o = {t[19:10], t[19:14]};
        c2_o = {t[29:20], t[29:24]};
        c3_o = {8{t[31:30]}};
        mask_o = 4'b1111;
      end
      default: begin
        c0_o = 16'd0;
        c1_o = 16'd0;
        c2_o = 16'd0;
        c3_o = 16'd0;
        mask_o = 4'b0000;
      end
    endcase
  end

endmodule
