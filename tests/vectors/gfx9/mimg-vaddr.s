image_load v[0:3], v4, s[8:15] dmask:0xf
image_load v[0:3], v[4:5], s[8:15] dmask:0xf
image_load v[0:3], v[4:6], s[8:15] dmask:0xf
image_load v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_mip v[0:3], v4, s[8:15] dmask:0xf
image_load_mip v[0:3], v[4:5], s[8:15] dmask:0xf
image_load_mip v[0:3], v[4:6], s[8:15] dmask:0xf
image_load_mip v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_pck v[0:3], v4, s[8:15] dmask:0xf
image_load_pck v[0:3], v[4:5], s[8:15] dmask:0xf
image_load_pck v[0:3], v[4:6], s[8:15] dmask:0xf
image_load_pck v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_pck_sgn v[0:3], v4, s[8:15] dmask:0xf
image_load_pck_sgn v[0:3], v[4:5], s[8:15] dmask:0xf
image_load_pck_sgn v[0:3], v[4:6], s[8:15] dmask:0xf
image_load_pck_sgn v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_mip_pck v[0:3], v4, s[8:15] dmask:0xf
image_load_mip_pck v[0:3], v[4:5], s[8:15] dmask:0xf
image_load_mip_pck v[0:3], v[4:6], s[8:15] dmask:0xf
image_load_mip_pck v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_mip_pck_sgn v[0:3], v4, s[8:15] dmask:0xf
image_load_mip_pck_sgn v[0:3], v[4:5], s[8:15] dmask:0xf
image_load_mip_pck_sgn v[0:3], v[4:6], s[8:15] dmask:0xf
image_load_mip_pck_sgn v[0:3], v[4:7], s[8:15] dmask:0xf
image_store v[0:3], v4, s[8:15] dmask:0xf unorm
image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm
image_store v[0:3], v[4:6], s[8:15] dmask:0xf unorm
image_store v[0:3], v[4:7], s[8:15] dmask:0xf unorm
image_store_mip v[0:3], v4, s[8:15] dmask:0xf unorm
image_store_mip v[0:3], v[4:5], s[8:15] dmask:0xf unorm
image_store_mip v[0:3], v[4:6], s[8:15] dmask:0xf unorm
image_store_mip v[0:3], v[4:7], s[8:15] dmask:0xf unorm
image_store_pck v[0:3], v4, s[8:15] dmask:0xf unorm
image_store_pck v[0:3], v[4:5], s[8:15] dmask:0xf unorm
image_store_pck v[0:3], v[4:6], s[8:15] dmask:0xf unorm
image_store_pck v[0:3], v[4:7], s[8:15] dmask:0xf unorm
image_store_mip_pck v[0:3], v4, s[8:15] dmask:0xf unorm
image_store_mip_pck v[0:3], v[4:5], s[8:15] dmask:0xf unorm
image_store_mip_pck v[0:3], v[4:6], s[8:15] dmask:0xf unorm
image_store_mip_pck v[0:3], v[4:7], s[8:15] dmask:0xf unorm
image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf
image_get_resinfo v[0:3], v[4:5], s[8:15] dmask:0xf
image_get_resinfo v[0:3], v[4:6], s[8:15] dmask:0xf
image_get_resinfo v[0:3], v[4:7], s[8:15] dmask:0xf
image_atomic_swap v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_swap v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_swap v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_swap v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_cmpswap v[0:1], v4, s[8:15] dmask:0x3 unorm glc
image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 unorm glc
image_atomic_cmpswap v[0:1], v[4:6], s[8:15] dmask:0x3 unorm glc
image_atomic_cmpswap v[0:1], v[4:7], s[8:15] dmask:0x3 unorm glc
image_atomic_add v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_add v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_add v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_sub v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_sub v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_sub v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_sub v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_smin v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_smin v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_smin v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_smin v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_umin v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_umin v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_umin v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_umin v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_smax v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_smax v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_smax v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_smax v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_umax v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_umax v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_umax v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_umax v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_and v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_and v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_and v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_and v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_or v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_or v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_or v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_or v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_xor v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_xor v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_xor v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_xor v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_inc v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_inc v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_inc v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_inc v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_atomic_dec v0, v4, s[8:15] dmask:0x1 unorm glc
image_atomic_dec v0, v[4:5], s[8:15] dmask:0x1 unorm glc
image_atomic_dec v0, v[4:6], s[8:15] dmask:0x1 unorm glc
image_atomic_dec v0, v[4:7], s[8:15] dmask:0x1 unorm glc
image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf
image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cl v[0:3], v4, s[8:15], s[16:19] dmask:0xf
image_sample_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_d v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_l v[0:3], v4, s[8:15], s[16:19] dmask:0xf
image_sample_l v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_b v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_b v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_b v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_lz v[0:3], v4, s[8:15], s[16:19] dmask:0xf
image_sample_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_lz v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_c v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_d v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_c_l v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_c_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_l v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_l v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_b v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_b v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_b v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_b v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cl_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_d_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_d_cl_o v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_l_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_l_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_l_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_l_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_l_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_b_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_b_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_b_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_b_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_lz_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_lz_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_o v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:15], s[8:15], s[16:19] dmask:0xf
image_sample_c_l_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_l_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_l_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_l_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_l_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_b_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_lz_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4 v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4 v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_cl v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4h v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4h v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4h v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4h v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_l v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_l v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_b v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_b v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_b v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_lz v[0:3], v4, s[8:15], s[16:19] dmask:0x1
image_gather4_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_lz v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:9], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_cl_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_l_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_l_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_l_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_l_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_l_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_b_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_b_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_b_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_b_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0x1
image_gather4_b_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_lz_o v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
image_gather4_lz_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0x1
image_gather4_c_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0x1
image_gather4_c_l_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0x1
image_gather4_c_lz_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x1
image_get_lod v[0:3], v4, s[8:15], s[16:19] dmask:0xf
image_get_lod v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_get_lod v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_get_lod v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_cd v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_cd_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_cd_cl_o v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_o v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:12], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:13], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:14], s[8:15], s[16:19] dmask:0xf
image_sample_c_cd_cl_o v[0:3], v[4:15], s[8:15], s[16:19] dmask:0xf
