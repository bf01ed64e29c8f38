// si_db_update: the test and update of one sample (docs/blocks/si.db.md steps 4-13), purely
// combinational: the fragment's Z (clear, viewport clamp, Z_16 conversion), depth bounds on the
// stored Z, the stencil test (front or back set), the Z test, the category, the stencil and Z
// writes, the colour-write enable and the counter increments.
module si_db_update (
  input  logic [31:0] rctl_i,
  input  logic [31:0] cctl_i,
  input  logic [31:0] view_i,
  input  logic [31:0] ovr_i,
  input  logic [31:0] bmin_i,
  input  logic [31:0] bmax_i,
  input  logic [31:0] sclear_i,
  input  logic [31:0] dclear_i,
  input  logic [31:0] zinfo_i,
  input  logic [31:0] sinfo_i,
  input  logic [31:0] zmin_i,
  input  logic [31:0] zmax_i,
  input  logic [31:0] sctl_i,
  input  logic [31:0] srm_i,
  input  logic [31:0] srm_bf_i,
  input  logic [31:0] dctl_i,
  input  logic        zhi_i,     // the Z_16 sample is the upper half of its dword (addr[1])
  input  logic [1:0]  slane_i,   // the stencil byte lane (addr[1:0])
  input  logic [31:0] z_i,
  input  logic        back_i,
  input  logic [31:0] zold_i,
  input  logic [31:0] sold_i,
  output logic [1:0]  cat_o,
  output logic        pass_o,
  output logic        cwe_o,
  output logic        zwe_o,
  output logic [31:0] zwdata_o,
  output logic [3:0]  zbe_o,
  output logic        swe_o,
  output logic [31:0] swdata_o,
  output logic [3:0]  sbe_o,
  output logic [3:0]  inc_o
);
  logic zb;
  logic z32;
  logic sb;
  assign zb  = zinfo_i[0];
  assign z32 = zinfo_i[1:0] == 2'd3;
  assign sb  = sinfo_i[0];

  // 4. the fragment's Z: clear value, or the viewport clamp
  logic lt_min;
  logic eq_min;
  logic un_min;
  logic lt_max;
  logic eq_max;
  logic un_max;
  logic [31:0] zc;
  si_db_fcmp u_cmin (.a_i(z_i),    .b_i(zmin_i), .lt_o(lt_min), .eq_o(eq_min), .un_o(un_min));
  si_db_fcmp u_cmax (.a_i(zmax_i), .b_i(z_i),    .lt_o(lt_max), .eq_o(eq_max), .un_o(un_max));
  always_comb begin
    if (rctl_i[0]) begin
      zc = dclear_i;
    end else if (!ovr_i[16] && lt_min) begin
      zc = zmin_i;
    end else if (!ovr_i[16] && lt_max) begin
      zc = zmax_i;
    end else begin
      zc = z_i;
    end
  end

  // 5. the surface format
  logic [15:0] zc16;
  logic [15:0] bmin16;
  logic [15:0] bmax16;
  logic [15:0] zs16;
  logic [31:0] zf;
  logic [31:0] zs;
  si_db_f2u16 u_c0 (.f_i(zc),     .u_o(zc16));
  si_db_f2u16 u_c1 (.f_i(bmin_i), .u_o(bmin16));
  si_db_f2u16 u_c2 (.f_i(bmax_i), .u_o(bmax16));
  assign zs16 = zhi_i ? zold_i[31:16] : zold_i[15:0];
  assign zf   = z32 ? zc : {16'd0, zc16};
  assign zs   = z32 ? zold_i : {16'd0, zs16};

  // 6. depth bounds on the stored Z
  logic b0_lt;
  logic b0_eq;
  logic b0_un;
  logic b1_lt;
  logic b1_eq;
  logic b1_un;
  logic dbpass;
  si_db_fcmp u_b0 (.a_i(bmin_i), .b_i(zold_i), .lt_o(b0_lt), .eq_o(b0_eq), .un_o(b0_un));
  si_db_fcmp u_b1 (.a_i(zold_i), .b_i(bmax_i), .lt_o(b1_lt), .eq_o(b1_eq), .un_o(b1_un));
  always_comb begin
    dbpass = 1'b1;
    if (zb && dctl_i[3]) begin
      if (z32) begin
        dbpass = (b0_lt || b0_eq) && (b1_lt || b1_eq);
      end else begin
        dbpass = bmin16 <= zs16 && zs16 <= bmax16;
      end
    end
  end

  // 7. stencil
  logic        bf;
  logic [31:0] srm;
  logic [2:0]  sfunc;
  logic [11:0] ops;
  logic [7:0]  sv;
  logic [7:0]  sref;
  logic [7:0]  smask;
  logic [7:0]  wm;
  logic [7:0]  opval;
  logic        sclr;
  logic        sact;
  logic        st_pass;
  logic        spass;
  assign bf    = dctl_i[7] && back_i;
  assign srm   = bf ? srm_bf_i : srm_i;
  assign sfunc = bf ? dctl_i[22:20] : dctl_i[10:8];
  assign ops   = bf ? sctl_i[23:12] : sctl_i[11:0];
  assign sv    = sold_i[8*slane_i +: 8];
  assign sref  = srm[7:0];
  assign smask = srm[15:8];
  assign wm    = srm[23:16];
  assign opval = srm[31:24];
  assign sclr  = rctl_i[1];
  assign sact  = sb && dctl_i[0];
  si_db_func u_sf (
    .func_i (sfunc),
    .lt_i   ((sref & smask) < (sv & smask)),
    .eq_i   ((sref & smask) == (sv & smask)),
    .un_i   (1'b0),
    .pass_o (st_pass)
  );
  assign spass = !(sact && !sclr) || st_pass;

  // 8. Z
  logic fz_lt;
  logic fz_eq;
  logic fz_un;
  logic zt_lt;
  logic zt_eq;
  logic zt_un;
  logic zt_pass;
  logic zpass;
  si_db_fcmp u_fz (.a_i(zf), .b_i(zs), .lt_o(fz_lt), .eq_o(fz_eq), .un_o(fz_un));
  assign zt_lt = z32 ? fz_lt : zf[15:0] < zs[15:0];
  assign zt_eq = z32 ? fz_eq : zf[15:0] == zs[15:0];
  assign zt_un = z32 ? fz_un : 1'b0;
  si_db_func u_zf (.func_i(dctl_i[6:4]), .lt_i(zt_lt), .eq_i(zt_eq), .un_i(zt_un), .pass_o(zt_pass));
  assign zpass = !(zb && dctl_i[1]) || zt_pass;

  // 9. category
  always_comb begin
    if (!dbpass) begin
      cat_o = 2'd3;
    end else if (!spass) begin
      cat_o = 2'd2;
    end else if (!zpass) begin
      cat_o = 2'd1;
    end else begin
      cat_o = 2'd0;
    end
  end
  assign pass_o = cat_o == 2'd0;

  // 10. stencil update
  logic [3:0] op;
  logic [7:0] sres;
  logic [7:0] sopr;
  logic [7:0] snew;
  assign op = cat_o == 2'd2 ? ops[3:0] : cat_o == 2'd1 ? ops[11:8] : ops[7:4];
  si_db_sop u_sop (.op_i(op), .s_i(sv), .ref_i(sref), .val_i(opval), .r_o(sopr));
  assign sres     = sclr ? sclear_i[7:0] : sopr;
  assign snew     = (sres & wm) | (sv & ~wm);
  assign swe_o    = cat_o != 2'd3 && sb && (sact || sclr) && !view_i[25] && snew != sv;
  assign swdata_o = swe_o ? {24'd0, snew} << (8 * slane_i) : '0;
  assign sbe_o    = swe_o ? 4'd1 << slane_i : '0;

  // 11. Z update
  assign zwe_o    = pass_o && zb && dctl_i[2] && !view_i[24];
  assign zwdata_o = !zwe_o ? '0 : z32 ? zf : zhi_i ? {zf[15:0], 16'd0} : {16'd0, zf[15:0]};
  assign zbe_o    = !zwe_o ? '0 : z32 ? 4'hF : zhi_i ? 4'hC : 4'h3;

  // 12. colour-write enable, 13. counters
  assign cwe_o = pass_o ? !dctl_i[31] : (cat_o != 2'd3 && dctl_i[30]);
  assign inc_o = cctl_i[8 + 4 * cat_o +: 4];

  logic unused;
  assign unused = ^{eq_min, un_min, eq_max, un_max, b0_un, b1_un, rctl_i[31:2], view_i[31:26],
                    view_i[23:0], ovr_i[31:17], ovr_i[15:0], sclear_i[31:8], zinfo_i[31:2],
                    sinfo_i[31:1], sctl_i[31:24], dctl_i[29:23], dctl_i[19:11], cctl_i[31:24],
                    cctl_i[7:0]};
endmodule
