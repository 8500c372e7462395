#!/usr/bin/env python3
"""tinygrad's mock AMD GPU (DEV=MOCK+AMD, from a tinygrad source checkout you provide) with its
emulator swapped for gpuisa's run_asm, against the same mock GPU with tinygrad's own Python
emulator: the same real tinygrad programs (elementwise, reduction, matmul, conv2d, softmax; fp32
and fp16), results compared with tinygrad's CPU device, end-to-end wall time of each.

The swap is one assignment: the mock GPU calls `PythonRemu.run_asm(self, lib, lib_sz, gx, gy, gz,
lx, ly, lz, args_ptr)` (test/mockgpu/helpers.py), which passes `self.rsrc2, self.scratch_size,
self.arch, self.user_data` on to its emulator; gpuisa.amd.run_asm takes exactly those.

usage: TINYGRAD_SRC=/path/to/tinygrad-checkout python3 scripts/tinygrad-mock-swap.py [--emu gpuisa|tinygrad|both]
(needs `gpuisa` installed, NumPy, and a `clang` on PATH for tinygrad's CPU device and emulator).
This script neither downloads nor builds tinygrad.
"""

import argparse
import json
import os
import subprocess
import sys
import time

PROGRAMS = ["elementwise", "reduction", "matmul", "conv2d", "softmax"]


def build(name, Tensor, np, rng):
    if name == "elementwise":
        arrays = [rng.standard_normal((256, 256)), rng.standard_normal((256, 256))]
        fn = lambda a, b: (a * b + a.exp() * 0.5 - b.abs().sqrt()).relu()  # noqa: E731
    elif name == "reduction":
        arrays = [rng.standard_normal((256, 1024))]
        fn = lambda a: a.sum(axis=1) + a.max(axis=1)  # noqa: E731
    elif name == "matmul":
        arrays = [rng.standard_normal((128, 128)), rng.standard_normal((128, 128))]
        fn = lambda a, b: a @ b  # noqa: E731
    elif name == "conv2d":
        arrays = [rng.standard_normal((2, 8, 24, 24)), rng.standard_normal((16, 8, 3, 3))]
        fn = lambda x, w: x.conv2d(w, padding=1).relu()  # noqa: E731
    else:
        arrays = [rng.standard_normal((64, 512))]
        fn = lambda a: a.softmax(axis=-1)  # noqa: E731
    return fn, [a.astype(np.float32) for a in arrays]


def child(emu, src):
    sys.path.insert(0, src)
    os.environ["DEV"] = "MOCK+AMD"
    import numpy as np
    from tinygrad import Tensor, dtypes

    import test.mockgpu.helpers as helpers

    if emu == "gpuisa":
        import gpuisa.amd

        # The swap.
        helpers.PythonRemu.run_asm = lambda self, lib, lib_sz, gx, gy, gz, lx, ly, lz, args_ptr: gpuisa.amd.run_asm(
            lib, lib_sz, gx, gy, gz, lx, ly, lz, args_ptr, self.rsrc2, self.scratch_size, self.arch, self.user_data
        )
    # Time spent inside the emulator (the rest is tinygrad: compiling, the mock GPU's queues, copies).
    inner, emu_s = helpers.PythonRemu.run_asm, [0.0]

    def timed(self, *a):
        t = time.perf_counter()
        try:
            return inner(self, *a)
        finally:
            emu_s[0] += time.perf_counter() - t

    helpers.PythonRemu.run_asm = timed
    out = []
    for dtype in ("float32", "float16"):
        dt = dtypes.float32 if dtype == "float32" else dtypes.float16
        for name in PROGRAMS:
            fn, arrays = build(name, Tensor, np, np.random.default_rng(7))
            times = []
            for _ in range(2):  # cold (compiles), then warm
                emu_s[0] = 0.0
                t0 = time.perf_counter()
                got = fn(*[Tensor(a, dtype=dt) for a in arrays]).numpy()
                times.append(time.perf_counter() - t0)
            want = fn(*[Tensor(a, dtype=dt, device="CPU") for a in arrays]).numpy()
            tol = 2e-5 if dtype == "float32" else 2e-2
            ok = got.shape == want.shape and bool(np.allclose(got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol))
            out.append({"program": name, "dtype": dtype, "cold_s": times[0], "warm_s": times[1], "warm_emu_s": emu_s[0], "equal_to_cpu": ok})
    print("RESULT " + json.dumps(out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emu", default="both", choices=["gpuisa", "tinygrad", "both"])
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    src = os.environ.get("TINYGRAD_SRC")
    if not src or not os.path.isdir(os.path.join(src, "test", "mockgpu")):
        sys.exit("set TINYGRAD_SRC to a tinygrad source checkout (with test/mockgpu)")
    if a.child:
        return child(a.emu, src)
    emus = ["gpuisa", "tinygrad"] if a.emu == "both" else [a.emu]
    res = {}
    for e in emus:
        p = subprocess.run([sys.executable, __file__, "--emu", e, "--child"], cwd=src, capture_output=True, text=True)
        line = next((x for x in p.stdout.splitlines() if x.startswith("RESULT ")), None)
        if p.returncode != 0 or line is None:
            sys.stderr.write(p.stdout[-3000:] + p.stderr[-3000:])
            sys.exit(f"the {e} run failed")
        res[e] = json.loads(line[7:])
    bad = 0
    hdr = f"{'program':<12} {'dtype':<8}" + "".join(f" {e[:6] + ' cold s':>13} {e[:6] + ' warm s':>13} {e[:6] + ' emu s':>12} {'ok':>3}" for e in emus)
    if len(emus) == 2:
        hdr += f" {'cold x':>7} {'warm x':>7} {'emu x':>7}"
    print(hdr)
    for i, r in enumerate(res[emus[0]]):
        line = f"{r['program']:<12} {r['dtype']:<8}"
        for e in emus:
            x = res[e][i]
            bad += e == "gpuisa" and not x["equal_to_cpu"]
            line += f" {x['cold_s']:>13.3f} {x['warm_s']:>13.3f} {x['warm_emu_s']:>12.3f} {'yes' if x['equal_to_cpu'] else 'NO':>3}"
        if len(emus) == 2:
            g, t = res["gpuisa"][i], res["tinygrad"][i]
            line += f" {t['cold_s'] / g['cold_s']:>7.1f} {t['warm_s'] / g['warm_s']:>7.1f} {t['warm_emu_s'] / max(g['warm_emu_s'], 1e-9):>7.1f}"
        print(line)
    if len(emus) == 2:
        for k in ("cold_s", "warm_s", "warm_emu_s"):
            g = sum(r[k] for r in res["gpuisa"])
            t = sum(r[k] for r in res["tinygrad"])
            print(f"total {k[:-2].replace('_', ' ')}: gpuisa {g:.2f} s, tinygrad's emulator {t:.2f} s, ratio {t / g:.1f}x")
    if bad:
        sys.exit(f"{bad} results of gpuisa differ from tinygrad's CPU device")


if __name__ == "__main__":
    main()
