; 3x3 convolution (+1): out[y][x] = 1 + sum_{i,j} img[y+i][x+j] * k[i][j].
1 + 0 + 0 -> push          ; 0  prologue: the +1 bias
T0 + I0 * I1 -> push       ; 1  body: multiply-accumulate
T0 + 0 + 0 -> dram         ; 2  epilogue
