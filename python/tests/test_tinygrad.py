"""tinygrad as a client: real tinygrad programs compiled for gfx1100 by tinygrad's own renderer
and compiler, run on gpuisa's emulator (the GPUISA device of gpuisa.tinygrad_device), results
compared with tinygrad's CPU device. Skipped when tinygrad is not installed
(scripts/ci-tinygrad.sh installs it in a virtual environment and runs this file)."""

import os

import numpy as np
import pytest

import shutil
import tempfile

# The reference is tinygrad's CPU device, which runs a `clang` binary: where only a versioned one
# is installed (Debian's clang-19), a shim directory on PATH gives it the plain name.
if shutil.which("clang") is None:
    for v in ("clang-19", "clang-18", "clang-20", "clang-17"):
        if shutil.which(v):
            shim = tempfile.mkdtemp(prefix="gpuisa-clang-")
            os.symlink(shutil.which(v), os.path.join(shim, "clang"))
            os.environ["PATH"] = shim + os.pathsep + os.environ.get("PATH", "")
            break

tinygrad = pytest.importorskip("tinygrad", reason="tinygrad is not installed (pip install tinygrad)")

import gpuisa.tinygrad_device  # noqa: E402
from tinygrad import Tensor, dtypes  # noqa: E402

DEV, _ = gpuisa.tinygrad_device.register()

# tinygrad's gfx1100 compiler needs libLLVM (or ROCm's comgr): without one, skip with the reason;
# a failure of gpuisa itself is never turned into a skip.
try:
    (Tensor([1.0, 2.0], device=DEV) + 1).numpy()
except gpuisa.GpuisaError:
    raise
except Exception as e:  # noqa: BLE001
    pytest.skip(f"tinygrad cannot compile for gfx1100 on this machine: {e}", allow_module_level=True)


def both(fn, *arrays, dtype):
    """fn on the GPUISA device and on the CPU device, same inputs."""
    outs = []
    for d in (DEV, "CPU"):
        ts = [Tensor(a, device=d, dtype=dtype) for a in arrays]
        outs.append(fn(*ts).numpy())
    return outs


RNG = np.random.default_rng(1)
PROGRAMS = {
    "elementwise": (lambda a, b: (a * b + a.exp() * 0.5 - b.abs().sqrt()).relu(), [(33, 65), (33, 65)]),
    "where_max": (lambda a, b: (a > b).where(a, b * 2).maximum(a - 1), [(1000,), (1000,)]),
    "reduction": (lambda a: a.sum(axis=1) + a.max(axis=1), [(96, 300)]),
    "full_sum": (lambda a: a.sum(), [(5000,)]),
    "matmul": (lambda a, b: a @ b, [(64, 48), (48, 40)]),
    "conv2d": (lambda x, w: x.conv2d(w, padding=1).relu(), [(2, 3, 12, 12), (4, 3, 3, 3)]),
    "softmax": (lambda a: a.softmax(axis=-1), [(16, 100)]),
}


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_matches_cpu(name, dtype):
    fn, shapes = PROGRAMS[name]
    arrays = [RNG.standard_normal(s).astype(np.float32) for s in shapes]
    dt = dtypes.float32 if dtype == "float32" else dtypes.float16
    got, want = both(fn, *arrays, dtype=dt)
    assert got.shape == want.shape and got.dtype == want.dtype
    tol = 2e-5 if dtype == "float32" else 2e-2
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol)


def test_device_ran_kernels_on_the_emulator():
    before = gpuisa.tinygrad_device.device_class().stats["kernels"]
    x = Tensor(np.arange(64, dtype=np.float32), device=DEV)
    assert float((x * 2).sum().item()) == 2 * sum(range(64))
    st = gpuisa.tinygrad_device.device_class().stats
    assert st["kernels"] > before and st["wave_instructions"] > 0
