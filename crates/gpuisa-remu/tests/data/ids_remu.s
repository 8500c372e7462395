// Wave-start registers of a 2-D dispatch in remu's convention (gfx1100, wave32, 8x4 work-items):
// s[0:1] = kernel arguments (out: u64, nx: u32), s14 = work-group id x, s15 = id y,
// v0 = x | y << 10. Work-item t = y * 8 + x of group (gx, gy) writes the pair
// (v0, gx | gy << 16) at out[((gy * nx + gx) * 32 + t) * 2].
  s_load_b64 s[4:5], s[0:1], 0x0
  s_load_b32 s6, s[0:1], 0x8
  s_waitcnt lgkmcnt(0)
  v_and_b32 v1, 0x3ff, v0
  v_lshrrev_b32 v2, 10, v0
  v_lshl_add_u32 v1, v2, 3, v1
  s_mul_i32 s7, s15, s6
  s_add_u32 s7, s7, s14
  s_lshl_b32 s7, s7, 5
  v_add_nc_u32 v1, s7, v1
  v_lshlrev_b32 v1, 3, v1
  s_lshl_b32 s8, s15, 16
  s_or_b32 s8, s8, s14
  v_mov_b32 v4, v0
  v_mov_b32 v5, s8
  global_store_b64 v1, v[4:5], s[4:5]
  s_endpgm
