; Squared gradient: out[y][x] = (img[y][x+1] - img[y][x])^2 + (img[y+1][x] - img[y][x])^2.
; The accumulation axis a0 picks the neighbour: a0 = 0 right (+1), a0 = 1 below (+17).
; T0/T1 order: after instruction 0, T0 = d and T1 = the running sum.
0 + 0 + 0 -> push          ; 0  prologue: sum = 0
0 + I0 - I1 -> push        ; 1  body: d = neighbour - centre
T1 + T0 * T0 -> push       ; 2  body: sum += d * d
T0 + 0 + 0 -> dram         ; 3  epilogue
