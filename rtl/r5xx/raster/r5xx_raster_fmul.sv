// r5xx_raster_fmul: binary32 multiply, IEEE 754 round to nearest even, subnormal inputs and
// results, NaN results are the quiet NaN 0x7FC00000 (docs/blocks/raster.md).  Combinational.
module r5xx_raster_fmul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] f_o
);

  logic        sa, sb, s;
  logic [7:0]  ea, eb;
  logic [22:0] fa, fb;
  logic        nan_a, nan_b, inf_a, inf_b, zero_a, zero_b;

  assign {sa, ea, fa} = a_i;
  assign {sb, eb, fb} = b_i;
  assign s      = sa ^ sb;
  assign nan_a  = ea == 8'hFF && fa != '0;
  assign nan_b  = eb == 8'hFF && fb != '0;
  assign inf_a  = ea == 8'hFF && fa == '0;
  assign inf_b  = eb == 8'hFF && fb == '0;
  assign zero_a = ea == 8'h00 && fa == '0;
  assign zero_b = eb == 8'h00 && fb == '0;

  // significands with the hidden bit; a subnormal has exponent 1 and no hidden bit
  logic [23:0]        ma, mb;
  logic signed [11:0] xa, xb;
  logic [47:0]        p;
  logic [47:0]        pn;
  logic signed [11:0] xp;
  logic [5:0]         lz;
  logic [31:0]        pk;

  assign ma = {ea != 8'h00, fa};
  assign mb = {eb != 8'h00, fb};
  assign xa = (ea == 8'h00) ? 12'sd1 : {4'd0, ea};
  assign xb = (eb == 8'h00) ? 12'sd1 : {4'd0, eb};
  assign p  = {24'd0, ma} * {24'd0, mb};

  always_comb begin
    lz = 6'd0;
    for (int i = 0; i < 48; i++) begin
      if (p[i]) begin
        lz = 6'(47 - i);
      end
    end
  end

  // p = ma*mb, value = p * 2^(xa+xb-254-46); with pn = p << lz, pn[47] has weight
  // 2^(xa+xb-127-127+1-lz)
  assign pn = p << lz;
  assign xp = xa + xb - 12'sd127 + 12'sd1 - {6'd0, lz};

  r5xx_raster_fpack #(.W(48)) u_pack (
    .sign_i (s),
    .exp_i  (xp),
    .sig_i  (pn),
    .f_o    (pk)
  );

  always_comb begin
    if (nan_a || nan_b || (inf_a && zero_b) || (zero_a && inf_b)) begin
      f_o = 32'h7FC0_0000;
    end else if (inf_a || inf_b) begin
      f_o = {s, 8'hFF, 23'd0};
    end else if (zero_a || zero_b) begin
      f_o = {s, 31'd0};
    end else begin
      f_o = pk;
    end
  end

endmodule
