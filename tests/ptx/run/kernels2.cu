// More of CUDA for the emulator (tests/ptx/run/kernels2.cu): generic pointers into shared, global
// and local memory, byte and short accesses, PRMT modes, directed-rounding fp64 FMA, sqrt.approx,
// 24-bit multiplies and the video instructions (inline PTX).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __noinline__ __attribute__((noinline))
static __device__ int gid() {
  return __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}
static __device__ int tid() { return __nvvm_read_ptx_sreg_tid_x(); }

// A generic pointer that points into shared memory for odd threads and into global memory for
// even ones (and into a local array for every fourth), read and written through the same code.
__device__ __noinline__ int bump(int* p, int v) {
  int old = *p;
  *p = old + v;
  return old;
}
extern "C" __global__ void generic_ptr(int* g, int* out, int sel) {
  __shared__ int s[64];
  int t = tid();
  int loc[4];
  for (int k = 0; k < 4; k++) loc[k] = t * 10 + k;
  s[t] = 1000 + t;
  __syncthreads();
  int* p = (t & 1) ? &s[t] : &g[t];
  if ((t & 3) == sel) p = &loc[t & 3];
  int old = bump(p, t + 7);
  __syncthreads();
  out[3 * t] = old;
  out[3 * t + 1] = s[t];
  out[3 * t + 2] = loc[t & 3];
}

// Bytes and shorts, signed and unsigned, loaded and stored in global memory.
extern "C" __global__ void bytes_shorts(const signed char* sb, const unsigned char* ub,
                                        const short* ss, const unsigned short* us,
                                        unsigned char* ob, short* os, int* out) {
  int i = gid();
  int a = sb[i], b = ub[i], c = ss[i], d = us[i];
  out[2 * i] = a * 3 + b;
  out[2 * i + 1] = c - d;
  ob[i] = (unsigned char)(a + b);
  os[i] = (short)(c ^ d);
}

extern "C" __global__ void prmt_modes(const unsigned* x, unsigned* out) {
  int i = gid();
  unsigned a = x[2 * i], b = x[2 * i + 1], r[6];
  unsigned c = i & 3;
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r[0]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  for (int k = 0; k < 6; k++) out[6 * i + k] = r[k];
}

extern "C" __global__ void fma64_dir(const double* x, double* out) {
  int i = gid();
  double a = x[3 * i], b = x[3 * i + 1], c = x[3 * i + 2], r[4];
  asm("fma.rn.f64 %0, %1, %2, %3;" : "=d"(r[0]) : "d"(a), "d"(b), "d"(c));
  asm("fma.rz.f64 %0, %1, %2, %3;" : "=d"(r[1]) : "d"(a), "d"(b), "d"(c));
  asm("fma.rm.f64 %0, %1, %2, %3;" : "=d"(r[2]) : "d"(a), "d"(b), "d"(c));
  asm("fma.rp.f64 %0, %1, %2, %3;" : "=d"(r[3]) : "d"(a), "d"(b), "d"(c));
  for (int k = 0; k < 4; k++) out[4 * i + k] = r[k];
}

extern "C" __global__ void mul24_sqrt(const int* x, const float* y, int* out, float* fout) {
  int i = gid();
  int a = x[2 * i], b = x[2 * i + 1], r[4];
  asm("mul24.lo.s32 %0, %1, %2;" : "=r"(r[0]) : "r"(a), "r"(b));
  asm("mul24.lo.u32 %0, %1, %2;" : "=r"(r[1]) : "r"(a), "r"(b));
  asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(i));
  asm("mad24.lo.u32 %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(i));
  for (int k = 0; k < 4; k++) out[4 * i + k] = r[k];
  float s;
  asm("sqrt.approx.f32 %0, %1;" : "=f"(s) : "f"(y[i]));
  fout[i] = s;
}

extern "C" __global__ void video(const unsigned* x, unsigned* out) {
  int i = gid();
  unsigned a = x[3 * i], b = x[3 * i + 1], c = x[3 * i + 2], r[8];
  asm("vadd.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r[0]) : "r"(a), "r"(b), "r"(c));
  asm("vsub.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
  asm("vabsdiff.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
  asm("vmin.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  asm("vmax.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
  asm("vset.u32.u32.lt %0, %1, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  asm("vshl.u32.u32.u32.clamp %0, %1, %2, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("vshr.u32.u32.u32.wrap %0, %1, %2, %3;" : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
  for (int k = 0; k < 8; k++) out[8 * i + k] = r[k];
}

// Atomics on generic pointers: odd threads add into shared memory, even ones into global memory.
extern "C" __global__ void generic_atomics(int* g, int* out) {
  __shared__ int s[4];
  int t = tid();
  if (t < 4) s[t] = 100 * t;
  __syncthreads();
  int* p = (t & 1) ? &s[t & 3] : &g[t & 3];
  out[4 + t] = __nvvm_atom_add_gen_i(p, t + 1);
  __syncthreads();
  if (t < 4) out[t] = s[t];
}

// vmad: parts of a and b multiplied, c added, with negation, plus-one, scaling and saturation.
extern "C" __global__ void vmad_k(const unsigned* x, unsigned* out) {
  int i = gid();
  unsigned a = x[3 * i], b = x[3 * i + 1], c = x[3 * i + 2], r[4];
  asm("vmad.u32.u32.u32.sat %0, %1.b1, %2.h0, %3;" : "=r"(r[0]) : "r"(a), "r"(b), "r"(c));
  asm("vmad.s32.s32.s32.shr15 %0, %1.h1, %2.h0, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
  asm("vmad.s32.u32.u32 %0, -%1.b0, %2.b3, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
  asm("vmad.u32.u32.u32.po.shr7 %0, %1.b2, %2.b2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
  for (int k = 0; k < 4; k++) out[4 * i + k] = r[k];
}
