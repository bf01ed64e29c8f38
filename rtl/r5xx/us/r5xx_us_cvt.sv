// r5xx_us_cvt: one binary32 converted to an output component (docs/blocks/r5xx.us.md, "Output
// conversion"): kind 1 unsigned fixed of width w (nearest, halves up; trunc_i: ROUND_ADJ
// truncation), 2 signed fixed (two's complement in w bits, zero-extended), 3 binary16 toward
// zero, 4 binary32 as is, 5 W24_FP; 0 and others: 0.  Combinational; the C twin is us_cvt().
module r5xx_us_cvt (
  input  logic [31:0] x_i,
  input  logic [2:0]  kind_i,
  input  logic [4:0]  w_i,      // 1..24 for the fixed kinds
  input  logic        trunc_i,
  output logic [31:0] v_o
);
  // also called as a function (u_cvt.cvt) where it is evaluated only while used
  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [31:0] cvt(input logic [31:0] x, input logic [2:0] kind,
                                      input logic [4:0] w, input logic trunc);
    /*verilator no_inline_task*/
    logic [7:0]  e, s;
    logic [22:0] f;
    logic        sg, nan;
    logic [4:0]  uw;
    logic [63:0] m, p, half, sum;
    logic [31:0] umax, umag, wmask, sn, v;
    logic [15:0] h;
    logic [23:0] wf;
    e = x[30:23];
    f = x[22:0];
    sg = x[31];
    nan = (e == 8'hFF) && (f != 23'd0);
    // unsigned conversion of |x| (the sign is handled by the kinds) to width uw
    uw = (kind == 3'd2) ? w - 5'd1 : w;
    umax = (32'd1 << uw) - 32'd1;
    m = {40'd0, 1'b1, f};
    p = (m << uw) - m;
    s = 8'd150 - e;
    half = (s > 8'd63 || s == 8'd0) ? 64'd0 : (64'd1 << (s - 8'd1));
    sum = trunc ? p : p + half;
    if (nan || e == 8'd0) umag = 32'd0;
    else if (e >= 8'd127) umag = umax;
    else if (s > 8'd63) umag = 32'd0;
    else umag = 32'(sum >> s);
    wmask = (32'd1 << w) - 32'd1;
    sn = (sg ? (32'd0 - umag) : umag) & wmask;
    if (nan) h = 16'h7E00;
    else if (e == 8'hFF) h = {sg, 15'h7C00};
    else if (e >= 8'd143) h = {sg, 15'h7BFF};
    else if (e < 8'd113) h = {sg, 15'd0};
    else h = {sg, 5'(e - 8'd112), f[22:13]};
    if (nan) wf = 24'd0;
    else if (e >= 8'd191) wf = {sg, 23'h7FFFFF};
    else if (e <= 8'd63) wf = {sg, 23'd0};
    else wf = {sg, 7'(e - 8'd63), f[22:7]};
    case (kind)
      3'd1: v = (sg && !nan) ? 32'd0 : umag;
      3'd2: v = sn;
      3'd3: v = {16'd0, h};
      3'd4: v = x;
      3'd5: v = {8'd0, wf};
      default: v = 32'd0;
    endcase
    return v;
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  assign v_o = cvt(x_i, kind_i, w_i, trunc_i);
endmodule
