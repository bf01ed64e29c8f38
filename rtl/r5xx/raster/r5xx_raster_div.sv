// r5xx_raster_div: exact signed integer division q = n / d rounded by the parameter Mode: 0 toward
// zero, 1 toward minus infinity (floor), 2 toward plus infinity (ceiling), 3 nearest with ties
// away from zero (docs/blocks/r5xx.raster.md).  Every instance has one fixed rounding, so it is a
// parameter: only that rounding's logic is built.  d = 0 gives q = 0 and dz_o = 1.  The caller
// sizes QW for the quotient's range; the quotient is the low QW bits.  Combinational.
module r5xx_raster_div #(
  parameter bit [31:0] NW = 64,
  parameter bit [31:0] DW = 32,
  parameter bit [31:0] QW = 64,
  parameter bit [1:0]  Mode = 2'd1
) (
  input  logic signed [NW-1:0] n_i,
  input  logic signed [DW-1:0] d_i,
  output logic signed [QW-1:0] q_o,
  output logic                 dz_o
);

  localparam bit [31:0] W = ((NW > DW) ? NW : DW) + 2;

  logic signed [W-1:0] n, d, d1, qt, r;
  logic                neg;     // the exact quotient is negative
  /* verilator lint_off UNUSEDSIGNAL */
  logic signed [W-1:0] q;     // the caller's QW may drop the top bits
  /* verilator lint_on UNUSEDSIGNAL */

  assign n   = {{(W-NW){n_i[NW-1]}}, n_i};
  assign d   = {{(W-DW){d_i[DW-1]}}, d_i};
  // (every operand signed: one unsigned operand would make the division unsigned)
  assign d1  = (d == '0) ? W'(1) : d;
  assign qt  = n / d1;                    // toward zero, like C
  assign r   = n % d1;                    // sign of n
  assign neg = (n < 0) != (d < 0);

  if (Mode == 2'd1) begin : g_floor
    assign q = (r != '0 && neg) ? qt - W'(1) : qt;
  end else if (Mode == 2'd2) begin : g_ceil
    assign q = (r != '0 && !neg) ? qt + W'(1) : qt;
  end else if (Mode == 2'd3) begin : g_nearest
    logic signed [W-1:0] ar, ad;
    logic                half;    // |r| >= |d| / 2
    assign ar   = (r < 0) ? -r : r;
    assign ad   = (d < 0) ? -d : d;
    assign half = (ar <<< 1) >= ad;
    assign q    = (r != '0 && half) ? (neg ? qt - W'(1) : qt + W'(1)) : qt;
  end else begin : g_trunc
    assign q = qt;
  end

  assign q_o  = (d == '0) ? '0 : QW'(q);
  assign dz_o = d == '0;

endmodule
