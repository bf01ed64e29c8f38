// si_backend: the Sea Islands pixel backend, si_db -> si_cb (docs/blocks/si-backend.md).
// Wiring only: the register-write hand-out, the colour register, the DB -> CB hand-off queue and
// the record register are si_backend_join; the one memory port is si_backend_arb.
// idle: both blocks idle and nothing held between them.
module si_backend (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [17:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  input  logic        frag_valid_i,
  output logic        frag_ready_o,
  input  logic [13:0] frag_x_i,
  input  logic [13:0] frag_y_i,
  input  logic [31:0] frag_z_i,
  input  logic        frag_back_i,
  input  logic [31:0] frag_r_i,
  input  logic [31:0] frag_g_i,
  input  logic [31:0] frag_b_i,
  input  logic [31:0] frag_a_i,
  input  logic [31:0] frag_r1_i,
  input  logic [31:0] frag_g1_i,
  input  logic [31:0] frag_b1_i,
  input  logic [31:0] frag_a1_i,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  output logic        memreq_src_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        pix_valid_o,
  input  logic        pix_ready_i,
  output logic [13:0] pix_x_o,
  output logic [13:0] pix_y_o,
  output logic        pix_pass_o,
  output logic        pix_cwe_o,
  output logic [1:0]  pix_cat_o,
  output logic [3:0]  pix_inc_o,
  output logic [2:0]  pix_derr_o,
  output logic        pix_wr_o,
  output logic [1:0]  pix_cerr_o,

  output logic        idle_o,
  output logic [31:0] cnt0_o,
  output logic [31:0] cnt1_o,
  output logic [31:0] cnt2_o,
  output logic [31:0] cnt3_o
);

  logic         rw_valid, db_rw_ready, cb_rw_ready, db_idle, cb_idle;
  logic         db_frag_valid, db_frag_ready;
  logic         pass_valid, pass_ready, pass_pass, pass_cwe;
  logic [13:0]  pass_x, pass_y;
  logic [1:0]   pass_cat;
  logic [3:0]   pass_inc;
  logic [2:0]   pass_err;
  logic         cb_frag_valid, cb_frag_ready, cb_frag_cwe;
  logic [13:0]  cb_frag_x, cb_frag_y;
  logic [255:0] cb_frag_col;
  logic         cb_pix_valid, cb_pix_ready;

  logic         dbm_valid, dbm_ready, dbm_we, dbm_rvalid, dbm_rsp_ready;
  logic [31:0]  dbm_addr, dbm_wdata;
  logic [3:0]   dbm_be;
  logic         cbm_valid, cbm_ready, cbm_we, cbm_rvalid, cbm_rsp_ready;
  logic [31:0]  cbm_addr, cbm_wdata;
  logic [3:0]   cbm_be;

  si_backend_join u_join (
    .clk_i, .rst_ni,
    .regw_valid_i, .regw_ready_o, .rw_valid_o (rw_valid),
    .frag_valid_i, .frag_ready_o,
    .frag_col_i ({frag_a1_i, frag_b1_i, frag_g1_i, frag_r1_i, frag_a_i, frag_b_i, frag_g_i, frag_r_i}),
    .db_idle_i (db_idle && db_rw_ready), .db_frag_ready_i (db_frag_ready), .db_frag_valid_o (db_frag_valid),
    .db_pass_valid_i (pass_valid), .db_pass_ready_o (pass_ready), .db_pass_x_i (pass_x),
    .db_pass_y_i (pass_y), .db_pass_pass_i (pass_pass), .db_pass_cwe_i (pass_cwe),
    .db_pass_cat_i (pass_cat), .db_pass_inc_i (pass_inc), .db_pass_err_i (pass_err),
    .cb_idle_i (cb_idle && cb_rw_ready), .cb_frag_ready_i (cb_frag_ready), .cb_frag_valid_o (cb_frag_valid),
    .cb_frag_x_o (cb_frag_x), .cb_frag_y_o (cb_frag_y), .cb_frag_col_o (cb_frag_col),
    .cb_frag_cwe_o (cb_frag_cwe), .cb_pix_valid_i (cb_pix_valid), .cb_pix_ready_o (cb_pix_ready),
    .pix_valid_o, .pix_ready_i, .pix_pass_o, .pix_cwe_o, .pix_cat_o, .pix_inc_o, .pix_derr_o,
    .idle_o
  );

  si_db u_db (
    .clk_i, .rst_ni,
    .regw_valid_i (rw_valid), .regw_ready_o (db_rw_ready), .regw_addr_i, .regw_data_i,
    .frag_valid_i (db_frag_valid), .frag_ready_o (db_frag_ready), .frag_x_i, .frag_y_i, .frag_z_i,
    .frag_back_i,
    .memreq_valid_o (dbm_valid), .memreq_ready_i (dbm_ready), .memreq_addr_o (dbm_addr),
    .memreq_we_o (dbm_we), .memreq_wdata_o (dbm_wdata), .memreq_be_o (dbm_be),
    .memrsp_valid_i (dbm_rvalid), .memrsp_ready_o (dbm_rsp_ready), .memrsp_data_i,
    .pass_valid_o (pass_valid), .pass_ready_i (pass_ready), .pass_x_o (pass_x), .pass_y_o (pass_y),
    .pass_pass_o (pass_pass), .pass_cwe_o (pass_cwe), .pass_cat_o (pass_cat), .pass_inc_o (pass_inc),
    .pass_err_o (pass_err),
    .idle_o (db_idle), .cnt0_o, .cnt1_o, .cnt2_o, .cnt3_o
  );

  si_cb u_cb (
    .clk_i, .rst_ni,
    .regw_valid_i (rw_valid), .regw_ready_o (cb_rw_ready), .regw_addr_i, .regw_data_i,
    .frag_valid_i (cb_frag_valid), .frag_ready_o (cb_frag_ready), .frag_x_i (cb_frag_x),
    .frag_y_i (cb_frag_y), .frag_r_i (cb_frag_col[31:0]), .frag_g_i (cb_frag_col[63:32]),
    .frag_b_i (cb_frag_col[95:64]), .frag_a_i (cb_frag_col[127:96]), .frag_r1_i (cb_frag_col[159:128]),
    .frag_g1_i (cb_frag_col[191:160]), .frag_b1_i (cb_frag_col[223:192]), .frag_a1_i (cb_frag_col[255:224]),
    .frag_cwe_i (cb_frag_cwe),
    .memreq_valid_o (cbm_valid), .memreq_ready_i (cbm_ready), .memreq_addr_o (cbm_addr),
    .memreq_we_o (cbm_we), .memreq_wdata_o (cbm_wdata), .memreq_be_o (cbm_be),
    .memrsp_valid_i (cbm_rvalid), .memrsp_ready_o (cbm_rsp_ready), .memrsp_data_i,
    .pix_valid_o (cb_pix_valid), .pix_ready_i (cb_pix_ready), .pix_x_o, .pix_y_o, .pix_wr_o,
    .pix_err_o (pix_cerr_o),
    .idle_o (cb_idle)
  );

  si_backend_arb u_arb (
    .clk_i, .rst_ni,
    .db_valid_i (dbm_valid), .db_ready_o (dbm_ready), .db_addr_i (dbm_addr), .db_we_i (dbm_we),
    .db_wdata_i (dbm_wdata), .db_be_i (dbm_be), .db_rvalid_o (dbm_rvalid),
    .cb_valid_i (cbm_valid), .cb_ready_o (cbm_ready), .cb_addr_i (cbm_addr), .cb_we_i (cbm_we),
    .cb_wdata_i (cbm_wdata), .cb_be_i (cbm_be), .cb_rvalid_o (cbm_rvalid),
    .memreq_valid_o, .memreq_ready_i, .memreq_addr_o, .memreq_we_o, .memreq_wdata_o, .memreq_be_o,
    .memreq_src_o, .memrsp_valid_i, .memrsp_ready_o
  );

  // both blocks always take their response (memrsp_ready = 1 in si.db and si.cb); the arbiter's own is 1
  logic unused_rsp;
  assign unused_rsp = dbm_rsp_ready ^ cbm_rsp_ready;

endmodule
