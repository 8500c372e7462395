"""gpuisa: GPU machine code from Python.

Assemble, disassemble and run code for AMD GCN (gfx6-gfx9) and RDNA3 (gfx11), NVIDIA Maxwell
(sm_50/52/53) and the MIMORI 30-bit ISA, with NumPy arrays in and out::

    import numpy as np, gpuisa
    x = np.arange(1024, dtype=np.float32); y = np.ones(1024, dtype=np.float32)
    stats = gpuisa.run("saxpy.o", kernel="saxpy", grid=4, block=256,
                       args=[np.float32(2.0), x, y])      # y is updated in place
    for inst in gpuisa.disassemble("gfx900", code_bytes):
        print(inst.address, inst.text)

See docs/python.md in the repository for a tutorial.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _gpuisa
from ._gpuisa import EmulatorFault as _NativeFault, GpuisaError

__all__ = [
    "GpuisaError",
    "EmulatorFault",
    "Instruction",
    "Target",
    "targets",
    "disassemble",
    "assemble",
    "run",
    "run_mimori",
    "local",
    "amd",
]


class EmulatorFault(GpuisaError):
    """An instruction failed in the emulator: `wave`, `lane` (or None), `pc` (offset in the code
    object), `instruction` (its text) and `reason`."""

    def __init__(self, message: str, wave: int, lane: Optional[int], pc: int, instruction: str, reason: str):
        super().__init__(message)
        self.wave = wave
        self.lane = lane
        self.pc = pc
        self.instruction = instruction
        self.reason = reason


@dataclass(frozen=True)
class Target:
    """One `--arch` name and what it can do."""

    name: str
    family: str
    description: str
    aliases: Tuple[str, ...]
    can_assemble: bool
    can_disassemble: bool
    can_run: bool


@dataclass(frozen=True)
class Instruction:
    """One decoded instruction. `text` is what the reference tool prints (llvm-objdump for AMD,
    nvdisasm for NVIDIA); `valid` is False for a word no instruction starts with (AMD: then
    `size` is 4 and the text is None). `address` is -1 where the listing has none."""

    address: int
    size: int
    text: Optional[str]
    mnemonic: str
    operands: str
    encoding: str
    data: bytes
    #: AMD: the operation (AMD's name, `V_ADD_F32`), the operands as structured objects (`field`,
    #: `kind`: vgpr/sgpr/ttmp/special/inline/inline_float/literal/imm, `reg` and `count` for
    #: registers, `value`/`name` otherwise) and the modifiers, as `gpuisa disasm --json` gives
    #: them (docs/json-listing.md). None / empty for other targets and invalid words.
    op: Optional[str] = None
    operand_list: Tuple[dict, ...] = ()
    modifiers: Optional[dict] = None

    @property
    def valid(self) -> bool:
        return self.text is not None


def targets() -> List[Target]:
    """Every target gpuisa knows."""
    return [Target(n, f, d, tuple(a), asm, dis, run) for (n, f, d, a, asm, dis, run) in _gpuisa.targets()]


def disassemble(target: str, data: Union[bytes, bytearray, np.ndarray], *, wave64: bool = False, base: int = 0) -> List[Instruction]:
    """Decodes machine code (raw bytes, or a NumPy array's bytes) for `target` ("gfx900",
    "gfx1100", "sm_50", "mimori", ...). AMD targets give one object per instruction with its
    mnemonic and operands; other targets one object per listing line."""
    raw = bytes(data.tobytes() if isinstance(data, np.ndarray) else data)
    structured = {}
    if any(t.name == target or target in t.aliases for t in targets() if t.family.startswith("AMD")):
        import json

        for line in _gpuisa.amd_listing_json(target, raw, wave64, base).splitlines():
            o = json.loads(line)
            if not o.get("invalid"):
                structured[o["address"]] = o
    out = []
    for (addr, size, text, mn, ops, enc) in _gpuisa.disassemble(target, raw, wave64, base):
        chunk = raw[addr - base: addr - base + size] if addr >= 0 and size > 0 else b""
        o = structured.get(addr) if text is not None else None
        if o is not None:
            out.append(Instruction(addr, size, text, mn, ops, enc, chunk, o["op"], tuple(o["operands"]), o["modifiers"]))
        else:
            out.append(Instruction(addr, size, text, mn, ops, enc, chunk))
    return out


def assemble(target: str, text: str, *, wave64: bool = False) -> bytes:
    """Assembles source text for `target`; raises GpuisaError with every diagnostic (file:line:col,
    the line and a caret) if any line is wrong."""
    return _gpuisa.assemble(target, text, wave64)


class local:
    """An OpenCL `__local` pointer argument: `nbytes` of LDS after the kernel's static allocation."""

    def __init__(self, nbytes: int):
        self.nbytes = int(nbytes)


def _dims(v: Union[int, Sequence[int]]) -> List[int]:
    d = [int(v)] if isinstance(v, (int, np.integer)) else [int(x) for x in v]
    if not 1 <= len(d) <= 3:
        raise ValueError(f"expected 1 to 3 dimensions, got {v!r}")
    return d + [1] * (3 - len(d))


class image:
    """An image argument (OpenCL `image1d_t` ... `image3d_t`) for AMD kernels: `array` of shape
    (W, C), (H, W, C) or (D, H, W, C) (C = channels; for one channel the axis may be left out)
    and a WebGPU texture format name (`rgba8unorm`, `r32float`, `rgba32float`, `rgba16float`,
    `r32uint`, ...). The image type comes from the kernel's metadata; the array is updated in
    place after the run (docs/images.md)."""

    def __init__(self, array: np.ndarray, format: str):
        self.array = array
        self.format = format


class sampler:
    """A sampler argument (OpenCL `sampler_t`): filter `nearest` or `linear`, address
    `none`, `clamp_to_edge`, `clamp`, `repeat` or `mirrored_repeat`, coordinates `normalized` or
    `unnormalized` (docs/images.md)."""

    def __init__(self, filter: str = "nearest", address: str = "clamp_to_edge", coords: str = "normalized"):
        self.spec = f"{filter},{address},{coords}"


def _run_amd_cli(blob: bytes, kernel, g, b, args, target, lds, threads, max_instructions) -> Dict[str, Any]:
    """AMD kernels with image or sampler arguments: through `gpuisa run`'s contract (the arrays
    as .npy files, written back after the run)."""
    import json

    target = target or _gpuisa.target_for_elf(blob)
    if target is None:
        raise GpuisaError("not an AMD code object of a known processor: pass target=")
    with tempfile.TemporaryDirectory(prefix="gpuisa-") as tmp:
        path = os.path.join(tmp, "kernel.o")
        with open(path, "wb") as f:
            f.write(blob)
        specs = []
        for i, a in enumerate(args):
            if isinstance(a, image):
                p = os.path.join(tmp, f"in{i}.npy")
                np.save(p, np.ascontiguousarray(a.array))
                specs.append(f"image:{p}:{a.format}")
            elif isinstance(a, sampler):
                specs.append(f"sampler:{a.spec}")
            elif isinstance(a, local):
                specs.append(f"local:{a.nbytes}")
            elif isinstance(a, np.ndarray):
                p = os.path.join(tmp, f"in{i}.npy")
                np.save(p, np.ascontiguousarray(a))
                specs.append(f"npy:{p}")
            elif isinstance(a, np.generic):
                kind = {"f": "f", "i": "i", "u": "u"}[a.dtype.kind] + str(a.dtype.itemsize * 8)
                specs.append(f"{kind}:{a.item()}")
            else:
                raise TypeError(f"unsupported argument of type {type(a).__name__} next to images")
        out = os.path.join(tmp, "out")
        text = _gpuisa.run_target(
            target, path, kernel, ",".join(map(str, g)), ",".join(map(str, b)), specs, out, True, None,
            False, int(lds) or None, int(threads) or None, max_instructions,
        )
        for i, a in enumerate(args):
            p = os.path.join(out, f"arg{i}.npy")
            dst = a.array if isinstance(a, image) else a
            if isinstance(dst, np.ndarray) and os.path.exists(p):
                dst[...] = np.load(p).reshape(dst.shape)
        try:
            return json.loads(text.strip().splitlines()[-1])
        except (ValueError, IndexError):
            return {"output": text}


def _amd_arg(a: Any) -> Tuple[str, bytes]:
    if isinstance(a, local):
        return ("local", a.nbytes.to_bytes(4, "little"))
    if isinstance(a, np.ndarray):
        return ("buffer", np.ascontiguousarray(a).tobytes())
    if isinstance(a, (bytes, bytearray)):
        return ("buffer", bytes(a))
    if isinstance(a, np.generic):
        return ("bytes", a.tobytes())
    if isinstance(a, bool):
        return ("bytes", np.int32(a).tobytes())
    if isinstance(a, int):
        raise TypeError(f"give the scalar {a} a width: np.int32({a}), np.uint64({a}), ...")
    if isinstance(a, float):
        raise TypeError(f"give the scalar {a} a width: np.float32({a}) or np.float64({a})")
    raise TypeError(f"unsupported kernel argument of type {type(a).__name__}")


def _is_elf_for(code: bytes, machine: int) -> bool:
    return code[:4] == b"\x7fELF" and len(code) > 20 and int.from_bytes(code[18:20], "little") == machine


def run(
    code: Union[str, os.PathLike, bytes],
    *,
    kernel: Optional[str] = None,
    grid: Union[int, Sequence[int]] = 1,
    block: Union[int, Sequence[int]] = 64,
    args: Sequence[Any] = (),
    target: Optional[str] = None,
    lds: int = 0,
    threads: int = 0,
    max_instructions: Optional[int] = None,
) -> Dict[str, Any]:
    """Runs a kernel on the emulator and returns the run's statistics.

    `code` is a path or the bytes of an AMD code object (linked or relocatable) or a Maxwell
    cubin. `grid` counts work-groups (thread blocks), `block` work-items per group. `args` are
    the kernel's arguments in order: NumPy arrays (buffers, updated in place after the run),
    NumPy scalars (`np.float32(2.0)`, `np.int32(5)`, ...), `gpuisa.local(nbytes)` for OpenCL
    `__local` pointers, `gpuisa.image(array, format)` and `gpuisa.sampler(...)` for image
    kernels (AMD). A failing instruction raises `EmulatorFault` (wave, lane, pc).
    """
    blob = bytes(code) if isinstance(code, (bytes, bytearray)) else open(code, "rb").read()
    g, b = _dims(grid), _dims(block)
    if _is_elf_for(blob, 190):  # EM_CUDA: Maxwell through the target's command-line contract
        return _run_cubin(blob, kernel, g, b, args, target or "sm_50", max_instructions)
    if any(isinstance(a, (image, sampler)) for a in args):
        return _run_amd_cli(blob, kernel, g, b, args, target, lds, threads, max_instructions)
    packed = [_amd_arg(a) for a in args]
    try:
        bufs, stats = _gpuisa.run_amd(target, blob, kernel, g, b, packed, int(lds), int(threads), max_instructions)
    except _NativeFault as e:
        msg, wave, lane, pc, inst, reason = e.args
        raise EmulatorFault(msg, wave, lane, pc, inst, reason) from None
    for a, out in zip(args, bufs):
        if out is not None and isinstance(a, np.ndarray):
            a.reshape(-1).view(np.uint8)[:] = np.frombuffer(out, dtype=np.uint8)
    return stats


def run_mimori(run_file: Union[str, os.PathLike], *, profile: str = "spec", trace: bool = False) -> Dict[str, Any]:
    """Runs a MIMORI run file (TOML: program, data, loop nest; see docs/mimori.md) on the
    cycle-level emulator and returns its JSON result (cycles, per-instruction counts, outputs).
    `profile` is "spec" or "mimori-rtl"."""
    import json

    text = _gpuisa.run_target("mimori", os.fspath(run_file), None, None, None, [], None, True, profile, trace)
    return json.loads(text)


def _run_cubin(blob: bytes, kernel, g, b, args, target, max_instructions) -> Dict[str, Any]:
    import json

    with tempfile.TemporaryDirectory(prefix="gpuisa-") as tmp:
        path = os.path.join(tmp, "kernel.cubin")
        with open(path, "wb") as f:
            f.write(blob)
        specs = []
        for i, a in enumerate(args):
            if isinstance(a, np.ndarray):
                p = os.path.join(tmp, f"in{i}.npy")
                np.save(p, np.ascontiguousarray(a))
                specs.append(f"npy:{p}")
            elif isinstance(a, np.generic):
                kind = {"f": "f", "i": "i", "u": "u"}[a.dtype.kind] + str(a.dtype.itemsize * 8)
                specs.append(f"{kind}:{a.item()}")
            else:
                raise TypeError(f"unsupported cubin argument of type {type(a).__name__}")
        out = os.path.join(tmp, "out")
        text = _gpuisa.run_target(target, path, kernel, ",".join(map(str, g)), ",".join(map(str, b)), specs, out, True, None)
        for i, a in enumerate(args):
            p = os.path.join(out, f"arg{i}.npy")
            if isinstance(a, np.ndarray) and os.path.exists(p):
                a[...] = np.load(p).reshape(a.shape)
        try:
            return json.loads(text.strip().splitlines()[-1])
        except (ValueError, IndexError):
            return {"output": text}


from . import amd  # noqa: E402  (gpuisa.amd.run_asm: remu's and tinygrad's host-memory entry)
