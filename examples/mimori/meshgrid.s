; Meshgrid: out[y][x] = y * 100 + x, from the lane's parallel indices.
bofs[0] -> push            ; 0  T0 = x
bofs[1] -> push            ; 1  T0 = y, T1 = x
T1 + T0 * CLUT0 -> dram    ; 2  x + y * 100 (MIMORI's 0x20004e54)
