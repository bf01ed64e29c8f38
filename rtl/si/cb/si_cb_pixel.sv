// si_cb_pixel: one pixel of render target 0 (docs/blocks/si.cb.md steps 4-11), purely
// combinational: the dwords read are unswapped, the pixel's components unpacked through
// COMP_SWAP and converted to binary32, blended (si_cb_chan) or copied, converted back (si_cb_f2u),
// (UNORM, binary16 or sRGB), put through ROP3 and the channel mask, packed, inserted and swapped back; MODE 2 writes the
// clear words instead.
module si_cb_pixel (
  input  logic [31:0]  info_i,
  input  logic [31:0]  blend_i,
  input  logic [31:0]  cctl_i,
  input  logic [3:0]   cm_i,        // TARGET_MASK & SHADER_MASK, RT0
  input  logic [31:0]  cw0_i,
  input  logic [31:0]  cw1_i,
  input  logic [127:0] cst_i,       // CB_BLEND_RED..ALPHA, red in [31:0]
  input  logic [1:0]   off_i,       // the pixel's byte in its dword (bpp < 32)
  input  logic [127:0] src_i,       // R in [31:0] .. A in [127:96]
  input  logic [127:0] src1_i,
  input  logic [127:0] dw_i,        // the dwords read, dword 0 in [31:0]
  output logic [127:0] out_o
);
  localparam logic [31:0] FOne = 32'h3F80_0000;

  // the format
  logic [4:0] fmt;
  logic [2:0] nc;
  logic [5:0] w [4];
  logic       fl;
  logic [7:0] bpp;
  logic [1:0] endian;
  logic [1:0] cs;
  logic [2:0] nd;
  logic       h16;        // NUMBER_FLOAT on 16-bit components: binary16
  logic       srgb;       // NUMBER_SRGB: the colour components (not alpha) through the sRGB curve
  logic       snorm;      // NUMBER_SNORM
  logic       uint_t;     // NUMBER_UINT, NUMBER_SINT: the shader's integers, clamped; never blended
  logic       sint_t;
  assign fmt    = info_i[6:2];
  assign endian = info_i[1:0];
  assign cs     = info_i[12:11];
  assign h16    = info_i[10:8] == 3'd7 && !fl;
  assign srgb   = info_i[10:8] == 3'd6;
  assign snorm  = info_i[10:8] == 3'd1;
  assign uint_t = info_i[10:8] == 3'd4;
  assign sint_t = info_i[10:8] == 3'd5;

  // {nc, fl, w[3], w[2], w[1], w[0]}, written once: a default overridden in an always_comb
  // glitches, and Icarus 11 then re-runs its readers for ever (docs/export.md)
  logic [27:0] fi;
  always_comb begin
    unique case (fmt)
      5'd1:   fi = {3'd1, 1'b0, 6'd0, 6'd0, 6'd0, 6'd8};
      5'd2:   fi = {3'd1, 1'b0, 6'd0, 6'd0, 6'd0, 6'd16};
      5'd3:   fi = {3'd2, 1'b0, 6'd0, 6'd0, 6'd8, 6'd8};
      5'd4:   fi = {3'd1, 1'b1, 6'd0, 6'd0, 6'd0, 6'd32};
      5'd5:   fi = {3'd2, 1'b0, 6'd0, 6'd0, 6'd16, 6'd16};
      5'd8:   fi = {3'd4, 1'b0, 6'd10, 6'd10, 6'd10, 6'd2};
      5'd9:   fi = {3'd4, 1'b0, 6'd2, 6'd10, 6'd10, 6'd10};
      5'd10:  fi = {3'd4, 1'b0, 6'd8, 6'd8, 6'd8, 6'd8};
      5'd12:  fi = {3'd4, 1'b0, 6'd16, 6'd16, 6'd16, 6'd16};
      5'd14:  fi = {3'd4, 1'b1, 6'd32, 6'd32, 6'd32, 6'd32};
      5'd16:  fi = {3'd3, 1'b0, 6'd0, 6'd5, 6'd6, 6'd5};
      5'd17:  fi = {3'd4, 1'b0, 6'd1, 6'd5, 6'd5, 6'd5};
      5'd18:  fi = {3'd4, 1'b0, 6'd5, 6'd5, 6'd5, 6'd1};
      5'd19:  fi = {3'd4, 1'b0, 6'd4, 6'd4, 6'd4, 6'd4};
      default: fi = {3'd1, 1'b0, 6'd0, 6'd0, 6'd0, 6'd32};   // never written (the plan kills it)
    endcase
  end
  assign nc   = fi[27:25];
  assign fl   = fi[24];
  assign w[3] = fi[23:18];
  assign w[2] = fi[17:12];
  assign w[1] = fi[11:6];
  assign w[0] = fi[5:0];
  assign bpp = 8'(w[0]) + 8'(w[1]) + 8'(w[2]) + 8'(w[3]);
  assign nd  = bpp <= 8'd32 ? 3'd1 : bpp == 8'd64 ? 3'd2 : 3'd4;

  // The dwords read and the dwords written, each byte-swapped by ENDIAN (nets: no function is
  // called from an always_comb here, since Icarus 11 makes two always_comb blocks calling one
  // function wake each other for ever; docs/export.md).
  logic [31:0] dsw [4];   // dw_i's dword i swapped
  logic [31:0] ow  [4];   // the dwords to write, unswapped
  logic [31:0] osw [4];   // ow[i] swapped
  for (genvar i = 0; i < 4; i++) begin : g_swap
    logic [31:0] d;
    logic [31:0] o;
    assign d = dw_i[32*i +: 32];
    assign o = ow[i];
    assign dsw[i] = (endian == 2'd0) ? d :
                    (endian == 2'd1) ? {d[23:16], d[31:24], d[7:0], d[15:8]} :
                                       {d[7:0], d[15:8], d[23:16], d[31:24]};
    assign osw[i] = (endian == 2'd0) ? o :
                    (endian == 2'd1) ? {o[23:16], o[31:24], o[7:0], o[15:8]} :
                                       {o[7:0], o[15:8], o[23:16], o[31:24]};
  end

  // unswap
  logic [31:0] wd [4];
  always_comb begin
    for (int i = 0; i < 4; i++) begin
      wd[i] = dsw[i];
    end
    if (endian == 2'd3 && nd > 3'd1) begin
      for (int i = 0; i < 4; i += 2) begin
        wd[i]     = dsw[i + 1];
        wd[i + 1] = dsw[i];
      end
    end
  end

  // the pixel's bits
  logic [4:0]   sh;
  logic [127:0] pw;
  logic [31:0]  pmask;
  assign sh    = {off_i, 3'b000};
  assign pmask = (bpp >= 8'd32) ? 32'hFFFF_FFFF : (32'd1 << bpp[4:0]) - 32'd1;
  assign pw    = (bpp < 8'd32) ? {96'd0, (wd[0] >> sh) & pmask} : {wd[3], wd[2], wd[1], wd[0]};

  // slot layout and COMP_SWAP
  logic [6:0] lo [4];
  logic [1:0] src_of [4];
  assign lo[0] = 7'd0;
  assign lo[1] = 7'(w[0]);
  assign lo[2] = 7'(w[0]) + 7'(w[1]);
  assign lo[3] = 7'(w[0]) + 7'(w[1]) + 7'(w[2]);

  // {src_of[3], src_of[2], src_of[1], src_of[0]}, written once per case arm (a default overridden
  // in an always_comb glitches, and Icarus 11 then re-runs its readers for ever: docs/export.md)
  logic [7:0] so;
  always_comb begin
    unique case (nc)
      3'd1: so = {2'd3, 2'd2, 2'd1, cs};
      3'd2: begin
        unique case (cs)
          2'd0:    so = {2'd3, 2'd2, 2'd1, 2'd0};
          2'd1:    so = {2'd3, 2'd2, 2'd3, 2'd0};
          2'd2:    so = {2'd3, 2'd2, 2'd0, 2'd1};
          default: so = {2'd3, 2'd2, 2'd0, 2'd3};
        endcase
      end
      3'd3: begin
        unique case (cs)
          2'd0:    so = {2'd3, 2'd2, 2'd1, 2'd0};
          2'd1:    so = {2'd3, 2'd3, 2'd1, 2'd0};
          2'd2:    so = {2'd3, 2'd0, 2'd1, 2'd2};
          default: so = {2'd3, 2'd0, 2'd1, 2'd3};
        endcase
      end
      default: begin
        unique case (cs)
          2'd0:    so = {2'd3, 2'd2, 2'd1, 2'd0};
          2'd1:    so = {2'd3, 2'd0, 2'd1, 2'd2};
          2'd2:    so = {2'd0, 2'd1, 2'd2, 2'd3};
          default: so = {2'd2, 2'd1, 2'd0, 2'd3};
        endcase
      end
    endcase
  end
  assign src_of[0] = so[1:0];
  assign src_of[1] = so[3:2];
  assign src_of[2] = so[5:4];
  assign src_of[3] = so[7:6];

  // destination components
  logic [31:0] dbits [4];
  logic [31:0] dconv [4];
  logic [31:0] dv [4];
  for (genvar k = 0; k < 4; k++) begin : g_dst
    logic [31:0] wm;
    logic [31:0] du;
    logic [31:0] dh;
    logic [31:0] ds;
    logic        sneg;      // SNORM: the sign, and the magnitude clamped to 2^(n-1) - 1
    logic [15:0] smag;
    logic [15:0] smax;
    logic [15:0] sabs;
    assign wm       = (w[k] >= 6'd32) ? 32'hFFFF_FFFF : (32'd1 << w[k][4:0]) - 32'd1;
    assign dbits[k] = 32'(pw >> lo[k]) & wm;
    assign sneg     = snorm && dbits[k][w[k][4:0] - 5'd1];
    assign smax     = 16'((17'd1 << (w[k][4:0] - 5'd1)) - 17'd1);
    assign sabs     = sneg ? 16'((32'd0 - dbits[k]) & wm) : dbits[k][15:0];
    assign smag     = (sabs > smax) ? smax : sabs;
    si_cb_u2f u_u2f (.d_i(snorm ? smag : dbits[k][15:0]), .n_i(w[k][4:0] - {4'd0, snorm}), .f_o(du));
    si_cb_h2f u_h2f (.h_i(dbits[k][15:0]), .f_o(dh));
    si_cb_srgb_dec u_sdec (.c_i(dbits[k][7:0]), .f_o(ds));
    assign dconv[k] = h16 ? dh : (srgb && src_of[k] != 2'd3) ? ds : (uint_t || sint_t) ? dbits[k] :
                      {sneg, du[30:0]};
    logic unused_du;
    assign unused_du = du[31];      // always 0: u2f's results are positive
  end

  always_comb begin
    dv[0] = 32'd0; dv[1] = 32'd0; dv[2] = 32'd0; dv[3] = FOne;
    for (int k = 0; k < 4; k++) begin
      if (3'(k) < nc) begin
        dv[src_of[k]] = fl ? dbits[k] : dconv[k];
      end
    end
  end

  // blend
  logic        benable;
  logic [31:0] res [4];
  logic [31:0] omad;
  logic [31:0] sat;
  logic        sat_lt;
  assign benable = blend_i[30] && !info_i[16] && !uint_t && !sint_t;   // BLEND_BYPASS, integers
  prim_fadd u_omad (.a_i(FOne), .b_i({~dv[3][31], dv[3][30:0]}), .s_o(omad));

  function automatic logic flt(input logic [31:0] a, input logic [31:0] b);
    logic an;
    logic bn;
    an = a[30:23] == 8'hFF && a[22:0] != 23'd0;
    bn = b[30:23] == 8'hFF && b[22:0] != 23'd0;
    if (an || bn || (a[30:0] == 31'd0 && b[30:0] == 31'd0) || a == b) begin
      return 1'b0;
    end else if (a[31] != b[31]) begin
      return a[31];
    end else if (!a[31]) begin
      return a[30:0] < b[30:0];
    end else begin
      return a[30:0] > b[30:0];
    end
  endfunction

  assign sat_lt = flt(src_i[127:96], omad);
  assign sat    = sat_lt ? src_i[127:96] : omad;

  // The per-channel operands are nets of the loop body, not expressions of the genvar on the
  // instance's ports (Icarus 11 loses the genvar there; docs/export.md).
  for (genvar c = 0; c < 4; c++) begin : g_chan
    logic        alpha;
    logic        sep;
    logic [31:0] bl;
    logic [31:0] s;
    logic [31:0] s1;
    logic [31:0] k;
    logic [4:0]  sf;
    logic [2:0]  fn;
    logic [4:0]  df;
    assign alpha = c == 3;
    assign sep   = alpha && blend_i[29];
    assign s     = src_i[32*c +: 32];
    assign s1    = src1_i[32*c +: 32];
    assign k     = cst_i[32*c +: 32];
    assign sf    = sep ? blend_i[20:16] : blend_i[4:0];
    assign fn    = sep ? blend_i[23:21] : blend_i[7:5];
    assign df    = sep ? blend_i[28:24] : blend_i[12:8];
    si_cb_chan u_chan (
      .alpha_i (alpha),
      .sf_i    (sf),
      .fn_i    (fn),
      .df_i    (df),
      .s_i     (s),
      .d_i     (dv[c]),
      .s1_i    (s1),
      .k_i     (k),
      .sa_i    (src_i[127:96]),
      .da_i    (dv[3]),
      .s1a_i   (src1_i[127:96]),
      .ka_i    (cst_i[127:96]),
      .sat_i   (sat),
      .clamp_i (info_i[15]),
      .snorm_i (snorm),
      .r_o     (bl)
    );
    assign res[c] = benable ? bl : s;
  end

  // back to the format, ROP3, mask, pack
  logic [31:0] res_k [4];
  logic [15:0] conv [4];
  logic        use_rop;
  logic [7:0]  rop;
  assign use_rop = !benable && !blend_i[31];
  assign rop     = cctl_i[23:16];

  for (genvar k = 0; k < 4; k++) begin : g_out
    logic [15:0] cu;
    logic [15:0] ch;
    logic [7:0]  cs8;
    logic [15:0] ci;        // UINT / SINT: clamped to the component's range
    logic [31:0] umax;
    logic signed [31:0] shi;
    logic signed [31:0] slo;
    assign res_k[k] = res[src_of[k]];
    assign umax     = (32'd1 << w[k][4:0]) - 32'd1;
    assign shi      = $signed((32'd1 << (w[k][4:0] - 5'd1)) - 32'd1);
    assign slo      = -shi - 32'sd1;
    always_comb begin
      if (sint_t) begin
        ci = ($signed(res_k[k]) > shi) ? shi[15:0] : ($signed(res_k[k]) < slo) ? slo[15:0] : res_k[k][15:0];
        ci = ci & umax[15:0];
      end else begin
        ci = (res_k[k] > umax) ? umax[15:0] : res_k[k][15:0];
      end
    end
    si_cb_f2u u_f2u (.f_i(res_k[k]), .n_i(w[k][4:0]), .snorm_i(snorm), .trunc_i(info_i[18]), .u_o(cu));
    si_cb_f2h u_f2h (.f_i(res_k[k]), .trunc_i(info_i[18]), .h_o(ch));
    si_cb_srgb_enc u_senc (.f_i(res_k[k]), .c_o(cs8));
    assign conv[k] = h16 ? ch : (srgb && src_of[k] != 2'd3) ? {8'd0, cs8} : (uint_t || sint_t) ? ci : cu;
  end

  logic [127:0] nw;
  always_comb begin
    logic [31:0] v;
    logic [31:0] o;
    v  = '0;
    o  = '0;
    nw = pw;
    if (cctl_i[6:4] == 3'd2) begin
      nw = {64'd0, cw1_i, cw0_i & pmask};
    end else begin
      for (int k = 0; k < 4; k++) begin
        if (3'(k) < nc && cm_i[src_of[k]]) begin
          v = fl ? res_k[k] : {16'd0, conv[k]};
          if (use_rop) begin
            o = '0;
            for (int i = 0; i < 32; i++) begin
              o[i] = rop[{v[i], v[i], dbits[k][i]}];
            end
            v = o;
          end
          for (int i = 0; i < 32; i++) begin
            if (i < int'(w[k])) begin
              nw[int'(lo[k]) + i] = v[i];
            end
          end
        end
      end
    end
  end

  // insert and swap back
  assign ow[0] = (bpp < 8'd32) ? ((wd[0] & ~(pmask << sh)) | ((nw[31:0] & pmask) << sh)) : nw[31:0];
  assign ow[1] = nw[63:32];
  assign ow[2] = nw[95:64];
  assign ow[3] = nw[127:96];
  always_comb begin
    for (int i = 0; i < 4; i++) begin
      out_o[32*i +: 32] = osw[i];
    end
    if (endian == 2'd3 && nd > 3'd1) begin
      for (int i = 0; i < 4; i += 2) begin
        out_o[32*i +: 32]     = osw[i + 1];
        out_o[32*(i+1) +: 32] = osw[i];
      end
    end
  end

  logic unused;
  assign unused = ^{info_i[31:19], info_i[17], info_i[14:13], info_i[7], cctl_i[31:24],
                    cctl_i[15:7], cctl_i[3:0], blend_i[15:13]};
endmodule
