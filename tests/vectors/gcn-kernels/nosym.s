// No symbols at all (issue 18): llvm-objdump lists the section under its own name, <.text>:.
.text
v_mov_b32 v0, v1
s_endpgm
