// r5xx_raster_pix: the evaluation of one candidate pixel of the walk (docs/blocks/r5xx.raster.md
// "Coverage of one sample", "Clip rectangles", "Interpolation", "Alpha test"): the edge
// functions at the pixel's sample with the tie rule, the clip rule, depth and colour 0
// interpolated exactly, the depth in ZB_FORMAT's format, the alpha test.  Combinational.
module r5xx_raster_pix (
  input  logic [12:0]        px_i,
  input  logic [12:0]        py_i,
  input  logic               subpixel_i,

  // the held set-up (r5xx_raster_setup)
  input  logic [1:0]         kind_i,
  input  logic               quad_i,
  input  logic [87:0]        exi_i,
  input  logic [87:0]        eyi_i,
  input  logic [91:0]        edx_i,
  input  logic [91:0]        edy_i,
  input  logic [3:0]         ein_i,
  input  logic               lymaj_i,
  input  logic signed [21:0] lorg_i,
  input  logic               lneg_i,
  input  logic [47:0]        den_i,
  input  logic [87:0]        c0_i,
  input  logic [87:0]        c1_i,
  input  logic [87:0]        c2_i,
  input  logic [63:0]        flat_i,
  input  logic               flat_rgb_i,
  input  logic               flat_a_i,
  input  logic signed [26:0] po_i,

  // registers
  input  logic [207:0]       clip_i,
  input  logic [15:0]        clip_rule_i,
  input  logic [12:0]        af_func_i,
  input  logic [9:0]         af_value_i,
  input  logic [3:0]         zfmt_i,

  output logic               emit_o,
  output logic               cov_o,        // covered and visible (no alpha test): the quad path
  output logic [23:0]        z_o,
  output logic [63:0]        argb_o
);

  localparam logic [1:0] KLine = 2'd1;
  localparam logic [1:0] KTri  = 2'd2;

  // the sample: (px * S + S/2, py * S + S/2)
  logic signed [22:0] sx, sy;

  assign sx = $signed(subpixel_i ? 23'({px_i, 4'd8}) : 23'(px_i) * 23'd12 + 23'd6);
  assign sy = $signed(subpixel_i ? 23'({py_i, 4'd8}) : 23'(py_i) * 23'd12 + 23'd6);

  // ---------------------------------------------------------------------------------------------
  // Coverage
  // ---------------------------------------------------------------------------------------------
  logic signed [47:0] e [4];
  logic [3:0]         cov;

  for (genvar k = 0; k < 4; k++) begin : g_edge
    logic signed [22:0] xi, yi, dx, dy;
    logic signed [23:0] ox, oy;

    assign xi = 23'($signed(exi_i[22*k +: 22]));
    assign yi = 23'($signed(eyi_i[22*k +: 22]));
    assign dx = $signed(edx_i[23*k +: 23]);
    assign dy = $signed(edy_i[23*k +: 23]);
    assign ox = 24'(sx) - 24'(xi);
    assign oy = 24'(sy) - 24'(yi);
    assign e[k]   = 48'(dx) * 48'(oy) - 48'(dy) * 48'(ox);
    assign cov[k] = e[k] > 0 || (e[k] == 0 && ein_i[k]);
  end

  logic covered;

  assign covered = cov[0] && cov[1] && cov[2] && (!quad_i || cov[3]);

  // ---------------------------------------------------------------------------------------------
  // Clip rectangles
  // ---------------------------------------------------------------------------------------------
  logic [3:0] inr;
  logic       visible;

  for (genvar n = 0; n < 4; n++) begin : g_clip
    logic [51:0] r;
    assign r      = clip_i[52*n +: 52];
    assign inr[n] = px_i >= r[12:0] && px_i <= r[38:26] && py_i >= r[25:13] && py_i <= r[51:39];
  end

  assign visible = clip_rule_i[inr];

  // ---------------------------------------------------------------------------------------------
  // Interpolation: c = c0 + divr((c1 - c0) * w1 + (c2 - c0) * w2, den)
  // ---------------------------------------------------------------------------------------------
  logic signed [47:0] w1, w2;
  logic signed [47:0] lt;      // line: t, signed by d, before the clamp
  logic signed [47:0] ld;

  assign ld = $signed(den_i);

  always_comb begin
    lt = lymaj_i ? 48'(sy) - 48'(lorg_i) : 48'(sx) - 48'(lorg_i);
    if (lneg_i) begin
      lt = -lt;
    end
    if (lt < 0) begin
      lt = '0;
    end else if (lt > ld) begin
      lt = ld;
    end
    unique case (kind_i)
      KTri: begin
        w1 = e[2];
        w2 = e[0];
      end
      KLine: begin
        w1 = lt;
        w2 = '0;
      end
      default: begin
        w1 = '0;
        w2 = '0;
      end
    endcase
  end

  // attribute j: 0..3 the channels B, G, R, A (16 bits), 4 the depth (24 bits)
  logic [23:0] iv [5];

  for (genvar j = 0; j < 5; j++) begin : g_attr
    localparam bit [31:0] Lo = 16 * j;
    localparam bit [31:0] Wd = (j == 4) ? 24 : 16;
    logic signed [24:0] a0, d1, d2;
    logic signed [81:0] num;
    logic signed [81:0] q;
    logic signed [24:0] val;
    logic               unused_dz;

    assign a0  = 25'(c0_i[Lo +: Wd]);
    assign d1  = 25'(c1_i[Lo +: Wd]) - a0;
    assign d2  = 25'(c2_i[Lo +: Wd]) - a0;
    assign num = 82'(d1) * 82'(w1) + 82'(d2) * 82'(w2);

    // divr(n, d) = floor((2n + d) / (2d))
    r5xx_raster_div #(.NW(82), .DW(50), .QW(82), .Mode(2'd1)) u_div (
      .n_i    ((num <<< 1) + 82'(ld)),
      .d_i    (50'(ld) <<< 1),
      .q_o    (q),
      .dz_o   (unused_dz)
    );

    assign val   = a0 + 25'(q);
    assign iv[j] = 24'(val);

    logic unused_bits;
    assign unused_bits = ^{q[81:25], val[24]};
  end

  // shading
  logic [15:0] ch [4];

  assign ch[0] = flat_rgb_i ? flat_i[15:0]  : iv[0][15:0];
  assign ch[1] = flat_rgb_i ? flat_i[31:16] : iv[1][15:0];
  assign ch[2] = flat_rgb_i ? flat_i[47:32] : iv[2][15:0];
  assign ch[3] = flat_a_i   ? flat_i[63:48] : iv[3][15:0];

  assign argb_o = {ch[3], ch[2], ch[1], ch[0]};

  // depth with the polygon offset, in ZB_FORMAT's format
  logic signed [27:0] zo;
  logic [23:0]        z24;

  assign zo = 28'($signed({1'b0, iv[4]})) + 28'(po_i);

  always_comb begin
    if (zo < 0) begin
      z24 = '0;
    end else if (zo > 28'sd16777215) begin
      z24 = 24'hFF_FFFF;
    end else begin
      z24 = zo[23:0];
    end
  end

  assign z_o = (zfmt_i == 4'd0 || zfmt_i == 4'd1) ? {8'd0, z24[23:8]} : z24;

  // ---------------------------------------------------------------------------------------------
  // Alpha test: alpha FUNC ref
  // ---------------------------------------------------------------------------------------------
  logic [9:0] av, rv;
  logic       apass;

  assign av = af_func_i[12] ? {2'b00, ch[3][15:8]} : ch[3][15:6];
  assign rv = af_func_i[12] ? {2'b00, af_func_i[7:0]} : af_value_i;

  always_comb begin
    unique case (af_func_i[10:8])
      3'd0: apass = 1'b0;
      3'd1: apass = av < rv;
      3'd2: apass = av == rv;
      3'd3: apass = av <= rv;
      3'd4: apass = av > rv;
      3'd5: apass = av != rv;
      3'd6: apass = av >= rv;
      default: apass = 1'b1;
    endcase
  end

  assign emit_o = covered && visible && (!af_func_i[11] || apass);
  assign cov_o  = covered && visible;

  logic unused_bits;
  assign unused_bits = ^{iv[0][23:16], iv[1][23:16], iv[2][23:16], iv[3][23:16]};

endmodule
