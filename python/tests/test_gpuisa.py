"""pytest suite of the Python package: run from the repository root with `pytest python/tests`
after `pip install ./python`."""

import os

import numpy as np
import pytest

import gpuisa

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KERNELS = os.path.join(ROOT, "tests", "kernels")
AMD = ["gfx600", "gfx700", "gfx803", "gfx900", "gfx906", "gfx1100", "gfx1100-w64"]


def obj(t):
    return os.path.join(KERNELS, t, "emu.o")


def test_targets_list_every_family():
    ts = {t.name: t for t in gpuisa.targets()}
    for name in ["mimori", "gfx600", "gfx900", "gfx1100", "sm_50"]:
        assert name in ts
    assert ts["gfx900"].can_run and ts["gfx900"].can_assemble and ts["gfx900"].can_disassemble
    assert "tahiti" in ts["gfx600"].aliases


def test_assemble_and_disassemble_round_trip():
    text = "v_add_f32 v0, v1, v2\ns_mov_b32 s0, 0x12345678\ns_endpgm\n"
    code = gpuisa.assemble("gfx900", text)
    assert code[:4] == bytes.fromhex("01050002")
    insts = gpuisa.disassemble("gfx900", code)
    assert [i.text for i in insts] == ["v_add_f32_e32 v0, v1, v2", "s_mov_b32 s0, 0x12345678", "s_endpgm"]
    assert [i.size for i in insts] == [4, 8, 4]
    assert insts[1].mnemonic == "s_mov_b32" and insts[1].operands == "s0, 0x12345678"
    assert insts[1].data == code[4:12]
    assert gpuisa.assemble("gfx900", "\n".join(i.text for i in insts)) == code


def test_amd_instructions_are_structured():
    # The operation, typed operands and modifiers of each instruction (docs/json-listing.md).
    code = gpuisa.assemble("gfx900", "v_add_f32 v0, v1, v2\ns_mov_b32 s0, 0x12345678\n")
    a, b = gpuisa.disassemble("gfx900", code)
    assert a.op == "V_ADD_F32" and b.op == "S_MOV_B32"
    assert a.operand_list[0] == {"field": "vdst", "kind": "vgpr", "reg": 0, "count": 1}
    assert a.operand_list[1] == {"field": "src0", "kind": "vgpr", "reg": 1, "count": 1}
    assert b.operand_list[1] == {"field": "ssrc0", "kind": "literal", "value": 0x12345678}
    assert a.modifiers["clamp"] is False
    c, = gpuisa.disassemble("gfx1100", gpuisa.assemble("gfx1100", "global_load_b64 v[2:3], v1, s[4:5] offset:16"))
    assert c.op == "GLOBAL_LOAD_B64"
    assert [(o["field"], o.get("reg"), o.get("count")) for o in c.operand_list] == [
        ("vdst", 2, 2), ("addr", 1, 1), ("saddr", 4, 2)]
    # Not AMD: no structured fields.
    assert all(i.op is None for i in gpuisa.disassemble("mimori", gpuisa.assemble("mimori", "0 + 0 + 0 -> push\n")))


def test_disassemble_marks_invalid_words():
    insts = gpuisa.disassemble("gfx900", bytes([0xFF, 0xFF, 0xFF, 0xFF]))
    assert len(insts) == 1 and not insts[0].valid and insts[0].size == 4


def test_gfx11_wave64_listing():
    code = gpuisa.assemble("gfx1100", "v_cmp_eq_u32 vcc, v0, v1", wave64=True)
    assert [i.text for i in gpuisa.disassemble("gfx1100", code, wave64=True)] == ["v_cmp_eq_u32_e32 vcc, v0, v1"]


def test_assembler_errors_are_exceptions_with_positions():
    with pytest.raises(gpuisa.GpuisaError) as e:
        gpuisa.assemble("gfx900", "s_nop 0\nv_bogus v0\n")
    assert "<python>:2:1" in str(e.value)


def test_mimori_assembles():
    code = gpuisa.assemble("mimori", "0 + 0 + 0 -> push\nT0 + |I0 - I1| -> push\n")
    assert len(code) == 8 and any(i.text for i in gpuisa.disassemble("mimori", code))


@pytest.mark.parametrize("t", AMD)
def test_saxpy_updates_arrays_in_place(t):
    n = 1024
    x = np.linspace(-3, 3, n, dtype=np.float32)
    y = np.arange(n, dtype=np.float32) % 7
    # clang contracts a*x+y: into an fma on gfx9/gfx11 (the exact product-sum, exact in f64 for
    # these inputs, rounded once), into v_mac_f32 on gfx6-gfx8 (product and sum rounded apart).
    if t in ("gfx600", "gfx700", "gfx803"):
        want = np.float32(1.5) * x + y
    else:
        want = (np.float64(1.5) * x.astype(np.float64) + y.astype(np.float64)).astype(np.float32)
    stats = gpuisa.run(obj(t), kernel="saxpy", grid=n // 256, block=256, args=[np.float32(1.5), x, y])
    assert np.array_equal(y, want)
    assert stats["wave_instructions"] > 0 and stats["waves"] >= n // 64


@pytest.mark.parametrize("t", AMD)
def test_matmul_with_lds_and_barriers(t):
    n = 32
    rng = np.random.default_rng(1)
    a = (rng.integers(-8, 8, (n, n)) / 4).astype(np.float32)
    b = (rng.integers(-8, 8, (n, n)) / 2).astype(np.float32)
    c = np.zeros((n, n), dtype=np.float32)
    gpuisa.run(obj(t), kernel="matmul", grid=(2, 2), block=(16, 16), args=[a, b, c, np.int32(n)])
    assert np.array_equal(c, a @ b)  # exact: small dyadic values


def test_local_argument_and_atomics():
    v = np.arange(512, dtype=np.int32)
    out = np.zeros(1, dtype=np.int32)
    gpuisa.run(obj("gfx900"), kernel="reduce_atomic", grid=2, block=256, args=[v, out, gpuisa.local(1024)], threads=2)
    assert out[0] == v.sum()


def test_faults_are_exceptions_with_wave_lane_pc():
    x = np.zeros(64, dtype=np.float32)
    y = np.zeros(16, dtype=np.float32)
    with pytest.raises(gpuisa.EmulatorFault) as e:
        gpuisa.run(obj("gfx900"), kernel="saxpy", grid=1, block=64, args=[np.float32(1), x, y])
    f = e.value
    assert f.wave == 0 and f.lane == 16 and f.pc > 0 and "global_load_dword" in f.instruction


def test_argument_errors():
    with pytest.raises(TypeError):
        gpuisa.run(obj("gfx900"), kernel="saxpy", grid=1, block=64, args=[2.0, np.zeros(64, np.float32), np.zeros(64, np.float32)])
    with pytest.raises(gpuisa.GpuisaError):
        gpuisa.run(obj("gfx900"), kernel="nope", grid=1, block=64, args=[])
    with pytest.raises(gpuisa.GpuisaError):
        gpuisa.run(obj("gfx900"), kernel="saxpy", grid=1, block=64, args=[np.float32(1)])


def test_mimori_run_file():
    ex = os.path.join(ROOT, "examples", "mimori")
    r = gpuisa.run_mimori(os.path.join(ex, "gemm.toml"))
    a = np.loadtxt(os.path.join(ex, "data", "gemm_a.csv"), delimiter=",", dtype=np.int64).reshape(16, 16)
    b = np.loadtxt(os.path.join(ex, "data", "gemm_b.csv"), delimiter=",", dtype=np.int64).reshape(16, 16)
    assert r["cycles"] > 0 and r["shape"] == [16, 16]
    # The ALU is 30 bits wide: compare modulo 2^30, sign-extended.
    want = ((a @ b + (1 << 29)) % (1 << 30)) - (1 << 29)
    assert np.array_equal(np.array(r["dram"]).reshape(16, 16), want)


PTXAS = os.path.join(ROOT, ".nvtools", "bin", "ptxas")


@pytest.mark.skipif(not os.path.exists(PTXAS), reason="ptxas not fetched (scripts/fetch-nv-tools.sh)")
def test_cubin_saxpy(tmp_path):
    import subprocess

    cubin = tmp_path / "k.cubin"
    subprocess.run([PTXAS, "-arch=sm_50", os.path.join(ROOT, "tests", "ptx", "run", "kernels.ptx"), "-o", str(cubin)], check=True)
    n = 1000
    x = np.linspace(-1, 1, n, dtype=np.float32)
    y = np.arange(n, dtype=np.float32)
    want = (np.float64(2.5) * x.astype(np.float64) + y.astype(np.float64)).astype(np.float32)
    gpuisa.run(str(cubin), kernel="saxpy", grid=4, block=256, args=[np.float32(2.5), x, y, np.int32(n)])
    assert np.array_equal(y, want)


@pytest.mark.parametrize("t", ["gfx803", "gfx900"])
def test_image_kernels(t):
    # tests/kernels/images.cl: dst = 2 * src + (x, y, 0, 0) through read_imagef/write_imagef, and
    # a sampler argument (nearest, clamp to edge, normalized) at texel centres.
    obj = os.path.join(KERNELS, t, "images.o")
    rng = np.random.default_rng(5)
    src = rng.random((8, 16, 4), dtype=np.float32)
    dst = np.zeros_like(src)
    gpuisa.run(obj, kernel="scale_copy", grid=(2, 2), block=(8, 4),
               args=[gpuisa.image(src, "rgba32float"), gpuisa.image(dst, "rgba32float")])
    y, x = np.mgrid[0:8, 0:16]
    want = 2 * src + np.stack([x, y, 0 * x, 0 * x], axis=-1).astype(np.float32)
    assert np.array_equal(dst, want)
    out = np.zeros((8, 16, 4), dtype=np.float32)
    gpuisa.run(obj, kernel="sample_arg", grid=(2, 2), block=(8, 4),
               args=[gpuisa.image(src, "rgba32float"), gpuisa.sampler("nearest", "clamp_to_edge", "normalized"),
                     out, np.float32(0.5), np.float32(0.5)])
    assert np.array_equal(out, src)
