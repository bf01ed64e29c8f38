// prim_sf_cos: shader-float cos(2 pi x), x in turns (docs/float.md 4.6): quadrant Q and remainder
// r of the phase of |x|, quadrants cos(r), -sin(r), -cos(r), sin(r) with cos(r) the quarter sine
// of 2^32 - r; zero results +0, cos(+-0) = 1.0, NaN/Inf -> 0x7FC00000.  Purely combinational;
// C twin sf_cos() in model/prim/sf_trans.c.
module prim_sf_cos (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a, zq;
  logic [33:0] ph;
  logic [32:0] s;

  assign a = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  prim_sf_phase u_phase (.a_i(a), .ph_o(ph));
  assign s = ph[32] ? {1'b0, ph[31:0]} : (33'h100000000 - {1'b0, ph[31:0]});
  prim_sf_qsin u_qsin (.s_i(s), .z_o(zq));

  assign z_o = (a[30:23] == 8'hFF) ? 32'h7FC00000 :
               (a[30:0] == 31'd0)  ? 32'h3F800000 :
               (zq == 32'd0)       ? 32'd0 :
                                     {ph[33] ^ ph[32], zq[30:0]};

  logic unused_zq;
  assign unused_zq = zq[31];

endmodule
