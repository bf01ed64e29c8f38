// prim_sf_ex2: shader-float 2^x (docs/float.md 4.4): X = floor(x * 2^26), i = X >> 26,
// f = X mod 2^26; 2^f from the 128-segment quadratic table (prim_sf_tab ex2, T = 19), rounded to
// 24 bits (a carry to 2.0 gives 2^(i+1)).  NaN -> 0x7FC00000, +Inf and x >= 128 -> +Inf, -Inf and i < -126 -> +0, +-0 -> 1.0.
// Purely combinational; C twin sf_ex2() in model/prim/sf_trans.c.
module prim_sf_ex2 (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a;
  logic [7:0]  ex;
  logic [63:0] mant, mag, lostm;
  logic        sticky, big;
  logic signed [9:0]  e, sh;
  logic signed [63:0] x, i, y, yc;
  logic [25:0] f;
  logic [95:0] c;
  logic [63:0] yr;
  logic [23:0] m;
  logic [7:0]  be, be1;
  logic        up;

  assign a    = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex   = a[30:23];
  assign e    = $signed({2'b00, ex}) - 10'sd127;
  assign big  = e >= 10'sd7;                      // |x| >= 128
  assign sh   = e + 10'sd3;
  assign mant = {40'd0, 1'b1, a[22:0]};
  assign lostm = (64'd1 << (-sh)) - 64'd1;
  assign mag  = (sh >= 10'sd0)  ? (mant << sh) :
                (sh <= -10'sd25) ? 64'd0 : (mant >> (-sh));
  assign sticky = (sh >= 10'sd0)  ? 1'b0 :
                  (sh <= -10'sd25) ? 1'b1 : ((mant & lostm) != 64'd0);
  assign x = a[31] ? -$signed(mag + {63'd0, sticky}) : $signed(mag);
  assign i = x >>> 26;
  assign f = x[25:0];

  prim_sf_tab #(.TAB(2'd0)) u_tab (.idx_i(f[25:19]), .c_o(c));
  prim_sf_poly #(.T(19)) u_poly (.c_i(c), .t_i(f[18:0]), .y_o(y));

  // at least 1.0 (units 2^-28), round to 24 bits; a carry to 2.0 is the next power of two
  assign yc = (y < 64'sh10000000) ? 64'sh10000000 : y;
  assign yr = ($unsigned(yc) + 64'd16) >> 5;
  assign up = yr >= 64'h1000000;
  assign m  = yr[23:0];
  assign be = 8'(i + 64'sd127);
  assign be1 = be + 8'd1;

  assign z_o = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
               (ex == 8'hFF)                      ? (a[31] ? 32'd0 : 32'h7F800000) :
               (a[30:0] == 31'd0)                 ? 32'h3F800000 :
               big                                ? (a[31] ? 32'd0 : 32'h7F800000) :
               (i < -64'sd126)                    ? 32'd0 :
               (f == 26'd0)                       ? {1'b0, be, 23'd0} :
               up                                 ? {1'b0, be1, 23'd0} :
                                                    {1'b0, be, m[22:0]};

  logic unused_x;
  assign unused_x = ^{x[63:26], m[23]};

endmodule
