// Example kernel for `gpuisa time` / `gpuisa occupancy`: a strided sum of squares, then a
// work-group tree reduction through LDS. Built for gfx900 with clang-19 and no device library,
// so work-item ids come from the AMDGPU builtins (see docs/timing.md for the commands).
__kernel void reduce_sum(__global const float *in, __global float *out, int n, int stride) {
    __local float tile[256];
    int lid = __builtin_amdgcn_workitem_id_x();
    int grp = __builtin_amdgcn_workgroup_id_x();
    int gid = grp * 256 + lid;
    float acc = 0.0f;
    for (int i = gid; i < n; i += stride)
        acc += in[i] * in[i];
    tile[lid] = acc;
    __builtin_amdgcn_s_barrier();
    for (int s = 128; s > 0; s >>= 1) {
        if (lid < s)
            tile[lid] += tile[lid + s];
        __builtin_amdgcn_s_barrier();
    }
    if (lid == 0)
        out[grp] = sqrt(tile[0]);
}
