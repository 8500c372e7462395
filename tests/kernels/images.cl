// Image kernels for the AMD emulator's image instructions (docs/images.md), compiled by
// scripts/amd-emu-kernels.sh for gfx803 and gfx900 with Debian's rocm-device-libs (read_imagef
// and friends come from the device library's ockl). crates/gpuisa-amdgpu/tests/emu_images.rs
// runs them and compares with CPU references.

__constant sampler_t pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t wrap_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t border_pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

// dst(x, y) = 2 * src(x, y) + (x, y, 0, 0), read with a constant sampler and integer
// coordinates, written with write_imagef.
__kernel void scale_copy(__read_only image2d_t src, __write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 v = read_imagef(src, pix, (int2)(x, y));
  write_imagef(dst, (int2)(x, y), 2.0f * v + (float4)(x, y, 0.0f, 0.0f));
}

// out[y][x] = src sampled at normalised ((x + ox) / W, (y + oy) / H) with a sampler argument.
__kernel void sample_arg(__read_only image2d_t src, sampler_t s, __global float4 *out, float ox, float oy) {
  int x = get_global_id(0), y = get_global_id(1);
  float w = get_image_width(src), h = get_image_height(src);
  float2 c = (float2)((x + ox) / w, (y + oy) / h);
  out[y * get_global_size(0) + x] = read_imagef(src, s, c);
}

// The constant linear/repeat sampler at coordinates that leave the image.
__kernel void sample_wrap(__read_only image2d_t src, __global float4 *out, float scale, float shift) {
  int x = get_global_id(0), y = get_global_id(1);
  float2 c = (float2)(x * scale + shift, y * scale - shift);
  out[y * get_global_size(0) + x] = read_imagef(src, wrap_lin, c);
}

// Integer images: read_imagei without a sampler, write_imagei, and a border read.
__kernel void int_ops(__read_only image2d_t src, __write_only image2d_t dst, __global int4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  int4 v = read_imagei(src, (int2)(x, y));
  int4 b = read_imagei(src, border_pix, (int2)(x - 1, y));
  out[2 * (y * get_global_size(0) + x)] = v;
  out[2 * (y * get_global_size(0) + x) + 1] = b;
  write_imagei(dst, (int2)(x, y), v * -3 + (int4)(x));
}

// A 2D array and a 3D image read at (x, y, z), and the image queries.
__kernel void array_3d(__read_only image2d_array_t a, __read_only image3d_t v, __global float4 *out, __global int *info) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  int i = (z * get_global_size(1) + y) * get_global_size(0) + x;
  out[i] = read_imagef(a, pix, (int4)(x, y, z, 0)) + 1000.0f * read_imagef(v, pix, (int4)(x, y, z, 0));
  if (i == 0) {
    info[0] = get_image_width(a);
    info[1] = get_image_height(a);
    info[2] = (int)get_image_array_size(a);
    info[3] = get_image_channel_data_type(a);
    info[4] = get_image_channel_order(a);
    info[5] = get_image_depth(v);
  }
}

// rgba8unorm and 1D: write_imagef converts to unorm8 (round to nearest, saturate).
__kernel void to_unorm8(__global const float4 *in, __write_only image1d_t dst) {
  int x = get_global_id(0);
  write_imagef(dst, x, in[x]);
}

// Half images: read_imageh / write_imageh (the D16 forms on gfx8 and gfx9).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void half_ops(__read_only image2d_t src, __write_only image2d_t dst, __global half4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  half4 v = read_imageh(src, pix, (int2)(x, y));
  out[y * get_global_size(0) + x] = read_imageh(src, (int2)(x, y));
  write_imageh(dst, (int2)(x, y), v * (half)-0.5f);
}

// A 1D array of unsigned integers: read_imageui by (x, layer).
__kernel void uint_layers(__read_only image1d_array_t src, __global uint4 *out) {
  int x = get_global_id(0), layer = get_global_id(1);
  out[layer * get_global_size(0) + x] = read_imageui(src, (int2)(x, layer));
}
