// prim_sf_poly: one quadratic table segment in fixed point (docs/float.md 4.1):
//   a = (c2 * t) >> T;  b = ((c1 + a) * t) >> T;  y = c0 + b   (signed, >> = floor)
// c_i = {c0, c1, c2} from prim_sf_tab (32-bit two's complement each, units 2^-28), t_i the
// segment offset (T bits).  Purely combinational; C twin sf_poly() in model/prim/sf_fix.h.
module prim_sf_poly #(
  parameter int T = 17
) (
  input  logic [95:0]        c_i,
  input  logic [T-1:0]       t_i,
  output logic signed [63:0] y_o
);

  logic signed [63:0] c0, c1, c2, t, pa, a, pb, b;

  assign c0 = {{32{c_i[95]}}, c_i[95:64]};
  assign c1 = {{32{c_i[63]}}, c_i[63:32]};
  assign c2 = {{32{c_i[31]}}, c_i[31:0]};
  assign t  = {{(64 - T){1'b0}}, t_i};
  assign pa = c2 * t;
  assign a  = pa >>> T;
  assign pb = (c1 + a) * t;
  assign b  = pb >>> T;
  assign y_o = c0 + b;

endmodule
