// Tiled matrix multiply C = A * B (N x N), 16 x 16 tiles in local memory.
#define TILE 16
__kernel void matmul(__global const float *A, __global const float *B, __global float *C, int N) {
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int row = get_group_id(1) * TILE + ty, col = get_group_id(0) * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < N; t += TILE) {
        As[ty][tx] = A[row * N + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            acc = fma(As[ty][k], Bs[k][tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}
