// gpuisa's runnable CUDA corpus (written for gpuisa). Compiled to PTX by clang-19 without CUDA
// headers (tests/ptx/run/build.sh), then by ptxas 11.8 / 12.9 for sm_50/52/53; the cuobjdump
// listings of the result are committed next to this file and run in `cargo test --test run`.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
typedef unsigned int u32;
typedef unsigned long long u64;

static __device__ int gid() {
  return __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}
static __device__ int tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ int lane() { return __nvvm_read_ptx_sreg_laneid(); }

extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = gid();
  if (i < n) y[i] = a * x[i] + y[i];
}

// Tree reduction in shared memory over blocks of 256 threads (8 warps, BAR.SYNC between steps).
extern "C" __global__ void reduce_sum(const float* in, float* out, int n) {
  __shared__ float s[256];
  int t = tid(), i = gid();
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = 128; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[__nvvm_read_ptx_sreg_ctaid_x()] = s[0];
}

// Signed and unsigned division and remainder (ptxas expands them: I2F, MUFU.RCP, F2I, XMAD ...).
extern "C" __global__ void int_div(const int* a, const int* b, int* out, int n) {
  int i = gid();
  if (i >= n) return;
  int x = a[i], y = b[i];
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (int)((u32)x / (u32)y);
  out[4 * i + 3] = (int)((u32)x % (u32)y);
}

// A data-dependent loop with a branch inside and an early break: lanes diverge and reconverge.
extern "C" __global__ void collatz(const u32* in, u32* out, int n) {
  int i = gid();
  if (i >= n) return;
  u32 x = in[i], s = 0, m = x;
  while (x != 1) {
    if (x & 1) {
      x = 3 * x + 1;
      if (x > m) m = x;
    } else {
      x >>= 1;
    }
    s++;
    if (s >= 500) break;
  }
  out[2 * i] = s;
  out[2 * i + 1] = m;
}

// Warp shuffles (down, up, xor, indexed) and votes (ballot, any, all).
extern "C" __global__ void warp_ops(const int* in, int* out) {
  int i = gid(), l = lane();
  int v = in[i];
  int s = v;
  for (int d = 16; d > 0; d >>= 1) s += __nvvm_shfl_sync_down_i32(0xffffffff, s, d, 0x1f);
  int up = __nvvm_shfl_sync_up_i32(0xffffffff, v, 3, 0);
  int bf = __nvvm_shfl_sync_bfly_i32(0xffffffff, v, 5, 0x1f);
  int ix = __nvvm_shfl_sync_idx_i32(0xffffffff, v, (l * 7 + 3) & 31, 0x1f);
  u32 b = __nvvm_vote_ballot_sync(0xffffffff, v > 0);
  int any = __nvvm_vote_any_sync(0xffffffff, v > 900);
  int all = __nvvm_vote_all_sync(0xffffffff, v > -900);
  out[8 * i + 0] = s;
  out[8 * i + 1] = up;
  out[8 * i + 2] = bf;
  out[8 * i + 3] = ix;
  out[8 * i + 4] = (int)b;
  out[8 * i + 5] = any;
  out[8 * i + 6] = all;
  out[8 * i + 7] = l;
}

// Shared-memory histogram (ATOMS), global atomics with and without a result (ATOM / RED), and
// a compare-and-swap loop (float maximum through its bits).
extern "C" __global__ void atomics(const int* in, int* hist, int* stats, int* olds, int n) {
  __shared__ int sh[16];
  int t = tid(), i = gid();
  if (t < 16) sh[t] = 0;
  __syncthreads();
  int v = i < n ? in[i] : 0;
  if (i < n) {
    __nvvm_atom_add_gen_i(&sh[v & 15], 1);
    __nvvm_atom_max_gen_i(&stats[0], v);
    __nvvm_atom_min_gen_i(&stats[1], v);
    __nvvm_atom_xor_gen_i(&stats[2], v);
    __nvvm_atom_or_gen_i(&stats[3], 1 << (v & 31));
    olds[i] = __nvvm_atom_add_gen_i(&stats[4], 1);
    float f = (float)v * 0.5f;
    int* fm = &stats[5];
    int old = *(volatile int*)fm, assumed;
    do {
      assumed = old;
      if (__builtin_bit_cast(float, assumed) >= f) break;
      old = __nvvm_atom_cas_gen_i(fm, assumed, __builtin_bit_cast(int, f));
    } while (old != assumed);
  }
  __syncthreads();
  if (t < 16) __nvvm_atom_add_gen_i(&hist[t], sh[t]);
}

// fp64: add, multiply, fused multiply-add, min/max, compares, conversions.
extern "C" __global__ void dmath(const double* x, const double* y, double* out, int n) {
#pragma clang fp contract(off)
  int i = gid();
  if (i >= n) return;
  double a = x[i], b = y[i];
  double* o = out + 8 * i;
  o[0] = a + b;
  o[1] = a * b;
  o[2] = __builtin_fma(a, b, -0.75);
  o[3] = __builtin_fmin(a, b);
  o[4] = __builtin_fmax(a, b);
  o[5] = a < b ? a - b : b * 3.0;
  o[6] = (double)(float)a;
  o[7] = (double)(int)a + (double)(u32)(i * 1000003);
}

// fp32: arithmetic, IEEE division and square root, approximations (MUFU), compares, conversions.
extern "C" __global__ void fmath(const float* x, const float* y, float* out, int* iout, int n) {
#pragma clang fp contract(off)
  int i = gid();
  if (i >= n) return;
  float a = x[i], b = y[i];
  float* o = out + 12 * i;
  o[0] = a + b;
  o[1] = a * b;
  o[2] = __builtin_fmaf(a, b, 0.25f);
  o[3] = __builtin_fminf(a, b);
  o[4] = __builtin_fmaxf(a, b);
  o[5] = a / b;
  o[6] = __builtin_sqrtf(__builtin_fabsf(a));
  o[7] = __nvvm_ex2_approx_f(b * 0.125f);
  o[8] = __nvvm_lg2_approx_f(__builtin_fabsf(a) + 1.0f);
  o[9] = __nvvm_sin_approx_f(a);
  o[10] = __nvvm_rcp_approx_ftz_d(1.0) + __nvvm_rsqrt_approx_f(__builtin_fabsf(b) + 1.0f);
  o[11] = a < b ? 1.0f : (a == b ? 2.0f : -1.0f);
  int* p = iout + 4 * i;
  p[0] = (int)a;
  p[1] = (int)(u32)__builtin_fabsf(b * 1000.0f);
  p[2] = __builtin_bit_cast(int, (float)(i * 7 - 100));
  p[3] = __builtin_bit_cast(int, __builtin_floorf(a) + __builtin_ceilf(b));
}

// Integer: wide and high multiplies, 64-bit arithmetic and shifts, bit counts, funnel shifts,
// min/max, byte permutes.
extern "C" __global__ void intops(const u32* x, const u32* y, u32* out, int n) {
  int i = gid();
  if (i >= n) return;
  u32 a = x[i], b = y[i];
  u32* o = out + 12 * i;
  u64 w = (u64)a * b;
  o[0] = (u32)w;
  o[1] = (u32)(w >> 32);
  o[2] = (u32)(((long long)(int)a * (int)b) >> 32);
  o[3] = a * b + 12345u;
  o[4] = __builtin_popcount(a) + 100 * __builtin_clz(b | 1);
  o[5] = __builtin_bitreverse32(a);
  o[6] = __builtin_rotateleft32(a, b & 31);
  o[7] = (u32)((((u64)a << 32) | b) >> (b & 63));
  o[8] = (int)a < (int)b ? a : b;
  o[9] = a > b ? a : b;
  o[10] = (a >> 8 & 0xff) | (b & 0xff) << 8 | (a & 0xff000000);
  o[11] = (u32)(((long long)(int)a >> (b & 31)) + ((u64)b << 3));
}

// A local array indexed by data: ptxas keeps it in local memory (STL / LDL).
extern "C" __global__ void local_arr(const int* idx, int* out, int n) {
  int i = gid();
  if (i >= n) return;
  volatile int arr[32];
  for (int k = 0; k < 32; k++) arr[k] = k * k + i;
  int s = 0;
  int j = idx[i];
  for (int k = 0; k < 8; k++) s += arr[(j + k * 5) & 31];
  out[i] = s;
}

// A loop with two `continue`s taken by different lanes in different iterations.
extern "C" __global__ void cont_loop(const int* in, int* out, int n) {
  int i = gid();
  if (i >= n) return;
  int v = in[i], s = 0;
  for (int k = 0; k < v; k++) {
    if ((k ^ v) & 1) continue;
    if (k * k > 3 * v) {
      s += 100;
      continue;
    }
    s += k;
  }
  out[i] = s;
}

// __syncthreads_count / _and / _or over a block of several warps (BAR.RED, B2R).
extern "C" __global__ void bar_count(const int* in, int* out) {
  int t = tid();
  int c = __nvvm_bar0_popc(in[t] > 0);
  int a = __nvvm_bar0_and(in[t] > -50);
  int o = __nvvm_bar0_or(in[t] > 90);
  out[3 * t] = c;
  out[3 * t + 1] = a;
  out[3 * t + 2] = o;
}

// Directed rounding from CUDA's intrinsics: add/mul/fma with .rz/.rm/.rp, fp64 too, and
// conversions with explicit rounding.
extern "C" __global__ void rounding(const float* x, const float* y, const double* dx,
                                   float* out, double* dout, int n) {
  int i = gid();
  if (i >= n) return;
  float a = x[i], b = y[i];
  double c = dx[i];
  float* o = out + 12 * i;
  o[0] = __nvvm_add_rz_f(a, b);
  o[1] = __nvvm_add_rm_f(a, b);
  o[2] = __nvvm_add_rp_f(a, b);
  o[3] = __nvvm_mul_rz_f(a, b);
  o[4] = __nvvm_mul_rm_f(a, b);
  o[5] = __nvvm_mul_rp_f(a, b);
  o[6] = __nvvm_fma_rz_f(a, b, 1.0f);
  o[7] = __nvvm_fma_rm_f(a, b, -1.0f);
  o[8] = __nvvm_fma_rp_f(a, b, 0.5f);
  o[9] = __nvvm_d2f_rz(c);
  o[10] = __nvvm_d2f_rm(c);
  o[11] = __nvvm_d2f_rp(c);
  double* d = dout + 6 * i;
  d[0] = __nvvm_add_rz_d(c, (double)a);
  d[1] = __nvvm_add_rm_d(c, (double)b);
  d[2] = __nvvm_add_rp_d(c, (double)a);
  d[3] = __nvvm_mul_rz_d(c, (double)b);
  d[4] = __nvvm_mul_rm_d(c, c);
  d[5] = __nvvm_mul_rp_d(c, (double)a);
}

// 64-bit and float atomics: ATOM.E.ADD.U64, ATOM.E.ADD.F32.FTZ.RN, a 64-bit exchange.
extern "C" __global__ void atomics64(const u32* in, u64* sum, float* fsum, u64* last, int n) {
  int i = gid();
  if (i >= n) return;
  u32 v = in[i];
  __nvvm_atom_add_gen_ll((long long*)sum, (long long)v << 20);
  __nvvm_atom_add_gen_f(fsum, (float)(v & 0xffff));
  __nvvm_atom_max_gen_ull(last, (u64)v * 0x100000001ull);
}

// 64-bit integers: division and remainder (ptxas calls its own subroutine), 64-bit compares
// (ISETP.X after IADD RZ.CC), min (IMNMX .XHI/.XLO), multiply, shifts, bit counts.
extern "C" __global__ void int64(const u64* a, const u64* b, u64* out, int n) {
  int i = gid();
  if (i >= n) return;
  u64 x = a[i], y = b[i];
  u64* o = out + 8 * i;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (u64)((long long)x / (long long)y);
  o[3] = (u64)((long long)x % (long long)y);
  o[4] = x < y ? x : y;
  o[5] = (long long)x < (long long)y ? 1 : 2;
  o[6] = x * y + (x >> 7) - (y << 3);
  o[7] = (u64)__builtin_popcountll(x) + ((u64)__builtin_clzll(y | 1) << 32);
}
