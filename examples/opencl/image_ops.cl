// Image reads and writes (MIMG), half conversions and integer bit tricks.
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst) {
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 s = read_imagef(src, smp, p) * 0.5f + read_imagef(src, smp, p + (int2)(1, 0)) * 0.25f
             + read_imagef(src, smp, p - (int2)(1, 0)) * 0.25f;
    write_imagef(dst, p, s);
}
__kernel void bits(__global uint *x, __global half *h) {
    size_t i = get_global_id(0);
    uint v = x[i];
    x[i] = popcount(v) + clz(v) + rotate(v, 7u) + mul24(v, v) + mad_hi(v, v, 3u);
    vstore_half(vload_half(i, h) * 2.0f, i, h);
}
