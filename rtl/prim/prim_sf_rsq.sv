// prim_sf_rsq: shader-float 1/sqrt(x), exact integer method truncated (round toward zero)
// (docs/float.md 4.3): D = floor(2^71 / M'), q = floor(sqrt(D)); NaN and negatives ->
// 0x7FC00000, +0 -> +Inf, -0 -> -Inf, +Inf -> +0.  Purely combinational; C twin sf_rsq().
module prim_sf_rsq (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a;
  logic [7:0]  ex;
  logic        odd;            // unbiased exponent odd <=> biased exponent even
  logic [24:0] mp;
  logic [71:0] dvd;
  logic [49:0] d;
  logic [24:0] q;
  logic [51:0] rem, trial;
  logic [24:0] root;
  logic signed [9:0] eprime, be;

  assign a   = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex  = a[30:23];
  assign odd = !ex[0];
  assign mp  = odd ? {1'b1, a[22:0], 1'b0} : {1'b0, 1'b1, a[22:0]};
  assign dvd = (72'd1 << 71) / {47'd0, mp};
  assign d   = dvd[49:0];

  // restoring integer square root, 25 result bits
  always_comb begin
    rem   = 52'd0;
    root  = 25'd0;
    trial = 52'd0;
    for (int i = 24; i >= 0; i--) begin
      rem   = (rem << 2) | {50'd0, d[2*i+1], d[2*i]};
      trial = {25'd0, root, 2'b01};
      root  = root << 1;
      if (rem >= trial) begin
        rem  = rem - trial;
        root = root | 25'd1;
      end
    end
  end
  assign q = root;

  // e' = e or e - 1 (even); biased result exponent 126 - e'/2 (+1 when q = 2^24)
  assign eprime = $signed({2'b00, ex}) - 10'sd127 - (odd ? 10'sd1 : 10'sd0);
  assign be     = 10'sd126 - (eprime >>> 1) + (q[24] ? 10'sd1 : 10'sd0);

  assign z_o = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
               (a[30:0] == 31'd0)                 ? {a[31], 31'h7F800000} :
               a[31]                              ? 32'h7FC00000 :
               (ex == 8'hFF)                      ? 32'd0 :
               q[24]                              ? {1'b0, be[7:0], 23'd0} :
                                                    {1'b0, be[7:0], q[22:0]};

  logic unused_dvd;
  assign unused_dvd = ^{dvd[71:50], q[23], be[9:8]};

endmodule
