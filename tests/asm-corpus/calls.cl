// For the assembler corpus (scripts/amd-asm-vectors.sh): a call to a non-inlined function and
// reads of program-scope constants, so that clang writes s_getpc_b64 / sym@rel32@lo+4 /
// sym@rel32@hi+12 / s_swappc_b64 (relocations in instruction literals).
__attribute__((noinline)) float helper(float a, float b) { return a * b + 1.0f; }
__constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant int counter = 7;
__kernel void caller(__global float *out, __global const float *in) {
    size_t i = get_global_id(0);
    out[i] = helper(in[i], table[i & 3]) + counter;
}
