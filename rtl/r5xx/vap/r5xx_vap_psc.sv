// r5xx_vap_psc: the programmable stream control and the input vector memory (docs/blocks/r5xx.vap.md
// "PSC: dwords -> input vector memory").  It takes the vertex's dwords one at a time (dw_valid_i),
// walks elements 0..15 with the state e / k / skip / done, and at the edge an element completes
// converts it (r5xx_vap_conv), swizzles it and writes the enabled components of location
// DST_VEC_LOC (and +1 for FLOAT_8); locations 14..31 are dropped.  clear_i (the start of a
// vertex) resets the walk and every written bit; it never comes with a dword.
module r5xx_vap_psc (
  input  logic              clk_i,
  input  logic              rst_ni,

  input  logic              clear_i,
  input  logic              dw_valid_i,
  input  logic [31:0]       dw_i,

  input  logic [7:0][31:0]  psc_i,       // VAP_PROG_STREAM_CNTL_0..7
  input  logic [7:0][31:0]  ext_i,       // VAP_PROG_STREAM_CNTL_EXT_0..7
  input  logic [31:0]       sgn_i,       // VAP_PSC_SGN_NORM_CNTL

  output logic [13:0][3:0][31:0] vmem_o, // locations 0..13, [c] = component X..W
  output logic [13:0][3:0]  written_o
);

  localparam bit [31:0] NLoc = 14;
  localparam logic [31:0] One  = 32'h3F80_0000;

  logic [3:0]       e_q;
  logic [2:0]       k_q;
  logic [3:0]       skip_q;
  logic             done_q;
  logic [6:0][31:0] g_q;            // the element's dwords gathered so far
  logic [14*4*32-1:0] mem_q;        // [l][c] at bits [32(4l + c) +: 32], as vmem_o
  logic [14*4-1:0]    wr_q;         // [l][c] at bit 4l + c, as written_o

  // element e's controls
  logic [15:0] ctl;
  logic [15:0] ext;
  logic [3:0]  dtype;
  logic [3:0]  skipdw;
  logic [4:0]  loc;
  logic        lastv;
  logic        sgnd;
  logic        norm;
  logic [1:0]  method;
  logic [3:0]  ndw;

  // element e's 16-bit half of register e/2 is bits [16e +: 16] of the packed registers (one
  // variable index on a flat vector: Icarus 11 takes no variable index on an outer packed dimension)
  logic [255:0] psc_flat;
  logic [255:0] ext_flat;
  assign psc_flat = psc_i;
  assign ext_flat = ext_i;
  assign ctl    = psc_flat[16 * e_q +: 16];
  assign ext    = ext_flat[16 * e_q +: 16];
  assign dtype  = ctl[3:0];
  assign skipdw = ctl[7:4];
  assign loc    = ctl[12:8];
  assign lastv  = ctl[13];
  assign sgnd   = ctl[14];
  assign norm   = ctl[15];
  assign method = sgn_i[2 * e_q +: 2];

  always_comb begin
    unique case (dtype)
      4'd1, 4'd7, 4'd12: ndw = 4'd2;
      4'd2:              ndw = 4'd3;
      4'd3:              ndw = 4'd4;
      4'd10:             ndw = 4'd8;
      default:           ndw = 4'd1;
    endcase
  end

  // the dword gathered now is dword k of the element
  logic             gather;
  logic             complete;
  logic [7:0][31:0] d;

  assign gather   = dw_valid_i && !done_q && skip_q == 4'd0;
  assign complete = gather && ({1'b0, k_q} + 4'd1 == ndw);

  always_comb begin
    for (int i = 0; i < 8; i++) begin
      d[i] = (i == int'(k_q)) ? dw_i : ((i < 7) ? g_q[i % 7] : 32'd0);
    end
  end

  logic [3:0][31:0] v1;
  logic [3:0][31:0] v2;
  logic             two;
  logic             cwe;

  r5xx_vap_conv u_conv (
    .type_i   (dtype),
    .signed_i (sgnd),
    .norm_i   (norm),
    .method_i (method),
    .d_i      (d),
    .v1_o     (v1),
    .v2_o     (v2),
    .two_o    (two),
    .we_o     (cwe)
  );

  // swizzle: SWIZZLE_SELECT_c at ext[3c+2:3c]; 4 -> 0.0, 5 -> 1.0, 6/7 -> 0.0
  logic [3:0][31:0] s1;
  logic [3:0][31:0] s2;

  always_comb begin
    for (int c = 0; c < 4; c++) begin
      unique case (ext[3 * c +: 3])
        3'd0, 3'd1, 3'd2, 3'd3: begin
          s1[c] = v1[ext[3 * c +: 2]];
          s2[c] = v2[ext[3 * c +: 2]];
        end
        3'd5: begin
          s1[c] = One;
          s2[c] = One;
        end
        default: begin
          s1[c] = '0;
          s2[c] = '0;
        end
      endcase
    end
  end

  // the walk
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      e_q    <= '0;
      k_q    <= '0;
      skip_q <= '0;
      done_q <= 1'b0;
    end else if (clear_i) begin
      e_q    <= '0;
      k_q    <= '0;
      skip_q <= '0;
      done_q <= 1'b0;
    end else if (dw_valid_i && !done_q) begin
      if (skip_q != 4'd0) begin
        skip_q <= skip_q - 4'd1;
        if (skip_q == 4'd1) begin
          e_q <= e_q + 4'd1;
        end
      end else if (complete) begin
        k_q <= '0;
        if (lastv || e_q == 4'd15) begin
          done_q <= 1'b1;
        end else if (skipdw != 4'd0) begin
          skip_q <= skipdw;
        end else begin
          e_q <= e_q + 4'd1;
        end
      end else begin
        k_q <= k_q + 3'd1;
      end
    end
  end

  // gathered dwords: data only, no reset
  always_ff @(posedge clk_i) begin
    if (gather && !complete && k_q != 3'd7) begin
      g_q[k_q] <= dw_i;
    end
  end

  // the vector memory: values need no reset (a component is shown only when written)
  always_ff @(posedge clk_i) begin
    if (complete && cwe) begin
      for (int c = 0; c < 4; c++) begin
        if (ext[12 + c]) begin
          for (int l = 0; l < int'(NLoc); l++) begin
            if (int'(loc) == l) begin
              mem_q[32 * (4 * l + c) +: 32] <= s1[c];
            end
            if (two && int'(loc) + 1 == l) begin
              mem_q[32 * (4 * l + c) +: 32] <= s2[c];
            end
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q <= '0;
    end else if (clear_i) begin
      wr_q <= '0;
    end else if (complete && cwe) begin
      for (int c = 0; c < 4; c++) begin
        if (ext[12 + c]) begin
          for (int l = 0; l < int'(NLoc); l++) begin
            if (int'(loc) == l || (two && int'(loc) + 1 == l)) begin
              wr_q[4 * l + c] <= 1'b1;
            end
          end
        end
      end
    end
  end

  assign vmem_o    = mem_q;
  assign written_o = wr_q;

endmodule
