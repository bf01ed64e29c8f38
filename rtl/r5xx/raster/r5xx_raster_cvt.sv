// r5xx_raster_cvt: a signed 48-bit integer to binary32, rounded toward zero (docs/blocks/r5xx.raster.md
// "cvt"): the top set bit k of |n| gives the exponent 127 + k, the 23 bits below it the
// mantissa (low bits dropped).  Combinational.
module r5xx_raster_cvt (
  input  logic signed [47:0] n_i,
  output logic [31:0]        z_o
);

  // also called as a function (u_cvt.cvt) where it is evaluated only while used
  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [31:0] cvt(input logic signed [47:0] n);
    /*verilator no_inline_task*/
    logic [47:0] m, sh;
    logic [5:0]  k;
    m = n[47] ? 48'(-n) : 48'(n);
    k = '0;
    for (int i = 0; i < 48; i++) begin
      if (m[i]) k = 6'(i);
    end
    // m aligned so that its top set bit lands at bit 47
    sh = m << (6'd47 - k);
    return (m == 48'd0) ? 32'd0 : {n[47], 8'(8'd127 + 8'(k)), sh[46:24]};
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  assign z_o = cvt(n_i);

endmodule
