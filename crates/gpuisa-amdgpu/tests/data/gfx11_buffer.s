buffer_load_b32 v1, v0, s[8:11], 0 offen
buffer_load_b128 v[4:7], v0, s[8:11], s12 offen offset:8
buffer_load_b64 v[4:5], v0, s[8:11], null offen
buffer_load_b96 v[4:6], v0, s[8:11], 0 offen
buffer_load_i8 v1, v0, s[8:11], 0 offen
buffer_load_u8 v1, v0, s[8:11], 0 offen
buffer_load_i16 v1, v0, s[8:11], 0 offen
buffer_load_u16 v1, v0, s[8:11], 0 offen
buffer_load_d16_u8 v1, v0, s[8:11], 0 offen
buffer_load_d16_hi_b16 v1, v0, s[8:11], 0 offen
buffer_load_d16_hi_i8 v1, v0, s[8:11], 0 offen
buffer_store_b32 v1, v0, s[8:11], 0 offen
buffer_store_b64 v[4:5], v0, s[8:11], 0 offen offset:4
buffer_store_b8 v1, v0, s[8:11], 0 offen
buffer_store_d16_hi_b16 v1, v0, s[8:11], 0 offen
buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:4
buffer_load_b32 v1, v0, s[8:11], 0 idxen offset:8
buffer_load_b32 v1, v[2:3], s[8:11], 0 idxen offen
buffer_load_b32 v1, off, s[8:11], 0
buffer_atomic_add_u32 v1, v0, s[8:11], 0 offen glc
buffer_atomic_add_u32 v1, v0, s[8:11], 0 offen
buffer_atomic_cmpswap_b32 v[2:3], v0, s[8:11], 0 offen glc
buffer_atomic_max_i64 v[2:3], v0, s[8:11], 0 offen glc
buffer_atomic_sub_u32 v1, v0, s[8:11], 0 offen offset:4
tbuffer_load_format_xyzw v[4:7], v0, s[8:11], 0 format:[BUF_FMT_8_8_8_8_UNORM] offen
buffer_load_format_xy v[4:5], v0, s[8:11], 0 offen
tbuffer_store_format_xy v[4:5], v0, s[8:11], 0 format:[BUF_FMT_16_16_UINT] offen
buffer_load_d16_format_xy v4, v0, s[8:11], 0 offen
tbuffer_load_format_x v4, v0, s[8:11], 0 format:[BUF_FMT_32_FLOAT] offen
buffer_gl0_inv
buffer_atomic_add_f32 v1, v0, s[8:11], 0 offen
buffer_atomic_csub_u32 v1, v0, s[8:11], 0 offen glc
buffer_load_lds_b32 off, s[8:11], 0
buffer_store_b128 v[4:7], v0, s[8:11], 0 offen
