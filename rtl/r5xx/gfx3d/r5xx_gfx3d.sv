// r5xx_gfx3d: the R5xx 3D path, r5xx_vap -> r5xx_raster -> r5xx_zb -> r5xx_rb3d
// (docs/blocks/gfx3d.md).  Wiring only: the register-write hand-out is r5xx_gfx3d_regw, the
// fragment queue between the raster, ZB and RB3D is r5xx_gfx3d_join.  Each block keeps its own
// memory port.  idle: every block idle and the queue empty.
module r5xx_gfx3d (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  output logic        cmemreq_valid_o,
  input  logic        cmemreq_ready_i,
  output logic [31:0] cmemreq_addr_o,
  output logic        cmemreq_we_o,
  output logic [63:0] cmemreq_wdata_o,
  output logic [7:0]  cmemreq_be_o,
  input  logic        cmemrsp_valid_i,
  output logic        cmemrsp_ready_o,
  input  logic [63:0] cmemrsp_data_i,

  output logic        zmemreq_valid_o,
  input  logic        zmemreq_ready_i,
  output logic [31:0] zmemreq_addr_o,
  output logic        zmemreq_we_o,
  output logic [31:0] zmemreq_wdata_o,
  output logic [3:0]  zmemreq_be_o,
  input  logic        zmemrsp_valid_i,
  output logic        zmemrsp_ready_o,
  input  logic [31:0] zmemrsp_data_i,

  output logic        vmemreq_valid_o,
  input  logic        vmemreq_ready_i,
  output logic [31:0] vmemreq_addr_o,
  input  logic        vmemrsp_valid_i,
  output logic        vmemrsp_ready_o,
  input  logic [31:0] vmemrsp_data_i,

  output logic        pix_valid_o,
  input  logic        pix_ready_i,
  output logic [15:0] pix_prim_o,
  output logic [13:0] pix_x_o,
  output logic [13:0] pix_y_o,
  output logic [23:0] pix_z_o,
  output logic [63:0] pix_argb_o,

  output logic        idle_o,
  output logic [31:0] zpass_o
);

  // register writes
  logic vap_rw_valid, state_rw_valid, vap_rw_ready, ras_rw_ready, zb_rw_ready, rb_rw_ready;
  logic vap_idle, ras_idle, zb_idle, rb_idle, join_empty, path_idle;

  // VAP -> raster
  logic        vtx_valid, vtx_ready, vtx_vlast, vtx_dlast;
  logic [15:0] vtx_vert;
  logic [3:0]  vtx_slot, vtx_wmask, vtx_prim;
  logic [31:0] vtx_x, vtx_y, vtx_z, vtx_w;

  // raster -> join -> ZB / RB3D
  logic        frag_valid, frag_ready, frag_back;
  logic [15:0] frag_prim;
  logic [13:0] frag_x, frag_y;
  logic [23:0] frag_z;
  logic [63:0] frag_argb;
  logic        zfrag_valid, zfrag_ready, zfrag_back;
  logic [13:0] zfrag_x, zfrag_y;
  logic [23:0] zfrag_z;
  logic        pass_valid, pass_ready, pass_pass;
  logic [13:0] pass_x, pass_y;
  logic [4:0]  pass_err;
  logic        cfrag_valid, cfrag_ready;
  logic [13:0] cfrag_x, cfrag_y;
  logic [63:0] cfrag_argb;

  assign path_idle = vap_idle && ras_idle && zb_idle && rb_idle && join_empty;

  r5xx_gfx3d_regw u_regw (
    .regw_valid_i, .regw_ready_o, .regw_addr_i,
    .vap_ready_i (vap_rw_ready), .ras_ready_i (ras_rw_ready), .zb_ready_i (zb_rw_ready),
    .rb_ready_i (rb_rw_ready), .path_idle_i (path_idle),
    .vap_valid_o (vap_rw_valid), .state_valid_o (state_rw_valid)
  );

  r5xx_vap u_vap (
    .clk_i, .rst_ni,
    .regw_valid_i (vap_rw_valid), .regw_ready_o (vap_rw_ready), .regw_addr_i, .regw_data_i,
    .memreq_valid_o (vmemreq_valid_o), .memreq_ready_i (vmemreq_ready_i), .memreq_addr_o (vmemreq_addr_o),
    .memrsp_valid_i (vmemrsp_valid_i), .memrsp_ready_o (vmemrsp_ready_o), .memrsp_data_i (vmemrsp_data_i),
    .vtx_valid_o (vtx_valid), .vtx_ready_i (vtx_ready), .vtx_vert_o (vtx_vert), .vtx_slot_o (vtx_slot),
    .vtx_x_o (vtx_x), .vtx_y_o (vtx_y), .vtx_z_o (vtx_z), .vtx_w_o (vtx_w), .vtx_wmask_o (vtx_wmask),
    .vtx_vlast_o (vtx_vlast), .vtx_dlast_o (vtx_dlast), .vtx_prim_o (vtx_prim),
    .idle_o (vap_idle)
  );

  r5xx_raster u_raster (
    .clk_i, .rst_ni,
    .regw_valid_i (state_rw_valid), .regw_ready_o (ras_rw_ready), .regw_addr_i, .regw_data_i,
    .vtx_valid_i (vtx_valid), .vtx_ready_o (vtx_ready), .vtx_vert_i (vtx_vert), .vtx_slot_i (vtx_slot),
    .vtx_x_i (vtx_x), .vtx_y_i (vtx_y), .vtx_z_i (vtx_z), .vtx_w_i (vtx_w), .vtx_wmask_i (vtx_wmask),
    .vtx_vlast_i (vtx_vlast), .vtx_dlast_i (vtx_dlast), .vtx_prim_i (vtx_prim),
    .frag_valid_o (frag_valid), .frag_ready_i (frag_ready), .frag_prim_o (frag_prim),
    .frag_x_o (frag_x), .frag_y_o (frag_y), .frag_z_o (frag_z), .frag_back_o (frag_back),
    .frag_argb_o (frag_argb),
    .idle_o (ras_idle)
  );

  r5xx_gfx3d_join u_join (
    .clk_i, .rst_ni,
    .frag_valid_i (frag_valid), .frag_ready_o (frag_ready), .frag_prim_i (frag_prim),
    .frag_x_i (frag_x), .frag_y_i (frag_y), .frag_z_i (frag_z), .frag_back_i (frag_back),
    .frag_argb_i (frag_argb),
    .zfrag_valid_o (zfrag_valid), .zfrag_ready_i (zfrag_ready), .zfrag_x_o (zfrag_x),
    .zfrag_y_o (zfrag_y), .zfrag_z_o (zfrag_z), .zfrag_back_o (zfrag_back),
    .pass_valid_i (pass_valid), .pass_ready_o (pass_ready), .pass_pass_i (pass_pass),
    .cfrag_valid_o (cfrag_valid), .cfrag_ready_i (cfrag_ready), .cfrag_x_o (cfrag_x),
    .cfrag_y_o (cfrag_y), .cfrag_argb_o (cfrag_argb),
    .pix_valid_o, .pix_ready_i, .pix_prim_o, .pix_x_o, .pix_y_o, .pix_z_o, .pix_argb_o,
    .empty_o (join_empty)
  );

  r5xx_zb u_zb (
    .clk_i, .rst_ni,
    .regw_valid_i (state_rw_valid), .regw_ready_o (zb_rw_ready), .regw_addr_i, .regw_data_i,
    .frag_valid_i (zfrag_valid), .frag_ready_o (zfrag_ready), .frag_x_i (zfrag_x), .frag_y_i (zfrag_y),
    .frag_z_i (zfrag_z), .frag_back_i (zfrag_back),
    .memreq_valid_o (zmemreq_valid_o), .memreq_ready_i (zmemreq_ready_i), .memreq_addr_o (zmemreq_addr_o),
    .memreq_we_o (zmemreq_we_o), .memreq_wdata_o (zmemreq_wdata_o), .memreq_be_o (zmemreq_be_o),
    .memrsp_valid_i (zmemrsp_valid_i), .memrsp_ready_o (zmemrsp_ready_o), .memrsp_data_i (zmemrsp_data_i),
    .pass_valid_o (pass_valid), .pass_ready_i (pass_ready), .pass_x_o (pass_x), .pass_y_o (pass_y),
    .pass_pass_o (pass_pass), .pass_err_o (pass_err),
    .idle_o (zb_idle), .zpass_o
  );

  r5xx_rb3d u_rb3d (
    .clk_i, .rst_ni,
    .regw_valid_i (state_rw_valid), .regw_ready_o (rb_rw_ready), .regw_addr_i, .regw_data_i,
    .frag_valid_i (cfrag_valid), .frag_ready_o (cfrag_ready), .frag_mrt_i (2'd0), .frag_x_i (cfrag_x),
    .frag_y_i (cfrag_y), .frag_argb_i (cfrag_argb),
    .memreq_valid_o (cmemreq_valid_o), .memreq_ready_i (cmemreq_ready_i), .memreq_addr_o (cmemreq_addr_o),
    .memreq_we_o (cmemreq_we_o), .memreq_wdata_o (cmemreq_wdata_o), .memreq_be_o (cmemreq_be_o),
    .memrsp_valid_i (cmemrsp_valid_i), .memrsp_ready_o (cmemrsp_ready_o), .memrsp_data_i (cmemrsp_data_i),
    .idle_o (rb_idle)
  );

  // ZB's pass record carries its own copy of the pixel: the queue's head is what is used
  logic unused_pass;
  assign unused_pass = ^{pass_x, pass_y, pass_err};

  assign idle_o = path_idle;
endmodule
