// A larger code object for benchmarks: 64 kernels of unrolled float and integer arithmetic.
#define K(N) \
__kernel void k##N(__global float *a, __global const float *b, __global int *c, int n) { \
    int i = get_global_id(0); \
    float x = a[i], y = b[i]; int z = c[i]; \
    _Pragma("unroll") for (int j = 0; j < 24; ++j) { \
        x = fma(x, y, (float)(j + N)); y = y * 0.5f + x; z = (z ^ (z << 3)) + j * N; \
        if (z & 1) x = sqrt(fabs(x)); \
    } \
    a[i] = x + y; c[i] = z; \
}
#define K8(B) K(B##0) K(B##1) K(B##2) K(B##3) K(B##4) K(B##5) K(B##6) K(B##7)
K8(1) K8(2) K8(3) K8(4) K8(5) K8(6) K8(7) K8(8)
