// r5xx_gpu: the R5xx chip as drivers see it (docs/blocks/gpu.md): r5xx_cp fetches the PM4
// stream; its register writes go through the register backbone (r5xx_gpu_bb) to the block that
// owns each address; its 2D packet records and bodies go to r5xx_gfx2d, which also takes the 2D
// registers from the backbone; every memory requester shares one port (r5xx_gpu_arb).
// The 3D path r5xx_gfx3d takes the backbone's destination-4 writes (0x1D00-0x25FF, 0x4000-0x4FFF,
// 0x9000-0xBFFF) on its `regw`, its idle is idle3d (WAIT_UNTIL 3D bits, CPSCRATCH_IDLEGUI), its
// three memory ports are arbiter ports 3 (VAP), 4 (ZB), 5 (RB3D, 64-bit in two dword beats) and
// its passed fragments are pix3d.
module r5xx_gpu (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        host_valid_i,
  output logic        host_ready_o,
  input  logic [15:0] host_addr_i,
  input  logic [31:0] host_data_i,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  output logic [2:0]  memreq_port_o,

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        regw_valid_o,
  input  logic        regw_ready_i,
  output logic [15:0] regw_addr_o,
  output logic [31:0] regw_data_o,
  output logic [2:0]  regw_dst_o,

  output logic        pix_valid_o,
  input  logic        pix_ready_i,
  output logic [15:0] pix_pkt_o,
  output logic [13:0] pix_x_o,
  output logic [13:0] pix_y_o,
  output logic [31:0] pix_src_o,
  output logic [31:0] pix_pat_o,
  output logic [31:0] pix_dst_o,
  output logic [7:0]  pix_rop_o,
  output logic [31:0] pix_res_o,

  output logic        pix3d_valid_o,
  input  logic        pix3d_ready_i,
  output logic [15:0] pix3d_prim_o,
  output logic [13:0] pix3d_x_o,
  output logic [13:0] pix3d_y_o,
  output logic [23:0] pix3d_z_o,
  output logic [63:0] pix3d_argb_o,

  output logic        idle_o,
  output logic [15:0] unk_o
);

  // CP <-> 2D engine (packets), CP -> backbone (registers)
  logic        pkt_valid, pkt_ready, body_valid, body_ready, body_last;
  logic [1:0]  pkt_stream, pkt_type, cw_stream;
  logic [7:0]  pkt_opcode;
  logic [13:0] pkt_count;
  logic [22:0] pkt_ptr;
  logic [2:0]  pkt_err;
  logic [31:0] body_data;
  logic        cw_valid, cw_ready;
  logic [15:0] cw_addr;
  logic [31:0] cw_data;
  // backbone -> 2D engine, 3D path
  logic        g2w_valid, g2w_ready, g3w_valid, g3w_ready;
  logic [15:0] g2w_addr, g3w_addr;
  logic [31:0] g2w_data, g3w_data;
  // memory requesters
  logic        cq_valid, cq_ready, cq_we, cr_valid;
  logic [31:0] cq_addr, cq_wdata;
  logic [3:0]  cq_be;
  logic        gq_valid, gq_ready, gq_we, gr_valid;
  logic [31:0] gq_addr, gq_wdata;
  logic [3:0]  gq_be;
  logic        wb_valid, wb_ready;
  logic [31:0] wb_addr, wb_data;
  logic        vq_valid, vq_ready, vr_valid, v_rsp_ready;
  logic [31:0] vq_addr;
  logic        zq_valid, zq_ready, zq_we, zr_valid, z_rsp_ready;
  logic [31:0] zq_addr, zq_wdata;
  logic [3:0]  zq_be;
  logic        kq_valid, kq_ready, kq_we, kr_valid, k_rsp_ready;
  logic [31:0] kq_addr;
  logic [63:0] kq_wdata, kr_data;
  logic [7:0]  kq_be;
  logic [31:0] zpass;
  logic        cp_idle, g_idle, bb_idle, arb_idle, idle2d, idle3d;
  logic        cp_rsp_ready, g_rsp_ready;
  // host (MMIO) writes: the CP's ring registers 0x0700-0x071F go to the CP, every other address
  // to the register backbone, ahead of the CP's stream in the same cycle (docs/blocks/gpu.md)
  logic        hcp, mmio, cp_host_ready, bb_valid, bb_ready;
  logic [15:0] bb_addr;
  logic [31:0] bb_data;
  assign hcp      = (host_addr_i[15:5] == 11'h038);
  assign mmio     = host_valid_i && !hcp;
  assign bb_valid = mmio || cw_valid;
  assign bb_addr  = mmio ? host_addr_i : cw_addr;
  assign bb_data  = mmio ? host_data_i : cw_data;
  assign cw_ready = !mmio && bb_ready;
  assign host_ready_o = hcp ? cp_host_ready : bb_ready;

  r5xx_cp u_cp (
    .clk_i, .rst_ni,
    .host_valid_i (host_valid_i && hcp), .host_ready_o (cp_host_ready), .host_addr_i, .host_data_i,
    .memreq_valid_o (cq_valid), .memreq_ready_i (cq_ready), .memreq_addr_o (cq_addr),
    .memreq_we_o (cq_we), .memreq_wdata_o (cq_wdata), .memreq_be_o (cq_be),
    .memrsp_valid_i (cr_valid), .memrsp_ready_o (cp_rsp_ready), .memrsp_data_i (memrsp_data_i),
    .regw_valid_o (cw_valid), .regw_ready_i (cw_ready), .regw_addr_o (cw_addr), .regw_data_o (cw_data),
    .regw_stream_o (cw_stream),
    .pkt_valid_o (pkt_valid), .pkt_ready_i (pkt_ready), .pkt_stream_o (pkt_stream), .pkt_type_o (pkt_type),
    .pkt_opcode_o (pkt_opcode), .pkt_count_o (pkt_count), .pkt_ptr_o (pkt_ptr), .pkt_err_o (pkt_err),
    .body_valid_o (body_valid), .body_ready_i (body_ready), .body_data_o (body_data), .body_last_o (body_last),
    .idle_o (cp_idle)
  );

  r5xx_gfx2d u_gfx2d (
    .clk_i, .rst_ni,
    .pkt_valid_i (pkt_valid), .pkt_ready_o (pkt_ready), .pkt_stream_i (pkt_stream), .pkt_type_i (pkt_type),
    .pkt_opcode_i (pkt_opcode), .pkt_count_i (pkt_count), .pkt_ptr_i (pkt_ptr), .pkt_err_i (pkt_err),
    .body_valid_i (body_valid), .body_ready_o (body_ready), .body_data_i (body_data), .body_last_i (body_last),
    .regw_valid_i (g2w_valid), .regw_ready_o (g2w_ready), .regw_addr_i (g2w_addr), .regw_data_i (g2w_data),
    .memreq_valid_o (gq_valid), .memreq_ready_i (gq_ready), .memreq_addr_o (gq_addr),
    .memreq_we_o (gq_we), .memreq_wdata_o (gq_wdata), .memreq_be_o (gq_be),
    .memrsp_valid_i (gr_valid), .memrsp_ready_o (g_rsp_ready), .memrsp_data_i (memrsp_data_i),
    .pix_valid_o, .pix_ready_i, .pix_pkt_o, .pix_x_o, .pix_y_o, .pix_src_o, .pix_pat_o, .pix_dst_o,
    .pix_rop_o, .pix_res_o,
    .idle_o (g_idle)
  );

  // the 2D engine is idle when it waits for a header and the CP holds no packet record or body for it
  assign idle2d    = g_idle && !pkt_valid && !body_valid;
  // the 3D path
  r5xx_gfx3d u_gfx3d (
    .clk_i, .rst_ni,
    .regw_valid_i (g3w_valid), .regw_ready_o (g3w_ready), .regw_addr_i (g3w_addr), .regw_data_i (g3w_data),
    .cmemreq_valid_o (kq_valid), .cmemreq_ready_i (kq_ready), .cmemreq_addr_o (kq_addr),
    .cmemreq_we_o (kq_we), .cmemreq_wdata_o (kq_wdata), .cmemreq_be_o (kq_be),
    .cmemrsp_valid_i (kr_valid), .cmemrsp_ready_o (k_rsp_ready), .cmemrsp_data_i (kr_data),
    .zmemreq_valid_o (zq_valid), .zmemreq_ready_i (zq_ready), .zmemreq_addr_o (zq_addr),
    .zmemreq_we_o (zq_we), .zmemreq_wdata_o (zq_wdata), .zmemreq_be_o (zq_be),
    .zmemrsp_valid_i (zr_valid), .zmemrsp_ready_o (z_rsp_ready), .zmemrsp_data_i (memrsp_data_i),
    .vmemreq_valid_o (vq_valid), .vmemreq_ready_i (vq_ready), .vmemreq_addr_o (vq_addr),
    .vmemrsp_valid_i (vr_valid), .vmemrsp_ready_o (v_rsp_ready), .vmemrsp_data_i (memrsp_data_i),
    .pix_valid_o (pix3d_valid_o), .pix_ready_i (pix3d_ready_i), .pix_prim_o (pix3d_prim_o),
    .pix_x_o (pix3d_x_o), .pix_y_o (pix3d_y_o), .pix_z_o (pix3d_z_o), .pix_argb_o (pix3d_argb_o),
    .idle_o (idle3d), .zpass_o (zpass)
  );

  r5xx_gpu_bb u_bb (
    .clk_i, .rst_ni,
    .in_valid_i (bb_valid), .in_ready_o (bb_ready), .in_addr_i (bb_addr), .in_data_i (bb_data),
    .log_valid_o (regw_valid_o), .log_ready_i (regw_ready_i), .log_addr_o (regw_addr_o),
    .log_data_o (regw_data_o), .log_dst_o (regw_dst_o),
    .g2_valid_o (g2w_valid), .g2_ready_i (g2w_ready), .g2_addr_o (g2w_addr), .g2_data_o (g2w_data),
    .g3_valid_o (g3w_valid), .g3_ready_i (g3w_ready), .g3_addr_o (g3w_addr), .g3_data_o (g3w_data),
    .idle2d_i (idle2d), .idle3d_i (idle3d),
    .wb_valid_o (wb_valid), .wb_ready_i (wb_ready), .wb_addr_o (wb_addr), .wb_data_o (wb_data),
    .unk_o, .idle_o (bb_idle)
  );

  r5xx_gpu_arb u_arb (
    .clk_i, .rst_ni,
    .r0_valid_i (wb_valid), .r0_ready_o (wb_ready), .r0_addr_i (wb_addr), .r0_wdata_i (wb_data),
    .r1_valid_i (cq_valid), .r1_ready_o (cq_ready), .r1_addr_i (cq_addr), .r1_we_i (cq_we),
    .r1_wdata_i (cq_wdata), .r1_be_i (cq_be), .r1_rvalid_o (cr_valid),
    .r2_valid_i (gq_valid), .r2_ready_o (gq_ready), .r2_addr_i (gq_addr), .r2_we_i (gq_we),
    .r2_wdata_i (gq_wdata), .r2_be_i (gq_be), .r2_rvalid_o (gr_valid),
    .r3_valid_i (vq_valid), .r3_ready_o (vq_ready), .r3_addr_i (vq_addr), .r3_rvalid_o (vr_valid),
    .r4_valid_i (zq_valid), .r4_ready_o (zq_ready), .r4_addr_i (zq_addr), .r4_we_i (zq_we),
    .r4_wdata_i (zq_wdata), .r4_be_i (zq_be), .r4_rvalid_o (zr_valid),
    .r5_valid_i (kq_valid), .r5_ready_o (kq_ready), .r5_addr_i (kq_addr), .r5_we_i (kq_we),
    .r5_wdata_i (kq_wdata), .r5_be_i (kq_be), .r5_rvalid_o (kr_valid), .r5_rdata_o (kr_data),
    .memreq_valid_o, .memreq_ready_i, .memreq_addr_o, .memreq_we_o, .memreq_wdata_o, .memreq_be_o,
    .memreq_port_o,
    .memrsp_valid_i, .memrsp_ready_o, .memrsp_data_i,
    .idle_o (arb_idle)
  );

  assign idle_o = cp_idle && g_idle && bb_idle && arb_idle && idle3d;

  logic unused;
  assign unused = ^{cw_stream, cp_rsp_ready, g_rsp_ready, v_rsp_ready, z_rsp_ready, k_rsp_ready, zpass};
endmodule
