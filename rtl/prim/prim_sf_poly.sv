// prim_sf_poly: one quadratic table segment in fixed point (docs/float.md 4.1):
//   a = (c2 * t) >> T;  b = ((c1 + a) * t) >> T;  y = c0 + b   (signed, >> = floor)
// c_i = {c0, c1, c2} from prim_sf_tab (32-bit two's complement each, units 2^-28), t_i the
// segment offset (T bits).  Purely combinational (prim_sf_fn.poly); C twin sf_poly() in model/prim/sf_fix.h.
module prim_sf_poly #(
  parameter int T = 17
) (
  input  logic [95:0]        c_i,
  input  logic [T-1:0]       t_i,
  output logic signed [63:0] y_o
);

  prim_sf_fn u_sf ();
  assign y_o = u_sf.poly(c_i, 25'(t_i), 5'(T));

endmodule
