// r5xx_raster_fpack: round a normalised binary32 result to nearest even and pack it
// (docs/blocks/raster.md).  The value is sig_i * 2^(exp_i - 127 - (W-1)), sig_i[W-1] = 1 or
// sig_i = 0 (a zero of sign sign_i).  Subnormal results are shifted right before rounding;
// overflow gives infinity.  Every bit of sig_i below the 24 kept counts for the rounding.
module r5xx_raster_fpack #(
  parameter int unsigned W = 28        // width of the significand, at least 26
) (
  input  logic              sign_i,
  input  logic signed [11:0] exp_i,    // biased exponent of sig_i[W-1]
  input  logic [W-1:0]      sig_i,
  output logic [31:0]       f_o
);

  logic [11:0]  sh;
  logic [W-1:0] s;
  logic         lost;
  logic [22:0]  frac;
  logic         g;
  logic         st;
  logic         inc;
  logic [7:0]   e8;
  logic [30:0]  mag;

  always_comb begin
    s    = sig_i;
    lost = 1'b0;
    e8   = 8'd0;
    sh   = 12'd0;
    if (exp_i < 12'sd1) begin
      sh = 12'd1 - exp_i;                      // 1 .. large
      if (sh >= 12'(W)) begin
        s    = '0;
        lost = |sig_i;
      end else begin
        s    = sig_i >> sh;
        lost = |(sig_i & ~({W{1'b1}} << sh));
      end
      e8 = 8'd0;
    end else begin
      e8 = exp_i[7:0];
    end
    frac = s[W-2 -: 23];
    g    = s[W-25];
    st   = lost || (|s[W-26:0]);
    inc  = g && (st || frac[0]);
    mag  = {e8, frac} + {30'd0, inc};
    if (sig_i == '0) begin
      f_o = {sign_i, 31'd0};
    end else if (exp_i >= 12'sd255) begin
      f_o = {sign_i, 8'hFF, 23'd0};
    end else begin
      f_o = {sign_i, mag};
    end
  end

endmodule
