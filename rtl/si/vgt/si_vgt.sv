// si_vgt: the Sea Islands index-fetch block (docs/blocks/si.vgt.md).  Register writes in; dword
// reads of the index buffer through the memory agent (8 credits, an 8-entry response FIFO); an
// unpacker of swapped 16-bit halves; one output record register.
module si_vgt (
  input  logic        clk_i,
  input  logic        rst_ni,
  // register writes
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [19:0] regw_addr_i,
  input  logic [31:0] regw_data_i,
  // index buffer reads
  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [39:0] memreq_addr_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,
  // index records
  output logic        idx_valid_o,
  input  logic        idx_ready_i,
  output logic [15:0] idx_draw_o,
  output logic [31:0] idx_inst_o,
  output logic [31:0] idx_raw_o,
  output logic [31:0] idx_final_o,
  output logic        idx_restart_o,
  output logic        idx_eop_o,
  output logic        idle_o
);
  localparam bit [31:0] Depth = 8;

  // ---- registers ------------------------------------------------------------------------------
  logic [31:1] base_lo;
  logic [31:0] max_indx, min_indx, offset, reset_indx, dma_size, max_size, num_indices, ninst_r;
  logic [7:0]  base_hi;
  logic        sz32_r, reset_en;
  logic [1:0]  swap;

  logic active_q, active_d;
  logic regw_fire;
  assign regw_fire = regw_valid_i && !active_q;

  si_vgt_regs u_regs (
    .clk_i, .rst_ni,
    .we_i          (regw_fire),
    .addr_i        (regw_addr_i),
    .data_i        (regw_data_i),
    .max_indx_o    (max_indx),
    .min_indx_o    (min_indx),
    .offset_o      (offset),
    .reset_indx_o  (reset_indx),
    .base_hi_o     (base_hi),
    .base_lo_o     (base_lo),
    .dma_size_o    (dma_size),
    .max_size_o    (max_size),
    .num_indices_o (num_indices),
    .ninst_o       (ninst_r),
    .sz32_o        (sz32_r),
    .swap_o        (swap),
    .reset_en_o    (reset_en)
  );

  // ---- draw state -----------------------------------------------------------------------------
  logic        auto_q, auto_d, noteop_q, noteop_d, sz32_q, sz32_d, first_q, first_d;
  logic [15:0] draw_n_q, draw_n_d, did_q, did_d;
  logic [31:0] cnt_q, cnt_d, ninst_q, ninst_d, nfetch_q, nfetch_d, i_q, i_d, inst_q, inst_d;
  logic [31:0] cur_q, cur_d;
  logic [1:0]  curn_q, curn_d;
  logic        fetching_q, fetching_d;
  logic [33:0] ndw_q, ndw_d, fdw_q, fdw_d;
  logic [31:0] finst_q, finst_d;
  logic [39:0] base4_q, base4_d;
  logic [3:0]  credits_q, credits_d;
  logic [31:0] fifo_q [Depth];
  logic [2:0]  fhead_q, fhead_d;
  logic [3:0]  fn_q, fn_d;
  logic        ov_q, ov_d, o_restart_q, o_restart_d, o_eop_q, o_eop_d;
  logic [15:0] o_draw_q, o_draw_d;
  logic [31:0] o_inst_q, o_inst_d, o_raw_q, o_raw_d, o_final_q, o_final_d;

  // ---- outputs --------------------------------------------------------------------------------
  logic req_valid;
  assign req_valid      = fetching_q && (credits_q < 4'(Depth));
  assign regw_ready_o   = !active_q;
  assign memreq_valid_o = req_valid;
  assign memreq_addr_o  = req_valid ? base4_q + {4'b0, fdw_q, 2'b00} : '0;
  assign memrsp_ready_o = 1'b1;
  assign idx_valid_o    = ov_q;
  assign idx_draw_o     = ov_q ? o_draw_q : '0;
  assign idx_inst_o     = ov_q ? o_inst_q : '0;
  assign idx_raw_o      = ov_q ? o_raw_q : '0;
  assign idx_final_o    = ov_q ? o_final_q : '0;
  assign idx_restart_o  = ov_q && o_restart_q;
  assign idx_eop_o      = ov_q && o_eop_q;
  assign idle_o         = !active_q && !ov_q;

  // ---- unpack ---------------------------------------------------------------------------------
  logic [31:0] hraw, h, raw, ncur;
  logic [1:0]  ncurn;
  logic        have, offer1, ok, pop_gen, absorb;
  always_comb begin
    hraw = fifo_q[fhead_q];
    unique case (swap)
      2'd1:    h = {hraw[23:16], hraw[31:24], hraw[7:0], hraw[15:8]};
      2'd2:    h = {hraw[7:0], hraw[15:8], hraw[23:16], hraw[31:24]};
      2'd3:    h = {hraw[15:0], hraw[31:16]};
      default: h = hraw;
    endcase
    have    = fn_q != 4'd0;
    offer1  = first_q && base_lo[1];
    ok      = 1'b0;
    pop_gen = 1'b0;
    absorb  = 1'b0;
    raw     = '0;
    ncur    = cur_q;
    ncurn   = curn_q;
    if (active_q) begin
      if (auto_q) begin
        ok  = 1'b1;
        raw = i_q;
      end else if (i_q >= nfetch_q) begin
        ok = 1'b1;
      end else if (!sz32_q) begin
        if (curn_q == 2'd2) begin
          ok = 1'b1; raw = {16'b0, cur_q[15:0]}; ncurn = 2'd1;
        end else if (curn_q == 2'd1) begin
          ok = 1'b1; raw = {16'b0, cur_q[31:16]}; ncurn = 2'd0;
        end else if (have) begin
          ok = 1'b1; pop_gen = 1'b1; ncur = h;
          raw   = {16'b0, offer1 ? h[31:16] : h[15:0]};
          ncurn = offer1 ? 2'd0 : 2'd1;
        end
      end else begin
        if (curn_q == 2'd2) begin
          ok = 1'b1; raw = cur_q; ncurn = 2'd0;
        end else if (curn_q == 2'd1 && have) begin
          ok = 1'b1; pop_gen = 1'b1; raw = {h[15:0], cur_q[31:16]}; ncur = h; ncurn = 2'd1;
        end else if (curn_q == 2'd0 && have && !offer1) begin
          ok = 1'b1; pop_gen = 1'b1; raw = h; ncurn = 2'd0;
        end else if (curn_q == 2'd0 && have) begin
          absorb = 1'b1; ncur = h; ncurn = 2'd1;
        end
      end
    end
  end

  logic        gen, pop, restart, last_i, last, req_fire;
  logic [31:0] sum, lo_c;
  always_comb begin
    gen      = ok && (!ov_q || idx_ready_i);
    pop      = (gen && pop_gen) || absorb;
    req_fire = req_valid && memreq_ready_i;
    restart  = !auto_q && reset_en &&
               (sz32_q ? raw == reset_indx : raw[15:0] == reset_indx[15:0]);
    last_i   = i_q == cnt_q - 32'd1;
    last     = last_i && inst_q == ninst_q - 32'd1;
    sum      = raw + offset;
    lo_c     = sum < min_indx ? min_indx : sum;
  end

  // ---- next state -----------------------------------------------------------------------------
  logic        start;
  logic [31:0] nf_new;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [33:0] bytes_new;   // bits 1:0 dropped: dwords = bytes / 4
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    // output register
    ov_d        = ov_q;
    o_draw_d    = o_draw_q;
    o_inst_d    = o_inst_q;
    o_raw_d     = o_raw_q;
    o_final_d   = o_final_q;
    o_restart_d = o_restart_q;
    o_eop_d     = o_eop_q;
    if (gen) begin
      ov_d        = 1'b1;
      o_draw_d    = did_q;
      o_inst_d    = inst_q;
      o_raw_d     = raw;
      o_final_d   = restart ? raw : (lo_c > max_indx ? max_indx : lo_c);
      o_restart_d = restart;
      o_eop_d     = last && !noteop_q;
    end else if (ov_q && idx_ready_i) begin
      ov_d = 1'b0;
    end

    // FIFO and credits
    fhead_d   = pop ? fhead_q + 3'd1 : fhead_q;
    fn_d      = fn_q - {3'b0, pop} + {3'b0, memrsp_valid_i};
    credits_d = credits_q + {3'b0, req_fire} - {3'b0, pop};

    // unpacker and positions
    first_d  = pop ? 1'b0 : first_q;
    cur_d    = (gen || absorb) ? ncur : cur_q;
    curn_d   = (gen || absorb) ? ncurn : curn_q;
    i_d      = i_q;
    inst_d   = inst_q;
    active_d = active_q;
    if (gen) begin
      if (last_i) begin
        i_d     = '0;
        curn_d  = 2'd0;
        first_d = 1'b1;
        inst_d  = inst_q + 32'd1;
        if (last) active_d = 1'b0;
      end else begin
        i_d = i_q + 32'd1;
      end
    end

    // fetcher
    fdw_d      = fdw_q;
    finst_d    = finst_q;
    fetching_d = fetching_q;
    if (req_fire) begin
      if (fdw_q == ndw_q - 34'd1) begin
        fdw_d   = '0;
        finst_d = finst_q + 32'd1;
        if (finst_q == ninst_q - 32'd1) fetching_d = 1'b0;
      end else begin
        fdw_d = fdw_q + 34'd1;
      end
    end

    // a draw start (the write of VGT_DRAW_INITIATOR with SOURCE_SELECT 0 or 2)
    start     = regw_fire && regw_addr_i == 20'h287f0 && !regw_data_i[0];
    nf_new    = regw_data_i[1] ? 32'd0 : (dma_size < max_size ? dma_size : max_size);
    bytes_new = (sz32_r ? {nf_new, 2'b00} : {1'b0, nf_new, 1'b0}) + {32'b0, base_lo[1], 1'b0} + 34'd3;
    draw_n_d  = draw_n_q;
    did_d     = did_q;
    auto_d    = auto_q;
    noteop_d  = noteop_q;
    sz32_d    = sz32_q;
    cnt_d     = cnt_q;
    ninst_d   = ninst_q;
    nfetch_d  = nfetch_q;
    ndw_d     = ndw_q;
    base4_d   = base4_q;
    if (start) begin
      did_d      = draw_n_q;
      draw_n_d   = draw_n_q + 16'd1;
      auto_d     = regw_data_i[1];
      noteop_d   = regw_data_i[5];
      sz32_d     = sz32_r;
      cnt_d      = regw_data_i[1] ? num_indices : dma_size;
      ninst_d    = ninst_r == 32'd0 ? 32'd1 : ninst_r;
      nfetch_d   = nf_new;
      ndw_d      = nf_new == 32'd0 ? 34'd0 : {2'b0, bytes_new[33:2]};
      base4_d    = {base_hi, base_lo[31:2], 2'b00};
      active_d   = (regw_data_i[1] ? num_indices : dma_size) != 32'd0;
      fetching_d = !regw_data_i[1] && nf_new != 32'd0;
      i_d        = '0;
      inst_d     = '0;
      fdw_d      = '0;
      finst_d    = '0;
      first_d    = 1'b1;
      curn_d     = 2'd0;
    end
  end

  // ---- flops ----------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      active_q    <= 1'b0;
      auto_q      <= 1'b0;
      noteop_q    <= 1'b0;
      sz32_q      <= 1'b0;
      first_q     <= 1'b0;
      draw_n_q    <= '0;
      did_q       <= '0;
      cnt_q       <= '0;
      ninst_q     <= '0;
      nfetch_q    <= '0;
      i_q         <= '0;
      inst_q      <= '0;
      cur_q       <= '0;
      curn_q      <= '0;
      fetching_q  <= 1'b0;
      ndw_q       <= '0;
      fdw_q       <= '0;
      finst_q     <= '0;
      base4_q     <= '0;
      credits_q   <= '0;
      fhead_q     <= '0;
      fn_q        <= '0;
      ov_q        <= 1'b0;
      o_draw_q    <= '0;
      o_inst_q    <= '0;
      o_raw_q     <= '0;
      o_final_q   <= '0;
      o_restart_q <= 1'b0;
      o_eop_q     <= 1'b0;
    end else begin
      active_q    <= active_d;
      auto_q      <= auto_d;
      noteop_q    <= noteop_d;
      sz32_q      <= sz32_d;
      first_q     <= first_d;
      draw_n_q    <= draw_n_d;
      did_q       <= did_d;
      cnt_q       <= cnt_d;
      ninst_q     <= ninst_d;
      nfetch_q    <= nfetch_d;
      i_q         <= i_d;
      inst_q      <= inst_d;
      cur_q       <= cur_d;
      curn_q      <= curn_d;
      fetching_q  <= fetching_d;
      ndw_q       <= ndw_d;
      fdw_q       <= fdw_d;
      finst_q     <= finst_d;
      base4_q     <= base4_d;
      credits_q   <= credits_d;
      fhead_q     <= fhead_d;
      fn_q        <= fn_d;
      ov_q        <= ov_d;
      o_draw_q    <= o_draw_d;
      o_inst_q    <= o_inst_d;
      o_raw_q     <= o_raw_d;
      o_final_q   <= o_final_d;
      o_restart_q <= o_restart_d;
      o_eop_q     <= o_eop_d;
    end
  end

  // The FIFO storage (no reset: an entry is read only after it is written).
  logic [2:0] ftail;
  assign ftail = fhead_q + fn_q[2:0];
  always_ff @(posedge clk_i) begin
    if (memrsp_valid_i) fifo_q[ftail] <= memrsp_data_i;
  end
endmodule
