// r5xx_pm4_2d: r5xx_cp and r5xx_gfx2d as one pipeline (docs/blocks/gfx2d.md, "The CP join"): the
// CP's pkt and body outputs are wired to the 2D engine's inputs; each keeps its own memory port.
// idle: both idle.  No logic of its own.
module r5xx_pm4_2d (
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

  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        cpreq_valid_o,
  input  logic        cpreq_ready_i,
  output logic [31:0] cpreq_addr_o,
  output logic        cpreq_we_o,
  output logic [31:0] cpreq_wdata_o,
  output logic [3:0]  cpreq_be_o,

  input  logic        cprsp_valid_i,
  output logic        cprsp_ready_o,
  input  logic [31:0] cprsp_data_i,

  output logic        regw_valid_o,
  input  logic        regw_ready_i,
  output logic [15:0] regw_addr_o,
  output logic [31:0] regw_data_o,
  output logic [1:0]  regw_stream_o,

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

  output logic        idle_o
);

  logic        pkt_valid, pkt_ready, body_valid, body_ready, body_last;
  logic [1:0]  pkt_stream, pkt_type;
  logic [7:0]  pkt_opcode;
  logic [13:0] pkt_count;
  logic [22:0] pkt_ptr;
  logic [2:0]  pkt_err;
  logic [31:0] body_data;
  logic        cp_idle, g_idle;
  logic        g_regw_ready;   // the 2D engine's register input is not used here (r5xx.gpu uses it)

  r5xx_cp u_cp (
    .clk_i, .rst_ni,
    .host_valid_i, .host_ready_o, .host_addr_i, .host_data_i,
    .memreq_valid_o (cpreq_valid_o), .memreq_ready_i (cpreq_ready_i), .memreq_addr_o (cpreq_addr_o),
    .memreq_we_o (cpreq_we_o), .memreq_wdata_o (cpreq_wdata_o), .memreq_be_o (cpreq_be_o),
    .memrsp_valid_i (cprsp_valid_i), .memrsp_ready_o (cprsp_ready_o), .memrsp_data_i (cprsp_data_i),
    .regw_valid_o, .regw_ready_i, .regw_addr_o, .regw_data_o, .regw_stream_o,
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
    .regw_valid_i (1'b0), .regw_ready_o (g_regw_ready), .regw_addr_i (16'd0), .regw_data_i (32'd0),
    .memreq_valid_o, .memreq_ready_i, .memreq_addr_o, .memreq_we_o, .memreq_wdata_o, .memreq_be_o,
    .memrsp_valid_i, .memrsp_ready_o, .memrsp_data_i,
    .pix_valid_o, .pix_ready_i, .pix_pkt_o, .pix_x_o, .pix_y_o, .pix_src_o, .pix_pat_o, .pix_dst_o,
    .pix_rop_o, .pix_res_o,
    .idle_o (g_idle)
  );

  assign idle_o = cp_idle && g_idle;

  logic unused_regw;
  assign unused_regw = g_regw_ready;
endmodule
