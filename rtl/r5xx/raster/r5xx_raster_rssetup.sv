// r5xx_raster_rssetup: the quad path's part of SETUP (docs/blocks/r5xx.raster.md "Per-vertex RS data",
// "Interpolation on the sf datapath"): holds the primitive's RS vertices, a triangle's normalised
// (vertices 1 and 2 swapped when the crs product of the listed order is negative, as
// r5xx_raster_setup does) with its area A = |crs|.  Loaded in the SETUP cycle.
module r5xx_raster_rssetup #(
  parameter bit [31:0] AW = 1606,
  localparam bit [31:0] PW = 2 + 3 * AW
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          load_i,
  input  logic [PW-1:0] prim_i,        // {kind, v0, v1, v2} from the assembly
  output logic [1:0]    kind_o,
  output logic [AW-1:0] v0_o,
  output logic [AW-1:0] v1_o,
  output logic [AW-1:0] v2_o,
  output logic [47:0]   area_o
);

  localparam logic [1:0] KTri = 2'd2;

  logic [1:0]         kind;
  logic [AW-1:0]      v [3];
  logic signed [47:0] x [3];
  logic signed [47:0] y [3];

  assign kind = prim_i[PW-1 -: 2];
  for (genvar i = 0; i < 3; i++) begin : g_v
    assign v[i] = prim_i[(2-i)*AW +: AW];
    assign x[i] = 48'($signed(v[i][AW-1 -: 19]));
    assign y[i] = 48'($signed(v[i][AW-20 -: 19]));
  end

  logic signed [47:0] crs;
  logic               swap;

  assign crs = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
  assign swap  = kind == KTri && crs < 0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      kind_o <= '0;
      v0_o   <= '0;
      v1_o   <= '0;
      v2_o   <= '0;
      area_o <= '0;
    end else if (load_i) begin
      kind_o <= kind;
      v0_o   <= v[0];
      v1_o   <= swap ? v[2] : v[1];
      v2_o   <= swap ? v[1] : v[2];
      area_o <= crs < 0 ? -crs : crs;
    end
  end

endmodule
