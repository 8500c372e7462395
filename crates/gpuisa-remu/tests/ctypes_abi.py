"""libgpuisa_remu.so through ctypes, as remu's users load libremu.so: raw gfx1100 code bytes and
host buffers (plain ctypes arrays, no NumPy). usage: python3 ctypes_abi.py path/to/libgpuisa_remu.so"""

import ctypes
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def raw(name):
    with open(os.path.join(HERE, "data", name + ".hex")) as f:
        return bytes.fromhex(f.read().strip())


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def main(path):
    lib = ctypes.CDLL(path)
    lib.run_asm.restype = ctypes.c_int32
    lib.run_asm.argtypes = [ctypes.c_char_p, ctypes.c_uint32] + [ctypes.c_uint32] * 6 + [ctypes.c_void_p]
    lib.gpuisa_last_error.restype = ctypes.c_char_p
    code = raw("saxpy_remu")
    n, a = 3000, 0.75
    x = (ctypes.c_float * n)(*[f32(i * 0.125 - 40.0) for i in range(n)])
    y = (ctypes.c_float * (n + 8))(*[f32(1.0 / (i + 1)) for i in range(n + 8)])
    y0 = list(y)
    args = ctypes.create_string_buffer(struct.pack("<QQfII", ctypes.addressof(x), ctypes.addressof(y), a, 32, n), 32)
    rc = lib.run_asm(code, len(code), (n + 31) // 32, 1, 1, 32, 1, 1, ctypes.addressof(args))
    if rc != 0:
        sys.exit(f"run_asm returned {rc}: {lib.gpuisa_last_error().decode()}")
    bad = 0
    for i in range(n + 8):
        # v_fmac_f32 is fused: a*x+y rounded once; x, y, a are exact in f32, the product exact in f64.
        want = f32(a * x[i] + y0[i]) if i < n else y0[i]
        if y[i] != want:
            bad += 1
            if bad < 5:
                print(f"y[{i}] = {y[i]!r}, want {want!r}")
    if bad:
        sys.exit(f"{bad} wrong elements")
    os.environ["GPUISA_QUIET"] = "1"
    rc = lib.run_asm(code, len(code), 1, 1, 1, 32, 1, 1, None)
    if rc != -2 or b"wave 0" not in lib.gpuisa_last_error():
        sys.exit(f"a null kernel-argument pointer: rc {rc}, {lib.gpuisa_last_error()!r}")
    print(f"ctypes remu ABI: saxpy over {n} floats correct; the fault is reported")


if __name__ == "__main__":
    main(sys.argv[1])
