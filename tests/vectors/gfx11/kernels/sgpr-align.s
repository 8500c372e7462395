// Misaligned scalar register ranges (issue 18): llvm-objdump-19 prints the aligned range and a
// "; Warning: SGPR_64: scalar reg isn't aligned N" comment per operand, run together.
.text
.long 0xF4080143, 0xf8000000
.long 0xF4080183, 0xf8000000
.long 0xF40C0243, 0xf8000000
.long 0xF4100483, 0xf8000000
.long 0xBEED0180
.long 0xBEAD0180
.long 0x8B810503
.long 0xBE800103
.long 0
s_endpgm
