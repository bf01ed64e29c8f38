// prim_fround: round and pack one IEEE binary32 result (docs/blocks/r5xx.vap.md "Float
// arithmetic").
//
// The value is (-1)^sign_i * mant_i * 2^(exp_i - 127 - (W-1)), plus a sticky part below mant_i's
// LSB when sticky_i is set (never more than half an LSB of mant_i).  It is normalised, made
// subnormal when its exponent is below the normal range, rounded to nearest-even and packed;
// an exponent above the range gives infinity.  A zero mantissa gives a zero of sign_i.
// Purely combinational.
module prim_fround #(
  parameter bit [31:0] W  = 48,   // mantissa width, at least 26
  parameter bit [31:0] EW = 12    // signed exponent width
) (
  input  logic              sign_i,
  input  logic [EW-1:0]     exp_i,      // signed, biased as if mant_i's MSB were set
  input  logic [W-1:0]      mant_i,
  input  logic              sticky_i,
  output logic [31:0]       f_o
);

  localparam bit [31:0] LzW = $clog2(W + 1);

  logic [LzW-1:0]  lz;
  logic            found;
  logic [W-1:0]    mn;
  logic signed [EW:0] en;
  logic [W-1:0]    ms;
  logic            sh_sticky;
  logic [EW:0]     rsh;
  logic [7:0]      efield;
  logic [22:0]     frac;
  logic            guard;
  logic            sticky;
  logic            rnd;
  logic [30:0]     mag;

  // leading zeros of the mantissa
  always_comb begin
    lz    = '0;
    found = 1'b0;
    for (int i = W - 1; i >= 0; i--) begin
      if (!found && mant_i[i]) begin
        found = 1'b1;
        lz    = LzW'(W - 1 - i);
      end
    end
  end

  assign mn = mant_i << lz;
  assign en = $signed({exp_i[EW-1], exp_i}) - $signed({{(EW + 1 - LzW){1'b0}}, lz});

  // below the normal range: shift right by 1 - en into the subnormal position (field 0)
  always_comb begin
    rsh = '0;
    if (en < 1) begin
      rsh = (EW + 1)'(1) - en;
    end
    ms        = mn;
    sh_sticky = 1'b0;
    if (rsh != '0) begin
      if (rsh >= (EW + 1)'(W)) begin
        ms        = '0;
        sh_sticky = |mn;
      end else begin
        ms = mn >> rsh;
        for (int i = 0; i < W; i++) begin
          if (i < int'(rsh) && mn[i]) begin
            sh_sticky = 1'b1;
          end
        end
      end
    end
  end

  assign efield = (en < 1) ? 8'd0 : en[7:0];
  assign frac   = ms[W-2 -: 23];
  assign guard  = ms[W-25];
  assign sticky = (|ms[W-26:0]) | sh_sticky | sticky_i;
  assign rnd    = guard & (sticky | frac[0]);
  assign mag    = {efield, frac} + {30'd0, rnd};

  always_comb begin
    if (!found && !sticky_i) begin
      f_o = {sign_i, 31'd0};
    end else if (en >= 255) begin
      f_o = {sign_i, 8'hFF, 23'd0};
    end else begin
      f_o = {sign_i, mag};
    end
  end

endmodule
