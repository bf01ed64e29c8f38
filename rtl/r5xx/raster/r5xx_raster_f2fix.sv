// r5xx_raster_f2fix: binary32 to a signed fixed-point integer round(v * 2^Frac) of OutW bits
// (docs/blocks/raster.md).  mode_i: 0 toward zero, 1 toward minus infinity (floor), 2 nearest
// with ties away from zero, 3 nearest with ties to even.  A result outside the OutW range, an
// infinity, saturates to the nearest end (sat_o = 1); a NaN gives 0 (sat_o = 1).  Combinational.
module r5xx_raster_f2fix #(
  parameter int unsigned OutW = 32,   // 2 .. 62
  parameter int unsigned Frac = 4     // fraction bits of the result, 0 .. 32
) (
  input  logic [31:0]            f_i,
  input  logic [1:0]             mode_i,
  output logic signed [OutW-1:0] q_o,
  output logic                   sat_o
);

  localparam int unsigned MW = OutW + 26;   // magnitude before the range check

  logic        s;
  logic [7:0]  e;
  logic [22:0] fr;
  logic [23:0] m;

  assign {s, e, fr} = f_i;
  assign m = {e != 8'h00, fr};

  // v * 2^Frac = m * 2^(x - 150 + Frac), x = max(e, 1)
  logic signed [10:0] sh;
  logic [MW-1:0]      mag;
  logic               g;       // the half bit
  logic               st;      // any bit below it
  logic               big;     // the magnitude does not fit MW bits
  logic [5:0]         rsh;
  logic [48:0]        ext;

  assign sh = ((e == 8'h00) ? 11'sd1 : {3'd0, e}) - 11'sd150 + 11'(Frac);

  always_comb begin
    mag = '0;
    g   = 1'b0;
    st  = 1'b0;
    big = 1'b0;
    rsh = 6'd0;
    ext = '0;
    if (sh >= 11'sd0) begin
      if (sh > 11'(MW - 24)) begin
        big = m != '0;
      end else begin
        mag = MW'(m) << sh;
      end
    end else if (sh >= -11'sd24) begin
      rsh = 6'(-sh);
      ext = {m, 25'd0} >> rsh;
      mag = MW'(ext[48:25]);
      g   = ext[24];
      st  = |ext[23:0];
    end else begin
      st = m != '0;            // below one half
    end
  end

  logic            inc;
  logic [MW-1:0]   rmag;
  logic [MW:0]     lim;       // largest magnitude of the sign

  always_comb begin
    unique case (mode_i)
      2'd0:    inc = 1'b0;
      2'd1:    inc = s && (g || st);
      2'd2:    inc = g;
      default: inc = g && (st || mag[0]);
    endcase
  end

  assign rmag = mag + MW'(inc);
  assign lim  = s ? ((MW+1)'(1) << (OutW - 1)) : ((MW+1)'(1) << (OutW - 1)) - (MW+1)'(1);

  always_comb begin
    sat_o = 1'b0;
    if (e == 8'hFF && fr != '0) begin
      q_o   = '0;
      sat_o = 1'b1;
    end else if (e == 8'hFF || big || {1'b0, rmag} > lim) begin
      q_o   = s ? {1'b1, {(OutW-1){1'b0}}} : {1'b0, {(OutW-1){1'b1}}};
      sat_o = 1'b1;
    end else begin
      q_o = s ? -OutW'(rmag) : OutW'(rmag);
    end
  end

endmodule
