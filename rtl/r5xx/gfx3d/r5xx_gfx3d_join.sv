// r5xx_gfx3d_join: the fragment queue of r5xx.gfx3d between the raster, ZB and RB3D
// (docs/blocks/r5xx.gfx3d.md, "The fragment join").
//
// A raster fragment goes to ZB (x, y, z, back) on the edge its prim, x, y, z and colour enter a
// 32-entry queue.  ZB answers with one pass record per fragment, in order; each record retires
// the queue's head: pass = 0 drops it, pass = 1 sends it to RB3D and out on `pix` for the harness
// to compare, once per render target in its `tw` (multiple render targets, decision G3: lowest
// target first, RB3D's `mrt` = the target; a `tw` of 0 counts as target 0).  Each of the two takes
// a target's fragment on its own edge (cdone_q/pdone_q remember which took it already); the
// target is done when both have (sent_q collects the done targets), and the pass record retires
// with the last target.  Depth is tested once per pixel: ZB sees one fragment whatever `tw`.
// Each offer is held until taken, whatever the other side's ready (the valid/ready rule,
// docs/ARCHITECTURE.md).
module r5xx_gfx3d_join (
  input  logic        clk_i,
  input  logic        rst_ni,

  // from the raster
  input  logic        frag_valid_i,
  output logic        frag_ready_o,
  input  logic [15:0] frag_prim_i,
  input  logic [13:0] frag_x_i,
  input  logic [13:0] frag_y_i,
  input  logic [23:0] frag_z_i,
  input  logic        frag_back_i,
  input  logic [3:0]  frag_tw_i,
  input  logic [63:0] frag_argb_i,
  input  logic [63:0] frag_argb1_i,
  input  logic [63:0] frag_argb2_i,
  input  logic [63:0] frag_argb3_i,

  // to ZB
  output logic        zfrag_valid_o,
  input  logic        zfrag_ready_i,
  output logic [13:0] zfrag_x_o,
  output logic [13:0] zfrag_y_o,
  output logic [23:0] zfrag_z_o,
  output logic        zfrag_back_o,

  // from ZB
  input  logic        pass_valid_i,
  output logic        pass_ready_o,
  input  logic        pass_pass_i,

  // to RB3D
  output logic        cfrag_valid_o,
  input  logic        cfrag_ready_i,
  output logic [1:0]  cfrag_mrt_o,
  output logic [13:0] cfrag_x_o,
  output logic [13:0] cfrag_y_o,
  output logic [63:0] cfrag_argb_o,

  // to the harness
  output logic        pix_valid_o,
  input  logic        pix_ready_i,
  output logic [15:0] pix_prim_o,
  output logic [13:0] pix_x_o,
  output logic [13:0] pix_y_o,
  output logic [23:0] pix_z_o,
  output logic [63:0] pix_argb_o,

  output logic        empty_o
);

  localparam bit [31:0] Depth = 32;
  localparam bit [31:0] W     = 16 + 14 + 14 + 24 + 4 + 4 * 64;

  logic [W-1:0]                 head;
  logic                         empty, full, push, pop, last, qpop;
  logic                         cdone_q, pdone_q, cdone_d, pdone_d;
  logic [3:0]                   sent_q, tw, left;
  logic [1:0]                   cur;
  logic [63:0]                  hargb [4];
  logic [$clog2(Depth + 1)-1:0] count;

  assign full = count == Depth[$clog2(Depth + 1)-1:0];

  // raster -> ZB and the queue, on one edge
  assign zfrag_valid_o = frag_valid_i && !full;
  assign frag_ready_o  = zfrag_ready_i && !full;
  assign zfrag_x_o     = frag_x_i;
  assign zfrag_y_o     = frag_y_i;
  assign zfrag_z_o     = frag_z_i;
  assign zfrag_back_o  = frag_back_i;
  assign push          = frag_valid_i && frag_ready_o;

  // ZB's verdict retires the head, one target after the other: `cur` the lowest target not sent
  assign {pix_prim_o, pix_x_o, pix_y_o, pix_z_o} = head[W-1:W-68];
  assign tw       = (head[259:256] == 4'd0) ? 4'd1 : head[259:256];
  assign hargb[0] = head[255:192];
  assign hargb[1] = head[191:128];
  assign hargb[2] = head[127:64];
  assign hargb[3] = head[63:0];
  assign left     = tw & ~sent_q;
  assign cur      = left[0] ? 2'd0 : left[1] ? 2'd1 : left[2] ? 2'd2 : 2'd3;
  assign last     = (left & ~(4'd1 << cur)) == 4'd0;
  assign pix_argb_o    = hargb[cur];
  assign cfrag_mrt_o   = cur;
  assign cfrag_x_o     = pix_x_o;
  assign cfrag_y_o     = pix_y_o;
  assign cfrag_argb_o  = pix_argb_o;
  assign cfrag_valid_o = pass_valid_i && pass_pass_i && !cdone_q;
  assign pix_valid_o   = pass_valid_i && pass_pass_i && !pdone_q;
  assign cdone_d       = cdone_q || (cfrag_valid_o && cfrag_ready_i);
  assign pdone_d       = pdone_q || (pix_valid_o && pix_ready_i);
  assign pass_ready_o  = !pass_pass_i || (cdone_d && pdone_d && last);
  // `pop`: the current target's delivery (or a failed fragment) is over; the queue's head
  // leaves with the last target (qpop, the pass record taken)
  assign pop           = pass_valid_i && (!pass_pass_i || (cdone_d && pdone_d));
  assign qpop          = pass_valid_i && pass_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cdone_q <= 1'b0;
      pdone_q <= 1'b0;
      sent_q  <= '0;
    end else begin
      cdone_q <= cdone_d && !pop;
      pdone_q <= pdone_d && !pop;
      if (qpop) sent_q <= '0;
      else if (pop) sent_q <= sent_q | (4'd1 << cur);
    end
  end

  prim_fifo #(.Width(W), .Depth(Depth)) u_queue (
    .clk_i, .rst_ni,
    .flush_i (1'b0),
    .push_i  (push),
    .wdata_i ({frag_prim_i, frag_x_i, frag_y_i, frag_z_i, frag_tw_i, frag_argb_i, frag_argb1_i, frag_argb2_i,
               frag_argb3_i}),
    .pop_i   (qpop),
    .rdata_o (head),
    .empty_o (empty),
    .count_o (count)
  );

  assign empty_o = empty;

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions") ----
  logic zw_q, cw_q, pw_q;
  always_ff @(posedge clk_i) begin
    zw_q <= rst_ni && zfrag_valid_o && !zfrag_ready_i;
    cw_q <= rst_ni && cfrag_valid_o && !cfrag_ready_i;
    pw_q <= rst_ni && pix_valid_o && !pix_ready_i;
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // ZB answers one pass record per fragment sent: never one for an empty queue
      if (pass_valid_i && empty) $error("%m: ASSERT PassHasHead: a pass record with the queue empty");
      if (zw_q && !zfrag_valid_o) $error("%m: ASSERT ZfragValidHeld: zfrag valid dropped before ready");
      if (cw_q && !cfrag_valid_o) $error("%m: ASSERT CfragValidHeld: cfrag valid dropped before ready");
      if (pw_q && !pix_valid_o) $error("%m: ASSERT PixValidHeld: pix valid dropped before ready");
      if ((cdone_q || pdone_q || sent_q != 4'd0) && !(pass_valid_i && pass_pass_i))
        $error("%m: ASSERT DoneHeld: a half-delivered fragment's pass record withdrawn");
    end
  end
`endif
endmodule
