// si_cb_f2u: binary32 to an n-bit UNORM or SNORM component (n = 1..16; docs/blocks/si.cb.md
// step 9), exactly.  UNORM: NaN, -0 and x <= 0 give 0, x >= 1 gives S = 2^n - 1.  SNORM: NaN gives
// 0, |x| >= 1 gives +-S with S = 2^(n-1) - 1, the result is two's complement.  In between
// floor(x * S + 1/2) (ROUND_BY_HALF) or floor(x * S) (TRUNCATE, toward negative): from |x| * S =
// q + r, a positive x gives q + (r >= 1/2) or q, a negative one -(q + (r > 1/2)) or -(q + (r != 0)).
// Purely combinational.
module si_cb_f2u (
  input  logic [31:0] f_i,
  input  logic [4:0]  n_i,
  input  logic        snorm_i,
  input  logic        trunc_i,
  output logic [15:0] u_o
);
  logic [7:0]  e;
  logic [23:0] m;
  logic [7:0]  k;
  logic [15:0] mx;
  logic [39:0] prod;
  logic [39:0] q;
  logic [39:0] rem;
  logic [39:0] half;
  logic        up;
  logic        neg;
  logic        is_nan;
  logic [15:0] mag;

  assign e      = f_i[30:23];
  assign m      = {e != 8'd0, f_i[22:0]};
  assign k      = 8'd150 - ((e != 8'd0) ? e : 8'd1);
  assign mx     = snorm_i ? 16'((17'd1 << (n_i - 5'd1)) - 17'd1) : 16'((17'd1 << n_i) - 17'd1);
  assign prod   = {16'd0, m} * {24'd0, mx};
  assign is_nan = e == 8'hFF && f_i[22:0] != 23'd0;
  assign neg    = f_i[31];

  always_comb begin
    q    = '0;
    rem  = '0;
    half = '0;
    up   = 1'b0;
    if (k <= 8'd40) begin
      q    = prod >> k[5:0];
      rem  = prod & ((40'd1 << k[5:0]) - 40'd1);
      half = 40'd1 << (k[5:0] - 6'd1);
    end else begin
      rem  = 40'd1;                     // 0 < |x| * S < 2^-16: below half an lsb
      half = 40'd2;
    end
    if (!neg) begin
      up = !trunc_i && rem >= half;
    end else begin
      up = trunc_i ? rem != 40'd0 : rem > half;
    end
    if (f_i[30:0] == 31'd0) begin
      up = 1'b0;
    end
    if (f_i[30:0] >= 31'h3F80_0000) begin
      mag = mx;
    end else begin
      mag = q[15:0] + {15'd0, up};
    end
    if (is_nan || (neg && !snorm_i)) begin
      u_o = 16'd0;
    end else if (neg) begin
      u_o = (16'd0 - mag) & ((16'd1 << n_i) - 16'd1);
    end else begin
      u_o = mag;
    end
  end

  logic unused_q;
  assign unused_q = ^q[39:16];
endmodule
