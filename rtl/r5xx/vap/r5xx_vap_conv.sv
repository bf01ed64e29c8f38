// r5xx_vap_conv: one complete PSC element's dwords -> its (X, Y, Z, W) vector(s) before the
// swizzle (docs/blocks/r5xx.vap.md "Data types"): floats copied bit for bit, fixed-point components
// through r5xx_vap_fix, halves through r5xx_vap_h2f.  FLOAT_8 gives a second vector (two_o);
// DATA_TYPE 13-15 write nothing (we_o = 0, decision 8).  Purely combinational.
module r5xx_vap_conv (
  input  logic [3:0]       type_i,
  input  logic             signed_i,
  input  logic             norm_i,
  input  logic [1:0]       method_i,
  input  logic [7:0][31:0] d_i,        // the element's dwords, d_i[0] first
  output logic [3:0][31:0] v1_o,       // [0] = X ... [3] = W
  output logic [3:0][31:0] v2_o,
  output logic             two_o,
  output logic             we_o
);

  localparam logic [31:0] One = 32'h3F80_0000;

  logic [3:0][15:0] fu;
  logic [3:0][4:0]  fn;
  logic [3:0][31:0] fx;
  logic [3:0][31:0] hf;

  // the fixed-point fields and their widths
  always_comb begin
    fu = '0;
    fn = {4{5'd8}};
    unique case (type_i)
      4'd4: begin   // BYTE
        fu = {8'd0, d_i[0][31:24], 8'd0, d_i[0][23:16], 8'd0, d_i[0][15:8], 8'd0, d_i[0][7:0]};
      end
      4'd5: begin   // D3DCOLOR
        fu = {8'd0, d_i[0][31:24], 8'd0, d_i[0][7:0], 8'd0, d_i[0][15:8], 8'd0, d_i[0][23:16]};
      end
      4'd6: begin   // SHORT_2
        fu = {16'd0, 16'd0, d_i[0][31:16], d_i[0][15:0]};
        fn = {4{5'd16}};
      end
      4'd7: begin   // SHORT_4
        fu = {d_i[1][31:16], d_i[1][15:0], d_i[0][31:16], d_i[0][15:0]};
        fn = {4{5'd16}};
      end
      4'd8: begin   // VECTOR_3_TTT
        fu = {16'd0, 6'd0, d_i[0][29:20], 6'd0, d_i[0][19:10], 6'd0, d_i[0][9:0]};
        fn = {4{5'd10}};
      end
      4'd9: begin   // VECTOR_3_EET
        fu = {16'd0, 6'd0, d_i[0][31:22], 5'd0, d_i[0][21:11], 5'd0, d_i[0][10:0]};
        fn = {5'd10, 5'd10, 5'd11, 5'd11};
      end
      default: ;
    endcase
  end

  for (genvar c = 0; c < 4; c++) begin : g_comp
    r5xx_vap_fix u_fix (
      .u_i      (fu[c]),
      .n_i      (fn[c]),
      .signed_i (signed_i),
      .norm_i   (norm_i),
      .method_i (method_i),
      .f_o      (fx[c])
    );
    r5xx_vap_h2f u_h2f (
      .h_i (d_i[c / 2][16 * (c % 2) +: 16]),
      .f_o (hf[c])
    );
  end

  always_comb begin
    v1_o  = '0;
    v2_o  = {d_i[7], d_i[6], d_i[5], d_i[4]};
    two_o = 1'b0;
    we_o  = 1'b1;
    unique case (type_i)
      4'd0:                   v1_o = {One, 32'd0, 32'd0, d_i[0]};
      4'd1:                   v1_o = {One, 32'd0, d_i[1], d_i[0]};
      4'd2:                   v1_o = {One, d_i[2], d_i[1], d_i[0]};
      4'd3:                   v1_o = {d_i[3], d_i[2], d_i[1], d_i[0]};
      4'd4, 4'd5, 4'd7:       v1_o = fx;
      4'd6:                   v1_o = {One, 32'd0, fx[1], fx[0]};
      4'd8, 4'd9:             v1_o = {One, fx[2], fx[1], fx[0]};
      4'd10: begin
        v1_o  = {d_i[3], d_i[2], d_i[1], d_i[0]};
        two_o = 1'b1;
      end
      4'd11:                  v1_o = {One, 32'd0, hf[1], hf[0]};
      4'd12:                  v1_o = hf;
      default:                we_o = 1'b0;
    endcase
  end

endmodule
