// saxpy in remu's wave-start convention (gfx1100, wave32): s[0:1] = kernel arguments,
// s15 = work-group id x, v0 = local id x. Arguments: x (u64), y (u64), a (f32), block (u32), n (u32).
// y[i] = a * x[i] + y[i] for i = s15 * block + v0 < n.
  s_load_b256 s[4:11], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  s_mul_i32 s12, s15, s9
  v_add_nc_u32 v1, s12, v0
  v_cmp_gt_u32 vcc_lo, s10, v1
  s_and_saveexec_b32 s13, vcc_lo
  s_cbranch_execz .Lend
  v_lshlrev_b32 v1, 2, v1
  global_load_b32 v2, v1, s[4:5]
  global_load_b32 v3, v1, s[6:7]
  s_waitcnt vmcnt(0)
  v_fmac_f32 v3, s8, v2
  global_store_b32 v1, v3, s[6:7]
.Lend:
  s_endpgm
