// r5xx_zb: the R5xx depth and stencil block (docs/blocks/r5xx.zb.md, the contract this RTL follows;
// ports from zb.block).
//
// Snoops the ZB registers from the register backbone (r5xx_zb_regs) and tests each fragment
// against the depth/stencil surface in memory, read and written through the memory port at
// the address r5xx_tile_addr gives (the depth surface decoded by r5xx_tile_surf):
//   accept:   a fragment enters the 2-entry input FIFO;
//   issue:    the FIFO head's read is requested (no in-flight entry may still write its
//             address) and the fragment moves into the 16-entry fragment queue when the read is
//             accepted; with no test that needs memory it moves there at once, resolved;
//   response: the oldest waiting entry is tested and updated (r5xx_zb_update) and counted;
//   retire:   the queue head shows its pass record and its write, and leaves when both fired.
// One memory request per clock: the Z-pass store, else the head's write, else the read.
// A register write waits until nothing is in flight; while one waits, no fragment is accepted.
// Every output is a function of the state only.
module r5xx_zb (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes from the backbone
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  // fragments
  input  logic        frag_valid_i,
  output logic        frag_ready_o,
  input  logic [13:0] frag_x_i,
  input  logic [13:0] frag_y_i,
  input  logic [23:0] frag_z_i,
  input  logic        frag_back_i,

  // memory requests and responses (the harness memory agent)
  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  // per-fragment pass records
  output logic        pass_valid_o,
  input  logic        pass_ready_i,
  output logic [13:0] pass_x_o,
  output logic [13:0] pass_y_o,
  output logic        pass_pass_o,
  output logic [4:0]  pass_err_o,

  output logic        idle_o,
  output logic [31:0] zpass_o
);

  localparam bit [31:0] InDepth = 2;
  localparam bit [31:0] FqDepth = 16;
  localparam bit [31:0] InW     = 14 + 14 + 24 + 1;
  localparam logic [15:0] ZbZPassAddr = 16'h4F5C;   // 000:15273

  typedef enum logic [1:0] {ReqNone, ReqZPass, ReqWrite, ReqRead} req_e;

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------
  logic        busy;
  logic        regw_fire;
  logic [1:0]  zp_inc;
  logic [31:0] cntl;
  logic [31:0] zsc;
  logic [31:0] srm;
  logic [31:0] srm_bf;
  logic [31:0] fmt;
  logic [31:0] doff;
  logic [31:0] dpitch;
  logic [31:0] bw;
  logic [31:0] zpass;

  assign regw_ready_o = !busy;
  assign regw_fire    = regw_valid_i && !busy;

  r5xx_zb_regs u_regs (
    .clk_i,
    .rst_ni,
    .we_i     (regw_fire),
    .waddr_i  (regw_addr_i),
    .wdata_i  (regw_data_i),
    .inc_i    (zp_inc),
    .cntl_o   (cntl),
    .zsc_o    (zsc),
    .srm_o    (srm),
    .srm_bf_o (srm_bf),
    .fmt_o    (fmt),
    .doff_o   (doff),
    .dpitch_o (dpitch),
    .bw_o     (bw),
    .zpass_o  (zpass)
  );

  logic is16;
  logic needs_read;
  logic fmt_err;

  assign is16       = fmt[3:1] == 3'd0;
  assign needs_read = cntl[1] || (cntl[0] && !is16);
  assign fmt_err    = !(fmt[3:0] == 4'd0 || fmt[3:0] == 4'd2);

  // the depth surface
  logic [31:0] s_base;
  logic [14:0] s_pitch;
  logic [2:0]  s_bpp;
  logic        s_macro;
  logic [1:0]  s_micro;
  logic [2:0]  s_err;

  r5xx_tile_surf u_surf (
    .kind_i  (2'd1),
    .reg0_i  (doff),
    .reg1_i  (dpitch),
    .reg2_i  (fmt),
    .reg3_i  (32'd0),
    .base_o  (s_base),
    .pitch_o (s_pitch),
    .bpp_o   (s_bpp),
    .macro_o (s_macro),
    .micro_o (s_micro),
    .err_o   (s_err)
  );

  // ---------------------------------------------------------------------------------------------
  // Input FIFO; the Z-pass store; the register-write wait
  // ---------------------------------------------------------------------------------------------
  logic           rw_wait_q;
  logic           zp_pend_q;
  logic [31:0]    zp_addr_q;
  logic [31:0]    zp_data_q;
  logic [1:0]     in_count;
  logic [InW-1:0] in_head;
  logic           frag_fire;
  logic           in_pop;
  logic [13:0]    h_x;
  logic [13:0]    h_y;
  logic [23:0]    h_z;
  logic           h_back;
  logic           h_valid;

  assign frag_ready_o = in_count < 2'(InDepth) && !rw_wait_q;
  assign frag_fire    = frag_valid_i && frag_ready_o;

  logic unused_in_empty;  // the count says it

  prim_fifo #(
    .Width (InW),
    .Depth (InDepth)
  ) u_in (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (frag_fire),
    .wdata_i ({frag_x_i, frag_y_i, frag_z_i, frag_back_i}),
    .pop_i   (in_pop),
    .rdata_o (in_head),
    .empty_o (unused_in_empty),
    .count_o (in_count)
  );

  assign {h_x, h_y, h_z, h_back} = in_head;
  assign h_valid = in_count != 2'd0;

  // the input head's address and flags
  logic [31:0] h_addr;
  logic        h_range;

  r5xx_tile_addr u_addr (
    .base_i  (s_base),
    .pitch_i (s_pitch),
    .bpp_i   (s_bpp),
    .macro_i (s_macro),
    .micro_i (s_micro),
    .x_i     (h_x),
    .y_i     (h_y),
    .addr_o  (h_addr)
  );

  assign h_range = {1'b0, h_x} >= s_pitch;

  // ---------------------------------------------------------------------------------------------
  // Fragment queue and the test
  // ---------------------------------------------------------------------------------------------
  logic [4:0]  fq_count;
  logic        fq_space;
  logic        hit;
  logic        ins;
  logic        ins_nr;
  logic [23:0] r_z;
  logic        r_back;
  logic        r_half;
  logic        u_pass;
  logic        u_we;
  logic [31:0] u_wdata;
  logic [3:0]  u_be;
  logic        hd_res;
  logic        hd_pass;
  logic        hd_pdone;
  logic        hd_we;
  logic        hd_wdone;
  logic [31:0] hd_addr;
  logic [13:0] hd_x;
  logic [13:0] hd_y;
  logic [4:0]  hd_err;
  logic [31:0] hd_wdata;
  logic [3:0]  hd_be;
  logic        pass_fire;
  logic        wr_fire;
  req_e        req;
  logic        req_fire;

  assign fq_space = fq_count < 5'(FqDepth);
  assign ins_nr   = h_valid && fq_space && !needs_read;
  assign ins      = (req_fire && req == ReqRead) || ins_nr;
  assign in_pop   = ins;

  r5xx_zb_fq #(
    .Depth (FqDepth)
  ) u_fq (
    .clk_i,
    .rst_ni,
    .ins_i        (ins),
    .ins_res_i    (ins_nr),
    .ins_addr_i   (h_addr),
    .ins_x_i      (h_x),
    .ins_y_i      (h_y),
    .ins_z_i      (h_z),
    .ins_back_i   (h_back),
    .ins_err_i    ({fmt_err, h_range, s_err}),
    .rsp_z_o      (r_z),
    .rsp_back_o   (r_back),
    .rsp_half_o   (r_half),
    .rsp_i        (memrsp_valid_i),
    .rsp_pass_i   (u_pass),
    .rsp_we_i     (u_we),
    .rsp_wdata_i  (u_wdata),
    .rsp_be_i     (u_be),
    .count_o      (fq_count),
    .head_res_o   (hd_res),
    .head_pass_o  (hd_pass),
    .head_pdone_o (hd_pdone),
    .head_we_o    (hd_we),
    .head_wdone_o (hd_wdone),
    .head_addr_o  (hd_addr),
    .head_x_o     (hd_x),
    .head_y_o     (hd_y),
    .head_err_o   (hd_err),
    .head_wdata_o (hd_wdata),
    .head_be_o    (hd_be),
    .pass_fire_i  (pass_fire),
    .wr_fire_i    (wr_fire),
    .key_i        (h_addr),
    .dword_i      (bw[10]),
    .hit_o        (hit)
  );

  r5xx_zb_update u_update (
    .cntl_i      (cntl[6:0]),
    .zsc_i       (zsc[26:0]),
    .srm_i       (srm[23:0]),
    .srm_bf_i    (srm_bf[23:0]),
    .is16_i      (is16),
    .endian_i    (dpitch[20:19]),
    .zeq_dis_i   (bw[7]),
    .seq_dis_i   (bw[8]),
    .bmask_dis_i (bw[10]),
    .mem_i       (memrsp_data_i),
    .half_i      (r_half),
    .z_i         (r_z),
    .back_i      (r_back),
    .pass_o      (u_pass),
    .we_o        (u_we),
    .wdata_o     (u_wdata),
    .be_o        (u_be)
  );

  assign memrsp_ready_o = 1'b1;
  assign zp_inc = {1'b0, memrsp_valid_i && u_pass} + {1'b0, ins_nr};

  // ---------------------------------------------------------------------------------------------
  // The memory port
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    if (zp_pend_q) begin
      req = ReqZPass;
    end else if (hd_res && hd_we && !hd_wdone) begin
      req = ReqWrite;
    end else if (h_valid && fq_space && needs_read && !hit) begin
      req = ReqRead;
    end else begin
      req = ReqNone;
    end
  end

  assign req_fire  = req != ReqNone && memreq_ready_i;
  assign wr_fire   = req_fire && req == ReqWrite;
  assign pass_fire = pass_valid_o && pass_ready_i;

  always_comb begin
    memreq_valid_o = req != ReqNone;
    memreq_addr_o  = '0;
    memreq_we_o    = 1'b0;
    memreq_wdata_o = '0;
    memreq_be_o    = '0;
    unique case (req)
      ReqZPass: begin
        memreq_addr_o  = zp_addr_q;
        memreq_we_o    = 1'b1;
        memreq_wdata_o = zp_data_q;
        memreq_be_o    = 4'hF;
      end
      ReqWrite: begin
        memreq_addr_o  = {hd_addr[31:2], 2'b00};
        memreq_we_o    = 1'b1;
        memreq_wdata_o = hd_wdata;
        memreq_be_o    = hd_be;
      end
      ReqRead: begin
        memreq_addr_o  = {h_addr[31:2], 2'b00};
      end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // The Z-pass store and the register-write wait
  // ---------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      zp_pend_q <= 1'b0;
      zp_addr_q <= '0;
      zp_data_q <= '0;
      rw_wait_q <= 1'b0;
    end else begin
      if (req_fire && req == ReqZPass) begin
        zp_pend_q <= 1'b0;
      end
      if (regw_fire && regw_addr_i == ZbZPassAddr) begin
        zp_pend_q <= 1'b1;
        zp_addr_q <= {regw_data_i[31:2], 2'b00};
        zp_data_q <= zpass;
      end
      rw_wait_q <= regw_valid_i && !regw_fire;
    end
  end

  assign busy = h_valid || fq_count != 5'd0 || zp_pend_q;

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign pass_valid_o = hd_res && !hd_pdone;
  assign pass_x_o     = pass_valid_o ? hd_x : '0;
  assign pass_y_o     = pass_valid_o ? hd_y : '0;
  assign pass_pass_o  = pass_valid_o && hd_pass && !zsc[27];
  assign pass_err_o   = pass_valid_o ? hd_err : '0;

  assign idle_o  = !busy;
  assign zpass_o = zpass;

  // Bits of the registers the block does not use here.
  logic unused_bits;
  assign unused_bits = ^{cntl[31:7], zsc[31:28], srm[31:24], srm_bf[31:24], fmt[31:4], bw[31:11],
                         bw[9], bw[6:0], hd_addr[1:0]};

endmodule
