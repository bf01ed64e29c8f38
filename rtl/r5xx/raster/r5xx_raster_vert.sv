// r5xx_raster_vert: the conversion of the vertex in the slot store (docs/blocks/r5xx.raster.md
// "Vertex values"), done in the VERT cycle: position to signed subpixels, depth to the 24-bit
// vertex depth, colour 0's four channels to 16-bit unorm from their routed sources.
// The vertex record: {X[18:0], Y[18:0], Zv[23:0], A[15:0], R[15:0], G[15:0], B[15:0]}.
// Combinational.
module r5xx_raster_vert (
  input  logic [2047:0] slots_i,       // slot s component c (0 x .. 3 w) at [128s+32c +: 32]
  input  logic          subpixel_i,
  input  logic [1:0]    geom_round_i,
  input  logic [31:0]   zscale_i,
  input  logic [31:0]   zoffset_i,
  input  logic [3:0]    use_i,         // from r5xx_raster_src
  input  logic [3:0]    one_i,
  input  logic [15:0]   slot_i,
  input  logic [7:0]    comp_i,
  output logic [125:0]  vtx_o
);

  logic [16:0] k_s;
  logic        gr;

  assign k_s = subpixel_i ? 17'd16 : 17'd12;
  assign gr  = geom_round_i == 2'd1;

  logic signed [18:0] x;
  logic signed [18:0] y;

  r5xx_raster_fx #(.F(0), .OutW(19), .Lo(-64'sd262144), .Hi(64'sd262143)) u_x (
    .f_i (slots_i[31:0]), .k_i (k_s), .nearest_i (gr), .q_o (x)
  );
  r5xx_raster_fx #(.F(0), .OutW(19), .Lo(-64'sd262144), .Hi(64'sd262143)) u_y (
    .f_i (slots_i[63:32]), .k_i (k_s), .nearest_i (gr), .q_o (y)
  );

  // depth: D = ((zq * sq) >>> 24) + oq, Zv = clamp((D + 128) >>> 8, 0, 2^24 - 1)
  logic signed [27:0] zq;
  logic signed [34:0] sq;
  logic signed [34:0] oq;
  logic signed [63:0] zs;
  logic signed [63:0] d;
  logic signed [63:0] dr;
  logic [23:0]        zv;

  r5xx_raster_fx #(.F(24), .OutW(28), .Lo(-64'sd67108864), .Hi(64'sd67108864)) u_zq (
    .f_i (slots_i[95:64]), .k_i (17'd1), .nearest_i (1'b1), .q_o (zq)
  );
  r5xx_raster_fx #(.F(8), .OutW(35), .Lo(-64'sd8589934592), .Hi(64'sd8589934591)) u_sq (
    .f_i (zscale_i), .k_i (17'd1), .nearest_i (1'b1), .q_o (sq)
  );
  r5xx_raster_fx #(.F(8), .OutW(35), .Lo(-64'sd8589934592), .Hi(64'sd8589934591)) u_oq (
    .f_i (zoffset_i), .k_i (17'd1), .nearest_i (1'b1), .q_o (oq)
  );

  assign zs = 64'(zq) * 64'(sq);
  assign d  = (zs >>> 24) + 64'(oq);
  assign dr = (d + 64'sd128) >>> 8;

  always_comb begin
    if (dr < 64'sd0) begin
      zv = '0;
    end else if (dr > 64'sd16777215) begin
      zv = 24'hFF_FFFF;
    end else begin
      zv = dr[23:0];
    end
  end

  // colour channels (0 B, 1 G, 2 R, 3 A)
  logic [63:0]        col;
  logic [31:0]        cf [4];
  logic signed [16:0] cq [4];

  for (genvar c = 0; c < 4; c++) begin : g_ch
    assign cf[c] = slots_i[128*slot_i[4*c +: 4] + 32*comp_i[2*c +: 2] +: 32];

    r5xx_raster_fx #(.F(0), .OutW(17), .Lo(64'sd0), .Hi(64'sd65535)) u_c (
      .f_i (cf[c]), .k_i (17'd65535), .nearest_i (1'b1), .q_o (cq[c])
    );

    assign col[16*c +: 16] = use_i[c] ? cq[c][15:0] : (one_i[c] ? 16'hFFFF : 16'h0000);
  end

  assign vtx_o = {x, y, zv, col};

  logic unused_bits;
  assign unused_bits = ^{slots_i[127:96], cq[0][16], cq[1][16], cq[2][16], cq[3][16]};

endmodule
