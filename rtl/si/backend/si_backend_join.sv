// si_backend_join: the glue of si.backend between its input channels, si.db and si.cb
// (docs/blocks/si.backend.md, "Micro-architecture"):
//   * the register-write hand-out: a write goes to both blocks at once, only while the whole
//     backend is idle; a write refused on one cycle holds fragments back from the next
//     (rw_wait_q), as si.db and si.cb do on their own ports; a fragment already offered to si.db
//     and not yet taken keeps its offer (db_off_q: the valid/ready rule), rw_wait_q holds back
//     only a new one;
//   * the colour register: a fragment's colours wait here while DB tests it (1 entry: DB holds
//     one fragment at a time);
//   * the hand-off queue (4 entries): DB's record with the fragment's colours, in order, towards
//     CB's fragment port, the colour-write enable as CB's cwe;
//   * the record register: DB's record of the fragment CB is working on (1 entry: CB holds one),
//     joined with CB's pixel record on the `pix` output.
module si_backend_join #(
  parameter bit [31:0] HqDepth = 4
) (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         regw_valid_i,
  output logic         regw_ready_o,
  output logic         db_regw_valid_o,   // the write goes to both blocks on one edge
  input  logic         db_regw_ready_i,
  output logic         cb_regw_valid_o,
  input  logic         cb_regw_ready_i,

  input  logic         frag_valid_i,      // x, y, z, back go to si.db straight
  output logic         frag_ready_o,
  input  logic [31:0]  frag_r_i,
  input  logic [31:0]  frag_g_i,
  input  logic [31:0]  frag_b_i,
  input  logic [31:0]  frag_a_i,
  input  logic [31:0]  frag_r1_i,
  input  logic [31:0]  frag_g1_i,
  input  logic [31:0]  frag_b1_i,
  input  logic [31:0]  frag_a1_i,

  input  logic         db_idle_i,
  output logic         db_frag_valid_o,
  input  logic         db_frag_ready_i,
  input  logic         db_pass_valid_i,
  output logic         db_pass_ready_o,
  input  logic [13:0]  db_pass_x_i,
  input  logic [13:0]  db_pass_y_i,
  input  logic         db_pass_pass_i,
  input  logic         db_pass_cwe_i,
  input  logic [1:0]   db_pass_cat_i,
  input  logic [3:0]   db_pass_inc_i,
  input  logic [2:0]   db_pass_err_i,

  input  logic         cb_idle_i,
  output logic         cb_frag_valid_o,
  input  logic         cb_frag_ready_i,
  output logic [13:0]  cb_frag_x_o,
  output logic [13:0]  cb_frag_y_o,
  output logic [31:0]  cb_frag_r_o,
  output logic [31:0]  cb_frag_g_o,
  output logic [31:0]  cb_frag_b_o,
  output logic [31:0]  cb_frag_a_o,
  output logic [31:0]  cb_frag_r1_o,
  output logic [31:0]  cb_frag_g1_o,
  output logic [31:0]  cb_frag_b1_o,
  output logic [31:0]  cb_frag_a1_o,
  output logic         cb_frag_cwe_o,
  input  logic         cb_pix_valid_i,
  output logic         cb_pix_ready_o,

  output logic         pix_valid_o,       // x, y, wr, err (as cerr) come from si.cb straight
  input  logic         pix_ready_i,
  output logic         pix_pass_o,
  output logic         pix_cwe_o,
  output logic [1:0]   pix_cat_o,
  output logic [3:0]   pix_inc_o,
  output logic [2:0]   pix_derr_o,

  output logic         idle_o
);

  localparam bit [31:0] RecW = 11;                 // pass, cwe, cat, inc, err
  localparam bit [31:0] HqW  = 28 + 256 + RecW;
  localparam bit [31:0] CntW = $clog2(HqDepth + 1);

  logic          rw_wait_q, rw_wait_d;
  logic          db_off_q, db_off_d, db_go;
  logic          cq_full_q, cq_full_d;
  logic [255:0]  cq_col_q;
  logic          rq_full_q, rq_full_d;
  logic [RecW-1:0] rq_rec_q;
  logic          frag_fire, pass_fire, cb_fire, pix_fire;
  logic          hq_empty, hq_full;
  logic [CntW-1:0] hq_count;
  logic [HqW-1:0] hq_wdata, hq_rdata;
  logic [255:0]  frag_col, cb_frag_col;

  assign frag_col = {frag_a1_i, frag_b1_i, frag_g1_i, frag_r1_i, frag_a_i, frag_b_i, frag_g_i, frag_r_i};
  assign {cb_frag_a1_o, cb_frag_b1_o, cb_frag_g1_o, cb_frag_r1_o,
          cb_frag_a_o, cb_frag_b_o, cb_frag_g_o, cb_frag_r_o} = cb_frag_col;

  assign idle_o          = db_idle_i && db_regw_ready_i && cb_idle_i && cb_regw_ready_i && !cq_full_q &&
                            hq_empty && !rq_full_q;
  assign regw_ready_o    = idle_o;
  assign db_regw_valid_o = regw_valid_i && idle_o;
  assign cb_regw_valid_o = regw_valid_i && idle_o;
  assign rw_wait_d    = regw_valid_i && !idle_o;

  assign db_go           = (db_off_q || !rw_wait_q) && !cq_full_q;
  assign db_frag_valid_o = frag_valid_i && db_go;
  assign frag_ready_o    = db_frag_ready_i && db_go;
  assign db_off_d        = db_frag_valid_o && !db_frag_ready_i;
  assign frag_fire       = frag_valid_i && frag_ready_o;

  assign hq_full         = hq_count == CntW'(HqDepth);
  assign db_pass_ready_o = !hq_full;
  assign pass_fire       = db_pass_valid_i && !hq_full;
  assign hq_wdata        = {db_pass_x_i, db_pass_y_i, cq_col_q, db_pass_pass_i, db_pass_cwe_i,
                            db_pass_cat_i, db_pass_inc_i, db_pass_err_i};

  assign cb_frag_valid_o = !hq_empty && !rq_full_q;
  assign cb_fire         = cb_frag_valid_o && cb_frag_ready_i;
  assign cb_frag_x_o     = hq_rdata[HqW-1 -: 14];
  assign cb_frag_y_o     = hq_rdata[HqW-15 -: 14];
  assign cb_frag_col     = hq_rdata[RecW +: 256];
  assign cb_frag_cwe_o   = hq_rdata[9];

  assign pix_valid_o    = cb_pix_valid_i;
  assign cb_pix_ready_o = pix_ready_i;
  assign pix_fire       = cb_pix_valid_i && pix_ready_i;
  assign pix_pass_o     = rq_rec_q[10];
  assign pix_cwe_o      = rq_rec_q[9];
  assign pix_cat_o      = rq_rec_q[8:7];
  assign pix_inc_o      = rq_rec_q[6:3];
  assign pix_derr_o     = rq_rec_q[2:0];

  assign cq_full_d = frag_fire || (cq_full_q && !pass_fire);
  assign rq_full_d = cb_fire || (rq_full_q && !pix_fire);

  prim_fifo #(.Width (HqW), .Depth (HqDepth)) u_hq (
    .clk_i, .rst_ni, .flush_i (1'b0),
    .push_i (pass_fire), .wdata_i (hq_wdata), .pop_i (cb_fire),
    .rdata_o (hq_rdata), .empty_o (hq_empty), .count_o (hq_count)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rw_wait_q <= 1'b0;
      db_off_q  <= 1'b0;
      cq_full_q <= 1'b0;
      cq_col_q  <= '0;
      rq_full_q <= 1'b0;
      rq_rec_q  <= '0;
    end else begin
      rw_wait_q <= rw_wait_d;
      db_off_q  <= db_off_d;
      cq_full_q <= cq_full_d;
      rq_full_q <= rq_full_d;
      if (frag_fire) begin
        cq_col_q <= frag_col;
      end
      if (cb_fire) begin
        rq_rec_q <= hq_rdata[RecW-1:0];
      end
    end
  end

`ifndef SYNTHESIS
  // ---- assertions (issue 29; docs/hardening.md "RTL assertions") ----
  logic dbw_q, cbw_q, pxw_q;
  always_ff @(posedge clk_i) begin
    dbw_q <= rst_ni && db_frag_valid_o && !db_frag_ready_i;
    cbw_q <= rst_ni && cb_frag_valid_o && !cb_frag_ready_i;
    pxw_q <= rst_ni && pix_valid_o && !pix_ready_i;
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (dbw_q && !db_frag_valid_o) $error("%m: ASSERT DbFragValidHeld: db_frag valid dropped before ready");
      if (cbw_q && !cb_frag_valid_o) $error("%m: ASSERT CbFragValidHeld: cb_frag valid dropped before ready");
      if (pxw_q && !pix_valid_o) $error("%m: ASSERT PixValidHeld: pix valid dropped before ready");
      // si.db answers each fragment it took with one pass record: its colour is held in cq
      if (db_pass_valid_i && !cq_full_q) $error("%m: ASSERT PassHasColour: a pass record with no fragment's colour held");
      // si.cb's pixel answers the record it took: held in rq
      if (cb_pix_valid_i && !rq_full_q) $error("%m: ASSERT PixHasRecord: a colour-backend pixel with no record held");
    end
  end
`endif

endmodule
