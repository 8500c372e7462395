// Hand-written: every .amdhsa_kernel field llvm-mc-19 takes for gfx11, none at its default.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl k3
	.p2align 8
	.type k3,@function
k3:
	s_endpgm
	.rodata
	.p2align 6
	.amdhsa_kernel k3
		.amdhsa_group_segment_fixed_size 65536
		.amdhsa_private_segment_fixed_size 16
		.amdhsa_kernarg_size 300
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_private_segment_size 1
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 0
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 1
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 77
		.amdhsa_next_free_sgpr 30
		.amdhsa_reserve_vcc 0
		.amdhsa_float_round_mode_32 3
		.amdhsa_float_round_mode_16_64 1
		.amdhsa_float_denorm_mode_32 1
		.amdhsa_float_denorm_mode_16_64 2
		.amdhsa_dx10_clamp 0
		.amdhsa_ieee_mode 0
		.amdhsa_fp16_overflow 1
		.amdhsa_workgroup_processor_mode 0
		.amdhsa_memory_ordered 0
		.amdhsa_forward_progress 1
		.amdhsa_shared_vgpr_count 0
		.amdhsa_exception_fp_ieee_invalid_op 1
		.amdhsa_exception_fp_denorm_src 1
		.amdhsa_exception_fp_ieee_div_zero 1
		.amdhsa_exception_fp_ieee_overflow 1
		.amdhsa_exception_fp_ieee_underflow 1
		.amdhsa_exception_fp_ieee_inexact 1
		.amdhsa_exception_int_div_zero 1
	.end_amdhsa_kernel
