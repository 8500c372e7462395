// gpuisa's own Verilator harness for MIMORI's ALU (src/TileAccumUnit/AluPipeline/Simd/Alu.sv of
// github.com/Hintonthu/MIMORI, master). Drives the operand constants, opcode and shamt, evaluates
// the combinational result and prints lane values as text vectors (see mimori-rtl-vectors.sh).
#include "VAlu.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(state >> 33);
}

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    VAlu* a = new VAlu;
    a->i_rst = 0; a->i_clk = 0; a->eval(); a->i_rst = 1; a->eval();
    a->op_rdy = 1; a->dramwd_ack = 0; a->i_to_dram = 3; a->i_to_reg = 1;
    a->i_a = 0; a->i_b = 0; a->i_c = 0;  // operands: the three constants
    for (int j = 0; j < 6; j++) {
        a->i_aofs[j] = 0x100 + 3 * j;
        a->i_bofs[j] = 0x2000 + 0x40 * j;
        a->i_bsub_lo_order[j] = j % 3;
    }
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 6; j++) a->i_bsubofs[i][j] = (i * (j + 1)) & 7;
    // op 111: every shamt, lanes 0..31.
    printf("# op111 SHAMT: lane results (hex, 20 bits); aofs[j] = 0x100+3j, bofs[j] = 0x2000+0x40j,\n");
    printf("# lane sub-offset[i][j] = (i*(j+1)) & 7 shifted left by j%%3 (OR-ed into bofs)\n");
    for (int sh = 0; sh < 32; sh++) {
        a->i_opcode = 7; a->i_shamt = sh; a->eval();
        printf("op111 %02x:", sh);
        for (int i = 0; i < 32; i++) printf(" %05x", a->o_wdata[i] & 0xfffff);
        printf("\n");
    }
    // Every opcode on random constants, each after a random computing instruction (the ALU's
    // previous result matters to the opcodes the design does not implement).
    printf("# OP SHAMT A B C -> OUT (20-bit hex; A, B, C the operand values of every lane)\n");
    const int computing[] = {0, 1, 3, 4, 6, 7};
    for (int k = 0; k < 3000; k++) {
        int op = (k % 2) ? (int)(rnd() % 8) : computing[rnd() % 6];
        int sh = rnd() % 32;
        if (op == 6 && (rnd() % 2)) sh = rnd() % 4;
        uint32_t ca = rnd() & 0xfffff, cb = rnd() & 0xfffff, cc = rnd() & 0xfffff;
        if (rnd() % 3 == 0) { ca &= 0xff; cb &= 0xff; cc &= 0xff; }
        a->i_opcode = op; a->i_shamt = sh;
        a->i_const_a = ca; a->i_const_b = cb; a->i_const_c = cc;
        a->eval();
        printf("%d%d%d %02x %05x %05x %05x -> %05x\n", (op >> 2) & 1, (op >> 1) & 1, op & 1, sh, ca, cb,
               cc, a->o_wdata[0] & 0xfffff);
    }
    delete a;
    return 0;
}
