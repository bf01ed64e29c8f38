// si_db_f2u16: IEEE binary32 to Z_16 unorm (docs/blocks/si.db.md step 5): NaN, -0 and
// negatives give 0, values >= 1.0 give 65535, otherwise round(f * 65535) with ties to even,
// exactly: f = m / 2^k, the 40-bit product m * 65535 shifted right by k with RNE.
module si_db_f2u16 (
  input  logic [31:0] f_i,
  output logic [15:0] u_o
);
  logic [7:0]  e;
  logic [23:0] m;
  logic [7:0]  k;
  logic [39:0] prod;
  logic [39:0] q;
  logic [39:0] rem;
  logic [39:0] half;
  logic [39:0] lowmask;
  logic        up;

  assign e    = f_i[30:23];
  assign m    = {e != 8'd0, f_i[22:0]};
  assign k    = 8'd150 - ((e != 8'd0) ? e : 8'd1);
  assign prod = {16'd0, m} * 40'd65535;

  always_comb begin
    q       = '0;
    rem     = '0;
    half    = '0;
    lowmask = '0;
    up      = 1'b0;
    if (k <= 8'd40) begin
      q       = prod >> k[5:0];
      lowmask = (40'd1 << k[5:0]) - 40'd1;
      rem     = prod & lowmask;
      half    = 40'd1 << (k[5:0] - 6'd1);
      up      = rem > half || (rem == half && q[0]);
    end
    if (f_i[31] || (e == 8'hFF && f_i[22:0] != 23'd0)) begin
      u_o = 16'd0;
    end else if (f_i >= 32'h3F80_0000) begin
      u_o = 16'hFFFF;
    end else if (k > 8'd40) begin
      u_o = 16'd0;
    end else begin
      u_o = q[15:0] + {15'd0, up};
    end
  end

  logic unused_q;
  assign unused_q = ^q[39:16];
endmodule
