// r5xx_gfx3d_regw: how r5xx.gfx3d hands its register writes to the four blocks of the 3D path
// (docs/blocks/r5xx.gfx3d.md, "Register writes").
//
// A write to a VAP data or index port (0x2000-0x207C, 0x20B8) goes to the VAP alone, as soon as
// the VAP takes it.  Any other write is state: it goes to all five blocks (VAP, PVS, raster, ZB,
// RB3D; the PVS's valid through r5xx_gfx3d_vsel) on one edge, and only
// when the whole path is idle (every block idle and the fragment queue empty) and every block is
// ready, so a draw's vertices, primitives and fragments all see the state of its own time.  The
// ready answers the address of the write offered (a combinational path from regw_addr_i).
module r5xx_gfx3d_regw (
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,

  input  logic        vap_ready_i,
  input  logic        pvs_ready_i,
  input  logic        ras_ready_i,
  input  logic        zb_ready_i,
  input  logic        rb_ready_i,
  input  logic        path_idle_i,

  output logic        vap_valid_o,
  output logic        state_valid_o   // to the raster, ZB, RB3D and r5xx_gfx3d_vsel (the PVS)
);

  logic is_port, state_ok;

  assign is_port  = (regw_addr_i[15:7] == 9'h040) || (regw_addr_i == 16'h20B8);
  assign state_ok = path_idle_i && vap_ready_i && pvs_ready_i && ras_ready_i && zb_ready_i && rb_ready_i;

  assign regw_ready_o  = is_port ? vap_ready_i : state_ok;
  assign vap_valid_o   = regw_valid_i && (is_port ? 1'b1 : state_ok);
  assign state_valid_o = regw_valid_i && !is_port && state_ok;
endmodule
