// r5xx_gfx3d_vsel: the vertex path select of r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "The vertex path
// select").  It snoops the state writes the hand-out gives the path for VAP_CNTL_STATUS.PVS_BYPASS
// (bit 8, reset 0) and routes the VAP's vertices by it:
//   PVS_BYPASS = 1: VAP vtx -> raster vtx (the fixed pass-through: the drivers' software TCL);
//   PVS_BYPASS = 0: VAP vtx -> PVS vin, PVS vtx -> raster vtx (the programmable path).
// The unused channel is offered nothing and its ready is 0.  It also gates the PVS's register
// writes: with PVS_BYPASS = 1 the PVS does not get VAP_VF_CNTL (it would wait for a draw's
// vertices that never come to it); every other state write it gets.  The bit changes only by a
// state write, which waits for the whole path to be idle, so a draw never sees it change.
// The clipper's records go to the raster and out on the clipvtx trace (cv: the harness's; the
// fields are wired past this module): an eager fork, each leg takes a record on its own edge
// (rdone_q/cdone_q remember which took it), the clipper's ready when both have; each leg's
// offer is held until taken (the valid/ready rule, docs/ARCHITECTURE.md).
module r5xx_gfx3d_vsel (
  input  logic        clk_i,
  input  logic        rst_ni,

  // the state writes the hand-out gives the path (valid = the write fires)
  input  logic        w_valid_i,
  input  logic [15:0] w_addr_i,
  input  logic [31:0] w_data_i,
  output logic        pvsw_valid_o,   // the PVS's regw valid

  // from the VAP
  input  logic        vtx_valid_i,
  output logic        vtx_ready_o,
  input  logic [15:0]  vtx_vert_i,
  input  logic [3:0]   vtx_slot_i,
  input  logic [31:0]  vtx_x_i,
  input  logic [31:0]  vtx_y_i,
  input  logic [31:0]  vtx_z_i,
  input  logic [31:0]  vtx_w_i,
  input  logic [3:0]   vtx_wmask_i,
  input  logic         vtx_vlast_i,
  input  logic         vtx_dlast_i,
  input  logic [3:0]   vtx_prim_i,

  // to the PVS (vin)
  output logic        pin_valid_o,
  input  logic        pin_ready_i,
  output logic [15:0]  pin_vert_o,
  output logic [3:0]   pin_slot_o,
  output logic [31:0]  pin_x_o,
  output logic [31:0]  pin_y_o,
  output logic [31:0]  pin_z_o,
  output logic [31:0]  pin_w_o,
  output logic [3:0]   pin_wmask_o,
  output logic         pin_vlast_o,
  output logic         pin_dlast_o,
  output logic [3:0]   pin_prim_o,

  // from the PVS (vtx)
  input  logic        pout_valid_i,
  output logic        pout_ready_o,
  input  logic [15:0]  pout_vert_i,
  input  logic [3:0]   pout_slot_i,
  input  logic [31:0]  pout_x_i,
  input  logic [31:0]  pout_y_i,
  input  logic [31:0]  pout_z_i,
  input  logic [31:0]  pout_w_i,
  input  logic [3:0]   pout_wmask_i,
  input  logic         pout_vlast_i,
  input  logic         pout_dlast_i,
  input  logic [3:0]   pout_prim_i,

  // the clipvtx trace (its fields come from the clipper's record directly)
  output logic        cv_valid_o,
  input  logic        cv_ready_i,

  // to the raster (vtx)
  output logic        ras_valid_o,
  input  logic        ras_ready_i,
  output logic [15:0]  ras_vert_o,
  output logic [3:0]   ras_slot_o,
  output logic [31:0]  ras_x_o,
  output logic [31:0]  ras_y_o,
  output logic [31:0]  ras_z_o,
  output logic [31:0]  ras_w_o,
  output logic [3:0]   ras_wmask_o,
  output logic         ras_vlast_o,
  output logic         ras_dlast_o,
  output logic [3:0]   ras_prim_o
);

  localparam logic [15:0] VapVfCntl     = 16'h2084;
  localparam logic [15:0] VapCntlStatus = 16'h2140;

  logic bypass_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      bypass_q <= 1'b0;
    end else if (w_valid_i && w_addr_i == VapCntlStatus) begin
      bypass_q <= w_data_i[8];
    end
  end

  logic unused_data;
  assign unused_data = ^{w_data_i[31:9], w_data_i[7:0]};
  assign pvsw_valid_o = w_valid_i && !(bypass_q && w_addr_i == VapVfCntl);

  // the PVS's input: the VAP's vertices when not bypassed
  assign pin_valid_o = vtx_valid_i && !bypass_q;
  assign vtx_ready_o = bypass_q ? ras_ready_i : pin_ready_i;
  // the fork of the clipper's record (PVS path): to the raster and to the clipvtx trace
  logic rdone_q, cdone_q, rdone_d, cdone_d, pout_fire;
  assign ras_valid_o  = bypass_q ? vtx_valid_i : (pout_valid_i && !rdone_q);
  assign cv_valid_o   = pout_valid_i && !bypass_q && !cdone_q;
  assign rdone_d      = rdone_q || (!bypass_q && pout_valid_i && ras_ready_i);
  assign cdone_d      = cdone_q || (cv_valid_o && cv_ready_i);
  assign pout_ready_o = !bypass_q && rdone_d && cdone_d;
  assign pout_fire    = pout_valid_i && pout_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rdone_q <= 1'b0;
      cdone_q <= 1'b0;
    end else begin
      rdone_q <= rdone_d && !pout_fire;
      cdone_q <= cdone_d && !pout_fire;
    end
  end

  assign pin_vert_o = vtx_vert_i;
  assign pin_slot_o = vtx_slot_i;
  assign pin_x_o = vtx_x_i;
  assign pin_y_o = vtx_y_i;
  assign pin_z_o = vtx_z_i;
  assign pin_w_o = vtx_w_i;
  assign pin_wmask_o = vtx_wmask_i;
  assign pin_vlast_o = vtx_vlast_i;
  assign pin_dlast_o = vtx_dlast_i;
  assign pin_prim_o = vtx_prim_i;
  assign ras_vert_o = bypass_q ? vtx_vert_i : pout_vert_i;
  assign ras_slot_o = bypass_q ? vtx_slot_i : pout_slot_i;
  assign ras_x_o = bypass_q ? vtx_x_i : pout_x_i;
  assign ras_y_o = bypass_q ? vtx_y_i : pout_y_i;
  assign ras_z_o = bypass_q ? vtx_z_i : pout_z_i;
  assign ras_w_o = bypass_q ? vtx_w_i : pout_w_i;
  assign ras_wmask_o = bypass_q ? vtx_wmask_i : pout_wmask_i;
  assign ras_vlast_o = bypass_q ? vtx_vlast_i : pout_vlast_i;
  assign ras_dlast_o = bypass_q ? vtx_dlast_i : pout_dlast_i;
  assign ras_prim_o = bypass_q ? vtx_prim_i : pout_prim_i;

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions") ----
  logic rw_q, cw_q, pw_q;
  always_ff @(posedge clk_i) begin
    rw_q <= rst_ni && ras_valid_o && !ras_ready_i;
    cw_q <= rst_ni && cv_valid_o && !cv_ready_i;
    pw_q <= rst_ni && pin_valid_o && !pin_ready_i;
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (rw_q && !ras_valid_o) $error("%m: ASSERT RasValidHeld: ras valid dropped before ready");
      if (cw_q && !cv_valid_o) $error("%m: ASSERT CvValidHeld: cv valid dropped before ready");
      if (pw_q && !pin_valid_o) $error("%m: ASSERT PinValidHeld: pin valid dropped before ready");
      if ((rdone_q || cdone_q) && !pout_valid_i)
        $error("%m: ASSERT DoneHeld: a half-forked clipper record withdrawn");
      // the bypass bit changes only while the path is idle: never under a half-forked record
      if (bypass_q && (rdone_q || cdone_q || pout_valid_i))
        $error("%m: ASSERT BypassQuiet: a clipper record while PVS_BYPASS is set");
    end
  end
`endif
endmodule
