// r5xx_gfx3d_qjoin: the quad join of r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "The quad join").
//
// Pairs the fragment shader's output records (r5xx.us `frag`, quad k) with the raster's k-th
// `zq` record (the quad's position, face and depth), kept in a 4-entry queue, and turns each
// quad into per-pixel fragments for FG, ZB and RB3D: for every pixel in the quad's `wr` (covered,
// not killed), lowest first, one fragment (prim, x, y, z, back, tw, argb of targets 0-3).  `tw`
// holds a bit per render target the US sent a record for (multiple render targets, decision
// G3); target t's colour is its record converted to 16-bit unorm channels by US_OUT_FMT_t's
// component widths (argb = {u16(C3), u16(C2), u16(C1), u16(C0)}, u16 = bit replication; 0 where
// the quad has no record of t or the format is not a fixed one); z is the US's W where its mask
// bit 16+p says delivered, else the raster's depth.  Every record taken is also shown on `tr` (the composite's
// `usout`), with the primitive and the quad's pixel position from the paired `zq`, and taken only
// together with it.
module r5xx_gfx3d_qjoin (
  input  logic        clk_i,
  input  logic        rst_ni,

  // the state writes the hand-out gives the path (valid = the write fires): US_OUT_FMT_0..3
  input  logic        w_valid_i,
  input  logic [15:0] w_addr_i,
  input  logic [31:0] w_data_i,

  // from the raster: one record per quad with a covered pixel
  input  logic        zq_valid_i,
  output logic        zq_ready_o,
  input  logic [15:0] zq_prim_i,
  input  logic [13:0] zq_x_i,
  input  logic [13:0] zq_y_i,
  input  logic [3:0]  zq_cov_i,
  input  logic        zq_back_i,
  input  logic [23:0] zq_z0_i,
  input  logic [23:0] zq_z1_i,
  input  logic [23:0] zq_z2_i,
  input  logic [23:0] zq_z3_i,

  // from the fragment shader: its output records
  input  logic        uf_valid_i,
  output logic        uf_ready_o,
  input  logic [15:0] uf_quad_i,
  input  logic [1:0]  uf_tgt_i,
  input  logic        uf_last_i,
  input  logic [8:0]  uf_pc_i,
  input  logic [3:0]  uf_wr_i,
  input  logic [19:0] uf_mask_i,
  input  logic [63:0] uf_p0rg_i,
  input  logic [63:0] uf_p0ba_i,
  input  logic [63:0] uf_p1rg_i,
  input  logic [63:0] uf_p1ba_i,
  input  logic [63:0] uf_p2rg_i,
  input  logic [63:0] uf_p2ba_i,
  input  logic [63:0] uf_p3rg_i,
  input  logic [63:0] uf_p3ba_i,
  input  logic [63:0] uf_z01_i,
  input  logic [63:0] uf_z23_i,

  // the trace: every record taken, with its primitive and quad position
  output logic        tr_valid_o,
  input  logic        tr_ready_i,
  output logic [15:0] tr_prim_o,
  output logic [13:0] tr_x_o,
  output logic [13:0] tr_y_o,
  output logic [15:0] tr_quad_o,
  output logic [1:0]  tr_tgt_o,
  output logic [8:0]  tr_pc_o,
  output logic [3:0]  tr_wr_o,
  output logic [19:0] tr_mask_o,
  output logic [63:0] tr_p0rg_o,
  output logic [63:0] tr_p0ba_o,
  output logic [63:0] tr_p1rg_o,
  output logic [63:0] tr_p1ba_o,
  output logic [63:0] tr_p2rg_o,
  output logic [63:0] tr_p2ba_o,
  output logic [63:0] tr_p3rg_o,
  output logic [63:0] tr_p3ba_o,

  // the quad path's fragments, to FG
  output logic        qf_valid_o,
  input  logic        qf_ready_i,
  output logic [15:0] qf_prim_o,
  output logic [13:0] qf_x_o,
  output logic [13:0] qf_y_o,
  output logic [23:0] qf_z_o,
  output logic        qf_back_o,
  output logic [3:0]  qf_tw_o,
  output logic [63:0] qf_argb_o,
  output logic [63:0] qf_argb1_o,
  output logic [63:0] qf_argb2_o,
  output logic [63:0] qf_argb3_o,

  output logic        empty_o
);

  localparam bit [31:0] Depth = 4;
  localparam bit [31:0] W     = 16 + 14 + 14 + 1 + 4 * 24;

  // the width of component k of US_OUT_FMT code f (docs/blocks/r5xx.us.md "Output conversion");
  // 0 for the float formats and the unused codes (decision G10)
  function automatic logic [4:0] cwidth(input logic [4:0] f, input int k);
    logic [4:0] r;
    case (f)
      5'd0:           r = 5'd8;
      5'd1, 5'd2:     r = 5'd10;
      5'd3, 5'd6:     r = (k == 0) ? 5'd16 : 5'd0;
      5'd4, 5'd7:     r = (k < 2) ? 5'd16 : 5'd0;
      5'd5:           r = 5'd16;
      5'd8:           r = (k < 2) ? 5'd4 : 5'd0;
      5'd9:           r = (k == 0) ? 5'd2 : (k < 3) ? 5'd3 : 5'd0;
      5'd10:          r = (k == 1) ? 5'd5 : (k < 3) ? 5'd6 : 5'd0;
      5'd11:          r = (k == 0) ? 5'd10 : (k < 3) ? 5'd11 : 5'd0;
      5'd12:          r = (k < 2) ? 5'd11 : (k == 2) ? 5'd10 : 5'd0;
      5'd13:          r = (k < 3) ? 5'd10 : 5'd2;
      default:        r = 5'd0;
    endcase
    return r;
  endfunction

  // a w-bit unsigned lane widened to 16 bits by replicating its bits from the top (w = 0: 0)
  function automatic logic [15:0] u16(input logic [31:0] lane, input logic [4:0] w);
    logic [31:0] v, r;
    int          s;
    v = (w == 5'd0) ? 32'd0 : (lane & ((32'd1 << w) - 32'd1));
    r = 32'd0;
    for (int i = 1; i <= 8; i++) begin
      s = 16 - i * int'(w);
      if (w != 5'd0 && s >= 0) r = r | (v << s);
      else if (w != 5'd0 && s > -int'(w)) r = r | (v >> (-s));
    end
    return r[15:0];
  endfunction

  function automatic logic [63:0] argb(input logic [63:0] rg, input logic [63:0] ba, input logic [4:0] f);
    return {u16(ba[63:32], cwidth(f, 3)), u16(ba[31:0], cwidth(f, 2)),
            u16(rg[63:32], cwidth(f, 1)), u16(rg[31:0], cwidth(f, 0))};
  endfunction

  logic [4:0]   fmt_q [4];     // US_OUT_FMT_t.OUT_FMT
  logic [63:0]  col_q [16];    // target t, pixel p at t * 4 + p
  logic [3:0]   tw_q;          // the targets the quad has a record of
  logic         pend_q;
  logic [3:0]   rem_q, wm_q;
  logic [23:0]  zl_q [4];

  logic [W-1:0] head;
  logic         qempty, push, pop, take, fin, last_px;
  logic [2:0]   qcount;
  logic [1:0]   p;
  logic [23:0]  hz [4];

  assign zq_ready_o = qcount != 3'd4;
  assign push       = zq_valid_i && zq_ready_o;

  // a US record is taken (and shown on tr) when no quad is being emitted and its zq is there
  assign tr_valid_o = uf_valid_i && !pend_q && !qempty;
  assign uf_ready_o = tr_ready_i && !pend_q && !qempty;
  assign take       = uf_valid_i && uf_ready_o;

  assign {tr_prim_o, tr_x_o, tr_y_o} = head[W-1:W-44];
  assign tr_quad_o = uf_quad_i;
  assign tr_tgt_o  = uf_tgt_i;
  assign tr_pc_o   = uf_pc_i;
  assign tr_wr_o   = uf_wr_i;
  assign tr_mask_o = uf_mask_i;
  assign tr_p0rg_o = uf_p0rg_i;
  assign tr_p0ba_o = uf_p0ba_i;
  assign tr_p1rg_o = uf_p1rg_i;
  assign tr_p1ba_o = uf_p1ba_i;
  assign tr_p2rg_o = uf_p2rg_i;
  assign tr_p2ba_o = uf_p2ba_i;
  assign tr_p3rg_o = uf_p3rg_i;
  assign tr_p3ba_o = uf_p3ba_i;

  // the emission: the lowest pixel left of the pending quad
  assign p  = rem_q[0] ? 2'd0 : rem_q[1] ? 2'd1 : rem_q[2] ? 2'd2 : 2'd3;
  assign hz[0] = head[95:72];
  assign hz[1] = head[71:48];
  assign hz[2] = head[47:24];
  assign hz[3] = head[23:0];
  assign qf_valid_o = pend_q;
  assign qf_prim_o  = head[W-1:W-16];
  assign qf_x_o     = head[W-17:W-30] + {13'd0, p[0]};
  assign qf_y_o     = head[W-31:W-44] + {13'd0, p[1]};
  assign qf_back_o  = head[96];
  assign qf_z_o     = wm_q[p] ? zl_q[p] : hz[p];
  assign qf_tw_o    = tw_q;
  assign qf_argb_o  = col_q[{2'd0, p}];
  assign qf_argb1_o = col_q[{2'd1, p}];
  assign qf_argb2_o = col_q[{2'd2, p}];
  assign qf_argb3_o = col_q[{2'd3, p}];

  assign last_px = (rem_q & ~(4'd1 << p)) == 4'd0;
  // the quad is done: its last pixel fired, or its last record had no pixel to write
  assign fin = (pend_q && qf_ready_i && last_px) || (take && uf_last_i && uf_wr_i == 4'd0);
  assign pop = fin;

  prim_fifo #(.Width(W), .Depth(Depth)) u_zq (
    .clk_i, .rst_ni,
    .flush_i (1'b0),
    .push_i  (push),
    .wdata_i ({zq_prim_i, zq_x_i, zq_y_i, zq_back_i, zq_z0_i, zq_z1_i, zq_z2_i, zq_z3_i}),
    .pop_i   (pop),
    .rdata_o (head),
    .empty_o (qempty),
    .count_o (qcount)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q <= 1'b0;
      rem_q  <= '0;
      wm_q   <= '0;
      tw_q   <= '0;
      for (int i = 0; i < 4; i++) begin
        fmt_q[i] <= '0;
        zl_q[i]  <= '0;
      end
      for (int i = 0; i < 16; i++) col_q[i] <= '0;
    end else begin
      for (int t = 0; t < 4; t++) begin
        if (w_valid_i && w_addr_i == 16'h46A4 + 16'(4 * t)) fmt_q[t] <= w_data_i[4:0];
      end
      if (fin) begin
        for (int i = 0; i < 16; i++) col_q[i] <= '0;
        tw_q <= '0;
      end else if (take) begin
        col_q[{uf_tgt_i, 2'd0}] <= argb(uf_p0rg_i, uf_p0ba_i, fmt_q[uf_tgt_i]);
        col_q[{uf_tgt_i, 2'd1}] <= argb(uf_p1rg_i, uf_p1ba_i, fmt_q[uf_tgt_i]);
        col_q[{uf_tgt_i, 2'd2}] <= argb(uf_p2rg_i, uf_p2ba_i, fmt_q[uf_tgt_i]);
        col_q[{uf_tgt_i, 2'd3}] <= argb(uf_p3rg_i, uf_p3ba_i, fmt_q[uf_tgt_i]);
        tw_q <= tw_q | (4'd1 << uf_tgt_i);
      end
      if (take && uf_last_i && uf_wr_i != 4'd0) begin
        pend_q   <= 1'b1;
        rem_q    <= uf_wr_i;
        wm_q     <= uf_mask_i[19:16];
        zl_q[0]  <= uf_z01_i[23:0];
        zl_q[1]  <= uf_z01_i[55:32];
        zl_q[2]  <= uf_z23_i[23:0];
        zl_q[3]  <= uf_z23_i[55:32];
      end else if (pend_q && qf_ready_i) begin
        rem_q  <= rem_q & ~(4'd1 << p);
        pend_q <= !last_px;
      end
    end
  end

  assign empty_o = qempty;

  logic unused;
  assign unused = ^{w_data_i[31:5], zq_cov_i, uf_z01_i[63:56], uf_z01_i[31:24], uf_z23_i[63:56],
                    uf_z23_i[31:24]};

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions") ----
  logic         qfw_q, trw_q;
  logic [328:0] qfp_q;
  always_ff @(posedge clk_i) begin
    qfw_q <= rst_ni && qf_valid_o && !qf_ready_i;
    trw_q <= rst_ni && tr_valid_o && !tr_ready_i;
    qfp_q <= {qf_prim_o, qf_x_o, qf_y_o, qf_back_o, qf_z_o, qf_tw_o, qf_argb_o, qf_argb1_o, qf_argb2_o,
              qf_argb3_o};
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (qfw_q && !qf_valid_o) $error("%m: ASSERT QfValidHeld: qf valid dropped before ready");
      if (qfw_q && qf_valid_o && {qf_prim_o, qf_x_o, qf_y_o, qf_back_o, qf_z_o, qf_tw_o, qf_argb_o, qf_argb1_o,
                                  qf_argb2_o, qf_argb3_o} != qfp_q)
        $error("%m: ASSERT QfStable: qf payload changed while waiting for ready");
      if (trw_q && !tr_valid_o) $error("%m: ASSERT TrValidHeld: tr valid dropped before ready");
      // a quad being emitted has its zq record at the queue's head and a pixel left
      if (pend_q && qempty) $error("%m: ASSERT PendHasHead: a quad emitted with no zq record queued");
      if (pend_q && rem_q == 4'd0) $error("%m: ASSERT PendHasPixel: a quad emitted with no pixel left");
      // every quad the US finished sent at least one record (the empty one for target 0 if none)
      if (pend_q && tw_q == 4'd0) $error("%m: ASSERT PendHasTarget: a quad emitted with no target");
      if (qcount > 3'd4) $error("%m: ASSERT ZqCountInRange: %0d zq records queued, depth 4", qcount);
    end
  end
`endif
endmodule
