// Kernels for the AMD emulator tests (crates/gpuisa-amdgpu/tests/emu_kernels.rs): compiled by
// scripts/amd-emu-kernels.sh with clang-19 and Debian's rocm-device-libs for gfx600, gfx700,
// gfx803, gfx900 and gfx906; each output is checked against a CPU reference in the test.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#include "gfx11-prelude.h"

__kernel void saxpy(float a, __global const float *x, __global float *y) {
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}

// C = A * B for n x n matrices (n a multiple of 16), 16x16 tiles in LDS.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C, int n) {
    __local float ta[16][16], tb[16][16];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < n; t += 16) {
        ta[ty][tx] = A[row * n + t + tx];
        tb[ty][tx] = B[(t + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < 16; k++)
            acc = fma(ta[ty][k], tb[k][tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * n + col] = acc;
}

// Sum of all inputs: a tree in LDS per work-group, then one atomic add per group.
__kernel void reduce_atomic(__global const int *in, __global int *out, __local int *tmp) {
    size_t l = get_local_id(0);
    tmp[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            tmp[l] += tmp[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        atomic_add(out, tmp[0]);
}

// Inclusive prefix sum within each work-group (Hillis-Steele in LDS).
__kernel void scan(__global const uint *in, __global uint *out) {
    __local uint buf[256];
    uint l = get_local_id(0), n = get_local_size(0);
    buf[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < n; d <<= 1) {
        uint v = l >= d ? buf[l - d] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = buf[l];
}

// 64-bin histogram of bytes: local atomics, then global atomics.
__kernel void histogram(__global const uchar *data, __global uint *hist, uint n) {
    __local uint h[64];
    uint l = get_local_id(0);
    if (l < 64)
        h[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&h[data[i] & 63]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 64)
        atomic_add(&hist[l], h[l]);
}

// Double precision: products, division, square root.
__kernel void fp64(__global const double *a, __global const double *b, __global double *out) {
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    out[3 * i] = x * y + 0.5;
    out[3 * i + 1] = x / y;
    out[3 * i + 2] = sqrt(x);
}

// Half precision arithmetic (results rounded to half).
__kernel void fp16(__global const half *a, __global const half *b, __global half *out) {
    size_t i = get_global_id(0);
    half x = a[i], y = b[i];
    out[2 * i] = x * y + x;
    out[2 * i + 1] = max(x, y) - min(x, y);
}

// 64-bit integers: multiply, divide, remainder, shifts.
__kernel void int64(__global const ulong *a, __global const ulong *b, __global ulong *out) {
    size_t i = get_global_id(0);
    ulong x = a[i], y = b[i] | 1;
    out[4 * i] = x * y;
    out[4 * i + 1] = x / y;
    out[4 * i + 2] = x % y;
    out[4 * i + 3] = (x >> (y & 63)) ^ ((long)x >> 7);
}

// A divergent loop: Collatz steps (capped).
__kernel void collatz(__global const uint *in, __global uint *out) {
    size_t i = get_global_id(0);
    uint x = in[i], s = 0;
    while (x != 1 && s < 1000) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        s++;
    }
    out[i] = s;
}

// Byte and short loads and stores, sign and zero extension.
__kernel void bytes(__global const char *c, __global const short *s, __global int *out, __global uchar *ob, __global short *os) {
    size_t i = get_global_id(0);
    out[i] = (int)c[i] * 3 + s[i];
    ob[i] = (uchar)(c[i] + 1);
    os[i] = (short)(s[i] * 2);
}

// Single-precision division and square root (OpenCL's default accuracy).
__kernel void fdiv(__global const float *a, __global const float *b, __global float *out) {
    size_t i = get_global_id(0);
    out[2 * i] = a[i] / b[i];
    out[2 * i + 1] = sqrt(a[i]);
}

// Integer division and remainder (32 bit), signed and unsigned.
__kernel void idiv(__global const int *a, __global const int *b, __global int *out) {
    size_t i = get_global_id(0);
    int x = a[i], y = b[i] == 0 ? 1 : b[i];
    out[4 * i] = x / y;
    out[4 * i + 1] = x % y;
    out[4 * i + 2] = (int)((uint)x / (uint)y);
    out[4 * i + 3] = (int)((uint)x % (uint)y);
}

// Two-dimensional grid: out[y][x] = x * 1000 + y + group ids.
__kernel void grid2d(__global int *out) {
    size_t x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
    out[y * w + x] = (int)(x * 1000 + y) + (int)get_group_id(0) * 7 + (int)get_group_id(1) * 13;
}

// A private array indexed at run time: lives in scratch (private segment buffer on GCN,
// architected flat scratch on gfx11), 64-bit values included.
__kernel void private_array(__global const int *in, __global long *out, int n) {
    long tmp[40];
    size_t i = get_global_id(0);
    for (int k = 0; k < 40; k++)
        tmp[k] = (long)in[i] * k - ((long)k << 33);
    long s = 0;
    for (int k = 0; k < n; k++)
        s += tmp[(k * 7 + in[i]) % 40];
    out[i] = s;
}
