// r5xx_raster_fadd: binary32 add, IEEE 754 round to nearest even, subnormal inputs and
// results, an exact zero sum is +0 (-0 only for -0 + -0), NaN results are 0x7FC00000
// (docs/blocks/raster.md).  Combinational.
module r5xx_raster_fadd (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] f_o
);

  logic        sa, sb;
  logic [7:0]  ea, eb;
  logic [22:0] fa, fb;
  logic        nan_a, nan_b, inf_a, inf_b;

  assign {sa, ea, fa} = a_i;
  assign {sb, eb, fb} = b_i;
  assign nan_a = ea == 8'hFF && fa != '0;
  assign nan_b = eb == 8'hFF && fb != '0;
  assign inf_a = ea == 8'hFF && fa == '0;
  assign inf_b = eb == 8'hFF && fb == '0;

  // order by magnitude: x the larger, y the smaller
  logic        swap;
  logic        sx, sy;
  logic [7:0]  ex, ey;
  logic [22:0] fx, fy;

  assign swap = a_i[30:0] < b_i[30:0];
  assign {sx, ex, fx} = swap ? b_i : a_i;
  assign {sy, ey, fy} = swap ? a_i : b_i;

  logic [7:0]         xx, xy;
  logic [7:0]         d;
  logic [27:0]        mx, my, myal;   // 1 + 23 bits, 3 guard bits, one spare on top
  logic [27:0]        sum;
  logic [4:0]         lz;
  logic [27:0]        sn;
  logic signed [11:0] xs;
  logic [31:0]        pk;

  assign xx = (ex == 8'h00) ? 8'd1 : ex;
  assign xy = (ey == 8'h00) ? 8'd1 : ey;
  assign d  = xx - xy;
  assign mx = {1'b0, ex != 8'h00, fx, 3'b000};
  assign my = {1'b0, ey != 8'h00, fy, 3'b000};

  always_comb begin
    if (d >= 8'd27) begin
      myal = {27'd0, my != '0};
    end else begin
      myal = (my >> d) | {27'd0, |(my & ~(28'hFFF_FFFF << d))};
    end
  end

  assign sum = (sx == sy) ? mx + myal : mx - myal;

  always_comb begin
    lz = 5'd0;
    for (int i = 0; i < 28; i++) begin
      if (sum[i]) begin
        lz = 5'(27 - i);
      end
    end
  end

  // sum[26] has the weight of x's hidden bit, 2^(xx-127)
  assign sn = sum << lz;
  assign xs = {4'd0, xx} + 12'sd1 - {7'd0, lz};

  r5xx_raster_fpack #(.W(28)) u_pack (
    .sign_i (sx),
    .exp_i  (xs),
    .sig_i  (sn),
    .f_o    (pk)
  );

  always_comb begin
    if (nan_a || nan_b || (inf_a && inf_b && sa != sb)) begin
      f_o = 32'h7FC0_0000;
    end else if (inf_a) begin
      f_o = a_i;
    end else if (inf_b) begin
      f_o = b_i;
    end else if (sum == '0) begin
      f_o = {sa && sb, 31'd0};
    end else begin
      f_o = pk;
    end
  end

endmodule
