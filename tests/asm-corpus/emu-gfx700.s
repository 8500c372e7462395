	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx700"
	.amdhsa_code_object_version 5
	.protected	saxpy                   ; -- Begin function saxpy
	.globl	saxpy
	.p2align	8
	.type	saxpy,@function
saxpy:                                  ; @saxpy
; %bb.0:
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[0:3], s[4:5], 0x2
	s_load_dwordx2 s[8:9], s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s6, s6, s7
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s9
	v_add_i32_e32 v0, vcc, s8, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[0:1], v[0:1], 2
	v_mov_b32_e32 v3, s1
	v_add_i32_e32 v2, vcc, s0, v0
	v_addc_u32_e32 v3, vcc, v3, v1, vcc
	flat_load_dword v2, v[2:3]
	v_mov_b32_e32 v3, s3
	v_add_i32_e32 v0, vcc, s2, v0
	v_addc_u32_e32 v1, vcc, v3, v1, vcc
	flat_load_dword v3, v[0:1]
	s_load_dword s0, s[4:5], 0x0
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mac_f32_e32 v3, s0, v2
	flat_store_dword v[0:1], v3
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel saxpy
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
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
	.size	saxpy, .Lfunc_end0-saxpy
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 116
; NumSgprs: 12
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 4
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	matmul                  ; -- Begin function matmul
	.globl	matmul
	.p2align	8
	.type	matmul,@function
matmul:                                 ; @matmul
; %bb.0:
	s_load_dword s13, s[4:5], 0xb
	s_load_dword s12, s[4:5], 0x6
	s_load_dwordx4 s[0:3], s[4:5], 0x12
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dwordx2 s[4:5], s[4:5], 0x4
	s_waitcnt lgkmcnt(0)
	s_lshr_b32 s1, s13, 16
	s_mul_i32 s7, s7, s1
	s_add_i32 s1, s2, s7
	v_add_i32_e32 v2, vcc, s1, v1
	v_mul_lo_u32 v3, v2, s12
	s_and_b32 s1, s13, 0xffff
	s_cmp_lt_i32 s12, 1
	s_mul_i32 s6, s6, s1
	s_cbranch_scc1 .LBB1_3
; %bb.1:
	v_lshlrev_b32_e32 v4, 6, v1
	v_mul_lo_u32 v1, v1, s12
	v_lshlrev_b32_e32 v2, 2, v0
	v_or_b32_e32 v6, 0x400, v2
	s_add_i32 s1, s0, s6
	v_add_i32_e32 v1, vcc, v0, v1
	v_add_i32_e32 v5, vcc, v4, v2
	v_add_i32_e32 v7, vcc, v6, v4
	v_add_i32_e32 v1, vcc, s1, v1
	s_lshl_b32 s1, s12, 4
	v_add_i32_e32 v8, vcc, v0, v3
	s_mov_b32 s2, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v9, s9
	v_mov_b32_e32 v10, s11
	s_mov_b32 m0, -1
.LBB1_2:                                ; =>This Inner Loop Header: Depth=1
	v_ashrrev_i32_e32 v2, 31, v1
	v_add_i32_e32 v12, vcc, s2, v8
	v_lshl_b64 v[14:15], v[1:2], 2
	v_ashrrev_i32_e32 v13, 31, v12
	v_lshl_b64 v[12:13], v[12:13], 2
	v_add_i32_e32 v14, vcc, s10, v14
	v_addc_u32_e32 v15, vcc, v10, v15, vcc
	v_add_i32_e32 v12, vcc, s8, v12
	v_addc_u32_e32 v13, vcc, v9, v13, vcc
	flat_load_dword v2, v[14:15]
	flat_load_dword v12, v[12:13]
	s_add_i32 s2, s2, 16
	v_add_i32_e32 v1, vcc, s1, v1
	s_cmp_ge_i32 s2, s12
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
	s_cbranch_scc0 .LBB1_2
	s_branch .LBB1_4
.LBB1_3:
	v_mov_b32_e32 v11, 0
.LBB1_4:
	s_add_i32 s0, s0, s6
	v_add_i32_e32 v0, vcc, s0, v0
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
		.amdhsa_kernarg_size 288
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
		.amdhsa_next_free_sgpr 14
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
.Lfunc_end1:
	.size	matmul, .Lfunc_end1-matmul
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 596
; NumSgprs: 16
; NumVgprs: 22
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 16
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
	.text
	.protected	reduce_atomic           ; -- Begin function reduce_atomic
	.globl	reduce_atomic
	.p2align	8
	.type	reduce_atomic,@function
reduce_atomic:                          ; @reduce_atomic
; %bb.0:
	s_load_dword s10, s[4:5], 0x9
	s_load_dwordx2 s[8:9], s[4:5], 0x10
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dword s7, s[4:5], 0x4
	v_mov_b32_e32 v1, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s10, 0xffff
	s_mul_i32 s6, s6, s4
	s_lshl_b64 s[8:9], s[8:9], 2
	v_add_i32_e32 v2, vcc, s6, v0
	v_mov_b32_e32 v3, v1
	s_add_u32 s0, s0, s8
	v_lshl_b64 v[2:3], v[2:3], 2
	s_addc_u32 s1, s1, s9
	v_mov_b32_e32 v4, s1
	v_add_i32_e32 v2, vcc, s0, v2
	v_addc_u32_e32 v3, vcc, v4, v3, vcc
	flat_load_dword v3, v[2:3]
	v_lshlrev_b32_e32 v2, 2, v0
	s_mov_b32 s1, 0
	v_add_i32_e32 v2, vcc, s7, v2
	s_cmp_lt_u32 s4, 2
	s_mov_b32 m0, -1
	s_waitcnt vmcnt(0)
	ds_write_b32 v2, v3
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB2_5
; %bb.1:
	s_lshr_b32 s0, s4, 1
	s_branch .LBB2_3
.LBB2_2:                                ;   in Loop: Header=BB2_3 Depth=1
	s_or_b64 exec, exec, s[4:5]
	v_cmp_lt_u64_e64 s[4:5], s[0:1], 2
	s_lshr_b64 s[0:1], s[0:1], 1
	s_and_b64 vcc, exec, s[4:5]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_vccnz .LBB2_5
.LBB2_3:                                ; =>This Inner Loop Header: Depth=1
	v_cmp_gt_u64_e32 vcc, s[0:1], v[0:1]
	s_and_saveexec_b64 s[4:5], vcc
	s_cbranch_execz .LBB2_2
; %bb.4:                                ;   in Loop: Header=BB2_3 Depth=1
	s_lshl_b32 s6, s0, 2
	v_add_i32_e32 v3, vcc, s6, v2
	ds_read_b32 v3, v3
	ds_read_b32 v4, v2
	s_waitcnt lgkmcnt(0)
	v_add_i32_e32 v3, vcc, v4, v3
	ds_write_b32 v2, v3
	s_branch .LBB2_2
.LBB2_5:
	v_cmp_eq_u32_e32 vcc, 0, v0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB2_8
; %bb.6:
	s_mov_b64 s[0:1], exec
	v_mbcnt_lo_u32_b32_e64 v0, s0, 0
	v_mbcnt_hi_u32_b32_e32 v0, s1, v0
	v_cmp_eq_u32_e32 vcc, 0, v0
	s_and_b64 s[4:5], exec, vcc
	s_mov_b64 exec, s[4:5]
	s_cbranch_execz .LBB2_8
; %bb.7:
	v_mov_b32_e32 v0, s7
	ds_read_b32 v0, v0
	s_bcnt1_i32_b64 s0, s[0:1]
	v_mov_b32_e32 v1, s3
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v2, v0, s0
	v_mov_b32_e32 v0, s2
	flat_atomic_add v[0:1], v2
.LBB2_8:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel reduce_atomic
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 11
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
.Lfunc_end2:
	.size	reduce_atomic, .Lfunc_end2-reduce_atomic
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 316
; NumSgprs: 13
; NumVgprs: 5
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 13
; NumVGPRsForWavesPerEU: 5
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	scan                    ; -- Begin function scan
	.globl	scan
	.p2align	8
	.type	scan,@function
scan:                                   ; @scan
; %bb.0:
	s_load_dword s7, s[4:5], 0x7
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0xe
	s_mov_b32 m0, -1
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s7, 0xffff
	s_mul_i32 s6, s6, s4
	v_add_i32_e32 v1, vcc, s6, v0
	v_mov_b32_e32 v2, s9
	v_add_i32_e32 v1, vcc, s8, v1
	v_addc_u32_e32 v2, vcc, 0, v2, vcc
	v_lshl_b64 v[1:2], v[1:2], 2
	v_mov_b32_e32 v4, s1
	v_add_i32_e32 v3, vcc, s0, v1
	v_addc_u32_e32 v4, vcc, v4, v2, vcc
	flat_load_dword v4, v[3:4]
	v_lshlrev_b32_e32 v3, 2, v0
	s_cmp_lt_u32 s4, 2
	s_waitcnt vmcnt(0)
	ds_write_b32 v3, v4
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB3_5
; %bb.1:
	s_mov_b32 s5, 1
	s_branch .LBB3_3
.LBB3_2:                                ;   in Loop: Header=BB3_3 Depth=1
	s_or_b64 exec, exec, s[0:1]
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v5, v3
	s_lshl_b32 s5, s5, 1
	s_cmp_ge_u32 s5, s4
	s_waitcnt lgkmcnt(0)
	v_add_i32_e32 v4, vcc, v5, v4
	ds_write_b32 v3, v4
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB3_5
.LBB3_3:                                ; =>This Inner Loop Header: Depth=1
	v_cmp_le_u32_e32 vcc, s5, v0
	v_mov_b32_e32 v4, 0
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB3_2
; %bb.4:                                ;   in Loop: Header=BB3_3 Depth=1
	v_subrev_i32_e32 v4, vcc, s5, v0
	v_lshlrev_b32_e32 v4, 2, v4
	ds_read_b32 v4, v4
	s_branch .LBB3_2
.LBB3_5:
	ds_read_b32 v3, v3
	v_mov_b32_e32 v4, s3
	v_add_i32_e32 v0, vcc, s2, v1
	v_addc_u32_e32 v1, vcc, v4, v2, vcc
	s_waitcnt lgkmcnt(0)
	flat_store_dword v[0:1], v3
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel scan
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 6
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
.Lfunc_end3:
	.size	scan, .Lfunc_end3-scan
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 244
; NumSgprs: 12
; NumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 1024 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 6
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	histogram               ; -- Begin function histogram
	.globl	histogram
	.p2align	8
	.type	histogram,@function
histogram:                              ; @histogram
; %bb.0:
	v_mov_b32_e32 v2, 0
	v_cmp_gt_u32_e32 vcc, 64, v0
	v_lshlrev_b32_e32 v1, 2, v0
	s_mov_b32 m0, -1
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB4_2
; %bb.1:
	ds_write_b32 v1, v2
.LBB4_2:
	s_or_b64 exec, exec, s[0:1]
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dword s7, s[4:5], 0x4
	s_load_dword s0, s[4:5], 0x9
	s_load_dwordx2 s[2:3], s[4:5], 0x10
	s_add_u32 s4, s4, 24
	s_addc_u32 s5, s5, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s12, s0, 0xffff
	s_mul_i32 s6, s6, s12
	v_add_i32_e64 v0, s[0:1], s6, v0
	v_add_i32_e64 v0, s[0:1], s2, v0
	v_cmp_gt_u32_e64 s[0:1], s7, v0
	s_barrier
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execz .LBB4_5
; %bb.3:
	s_load_dword s0, s[4:5], 0x0
	s_mov_b64 s[4:5], 0
	v_mov_b32_e32 v2, s9
	v_mov_b32_e32 v3, 1
	s_mov_b32 s1, 0
	s_waitcnt lgkmcnt(0)
	s_mul_i32 s6, s0, s12
.LBB4_4:                                ; =>This Inner Loop Header: Depth=1
	v_add_i32_e64 v4, s[0:1], s8, v0
	v_addc_u32_e64 v5, s[0:1], 0, v2, s[0:1]
	flat_load_ubyte v4, v[4:5]
	v_add_i32_e64 v0, s[0:1], s6, v0
	v_cmp_le_u32_e64 s[0:1], s7, v0
	s_or_b64 s[4:5], s[0:1], s[4:5]
	s_waitcnt vmcnt(0)
	v_and_b32_e32 v4, 63, v4
	v_lshlrev_b32_e32 v4, 2, v4
	ds_add_u32 v4, v3
	s_andn2_b64 exec, exec, s[4:5]
	s_cbranch_execnz .LBB4_4
.LBB4_5:
	s_or_b64 exec, exec, s[2:3]
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB4_7
; %bb.6:
	s_mov_b32 m0, -1
	ds_read_b32 v3, v1
	v_mov_b32_e32 v2, s11
	v_add_i32_e32 v0, vcc, s10, v1
	v_addc_u32_e32 v1, vcc, 0, v2, vcc
	s_waitcnt lgkmcnt(0)
	flat_atomic_add v[0:1], v3
.LBB4_7:
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel histogram
		.amdhsa_group_segment_fixed_size 256
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 13
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
.Lfunc_end4:
	.size	histogram, .Lfunc_end4-histogram
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 272
; NumSgprs: 15
; NumVgprs: 6
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 256 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 15
; NumVGPRsForWavesPerEU: 6
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	fp64                    ; -- Begin function fp64
	.globl	fp64
	.p2align	8
	.type	fp64,@function
fp64:                                   ; @fp64
; %bb.0:
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x4
	s_load_dwordx2 s[4:5], s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s6, s6, s7
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[2:3], v[0:1], 3
	v_mov_b32_e32 v5, s1
	v_add_i32_e32 v4, vcc, s0, v2
	v_addc_u32_e32 v5, vcc, v5, v3, vcc
	v_mov_b32_e32 v6, s3
	v_add_i32_e32 v2, vcc, s2, v2
	v_addc_u32_e32 v3, vcc, v6, v3, vcc
	flat_load_dwordx2 v[4:5], v[4:5]
	flat_load_dwordx2 v[2:3], v[2:3]
	s_waitcnt vmcnt(0)
	v_div_scale_f64 v[6:7], s[0:1], v[2:3], v[2:3], v[4:5]
	s_mov_b32 s0, 0
	s_brev_b32 s1, 8
	v_cmp_gt_f64_e64 s[0:1], s[0:1], v[4:5]
	v_cndmask_b32_e64 v8, 0, 1, s[0:1]
	v_lshlrev_b32_e32 v8, 8, v8
	v_ldexp_f64 v[8:9], v[4:5], v8
	v_rcp_f64_e32 v[12:13], v[6:7]
	v_rsq_f64_e32 v[10:11], v[8:9]
	v_fma_f64 v[16:17], -v[6:7], v[12:13], 1.0
	v_mul_f64 v[14:15], v[8:9], v[10:11]
	v_mul_f64 v[10:11], v[10:11], 0.5
	v_fma_f64 v[12:13], v[12:13], v[16:17], v[12:13]
	v_fma_f64 v[18:19], -v[10:11], v[14:15], 0.5
	v_fma_f64 v[16:17], -v[6:7], v[12:13], 1.0
	v_fma_f64 v[14:15], v[14:15], v[18:19], v[14:15]
	v_fma_f64 v[10:11], v[10:11], v[18:19], v[10:11]
	v_div_scale_f64 v[18:19], vcc, v[4:5], v[2:3], v[4:5]
	v_fma_f64 v[12:13], v[12:13], v[16:17], v[12:13]
	v_fma_f64 v[16:17], -v[14:15], v[14:15], v[8:9]
	v_fma_f64 v[14:15], v[16:17], v[10:11], v[14:15]
	v_mul_f64 v[16:17], v[18:19], v[12:13]
	v_fma_f64 v[6:7], -v[6:7], v[16:17], v[18:19]
	v_fma_f64 v[18:19], -v[14:15], v[14:15], v[8:9]
	v_div_fmas_f64 v[6:7], v[6:7], v[12:13], v[16:17]
	v_fma_f64 v[10:11], v[18:19], v[10:11], v[14:15]
	v_mov_b32_e32 v16, 0xffffff80
	v_mov_b32_e32 v17, 0x260
	v_mov_b32_e32 v12, s8
	v_mov_b32_e32 v13, s9
	v_cndmask_b32_e64 v15, 0, v16, s[0:1]
	v_mad_u64_u32 v[12:13], s[2:3], v0, 24, v[12:13]
	v_mul_lo_u32 v14, v1, 24
	v_fma_f64 v[0:1], v[4:5], v[2:3], 0.5
	v_ldexp_f64 v[10:11], v[10:11], v15
	v_cmp_class_f64_e32 vcc, v[8:9], v17
	v_add_i32_e64 v13, s[0:1], v14, v13
	v_div_fixup_f64 v[2:3], v[6:7], v[2:3], v[4:5]
	v_add_i32_e64 v4, s[0:1], 16, v12
	v_addc_u32_e64 v5, s[0:1], 0, v13, s[0:1]
	v_cndmask_b32_e32 v7, v11, v9, vcc
	v_cndmask_b32_e32 v6, v10, v8, vcc
	flat_store_dwordx4 v[12:13], v[0:3]
	flat_store_dwordx2 v[4:5], v[6:7]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel fp64
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 20
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
.Lfunc_end5:
	.size	fp64, .Lfunc_end5-fp64
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 416
; NumSgprs: 12
; NumVgprs: 20
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 20
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	fp16                    ; -- Begin function fp16
	.globl	fp16
	.p2align	8
	.type	fp16,@function
fp16:                                   ; @fp16
; %bb.0:
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x4
	s_load_dwordx2 s[4:5], s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s6, s6, s7
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[2:3], v[0:1], 1
	v_mov_b32_e32 v5, s1
	v_add_i32_e32 v4, vcc, s0, v2
	v_addc_u32_e32 v5, vcc, v5, v3, vcc
	flat_load_ushort v4, v[4:5]
	v_mov_b32_e32 v5, s3
	v_add_i32_e32 v2, vcc, s2, v2
	v_addc_u32_e32 v3, vcc, v5, v3, vcc
	flat_load_ushort v2, v[2:3]
	v_lshl_b64 v[0:1], v[0:1], 2
	v_add_i32_e32 v0, vcc, s8, v0
	s_waitcnt vmcnt(1)
	v_cvt_f32_f16_e32 v3, v4
	v_mov_b32_e32 v4, s9
	v_addc_u32_e32 v1, vcc, v4, v1, vcc
	s_waitcnt vmcnt(0)
	v_cvt_f32_f16_e32 v2, v2
	v_mad_f32 v5, v3, v2, v3
	v_max_f32_e32 v6, v3, v2
	v_min_f32_e32 v2, v3, v2
	v_sub_f32_e32 v2, v6, v2
	v_cvt_f16_f32_e32 v2, v2
	v_cvt_f16_f32_e32 v3, v5
	v_lshlrev_b32_e32 v2, 16, v2
	v_or_b32_e32 v2, v3, v2
	flat_store_dword v[0:1], v2
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel fp16
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 7
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
.Lfunc_end6:
	.size	fp16, .Lfunc_end6-fp16
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 180
; NumSgprs: 12
; NumVgprs: 7
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 7
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	int64                   ; -- Begin function int64
	.globl	int64
	.p2align	8
	.type	int64,@function
int64:                                  ; @int64
; %bb.0:
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_load_dwordx2 s[2:3], s[4:5], 0x4
	s_load_dwordx2 s[0:1], s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s4, s7, 0xffff
	s_mul_i32 s6, s6, s4
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s1
	v_add_i32_e32 v2, vcc, s0, v0
	v_addc_u32_e32 v3, vcc, 0, v1, vcc
	v_lshl_b64 v[0:1], v[2:3], 3
	v_mov_b32_e32 v5, s9
	v_add_i32_e32 v4, vcc, s8, v0
	v_addc_u32_e32 v5, vcc, v5, v1, vcc
	v_mov_b32_e32 v6, s11
	v_add_i32_e32 v0, vcc, s10, v0
	v_addc_u32_e32 v1, vcc, v6, v1, vcc
	flat_load_dwordx2 v[6:7], v[0:1]
	flat_load_dwordx2 v[4:5], v[4:5]
	v_lshl_b64 v[8:9], v[2:3], 5
	v_mov_b32_e32 v1, s3
	v_add_i32_e32 v8, vcc, s2, v8
	v_addc_u32_e32 v9, vcc, v1, v9, vcc
	v_mov_b32_e32 v0, 0
	s_waitcnt vmcnt(1)
	v_or_b32_e32 v6, 1, v6
	s_waitcnt vmcnt(0)
	v_mul_lo_u32 v12, v6, v5
	v_mad_u64_u32 v[10:11], s[0:1], v6, v4, 0
	v_mul_lo_u32 v13, v7, v4
	v_or_b32_e32 v1, v5, v7
	v_add_i32_e32 v11, vcc, v11, v12
	v_add_i32_e32 v11, vcc, v11, v13
	v_cmp_ne_u64_e32 vcc, 0, v[0:1]
	flat_store_dwordx2 v[8:9], v[10:11]
                                        ; implicit-def: $vgpr0_vgpr1
	s_and_saveexec_b64 s[0:1], vcc
	s_xor_b64 s[4:5], exec, s[0:1]
	s_cbranch_execz .LBB7_2
; %bb.1:
	v_cvt_f32_u32_e32 v0, v6
	v_cvt_f32_u32_e32 v1, v7
	v_sub_i32_e32 v12, vcc, 0, v6
	v_subb_u32_e32 v13, vcc, 0, v7, vcc
	v_madmk_f32 v0, v1, 0x4f800000, v0
	v_rcp_f32_e32 v0, v0
	v_mul_f32_e32 v0, 0x5f7ffffc, v0
	v_mul_f32_e32 v1, 0x2f800000, v0
	v_trunc_f32_e32 v1, v1
	v_madmk_f32 v0, v1, 0xcf800000, v0
	v_cvt_u32_f32_e32 v10, v1
	v_cvt_u32_f32_e32 v11, v0
	v_mul_lo_u32 v8, v12, v10
	v_mad_u64_u32 v[0:1], s[0:1], v12, v11, 0
	v_mul_lo_u32 v9, v13, v11
	v_add_i32_e32 v1, vcc, v1, v8
	v_add_i32_e32 v15, vcc, v1, v9
	v_mul_hi_u32 v14, v11, v0
	v_mad_u64_u32 v[8:9], s[0:1], v11, v15, 0
	v_mad_u64_u32 v[0:1], s[0:1], v10, v0, 0
	v_add_i32_e32 v14, vcc, v14, v8
	v_addc_u32_e32 v16, vcc, 0, v9, vcc
	v_mad_u64_u32 v[8:9], s[0:1], v10, v15, 0
	v_add_i32_e32 v0, vcc, v14, v0
	v_addc_u32_e32 v0, vcc, v16, v1, vcc
	v_addc_u32_e32 v1, vcc, 0, v9, vcc
	v_add_i32_e32 v0, vcc, v0, v8
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_add_i32_e32 v14, vcc, v11, v0
	v_addc_u32_e32 v15, vcc, v10, v1, vcc
	v_mad_u64_u32 v[0:1], s[0:1], v12, v14, 0
	v_mul_lo_u32 v10, v12, v15
	v_mul_lo_u32 v11, v13, v14
	v_mul_hi_u32 v12, v14, v0
	v_mad_u64_u32 v[8:9], s[0:1], v15, v0, 0
	v_add_i32_e32 v1, vcc, v1, v10
	v_add_i32_e32 v1, vcc, v1, v11
	v_mad_u64_u32 v[10:11], s[0:1], v14, v1, 0
	v_mad_u64_u32 v[0:1], s[0:1], v15, v1, 0
	v_add_i32_e32 v10, vcc, v12, v10
	v_addc_u32_e32 v11, vcc, 0, v11, vcc
	v_add_i32_e32 v8, vcc, v10, v8
	v_addc_u32_e32 v8, vcc, v11, v9, vcc
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_add_i32_e32 v0, vcc, v8, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_add_i32_e32 v8, vcc, v14, v0
	v_addc_u32_e32 v9, vcc, v15, v1, vcc
	v_mad_u64_u32 v[0:1], s[0:1], v4, v9, 0
	v_mul_hi_u32 v10, v4, v8
	v_add_i32_e32 v10, vcc, v10, v0
	v_addc_u32_e32 v11, vcc, 0, v1, vcc
	v_mad_u64_u32 v[0:1], s[0:1], v5, v8, 0
	v_mad_u64_u32 v[8:9], s[0:1], v5, v9, 0
	v_add_i32_e32 v0, vcc, v10, v0
	v_addc_u32_e32 v0, vcc, v11, v1, vcc
	v_addc_u32_e32 v1, vcc, 0, v9, vcc
	v_add_i32_e32 v8, vcc, v0, v8
	v_addc_u32_e32 v9, vcc, 0, v1, vcc
	v_mul_lo_u32 v10, v6, v9
	v_mad_u64_u32 v[0:1], s[0:1], v6, v8, 0
	v_mul_lo_u32 v11, v7, v8
	v_add_i32_e32 v1, vcc, v1, v10
	v_add_i32_e32 v1, vcc, v1, v11
	v_sub_i32_e32 v10, vcc, v5, v1
	v_sub_i32_e32 v0, vcc, v4, v0
	v_subb_u32_e64 v10, s[0:1], v10, v7, vcc
	v_sub_i32_e64 v11, s[0:1], v0, v6
	v_subbrev_u32_e64 v10, s[0:1], 0, v10, s[0:1]
	v_cmp_ge_u32_e64 s[0:1], v10, v7
	v_cndmask_b32_e64 v12, 0, -1, s[0:1]
	v_cmp_ge_u32_e64 s[0:1], v11, v6
	v_cndmask_b32_e64 v11, 0, -1, s[0:1]
	v_cmp_eq_u32_e64 s[0:1], v10, v7
	v_cndmask_b32_e64 v10, v12, v11, s[0:1]
	v_add_i32_e64 v11, s[0:1], 2, v8
	v_addc_u32_e64 v12, s[0:1], 0, v9, s[0:1]
	v_add_i32_e64 v13, s[0:1], 1, v8
	v_addc_u32_e64 v14, s[0:1], 0, v9, s[0:1]
	v_subb_u32_e32 v1, vcc, v5, v1, vcc
	v_cmp_ne_u32_e64 s[0:1], 0, v10
	v_cmp_ge_u32_e32 vcc, v1, v7
	v_cndmask_b32_e64 v10, v14, v12, s[0:1]
	v_cndmask_b32_e64 v12, 0, -1, vcc
	v_cmp_ge_u32_e32 vcc, v0, v6
	v_cndmask_b32_e64 v0, 0, -1, vcc
	v_cmp_eq_u32_e32 vcc, v1, v7
	v_cndmask_b32_e32 v0, v12, v0, vcc
	v_cmp_ne_u32_e32 vcc, 0, v0
	v_cndmask_b32_e64 v0, v13, v11, s[0:1]
	v_cndmask_b32_e32 v1, v9, v10, vcc
	v_cndmask_b32_e32 v0, v8, v0, vcc
.LBB7_2:
	s_or_saveexec_b64 s[0:1], s[4:5]
	v_lshl_b64 v[2:3], v[2:3], 2
	s_xor_b64 exec, exec, s[0:1]
	s_cbranch_execz .LBB7_4
; %bb.3:
	v_cvt_f32_u32_e32 v0, v6
	v_sub_i32_e32 v1, vcc, 0, v6
	v_rcp_iflag_f32_e32 v0, v0
	v_mul_f32_e32 v0, 0x4f7ffffe, v0
	v_cvt_u32_f32_e32 v0, v0
	v_mul_lo_u32 v1, v1, v0
	v_mul_hi_u32 v1, v0, v1
	v_add_i32_e32 v0, vcc, v0, v1
	v_mul_hi_u32 v0, v4, v0
	v_mul_lo_u32 v1, v0, v6
	v_add_i32_e32 v8, vcc, 1, v0
	v_sub_i32_e32 v1, vcc, v4, v1
	v_sub_i32_e32 v9, vcc, v1, v6
	v_cmp_ge_u32_e32 vcc, v1, v6
	v_cndmask_b32_e32 v0, v0, v8, vcc
	v_cndmask_b32_e32 v1, v1, v9, vcc
	v_add_i32_e32 v8, vcc, 1, v0
	v_cmp_ge_u32_e32 vcc, v1, v6
	v_cndmask_b32_e32 v0, v0, v8, vcc
	v_mov_b32_e32 v1, 0
.LBB7_4:
	s_or_b64 exec, exec, s[0:1]
	v_lshl_b64 v[2:3], v[2:3], 3
	v_mov_b32_e32 v8, s3
	v_add_i32_e32 v11, vcc, s2, v2
	v_addc_u32_e32 v12, vcc, v8, v3, vcc
	v_mul_lo_u32 v9, v0, v7
	v_mad_u64_u32 v[2:3], s[0:1], v0, v6, 0
	v_mul_lo_u32 v10, v1, v6
	v_add_i32_e32 v7, vcc, 8, v11
	v_addc_u32_e32 v8, vcc, 0, v12, vcc
	v_add_i32_e32 v3, vcc, v3, v9
	v_add_i32_e32 v3, vcc, v3, v10
	v_sub_i32_e32 v2, vcc, v4, v2
	v_subb_u32_e32 v3, vcc, v5, v3, vcc
	v_lshr_b64 v[9:10], v[4:5], v6
	v_ashr_i64 v[4:5], v[4:5], 7
	flat_store_dwordx4 v[7:8], v[0:3]
	s_nop 0
	v_add_i32_e32 v2, vcc, 24, v11
	v_xor_b32_e32 v1, v10, v5
	v_xor_b32_e32 v0, v9, v4
	v_addc_u32_e32 v3, vcc, 0, v12, vcc
	flat_store_dwordx2 v[2:3], v[0:1]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel int64
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 12
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
.Lfunc_end7:
	.size	int64, .Lfunc_end7-int64
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 988
; NumSgprs: 14
; NumVgprs: 17
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 4
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 17
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	collatz                 ; -- Begin function collatz
	.globl	collatz
	.p2align	8
	.type	collatz,@function
collatz:                                ; @collatz
; %bb.0:
	s_load_dword s7, s[4:5], 0x7
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[4:5], s[4:5], 0xe
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s6, s6, s7
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[0:1], v[0:1], 2
	v_mov_b32_e32 v3, s1
	v_add_i32_e32 v2, vcc, s0, v0
	v_addc_u32_e32 v3, vcc, v3, v1, vcc
	flat_load_dword v2, v[2:3]
	v_mov_b32_e32 v3, 0
	s_waitcnt vmcnt(0)
	v_cmp_ne_u32_e32 vcc, 1, v2
	s_and_saveexec_b64 s[0:1], vcc
	s_cbranch_execz .LBB8_8
; %bb.1:
	s_mov_b32 s8, 0
	s_mov_b64 s[4:5], 0
	s_branch .LBB8_3
.LBB8_2:                                ;   in Loop: Header=BB8_3 Depth=1
	s_or_b64 exec, exec, s[6:7]
	s_add_i32 s9, s8, 1
	s_cmpk_gt_u32 s8, 0x3e6
	v_cmp_eq_u32_e32 vcc, 1, v2
	s_cselect_b64 s[6:7], -1, 0
	s_or_b64 s[6:7], vcc, s[6:7]
	s_and_b64 s[6:7], exec, s[6:7]
	s_or_b64 s[4:5], s[6:7], s[4:5]
	v_mov_b32_e32 v3, s9
	s_mov_b32 s8, s9
	s_andn2_b64 exec, exec, s[4:5]
	s_cbranch_execz .LBB8_7
.LBB8_3:                                ; =>This Inner Loop Header: Depth=1
	v_and_b32_e32 v3, 1, v2
	v_cmp_eq_u32_e32 vcc, 1, v3
	s_and_saveexec_b64 s[6:7], vcc
	s_xor_b64 s[6:7], exec, s[6:7]
; %bb.4:                                ;   in Loop: Header=BB8_3 Depth=1
	v_mul_lo_u32 v2, v2, 3
	v_add_i32_e32 v2, vcc, 1, v2
; %bb.5:                                ;   in Loop: Header=BB8_3 Depth=1
	s_andn2_saveexec_b64 s[6:7], s[6:7]
	s_cbranch_execz .LBB8_2
; %bb.6:                                ;   in Loop: Header=BB8_3 Depth=1
	v_lshrrev_b32_e32 v2, 1, v2
	s_branch .LBB8_2
.LBB8_7:
	s_or_b64 exec, exec, s[4:5]
.LBB8_8:
	s_or_b64 exec, exec, s[0:1]
	v_mov_b32_e32 v2, s3
	v_add_i32_e32 v0, vcc, s2, v0
	v_addc_u32_e32 v1, vcc, v2, v1, vcc
	flat_store_dword v[0:1], v3
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel collatz
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 272
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
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
.Lfunc_end8:
	.size	collatz, .Lfunc_end8-collatz
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 228
; NumSgprs: 12
; NumVgprs: 4
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 4
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	bytes                   ; -- Begin function bytes
	.globl	bytes
	.p2align	8
	.type	bytes,@function
bytes:                                  ; @bytes
; %bb.0:
	s_load_dword s2, s[4:5], 0xd
	s_load_dwordx8 s[8:15], s[4:5], 0x0
	s_load_dwordx2 s[0:1], s[4:5], 0x14
	s_waitcnt lgkmcnt(0)
	s_and_b32 s2, s2, 0xffff
	s_mul_i32 s6, s6, s2
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s1
	v_add_i32_e32 v0, vcc, s0, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_mov_b32_e32 v3, s9
	v_add_i32_e32 v2, vcc, s8, v0
	v_lshl_b64 v[4:5], v[0:1], 1
	v_addc_u32_e32 v3, vcc, v3, v1, vcc
	v_mov_b32_e32 v7, s11
	v_add_i32_e32 v6, vcc, s10, v4
	v_addc_u32_e32 v7, vcc, v7, v5, vcc
	flat_load_sbyte v10, v[2:3]
	flat_load_sshort v11, v[6:7]
	v_lshl_b64 v[8:9], v[0:1], 2
	v_mov_b32_e32 v12, s13
	v_add_i32_e32 v8, vcc, s12, v8
	v_addc_u32_e32 v9, vcc, v12, v9, vcc
	v_add_i32_e32 v0, vcc, s14, v0
	s_load_dwordx2 s[0:1], s[4:5], 0x8
	s_waitcnt vmcnt(0)
	v_mad_i32_i24 v10, v10, 3, v11
	flat_store_dword v[8:9], v10
	flat_load_ubyte v2, v[2:3]
	v_mov_b32_e32 v3, s15
	v_addc_u32_e32 v1, vcc, v3, v1, vcc
	s_waitcnt vmcnt(0)
	v_add_i32_e32 v2, vcc, 1, v2
	flat_store_byte v[0:1], v2
	flat_load_ushort v0, v[6:7]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v1, s1
	s_waitcnt vmcnt(0)
	v_lshlrev_b32_e32 v2, 1, v0
	v_add_i32_e32 v0, vcc, s0, v4
	v_addc_u32_e32 v1, vcc, v1, v5, vcc
	flat_store_short v[0:1], v2
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel bytes
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 296
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 13
		.amdhsa_next_free_sgpr 16
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
.Lfunc_end9:
	.size	bytes, .Lfunc_end9-bytes
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 216
; NumSgprs: 18
; NumVgprs: 13
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 3
; NumSGPRsForWavesPerEU: 18
; NumVGPRsForWavesPerEU: 13
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	fdiv                    ; -- Begin function fdiv
	.globl	fdiv
	.p2align	8
	.type	fdiv,@function
fdiv:                                   ; @fdiv
; %bb.0:
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x4
	s_load_dwordx2 s[4:5], s[4:5], 0x10
	v_mov_b32_e32 v6, 0x2f800000
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s6, s6, s7
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[2:3], v[0:1], 2
	v_mov_b32_e32 v5, s3
	v_add_i32_e32 v4, vcc, s2, v2
	v_addc_u32_e32 v5, vcc, v5, v3, vcc
	flat_load_dword v4, v[4:5]
	v_mov_b32_e32 v5, s1
	v_add_i32_e32 v2, vcc, s0, v2
	v_addc_u32_e32 v3, vcc, v5, v3, vcc
	flat_load_dword v5, v[2:3]
	s_mov_b32 s0, 0x6f800000
	v_lshl_b64 v[0:1], v[0:1], 3
	v_mov_b32_e32 v7, s9
	s_waitcnt vmcnt(1)
	v_cmp_gt_f32_e64 vcc, |v4|, s0
	v_cndmask_b32_e32 v6, 1.0, v6, vcc
	v_mul_f32_e32 v4, v4, v6
	v_rcp_f32_e32 v4, v4
	v_add_i32_e32 v0, vcc, s8, v0
	v_addc_u32_e32 v1, vcc, v7, v1, vcc
	s_waitcnt vmcnt(0)
	v_mul_f32_e32 v4, v5, v4
	v_mul_f32_e32 v4, v6, v4
	flat_store_dword v[0:1], v4
	flat_load_dword v2, v[2:3]
	v_add_i32_e32 v0, vcc, 4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	s_waitcnt vmcnt(0)
	v_sqrt_f32_e32 v2, v2
	flat_store_dword v[0:1], v2
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel fdiv
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 8
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
.Lfunc_end10:
	.size	fdiv, .Lfunc_end10-fdiv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 212
; NumSgprs: 12
; NumVgprs: 8
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 8
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	idiv                    ; -- Begin function idiv
	.globl	idiv
	.p2align	8
	.type	idiv,@function
idiv:                                   ; @idiv
; %bb.0:
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x4
	s_load_dwordx2 s[4:5], s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s6, s6, s7
	v_add_i32_e32 v0, vcc, s6, v0
	v_mov_b32_e32 v1, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[2:3], v[0:1], 2
	v_mov_b32_e32 v5, s3
	v_add_i32_e32 v4, vcc, s2, v2
	v_addc_u32_e32 v5, vcc, v5, v3, vcc
	flat_load_dword v6, v[4:5]
	v_mov_b32_e32 v4, s1
	v_add_i32_e32 v2, vcc, s0, v2
	v_addc_u32_e32 v3, vcc, v4, v3, vcc
	flat_load_dword v3, v[2:3]
	v_lshl_b64 v[0:1], v[0:1], 4
	v_mov_b32_e32 v2, s9
	v_add_i32_e32 v4, vcc, s8, v0
	v_addc_u32_e32 v5, vcc, v2, v1, vcc
	s_waitcnt vmcnt(1)
	v_max_u32_e32 v1, 1, v6
	v_cvt_f32_u32_e32 v0, v1
	v_sub_i32_e32 v2, vcc, 0, v1
	v_max_i32_e32 v6, v1, v2
	v_cvt_f32_u32_e32 v7, v6
	v_rcp_iflag_f32_e32 v0, v0
	v_sub_i32_e32 v10, vcc, 0, v6
	v_rcp_iflag_f32_e32 v7, v7
	v_mul_f32_e32 v0, 0x4f7ffffe, v0
	v_cvt_u32_f32_e32 v0, v0
	s_waitcnt vmcnt(0)
	v_sub_i32_e32 v8, vcc, 0, v3
	v_mul_f32_e32 v7, 0x4f7ffffe, v7
	v_cvt_u32_f32_e32 v7, v7
	v_mul_lo_u32 v2, v2, v0
	v_max_i32_e32 v8, v3, v8
	v_xor_b32_e32 v9, v3, v1
	v_mul_lo_u32 v10, v10, v7
	v_mul_hi_u32 v2, v0, v2
	v_ashrrev_i32_e32 v9, 31, v9
	v_mul_hi_u32 v10, v7, v10
	v_add_i32_e32 v0, vcc, v0, v2
	v_mul_hi_u32 v0, v3, v0
	v_add_i32_e32 v2, vcc, v7, v10
	v_mul_hi_u32 v2, v8, v2
	v_mul_lo_u32 v7, v0, v1
	v_add_i32_e32 v10, vcc, 1, v0
	v_mul_lo_u32 v11, v2, v6
	v_add_i32_e32 v12, vcc, 1, v2
	v_sub_i32_e32 v7, vcc, v3, v7
	v_cmp_ge_u32_e32 vcc, v7, v1
	v_cndmask_b32_e32 v10, v0, v10, vcc
	v_sub_i32_e64 v0, s[0:1], v7, v1
	v_sub_i32_e64 v8, s[0:1], v8, v11
	v_cndmask_b32_e32 v7, v7, v0, vcc
	v_add_i32_e32 v11, vcc, 1, v10
	v_cmp_ge_u32_e32 vcc, v8, v6
	v_cndmask_b32_e32 v0, v2, v12, vcc
	v_sub_i32_e64 v2, s[0:1], v8, v6
	v_cndmask_b32_e32 v2, v8, v2, vcc
	v_add_i32_e32 v8, vcc, 1, v0
	v_cmp_ge_u32_e32 vcc, v2, v6
	v_cndmask_b32_e32 v0, v0, v8, vcc
	v_xor_b32_e32 v0, v0, v9
	v_sub_i32_e32 v0, vcc, v0, v9
	v_cmp_ge_u32_e32 vcc, v7, v1
	v_cndmask_b32_e32 v2, v10, v11, vcc
	v_mul_lo_u32 v6, v0, v1
	v_mul_lo_u32 v7, v2, v1
	v_sub_i32_e32 v1, vcc, v3, v6
	v_sub_i32_e32 v3, vcc, v3, v7
	flat_store_dwordx4 v[4:5], v[0:3]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel idiv
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 13
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
.Lfunc_end11:
	.size	idiv, .Lfunc_end11-idiv
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 396
; NumSgprs: 12
; NumVgprs: 13
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 3
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 13
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.protected	grid2d                  ; -- Begin function grid2d
	.globl	grid2d
	.p2align	8
	.type	grid2d,@function
grid2d:                                 ; @grid2d
; %bb.0:
	s_load_dword s10, s[4:5], 0x5
	s_load_dwordx2 s[8:9], s[4:5], 0x0
	s_load_dword s11, s[4:5], 0x2
	s_load_dwordx4 s[0:3], s[4:5], 0xc
	s_waitcnt lgkmcnt(0)
	s_and_b32 s5, s10, 0xffff
	s_lshr_b32 s4, s10, 16
	s_mul_i32 s10, s6, s5
	v_add_i32_e32 v0, vcc, s10, v0
	v_mov_b32_e32 v3, s1
	v_add_i32_e32 v2, vcc, s0, v0
	s_mul_i32 s0, s7, s4
	v_addc_u32_e32 v3, vcc, 0, v3, vcc
	v_add_i32_e32 v0, vcc, s0, v1
	s_movk_i32 s0, 0x3e8
	v_mul_lo_u32 v4, v2, s0
	v_mov_b32_e32 v1, s3
	v_add_i32_e32 v0, vcc, s2, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	s_mul_i32 s11, s11, s5
	s_mul_i32 s6, s6, 7
	s_mul_i32 s0, s7, 13
	v_add_i32_e32 v4, vcc, v0, v4
	s_add_i32 s2, s0, s6
	v_mul_lo_u32 v5, v1, s11
	v_mad_u64_u32 v[0:1], s[0:1], v0, s11, 0
	v_add_i32_e32 v4, vcc, s2, v4
	v_add_i32_e32 v1, vcc, v1, v5
	v_lshl_b64 v[0:1], v[0:1], 2
	v_mov_b32_e32 v5, s9
	v_add_i32_e32 v6, vcc, s8, v0
	v_addc_u32_e32 v5, vcc, v5, v1, vcc
	v_lshl_b64 v[0:1], v[2:3], 2
	v_add_i32_e32 v0, vcc, v6, v0
	v_addc_u32_e32 v1, vcc, v5, v1, vcc
	flat_store_dword v[0:1], v4
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel grid2d
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 264
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
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 12
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
.Lfunc_end12:
	.size	grid2d, .Lfunc_end12-grid2d
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 176
; NumSgprs: 14
; NumVgprs: 7
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 14
; NumVGPRsForWavesPerEU: 7
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.text
	.protected	private_array           ; -- Begin function private_array
	.globl	private_array
	.p2align	8
	.type	private_array,@function
private_array:                          ; @private_array
; %bb.0:
	s_add_i32 s6, s6, s9
	s_mov_b32 flat_scratch_lo, s7
	s_lshr_b32 flat_scratch_hi, s6, 8
	s_load_dword s7, s[4:5], 0x9
	s_load_dwordx4 s[12:15], s[4:5], 0x0
	s_load_dword s6, s[4:5], 0x4
	s_load_dwordx2 s[4:5], s[4:5], 0x10
	s_add_u32 s0, s0, s9
	s_addc_u32 s1, s1, 0
	s_waitcnt lgkmcnt(0)
	s_and_b32 s7, s7, 0xffff
	s_mul_i32 s8, s8, s7
	v_add_i32_e32 v0, vcc, s8, v0
	v_mov_b32_e32 v1, s5
	v_add_i32_e32 v0, vcc, s4, v0
	v_addc_u32_e32 v1, vcc, 0, v1, vcc
	v_lshl_b64 v[2:3], v[0:1], 2
	v_mov_b32_e32 v4, s13
	v_add_i32_e32 v2, vcc, s12, v2
	v_addc_u32_e32 v3, vcc, v4, v3, vcc
	flat_load_dword v4, v[2:3]
	v_mov_b32_e32 v5, 0
	buffer_store_dword v5, off, s[0:3], 0 offset:4
	buffer_store_dword v5, off, s[0:3], 0
	s_cmp_lt_i32 s6, 1
	s_waitcnt vmcnt(2)
	v_ashrrev_i32_e32 v5, 31, v4
	v_add_i32_e32 v4, vcc, 0, v4
	v_addc_u32_e32 v5, vcc, -2, v5, vcc
	v_mad_u64_u32 v[6:7], s[4:5], v4, 3, 0
	v_mad_u64_u32 v[8:9], s[4:5], v4, 5, 0
	v_lshl_b64 v[16:17], v[4:5], 1
	buffer_store_dword v4, off, s[0:3], 0 offset:8
	v_lshl_b64 v[18:19], v[4:5], 2
	buffer_store_dword v17, off, s[0:3], 0 offset:20
	buffer_store_dword v16, off, s[0:3], 0 offset:16
	v_lshl_b64 v[16:17], v[4:5], 3
	v_mad_u64_u32 v[10:11], s[4:5], v4, 6, 0
	v_mad_u64_u32 v[12:13], s[4:5], v4, 7, 0
	v_mad_u64_u32 v[14:15], s[4:5], v4, 9, 0
	buffer_store_dword v19, off, s[0:3], 0 offset:36
	buffer_store_dword v18, off, s[0:3], 0 offset:32
	buffer_store_dword v17, off, s[0:3], 0 offset:68
	buffer_store_dword v16, off, s[0:3], 0 offset:64
	v_mad_u64_u32 v[16:17], s[4:5], v4, 11, 0
	buffer_store_dword v6, off, s[0:3], 0 offset:24
	v_mad_i32_i24 v20, v5, 3, v7
	v_mad_i32_i24 v21, v5, 5, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:40
	v_mad_u64_u32 v[6:7], s[4:5], v4, 12, 0
	v_mad_u64_u32 v[8:9], s[4:5], v4, 13, 0
	v_mad_u64_u32 v[18:19], s[4:5], v4, 10, 0
	buffer_store_dword v10, off, s[0:3], 0 offset:48
	v_mad_i32_i24 v22, v5, 6, v11
	buffer_store_dword v12, off, s[0:3], 0 offset:56
	v_mad_i32_i24 v12, v5, 9, v15
	v_mad_u64_u32 v[10:11], s[4:5], v4, 14, 0
	buffer_store_dword v16, off, s[0:3], 0 offset:88
	v_mad_i32_i24 v15, v5, 11, v17
	v_mad_i32_i24 v16, v5, 12, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:96
	v_mad_u64_u32 v[6:7], s[4:5], v4, 15, 0
	buffer_store_dword v8, off, s[0:3], 0 offset:104
	v_mad_i32_i24 v17, v5, 13, v9
	v_mad_u64_u32 v[8:9], s[4:5], v4, 17, 0
	buffer_store_dword v14, off, s[0:3], 0 offset:72
	buffer_store_dword v18, off, s[0:3], 0 offset:80
	buffer_store_dword v10, off, s[0:3], 0 offset:112
	buffer_store_dword v5, off, s[0:3], 0 offset:12
	buffer_store_dword v6, off, s[0:3], 0 offset:120
	v_mad_i32_i24 v10, v5, 15, v7
	v_lshl_b64 v[6:7], v[4:5], 4
	v_mad_i32_i24 v9, v5, 17, v9
	v_mad_i32_i24 v13, v5, 7, v13
	v_mad_i32_i24 v14, v5, 10, v19
	v_mad_i32_i24 v11, v5, 14, v11
	buffer_store_dword v20, off, s[0:3], 0 offset:28
	buffer_store_dword v21, off, s[0:3], 0 offset:44
	buffer_store_dword v22, off, s[0:3], 0 offset:52
	buffer_store_dword v13, off, s[0:3], 0 offset:60
	buffer_store_dword v12, off, s[0:3], 0 offset:76
	buffer_store_dword v14, off, s[0:3], 0 offset:84
	buffer_store_dword v15, off, s[0:3], 0 offset:92
	buffer_store_dword v16, off, s[0:3], 0 offset:100
	buffer_store_dword v17, off, s[0:3], 0 offset:108
	buffer_store_dword v11, off, s[0:3], 0 offset:116
	buffer_store_dword v10, off, s[0:3], 0 offset:124
	buffer_store_dword v7, off, s[0:3], 0 offset:132
	buffer_store_dword v6, off, s[0:3], 0 offset:128
	buffer_store_dword v8, off, s[0:3], 0 offset:136
	v_mad_u64_u32 v[6:7], s[4:5], v4, 18, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:140
	v_mad_u64_u32 v[8:9], s[4:5], v4, 19, 0
	v_mad_i32_i24 v7, v5, 18, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:144
	buffer_store_dword v7, off, s[0:3], 0 offset:148
	v_mad_i32_i24 v9, v5, 19, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:152
	v_mad_u64_u32 v[6:7], s[4:5], v4, 20, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:156
	v_mad_u64_u32 v[8:9], s[4:5], v4, 21, 0
	v_mad_i32_i24 v7, v5, 20, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:160
	buffer_store_dword v7, off, s[0:3], 0 offset:164
	v_mad_i32_i24 v9, v5, 21, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:168
	v_mad_u64_u32 v[6:7], s[4:5], v4, 22, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:172
	v_mad_u64_u32 v[8:9], s[4:5], v4, 23, 0
	v_mad_i32_i24 v7, v5, 22, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:176
	buffer_store_dword v7, off, s[0:3], 0 offset:180
	v_mad_i32_i24 v9, v5, 23, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:184
	v_mad_u64_u32 v[6:7], s[4:5], v4, 24, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:188
	v_mad_u64_u32 v[8:9], s[4:5], v4, 25, 0
	v_mad_i32_i24 v7, v5, 24, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:192
	buffer_store_dword v7, off, s[0:3], 0 offset:196
	v_mad_i32_i24 v9, v5, 25, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:200
	v_mad_u64_u32 v[6:7], s[4:5], v4, 26, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:204
	v_mad_u64_u32 v[8:9], s[4:5], v4, 27, 0
	v_mad_i32_i24 v7, v5, 26, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:208
	buffer_store_dword v7, off, s[0:3], 0 offset:212
	v_mad_i32_i24 v9, v5, 27, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:216
	v_mad_u64_u32 v[6:7], s[4:5], v4, 28, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:220
	v_mad_u64_u32 v[8:9], s[4:5], v4, 29, 0
	v_mad_i32_i24 v7, v5, 28, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:224
	buffer_store_dword v7, off, s[0:3], 0 offset:228
	v_mad_i32_i24 v9, v5, 29, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:232
	v_mad_u64_u32 v[6:7], s[4:5], v4, 30, 0
	buffer_store_dword v9, off, s[0:3], 0 offset:236
	v_mad_u64_u32 v[8:9], s[4:5], v4, 31, 0
	v_mad_i32_i24 v7, v5, 30, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:240
	buffer_store_dword v7, off, s[0:3], 0 offset:244
	v_mad_i32_i24 v10, v5, 31, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:248
	v_mad_u64_u32 v[8:9], s[4:5], v4, 33, 0
	v_lshl_b64 v[6:7], v[4:5], 5
	buffer_store_dword v10, off, s[0:3], 0 offset:252
	buffer_store_dword v7, off, s[0:3], 0 offset:260
	buffer_store_dword v6, off, s[0:3], 0 offset:256
	v_mad_i32_i24 v9, v5, 33, v9
	v_mad_u64_u32 v[6:7], s[4:5], v4, 34, 0
	buffer_store_dword v8, off, s[0:3], 0 offset:264
	buffer_store_dword v9, off, s[0:3], 0 offset:268
	v_mad_u64_u32 v[8:9], s[4:5], v4, 35, 0
	v_mad_i32_i24 v7, v5, 34, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:272
	buffer_store_dword v7, off, s[0:3], 0 offset:276
	v_mad_i32_i24 v9, v5, 35, v9
	v_mad_u64_u32 v[6:7], s[4:5], v4, 36, 0
	buffer_store_dword v8, off, s[0:3], 0 offset:280
	buffer_store_dword v9, off, s[0:3], 0 offset:284
	v_mad_u64_u32 v[8:9], s[4:5], v4, 37, 0
	v_mad_i32_i24 v7, v5, 36, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:288
	buffer_store_dword v7, off, s[0:3], 0 offset:292
	v_mad_i32_i24 v9, v5, 37, v9
	v_mad_u64_u32 v[6:7], s[4:5], v4, 38, 0
	buffer_store_dword v8, off, s[0:3], 0 offset:296
	buffer_store_dword v9, off, s[0:3], 0 offset:300
	v_mad_u64_u32 v[8:9], s[4:5], v4, 39, 0
	v_mad_i32_i24 v4, v5, 38, v7
	buffer_store_dword v6, off, s[0:3], 0 offset:304
	buffer_store_dword v4, off, s[0:3], 0 offset:308
	v_mad_i32_i24 v4, v5, 39, v9
	buffer_store_dword v8, off, s[0:3], 0 offset:312
	buffer_store_dword v4, off, s[0:3], 0 offset:316
	s_cbranch_scc1 .LBB13_3
; %bb.1:
	flat_load_dword v4, v[2:3]
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	s_mov_b32 s4, 0x66666667
.LBB13_2:                               ; =>This Inner Loop Header: Depth=1
	s_waitcnt vmcnt(0)
	v_mul_hi_i32 v5, v4, s4
	s_add_i32 s6, s6, -1
	s_cmp_eq_u32 s6, 0
	v_lshrrev_b32_e32 v6, 31, v5
	v_ashrrev_i32_e32 v5, 4, v5
	v_add_i32_e32 v5, vcc, v5, v6
	v_mul_lo_u32 v5, v5, 40
	v_sub_i32_e32 v5, vcc, v4, v5
	v_lshlrev_b32_e32 v5, 3, v5
	v_add_i32_e32 v5, vcc, 0, v5
	buffer_load_dword v6, v5, s[0:3], 0 offen
	v_or_b32_e32 v5, 4, v5
	buffer_load_dword v5, v5, s[0:3], 0 offen
	v_add_i32_e32 v4, vcc, 7, v4
	s_waitcnt vmcnt(1)
	v_add_i32_e32 v2, vcc, v6, v2
	s_waitcnt vmcnt(0)
	v_addc_u32_e32 v3, vcc, v5, v3, vcc
	s_cbranch_scc0 .LBB13_2
	s_branch .LBB13_4
.LBB13_3:
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
.LBB13_4:
	v_lshl_b64 v[0:1], v[0:1], 3
	v_mov_b32_e32 v4, s15
	v_add_i32_e32 v0, vcc, s14, v0
	v_addc_u32_e32 v1, vcc, v4, v1, vcc
	flat_store_dwordx2 v[0:1], v[2:3]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel private_array
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 328
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 23
		.amdhsa_next_free_sgpr 16
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 1
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
.Lfunc_end13:
	.size	private_array, .Lfunc_end13-private_array
                                        ; -- End function
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 1496
; NumSgprs: 20
; NumVgprs: 23
; ScratchSize: 328
; MemoryBound: 1
; FloatMode: 192
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 20
; NumVGPRsForWavesPerEU: 23
; Occupancy: 10
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
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
      - .offset:         0
        .size:           4
        .type_name:      float
        .value_kind:     by_value
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
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           saxpy
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         saxpy.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         36
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         40
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         44
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         46
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         48
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         50
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         52
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         54
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         88
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         96
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         224
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         228
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 288
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           matmul
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         matmul.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  local
        .offset:         16
        .pointee_align:  4
        .size:           4
        .type_name:      'int*'
        .value_kind:     dynamic_shared_pointer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         144
        .size:           4
        .value_kind:     hidden_dynamic_lds_size
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           reduce_atomic
    .private_segment_fixed_size: 0
    .sgpr_count:     13
    .sgpr_spill_count: 0
    .symbol:         reduce_atomic.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         208
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         212
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           scan
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         scan.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'uchar*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      uint
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           histogram
    .private_segment_fixed_size: 0
    .sgpr_count:     15
    .sgpr_spill_count: 0
    .symbol:         histogram.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'double*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'double*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'double*'
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           fp64
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         fp64.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'half*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'half*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'half*'
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           fp16
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         fp16.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'ulong*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'ulong*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'ulong*'
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           int64
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         int64.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     17
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'uint*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         20
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         30
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         32
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         34
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         36
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         38
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         80
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         208
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         212
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 272
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           collatz
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         collatz.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'char*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'short*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         24
        .size:           8
        .type_name:      'uchar*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         32
        .size:           8
        .type_name:      'short*'
        .value_kind:     global_buffer
      - .offset:         40
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         44
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         48
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         52
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         54
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         56
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         58
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         60
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         62
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         88
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         96
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         104
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         232
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         236
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 296
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           bytes
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         bytes.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     13
    .vgpr_spill_count: 0
    .wavefront_size: 64
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
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           fdiv
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         fdiv.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_const:       true
        .offset:         8
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           idiv
    .private_segment_fixed_size: 0
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         idiv.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     13
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         12
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         20
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         22
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         24
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         26
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         28
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         30
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         48
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         72
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         200
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         204
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 264
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           grid2d
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         grid2d.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
      - .address_space:  global
        .is_const:       true
        .offset:         0
        .size:           8
        .type_name:      'int*'
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .type_name:      'long*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      int
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         216
        .size:           4
        .value_kind:     hidden_private_base
      - .offset:         220
        .size:           4
        .value_kind:     hidden_shared_base
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           private_array
    .private_segment_fixed_size: 328
    .sgpr_count:     20
    .sgpr_spill_count: 0
    .symbol:         private_array.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     23
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx700
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
