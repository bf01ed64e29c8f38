// r5xx_zb_fq: the fragment queue of r5xx_zb (docs/blocks/r5xx.zb.md): every fragment from its read
// request (or, when no test needs memory, from its issue) to its retirement, in order.
//
//   insert    at the tail: a fragment whose read was accepted (waiting for its response), or
//             one resolved at once (ins_res_i: passes, writes nothing)
//   response  resolves the oldest entry waiting for one (responses come back in request order,
//             so that is the entry nrd places before the tail)
//   head      shows its pass record and its write; it leaves at the edge where both are done
//   hazard    hit_o: an entry that may still write has the same key as key_i (the pixel's byte
//             address, or its dword with dword_i)
// Never inserts into a full queue (the caller checks count_o).  Every flop is reset.
module r5xx_zb_fq #(
  parameter bit [31:0] Depth = 16,   // a power of two
  localparam bit [31:0] CntW = $clog2(Depth + 1),
  localparam bit [31:0] PtrW = $clog2(Depth)
) (
  input  logic            clk_i,
  input  logic            rst_ni,

  input  logic            ins_i,
  input  logic            ins_res_i,
  input  logic [31:0]     ins_addr_i,
  input  logic [13:0]     ins_x_i,
  input  logic [13:0]     ins_y_i,
  input  logic [23:0]     ins_z_i,
  input  logic            ins_back_i,
  input  logic [4:0]      ins_err_i,

  output logic [23:0]     rsp_z_o,
  output logic            rsp_back_o,
  output logic            rsp_half_o,
  input  logic            rsp_i,
  input  logic            rsp_pass_i,
  input  logic            rsp_we_i,
  input  logic [31:0]     rsp_wdata_i,
  input  logic [3:0]      rsp_be_i,

  output logic [CntW-1:0] count_o,
  output logic            head_res_o,
  output logic            head_pass_o,
  output logic            head_pdone_o,
  output logic            head_we_o,
  output logic            head_wdone_o,
  output logic [31:0]     head_addr_o,
  output logic [13:0]     head_x_o,
  output logic [13:0]     head_y_o,
  output logic [4:0]      head_err_o,
  output logic [31:0]     head_wdata_o,
  output logic [3:0]      head_be_o,
  input  logic            pass_fire_i,
  input  logic            wr_fire_i,

  input  logic [31:0]     key_i,
  input  logic            dword_i,
  output logic            hit_o
);

  // per entry
  logic [31:0] addr_q  [Depth];
  logic [13:0] x_q     [Depth];
  logic [13:0] y_q     [Depth];
  logic [23:0] z_q     [Depth];
  logic        back_q  [Depth];
  logic [4:0]  err_q   [Depth];
  logic [31:0] wdata_q [Depth];
  logic [3:0]  be_q    [Depth];
  logic [Depth-1:0] res_q;
  logic [Depth-1:0] hz_q;
  logic [Depth-1:0] pass_q;
  logic [Depth-1:0] we_q;
  logic [Depth-1:0] pdone_q;
  logic [Depth-1:0] wdone_q;

  logic [PtrW-1:0] head_q;
  logic [CntW-1:0] count_q;
  logic [CntW-1:0] nrd_q;
  logic [PtrW-1:0] tail;
  logic [PtrW-1:0] rsp_idx;
  logic            hvalid;
  logic            pdone_n;
  logic            wdone_n;
  logic            pop;
  logic [31:0]     kmask;
  logic [Depth-1:0] match;

  assign tail    = head_q + count_q[PtrW-1:0];
  assign rsp_idx = tail - nrd_q[PtrW-1:0];
  assign hvalid  = count_q != '0 && res_q[head_q];
  assign pdone_n = pdone_q[head_q] || pass_fire_i;
  assign wdone_n = wdone_q[head_q] || wr_fire_i;
  assign pop     = hvalid && pdone_n && (!we_q[head_q] || wdone_n);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q  <= '0;
      count_q <= '0;
      nrd_q   <= '0;
      res_q   <= '0;
      hz_q    <= '0;
      pass_q  <= '0;
      we_q    <= '0;
      pdone_q <= '0;
      wdone_q <= '0;
      for (int i = 0; i < int'(Depth); i++) begin
        addr_q[i]  <= '0;
        x_q[i]     <= '0;
        y_q[i]     <= '0;
        z_q[i]     <= '0;
        back_q[i]  <= 1'b0;
        err_q[i]   <= '0;
        wdata_q[i] <= '0;
        be_q[i]    <= '0;
      end
    end else begin
      // the response
      if (rsp_i) begin
        res_q[rsp_idx]   <= 1'b1;
        pass_q[rsp_idx]  <= rsp_pass_i;
        we_q[rsp_idx]    <= rsp_we_i;
        wdata_q[rsp_idx] <= rsp_wdata_i;
        be_q[rsp_idx]    <= rsp_be_i;
        if (!rsp_we_i) begin
          hz_q[rsp_idx] <= 1'b0;
        end
      end
      // the head's pass record and write
      if (hvalid) begin
        pdone_q[head_q] <= pdone_n;
        wdone_q[head_q] <= wdone_n;
        if (wr_fire_i) begin
          hz_q[head_q] <= 1'b0;
        end
      end
      // insert at the tail
      if (ins_i) begin
        addr_q[tail]  <= ins_addr_i;
        x_q[tail]     <= ins_x_i;
        y_q[tail]     <= ins_y_i;
        z_q[tail]     <= ins_z_i;
        back_q[tail]  <= ins_back_i;
        err_q[tail]   <= ins_err_i;
        wdata_q[tail] <= '0;
        be_q[tail]    <= '0;
        res_q[tail]   <= ins_res_i;
        hz_q[tail]    <= !ins_res_i;
        pass_q[tail]  <= ins_res_i;
        we_q[tail]    <= 1'b0;
        pdone_q[tail] <= 1'b0;
        wdone_q[tail] <= 1'b0;
      end
      if (pop) begin
        head_q <= head_q + 1'b1;
      end
      count_q <= count_q + CntW'(ins_i) - CntW'(pop);
      nrd_q   <= nrd_q + CntW'(ins_i && !ins_res_i) - CntW'(rsp_i);
    end
  end

  assign rsp_z_o    = z_q[rsp_idx];
  assign rsp_back_o = back_q[rsp_idx];
  assign rsp_half_o = addr_q[rsp_idx][1];

  assign count_o      = count_q;
  assign head_res_o   = hvalid;
  assign head_pass_o  = pass_q[head_q];
  assign head_pdone_o = pdone_q[head_q];
  assign head_we_o    = we_q[head_q];
  assign head_wdone_o = wdone_q[head_q];
  assign head_addr_o  = addr_q[head_q];
  assign head_x_o     = x_q[head_q];
  assign head_y_o     = y_q[head_q];
  assign head_err_o   = err_q[head_q];
  assign head_wdata_o = wdata_q[head_q];
  assign head_be_o    = be_q[head_q];

  assign kmask = dword_i ? 32'hFFFF_FFFC : 32'hFFFF_FFFE;
  always_comb begin
    for (int i = 0; i < int'(Depth); i++) begin
      match[i] = hz_q[i] && ((addr_q[i] & kmask) == (key_i & kmask));
    end
  end
  assign hit_o = match != '0;

endmodule
