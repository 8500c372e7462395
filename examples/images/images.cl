// Images on the AMD emulator (docs/images.md): a 3x3 box blur with a constant sampler
// (read_imagef / write_imagef) and a zoom through a sampler argument.
//
//   clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx900 -O2 \
//     --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -c images.cl -o images.o
//   python3 make_input.py            # photo.npy: (H, W, 4) uint8, blank.npy
//   gpuisa run images.o --kernel blur --grid 2,2 --block 16,16 \
//     --arg image:photo.npy:rgba8unorm --arg image:blank.npy:rgba8unorm --out-dir out
//   gpuisa run images.o --kernel zoom --grid 2,2 --block 16,16 \
//     --arg image:photo.npy:rgba8unorm --arg sampler:linear,mirrored_repeat,normalized \
//     --arg image:blank.npy:rgba8unorm --arg f32:2.5 --out-dir out-zoom
//   python3 check.py out/arg1.npy out-zoom/arg2.npy
__constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 s = 0.0f;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      s += read_imagef(src, edge, p + (int2)(dx, dy));
  write_imagef(dst, p, s / 9.0f);
}

// dst(x, y) = src sampled at the normalised centre of (x, y) scaled by `zoom` around the middle.
__kernel void zoom(__read_only image2d_t src, sampler_t s, __write_only image2d_t dst, float zoom) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float2 size = (float2)(get_image_width(dst), get_image_height(dst));
  float2 c = ((convert_float2(p) + 0.5f) / size - 0.5f) * zoom + 0.5f;
  write_imagef(dst, p, read_imagef(src, s, c));
}
