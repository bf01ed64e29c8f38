// r5xx_tx_cube: the face of a cube-map sample and its fixed-point face coordinates
// (docs/blocks/r5xx.tx.md, D17; the C twin is r5xx_tx_cube() in model/r5xx/tx/tx_math.c).
// Purely combinational.
//   magnitudes: the 31 low bits of each coordinate (0 for zeros, denormals and NaNs);
//   major axis: s if |s| >= |t| and |s| >= |r|, else t if |t| >= |r|, else r;
//   face 2 * axis + sign (0 +X, 1 -X, 2 +Y, 3 -Y, 4 +Z, 5 -Z), sc and tc from OpenGL 2.1
//   table 3.19; X = floor(256 size (c / |ma| + 1) / 2) exactly, by one integer division.
module r5xx_tx_cube (
  input  logic [31:0]        s_i,
  input  logic [31:0]        t_i,
  input  logic [31:0]        r_i,
  input  logic [12:0]        w_i,
  input  logic [12:0]        h_i,
  output logic [2:0]         face_o,
  output logic signed [63:0] xs_o,
  output logic signed [63:0] xt_o
);

  function automatic logic [30:0] cmag(input logic [30:0] c);
    cmag = (c[30:23] == 8'd0 || (c[30:23] == 8'd255 && c[22:0] != 23'd0)) ? 31'd0 : c;
  endfunction

  logic [30:0] ms;
  logic [30:0] mt;
  logic [30:0] mr;
  logic [1:0]  ax;
  logic [31:0] ma;
  logic [30:0] mm;
  logic [31:0] sc;
  logic [31:0] tc;

  assign ms = cmag(s_i[30:0]);
  assign mt = cmag(t_i[30:0]);
  assign mr = cmag(r_i[30:0]);
  assign ax = (ms >= mt && ms >= mr) ? 2'd0 : (mt >= mr) ? 2'd1 : 2'd2;
  assign ma = (ax == 2'd0) ? s_i : (ax == 2'd1) ? t_i : r_i;
  assign mm = cmag(ma[30:0]);
  assign face_o = {ax, 1'b0} + {2'd0, mm != 31'd0 && ma[31]};

  always_comb begin
    unique case (face_o)
      3'd0: begin
        sc = {~r_i[31], r_i[30:0]};
        tc = {~t_i[31], t_i[30:0]};
      end
      3'd1: begin
        sc = r_i;
        tc = {~t_i[31], t_i[30:0]};
      end
      3'd2: begin
        sc = s_i;
        tc = r_i;
      end
      3'd3: begin
        sc = s_i;
        tc = {~r_i[31], r_i[30:0]};
      end
      3'd4: begin
        sc = s_i;
        tc = {~t_i[31], t_i[30:0]};
      end
      default: begin
        sc = {~s_i[31], s_i[30:0]};
        tc = {~t_i[31], t_i[30:0]};
      end
    endcase
  end

  r5xx_tx_cubex u_xs (
    .c_i    (sc),
    .mm_i   (mm),
    .size_i (w_i),
    .x_o    (xs_o)
  );

  r5xx_tx_cubex u_xt (
    .c_i    (tc),
    .mm_i   (mm),
    .size_i (h_i),
    .x_o    (xt_o)
  );

endmodule
