// r5xx_raster_rsrec: the records of a quad from the RS instruction table (docs/blocks/r5xx.raster.md
// "Records of a quad"): candidate s = 2i (the texture write of RS_INST_i) or 2i + 1 (its colour
// write) is a record when i <= INST_COUNT and TEX_CN (resp. COL_CN != 0); records go in s order.
// For the candidate pos_i: its register and the source of each channel r g b a (src byte c:
// [7:6] 0 attribute [5:0], 1 constant 0.0, 2 constant 1.0); with no record at all, the one
// all-zero record to register 0.  Combinational.
module r5xx_raster_rsrec (
  input  logic [399:0] inst_i,         // RS_INST_i[24:0] at [25i +: 25]
  input  logic [3:0]   icount_i,
  input  logic [495:0] rs_ip_i,        // RS_IP_i[30:0] at [31i +: 31]
  input  logic [4:0]   pos_i,
  output logic [4:0]   first_o,        // the first record's candidate
  output logic [4:0]   next_o,         // the record after pos_i
  output logic         has_next_o,
  output logic [6:0]   addr_o,
  output logic [31:0]  src_o
);

  localparam logic [1:0] SAttr = 2'd0;
  localparam logic [1:0] SZero = 2'd1;
  localparam logic [1:0] SOne  = 2'd2;

  logic [31:0] en;

  for (genvar i = 0; i < 16; i++) begin : g_en
    logic in_range;
    if (i == 0) begin : g_first
      assign in_range = 1'b1;       // INST_COUNT + 1 >= 1 instruction
    end else begin : g_rest
      assign in_range = 4'(i) <= icount_i;
    end
    assign en[2*i]   = in_range && inst_i[25*i + 4];
    assign en[2*i+1] = in_range && inst_i[25*i + 16 +: 2] != 2'd0;
  end

  always_comb begin
    first_o    = '0;
    next_o     = '0;
    has_next_o = 1'b0;
    for (int s = 31; s >= 0; s--) begin
      if (en[s]) begin
        first_o = 5'(s);
      end
      if (en[s] && 5'(s) > pos_i) begin
        next_o     = 5'(s);
        has_next_o = 1'b1;
      end
    end
  end

  logic [24:0] ci;
  logic [30:0] tip, cip;
  logic [2:0]  k;

  assign ci  = inst_i[25*pos_i[4:1] +: 25];
  assign tip = rs_ip_i[31*ci[3:0] +: 31];
  assign cip = rs_ip_i[31*ci[15:12] +: 31];
  assign k   = cip[26:24];

  logic [7:0] tsrc [4];
  logic [7:0] csrc [4];

  for (genvar c = 0; c < 4; c++) begin : g_src
    logic [5:0] p;
    assign p = tip[6*c +: 6];
    assign tsrc[c] = (p < 6'd32) ? {SAttr, p} : (p == 6'd63 ? {SOne, 6'd0} : {SZero, 6'd0});
  end

  // colour: k <= 3 -> attributes 32 + 4k + c; COL_FMT replaces by constants
  logic [7:0] cz [4];

  for (genvar c = 0; c < 4; c++) begin : g_csrc
    assign cz[c] = k[2] ? {SZero, 6'd0} : {SAttr, 6'(6'd32 + {1'b0, k[1:0], 2'b00} + 6'(c))};
  end

  localparam logic [7:0] Z = {SZero, 6'd0};
  localparam logic [7:0] O = {SOne, 6'd0};

  always_comb begin
    unique case (cip[30:27])
      4'd1:    begin csrc[0] = cz[0]; csrc[1] = cz[1]; csrc[2] = cz[2]; csrc[3] = Z;     end
      4'd2:    begin csrc[0] = cz[0]; csrc[1] = cz[1]; csrc[2] = cz[2]; csrc[3] = O;     end
      4'd4:    begin csrc[0] = Z;     csrc[1] = Z;     csrc[2] = Z;     csrc[3] = cz[3]; end
      4'd5:    begin csrc[0] = Z;     csrc[1] = Z;     csrc[2] = Z;     csrc[3] = Z;     end
      4'd6:    begin csrc[0] = Z;     csrc[1] = Z;     csrc[2] = Z;     csrc[3] = O;     end
      4'd8:    begin csrc[0] = O;     csrc[1] = O;     csrc[2] = O;     csrc[3] = cz[3]; end
      4'd9:    begin csrc[0] = O;     csrc[1] = O;     csrc[2] = O;     csrc[3] = Z;     end
      4'd10:   begin csrc[0] = O;     csrc[1] = O;     csrc[2] = O;     csrc[3] = O;     end
      default: begin csrc[0] = cz[0]; csrc[1] = cz[1]; csrc[2] = cz[2]; csrc[3] = cz[3]; end
    endcase
  end

  logic none;

  assign none   = en == 32'd0;
  assign addr_o = none ? 7'd0 : (pos_i[0] ? ci[24:18] : ci[11:5]);

  for (genvar c = 0; c < 4; c++) begin : g_out
    assign src_o[8*c +: 8] = none ? Z : (pos_i[0] ? csrc[c] : tsrc[c]);
  end

  logic unused_bits;
  assign unused_bits = ^{tip[30:24], cip[23:0], ci[4], ci[17:16]};

endmodule
