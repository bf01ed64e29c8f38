// r5xx_pvs_alu: the vector engine of r5xx.pvs (docs/blocks/r5xx.pvs.md, "Vector operations"):
// the operation op (MATH_INST = 0; the macro ops mapped to 4 and 11 by the caller) on the three
// operands, on the shared shader float (rtl/prim/prim_sf_*.sv, docs/float.md); then VE_SAT.
// err: 0 executed, 2 reserved opcode.  Purely combinational.  The C twin
// is vector_op() in model/r5xx/pvs/pvs_exec.c.
module r5xx_pvs_alu (
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

  logic [127:0] p, s, lane;
  logic [3:0]   ab_lt, ab_le, ab_eq, ba_lt, ceq, cgt, cge;

  for (genvar k = 0; k < 4; k++) begin : g_lane
    logic [31:0] a, b, c, pk, p2, x, y, sk, fl, fr, mn, mx, flin;
    logic        lt, le, eq, blt, ble, beq;
    assign a = a_i[32*k +: 32];
    assign b = b_i[32*k +: 32];
    assign c = c_i[32*k +: 32];
    prim_sf_mul u_mul  (.a_i(a),   .b_i(b),  .zmode_i(1'b0), .z_o(pk));
    prim_sf_mul u_mul2 (.a_i(Two), .b_i(pk), .zmode_i(1'b0), .z_o(p2));
    // the lane adder: ADD a+b, MAD p+c, MULTIPLYX2_ADD 2p+c, FLT2FIX_DX_RND a+0.5
    always_comb begin
      case (op_i)
        6'd4:    begin x = pk; y = c;    end
        6'd11:   begin x = p2; y = c;    end
        6'd14:   begin x = a;  y = Half; end
        default: begin x = a;  y = b;    end
      endcase
    end
    prim_sf_add u_add (.a_i(x), .b_i(y), .z_o(sk));
    assign flin = op_i == 6'd14 ? sk : a;
    prim_sf_flr u_flr (.a_i(flin), .z_o(fl));
    prim_sf_frc u_frc (.a_i(a), .z_o(fr));
    prim_sf_min u_min (.a_i(a), .b_i(b), .z_o(mn));
    prim_sf_max u_max (.a_i(a), .b_i(b), .z_o(mx));
    prim_sf_cmp u_cab (.a_i(a), .b_i(b), .lt_o(lt),  .le_o(le),  .eq_o(eq));
    prim_sf_cmp u_cba (.a_i(b), .b_i(a), .lt_o(blt), .le_o(ble), .eq_o(beq));
    assign p[32*k +: 32] = pk;
    assign s[32*k +: 32] = sk;
    // the conditions of VE_COND_WRITE / VE_COND_MUX on a_c: == 0, > 0, >= 0, != 0
    logic z_lt, z_le, z_eq;
    prim_sf_cmp u_c0 (.a_i(32'h0), .b_i(a), .lt_o(z_lt), .le_o(z_le), .eq_o(z_eq));
    assign ceq[k] = z_eq;
    assign cgt[k] = z_lt;
    assign cge[k] = z_le;
    assign ab_lt[k] = lt;
    assign ab_le[k] = le;
    assign ab_eq[k] = eq;
    assign ba_lt[k] = blt;
    // the per-component result of the component-wise operations
    always_comb begin
      case (op_i)
        6'd2:    lane[32*k +: 32] = pk;                       // VE_MULTIPLY
        6'd3:    lane[32*k +: 32] = sk;                       // VE_ADD
        6'd4:    lane[32*k +: 32] = sk;                       // VE_MULTIPLY_ADD
        6'd6:    lane[32*k +: 32] = fr;                       // VE_FRACTION
        6'd7:    lane[32*k +: 32] = mx;                       // VE_MAXIMUM
        6'd8:    lane[32*k +: 32] = mn;                       // VE_MINIMUM
        6'd9:    lane[32*k +: 32] = ble ? One : 32'h0;        // VE_SET_GREATER_THAN_EQUAL: b <= a
        6'd10:   lane[32*k +: 32] = lt ? One : 32'h0;         // VE_SET_LESS_THAN
        6'd11:   lane[32*k +: 32] = sk;                       // VE_MULTIPLYX2_ADD
        6'd13:   lane[32*k +: 32] = fl;                       // VE_FLT2FIX_DX
        6'd14:   lane[32*k +: 32] = fl;                       // VE_FLT2FIX_DX_RND
        6'd19, 6'd20, 6'd21, 6'd22:
                 lane[32*k +: 32] = b;                        // VE_COND_WRITE_*: b, masked
        6'd23:   lane[32*k +: 32] = z_eq ? b : c;             // VE_COND_MUX_EQ
        6'd24:   lane[32*k +: 32] = z_lt ? b : c;             // VE_COND_MUX_GT
        6'd25:   lane[32*k +: 32] = z_le ? b : c;             // VE_COND_MUX_GTE
        6'd26:   lane[32*k +: 32] = blt ? One : 32'h0;        // VE_SET_GREATER_THAN: b < a
        6'd27:   lane[32*k +: 32] = eq ? One : 32'h0;         // VE_SET_EQUAL
        6'd28:   lane[32*k +: 32] = eq ? 32'h0 : One;         // VE_SET_NOT_EQUAL
        default: lane[32*k +: 32] = 32'h0;
      endcase
    end
    logic unused;
    assign unused = ^{le, beq};
  end

  // the dot product: (p0 + p1) + (p2 + p3)
  logic [31:0] s01, s23, dot;
  prim_sf_add u_s01 (.a_i(p[31:0]),  .b_i(p[63:32]),  .z_o(s01));
  prim_sf_add u_s23 (.a_i(p[95:64]), .b_i(p[127:96]), .z_o(s23));
  prim_sf_add u_dot (.a_i(s01),      .b_i(s23),       .z_o(dot));

  // VE_MULTIPLY_CLAMP: c.w < a.w*b.w ? c.w : (a.x*b.x <= c.x ? c.x : a.x*b.x)
  logic [31:0] clampv;
  logic        w_lt, x_lt, x_le, x_eq, w_le, w_eq;
  prim_sf_cmp u_cw (.a_i(c_i[127:96]), .b_i(p[127:96]), .lt_o(w_lt), .le_o(w_le), .eq_o(w_eq));
  prim_sf_cmp u_cx (.a_i(p[31:0]),     .b_i(c_i[31:0]), .lt_o(x_lt), .le_o(x_le), .eq_o(x_eq));
  assign clampv = w_lt ? c_i[127:96] : x_le ? c_i[31:0] : p[31:0];

  // VE_PRED_SET_*_PUSH: the condition on b.w and a.w == 0; the result 0 or a.w + 1
  logic        bw_lt, bw_le, bw_eq, aw_lt, aw_le, aw_eq, pc;
  logic [31:0] aw1;
  prim_sf_cmp u_bw (.a_i(32'h0), .b_i(b_i[127:96]), .lt_o(bw_lt), .le_o(bw_le), .eq_o(bw_eq));
  prim_sf_cmp u_aw (.a_i(32'h0), .b_i(a_i[127:96]), .lt_o(aw_lt), .le_o(aw_le), .eq_o(aw_eq));
  prim_sf_add u_aw1 (.a_i(a_i[127:96]), .b_i(One), .z_o(aw1));
  always_comb begin
    case (op_i)
      6'd15:   pc = bw_eq && aw_eq;
      6'd16:   pc = bw_lt && aw_eq;
      6'd17:   pc = bw_le && aw_eq;
      default: pc = !bw_eq && aw_eq;
    endcase
  end
  assign pset_o = op_i == 6'd15 || op_i == 6'd16 || op_i == 6'd17 || op_i == 6'd18;
  assign pval_o = pc;
  always_comb begin
    case (op_i)
      6'd19:   cw_o = ceq;
      6'd20:   cw_o = cgt;
      6'd21:   cw_o = cge;
      6'd22:   cw_o = ~ceq;
      default: cw_o = 4'hF;
    endcase
  end

  logic [127:0] r;
  always_comb begin
    case (op_i)
      6'd1:    begin r = {4{dot}};    err_o = 2'd0; end                 // VE_DOT_PRODUCT
      6'd5:    begin r = {b_i[127:96], a_i[95:64], p[63:32], One}; err_o = 2'd0; end  // VE_DISTANCE_VECTOR
      6'd12:   begin r = {4{clampv}}; err_o = 2'd0; end                 // VE_MULTIPLY_CLAMP
      6'd15, 6'd16, 6'd17, 6'd18:                                         // VE_PRED_SET_*_PUSH
               begin r = {4{pc ? 32'h0 : aw1}}; err_o = 2'd0; end
      6'd0, 6'd2, 6'd3, 6'd4, 6'd6, 6'd7, 6'd8, 6'd9, 6'd10, 6'd11, 6'd13, 6'd14, 6'd19, 6'd20,
      6'd21, 6'd22, 6'd23, 6'd24, 6'd25, 6'd26, 6'd27, 6'd28:
               begin r = lane;        err_o = 2'd0; end
      default: begin r = 128'd0;      err_o = 2'd2; end
    endcase
  end

  // VE_SAT: min(max(x, 0), 1) per component
  for (genvar k = 0; k < 4; k++) begin : g_sat
    logic [31:0] m0, m1;
    prim_sf_max u_smax (.a_i(r[32*k +: 32]), .b_i(32'h0), .z_o(m0));
    prim_sf_min u_smin (.a_i(m0),            .b_i(One),   .z_o(m1));
    assign r_o[32*k +: 32] = sat_i ? m1 : r[32*k +: 32];
  end

  logic unused;
  assign unused = ^{ab_lt, ab_le, ab_eq, ba_lt, s, x_lt, x_eq, w_le, w_eq, aw_lt, aw_le};
endmodule
