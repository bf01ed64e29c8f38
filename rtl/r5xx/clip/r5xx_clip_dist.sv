// r5xx_clip_dist: the distance of one position to clip plane k (0 near, 1 far, 2-5 left, right,
// bottom, top with the guard band's clip adjust, 6-11 UCP 0-5), docs/blocks/r5xx.clip.md
// "Planes and distances".  Purely combinational; C twin clip_dist().
module r5xx_clip_dist (
  input  logic         en_i,      // the distance is used this cycle (else d_o is 0)
  input  logic [127:0] p_i,       // x, y, z, w
  input  logic [3:0]   k_i,
  input  logic         dx_i,      // VAP_CNTL.DX_CLIP_SPACE_DEF
  input  logic [31:0]  hc_i,
  input  logic [31:0]  vc_i,
  input  logic [767:0] ucp_i,
  output logic [31:0]  d_o
);

  prim_sf_fn u_sf ();

  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [31:0] pdist(input logic dummy);
    logic [31:0] x, y, z, w, d;
    logic [2:0]  u;
    x = p_i[31:0];
    y = p_i[63:32];
    z = p_i[95:64];
    w = p_i[127:96];
    u = (k_i >= 4'd6) ? 3'(k_i - 4'd6) : 3'd0;
    if (k_i == 4'd0 && dx_i) d = z;
    else if (k_i < 4'd2)     d = u_sf.add((k_i == 4'd0) ? z : w, (k_i == 4'd0) ? w : {~z[31], z[30:0]});
    else if (k_i < 4'd6)     d = u_sf.add(u_sf.mul((k_i < 4'd4) ? hc_i : vc_i, w, 1'b0),
                                          (k_i < 4'd4) ? {x[31] ^ k_i[0], x[30:0]}
                                                       : {y[31] ^ k_i[0], y[30:0]});
    else                     d = u_sf.dp4(p_i, ucp_i[128*u+:128], 1'b0);
    return d;
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  always_comb begin
    case (en_i)
      1'b1: d_o = pdist(1'b0);
      default: d_o = 32'd0;
    endcase
  end

endmodule
