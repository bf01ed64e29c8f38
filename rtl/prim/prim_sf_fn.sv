// prim_sf_fn: the shader-float datapath (docs/float.md) as functions: the one definition of every
// prim_sf_* operation.  Each prim_sf_<op> module is its function on its ports; a block that
// evaluates a float op only while it is used calls the function under that condition through an
// instance, `prim_sf_fn u_sf (); ... case (en) 1'b1: z = u_sf.add(a, b); ...`, so Verilator
// evaluates it only then (docs/performance.md "Evaluate only what is used").  No ports, no
// state.  C twins in model/prim/sf.c, sf_trans.c, sf_fix.h.
module prim_sf_fn;

  // the table ROM of the transcendentals (generated, scripts/blocks/prim_sf_tables.py)
  logic [95:0] unused_tab;
  prim_sf_tab u_tab (.idx_i(7'd0), .c_o(unused_tab));

  // Function locals are wide intermediates of which only some bits are used (the modules named
  // those bits in unused_* signals): not reported inside the functions.
  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN

  // denormal inputs flushed to zero, sign kept
  function automatic logic [31:0] ftz(input logic [31:0] x);
    return (x[30:23] == 8'd0) ? {x[31], 31'd0} : x;
  endfunction

  // ---- add (section 2): exact sum rounded toward zero ----------------------------------------
  function automatic logic [31:0] add(input logic [31:0] a_i, input logic [31:0] b_i);
    /*verilator no_inline_task*/
    logic [31:0] a, b, big, sml, z;
    logic        a_nan, b_nan, a_inf, b_inf, a_zero, b_zero, swap, sub;
    logic [7:0]  d;
    logic [26:0] ma, mb0, mb, lost_mask, diff, dnorm, m;
    logic [27:0] sum;
    logic [4:0]  lzc;
    logic signed [9:0] e;
    a = ftz(a_i);
    b = ftz(b_i);
    a_nan  = a[30:23] == 8'hFF && a[22:0] != 23'd0;
    b_nan  = b[30:23] == 8'hFF && b[22:0] != 23'd0;
    a_inf  = a[30:0] == 31'h7F800000;
    b_inf  = b[30:0] == 31'h7F800000;
    a_zero = a[30:0] == 31'd0;
    b_zero = b[30:0] == 31'd0;
    // the larger magnitude first (ties: a)
    swap = a[30:0] < b[30:0];
    big  = swap ? b : a;
    sml  = swap ? a : b;
    sub  = big[31] ^ sml[31];
    d    = big[30:23] - sml[30:23];
    ma   = {1'b1, big[22:0], 3'b000};
    mb0  = {1'b1, sml[22:0], 3'b000};
    lost_mask = (d >= 8'd27) ? 27'h7FFFFFF : ((27'd1 << d[4:0]) - 27'd1);
    mb   = (d >= 8'd27) ? 27'd1 : ((mb0 >> d[4:0]) | {26'd0, (mb0 & lost_mask) != 27'd0});
    sum  = {1'b0, ma} + {1'b0, mb};
    diff = ma - mb;
    // leading zeros of diff (diff != 0 when it is used)
    lzc = 5'd0;
    for (int i = 0; i < 27; i++) begin
      if (diff[i]) lzc = 5'(26 - i);
    end
    dnorm = diff << lzc;
    m = sub ? dnorm : (sum[27] ? (sum[27:1] | {26'd0, sum[0]}) : sum[26:0]);
    e = sub ? ($signed({2'b00, big[30:23]}) - $signed({5'd0, lzc}))
            : ($signed({2'b00, big[30:23]}) + (sum[27] ? 10'sd1 : 10'sd0));
    z = (a_nan || b_nan)        ? 32'h7FC00000 :
        (a_inf && b_inf)        ? ((a == b) ? a : 32'h7FC00000) :
        a_inf                   ? a :
        b_inf                   ? b :
        (a_zero && b_zero)      ? (a & b) :
        a_zero                  ? b :
        b_zero                  ? a :
        (sub && diff == 27'd0)  ? 32'd0 :             // x + (-x) = +0
        (e <= 10'sd0)           ? {big[31], 31'd0} :   // below 2^-126
        (e >= 10'sd255)         ? {big[31], 31'h7F7FFFFF} :
                                  {big[31], e[7:0], m[25:3]};
    return z;
  endfunction

  // ---- mul (section 2): exact product rounded toward zero; zm: a zero factor gives a zero ----
  function automatic logic [31:0] mul(input logic [31:0] a_i, input logic [31:0] b_i,
                                      input logic zm);
    /*verilator no_inline_task*/
    logic [31:0] a, b, z;
    logic        s, a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
    logic [47:0] p;
    logic [22:0] fr;
    logic signed [9:0] e;
    a = ftz(a_i);
    b = ftz(b_i);
    s = a[31] ^ b[31];
    a_nan  = a[30:23] == 8'hFF && a[22:0] != 23'd0;
    b_nan  = b[30:23] == 8'hFF && b[22:0] != 23'd0;
    a_inf  = a[30:0] == 31'h7F800000;
    b_inf  = b[30:0] == 31'h7F800000;
    a_zero = a[30:0] == 31'd0;
    b_zero = b[30:0] == 31'd0;
    p  = {24'd0, 1'b1, a[22:0]} * {24'd0, 1'b1, b[22:0]};
    fr = p[47] ? p[46:24] : p[45:23];
    e  = $signed({2'b00, a[30:23]}) + $signed({2'b00, b[30:23]}) - 10'sd127
         + (p[47] ? 10'sd1 : 10'sd0);
    z = (zm && (a_zero || b_zero))             ? {s, 31'd0} :
        (a_nan || b_nan)                       ? 32'h7FC00000 :
        ((a_inf || b_inf) && (a_zero || b_zero)) ? 32'h7FC00000 :
        (a_inf || b_inf)                       ? {s, 31'h7F800000} :
        (a_zero || b_zero)                     ? {s, 31'd0} :
        (e <= 10'sd0)                          ? {s, 31'd0} :
        (e >= 10'sd255)                        ? {s, 31'h7F7FFFFF} :
                                                 {s, e[7:0], fr};
    return z;
  endfunction

  function automatic logic [31:0] mad(input logic [31:0] a, input logic [31:0] b,
                                      input logic [31:0] c, input logic zm);
    return add(mul(a, b, zm), c);
  endfunction

  // DP3 = (a0b0 + a1b1) + a2b2; DP4 = (a0b0 + a1b1) + (a2b2 + a3b3); component k at [32k +: 32]
  function automatic logic [31:0] dp3(input logic [95:0] a, input logic [95:0] b, input logic zm);
    return add(add(mul(a[31:0], b[31:0], zm), mul(a[63:32], b[63:32], zm)),
               mul(a[95:64], b[95:64], zm));
  endfunction

  function automatic logic [31:0] dp4(input logic [127:0] a, input logic [127:0] b,
                                      input logic zm);
    return add(add(mul(a[31:0], b[31:0], zm), mul(a[63:32], b[63:32], zm)),
               add(mul(a[95:64], b[95:64], zm), mul(a[127:96], b[127:96], zm)));
  endfunction

  // ---- compares (section 3): {lt, le, eq}; IEEE order, -0 == +0, NaN false -------------------
  function automatic logic [2:0] cmp(input logic [31:0] a_i, input logic [31:0] b_i);
    /*verilator no_inline_task*/
    logic        nan;
    logic [30:0] ma, mb;
    logic signed [32:0] ka, kb;
    ma = (a_i[30:23] == 8'd0) ? 31'd0 : a_i[30:0];
    mb = (b_i[30:23] == 8'd0) ? 31'd0 : b_i[30:0];
    nan = (ma > 31'h7F800000) || (mb > 31'h7F800000);
    ka = a_i[31] ? -$signed({2'b00, ma}) : $signed({2'b00, ma});
    kb = b_i[31] ? -$signed({2'b00, mb}) : $signed({2'b00, mb});
    return {!nan && (ka < kb), !nan && (ka <= kb), !nan && (ka == kb)};
  endfunction

  function automatic logic lt(input logic [31:0] a, input logic [31:0] b);
    logic [2:0] r;
    r = cmp(a, b);
    return r[2];
  endfunction

  // min (mx 0): lt(b, a) ? b : a; max (mx 1): lt(a, b) ? b : a; one NaN gives the other operand,
  // two NaNs 0x7FC00000 (one function, as minmax in model/prim/sf.c)
  function automatic logic [31:0] minmax(input logic [31:0] a_i, input logic [31:0] b_i, input logic mx);
    /*verilator no_inline_task*/
    logic [31:0] a, b, z;
    logic        a_nan, b_nan;
    a = ftz(a_i);
    b = ftz(b_i);
    a_nan = a[30:0] > 31'h7F800000;
    b_nan = b[30:0] > 31'h7F800000;
    z = (a_nan && b_nan)              ? 32'h7FC00000 :
        a_nan                         ? b :
        b_nan                         ? a :
        (mx ? lt(a, b) : lt(b, a))    ? b : a;
    return z;
  endfunction

  function automatic logic [31:0] min(input logic [31:0] a_i, input logic [31:0] b_i);
    return minmax(a_i, b_i, 1'b0);
  endfunction

  function automatic logic [31:0] max(input logic [31:0] a_i, input logic [31:0] b_i);
    return minmax(a_i, b_i, 1'b1);
  endfunction

  // floor, exact: NaN -> 0x7FC00000, +-Inf and +-0 unchanged, (0,1) -> +0, (-1,0) -> -1.0
  function automatic logic [31:0] flr(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, mask, z;
    logic [7:0]  ex;
    logic [4:0]  nbits;
    a  = ftz(a_i);
    ex = a[30:23];
    // fraction bits below the binary point, for 127 <= ex < 150: 150 - ex in [1, 23]
    nbits = 5'(8'd150 - ex);
    mask  = (32'd1 << nbits) - 32'd1;
    z = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
        (ex == 8'hFF || a[30:0] == 31'd0)  ? a :
        (ex >= 8'd150)                      ? a :
        (ex < 8'd127)                       ? (a[31] ? 32'hBF800000 : 32'd0) :
        ((a & mask) == 32'd0)               ? a :
        a[31]                               ? ((a & ~mask) + mask + 32'd1) :
                                              (a & ~mask);
    return z;
  endfunction

  // fraction a - floor(a), rounded toward zero
  function automatic logic [31:0] frc(input logic [31:0] a);
    logic [31:0] fl;
    fl = flr(a);
    return add(a, {~fl[31], fl[30:0]});
  endfunction

  // ---- 1/x (4.2): q = floor(2^47 / M) ----------------------------------------------------------
  function automatic logic [31:0] rcp(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, z;
    logic [7:0]  ex;
    logic [47:0] q;
    logic signed [9:0] b_pow, b_gen;
    a  = ftz(a_i);
    ex = a[30:23];
    q  = 48'h8000_0000_0000 / {24'd0, 1'b1, a[22:0]};
    b_pow = 10'sd254 - $signed({2'b00, ex});
    b_gen = 10'sd253 - $signed({2'b00, ex});
    z = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
        (ex == 8'hFF)                      ? {a[31], 31'd0} :
        (ex == 8'd0)                       ? {a[31], 31'h7F800000} :
        (a[22:0] == 23'd0)                 ? ((b_pow <= 10'sd0) ? {a[31], 31'd0}
                                                                : {a[31], b_pow[7:0], 23'd0}) :
        (b_gen <= 10'sd0)                  ? {a[31], 31'd0} :
                                             {a[31], b_gen[7:0], q[22:0]};
    return z;
  endfunction

  // ---- 1/sqrt(x) (4.3): D = floor(2^71 / M'), q = floor(sqrt(D)) -------------------------------
  function automatic logic [31:0] rsq(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, z;
    logic [7:0]  ex;
    logic        odd;            // unbiased exponent odd <=> biased exponent even
    logic [24:0] mp;
    logic [71:0] dvd;
    logic [49:0] d;
    logic [51:0] rem, trial;
    logic [24:0] q;
    logic signed [9:0] eprime, be;
    a   = ftz(a_i);
    ex  = a[30:23];
    odd = !ex[0];
    mp  = odd ? {1'b1, a[22:0], 1'b0} : {1'b0, 1'b1, a[22:0]};
    dvd = (72'd1 << 71) / {47'd0, mp};
    d   = dvd[49:0];
    // restoring integer square root, 25 result bits
    rem = 52'd0;
    q   = 25'd0;
    for (int i = 24; i >= 0; i--) begin
      rem   = (rem << 2) | {50'd0, d[2*i+1], d[2*i]};
      trial = {25'd0, q, 2'b01};
      q     = q << 1;
      if (rem >= trial) begin
        rem = rem - trial;
        q   = q | 25'd1;
      end
    end
    // e' = e or e - 1 (even); biased result exponent 126 - e'/2 (+1 when q = 2^24)
    eprime = $signed({2'b00, ex}) - 10'sd127 - (odd ? 10'sd1 : 10'sd0);
    be     = 10'sd126 - (eprime >>> 1) + (q[24] ? 10'sd1 : 10'sd0);
    z = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
        (a[30:0] == 31'd0)                 ? {a[31], 31'h7F800000} :
        a[31]                              ? 32'h7FC00000 :
        (ex == 8'hFF)                      ? 32'd0 :
        q[24]                              ? {1'b0, be[7:0], 23'd0} :
                                             {1'b0, be[7:0], q[22:0]};
    return z;
  endfunction

  // ---- fixed point helpers of the transcendentals (4.1) -----------------------------------------
  // one quadratic table segment: a = (c2 * t) >> T; b = ((c1 + a) * t) >> T; y = c0 + b
  function automatic logic signed [63:0] poly(input logic [95:0] c, input logic [24:0] t_i,
                                              input logic [4:0] tb);
    logic signed [63:0] c0, c1, c2, t, a, b;
    c0 = {{32{c[95]}}, c[95:64]};
    c1 = {{32{c[63]}}, c[63:32]};
    c2 = {{32{c[31]}}, c[31:0]};
    t  = {39'd0, t_i};
    a  = (c2 * t) >>> tb;
    b  = ((c1 + a) * t) >>> tb;
    return c0 + b;
  endfunction

  // poly on the segment k = {TAB, idx} of the table ROM (one C++ function: Verilator inlines every
  // other call, and a copy of the 512-entry ROM at every call site made the C++ 7x larger)
  function automatic logic signed [63:0] tpoly(input logic [8:0] k, input logic [24:0] t_i,
                                               input logic [4:0] tb);
    /*verilator no_inline_task*/
    return poly(u_tab.coef(k), t_i, tb);
  endfunction

  // the binary32 nearest to n * 2^k (n < 2^63), ties away from zero; below 2^-126 -> zero of
  // sign s, 2^128 and above -> infinity of sign s
  function automatic logic [31:0] pack(input logic s, input logic [63:0] n,
                                       input logic signed [11:0] k);
    /*verilator no_inline_task*/
    logic [5:0]  lead, sh;
    logic [63:0] half, rnd, up, m;
    logic        carry;
    logic signed [11:0] be;
    logic [31:0] z;
    // index of the leading one (n != 0 when used)
    lead = 6'd0;
    for (int i = 0; i < 64; i++) begin
      if (n[i]) lead = 6'(i);
    end
    sh    = lead - 6'd23;                       // used only when lead > 23
    half  = (lead > 6'd23) ? (64'd1 << (sh - 6'd1)) : 64'd0;
    rnd   = (n + half) >> sh;
    carry = (lead > 6'd23) && rnd[24];
    up    = n << (6'd23 - lead);
    m     = (lead > 6'd23) ? (carry ? (rnd >> 1) : rnd) : up;
    be    = $signed({6'd0, lead}) + (carry ? 12'sd1 : 12'sd0) + k + 12'sd127;
    z = (n == 64'd0)     ? {s, 31'd0} :
        (be <= 12'sd0)   ? {s, 31'd0} :
        (be >= 12'sd255) ? {s, 31'h7F800000} :
                           {s, be[7:0], m[22:0]};
    return z;
  endfunction

  // the phase of |a| (finite, flushed) in units of 2^-34 turn modulo one turn (4.6)
  function automatic logic [33:0] phase(input logic [31:0] a);
    /*verilator no_inline_task*/
    logic signed [9:0] sh;
    logic [63:0] mant, up, dn;
    logic [33:0] ph;
    sh   = $signed({2'b00, a[30:23]}) - 10'sd127 + 10'sd11;
    mant = {40'd0, 1'b1, a[22:0]};
    up   = mant << sh;
    dn   = mant >> (-sh);
    ph = (sh >= 10'sd34)  ? 34'd0 :
         (sh >= 10'sd0)   ? up[33:0] :
         (sh <= -10'sd24) ? 34'd0 : dn[33:0];
    return ph;
  endfunction

  // quarter sine sin(pi/2 * s / 2^32) for s in [0, 2^32] (4.6)
  function automatic logic [31:0] qsin(input logic [32:0] s);
    /*verilator no_inline_task*/
    logic signed [63:0] k;
    logic [31:0] p, z;
    k = tpoly({2'd3, s[31:25]}, s[24:0], 5'd25);
    p = pack(1'b0, {31'd0, s} * $unsigned(k), -12'sd60);
    z = (s == 33'd0)       ? 32'd0 :
        s[32]              ? 32'h3F800000 :
        (p > 32'h3F800000) ? 32'h3F800000 : p;
    return z;
  endfunction

  // ---- 2^x (4.4) -------------------------------------------------------------------------------
  function automatic logic [31:0] ex2(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, z;
    logic [7:0]  ex, be, be1;
    logic [63:0] mant, mag, lostm, yr;
    logic        sticky, big, up;
    logic signed [9:0]  e, sh;
    logic signed [63:0] x, i, y, yc;
    logic [25:0] f;
    logic [23:0] m;
    a    = ftz(a_i);
    ex   = a[30:23];
    e    = $signed({2'b00, ex}) - 10'sd127;
    big  = e >= 10'sd7;                      // |x| >= 128
    sh   = e + 10'sd3;
    mant = {40'd0, 1'b1, a[22:0]};
    lostm = (64'd1 << (-sh)) - 64'd1;
    mag  = (sh >= 10'sd0)  ? (mant << sh) :
           (sh <= -10'sd25) ? 64'd0 : (mant >> (-sh));
    sticky = (sh >= 10'sd0)  ? 1'b0 :
             (sh <= -10'sd25) ? 1'b1 : ((mant & lostm) != 64'd0);
    x = a[31] ? -$signed(mag + {63'd0, sticky}) : $signed(mag);
    i = x >>> 26;
    f = x[25:0];
    y = tpoly({2'd0, f[25:19]}, {6'd0, f[18:0]}, 5'd19);
    // at least 1.0 (units 2^-28), round to 24 bits; a carry to 2.0 is the next power of two
    yc = (y < 64'sh10000000) ? 64'sh10000000 : y;
    yr = ($unsigned(yc) + 64'd16) >> 5;
    up = yr >= 64'h1000000;
    m  = yr[23:0];
    be = 8'(i + 64'sd127);
    be1 = be + 8'd1;
    z = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
        (ex == 8'hFF)                      ? (a[31] ? 32'd0 : 32'h7F800000) :
        (a[30:0] == 31'd0)                 ? 32'h3F800000 :
        big                                ? (a[31] ? 32'd0 : 32'h7F800000) :
        (i < -64'sd126)                    ? 32'd0 :
        (f == 26'd0)                       ? {1'b0, be, 23'd0} :
        up                                 ? {1'b0, be1, 23'd0} :
                                             {1'b0, be, m[22:0]};
    return z;
  endfunction

  // ---- log2(x) (4.5) ----------------------------------------------------------------------------
  function automatic logic [31:0] lg2(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, p, z;
    logic [7:0]  ex;
    logic signed [9:0]  e;
    logic        hpath;
    logic [23:0] u;
    logic signed [63:0] y, prod, r, er;
    logic [63:0] n;
    a     = ftz(a_i);
    ex    = a[30:23];
    e     = $signed({2'b00, ex}) - 10'sd127;
    hpath = (ex == 8'd126) && (a[22:0] != 23'd0);
    u     = hpath ? {24'h800000 - {1'b0, a[22:0]}} << 1 : {a[22:0], 1'b0};
    y     = tpoly({hpath ? 2'd2 : 2'd1, u[23:17]}, {8'd0, u[16:0]}, 5'd17);
    prod  = $signed({40'd0, u}) * y;
    er    = {{54{e[9]}}, e} <<< 52;
    r     = hpath ? -prod : (er + prod);
    n     = (r < 64'sd0) ? $unsigned(-r) : $unsigned(r);
    p     = pack(r < 64'sd0, n, -12'sd52);
    z = (ex == 8'hFF && a[22:0] != 23'd0) ? 32'h7FC00000 :
        (a[30:0] == 31'd0)                 ? 32'hFF800000 :
        a[31]                              ? 32'h7FC00000 :
        (ex == 8'hFF)                      ? 32'h7F800000 :
                                             p;
    return z;
  endfunction

  // ---- sin(2 pi x), cos(2 pi x), x in turns (4.6) -----------------------------------------------
  function automatic logic [31:0] sin(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, zq, zt, z;
    logic [7:0]  ex;
    logic signed [9:0] e, tsh;
    logic        tiny;
    logic [33:0] ph;
    logic [32:0] s;
    logic [63:0] mant, st;
    logic signed [63:0] k;
    logic signed [11:0] kt;
    a    = ftz(a_i);
    ex   = a[30:23];
    e    = $signed({2'b00, ex}) - 10'sd127;
    tiny = e <= -10'sd12;
    // |x| < 2^-11: S = 4|x| in units 2^-32 quarter turn = M >> -(e + 11)
    mant = {40'd0, 1'b1, a[22:0]};
    tsh  = -(e + 10'sd11);
    st   = (tsh >= 10'sd24) ? 64'd0 : (mant >> tsh);
    k    = tpoly({2'd3, st[31:25]}, st[24:0], 5'd25);
    kt   = {{2{e[9]}}, e} - 12'sd49;
    zt   = pack(a[31], mant * $unsigned(k), kt);
    // otherwise: quadrants sin(r), cos(r), -sin(r), -cos(r); cos(r) = quarter sine of 2^32 - r
    ph = phase(a);
    s  = ph[32] ? (33'h100000000 - {1'b0, ph[31:0]}) : {1'b0, ph[31:0]};
    zq = qsin(s);
    z = (ex == 8'hFF)       ? 32'h7FC00000 :
        (a[30:0] == 31'd0)  ? a :
        tiny                ? zt :
        (zq == 32'd0)       ? 32'd0 :
                              {ph[33] ^ a[31], zq[30:0]};
    return z;
  endfunction

  function automatic logic [31:0] cos(input logic [31:0] a_i);
    /*verilator no_inline_task*/
    logic [31:0] a, zq, z;
    logic [33:0] ph;
    logic [32:0] s;
    a  = ftz(a_i);
    ph = phase(a);
    s  = ph[32] ? {1'b0, ph[31:0]} : (33'h100000000 - {1'b0, ph[31:0]});
    zq = qsin(s);
    z = (a[30:23] == 8'hFF) ? 32'h7FC00000 :
        (a[30:0] == 31'd0)  ? 32'h3F800000 :
        (zq == 32'd0)       ? 32'd0 :
                              {ph[33] ^ ph[32], zq[30:0]};
    return z;
  endfunction

  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

endmodule
