// r5xx_rb3d_opq: Q, the in-order queue of pixel operations waiting for their write
// (docs/blocks/r5xx.rb3d.md "Pipeline"), with the read-after-write check: hit_o says whether any
// queued operation has the 64-bit word address cmp_i and occupies any of the bytes cmp_bytes_i.  Push and pop may happen on the same
// edge; the caller never pushes into a full queue nor pops an empty one.  Every flop is reset;
// the head is 0 while the queue is empty.
module r5xx_rb3d_opq #(
  parameter bit [31:0] Width = 32,   // payload beside the address
  parameter bit [31:0] Depth = 8,    // a power of two
  localparam bit [31:0] CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             push_i,
  input  logic [28:0]      waddr_i,
  input  logic [7:0]       wbytes_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             pop_i,

  output logic [28:0]      raddr_o,
  output logic [Width-1:0] rdata_o,
  output logic [CntW-1:0]  count_o,

  input  logic [28:0]      cmp_i,
  input  logic [7:0]       cmp_bytes_i,
  output logic             hit_o
);

  localparam bit [31:0] PtrW = $clog2(Depth);

  logic [28:0]      addr_q [Depth];
  logic [7:0]       bytes_q [Depth];
  logic [Width-1:0] data_q [Depth];
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
        addr_q[i] <= '0;
        bytes_q[i] <= '0;
        data_q[i] <= '0;
      end
    end else begin
      if (push_i) begin
        addr_q[wr_ptr_q] <= waddr_i;
        bytes_q[wr_ptr_q] <= wbytes_i;
        data_q[wr_ptr_q] <= wdata_i;
        wr_ptr_q         <= wr_ptr_q + 1'b1;
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

  assign raddr_o = (count_q != '0) ? addr_q[rd_ptr_q] : '0;
  assign rdata_o = (count_q != '0) ? data_q[rd_ptr_q] : '0;
  assign count_o = count_q;

  // Slot i holds an entry when its distance from the head is below the count.
  always_comb begin
    hit_o = 1'b0;
    for (int i = 0; i < int'(Depth); i++) begin
      logic [PtrW-1:0] gap;
      gap = PtrW'(i) - rd_ptr_q;
      if ({1'b0, gap} < count_q && addr_q[i] == cmp_i && (bytes_q[i] & cmp_bytes_i) != 8'd0) begin
        hit_o = 1'b1;
      end
    end
  end

endmodule
