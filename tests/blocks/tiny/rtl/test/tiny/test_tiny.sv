// test_tiny: adds two bytes; the sum waits in a one-entry output register (the block of
// tests/blocks/scratch_test.py).  An input is taken when the register is empty or being emptied.
module test_tiny (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       a_valid_i,
  output logic       a_ready_o,
  input  logic [7:0] a_x_i,
  input  logic [7:0] a_y_i,
  output logic       s_valid_o,
  input  logic       s_ready_i,
  output logic [8:0] s_sum_o,
  output logic       idle_o
);
  logic       full_q, full_d;
  logic [8:0] sum_q, sum_d;

  assign a_ready_o = !full_q || s_ready_i;
  assign s_valid_o = full_q;
  assign s_sum_o   = sum_q;
  assign idle_o    = !full_q;

  always_comb begin
    full_d = full_q && !s_ready_i;
    sum_d  = sum_q;
    if (a_valid_i && a_ready_o) begin
      full_d = 1'b1;
      sum_d  = {1'b0, a_x_i} + {1'b0, a_y_i};
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      full_q <= 1'b0;
      sum_q  <= '0;
    end else begin
      full_q <= full_d;
      sum_q  <= sum_d;
    end
  end
endmodule
