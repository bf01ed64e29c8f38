// Every opcode si.cu builds, in llvm-mc syntax (tests/si/cu/cu_test.py isa_llvm assembles it with
// llvm-mc -arch=amdgcn -mcpu=bonaire and compares the model's disassembly with llvm-mc's text).
s_add_u32 s5, s1, 0x1234
s_sub_u32 s5, s1, s2
s_add_i32 s5, s1, s2
s_sub_i32 s5, s1, s2
s_addc_u32 s5, s1, s2
s_subb_u32 s5, s1, s2
s_min_i32 s5, s1, s2
s_min_u32 s5, s1, s2
s_max_i32 s5, s1, s2
s_max_u32 s5, s1, s2
s_cselect_b32 s5, s1, s2
s_and_b32 s5, s1, s2
s_or_b32 s5, s1, s2
s_xor_b32 s5, s1, s2
s_andn2_b32 s5, s1, s2
s_orn2_b32 s5, s1, s2
s_nand_b32 s5, s1, s2
s_nor_b32 s5, s1, s2
s_xnor_b32 s5, s1, s2
s_lshl_b32 s5, s1, s2
s_lshr_b32 s5, s1, s2
s_ashr_i32 s5, s1, s2
s_bfm_b32 s5, s1, s2
s_mul_i32 s5, s1, 0x1234
s_bfe_u32 s5, s1, s2
s_bfe_i32 s5, s1, s2
s_cselect_b64 s[4:5], s[2:3], exec
s_and_b64 s[4:5], s[2:3], exec
s_or_b64 s[4:5], s[2:3], exec
s_xor_b64 s[4:5], s[2:3], exec
s_andn2_b64 s[4:5], s[2:3], exec
s_orn2_b64 s[4:5], s[2:3], exec
s_nand_b64 s[4:5], s[2:3], exec
s_nor_b64 s[4:5], s[2:3], exec
s_xnor_b64 s[4:5], s[2:3], exec
s_lshl_b64 s[4:5], s[2:3], s6
s_lshr_b64 s[4:5], s[2:3], s6
s_ashr_i64 s[4:5], s[2:3], s6
s_movk_i32 s7, 0x1234
s_cmovk_i32 s7, 0x1234
s_cmpk_eq_i32 s7, 0x1234
s_cmpk_lg_i32 s7, 0x1234
s_cmpk_gt_i32 s7, 0x1234
s_cmpk_ge_i32 s7, 0x1234
s_cmpk_lt_i32 s7, 0x1234
s_cmpk_le_i32 s7, 0x1234
s_cmpk_eq_u32 s7, 0x1234
s_cmpk_lg_u32 s7, 0x1234
s_cmpk_gt_u32 s7, 0x1234
s_cmpk_ge_u32 s7, 0x1234
s_cmpk_lt_u32 s7, 0x1234
s_cmpk_le_u32 s7, 0x1234
s_addk_i32 s7, 0x1234
s_mulk_i32 s7, 0x1234
s_mov_b32 s3, s9
s_cmov_b32 s3, s9
s_not_b32 s3, s9
s_brev_b32 s3, s9
s_bcnt1_i32_b32 s3, s9
s_ff1_i32_b32 s3, s9
s_flbit_i32_b32 s3, s9
s_sext_i32_i8 s3, s9
s_sext_i32_i16 s3, s9
s_mov_b32 m0, -7
s_mov_b32 vcc_lo, 0.5
s_mov_b64 s[2:3], vcc
s_cmov_b64 s[2:3], vcc
s_not_b64 s[2:3], vcc
s_and_saveexec_b64 s[2:3], vcc
s_or_saveexec_b64 s[2:3], vcc
s_xor_saveexec_b64 s[2:3], vcc
s_andn2_saveexec_b64 s[2:3], vcc
s_cmp_eq_i32 s1, 64
s_cmp_lg_i32 s1, 64
s_cmp_gt_i32 s1, 64
s_cmp_ge_i32 s1, 64
s_cmp_lt_i32 s1, 64
s_cmp_le_i32 s1, 64
s_cmp_eq_u32 s1, 64
s_cmp_lg_u32 s1, 64
s_cmp_gt_u32 s1, 64
s_cmp_ge_u32 s1, 64
s_cmp_lt_u32 s1, 64
s_cmp_le_u32 s1, 64
s_bitcmp0_b32 s1, 64
s_bitcmp1_b32 s1, 64
s_nop 0x3
s_endpgm
s_branch 5
s_cbranch_scc0 -3
s_cbranch_scc1 2
s_cbranch_vccz 1
s_cbranch_vccnz 1
s_cbranch_execz 1
s_cbranch_execnz 1
s_barrier
s_waitcnt vmcnt(0) lgkmcnt(0)
s_load_dword s0, s[2:3], 0x4
s_buffer_load_dword s0, s[4:7], s9
s_load_dwordx2 s[0:1], s[2:3], 0x4
s_buffer_load_dwordx2 s[0:1], s[4:7], s9
s_load_dwordx4 s[0:3], s[2:3], 0x4
s_buffer_load_dwordx4 s[0:3], s[4:7], s9
s_load_dwordx8 s[0:7], s[2:3], 0x4
s_buffer_load_dwordx8 s[0:7], s[4:7], s9
s_load_dwordx16 s[0:15], s[2:3], 0x4
s_buffer_load_dwordx16 s[0:15], s[4:7], s9
v_add_f32_e32 v3, s1, v2
v_sub_f32_e32 v3, s1, v2
v_subrev_f32_e32 v3, s1, v2
v_mul_f32_e32 v3, s1, v2
v_min_f32_e32 v3, s1, v2
v_max_f32_e32 v3, s1, v2
v_mac_f32_e32 v3, s1, v2
v_mul_i32_i24_e32 v3, s1, v2
v_mul_u32_u24_e32 v3, s1, v2
v_min_i32_e32 v3, s1, v2
v_max_i32_e32 v3, s1, v2
v_min_u32_e32 v3, s1, v2
v_max_u32_e32 v3, s1, v2
v_lshr_b32_e32 v3, s1, v2
v_lshrrev_b32_e32 v3, s1, v2
v_ashr_i32_e32 v3, s1, v2
v_ashrrev_i32_e32 v3, s1, v2
v_lshl_b32_e32 v3, s1, v2
v_lshlrev_b32_e32 v3, s1, v2
v_and_b32_e32 v3, s1, v2
v_or_b32_e32 v3, s1, v2
v_xor_b32_e32 v3, s1, v2
v_add_f32_e32 v3, 0x3e800000, v2
v_cndmask_b32_e32 v3, v1, v2, vcc
v_madmk_f32 v0, v1, 0x3f800000, v2
v_madak_f32 v0, v1, v2, 0x3f800000
v_add_i32_e32 v3, vcc, 17, v2
v_sub_i32_e32 v3, vcc, 17, v2
v_subrev_i32_e32 v3, vcc, 17, v2
v_addc_u32_e32 v3, vcc, v1, v2, vcc
v_subb_u32_e32 v3, vcc, v1, v2, vcc
v_subbrev_u32_e32 v3, vcc, v1, v2, vcc
v_nop
v_mov_b32_e32 v4, v9
v_cvt_f32_i32_e32 v4, v9
v_cvt_f32_u32_e32 v4, v9
v_cvt_u32_f32_e32 v4, v9
v_cvt_i32_f32_e32 v4, v9
v_not_b32_e32 v4, v9
v_bfrev_b32_e32 v4, v9
v_cmp_f_f32_e32 vcc, -1.0, v2
v_cmp_lt_f32_e32 vcc, -1.0, v2
v_cmp_eq_f32_e32 vcc, -1.0, v2
v_cmp_le_f32_e32 vcc, -1.0, v2
v_cmp_gt_f32_e32 vcc, -1.0, v2
v_cmp_lg_f32_e32 vcc, -1.0, v2
v_cmp_ge_f32_e32 vcc, -1.0, v2
v_cmp_o_f32_e32 vcc, -1.0, v2
v_cmp_u_f32_e32 vcc, -1.0, v2
v_cmp_nge_f32_e32 vcc, -1.0, v2
v_cmp_nlg_f32_e32 vcc, -1.0, v2
v_cmp_ngt_f32_e32 vcc, -1.0, v2
v_cmp_nle_f32_e32 vcc, -1.0, v2
v_cmp_neq_f32_e32 vcc, -1.0, v2
v_cmp_nlt_f32_e32 vcc, -1.0, v2
v_cmp_tru_f32_e32 vcc, -1.0, v2
v_cmp_f_i32_e32 vcc, s1, v2
v_cmp_lt_i32_e32 vcc, s1, v2
v_cmp_eq_i32_e32 vcc, s1, v2
v_cmp_le_i32_e32 vcc, s1, v2
v_cmp_gt_i32_e32 vcc, s1, v2
v_cmp_ne_i32_e32 vcc, s1, v2
v_cmp_ge_i32_e32 vcc, s1, v2
v_cmp_t_i32_e32 vcc, s1, v2
v_cmp_f_u32_e32 vcc, s1, v2
v_cmp_lt_u32_e32 vcc, s1, v2
v_cmp_eq_u32_e32 vcc, s1, v2
v_cmp_le_u32_e32 vcc, s1, v2
v_cmp_gt_u32_e32 vcc, s1, v2
v_cmp_ne_u32_e32 vcc, s1, v2
v_cmp_ge_u32_e32 vcc, s1, v2
v_cmp_t_u32_e32 vcc, s1, v2
v_cmpx_f_f32_e32 vcc, -1.0, v2
v_cmpx_lt_f32_e32 vcc, -1.0, v2
v_cmpx_eq_f32_e32 vcc, -1.0, v2
v_cmpx_le_f32_e32 vcc, -1.0, v2
v_cmpx_gt_f32_e32 vcc, -1.0, v2
v_cmpx_lg_f32_e32 vcc, -1.0, v2
v_cmpx_ge_f32_e32 vcc, -1.0, v2
v_cmpx_o_f32_e32 vcc, -1.0, v2
v_cmpx_u_f32_e32 vcc, -1.0, v2
v_cmpx_nge_f32_e32 vcc, -1.0, v2
v_cmpx_nlg_f32_e32 vcc, -1.0, v2
v_cmpx_ngt_f32_e32 vcc, -1.0, v2
v_cmpx_nle_f32_e32 vcc, -1.0, v2
v_cmpx_neq_f32_e32 vcc, -1.0, v2
v_cmpx_nlt_f32_e32 vcc, -1.0, v2
v_cmpx_tru_f32_e32 vcc, -1.0, v2
v_cmpx_f_i32_e32 vcc, s1, v2
v_cmpx_lt_i32_e32 vcc, s1, v2
v_cmpx_eq_i32_e32 vcc, s1, v2
v_cmpx_le_i32_e32 vcc, s1, v2
v_cmpx_gt_i32_e32 vcc, s1, v2
v_cmpx_ne_i32_e32 vcc, s1, v2
v_cmpx_ge_i32_e32 vcc, s1, v2
v_cmpx_t_i32_e32 vcc, s1, v2
v_cmpx_f_u32_e32 vcc, s1, v2
v_cmpx_lt_u32_e32 vcc, s1, v2
v_cmpx_eq_u32_e32 vcc, s1, v2
v_cmpx_le_u32_e32 vcc, s1, v2
v_cmpx_gt_u32_e32 vcc, s1, v2
v_cmpx_ne_u32_e32 vcc, s1, v2
v_cmpx_ge_u32_e32 vcc, s1, v2
v_cmpx_t_u32_e32 vcc, s1, v2
v_cmp_lt_f32_e64 s[4:5], -v1, |v2|
v_cmp_gt_u32_e64 s[8:9], v1, s3
v_add_f32_e64 v0, -v1, |v2|
v_mov_b32_e64 v0, v1
v_cvt_i32_f32_e64 v0, |s1|
v_cndmask_b32_e64 v0, v1, v2, s[4:5]
v_add_i32_e64 v0, s[8:9], v1, v2
v_addc_u32_e64 v0, s[4:5], v1, v2, s[6:7]
v_mac_f32_e64 v0, v1, -v2
v_lshlrev_b32_e64 v0, 4, s1
v_mad_f32 v0, v1, v2, v3
v_mad_i32_i24 v0, v1, v2, v3
v_mad_u32_u24 v0, v1, v2, v3
v_bfe_u32 v0, v1, v2, v3
v_bfe_i32 v0, v1, v2, v3
v_bfi_b32 v0, v1, v2, v3
v_mad_f32 v0, -v1, v2, |v3|
v_lshl_b64 v[0:1], v[2:3], v4
v_lshr_b64 v[0:1], v[2:3], v4
v_ashr_i64 v[0:1], v[2:3], v4
v_mul_lo_u32 v0, v1, v2
v_mul_hi_u32 v0, v1, v2
v_mul_lo_i32 v0, v1, v2
v_mul_hi_i32 v0, v1, v2
buffer_load_dword v0, v[2:3], s[4:7], 0 addr64
buffer_store_dword v0, v[2:3], s[4:7], 0 addr64
buffer_load_dword v0, v2, s[4:7], s1 offen offset:4
buffer_load_dword v0, v2, s[4:7], 0 idxen
buffer_store_dword v5, v[2:3], s[8:11], s9 idxen offen offset:12
ds_write_b32 v1, v2 offset:16
ds_read_b32 v3, v1 offset:65535
ds_read_b32 v3, v1
ds_write_b32 v31, v0
ds_read2_b32 v[2:3], v1 offset0:1 offset1:16
ds_read2_b32 v[4:5], v1
ds_write2_b32 v1, v2, v3 offset0:2 offset1:255
ds_write2_b32 v1, v2, v3 offset1:1
ds_add_u32 v1, v2 offset:8
ds_add_rtn_u32 v3, v1, v2
ds_sub_u32 v1, v2
ds_rsub_u32 v1, v2
ds_inc_u32 v1, v2
ds_dec_u32 v1, v2
ds_min_i32 v1, v2
ds_max_i32 v1, v2
ds_min_u32 v1, v2
ds_max_u32 v1, v2
ds_and_b32 v1, v2
ds_or_b32 v1, v2
ds_xor_b32 v1, v2
ds_xor_rtn_b32 v3, v1, v2 offset:4
ds_min_rtn_i32 v3, v1, v2
buffer_load_ubyte v0, v[2:3], s[4:7], 0 addr64
buffer_load_sbyte v0, v2, s[4:7], s1 offen offset:3
buffer_load_ushort v0, v2, s[4:7], 0 idxen
buffer_load_sshort v0, v[2:3], s[4:7], 0 addr64 offset:2
buffer_store_byte v5, v[2:3], s[4:7], 0 addr64
buffer_store_short v5, v2, s[4:7], 0 offen offset:6
buffer_atomic_add v0, v[2:3], s[4:7], 0 addr64
buffer_atomic_add v0, v[2:3], s[4:7], 0 addr64 glc
v_readfirstlane_b32 s5, v3
v_readfirstlane_b32 vcc_lo, v31
ds_sub_rtn_u32 v3, v1, v2
ds_rsub_rtn_u32 v3, v1, v2
ds_inc_rtn_u32 v3, v1, v2
ds_dec_rtn_u32 v3, v1, v2
ds_max_rtn_i32 v3, v1, v2
ds_min_rtn_u32 v3, v1, v2
ds_max_rtn_u32 v3, v1, v2
ds_and_rtn_b32 v3, v1, v2
ds_or_rtn_b32 v3, v1, v2
buffer_store_short v5, v2, s[4:7], 0 offen offset:5
buffer_load_dwordx2 v[0:1], v[2:3], s[4:7], 0 addr64
buffer_load_dwordx3 v[0:2], v2, s[4:7], 0 offen
buffer_load_dwordx4 v[0:3], v2, s[4:7], s1 idxen offset:8
buffer_store_dwordx2 v[4:5], v[2:3], s[4:7], 0 addr64
buffer_store_dwordx3 v[4:6], v2, s[4:7], 0 offen
buffer_store_dwordx4 v[4:7], v2, s[4:7], 0 idxen offset:4 glc
buffer_load_dwordx4 v[28:31], v[2:3], s[4:7], 0 idxen offen offset:4
tbuffer_load_format_x v1, off, s[4:7], s0
tbuffer_load_format_x v1, v2, s[4:7], s0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offen offset:4
tbuffer_load_format_xy v[1:2], off, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT]
tbuffer_load_format_xyz v[1:3], v[2:3], s[8:11], s1 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_SINT] addr64
tbuffer_load_format_xyzw v[1:4], v[2:3], s[4:7], s0 format:[BUF_DATA_FORMAT_8_8_8_8] idxen offen
tbuffer_load_format_xyzw v[28:31], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_SNORM] idxen offset:4095
tbuffer_load_format_xy v[1:2], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_USCALED] offen glc
tbuffer_load_format_x v1, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SSCALED] idxen
tbuffer_load_format_xy v[1:2], off, s[4:7], 0 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT]
tbuffer_load_format_x v1, off, s[4:7], 0 format:[BUF_NUM_FORMAT_SNORM]
tbuffer_store_format_x v1, v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT] offen
tbuffer_store_format_xy v[1:2], v[2:3], s[4:7], s1 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] addr64 offset:12 glc
tbuffer_store_format_xyz v[1:3], off, s[4:7], s1 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_UINT]
tbuffer_store_format_xyzw v[4:7], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_FLOAT] idxen
tbuffer_store_format_xyzw v[4:7], v2, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UINT] idxen
v_exp_f32 v1, v2
v_log_f32 v1, s2
v_rcp_f32 v1, 0x40490fdb
v_rcp_iflag_f32 v1, v2
v_rsq_f32 v1, 1.0
v_sin_f32 v31, v2
v_cos_f32 v1, -4.0
v_rcp_f32_e64 v1, |v2|
v_sin_f32_e64 v1, -v2
v_readlane_b32 s1, v2, s3
v_readlane_b32 vcc_lo, v31, 63
v_readlane_b32 m0, v1, m0
v_writelane_b32 v1, s2, 5
v_writelane_b32 v2, 0x1234, 9
v_writelane_b32 v3, exec_hi, 4
ds_write_b8 v1, v2 offset:3
ds_write_b16 v1, v2
ds_write_b64 v1, v[2:3] offset:8
ds_read_u8 v1, v2
ds_read_i8 v1, v2 offset:65535
ds_read_u16 v1, v2 offset:2
ds_read_i16 v1, v2
ds_read_b64 v[1:2], v2 offset:16
v_sqrt_f32 v1, v2
v_sqrt_f32_e64 v1, -|s2|
