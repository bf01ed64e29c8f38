// r5xx_tile: the R5xx surface address generator (docs/blocks/r5xx.tile.md, the contract this RTL
// follows; ports from tile.block).
//
// Snoops the surface registers of the colour buffers, the depth buffer and the texture maps
// from the register backbone (r5xx_tile_regs), and turns each fragment (surface code, x, y) into
// the byte address of its pixel, one per clock:
//   accept edge: the fragment's surface registers are decoded (r5xx_tile_surf) into S1;
//   next edge:   S1's address (r5xx_tile_addr) and flags are pushed into a 4-entry output queue,
//                shown on `addr` from the cycle after.
// A fragment is accepted while S1 plus the queue hold fewer than 4 fragments.  Every output is
// a function of the state only.
module r5xx_tile (
  input  logic        clk_i,
  input  logic        rst_ni,

  // register writes from the backbone
  input  logic        regw_valid_i,
  output logic        regw_ready_o,
  input  logic [15:0] regw_addr_i,
  input  logic [31:0] regw_data_i,

  // fragments
  input  logic        frag_valid_i,
  output logic        frag_ready_o,
  input  logic [4:0]  frag_surf_i,
  input  logic [13:0] frag_x_i,
  input  logic [13:0] frag_y_i,

  // addresses
  output logic        addr_valid_o,
  input  logic        addr_ready_i,
  output logic [31:0] addr_addr_o,
  output logic [2:0]  addr_size_o,
  output logic [3:0]  addr_err_o,

  output logic        idle_o
);

  localparam bit [31:0] OutDepth = 4;
  localparam bit [31:0] OutW     = 32 + 3 + 4;

  assign regw_ready_o = 1'b1;

  // ---------------------------------------------------------------------------------------------
  // Surface registers and the decoder of the offered fragment's surface
  // ---------------------------------------------------------------------------------------------
  logic [1:0]  sel_kind;
  logic [31:0] sel_reg0;
  logic [31:0] sel_reg1;
  logic [31:0] sel_reg2;
  logic [31:0] sel_reg3;

  r5xx_tile_regs u_regs (
    .clk_i,
    .rst_ni,
    .we_i    (regw_valid_i),
    .waddr_i (regw_addr_i),
    .wdata_i (regw_data_i),
    .surf_i  (frag_surf_i),
    .kind_o  (sel_kind),
    .reg0_o  (sel_reg0),
    .reg1_o  (sel_reg1),
    .reg2_o  (sel_reg2),
    .reg3_o  (sel_reg3)
  );

  logic [31:0] dec_base;
  logic [14:0] dec_pitch;
  logic [2:0]  dec_bpp;
  logic        dec_macro;
  logic [1:0]  dec_micro;
  logic [2:0]  dec_err;

  r5xx_tile_surf u_surf (
    .kind_i  (sel_kind),
    .reg0_i  (sel_reg0),
    .reg1_i  (sel_reg1),
    .reg2_i  (sel_reg2),
    .reg3_i  (sel_reg3),
    .base_o  (dec_base),
    .pitch_o (dec_pitch),
    .bpp_o   (dec_bpp),
    .macro_o (dec_macro),
    .micro_o (dec_micro),
    .err_o   (dec_err)
  );

  // ---------------------------------------------------------------------------------------------
  // S1: the accepted fragment with its decoded surface
  // ---------------------------------------------------------------------------------------------
  logic [2:0]  q_count;
  logic        accept;
  logic        s1_valid_q;
  logic [13:0] s1_x_q;
  logic [13:0] s1_y_q;
  logic [31:0] s1_base_q;
  logic [14:0] s1_pitch_q;
  logic [2:0]  s1_bpp_q;
  logic        s1_macro_q;
  logic [1:0]  s1_micro_q;
  logic [2:0]  s1_err_q;

  assign frag_ready_o = ({2'b00, s1_valid_q} + q_count) < 3'(OutDepth);
  assign accept       = frag_valid_i && frag_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_x_q     <= '0;
      s1_y_q     <= '0;
      s1_base_q  <= '0;
      s1_pitch_q <= '0;
      s1_bpp_q   <= '0;
      s1_macro_q <= 1'b0;
      s1_micro_q <= '0;
      s1_err_q   <= '0;
    end else begin
      s1_valid_q <= accept;
      if (accept) begin
        s1_x_q     <= frag_x_i;
        s1_y_q     <= frag_y_i;
        s1_base_q  <= dec_base;
        s1_pitch_q <= dec_pitch;
        s1_bpp_q   <= dec_bpp;
        s1_macro_q <= dec_macro;
        s1_micro_q <= dec_micro;
        s1_err_q   <= dec_err;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // S1 -> address -> output queue
  // ---------------------------------------------------------------------------------------------
  logic [31:0] s1_addr;
  logic        s1_range;

  r5xx_tile_addr u_addr (
    .base_i  (s1_base_q),
    .pitch_i (s1_pitch_q),
    .bpp_i   (s1_bpp_q),
    .macro_i (s1_macro_q),
    .micro_i (s1_micro_q),
    .x_i     (s1_x_q),
    .y_i     (s1_y_q),
    .addr_o  (s1_addr)
  );

  assign s1_range = {1'b0, s1_x_q} >= s1_pitch_q;

  logic [OutW-1:0] q_head;
  logic            pop;

  assign pop = addr_valid_o && addr_ready_i;

  logic unused_out_empty;  // the count says it

  prim_fifo #(
    .Width (OutW),
    .Depth (OutDepth)
  ) u_out (
    .clk_i,
    .rst_ni,
    .flush_i (1'b0),
    .push_i  (s1_valid_q),
    .wdata_i ({s1_addr, s1_bpp_q, s1_range, s1_err_q}),
    .pop_i   (pop),
    .rdata_o (q_head),
    .empty_o (unused_out_empty),
    .count_o (q_count)
  );

  assign addr_valid_o = q_count != 3'd0;
  assign addr_addr_o  = q_head[38:7];
  assign addr_size_o  = q_head[6:4];
  assign addr_err_o   = q_head[3:0];

  assign idle_o = !s1_valid_q && q_count == 3'd0;

endmodule
