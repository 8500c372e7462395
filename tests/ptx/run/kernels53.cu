// gpuisa's runnable sm_53 corpus: FP16x2 arithmetic (HADD2/HMUL2/HFMA2/HSETP2) and half
// conversions. Compiled by clang-19 for sm_53 (half arithmetic needs it), then by ptxas 11.8 and
// 12.9 for sm_53 only (tests/ptx/run/build.sh).
#define __global__ __attribute__((global))
typedef _Float16 h2 __attribute__((ext_vector_type(2)));

extern "C" __global__ void half_ops(const h2* a, const h2* b, h2* out, float* fout, int n) {
  int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
          __nvvm_read_ptx_sreg_tid_x();
  if (i >= n) return;
  h2 x = a[i], y = b[i];
  h2 s = x + y;
  h2 p = x * y;
  h2 f = x * y + s;
  h2 d = x - y;
  out[4 * i] = s;
  out[4 * i + 1] = p;
  out[4 * i + 2] = f;
  out[4 * i + 3] = d;
  fout[3 * i] = (float)x.x * (float)y.y;
  fout[3 * i + 1] = x.y < y.x ? 1.0f : 0.0f;
  fout[3 * i + 2] = (float)x.y + (float)y.x;
}

// Half constants become immediate pairs (HMUL2/HFMA2 R, R, H1, H0).
extern "C" __global__ void half_imm(const h2* a, const h2* b, h2* out, int n) {
  int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
          __nvvm_read_ptx_sreg_tid_x();
  if (i >= n) return;
  h2 x = a[i], y = b[i];
  h2 k = {(_Float16)0.75f, (_Float16)-2.0f};
  out[2 * i] = x - (_Float16)0.5f * y;
  out[2 * i + 1] = x * k;
}
