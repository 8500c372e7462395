#!/usr/bin/env python3
"""gpuisa's RDNA3 emulator side by side with remu and tinygrad's Python emulator on the same
gfx1100 kernels: saxpy over 1M floats, a 128^3 tiled matmul and a 1M-int reduction (the
kernels of tests/kernels/gfx1100/emu.o, as scripts/amd-emu-bench.sh runs them), all through the
same host-memory `run_asm` call.

The three take raw code and host pointers, but remu's wave start is fixed (s[0:1] = kernel
arguments, work-group ids ending at s15), while clang's kernels expect their descriptor's
layout (dispatch packet and kernel-argument pointers in s[0:3], ids from s4). So every emulator
runs the same code: a short prologue, assembled here with gpuisa's assembler, that moves the ids
from s13..s15 to where the kernel wants them and loads the user SGPRs as literals, followed by
clang's code (its branches are relative) with each buffer_gl0_inv, a cache invalidation neither peer
decodes, replaced by two s_nop. Every emulator gets the same wave start
(remu's, with RSRC2 carrying the LDS size for tinygrad's emulator).

Reported: wall seconds of the run_asm call (best of --repeat), the CPU seconds it used (user +
system, every thread, from getrusage), wave-instructions/s and
lane-ops/s (the counts are gpuisa's for this code and dispatch; the others run the same
instruction stream), each result checked against NumPy.

usage: python3 scripts/amd-peers-bench.py [--remu /path/libremu.so] [--tinygrad-src DIR]
(REMU_LIB and TINYGRAD_SRC work too). The peers are used only if you give them: this script
neither downloads nor builds them. tinygrad's emulator needs a `clang` on PATH.
"""

import argparse
import ctypes
import os
import resource
import struct
import sys
import time

import numpy as np

import gpuisa
import gpuisa.amd as amd

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
EMU_O = os.path.join(ROOT, "tests", "kernels", "gfx1100", "emu.o")
N = 1 << 20


class Case:
    def __init__(self, name, grid, block, explicit, check, reset, lds_extra=0, raw=None):
        self.name, self.grid, self.block, self.explicit = name, grid, block, explicit
        self.check, self.reset, self.lds_extra, self.raw = check, reset, lds_extra, raw


def cases(rng):
    x = rng.standard_normal(N).astype(np.float32)
    y0 = rng.standard_normal(N).astype(np.float32)
    y = y0.copy()
    m = 128
    A = rng.standard_normal((m, m)).astype(np.float32)
    B = rng.standard_normal((m, m)).astype(np.float32)
    C = np.zeros((m, m), dtype=np.float32)
    v = rng.integers(-1000, 1000, N).astype(np.int32)
    out = np.zeros(1, dtype=np.int32)
    cref = A.astype(np.float64) @ B
    # saxpy written for remu's wave start (crates/gpuisa-remu/tests/data/saxpy_remu.s): no prologue.
    with open(os.path.join(ROOT, "crates", "gpuisa-remu", "tests", "data", "saxpy_remu.hex")) as f:
        sr_code = bytes.fromhex(f.read().strip())
    x2 = rng.standard_normal(N).astype(np.float32)
    y2_0 = rng.standard_normal(N).astype(np.float32)
    y2 = y2_0.copy()
    sr_args = ctypes.create_string_buffer(struct.pack("<QQfII", x2.ctypes.data, y2.ctypes.data, 2.0, 256, N), 32)
    return [
        Case("saxpy-remu", (N // 256, 1, 1), (256, 1, 1), [], lambda: np.allclose(y2, np.float32(2.0) * x2 + y2_0, rtol=1e-6, atol=1e-6),
             lambda: y2.__setitem__(slice(None), y2_0), raw=(sr_code, sr_args)),
        Case("saxpy", (N // 256, 1, 1), (256, 1, 1), [np.float32(2.0), x, y],
             lambda: np.allclose(y, np.float32(2.0) * x + y0, rtol=1e-6, atol=1e-6), lambda: y.__setitem__(slice(None), y0)),
        Case("matmul", (m // 16, m // 16, 1), (16, 16, 1), [A, B, C, np.int32(m)],
             lambda: np.allclose(C, cref, rtol=1e-4, atol=1e-4), lambda: C.fill(0)),
        Case("reduce", (N // 256, 1, 1), (256, 1, 1), [v, out, "local"],
             lambda: int(out[0]) == int(v.sum()), lambda: out.fill(0), lds_extra=1024),
    ]


def remu_ids(gy, gz):
    dims = 3 if (gy != 1 and gz != 1) else 2 if gy != 1 else 1
    return {1: {0: 15}, 2: {0: 14, 1: 15}, 3: {0: 13, 1: 14, 2: 15}}[dims]


def prepare(info, case):
    """Kernel arguments, dispatch packet and the prologue-patched code for `case`."""
    if case.raw is not None:
        code, args = case.raw
        return code, amd.remu_rsrc2(case.grid[1], case.grid[2]), 0, (args, None)
    ka = ctypes.create_string_buffer(max(info["kernarg_size"], 256))
    static = info["lds_size"]
    ex = [a for a in info["args"] if not a[3].startswith("hidden_")]
    for (_, off, sz, kind), v in zip(ex, case.explicit):
        if isinstance(v, str):
            data = struct.pack("<I", (static + 15) // 16 * 16)
        elif isinstance(v, np.ndarray):
            data = struct.pack("<Q", v.ctypes.data)
        else:
            data = np.asarray(v).tobytes()
        ka[off:off + sz] = data[:sz]
    g, b = case.grid, case.block
    for _, off, sz, kind in info["args"]:
        ax = "xyz".find(kind[-1])
        val = {"hidden_block_count": g[ax] if ax >= 0 else 0, "hidden_group_size": b[ax] if ax >= 0 else 0}.get(kind[:-2], 0)
        if kind == "hidden_grid_dims":
            val = 1 + (g[1] * b[1] > 1 or g[2] * b[2] > 1) + (g[2] * b[2] > 1)
        if val:
            ka[off:off + sz] = int(val).to_bytes(8, "little")[:sz]
    lds = (static + 15) // 16 * 16 + case.lds_extra
    user, packet = amd.user_sgprs(info["code_properties"], ctypes.addressof(ka), g, b, lds)
    rsrc2 = info["rsrc2"]
    first = (rsrc2 >> 1) & 0x1F
    src = remu_ids(g[1], g[2])
    lines, k = [], first
    for d in range(3):
        if rsrc2 & (1 << (7 + d)):
            lines.append(f"s_mov_b32 s{k}, s{src[d]}" if d in src else f"s_mov_b32 s{k}, 0")
            k += 1
    for i, w in enumerate(user):
        # Small values as inline constants (gpuisa's assembler refuses `0x0` here; under
        # valgrind the high halves of pointers are 0).
        lines.append(f"s_mov_b32 s{i}, {w}" if w <= 64 else f"s_mov_b32 s{i}, 0x{w:x}")
    pro = gpuisa.assemble("gfx1100", "\n".join(lines))
    body = bytearray(info["code"][: info["code_size"]])
    # buffer_gl0_inv (invalidate the L0 cache; nothing to do without caches) is an instruction
    # neither peer decodes: every emulator gets two s_nop 0 in its place (same size).
    for inst in gpuisa.disassemble("gfx1100", bytes(body)):
        if inst.mnemonic == "buffer_gl0_inv":
            body[inst.address:inst.address + 8] = bytes.fromhex("000080bf000080bf")
    code = pro + bytes(body)
    rsrc2_remu = amd.remu_rsrc2(g[1], g[2]) | (((lds + 511) // 512) << 15)
    keep = (ka, packet)
    return code, rsrc2_remu, lds, keep


def cpu_now():
    """CPU seconds used so far (user + system) by this process, every thread (gpuisa runs in
    it), and its waited-for children (the peers run in a forked child)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + ch.ru_utime + ch.ru_stime


def in_child(run):
    """Runs a peer in a forked child (remu panics and aborts on instructions it does not decode;
    tinygrad's emulator can crash the process); the child checks the result. Returns whether
    the run returned 0 and the result is right; raises if the child died."""

    def wrapped(code_buf, n, case, rsrc2, lds):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            try:
                rc = run(code_buf, n, case, rsrc2, lds)
                os.write(w, b"1" if rc == 0 and case.check() else b"0")
            finally:
                os._exit(0)
        os.close(w)
        got = os.read(r, 1)
        os.close(r)
        _, status = os.waitpid(pid, 0)
        if got == b"":
            raise RuntimeError(f"the process died (wait status {status:#x})")
        return got == b"1"

    return wrapped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--remu", default=os.environ.get("REMU_LIB"))
    ap.add_argument("--tinygrad-src", default=os.environ.get("TINYGRAD_SRC"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated kernels")
    a = ap.parse_args()
    blob = open(EMU_O, "rb").read()
    kname = {"saxpy": "saxpy", "matmul": "matmul", "reduce": "reduce_atomic"}
    emus = []
    cores = os.cpu_count() or 1

    def gpuisa_runner(threads):
        def run(code_buf, n, case, rsrc2, lds):
            return amd.run_asm_stats(ctypes.addressof(code_buf), n, *case.grid, *case.block, ARGS[0], rsrc2, 0, "rdna3", None,
                                     threads=threads, lds=lds)
        return run

    emus.append(("gpuisa", 1, gpuisa_runner(1)))
    if cores > 1:
        emus.append(("gpuisa", cores, gpuisa_runner(cores)))
    if a.remu:
        lib = ctypes.CDLL(a.remu)
        lib.run_asm.restype = ctypes.c_int32
        lib.run_asm.argtypes = [ctypes.c_void_p, ctypes.c_uint32] + [ctypes.c_uint32] * 6 + [ctypes.c_void_p]

        def remu_run(code_buf, n, case, rsrc2, lds):
            return lib.run_asm(ctypes.addressof(code_buf), n, *case.grid, *case.block, ctypes.c_void_p(ARGS[0]))

        emus.append(("remu", 1, in_child(remu_run)))
    if a.tinygrad_src:
        sys.path.insert(0, a.tinygrad_src)
        from test.mockgpu.amd.emu import run_asm as tg_run_asm

        def tg_run(code_buf, n, case, rsrc2, lds):
            return tg_run_asm(ctypes.addressof(code_buf), n, *case.grid, *case.block, ARGS[0], rsrc2, 0, "rdna3", None)

        emus.append(("tinygrad-emu", 1, in_child(tg_run)))
    print(f"{'kernel':<10} {'emulator':<13} {'threads':>7} {'wave-insts':>11} {'wall s':>9} {'cpu s':>8} {'M wi/s':>8} {'M lane-ops/s':>13} {'ok':>3}")
    rows = {}
    cpu_rows = {}
    for case in cases(np.random.default_rng(3)):
        if a.only and case.name not in a.only.split(","):
            continue
        info = None if case.raw else amd.kernel_info(blob, kname[case.name])
        code, rsrc2, lds, keep = prepare(info, case)
        code_buf = ctypes.create_string_buffer(code, len(code))
        # The prologue loads the user SGPRs itself: s[0:1] = args_ptr is overwritten, any value does.
        # (the raw saxpy-remu case reads them from s[0:1]).
        ARGS[0] = ctypes.addressof(keep[0])
        counts = gpuisa_runner(1)(code_buf, len(code), case, rsrc2, lds)
        case.reset()
        for name, threads, run in emus:
            best = None
            best_cpu = None
            ok = True
            try:
                for _ in range(a.repeat if name == "gpuisa" else 1):
                    case.reset()
                    c0 = cpu_now()
                    t0 = time.perf_counter()
                    child_ok = run(code_buf, len(code), case, rsrc2, lds)
                    dt = time.perf_counter() - t0
                    cpu = cpu_now() - c0
                    ok = ok and bool(case.check() if child_ok is None or isinstance(child_ok, dict) else child_ok)
                    best = dt if best is None else min(best, dt)
                    best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
            except Exception as e:  # a peer that cannot run this kernel
                print(f"{case.name:<10} {name:<13} {threads:>7} failed: {e}", flush=True)
                continue
            wi, lo = counts["wave_instructions"], counts["lane_ops"]
            if not ok:
                print(f"{case.name:<10} {name:<13} {threads:>7} wrong result (or an error code) after {best:.4f} s", flush=True)
                continue
            if ok:
                rows[(case.name, name, threads)] = wi / best
                cpu_rows[(case.name, name, threads)] = wi / max(best_cpu, 1e-3)
            print(f"{case.name:<10} {name:<13} {threads:>7} {wi:>11} {best:>9.4f} {best_cpu:>8.3f} {wi / best / 1e6:>8.2f} {lo / best / 1e6:>13.1f} {'yes' if ok else 'NO':>3}",
                  flush=True)
    for k in sorted({c for c, _, _ in rows}):
        g1 = rows.get((k, "gpuisa", 1))
        peers = [v for (c, n, _), v in rows.items() if c == k and n != "gpuisa"]
        if g1 and peers:
            c1 = cpu_rows.get((k, "gpuisa", 1))
            cpeers = [v for (c, n, _), v in cpu_rows.items() if c == k and n != "gpuisa"]
            print(f"{k}: gpuisa on one thread is {g1 / max(peers):.0f}x the faster peer in wall time, "
                  f"{c1 / max(cpeers):.0f}x in CPU time")


ARGS = [0]

if __name__ == "__main__":
    main()
