// si_cb: the Sea Islands colour backend, render target 0 (docs/blocks/si.cb.md, the contract this
// RTL follows; ports from cb.block).
//
// Snoops the CB context registers and writes one pixel at a time to a linear colour surface:
//   IDLE -> START -> [RD(i) -> RSP(i)] x n -> CALC -> [WR(i)] x n -> OUT -> IDLE
// (n = 1, 2 or 4 dwords; a pixel that is not written goes from START to OUT).  The pixel itself
// is si_cb_pixel.  A register write is accepted only in IDLE; a refused one blocks the next
// fragment.  Every output is a function of the state only.
module si_cb (
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
  input  logic [31:0] frag_r_i,
  input  logic [31:0] frag_g_i,
  input  logic [31:0] frag_b_i,
  input  logic [31:0] frag_a_i,
  input  logic [31:0] frag_r1_i,
  input  logic [31:0] frag_g1_i,
  input  logic [31:0] frag_b1_i,
  input  logic [31:0] frag_a1_i,
  input  logic        frag_cwe_i,

  output logic        memreq_valid_o,
  input  logic        memreq_ready_i,
  output logic [31:0] memreq_addr_o,
  output logic        memreq_we_o,
  output logic [31:0] memreq_wdata_o,
  output logic [3:0]  memreq_be_o,
  input  logic        memrsp_valid_i,
  output logic        memrsp_ready_o,
  input  logic [31:0] memrsp_data_i,

  output logic        pix_valid_o,
  input  logic        pix_ready_i,
  output logic [13:0] pix_x_o,
  output logic [13:0] pix_y_o,
  output logic        pix_wr_o,
  output logic [1:0]  pix_err_o,

  output logic        idle_o
);

  typedef enum logic [2:0] {StIdle, StStart, StRd, StRsp, StCalc, StWr, StOut} st_e;
  st_e st_q;
  st_e st_d;

  // ---------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------
  logic [31:0]  base_q, pitch_q, slice_q, info_q, cw0_q, cw1_q, blend_q, cctl_q, tmask_q, smask_q;
  logic [127:0] cst_q;
  logic         regw_fire;
  logic         rw_wait_q;

  assign regw_ready_o = st_q == StIdle;
  assign regw_fire    = regw_valid_i && regw_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      base_q <= '0; pitch_q <= '0; slice_q <= '0; info_q <= '0; cw0_q <= '0; cw1_q <= '0;
      blend_q <= '0; cctl_q <= '0; tmask_q <= '0; smask_q <= '0; cst_q <= '0;
      rw_wait_q <= 1'b0;
    end else begin
      rw_wait_q <= regw_valid_i && !regw_fire;
      if (regw_fire) begin
        unique case (regw_addr_i)
          18'h28C60: base_q  <= regw_data_i;
          18'h28C64: pitch_q <= regw_data_i;
          18'h28C68: slice_q <= regw_data_i;
          18'h28C70: info_q  <= regw_data_i;
          18'h28C8C: cw0_q   <= regw_data_i;
          18'h28C90: cw1_q   <= regw_data_i;
          18'h28780: blend_q <= regw_data_i;
          18'h28414: cst_q[31:0]   <= regw_data_i;
          18'h28418: cst_q[63:32]  <= regw_data_i;
          18'h2841C: cst_q[95:64]  <= regw_data_i;
          18'h28420: cst_q[127:96] <= regw_data_i;
          18'h28808: cctl_q  <= regw_data_i;
          18'h28238: tmask_q <= regw_data_i;
          18'h2823C: smask_q <= regw_data_i;
          default: ;
        endcase
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The fragment and its plan
  // ---------------------------------------------------------------------------------------------
  logic         frag_fire;
  logic [13:0]  x_q;
  logic [13:0]  y_q;
  logic [127:0] src_q;
  logic [127:0] src1_q;
  logic         cwe_q;

  assign frag_ready_o = st_q == StIdle && !rw_wait_q;
  assign frag_fire    = frag_valid_i && frag_ready_o;

  logic [4:0]  fmt;
  logic [2:0]  nt;
  logic [2:0]  mode;
  logic        fmt_ok;
  logic [7:0]  bpp;
  logic [2:0]  nd;
  logic [14:0] pitch;
  logic [31:0] pix;
  logic [1:0]  err;
  logic [3:0]  cm;
  logic        write;
  logic [31:0] addr;

  assign fmt  = info_q[6:2];
  assign nt   = info_q[10:8];
  assign mode = cctl_q[6:4];
  always_comb begin
    fmt_ok = 1'b1;
    bpp    = 8'd32;
    unique case (fmt)
      5'd1:  begin bpp = 8'd8;   fmt_ok = nt == 3'd0 || nt == 3'd6 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd2:  begin bpp = 8'd16;  fmt_ok = nt == 3'd0 || nt == 3'd7 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd3:  begin bpp = 8'd16;  fmt_ok = nt == 3'd0 || nt == 3'd6 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd4:  begin bpp = 8'd32;  fmt_ok = nt == 3'd7 || nt == 3'd4 || nt == 3'd5; end
      5'd5:  begin bpp = 8'd32;  fmt_ok = nt == 3'd0 || nt == 3'd7 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd8:  begin bpp = 8'd32;  fmt_ok = nt == 3'd0 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd9:  begin bpp = 8'd32;  fmt_ok = nt == 3'd0 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd10: begin bpp = 8'd32;  fmt_ok = nt == 3'd0 || nt == 3'd6 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd12: begin bpp = 8'd64;  fmt_ok = nt == 3'd0 || nt == 3'd7 || nt == 3'd1 || nt == 3'd4 || nt == 3'd5; end
      5'd14: begin bpp = 8'd128; fmt_ok = nt == 3'd7 || nt == 3'd4 || nt == 3'd5; end
      5'd16: begin bpp = 8'd16;  fmt_ok = nt == 3'd0; end
      5'd17: begin bpp = 8'd16;  fmt_ok = nt == 3'd0; end
      5'd18: begin bpp = 8'd16;  fmt_ok = nt == 3'd0; end
      5'd19: begin bpp = 8'd16;  fmt_ok = nt == 3'd0; end
      default: begin bpp = 8'd32; fmt_ok = 1'b0; end
    endcase
  end
  assign nd     = bpp <= 8'd32 ? 3'd1 : bpp == 8'd64 ? 3'd2 : 3'd4;
  assign pitch  = {12'(pitch_q[10:0]) + 12'd1, 3'b000};
  assign pix    = 32'(y_q) * 32'(pitch) + 32'(x_q);
  assign err[0] = {1'b0, x_q} >= pitch || {1'b0, pix} >= {5'd0, slice_q[21:0], 6'd0} + 33'd64;
  assign err[1] = !fmt_ok || mode > 3'd2 || (mode == 3'd2 && bpp == 8'd128);
  assign cm     = cwe_q ? tmask_q[3:0] & smask_q[3:0] : 4'd0;
  assign write  = err == 2'd0 && (mode == 3'd2 || (mode == 3'd1 && cm != 4'd0));
  assign addr   = {base_q[23:0], 8'd0} + pix * 32'(bpp[7:3]);

  // ---------------------------------------------------------------------------------------------
  // The pixel
  // ---------------------------------------------------------------------------------------------
  logic [127:0] dw_q;
  logic [127:0] out;
  logic [127:0] out_q;
  logic [1:0]   i_q;
  logic         write_q;

  si_cb_pixel u_pixel (
    .info_i  (info_q),
    .blend_i (blend_q),
    .cctl_i  (cctl_q),
    .cm_i    (cm),
    .cw0_i   (cw0_q),
    .cw1_i   (cw1_q),
    .cst_i   (cst_q),
    .off_i   (addr[1:0]),
    .src_i   (src_q),
    .src1_i  (src1_q),
    .dw_i    (dw_q),
    .out_o   (out)
  );

  logic mreq_fire;
  logic last;
  assign mreq_fire = memreq_valid_o && memreq_ready_i;
  assign last      = {1'b0, i_q} + 3'd1 >= nd;

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StIdle:  ;
      StStart: begin
        if (write) begin
          st_d = StRd;
        end else begin
          st_d = StOut;
        end
      end
      StRd:    if (mreq_fire) st_d = StRsp;
      StRsp: begin
        if (memrsp_valid_i && last) begin
          st_d = StCalc;
        end else if (memrsp_valid_i) begin
          st_d = StRd;
        end
      end
      StCalc:  st_d = StWr;
      StWr:    if (mreq_fire && last) st_d = StOut;
      StOut:   if (pix_ready_i) st_d = StIdle;
      default: st_d = StIdle;
    endcase
    if (frag_fire) begin
      st_d = StStart;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q    <= StIdle;
      x_q     <= '0;
      y_q     <= '0;
      src_q   <= '0;
      src1_q  <= '0;
      cwe_q   <= 1'b0;
      dw_q    <= '0;
      out_q   <= '0;
      i_q     <= '0;
      write_q <= 1'b0;
    end else begin
      st_q <= st_d;
      if (frag_fire) begin
        x_q    <= frag_x_i;
        y_q    <= frag_y_i;
        src_q  <= {frag_a_i, frag_b_i, frag_g_i, frag_r_i};
        src1_q <= {frag_a1_i, frag_b1_i, frag_g1_i, frag_r1_i};
        cwe_q  <= frag_cwe_i;
      end
      if (st_q == StStart) begin
        i_q     <= '0;
        write_q <= write;
      end
      if (st_q == StRsp && memrsp_valid_i) begin
        dw_q[32*i_q +: 32] <= memrsp_data_i;
        if (!last) begin
          i_q <= i_q + 2'd1;
        end
      end
      if (st_q == StCalc) begin
        out_q <= out;
        i_q   <= '0;
      end
      if (st_q == StWr && mreq_fire && !last) begin
        i_q <= i_q + 2'd1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign memreq_valid_o = st_q == StRd || st_q == StWr;
  assign memreq_addr_o  = memreq_valid_o ? {addr[31:2], 2'b00} + {28'd0, i_q, 2'b00} : '0;
  assign memreq_we_o    = st_q == StWr;
  assign memreq_wdata_o = st_q == StWr ? out_q[32*i_q +: 32] : '0;
  assign memreq_be_o    = st_q == StWr ? 4'hF : 4'h0;
  assign memrsp_ready_o = 1'b1;

  assign pix_valid_o = st_q == StOut;
  assign pix_x_o     = pix_valid_o ? x_q : '0;
  assign pix_y_o     = pix_valid_o ? y_q : '0;
  assign pix_wr_o    = pix_valid_o && write_q;
  assign pix_err_o   = pix_valid_o ? err : '0;

  assign idle_o = st_q == StIdle;

  logic unused;
  assign unused = ^{base_q[31:24], pitch_q[31:11], slice_q[31:22], tmask_q[31:4], smask_q[31:4]};
endmodule
