// Generic (flat) pointers into private memory: OpenCL 2.0's generic address space, with
// non-inlined callees, makes clang pass the private array's flat address (src_private_base) and
// access it with flat_* instructions. Built for gfx700, gfx803, gfx900, gfx906 and gfx1100
// (scripts/amd-emu-kernels.sh).
#include "gfx11-prelude.h"

__attribute__((noinline)) void fill(int *p, int n, int v) {
    for (int i = 0; i < n; i++)
        p[i] = v * i + (i ^ 5);
}

__attribute__((noinline)) long sum(const int *p, int n) {
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)p[i] * (i + 1);
    return s;
}

// out[g] = sum over i < n of (g * i + (i ^ 5)) * (i + 1), through a private array of 32 ints
// and a private 64-bit value, both reached by generic pointers.
__kernel void private_generic(__global long *out, int n) {
    int tmp[32];
    long acc[2];
    int g = get_global_id(0);
    fill(tmp, n, g);
    long *a = acc;
    a[g & 1] = sum(tmp, n);
    out[g] = acc[g & 1];
}
