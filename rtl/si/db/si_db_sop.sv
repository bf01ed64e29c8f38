// si_db_sop: one stencil operation [002:L7147; 004:L2161-2179]; the operand of the
// add/subtract/logic operations is STENCILOPVAL; the clamps saturate to 0..255.
module si_db_sop (
  input  logic [3:0] op_i,
  input  logic [7:0] s_i,
  input  logic [7:0] ref_i,
  input  logic [7:0] val_i,
  output logic [7:0] r_o
);
  logic [8:0] sum;
  assign sum = {1'b0, s_i} + {1'b0, val_i};
  always_comb begin
    unique case (op_i)
      4'd0:  r_o = s_i;
      4'd1:  r_o = 8'h00;
      4'd2:  r_o = 8'hFF;
      4'd3:  r_o = ref_i;
      4'd4:  r_o = val_i;
      4'd5:  r_o = sum[8] ? 8'hFF : sum[7:0];
      4'd6:  r_o = s_i < val_i ? 8'h00 : s_i - val_i;
      4'd7:  r_o = ~s_i;
      4'd8:  r_o = sum[7:0];
      4'd9:  r_o = s_i - val_i;
      4'd10: r_o = s_i & val_i;
      4'd11: r_o = s_i | val_i;
      4'd12: r_o = s_i ^ val_i;
      4'd13: r_o = ~(s_i & val_i);
      4'd14: r_o = ~(s_i | val_i);
      default: r_o = ~(s_i ^ val_i);
    endcase
  end
endmodule
