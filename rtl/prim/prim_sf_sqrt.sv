// prim_sf_sqrt: shader-float sqrt(x), exact integer method truncated (round toward zero)
// (docs/float.md 4.3a): q = floor(sqrt(M' * 2^23)); NaN and negatives -> 0x7FC00000, +-0 -> +-0,
// +Inf -> +Inf.  Purely combinational; C twin sf_sqrt().
module prim_sf_sqrt (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a;
  logic [7:0]  ex;
  logic        odd;            // unbiased exponent odd <=> biased exponent even
  logic [24:0] mp;
  logic [49:0] d;
  logic [51:0] rem, trial;
  logic [24:0] root;
  logic signed [9:0] eprime, be;

  assign a   = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex  = a[30:23];
  assign odd = !ex[0];
  assign mp  = odd ? {1'b1, a[22:0], 1'b0} : {1'b0, 1'b1, a[22:0]};
  assign d   = {2'b00, mp, 23'd0};

  // restoring integer square root, 25 result bits (the top one is 0: q < 2^24)
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

  // e' = e or e - 1 (even); biased result exponent 127 + e'/2
  assign eprime = $signed({2'b00, ex}) - 10'sd127 - (odd ? 10'sd1 : 10'sd0);
  assign be     = 10'sd127 + (eprime >>> 1);

  assign z_o = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
               (a[30:0] == 31'd0)                 ? a :
               a[31]                              ? 32'h7FC00000 :
               (ex == 8'hFF)                      ? 32'h7F800000 :
                                                    {1'b0, be[7:0], root[22:0]};

  logic unused;
  assign unused = ^{root[24:23], be[9:8], rem};

endmodule
