// si_compute_cp: the PM4 front end of si.compute (docs/blocks/si.compute.md, "si_compute_cp"):
//   * parses the PM4 stream: type-3 packets (SET_SH_REG, DISPATCH_DIRECT, RELEASE_MEM,
//     EVENT_WRITE_EOP, NOP; any other opcode is skipped with an event), type-2 fillers, type-0
//     and type-1 packets skipped with an event;
//   * SET_SH_REG: COMPUTE_START_X/Y/Z and COMPUTE_NUM_THREAD_X/Y/Z are kept here, the
//     initiator and COMPUTE_DIM_X/Y/Z dropped (DISPATCH_DIRECT gives them), every other register
//     handed to si.cu as a register write on the same edge;
//   * DISPATCH_DIRECT: walks the work-groups from START to DIM - 1 (X fastest), each one handed
//     to si.cu as a one-group dispatch (10 register writes: START, DIM = START + 1, the group's
//     NUM_THREAD with the partial sizes at the grid's last group when PARTIAL_TG_EN, the
//     initiator), waits for si.cu's end-of-dispatch record and sums waves and errors;
//   * RELEASE_MEM / EVENT_WRITE_EOP: writes the fence (DATA_SEL 1: one dword, 2: two) on the one
//     memory port, which otherwise carries si.cu's requests (si.cu is idle while a fence is
//     written);
//   * one `ev` record per dispatch, fence and skipped packet.
module si_compute_cp (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        pm4_valid_i,
  output logic        pm4_ready_o,
  input  logic [31:0] pm4_data_i,

  output logic        cu_regw_valid_o,
  input  logic        cu_regw_ready_i,
  output logic [19:0] cu_regw_addr_o,
  output logic [31:0] cu_regw_data_o,

  input  logic        cu_eod_valid_i,
  output logic        cu_eod_ready_o,
  input  logic [15:0] cu_eod_waves_i,
  input  logic [15:0] cu_eod_errs_i,

  input  logic        cu_memreq_valid_i,
  output logic        cu_memreq_ready_o,
  input  logic [31:0] cu_memreq_addr_i,
  input  logic        cu_memreq_we_i,
  input  logic [31:0] cu_memreq_wdata_i,
  input  logic [3:0]  cu_memreq_be_i,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,

  output logic        ev_valid_o,
  input  logic        ev_ready_i,
  output logic [1:0]  ev_kind_o,
  output logic [31:0] ev_hdr_o,
  output logic [31:0] ev_groups_o,
  output logic [31:0] ev_waves_o,
  output logic [15:0] ev_errs_o,

  output logic        idle_o
);

  localparam logic [2:0] S_HDR = 3'd0, S_BODY = 3'd1, S_ACT = 3'd2, S_GRP = 3'd3, S_WAIT = 3'd4,
                         S_FENCE = 3'd5, S_EV = 3'd6;
  localparam logic [7:0] OP_NOP = 8'h10, OP_DISPATCH = 8'h15, OP_EOP = 8'h47, OP_RELMEM = 8'h49,
                         OP_SETSH = 8'h76;
  localparam logic [1:0] EV_DISP = 2'd0, EV_FENCE = 2'd1, EV_SKIP = 2'd2;

  logic [2:0]  st_q, st_d;
  logic [31:0] hdr_q, hdr_d;
  logic [13:0] cnt_q, cnt_d, idx_q, idx_d;
  logic [31:0] b0_q, b1_q, b2_q, b3_q, b4_q, b5_q;
  logic [31:0] b0_d, b1_d, b2_d, b3_d, b4_d, b5_d;
  logic [19:0] sh_q, sh_d;
  logic [31:0] sx_q, sy_q, sz_q, ntx_q, nty_q, ntz_q;
  logic [31:0] sx_d, sy_d, sz_d, ntx_d, nty_d, ntz_d;
  logic [31:0] gx_q, gy_q, gz_q, gx_d, gy_d, gz_d;
  logic [3:0]  k_q, k_d;
  logic [31:0] groups_q, groups_d, waves_q, waves_d;
  logic [15:0] errs_q, errs_d;
  logic [1:0]  evk_q, evk_d;

  logic        pm4_fire, regw_fire, eod_fire, mem_fire, ev_fire;
  logic        is_t3, setsh, sh_kept, fwd;
  logic [7:0]  op;
  logic        rel;
  logic [31:0] faddr, flo, fhi;
  logic [2:0]  fsel;
  logic [31:0] ex, ey, ez;            // the effective start (FORCE_START_AT_000)
  logic [15:0] ntx, nty, ntz;         // this group's size
  logic        part;
  logic [19:0] gaddr;
  logic [31:0] gdata;

  assign op    = hdr_q[15:8];
  assign is_t3 = hdr_q[31:30] == 2'd3;
  assign setsh = is_t3 && op == OP_SETSH;
  // START_X/Y/Z, NUM_THREAD_X/Y/Z kept here; the initiator and DIM_X/Y/Z dropped
  assign sh_kept = sh_q >= 20'hB800 && sh_q <= 20'hB824;
  assign fwd     = st_q == S_BODY && setsh && idx_q != 14'd0 && !sh_kept;

  // the fence packet's fields (RELEASE_MEM: control, sel, address lo/hi, data lo/hi;
  // EVENT_WRITE_EOP: control, address lo, address hi | sel, data lo/hi)
  assign rel   = op == OP_RELMEM;
  assign faddr = (rel ? b2_q : b1_q) & 32'hFFFF_FFFC;
  assign fsel  = rel ? b1_q[31:29] : b2_q[31:29];
  assign flo   = rel ? b4_q : b3_q;
  assign fhi   = rel ? b5_q : b4_q;

  // the work-group walk (DISPATCH_DIRECT: b0..b2 the group counts, b3 the initiator)
  assign ex   = b3_q[2] ? 32'd0 : sx_q;
  assign ey   = b3_q[2] ? 32'd0 : sy_q;
  assign ez   = b3_q[2] ? 32'd0 : sz_q;
  assign part = b3_q[1];
  assign ntx  = (part && gx_q == b0_q - 32'd1) ? ntx_q[31:16] : ntx_q[15:0];
  assign nty  = (part && gy_q == b1_q - 32'd1) ? nty_q[31:16] : nty_q[15:0];
  assign ntz  = (part && gz_q == b2_q - 32'd1) ? ntz_q[31:16] : ntz_q[15:0];

  always_comb begin
    case (k_q)
      4'd0:    begin gaddr = 20'hB810; gdata = gx_q; end
      4'd1:    begin gaddr = 20'hB814; gdata = gy_q; end
      4'd2:    begin gaddr = 20'hB818; gdata = gz_q; end
      4'd3:    begin gaddr = 20'hB804; gdata = gx_q + 32'd1; end
      4'd4:    begin gaddr = 20'hB808; gdata = gy_q + 32'd1; end
      4'd5:    begin gaddr = 20'hB80C; gdata = gz_q + 32'd1; end
      4'd6:    begin gaddr = 20'hB81C; gdata = {16'd0, ntx}; end
      4'd7:    begin gaddr = 20'hB820; gdata = {16'd0, nty}; end
      4'd8:    begin gaddr = 20'hB824; gdata = {16'd0, ntz}; end
      default: begin gaddr = 20'hB800; gdata = 32'd1; end
    endcase
  end

  // ---- outputs --------------------------------------------------------------------------------
  always_comb begin
    pm4_ready_o     = 1'b0;
    cu_regw_valid_o = 1'b0;
    cu_regw_addr_o  = 20'd0;
    cu_regw_data_o  = 32'd0;
    if (st_q == S_HDR) begin
      pm4_ready_o = 1'b1;
    end else if (st_q == S_BODY) begin
      pm4_ready_o     = fwd ? cu_regw_ready_i : 1'b1;
      cu_regw_valid_o = fwd && pm4_valid_i;
      cu_regw_addr_o  = fwd ? sh_q : 20'd0;
      cu_regw_data_o  = fwd ? pm4_data_i : 32'd0;
    end else if (st_q == S_GRP) begin
      cu_regw_valid_o = 1'b1;
      cu_regw_addr_o  = gaddr;
      cu_regw_data_o  = gdata;
    end
  end

  assign cu_eod_ready_o = st_q == S_WAIT;

  always_comb begin
    if (st_q == S_FENCE) begin
      memreq_valid_o    = 1'b1;
      memreq_addr_o     = faddr + (k_q[0] ? 32'd4 : 32'd0);
      memreq_we_o       = 1'b1;
      memreq_wdata_o    = k_q[0] ? fhi : flo;
      memreq_be_o       = 4'hF;
      cu_memreq_ready_o = 1'b0;
    end else begin
      memreq_valid_o    = cu_memreq_valid_i;
      memreq_addr_o     = cu_memreq_addr_i;
      memreq_we_o       = cu_memreq_we_i;
      memreq_wdata_o    = cu_memreq_wdata_i;
      memreq_be_o       = cu_memreq_be_i;
      cu_memreq_ready_o = memreq_ready_i;
    end
  end

  always_comb begin
    ev_valid_o  = st_q == S_EV;
    ev_kind_o   = st_q == S_EV ? evk_q : 2'd0;
    ev_hdr_o    = st_q == S_EV ? hdr_q : 32'd0;
    ev_groups_o = 32'd0;
    ev_waves_o  = 32'd0;
    ev_errs_o   = 16'd0;
    if (st_q == S_EV && evk_q == EV_DISP) begin
      ev_groups_o = groups_q;
      ev_waves_o  = waves_q;
      ev_errs_o   = errs_q;
    end else if (st_q == S_EV && evk_q == EV_FENCE) begin
      ev_groups_o = faddr;
      ev_waves_o  = flo;
    end
  end

  assign idle_o = st_q == S_HDR;

  assign pm4_fire  = pm4_valid_i && pm4_ready_o;
  assign regw_fire = cu_regw_valid_o && cu_regw_ready_i;
  assign eod_fire  = cu_eod_valid_i && cu_eod_ready_o;
  assign mem_fire  = memreq_valid_o && memreq_ready_i;
  assign ev_fire   = ev_valid_o && ev_ready_i;

  // ---- next state -----------------------------------------------------------------------------
  always_comb begin
    st_d = st_q;  hdr_d = hdr_q;  cnt_d = cnt_q;  idx_d = idx_q;
    b0_d = b0_q;  b1_d = b1_q;  b2_d = b2_q;  b3_d = b3_q;  b4_d = b4_q;  b5_d = b5_q;
    sh_d = sh_q;
    sx_d = sx_q;  sy_d = sy_q;  sz_d = sz_q;  ntx_d = ntx_q;  nty_d = nty_q;  ntz_d = ntz_q;
    gx_d = gx_q;  gy_d = gy_q;  gz_d = gz_q;  k_d = k_q;
    groups_d = groups_q;  waves_d = waves_q;  errs_d = errs_q;  evk_d = evk_q;
    case (st_q)
      S_HDR: begin
        if (pm4_fire) begin
          hdr_d = pm4_data_i;
          cnt_d = pm4_data_i[29:16];
          idx_d = 14'd0;
          if (pm4_data_i[31:30] == 2'd1) begin        // type 1: no body, not built
            st_d  = S_EV;
            evk_d = EV_SKIP;
          end else if (pm4_data_i[31:30] != 2'd2) begin   // type 0 and 3: a body follows
            st_d = S_BODY;
          end
        end
      end
      S_BODY: begin
        if (pm4_fire) begin
          if (idx_q == 14'd0) b0_d = pm4_data_i;
          if (idx_q == 14'd1) b1_d = pm4_data_i;
          if (idx_q == 14'd2) b2_d = pm4_data_i;
          if (idx_q == 14'd3) b3_d = pm4_data_i;
          if (idx_q == 14'd4) b4_d = pm4_data_i;
          if (idx_q == 14'd5) b5_d = pm4_data_i;
          if (setsh) begin
            if (idx_q == 14'd0) begin
              sh_d = 20'hB000 + {2'd0, pm4_data_i[15:0], 2'd0};
            end else begin
              if (sh_q == 20'hB810) sx_d = pm4_data_i;
              if (sh_q == 20'hB814) sy_d = pm4_data_i;
              if (sh_q == 20'hB818) sz_d = pm4_data_i;
              if (sh_q == 20'hB81C) ntx_d = pm4_data_i;
              if (sh_q == 20'hB820) nty_d = pm4_data_i;
              if (sh_q == 20'hB824) ntz_d = pm4_data_i;
              sh_d = sh_q + 20'd4;
            end
          end
          if (idx_q == cnt_q) st_d = S_ACT;
          else                idx_d = idx_q + 14'd1;
        end
      end
      S_ACT: begin
        k_d = 4'd0;
        evk_d = EV_SKIP;
        st_d = S_EV;
        if (is_t3 && (op == OP_NOP || op == OP_SETSH)) begin
          st_d = S_HDR;
        end else if (is_t3 && op == OP_DISPATCH && cnt_q >= 14'd3) begin
          groups_d = 32'd0;
          waves_d  = 32'd0;
          errs_d   = 16'd0;
          gx_d     = ex;
          gy_d     = ey;
          gz_d     = ez;
          evk_d    = EV_DISP;
          if (b3_q[0] && b0_q > ex && b1_q > ey && b2_q > ez) st_d = S_GRP;
        end else if (is_t3 && ((op == OP_EOP && cnt_q >= 14'd4) || (op == OP_RELMEM && cnt_q >= 14'd5))) begin
          if (fsel == 3'd0) begin
            evk_d = EV_FENCE;
          end else if (fsel == 3'd1 || fsel == 3'd2) begin
            evk_d = EV_FENCE;
            st_d  = S_FENCE;
          end
        end
      end
      S_GRP: begin
        if (regw_fire) begin
          if (k_q == 4'd9) st_d = S_WAIT;
          else             k_d = k_q + 4'd1;
        end
      end
      S_WAIT: begin
        if (eod_fire) begin
          k_d      = 4'd0;
          groups_d = groups_q + 32'd1;
          waves_d  = waves_q + {16'd0, cu_eod_waves_i};
          errs_d   = errs_q + cu_eod_errs_i;
          st_d     = S_GRP;
          if (gx_q + 32'd1 < b0_q) begin
            gx_d = gx_q + 32'd1;
          end else begin
            gx_d = ex;
            if (gy_q + 32'd1 < b1_q) begin
              gy_d = gy_q + 32'd1;
            end else begin
              gy_d = ey;
              if (gz_q + 32'd1 < b2_q) gz_d = gz_q + 32'd1;
              else                     st_d = S_EV;
            end
          end
        end
      end
      S_FENCE: begin
        if (mem_fire) begin
          if (fsel == 3'd2 && k_q == 4'd0) k_d = 4'd1;
          else                             st_d = S_EV;
        end
      end
      S_EV: begin
        if (ev_fire) st_d = S_HDR;
      end
      default: st_d = S_HDR;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= S_HDR;  hdr_q <= 32'd0;  cnt_q <= 14'd0;  idx_q <= 14'd0;
      b0_q <= 32'd0;  b1_q <= 32'd0;  b2_q <= 32'd0;  b3_q <= 32'd0;  b4_q <= 32'd0;  b5_q <= 32'd0;
      sh_q <= 20'd0;
      sx_q <= 32'd0;  sy_q <= 32'd0;  sz_q <= 32'd0;  ntx_q <= 32'd0;  nty_q <= 32'd0;  ntz_q <= 32'd0;
      gx_q <= 32'd0;  gy_q <= 32'd0;  gz_q <= 32'd0;  k_q <= 4'd0;
      groups_q <= 32'd0;  waves_q <= 32'd0;  errs_q <= 16'd0;  evk_q <= 2'd0;
    end else begin
      st_q <= st_d;  hdr_q <= hdr_d;  cnt_q <= cnt_d;  idx_q <= idx_d;
      b0_q <= b0_d;  b1_q <= b1_d;  b2_q <= b2_d;  b3_q <= b3_d;  b4_q <= b4_d;  b5_q <= b5_d;
      sh_q <= sh_d;
      sx_q <= sx_d;  sy_q <= sy_d;  sz_q <= sz_d;  ntx_q <= ntx_d;  nty_q <= nty_d;  ntz_q <= ntz_d;
      gx_q <= gx_d;  gy_q <= gy_d;  gz_q <= gz_d;  k_q <= k_d;
      groups_q <= groups_d;  waves_q <= waves_d;  errs_q <= errs_d;  evk_q <= evk_d;
    end
  end

endmodule
