// r5xx_tx_lambda: the level of detail of a request in 1/256 level (docs/blocks/r5xx.tx.md, D8; the
// C twin is r5xx_tx_lambda() in model/r5xx/tx/tx_math.c): floor(lod * 256) saturated to
// [-8192, 8191] for lmode 1 and 2 (0 for a zero, denormal or NaN lod, and for lmode 0 and 3),
// plus 8 * TX_FILTER1.LOD_BIAS (s4.5, 000:11612).  Purely combinational.
module r5xx_tx_lambda (
  input  logic [31:0]        lod_i,
  input  logic [1:0]         lmode_i,
  input  logic [9:0]         bias_i,
  output logic signed [15:0] lam_o
);

  logic               sg;
  logic [7:0]         e;
  logic [63:0]        m;
  logic signed [9:0]  k;
  logic [5:0]         sh;
  logic signed [63:0] x;
  logic signed [15:0] l;

  assign sg = lod_i[31];
  assign e  = lod_i[30:23];
  assign m  = {40'd0, 1'b1, lod_i[22:0]};
  assign k  = $signed({2'b00, e}) - 10'sd142;
  assign sh = (k < -10'sd40) ? 6'd40 : 6'(-k);

  always_comb begin
    if (k >= 10'sd14) begin
      x = sg ? -64'sd8192 : 64'sd8191;
    end else if (k >= 10'sd0) begin
      x = sg ? -$signed(m << k[3:0]) : $signed(m << k[3:0]);
    end else begin
      x = sg ? -$signed((m + ((64'd1 << sh) - 64'd1)) >> sh) : $signed(m >> sh);
    end
  end

  always_comb begin
    if (!(lmode_i == 2'd1 || lmode_i == 2'd2) || e == 8'd0 || (e == 8'hFF && lod_i[22:0] != 23'd0)) begin
      l = 16'sd0;
    end else if (x < -64'sd8192) begin
      l = -16'sd8192;
    end else if (x > 64'sd8191) begin
      l = 16'sd8191;
    end else begin
      l = x[15:0];
    end
  end

  assign lam_o = l + ($signed({{6{bias_i[9]}}, bias_i}) <<< 3);

endmodule
