	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx700"
	.amdhsa_code_object_version 5
	.protected	matmul                  ; -- Begin function matmul
	.globl	matmul
	.p2align	8
	.type	matmul,@function
matmul:                                 ; @matmul
; %bb.0:
	s_load_dword s8, s[4:5], 0x6
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[4:5], s[4:5], 0x4
	s_lshl_b32 s7, s7, 4
	v_add_i32_e32 v2, vcc, s7, v1
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v3, v2, s8
	s_lshl_b32 s6, s6, 4
	s_cmp_lt_i32 s8, 1
	s_cbranch_scc1 .LBB0_3
; %bb.1:
	v_lshlrev_b32_e32 v4, 6, v1
	v_mul_lo_u32 v1, v1, s8
	v_lshlrev_b32_e32 v2, 2, v0
	v_or_b32_e32 v6, 0x400, v2
	v_add_i32_e32 v5, vcc, v4, v2
	v_add_i32_e32 v1, vcc, v0, v1
	v_add_i32_e32 v7, vcc, v6, v4
	v_add_i32_e32 v1, vcc, s6, v1
	s_lshl_b32 s7, s8, 4
	v_add_i32_e32 v8, vcc, v0, v3
	s_mov_b32 s9, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v9, s1
	v_mov_b32_e32 v10, s3
	s_mov_b32 m0, -1
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_ashrrev_i32_e32 v2, 31, v1
	v_add_i32_e32 v12, vcc, s9, v8
	v_lshl_b64 v[14:15], v[1:2], 2
	v_ashrrev_i32_e32 v13, 31, v12
	v_lshl_b64 v[12:13], v[12:13], 2
	v_add_i32_e32 v14, vcc, s2, v14
	v_addc_u32_e32 v15, vcc, v10, v15, vcc
	v_add_i32_e32 v12, vcc, s0, v12
	v_addc_u32_e32 v13, vcc, v9, v13, vcc
	flat_load_dword v2, v[14:15]
	flat_load_dword v12, v[12:13]
	s_add_i32 s9, s9, 16
	v_add_i32_e32 v1, vcc, s7, v1
	s_cmp_ge_i32 s9, s8
	s_waitcnt vmcnt(1)
	ds_write_b32 v7, v2
	s_waitcnt vmcnt(0)
	ds_write_b32 v5, v12
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2_b32 v[12:13], v6 offset1:16
	ds_read2_b32 v[14:15], v4 offset1:1
	ds_read2_b32 v[16:17], v4 offset0:2 offset1:3
	ds_read2_b32 v[18:19], v4 offset0:4 offset1:5
	ds_read2_b32 v[20:21], v4 offset0:6 offset1:7
	s_waitcnt lgkmcnt(3)
	v_fma_f32 v2, v14, v12, v11
	v_fma_f32 v2, v15, v13, v2
	ds_read2_b32 v[11:12], v6 offset0:32 offset1:48
	ds_read2_b32 v[13:14], v6 offset0:64 offset1:80
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v16, v11, v2
	v_fma_f32 v2, v17, v12, v2
	ds_read2_b32 v[11:12], v6 offset0:96 offset1:112
	ds_read2_b32 v[15:16], v6 offset0:128 offset1:144
	s_waitcnt lgkmcnt(2)
	v_fma_f32 v2, v18, v13, v2
	v_fma_f32 v2, v19, v14, v2
	ds_read2_b32 v[13:14], v4 offset0:8 offset1:9
	ds_read2_b32 v[17:18], v4 offset0:10 offset1:11
	s_waitcnt lgkmcnt(3)
	v_fma_f32 v2, v20, v11, v2
	v_fma_f32 v2, v21, v12, v2
	ds_read2_b32 v[11:12], v4 offset0:12 offset1:13
	ds_read2_b32 v[19:20], v4 offset0:14 offset1:15
	s_waitcnt lgkmcnt(3)
	v_fma_f32 v2, v13, v15, v2
	v_fma_f32 v2, v14, v16, v2
	ds_read2_b32 v[13:14], v6 offset0:160 offset1:176
	ds_read2_b32 v[15:16], v6 offset0:192 offset1:208
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v17, v13, v2
	v_fma_f32 v2, v18, v14, v2
	ds_read2_b32 v[13:14], v6 offset0:224 offset1:240
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v11, v15, v2
	v_fma_f32 v2, v12, v16, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_fma_f32 v2, v19, v13, v2
	v_fma_f32 v11, v20, v14, v2
	s_cbranch_scc0 .LBB0_2
	s_branch .LBB0_4
.LBB0_3:
	v_mov_b32_e32 v11, 0
.LBB0_4:
	v_add_i32_e32 v0, vcc, s6, v0
	v_add_i32_e32 v0, vcc, v3, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_b64 v[0:1], v[0:1], 2
	v_mov_b32_e32 v2, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, v2, v1, vcc
	flat_store_dword v[0:1], v11
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel matmul
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 28
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 22
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 0
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	matmul, .Lfunc_end0-matmul
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 564
; NumSgprs: 12
; NumVgprs: 22
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 22
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.hidden	__oclc_ABI_version              ; @__oclc_ABI_version
	.type	__oclc_ABI_version,@object
	.section	.rodata,"a",@progbits
	.weak	__oclc_ABI_version
	.p2align	2, 0x0
__oclc_ABI_version:
	.long	500                             ; 0x1f4
	.size	__oclc_ABI_version, 4

	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.ident	"Debian clang version 15.0.5"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .type_name:      int
        .value_kind:     by_value
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 28
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           matmul
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         matmul.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx700
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
