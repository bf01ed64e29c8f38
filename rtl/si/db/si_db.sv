// si_db: the Sea Islands depth and stencil block (docs/blocks/si.db.md, the contract this RTL
// follows; ports from db.block).
//
// Snoops the DB context registers and tests one sample at a time against linear depth and
// stencil surfaces read and written through the memory port:
//   IDLE -> START -> [RZ -> WZ_RSP] -> [RS -> WS_RSP] -> CALC -> [WRZ] -> [WRS] -> OUT -> IDLE.
// A register write is accepted only in IDLE; a refused one blocks the next fragment (rw_wait).
// Every output is a function of the state only.
module si_db (
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

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        pass_valid_o,
  input  logic        pass_ready_i,
  output logic [13:0] pass_x_o,
  output logic [13:0] pass_y_o,
  output logic        pass_pass_o,
  output logic        pass_cwe_o,
  output logic [1:0]  pass_cat_o,
  output logic [3:0]  pass_inc_o,
  output logic [2:0]  pass_err_o,

  output logic        idle_o,
  output logic [31:0] cnt0_o,
  output logic [31:0] cnt1_o,
  output logic [31:0] cnt2_o,
  output logic [31:0] cnt3_o
);

  typedef enum logic [3:0] {
    StIdle, StStart, StRz, StWzRsp, StRs, StWsRsp, StCalc, StWrz, StWrs, StOut
  } st_e;

  st_e st_q;
  st_e st_d;

  // ---------------------------------------------------------------------------------------------
  // Registers (byte addresses of seed 002, docs/blocks/si.db.md)
  // ---------------------------------------------------------------------------------------------
  logic [31:0] rctl_q, cctl_q, view_q, ovr_q, bmin_q, bmax_q, sclear_q, dclear_q, dinfo_q;
  logic [31:0] zinfo_q, sinfo_q, zrb_q, srb_q, zwb_q, swb_q, size_q, zmin_q, zmax_q, sctl_q;
  logic [31:0] srm_q, srm_bf_q, dctl_q;
  logic        regw_fire;
  logic        rw_wait_q;

  assign regw_ready_o = st_q == StIdle;
  assign regw_fire    = regw_valid_i && regw_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rctl_q <= '0; cctl_q <= '0; view_q <= '0; ovr_q <= '0; bmin_q <= '0; bmax_q <= '0;
      sclear_q <= '0; dclear_q <= '0; dinfo_q <= '0; zinfo_q <= '0; sinfo_q <= '0; zrb_q <= '0;
      srb_q <= '0; zwb_q <= '0; swb_q <= '0; size_q <= '0; zmin_q <= '0; zmax_q <= '0;
      sctl_q <= '0; srm_q <= '0; srm_bf_q <= '0; dctl_q <= '0;
      rw_wait_q <= 1'b0;
    end else begin
      rw_wait_q <= regw_valid_i && !regw_fire;
      if (regw_fire) begin
        unique case (regw_addr_i)
          18'h28000: rctl_q   <= regw_data_i;
          18'h28004: cctl_q   <= regw_data_i;
          18'h28008: view_q   <= regw_data_i;
          18'h2800C: ovr_q    <= regw_data_i;
          18'h28020: bmin_q   <= regw_data_i;
          18'h28024: bmax_q   <= regw_data_i;
          18'h28028: sclear_q <= regw_data_i;
          18'h2802C: dclear_q <= regw_data_i;
          18'h2803C: dinfo_q  <= regw_data_i;
          18'h28040: zinfo_q  <= regw_data_i;
          18'h28044: sinfo_q  <= regw_data_i;
          18'h28048: zrb_q    <= regw_data_i;
          18'h2804C: srb_q    <= regw_data_i;
          18'h28050: zwb_q    <= regw_data_i;
          18'h28054: swb_q    <= regw_data_i;
          18'h28058: size_q   <= regw_data_i;
          18'h282D0: zmin_q   <= regw_data_i;
          18'h282D4: zmax_q   <= regw_data_i;
          18'h2842C: sctl_q   <= regw_data_i;
          18'h28430: srm_q    <= regw_data_i;
          18'h28434: srm_bf_q <= regw_data_i;
          18'h28800: dctl_q   <= regw_data_i;
          default: ;
        endcase
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The fragment register and its plan (the registers cannot change outside IDLE)
  // ---------------------------------------------------------------------------------------------
  logic        frag_fire;
  logic [13:0] x_q;
  logic [13:0] y_q;
  logic [31:0] z_q;
  logic        back_q;

  assign frag_ready_o = st_q == StIdle && !rw_wait_q;
  assign frag_fire    = frag_valid_i && frag_ready_o;

  logic [14:0] pitch;
  logic [14:0] height;
  logic [2:0]  err;
  logic        kill;
  logic [31:0] pix;
  logic [31:0] zoff;
  logic [31:0] zraddr;
  logic [31:0] zwaddr;
  logic [31:0] sraddr;
  logic [31:0] swaddr;
  logic        zread;
  logic        sread;

  assign pitch  = {12'(size_q[10:0]) + 12'd1, 3'b000};
  assign height = {12'(size_q[21:11]) + 12'd1, 3'b000};
  assign err[0] = {1'b0, x_q} >= pitch || {1'b0, y_q} >= height;
  assign err[1] = dinfo_q[7:4] > 4'd1;
  assign err[2] = zinfo_q[1:0] == 2'd2;
  assign kill   = err[0] || err[1];
  assign pix    = 32'(y_q) * 32'(pitch) + 32'(x_q);
  assign zoff   = (zinfo_q[1:0] == 2'd3) ? pix << 2 : pix << 1;
  assign zraddr = {zrb_q[23:0], 8'd0} + zoff;
  assign zwaddr = {zwb_q[23:0], 8'd0} + zoff;
  assign sraddr = {srb_q[23:0], 8'd0} + pix;
  assign swaddr = {swb_q[23:0], 8'd0} + pix;
  assign zread  = !kill && zinfo_q[0] && (dctl_q[1] || dctl_q[3]);
  assign sread  = !kill && sinfo_q[0] && (dctl_q[0] || rctl_q[1]);

  // ---------------------------------------------------------------------------------------------
  // The test (combinational, used in CALC) and its latched results
  // ---------------------------------------------------------------------------------------------
  logic [31:0] zold_q;
  logic [31:0] sold_q;
  logic [1:0]  u_cat;
  logic        u_pass;
  logic        u_cwe;
  logic        u_zwe;
  logic [31:0] u_zwdata;
  logic [3:0]  u_zbe;
  logic        u_swe;
  logic [31:0] u_swdata;
  logic [3:0]  u_sbe;
  logic [3:0]  u_inc;

  si_db_update u_update (
    .rctl_i   (rctl_q),
    .cctl_i   (cctl_q),
    .view_i   (view_q),
    .ovr_i    (ovr_q),
    .bmin_i   (bmin_q),
    .bmax_i   (bmax_q),
    .sclear_i (sclear_q),
    .dclear_i (dclear_q),
    .zinfo_i  (zinfo_q),
    .sinfo_i  (sinfo_q),
    .zmin_i   (zmin_q),
    .zmax_i   (zmax_q),
    .sctl_i   (sctl_q),
    .srm_i    (srm_q),
    .srm_bf_i (srm_bf_q),
    .dctl_i   (dctl_q),
    .zhi_i    (zraddr[1]),
    .slane_i  (sraddr[1:0]),
    .z_i      (z_q),
    .back_i   (back_q),
    .zold_i   (zold_q),
    .sold_i   (sold_q),
    .cat_o    (u_cat),
    .pass_o   (u_pass),
    .cwe_o    (u_cwe),
    .zwe_o    (u_zwe),
    .zwdata_o (u_zwdata),
    .zbe_o    (u_zbe),
    .swe_o    (u_swe),
    .swdata_o (u_swdata),
    .sbe_o    (u_sbe),
    .inc_o    (u_inc)
  );

  logic [1:0]  cat_q;
  logic        pass_q;
  logic        cwe_q;
  logic        zwe_q;
  logic [31:0] zwdata_q;
  logic [3:0]  zbe_q;
  logic        swe_q;
  logic [31:0] swdata_q;
  logic [3:0]  sbe_q;
  logic [3:0]  inc_q;
  logic [31:0] cnt_q [4];

  // ---------------------------------------------------------------------------------------------
  // The state machine
  // ---------------------------------------------------------------------------------------------
  logic mreq_fire;
  assign mreq_fire = memreq_valid_o && memreq_ready_i;

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StIdle:  ;
      StStart: begin
        if (kill) begin
          st_d = StOut;
        end else if (zread) begin
          st_d = StRz;
        end else if (sread) begin
          st_d = StRs;
        end else begin
          st_d = StCalc;
        end
      end
      StRz:    if (mreq_fire) st_d = StWzRsp;
      StWzRsp: begin
        if (memrsp_valid_i && sread) begin
          st_d = StRs;
        end else if (memrsp_valid_i) begin
          st_d = StCalc;
        end
      end
      StRs:    if (mreq_fire) st_d = StWsRsp;
      StWsRsp: if (memrsp_valid_i) st_d = StCalc;
      StCalc: begin
        if (u_zwe) begin
          st_d = StWrz;
        end else if (u_swe) begin
          st_d = StWrs;
        end else begin
          st_d = StOut;
        end
      end
      StWrz: begin
        if (mreq_fire && swe_q) begin
          st_d = StWrs;
        end else if (mreq_fire) begin
          st_d = StOut;
        end
      end
      StWrs:   if (mreq_fire) st_d = StOut;
      StOut:   if (pass_ready_i) st_d = StIdle;
      default: st_d = StIdle;
    endcase
    if (frag_fire) begin
      st_d = StStart;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q     <= StIdle;
      x_q      <= '0;
      y_q      <= '0;
      z_q      <= '0;
      back_q   <= 1'b0;
      zold_q   <= '0;
      sold_q   <= '0;
      cat_q    <= '0;
      pass_q   <= 1'b0;
      cwe_q    <= 1'b0;
      zwe_q    <= 1'b0;
      zwdata_q <= '0;
      zbe_q    <= '0;
      swe_q    <= 1'b0;
      swdata_q <= '0;
      sbe_q    <= '0;
      inc_q    <= '0;
      for (int i = 0; i < 4; i++) begin
        cnt_q[i] <= '0;
      end
    end else begin
      st_q <= st_d;
      if (frag_fire) begin
        x_q    <= frag_x_i;
        y_q    <= frag_y_i;
        z_q    <= frag_z_i;
        back_q <= frag_back_i;
      end
      if (st_q == StStart) begin
        zold_q <= '0;
        sold_q <= '0;
        if (kill) begin
          cat_q    <= '0;
          pass_q   <= 1'b0;
          cwe_q    <= 1'b0;
          zwe_q    <= 1'b0;
          zwdata_q <= '0;
          zbe_q    <= '0;
          swe_q    <= 1'b0;
          swdata_q <= '0;
          sbe_q    <= '0;
          inc_q    <= '0;
        end
      end
      if (st_q == StWzRsp && memrsp_valid_i) begin
        zold_q <= memrsp_data_i;
      end
      if (st_q == StWsRsp && memrsp_valid_i) begin
        sold_q <= memrsp_data_i;
      end
      if (st_q == StCalc) begin
        cat_q    <= u_cat;
        pass_q   <= u_pass;
        cwe_q    <= u_cwe;
        zwe_q    <= u_zwe;
        zwdata_q <= u_zwdata;
        zbe_q    <= u_zbe;
        swe_q    <= u_swe;
        swdata_q <= u_swdata;
        sbe_q    <= u_sbe;
        inc_q    <= u_inc;
        for (int i = 0; i < 4; i++) begin
          cnt_q[i] <= cnt_q[i] + {31'd0, u_inc[i]};
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    memreq_valid_o = 1'b0;
    memreq_addr_o  = '0;
    memreq_we_o    = 1'b0;
    memreq_wdata_o = '0;
    memreq_be_o    = '0;
    unique case (st_q)
      StRz: begin
        memreq_valid_o = 1'b1;
        memreq_addr_o  = {zraddr[31:2], 2'b00};
      end
      StRs: begin
        memreq_valid_o = 1'b1;
        memreq_addr_o  = {sraddr[31:2], 2'b00};
      end
      StWrz: begin
        memreq_valid_o = 1'b1;
        memreq_addr_o  = {zwaddr[31:2], 2'b00};
        memreq_we_o    = 1'b1;
        memreq_wdata_o = zwdata_q;
        memreq_be_o    = zbe_q;
      end
      StWrs: begin
        memreq_valid_o = 1'b1;
        memreq_addr_o  = {swaddr[31:2], 2'b00};
        memreq_we_o    = 1'b1;
        memreq_wdata_o = swdata_q;
        memreq_be_o    = sbe_q;
      end
      default: ;
    endcase
  end

  assign memrsp_ready_o = 1'b1;

  assign pass_valid_o = st_q == StOut;
  assign pass_x_o     = pass_valid_o ? x_q : '0;
  assign pass_y_o     = pass_valid_o ? y_q : '0;
  assign pass_pass_o  = pass_valid_o && pass_q;
  assign pass_cwe_o   = pass_valid_o && cwe_q;
  assign pass_cat_o   = pass_valid_o ? cat_q : '0;
  assign pass_inc_o   = pass_valid_o ? inc_q : '0;
  assign pass_err_o   = pass_valid_o ? err : '0;

  assign idle_o = st_q == StIdle;
  assign cnt0_o = cnt_q[0];
  assign cnt1_o = cnt_q[1];
  assign cnt2_o = cnt_q[2];
  assign cnt3_o = cnt_q[3];

  logic unused;
  assign unused = ^{zwe_q, zrb_q[31:24], srb_q[31:24], zwb_q[31:24], swb_q[31:24], size_q[31:22],
                    dinfo_q[31:8], dinfo_q[3:0], zwaddr[1:0], swaddr[1:0], zraddr[0]};
endmodule
