// r5xx_raster_rsvert: the quad path's per-vertex RS data (docs/blocks/r5xx.raster.md "Per-vertex RS
// data"), built in the VERT cycle from the slot store: the RS input packet pk[0..31] (the
// present textures' first min(COMP_CNT, 4) components, 0 beyond), colour k's four components
// (0 if absent) and slot 0's w, with the converted position X, Y for the setup's orientation.
// Record: {X[18:0], Y[18:0], q[31:0], col[k][c] at 1024 + 128k + 32c, pk[j] at 32j}: attribute j
// (0..47) is bits [32j +: 32].  Combinational, evaluated only while en_i is set.
module r5xx_raster_rsvert (
  input  logic          en_i,          // the VERT cycle (else vtx_o is 0)
  input  logic [2047:0] slots_i,       // slot s component c at [128s+32c +: 32]
  input  logic [4:0]    fmt0_i,        // {PT_SIZE_PRESENT, COLOR_3..0_PRESENT}
  input  logic [23:0]   fmt1_i,
  input  logic [37:0]   xy_i,          // {X, Y} of the converted vertex
  output logic [1605:0] vtx_o
);

  // the record, built by a function evaluated only in the VERT cycle (en_i; 0 otherwise)
  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [1605:0] rsv(input logic dummy);
    logic [3:0]    cols, slot;
    logic          pt;
    logic [2:0]    ncol, below;
    logic [511:0]  col;
    logic [23:0]   cnt;
    logic [7:0]    nz;
    logic [53:0]   off;
    logic [35:0]   tidx;
    logic [1023:0] pk;
    logic          hit;
    logic [5:0]    o, rel, sel;
    logic [2:0]    c;
    cols = fmt0_i[3:0];
    pt   = fmt0_i[4];
    ncol = 3'(cols[0]) + 3'(cols[1]) + 3'(cols[2]) + 3'(cols[3]);
    // colours
    for (int k = 0; k < 4; k++) begin
      below = (k > 0 ? 3'(cols[0]) : 3'd0) + (k > 1 ? 3'(cols[1]) : 3'd0) +
              (k > 2 ? 3'(cols[2]) : 3'd0);
      slot  = 4'd1 + 4'(pt) + 4'(below);
      col[128*k +: 128] = cols[k] ? slots_i[128*slot +: 128] : 128'd0;
    end
    // the texture packet: texture n (present when COMP_CNT != 0) starts at off[n] in the
    // packet and comes from slot 1 + PT + ncol + tidx[n] (cnt n at [3n +: 3], off n at
    // [6n +: 6], tidx n at [4n +: 4])
    for (int n = 0; n < 8; n++) begin
      cnt[3*n +: 3] = (fmt1_i[3*n +: 3] > 3'd4) ? 3'd4 : fmt1_i[3*n +: 3];
      nz[n]         = fmt1_i[3*n +: 3] != 3'd0;
    end
    for (int n = 0; n < 9; n++) begin
      off[6*n +: 6] = 6'd0;
      tidx[4*n +: 4] = 4'd0;
      for (int m = 0; m < 8; m++) begin
        if (m < n) begin
          off[6*n +: 6] = off[6*n +: 6] + 6'(cnt[3*m +: 3]);
          tidx[4*n +: 4] = tidx[4*n +: 4] + 4'(nz[m]);
        end
      end
    end
    // packet word j: the one texture whose range [off, off + cnt) holds j (the ranges of
    // present textures are disjoint), its slot and component; 0 when none does
    for (int j = 0; j < 32; j++) begin
      hit = 1'b0;
      sel = 6'd0;
      for (int n = 0; n < 8; n++) begin
        o   = off[6*n +: 6];
        c   = cnt[3*n +: 3];
        rel = 6'(j) - o;
        if (c != 3'd0 && 6'(j) >= o && 6'(j) < o + 6'(c)) begin
          hit = 1'b1;
          sel = sel | {4'd1 + 4'(pt) + 4'(ncol) + tidx[4*n +: 4], rel[1:0]};
        end
      end
      pk[32*j +: 32] = hit ? slots_i[{sel, 5'd0} +: 32] : 32'd0;
    end
    return {xy_i, slots_i[127:96], col, pk};
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  always_comb begin
    case (en_i)
      1'b1: vtx_o = rsv(1'b0);
      default: vtx_o = '0;
    endcase
  end
endmodule
