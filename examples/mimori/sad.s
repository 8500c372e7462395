; SAD motion estimation: for each candidate displacement (dy, dx) in 0..8 x 0..8,
; SAD[dy][dx] = sum_{i,j} |cur[i][j] - ref[dy + i][dx + j]| over an 8x8 block.
; One lane per candidate; the sum accumulates in T0 (one instruction per pixel).
0 + 0 + 0 -> push          ; 0  prologue (i == 0 and j == 0)
T0 + |I0 - I1| -> push     ; 1  body
T0 + 0 + 0 -> dram         ; 2  epilogue (i == 7 and j == 7)
