// Hand-written gfx11 buffer code for the AMD emulator (docs/emulator.md, gfx11 MUBUF/MTBUF):
// assembled with llvm-mc-19 and linked with ld.lld-19 into tests/kernels/gfx1100/buffers.co
// (scripts/gen-gfx11-buffer-listing.sh; checked by scripts/ci-gfx11-buffer.sh). One wave32
// work-group of 32 work-items t; each argument pointer becomes a raw V# (OOB_SELECT 3) built in
// SGPRs:
//   dst[t]     = src[t] through a V# of NUM_RECORDS 100 (t >= 25 read 0)   buffer_load/store_b32
//   cnt[t % 4] += t + 1, old value to old[t] (NUM_RECORDS 16)               buffer_atomic_add_u32 glc
//   h[t]       = f16(t * 0.5) through FORMAT 16_FLOAT, NUM_RECORDS 40       tbuffer_store_format_x
// Arguments: int *src, int *dst, uint *cnt, uint *old, half *h.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.text
	.globl buf11
	.p2align 8
	.type buf11,@function
buf11:
	s_load_b256 s[4:11], s[0:1], 0x0        // src, dst, cnt, old
	s_load_b64 s[12:13], s[0:1], 0x20       // h
	v_and_b32 v0, 0x3ff, v0                 // t
	v_lshlrev_b32 v1, 2, v0                 // 4t
	s_waitcnt lgkmcnt(0)
	// src V#: s[16:19]
	s_mov_b32 s16, s4
	s_and_b32 s17, s5, 0xffff
	s_movk_i32 s18, 100
	s_mov_b32 s19, 0x30014fac               // OOB_SELECT 3, FORMAT 20 (32_UINT), DST_SEL XYZW
	buffer_load_b32 v2, v1, s[16:19], 0 offen
	// dst V#: s[20:23], 128 bytes
	s_mov_b32 s20, s6
	s_and_b32 s21, s7, 0xffff
	s_movk_i32 s22, 128
	s_mov_b32 s23, s19
	s_waitcnt vmcnt(0)
	buffer_store_b32 v2, v1, s[20:23], 0 offen
	// cnt V#: s[24:27], 16 bytes
	s_mov_b32 s24, s8
	s_and_b32 s25, s9, 0xffff
	s_movk_i32 s26, 16
	s_mov_b32 s27, s19
	v_and_b32 v3, 3, v0
	v_lshlrev_b32 v3, 2, v3                 // 4 * (t % 4)
	v_add_nc_u32 v4, 1, v0                  // t + 1
	buffer_atomic_add_u32 v4, v3, s[24:27], 0 offen glc
	s_waitcnt vmcnt(0)
	global_store_b32 v1, v4, s[10:11]       // old[t]
	// h V#: s[28:31], 40 bytes; the instruction's FORMAT
	s_mov_b32 s28, s12
	s_and_b32 s29, s13, 0xffff
	s_movk_i32 s30, 40
	s_mov_b32 s31, s19
	v_cvt_f32_u32 v5, v0
	v_mul_f32 v5, 0.5, v5
	v_lshlrev_b32 v6, 1, v0                 // 2t
	tbuffer_store_format_x v5, v6, s[28:31], 0 format:[BUF_FMT_16_FLOAT] offen
	s_endpgm
.Lfunc_end0:
	.size buf11, .Lfunc_end0-buf11

	.rodata
	.p2align 6
	.amdhsa_kernel buf11
		.amdhsa_kernarg_size 40
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 32
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - { .address_space: global, .offset: 0, .size: 8, .value_kind: global_buffer }
      - { .address_space: global, .offset: 8, .size: 8, .value_kind: global_buffer }
      - { .address_space: global, .offset: 16, .size: 8, .value_kind: global_buffer }
      - { .address_space: global, .offset: 24, .size: 8, .value_kind: global_buffer }
      - { .address_space: global, .offset: 32, .size: 8, .value_kind: global_buffer }
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 40
    .max_flat_workgroup_size: 256
    .name: buf11
    .private_segment_fixed_size: 0
    .sgpr_count: 32
    .symbol: buf11.kd
    .vgpr_count: 8
    .wavefront_size: 32
amdhsa.target: amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
