"""A tinygrad device that runs on gpuisa's RDNA3 emulator: ``Tensor(..., device="GPUISA")``.

tinygrad (``pip install tinygrad``) compiles each kernel for gfx1100 with its own public
renderer and compiler API (the same ones its AMD device uses: LLVM IR through libLLVM, or HIP C
through comgr when ROCm is installed); this device loads the resulting code object and runs
it with :func:`gpuisa.amd.run_asm_stats` on host memory: buffers are host allocations, the
kernel arguments hold their addresses, the user SGPRs are those the descriptor asks for, as
the hardware's dispatch would set them up.

Usage::

    import gpuisa.tinygrad_device
    gpuisa.tinygrad_device.register()          # once: makes "GPUISA" a tinygrad device
    from tinygrad import Tensor
    x = Tensor.rand(256, 256, device="GPUISA")
    print((x @ x).relu().sum().numpy())

``GPUISA_ARCH`` picks the target (default gfx1100); ``DEV=GPUISA:LLVM`` or ``DEV=GPUISA:HIP``
the renderer, as for tinygrad's AMD device. ``GpuisaDevice.stats`` accumulates the emulator's
statistics (kernels, wave_instructions, lane_ops, exec_seconds).
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys
import types
from typing import Any, Dict, Tuple

from . import amd

__all__ = ["register", "NAME"]

NAME = "GPUISA"


def _tinygrad():
    import tinygrad  # noqa: F401  (raises ImportError when tinygrad is not installed)
    from tinygrad.device import Allocator, Compiled, Program, TinyELF

    return Allocator, Compiled, Program, TinyELF


class _HostBuf:
    """A host allocation (or a view into one) with its address."""

    __slots__ = ("base", "addr", "size")

    def __init__(self, base: Any, addr: int, size: int):
        self.base, self.addr, self.size = base, addr, size


def _make_classes():
    Allocator, Compiled, Program, TinyELF = _tinygrad()
    from tinygrad.renderer.cstyle import HIPRenderer
    from tinygrad.renderer.llvmir import AMDLLVMRenderer

    class GpuisaAllocator(Allocator):
        def _alloc(self, size: int, options):
            raw = (ctypes.c_uint8 * max(size, 1))()
            return _HostBuf(raw, ctypes.addressof(raw), size)

        def _free(self, opaque, options):
            opaque.base = None

        def _copyin(self, dest: _HostBuf, src: memoryview):
            n = src.nbytes
            ctypes.memmove(dest.addr, (ctypes.c_char * n).from_buffer(src.cast("B")) if not src.readonly else bytes(src), n)

        def _copyout(self, dest: memoryview, src: _HostBuf):
            n = dest.nbytes
            ctypes.memmove((ctypes.c_char * n).from_buffer(dest.cast("B")), src.addr, n)

        def _offset(self, buf: _HostBuf, size: int, offset: int):
            return _HostBuf(buf, buf.addr + offset, size)

        def _as_buffer(self, src: _HostBuf) -> memoryview:
            return memoryview((ctypes.c_uint8 * src.size).from_address(src.addr)).cast("B")

    class GpuisaProgram(Program):
        def __init__(self, dev, obj):
            self.dev, self.name, self.signature, self.lib = dev, obj.name, obj.signature, obj.lib
            info = amd.kernel_info(obj.lib, obj.name if _has_kernel(obj.lib, obj.name) else None)
            self.code = ctypes.create_string_buffer(info["code"], len(info["code"]))
            self.info = info
            lds = info["lds_size"]
            # What a runtime writes to COMPUTE_PGM_RSRC2: the descriptor's, with the LDS size.
            self.rsrc2 = info["rsrc2"] | ((((lds + 511) // 512) & 0x1FF) << 15)
            self.lds = lds

        def __call__(self, *bufs, global_size=(1, 1, 1), local_size=(1, 1, 1), vals=(), wait=False, **kw):
            ka_size = max(self.info["kernarg_size"], 8 * len(bufs) + 8 * len(vals), 16)
            kernarg = (ctypes.c_uint8 * (ka_size + 64))()
            ka = ctypes.addressof(kernarg)
            for i, b in enumerate(bufs):
                struct.pack_into("<Q", kernarg, 8 * i, b.addr)
            if vals:
                sig = self.signature[-len(vals):]
                for v, (off, dt) in zip(vals, _TinyELF.iter_sig(sig, len(bufs) * 8)):
                    struct.pack_into("<" + dt.fmt, kernarg, off, v)
            user, packet = amd.user_sgprs(self.info["code_properties"], ka, global_size, local_size, self.lds)
            st = amd.run_asm_stats(
                ctypes.addressof(self.code),
                len(self.info["code"]),
                *global_size,
                *local_size,
                ka,
                self.rsrc2,
                self.info["scratch_size"],
                "rdna3",
                user,
                threads=int(os.environ.get("GPUISA_THREADS", "0")),
            )
            s = GpuisaDevice.stats
            s["kernels"] += 1
            for k in ("wave_instructions", "lane_ops", "exec_seconds"):
                s[k] += st[k]
            del packet
            return st["exec_seconds"] if wait else None

    class GpuisaDevice(Compiled):
        stats: Dict[str, Any] = {"kernels": 0, "wave_instructions": 0, "lane_ops": 0, "exec_seconds": 0.0}

        def __init__(self, device: str):
            super().__init__(
                device,
                GpuisaAllocator(self),
                [AMDLLVMRenderer, HIPRenderer],
                GpuisaProgram,
                arch=os.environ.get("GPUISA_ARCH", "gfx1100"),
            )

        def synchronize(self):
            pass

    _TinyELF = TinyELF
    return GpuisaDevice


def _has_kernel(lib: bytes, name: str) -> bool:
    try:
        amd.kernel_info(lib, name)
        return True
    except Exception:
        return False


_CLASS = None


def device_class():
    """The device class (after :func:`register`)."""
    if _CLASS is None:
        raise RuntimeError("call gpuisa.tinygrad_device.register() first")
    return _CLASS


def register(name: str = NAME) -> Tuple[str, Any]:
    """Makes `name` (default "GPUISA") a tinygrad device backed by gpuisa; returns
    (name, device class). Raises ImportError when tinygrad is not installed."""
    from tinygrad.device import Device

    global _CLASS
    if _CLASS is None:
        _CLASS = _make_classes()
    cls = _CLASS
    modname = f"tinygrad.runtime.ops_{name.lower()}"
    mod = types.ModuleType(modname)
    setattr(mod, name.capitalize() + "Device", cls)
    setattr(mod, name.upper() + "Device", cls)
    sys.modules[modname] = mod
    if name.upper() not in Device._devices:
        Device._devices.append(name.upper())
    return name.upper(), cls
