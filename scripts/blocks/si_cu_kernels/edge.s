// edge.s: the MUBUF, DS and v_readfirstlane_b32 instructions of docs/blocks/si.cu.md at their
// edges, for a lockstep vector (scripts/blocks/si_cu_kernels.py assembles it with llvm-mc
// -mcpu=bonaire; 100 work-items = a full and a partial wave; LDS_SIZE 1 = 512 bytes).
// Sub-dword loads and stores in and out of range, odd short addresses, atomics with and
// without GLC in and out of range and colliding lanes, DS atomics on shared dwords, read2/write2
// with offsets past the LDS and past an M0 limit, write2 to one dword twice, readfirstlane with
// a partial and an empty EXEC; dwordx2/x3/x4 loads and stores whose dwords cross the range end.
  s_mov_b32 s8, 0x10000            // V# A: base 0x10000, stride 0, 100 bytes
  s_mov_b32 s9, 0
  s_mov_b32 s10, 100
  s_mov_b32 s11, 0
  s_mov_b32 s12, 0x20000           // V# B: base 0x20000, stride 4, 40 records
  s_mov_b32 s13, 0x40000
  s_mov_b32 s14, 40
  s_mov_b32 s15, 0
  s_mov_b32 s16, 3
  v_lshlrev_b32 v1, 1, v0          // 2 * lane
  v_lshlrev_b32 v2, 2, v0          // 4 * lane
  buffer_load_ubyte v3, v1, s[8:11], 0 offen offset:1
  buffer_load_sbyte v4, v1, s[8:11], 0 offen offset:3
  buffer_load_ushort v5, v1, s[8:11], 0 offen
  buffer_load_sshort v6, v1, s[8:11], 0 offen offset:2
  buffer_load_ushort v7, v1, s[8:11], 0 offen offset:1
  buffer_load_sbyte v24, v0, s[12:15], s16 idxen offset:2
  buffer_store_byte v3, v0, s[12:15], 0 idxen offset:1
  buffer_store_short v4, v0, s[12:15], 0 idxen offset:2
  buffer_store_byte v5, v1, s[8:11], s16 offen offset:3
  buffer_store_short v6, v1, s[8:11], 0 offen offset:1
  buffer_atomic_add v0, v2, s[8:11], 0 offen glc
  buffer_atomic_add v1, v0, s[12:15], 0 idxen
  v_and_b32 v8, 3, v0
  v_lshlrev_b32 v8, 2, v8
  buffer_atomic_add v0, v8, s[12:15], 0 offen glc
  s_mov_b32 m0, -1
  ds_write_b32 v2, v0
  ds_write2_b32 v2, v1, v3 offset0:64 offset1:64
  ds_read2_b32 v[10:11], v2 offset0:1 offset1:100
  v_and_b32 v9, 7, v0
  v_lshlrev_b32 v9, 2, v9
  ds_add_rtn_u32 v12, v9, v0
  ds_inc_rtn_u32 v13, v9, v1 offset:32
  ds_dec_rtn_u32 v14, v9, v1 offset:64
  ds_rsub_u32 v9, v0 offset:96
  ds_sub_rtn_u32 v15, v9, v0 offset:96
  ds_min_rtn_i32 v16, v9, v4
  ds_max_rtn_i32 v17, v9, v4 offset:4
  ds_min_u32 v9, v4 offset:8
  ds_max_u32 v9, v4 offset:12
  ds_and_rtn_b32 v18, v9, v5 offset:16
  ds_or_b32 v9, v5 offset:20
  ds_xor_rtn_b32 v19, v9, v6 offset:24
  ds_inc_u32 v9, v1 offset:28
  ds_dec_u32 v9, v1 offset:36
  ds_add_u32 v9, v0 offset:40
  ds_sub_u32 v9, v0 offset:44
  ds_min_rtn_u32 v25, v9, v6 offset:48
  ds_max_rtn_u32 v26, v9, v6 offset:52
  ds_and_b32 v9, v5 offset:56
  ds_xor_b32 v9, v6 offset:60
  ds_or_rtn_b32 v27, v9, v7 offset:68
  ds_rsub_rtn_u32 v28, v9, v7 offset:72
  s_mov_b32 m0, 0x100
  ds_add_rtn_u32 v20, v2, v0 offset:128
  ds_read2_b32 v[21:22], v2 offset1:48
  ds_write2_b32 v2, v0, v1 offset0:40 offset1:10
  ds_max_i32 v2, v0 offset:200
  s_mov_b32 m0, -1
  ds_read2_b32 v[29:30], v2 offset0:10 offset1:40
  v_readfirstlane_b32 s20, v1
  v_cmp_lt_u32_e32 vcc, 40, v0
  s_and_saveexec_b64 s[22:23], vcc
  v_readfirstlane_b32 s21, v1
  s_mov_b64 exec, 0
  v_readfirstlane_b32 s24, v3
  v_readfirstlane_b32 vcc_lo, v4
  s_mov_b64 exec, s[22:23]
  v_mov_b32_e32 v23, s21
  buffer_store_dword v23, v2, s[12:15], 0 offen offset:160
  s_mov_b64 exec, -1
  v_add_i32_e32 v23, vcc, s20, v0
  v_add_i32_e32 v23, vcc, s24, v23
  buffer_store_dword v23, v2, s[8:11], 0 offen offset:4
  buffer_load_dwordx2 v[10:11], v2, s[8:11], 0 offen offset:88
  buffer_load_dwordx4 v[12:15], v1, s[8:11], 0 offen offset:60
  buffer_load_dwordx3 v[16:18], v0, s[12:15], 0 idxen offset:4
  buffer_store_dwordx2 v[10:11], v0, s[12:15], 0 idxen offset:8
  buffer_store_dwordx4 v[12:15], v2, s[8:11], 0 offen offset:40
  buffer_store_dwordx3 v[16:18], v[2:3], s[12:15], 0 addr64 offset:200
  buffer_load_dwordx4 v[24:27], v[2:3], s[12:15], 0 addr64 offset:196
  s_endpgm
