// r5xx_pvs_slots: the output slots of VAP_OUT_VTX_FMT_0/1 (001:4708-4718; docs/blocks/r5xx.pvs.md,
// "Output"): position (always slot 0), point size, colours 0-3, textures 0-7, packed; n_o slots;
// mask_o[4s +: 4] = the components of slot s that are emitted (a texture's first
// min(TEX_COMP_CNT, 4)).  The C twin is pvs_out_slots() in model/r5xx/pvs/pvs_regs.c.
module r5xx_pvs_slots (
  input  logic [31:0] fmt0_i,
  input  logic [31:0] fmt1_i,
  output logic [4:0]  n_o,
  output logic [63:0] mask_o
);
  // slot number of each attribute = the number of present attributes before it
  logic [13:0] present;
  logic [55:0] amask;
  assign present[0]   = 1'b1;
  assign present[1]   = fmt0_i[16];
  assign present[5:2] = fmt0_i[4:1];
  assign amask[7:0]   = 8'hFF;
  assign amask[23:8]  = 16'hFFFF;
  for (genvar i = 0; i < 8; i++) begin : g_tex
    logic [2:0] cnt;
    assign cnt = fmt1_i[3*i +: 3];
    assign present[6 + i] = cnt != 3'd0;
    assign amask[24 + 4*i +: 4] = cnt == 3'd1 ? 4'h1 : cnt == 3'd2 ? 4'h3 : cnt == 3'd3 ? 4'h7 : 4'hF;
  end
  // nbelow[i] = the number of present attributes below attribute i (i = 14: all of them), a sum
  // of the terms below i; slot s takes the mask of the present attribute with nbelow == s (one
  // at most).  Nets, each written once: the loop form (a default overridden in an always_comb
  // per slot) kept Icarus 11 at time 0 for ever (docs/export.md, "Running under two simulators").
  logic [74:0] nbelow;                   // attribute i at [5i +: 5]
  for (genvar i = 0; i < 15; i++) begin : g_before
    assign nbelow[5*i +: 5] = (0 < i ? 5'(present[0]) : 5'd0) +
                              (1 < i ? 5'(present[1]) : 5'd0) +
                              (2 < i ? 5'(present[2]) : 5'd0) +
                              (3 < i ? 5'(present[3]) : 5'd0) +
                              (4 < i ? 5'(present[4]) : 5'd0) +
                              (5 < i ? 5'(present[5]) : 5'd0) +
                              (6 < i ? 5'(present[6]) : 5'd0) +
                              (7 < i ? 5'(present[7]) : 5'd0) +
                              (8 < i ? 5'(present[8]) : 5'd0) +
                              (9 < i ? 5'(present[9]) : 5'd0) +
                              (10 < i ? 5'(present[10]) : 5'd0) +
                              (11 < i ? 5'(present[11]) : 5'd0) +
                              (12 < i ? 5'(present[12]) : 5'd0) +
                              (13 < i ? 5'(present[13]) : 5'd0);
  end
  for (genvar s = 0; s < 16; s++) begin : g_slot
    logic [55:0] hm;                     // attribute i's mask at [4i +: 4] if it is slot s
    for (genvar i = 0; i < 14; i++) begin : g_i
      assign hm[4*i +: 4] = (present[i] && nbelow[5*i +: 5] == 5'(s)) ? amask[4*i +: 4] : 4'h0;
    end
    assign mask_o[4*s +: 4] = hm[0 +: 4] |
                              hm[4 +: 4] |
                              hm[8 +: 4] |
                              hm[12 +: 4] |
                              hm[16 +: 4] |
                              hm[20 +: 4] |
                              hm[24 +: 4] |
                              hm[28 +: 4] |
                              hm[32 +: 4] |
                              hm[36 +: 4] |
                              hm[40 +: 4] |
                              hm[44 +: 4] |
                              hm[48 +: 4] |
                              hm[52 +: 4];
  end
  assign n_o = nbelow[74:70];
  logic unused;
  assign unused = ^{fmt0_i[31:17], fmt0_i[15:5], fmt0_i[0], fmt1_i[31:24]};
endmodule
