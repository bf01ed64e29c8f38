// r5xx_rb3d_blend: the blender of a pixel, four r5xx_rb3d_blend_ch (docs/blocks/r5xx.rb3d.md
// "Blending"; the C twin is rb3d_blend()).  B, G and R use RB3D_BLENDCNTL; alpha uses
// RB3D_ABLENDCNTL when SEPARATE_ALPHA_ENABLE[1], else RB3D_BLENDCNTL too (000:8427-8449).
// The constant colour is RB3D_CONSTANT_COLOR (8-bit BGRA, 000:8993-9009), each byte widened to
// 16 bits by replication.  Purely combinational.
module r5xx_rb3d_blend (
  input  logic [31:0] blend_i,     // RB3D_BLENDCNTL
  input  logic [31:0] ablend_i,    // RB3D_ABLENDCNTL
  input  logic [31:0] const_i,     // RB3D_CONSTANT_COLOR
  input  logic [63:0] src_i,
  input  logic [63:0] dst_i,
  output logic [63:0] res_o
);

  logic [31:0] acntl;
  assign acntl = blend_i[1] ? ablend_i : blend_i;

  for (genvar c = 0; c < 4; c++) begin : g_ch
    logic [31:0] cntl;   // a net, not a ternary on the port: Icarus 11 then loses the genvar
    assign cntl = (c == 3) ? acntl : blend_i;
    r5xx_rb3d_blend_ch #(
      .IsAlpha (c == 3)
    ) u_ch (
      .cntl_i (cntl),
      .s_i    (src_i[16*c +: 16]),
      .d_i    (dst_i[16*c +: 16]),
      .as_i   (src_i[63:48]),
      .ad_i   (dst_i[63:48]),
      .k_i    ({2{const_i[8*c +: 8]}}),
      .ka_i   ({2{const_i[31:24]}}),
      .res_o  (res_o[16*c +: 16])
    );
  end

endmodule
