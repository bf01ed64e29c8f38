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
  // and comes from slot tslot[n]
  logic [2:0] cnt  [8];
  logic [5:0] off  [9];
  logic [3:0] tidx [9];

  always_comb begin
    off[0]  = '0;
    tidx[0] = '0;
    for (int n = 0; n < 8; n++) begin
      cnt[n]      = (fmt1_i[3*n +: 3] > 3'd4) ? 3'd4 : fmt1_i[3*n +: 3];
      off[n+1]    = off[n] + 6'(cnt[n]);
      tidx[n+1]   = tidx[n] + ((cnt[n] != 3'd0) ? 4'd1 : 4'd0);
    end
  end

  logic [1023:0] pk;

  for (genvar j = 0; j < 32; j++) begin : g_pk
    logic [31:0] w;
    logic [3:0]  sl;
    logic [1:0]  cc;
    always_comb begin
      w  = '0;
      sl = '0;
      cc = '0;
      for (int n = 0; n < 8; n++) begin
        sl = 4'd1 + 4'(pt) + 4'(ncol) + tidx[n];
        cc = 2'(6'(j) - off[n]);
        if (cnt[n] != 3'd0 && 6'(j) >= off[n] && 6'(j) < off[n] + 6'(cnt[n])) begin
          w = slots_i[{sl, cc, 5'd0} +: 32];
        end
      end
    end
    assign pk[32*j +: 32] = w;
  end

  assign vtx_o = {xy_i, slots_i[127:96], col, pk};

  logic unused_bits;
  assign unused_bits = ^{off[8], tidx[8]};

endmodule
