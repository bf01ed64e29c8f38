// r5xx_rb3d_fifo: the queues of r5xx_rb3d (register writes, fragments, read data;
// docs/blocks/rb3d.md).
//
// Push and pop may happen on the same edge.  The caller never pushes into a full queue (the
// block's ready and credit rules guarantee it) and never pops an empty one.  Every flop is
// reset, and the head is driven as 0 while the queue is empty.
module r5xx_rb3d_fifo #(
  parameter int unsigned Width = 32,
  parameter int unsigned Depth = 2,   // a power of two, at least 2
  localparam int unsigned CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             push_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             pop_i,

  output logic [Width-1:0] rdata_o,
  output logic [CntW-1:0]  count_o
);

  localparam int unsigned PtrW = $clog2(Depth);

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  wr_ptr_q;
  logic [PtrW-1:0]  rd_ptr_q;
  logic [CntW-1:0]  count_q;
  logic             pop;

  assign pop = pop_i && (count_q != '0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
      for (int i = 0; i < int'(Depth); i++) begin
        mem_q[i] <= '0;
      end
    end else begin
      if (push_i) begin
        mem_q[wr_ptr_q] <= wdata_i;
        wr_ptr_q        <= wr_ptr_q + 1'b1;
      end
      if (pop) begin
        rd_ptr_q <= rd_ptr_q + 1'b1;
      end
      if (push_i && !pop) begin
        count_q <= count_q + 1'b1;
      end else if (!push_i && pop) begin
        count_q <= count_q - 1'b1;
      end
    end
  end

  assign rdata_o = (count_q != '0) ? mem_q[rd_ptr_q] : '0;
  assign count_o = count_q;

endmodule
