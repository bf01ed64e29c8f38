// r5xx_us_alu: the paired RGB and alpha ALU of one pixel of the R500 fragment shader
// (docs/blocks/r5xx.us.md, "ALU"): pre-subtract, operand select/swizzle/modifier, the RGB op
// (MAD DP3 DP4 D2A MIN MAX CND CMP FRC SOP MDH MDV), the alpha op (MAD DP MIN MAX CND CMP FRC
// EX2 LN2 RCP RSQ SIN COS MDH MDV), OMOD, clamp, and the predicate compares of the results.
// Purely combinational; every float op is a shared sf primitive (rtl/prim/prim_sf_*.sv).
module r5xx_us_alu (
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

  // ---- pre-subtract: four channels of the RGB sources and four of the alpha sources ----------
  logic [127:0] rp, ap;   // srcp vectors
  for (genvar k = 0; k < 8; k++) begin : g_pre
    logic [1:0]  op;
    logic [31:0] s0, s1, twice, x, y;
    assign op = (k < 4) ? ra_i[31:30] : aa_i[31:30];
    assign s0 = (k < 4) ? rs_i[32*(k%4) +: 32] : as_i[32*(k%4) +: 32];
    assign s1 = (k < 4) ? rs_i[128 + 32*(k%4) +: 32] : as_i[128 + 32*(k%4) +: 32];
    prim_sf_mul u_two (.a_i(F_TWO), .b_i(s0), .zmode_i(1'b0), .z_o(twice));
    always_comb begin
      case (op)
        2'd0: begin x = F_ONE; y = {~twice[31], twice[30:0]}; end
        2'd1: begin x = s1;    y = {~s0[31], s0[30:0]}; end
        2'd2: begin x = s1;    y = s0; end
        default: begin x = F_ONE; y = {~s0[31], s0[30:0]}; end
      endcase
    end
    logic [31:0] z;
    prim_sf_add u_add (.a_i(x), .b_i(y), .z_o(z));
    if (k < 4) begin : g_r
      assign rp[32*k +: 32] = z;
    end else begin : g_a
      assign ap[32*(k-4) +: 32] = z;
    end
  end

  // ---- operands -------------------------------------------------------------------------------
  logic [127:0] rsel [4];
  logic [127:0] asel [4];
  assign rsel[0] = rs_i[127:0];
  assign rsel[1] = rs_i[255:128];
  assign rsel[2] = rs_i[383:256];
  assign rsel[3] = rp;
  assign asel[0] = as_i[127:0];
  assign asel[1] = as_i[255:128];
  assign asel[2] = as_i[383:256];
  assign asel[3] = ap;

  logic [3:0] rop, aop;
  assign rop = rgba_i[3:0];
  assign aop = ai_i[3:0];
  logic rmd, amd;   // MDH/MDV: A and C from the neighbour pixels
  assign rmd = (rop == 4'd11) || (rop == 4'd12);
  assign amd = (aop == 4'd14) || (aop == 4'd15);

  logic [31:0] A [3];
  logic [31:0] B [3];
  logic [31:0] C [3];
  logic [31:0] Am [3];
  logic [31:0] Cm [3];
  for (genvar c = 0; c < 3; c++) begin : g_opnd
    assign A[c] = modf(swz(rsel[ri_i[1:0]], ri_i[4+3*c -: 3]), ri_i[12:11]);
    assign B[c] = modf(swz(rsel[ri_i[14:13]], ri_i[17+3*c -: 3]), ri_i[25:24]);
    assign C[c] = modf(swz(rsel[rgba_i[13:12]], rgba_i[16+3*c -: 3]), rgba_i[24:23]);
    assign Am[c] = rmd ? modf(mda_i[32*c +: 32], ri_i[12:11]) : A[c];
    assign Cm[c] = rmd ? modf(mdc_i[32*c +: 32], rgba_i[24:23]) : C[c];
  end
  logic [31:0] aA, aB, aC, aAm, aCm;
  assign aA = modf(swz(asel[ai_i[13:12]], ai_i[16:14]), ai_i[18:17]);
  assign aB = modf(swz(asel[ai_i[20:19]], ai_i[23:21]), ai_i[25:24]);
  assign aC = modf(swz(asel[rgba_i[26:25]], rgba_i[29:27]), rgba_i[31:30]);
  assign aAm = amd ? modf(mda_i[127:96], ai_i[18:17]) : aA;
  assign aCm = amd ? modf(mdc_i[127:96], rgba_i[31:30]) : aC;

  // ---- products, sums, dot products -------------------------------------------------------------
  logic [31:0] t [4];
  logic [31:0] mad [4];
  for (genvar c = 0; c < 3; c++) begin : g_mul
    prim_sf_mul u_mul (.a_i(Am[c]), .b_i(B[c]), .zmode_i(zmode_i), .z_o(t[c]));
    prim_sf_add u_mad (.a_i(t[c]), .b_i(Cm[c]), .z_o(mad[c]));
  end
  prim_sf_mul u_amul (.a_i(aAm), .b_i(aB), .zmode_i(zmode_i), .z_o(t[3]));
  prim_sf_add u_amad (.a_i(t[3]), .b_i(aCm), .z_o(mad[3]));
  logic [31:0] s01, dp3, t23, dp4, d2a, dpv;
  prim_sf_add u_s01 (.a_i(t[0]), .b_i(t[1]), .z_o(s01));
  prim_sf_add u_dp3 (.a_i(s01), .b_i(t[2]), .z_o(dp3));
  prim_sf_add u_t23 (.a_i(t[2]), .b_i(t[3]), .z_o(t23));
  prim_sf_add u_dp4 (.a_i(s01), .b_i(t23), .z_o(dp4));
  prim_sf_add u_d2a (.a_i(s01), .b_i(C[2]), .z_o(d2a));
  assign dpv = (rop == 4'd1) ? dp3 : (rop == 4'd3) ? d2a : dp4;

  // ---- min, max, compares, fraction (channels 0..2 RGB, 3 alpha) -------------------------------
  logic [31:0] xa [4];
  logic [31:0] xb [4];
  logic [31:0] xc [4];
  logic [31:0] mn [4];
  logic [31:0] mx [4];
  logic [31:0] fr [4];
  logic [3:0]  cnd, cmp;
  for (genvar c = 0; c < 4; c++) begin : g_sel
    assign xa[c] = (c < 3) ? A[c % 3] : aA;
    assign xb[c] = (c < 3) ? B[c % 3] : aB;
    assign xc[c] = (c < 3) ? C[c % 3] : aC;
    prim_sf_min u_min (.a_i(xa[c]), .b_i(xb[c]), .z_o(mn[c]));
    prim_sf_max u_max (.a_i(xa[c]), .b_i(xb[c]), .z_o(mx[c]));
    prim_sf_frc u_frc (.a_i(xa[c]), .z_o(fr[c]));
    logic lt_h, le_h, eq_h, lt_z, le_z, eq_z;
    prim_sf_cmp u_cnd (.a_i(F_HALF), .b_i(xc[c]), .lt_o(lt_h), .le_o(le_h), .eq_o(eq_h));
    prim_sf_cmp u_cmp (.a_i(32'h0), .b_i(xc[c]), .lt_o(lt_z), .le_o(le_z), .eq_o(eq_z));
    assign cnd[c] = lt_h;
    assign cmp[c] = le_z;
    logic unused_cmp;
    assign unused_cmp = le_h ^ eq_h ^ lt_z ^ eq_z;
  end

  // ---- transcendentals on the alpha A operand ---------------------------------------------------
  logic [31:0] ex2, lg2, rcp, rsq, sn, cs;
  prim_sf_ex2 u_ex2 (.a_i(aA), .z_o(ex2));
  prim_sf_lg2 u_lg2 (.a_i(aA), .z_o(lg2));
  prim_sf_rcp u_rcp (.a_i(aA), .z_o(rcp));
  prim_sf_rsq u_rsq (.a_i(aA), .z_o(rsq));
  prim_sf_sin u_sin (.a_i(aA), .z_o(sn));
  prim_sf_cos u_cos (.a_i(aA), .z_o(cs));

  // ---- the alpha unit's raw result ---------------------------------------------------------------
  logic [31:0] av;
  always_comb begin
    case (aop)
      4'd0, 4'd14, 4'd15: av = mad[3];
      4'd1:  av = dpv;
      4'd2:  av = mn[3];
      4'd3:  av = mx[3];
      4'd5:  av = cnd[3] ? aA : aB;
      4'd6:  av = cmp[3] ? aA : aB;
      4'd7:  av = fr[3];
      4'd8:  av = ex2;
      4'd9:  av = lg2;
      4'd10: av = rcp;
      4'd11: av = rsq;
      4'd12: av = sn;
      4'd13: av = cs;
      default: av = 32'h0;
    endcase
  end

  // ---- the RGB unit, OMOD, clamp, predicate compares ----------------------------------------------
  logic [31:0] v [4];
  for (genvar c = 0; c < 3; c++) begin : g_rgb
    logic [31:0] rv;
    always_comb begin
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
    end
    assign v[c] = rv;
  end
  assign v[3] = av;

  logic [31:0] res [4];
  for (genvar c = 0; c < 4; c++) begin : g_out
    logic [2:0]  om;
    logic        cl;
    logic [31:0] scaled, lo, hi;
    assign om = (c < 3) ? ri_i[28:26] : ai_i[28:26];
    assign cl = (c < 3) ? cmn_i[19] : cmn_i[20];
    prim_sf_mul u_om (.a_i(v[c]), .b_i(omodk(om)), .zmode_i(1'b0), .z_o(scaled));
    prim_sf_max u_lo (.a_i(scaled), .b_i(32'h0), .z_o(lo));
    prim_sf_min u_hi (.a_i(lo), .b_i(F_ONE), .z_o(hi));
    assign res[c] = (om == 3'd7) ? v[c] : (cl ? hi : scaled);
    logic [1:0] top;
    assign top = (c < 3) ? ri_i[30:29] : ai_i[30:29];
    logic plt, ple, peq, qlt, qle, qeq;
    prim_sf_cmp u_p0 (.a_i(res[c]), .b_i(32'h0), .lt_o(plt), .le_o(ple), .eq_o(peq));
    prim_sf_cmp u_p1 (.a_i(32'h0), .b_i(res[c]), .lt_o(qlt), .le_o(qle), .eq_o(qeq));
    always_comb begin
      case (top)
        2'd0: pred_o[c] = peq;
        2'd1: pred_o[c] = plt;
        2'd2: pred_o[c] = qle;
        default: pred_o[c] = ~peq;
      endcase
    end
    logic unused_p;
    assign unused_p = ple ^ qlt ^ qeq;
  end
  logic unused_bits;
  assign unused_bits = ^{cmn_i[31:21], cmn_i[18:0], ra_i[29:0], aa_i[29:0], ri_i[31], ai_i[31],
                         ai_i[11:4], rgba_i[11:4]};
  assign rres_o = {res[2], res[1], res[0]};
  assign ares_o = res[3];
endmodule
