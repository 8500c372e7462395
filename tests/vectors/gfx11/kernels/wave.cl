// Subgroup (wave) operations, half and packed math, integer and 64-bit work.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void crosslane(__global int* a, __global float* f) {
  int i = get_global_id(0);
  int x = a[i];
  x += __builtin_amdgcn_update_dpp(0, x, 0x111, 0xf, 0xf, false);
  x += __builtin_amdgcn_mov_dpp(x, 0x1b, 0xf, 0xf, true);
  x += __builtin_amdgcn_ds_swizzle(x, 0x041f);
  x += __builtin_amdgcn_permlanex16(x, x, 0x76543210, 0xfedcba98, false, false);
  x += __builtin_amdgcn_readfirstlane(x) + __builtin_amdgcn_readlane(x, 7);
  a[i] = x + __builtin_amdgcn_mbcnt_lo(~0u, 0);
  f[i] = __builtin_amdgcn_rcpf(f[i]) + __builtin_amdgcn_fractf(f[i]) + __builtin_amdgcn_frexp_mantf(f[i]);
}
__kernel void halfs(__global half* h, __global half2* h2, __global short* s) {
  int i = get_global_id(0);
  h[i] = fma(h[i], (half)2.5, (half)1.0) / h[i+1];
  h2[i] = h2[i] * h2[i+1] + (half2)(0.5, -1.0);
  s[i] = (short)(s[i] * s[i+1]) >> 3;
}
__kernel void ints(__global long* l, __global uint* u, __global uchar4* c) {
  int i = get_global_id(0);
  l[i] = l[i] / (l[i+1] | 1) + (l[i] << 7);
  u[i] = popcount(u[i]) + clz(u[i]) + rotate(u[i], 5u) + mul_hi(u[i], u[i+1]) + mad24(u[i], 3u, 4u);
  c[i] = abs_diff(c[i], c[i+1]) + convert_uchar4_sat(convert_int4(c[i]) * 3);
}
__kernel void atomics(__global int* a, __global float* f, volatile __local int* l) {
  int i = get_global_id(0);
  atomic_max(a, i); atomic_xchg(a + 1, i); atomic_cmpxchg(a + 2, i, 0);
  atomic_add(l, 1); barrier(CLK_LOCAL_MEM_FENCE);
  f[i] = native_exp(f[i]) + native_log(f[i]) + rsqrt(f[i]) + floor(f[i]) + fmin(f[i], 1.0f);
  a[i + 3] = *l;
}
