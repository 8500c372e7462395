"""AMD RDNA3 machine code on host memory: the `run_asm` of remu and of tinygrad's mock GPU.

tinygrad's mock GPU (`DEV=MOCK+AMD`, test/mockgpu/amd) runs every dispatch through one function::

    run_asm(lib, lib_sz, gx, gy, gz, lx, ly, lz, args_ptr, rsrc2, scratch_size, arch, user_data)

with host addresses: `lib` is the kernel's entry point (raw machine code, `lib_sz` bytes readable
from there), `args_ptr` the kernel arguments, which hold host pointers to the buffers. `rsrc2` is
COMPUTE_PGM_RSRC2 (user SGPR count, work-group id enables, LDS size in 512-byte granules),
`scratch_size` the private bytes per lane, `user_data` the COMPUTE_USER_DATA words loaded into
s0, s1, ... (none: s[0:1] = `args_ptr`). :func:`run_asm` here has that signature and runs the
kernel on gpuisa's emulator, work-groups in parallel, reading and writing the host memory
directly. Like those emulators it trusts the addresses: a kernel that computes a wrong pointer
crashes the process.

:func:`kernel_info` gives what a dispatch of a kernel of an AMD code object needs (code from the
entry point, RSRC2, argument layout), for callers that hold a code object rather than raw code.
"""

from __future__ import annotations

import ctypes
import struct
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import EmulatorFault, GpuisaError, _gpuisa
from ._gpuisa import EmulatorFault as _NativeFault

__all__ = ["run_asm", "run_asm_stats", "kernel_info", "remu_rsrc2", "user_sgprs", "DEFAULT_RSRC2"]

#: tinygrad's default COMPUTE_PGM_RSRC2: 14 user SGPRs, work-group ids X and Y (s14, s15).
DEFAULT_RSRC2 = 0x19C


def remu_rsrc2(gy: int, gz: int) -> int:
    """The RSRC2 of remu's fixed wave start: the work-group ids end at s15 (x; or x, y; or x, y,
    z), the dimension count being 3 if gy != 1 and gz != 1, 2 if only gy != 1, else 1."""
    dims = 3 if (gy != 1 and gz != 1) else 2 if gy != 1 else 1
    return (16 - dims) << 1 | ((1 << dims) - 1) << 7


def run_asm_stats(
    lib: int,
    lib_sz: int,
    gx: int,
    gy: int,
    gz: int,
    lx: int,
    ly: int,
    lz: int,
    args_ptr: int,
    rsrc2: int = DEFAULT_RSRC2,
    scratch_size: int = 0,
    arch: str = "rdna3",
    user_data: Optional[Sequence[int]] = None,
    *,
    threads: int = 0,
    lds: Optional[int] = None,
) -> Dict[str, Any]:
    """:func:`run_asm`, returning the run's statistics (work-groups, waves, wave_instructions,
    lane_ops, exec_seconds). `threads`: worker threads (0: all cores); `lds`: LDS bytes per
    work-group instead of RSRC2's LDS_SIZE."""
    if arch not in ("rdna3", "gfx1100", "gfx1101", "gfx1102", "gfx1103"):
        raise GpuisaError(f"arch '{arch}': gpuisa's host dispatch runs RDNA3 (gfx11) code only")
    try:
        return _gpuisa.run_asm_host(
            int(lib),
            int(lib_sz),
            [int(gx), int(gy), int(gz)],
            [int(lx), int(ly), int(lz)],
            int(args_ptr),
            int(rsrc2),
            int(scratch_size),
            [int(v) & 0xFFFFFFFF for v in (user_data or [])],
            False,
            lds,
            int(threads),
        )
    except _NativeFault as e:
        msg, wave, lane, pc, inst, reason = e.args
        raise EmulatorFault(msg, wave, lane, pc, inst, reason) from None


def run_asm(
    lib: int,
    lib_sz: int,
    gx: int,
    gy: int,
    gz: int,
    lx: int,
    ly: int,
    lz: int,
    args_ptr: int,
    rsrc2: int = DEFAULT_RSRC2,
    scratch_size: int = 0,
    arch: str = "rdna3",
    user_data: Optional[List[int]] = None,
) -> int:
    """Runs RDNA3 machine code at host address `lib` over `gx*gy*gz` work-groups of
    `lx*ly*lz` work-items, on host memory; returns 0 (tinygrad's mock GPU's signature and
    return convention). A failing instruction raises :class:`gpuisa.EmulatorFault` with the
    wave, lane and pc (offset from `lib`) rather than returning a bare error code."""
    run_asm_stats(lib, lib_sz, gx, gy, gz, lx, ly, lz, args_ptr, rsrc2, scratch_size, arch, user_data)
    return 0


def kernel_info(code: bytes, kernel: Optional[str] = None) -> Dict[str, Any]:
    """A kernel of an AMD code object as a host dispatch sees it: `code` (bytes from the entry
    point to the image's end), `code_size` (bytes up to the next kernel's entry), `rsrc1`, `rsrc2`, `code_properties`, `scratch_size`, `lds_size`, `wave64`,
    `kernarg_size` and `args` (name, offset, size, value kind) from the metadata."""
    return _gpuisa.amd_kernel_info(bytes(code), kernel)


def user_sgprs(code_properties: int, kernarg_addr: int, grid: Sequence[int], block: Sequence[int], lds: int = 0) -> Tuple[List[int], Any]:
    """The user SGPRs (COMPUTE_USER_DATA) a runtime sets up for a kernel whose descriptor has
    `code_properties`: in order, the private segment buffer (4, zero: scratch goes through the
    scratch instructions), the dispatch packet pointer (2), the queue pointer (2, zero), the
    kernel-argument pointer (2). Returns (words, keep-alive): the dispatch packet, when one is
    asked for, is a host allocation that must outlive the run."""
    words: List[int] = []
    packet = None
    if code_properties & 1:
        words += [0, 0, 0, 0]
    if code_properties & 2:
        # hsa_kernel_dispatch_packet_t: setup (dimensions), work-group size, grid size in
        # work-items, private and group segment sizes, kernel-argument address.
        packet = ctypes.create_string_buffer(64)
        dims = 3 if grid[2] * block[2] > 1 else 2 if grid[1] * block[1] > 1 else 1
        struct.pack_into("<HH", packet, 0, 0, dims)
        struct.pack_into("<HHH", packet, 4, *[int(b) for b in block])
        struct.pack_into("<III", packet, 12, *[int(g) * int(b) for g, b in zip(grid, block)])
        struct.pack_into("<II", packet, 24, 0, int(lds))
        struct.pack_into("<Q", packet, 40, int(kernarg_addr))
        p = ctypes.addressof(packet)
        words += [p & 0xFFFFFFFF, p >> 32]
    if code_properties & 4:
        words += [0, 0]
    if code_properties & 8:
        words += [kernarg_addr & 0xFFFFFFFF, kernarg_addr >> 32]
    return words, packet
