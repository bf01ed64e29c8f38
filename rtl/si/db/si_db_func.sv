// si_db_func: a ZFUNC / STENCILFUNC code applied to a comparison (NEVER, LESS, EQUAL, LEQUAL,
// GREATER, NOTEQUAL, GEQUAL, ALWAYS [002:L6924]); with an unordered pair only NOTEQUAL and
// ALWAYS pass.
module si_db_func (
  input  logic [2:0] func_i,
  input  logic       lt_i,
  input  logic       eq_i,
  input  logic       un_i,
  output logic       pass_o
);
  logic gt;
  assign gt = !lt_i && !eq_i && !un_i;
  always_comb begin
    unique case (func_i)
      3'd0: pass_o = 1'b0;
      3'd1: pass_o = lt_i;
      3'd2: pass_o = eq_i;
      3'd3: pass_o = lt_i || eq_i;
      3'd4: pass_o = gt;
      3'd5: pass_o = !eq_i;
      3'd6: pass_o = gt || eq_i;
      default: pass_o = 1'b1;
    endcase
  end
endmodule
