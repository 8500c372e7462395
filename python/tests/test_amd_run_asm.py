"""gpuisa.amd.run_asm (tinygrad's mock-GPU signature) and libgpuisa_remu.so (remu's C ABI through
ctypes) on host memory: raw gfx1100 code and NumPy buffers, checked against NumPy."""

import ctypes
import glob
import os
import struct

import numpy as np
import pytest

import gpuisa
import gpuisa.amd as amd

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "crates", "gpuisa-remu", "tests", "data")
EMU_O = os.path.join(ROOT, "tests", "kernels", "gfx1100", "emu.o")


def raw(name):
    with open(os.path.join(DATA, name + ".hex")) as f:
        return bytes.fromhex(f.read().strip())


def addr(a):
    return a.ctypes.data


def saxpy_args(x, y, a, block, n):
    return ctypes.create_string_buffer(struct.pack("<QQfII", addr(x), addr(y), a, block, n), 32)


def test_run_asm_saxpy_remu_convention():
    code = ctypes.create_string_buffer(raw("saxpy_remu"))
    n = 777
    x = np.linspace(-3, 5, n).astype(np.float32)
    y = (np.arange(n + 40, dtype=np.float32) * 0.25 + 1).astype(np.float32)
    y0 = y.copy()
    args = saxpy_args(x, y, 1.75, 32, n)
    rc = amd.run_asm(ctypes.addressof(code), len(code.raw) - 1, (n + 31) // 32, 1, 1, 32, 1, 1,
                     ctypes.addressof(args), amd.remu_rsrc2(1, 1))
    assert rc == 0
    want = y0.copy()
    want[:n] = np.float32(1.75) * x + y0[:n]  # fused in the kernel: allow one rounding step
    np.testing.assert_allclose(y, want, rtol=1e-6, atol=1e-6)
    assert np.array_equal(y[n:], y0[n:])


def test_run_asm_user_data_and_tinygrad_default_rsrc2():
    code = ctypes.create_string_buffer(raw("ids_remu"))
    nx, ny = 3, 2
    out = np.zeros(nx * ny * 32 * 2, dtype=np.uint32)
    args = ctypes.create_string_buffer(struct.pack("<QI", addr(out), nx), 16)
    a = ctypes.addressof(args)
    st = amd.run_asm_stats(ctypes.addressof(code), len(code.raw) - 1, nx, ny, 1, 8, 4, 1, 0,
                           amd.DEFAULT_RSRC2, 0, "rdna3", [a & 0xFFFFFFFF, a >> 32], threads=1)
    assert st["workgroups"] == nx * ny and st["waves"] == nx * ny and st["wave_instructions"] > 0
    o = out.reshape(ny, nx, 32, 2)
    t = np.arange(32)
    for gy in range(ny):
        for gx in range(nx):
            assert np.array_equal(o[gy, gx, :, 0], (t % 8) | (t // 8) << 10)
            assert np.all(o[gy, gx, :, 1] == (gx | gy << 16))


def test_run_asm_fault_is_an_exception():
    code = ctypes.create_string_buffer(raw("saxpy_remu"))
    with pytest.raises(gpuisa.EmulatorFault) as e:
        amd.run_asm(ctypes.addressof(code), len(code.raw) - 1, 1, 1, 1, 32, 1, 1, 0, amd.remu_rsrc2(1, 1))
    assert e.value.wave == 0 and e.value.pc == 0
    with pytest.raises(gpuisa.GpuisaError):
        amd.run_asm(ctypes.addressof(code), 4, 1, 1, 1, 32, 1, 1, 0, arch="rdna4")


def dispatch(info, grid, block, explicit):
    """What a runtime does for a kernel of a code object: the kernel arguments (explicit ones,
    then hidden ones from the metadata) and the user SGPRs the descriptor enables."""
    size = max(info["kernarg_size"], 256)
    ka = ctypes.create_string_buffer(size)
    ex = [a for a in info["args"] if not a[3].startswith("hidden_")]
    assert len(ex) == len(explicit)
    for (name, off, sz, kind), v in zip(ex, explicit):
        data = struct.pack("<Q", addr(v)) if isinstance(v, np.ndarray) else np.asarray(v).tobytes()
        ka[off:off + sz] = data[:sz]
    for name, off, sz, kind in info["args"]:
        ax = "xyz".find(kind[-1])
        v = {"hidden_block_count": grid[ax] if ax >= 0 else 0, "hidden_group_size": block[ax] if ax >= 0 else 0}.get(kind[:-2], 0)
        if kind == "hidden_grid_dims":
            v = 1 + (grid[1] * block[1] > 1 or grid[2] * block[2] > 1) + (grid[2] * block[2] > 1)
        if v:
            ka[off:off + sz] = int(v).to_bytes(8, "little")[:sz]
    p = ctypes.addressof(ka)
    user, packet = amd.user_sgprs(info["code_properties"], p, grid, block, info["lds_size"])
    rsrc2 = info["rsrc2"] | (((info["lds_size"] + 511) // 512) << 15)
    code = ctypes.create_string_buffer(info["code"], len(info["code"]))
    return amd.run_asm_stats(ctypes.addressof(code), len(info["code"]), *grid, *block, p, rsrc2,
                             info["scratch_size"], "rdna3", user)


def test_clang_kernels_through_run_asm():
    blob = open(EMU_O, "rb").read()
    rng = np.random.default_rng(5)
    n = 4096
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    y0 = y.copy()
    dispatch(amd.kernel_info(blob, "saxpy"), (n // 256, 1, 1), (256, 1, 1), [np.float32(3.0), x, y])
    np.testing.assert_allclose(y, np.float32(3.0) * x + y0, rtol=1e-6, atol=1e-6)

    m = 64
    A = rng.standard_normal((m, m)).astype(np.float32)
    B = rng.standard_normal((m, m)).astype(np.float32)
    C = np.zeros((m, m), dtype=np.float32)
    dispatch(amd.kernel_info(blob, "matmul"), (m // 16, m // 16, 1), (16, 16, 1), [A, B, C, np.int32(m)])
    np.testing.assert_allclose(C, A.astype(np.float64) @ B, rtol=1e-4, atol=1e-4)

    info = amd.kernel_info(blob, "reduce_atomic")
    v = rng.integers(-1000, 1000, 1 << 14).astype(np.int32)
    out = np.zeros(1, dtype=np.int32)
    # The __local pointer argument is an LDS offset: the dynamic part starts after the static.
    info = dict(info, lds_size=info["lds_size"] + 1024)
    dispatch(info, (len(v) // 256, 1, 1), (256, 1, 1), [v, out, np.uint32(0)])
    assert int(out[0]) == int(v.sum())


def remu_lib():
    p = os.environ.get("GPUISA_REMU_LIB")
    if p:
        return p
    for c in sorted(glob.glob(os.path.join(ROOT, "target", "*", "libgpuisa_remu.so")), key=os.path.getmtime):
        return c
    return None


def test_remu_abi_library_through_ctypes():
    p = remu_lib()
    if p is None:
        pytest.skip("libgpuisa_remu.so not built (cargo build -p gpuisa-remu, or set GPUISA_REMU_LIB)")
    lib = ctypes.CDLL(p)
    lib.run_asm.restype = ctypes.c_int32
    lib.run_asm.argtypes = [ctypes.c_char_p, ctypes.c_uint32] + [ctypes.c_uint32] * 6 + [ctypes.c_void_p]
    lib.gpuisa_last_error.restype = ctypes.c_char_p
    code = raw("saxpy_remu")
    n = 1000
    x = np.arange(n, dtype=np.float32) * np.float32(0.5)
    y = np.ones(n, dtype=np.float32)
    args = saxpy_args(x, y, -2.0, 32, n)
    rc = lib.run_asm(code, len(code), (n + 31) // 32, 1, 1, 32, 1, 1, ctypes.addressof(args))
    assert rc == 0, lib.gpuisa_last_error()
    np.testing.assert_array_equal(y, np.float32(-2.0) * x + np.float32(1.0))
    os.environ["GPUISA_QUIET"] = "1"
    assert lib.run_asm(code, len(code), 1, 1, 1, 32, 1, 1, None) == -2
    assert b"wave 0" in lib.gpuisa_last_error()
