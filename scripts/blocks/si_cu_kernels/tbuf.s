// tbuf.s: the typed buffer instructions (MTBUF, docs/blocks/si.cu.md "Typed buffer memory") on
// one wave of 64 work-items, with the host's answer (scripts/blocks/si_cu_kernels.py k_tbuf).
// LLVM 14 emits tbuffer_* only from its llvm.amdgcn.*tbuffer* intrinsics, which OpenCL C does
// not reach, so this kernel is assembly (llvm-mc -mcpu=bonaire).  Input records of 16 bytes
// (V# s[8:11]: stride 16, 60 records: lanes 60-63 out of range), output records of 128 bytes
// (V# s[12:15]: stride 128, 62 records: lanes 62-63's stores dropped); every DATA_FORMAT built
// with every NUM_FORMAT kind, sub-dword elements at byte offsets, a format with fewer components
// than the op (the missing ones 0, 0, 0, 1.0), a store of fewer components than the format.
  s_mov_b32 s8, 0x10000            // IN: base 0x10000, stride 16, 60 records
  s_mov_b32 s9, 0x100000
  s_mov_b32 s10, 60
  s_mov_b32 s11, 0
  s_mov_b32 s12, 0x20000           // OUT: base 0x20000, stride 128, 62 records
  s_mov_b32 s13, 0x800000
  s_mov_b32 s14, 62
  s_mov_b32 s15, 0
  s_mov_b32 s16, 0x10000           // IN as bytes: stride 0, 1000 bytes
  s_mov_b32 s17, 0
  s_mov_b32 s18, 1000
  s_mov_b32 s19, 0
  s_mov_b32 s20, 0x01010101
  tbuffer_load_format_xyzw v[4:7], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UNORM] idxen
  tbuffer_store_format_xyzw v[4:7], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_FLOAT] idxen
  tbuffer_load_format_xy v[4:5], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SNORM] idxen offset:4
  tbuffer_store_format_xy v[4:5], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT] idxen offset:16
  tbuffer_load_format_xyzw v[4:7], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_SSCALED] idxen offset:8
  tbuffer_store_format_xyzw v[4:7], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_UINT] idxen offset:24
  tbuffer_load_format_xy v[4:5], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_USCALED] idxen offset:2
  tbuffer_store_format_xy v[4:5], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT] idxen offset:40
  tbuffer_load_format_x v4, v0, s[8:11], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_UINT] idxen offset:6
  tbuffer_store_format_x v4, v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT] idxen offset:48
  tbuffer_load_format_x v4, v0, s[8:11], 0 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_SINT] idxen offset:3
  tbuffer_store_format_x v4, v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SINT] idxen offset:52
  v_mul_lo_u32 v4, v0, s20
  v_add_i32 v5, vcc, 0x100, v0
  v_xor_b32 v6, 0xffffff80, v0
  v_mul_u32_u24 v7, 3, v0
  tbuffer_store_format_xyzw v[4:7], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UINT] idxen offset:56
  v_sub_i32 v4, vcc, 0, v0
  tbuffer_store_format_x v4, v0, s[12:15], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen offset:60
  tbuffer_load_format_xyz v[4:6], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_UINT] idxen offset:4
  tbuffer_store_format_xyz v[4:6], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_UINT] idxen offset:64
  v_lshlrev_b32 v2, 4, v0
  tbuffer_load_format_x v4, v2, s[16:19], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offen offset:12
  tbuffer_store_format_x v4, v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] idxen offset:76
  tbuffer_load_format_xyzw v[4:7], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM] idxen offset:1
  tbuffer_store_format_xyzw v[4:7], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_FLOAT] idxen offset:80
  tbuffer_load_format_xyzw v[4:7], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_SNORM] idxen offset:12
  tbuffer_store_format_xyzw v[4:7], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_FLOAT] idxen offset:96
  tbuffer_load_format_xy v[4:5], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_SINT] idxen offset:8
  tbuffer_store_format_xy v[4:5], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_UINT] idxen offset:112
  tbuffer_load_format_xy v[4:5], v0, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_UNORM] idxen
  tbuffer_store_format_xy v[4:5], v0, s[12:15], 0 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT] idxen offset:120
  s_endpgm
