// si_vgt_regs: the registers si.vgt snoops from the register-write port (docs/blocks/si.vgt.md,
// "Registers snooped").  Byte addresses from seed 002; every other address is ignored.
// VGT_DMA_INDEX_TYPE and VGT_INDEX_TYPE share the index type, VGT_DMA_NUM_INSTANCES and
// VGT_NUM_INSTANCES the instance count (last write wins).
module si_vgt_regs (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        we_i,
  input  logic [19:0] addr_i,
  input  logic [31:0] data_i,
  output logic [31:0] max_indx_o,
  output logic [31:0] min_indx_o,
  output logic [31:0] offset_o,
  output logic [31:0] reset_indx_o,
  output logic [7:0]  base_hi_o,
  output logic [31:1] base_lo_o,      // BASE[0] must be 0 (002:152-153): not stored
  output logic [31:0] dma_size_o,
  output logic [31:0] max_size_o,
  output logic [31:0] num_indices_o,
  output logic [31:0] ninst_o,
  output logic        sz32_o,
  output logic [1:0]  swap_o,
  output logic        reset_en_o
);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      max_indx_o    <= '0;
      min_indx_o    <= '0;
      offset_o      <= '0;
      reset_indx_o  <= '0;
      base_hi_o     <= '0;
      base_lo_o     <= '0;
      dma_size_o    <= '0;
      max_size_o    <= '0;
      num_indices_o <= '0;
      ninst_o       <= '0;
      sz32_o        <= 1'b0;
      swap_o        <= '0;
      reset_en_o    <= 1'b0;
    end else if (we_i) begin
      unique case (addr_i)
        20'h28400: max_indx_o    <= data_i;
        20'h28404: min_indx_o    <= data_i;
        20'h28408: offset_o      <= data_i;
        20'h2840c: reset_indx_o  <= data_i;
        20'h287e4: base_hi_o     <= data_i[7:0];
        20'h287e8: base_lo_o     <= data_i[31:1];
        20'h28a74: dma_size_o    <= data_i;
        20'h28a78: max_size_o    <= data_i;
        20'h28a7c: begin
          sz32_o <= data_i[0];
          swap_o <= data_i[3:2];
        end
        20'h3090c: sz32_o        <= data_i[0];
        20'h28a88: ninst_o       <= data_i;
        20'h30934: ninst_o       <= data_i;
        20'h28a94: reset_en_o    <= data_i[0];
        20'h30930: num_indices_o <= data_i;
        default: ;
      endcase
    end
  end
endmodule
