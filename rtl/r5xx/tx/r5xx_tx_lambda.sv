// r5xx_tx_lambda: the level of detail of a request in 1/256 level (docs/blocks/r5xx.tx.md, D8 and
// D24; the C twin is r5xx_tx_lambda() in model/r5xx/tx/tx_math.c).  l256(x) = floor(x * 256)
// saturated to [-8192, 8191] (0 for a zero, denormal or NaN x).  lmode 1: l256(lod); otherwise
// (grad ? l256(sf_lg2(rho)) : 0) + (lmode 2 ? l256(lod) : 0), rho = sf_max of |dsdx| W, |dtdx| H,
// |dsdy| W, |dtdy| H (sf_mul, W and H the level-0 size); plus 8 * TX_FILTER1.LOD_BIAS (s4.5,
// 000:11612).  Purely combinational; the float ops are the shared sf datapath (prim_sf_fn),
// evaluated only when the derivatives are used.
module r5xx_tx_lambda (
  input  logic [31:0]        lod_i,
  input  logic [1:0]         lmode_i,
  input  logic               grad_i,
  input  logic [3:0][31:0]   d_i,         // dsdx, dtdx, dsdy, dtdy
  input  logic [12:0]        w_i,         // level-0 width 1..4096
  input  logic [12:0]        h_i,         // level-0 height 1..4096
  input  logic [9:0]         bias_i,
  output logic signed [15:0] lam_o
);

  prim_sf_fn u_sf ();

  function automatic logic signed [15:0] l256(input logic [31:0] x);
    logic               sg;
    logic [7:0]         e;
    logic [63:0]        m;
    logic signed [9:0]  k;
    logic [5:0]         sh;
    logic signed [63:0] v;
    logic signed [15:0] r;
    sg = x[31];
    e  = x[30:23];
    m  = {40'd0, 1'b1, x[22:0]};
    k  = $signed({2'b00, e}) - 10'sd142;
    sh = (k < -10'sd40) ? 6'd40 : 6'(-k);
    if (k >= 10'sd14) begin
      v = sg ? -64'sd8192 : 64'sd8191;
    end else if (k >= 10'sd0) begin
      v = sg ? -$signed(m << k[3:0]) : $signed(m << k[3:0]);
    end else begin
      v = sg ? -$signed((m + ((64'd1 << sh) - 64'd1)) >> sh) : $signed(m >> sh);
    end
    if (e == 8'd0 || (e == 8'hFF && x[22:0] != 23'd0)) begin
      r = 16'sd0;
    end else if (v < -64'sd8192) begin
      r = -16'sd8192;
    end else if (v > 64'sd8191) begin
      r = 16'sd8191;
    end else begin
      r = v[15:0];
    end
    return r;
  endfunction

  // an integer 1..8191 as binary32 (exact)
  function automatic logic [31:0] i2f(input logic [12:0] v);
    logic [31:0] r;
    r = 32'd0;
    for (int b = 0; b < 13; b++) begin
      if (v[b]) r = {1'b0, 8'(127 + b), 23'(({10'd0, v} << (23 - b)) & 23'h7FFFFF)};
    end
    return r;
  endfunction

  logic use_d;
  logic [31:0] lg;
  assign use_d = grad_i && lmode_i != 2'd1;

  always_comb begin
    case (use_d)
      1'b1: lg = u_sf.lg2(u_sf.max(u_sf.max(u_sf.mul({1'b0, d_i[0][30:0]}, i2f(w_i), 1'b0),
                                             u_sf.mul({1'b0, d_i[1][30:0]}, i2f(h_i), 1'b0)),
                                   u_sf.max(u_sf.mul({1'b0, d_i[2][30:0]}, i2f(w_i), 1'b0),
                                             u_sf.mul({1'b0, d_i[3][30:0]}, i2f(h_i), 1'b0))));
      default: lg = 32'd0;
    endcase
  end

  logic signed [15:0] l;
  always_comb begin
    if (lmode_i == 2'd1) begin
      l = l256(lod_i);
    end else if (lmode_i == 2'd2) begin
      l = l256(lg) + l256(lod_i);
    end else begin
      l = l256(lg);
    end
  end

  assign lam_o = l + ($signed({{6{bias_i[9]}}, bias_i}) <<< 3);

endmodule
