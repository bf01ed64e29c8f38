// r5xx_raster_rsvert: the quad path's per-vertex RS data (docs/blocks/r5xx.raster.md "Per-vertex RS
// data"), built in the VERT cycle from the slot store: the RS input packet pk[0..31] (the
// present textures' first min(COMP_CNT, 4) components, 0 beyond), colour k's four components
// (0 if absent) and slot 0's w, with the converted position X, Y for the setup's orientation.
// Record: {X[18:0], Y[18:0], q[31:0], col[k][c] at 1024 + 128k + 32c, pk[j] at 32j}: attribute j
// (0..47) is bits [32j +: 32].  Combinational.
module r5xx_raster_rsvert (
  input  logic [2047:0] slots_i,       // slot s component c at [128s+32c +: 32]
  input  logic [4:0]    fmt0_i,        // {PT_SIZE_PRESENT, COLOR_3..0_PRESENT}
  input  logic [23:0]   fmt1_i,
  input  logic [37:0]   xy_i,          // {X, Y} of the converted vertex
  output logic [1605:0] vtx_o
);

  logic [3:0]  cols;
  logic        pt;
  logic [2:0]  ncol;

  assign cols = fmt0_i[3:0];
  assign pt   = fmt0_i[4];
  assign ncol = 3'(cols[0]) + 3'(cols[1]) + 3'(cols[2]) + 3'(cols[3]);

  // colours
  logic [511:0] col;

  for (genvar k = 0; k < 4; k++) begin : g_col
    logic [3:0] slot;
    logic [2:0] below;
    assign below = (k > 0 ? 3'(cols[0]) : 3'd0) + (k > 1 ? 3'(cols[1]) : 3'd0) +
                   (k > 2 ? 3'(cols[2]) : 3'd0);
    assign slot  = 4'd1 + 4'(pt) + 4'(below);
    assign col[128*k +: 128] = cols[k] ? slots_i[128*slot +: 128] : 128'd0;
  end

  // the texture packet: texture n (present when COMP_CNT != 0) starts at off[n] in the packet
  // and comes from slot 1 + PT + ncol + tidx[n].  Nets only, each written once: the loop form
  // (defaults overridden in an always_comb per packet word) kept Icarus 11 in one time step for
  // ever (docs/export.md, "Running under two simulators").  Flat vectors: cnt n at [3n +: 3],
  // off n at [6n +: 6], tidx n at [4n +: 4].
  logic [23:0] cnt;
  logic [7:0]  nz;
  logic [53:0] off;
  logic [35:0] tidx;

  for (genvar n = 0; n < 8; n++) begin : g_cnt
    assign cnt[3*n +: 3] = (fmt1_i[3*n +: 3] > 3'd4) ? 3'd4 : fmt1_i[3*n +: 3];
    assign nz[n]         = fmt1_i[3*n +: 3] != 3'd0;
  end

  // off[n] = cnt[0] + ... + cnt[n-1], tidx[n] = the present textures below n (sums of the
  // terms below n, not a chain through the vector, which Verilator flags UNOPTFLAT)
  for (genvar n = 0; n < 9; n++) begin : g_off
    assign off[6*n +: 6]  = (0 < n ? 6'(cnt[0 +: 3]) : 6'd0) +
                            (1 < n ? 6'(cnt[3 +: 3]) : 6'd0) +
                            (2 < n ? 6'(cnt[6 +: 3]) : 6'd0) +
                            (3 < n ? 6'(cnt[9 +: 3]) : 6'd0) +
                            (4 < n ? 6'(cnt[12 +: 3]) : 6'd0) +
                            (5 < n ? 6'(cnt[15 +: 3]) : 6'd0) +
                            (6 < n ? 6'(cnt[18 +: 3]) : 6'd0) +
                            (7 < n ? 6'(cnt[21 +: 3]) : 6'd0);
    assign tidx[4*n +: 4] = (0 < n ? 4'(nz[0]) : 4'd0) +
                            (1 < n ? 4'(nz[1]) : 4'd0) +
                            (2 < n ? 4'(nz[2]) : 4'd0) +
                            (3 < n ? 4'(nz[3]) : 4'd0) +
                            (4 < n ? 4'(nz[4]) : 4'd0) +
                            (5 < n ? 4'(nz[5]) : 4'd0) +
                            (6 < n ? 4'(nz[6]) : 4'd0) +
                            (7 < n ? 4'(nz[7]) : 4'd0);
  end

  // packet word j: the one texture whose range [off, off + cnt) holds j (the ranges of present
  // textures are disjoint), its slot and component; 0 when none does
  logic [1023:0] pk;

  for (genvar j = 0; j < 32; j++) begin : g_pk
    logic [7:0]  hit;
    logic [47:0] sel;          // texture n's {slot, component} at [6n +: 6] when it is hit

    for (genvar n = 0; n < 8; n++) begin : g_n
      logic [5:0] o;
      logic [2:0] c;
      logic [5:0] rel;
      logic [3:0] unused_rel;
      assign o        = off[6*n +: 6];
      assign c        = cnt[3*n +: 3];
      assign rel      = 6'(j) - o;
      assign unused_rel = rel[5:2];
      assign hit[n]   = c != 3'd0 && 6'(j) >= o && 6'(j) < o + 6'(c);
      assign sel[6*n +: 6] = hit[n] ? {4'd1 + 4'(pt) + 4'(ncol) + tidx[4*n +: 4], rel[1:0]} : 6'd0;
    end

    assign pk[32*j +: 32] = (hit != 8'd0) ? slots_i[{sel[47:42] | sel[41:36] | sel[35:30] |
                                                     sel[29:24] | sel[23:18] | sel[17:12] |
                                                     sel[11:6] | sel[5:0], 5'd0} +: 32] : 32'd0;
  end

  assign vtx_o = {xy_i, slots_i[127:96], col, pk};

  logic unused_bits;
  assign unused_bits = ^{off[53:48], tidx[35:32]};

endmodule
