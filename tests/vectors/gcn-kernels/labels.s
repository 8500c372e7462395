// Branches to labels (untyped symbols: llvm-objdump prints the label as the operand) and to
// functions (typed symbols: the offset, and the symbol as a comment). Assembled for gfx900 and
// gfx1100 by scripts/gcn-kernel-vectors.sh.
.text
.globl fn
.type fn,@function
fn:
  s_nop 0
mid:
  s_branch mid
  s_cbranch_scc0 mid
  s_branch after
  s_nop 1
after:
  s_cbranch_vccz fn2
  s_cbranch_execz fn
  s_cbranch_execnz 1
.type fn2,@function
fn2:
  s_branch mid
  s_endpgm
