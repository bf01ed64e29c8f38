// prim_sf_lg2: shader-float log2(x) (docs/float.md 4.5): for 0.5 < x < 1, -w * H(w) with
// w = 1 - f (prim_sf_tab lg2h); otherwise e + f * G(f) (prim_sf_tab lg2g); 128-segment
// quadratics (T = 17), the fixed-point result (units 2^-52) rounded to nearest by prim_sf_pack.
// NaN and negatives -> 0x7FC00000, +-0 -> -Inf, +Inf -> +Inf.  Purely combinational; C twin
// sf_lg2() in model/prim/sf_trans.c.
module prim_sf_lg2 (
  input  logic [31:0] a_i,
  output logic [31:0] z_o
);

  logic [31:0] a, p;
  logic [7:0]  ex;
  logic signed [9:0]  e;
  logic        hpath;
  logic [23:0] u;
  logic [95:0] cg, ch, c;
  logic signed [63:0] y, prod, r, er;
  logic [63:0] n;

  assign a     = (a_i[30:23] == 8'd0) ? {a_i[31], 31'd0} : a_i;
  assign ex    = a[30:23];
  assign e     = $signed({2'b00, ex}) - 10'sd127;
  assign hpath = (ex == 8'd126) && (a[22:0] != 23'd0);
  assign u     = hpath ? {24'h800000 - {1'b0, a[22:0]}} << 1 : {a[22:0], 1'b0};

  prim_sf_tab #(.TAB(2'd1)) u_tab_g (.idx_i(u[23:17]), .c_o(cg));
  prim_sf_tab #(.TAB(2'd2)) u_tab_h (.idx_i(u[23:17]), .c_o(ch));
  assign c = hpath ? ch : cg;
  prim_sf_poly #(.T(17)) u_poly (.c_i(c), .t_i(u[16:0]), .y_o(y));

  assign prod = $signed({40'd0, u}) * y;
  assign er   = {{54{e[9]}}, e} <<< 52;
  assign r    = hpath ? -prod : (er + prod);
  assign n    = (r < 64'sd0) ? $unsigned(-r) : $unsigned(r);

  prim_sf_pack u_pack (.s_i(r < 64'sd0), .n_i(n), .k_i(-12'sd52), .z_o(p));

  assign z_o = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
               (a[30:0] == 31'd0)                 ? 32'hFF800000 :
               a[31]                              ? 32'h7FC00000 :
               (ex == 8'hFF)                      ? 32'h7F800000 :
                                                    p;

endmodule
