// r5xx_pvs_swz: one source operand of r5xx.pvs after its memory read (docs/blocks/r5xx.pvs.md,
// "Operands"): per component the swizzle select (0-3 a component, 5 = 1.0, 4, 6, 7 = 0.0),
// then ABS_XYZW (sign cleared), then NEGATE (sign flipped).  The C twin is fetch() in
// model/r5xx/pvs/pvs_exec.c.
module r5xx_pvs_swz (
  input  logic [31:0]  s_i,        // the source operand dword
  input  logic [127:0] raw_i,      // the addressed vector (x in bits 31:0)
  output logic [127:0] v_o
);
  for (genvar c = 0; c < 4; c++) begin : g_c
    logic [2:0]  sw;
    logic [31:0] x, xa;
    assign sw = s_i[15 + 3*c -: 3];
    always_comb begin
      case (sw)
        3'd0:    x = raw_i[31:0];
        3'd1:    x = raw_i[63:32];
        3'd2:    x = raw_i[95:64];
        3'd3:    x = raw_i[127:96];
        3'd5:    x = 32'h3F800000;
        default: x = 32'h0;
      endcase
    end
    assign xa = s_i[3] ? {1'b0, x[30:0]} : x;
    assign v_o[32*c +: 32] = {xa[31] ^ s_i[25 + c], xa[30:0]};
  end
  // type, spare, address mode, offset and select are the address logic's
  logic unused;
  assign unused = ^{s_i[31:29], s_i[12:4], s_i[2:0]};
endmodule
