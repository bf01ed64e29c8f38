// r5xx_pvs_me: the PVS math engine (MATH_INST = 1) of r5xx.pvs (docs/blocks/r5xx.pvs.md, "Math
// opcodes"): the DX / FF / IEEE variants of RCP, RSQ, LOG, EXP, POW and its clamps, LIT, SIN and
// COS of radians with their clamp and output floor, on the shared shader float
// (rtl/prim/prim_sf_*.sv); then ME_SAT.  Reads the w components of the three operands.
// err: 0 executed, 2 reserved (0, 29-63).  Purely
// combinational.  The C twin is model/r5xx/pvs/pvs_math.c.
module r5xx_pvs_me (
  input  logic [5:0]   op_i,
  input  logic         sat_i,
  input  logic [31:0]  a_i,
  input  logic [31:0]  b_i,
  input  logic [31:0]  c_i,
  output logic [127:0] r_o,
  output logic [1:0]   err_o,
  output logic         pset_o,     // the op sets the predicate bit (ME_PRED_SET_*) ...
  output logic         pval_o      // ... to this value
);
  localparam logic [31:0] Zero   = 32'h00000000;
  localparam logic [31:0] One    = 32'h3F800000;
  localparam logic [31:0] F128   = 32'h43000000;
  localparam logic [31:0] FN128  = 32'hC3000000;
  localparam logic [31:0] MaxF   = 32'h7F7FFFFF;
  localparam logic [31:0] NMaxF  = 32'hFF7FFFFF;
  localparam logic [31:0] PInf   = 32'h7F800000;
  localparam logic [31:0] NInf   = 32'hFF800000;
  localparam logic [31:0] QNaN   = 32'h7FC00000;
  localparam logic [31:0] Pi     = 32'h40490FDB;
  localparam logic [31:0] NPi    = 32'hC0490FDB;
  localparam logic [31:0] Inv2Pi = 32'h3E22F983;
  localparam logic [31:0] Log2E  = 32'h3FB8AA3B;
  localparam logic [31:0] SinMin = 32'h33800000;

  logic [31:0] aabs;
  assign aabs = {1'b0, a_i[30:0]};

  // ---- comparisons on a, b ----------------------------------------------------------------------
  logic a_zero, a_lt0, a_le0, a_gt1, a_gt128, a_ltb, a_gtpi, a_ltnpi, b_gt0;
  logic u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15, u16, u17, u18;
  prim_sf_cmp u_az  (.a_i(a_i),  .b_i(Zero), .lt_o(a_lt0),  .le_o(a_le0), .eq_o(a_zero));
  prim_sf_cmp u_a1  (.a_i(One),  .b_i(a_i),  .lt_o(a_gt1),  .le_o(u0),    .eq_o(u1));
  prim_sf_cmp u_a128(.a_i(F128), .b_i(a_i),  .lt_o(a_gt128),.le_o(u2),    .eq_o(u3));
  prim_sf_cmp u_ab  (.a_i(a_i),  .b_i(b_i),  .lt_o(a_ltb),  .le_o(u4),    .eq_o(u5));
  prim_sf_cmp u_api (.a_i(Pi),   .b_i(a_i),  .lt_o(a_gtpi), .le_o(u6),    .eq_o(u7));
  prim_sf_cmp u_anpi(.a_i(a_i),  .b_i(NPi),  .lt_o(a_ltnpi),.le_o(u8),    .eq_o(u9));
  prim_sf_cmp u_b0  (.a_i(Zero), .b_i(b_i),  .lt_o(b_gt0),  .le_o(u10),   .eq_o(u11));

  // ---- the power: x^n for x >= 0 with the seed's special cases (001:6396-6430) ------------------
  logic        lit;
  logic [31:0] amax0, bmax0, cmax, cclamp, px, pn, lg_in, lg, pm, ex_in, ex, pcore, powff;
  assign lit = op_i == 6'd4;
  prim_sf_max u_amax (.a_i(a_i),  .b_i(Zero),  .z_o(amax0));
  prim_sf_max u_bmax (.a_i(b_i),  .b_i(Zero),  .z_o(bmax0));
  prim_sf_max u_cmax (.a_i(c_i),  .b_i(FN128), .z_o(cmax));
  prim_sf_min u_cmin (.a_i(cmax), .b_i(F128),  .z_o(cclamp));
  assign px = lit ? amax0 : aabs;
  assign pn = lit ? cclamp : c_i;
  logic x_zero, n_zero, n_lt0, x_gt1, x_lt1;
  prim_sf_cmp u_xz (.a_i(px),  .b_i(Zero), .lt_o(u12),   .le_o(u13), .eq_o(x_zero));
  prim_sf_cmp u_nz (.a_i(pn),  .b_i(Zero), .lt_o(n_lt0), .le_o(u14), .eq_o(n_zero));
  prim_sf_cmp u_x1 (.a_i(One), .b_i(px),   .lt_o(x_gt1), .le_o(u15), .eq_o(u16));
  prim_sf_cmp u_x1b(.a_i(px),  .b_i(One),  .lt_o(x_lt1), .le_o(u17), .eq_o(u18));
  // the logarithm: |a| for LOG / LG2, the power's base otherwise
  assign lg_in = (op_i == 6'd2 || op_i == 6'd12 || op_i == 6'd18) ? aabs : px;
  prim_sf_lg2 u_lg2 (.a_i(lg_in), .z_o(lg));
  prim_sf_mul u_pm (.a_i(pn), .b_i(lg), .zmode_i(1'b0), .z_o(pm));
  always_comb begin
    if (x_zero)                              pcore = n_lt0 ? PInf : Zero;
    else if (n_zero)                         pcore = One;
    else if (px == PInf)                     pcore = n_lt0 ? Zero : PInf;
    else if (pn == NInf && x_gt1)            pcore = Zero;
    else if (pn == NInf && x_lt1)            pcore = PInf;
    else if (pn == PInf && x_gt1)            pcore = PInf;
    else if (pn == PInf && x_lt1)            pcore = Zero;
    else                                     pcore = ex;
  end
  // ME_POWER_FUNC_FF: a negative base gives -(|a|^n) (a NaN stays the canonical NaN)
  assign powff = (a_lt0 && pcore != QNaN) ? {~pcore[31], pcore[30:0]} : pcore;

  // ---- 2^x: of c (EX2), of c*log2(e) (EXP_BASEE), of a (EXP_DX z), of the power's product ------
  logic [31:0] ce, flr_a, frc_a, ex_fl;
  prim_sf_mul u_ce (.a_i(c_i), .b_i(Log2E), .zmode_i(1'b0), .z_o(ce));
  always_comb begin
    case (op_i)
      6'd1:    ex_in = a_i;
      6'd3:    ex_in = ce;
      6'd11:   ex_in = c_i;
      default: ex_in = pm;
    endcase
  end
  prim_sf_ex2 u_ex2  (.a_i(ex_in), .z_o(ex));
  prim_sf_flr u_flr  (.a_i(a_i),   .z_o(flr_a));
  prim_sf_frc u_frc  (.a_i(a_i),   .z_o(frc_a));
  prim_sf_ex2 u_ex2f (.a_i(flr_a), .z_o(ex_fl));

  // ---- reciprocals ----------------------------------------------------------------------------------
  logic [31:0] rcp, rsq, mul_ab;
  prim_sf_rcp u_rcp (.a_i(a_i),  .z_o(rcp));
  prim_sf_rsq u_rsq (.a_i(aabs), .z_o(rsq));
  prim_sf_mul u_mab (.a_i(a_i), .b_i(b_i), .zmode_i(1'b0), .z_o(mul_ab));

  // ---- sine, cosine of radians: clamp to [-pi, pi] (NaN -> pi), to turns, floor 2^-24 ---------
  logic        a_nan;
  logic [31:0] xs, ts, sn, cs, sn_f, cs_f;
  assign a_nan = a_i[30:23] == 8'hFF && a_i[22:0] != 23'd0;
  assign xs = (a_nan || a_gtpi) ? Pi : a_ltnpi ? NPi : a_i;
  prim_sf_mul u_ts (.a_i(xs), .b_i(Inv2Pi), .zmode_i(1'b0), .z_o(ts));
  prim_sf_sin u_sin (.a_i(ts), .z_o(sn));
  prim_sf_cos u_cos (.a_i(ts), .z_o(cs));
  assign sn_f = {1'b0, sn[30:0]} < SinMin ? {sn[31], SinMin[30:0]} : sn;
  assign cs_f = {1'b0, cs[30:0]} < SinMin ? {cs[31], SinMin[30:0]} : cs;
  logic xs_zero_or_pi;
  // xs is a_i (or +-pi): zero when a_i compares equal to 0
  assign xs_zero_or_pi = (!(a_nan || a_gtpi || a_ltnpi) && a_zero) || {1'b0, xs[30:0]} == Pi;

  // ---- LOG_BASE2_DX: the unbiased exponent as a float (-126..128), the mantissa in [1, 2) -------
  logic [31:0] expf;
  always_comb begin
    logic [8:0] v, m;
    logic [2:0] l;
    v = {1'b0, a_i[30:23]} - 9'd127;
    m = v[8] ? (9'd0 - v) : v;
    l = 3'd0;
    for (int i = 1; i < 8; i++) if (m[i]) l = i[2:0];
    if (m == 9'd0)          expf = Zero;
    else if (m[7])          expf = {v[8], 8'd134, 23'd0};               // 128
    else                    expf = {v[8], 8'd127 + {5'd0, l}, ({16'd0, m[6:0]} << (5'd23 - {2'd0, l}))};
  end

  // ---- ME_PRED_SET_*: the predicate bit and the counter ------------------------------------------
  logic        a_eq1, u19, u20;
  logic [31:0] am1;
  logic        am1_lt0, u21, u22;
  prim_sf_cmp u_a1e (.a_i(a_i), .b_i(One), .lt_o(u19), .le_o(u20), .eq_o(a_eq1));
  prim_sf_add u_am1 (.a_i(a_i), .b_i(32'hBF800000), .z_o(am1));
  prim_sf_cmp u_am1c(.a_i(am1), .b_i(Zero), .lt_o(am1_lt0), .le_o(u21), .eq_o(u22));
  logic a_gt0;
  assign a_gt0 = !a_le0 && !a_nan;
  always_comb begin
    case (op_i)
      6'd21:   begin pset_o = 1'b1; pval_o = a_zero;          end
      6'd22:   begin pset_o = 1'b1; pval_o = a_gt0;           end
      6'd23:   begin pset_o = 1'b1; pval_o = a_zero || a_gt0; end
      6'd24:   begin pset_o = 1'b1; pval_o = !a_zero;         end
      6'd25:   begin pset_o = 1'b1; pval_o = 1'b0;            end
      6'd26:   begin pset_o = 1'b1; pval_o = a_eq1;           end
      6'd27:   begin pset_o = 1'b1; pval_o = am1_lt0;         end
      6'd28:   begin pset_o = 1'b1; pval_o = a_zero;          end
      default: begin pset_o = 1'b0; pval_o = 1'b0;            end
    endcase
  end

  // ---- the result ---------------------------------------------------------------------------------
  logic [31:0] t;
  logic [127:0] r;
  // t, e and rv are this block's own; err_o and r are written once, at the end (defaults
  // overridden on variables other blocks read kept Icarus 11 at time 0 for ever)
  always_comb begin
    logic [1:0]   e;
    logic [127:0] rv;
    t  = Zero;
    e  = 2'd0;
    rv = 128'd0;
    case (op_i)
      6'd1:  rv = {One, ex, a_gt128 ? Zero : frc_a, ex_fl};                        // ME_EXP_BASE2_DX
      6'd2:  rv = a_zero ? {One, NMaxF, One, NMaxF} :
                          {One, lg, {9'b001111111, a_i[22:0]}, expf};              // ME_LOG_BASE2_DX
      6'd4:  rv = {One, b_gt0 ? pcore : Zero, bmax0, One};                          // ME_LIGHT_COEFF_DX
      6'd3:  t = ex;                                                               // ME_EXP_BASEE_FF
      6'd5:  t = powff;                                                            // ME_POWER_FUNC_FF
      6'd6:  t = a_zero ? MaxF : rcp;                                              // ME_RECIP_DX
      6'd7:  t = a_zero ? {a_i[31], 31'd0} : rcp;                                  // ME_RECIP_FF
      6'd8:  t = a_zero ? MaxF : rsq;                                              // ME_RECIP_SQRT_DX
      6'd9:  t = a_zero ? Zero : rsq;                                              // ME_RECIP_SQRT_FF
      6'd10: t = mul_ab;                                                           // ME_MULTIPLY
      6'd11: t = ex;                                                               // ME_EXP_BASE2_FULL_DX
      6'd12: t = a_zero ? NMaxF : lg;                                              // ME_LOG_BASE2_FULL_DX
      6'd13: t = a_ltb ? Zero : powff;                                             // ME_POWER_FUNC_FF_CLAMP_B
      6'd14: t = a_ltb ? Zero : a_gt1 ? One : powff;                               // ME_POWER_FUNC_FF_CLAMP_B1
      6'd15: t = a_le0 ? Zero : a_gt1 ? One : powff;                               // ME_POWER_FUNC_FF_CLAMP_01
      6'd16: t = xs_zero_or_pi ? Zero : sn_f;                                      // ME_SIN
      6'd17: t = cs_f;                                                             // ME_COS
      6'd18: t = lg;                                                               // ME_LOG_BASE2_IEEE
      6'd19: t = rcp;                                                              // ME_RECIP_IEEE
      6'd20: t = rsq;                                                              // ME_RECIP_SQRT_IEEE
      6'd21, 6'd22, 6'd23, 6'd24: t = pval_o ? Zero : One;                       // ME_PRED_SET_EQ/GT/GTE/NEQ
      6'd25: t = MaxF;                                                             // ME_PRED_SET_CLR
      6'd26: t = a_eq1 ? Zero : a_zero ? One : a_i;                                // ME_PRED_SET_INV
      6'd27: t = am1_lt0 ? Zero : am1;                                             // ME_PRED_SET_POP
      6'd28: t = a_zero ? Zero : a_i;                                              // ME_PRED_SET_RESTORE
      default: e = 2'd2;
    endcase
    if (op_i != 6'd1 && op_i != 6'd2 && op_i != 6'd4) rv = e != 2'd0 ? 128'd0 : {4{t}};
    err_o = e;
    r     = rv;
  end

  // ME_SAT: min(max(x, 0), 1) per component
  for (genvar k = 0; k < 4; k++) begin : g_sat
    logic [31:0] m0, m1;
    prim_sf_max u_smax (.a_i(r[32*k +: 32]), .b_i(Zero), .z_o(m0));
    prim_sf_min u_smin (.a_i(m0),            .b_i(One),  .z_o(m1));
    assign r_o[32*k +: 32] = sat_i ? m1 : r[32*k +: 32];
  end

  logic unused;
  assign unused = ^{u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15, u16, u17, u18,
                    u19, u20, u21, u22};
endmodule
