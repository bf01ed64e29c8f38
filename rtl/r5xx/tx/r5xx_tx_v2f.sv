// r5xx_tx_v2f: a channel value v as binary32: v / 65535, truncated toward zero
// (docs/blocks/r5xx.tx.md, D6; the C twin is r5xx_tx_v2f() in model/r5xx/tx/tx_math.c):
// q = floor(|v| * 2^40 / 65535) (at least 2^24 for v != 0), normalised, its first 24 bits.
// With pow2_i (POW2FIX2FLT, D20) the result is v / 65536 exactly instead.
// Purely combinational.
module r5xx_tx_v2f (
  input  logic signed [19:0] v_i,     // |v| < 2^19
  input  logic               pow2_i,
  output logic [31:0]        f_o
);

  logic        sg;
  logic [19:0] m;
  logic [63:0] q;
  logic [5:0]  p;         // position of q's leading one, 24..58
  logic [63:0] norm;

  assign sg = v_i[19];
  assign m  = sg ? 20'(-v_i) : 20'(v_i);
  assign q  = {4'd0, m, 40'd0} / 64'd65535;

  always_comb begin
    p = 6'd0;
    for (int b = 0; b < 64; b++) begin
      if (q[b]) begin
        p = 6'(b);
      end
    end
  end

  assign norm = q << (6'd63 - p);     // the leading one at bit 63

  // D20: v / 65536, exact (|v| <= 2^19)
  logic [4:0]  pp;        // position of m's leading one
  logic [42:0] pn;

  always_comb begin
    pp = 5'd0;
    for (int b = 0; b < 20; b++) begin
      if (m[b]) begin
        pp = 5'(b);
      end
    end
  end

  assign pn = {23'd0, m} << (5'd23 - pp);

  assign f_o = (m == 20'd0) ? 32'd0 :
               pow2_i ? {sg, 8'(pp) + 8'd111, pn[22:0]} : {sg, 8'(p) + 8'd87, norm[62:40]};

  logic unused_norm;
  assign unused_norm = ^{norm[63], norm[39:0], pn[42:23]};

endmodule
