// Hand-written gfx11 image code for the AMD emulator (docs/images.md): assembled by
// scripts/amd-emu-kernels.sh with llvm-mc-19 and linked with ld.lld-19 into
// tests/kernels/gfx1100/images.co. One wave32 work-group of 4x4 work-items (x, y):
//   dst(x, y)   = 2 * src(x, y)                      image_load / image_store (2D, unorm)
//   out[y*4+x]  = sample(src, S#, (0.25x + 0.2, 0.25y + 0.05))   image_sample_lz, NSA address
//   counter(x) += y + 1                               image_atomic_add (1D, r32uint)
//   info[0..4]  = get_resinfo(src, mip 0)             image_get_resinfo (work-item 0)
// Arguments: src image2d_t, dst image2d_t, sampler, float4 *out, image1d_t counter, int *info.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.text
	.globl img11
	.p2align 8
	.type img11,@function
img11:
	s_load_b256 s[4:11], s[0:1], 0x0        // src, dst, sampler, out pointers
	s_load_b128 s[12:15], s[0:1], 0x20      // counter image, info pointers
	v_and_b32 v1, 0x3ff, v0                 // x
	v_bfe_u32 v2, v0, 10, 10                // y
	s_waitcnt lgkmcnt(0)
	s_load_b256 s[16:23], s[4:5], 0x0       // src T#
	s_load_b256 s[24:31], s[6:7], 0x0       // dst T#
	s_load_b128 s[32:35], s[8:9], 0x0       // S#
	s_load_b256 s[36:43], s[12:13], 0x0     // counter T#
	v_cvt_f32_u32 v8, v1
	v_cvt_f32_u32 v20, v2
	v_mul_f32 v8, 0.25, v8
	v_mul_f32 v20, 0.25, v20
	v_add_f32 v8, 0x3e4ccccd, v8            // + 0.2
	v_add_f32 v20, 0x3d4ccccd, v20          // + 0.05
	s_waitcnt lgkmcnt(0)
	image_load v[4:7], v[1:2], s[16:23] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
	image_sample_lz v[10:13], [v8, v20], s[16:23], s[32:35] dmask:0xf dim:SQ_RSRC_IMG_2D
	v_add_nc_u32 v14, 1, v2
	image_atomic_add v14, v1, s[36:43] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm
	s_waitcnt vmcnt(0)
	v_add_f32 v4, v4, v4
	v_add_f32 v5, v5, v5
	v_add_f32 v6, v6, v6
	v_add_f32 v7, v7, v7
	image_store v[4:7], v[1:2], s[24:31] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
	v_lshl_add_u32 v3, v2, 2, v1            // y * 4 + x
	v_lshlrev_b32 v3, 4, v3
	global_store_b128 v3, v[10:13], s[10:11]
	v_cmp_eq_u32 vcc_lo, 0, v0
	s_and_saveexec_b32 s44, vcc_lo
	v_mov_b32 v15, 0
	image_get_resinfo v[16:19], v15, s[16:23] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
	s_waitcnt vmcnt(0)
	global_store_b128 v15, v[16:19], s[14:15]
	s_endpgm
.Lfunc_end0:
	.size img11, .Lfunc_end0-img11

	.rodata
	.p2align 6
	.amdhsa_kernel img11
		.amdhsa_kernarg_size 48
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 24
		.amdhsa_next_free_sgpr 48
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - { .access: read_only, .offset: 0, .size: 8, .type_name: image2d_t, .value_kind: image }
      - { .access: write_only, .offset: 8, .size: 8, .type_name: image2d_t, .value_kind: image }
      - { .offset: 16, .size: 8, .type_name: sampler_t, .value_kind: sampler }
      - { .address_space: global, .offset: 24, .size: 8, .value_kind: global_buffer }
      - { .access: read_write, .offset: 32, .size: 8, .type_name: image1d_t, .value_kind: image }
      - { .address_space: global, .offset: 40, .size: 8, .value_kind: global_buffer }
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 48
    .max_flat_workgroup_size: 256
    .name: img11
    .private_segment_fixed_size: 0
    .sgpr_count: 48
    .symbol: img11.kd
    .vgpr_count: 24
    .wavefront_size: 32
amdhsa.target: amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
