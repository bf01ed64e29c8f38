// r5xx_us_opix: one pixel of one render target converted by its US_OUT_FMT register
// (docs/blocks/r5xx.us.md, "Output conversion"): component k = channel SEL_k (0 A, 1 R, 2 G,
// 3 B) converted by the format's kind and width for k, present iff k < the format's count and
// the channel was written; lanes right-aligned, 0 when absent.  The C twin is us_fmt_pixel().
module r5xx_us_opix (
  input  logic         en_i,     // a record is offered (else lane_o, cm_o are 0)
  input  logic [20:0]  fmt_i,    // US_OUT_FMT_t[20:0]
  input  logic [127:0] ch_i,     // r g b a, binary32, r at [31:0]
  input  logic [3:0]   chm_i,    // channels written (bit c)
  output logic [127:0] lane_o,   // C0 at [31:0]
  output logic [3:0]   cm_o      // components present
);
  logic unused_fmt;
  assign unused_fmt = ^fmt_i[7:5];   // the register's bits 7:5 are not a field (kept 0)
  logic [31:0] unused_cv;
  r5xx_us_cvt u_cvt (.x_i(32'd0), .kind_i(3'd0), .w_i(5'd0), .trunc_i(1'b0), .v_o(unused_cv));
  for (genvar k = 0; k < 4; k++) begin : g_k
    logic [1:0]  sel, c;
    logic [2:0]  kind;
    logic [4:0]  w;
    logic [3:0]  n;
    logic        fixu, fixs, fx, sgn, present;
    logic [31:0] v;
    assign sel = fmt_i[9 + 2*k -: 2];
    assign c = sel + 2'd3;
    assign sgn = fmt_i[16 + k];
    assign fixs = (fmt_i[4:0] == 5'd6) || (fmt_i[4:0] == 5'd7);   // C_16_MPEG, C2_16_MPEG: (S)
    always_comb begin
      case (fmt_i[4:0])
        5'd0:  begin n = 4'd4; w = 5'd8;  fixu = 1'b0; fx = 1'b1; end
        5'd1, 5'd2: begin n = 4'd4; w = 5'd10; fixu = 1'b1; fx = 1'b1; end
        5'd3, 5'd6: begin n = 4'd1; w = 5'd16; fixu = 1'b0; fx = 1'b1; end
        5'd4, 5'd7: begin n = 4'd2; w = 5'd16; fixu = 1'b0; fx = 1'b1; end
        5'd5:  begin n = 4'd4; w = 5'd16; fixu = 1'b0; fx = 1'b1; end
        5'd8:  begin n = 4'd2; w = 5'd4;  fixu = 1'b1; fx = 1'b1; end
        5'd9:  begin n = 4'd3; w = (k == 0) ? 5'd2 : 5'd3; fixu = 1'b1; fx = 1'b1; end
        5'd10: begin n = 4'd3; w = (k == 1) ? 5'd5 : 5'd6; fixu = 1'b0; fx = 1'b1; end
        5'd11: begin n = 4'd3; w = (k == 0) ? 5'd10 : 5'd11; fixu = 1'b0; fx = 1'b1; end
        5'd12: begin n = 4'd3; w = (k == 2) ? 5'd10 : 5'd11; fixu = 1'b0; fx = 1'b1; end
        5'd13: begin n = 4'd4; w = (k == 3) ? 5'd2 : 5'd10; fixu = 1'b0; fx = 1'b1; end
        5'd16: begin n = 4'd1; w = 5'd16; fixu = 1'b0; fx = 1'b0; end
        5'd17: begin n = 4'd2; w = 5'd16; fixu = 1'b0; fx = 1'b0; end
        5'd18: begin n = 4'd4; w = 5'd16; fixu = 1'b0; fx = 1'b0; end
        5'd19: begin n = 4'd1; w = 5'd0;  fixu = 1'b0; fx = 1'b0; end
        5'd20: begin n = 4'd2; w = 5'd0;  fixu = 1'b0; fx = 1'b0; end
        5'd21: begin n = 4'd4; w = 5'd0;  fixu = 1'b0; fx = 1'b0; end
        default: begin n = 4'd0; w = 5'd0; fixu = 1'b0; fx = 1'b0; end
      endcase
    end
    always_comb begin
      if (n <= 4'(k)) kind = 3'd0;
      else if (!fx) kind = (w == 5'd16) ? 3'd3 : 3'd4;
      else if (fixs || (!fixu && sgn)) kind = 3'd2;
      else kind = 3'd1;
    end
    always_comb begin
      case (en_i)   // evaluated only while a record is offered
        1'b1: v = u_cvt.cvt(ch_i[32*c +: 32], kind, w, fmt_i[20]);
        default: v = 32'd0;
      endcase
    end
    assign present = en_i && (kind != 3'd0) && chm_i[c];
    assign lane_o[32*k +: 32] = present ? v : 32'd0;
    assign cm_o[k] = present;
  end
endmodule
