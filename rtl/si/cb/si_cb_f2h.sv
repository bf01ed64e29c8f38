// si_cb_f2h: binary32 to binary16 (NUMBER_FLOAT on a 16-bit component, docs/blocks/si.cb.md step 9):
// the exact value rounded once, to nearest-even (ROUND_MODE 0) or toward zero (ROUND_MODE 1);
// beyond the range infinity (nearest) or 0x7BFF = 65504 (toward zero); subnormals kept; every
// NaN 0x7E00.  The exponent field and the significand are added, so a rounding carry moves into
// the exponent (and to infinity) by itself.  Purely combinational.
module si_cb_f2h (
  input  logic [31:0] f_i,
  input  logic        trunc_i,
  output logic [15:0] h_o
);
  logic [7:0]  e;
  logic [23:0] m;
  logic [4:0]  sh;
  logic [4:0]  base;
  logic [23:0] q;
  logic [23:0] rem;
  logic [23:0] half;
  logic [14:0] r;
  logic        up;

  assign e    = f_i[30:23];
  assign m    = {e != 8'd0, f_i[22:0]};
  // normal binary16 (e >= 113): 13 bits drop; below, 126 - e (e <= 101: below half the least
  // subnormal, the result is a zero)
  assign sh   = (e >= 8'd113) ? 5'd13 : (e <= 8'd102) ? 5'd24 : 5'(8'd126 - e);
  assign base = (e >= 8'd113) ? 5'(e - 8'd113) : 5'd0;
  assign q    = m >> sh;
  assign rem  = m & ((24'd1 << sh) - 24'd1);
  assign half = 24'd1 << (sh - 5'd1);
  assign up   = !trunc_i && (rem > half || (rem == half && q[0]));
  assign r    = {base, 10'd0} + q[14:0] + {14'd0, up};

  always_comb begin
    if (e == 8'hFF) begin
      h_o = (f_i[22:0] != 23'd0) ? 16'h7E00 : {f_i[31], 15'h7C00};
    end else if (e <= 8'd101) begin
      h_o = {f_i[31], 15'd0};
    end else if (e >= 8'd143) begin
      h_o = {f_i[31], trunc_i ? 15'h7BFF : 15'h7C00};
    end else begin
      h_o = {f_i[31], r};
    end
  end

  logic unused_q;
  assign unused_q = ^q[23:15];
endmodule
