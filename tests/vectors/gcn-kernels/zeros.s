// Runs of zero words: llvm-objdump-19 lists 8 or more zero bytes (up to the symbol end) as one
// "\t\t..." line; a lone zero word is an instruction (v_cndmask_b32 on GCN, v_illegal on gfx11).
.text
s_nop 0
.long 0,0,0
.long 0x00000100
.long 0,0
s_nop 1
.long 0
foo:
.long 0, 0
s_endpgm
.long 0,0
