// r5xx_vap_fidx: the fetch index of a vertex for one array (docs/blocks/r5xx.vap.md "Fetch index of
// array a", decision 2): raw (or its dual-index part) plus the signed 25-bit INDEX_OFFSET,
// exact, then clamped to [MIN_INDX, MAX_INDX] (MIN_INDX when below it, else MAX_INDX when above
// it).  Purely combinational.
module r5xx_vap_fidx (
  input  logic [31:0] raw_i,
  input  logic [24:0] ofs_i,
  input  logic [23:0] min_i,
  input  logic [23:0] max_i,
  output logic [23:0] fi_o
);

  logic signed [33:0] sum;

  assign sum = $signed({2'b00, raw_i}) + $signed({{9{ofs_i[24]}}, ofs_i});

  always_comb begin
    if (sum < $signed({10'd0, min_i})) begin
      fi_o = min_i;
    end else if (sum > $signed({10'd0, max_i})) begin
      fi_o = max_i;
    end else begin
      fi_o = sum[23:0];
    end
  end

endmodule
