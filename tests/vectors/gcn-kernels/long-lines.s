// Instructions whose text reaches llvm-objdump's comment column (59 characters or more): the
// comment then follows the text with no space. Assembled for gfx900 by scripts/gcn-kernel-vectors.sh.
.text
long_lines:
  image_sample_c_d_cl_o v[0:3], v[4:11], s[0:7], s[8:11] dmask:0xf unorm glc slc lwe da
  buffer_atomic_cmpswap_x2 v[0:3], v[4:5], s[8:11], s12 idxen offen offset:4095 glc slc
  v_mad_mix_f32 v0, -|v1|, -|v2|, -|v3| op_sel:[1,1,1] op_sel_hi:[0,0,0] clamp
  v_add_f32_sdwa v0, -|v1|, -|v2| clamp dst_sel:BYTE_0 dst_unused:UNUSED_SEXT src0_sel:WORD_1 src1_sel:BYTE_3
  tbuffer_store_format_xyzw v[0:3], v4, s[8:11], s12 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_FLOAT] offen offset:4095 glc slc
  s_cbranch_execz long_lines
  s_endpgm
