//! Kernel launches: a cubin function, its constant banks and parameters, a grid of blocks, and
//! `gpuisa run --arch sm_50 kernel.cubin --grid X --block Y [--buffer ..] [--param ..] [--constant ..]`.

use super::mem::{ConstBanks, Memory};
use super::warp::{Env, Program, Status, Warp, LANES, LOCAL_BYTES, LOCAL_TOP};
use super::ExecError;
use gpuisa_core::elf::Elf;
use gpuisa_core::target::{RunRequest, ToolError};
use std::io::Write;

/// Offset of the first kernel parameter in constant bank 0 (sm_5x).
pub const PARAM_BASE: usize = 0x140;

/// A kernel ready to launch.
pub struct Kernel {
    pub name: String,
    pub program: Program,
    /// Constant banks from the cubin (`.nv.constant3` globals, the kernel's own
    /// `.nv.constant2.NAME` literals, ...); bank 0 is built at launch.
    pub consts: ConstBanks,
    /// Shared memory per block: the cubin's `.nv.shared.NAME` plus any dynamic amount.
    pub shared_bytes: u32,
    /// Parameter layout (offset, size in bytes, ordinal order) from `.nv.info.NAME`'s
    /// EIATTR_KPARAM_INFO records; empty when the cubin has none.
    pub params: Vec<(u32, u32)>,
}

impl Kernel {
    /// A kernel from raw bundles (assembled code), with empty constant banks.
    pub fn from_code(name: &str, code: &[u8], sm: u8, compute: bool) -> Kernel {
        Kernel {
            name: name.to_string(),
            program: Program::new(code, sm),
            consts: ConstBanks::new(compute),
            shared_bytes: 0,
            params: Vec::new(),
        }
    }

    /// Loads function `name` (or the first one) of a cubin for `sm`.
    pub fn from_cubin(
        data: &[u8],
        name: Option<&str>,
        sm: u8,
        compute: bool,
    ) -> Result<Kernel, String> {
        let elf = Elf::parse(data).map_err(|e| e.to_string())?;
        let funcs = crate::cubin::functions(&elf);
        let f = match name {
            Some(n) => funcs.iter().find(|f| f.name == n).ok_or_else(|| {
                format!(
                    "no kernel '{n}' in the cubin (it has: {})",
                    funcs.iter().map(|f| f.name).collect::<Vec<_>>().join(", ")
                )
            })?,
            None => funcs
                .first()
                .ok_or("the cubin has no .text.<kernel> section")?,
        };
        let mut consts = ConstBanks::new(compute);
        let mut shared_bytes = 0u32;
        let mut params = Vec::new();
        for s in &elf.sections {
            // constant banks: global ones (`.nv.constant3`) and this kernel's own
            // (`.nv.constant2.NAME`); bank 0 images are rebuilt at launch
            if let Some(bank) = crate::cubin::constant_bank(s) {
                let owner = s.name.splitn(3, '.').nth(2).and_then(|r| r.split_once('.'));
                let mine = match owner {
                    Some((_, kernel)) => kernel == f.name,
                    None => true,
                };
                if bank != 0 && mine {
                    consts.write(bank, 0, s.data)?;
                }
            }
            if s.name.strip_prefix(".nv.shared.") == Some(f.name) {
                // Maxwell blocks have at most 48 KB (64 KB allowed here): a larger size is a
                // broken cubin, not an allocation to attempt
                if s.size > 0x1_0000 {
                    return Err(format!(
                        "{}: {} bytes of shared memory (at most 64 KB per block)",
                        s.name, s.size
                    ));
                }
                shared_bytes = s.size as u32;
            }
            if s.name.strip_prefix(".nv.info.") == Some(f.name) {
                params = kparam_info(s.data);
            }
        }
        Ok(Kernel {
            name: f.name.to_string(),
            program: Program::new(f.code, sm),
            consts,
            shared_bytes,
            params,
        })
    }
}

/// The parameters of a kernel from its `.nv.info.NAME` section: EIATTR_KPARAM_INFO (0x17)
/// records, each 12 bytes: u32 index, u16 ordinal, u16 offset in the parameter block, u32 with
/// the size in bytes in bits 18-31 (measured against `cuobjdump -elf`). Entries are a format
/// byte, an attribute byte, then 2 bytes (the value of formats 1-3, the payload size of format 4,
/// EIFMT_SVAL, whose payload follows). Returned in ordinal order.
pub fn kparam_info(info: &[u8]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u16, u32, u32)> = Vec::new();
    let mut i = 0;
    while i + 2 <= info.len() {
        let (fmt, attr) = (info[i], info[i + 1]);
        i += 2;
        match fmt {
            // NVAL, BVAL, HVAL: a 2-byte value field (zero for NVAL)
            1..=3 => i += 2,
            4 => {
                let Some(n) = info.get(i..i + 2) else { break };
                let n = u16::from_le_bytes([n[0], n[1]]) as usize;
                i += 2;
                let Some(v) = info.get(i..i + n) else { break };
                if attr == 0x17 && n == 12 {
                    let ordinal = u16::from_le_bytes([v[4], v[5]]);
                    let offset = u16::from_le_bytes([v[6], v[7]]) as u32;
                    let size = u32::from_le_bytes([v[8], v[9], v[10], v[11]]) >> 18;
                    out.push((ordinal, offset, size));
                }
                i += n;
            }
            _ => break,
        }
    }
    out.sort();
    out.into_iter().map(|(_, o, s)| (o, s)).collect()
}

/// Launch geometry, parameters and memory.
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Parameter bytes placed at c[0x0][0x140].
    pub params: Vec<u8>,
    /// Extra constant writes (bank, offset, bytes) applied after the cubin's banks.
    pub constants: Vec<(u32, usize, Vec<u8>)>,
    pub memory: Memory,
    /// Instruction budget over the whole launch.
    pub budget: u64,
    /// Trace filters (warps numbered across the grid, instruction addresses); empty = all.
    pub trace_warps: Vec<u64>,
    pub trace_pcs: Vec<u64>,
}

/// Runs every block of the launch; the warps of a block interleave at BAR.SYNC (each runs until
/// it reaches a barrier or exits; when all have, the barrier opens). Buffers in
/// `launch.memory` hold the results. Returns the number of warp-instructions issued.
pub fn run_kernel(
    k: &Kernel,
    launch: &mut Launch,
    mut trace: Option<&mut String>,
) -> Result<u64, ExecError> {
    let fault = |m: String| ExecError {
        kind: super::FaultKind::Invalid,
        pc: 0,
        inst: String::new(),
        message: m,
        block: [0; 3],
        warp: 0,
        lane: None,
        addr: None,
    };
    let mut consts = k.consts.clone();
    let mut c0 = vec![0u8; PARAM_BASE + launch.params.len()];
    for (i, v) in launch.block.iter().chain(launch.grid.iter()).enumerate() {
        c0[8 + 4 * i..12 + 4 * i].copy_from_slice(&v.to_le_bytes());
    }
    // c[0x0][0x0] / c[0x0][0x4]: the generic windows of shared and local memory (cvta.shared /
    // cvta.local OR these in; see sem::memory)
    c0[0x0..0x4].copy_from_slice(&(super::sem::SHARED_WINDOW as u32).to_le_bytes());
    c0[0x4..0x8].copy_from_slice(&(super::sem::LOCAL_WINDOW as u32).to_le_bytes());
    // c[0x0][0x20]: top of the per-thread local memory window (the stack pointer)
    c0[0x20..0x24].copy_from_slice(&LOCAL_TOP.to_le_bytes());
    c0[0x24..0x28].copy_from_slice(&LOCAL_BYTES.to_le_bytes());
    c0[PARAM_BASE..].copy_from_slice(&launch.params);
    consts.write(0, 0, &c0).map_err(fault)?;
    for (b, o, bytes) in &launch.constants {
        consts.write(*b, *o, bytes).map_err(fault)?;
    }
    let threads = launch.block.iter().map(|&x| x as u64).product::<u64>();
    if threads == 0 || threads > 1024 {
        return Err(fault(format!(
            "block of {threads} threads (1..1024 allowed)"
        )));
    }
    let nwarps = threads.div_ceil(LANES as u64) as usize;
    let mut budget = launch.budget;
    for bz in 0..launch.grid[2] {
        for by in 0..launch.grid[1] {
            for bx in 0..launch.grid[0] {
                let mut warps: Vec<Warp> = (0..nwarps)
                    .map(|wi| {
                        let t0 = (wi * LANES) as u64;
                        let mut tid = [[0u32; 3]; LANES];
                        let mut live = 0u32;
                        for (l, slot) in tid.iter_mut().enumerate() {
                            let t = t0 + l as u64;
                            if t < threads {
                                live |= 1 << l;
                                let (x, y) = (launch.block[0] as u64, launch.block[1] as u64);
                                *slot =
                                    [(t % x) as u32, ((t / x) % y) as u32, (t / (x * y)) as u32];
                            }
                        }
                        let mut w = Warp::new(live, tid, [bx, by, bz], k.program.registers);
                        w.index = wi as u32;
                        w
                    })
                    .collect();
                let mut shared = vec![0u8; k.shared_bytes as usize];
                let mut done = vec![false; nwarps];
                while done.iter().any(|d| !d) {
                    for (wi, warp) in warps.iter_mut().enumerate() {
                        if done[wi] {
                            continue;
                        }
                        let mut env = Env {
                            consts: &consts,
                            global: &mut launch.memory,
                            shared: &mut shared,
                            trace: trace.as_deref_mut(),
                            budget: &mut budget,
                            barrier: false,
                            trace_warps: &launch.trace_warps,
                            trace_pcs: &launch.trace_pcs,
                            global_warp: ((bz as u64 * launch.grid[1] as u64 + by as u64)
                                * launch.grid[0] as u64
                                + bx as u64)
                                * nwarps as u64
                                + wi as u64,
                        };
                        if warp.run(&k.program, &mut env)? == Status::Exited {
                            done[wi] = true;
                        }
                    }
                    // every warp has exited or waits at the barrier: it opens; a BAR.RED
                    // combines the predicates of the threads that reached it
                    if let Some(&(mode, ..)) = warps.iter().find_map(|w| w.red.as_ref()) {
                        let (mut count, mut all, mut any) = (0u32, true, false);
                        for w in warps.iter_mut() {
                            if let Some((_, p, lanes)) = w.red.take() {
                                count += p.count_ones();
                                all &= p == lanes;
                                any |= p != 0;
                            }
                        }
                        let r = match mode {
                            0 => count,
                            1 => all as u32,
                            _ => any as u32,
                        };
                        for w in warps.iter_mut() {
                            w.bar_result = r;
                        }
                    }
                }
            }
        }
    }
    Ok(launch.budget - budget)
}

/// Instructions (warp-instructions) a run may issue unless `--max-instructions` says otherwise.
pub const DEFAULT_BUDGET: u64 = 50_000_000;

/// A kernel argument value: bytes of a scalar, or a buffer's device address.
enum ArgValue {
    Scalar(Vec<u8>),
    Pointer(u64),
}

/// Reads a `.npy` file: (header bytes to write back, data bytes).
fn read_npy(path: &str) -> Result<(Vec<u8>, Vec<u8>), ToolError> {
    let b =
        std::fs::read(path).map_err(|e| ToolError::new(format!("cannot read '{path}': {e}")))?;
    let bad = || ToolError::new(format!("'{path}' is not a .npy file"));
    if b.len() < 10 || &b[..6] != b"\x93NUMPY" {
        return Err(bad());
    }
    let end = match b[6] {
        1 => 10 + u16::from_le_bytes([b[8], b[9]]) as usize,
        2 | 3 if b.len() >= 12 => 12 + u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize,
        _ => return Err(bad()),
    };
    if end > b.len() {
        return Err(bad());
    }
    Ok((b[..end].to_vec(), b[end..].to_vec()))
}

/// The `--arg` specs in order: buffers are added to `memory` as `arg<i>` (and listed in
/// `outputs` with their .npy header if any); scalars become little-endian bytes.
fn parse_args(
    args: &[String],
    memory: &mut Memory,
    outputs: &mut Vec<(usize, String, Option<Vec<u8>>)>,
) -> Result<Vec<ArgValue>, ToolError> {
    let help =
        "--arg file:PATH | npy:PATH | zeros:BYTES | i32:V | u32:V | i64:V | u64:V | f32:V | f64:V";
    let mut values = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let (kind, v) = a
            .split_once(':')
            .ok_or_else(|| ToolError::new(format!("bad argument '{a}'")).with_help(help))?;
        let bad = || ToolError::new(format!("bad value in argument {i} '{a}'")).with_help(help);
        let name = format!("arg{i}");
        let value = match kind {
            "file" | "npy" | "zeros" => {
                let (bytes, header) = match kind {
                    "file" => (
                        std::fs::read(v).map_err(|e| {
                            ToolError::new(format!("argument {i}: cannot read '{v}': {e}"))
                        })?,
                        None,
                    ),
                    "npy" => {
                        let (h, d) = read_npy(v)?;
                        (d, Some(h))
                    }
                    _ => {
                        let n = parse_u64(v).filter(|&n| n <= 1 << 30).ok_or_else(bad)?;
                        (vec![0u8; n as usize], None)
                    }
                };
                outputs.push((i, name.clone(), header));
                ArgValue::Pointer(memory.add(&name, bytes))
            }
            "i32" => ArgValue::Scalar(
                (v.trim()
                    .parse::<i64>()
                    .ok()
                    .and_then(|x| i32::try_from(x).ok()))
                .or_else(|| {
                    parse_u64(v)
                        .and_then(|x| u32::try_from(x).ok())
                        .map(|x| x as i32)
                })
                .ok_or_else(bad)?
                .to_le_bytes()
                .to_vec(),
            ),
            "u32" => ArgValue::Scalar(
                parse_u64(v)
                    .and_then(|x| u32::try_from(x).ok())
                    .ok_or_else(bad)?
                    .to_le_bytes()
                    .to_vec(),
            ),
            "i64" | "u64" => ArgValue::Scalar(parse_u64(v).ok_or_else(bad)?.to_le_bytes().to_vec()),
            "f32" => ArgValue::Scalar(
                v.trim()
                    .parse::<f32>()
                    .map_err(|_| bad())?
                    .to_le_bytes()
                    .to_vec(),
            ),
            "f64" => ArgValue::Scalar(
                v.trim()
                    .parse::<f64>()
                    .map_err(|_| bad())?
                    .to_le_bytes()
                    .to_vec(),
            ),
            _ => {
                return Err(
                    ToolError::new(format!("unknown argument kind '{kind}'")).with_help(help)
                )
            }
        };
        values.push(value);
    }
    Ok(values)
}

/// Places the arguments at the offsets the cubin's EIATTR_KPARAM_INFO gives (checking count
/// and sizes), or at natural alignment when the cubin has no such records.
fn layout_params(k: &Kernel, values: &[ArgValue]) -> Result<Vec<u8>, ToolError> {
    let bytes = |v: &ArgValue| match v {
        ArgValue::Scalar(b) => b.clone(),
        ArgValue::Pointer(a) => a.to_le_bytes().to_vec(),
    };
    let mut out = Vec::new();
    if k.params.is_empty() {
        for v in values {
            let b = bytes(v);
            while out.len() % b.len() != 0 {
                out.push(0);
            }
            out.extend_from_slice(&b);
        }
        return Ok(out);
    }
    if k.params.len() != values.len() {
        return Err(ToolError::new(format!(
            "kernel {} takes {} parameters (.nv.info), {} --arg given",
            k.name,
            k.params.len(),
            values.len()
        )));
    }
    for (i, (&(off, size), v)) in k.params.iter().zip(values).enumerate() {
        let b = bytes(v);
        if b.len() != size as usize {
            return Err(ToolError::new(format!(
                "kernel {} parameter {i} is {size} bytes (.nv.info), --arg {i} gives {}",
                k.name,
                b.len()
            ))
            .with_help("buffers are 8-byte pointers; use i32/u32/f32 for 4-byte scalars, i64/u64/f64 for 8"));
        }
        let end = (off + size) as usize;
        if out.len() < end {
            out.resize(end, 0);
        }
        out[off as usize..end].copy_from_slice(&b);
    }
    Ok(out)
}

fn parse_u64(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s
            .parse::<u64>()
            .ok()
            .or_else(|| s.parse::<i64>().ok().map(|v| v as u64)),
    }
}

fn dims(s: Option<&str>) -> Result<[u32; 3], ToolError> {
    let mut d = [1u32; 3];
    if let Some(s) = s {
        let parts: Vec<&str> = s.split(',').collect();
        if parts.is_empty() || parts.len() > 3 {
            return Err(
                ToolError::new(format!("bad geometry '{s}'")).with_help("use X, X,Y or X,Y,Z")
            );
        }
        for (i, p) in parts.iter().enumerate() {
            d[i] = parse_u64(p)
                .filter(|&v| v >= 1 && v <= u32::MAX as u64)
                .ok_or_else(|| {
                    ToolError::new(format!("bad geometry '{s}'"))
                        .with_help("use X, X,Y or X,Y,Z with positive numbers")
                })? as u32;
        }
    }
    Ok(d)
}

/// `gpuisa run` for Maxwell cubins.
pub fn run_request(
    sm: u8,
    req: &RunRequest,
    out: &mut dyn Write,
    diag: &mut dyn Write,
) -> Result<(), ToolError> {
    let data = std::fs::read(&req.file)
        .map_err(|e| ToolError::new(format!("cannot read '{}': {e}", req.file.display())))?;
    let compute = !matches!(req.profile.as_deref(), Some("graphics"));
    if let Some(p) = req.profile.as_deref() {
        if p != "graphics" && p != "compute" {
            return Err(ToolError::new(format!("unknown profile '{p}'"))
                .with_help("sm_5x profiles: compute (8 constant banks, default), graphics (18)"));
        }
    }
    let mut kernel_name = req.kernel.clone();
    let mut positional = Vec::new();
    for p in &req.params {
        match p.strip_prefix("kernel=") {
            Some(k) => kernel_name = Some(k.to_string()),
            None => positional.push(p.clone()),
        }
    }
    let mut kernel = Kernel::from_cubin(&data, kernel_name.as_deref(), sm, compute)
        .map_err(|e| ToolError::new(format!("{}: {e}", req.file.display())))?;
    if let Some(extra) = req.lds {
        kernel.shared_bytes = kernel
            .shared_bytes
            .checked_add(u32::try_from(extra).unwrap_or(u32::MAX))
            .filter(|&n| n <= 0x1_0000)
            .ok_or_else(|| ToolError::new("--lds: shared memory above 64 KB per block"))?;
    }
    let mut memory = Memory::default();
    for b in &req.buffers {
        let (name, spec) = b.split_once('=').ok_or_else(|| {
            ToolError::new(format!("bad buffer '{b}'"))
                .with_help("NAME=size:BYTES, NAME=u32:1,2,3 or NAME=FILE")
        })?;
        let bytes = if let Some(n) = spec.strip_prefix("size:") {
            let n = parse_u64(n)
                .filter(|&n| n <= 1 << 30)
                .ok_or_else(|| ToolError::new(format!("bad buffer size in '{b}'")))?;
            vec![0u8; n as usize]
        } else if let Some(list) = spec.strip_prefix("u32:") {
            let mut v = Vec::new();
            for x in list.split(',') {
                let w = parse_u64(x)
                    .ok_or_else(|| ToolError::new(format!("bad value '{x}' in '{b}'")))?;
                v.extend_from_slice(&(w as u32).to_le_bytes());
            }
            v
        } else {
            std::fs::read(spec).map_err(|e| {
                ToolError::new(format!("buffer '{name}': cannot read '{spec}': {e}"))
            })?
        };
        memory.add(name, bytes);
    }
    let mut params = Vec::new();
    for p in &positional {
        let (ty, v) = p.split_once(':').unwrap_or(("u32", p));
        let (size, value) = if let Some(buf) = v.strip_prefix('@') {
            let addr = memory
                .buffers
                .iter()
                .find(|(n, _, _)| n == buf)
                .map(|(_, a, _)| *a)
                .ok_or_else(|| ToolError::new(format!("parameter '{p}' names no buffer")))?;
            (8, addr)
        } else {
            let size = match ty {
                "u32" | "s32" => 4,
                "u64" | "s64" => 8,
                _ => {
                    return Err(ToolError::new(format!("bad parameter '{p}'"))
                        .with_help("parameters: @BUFFER (address), u32:V, u64:V or V"))
                }
            };
            (
                size,
                parse_u64(v).ok_or_else(|| ToolError::new(format!("bad parameter value '{p}'")))?,
            )
        };
        while params.len() % size != 0 {
            params.push(0);
        }
        params.extend_from_slice(&value.to_le_bytes()[..size]);
    }
    // --arg SPEC: buffers (file:, npy:, zeros:) and scalars, laid out per .nv.info
    let mut outputs: Vec<(usize, String, Option<Vec<u8>>)> = Vec::new();
    if !req.args.is_empty() {
        if !positional.is_empty() {
            return Err(ToolError::new("use either --arg or --param, not both"));
        }
        let values = parse_args(&req.args, &mut memory, &mut outputs)?;
        params = layout_params(&kernel, &values)?;
    }
    let mut constants = Vec::new();
    for c in &req.constants {
        let parsed = c.split_once('=').and_then(|(loc, v)| {
            let (b, o) = loc.split_once(':')?;
            Some((parse_u64(b)?, parse_u64(o)?, parse_u64(v)?))
        });
        let (b, o, v) = parsed.ok_or_else(|| {
            ToolError::new(format!("bad constant '{c}'"))
                .with_help("BANK:OFFSET=VALUE, a 32-bit word, e.g. 3:0x10=7")
        })?;
        constants.push((b as u32, o as usize, (v as u32).to_le_bytes().to_vec()));
    }
    let mut launch = Launch {
        grid: dims(req.grid.as_deref())?,
        block: dims(req.block.as_deref())?,
        params,
        constants,
        memory,
        budget: req.max_instructions.unwrap_or(DEFAULT_BUDGET),
        trace_warps: req.trace_waves.clone(),
        trace_pcs: req.trace_pcs.clone(),
    };
    let mut trace = if req.trace { Some(String::new()) } else { None };
    let r = run_kernel(&kernel, &mut launch, trace.as_mut());
    if let Some(t) = &trace {
        diag.write_all(t.as_bytes())?;
    }
    if let Ok(n) = &r {
        let blocks: u64 = launch.grid.iter().map(|&g| g as u64).product();
        writeln!(
            diag,
            "{}: kernel {}: {blocks} blocks, {n} warp-instructions",
            req.file.display(),
            kernel.name
        )?;
    }
    r.map_err(|e| {
        ToolError::new(format!(
            "{}: kernel {}: {e}",
            req.file.display(),
            kernel.name
        ))
    })?;
    if let Some(dir) = &req.out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| ToolError::new(format!("cannot create '{}': {e}", dir.display())))?;
        let mut s = String::new();
        for (i, name, npy_header) in &outputs {
            let data = launch.memory.get(name).unwrap_or(&[]);
            let (path, bytes) = match npy_header {
                Some(h) => {
                    let mut b = h.clone();
                    b.extend_from_slice(data);
                    (dir.join(format!("arg{i}.npy")), b)
                }
                None => (dir.join(format!("arg{i}.bin")), data.to_vec()),
            };
            std::fs::write(&path, &bytes)
                .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", path.display())))?;
            s.push_str(&format!("{} ({} bytes)\n", path.display(), data.len()));
        }
        out.write_all(s.as_bytes())?;
        return Ok(());
    }
    let json = req.json || req.format.as_deref() == Some("json");
    let mut s = String::new();
    if json {
        s.push('{');
        for (i, (name, _, data)) in launch.memory.buffers.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&format!("{name:?}:["));
            for (k, w) in data.chunks(4).enumerate() {
                let mut b = [0u8; 4];
                b[..w.len()].copy_from_slice(w);
                s.push_str(&format!(
                    "{}{}",
                    if k > 0 { "," } else { "" },
                    u32::from_le_bytes(b)
                ));
            }
            s.push(']');
        }
        s.push_str("}\n");
    } else {
        for (name, addr, data) in &launch.memory.buffers {
            s.push_str(&format!("{name} @0x{addr:x} ({} bytes):\n", data.len()));
            for (k, line) in data.chunks(32).enumerate() {
                s.push_str(&format!("  {:04x}:", k * 32));
                for w in line.chunks(4) {
                    let mut b = [0u8; 4];
                    b[..w.len()].copy_from_slice(w);
                    s.push_str(&format!(" {:08x}", u32::from_le_bytes(b)));
                }
                s.push('\n');
            }
        }
    }
    out.write_all(s.as_bytes())?;
    Ok(())
}
