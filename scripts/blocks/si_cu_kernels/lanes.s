// lanes.s: v_readlane_b32 / v_writelane_b32 (docs/blocks/si.cu.md §4.4) and the DS b8/b16/b64
// forms (§5.5) on one wave of 64 work-items, LDS_SIZE 1 (512 bytes), with the host's answer
// (scripts/blocks/si_cu_kernels.py k_lanes).  LLVM 14 has no OpenCL builtin for writelane, and
// its DS byte/short/b64 accesses come with address arithmetic this program states directly, so
// it is assembly (llvm-mc -mcpu=bonaire).  Lane selects from an SGPR (its bits 5:0), M0 and
// inline constants; reads and writes of lanes outside EXEC; a store of every lane's results.
  s_mov_b32 s8, 0x20000            // OUT: base 0x20000, stride 0, 4096 bytes
  s_mov_b32 s9, 0
  s_mov_b32 s10, 4096
  s_mov_b32 s11, 0
  s_mov_b32 s12, 0x9e3779b1
  s_mov_b32 m0, -1
  v_mul_lo_u32 v1, v0, s12         // v1 = lane * 0x9e3779b1
  v_lshlrev_b32 v11, 2, v0         // v11 = 4 * lane (store offsets)
  v_readlane_b32 s2, v1, 5
  s_movk_i32 s4, 0x7f              // lane select 127: bits 5:0 = 63
  v_readlane_b32 s3, v1, s4
  v_mov_b32 v2, s2
  v_writelane_b32 v2, s3, 7
  v_writelane_b32 v2, 0x1234, 9
  s_mov_b64 exec, 15               // lanes 0-3 only
  s_mov_b32 s5, 0xabcdef01
  v_writelane_b32 v2, s5, 40       // lane 40 is written although EXEC excludes it
  v_readlane_b32 s6, v1, 50        // lane 50 is read although EXEC excludes it
  s_mov_b32 m0, 33
  v_readlane_b32 s7, v1, m0        // M0 as the lane select
  s_mov_b64 exec, -1
  s_mov_b32 m0, -1
  v_mov_b32 v3, s6
  v_mov_b32 v4, s7
  buffer_store_dword v2, v11, s[8:11], 0 offen
  buffer_store_dword v3, v11, s[8:11], 0 offen offset:256
  buffer_store_dword v4, v11, s[8:11], 0 offen offset:512
  // DS: bytes 0-63 = low bytes of v1; shorts at 128 + 2 * lane; b64 at 256 + 8 * lane (lanes
  // 32-63 past the 512-byte LDS: dropped, read 0)
  ds_write_b8 v0, v1
  v_lshrrev_b32 v5, 8, v1
  v_lshlrev_b32 v6, 1, v0
  ds_write_b16 v6, v5 offset:128
  v_lshlrev_b32 v7, 3, v0
  ds_write_b64 v7, v[0:1] offset:256
  ds_read_u8 v12, v0 offset:1      // lane 63: byte 64, never written: 0
  ds_read_i8 v13, v0
  ds_read_u16 v14, v6 offset:130
  ds_read_i16 v15, v6 offset:129   // odd address: the aligned half (bit 0 ignored)
  ds_read_b64 v[16:17], v7 offset:260
  ds_read_b32 v18, v0              // a dword built from four byte writes (lane 0 reads 0-3)
  buffer_store_dword v12, v11, s[8:11], 0 offen offset:768
  buffer_store_dword v13, v11, s[8:11], 0 offen offset:1024
  buffer_store_dword v14, v11, s[8:11], 0 offen offset:1280
  buffer_store_dword v15, v11, s[8:11], 0 offen offset:1536
  buffer_store_dword v16, v11, s[8:11], 0 offen offset:1792
  buffer_store_dword v17, v11, s[8:11], 0 offen offset:2048
  buffer_store_dword v18, v11, s[8:11], 0 offen offset:2304
  s_endpgm
