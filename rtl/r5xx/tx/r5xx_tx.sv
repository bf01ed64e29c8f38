// r5xx_tx: the R5xx texture unit (docs/blocks/r5xx.tx.md, the contract this RTL follows; ports
// from tx.block).
//
// Holds the 16 samplers' registers (r5xx_tx_regs) and serves one sample request at a time:
//   IDLE: a request is accepted (and a register write, which waits for IDLE);
//   ADDR: one cycle: the texel addresses, border flags and fractions (r5xx_tx_plan) are stored;
//   MEM:  the texels' dwords are requested one per cycle, in order, and the responses stored
//         in order; after the last response:
//   OUT:  the response (r5xx_tx_filt of the stored dwords) is shown until it is taken.
// A disabled sampler or a format that is not decoded needs no read: ADDR goes straight to OUT.
// A two-pass sample (D18: trilinear, or linear across 3D slices) goes ADDR -> MEM twice; the
// second ADDR stores the first pass's channel values, OUT blends them with the second pass's.
// Every output is a function of the state only.
module r5xx_tx (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes from the backbone
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  // sample requests
  input  logic        req_valid_i,
  output logic        req_ready_o,
  input  logic [3:0]  req_smp_i,
  input  logic [31:0] req_s_i,
  input  logic [31:0] req_t_i,
  input  logic [31:0] req_r_i,
  input  logic [31:0] req_lod_i,
  input  logic [1:0]  req_lmode_i,
  input  logic [1:0]  req_quad_i,
  input  logic        req_grad_i,
  input  logic [31:0] req_dsdx_i,
  input  logic [31:0] req_dtdx_i,
  input  logic [31:0] req_dsdy_i,
  input  logic [31:0] req_dtdy_i,

  // texel reads (the harness memory agent)
  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  // responses
  output logic        rsp_valid_o,
  input  logic        rsp_ready_i,
  output logic [3:0]  rsp_smp_o,
  output logic [1:0]  rsp_quad_o,
  output logic [31:0] rsp_r_o,
  output logic [31:0] rsp_g_o,
  output logic [31:0] rsp_b_o,
  output logic [31:0] rsp_a_o,
  output logic [3:0]  rsp_err_o,
  output logic        rsp_kill_o,

  output logic        idle_o
);

  localparam logic [1:0] StIdle = 2'd0;
  localparam logic [1:0] StAddr = 2'd1;
  localparam logic [1:0] StMem  = 2'd2;
  localparam logic [1:0] StOut  = 2'd3;

  logic [1:0]  st_q;
  logic [1:0]  st_d;
  logic        rw_wait_q;
  logic [3:0]  smp_q;
  logic [1:0]  quad_q;
  logic [31:0] s_q;
  logic [31:0] t_q;
  logic [31:0] r_q;
  logic [31:0] lod_q;
  logic [1:0]  lmode_q;
  logic        grad_q;            // D24
  logic [3:0][31:0] d_q;          // D24: dsdx, dtdx, dsdy, dtdy

  logic        idle;
  logic        regw_fire;
  logic        req_fire;

  assign idle      = st_q == StIdle;
  assign regw_fire = regw_valid_i && idle;
  assign req_fire  = req_valid_i && idle && !rw_wait_q;

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------
  logic [31:0] enable;
  logic [31:0] filter0;
  logic [31:0] filter1;
  logic [31:0] format0;
  logic [31:0] format1;
  logic [31:0] format2;
  logic [31:0] offset;
  logic [31:0] border;
  logic [31:0] chroma;

  r5xx_tx_regs u_regs (
    .clk_i,
    .rst_ni,
    .we_i      (regw_fire),
    .waddr_i   (regw_addr_i),
    .wdata_i   (regw_data_i),
    .rsel_i    (smp_q),
    .enable_o  (enable),
    .filter0_o (filter0),
    .filter1_o (filter1),
    .format0_o (format0),
    .format1_o (format1),
    .format2_o (format2),
    .offset_o  (offset),
    .border_o  (border),
    .chroma_o  (chroma)
  );

  // ---------------------------------------------------------------------------------------------
  // Address stage (combinational from the captured request; stored at the end of ADDR)
  // ---------------------------------------------------------------------------------------------
  logic [4:0]       p_nread;
  logic [2:0]       p_dlog;
  logic [3:0][31:0] p_addr;
  logic [3:0]       p_bord;
  logic [3:0][3:0]  p_sub;
  logic [7:0]       p_fs;
  logic [7:0]       p_ft;
  logic [3:0]       p_err;
  logic             p_npass2;
  logic [7:0]       p_g;

  r5xx_tx_plan u_plan (
    .en_i      (enable[{1'b0, smp_q}]),
    .filter0_i (filter0),
    .filter1_i (filter1),
    .format0_i (format0),
    .format1_i (format1),
    .format2_i (format2),
    .offset_i  (offset),
    .s_i       (s_q),
    .t_i       (t_q),
    .r_i       (r_q),
    .lod_i     (lod_q),
    .lmode_i   (lmode_q),
    .grad_i    (grad_q),
    .d_i       (d_q),
    .pass_i    (pass_q),
    .npass2_o  (p_npass2),
    .g_o       (p_g),
    .nread_o   (p_nread),
    .dlog_o    (p_dlog),
    .addr_o    (p_addr),
    .bord_o    (p_bord),
    .sub_o     (p_sub),
    .fs_o      (p_fs),
    .ft_o      (p_ft),
    .err_o     (p_err)
  );

  logic [4:0]       nread_q;
  logic [2:0]       dlog_q;
  logic [3:0][31:0] addr_q;
  logic [3:0]       bord_q;
  logic [3:0][3:0]  sub_q;
  logic [7:0]       fs_q;
  logic [7:0]       ft_q;
  logic [3:0]       err_q;
  logic [4:0]       nreq_q;
  logic [4:0]       nrsp_q;
  logic [15:0][31:0] word_q;
  logic             pass_q;
  logic             npass2_q;
  logic [7:0]       g_q;
  logic [3:0][19:0] v0_q;
  logic [3:0][19:0] f_v;
  logic [3:0]       f_match;      // D21: texels matching the chroma key
  logic             f_kill;       // D21: CHROMA_KEY_MODE 1 and a texel read matches
  logic             kill0_q;      // D21: the first pass's f_kill

  logic memreq_fire;
  logic last_rsp;

  // D19: a dword read as TX_OFFSET.ENDIAN_SWAP says (0 none, 1 16-bit, 2 32-bit, 3 half-dword)
  logic [31:0] swapped;
  always_comb begin
    unique case (offset[1:0])
      2'd1:    swapped = {memrsp_data_i[23:16], memrsp_data_i[31:24], memrsp_data_i[7:0], memrsp_data_i[15:8]};
      2'd2:    swapped = {memrsp_data_i[7:0], memrsp_data_i[15:8], memrsp_data_i[23:16], memrsp_data_i[31:24]};
      2'd3:    swapped = {memrsp_data_i[15:0], memrsp_data_i[31:16]};
      default: swapped = memrsp_data_i;
    endcase
  end

  // D20: POW2FIX2FLT with X8, Y8X8 or W8Z8Y8X8
  logic pow2;
  assign pow2 = format2[17] && !format2[14] &&
                (format1[4:0] == 5'd0 || format1[4:0] == 5'd3 || format1[4:0] == 5'd12);

  assign memreq_valid_o = st_q == StMem && nreq_q < nread_q;
  // read nreq: dword (nreq mod dpt) of texel (nreq / dpt)
  logic [31:0] cur_addr;
  logic [4:0]  cur_texel;
  logic [4:0]  cur_dword;

  assign cur_texel = nreq_q >> dlog_q;
  assign cur_dword = nreq_q & ~(5'h1F << dlog_q);

  always_comb begin
    unique case (cur_texel[1:0])
      2'd0:    cur_addr = addr_q[0];
      2'd1:    cur_addr = addr_q[1];
      2'd2:    cur_addr = addr_q[2];
      default: cur_addr = addr_q[3];
    endcase
  end

  assign memreq_addr_o  = memreq_valid_o ? {cur_addr[31:2], 2'b00} + {25'd0, cur_dword, 2'b00} : 32'd0;
  assign memreq_fire    = memreq_valid_o && memreq_ready_i;
  assign memrsp_ready_o = 1'b1;
  assign last_rsp       = st_q == StMem && memrsp_valid_i && (nrsp_q + 5'd1 == nread_q);

  always_comb begin
    unique case (st_q)
      StIdle:  st_d = req_fire ? StAddr : StIdle;
      StAddr:  st_d = (p_nread == 5'd0) ? StOut : StMem;
      StMem:   st_d = !last_rsp ? StMem : (npass2_q && !pass_q) ? StAddr : StOut;
      default: st_d = rsp_ready_i ? StIdle : StOut;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q      <= StIdle;
      rw_wait_q <= 1'b0;
      smp_q     <= 4'd0;
      quad_q    <= 2'd0;
      s_q       <= 32'd0;
      t_q       <= 32'd0;
      r_q       <= 32'd0;
      lod_q     <= 32'd0;
      lmode_q   <= 2'd0;
      grad_q    <= 1'b0;
      d_q       <= '0;
      nread_q   <= 5'd0;
      dlog_q    <= 3'd0;
      addr_q    <= '0;
      bord_q    <= 4'd0;
      sub_q     <= '0;
      fs_q      <= 8'd0;
      ft_q      <= 8'd0;
      err_q     <= 4'd0;
      nreq_q    <= 5'd0;
      nrsp_q    <= 5'd0;
      word_q    <= '0;
      pass_q    <= 1'b0;
      npass2_q  <= 1'b0;
      g_q       <= 8'd0;
      v0_q      <= '0;
      kill0_q   <= 1'b0;
    end else begin
      st_q      <= st_d;
      rw_wait_q <= regw_valid_i && !regw_fire;
      if (req_fire) begin
        smp_q   <= req_smp_i;
        quad_q  <= req_quad_i;
        s_q     <= req_s_i;
        t_q     <= req_t_i;
        r_q     <= req_r_i;
        lod_q   <= req_lod_i;
        lmode_q <= req_lmode_i;
        grad_q  <= req_grad_i;
        d_q     <= {req_dtdy_i, req_dsdy_i, req_dtdx_i, req_dsdx_i};
        pass_q  <= 1'b0;
      end
      if (st_q == StAddr) begin
        if (pass_q) begin
          v0_q <= f_v;                       // D18: the first pass's channel values
          kill0_q <= f_kill;
        end
        npass2_q <= p_npass2;
        g_q     <= p_g;
        nread_q <= p_nread;
        dlog_q  <= p_dlog;
        addr_q  <= p_addr;
        bord_q  <= p_bord;
        sub_q   <= p_sub;
        fs_q    <= p_fs;
        ft_q    <= p_ft;
        err_q   <= p_err;
        nreq_q  <= 5'd0;
        nrsp_q  <= 5'd0;
        word_q  <= '0;
      end
      if (st_q == StMem) begin
        if (memreq_fire) begin
          nreq_q <= nreq_q + 5'd1;
        end
        if (memrsp_valid_i) begin
          word_q[nrsp_q[3:0]] <= swapped;    // D19: TX_OFFSET.ENDIAN_SWAP
          nrsp_q <= nrsp_q + 5'd1;
        end
        if (last_rsp && npass2_q && !pass_q) begin
          pass_q <= 1'b1;
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Response (combinational from the stored texels; the registers cannot change while busy)
  // ---------------------------------------------------------------------------------------------
  logic [3:0][31:0] f_out;
  logic [3:0][1:0]  offs;

  for (genvar k = 0; k < 4; k++) begin : g_off
    assign offs[k] = addr_q[k][1:0];
  end

  r5xx_tx_filt u_filt (
    .f1_i     (format1),
    .msb_i    (format2[14]),
    .border_i (border),
    .mcr_i    (filter1[2]),
    .pow2_i   (pow2),
    .ckey_i   (filter1[1:0] == 2'd1 || filter1[1:0] == 2'd2),   // D21: mode 1 keys as mode 2
    .key_i    (chroma),
    .dlog_i   (dlog_q),
    .word_i   (word_q),
    .off_i    (offs),
    .bord_i   (bord_q),
    .sub_i    (sub_q),
    .fs_i     (fs_q),
    .ft_i     (ft_q),
    .out_o    (f_out),
    .v_o      (f_v),
    .match_o  (f_match)
  );

  // D18: the blend of two passes, floor(((256 - g) v0 + g v1 + 128) / 256), then / 65535
  logic [3:0][31:0] b_out;
  for (genvar c = 0; c < 4; c++) begin : g_blend
    logic signed [31:0] acc;
    logic signed [31:0] bv;
    assign acc = $signed({23'd0, 9'd256 - {1'b0, g_q}}) * 32'($signed(v0_q[c]))
               + $signed({24'd0, g_q}) * 32'($signed(f_v[c])) + 32'sd128;
    assign bv  = acc >>> 8;
    r5xx_tx_v2f u_bv2f (
      .v_i    (bv[19:0]),
      .pow2_i (pow2),
      .f_o    (b_out[c])
    );
    logic unused_bv;
    assign unused_bv = ^bv[31:20];
  end

  logic out;
  logic [3:0][31:0] res;

  assign out = st_q == StOut;

  always_comb begin
    if (err_q[3]) begin
      res = {32'h3F80_0000, 96'd0};          // disabled: ARGB = 1,0,0,0 (000:11418)
    end else if (err_q[0]) begin
      res = 128'd0;                          // a format not decoded
    end else if (npass2_q) begin
      res = b_out;
    end else begin
      res = f_out;
    end
  end

  assign rsp_valid_o = out;
  assign rsp_smp_o   = out ? smp_q : 4'd0;
  assign rsp_quad_o  = out ? quad_q : 2'd0;
  assign rsp_r_o     = out ? res[0] : 32'd0;
  assign rsp_g_o     = out ? res[1] : 32'd0;
  assign rsp_b_o     = out ? res[2] : 32'd0;
  assign rsp_a_o     = out ? res[3] : 32'd0;
  assign rsp_err_o   = out ? err_q : 4'd0;
  // D21: the texels the filter reads: T0 (point), T0-T3 (bilinear, 4 reads of one dword); none
  // when nothing was read
  assign f_kill      = filter1[1:0] == 2'd1 && nread_q != 5'd0 &&
                       ((f_match & (((nread_q >> dlog_q) == 5'd4) ? 4'hF : 4'h1)) != 4'd0);
  assign rsp_kill_o  = out && (f_kill || (npass2_q && kill0_q));
  assign idle_o      = idle;
  assign req_ready_o  = idle && !rw_wait_q;
  assign regw_ready_o = idle;

  logic unused_tx;
  assign unused_tx = ^{enable, cur_addr[1:0], cur_texel[4:2], filter1[31:3], filter1[1:0]};

`ifndef SYNTHESIS
  // ---- assertions (issue 29; docs/hardening.md "RTL assertions"): the texel read path ----
  logic rspw_q;
  always_ff @(posedge clk_i) begin
    rspw_q <= rst_ni && rsp_valid_o && !rsp_ready_i;
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (nreq_q > nread_q) $error("%m: ASSERT TxReqInRange: %0d reads requested of %0d", nreq_q, nread_q);
      if (nrsp_q > nreq_q) $error("%m: ASSERT TxRspInRange: %0d responses to %0d reads", nrsp_q, nreq_q);
      if (nread_q > 5'd16) $error("%m: ASSERT TxReadsFit: %0d reads, 16 words held", nread_q);
      // the agent answers reads only: a response with a read outstanding, in the read state
      if (memrsp_valid_i && !(st_q == StMem && nrsp_q < nreq_q))
        $error("%m: ASSERT TxRspExpected: a memory response with no read outstanding");
      if (rspw_q && !rsp_valid_o) $error("%m: ASSERT RspValidHeld: rsp valid dropped before ready");
    end
  end
`endif

endmodule
