// r5xx_cp_parser: the CP's PM4 packet parser (docs/blocks/r5xx.cp.md, "Parser"; 001:1826-2135).
//
// Looks at the fetch-queue head and consumes at most one dword per edge: a header yields a `pkt`
// record, a Type-0/Type-1 body dword a register write, a Type-3 body dword a `body` entry and,
// for the draw and VBPNTR packets, a register write.  A dword is consumed only if every output
// queue it writes to has fewer than 2 entries before the edge (the *_full_i inputs).  Stream
// switching, pointers and the queues themselves live in r5xx_cp.
module r5xx_cp_parser (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        hold_i,        // the active IB is exhausted: consume nothing this edge
  input  logic        restart_i,     // abandon the current packet: the state is HDR after the edge

  input  logic        head_valid_i,  // fetch-queue head
  input  logic [31:0] head_i,

  input  logic        in_ib_i,       // the active stream is an indirect buffer
  input  logic [22:0] cons_i,        // its consume pointer (dword index of the next dword)
  input  logic [22:0] size_i,        // its size (IB only)

  input  logic        pkt_full_i,    // output queues hold 2 entries
  input  logic        regw_full_i,
  input  logic        body_full_i,
  input  logic        pkt_empty_i,   // the output queues are empty (stream order across them)
  input  logic        regw_empty_i,
  input  logic        body_empty_i,

  output logic        consume_o,     // the head dword is consumed at this edge
  output logic        hdr_o,         // ... and it is a packet header
  output logic        pkt_end_o,     // ... and it is the last body dword of its packet

  output logic        pkt_push_o,
  output logic [1:0]  pkt_type_o,
  output logic [7:0]  pkt_opcode_o,
  output logic [13:0] pkt_count_o,
  output logic [2:0]  pkt_err_o,

  output logic        regw_push_o,
  output logic [15:0] regw_addr_o,
  output logic [31:0] regw_data_o,

  output logic        body_push_o,
  output logic [31:0] body_data_o,
  output logic        body_last_o
);

  // Type-3 opcodes (001:2041-2135).
  localparam logic [7:0] OP_NOP            = 8'h10;
  localparam logic [7:0] OP_NEXTCHAR       = 8'h19;
  localparam logic [7:0] OP_PLY_NEXTSCAN   = 8'h1D;
  localparam logic [7:0] OP_SET_SCISSORS   = 8'h1E;
  localparam logic [7:0] OP_PRED_EXEC      = 8'h20;
  localparam logic [7:0] OP_COND_EXEC      = 8'h21;
  localparam logic [7:0] OP_WAIT_SEMAPHORE = 8'h22;
  localparam logic [7:0] OP_WAIT_MEM       = 8'h23;
  localparam logic [7:0] OP_3D_DRAW_VBUF   = 8'h28;
  localparam logic [7:0] OP_3D_DRAW_IMMD   = 8'h29;
  localparam logic [7:0] OP_3D_DRAW_INDX   = 8'h2A;
  localparam logic [7:0] OP_LOAD_PALETTE   = 8'h2C;
  localparam logic [7:0] OP_3D_LOAD_VBPNTR = 8'h2F;
  localparam logic [7:0] OP_INDX_BUFFER    = 8'h33;
  localparam logic [7:0] OP_3D_DRAW_VBUF_2 = 8'h34;
  localparam logic [7:0] OP_3D_DRAW_IMMD_2 = 8'h35;
  localparam logic [7:0] OP_3D_DRAW_INDX_2 = 8'h36;
  localparam logic [7:0] OP_3D_CLEAR_HIZ   = 8'h37;
  localparam logic [7:0] OP_3D_CLEAR_ZMASK = 8'h32;   // not in the guide: Mesa r300 (docs/blocks/r5xx.cp.md)
  localparam logic [7:0] OP_3D_CLEAR_CMASK = 8'h38;
  localparam logic [7:0] OP_3D_DRAW_128    = 8'h39;
  localparam logic [7:0] OP_MPEG_INDEX     = 8'h3A;
  localparam logic [7:0] OP_PAINT          = 8'h91;
  localparam logic [7:0] OP_BITBLT         = 8'h92;
  localparam logic [7:0] OP_HOSTDATA_BLT   = 8'h94;
  localparam logic [7:0] OP_POLYLINE       = 8'h95;
  localparam logic [7:0] OP_POLYSCANLINES  = 8'h98;
  localparam logic [7:0] OP_PAINT_MULTI    = 8'h9A;
  localparam logic [7:0] OP_BITBLT_MULTI   = 8'h9B;
  localparam logic [7:0] OP_TRANS_BITBLT   = 8'h9C;

  // Registers the Type-3 draw and VBPNTR packets write (docs/blocks/r5xx.cp.md decisions 4 and 5).
  localparam logic [15:0] VAP_PORT_DATA0        = 16'h2000;
  localparam logic [15:0] VAP_PORT_IDX0         = 16'h2040;
  localparam logic [15:0] VAP_VF_CNTL           = 16'h2084;
  localparam logic [15:0] VAP_PORT_DATA_IDX_128 = 16'h20B8;
  localparam logic [15:0] VAP_VTX_NUM_ARRAYS    = 16'h20C0;

  localparam logic [14:0] REG_INDEX_MAX   = 15'h1FFF;  // last Type-0 dword register index
  localparam logic [14:0] VBPNTR_LAST_POS = 15'd24;    // 3D_LOAD_VBPNTR writes 25 registers

  typedef enum logic [2:0] {
    StHdr  = 3'd0,  // expecting a packet header
    StT0   = 3'd1,  // Type-0 body
    StT1   = 3'd2,  // Type-1 body
    StT3   = 3'd3,  // Type-3 body, emitted on `body`
    StSkip = 3'd4   // NOP or unknown Type-3 body, consumed silently
  } state_e;

  state_e      state_q, state_d;
  logic [14:0] left_q, left_d;      // body dwords still to come
  logic [14:0] idx_q, idx_d;        // T0: register index; T1: REG_INDEX1; T3: body position
  logic [10:0] reg2_q, reg2_d;      // T1: REG_INDEX2
  logic        one_reg_q, one_reg_d;
  logic [7:0]  opcode_q, opcode_d;

  // ---------------------------------------------------------------------------------------------
  // Header decode
  // ---------------------------------------------------------------------------------------------
  logic [1:0]  h_type;
  logic [13:0] h_count;
  logic [7:0]  h_opcode;
  logic        h_known;
  logic [14:0] h_body;     // body dwords the header announces
  logic [23:0] h_end;      // cons + 1 + body
  logic [2:0]  h_err;

  assign h_type   = head_i[31:30];
  assign h_count  = head_i[29:16];
  assign h_opcode = head_i[15:8];

  always_comb begin
    unique case (h_opcode)
      OP_NOP, OP_NEXTCHAR, OP_PLY_NEXTSCAN, OP_SET_SCISSORS, OP_PRED_EXEC, OP_COND_EXEC,
      OP_WAIT_SEMAPHORE, OP_WAIT_MEM, OP_3D_DRAW_VBUF, OP_3D_DRAW_IMMD, OP_3D_DRAW_INDX,
      OP_LOAD_PALETTE, OP_3D_LOAD_VBPNTR, OP_INDX_BUFFER, OP_3D_DRAW_VBUF_2, OP_3D_DRAW_IMMD_2,
      OP_3D_DRAW_INDX_2, OP_3D_CLEAR_HIZ, OP_3D_CLEAR_ZMASK, OP_3D_CLEAR_CMASK, OP_3D_DRAW_128, OP_MPEG_INDEX, OP_PAINT, OP_BITBLT,
      OP_HOSTDATA_BLT, OP_POLYLINE, OP_POLYSCANLINES, OP_PAINT_MULTI, OP_BITBLT_MULTI,
      OP_TRANS_BITBLT: h_known = 1'b1;
      default:         h_known = 1'b0;
    endcase
  end

  always_comb begin
    unique case (h_type)
      2'd1:    h_body = 15'd2;
      2'd2:    h_body = 15'd0;
      default: h_body = {1'b0, h_count} + 15'd1;
    endcase
  end

  assign h_end = {1'b0, cons_i} + 24'd1 + {9'b0, h_body};

  always_comb begin
    h_err = 3'b000;
    unique case (h_type)
      2'd0: begin
        h_err[1] = !head_i[15] &&
                   (({2'b0, head_i[12:0]} + {1'b0, h_count}) > REG_INDEX_MAX);
      end
      2'd3: begin
        h_err[0] = !h_known;
        h_err[1] = (h_opcode == OP_3D_LOAD_VBPNTR) && ({1'b0, h_count} > VBPNTR_LAST_POS);
      end
      default: ;
    endcase
    h_err[2] = in_ib_i && (h_end > {1'b0, size_i});
  end

  // ---------------------------------------------------------------------------------------------
  // Body dwords: register writes of Type-0, Type-1 and Type-3
  // ---------------------------------------------------------------------------------------------
  logic        t0_drop;    // Type-0 index past the register space: consumed, nothing written
  logic        t3_wr;      // this Type-3 body dword also writes a register
  logic [15:0] t3_addr;

  assign t0_drop = (idx_q > REG_INDEX_MAX);

  always_comb begin
    t3_wr   = 1'b0;
    t3_addr = '0;
    unique case (opcode_q)
      OP_3D_DRAW_VBUF: begin
        t3_wr   = (idx_q == 15'd1);
        t3_addr = VAP_VF_CNTL;
      end
      OP_3D_DRAW_IMMD: begin
        t3_wr   = (idx_q != 15'd0);
        t3_addr = (idx_q == 15'd1) ? VAP_VF_CNTL : VAP_PORT_DATA0;
      end
      OP_3D_DRAW_INDX: begin
        t3_wr   = (idx_q != 15'd0);
        t3_addr = (idx_q == 15'd1) ? VAP_VF_CNTL : VAP_PORT_IDX0;
      end
      OP_3D_DRAW_VBUF_2: begin
        t3_wr   = (idx_q == 15'd0);
        t3_addr = VAP_VF_CNTL;
      end
      OP_3D_DRAW_IMMD_2: begin
        t3_wr   = 1'b1;
        t3_addr = (idx_q == 15'd0) ? VAP_VF_CNTL : VAP_PORT_DATA0;
      end
      OP_3D_DRAW_INDX_2: begin
        t3_wr   = 1'b1;
        t3_addr = (idx_q == 15'd0) ? VAP_VF_CNTL : VAP_PORT_IDX0;
      end
      OP_3D_DRAW_128: begin
        t3_wr   = 1'b1;
        t3_addr = (idx_q == 15'd0) ? VAP_VF_CNTL : VAP_PORT_DATA_IDX_128;
      end
      OP_3D_LOAD_VBPNTR: begin
        t3_wr   = (idx_q <= VBPNTR_LAST_POS);
        t3_addr = VAP_VTX_NUM_ARRAYS + {9'b0, idx_q[4:0], 2'b00};
      end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // What the head dword writes, and whether it may be consumed
  // ---------------------------------------------------------------------------------------------
  logic need_pkt, need_regw, need_body;

  always_comb begin
    need_pkt  = 1'b0;
    need_regw = 1'b0;
    need_body = 1'b0;
    unique case (state_q)
      StHdr:   need_pkt  = 1'b1;
      StT0:    need_regw = !t0_drop;
      StT1:    need_regw = 1'b1;
      StT3: begin
        need_body = 1'b1;
        need_regw = t3_wr;
      end
      default: ;  // StSkip writes nothing
    endcase
  end

  assign consume_o = head_valid_i && !hold_i &&
                     !(need_pkt && pkt_full_i) &&
                     !(need_regw && regw_full_i) &&
                     !(need_body && body_full_i) &&
                     // stream order between the register writes and the packet records/bodies
                     !((need_pkt || need_body) && !need_regw && !regw_empty_i) &&
                     !(need_regw && !need_body && !(pkt_empty_i && body_empty_i));

  assign hdr_o     = consume_o && (state_q == StHdr);
  assign pkt_end_o = consume_o && (state_q != StHdr) && (left_q == 15'd1);

  // pkt record (the stream and ptr fields are added by r5xx_cp)
  assign pkt_push_o   = hdr_o;
  assign pkt_type_o   = h_type;
  assign pkt_opcode_o = (h_type == 2'd3) ? h_opcode : 8'h00;
  assign pkt_count_o  = (h_type == 2'd0 || h_type == 2'd3) ? h_count : 14'd0;
  assign pkt_err_o    = h_err;

  assign regw_push_o = consume_o && need_regw;
  assign regw_data_o = head_i;
  always_comb begin
    unique case (state_q)
      StT0:    regw_addr_o = {1'b0, idx_q[12:0], 2'b00};
      StT1:    regw_addr_o = {3'b0, idx_q[10:0], 2'b00};
      StT3:    regw_addr_o = t3_addr;
      default: regw_addr_o = '0;
    endcase
  end

  assign body_push_o = consume_o && need_body;
  assign body_data_o = head_i;
  assign body_last_o = (left_q == 15'd1);

  // ---------------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    state_d   = state_q;
    left_d    = left_q;
    idx_d     = idx_q;
    reg2_d    = reg2_q;
    one_reg_d = one_reg_q;
    opcode_d  = opcode_q;

    if (consume_o) begin
      if (state_q == StHdr) begin
        unique case (h_type)
          2'd0: begin
            state_d   = StT0;
            left_d    = h_body;
            idx_d     = {2'b0, head_i[12:0]};
            one_reg_d = head_i[15];
          end
          2'd1: begin
            state_d = StT1;
            left_d  = h_body;
            idx_d   = {4'b0, head_i[10:0]};
            reg2_d  = head_i[21:11];
          end
          2'd2: begin
            state_d = StHdr;
          end
          default: begin
            if (h_known && (h_opcode != OP_NOP)) state_d = StT3; else state_d = StSkip;
            left_d   = h_body;
            idx_d    = '0;
            opcode_d = h_opcode;
          end
        endcase
      end else begin
        left_d = left_q - 15'd1;
        unique case (state_q)
          StT0:    idx_d = one_reg_q ? idx_q : (idx_q + 15'd1);
          StT1:    idx_d = {4'b0, reg2_q};
          StT3:    idx_d = idx_q + 15'd1;
          default: ;
        endcase
        if (left_q == 15'd1) begin
          state_d = StHdr;
        end
      end
    end

    if (restart_i) begin
      state_d = StHdr;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= StHdr;
      left_q    <= '0;
      idx_q     <= '0;
      reg2_q    <= '0;
      one_reg_q <= 1'b0;
      opcode_q  <= '0;
    end else begin
      state_q   <= state_d;
      left_q    <= left_d;
      idx_q     <= idx_d;
      reg2_q    <= reg2_d;
      one_reg_q <= one_reg_d;
      opcode_q  <= opcode_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Assertions (simulation only; docs/hardening.md "RTL assertions")
  // ---------------------------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // ParserStateLegal: the state is one of the five states.
      if (state_q > StSkip) begin
        $error("%m: ASSERT ParserStateLegal: state %0d", state_q);
      end
    end
  end
`endif

endmodule
