; Integral image step (cumulative sum down each column): out[y][x] = sum_{y' <= y} img[y'][x].
; One lane per column; the running sum lives in the temporary delay buffer T0, which the very
; next instruction can read, so the loop body is a single instruction (MIMORI's 0x08044a00).
0 + 0 + 0 -> push              ; 0  prologue (y == 0): T0 = 0
T0 + I0 - 0 -> push, dram      ; 1  body: T0 += img[y][x]; write out[y][x]
