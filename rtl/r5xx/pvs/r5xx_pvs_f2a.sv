// r5xx_pvs_f2a: the float -> address register conversion of r5xx.pvs (docs/blocks/r5xx.pvs.md,
// "Address register"): floor to an integer, clamped to [-256, 255]; a denormal or zero gives 0,
// NaN gives 0, +-Inf the clamp.  The C twin is pvs_f2a() in model/r5xx/pvs/pvs_exec.c.
module r5xx_pvs_f2a (
  input  logic [31:0] f_i,
  output logic [8:0]  a_o
);
  logic        s;
  logic [7:0]  e;
  logic [23:0] mant;
  logic [7:0]  sh;
  logic [23:0] ip, fmask;
  logic        frac;
  logic [9:0]  mag, v;
  assign s    = f_i[31];
  assign e    = f_i[30:23];
  assign mant = {1'b1, f_i[22:0]};
  assign sh   = 8'd150 - e;                   // 15..149 when 127 <= ... < 136 is not required
  always_comb begin
    if (sh >= 8'd24) begin
      ip    = 24'd0;
      fmask = 24'hFFFFFF;
    end else begin
      ip    = mant >> sh[4:0];
      fmask = ~(24'hFFFFFF << sh[4:0]);
    end
  end
  assign frac = (mant & fmask) != 24'd0;
  assign mag  = ip[9:0] + {9'd0, frac && s};   // |floor(f)| for e < 136 (ip < 512)
  assign v    = s ? (10'd0 - mag) : mag;
  always_comb begin
    if (e == 8'hFF)       a_o = f_i[22:0] != 23'd0 ? 9'd0 : (s ? 9'h100 : 9'h0FF);
    else if (e == 8'h00)  a_o = 9'd0;
    else if (e >= 8'd136) a_o = s ? 9'h100 : 9'h0FF;
    else if (!s)          a_o = mag > 10'd255 ? 9'h0FF : mag[8:0];
    else                  a_o = mag > 10'd256 ? 9'h100 : v[8:0];
  end
  // ip's upper bits are 0 whenever it is used (e < 136)
  logic unused;
  assign unused = ^{ip[23:10], v[9]};
endmodule
