// prim_fifo: the small synchronous FIFO every block's RTL uses (the CP's fetch and output
// queues, the tile, ZB and RB3D fragment and output queues).
//
// Push and pop may happen on the same edge; a flush empties the FIFO and wins over both.  The
// caller never pushes into a full FIFO (each block's space or credit rule guarantees it).  The head entry is
// driven as 0 while the FIFO is empty, so the storage array needs no reset.
module prim_fifo #(
  parameter bit [31:0] Width = 32,
  parameter bit [31:0] Depth = 2,   // a power of two, at least 2
  localparam bit [31:0] CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             flush_i,
  input  logic             push_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             pop_i,

  output logic [Width-1:0] rdata_o,
  output logic             empty_o,
  output logic [CntW-1:0]  count_o
);

  localparam bit [31:0] PtrW = $clog2(Depth);

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  wr_ptr_q, wr_ptr_d;
  logic [PtrW-1:0]  rd_ptr_q, rd_ptr_d;
  logic [CntW-1:0]  count_q, count_d;
  logic             pop;

  assign pop = pop_i & (count_q != '0);

  always_comb begin
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    count_d  = count_q;
    if (flush_i) begin
      wr_ptr_d = '0;
      rd_ptr_d = '0;
      count_d  = '0;
    end else begin
      if (push_i) begin
        wr_ptr_d = wr_ptr_q + 1'b1;
      end
      if (pop) begin
        rd_ptr_d = rd_ptr_q + 1'b1;
      end
      if (push_i && !pop) begin
        count_d = count_q + 1'b1;
      end else if (!push_i && pop) begin
        count_d = count_q - 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      wr_ptr_q <= wr_ptr_d;
      rd_ptr_q <= rd_ptr_d;
      count_q  <= count_d;
    end
  end

  // Storage: written on a push, read only while the FIFO holds data.
  always_ff @(posedge clk_i) begin
    if (push_i && !flush_i) begin
      mem_q[wr_ptr_q] <= wdata_i;
    end
  end

  assign rdata_o = (count_q != '0) ? mem_q[rd_ptr_q] : '0;
  assign empty_o = (count_q == '0);
  assign count_o = count_q;

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; docs/hardening.md "RTL assertions").  Plain `if` + $error in an
  // `always @(posedge)` (not always_ff: Icarus 11 warns of a system task there), the subset that
  // both Verilator (with or without --assert) and Icarus 11 check.
  // ---------------------------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      // FifoNoOverflow: the caller's space rule never pushes into a full FIFO (a pop on the same
      // edge makes room).
      if (push_i && !pop && count_q == Depth[CntW-1:0]) begin
        $error("%m: ASSERT FifoNoOverflow: push into a full FIFO (depth %0d)", Depth);
      end
      // FifoCountInRange: the count never exceeds the depth.
      if (count_q > Depth[CntW-1:0]) begin
        $error("%m: ASSERT FifoCountInRange: count %0d above the depth %0d", count_q, Depth);
      end
    end
  end
`endif

endmodule
