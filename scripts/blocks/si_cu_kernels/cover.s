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
  v_bfe_i32 v10, -1, 0, 4          // a negative 4-bit field: sign-extended
  s_endpgm
// Programs at 256-byte steps (PGM_LO = address >> 8), one dispatch of one wave each; each ends
// with an instruction that fails (§4.3), after a write of EXEC_HI as a 32-bit destination.
  .p2align 8
  s_mov_b32 exec_hi, 0             // 0x100: EXEC_HI written alone (lanes 32-63 off)
  s_absdiff_i32 s0, s1, s2         // a SOP2 opcode not built: err
  .p2align 8
  s_bcnt0_i32_b32 s0, s1           // 0x200: a SOP1 opcode not built: err
  .p2align 8
  s_sleep 1                        // 0x300: a SOPP opcode not built: err
  .p2align 8
  s_load_dword s0, s[4:5], 0x12345 // 0x400: SMRD with the CI literal offset (IMM 0, OFFSET 255): err
  .p2align 8
  .long 0xF8000000                 // 0x500: no format of §4.1 (an EXP word): err
  .p2align 8
  .long 0xD2060001, 0x000200FF     // 0x600: v_add_f32_e64 v1, <code 255>, v0: no literal in VOP3: err
