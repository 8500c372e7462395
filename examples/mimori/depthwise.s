; Depthwise 3x3 convolution over 4 channels, each with its own kernel; results scaled by 1/4
; through the DRAM write of bits [17:2]: out[c][y][x] = (sum_{i,j} img[c][y+i][x+j] * k[c][i][j]) >> 2.
0 + 0 + 0 -> push          ; 0  prologue
T0 + I0 * I1 -> push       ; 1  body
T0 + 0 + 0 -> dram>>2      ; 2  epilogue: bits [17:2]
