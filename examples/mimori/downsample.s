; 4x downsample: out[y][x] = (sum of the 4x4 block at (4y, 4x)) >> 4.
; The DRAM write takes bits [19:4] of the sum: the shift by 4 is free.
0 + 0 + 0 -> push          ; 0  prologue (i == 0 and j == 0)
T0 + I0 + 0 -> push        ; 1  body
T0 + 0 + 0 -> dram>>4      ; 2  epilogue: bits [19:4]
