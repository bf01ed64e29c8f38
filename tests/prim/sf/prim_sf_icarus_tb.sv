// prim_sf_icarus_tb: the shader-float RTL under Icarus Verilog against the C twin's results
// (docs/float.md, "Tests").  Reads the lines "a b c z va0..3 vb0..3 r0..r15" (hex) that
// `sf_rtl_test vectors N SEED FILE` wrote from model/prim/sf*.c, drives prim_sf_all and compares
// the 17 results.  +vec=FILE, optional +inject=K flips bit 0 of the K-th comparison (the check of
// the check).  Prints "PASS|FAIL sf icarus: <n> input sets, <m> mismatches".
module prim_sf_icarus_tb;

  logic [31:0]  a, b, c, zw;
  logic [31:0]  va0, va1, va2, va3, vb0, vb1, vb2, vb3;
  logic [31:0]  e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16;
  logic [31:0]  add_r, mul_r, mad_r, dp3_r, dp4_r, min_r, max_r, flr_r, frc_r;
  logic [31:0]  rcp_r, rsq_r, sqrt_r, ex2_r, lg2_r, sin_r, cos_r;
  logic [2:0]   cmp_r;

  prim_sf_all dut (
    .a_i(a), .b_i(b), .c_i(c), .zmode_i(zw[0]),
    .va_i({va3, va2, va1, va0}), .vb_i({vb3, vb2, vb1, vb0}),
    .add_o(add_r), .mul_o(mul_r), .mad_o(mad_r), .dp3_o(dp3_r), .dp4_o(dp4_r),
    .min_o(min_r), .max_o(max_r), .cmp_o(cmp_r), .flr_o(flr_r), .frc_o(frc_r),
    .rcp_o(rcp_r), .rsq_o(rsq_r), .sqrt_o(sqrt_r), .ex2_o(ex2_r), .lg2_o(lg2_r), .sin_o(sin_r), .cos_o(cos_r)
  );

  integer fd, got, sets, checks, bad, inject;
  reg [8*256-1:0] fname;

  task automatic cmp1(input [8*8-1:0] op, input [31:0] rtl, input [31:0] want);
    logic [31:0] r;
    begin
      checks = checks + 1;
      r = (inject != 0 && checks == inject) ? (rtl ^ 32'd1) : rtl;
      if (r !== want) begin
        if (bad < 20)
          $display("MISMATCH op=%0s a=%08h b=%08h c=%08h rtl=%08h c_model=%08h", op, a, b, c, r, want);
        bad = bad + 1;
      end
    end
  endtask

  initial begin
    if (!$value$plusargs("vec=%s", fname)) begin
      $display("FAIL sf icarus: no +vec=FILE");
      $finish;
    end
    if (!$value$plusargs("inject=%d", inject))
      inject = 0;
    fd = $fopen(fname, "r");
    if (fd == 0) begin
      $display("FAIL sf icarus: cannot open %0s", fname);
      $finish;
    end
    sets = 0;
    checks = 0;
    bad = 0;
    got = 29;
    while (got == 29) begin
      got = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                    a, b, c, zw, va0, va1, va2, va3, vb0, vb1, vb2, vb3,
                    e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16);
      if (got == 29) begin
        #1;
        cmp1("add", add_r, e0);
        cmp1("mul", mul_r, e1);
        cmp1("mad", mad_r, e2);
        cmp1("dp3", dp3_r, e3);
        cmp1("dp4", dp4_r, e4);
        cmp1("min", min_r, e5);
        cmp1("max", max_r, e6);
        cmp1("cmp", {29'd0, cmp_r}, e7);
        cmp1("flr", flr_r, e8);
        cmp1("frc", frc_r, e9);
        cmp1("rcp", rcp_r, e10);
        cmp1("rsq", rsq_r, e11);
        cmp1("sqrt", sqrt_r, e12);
        cmp1("ex2", ex2_r, e13);
        cmp1("lg2", lg2_r, e14);
        cmp1("sin", sin_r, e15);
        cmp1("cos", cos_r, e16);
        sets = sets + 1;
      end
    end
    $fclose(fd);
    $display("%0s sf icarus: %0d input sets, %0d comparisons, %0d mismatches",
             (bad == 0 && sets > 0) ? "PASS" : "FAIL", sets, checks, bad);
    $finish;
  end

endmodule
