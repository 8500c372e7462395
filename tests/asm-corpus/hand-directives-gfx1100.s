// Hand-written: directives, expressions, symbols and relocations llvm-mc-19 takes (gfx1100).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	count = 3
	.set	twice, count * 2
	.text
	.globl	kern
	.p2align	8
	.type	kern,@function
kern:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, table@rel32@lo+4
	s_addc_u32 s1, s1, table@rel32@hi+12
	s_mov_b32 s2, ext_sym@abs32@lo
	s_mov_b32 s3, ext_sym@abs32@hi
	s_getpc_b64 s[4:5]
	s_add_u32 s4, s4, gvar@gotpcrel32@lo+4
	s_addc_u32 s5, s5, gvar@gotpcrel32@hi+12
	s_cmp_eq_u32 s2, count
	s_cbranch_scc1 .Lskip
	s_nop 0
	s_branch .Lback
.Lskip:
	s_mov_b32 s6, (count * 4) + 1
.Lback:
	s_waitcnt lgkmcnt(0)
	s_endpgm
.Lend:
	.size	kern, .Lend-kern

	.section .rodata,"a",@progbits
	.p2align 4
table:
	.byte 1, 2, 0xff, -1, 'a'
	.short 0x1234, -2
	.long kern, table + 8, twice, .Lend - kern
	.quad ext_sym + 16, table
	.p2align 3, 0xaa
	.balign 16
	.fill 3, 2, 0x0102
	.zero 5
	.ascii "ab\n"
	.asciz "x\"y", "z"
	.long local_fwd - table
local_fwd:
	.4byte 7
	.type table,@object
	.size table, local_fwd - table

	.data
	.p2align 2
	.weak weak_data
weak_data:
	.long 1
	.globl gvar
	.protected gvar
gvar:
	.quad kern
	.hidden hid
	.globl hid
hid:
	.8byte 0

	.bss
	.p2align 5
zeroes:
	.zero 64
	.local zeroes
	.type zeroes,@object
	.size zeroes, 64

	.section .custom_ro,"a",@progbits
	.long 0xdeadbeef
	.section .custom_w,"aw"
	.long 2
	.section .text.other,"ax",@progbits
	.p2align 6
other_fn:
	s_nop 1
	.p2align 4
	s_endpgm
	.section .rodata,"a",@progbits
	.long other_fn
	.text
	s_nop 2
	.ident "hand-written"
	.section ".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym kern
	.section .rodata,"a",@progbits
	.globl alias_plus4
	alias_plus4 = table + 4
	.long alias_plus4
	.quad .Lback - kern, kern - .Lend
	.section .foo
	.long 1
	.section .nob,"aw",@nobits
	.zero 8
