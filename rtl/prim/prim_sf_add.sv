// prim_sf_add: shader-float add (docs/float.md section 2): binary32, denormal inputs flushed,
// exact sum rounded toward zero, results below 2^-126 flushed to zero of their sign, overflow to
// the largest finite value, any NaN result 0x7FC00000, x + (-x) = +0.  Purely combinational;
// C twin sf_add() in model/prim/sf.c.
module prim_sf_add (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] z_o
);

  logic [31:0] a, b, big, sml;
  logic        a_nan, b_nan, a_inf, b_inf, a_zero, b_zero, swap, sub;
  logic [7:0]  d;
  logic [26:0] ma, mb0, mb, lost_mask, diff, dnorm;
  logic [27:0] sum;
  logic [4:0]  lzc;
  logic [26:0] m;
  logic signed [9:0] e;

  assign a = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign b = (b_i[30:23] == 8'd0) ? {b_i[31], 31'd0} : b_i;
  assign a_nan  = a[30:23] == 8'hFF && a[22:0] != 23'd0;
  assign b_nan  = b[30:23] == 8'hFF && b[22:0] != 23'd0;
  assign a_inf  = a[30:0] == 31'h7F800000;
  assign b_inf  = b[30:0] == 31'h7F800000;
  assign a_zero = a[30:0] == 31'd0;
  assign b_zero = b[30:0] == 31'd0;

  // the larger magnitude first (ties: a)
  assign swap = a[30:0] < b[30:0];
  assign big  = swap ? b : a;
  assign sml  = swap ? a : b;
  assign sub  = big[31] ^ sml[31];
  assign d    = big[30:23] - sml[30:23];
  assign ma   = {1'b1, big[22:0], 3'b000};
  assign mb0  = {1'b1, sml[22:0], 3'b000};
  assign lost_mask = (d >= 8'd27) ? 27'h7FFFFFF : ((27'd1 << d[4:0]) - 27'd1);
  assign mb   = (d >= 8'd27) ? 27'd1 : ((mb0 >> d[4:0]) | {26'd0, (mb0 & lost_mask) != 27'd0});

  assign sum  = {1'b0, ma} + {1'b0, mb};
  assign diff = ma - mb;

  // leading zeros of diff (diff != 0 when it is used)
  always_comb begin
    lzc = 5'd0;
    for (int i = 0; i < 27; i++) begin
      if (diff[i]) begin
        lzc = 5'(26 - i);
      end
    end
  end
  assign dnorm = diff << lzc;

  assign m = sub ? dnorm : (sum[27] ? (sum[27:1] | {26'd0, sum[0]}) : sum[26:0]);
  assign e = sub ? ($signed({2'b00, big[30:23]}) - $signed({5'd0, lzc}))
                 : ($signed({2'b00, big[30:23]}) + (sum[27] ? 10'sd1 : 10'sd0));

  assign z_o = (a_nan || b_nan)        ? 32'h7FC00000 :
               (a_inf && b_inf)        ? ((a == b) ? a : 32'h7FC00000) :
               a_inf                   ? a :
               b_inf                   ? b :
               (a_zero && b_zero)      ? (a & b) :
               a_zero                  ? b :
               b_zero                  ? a :
               (sub && diff == 27'd0)  ? 32'd0 :             // x + (-x) = +0
               (e <= 10'sd0)           ? {big[31], 31'd0} :   // below 2^-126
               (e >= 10'sd255)         ? {big[31], 31'h7F7FFFFF} :
                                         {big[31], e[7:0], m[25:3]};

  logic unused_m;
  assign unused_m = ^{m[26], m[2:0]};

endmodule
