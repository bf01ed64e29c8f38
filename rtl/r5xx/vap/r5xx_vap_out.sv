// r5xx_vap_out: the payload of output slot slot_i of the current vertex (docs/blocks/r5xx.vap.md
// "Output"): the slot list (position, point size, colours 0-3, textures 0-7, only the present
// ones, packed), the location each slot reads, its wmask, and for the position slot the
// viewport scale (prim_fmul) and offset (prim_fadd) of x, y and z.  nslots_o is the
// number of slots of a vertex.  With bypass_i = 0 (the PVS path, decision 9) slot s is input
// location s, whole, for s = 0 .. the highest written location, with no viewport transform.
// Purely combinational.
module r5xx_vap_out (
  input  logic [3:0]             slot_i,
  input  logic                   bypass_i,    // VAP_CNTL_STATUS.PVS_BYPASS
  input  logic [3:0]             col_i,       // COLOR_0..3_PRESENT
  input  logic                   pts_i,       // PT_SIZE_PRESENT
  input  logic [23:0]            fmt1_i,      // TEX_n_COMP_CNT[3n+2:3n]
  input  logic [5:0]             vte_i,       // VAP_VTE_CNTL scale/offset enables
  input  logic [5:0][31:0]       vport_i,     // XSCALE, XOFFSET, YSCALE, YOFFSET, ZSCALE, ZOFFSET
  input  logic [13:0][3:0][31:0] vmem_i,
  input  logic [13:0][3:0]       written_i,

  output logic [3:0]             nslots_o,
  output logic [3:0][31:0]       comp_o,      // [0] = x ... [3] = w
  output logic [3:0]             wmask_o
);

  // the slot list
  logic [3:0] n;
  logic [3:0] sel_loc;
  logic [3:0] sel_cap;

  always_comb begin
    n       = 4'd1;          // slot 0: the position, location 0
    sel_loc = 4'd0;
    sel_cap = 4'hF;
    if (pts_i) begin
      if (slot_i == n) begin
        sel_loc = 4'd1;
      end
      n = n + 4'd1;
    end
    for (int i = 0; i < 4; i++) begin
      if (col_i[i]) begin
        if (slot_i == n) begin
          sel_loc = 4'(2 + i);
        end
        n = n + 4'd1;
      end
    end
    for (int i = 0; i < 8; i++) begin
      if (fmt1_i[3 * i +: 3] != 3'd0) begin
        if (slot_i == n) begin
          sel_loc = 4'(6 + i);
          unique case (fmt1_i[3 * i +: 3])
            3'd1:    sel_cap = 4'b0001;
            3'd2:    sel_cap = 4'b0011;
            3'd3:    sel_cap = 4'b0111;
            default: sel_cap = 4'b1111;
          endcase
        end
        n = n + 4'd1;
      end
    end
  end

  // the PVS path: the highest written location
  logic [3:0] hi;

  always_comb begin
    hi = 4'd0;
    for (int l = 0; l < 14; l++) begin
      if (written_i[l] != 4'd0) begin
        hi = 4'(l);
      end
    end
  end

  logic [3:0] loc;
  logic [3:0] cap;

  assign nslots_o = bypass_i ? n : hi + 4'd1;
  assign loc      = bypass_i ? sel_loc : slot_i;
  assign cap      = bypass_i ? sel_cap : 4'hF;

  // the viewport transform of the position (location 0)
  logic [2:0][31:0] sc;
  logic [2:0][31:0] x1;
  logic [2:0][31:0] of;
  logic [2:0][31:0] x2;

  for (genvar c = 0; c < 3; c++) begin : g_vte
    prim_fmul u_mul (
      .a_i (vmem_i[0][c]),
      .b_i (vport_i[2 * c]),
      .p_o (sc[c])
    );
    assign x1[c] = vte_i[2 * c] ? sc[c] : vmem_i[0][c];
    prim_fadd u_add (
      .a_i (x1[c]),
      .b_i (vport_i[2 * c + 1]),
      .s_o (of[c])
    );
    assign x2[c] = vte_i[2 * c + 1] ? of[c] : x1[c];
  end

  logic [3:0][31:0] val;

  always_comb begin
    val = vmem_i[loc];
    if (slot_i == 4'd0 && bypass_i) begin
      val[2:0] = x2;
    end
  end

  assign wmask_o = written_i[loc] & cap;

  always_comb begin
    for (int c = 0; c < 4; c++) begin
      comp_o[c] = wmask_o[c] ? val[c] : 32'd0;
    end
  end

endmodule
