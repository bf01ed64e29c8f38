// r5xx_rb3d_blend_ch: the blender of one channel (docs/blocks/r5xx.rb3d.md "Blending"; the C twin
// is the loop body of rb3d_blend() with rb3d_factor()).  cntl_i is the blend control of the
// channel (RB3D_BLENDCNTL, or RB3D_ABLENDCNTL for alpha with SEPARATE_ALPHA_ENABLE):
// COMB_FCN[14:12], SRCBLEND[21:16], DESTBLEND[29:24] (000:8248-8413).
//   ps = s * fs, pd = d * fd (exact unorm16 products, r5xx_rb3d_mul16)
//   COMB_FCN 0 min(ps + pd, 1)   1 (ps + pd) mod 2^16   2 max(ps - pd, 0)   3 (ps - pd) mod 2^16
//            4 min(s, d)         5 max(s, d)            6 max(pd - ps, 0)   7 (pd - ps) mod 2^16
// Purely combinational.
module r5xx_rb3d_blend_ch #(
  parameter bit IsAlpha = 1'b0
) (
  input  logic [31:0] cntl_i,
  input  logic [15:0] s_i,      // source channel
  input  logic [15:0] d_i,      // destination channel
  input  logic [15:0] as_i,     // source alpha
  input  logic [15:0] ad_i,     // destination alpha
  input  logic [15:0] k_i,      // constant colour channel (8 bits widened)
  input  logic [15:0] ka_i,     // constant alpha
  output logic [15:0] res_o
);

  localparam logic [15:0] One = 16'hFFFF;

  logic [2:0] comb;
  logic [5:0] sf;
  logic [5:0] df;

  assign comb = cntl_i[14:12];
  assign sf   = cntl_i[21:16];
  assign df   = cntl_i[29:24];

  // A factor (000:8273-8413): the D3D and GL codes; SRCALPHASAT min(As, 1 - Ad) (1 for alpha)
  // and BOTHSRCALPHA / BOTHINVSRCALPHA are source-only; reserved codes give 0.
  function automatic logic [15:0] factor(logic [5:0] code, logic src_role, logic [15:0] s,
                                         logic [15:0] d, logic [15:0] as, logic [15:0] ad,
                                         logic [15:0] k, logic [15:0] ka);
    logic [15:0] f;
    logic [15:0] inv_ad;
    inv_ad = One - ad;
    unique case (code)
      6'd1, 6'd32:  f = '0;
      6'd2, 6'd33:  f = One;
      6'd3, 6'd34:  f = s;
      6'd4, 6'd35:  f = One - s;
      6'd5, 6'd38:  f = as;
      6'd6, 6'd39:  f = One - as;
      6'd7, 6'd40:  f = ad;
      6'd8, 6'd41:  f = inv_ad;
      6'd9, 6'd36:  f = d;
      6'd10, 6'd37: f = One - d;
      6'd43:        f = k;
      6'd44:        f = One - k;
      6'd45:        f = ka;
      6'd46:        f = One - ka;
      6'd11, 6'd42: f = !src_role ? 16'd0 : IsAlpha ? One : (as < inv_ad) ? as : inv_ad;
      6'd12:        f = src_role ? as : 16'd0;
      6'd13:        f = src_role ? One - as : 16'd0;
      default:      f = '0;
    endcase
    return f;
  endfunction

  logic [15:0] fs;
  logic [15:0] fd;
  logic [15:0] ps;
  logic [15:0] pd;

  assign fs = factor(sf, 1'b1, s_i, d_i, as_i, ad_i, k_i, ka_i);
  // BOTHSRCALPHA / BOTHINVSRCALPHA as SRCBLEND override the destination factor (D3D9)
  assign fd = (sf == 6'd12) ? One - as_i :
              (sf == 6'd13) ? as_i : factor(df, 1'b0, s_i, d_i, as_i, ad_i, k_i, ka_i);

  r5xx_rb3d_mul16 u_ps (.a_i(s_i), .b_i(fs), .p_o(ps));
  r5xx_rb3d_mul16 u_pd (.a_i(d_i), .b_i(fd), .p_o(pd));

  logic [16:0] sum;
  logic [16:0] sd;     // ps - pd, two's complement
  logic [16:0] ds;     // pd - ps

  assign sum = {1'b0, ps} + {1'b0, pd};
  assign sd  = {1'b0, ps} - {1'b0, pd};
  assign ds  = {1'b0, pd} - {1'b0, ps};

  always_comb begin
    unique case (comb)
      3'd0:    res_o = sum[16] ? One : sum[15:0];
      3'd1:    res_o = sum[15:0];
      3'd2:    res_o = sd[16] ? 16'd0 : sd[15:0];
      3'd3:    res_o = sd[15:0];
      3'd4:    res_o = (s_i < d_i) ? s_i : d_i;
      3'd5:    res_o = (s_i > d_i) ? s_i : d_i;
      3'd6:    res_o = ds[16] ? 16'd0 : ds[15:0];
      default: res_o = ds[15:0];
    endcase
  end

  logic unused_cntl;
  assign unused_cntl = ^{cntl_i[31:30], cntl_i[23:22], cntl_i[15], cntl_i[11:0]};

endmodule
