// si_cb_chan: the blend of one colour component in binary32 (docs/blocks/si.cb.md step 7): the
// source and destination factors (0-20; 11, 12 and 21-31 give 0), the products and the combine
// function (0 S*Sf + D*Df, 1 S*Sf - D*Df, 2 min, 3 max, 4 D*Df - S*Sf, 5-7 give 0), each
// operation rounded to nearest-even by prim_fmul / prim_fadd; then BLEND_CLAMP ([0, 1], or
// [-1, 1] for SNORM).
module si_cb_chan (
  input  logic        alpha_i,    // this is the alpha component
  input  logic [4:0]  sf_i,
  input  logic [2:0]  fn_i,
  input  logic [4:0]  df_i,
  input  logic [31:0] s_i,        // this component of the source, destination, second source, constant
  input  logic [31:0] d_i,
  input  logic [31:0] s1_i,
  input  logic [31:0] k_i,
  input  logic [31:0] sa_i,       // the alphas
  input  logic [31:0] da_i,
  input  logic [31:0] s1a_i,
  input  logic [31:0] ka_i,
  input  logic [31:0] sat_i,      // min(As, 1 - Ad)
  input  logic        clamp_i,
  input  logic        snorm_i,    // BLEND_CLAMP to [-1, 1] instead of [0, 1]
  output logic [31:0] r_o
);
  localparam logic [31:0] FOne = 32'h3F80_0000;

  function automatic logic flt(input logic [31:0] a, input logic [31:0] b);
    logic an;
    logic bn;
    an = a[30:23] == 8'hFF && a[22:0] != 23'd0;
    bn = b[30:23] == 8'hFF && b[22:0] != 23'd0;
    if (an || bn || (a[30:0] == 31'd0 && b[30:0] == 31'd0) || a == b) begin
      return 1'b0;
    end else if (a[31] != b[31]) begin
      return a[31];
    end else if (!a[31]) begin
      return a[30:0] < b[30:0];
    end else begin
      return a[30:0] > b[30:0];
    end
  endfunction

  // a factor: a raw value and whether it is used as 1 - value
  function automatic logic [32:0] fsel(input logic [4:0] f, input logic alpha, input logic [31:0] s,
                                       input logic [31:0] d, input logic [31:0] s1, input logic [31:0] k,
                                       input logic [31:0] sa, input logic [31:0] da,
                                       input logic [31:0] s1a, input logic [31:0] ka,
                                       input logic [31:0] sat);
    unique case (f)
      5'd0:  return {1'b0, 32'd0};
      5'd1:  return {1'b0, FOne};
      5'd2:  return {1'b0, s};
      5'd3:  return {1'b1, s};
      5'd4:  return {1'b0, sa};
      5'd5:  return {1'b1, sa};
      5'd6:  return {1'b0, da};
      5'd7:  return {1'b1, da};
      5'd8:  return {1'b0, d};
      5'd9:  return {1'b1, d};
      5'd10: return {1'b0, alpha ? FOne : sat};
      5'd13: return {1'b0, k};
      5'd14: return {1'b1, k};
      5'd15: return {1'b0, s1};
      5'd16: return {1'b1, s1};
      5'd17: return {1'b0, s1a};
      5'd18: return {1'b1, s1a};
      5'd19: return {1'b0, ka};
      5'd20: return {1'b1, ka};
      default: return {1'b0, 32'd0};
    endcase
  endfunction

  logic [32:0] fs;
  logic [32:0] fd;
  logic [31:0] oms;
  logic [31:0] omd;
  logic [31:0] vs;
  logic [31:0] vd;
  logic [31:0] ps;
  logic [31:0] pd;
  logic [31:0] sum;
  logic [31:0] dif;
  logic [31:0] rdif;
  logic [31:0] r;

  assign fs = fsel(sf_i, alpha_i, s_i, d_i, s1_i, k_i, sa_i, da_i, s1a_i, ka_i, sat_i);
  assign fd = fsel(df_i, alpha_i, s_i, d_i, s1_i, k_i, sa_i, da_i, s1a_i, ka_i, sat_i);

  prim_fadd u_oms (.a_i(FOne), .b_i({~fs[31], fs[30:0]}), .s_o(oms));
  prim_fadd u_omd (.a_i(FOne), .b_i({~fd[31], fd[30:0]}), .s_o(omd));
  assign vs = fs[32] ? oms : fs[31:0];
  assign vd = fd[32] ? omd : fd[31:0];

  prim_fmul u_ps (.a_i(s_i), .b_i(vs), .p_o(ps));
  prim_fmul u_pd (.a_i(d_i), .b_i(vd), .p_o(pd));
  prim_fadd u_sum  (.a_i(ps), .b_i(pd),                 .s_o(sum));
  prim_fadd u_dif  (.a_i(ps), .b_i({~pd[31], pd[30:0]}), .s_o(dif));
  prim_fadd u_rdif (.a_i(pd), .b_i({~ps[31], ps[30:0]}), .s_o(rdif));

  always_comb begin
    unique case (fn_i)
      3'd0: r = sum;
      3'd1: r = dif;
      3'd2: r = flt(s_i, d_i) ? s_i : d_i;
      3'd3: r = flt(d_i, s_i) ? s_i : d_i;
      3'd4: r = rdif;
      default: r = 32'd0;
    endcase
    r_o = r;
    if (clamp_i && snorm_i) begin
      if (flt(r, 32'hBF80_0000)) begin
        r_o = 32'hBF80_0000;
      end else if (flt(FOne, r)) begin
        r_o = FOne;
      end
    end else if (clamp_i) begin
      if (flt(r, 32'd0) || r == 32'h8000_0000) begin
        r_o = 32'd0;
      end else if (flt(FOne, r)) begin
        r_o = FOne;
      end
    end
  end
endmodule
