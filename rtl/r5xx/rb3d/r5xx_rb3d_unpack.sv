// r5xx_rb3d_unpack: a stored pixel -> four 16-bit unorm channels {A, R, G, B}, each n-bit
// channel widened by bit replication (docs/blocks/r5xx.rb3d.md "Formats"; the C twin is
// rb3d_unpack()).  A format without alpha gives alpha 1.0 (0xFFFF); I8 gives (1.0, I, I, I).
// Only the supported COLORFORMAT codes are ever decoded; others give 0.  Purely combinational.
module r5xx_rb3d_unpack (
  input  logic [3:0]  fmt_i,
  input  logic [63:0] pix_i,
  output logic [63:0] argb_o
);

  logic [15:0] a;
  logic [15:0] r;
  logic [15:0] g;
  logic [15:0] b;

  always_comb begin
    a = 16'hFFFF;
    r = '0;
    g = '0;
    b = '0;
    unique case (fmt_i)
      4'd3: begin   // ARGB1555: B[4:0] G[9:5] R[14:10] A[15]
        b = {pix_i[4:0], pix_i[4:0], pix_i[4:0], pix_i[4]};
        g = {pix_i[9:5], pix_i[9:5], pix_i[9:5], pix_i[9]};
        r = {pix_i[14:10], pix_i[14:10], pix_i[14:10], pix_i[14]};
        a = {16{pix_i[15]}};
      end
      4'd4: begin   // RGB565: B[4:0] G[10:5] R[15:11]
        b = {pix_i[4:0], pix_i[4:0], pix_i[4:0], pix_i[4]};
        g = {pix_i[10:5], pix_i[10:5], pix_i[10:7]};
        r = {pix_i[15:11], pix_i[15:11], pix_i[15:11], pix_i[15]};
      end
      4'd5: begin   // ARGB2101010: B[9:0] G[19:10] R[29:20] A[31:30]
        b = {pix_i[9:0], pix_i[9:4]};
        g = {pix_i[19:10], pix_i[19:14]};
        r = {pix_i[29:20], pix_i[29:24]};
        a = {8{pix_i[31:30]}};
      end
      4'd6: begin   // ARGB8888: B[7:0] G[15:8] R[23:16] A[31:24] (000:8964-8971)
        b = {2{pix_i[7:0]}};
        g = {2{pix_i[15:8]}};
        r = {2{pix_i[23:16]}};
        a = {2{pix_i[31:24]}};
      end
      4'd9: begin   // I8: the red channel, shown on B, G and R
        r = {2{pix_i[7:0]}};
        g = r;
        b = r;
      end
      4'd10: begin  // ARGB16161616: B[15:0] G[31:16] R[47:32] A[63:48]
        b = pix_i[15:0];
        g = pix_i[31:16];
        r = pix_i[47:32];
        a = pix_i[63:48];
      end
      4'd15: begin  // ARGB4444: B[3:0] G[7:4] R[11:8] A[15:12]
        b = {4{pix_i[3:0]}};
        g = {4{pix_i[7:4]}};
        r = {4{pix_i[11:8]}};
        a = {4{pix_i[15:12]}};
      end
      default: ;
    endcase
  end

  assign argb_o = {a, r, g, b};

endmodule
