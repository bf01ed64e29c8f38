// r5xx_tx_regs: the registers of the R5xx texture unit (docs/blocks/r5xx.tx.md, "Registers"; the
// C twin is r5xx_tx_regs_write() in model/r5xx/tx/tx_math.c): TX_ENABLE, TX_FILTER4 and, per
// sampler, TX_FILTER0/1, TX_FORMAT0/1/2, TX_OFFSET, TX_CHROMA_KEY and TX_BORDER_COLOR, every bit
// as written, all reset to 0.  One write port; one read port of one sampler's registers.
module r5xx_tx_regs (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        we_i,
  input  logic [15:0] waddr_i,
  input  logic [31:0] wdata_i,
  input  logic [3:0]  rsel_i,        // the sampler read
  output logic [31:0] enable_o,      // TX_ENABLE
  output logic [31:0] filter0_o,
  output logic [31:0] filter1_o,
  output logic [31:0] format0_o,
  output logic [31:0] format1_o,
  output logic [31:0] format2_o,
  output logic [31:0] offset_o,
  output logic [31:0] border_o,
  output logic [31:0] chroma_o
);

  localparam logic [15:0] TxEnable  = 16'h4104;   // 000:11415
  localparam logic [15:0] TxFilter4 = 16'h4110;   // 000:11667

  // banks of 16 (one array each): 0 FILTER0 0x4400, 1 FILTER1 0x4440, 2 FORMAT0 0x4480,
  // 3 FORMAT1 0x44C0, 4 FORMAT2 0x4500, 5 OFFSET 0x4540, 6 CHROMA_KEY 0x4580, 7 BORDER_COLOR 0x45C0
  logic [31:0] filter0_q [16];
  logic [31:0] filter1_q [16];
  logic [31:0] format0_q [16];
  logic [31:0] format1_q [16];
  logic [31:0] format2_q [16];
  logic [31:0] offset_q  [16];
  logic [31:0] chroma_q  [16];
  logic [31:0] border_q  [16];
  logic [31:0] enable_q;
  logic [31:0] filter4_q;
  logic        in_banks;
  logic [2:0]  wbank;
  logic [3:0]  widx;

  assign in_banks = we_i && waddr_i[15:9] == 7'b0100_010 && waddr_i[1:0] == 2'b00;   // 0x4400-0x45FC
  assign wbank    = waddr_i[8:6];
  assign widx     = waddr_i[5:2];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      enable_q  <= 32'd0;
      filter4_q <= 32'd0;
      for (int i = 0; i < 16; i++) begin
        filter0_q[i] <= 32'd0;
        filter1_q[i] <= 32'd0;
        format0_q[i] <= 32'd0;
        format1_q[i] <= 32'd0;
        format2_q[i] <= 32'd0;
        offset_q[i]  <= 32'd0;
        chroma_q[i]  <= 32'd0;
        border_q[i]  <= 32'd0;
      end
    end else begin
      if (we_i && waddr_i == TxEnable) begin
        enable_q <= wdata_i;
      end
      if (we_i && waddr_i == TxFilter4) begin
        filter4_q <= wdata_i;
      end
      if (in_banks) begin
        unique case (wbank)
          3'd0:    filter0_q[widx] <= wdata_i;
          3'd1:    filter1_q[widx] <= wdata_i;
          3'd2:    format0_q[widx] <= wdata_i;
          3'd3:    format1_q[widx] <= wdata_i;
          3'd4:    format2_q[widx] <= wdata_i;
          3'd5:    offset_q[widx]  <= wdata_i;
          3'd6:    chroma_q[widx]  <= wdata_i;
          default: border_q[widx]  <= wdata_i;
        endcase
      end
    end
  end

  assign enable_o  = enable_q;
  assign filter0_o = filter0_q[rsel_i];
  assign filter1_o = filter1_q[rsel_i];
  assign format0_o = format0_q[rsel_i];
  assign format1_o = format1_q[rsel_i];
  assign format2_o = format2_q[rsel_i];
  assign offset_o  = offset_q[rsel_i];
  assign border_o  = border_q[rsel_i];
  assign chroma_o  = chroma_q[rsel_i];

  // TX_FILTER4 (Filter4 is not built) is held, unread.
  logic unused_regs;
  assign unused_regs = ^{filter4_q};

endmodule
