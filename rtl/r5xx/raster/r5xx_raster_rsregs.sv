// r5xx_raster_rsregs: the quad path's registers (docs/blocks/r5xx.raster.md "Registers added to the
// snoop table"): RS_COUNT (only whether it is non-zero), RS_INST_COUNT.INST_COUNT, RS_INST_0..15
// [24:0], and wcount, the number of register writes accepted (16 bits, wrapping).
module r5xx_raster_rsregs (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         we_i,
  input  logic [15:0]  waddr_i,
  input  logic [31:0]  wdata_i,
  output logic         qpath_o,      // RS_COUNT != 0
  output logic [3:0]   icount_o,     // RS_INST_COUNT[3:0]
  output logic [399:0] inst_o,       // RS_INST_i[24:0] at [25i +: 25]
  output logic [15:0]  wcount_o
);

  localparam logic [15:0] RsCount     = 16'h4300;
  localparam logic [15:0] RsInstCount = 16'h4304;
  localparam logic [15:0] RsInst0     = 16'h4320;

  logic         qpath_q;
  logic [3:0]   icount_q;
  logic [24:0]  inst_q [16];
  logic [15:0]  wcount_q;
  logic [15:0]  off;
  logic         inst_hit;

  assign off      = waddr_i - RsInst0;
  assign inst_hit = waddr_i >= RsInst0 && waddr_i < RsInst0 + 16'd64 && off[1:0] == 2'd0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      qpath_q  <= 1'b0;
      icount_q <= '0;
      wcount_q <= '0;
      for (int i = 0; i < 16; i++) begin
        inst_q[i] <= '0;
      end
    end else if (we_i) begin
      wcount_q <= wcount_q + 16'd1;
      if (waddr_i == RsCount) begin
        qpath_q <= wdata_i != 32'd0;
      end
      if (waddr_i == RsInstCount) begin
        icount_q <= wdata_i[3:0];
      end
      if (inst_hit) begin
        inst_q[off[5:2]] <= wdata_i[24:0];
      end
    end
  end

  assign qpath_o  = qpath_q;
  assign icount_o = icount_q;
  assign wcount_o = wcount_q;

  always_comb begin
    for (int i = 0; i < 16; i++) begin
      inst_o[25*i +: 25] = inst_q[i];
    end
  end

  logic unused_off;
  assign unused_off = ^{off[15:6]};

endmodule
