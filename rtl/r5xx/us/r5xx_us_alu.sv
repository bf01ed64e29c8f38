// r5xx_us_alu: the paired RGB and alpha ALU of one pixel of the R500 fragment shader
// (docs/blocks/r5xx.us.md, "ALU"): pre-subtract, operand select/swizzle/modifier, the RGB op
// (MAD DP3 DP4 D2A MIN MAX CND CMP FRC SOP MDH MDV), the alpha op (MAD DP MIN MAX CND CMP FRC
// EX2 LN2 RCP RSQ SIN COS MDH MDV), OMOD, clamp, and the predicate compares of the results.
// Purely combinational; every float op is a shared sf function (rtl/prim/prim_sf_fn.sv), all
// evaluated only while en_i is set (docs/performance.md "Evaluate only what is used").
module r5xx_us_alu (
  input  logic         en_i,      // an ALU instruction executes: evaluated only then (else results 0)
  input  logic [31:0]  cmn_i,     // US_CMN_INST
  input  logic [31:0]  ra_i,      // US_ALU_RGB_ADDR (SRCP_OP)
  input  logic [31:0]  aa_i,      // US_ALU_ALPHA_ADDR (SRCP_OP)
  input  logic [31:0]  ri_i,      // US_ALU_RGB_INST
  input  logic [31:0]  ai_i,      // US_ALU_ALPHA_INST
  input  logic [31:0]  rgba_i,    // US_ALU_RGBA_INST
  input  logic         zmode_i,   // US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO
  input  logic [383:0] rs_i,      // RGB sources 0..2 of this pixel, source i channel c at [128i+32c]
  input  logic [383:0] as_i,      // alpha sources 0..2
  input  logic [127:0] mda_i,     // MDH/MDV A: top-left src0 (rgb channels 0..2, alpha at 3)
  input  logic [127:0] mdc_i,     // MDH/MDV C: top-right (MDH) or bottom-left (MDV) src0
  output logic [95:0]  rres_o,    // RGB result r g b after OMOD and clamp
  output logic [31:0]  ares_o,    // alpha result after OMOD and clamp
  output logic [3:0]   pred_o     // predicate compares of r g b (RGB TARGET) and a (alpha TARGET)
);
  localparam logic [31:0] F_ONE = 32'h3F800000;
  localparam logic [31:0] F_TWO = 32'h40000000;
  localparam logic [31:0] F_HALF = 32'h3F000000;

  function automatic logic [31:0] swz(input logic [127:0] v, input logic [2:0] s);
    logic [31:0] r;
    case (s)
      3'd0: r = v[31:0];
      3'd1: r = v[63:32];
      3'd2: r = v[95:64];
      3'd3: r = v[127:96];
      3'd5: r = F_HALF;
      3'd6: r = F_ONE;
      default: r = 32'h0;
    endcase
    return r;
  endfunction

  function automatic logic [31:0] modf(input logic [31:0] x, input logic [1:0] m);
    logic [31:0] r;
    case (m)
      2'd1: r = {~x[31], x[30:0]};
      2'd2: r = {1'b0, x[30:0]};
      2'd3: r = {1'b1, x[30:0]};
      default: r = x;
    endcase
    return r;
  endfunction

  function automatic logic [31:0] omodk(input logic [2:0] om);
    logic [31:0] r;
    case (om)
      3'd1: r = 32'h40000000;
      3'd2: r = 32'h40800000;
      3'd3: r = 32'h41000000;
      3'd4: r = 32'h3F000000;
      3'd5: r = 32'h3E800000;
      3'd6: r = 32'h3E000000;
      default: r = 32'h3F800000;
    endcase
    return r;
  endfunction

  // ---- the whole ALU of one pixel, evaluated only while an ALU instruction executes (en_i) ----
  // (the ports are read directly; locals are wide intermediates of which some bits are unused)
  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [131:0] alu(input logic zm);
    logic [127:0] rp, ap;   // srcp vectors
    logic [1:0]   op;
    logic [31:0]  s0, s1, twice, x, y;
    logic [127:0] rsel [4];
    logic [127:0] asel [4];
    logic [3:0]   rop, aop;
    logic         rmd, amd;
    logic [31:0]  A [3];
    logic [31:0]  B [3];
    logic [31:0]  C [3];
    logic [31:0]  Am [3];
    logic [31:0]  Cm [3];
    logic [31:0]  aA, aB, aC, aAm, aCm;
    logic [31:0]  t [4];
    logic [31:0]  mad [4];
    logic [31:0]  s01, dp3, t23, dp4, d2a, dpv;
    logic [31:0]  xa, xb, xc, av, rv;
    logic [31:0]  mn [4];
    logic [31:0]  mx [4];
    logic [31:0]  fr [4];
    logic [3:0]   cnd, cmp, pred;
    logic [31:0]  v [4];
    logic [31:0]  res [4];
    logic [2:0]   om;
    logic         cl;
    logic [31:0]  scaled;
    logic [1:0]   top;
    logic [2:0]   c0, c1;
    // pre-subtract: four channels of the RGB sources and four of the alpha sources
    for (int k = 0; k < 8; k++) begin
      op = (k < 4) ? ra_i[31:30] : aa_i[31:30];
      s0 = (k < 4) ? rs_i[32*(k%4) +: 32] : as_i[32*(k%4) +: 32];
      s1 = (k < 4) ? rs_i[128 + 32*(k%4) +: 32] : as_i[128 + 32*(k%4) +: 32];
      case (op)
        2'd0: begin twice = u_sf.mul(F_TWO, s0, 1'b0); x = F_ONE; y = {~twice[31], twice[30:0]}; end
        2'd1: begin twice = 32'h0; x = s1;    y = {~s0[31], s0[30:0]}; end
        2'd2: begin twice = 32'h0; x = s1;    y = s0; end
        default: begin twice = 32'h0; x = F_ONE; y = {~s0[31], s0[30:0]}; end
      endcase
      if (k < 4) rp[32*k +: 32] = u_sf.add(x, y);
      else ap[32*(k-4) +: 32] = u_sf.add(x, y);
    end
    // operands
    rsel[0] = rs_i[127:0];
    rsel[1] = rs_i[255:128];
    rsel[2] = rs_i[383:256];
    rsel[3] = rp;
    asel[0] = as_i[127:0];
    asel[1] = as_i[255:128];
    asel[2] = as_i[383:256];
    asel[3] = ap;
    rop = rgba_i[3:0];
    aop = ai_i[3:0];
    rmd = (rop == 4'd11) || (rop == 4'd12);   // MDH/MDV: A and C from the neighbour pixels
    amd = (aop == 4'd14) || (aop == 4'd15);
    for (int c = 0; c < 3; c++) begin
      A[c] = modf(swz(rsel[ri_i[1:0]], ri_i[4+3*c -: 3]), ri_i[12:11]);
      B[c] = modf(swz(rsel[ri_i[14:13]], ri_i[17+3*c -: 3]), ri_i[25:24]);
      C[c] = modf(swz(rsel[rgba_i[13:12]], rgba_i[16+3*c -: 3]), rgba_i[24:23]);
      Am[c] = rmd ? modf(mda_i[32*c +: 32], ri_i[12:11]) : A[c];
      Cm[c] = rmd ? modf(mdc_i[32*c +: 32], rgba_i[24:23]) : C[c];
    end
    aA = modf(swz(asel[ai_i[13:12]], ai_i[16:14]), ai_i[18:17]);
    aB = modf(swz(asel[ai_i[20:19]], ai_i[23:21]), ai_i[25:24]);
    aC = modf(swz(asel[rgba_i[26:25]], rgba_i[29:27]), rgba_i[31:30]);
    aAm = amd ? modf(mda_i[127:96], ai_i[18:17]) : aA;
    aCm = amd ? modf(mdc_i[127:96], rgba_i[31:30]) : aC;
    // products, sums, dot products
    for (int c = 0; c < 3; c++) begin
      t[c] = u_sf.mul(Am[c], B[c], zm);
      mad[c] = u_sf.add(t[c], Cm[c]);
    end
    t[3] = u_sf.mul(aAm, aB, zm);
    mad[3] = u_sf.add(t[3], aCm);
    s01 = u_sf.add(t[0], t[1]);
    dp3 = u_sf.add(s01, t[2]);
    t23 = u_sf.add(t[2], t[3]);
    dp4 = u_sf.add(s01, t23);
    d2a = u_sf.add(s01, C[2]);
    dpv = (rop == 4'd1) ? dp3 : (rop == 4'd3) ? d2a : dp4;
    // min, max, compares, fraction (channels 0..2 RGB, 3 alpha)
    for (int c = 0; c < 4; c++) begin
      xa = (c < 3) ? A[c % 3] : aA;
      xb = (c < 3) ? B[c % 3] : aB;
      xc = (c < 3) ? C[c % 3] : aC;
      mn[c] = u_sf.min(xa, xb);
      mx[c] = u_sf.max(xa, xb);
      fr[c] = u_sf.frc(xa);
      c0 = u_sf.cmp(F_HALF, xc);
      c1 = u_sf.cmp(32'h0, xc);
      cnd[c] = c0[2];
      cmp[c] = c1[1];
    end
    // the alpha unit's raw result (the transcendentals on the alpha A operand)
    case (aop)
      4'd0, 4'd14, 4'd15: av = mad[3];
      4'd1:  av = dpv;
      4'd2:  av = mn[3];
      4'd3:  av = mx[3];
      4'd5:  av = cnd[3] ? aA : aB;
      4'd6:  av = cmp[3] ? aA : aB;
      4'd7:  av = fr[3];
      4'd8:  av = u_sf.ex2(aA);
      4'd9:  av = u_sf.lg2(aA);
      4'd10: av = u_sf.rcp(aA);
      4'd11: av = u_sf.rsq(aA);
      4'd12: av = u_sf.sin(aA);
      4'd13: av = u_sf.cos(aA);
      default: av = 32'h0;
    endcase
    // the RGB unit
    for (int c = 0; c < 3; c++) begin
      case (rop)
        4'd0, 4'd11, 4'd12: rv = mad[c];
        4'd1:  rv = dp3;
        4'd2:  rv = dp4;
        4'd3:  rv = d2a;
        4'd4:  rv = mn[c];
        4'd5:  rv = mx[c];
        4'd7:  rv = cnd[c] ? A[c] : B[c];
        4'd8:  rv = cmp[c] ? A[c] : B[c];
        4'd9:  rv = fr[c];
        4'd10: rv = av;
        default: rv = 32'h0;
      endcase
      v[c] = rv;
    end
    v[3] = av;
    // OMOD, clamp, predicate compares
    for (int c = 0; c < 4; c++) begin
      om = (c < 3) ? ri_i[28:26] : ai_i[28:26];
      cl = (c < 3) ? cmn_i[19] : cmn_i[20];
      scaled = u_sf.mul(v[c], omodk(om), 1'b0);
      res[c] = (om == 3'd7) ? v[c] : (cl ? u_sf.min(u_sf.max(scaled, 32'h0), F_ONE) : scaled);
      top = (c < 3) ? ri_i[30:29] : ai_i[30:29];
      c0 = u_sf.cmp(res[c], 32'h0);
      c1 = u_sf.cmp(32'h0, res[c]);
      case (top)
        2'd0: pred[c] = c0[0];
        2'd1: pred[c] = c0[2];
        2'd2: pred[c] = c1[1];
        default: pred[c] = ~c0[0];
      endcase
    end
    return {pred, res[3], res[2], res[1], res[0]};
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  prim_sf_fn u_sf ();

  always_comb begin
    case (en_i)
      1'b1: {pred_o, ares_o, rres_o} = alu(zmode_i);
      default: {pred_o, ares_o, rres_o} = '0;
    endcase
  end
  logic unused_bits;
  assign unused_bits = ^{cmn_i[31:21], cmn_i[18:0], ra_i[29:0], aa_i[29:0], ri_i[31], ai_i[31],
                         ai_i[11:4], rgba_i[11:4]};
endmodule
