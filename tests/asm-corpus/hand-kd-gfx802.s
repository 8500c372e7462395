// Hand-written: a kernel descriptor with llvm-mc-19 defaults (gfx802: the SGPR init bug fixes the count at 96; the kernel symbol becomes protected).
.text
.globl k
.p2align 8
.type k,@function
k:
s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
.amdhsa_next_free_vgpr 9
.amdhsa_next_free_sgpr 10
.end_amdhsa_kernel
