// r5xx_gpu_host: the host (MMIO) split of r5xx.gpu (docs/blocks/r5xx.gpu.md, "Host writes"): a host
// write to the CP's ring registers 0x0700-0x071F goes to the CP, any other address to the
// register backbone, ahead of the CP's own stream of register writes in the same cycle (the CP's
// write waits while a host write is offered to the backbone).  But a CP write the backbone has
// not taken stays on offer until it is taken (lock_q): the backbone's channel holds its valid
// and payload while not ready (the valid/ready rule, docs/ARCHITECTURE.md), and a host write
// offered meanwhile waits behind it.  One flop.
module r5xx_gpu_host (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        host_valid_i,     // the chip's host port
  output logic        host_ready_o,
  input  logic [15:0] host_addr_i,
  input  logic [31:0] host_data_i,

  output logic        cp_valid_o,       // to the CP's host port
  input  logic        cp_ready_i,
  output logic [15:0] cp_addr_o,
  output logic [31:0] cp_data_o,

  input  logic        cw_valid_i,       // the CP's register writes
  output logic        cw_ready_o,
  input  logic [15:0] cw_addr_i,
  input  logic [31:0] cw_data_i,

  output logic        bb_valid_o,       // to the register backbone
  input  logic        bb_ready_i,
  output logic [15:0] bb_addr_o,
  output logic [31:0] bb_data_o
);

  logic hcp, mmio, lock_q;

  assign hcp          = (host_addr_i[15:5] == 11'h038);
  assign mmio         = host_valid_i && !hcp && !lock_q;
  assign cp_valid_o   = host_valid_i && hcp;
  assign cp_addr_o    = host_addr_i;
  assign cp_data_o    = host_data_i;
  assign host_ready_o = hcp ? cp_ready_i : (bb_ready_i && !lock_q);
  assign bb_valid_o   = mmio || cw_valid_i;
  assign bb_addr_o    = mmio ? host_addr_i : cw_addr_i;
  assign bb_data_o    = mmio ? host_data_i : cw_data_i;
  assign cw_ready_o   = !mmio && bb_ready_i;

  // a CP write offered to the backbone and not taken: it keeps the backbone next cycle
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lock_q <= 1'b0;
    end else begin
      lock_q <= cw_valid_i && !mmio && !bb_ready_i;
    end
  end

`ifndef SYNTHESIS
  // ---- assertions (docs/hardening.md "RTL assertions") ----
  logic       bbw_q;
  logic [47:0] bbp_q;
  always_ff @(posedge clk_i) begin
    bbw_q <= rst_ni && bb_valid_o && !bb_ready_i;
    bbp_q <= {bb_addr_o, bb_data_o};
  end
  always @(posedge clk_i) begin
    if (rst_ni && bbw_q) begin
      if (!bb_valid_o) begin
        $error("%m: ASSERT BbValidHeld: bb valid dropped before ready");
      end else if ({bb_addr_o, bb_data_o} != bbp_q) begin
        $error("%m: ASSERT BbStable: bb payload changed while waiting for ready");
      end
    end
    if (rst_ni && lock_q && !cw_valid_i) begin
      $error("%m: ASSERT CwValidHeld: the locked CP write withdrawn before the backbone took it");
    end
  end
`endif
endmodule
