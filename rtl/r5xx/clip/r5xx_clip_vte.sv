// r5xx_clip_vte: the perspective divide and viewport transform of one position by VAP_VTE_CNTL
// (docs/blocks/r5xx.clip.md "VTE").  Purely combinational, evaluated only while en_i is set; C twin clip_vte().
module r5xx_clip_vte (
  input  logic         en_i,      // the result is used this cycle (else q_o is 0)
  input  logic [127:0] p_i,
  input  logic [31:0]  cntl_i,
  input  logic [191:0] vport_i,   // XS, XO, YS, YO, ZS, ZO
  output logic [127:0] q_o
);

  logic unused_cntl;
  assign unused_cntl = ^{cntl_i[31:11], cntl_i[7:6]};

  prim_sf_fn u_sf ();

  // verilator lint_off VARHIDDEN
  function automatic logic [127:0] vte(input logic dummy);
    logic [31:0]  rw, dv, so;
    logic [127:0] q;
    logic         unused_d;
    unused_d = dummy;
    rw = cntl_i[10] ? u_sf.rcp(p_i[127:96]) : p_i[127:96];
    for (int a = 0; a < 3; a++) begin
      dv = ((a == 2) ? cntl_i[9] : cntl_i[8]) ? p_i[32*a+:32] : u_sf.mul(p_i[32*a+:32], rw, 1'b0);
      so = cntl_i[2*a] ? u_sf.mul(dv, vport_i[64*a+:32], 1'b0) : dv;
      q[32*a+:32] = cntl_i[2*a+1] ? u_sf.add(so, vport_i[64*a+32+:32]) : so;
    end
    q[127:96] = rw;
    return q;
  endfunction
  // verilator lint_on VARHIDDEN

  always_comb begin
    case (en_i)
      1'b1: q_o = vte(1'b0);
      default: q_o = 128'd0;
    endcase
  end
endmodule
