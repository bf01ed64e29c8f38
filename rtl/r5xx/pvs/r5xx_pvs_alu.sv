// r5xx_pvs_alu: the vector engine of r5xx.pvs (docs/blocks/r5xx.pvs.md, "Vector operations"):
// the operation op (MATH_INST = 0; the macro ops mapped to 4 and 11 by the caller) on the three
// operands, on the shared shader float (rtl/prim/prim_sf_fn.sv, docs/float.md); then VE_SAT.
// err: 0 executed, 2 reserved opcode.  Purely combinational; one function, each op's float
// work only in its case arm, the whole evaluated only while en_i is set (an instruction is
// offered; docs/performance.md "Evaluate only what is used"), else every output is 0.  The C
// twin is vector_op() in model/r5xx/pvs/pvs_exec.c.
module r5xx_pvs_alu (
  input  logic         en_i,       // an instruction is offered (EXEC): evaluated only then
  input  logic [5:0]   op_i,
  input  logic         sat_i,
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic [127:0] c_i,
  output logic [127:0] r_o,
  output logic [1:0]   err_o,
  output logic [3:0]   cw_o,       // VE_COND_WRITE's component mask (4'hF for every other op)
  output logic         pset_o,     // the op sets the predicate bit (VE_PRED_SET_*_PUSH) ...
  output logic         pval_o      // ... to this value
);
  localparam logic [31:0] One  = 32'h3F800000;
  localparam logic [31:0] Two  = 32'h40000000;
  localparam logic [31:0] Half = 32'h3F000000;

  prim_sf_fn u_sf ();

  // {pval, cw, err, r}: the whole engine; the ports are read directly
  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [134:0] alu(input logic dummy);
    logic [127:0] r, rs;
    logic [1:0]   err;
    logic [3:0]   cw;
    logic         pv;
    logic [31:0]  a, b, c, p0, p1, p2, p3, aw1, m0;
    logic [2:0]   q, qb, qa;
    r   = 128'd0;
    err = 2'd0;
    cw  = 4'hF;
    pv  = 1'b0;
    case (op_i)
      // VE_DOT_PRODUCT: (p0 + p1) + (p2 + p3)
      6'd1: begin
        p0 = u_sf.mul(a_i[31:0], b_i[31:0], 1'b0);
        p1 = u_sf.mul(a_i[63:32], b_i[63:32], 1'b0);
        p2 = u_sf.mul(a_i[95:64], b_i[95:64], 1'b0);
        p3 = u_sf.mul(a_i[127:96], b_i[127:96], 1'b0);
        r  = {4{u_sf.add(u_sf.add(p0, p1), u_sf.add(p2, p3))}};
      end
      // VE_DISTANCE_VECTOR
      6'd5: r = {b_i[127:96], a_i[95:64], u_sf.mul(a_i[63:32], b_i[63:32], 1'b0), One};
      // VE_MULTIPLY_CLAMP: c.w < a.w*b.w ? c.w : (a.x*b.x <= c.x ? c.x : a.x*b.x)
      6'd12: begin
        p0 = u_sf.mul(a_i[31:0], b_i[31:0], 1'b0);
        p3 = u_sf.mul(a_i[127:96], b_i[127:96], 1'b0);
        q  = u_sf.cmp(c_i[127:96], p3);
        qb = u_sf.cmp(p0, c_i[31:0]);
        r  = {4{q[2] ? c_i[127:96] : qb[1] ? c_i[31:0] : p0}};
      end
      // VE_PRED_SET_*_PUSH: the condition on b.w and a.w == 0; the result 0 or a.w + 1
      6'd15, 6'd16, 6'd17, 6'd18: begin
        qb = u_sf.cmp(32'h0, b_i[127:96]);
        qa = u_sf.cmp(32'h0, a_i[127:96]);
        case (op_i)
          6'd15:   pv = qb[0] && qa[0];
          6'd16:   pv = qb[2] && qa[0];
          6'd17:   pv = qb[1] && qa[0];
          default: pv = !qb[0] && qa[0];
        endcase
        aw1 = pv ? 32'h0 : u_sf.add(a_i[127:96], One);
        r   = {4{aw1}};
      end
      // the component-wise operations
      6'd0, 6'd2, 6'd3, 6'd4, 6'd6, 6'd7, 6'd8, 6'd9, 6'd10, 6'd11, 6'd13, 6'd14, 6'd19, 6'd20,
      6'd21, 6'd22, 6'd23, 6'd24, 6'd25, 6'd26, 6'd27, 6'd28: begin
        for (int k = 0; k < 4; k++) begin
          a = a_i[32*k +: 32];
          b = b_i[32*k +: 32];
          c = c_i[32*k +: 32];
          case (op_i)
            6'd2:  m0 = u_sf.mul(a, b, 1'b0);                                   // VE_MULTIPLY
            6'd3:  m0 = u_sf.add(a, b);                                         // VE_ADD
            6'd4:  m0 = u_sf.add(u_sf.mul(a, b, 1'b0), c);                      // VE_MULTIPLY_ADD
            6'd6:  m0 = u_sf.frc(a);                                            // VE_FRACTION
            6'd7:  m0 = u_sf.max(a, b);                                         // VE_MAXIMUM
            6'd8:  m0 = u_sf.min(a, b);                                         // VE_MINIMUM
            6'd9:  begin q = u_sf.cmp(b, a); m0 = q[1] ? One : 32'h0; end       // VE_SET_GREATER_THAN_EQUAL
            6'd10: begin q = u_sf.cmp(a, b); m0 = q[2] ? One : 32'h0; end       // VE_SET_LESS_THAN
            6'd11: m0 = u_sf.add(u_sf.mul(Two, u_sf.mul(a, b, 1'b0), 1'b0), c); // VE_MULTIPLYX2_ADD
            6'd13: m0 = u_sf.flr(a);                                            // VE_FLT2FIX_DX
            6'd14: m0 = u_sf.flr(u_sf.add(a, Half));                            // VE_FLT2FIX_DX_RND
            6'd19, 6'd20, 6'd21, 6'd22: begin                                   // VE_COND_WRITE_*: b, masked
              q = u_sf.cmp(32'h0, a);
              m0 = b;
              case (op_i)
                6'd19:   cw[k] = q[0];
                6'd20:   cw[k] = q[2];
                6'd21:   cw[k] = q[1];
                default: cw[k] = !q[0];
              endcase
            end
            6'd23: begin q = u_sf.cmp(32'h0, a); m0 = q[0] ? b : c; end         // VE_COND_MUX_EQ
            6'd24: begin q = u_sf.cmp(32'h0, a); m0 = q[2] ? b : c; end         // VE_COND_MUX_GT
            6'd25: begin q = u_sf.cmp(32'h0, a); m0 = q[1] ? b : c; end         // VE_COND_MUX_GTE
            6'd26: begin q = u_sf.cmp(b, a); m0 = q[2] ? One : 32'h0; end       // VE_SET_GREATER_THAN
            6'd27: begin q = u_sf.cmp(a, b); m0 = q[0] ? One : 32'h0; end       // VE_SET_EQUAL
            6'd28: begin q = u_sf.cmp(a, b); m0 = q[0] ? 32'h0 : One; end       // VE_SET_NOT_EQUAL
            default: m0 = 32'h0;                                                // VECTOR_NO_OP
          endcase
          r[32*k +: 32] = m0;
        end
      end
      default: err = 2'd2;
    endcase
    // VE_SAT: min(max(x, 0), 1) per component
    rs = r;
    if (sat_i)
      for (int k = 0; k < 4; k++) rs[32*k +: 32] = u_sf.min(u_sf.max(r[32*k +: 32], 32'h0), One);
    return {pv, cw, err, rs};
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  logic [134:0] o;
  always_comb begin
    case (en_i)
      1'b1: o = alu(1'b0);
      default: o = {1'b0, 4'hF, 2'd0, 128'd0};
    endcase
  end
  assign {pval_o, cw_o, err_o, r_o} = o;
  assign pset_o = op_i == 6'd15 || op_i == 6'd16 || op_i == 6'd17 || op_i == 6'd18;
endmodule
