// Code before the first symbol, and branches into it: llvm-objdump lists the code before the
// first symbol under <.text>: and names the targets there <.text+0x...> (a section name is
// no label: the operand stays a number).
.text
v_mov_b32 v0, v1
s_branch 0
s_cbranch_scc0 -3
foo:
s_nop 0
s_branch -4
s_branch -6
.globl bar
.type bar,@function
bar:
s_branch -6
s_endpgm
