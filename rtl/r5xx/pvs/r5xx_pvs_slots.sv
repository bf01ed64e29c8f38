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
  // slot s takes the mask of the (s+1)-th present attribute
  for (genvar s = 0; s < 16; s++) begin : g_slot
    logic [3:0] m;
    always_comb begin
      logic [4:0] k;
      k = 5'd0;
      m = 4'h0;
      for (int i = 0; i < 14; i++) begin
        if (present[i] && k == s[4:0]) m = amask[4*i +: 4];
        k = k + {4'd0, present[i]};
      end
    end
    assign mask_o[4*s +: 4] = m;
  end
  always_comb begin
    n_o = 5'd0;
    for (int i = 0; i < 14; i++) n_o = n_o + {4'd0, present[i]};
  end
  logic unused;
  assign unused = ^{fmt0_i[31:17], fmt0_i[15:5], fmt0_i[0], fmt1_i[31:24]};
endmodule
