// r5xx_raster_div: exact signed integer division q = n / d rounded by mode_i: 0 toward zero,
// 1 toward minus infinity (floor), 2 toward plus infinity (ceiling), 3 nearest with ties away
// from zero (docs/blocks/raster.md).  d = 0 gives q = 0 and dz_o = 1.  The caller sizes QW for
// the quotient's range; the quotient is the low QW bits.  Combinational.
module r5xx_raster_div #(
  parameter bit [31:0] NW = 64,
  parameter bit [31:0] DW = 32,
  parameter bit [31:0] QW = 64
) (
  input  logic signed [NW-1:0] n_i,
  input  logic signed [DW-1:0] d_i,
  input  logic [1:0]           mode_i,
  output logic signed [QW-1:0] q_o,
  output logic                 dz_o
);

  localparam bit [31:0] W = ((NW > DW) ? NW : DW) + 2;

  logic signed [W-1:0] n, d, d1, qt, r, ar, ad;
  logic                neg;     // the exact quotient is negative
  logic                half;    // |r| >= |d| / 2
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
  assign ar  = (r < 0) ? -r : r;
  assign ad  = (d < 0) ? -d : d;
  assign half = (ar <<< 1) >= ad;

  always_comb begin
    q = qt;
    if (r != '0) begin
      unique case (mode_i)
        2'd0: q = qt;
        2'd1: q = neg ? qt - W'(1) : qt;
        2'd2: q = neg ? qt : qt + W'(1);
        default: begin
          if (half) begin
            q = neg ? qt - W'(1) : qt + W'(1);
          end
        end
      endcase
    end
  end

  assign q_o  = (d == '0) ? '0 : QW'(q);
  assign dz_o = d == '0;

endmodule
