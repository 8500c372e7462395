// Work-item functions for gfx11 kernels built with -nogpulib (Debian's rocm-device-libs has no
// gfx11 library): clang builtins, group sizes from the dispatch packet, __atomic builtins.
// Included by tests/kernels/emu.cl; scripts/ci-amd-emu.sh passes it with -include.
#if defined(__gfx1100__)
// gfx11: Debian's rocm-device-libs has no gfx11 library, so the kernels are built with
// -nogpulib and the work-item functions come from clang's builtins (group sizes from the
// dispatch packet), atomics from the __atomic builtins.
#define DISPATCH ((__constant unsigned short *)__builtin_amdgcn_dispatch_ptr())
static inline size_t wi_id(uint d) {
    return d == 0 ? __builtin_amdgcn_workitem_id_x() : d == 1 ? __builtin_amdgcn_workitem_id_y() : __builtin_amdgcn_workitem_id_z();
}
static inline size_t wg_id(uint d) {
    return d == 0 ? __builtin_amdgcn_workgroup_id_x() : d == 1 ? __builtin_amdgcn_workgroup_id_y() : __builtin_amdgcn_workgroup_id_z();
}
static inline size_t wg_size(uint d) { return DISPATCH[2 + d]; }
static inline size_t grid_size(uint d) { return ((__constant uint *)__builtin_amdgcn_dispatch_ptr())[3 + d]; }
#define get_local_id(d) wi_id(d)
#define get_group_id(d) wg_id(d)
#define get_local_size(d) wg_size(d)
#define get_global_size(d) grid_size(d)
#define get_global_id(d) (wg_id(d) * wg_size(d) + wi_id(d))
#define barrier(f) (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))
#define atomic_add(p, v) __atomic_fetch_add(p, v, __ATOMIC_RELAXED)
#define atomic_inc(p) __atomic_fetch_add(p, 1, __ATOMIC_RELAXED)
#define sqrt(x) __builtin_elementwise_sqrt(x)
#define fma(a, b, c) __builtin_elementwise_fma(a, b, c)
#define max(a, b) __builtin_elementwise_max(a, b)
#define min(a, b) __builtin_elementwise_min(a, b)
#endif
