// Private arrays (scratch), constant memory, structs, wide loads and stores, branches.
typedef struct { float4 a; int b; double c; } S;
__constant float tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__kernel void scratch(__global float* o, int n, int k) {
  float p[64];
  for (int j = 0; j < 64; j++) p[j] = o[j * n] * tab[j & 7];
  o[get_global_id(0)] = p[k & 63] + p[(k * 3) & 63];
}
__kernel void structs(__global S* s, __global float16* v) {
  int i = get_global_id(0);
  s[i].a = s[i].a * 2.0f + s[i + 1].a; s[i].c = sqrt(s[i].c) * s[i].b;
  v[i] = v[i] + v[i + 1] * 0.25f;
}
__kernel void loops(__global int* a, int n) {
  int acc = 0;
  for (int j = 0; j < n; j++) { if (a[j] & 1) acc += a[j] * j; else acc ^= a[j]; if (acc > 1000) break; }
  a[get_global_id(0)] = acc;
}
