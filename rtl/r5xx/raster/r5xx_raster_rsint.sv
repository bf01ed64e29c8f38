// r5xx_raster_rsint: the values of one quad record at the four pixels of a quad
// (docs/blocks/r5xx.raster.md "Interpolation on the sf datapath"): barycentric weights from the exact
// integer edge functions (triangle) or the major-axis parameter (line) converted by cvt and scaled
// by one reciprocal, q = slot 0's w interpolated and its reciprocal, c*q interpolated and
// multiplied by it; constants as they are; a point's value is its vertex's.  Every float op is
// the shared sf datapath (rtl/prim/prim_sf_fn.sv).  Combinational, evaluated only while en_i is
// set (its values are registered only then; docs/performance.md "Evaluate only what is used").
module r5xx_raster_rsint #(
  parameter bit [31:0] AW = 1606
) (
  input  logic          en_i,          // the values are used this cycle (else rg_o, ba_o are 0)
  input  logic [1:0]    kind_i,        // 0 point, 1 line, 2 triangle
  input  logic [AW-1:0] v0_i,
  input  logic [AW-1:0] v1_i,
  input  logic [AW-1:0] v2_i,
  input  logic [47:0]   area_i,
  input  logic          subpixel_i,
  input  logic [12:0]   qx_i,
  input  logic [12:0]   qy_i,
  input  logic [31:0]   src_i,         // r5xx_raster_rsrec's sources, channel c at [8c +: 8]
  output logic [255:0]  rg_o,          // pixel p: {g, r} at [64p +: 64]
  output logic [255:0]  ba_o           // pixel p: {a, b}
);

  localparam logic [1:0] KPoint = 2'd0;
  localparam logic [1:0] KLine  = 2'd1;
  localparam logic [1:0] KTri   = 2'd2;
  localparam logic [31:0] Neg   = 32'h8000_0000;

  prim_sf_fn u_sf ();
  logic [31:0] unused_cvt;
  r5xx_raster_cvt u_cvt (.n_i (48'sd0), .z_o (unused_cvt));

  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [511:0] interp(input logic dummy);
    logic [AW-1:0]      v [3];
    logic signed [47:0] x [3];
    logic signed [47:0] y [3];
    logic [31:0]        q [3];
    logic               is_tri, xmaj;
    logic [31:0]        ra, rd, dq1, dq2;
    logic signed [47:0] ldx, ldy, ld;
    logic [31:0]        c0 [4];
    logic [31:0]        t0 [4];
    logic [31:0]        d1 [4];
    logic [31:0]        d2 [4];
    logic [5:0]         j;
    logic [31:0]        tv [3];
    logic [12:0]        px, py;
    logic signed [47:0] sx, sy, w1, w2, lt0, lt;
    logic [31:0]        b1, b2, xq, qq, rq, xv, lv;
    logic [31:0]        ch [4];
    logic [511:0]       r;
    v[0] = v0_i;
    v[1] = v1_i;
    v[2] = v2_i;
    for (int i = 0; i < 3; i++) begin
      x[i] = 48'($signed(v[i][AW-1 -: 19]));
      y[i] = 48'($signed(v[i][AW-20 -: 19]));
      q[i] = v[i][AW-39 -: 32];
    end
    is_tri = kind_i == KTri;
    // shared: 1/A, the line's major axis and 1/d, q's differences
    ra   = u_sf.rcp(u_cvt.cvt($signed(area_i)));
    ldx  = x[1] - x[0];
    ldy  = y[1] - y[0];
    xmaj = (ldx < 0 ? -ldx : ldx) >= (ldy < 0 ? -ldy : ldy);
    ld   = xmaj ? ldx : ldy;
    rd   = u_sf.rcp(u_cvt.cvt(ld < 0 ? -ld : ld));
    dq1  = u_sf.add(q[1], q[0] ^ Neg);
    dq2  = u_sf.add(q[2], q[0] ^ Neg);
    // per channel: the vertices' values, c*q and its differences
    for (int c = 0; c < 4; c++) begin
      j = src_i[8*c +: 6];
      for (int i = 0; i < 3; i++) tv[i] = u_sf.mul(v[i][32*j +: 32], q[i], 1'b0);
      c0[c] = v[0][32*j +: 32];
      t0[c] = tv[0];
      d1[c] = u_sf.add(tv[1], tv[0] ^ Neg);
      d2[c] = u_sf.add(tv[2], tv[0] ^ Neg);
    end
    // per pixel
    for (int p = 0; p < 4; p++) begin
      px = qx_i + 13'(p % 2);
      py = qy_i + 13'(p / 2);
      sx = subpixel_i ? 48'({px, 4'd8}) : 48'(px) * 48'd12 + 48'd6;
      sy = subpixel_i ? 48'({py, 4'd8}) : 48'(py) * 48'd12 + 48'd6;
      // w1 = e2 (v2 -> v0), w2 = e0 (v0 -> v1)
      w1  = (x[0] - x[2]) * (sy - y[2]) - (y[0] - y[2]) * (sx - x[2]);
      w2  = (x[1] - x[0]) * (sy - y[0]) - (y[1] - y[0]) * (sx - x[0]);
      lt0 = xmaj ? sx - x[0] : sy - y[0];
      lt  = (ld < 0) ? -lt0 : lt0;
      b1 = is_tri ? u_sf.mul(u_cvt.cvt(w1), ra, 1'b0) : u_sf.mul(u_cvt.cvt(lt), rd, 1'b0);
      b2 = u_sf.mul(u_cvt.cvt(w2), ra, 1'b0);
      xq = u_sf.mad(b1, dq1, q[0], 1'b0);
      qq = is_tri ? u_sf.mad(b2, dq2, xq, 1'b0) : xq;
      rq = u_sf.rcp(qq);
      for (int c = 0; c < 4; c++) begin
        case (src_i[8*c+6 +: 2])
          2'd1:    ch[c] = 32'h0000_0000;
          2'd2:    ch[c] = 32'h3F80_0000;
          default: begin
            if (kind_i == KPoint) begin
              ch[c] = c0[c];
            end else begin
              xv = u_sf.mad(b1, d1[c], t0[c], 1'b0);
              lv = is_tri ? u_sf.mad(b2, d2[c], xv, 1'b0) : xv;
              ch[c] = u_sf.mul(lv, rq, 1'b0);
            end
          end
        endcase
      end
      r[128*p +: 128] = {ch[3], ch[2], ch[1], ch[0]};
    end
    return r;
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  logic [511:0] iv;
  always_comb begin
    case (en_i)
      1'b1: iv = interp(1'b0);
      default: iv = '0;
    endcase
  end
  for (genvar p = 0; p < 4; p++) begin : g_pix
    assign rg_o[64*p +: 64] = iv[128*p +: 64];
    assign ba_o[64*p +: 64] = iv[128*p + 64 +: 64];
  end

  logic unused_bits;
  assign unused_bits = ^{KLine};

endmodule
