// r5xx_rb3d_swap: the COLORENDIAN swap of a 64-bit memory word and its 8 byte enables, applied
// to each 32-bit half (000:8826-8831; codes as the CP's, 000:8014-8020): 0 none, 1 bytes in each
// 16 bits, 2 bytes in 32 bits, 3 the two 16-bit halves.  Its own inverse.  The C twins are
// rb3d_swap() / rb3d_swap_be().  Purely combinational.
module r5xx_rb3d_swap (
  input  logic [1:0]  mode_i,
  input  logic [63:0] data_i,
  input  logic [7:0]  be_i,
  output logic [63:0] data_o,
  output logic [7:0]  be_o
);

  always_comb begin
    for (int h = 0; h < 2; h++) begin
      unique case (mode_i)
        2'd1: begin
          data_o[32*h +: 32] = {data_i[32*h+16 +: 8], data_i[32*h+24 +: 8],
                                data_i[32*h    +: 8], data_i[32*h+8  +: 8]};
          be_o[4*h +: 4]     = {be_i[4*h+2], be_i[4*h+3], be_i[4*h], be_i[4*h+1]};
        end
        2'd2: begin
          data_o[32*h +: 32] = {data_i[32*h    +: 8], data_i[32*h+8  +: 8],
                                data_i[32*h+16 +: 8], data_i[32*h+24 +: 8]};
          be_o[4*h +: 4]     = {be_i[4*h], be_i[4*h+1], be_i[4*h+2], be_i[4*h+3]};
        end
        2'd3: begin
          data_o[32*h +: 32] = {data_i[32*h    +: 16], data_i[32*h+16 +: 16]};
          be_o[4*h +: 4]     = {be_i[4*h+1], be_i[4*h], be_i[4*h+3], be_i[4*h+2]};
        end
        default: begin
          data_o[32*h +: 32] = data_i[32*h +: 32];
          be_o[4*h +: 4]     = be_i[4*h +: 4];
        end
      endcase
    end
  end

endmodule
