// r5xx_raster_tie: whether a sample exactly on an edge (E == 0) is inside, from the
// primitive's SC_EDGERULE value and the edge's class (docs/blocks/r5xx.raster.md "Coverage of one
// sample", decision D6).  The edge goes from (xi, yi) to (xi + dx, yi + dy); a = -dy, b = dx.
// Combinational.
module r5xx_raster_tie #(
  parameter bit [31:0] CW = 23
) (
  input  logic [4:0]          rule_i,
  input  logic signed [CW-1:0] dx_i,
  input  logic signed [CW-1:0] dy_i,
  output logic                in_o
);

  logic [1:0] bit_sel;

  always_comb begin
    if (!rule_i[4]) begin
      // L (a > 0) 3, R (a < 0) 2, HT (a == 0, b > 0) 1, HB (a == 0, b < 0) 0
      if (dy_i < 0) begin
        bit_sel = 2'd3;
      end else if (dy_i > 0) begin
        bit_sel = 2'd2;
      end else if (dx_i > 0) begin
        bit_sel = 2'd1;
      end else begin
        bit_sel = 2'd0;
      end
    end else begin
      // VL (b == 0, a > 0) 1, VR (b == 0, a < 0) 0, T (b > 0) 2, B (b < 0) 3
      if (dx_i == 0) begin
        bit_sel = (dy_i < 0) ? 2'd1 : 2'd0;
      end else if (dx_i > 0) begin
        bit_sel = 2'd2;
      end else begin
        bit_sel = 2'd3;
      end
    end
  end

  assign in_o = !rule_i[{1'b0, bit_sel}];

endmodule
