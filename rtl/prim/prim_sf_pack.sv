// prim_sf_pack: the binary32 nearest to n_i * 2^k_i (n_i < 2^63), ties away from zero; below
// 2^-126 -> zero of sign s_i, 2^128 and above -> infinity of sign s_i (docs/float.md 4.1,
// "Packing").  Purely combinational; C twin sf_pack_round() in model/prim/sf_fix.h.
module prim_sf_pack (
  input  logic               s_i,
  input  logic [63:0]        n_i,
  input  logic signed [11:0] k_i,
  output logic [31:0]        z_o
);

  logic [5:0]  lead;
  logic [5:0]  sh;
  logic [63:0] half, rnd, up, m;
  logic        carry;
  logic signed [11:0] be;

  // index of the leading one (n_i != 0 when used)
  always_comb begin
    lead = 6'd0;
    for (int i = 0; i < 64; i++) begin
      if (n_i[i]) begin
        lead = 6'(i);
      end
    end
  end

  assign sh    = lead - 6'd23;                       // used only when lead > 23
  assign half  = (lead > 6'd23) ? (64'd1 << (sh - 6'd1)) : 64'd0;
  assign rnd   = (n_i + half) >> sh;
  assign carry = (lead > 6'd23) && rnd[24];
  assign up    = n_i << (6'd23 - lead);
  assign m     = (lead > 6'd23) ? (carry ? (rnd >> 1) : rnd) : up;
  assign be    = $signed({6'd0, lead}) + (carry ? 12'sd1 : 12'sd0) + k_i + 12'sd127;

  assign z_o = (n_i == 64'd0)   ? {s_i, 31'd0} :
               (be <= 12'sd0)   ? {s_i, 31'd0} :
               (be >= 12'sd255) ? {s_i, 31'h7F800000} :
                                  {s_i, be[7:0], m[22:0]};

  logic unused_m;
  assign unused_m = ^m[63:23];

endmodule
