// r5xx_clip_pext: a point's expansion for PS_UCP_MODE 1-3 (docs/blocks/r5xx.clip.md D10): the size
// sz = PT_SIZE_PRESENT ? psx * K : K, then ex = (XR * sz) * w, ey = (YR * sz) * w, er = (R * sz) * w
// with (XR, YR, K, R) the point-sprite vector at PVS index 1542.  Purely combinational, evaluated
// only while en_i is set; C twin clip_point_ext().
module r5xx_clip_pext (
  input  logic         en_i,
  input  logic [31:0]  w_i,       // the point's position w
  input  logic [31:0]  psx_i,     // x of its slot 1 (the point size slot when present)
  input  logic         ptsz_i,    // VAP_OUT_VTX_FMT_0.VTX_PT_SIZE_PRESENT
  input  logic [127:0] ps_i,      // XR, YR, K, R
  output logic [31:0]  ex_o,
  output logic [31:0]  ey_o,
  output logic [31:0]  er_o
);

  prim_sf_fn u_sf ();

  logic [31:0] sz;
  always_comb begin
    case (en_i)
      1'b1: begin
        sz   = ptsz_i ? u_sf.mul(psx_i, ps_i[95:64], 1'b0) : ps_i[95:64];
        ex_o = u_sf.mul(u_sf.mul(ps_i[31:0], sz, 1'b0), w_i, 1'b0);
        ey_o = u_sf.mul(u_sf.mul(ps_i[63:32], sz, 1'b0), w_i, 1'b0);
        er_o = u_sf.mul(u_sf.mul(ps_i[127:96], sz, 1'b0), w_i, 1'b0);
      end
      default: begin
        sz   = 32'd0;
        ex_o = 32'd0;
        ey_o = 32'd0;
        er_o = 32'd0;
      end
    endcase
  end

endmodule
