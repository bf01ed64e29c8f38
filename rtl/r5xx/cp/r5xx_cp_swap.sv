// r5xx_cp_swap: the R5xx endian swap of one dword (000:8014-8020), used for BUF_SWAP on fetched
// command dwords and for the swap field of CP_RB_RPTR_ADDR on the RPTR write-back.
//   0: none   1: AABBCCDD -> BBAADDCC   2: AABBCCDD -> DDCCBBAA   3: AABBCCDD -> CCDDAABB
module r5xx_cp_swap (
  input  logic [1:0]  mode_i,
  input  logic [31:0] data_i,
  output logic [31:0] data_o
);

  always_comb begin
    unique case (mode_i)
      2'd1:    data_o = {data_i[23:16], data_i[31:24], data_i[7:0], data_i[15:8]};
      2'd2:    data_o = {data_i[7:0], data_i[15:8], data_i[23:16], data_i[31:24]};
      2'd3:    data_o = {data_i[15:0], data_i[31:16]};
      default: data_o = data_i;
    endcase
  end

endmodule
