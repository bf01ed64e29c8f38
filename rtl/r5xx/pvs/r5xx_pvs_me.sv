// r5xx_pvs_me: the PVS math engine (MATH_INST = 1) of r5xx.pvs (docs/blocks/r5xx.pvs.md, "Math
// opcodes"): the DX / FF / IEEE variants of RCP, RSQ, LOG, EXP, POW and its clamps, LIT, SIN and
// COS of radians with their clamp and output floor, on the shared shader float
// (rtl/prim/prim_sf_fn.sv); then ME_SAT.  Reads the w components of the three operands.
// err: 0 executed, 2 reserved (0, 29-63).  Purely combinational; one function, each op's float
// work only in its case arm (the transcendentals only for their opcodes), the whole evaluated
// only while en_i is set (a math-engine instruction is offered; docs/performance.md "Evaluate
// only what is used"), else every output is 0.  The C twin is model/r5xx/pvs/pvs_math.c.
module r5xx_pvs_me (
  input  logic         en_i,       // a math-engine instruction is offered: evaluated only then
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

  prim_sf_fn u_sf ();

  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN

  // the power x^n for x >= 0 with the seed's special cases (001:6396-6430)
  function automatic logic [31:0] pw(input logic [31:0] px, input logic [31:0] pn);
    logic [2:0]  qx, qn, qg, ql;
    logic [31:0] pc;
    qx = u_sf.cmp(px, Zero);
    qn = u_sf.cmp(pn, Zero);
    qg = u_sf.cmp(One, px);
    ql = u_sf.cmp(px, One);
    if (qx[0])                         pc = qn[2] ? PInf : Zero;
    else if (qn[0])                    pc = One;
    else if (px == PInf)               pc = qn[2] ? Zero : PInf;
    else if (pn == NInf && qg[2])      pc = Zero;
    else if (pn == NInf && ql[2])      pc = PInf;
    else if (pn == PInf && qg[2])      pc = PInf;
    else if (pn == PInf && ql[2])      pc = Zero;
    else                               pc = u_sf.ex2(u_sf.mul(pn, u_sf.lg2(px), 1'b0));
    return pc;
  endfunction

  // ME_POWER_FUNC_FF: x = |a|, n = c; a negative base gives -(|a|^n) (a NaN stays the canonical NaN)
  function automatic logic [31:0] powff(input logic a_lt0);
    logic [31:0] pc;
    pc = pw({1'b0, a_i[30:0]}, c_i);
    return (a_lt0 && pc != QNaN) ? {~pc[31], pc[30:0]} : pc;
  endfunction

  // LOG_BASE2_DX: the unbiased exponent as a float (-126..128)
  function automatic logic [31:0] expf(input logic dummy);
    logic [8:0]  v, m;
    logic [2:0]  l;
    logic [31:0] z;
    v = {1'b0, a_i[30:23]} - 9'd127;
    m = v[8] ? (9'd0 - v) : v;
    l = 3'd0;
    for (int i = 1; i < 8; i++) if (m[i]) l = i[2:0];
    if (m == 9'd0)          z = Zero;
    else if (m[7])          z = {v[8], 8'd134, 23'd0};               // 128
    else                    z = {v[8], 8'd127 + {5'd0, l}, ({16'd0, m[6:0]} << (5'd23 - {2'd0, l}))};
    return z;
  endfunction

  // {pset, pval, err, r}
  function automatic logic [131:0] me(input logic dummy);
    logic [31:0]  aabs, t, xs, ts, s, f;
    logic [2:0]   qz, q1, qb, qpi, qnpi;
    logic         a_zero, a_lt0, a_le0, a_nan, a_gt0, ps, pv;
    logic [1:0]   e;
    logic [127:0] rv, rs;
    aabs   = {1'b0, a_i[30:0]};
    qz     = u_sf.cmp(a_i, Zero);
    a_lt0  = qz[2];
    a_le0  = qz[1];
    a_zero = qz[0];
    a_nan  = a_i[30:23] == 8'hFF && a_i[22:0] != 23'd0;
    a_gt0  = !a_le0 && !a_nan;
    t  = Zero;
    e  = 2'd0;
    rv = 128'd0;
    ps = 1'b0;
    pv = 1'b0;
    case (op_i)
      6'd1: begin                                                                  // ME_EXP_BASE2_DX
        q1 = u_sf.cmp(F128, a_i);
        rv = {One, u_sf.ex2(a_i), q1[2] ? Zero : u_sf.frc(a_i), u_sf.ex2(u_sf.flr(a_i))};
      end
      6'd2: rv = a_zero ? {One, NMaxF, One, NMaxF} :
                          {One, u_sf.lg2(aabs), {9'b001111111, a_i[22:0]}, expf(1'b0)}; // ME_LOG_BASE2_DX
      6'd4: begin                                                                  // ME_LIGHT_COEFF_DX
        qb = u_sf.cmp(Zero, b_i);
        rv = {One, qb[2] ? pw(u_sf.max(a_i, Zero), u_sf.min(u_sf.max(c_i, FN128), F128)) : Zero,
              u_sf.max(b_i, Zero), One};
      end
      6'd3:  t = u_sf.ex2(u_sf.mul(c_i, Log2E, 1'b0));                            // ME_EXP_BASEE_FF
      6'd5:  t = powff(a_lt0);                                                     // ME_POWER_FUNC_FF
      6'd6:  t = a_zero ? MaxF : u_sf.rcp(a_i);                                    // ME_RECIP_DX
      6'd7:  t = a_zero ? {a_i[31], 31'd0} : u_sf.rcp(a_i);                        // ME_RECIP_FF
      6'd8:  t = a_zero ? MaxF : u_sf.rsq(aabs);                                   // ME_RECIP_SQRT_DX
      6'd9:  t = a_zero ? Zero : u_sf.rsq(aabs);                                   // ME_RECIP_SQRT_FF
      6'd10: t = u_sf.mul(a_i, b_i, 1'b0);                                         // ME_MULTIPLY
      6'd11: t = u_sf.ex2(c_i);                                                    // ME_EXP_BASE2_FULL_DX
      6'd12: t = a_zero ? NMaxF : u_sf.lg2(aabs);                                  // ME_LOG_BASE2_FULL_DX
      6'd13: begin qb = u_sf.cmp(a_i, b_i); t = qb[2] ? Zero : powff(a_lt0); end   // ME_POWER_FUNC_FF_CLAMP_B
      6'd14: begin                                                                 // ME_POWER_FUNC_FF_CLAMP_B1
        qb = u_sf.cmp(a_i, b_i);
        q1 = u_sf.cmp(One, a_i);
        t  = qb[2] ? Zero : q1[2] ? One : powff(a_lt0);
      end
      6'd15: begin                                                                 // ME_POWER_FUNC_FF_CLAMP_01
        q1 = u_sf.cmp(One, a_i);
        t  = a_le0 ? Zero : q1[2] ? One : powff(a_lt0);
      end
      6'd16, 6'd17: begin                                                          // ME_SIN, ME_COS
        // clamp to [-pi, pi] (NaN -> pi), to turns, floor 2^-24
        qpi  = u_sf.cmp(Pi, a_i);
        qnpi = u_sf.cmp(a_i, NPi);
        xs = (a_nan || qpi[2]) ? Pi : qnpi[2] ? NPi : a_i;
        ts = u_sf.mul(xs, Inv2Pi, 1'b0);
        s  = op_i == 6'd16 ? u_sf.sin(ts) : u_sf.cos(ts);
        f  = {1'b0, s[30:0]} < SinMin ? {s[31], SinMin[30:0]} : s;
        // sin: zero where xs is 0 (a_i compares equal to 0) or +-pi
        t  = (op_i == 6'd16 && (((!(a_nan || qpi[2] || qnpi[2])) && a_zero) || {1'b0, xs[30:0]} == Pi))
             ? Zero : f;
      end
      6'd18: t = u_sf.lg2(aabs);                                                   // ME_LOG_BASE2_IEEE
      6'd19: t = u_sf.rcp(a_i);                                                    // ME_RECIP_IEEE
      6'd20: t = u_sf.rsq(aabs);                                                   // ME_RECIP_SQRT_IEEE
      6'd21, 6'd22, 6'd23, 6'd24: begin                                            // ME_PRED_SET_EQ/GT/GTE/NEQ
        ps = 1'b1;
        case (op_i)
          6'd21:   pv = a_zero;
          6'd22:   pv = a_gt0;
          6'd23:   pv = a_zero || a_gt0;
          default: pv = !a_zero;
        endcase
        t = pv ? Zero : One;
      end
      6'd25: begin ps = 1'b1; t = MaxF; end                                        // ME_PRED_SET_CLR
      6'd26: begin                                                                 // ME_PRED_SET_INV
        q1 = u_sf.cmp(a_i, One);
        ps = 1'b1;
        pv = q1[0];
        t  = q1[0] ? Zero : a_zero ? One : a_i;
      end
      6'd27: begin                                                                 // ME_PRED_SET_POP
        s  = u_sf.add(a_i, 32'hBF800000);
        q1 = u_sf.cmp(s, Zero);
        ps = 1'b1;
        pv = q1[2];
        t  = q1[2] ? Zero : s;
      end
      6'd28: begin ps = 1'b1; pv = a_zero; t = a_zero ? Zero : a_i; end            // ME_PRED_SET_RESTORE
      default: e = 2'd2;
    endcase
    if (op_i != 6'd1 && op_i != 6'd2 && op_i != 6'd4) rv = e != 2'd0 ? 128'd0 : {4{t}};
    // ME_SAT: min(max(x, 0), 1) per component
    rs = rv;
    if (sat_i)
      for (int k = 0; k < 4; k++) rs[32*k +: 32] = u_sf.min(u_sf.max(rv[32*k +: 32], Zero), One);
    return {ps, pv, e, rs};
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  logic [131:0] o;
  always_comb begin
    case (en_i)
      1'b1: o = me(1'b0);
      default: o = 132'd0;
    endcase
  end
  assign {pset_o, pval_o, err_o, r_o} = o;
endmodule
