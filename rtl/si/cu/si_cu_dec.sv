// si_cu_dec: the instruction decoder of si.cu (docs/blocks/si.cu.md, "Instruction set"): the
// format, the opcode (VALU ops in the VOP3 numbering: VOPC op, VOP2 256+op, VOP1 384+op), the
// operand fields, whether a second dword follows, and the VALU opcode's attributes.  Purely
// combinational; w1_i matters only for VOP3, MUBUF, MTBUF and DS.
module si_cu_dec (
  input  logic [31:0] w0_i,
  input  logic [31:0] w1_i,
  output logic [3:0]  fmt_o,
  output logic [8:0]  op_o,
  output logic        two_o,
  output logic [6:0]  sdst_o,
  output logic [7:0]  ssrc0_o,
  output logic [7:0]  ssrc1_o,
  output logic [15:0] simm16_o,
  output logic [7:0]  vdst_o,
  output logic [8:0]  src0_o,
  output logic [8:0]  src1_o,
  output logic [8:0]  src2_o,
  output logic [2:0]  abs_o,
  output logic [2:0]  neg_o,
  output logic        clamp_o,
  output logic [1:0]  omod_o,
  output logic [7:0]  sdst3_o,
  output logic [5:0]  sbase_o,
  output logic        imm_o,
  output logic [7:0]  soff_o,
  output logic [11:0] moff_o,
  output logic        offen_o,
  output logic        idxen_o,
  output logic        addr64_o,
  output logic        lds_o,
  output logic [7:0]  vaddr_o,
  output logic [7:0]  vdata_o,
  output logic [4:0]  srsrc_o,
  output logic        tfe_o,
  output logic [7:0]  msoff_o,
  output logic [15:0] dsoff_o,
  output logic        gds_o,
  output logic [7:0]  dvdst_o,
  output logic [3:0]  dfmt_o,
  output logic [2:0]  nfmt_o,
  output logic [11:0] attr_o
);
  // formats (the same numbers as the C model's CU_F_*)
  localparam logic [3:0] F_SOP2 = 4'd0, F_SOPK = 4'd1, F_SOP1 = 4'd2, F_SOPC = 4'd3,
                         F_SOPP = 4'd4, F_SMRD = 4'd5, F_VOP2 = 4'd6, F_VOP1 = 4'd7,
                         F_VOPC = 4'd8, F_VOP3 = 4'd9, F_MUBUF = 4'd10, F_OTHER = 4'd11,
                         F_DS = 4'd12, F_MTBUF = 4'd13;

  // VALU attributes (cu_isa.h CU_A_*): 0 OK, 1 NS2, 2 NS3, 3 FLT, 4 S064, 5 D64, 6 WV, 7 CMP,
  // 8 CMPX, 9 CO, 10 MSK, 11 VOP2ONLY
  function automatic logic [11:0] vop_attr(input logic [8:0] v);
    logic [11:0] a;
    a = '0;
    if (v < 9'd256) begin
      if (v[7:4] == 4'd0 || v[7:4] == 4'd1) begin
        a = 12'h08B | {3'b0, v[4], 8'h00};
      end else if ((v[7:4] == 4'd8 || v[7:4] == 4'd9 || v[7:4] == 4'd12 || v[7:4] == 4'd13) && !v[3]) begin
        a = 12'h083 | {3'b0, v[4], 8'h00};
      end else begin
        a = '0;
      end
    end else begin
      case (v)
        9'd256:                                   a = 12'h443;
        9'd259, 9'd260, 9'd261, 9'd264, 9'd271, 9'd272: a = 12'h04B;
        9'd265, 9'd267, 9'd273, 9'd274, 9'd275, 9'd276, 9'd277, 9'd278, 9'd279, 9'd280,
        9'd281, 9'd282, 9'd283, 9'd284, 9'd285:     a = 12'h043;
        9'd287:                                   a = 12'h04F;
        9'd288, 9'd289:                           a = 12'h84B;
        9'd293, 9'd294, 9'd295:                   a = 12'h243;
        9'd296, 9'd297, 9'd298:                   a = 12'h643;
        9'd384:                                   a = 12'h001;
        9'd386:                                   a = 12'h801;   // v_readfirstlane_b32
        9'd385, 9'd389, 9'd390, 9'd439, 9'd440:   a = 12'h041;
        9'd391, 9'd392:                           a = 12'h049;
        9'd421, 9'd423, 9'd426, 9'd427, 9'd430, 9'd435, 9'd437, 9'd438: a = 12'h049;  // transcendentals
        9'd257, 9'd258:                           a = 12'h801;   // v_readlane/writelane_b32
        9'd321:                                   a = 12'h04F;
        9'd322, 9'd323, 9'd328, 9'd329, 9'd330:   a = 12'h047;
        9'd353, 9'd354, 9'd355:                   a = 12'h073;
        9'd361, 9'd362, 9'd363, 9'd364:           a = 12'h043;
        default:                                  a = '0;
      endcase
    end
    return a;
  endfunction

  always_comb begin
    fmt_o    = F_OTHER;
    op_o     = '0;
    two_o    = 1'b0;
    sdst_o   = w0_i[22:16];
    ssrc0_o  = w0_i[7:0];
    ssrc1_o  = w0_i[15:8];
    simm16_o = w0_i[15:0];
    vdst_o   = '0;
    src0_o   = '0;
    src1_o   = '0;
    src2_o   = '0;
    abs_o    = '0;
    neg_o    = '0;
    clamp_o  = 1'b0;
    omod_o   = '0;
    sdst3_o  = 8'd106;
    sbase_o  = w0_i[14:9];
    imm_o    = w0_i[8];
    soff_o   = w0_i[7:0];
    moff_o   = w0_i[11:0];
    offen_o  = w0_i[12];
    idxen_o  = w0_i[13];
    addr64_o = w0_i[15];
    lds_o    = w0_i[16];
    vaddr_o  = w1_i[7:0];
    vdata_o  = w1_i[15:8];
    srsrc_o  = w1_i[20:16];
    tfe_o    = w1_i[23];
    msoff_o  = w1_i[31:24];
    dsoff_o  = w0_i[15:0];
    gds_o    = w0_i[17];
    dvdst_o  = w1_i[31:24];
    dfmt_o   = w0_i[22:19];
    nfmt_o   = w0_i[25:23];
    if (w0_i[31:23] == 9'h17D) begin
      fmt_o = F_SOP1;
      op_o  = {1'b0, w0_i[15:8]};
      two_o = w0_i[7:0] == 8'd255;
    end else if (w0_i[31:23] == 9'h17E) begin
      fmt_o = F_SOPC;
      op_o  = {2'b0, w0_i[22:16]};
      two_o = w0_i[7:0] == 8'd255 || w0_i[15:8] == 8'd255;
    end else if (w0_i[31:23] == 9'h17F) begin
      fmt_o = F_SOPP;
      op_o  = {2'b0, w0_i[22:16]};
    end else if (w0_i[31:28] == 4'hB) begin
      fmt_o = F_SOPK;
      op_o  = {4'b0, w0_i[27:23]};
    end else if (w0_i[31:30] == 2'd2) begin
      fmt_o = F_SOP2;
      op_o  = {2'b0, w0_i[29:23]};
      two_o = w0_i[7:0] == 8'd255 || w0_i[15:8] == 8'd255;
    end else if (w0_i[31:27] == 5'h18) begin
      fmt_o  = F_SMRD;
      op_o   = {4'b0, w0_i[26:22]};
      sdst_o = w0_i[21:15];
    end else if (w0_i[31:25] == 7'h3F) begin
      fmt_o  = F_VOP1;
      op_o   = 9'd384 + {1'b0, w0_i[16:9]};
      vdst_o = w0_i[24:17];
      src0_o = w0_i[8:0];
      two_o  = w0_i[8:0] == 9'd255;
    end else if (w0_i[31:25] == 7'h3E) begin
      fmt_o  = F_VOPC;
      op_o   = {1'b0, w0_i[24:17]};
      src0_o = w0_i[8:0];
      src1_o = {1'b1, w0_i[16:9]};
      two_o  = w0_i[8:0] == 9'd255;
    end else if (!w0_i[31]) begin
      fmt_o  = F_VOP2;
      op_o   = 9'd256 + {3'b0, w0_i[30:25]};
      vdst_o = w0_i[24:17];
      src0_o = w0_i[8:0];
      src1_o = {1'b1, w0_i[16:9]};
      src2_o = {1'b1, w0_i[24:17]};
      two_o  = w0_i[8:0] == 9'd255 || w0_i[30:25] == 6'd32 || w0_i[30:25] == 6'd33;
    end else if (w0_i[31:26] == 6'h34) begin
      fmt_o   = F_VOP3;
      op_o    = w0_i[25:17];
      vdst_o  = w0_i[7:0];
      two_o   = 1'b1;
      src0_o  = w1_i[8:0];
      src1_o  = w1_i[17:9];
      src2_o  = (w0_i[25:17] == 9'd287) ? {1'b1, w0_i[7:0]} : w1_i[26:18];
      omod_o  = w1_i[28:27];
      neg_o   = w1_i[31:29];
      clamp_o = w0_i[11];
      if (w0_i[25:17] < 9'd256) begin
        abs_o   = w0_i[10:8];
        sdst3_o = w0_i[7:0];
      end else if (w0_i[25:17] >= 9'd293 && w0_i[25:17] <= 9'd298) begin
        abs_o   = '0;
        clamp_o = 1'b0;
        sdst3_o = {1'b0, w0_i[14:8]};
      end else begin
        abs_o   = w0_i[10:8];
        sdst3_o = 8'd106;
      end
    end else if (w0_i[31:26] == 6'h36) begin
      fmt_o = F_DS;
      op_o  = {1'b0, w0_i[25:18]};
      two_o = 1'b1;
    end else if (w0_i[31:26] == 6'h38) begin
      fmt_o = F_MUBUF;
      op_o  = {2'b0, w0_i[24:18]};
      two_o = 1'b1;
    end else if (w0_i[31:26] == 6'h3A) begin
      fmt_o = F_MTBUF;
      op_o  = {6'b0, w0_i[18:16]};
      two_o = 1'b1;
    end
  end

  assign attr_o = vop_attr(op_o);

endmodule
