// r5xx_tx_index: one texel index of a wrap mode mapped into the texture, with its border flag
// (docs/blocks/r5xx.tx.md, D4; the C twin is map_index() in model/r5xx/tx/tx_math.c).  Purely
// combinational.  i_i is in [-1, size] for wrap and the half-way modes, [-1, 2 size] for mirror,
// [-2^14 - 1, 2^14 + 1] for the others.
module r5xx_tx_index (
  input  logic signed [63:0] i_i,
  input  logic signed [63:0] size_i,
  input  logic [2:0]         mode_i,
  input  logic               lin_i,
  output logic [11:0]        idx_o,
  output logic               border_o
);

  logic signed [63:0] s2;
  logic signed [63:0] jw;     // wrap
  logic signed [63:0] jm;     // mirror: i mod 2 size
  logic signed [63:0] jmr;    // mirror: reflected
  logic signed [63:0] jc;     // clamp to [0, size - 1]
  logic signed [63:0] jp;     // min(i, size - 1)
  logic               out;    // i outside [0, size - 1]
  logic signed [63:0] j;

  assign s2  = size_i <<< 1;
  assign jw  = (i_i < 64'sd0) ? i_i + size_i : (i_i >= size_i) ? i_i - size_i : i_i;
  assign jm  = (i_i < 64'sd0) ? i_i + s2 : (i_i >= s2) ? i_i - s2 : i_i;
  assign jmr = (jm < size_i) ? jm : s2 - 64'sd1 - jm;
  assign jc  = (i_i < 64'sd0) ? 64'sd0 : (i_i >= size_i) ? size_i - 64'sd1 : i_i;
  assign jp  = (i_i < size_i) ? i_i : size_i - 64'sd1;
  assign out = i_i < 64'sd0 || i_i >= size_i;

  always_comb begin
    unique case (mode_i)
      3'd0: begin
        j        = jw;
        border_o = 1'b0;
      end
      3'd1: begin
        j        = jmr;
        border_o = 1'b0;
      end
      3'd4, 3'd5: begin
        j        = lin_i ? jc : jp;
        border_o = lin_i && out;
      end
      3'd6, 3'd7: begin
        j        = jc;
        border_o = out;
      end
      default: begin
        j        = jc;
        border_o = 1'b0;
      end
    endcase
  end

  assign idx_o = j[11:0];

  logic unused_j;
  assign unused_j = ^j[63:12];

endmodule
