// r5xx_tx_plan: the address stage of a sample request of the R5xx texture unit
// (docs/blocks/r5xx.tx.md, "The address stage"; the C twin is r5xx_tx_plan_request() in
// model/r5xx/tx/tx_math.c).  Purely combinational: the filter (MIN when the request's LOD is
// above 0, else MAG), both axes (r5xx_tx_axis), the texture surface (r5xx_tile_surf) and the
// byte address of each texel read (r5xx_tile_addr, the address function of the colour and depth
// blocks), the border flags and the error flags.
module r5xx_tx_plan (
  input  logic               en_i,        // TX_ENABLE bit of the sampler
  input  logic [31:0]        filter0_i,
  input  logic [31:0]        filter1_i,
  input  logic [31:0]        format0_i,
  input  logic [31:0]        format1_i,
  input  logic [31:0]        format2_i,
  input  logic [31:0]        offset_i,
  input  logic [31:0]        s_i,
  input  logic [31:0]        t_i,
  input  logic [31:0]        r_i,
  input  logic [31:0]        lod_i,
  input  logic [1:0]         lmode_i,
  input  logic               grad_i,      // D24: the derivatives give the base LOD
  input  logic [3:0][31:0]   d_i,         // D24: dsdx, dtdx, dsdy, dtdy
  input  logic               pass_i,      // D18: the second pass of a two-pass sample
  output logic               npass2_o,    // D18: the sample takes two passes
  output logic [7:0]         g_o,         // D18: weight of the second pass in 1/256
  output logic [4:0]         nread_o,     // texels (0, 1 point, 4 bilinear) x dwords per texel
  output logic [2:0]         dlog_o,      // log2 of the dwords per texel (0, 1, 2)
  output logic [3:0][31:0]   addr_o,      // byte address of texel k (0 when not read)
  output logic [3:0]         bord_o,
  output logic [3:0][3:0]    sub_o,       // DXT: the texel within its block
  output logic [7:0]         fs_o,
  output logic [7:0]         ft_o,
  output logic [3:0]         err_o        // {DISABLED, NOTBUILT, TILE, FORMAT}
);

  logic        minify;
  logic [1:0]  filt;
  logic        lin;
  logic        notbuilt;
  logic        fmt_ok;
  logic [12:0] w;
  logic [12:0] h;

  // D8, D24: lambda (request LOD or derivatives + LOD_BIAS, 1/256 level); MIN_FILTER when it is
  // above 0
  logic signed [15:0] lam;
  r5xx_tx_lambda u_lam (
    .lod_i   (lod_i),
    .lmode_i (lmode_i),
    .grad_i  (grad_i),
    .d_i     (d_i),
    .w_i     ({1'b0, format2_i[15], format0_i[10:0]} + 13'd1),
    .h_i     ({1'b0, format2_i[16], format0_i[21:11]} + 13'd1),
    .bias_i  (filter1_i[12:3]),
    .lam_o   (lam)
  );
  assign minify = lam > 16'sd0;

  // D16-D18: TEX_COORD_TYPE 1 = 3D, 2 = cube; a volume filter across slices (VOL_FILTER 2, 3, or 0
  // with a bilinear filter) and trilinear (MIP_FILTER 2, 3) blend two passes; both at once: the
  // mip filter is taken as point (NOTBUILT)
  logic       is3d;
  logic       cube;
  logic [1:0] volf;
  logic [3:0] dlog;
  logic [12:0] d0;
  logic       volblend;
  logic       mipwant;
  logic       mipblend;
  assign is3d     = format1_i[26:25] == 2'd1;
  assign cube     = format1_i[26:25] == 2'd2;
  assign volf     = filter0_i[16:15];
  assign dlog     = (format0_i[25:22] > 4'd12) ? 4'd12 : format0_i[25:22];
  assign d0       = is3d ? (13'd1 << dlog) : 13'd1;
  assign volblend = is3d && !is_float && (volf[1] || (volf == 2'd0 && lin));
  assign mipwant  = mipf[1] && minify && !is_float;
  assign mipblend = mipwant && !volblend;
  assign notbuilt = filt == 2'd0 || filt == 2'd3 || format1_i[26:25] == 2'd3 || mipf == 2'd3 ||
                    (is3d && volf == 2'd3) || (volblend && mipwant) ||
                    filter1_i[1:0] == 2'd3;     // D21: CHROMA_KEY_MODE 3

  // D15: the level: MAX_MIP_LEVEL the finest, NUM_LEVELS the coarsest; D18: trilinear levels
  // floor(lambda) and the next
  logic [1:0]  mipf;
  logic [3:0]  top;
  logic [3:0]  first;
  logic [15:0] step;
  logic [15:0] tstep;
  logic [16:0] want;
  logic [3:0]  lvl;
  logic        tri2;
  assign mipf  = filter0_i[14:13];
  assign top   = format0_i[29:26];
  assign first = (filter0_i[20:17] > top) ? top : filter0_i[20:17];
  assign step  = 16'((lam + 16'sd127) >>> 8);
  assign tstep = 16'(lam >>> 8);
  assign want  = {13'd0, first} + (mipblend ? {1'b0, tstep} : (mipf != 2'd0 && minify) ? {1'b0, step} : 17'd0);
  assign tri2  = mipblend && want < {13'd0, top};
  assign lvl   = (want > {13'd0, top}) ? top : want[3:0] + {3'd0, tri2 && pass_i};
  assign filt     = minify ? filter0_i[12:11] : filter0_i[10:9];
  assign lin      = filt[1] && !is_float;   // D12: FP16/FP32 point-sampled (001:215)
  // format classes (D5, D12, D13): fixed 0-14, 4:2:2 20-21, float 24-29 (TXFORMAT_MSB 0)
  logic [4:0] fmt;
  logic       is_float;
  assign fmt      = format1_i[4:0];
  assign is_float = fmt >= 5'd24 && fmt <= 5'd29;
  logic       is_dxt;
  logic       ati1;
  logic       blk8;
  assign ati1     = format2_i[14] && fmt == 5'd5;                    // D22: ATI1N
  assign is_dxt   = (fmt >= 5'd15 && fmt <= 5'd17 && !format2_i[14]) || ati1 ||
                    (fmt == 5'd31 && !format2_i[14]);                 // D22: ATI2N
  assign blk8     = ati1 || (fmt == 5'd15 && !format2_i[14]);         // 8-byte blocks
  assign fmt_ok   = ati1 || (!format2_i[14] && (fmt <= 5'd17 || fmt == 5'd20 || fmt == 5'd21 || is_float ||
                                                fmt == 5'd31));
  assign dlog_o   = format2_i[14] ? (ati1 ? 3'd1 : 3'd0) :
                    (fmt == 5'd29 || fmt == 5'd16 || fmt == 5'd17 || fmt == 5'd31) ? 3'd2 :
                    (fmt == 5'd14 || fmt == 5'd15 || fmt == 5'd26 || fmt == 5'd28) ? 3'd1 : 3'd0;
  assign w        = {1'b0, format2_i[15], format0_i[10:0]} + 13'd1;
  assign h        = {1'b0, format2_i[16], format0_i[21:11]} + 13'd1;

  // the surface
  logic [31:0] s_base;
  logic [14:0] s_pitch;
  logic [2:0]  s_bpp;
  logic        s_macro;
  logic [1:0]  s_micro;
  logic [2:0]  s_err;

  r5xx_tile_surf u_surf (
    .kind_i  (2'd2),
    .reg0_i  (offset_i),
    .reg1_i  (format0_i),
    .reg2_i  (format1_i),
    .reg3_i  (format2_i),
    .base_o  (s_base),
    .pitch_o (s_pitch),
    .bpp_o   (s_bpp),
    .macro_o (s_macro),
    .micro_o (s_micro),
    .err_o   (s_err)
  );

  // the level's surface and size
  logic [31:0] l_base;
  logic [14:0] l_pitch;
  logic        l_macro;
  logic [12:0] lw;
  logic [12:0] lh;
  logic [12:0] ld;
  logic [31:0] l_slice;

  r5xx_tx_level u_level (
    .base_i  (s_base),
    .pitch_i (s_pitch),
    .bpp_i   (s_bpp),
    .macro_i (s_macro),
    .micro_i (s_micro),
    .w_i     (w),
    .h_i     (h),
    .lvl_i   (lvl),
    .msw_i   (filter1_i[22]),
    .dxt_i   (is_dxt),
    .dxt1_i  (blk8),
    .d_i     (d0),
    .cube_i  (cube),
    .base_o  (l_base),
    .slice_o (l_slice),
    .d_o     (ld),
    .pitch_o (l_pitch),
    .macro_o (l_macro),
    .w_o     (lw),
    .h_o     (lh)
  );

  // D16: the slice of a 3D texture (point, CLAMP_R)
  logic [11:0] ri0;
  logic [11:0] ri1;
  logic        rb0;
  logic        rb1;
  logic [7:0]  fr;
  logic [31:0] sl_base;
  logic        rb;

  r5xx_tx_axis u_r (
    .coord_i (r_i),
    .xsel_i  (1'b0),
    .x_i     (64'sd0),
    .size_i  (ld),
    .mode_i  (filter0_i[8:6]),
    .lin_i   (volblend),
    .i0_o    (ri0),
    .i1_o    (ri1),
    .b0_o    (rb0),
    .b1_o    (rb1),
    .f_o     (fr)
  );

  // D17: the face of a cube map
  logic [2:0]         face;
  logic signed [63:0] xs;
  logic signed [63:0] xt;

  r5xx_tx_cube u_cube (
    .s_i    (s_i),
    .t_i    (t_i),
    .r_i    (r_i),
    .w_i    (lw),
    .h_i    (lh),
    .face_o (face),
    .xs_o   (xs),
    .xt_o   (xt)
  );

  logic [11:0] slc;
  // D16, D18: the second slice only when blending across slices; a trilinear pass 1 of a 3D
  // texture samples its own level's nearest slice i0
  assign slc     = cube ? {9'd0, face} : (is3d && pass_i && volblend) ? ri1 : ri0;
  assign sl_base = (is3d || cube) ? l_base + {20'd0, slc} * l_slice : l_base;
  assign rb      = is3d && ((pass_i && volblend) ? rb1 : rb0);

  // the axes
  logic [11:0] si0;
  logic [11:0] si1;
  logic [11:0] ti0;
  logic [11:0] ti1;
  logic        sb0;
  logic        sb1;
  logic        tb0;
  logic        tb1;
  logic [7:0]  fs;
  logic [7:0]  ft;

  r5xx_tx_axis u_s (
    .coord_i (s_i),
    .xsel_i  (cube),
    .x_i     (xs),
    .size_i  (lw),
    .mode_i  (filter0_i[2:0]),
    .lin_i   (lin),
    .i0_o    (si0),
    .i1_o    (si1),
    .b0_o    (sb0),
    .b1_o    (sb1),
    .f_o     (fs)
  );

  r5xx_tx_axis u_t (
    .coord_i (t_i),
    .xsel_i  (cube),
    .x_i     (xt),
    .size_i  (lh),
    .mode_i  (filter0_i[5:3]),
    .lin_i   (lin),
    .i0_o    (ti0),
    .i1_o    (ti1),
    .b0_o    (tb0),
    .b1_o    (tb1),
    .f_o     (ft)
  );

  // texels T0 (i0, j0), T1 (i1, j0), T2 (i0, j1), T3 (i1, j1)
  logic [3:0][11:0] xi;
  logic [3:0][11:0] yi;
  logic [3:0][31:0] a;

  assign xi = {si1, si0, si1, si0};
  assign yi = {ti1, ti1, ti0, ti0};

  // D14: a DXT texture is 4x4 blocks of 8 (DXT1) or 16 bytes, row-major, ceil(pitch / 4) a row
  logic [12:0] bpr;
  assign bpr = 13'((l_pitch + 15'd3) >> 2);

  for (genvar k = 0; k < 4; k++) begin : g_addr
    logic [31:0] ta;
    logic [31:0] blk;
    assign blk  = {22'd0, yi[k][11:2]} * {19'd0, bpr} + {22'd0, xi[k][11:2]};
    assign a[k] = is_dxt ? sl_base + (blk << (blk8 ? 3 : 4)) : ta;
    assign sub_o[k] = {yi[k][1:0], xi[k][1:0]};
    r5xx_tile_addr u_addr (
      .base_i  (sl_base),
      .pitch_i (l_pitch),
      .bpp_i   (s_bpp),
      .macro_i (l_macro),
      .micro_i (s_micro),
      .x_i     ({2'b00, xi[k]}),
      .y_i     ({2'b00, yi[k]}),
      .addr_o  (ta)
    );
  end

  logic run;
  assign run = en_i && fmt_ok;

  assign npass2_o = run && (tri2 || volblend);
  assign g_o      = !(run && (tri2 || volblend)) ? 8'd0 : volblend ? fr : lam[7:0];
  assign nread_o = !run ? 5'd0 : (lin ? 5'd4 : 5'd1) << dlog_o;
  assign addr_o  = !run ? 128'd0 : lin ? a : {96'd0, a[0]};
  assign bord_o  = !run ? 4'd0 : lin ? {sb1 | tb1 | rb, sb0 | tb1 | rb, sb1 | tb0 | rb, sb0 | tb0 | rb}
                                     : {3'd0, sb0 | tb0 | rb};
  assign fs_o    = run ? fs : 8'd0;
  assign ft_o    = run ? ft : 8'd0;
  assign err_o   = {!en_i, notbuilt, is_dxt ? offset_i[4:2] != 3'd0 : s_err[0] | s_err[2], en_i && !fmt_ok};

  logic unused_plan;
  assign unused_plan = ^{filter0_i[31:21], filter0_i[16:13], filter0_i[8:6], format1_i[31:27], format1_i[24:5],
                         s_err[1], filter1_i[31:23], filter1_i[21:13], filter1_i[2:0], format0_i[31:30],
                         step[15:13]};

endmodule
