// r5xx_raster_asm: primitive assembly (docs/blocks/r5xx.raster.md "Primitive assembly"): the
// primitives a completed vertex N emits, from its PRIM_TYPE, its index n within the draw and the
// draw's previous vertices P1, P2, P3 and first vertex F.  A primitive is
// {kind[1:0] (0 point, 1 line, 2 triangle), v0, v1, v2} with the vertices as listed (unused
// vertices 0).  Combinational.
module r5xx_raster_asm #(
  parameter bit [31:0] VW = 126,
  localparam bit [31:0] PW = 2 + 3 * VW
) (
  input  logic [3:0]    type_i,    // PRIM_TYPE of the vertex's last slot
  input  logic [1:0]    nsat_i,    // min(n, 3)
  input  logic [1:0]    nmod4_i,   // n mod 4
  input  logic [1:0]    nmod3_i,   // n mod 3
  input  logic          dlast_i,   // the vertex is the draw's last
  input  logic [VW-1:0] n_i,
  input  logic [VW-1:0] p1_i,
  input  logic [VW-1:0] p2_i,
  input  logic [VW-1:0] p3_i,
  input  logic [VW-1:0] f_i,
  output logic [1:0]    cnt_o,
  output logic [PW-1:0] prim0_o,
  output logic [PW-1:0] prim1_o
);

  localparam logic [1:0] KPoint = 2'd0;
  localparam logic [1:0] KLine  = 2'd1;
  localparam logic [1:0] KTri   = 2'd2;

  localparam logic [VW-1:0] None = '0;

  always_comb begin
    cnt_o   = 2'd0;
    prim0_o = '0;
    prim1_o = '0;
    unique case (type_i)
      4'd1: begin
        cnt_o   = 2'd1;
        prim0_o = {KPoint, n_i, None, None};
      end
      4'd2: begin
        if (nmod4_i[0]) begin
          cnt_o   = 2'd1;
          prim0_o = {KLine, p1_i, n_i, None};
        end
      end
      4'd3: begin
        if (nsat_i >= 2'd1) begin
          cnt_o   = 2'd1;
          prim0_o = {KLine, p1_i, n_i, None};
        end
      end
      4'd12: begin
        if (nsat_i >= 2'd1) begin
          cnt_o   = dlast_i ? 2'd2 : 2'd1;
          prim0_o = {KLine, p1_i, n_i, None};
          prim1_o = dlast_i ? {KLine, n_i, f_i, None} : '0;
        end
      end
      4'd4, 4'd7: begin
        if (nmod3_i == 2'd2) begin
          cnt_o   = 2'd1;
          prim0_o = {KTri, p2_i, p1_i, n_i};
        end
      end
      4'd5, 4'd15: begin
        if (nsat_i >= 2'd2) begin
          cnt_o   = 2'd1;
          prim0_o = {KTri, f_i, p1_i, n_i};
        end
      end
      4'd6: begin
        if (nsat_i >= 2'd2) begin
          cnt_o   = 2'd1;
          prim0_o = nmod4_i[0] ? {KTri, p1_i, p2_i, n_i} : {KTri, p2_i, p1_i, n_i};
        end
      end
      4'd13: begin
        if (nmod4_i == 2'd3) begin
          cnt_o   = 2'd2;
          prim0_o = {KTri, p3_i, p2_i, p1_i};
          prim1_o = {KTri, p3_i, p1_i, n_i};
        end
      end
      4'd14: begin
        if (nsat_i >= 2'd3 && nmod4_i[0]) begin
          cnt_o   = 2'd2;
          prim0_o = {KTri, p3_i, p2_i, p1_i};
          prim1_o = {KTri, p1_i, p2_i, n_i};
        end
      end
      default: ;
    endcase
  end

endmodule
