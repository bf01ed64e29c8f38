// r5xx_clip_codes: the 16 clip codes of one position (bit k = outside plane k: 0-11 the clip planes,
// 12-15 the discard planes of the guard band's discard adjust), docs/blocks/r5xx.clip.md "Planes
// and distances"; inside = sf_cmp_le(+0, d), or sf_cmp_le(+0, sf_add(d, r)) with ruse_i (a point's
// radius-based distance, D10).  Purely combinational, evaluated only while en_i is set; C twins
// clip_outcode() and clip_outcode_r().
module r5xx_clip_codes (
  input  logic         en_i,      // the codes are used this cycle (else oc_o is 0)
  input  logic [127:0] p_i,
  input  logic         dx_i,
  input  logic [127:0] gb_i,      // VC, VD, HC, HD
  input  logic [767:0] ucp_i,
  input  logic         ruse_i,    // add r_i to every distance
  input  logic [31:0]  r_i,
  output logic [15:0]  oc_o
);

  prim_sf_fn u_sf ();

  // verilator lint_off UNUSEDSIGNAL
  // verilator lint_off VARHIDDEN
  function automatic logic [15:0] codes(input logic dummy);
    logic [31:0] x, y, z, w, nx, ny, nz, mhc, mvc, mhd, mvd;
    logic [31:0] d [16];
    logic [15:0] oc;
    logic [2:0]  c;
    x  = p_i[31:0];
    y  = p_i[63:32];
    z  = p_i[95:64];
    w  = p_i[127:96];
    nx = {~x[31], x[30:0]};
    ny = {~y[31], y[30:0]};
    nz = {~z[31], z[30:0]};
    d[0] = dx_i ? z : u_sf.add(z, w);
    d[1] = u_sf.add(w, nz);
    mhc = u_sf.mul(gb_i[95:64], w, 1'b0);
    mvc = u_sf.mul(gb_i[31:0], w, 1'b0);
    mhd = u_sf.mul(gb_i[127:96], w, 1'b0);
    mvd = u_sf.mul(gb_i[63:32], w, 1'b0);
    d[2] = u_sf.add(mhc, x);
    d[3] = u_sf.add(mhc, nx);
    d[4] = u_sf.add(mvc, y);
    d[5] = u_sf.add(mvc, ny);
    d[12] = u_sf.add(mhd, x);
    d[13] = u_sf.add(mhd, nx);
    d[14] = u_sf.add(mvd, y);
    d[15] = u_sf.add(mvd, ny);
    for (int j = 0; j < 6; j++) d[6+j] = u_sf.dp4(p_i, ucp_i[128*j+:128], 1'b0);
    for (int k = 0; k < 16; k++) begin
      c = u_sf.cmp(32'h0, ruse_i ? u_sf.add(d[k], r_i) : d[k]);   // {lt, le, eq}: inside = le(+0, d)
      oc[k] = ~c[1];
    end
    return oc;
  endfunction
  // verilator lint_on VARHIDDEN
  // verilator lint_on UNUSEDSIGNAL

  always_comb begin
    case (en_i)
      1'b1: oc_o = codes(1'b0);
      default: oc_o = 16'd0;
    endcase
  end

endmodule
