// r5xx_tile_regs: the surface registers r5xx_tile snoops from the register backbone, and the
// read port that hands one surface's registers to the decoder (docs/blocks/r5xx.tile.md).
//
// Only the bits a decoder uses are stored; the read port returns them in their register
// positions with every other bit 0.  A write is taken at the edge it is offered on (the
// channel is always ready); addresses other than these, and addresses that are not a multiple
// of 4, are ignored.  Reset: 0, except COLORFORMAT = 6 (ARGB8888) in RB3D_COLORPITCHn (000:8833).
//
// Surface codes: 0-3 colour buffer n, 4 depth buffer, 16-31 texture map n-16, others none.
module r5xx_tile_regs (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        we_i,
  input  logic [15:0] waddr_i,
  input  logic [31:0] wdata_i,

  input  logic [4:0]  surf_i,
  output logic [1:0]  kind_o,    // 0 CB, 1 ZB, 2 TX, 3 none (r5xx_tile_surf's encoding)
  output logic [31:0] reg0_o,
  output logic [31:0] reg1_o,
  output logic [31:0] reg2_o,
  output logic [31:0] reg3_o
);

  localparam logic [15:0] RB3D_COLOROFFSET0 = 16'h4E28;   // ..3 at +4 (000:8798)
  localparam logic [15:0] RB3D_COLORPITCH0  = 16'h4E38;   // ..3 at +4 (000:8806)
  localparam logic [15:0] ZB_FORMAT         = 16'h4F10;   // 000:15129
  localparam logic [15:0] ZB_DEPTHOFFSET    = 16'h4F20;   // 000:15062
  localparam logic [15:0] ZB_DEPTHPITCH     = 16'h4F24;   // 000:15069
  // TX_FORMAT0_n 0x4480 (000:11695), TX_FORMAT1_n 0x44C0 (000:11726), TX_FORMAT2_n 0x4500
  // (000:11937), TX_OFFSET_n 0x4540 (000:11981): four arrays of 16 at +4, decoded as one range
  localparam logic [15:0] TX_FORMAT0_0      = 16'h4480;

  localparam logic [3:0] ColorFormatReset = 4'd6;

  // stored fields
  logic [26:0] cb_off_q   [4];   // COLOROFFSET[31:5]
  logic [12:0] cb_pitch_q [4];   // COLORPITCH[13:1]
  logic        cb_tile_q  [4];   // COLORTILE[16]
  logic [1:0]  cb_micro_q [4];   // COLORMICROTILE[18:17]
  logic [3:0]  cb_fmt_q   [4];   // COLORFORMAT[24:21]
  logic [26:0] zb_off_q;         // DEPTHOFFSET[31:5]
  logic [11:0] zb_pitch_q;       // DEPTHPITCH[13:2]
  logic        zb_macro_q;       // DEPTHMACROTILE[16]
  logic [1:0]  zb_micro_q;       // DEPTHMICROTILE[18:17]
  logic [3:0]  zb_fmt_q;         // DEPTHFORMAT[3:0]
  logic [29:0] tx_off_q   [16];  // TXOFFSET[31:5], MICRO_TILE[4:3], MACRO_TILE[2]
  logic        tx_pen_q   [16];  // TX_FORMAT0.TXPITCH_EN[31]
  logic [10:0] tx_width_q [16];  // TX_FORMAT0.TXWIDTH[10:0]
  logic [4:0]  tx_fmt_q   [16];  // TX_FORMAT1.TXFORMAT[4:0]
  logic [15:0] tx_f2_q    [16];  // TX_FORMAT2 TXWIDTH_11[15], TXFORMAT_MSB[14], TXPITCH[13:0]

  // write decode
  logic        aligned;
  logic [15:0] cb_off_rel;
  logic [15:0] cb_pitch_rel;
  logic [15:0] tx_rel;
  logic        cb_off_hit;
  logic        cb_pitch_hit;
  logic        tx_hit;
  logic [1:0]  cb_idx;
  logic [1:0]  cb_pidx;
  logic [3:0]  tx_idx;
  logic [1:0]  tx_reg;

  assign aligned      = waddr_i[1:0] == 2'b00;
  assign cb_off_rel   = waddr_i - RB3D_COLOROFFSET0;
  assign cb_pitch_rel = waddr_i - RB3D_COLORPITCH0;
  assign tx_rel       = waddr_i - TX_FORMAT0_0;
  assign cb_off_hit   = we_i && aligned && cb_off_rel < 16'd16;
  assign cb_pitch_hit = we_i && aligned && cb_pitch_rel < 16'd16;
  assign tx_hit       = we_i && aligned && tx_rel < 16'd256;
  assign cb_idx       = cb_off_rel[3:2];
  assign cb_pidx      = cb_pitch_rel[3:2];
  assign tx_idx       = tx_rel[5:2];
  assign tx_reg       = tx_rel[7:6];   // 0 FORMAT0, 1 FORMAT1, 2 FORMAT2, 3 OFFSET

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int i = 0; i < 4; i++) begin
        cb_off_q[i]   <= '0;
        cb_pitch_q[i] <= '0;
        cb_tile_q[i]  <= 1'b0;
        cb_micro_q[i] <= '0;
        cb_fmt_q[i]   <= ColorFormatReset;
      end
      zb_off_q   <= '0;
      zb_pitch_q <= '0;
      zb_macro_q <= 1'b0;
      zb_micro_q <= '0;
      zb_fmt_q   <= '0;
      for (int i = 0; i < 16; i++) begin
        tx_off_q[i]   <= '0;
        tx_pen_q[i]   <= 1'b0;
        tx_width_q[i] <= '0;
        tx_fmt_q[i]   <= '0;
        tx_f2_q[i]    <= '0;
      end
    end else begin
      if (cb_off_hit) begin
        cb_off_q[cb_idx] <= wdata_i[31:5];
      end
      if (cb_pitch_hit) begin
        cb_pitch_q[cb_pidx] <= wdata_i[13:1];
        cb_tile_q[cb_pidx]  <= wdata_i[16];
        cb_micro_q[cb_pidx] <= wdata_i[18:17];
        cb_fmt_q[cb_pidx]   <= wdata_i[24:21];
      end
      if (we_i && waddr_i == ZB_DEPTHOFFSET) begin
        zb_off_q <= wdata_i[31:5];
      end
      if (we_i && waddr_i == ZB_DEPTHPITCH) begin
        zb_pitch_q <= wdata_i[13:2];
        zb_macro_q <= wdata_i[16];
        zb_micro_q <= wdata_i[18:17];
      end
      if (we_i && waddr_i == ZB_FORMAT) begin
        zb_fmt_q <= wdata_i[3:0];
      end
      if (tx_hit) begin
        unique case (tx_reg)
          2'd0: begin
            tx_pen_q[tx_idx]   <= wdata_i[31];
            tx_width_q[tx_idx] <= wdata_i[10:0];
          end
          2'd1:    tx_fmt_q[tx_idx] <= wdata_i[4:0];
          2'd2:    tx_f2_q[tx_idx]  <= wdata_i[15:0];
          default: tx_off_q[tx_idx] <= wdata_i[31:2];
        endcase
      end
    end
  end

  // read port: one surface's registers in their register positions
  logic [1:0] cs;
  logic [3:0] ts;

  assign cs = surf_i[1:0];
  assign ts = surf_i[3:0];

  always_comb begin
    kind_o = 2'd3;
    reg0_o = '0;
    reg1_o = '0;
    reg2_o = '0;
    reg3_o = '0;
    if (surf_i[4]) begin
      kind_o = 2'd2;
      reg0_o = {tx_off_q[ts], 2'b00};
      reg1_o = {tx_pen_q[ts], 20'd0, tx_width_q[ts]};
      reg2_o = {27'd0, tx_fmt_q[ts]};
      reg3_o = {16'd0, tx_f2_q[ts]};
    end else if (surf_i[3:2] == 2'b00) begin
      kind_o = 2'd0;
      reg0_o = {cb_off_q[cs], 5'd0};
      reg1_o = {7'd0, cb_fmt_q[cs], 2'b00, cb_micro_q[cs], cb_tile_q[cs], 2'b00, cb_pitch_q[cs], 1'b0};
    end else if (surf_i[3:0] == 4'd4) begin
      kind_o = 2'd1;
      reg0_o = {zb_off_q, 5'd0};
      reg1_o = {13'd0, zb_micro_q, zb_macro_q, 2'b00, zb_pitch_q, 2'b00};
      reg2_o = {28'd0, zb_fmt_q};
    end
  end

endmodule
