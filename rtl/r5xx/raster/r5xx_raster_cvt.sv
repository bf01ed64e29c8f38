// r5xx_raster_cvt: a signed 48-bit integer to binary32, rounded toward zero (docs/blocks/r5xx.raster.md
// "cvt"): the top set bit k of |n| gives the exponent 127 + k, the 23 bits below it the
// mantissa (low bits dropped).  Combinational.
module r5xx_raster_cvt (
  input  logic signed [47:0] n_i,
  output logic [31:0]        z_o
);

  logic [47:0] m;
  logic [5:0]  k;
  logic [47:0] sh;

  assign m = n_i[47] ? 48'(-n_i) : 48'(n_i);

  always_comb begin
    k = '0;
    for (int i = 0; i < 48; i++) begin
      if (m[i]) begin
        k = 6'(i);
      end
    end
  end

  // m aligned so that its top set bit lands at bit 47
  assign sh  = m << (6'd47 - k);
  assign z_o = (m == 48'd0) ? 32'd0 : {n_i[47], 8'(8'd127 + 8'(k)), sh[46:24]};

  logic unused_bits;
  assign unused_bits = ^{sh[47], sh[23:0]};

endmodule
