// si_cu_valu: the vector ALU of si.cu for one lane (docs/blocks/si.cu.md, "Vector ALU"):
// integer ops, compares, and the binary32 ops through prim_fmul and prim_fadd (IEEE
// round-to-nearest-even, canonical NaN) with the FP32 denormal mode (fin_i: inputs flushed,
// fout_i: results flushed).  vop_i is the VOP3 opcode number.  Purely combinational.
module si_cu_valu (
  input  logic [8:0]  vop_i,
  input  logic [63:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        m_i,
  input  logic [31:0] k_i,
  input  logic        fin_i,
  input  logic        fout_i,
  output logic [63:0] r_o,
  output logic        bit_o
);
  logic [31:0] a;
  assign a = a_i[31:0];

  // verilator lint_off UNUSEDSIGNAL
  function automatic logic [31:0] ftz(input logic [31:0] x);
    return (x[30:23] == 8'd0) ? {x[31], 31'd0} : x;
  endfunction
  function automatic logic fnan(input logic [31:0] x);
    return x[30:23] == 8'hFF && x[22:0] != 23'd0;
  endfunction
  function automatic logic [31:0] sext24(input logic [31:0] x);
    return {{8{x[23]}}, x[23:0]};
  endfunction
  // ordered float compare of non-NaN values: -1 less, 0 equal (+0 == -0), 1 greater
  function automatic logic flt(input logic [31:0] x, input logic [31:0] y);
    logic res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic bothz;
    bothz = x[30:0] == 31'd0 && y[30:0] == 31'd0;
    if (bothz) begin
      res = 1'b0;
    end else if (x[31] != y[31]) begin
      res = x[31];
    end else if (!x[31]) begin
      res = x[30:0] < y[30:0];
    end else begin
      res = x[30:0] > y[30:0];
    end
    return res;
  endfunction
  function automatic logic feq(input logic [31:0] x, input logic [31:0] y);
    return x == y || (x[30:0] == 31'd0 && y[30:0] == 31'd0);
  endfunction
  // min/max order: -0 below +0
  function automatic logic fless_sz(input logic [31:0] x, input logic [31:0] y);
    logic res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    if (x[31] != y[31]) begin
      res = x[31];
    end else if (!x[31]) begin
      res = x[30:0] < y[30:0];
    end else begin
      res = x[30:0] > y[30:0];
    end
    return res;
  endfunction
  function automatic logic [31:0] cvt_i(input logic [31:0] x);
    logic [31:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [54:0] sh;
    logic [31:0] m;
    sh = {31'd0, 1'b1, x[22:0]} << (x[30:23] - 8'd127);
    m  = sh[54:23];
    if (fnan(x) || x[30:23] < 8'd127) begin
      res = 32'd0;
    end else if (x[30:23] >= 8'd158) begin
      res = x[31] ? 32'h80000000 : 32'h7FFFFFFF;
    end else begin
      res = x[31] ? (32'd0 - m) : m;
    end
    return res;
  endfunction
  function automatic logic [31:0] cvt_u(input logic [31:0] x);
    logic [31:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [54:0] sh;
    sh = {31'd0, 1'b1, x[22:0]} << (x[30:23] - 8'd127);
    if (fnan(x) || x[31] || x[30:23] < 8'd127) begin
      res = 32'd0;
    end else if (x[30:23] >= 8'd159) begin
      res = 32'hFFFFFFFF;
    end else begin
      res = sh[54:23];
    end
    return res;
  endfunction
  function automatic logic [31:0] brev(input logic [31:0] x);
    logic [31:0] r;
    for (int i = 0; i < 32; i++) begin
      r[i] = x[31 - i];
    end
    return r;
  endfunction
  function automatic logic [31:0] bfe(input logic [31:0] s, input logic [4:0] off,
                                       input logic [4:0] w, input logic sgn);
    logic [31:0] res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    logic [31:0] t, m;
    t = (s >> off);
    m = (32'd1 << w) - 32'd1;
    if (w == 5'd0) begin
      res = 32'd0;
    end else if (sgn && t[w - 5'd1]) begin
      res = (t & m) | ~m;
    end else begin
      res = t & m;
    end
    return res;
  endfunction

  // verilator lint_on UNUSEDSIGNAL

  // ---- the float datapath: one multiply, one add ----
  logic        is_mac, is_madmk;
  logic [31:0] fa, fb, fc, fk, mul_b, p, pf, add_x, add_y, s, sf, fmin_a, fmin_b;
  logic [31:0] cv_mag;
  logic        cv_sign;
  logic [31:0] cv_f;

  assign fa = fin_i ? ftz(a) : a;
  assign fb = fin_i ? ftz(b_i) : b_i;
  assign fc = fin_i ? ftz(c_i) : c_i;
  assign fk = fin_i ? ftz(k_i) : k_i;
  assign is_mac   = vop_i == 9'd287 || vop_i == 9'd321 || vop_i == 9'd288 || vop_i == 9'd289;
  assign is_madmk = vop_i == 9'd288;
  assign mul_b    = is_madmk ? fk : fb;

  prim_fmul u_mul (.a_i(fa), .b_i(mul_b), .p_o(p));
  assign pf = fout_i ? ftz(p) : p;

  always_comb begin
    add_x = fa;
    add_y = fb;
    if (is_mac) begin
      add_x = fin_i ? ftz(pf) : pf;
      add_y = (vop_i == 9'd288) ? fb : (vop_i == 9'd289) ? fk : fc;
    end else if (vop_i == 9'd260) begin
      add_x = fa;
      add_y = fb ^ 32'h80000000;
    end else if (vop_i == 9'd261) begin
      add_x = fb;
      add_y = fa ^ 32'h80000000;
    end else begin
      add_x = fa;
      add_y = fb;
    end
  end

  prim_fadd u_add (.a_i(add_x), .b_i(add_y), .s_o(s));
  assign sf = fout_i ? ftz(s) : s;

  // min/max
  logic [31:0] fminmax;
  always_comb begin
    fmin_a = fa;
    fmin_b = fb;
    if (fnan(fmin_a) && fnan(fmin_b)) begin
      fminmax = 32'h7FC00000;
    end else if (fnan(fmin_a)) begin
      fminmax = fout_i ? ftz(fmin_b) : fmin_b;
    end else if (fnan(fmin_b)) begin
      fminmax = fout_i ? ftz(fmin_a) : fmin_a;
    end else if (fless_sz(fmin_a, fmin_b) ^ (vop_i == 9'd272)) begin
      fminmax = fout_i ? ftz(fmin_a) : fmin_a;
    end else begin
      fminmax = fout_i ? ftz(fmin_b) : fmin_b;
    end
  end

  // int -> float
  assign cv_sign = vop_i == 9'd389 && a[31];
  assign cv_mag  = cv_sign ? (32'd0 - a) : a;
  prim_fround #(.W(32), .EW(12)) u_cvt (
    .sign_i(cv_sign), .exp_i(12'd158), .mant_i(cv_mag), .sticky_i(1'b0), .f_o(cv_f)
  );

  // transcendentals: the shared shader-float ops (docs/float.md), which flush denormals
  // themselves; v_sin/v_cos outside [-256, 256] (Inf too) give 0.0 / 1.0 [002:L4137-4142]
  logic [31:0] t_ex2, t_lg2, t_rcp, t_rsq, t_sqrt, t_sin, t_cos;
  logic        t_far;
  prim_sf_ex2 u_ex2 (.a_i(a), .z_o(t_ex2));
  prim_sf_lg2 u_lg2 (.a_i(a), .z_o(t_lg2));
  prim_sf_rcp u_rcp (.a_i(a), .z_o(t_rcp));
  prim_sf_rsq u_rsq (.a_i(a), .z_o(t_rsq));
  prim_sf_sqrt u_sqrt (.a_i(a), .z_o(t_sqrt));
  prim_sf_sin u_sin (.a_i(a), .z_o(t_sin));
  prim_sf_cos u_cos (.a_i(a), .z_o(t_cos));
  assign t_far = a[30:0] > 31'h43800000 && a[30:0] <= 31'h7F800000;

  // compares
  logic un, lt, eq, gt, c_lts, c_ltu;
  logic [3:0] lo;
  assign lo    = vop_i[3:0];
  assign un    = fnan(fa) || fnan(fb);
  assign lt    = !un && flt(fa, fb);
  assign eq    = !un && feq(fa, fb);
  assign gt    = !un && !lt && !eq;
  assign c_lts = $signed(a) < $signed(b_i);
  assign c_ltu = a < b_i;

  function automatic logic icmp(input logic [2:0] o, input logic l, input logic e);
    logic res;   // one return (Verilator 5.006 counts no coverage in a branch that returns)
    case (o)
      3'd0: res = 1'b0;
      3'd1: res = l;
      3'd2: res = e;
      3'd3: res = l || e;
      3'd4: res = !l && !e;
      3'd5: res = !e;
      3'd6: res = !l;
      default: res = 1'b1;
    endcase
    return res;
  endfunction

  logic [32:0] t33;
  logic [63:0] p64s;
  logic [63:0] p64u;
  assign p64u = {32'd0, a} * {32'd0, b_i};
  assign p64s = 64'($signed(a)) * 64'($signed(b_i));
  logic unused;
  assign unused = ^p64s[31:0];

  always_comb begin
    r_o   = '0;
    bit_o = 1'b0;
    t33   = '0;
    if (vop_i < 9'd256) begin
      if (vop_i[7:5] == 3'd0) begin
        case (lo)
          4'd0:  bit_o = 1'b0;
          4'd1:  bit_o = lt;
          4'd2:  bit_o = eq;
          4'd3:  bit_o = lt || eq;
          4'd4:  bit_o = gt;
          4'd5:  bit_o = lt || gt;
          4'd6:  bit_o = gt || eq;
          4'd7:  bit_o = !un;
          4'd8:  bit_o = un;
          4'd9:  bit_o = !(gt || eq);
          4'd10: bit_o = !(lt || gt);
          4'd11: bit_o = !gt;
          4'd12: bit_o = !(lt || eq);
          4'd13: bit_o = !eq;
          4'd14: bit_o = !lt;
          default: bit_o = 1'b1;
        endcase
      end else if (vop_i[7:5] == 3'd4) begin
        bit_o = icmp(lo[2:0], c_lts, a == b_i);
      end else begin
        bit_o = icmp(lo[2:0], c_ltu, a == b_i);
      end
    end else begin
      case (vop_i)
        9'd256: r_o = {32'd0, m_i ? b_i : a};
        9'd259, 9'd260, 9'd261, 9'd287, 9'd288, 9'd289, 9'd321: r_o = {32'd0, sf};
        9'd264: r_o = {32'd0, pf};
        9'd265: r_o = {32'd0, 32'($signed(sext24(a)) * $signed(sext24(b_i)))};
        9'd267: r_o = {32'd0, 32'({8'd0, a[23:0]} * {8'd0, b_i[23:0]})};
        9'd271, 9'd272: r_o = {32'd0, fminmax};
        9'd273: r_o = {32'd0, c_lts ? a : b_i};
        9'd274: r_o = {32'd0, ($signed(a) > $signed(b_i)) ? a : b_i};
        9'd275: r_o = {32'd0, c_ltu ? a : b_i};
        9'd276: r_o = {32'd0, (a > b_i) ? a : b_i};
        9'd277: r_o = {32'd0, a >> b_i[4:0]};
        9'd278: r_o = {32'd0, b_i >> a[4:0]};
        9'd279: r_o = {32'd0, 32'($signed(a) >>> b_i[4:0])};
        9'd280: r_o = {32'd0, 32'($signed(b_i) >>> a[4:0])};
        9'd281: r_o = {32'd0, a << b_i[4:0]};
        9'd282: r_o = {32'd0, b_i << a[4:0]};
        9'd283: r_o = {32'd0, a & b_i};
        9'd284: r_o = {32'd0, a | b_i};
        9'd285: r_o = {32'd0, a ^ b_i};
        9'd293: begin t33 = {1'b0, a} + {1'b0, b_i}; r_o = {32'd0, t33[31:0]}; bit_o = t33[32]; end
        9'd294: begin t33 = {1'b0, a} - {1'b0, b_i}; r_o = {32'd0, t33[31:0]}; bit_o = t33[32]; end
        9'd295: begin t33 = {1'b0, b_i} - {1'b0, a}; r_o = {32'd0, t33[31:0]}; bit_o = t33[32]; end
        9'd296: begin t33 = {1'b0, a} + {1'b0, b_i} + {32'd0, m_i}; r_o = {32'd0, t33[31:0]}; bit_o = t33[32]; end
        9'd297: begin t33 = {1'b0, a} - {1'b0, b_i} - {32'd0, m_i}; r_o = {32'd0, t33[31:0]}; bit_o = t33[32]; end
        9'd298: begin t33 = {1'b0, b_i} - {1'b0, a} - {32'd0, m_i}; r_o = {32'd0, t33[31:0]}; bit_o = t33[32]; end
        9'd385, 9'd386: r_o = {32'd0, a};
        9'd389, 9'd390: r_o = {32'd0, cv_f};
        9'd391: r_o = {32'd0, cvt_u(fa)};
        9'd392: r_o = {32'd0, cvt_i(fa)};
        9'd421: r_o = {32'd0, t_ex2};
        9'd423: r_o = {32'd0, t_lg2};
        9'd426, 9'd427: r_o = {32'd0, t_rcp};
        9'd430: r_o = {32'd0, t_rsq};
        9'd435: r_o = {32'd0, t_sqrt};
        9'd437: r_o = {32'd0, t_far ? 32'd0 : t_sin};
        9'd438: r_o = {32'd0, t_far ? 32'h3F800000 : t_cos};
        9'd439: r_o = {32'd0, ~a};
        9'd440: r_o = {32'd0, brev(a)};
        9'd322: r_o = {32'd0, 32'($signed(sext24(a)) * $signed(sext24(b_i))) + c_i};
        9'd323: r_o = {32'd0, 32'({8'd0, a[23:0]} * {8'd0, b_i[23:0]}) + c_i};
        9'd328: r_o = {32'd0, bfe(a, b_i[4:0], c_i[4:0], 1'b0)};
        9'd329: r_o = {32'd0, bfe(a, b_i[4:0], c_i[4:0], 1'b1)};
        9'd330: r_o = {32'd0, (a & b_i) | (~a & c_i)};
        9'd353: r_o = a_i << b_i[5:0];
        9'd354: r_o = a_i >> b_i[5:0];
        9'd355: r_o = 64'($signed(a_i) >>> b_i[5:0]);
        9'd361, 9'd363: r_o = {32'd0, p64u[31:0]};
        9'd362: r_o = {32'd0, p64u[63:32]};
        9'd364: r_o = {32'd0, p64s[63:32]};
        default: r_o = '0;
      endcase
    end
  end

endmodule
