// r5xx_raster_src: the source of the four colour channels of a vertex (docs/blocks/r5xx.raster.md
// "Colour routing"): for channel c (0 B, 1 G, 2 R, 3 A, the argb order from bit 0) whether it is
// a vertex component (slot, component) or a constant 0 or 1.  Depends on the registers only.
// Combinational.
module r5xx_raster_src (
  input  logic [4:0]   fmt0_i,     // {PT_SIZE_PRESENT, COLOR_3..0_PRESENT}
  input  logic [23:0]  fmt1_i,     // TEX_n_COMP_CNT
  input  logic [495:0] rs_ip_i,    // RS_IP_i[30:0] at [31i+30:31i]
  input  logic [17:0]  rs_inst_i,  // RS_INST_0[17:0]

  output logic [3:0]   use_o,      // channel c reads slot_o[c], comp_o[c]
  output logic [3:0]   one_o,      // channel c is the constant 1 (when not use_o)
  output logic [15:0]  slot_o,     // 4 bits per channel
  output logic [7:0]   comp_o,     // 2 bits per channel: 0 x, 1 y, 2 z, 3 w
  output logic         tex_o,      // the texture path
  output logic [2:0]   colptr_o    // the colour path's COL_PTR (its shading fields)
);

  logic [3:0] col_id;
  logic [3:0] tex_id;
  logic       tex_cn;
  logic [1:0] col_cn;

  assign tex_id = rs_inst_i[3:0];
  assign tex_cn = rs_inst_i[4];
  assign col_id = rs_inst_i[15:12];
  assign col_cn = rs_inst_i[17:16];
  assign tex_o  = col_cn == 2'd0 && tex_cn;


  // slot numbers
  logic [3:0] ncol;                 // present colours
  logic [3:0] col_slot [4];
  logic [3:0] tex_slot [8];
  logic [2:0] cnt [8];              // min(TEX_n_COMP_CNT, 4)
  logic [5:0] base [9];             // packet position of texture n's first component

  always_comb begin
    ncol = 4'd0;
    for (int k = 0; k < 4; k++) begin
      col_slot[k] = 4'd1 + {3'd0, fmt0_i[4]} + ncol;
      ncol        = ncol + {3'd0, fmt0_i[k]};
    end
    base[0] = 6'd0;
    for (int t = 0; t < 8; t++) begin
      cnt[t]      = (fmt1_i[3*t +: 3] > 3'd4) ? 3'd4 : fmt1_i[3*t +: 3];
      base[t+1]   = base[t] + {3'd0, cnt[t]};
    end
    tex_slot[0] = 4'd1 + {3'd0, fmt0_i[4]} + ncol;
    for (int t = 1; t < 8; t++) begin
      tex_slot[t] = tex_slot[t-1] + {3'd0, cnt[t-1] != 3'd0};
    end
  end

  // the colour path
  logic [30:0] cip;
  logic [2:0]  k;
  logic        present;
  logic [3:0]  cfmt;
  logic [3:0]  c_use;
  logic [3:0]  c_one;
  logic [3:0]  ks;

  assign cip     = rs_ip_i[31*col_id +: 31];
  assign k       = cip[26:24];
  assign cfmt    = cip[30:27];
  assign present = !k[2] && fmt0_i[{1'b0, k[1:0]}];
  assign ks      = col_slot[k[1:0]];
  assign colptr_o = k;

  always_comb begin
    // channels {A, R, G, B}
    c_use = present ? 4'b1111 : 4'b0000;
    c_one = 4'b0000;
    unique case (cfmt)
      4'd1:  begin c_use[3] = 1'b0; end
      4'd2:  begin c_use[3] = 1'b0; c_one[3] = 1'b1; end
      4'd4:  begin c_use[2:0] = 3'b000; end
      4'd5:  begin c_use = 4'b0000; end
      4'd6:  begin c_use = 4'b0000; c_one[3] = 1'b1; end
      4'd8:  begin c_use[2:0] = 3'b000; c_one[2:0] = 3'b111; end
      4'd9:  begin c_use = 4'b0000; c_one[2:0] = 3'b111; end
      4'd10: begin c_use = 4'b0000; c_one = 4'b1111; end
      default: ;
    endcase
  end

  // the texture path: R <- S, G <- T, B <- R, A <- Q
  logic [30:0] tip;
  logic [5:0]  p [4];               // per channel {A, R, G, B}
  logic [3:0]  t_use;
  logic [3:0]  t_one;
  logic [3:0]  t_slot [4];
  logic [1:0]  t_comp [4];
  logic [5:0]  rel;

  assign tip  = rs_ip_i[31*tex_id +: 31];
  assign p[0] = tip[17:12];
  assign p[1] = tip[11:6];
  assign p[2] = tip[5:0];
  assign p[3] = tip[23:18];

  always_comb begin
    rel = 6'd0;
    for (int c = 0; c < 4; c++) begin
      t_use[c]  = 1'b0;
      t_one[c]  = p[c] == 6'd63;
      t_slot[c] = 4'd0;
      t_comp[c] = 2'd0;
      if (p[c] < 6'd62) begin
        for (int t = 0; t < 8; t++) begin
          rel = p[c] - base[t];
          if (p[c] >= base[t] && p[c] < base[t+1]) begin
            t_use[c]  = 1'b1;
            t_slot[c] = tex_slot[t];
            t_comp[c] = rel[1:0];
          end
        end
      end
    end
  end

  always_comb begin
    for (int c = 0; c < 4; c++) begin
      if (tex_o) begin
        use_o[c]          = t_use[c];
        one_o[c]          = t_one[c];
        slot_o[4*c +: 4]  = t_slot[c];
        comp_o[2*c +: 2]  = t_comp[c];
      end else begin
        use_o[c]          = c_use[c];
        one_o[c]          = c_one[c];
        slot_o[4*c +: 4]  = ks;
        comp_o[2*c +: 2]  = (c == 3) ? 2'd3 : 2'(2 - c);   // B <- z, G <- y, R <- x, A <- w
      end
    end
  end

  logic unused_bits;
  assign unused_bits = ^{rs_inst_i[11:5], cip[23:0], tip[30:24], rel[5:2]};

endmodule
