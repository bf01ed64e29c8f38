// prim_sf_flr: shader-float floor, exact (docs/float.md section 3): NaN -> 0x7FC00000, +-Inf and
// +-0 unchanged (denormals flushed first), (0,1) -> +0, (-1,0) -> -1.0.  Purely combinational;
// C twin sf_flr() in model/prim/sf.c.
module prim_sf_flr (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a, mask;
  logic [7:0]  ex;
  logic [4:0]  nbits;

  assign a  = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex = a[30:23];
  // fraction bits below the binary point, for 127 <= ex < 150: 150 - ex in [1, 23]
  assign nbits = 5'(8'd150 - ex);
  assign mask  = (32'd1 << nbits) - 32'd1;

  assign z_o = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
               (ex == 8'hFF || a[30:0] == 31'd0)  ? a :
               (ex >= 8'd150)                      ? a :
               (ex < 8'd127)                       ? (a[31] ? 32'hBF800000 : 32'd0) :
               ((a & mask) == 32'd0)               ? a :
               a[31]                               ? ((a & ~mask) + mask + 32'd1) :
                                                     (a & ~mask);

endmodule
