// cover.s: directed instructions for the RTL points the nightly suite did not reach (docs/blocks/
// si.cu.md §9 "Coverage"), for a lockstep vector checked by the independent reference
// (si.cu.ref_shipped); scripts/blocks/si_cu_kernels.py assembles it with llvm-mc -mcpu=bonaire
// and runs it in the dispatches of write_cover (dispatch edges: too many waves, no threads,
// DIM <= START, every user SGPR, TGID X/Y/Z, TIDIG_COMP_CNT 3).
// The start state: user SGPRs and group ids made visible in VGPRs (the retire records' val).
  v_mov_b32 v3, s0
  v_mov_b32 v4, s15
  v_mov_b32 v5, s16
  v_mov_b32 v6, s17
  v_mov_b32 v7, s18
  v_add_i32 v8, vcc, v0, v1
  v_add_i32 v9, vcc, v2, v8
  s_endpgm
