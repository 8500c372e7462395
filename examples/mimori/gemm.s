; GEMM: C[m][n] = sum_k A[m][k] * B[k][n], 16x16x16, one lane per output element.
; Eight warps (four pairs) cover the 256 outputs; k is the accumulation loop (aofs[0]).
; A register write is visible to the second instruction after the writer, hence the nops.
R0 = 0 + 0 + 0            ; 0  prologue (k == 0): clear the accumulator
nop                       ; 1
R0 = R0 + I0 * I1         ; 2  body: accumulate A[m][k] * B[k][n]
nop                       ; 3  let the write land before the next read of R0
R0 + 0 + 0 -> dram        ; 4  epilogue (k == 15): write C[m][n]
