// r5xx_vap: the R5xx vertex fetch and stream conversion block, PVS bypassed (docs/blocks/r5xx.vap.md,
// the contract this RTL follows cycle by cycle; ports from vap.block).
//
// Register writes are snooped into r5xx_vap_regs.  A VAP_VF_CNTL write that triggers starts a
// draw of N vertices; each vertex goes
//   IDX  (walks 1, 2): its index from the port FIFO (walk 1) or its number (walk 2), the fetch
//        indices latched (r5xx_vap_fidx);
//   DATA: its dwords read from the AOS arrays (up to 8 reads in flight, responses into the
//        8-entry RDQ) or taken from the 4-entry port FIFO (walk 3), one dword per cycle into the
//        PSC (r5xx_vap_psc), which fills the input vector memory;
//   OUT:  one vtx transaction per output slot (r5xx_vap_out, viewport transform on slot 0), or
//         with PVS_BYPASS = 0 one per input location up to the highest written (the PVS path).
// A non-port write during a draw is parked (one entry) and applied the cycle after the draw
// ends.  Every output is a function of the state only.
module r5xx_vap (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes from the backbone
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  // vertex array reads (the harness memory agent)
  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  // output vertex slots
  output logic        vtx_valid_o,
  input  logic        vtx_ready_i,
  output logic [15:0] vtx_vert_o,
  output logic [3:0]  vtx_slot_o,
  output logic [31:0] vtx_x_o,
  output logic [31:0] vtx_y_o,
  output logic [31:0] vtx_z_o,
  output logic [31:0] vtx_w_o,
  output logic [3:0]  vtx_wmask_o,
  output logic        vtx_vlast_o,
  output logic        vtx_dlast_o,
  output logic [3:0]  vtx_prim_o,

  output logic        idle_o
);

  localparam logic [15:0] VapVfCntl = 16'h2084;
  localparam bit [31:0] PfDepth   = 4;
  localparam bit [31:0] RdqDepth  = 8;

  typedef enum logic [1:0] {StIdle, StIdx, StData, StOut} st_e;

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  st_e         st_q;
  logic        park_v_q;
  logic [15:0] park_addr_q;
  logic [31:0] park_data_q;
  logic [23:0] v_q;
  logic [23:0] n_q;
  logic [31:0] rem_q;
  logic [15:0] hi_q;
  logic [3:0]  prim_q;
  logic [1:0]  walk_q;
  logic        idx32_q;
  logic        dual_q;
  logic [23:0] fi0_q;
  logic [23:0] fi1_q;
  logic [4:0]  pa_q;       // request pointer: array (first with COUNT != 0 from here) ...
  logic [6:0]  pj_q;       // ... and dword
  logic [10:0] nreq_q;
  logic [3:0]  inflight_q;
  logic [10:0] ncons_q;
  logic [3:0]  slot_q;

  // ---------------------------------------------------------------------------------------------
  // Registers: a write is applied in IDLE, from the bus or from the park register
  // ---------------------------------------------------------------------------------------------
  logic        idle_st;
  logic        regw_fire;
  logic        apply;
  logic [15:0] ap_addr;
  logic [31:0] ap_data;
  logic [2:0]  pf_count;

  assign idle_st      = st_q == StIdle;
  assign regw_ready_o = !park_v_q && (idle_st || pf_count < 3'(PfDepth));
  assign regw_fire    = regw_valid_i && regw_ready_o;
  assign apply        = idle_st && (park_v_q || regw_fire);
  assign ap_addr      = park_v_q ? park_addr_q : regw_addr_i;
  assign ap_data      = park_v_q ? park_data_q : regw_data_i;

  logic              no_render;
  logic [23:0]       alt_num;
  logic [24:0]       ofs;
  logic [3:0]        col;
  logic              pts;
  logic [23:0]       fmt1;
  logic [5:0][31:0]  vport;
  logic [5:0]        vte;
  logic [6:0]        vtx_size;
  logic [4:0]        narr;
  logic [15:0][6:0]  count;
  logic [15:0][6:0]  stride;
  logic [15:0][29:0] aos;
  logic [23:0]       max_indx;
  logic [23:0]       min_indx;
  logic [1:0]        swap;
  logic              bypass;
  logic [7:0][31:0]  psc;
  logic [31:0]       sgn;
  logic [7:0][31:0]  ext;

  r5xx_vap_regs u_regs (
    .clk_i,
    .rst_ni,
    .we_i        (apply),
    .waddr_i     (ap_addr),
    .wdata_i     (ap_data),
    .no_render_o (no_render),
    .alt_num_o   (alt_num),
    .ofs_o       (ofs),
    .col_o       (col),
    .pts_o       (pts),
    .fmt1_o      (fmt1),
    .vport_o     (vport),
    .vte_o       (vte),
    .vtx_size_o  (vtx_size),
    .narr_o      (narr),
    .count_o     (count),
    .stride_o    (stride),
    .aos_o       (aos),
    .max_o       (max_indx),
    .min_o       (min_indx),
    .swap_o      (swap),
    .bypass_o    (bypass),
    .psc_o       (psc),
    .sgn_o       (sgn),
    .ext_o       (ext)
  );

  // Σ COUNT_a over arrays 0 .. min(VTX_NUM_ARRAYS, 16) - 1
  logic [10:0] sumcount;

  always_comb begin
    sumcount = '0;
    for (int a = 0; a < 16; a++) begin
      if (5'(a) < narr) begin
        sumcount = sumcount + {4'd0, count[a]};
      end
    end
  end

  // the trigger: a VF_CNTL write applied in IDLE with PRIM_TYPE, PRIM_WALK, N != 0, NO_RENDER 0
  logic [1:0]  t_walk;
  logic [23:0] t_n;
  logic        trigger;
  logic [31:0] t_rem;

  assign t_walk  = ap_data[5:4];
  assign t_n     = ap_data[14] ? alt_num : {8'd0, ap_data[31:16]};
  assign trigger = apply && ap_addr == VapVfCntl && ap_data[3:0] != 4'd0 && t_walk != 2'd0 &&
                   t_n != 24'd0 && !no_render;

  always_comb begin
    unique case (t_walk)
      2'd1:    t_rem = ap_data[11] ? {8'd0, t_n} : {8'd0, (t_n >> 1) + {23'd0, t_n[0]}};
      2'd3:    t_rem = {8'd0, t_n} * {25'd0, vtx_size};
      default: t_rem = '0;
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // Port FIFO: the draw's port writes
  // ---------------------------------------------------------------------------------------------
  logic        is_dport;
  logic        is_iport;
  logic        my_port;
  logic        pf_push;
  logic        pf_pop;
  logic [31:0] pf_head;
  logic        park;

  assign is_dport = regw_addr_i[15:6] == 10'h080 && regw_addr_i[1:0] == 2'd0;
  assign is_iport = (regw_addr_i[15:6] == 10'h081 && regw_addr_i[1:0] == 2'd0) ||
                    regw_addr_i == 16'h20B8;
  assign my_port  = (walk_q == 2'd3 && is_dport) || (walk_q == 2'd1 && is_iport);
  assign pf_push  = regw_fire && !idle_st && my_port && rem_q != '0;
  assign park     = regw_fire && !idle_st && !is_dport && !is_iport;

  logic unused_pf_empty;

  prim_fifo #(
    .Width (32),
    .Depth (PfDepth)
  ) u_pf (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (pf_push),
    .wdata_i (regw_data_i),
    .pop_i   (pf_pop),
    .rdata_o (pf_head),
    .empty_o (unused_pf_empty),
    .count_o (pf_count)
  );

  // ---------------------------------------------------------------------------------------------
  // IDX: the vertex's index and fetch indices
  // ---------------------------------------------------------------------------------------------
  logic        idx_go;
  logic        idx_pop;
  logic [31:0] raw;
  logic [31:0] raw0;
  logic [31:0] raw1;
  logic [23:0] fi0;
  logic [23:0] fi1;

  always_comb begin
    idx_go  = 1'b0;
    idx_pop = 1'b0;
    raw     = {8'd0, v_q};
    if (st_q == StIdx) begin
      if (walk_q == 2'd2) begin
        idx_go = 1'b1;
      end else if (idx32_q) begin
        idx_go  = pf_count != '0;
        idx_pop = idx_go;
        raw     = pf_head;
      end else if (!v_q[0]) begin
        idx_go  = pf_count != '0;
        idx_pop = idx_go;
        raw     = {16'd0, pf_head[15:0]};
      end else begin
        idx_go = 1'b1;
        raw    = {16'd0, hi_q};
      end
    end
  end

  assign raw0 = dual_q ? {24'd0, raw[23:16]} : raw;
  assign raw1 = dual_q ? {16'd0, raw[15:0]} : raw;

  r5xx_vap_fidx u_fidx0 (
    .raw_i (raw0),
    .ofs_i (ofs),
    .min_i (min_indx),
    .max_i (max_indx),
    .fi_o  (fi0)
  );

  r5xx_vap_fidx u_fidx1 (
    .raw_i (raw1),
    .ofs_i (ofs),
    .min_i (min_indx),
    .max_i (max_indx),
    .fi_o  (fi1)
  );

  // ---------------------------------------------------------------------------------------------
  // DATA: requests, responses, the RDQ and the dwords into the PSC
  // ---------------------------------------------------------------------------------------------
  logic [10:0] dcnt;      // D
  logic [3:0]  a_eff;
  logic        a_found;
  logic [6:0]  a_cnt;
  logic        req_v;
  logic        req_fire;
  logic [31:0] req_addr;
  logic [23:0] req_fi;
  logic [31:0] req_off;   // STRIDE * fi + j, in dwords
  logic [3:0]  rdq_count;
  logic [31:0] rdq_head;
  logic        rdq_pop;
  logic        src_ne;
  logic        cons;
  logic [31:0] dw;
  logic [31:0] dw_mem;
  logic        data_done;

  assign dcnt = (walk_q == 2'd3) ? {4'd0, vtx_size} : sumcount;

  // the request pointer's array: the first from pa_q on with COUNT != 0
  always_comb begin
    a_eff   = pa_q[3:0];
    a_found = 1'b0;
    for (int a = 0; a < 16; a++) begin
      if (!a_found && 5'(a) >= pa_q && count[a] != 7'd0) begin
        a_found = 1'b1;
        a_eff   = 4'(a);
      end
    end
  end

  assign a_cnt    = count[a_eff];
  assign req_fi   = (a_eff == 4'd0) ? fi0_q : fi1_q;
  assign req_off  = ({1'b0, 31'(stride[a_eff]) * {7'd0, req_fi}}) + {25'd0, pj_q};
  assign req_addr = {aos[a_eff], 2'b00} + {req_off[29:0], 2'b00};
  assign req_v    = st_q == StData && nreq_q != '0 && inflight_q < 4'(RdqDepth);
  assign req_fire = req_v && memreq_ready_i;

  logic unused_rdq_empty;

  prim_fifo #(
    .Width (32),
    .Depth (RdqDepth)
  ) u_rdq (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (memrsp_valid_i),
    .wdata_i (memrsp_data_i),
    .pop_i   (rdq_pop),
    .rdata_o (rdq_head),
    .empty_o (unused_rdq_empty),
    .count_o (rdq_count)
  );

  // VC_SWAP on fetched dwords
  always_comb begin
    unique case (swap)
      2'd1:    dw_mem = {rdq_head[23:16], rdq_head[31:24], rdq_head[7:0], rdq_head[15:8]};
      2'd2:    dw_mem = {rdq_head[7:0], rdq_head[15:8], rdq_head[23:16], rdq_head[31:24]};
      2'd3:    dw_mem = {rdq_head[15:0], rdq_head[31:16]};
      default: dw_mem = rdq_head;
    endcase
  end

  assign src_ne    = (walk_q == 2'd3) ? pf_count != '0 : rdq_count != '0;
  assign cons      = st_q == StData && ncons_q < dcnt && src_ne;
  assign dw        = (walk_q == 2'd3) ? pf_head : dw_mem;
  assign rdq_pop   = cons && walk_q != 2'd3;
  assign pf_pop    = idx_pop || (cons && walk_q == 2'd3);
  assign data_done = st_q == StData && (dcnt == '0 || (cons && ncons_q + 11'd1 == dcnt));

  // ---------------------------------------------------------------------------------------------
  // PSC and the vector memory
  // ---------------------------------------------------------------------------------------------
  logic                   vstart;   // the start-of-vertex actions at this edge
  logic [13:0][3:0][31:0] vmem;
  logic [13:0][3:0]       written;

  r5xx_vap_psc u_psc (
    .clk_i,
    .rst_ni,
    .clear_i    (vstart),
    .dw_valid_i (cons),
    .dw_i       (dw),
    .psc_i      (psc),
    .ext_i      (ext),
    .sgn_i      (sgn),
    .vmem_o     (vmem),
    .written_o  (written)
  );

  // ---------------------------------------------------------------------------------------------
  // OUT
  // ---------------------------------------------------------------------------------------------
  logic [3:0]       nslots;
  logic [3:0][31:0] comp;
  logic [3:0]       wmask;
  logic             vtx_fire;
  logic             vlast;
  logic             vnext;

  r5xx_vap_out u_out (
    .slot_i    (slot_q),
    .bypass_i  (bypass),
    .col_i     (col),
    .pts_i     (pts),
    .fmt1_i    (fmt1),
    .vte_i     (vte),
    .vport_i   (vport),
    .vmem_i    (vmem),
    .written_i (written),
    .nslots_o  (nslots),
    .comp_o    (comp),
    .wmask_o   (wmask)
  );

  assign vtx_fire = vtx_valid_o && vtx_ready_i;
  assign vlast    = slot_q == nslots - 4'd1;
  assign vnext    = vtx_fire && vlast && {1'b0, v_q} + 25'd1 < {1'b0, n_q};
  assign vstart   = trigger || vnext;

  // ---------------------------------------------------------------------------------------------
  // The draw state
  // ---------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q        <= StIdle;
      park_v_q    <= 1'b0;
      park_addr_q <= '0;
      park_data_q <= '0;
      v_q         <= '0;
      n_q         <= '0;
      rem_q       <= '0;
      hi_q        <= '0;
      prim_q      <= '0;
      walk_q      <= '0;
      idx32_q     <= 1'b0;
      dual_q      <= 1'b0;
      fi0_q       <= '0;
      fi1_q       <= '0;
      pa_q        <= '0;
      pj_q        <= '0;
      nreq_q      <= '0;
      inflight_q  <= '0;
      ncons_q     <= '0;
      slot_q      <= '0;
    end else begin
      // park register
      if (apply) begin
        park_v_q <= 1'b0;
      end else if (park) begin
        park_v_q    <= 1'b1;
        park_addr_q <= regw_addr_i;
        park_data_q <= regw_data_i;
      end
      if (pf_push) begin
        rem_q <= rem_q - 32'd1;
      end

      // requests and responses
      inflight_q <= inflight_q + {3'd0, req_fire} - {3'd0, rdq_pop};
      if (req_fire) begin
        nreq_q <= nreq_q - 11'd1;
        if ({1'b0, pj_q} + 8'd1 < {1'b0, a_cnt}) begin
          pa_q <= {1'b0, a_eff};
          pj_q <= pj_q + 7'd1;
        end else begin
          pa_q <= {1'b0, a_eff} + 5'd1;
          pj_q <= '0;
        end
      end
      if (cons) begin
        ncons_q <= ncons_q + 11'd1;
      end

      unique case (st_q)
        StIdle: begin
          if (trigger) begin
            prim_q  <= ap_data[3:0];
            walk_q  <= t_walk;
            idx32_q <= ap_data[11];
            dual_q  <= ap_data[13];
            n_q     <= t_n;
            v_q     <= '0;
            rem_q   <= t_rem;
            if (t_walk == 2'd3) begin
              st_q <= StData;
            end else begin
              st_q <= StIdx;
            end
          end
        end
        StIdx: begin
          if (idx_go) begin
            fi0_q <= fi0;
            fi1_q <= fi1;
            st_q  <= StData;
            if (idx_pop && !idx32_q) begin
              hi_q <= pf_head[31:16];
            end
          end
        end
        StData: begin
          if (data_done) begin
            st_q <= StOut;
          end
        end
        StOut: begin
          if (vtx_fire) begin
            if (!vlast) begin
              slot_q <= slot_q + 4'd1;
            end else if (vnext) begin
              v_q  <= v_q + 24'd1;
              if (walk_q == 2'd3) begin
                st_q <= StData;
              end else begin
                st_q <= StIdx;
              end
            end else begin
              st_q <= StIdle;
            end
          end
        end
        default: ;
      endcase

      // the start-of-vertex actions (the PSC and the vector memory reset themselves on vstart)
      if (vstart) begin
        ncons_q <= '0;
        slot_q  <= '0;
        pa_q    <= '0;
        pj_q    <= '0;
        nreq_q  <= ((trigger ? t_walk : walk_q) == 2'd3) ? 11'd0 : sumcount;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign memreq_valid_o = req_v;
  assign memreq_addr_o  = req_v ? req_addr : '0;
  assign memrsp_ready_o = 1'b1;

  assign vtx_valid_o = st_q == StOut;
  assign vtx_vert_o  = vtx_valid_o ? v_q[15:0] : '0;
  assign vtx_slot_o  = vtx_valid_o ? slot_q : '0;
  assign vtx_x_o     = vtx_valid_o ? comp[0] : '0;
  assign vtx_y_o     = vtx_valid_o ? comp[1] : '0;
  assign vtx_z_o     = vtx_valid_o ? comp[2] : '0;
  assign vtx_w_o     = vtx_valid_o ? comp[3] : '0;
  assign vtx_wmask_o = vtx_valid_o ? wmask : '0;
  assign vtx_vlast_o = vtx_valid_o && vlast;
  assign vtx_dlast_o = vtx_valid_o && vlast && {1'b0, v_q} + 25'd1 == {1'b0, n_q};
  assign vtx_prim_o  = vtx_valid_o ? prim_q : '0;

  assign idle_o = idle_st && !park_v_q;

  // Signals the block does not use: the FIFOs' counts say what empty_o says.
  logic unused_bits;
  assign unused_bits = ^{a_found, unused_pf_empty, unused_rdq_empty, req_off[31:30]};

endmodule
