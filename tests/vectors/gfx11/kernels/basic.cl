__kernel void saxpy(__global float* y, __global const float* x, float a, int n) {
  int i = get_global_id(0);
  if (i < n) y[i] = a * x[i] + y[i];
}
__kernel void reduce(__global const float* in, __global float* out, __local float* tmp) {
  int l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0)/2; s > 0; s >>= 1) { if (l < s) tmp[l] += tmp[l+s]; barrier(CLK_LOCAL_MEM_FENCE); }
  if (l == 0) out[get_group_id(0)] = tmp[0];
}
__kernel void img(read_only image2d_t im, sampler_t s, __global float4* o) {
  int i = get_global_id(0);
  o[i] = read_imagef(im, s, (float2)(i, 0.5f)) + sqrt((float)i) + sin((float)i);
}
__kernel void dbl(__global double* d, __global long* l, int n) {
  int i = get_global_id(0);
  d[i] = d[i] / (double)n + fma(d[i], 2.0, 1.0); l[i] = l[i] * 3 + atomic_add((__global int*)l, 1);
}
