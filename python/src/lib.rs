//! `gpuisa._gpuisa`: the native part of the Python package. It speaks bytes and plain tuples;
//! `gpuisa/__init__.py` turns them into NumPy arrays, data classes and exceptions.

use gpuisa_amdgpu::exec::{self, ArgValue, Isa, Launch};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_core::target::{
    AsmOptions, AsmRequest, DisasmOptions, DisasmRequest, InputFormat, RunRequest, Target,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

pyo3::create_exception!(_gpuisa, GpuisaError, pyo3::exceptions::PyException);
pyo3::create_exception!(_gpuisa, EmulatorFault, GpuisaError);

fn registry() -> gpuisa_core::target::Registry {
    gpuisa_cli::registry::registry()
}

fn target(name: &str) -> PyResult<&'static dyn Target> {
    registry().lookup(name).map_err(|e| {
        GpuisaError::new_err(format!(
            "{}{}",
            e.message,
            e.help.map(|h| format!(" ({h})")).unwrap_or_default()
        ))
    })
}

/// Every target: (name, family, description, aliases, can assemble, disassemble, run).
#[pyfunction]
fn targets() -> Vec<(String, String, String, Vec<String>, bool, bool, bool)> {
    registry()
        .all()
        .iter()
        .map(|t| {
            let c = t.capabilities();
            (
                t.name().to_string(),
                t.family().to_string(),
                t.description().to_string(),
                t.aliases().iter().map(|a| a.to_string()).collect(),
                c.asm,
                c.disasm,
                c.run,
            )
        })
        .collect()
}

/// The GCN generation of an `--arch` name, or `None` (gfx11, other ISAs).
fn gcn_gen(t: &dyn Target) -> Option<Gen> {
    gpuisa_amdgpu::TARGETS
        .iter()
        .find(|g| g.name == t.name())
        .map(|g| g.gen)
}

fn is_gfx11(t: &dyn Target) -> bool {
    gpuisa_amdgpu::targets::gfx11::TARGETS
        .iter()
        .any(|g| g.name() == t.name())
}

/// Decodes raw machine code. AMD: one tuple per instruction (address, size, text, mnemonic,
/// operands, encoding); an invalid word gives (address, 4, None, ...). Other targets: the
/// listing's lines as (address or -1, 0, text, "", "", "").
#[pyfunction]
#[pyo3(signature = (target_name, data, wave64 = false, base = 0))]
#[allow(clippy::type_complexity)]
fn disassemble(
    target_name: &str,
    data: &[u8],
    wave64: bool,
    base: u64,
) -> PyResult<Vec<(i64, u32, Option<String>, String, String, String)>> {
    let t = target(target_name)?;
    if let Some(gen) = gcn_gen(t) {
        return Ok(gpuisa_amdgpu::gcn::disassemble(gen, data, base)
            .into_iter()
            .map(|r| match r {
                Ok(i) => {
                    let text = i.text();
                    (
                        i.address as i64,
                        i.size as u32,
                        Some(text),
                        i.mnemonic,
                        i.operands,
                        i.encoding.to_string(),
                    )
                }
                Err(e) => (
                    e.address as i64,
                    4,
                    None,
                    String::new(),
                    String::new(),
                    String::new(),
                ),
            })
            .collect());
    }
    if is_gfx11(t) {
        return Ok(gpuisa_amdgpu::rdna3::disassemble(data, base, wave64)
            .into_iter()
            .map(|r| match r {
                Ok(i) => {
                    let (m, o) = match i.text.split_once(' ') {
                        Some((m, o)) => (m.to_string(), o.to_string()),
                        None => (i.text.clone(), String::new()),
                    };
                    (
                        i.address as i64,
                        i.size as u32,
                        Some(i.text),
                        m,
                        o,
                        i.class.to_string(),
                    )
                }
                Err(e) => (
                    e.address as i64,
                    4,
                    None,
                    String::new(),
                    String::new(),
                    String::new(),
                ),
            })
            .collect());
    }
    // Other ISAs: the target's own listing, one entry per line.
    let req = DisasmRequest {
        file_name: "<python>",
        data,
        format: InputFormat::Raw,
        options: DisasmOptions {
            base_address: base,
            wave64,
            ..Default::default()
        },
    };
    let (mut out, mut diag) = (Vec::new(), Vec::new());
    t.disassemble(&req, &mut out, &mut diag)
        .map_err(|e| GpuisaError::new_err(e.message))?;
    let text = String::from_utf8_lossy(&out);
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            (
                -1,
                0,
                Some(l.trim().to_string()),
                String::new(),
                String::new(),
                String::new(),
            )
        })
        .collect())
}

/// Assembles source text; errors raise `GpuisaError` with every diagnostic, rendered.
#[pyfunction]
#[pyo3(signature = (target_name, text, wave64 = false))]
fn assemble<'py>(
    py: Python<'py>,
    target_name: &str,
    text: &str,
    wave64: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let t = target(target_name)?;
    let req = AsmRequest {
        file_name: "<python>",
        source: text,
        options: AsmOptions {
            show_encoding: false,
            wave64,
        },
    };
    let r = t.assemble(&req);
    if r.has_errors() {
        return Err(GpuisaError::new_err(gpuisa_core::diag::render_all(
            "<python>",
            text,
            &r.diagnostics,
        )));
    }
    Ok(PyBytes::new(py, &r.bytes))
}

/// Runs an AMD kernel. `args`: (kind, bytes) with kind "buffer", "bytes" or "local" (bytes = the
/// size as 4 little-endian bytes). Returns (final bytes of each buffer or None, stats dict).
#[pyfunction]
#[pyo3(signature = (target_name, code, kernel, grid, block, args, lds = 0, threads = 0, max_instructions = None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn run_amd<'py>(
    py: Python<'py>,
    target_name: Option<&str>,
    code: &[u8],
    kernel: Option<&str>,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<(String, Vec<u8>)>,
    lds: u32,
    threads: usize,
    max_instructions: Option<u64>,
) -> PyResult<(Vec<Option<Bound<'py, PyBytes>>>, Bound<'py, PyDict>)> {
    // The ISA: given, or from the code object's processor.
    let isa = match target_name {
        Some(n) => {
            let t = target(n)?;
            match (gcn_gen(t), is_gfx11(t)) {
                (Some(g), _) => Isa::Gcn(g),
                (None, true) => Isa::Gfx11,
                _ => {
                    return Err(GpuisaError::new_err(format!(
                        "target '{n}' is not an AMD target; use run() for it"
                    )))
                }
            }
        }
        None => {
            let t = registry().for_elf(code).ok_or_else(|| {
                GpuisaError::new_err("not an AMD code object of a known processor: pass target=")
            })?;
            match (gcn_gen(t), is_gfx11(t)) {
                (Some(g), _) => Isa::Gcn(g),
                (None, true) => Isa::Gfx11,
                _ => {
                    return Err(GpuisaError::new_err(format!(
                        "the code object is for '{}', not an AMD GPU",
                        t.name()
                    )))
                }
            }
        }
    };
    let mut values = Vec::new();
    for (kind, bytes) in args {
        values.push(match kind.as_str() {
            "buffer" => ArgValue::Buffer(bytes),
            "bytes" => ArgValue::Bytes(bytes),
            "local" => ArgValue::Local(u32::from_le_bytes(
                bytes
                    .get(..4)
                    .and_then(|b| b.try_into().ok())
                    .unwrap_or([0; 4]),
            )),
            k => {
                return Err(PyValueError::new_err(format!(
                    "unknown argument kind '{k}'"
                )))
            }
        });
    }
    let launch = Launch {
        grid,
        block,
        dynamic_lds: lds,
        threads,
        max_instructions: max_instructions.unwrap_or(1 << 40),
        ..Launch::default()
    };
    let code = code.to_vec();
    let r = py.allow_threads(move || exec::run_detailed(isa, &code, kernel, &launch, &values));
    match r {
        Ok(r) => {
            let stats = PyDict::new(py);
            stats.set_item("workgroups", r.stats.workgroups)?;
            stats.set_item("waves", r.stats.waves)?;
            stats.set_item("wave_instructions", r.stats.wave_instructions)?;
            stats.set_item("lane_ops", r.stats.lane_ops)?;
            stats.set_item("exec_seconds", r.stats.exec_seconds)?;
            let by = PyDict::new(py);
            for (c, n) in &r.stats.by_class {
                by.set_item(*c, *n)?;
            }
            stats.set_item("by_class", by)?;
            let bufs = r
                .buffers
                .into_iter()
                .map(|b| b.map(|b| PyBytes::new(py, &b)))
                .collect();
            Ok((bufs, stats))
        }
        Err(e) => match e.fault {
            Some(f) => {
                let err = EmulatorFault::new_err((
                    e.message.clone(),
                    f.wave,
                    f.lane,
                    f.pc.wrapping_sub(exec::loader::CODE_BASE),
                    f.inst.clone(),
                    f.message.clone(),
                ));
                Err(err)
            }
            None => Err(GpuisaError::new_err(e.message)),
        },
    }
}

/// A failed run as the Python exception: `EmulatorFault` when an instruction failed.
fn run_error(e: exec::RunError) -> PyErr {
    match e.fault {
        Some(f) => EmulatorFault::new_err((
            e.message.clone(),
            f.wave,
            f.lane,
            f.pc.wrapping_sub(exec::loader::CODE_BASE),
            f.inst.clone(),
            f.message.clone(),
        )),
        None => GpuisaError::new_err(e.message),
    }
}

/// remu's and tinygrad's `run_asm` on host memory: raw gfx11 code at the address `lib`
/// (`lib_sz` bytes), the kernel-argument pointer `args_ptr`, the dispatch words (RSRC2, scratch
/// bytes per lane, user SGPR data). Returns the run's statistics.
///
/// Unsafe in the C sense: the addresses must be valid host memory (see `exec::host`).
#[pyfunction]
#[pyo3(signature = (lib, lib_sz, grid, block, args_ptr, rsrc2, scratch_size, user_data, wave64 = false, lds = None, threads = 0))]
#[allow(clippy::too_many_arguments)]
fn run_asm_host<'py>(
    py: Python<'py>,
    lib: u64,
    lib_sz: u64,
    grid: [u32; 3],
    block: [u32; 3],
    args_ptr: u64,
    rsrc2: u32,
    scratch_size: u32,
    user_data: Vec<u32>,
    wave64: bool,
    lds: Option<u32>,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if lib == 0 || lib_sz == 0 || lib_sz % 4 != 0 {
        return Err(PyValueError::new_err(
            "the code pointer is null or its size is not a non-zero multiple of 4",
        ));
    }
    let n = (lib_sz as usize).min(exec::host::MAX_CODE);
    // SAFETY: the caller (tinygrad's mock GPU, a ctypes user) passes a readable code range.
    let code = unsafe { std::slice::from_raw_parts(lib as usize as *const u8, n) };
    let r = py.allow_threads(move || {
        let h = exec::host::HostLaunch {
            code,
            grid,
            block,
            args_ptr,
            rsrc2,
            scratch_size,
            user_data: &user_data,
            lds_bytes: lds,
            wave64,
            threads,
        };
        // SAFETY: as documented, the caller vouches for the kernel's host addresses.
        unsafe { exec::host::run_host(&h) }
    });
    let st = r.map_err(run_error)?;
    let stats = PyDict::new(py);
    stats.set_item("workgroups", st.workgroups)?;
    stats.set_item("waves", st.waves)?;
    stats.set_item("wave_instructions", st.wave_instructions)?;
    stats.set_item("lane_ops", st.lane_ops)?;
    stats.set_item("exec_seconds", st.exec_seconds)?;
    Ok(stats)
}

/// A kernel of a code object as a host dispatch needs it: the code from the entry point, the
/// descriptor's words, the argument layout.
#[pyfunction]
#[pyo3(signature = (code, kernel = None))]
fn amd_kernel_info<'py>(
    py: Python<'py>,
    code: &[u8],
    kernel: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let loaded = exec::loader::load(code).map_err(GpuisaError::new_err)?;
    let k = exec::pick_kernel(&loaded, kernel).map_err(GpuisaError::new_err)?;
    let entry = k.kd.entry().wrapping_sub(exec::loader::CODE_BASE) as usize;
    let text = loaded.image.get(entry..).ok_or_else(|| {
        GpuisaError::new_err("the kernel's entry point is outside the code object's image")
    })?;
    // The kernel's code ends where the next kernel's begins (or at the image's end).
    let end = loaded
        .kernels
        .iter()
        .map(|o| o.kd.entry().wrapping_sub(exec::loader::CODE_BASE) as usize)
        .filter(|&e| e > entry && e <= loaded.image.len())
        .min()
        .unwrap_or(loaded.image.len());
    let d = PyDict::new(py);
    d.set_item("name", &k.name)?;
    d.set_item("code", PyBytes::new(py, text))?;
    d.set_item("code_size", end - entry)?;
    d.set_item("rsrc1", k.kd.rsrc1)?;
    d.set_item("rsrc2", k.kd.rsrc2)?;
    d.set_item("code_properties", k.kd.code_properties)?;
    d.set_item("scratch_size", k.kd.private_segment_size)?;
    d.set_item("lds_size", k.kd.group_segment_size)?;
    d.set_item("wave64", k.kd.wave_size() == 64)?;
    d.set_item("kernarg_size", k.kernarg_size.max(k.kd.kernarg_size))?;
    let args: Vec<(String, u32, u32, String)> = k
        .args
        .iter()
        .map(|a| (a.name.clone(), a.offset, a.size, a.value_kind.clone()))
        .collect();
    d.set_item("args", args)?;
    Ok(d)
}

/// Any target's emulator through its command-line contract (`--arg SPEC`, `--out-dir`): for
/// Maxwell cubins and MIMORI run files. Returns the summary the target prints.
#[pyfunction]
#[pyo3(signature = (target_name, file, kernel = None, grid = None, block = None, args = Vec::new(), out_dir = None, json = true, profile = None, trace = false, lds = None, threads = None, max_instructions = None))]
#[allow(clippy::too_many_arguments)]
fn run_target(
    target_name: &str,
    file: &str,
    kernel: Option<String>,
    grid: Option<String>,
    block: Option<String>,
    args: Vec<String>,
    out_dir: Option<String>,
    json: bool,
    profile: Option<String>,
    trace: bool,
    lds: Option<u64>,
    threads: Option<usize>,
    max_instructions: Option<u64>,
) -> PyResult<String> {
    let t = target(target_name)?;
    let req = RunRequest {
        trace,
        lds,
        threads,
        max_instructions,
        file: file.into(),
        kernel,
        grid,
        block,
        args,
        out_dir: out_dir.map(Into::into),
        json,
        profile,
        ..Default::default()
    };
    let (mut out, mut diag) = (Vec::new(), Vec::new());
    t.run(&req, &mut out, &mut diag).map_err(|e| {
        GpuisaError::new_err(format!(
            "{}{}",
            e.message,
            e.help.map(|h| format!(" ({h})")).unwrap_or_default()
        ))
    })?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The target whose ELF files `code` is (the name `--arch` takes), if any.
#[pyfunction]
fn target_for_elf(code: &[u8]) -> Option<String> {
    registry().for_elf(code).map(|t| t.name().to_string())
}

/// The structured listing of AMD machine code (`gpuisa disasm --json`'s lines: op, operands with
/// kinds and registers, modifiers; docs/json-listing.md), one JSON object per line.
#[pyfunction]
fn amd_listing_json(target_name: &str, data: &[u8], wave64: bool, base: u64) -> PyResult<String> {
    let t = target(target_name)?;
    if let Some(gen) = gcn_gen(t) {
        return Ok(gpuisa_amdgpu::listing_json::gcn(gen, data, base));
    }
    if is_gfx11(t) {
        return Ok(gpuisa_amdgpu::listing_json::gfx11(data, base, wave64));
    }
    Err(GpuisaError::new_err(format!(
        "{target_name}: the structured listing is for AMD targets"
    )))
}

#[pymodule]
fn _gpuisa(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(targets, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(amd_listing_json, m)?)?;
    m.add_function(wrap_pyfunction!(target_for_elf, m)?)?;
    m.add_function(wrap_pyfunction!(assemble, m)?)?;
    m.add_function(wrap_pyfunction!(run_amd, m)?)?;
    m.add_function(wrap_pyfunction!(run_target, m)?)?;
    m.add_function(wrap_pyfunction!(run_asm_host, m)?)?;
    m.add_function(wrap_pyfunction!(amd_kernel_info, m)?)?;
    m.add("GpuisaError", m.py().get_type::<GpuisaError>())?;
    m.add("EmulatorFault", m.py().get_type::<EmulatorFault>())?;
    Ok(())
}
