// r5xx_raster_fx: fx(f, K, F, R, LO, HI) of docs/blocks/r5xx.raster.md "fx: binary32 to a saturated
// integer": the integer nearest value(f) * K * 2^F by floor (nearest_i = 0) or floor(v + 1/2)
// (nearest_i = 1), clamped to [Lo, Hi].  NaN, zero and denormals give 0, infinities the clamp.
// Combinational.
module r5xx_raster_fx #(
  parameter bit [31:0]       F    = 0,              // the shift, 0 .. 24
  parameter bit [31:0]       OutW = 32,             // result width, 2 .. 40
  parameter logic signed [63:0] Lo  = -64'sd1,
  parameter logic signed [63:0] Hi  = 64'sd1
) (
  input  logic [31:0]            f_i,
  input  logic [16:0]            k_i,       // K, 1 .. 65535
  input  logic                   nearest_i,
  output logic signed [OutW-1:0] q_o
);

  logic        s;
  logic [7:0]  e;
  logic [22:0] m;

  assign {s, e, m} = f_i;

  logic [40:0]        mk;     // (2^23 + m) * K < 2^41
  logic signed [63:0] v;      // +-M
  logic signed [10:0] sh;     // e - 150 + F
  logic [5:0]         n;
  logic signed [63:0] r;

  assign mk = {17'd0, 1'b1, m} * {24'd0, k_i};
  assign v  = s ? -$signed({23'd0, mk}) : $signed({23'd0, mk});
  assign sh = $signed({3'd0, e}) - 11'sd150 + $signed(11'(F));
  assign n  = 6'(-sh);

  always_comb begin
    if (e == 8'hFF) begin
      r = (m != '0) ? 64'sd0 : (s ? Lo : Hi);
    end else if (e == 8'h00) begin
      r = 64'sd0;
    end else if (sh >= 11'sd17) begin
      r = s ? Lo : Hi;
    end else if (sh >= 11'sd0) begin
      r = v <<< sh;
    end else if (sh <= -11'sd42) begin
      r = (!nearest_i && s) ? -64'sd1 : 64'sd0;
    end else if (nearest_i) begin
      r = (v + (64'sd1 <<< (n - 6'd1))) >>> n;
    end else begin
      r = v >>> n;
    end
  end

  always_comb begin
    if (r < Lo) begin
      q_o = OutW'(Lo);
    end else if (r > Hi) begin
      q_o = OutW'(Hi);
    end else begin
      q_o = OutW'(r);
    end
  end

endmodule
