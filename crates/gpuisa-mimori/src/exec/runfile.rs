//! The run file (TOML) of `gpuisa run --arch mimori`: the machine, the program, the loop nest that
//! drives aofs/bofs and picks the instruction ranges, the input streams and the DRAM output layout.
//! See docs/mimori.md for the full description and examples/mimori/*.toml for real ones.

use super::data;
use super::{
    Axis, Config, Gather, Loop, LoopKind, OutputLayout, Range, Schedule, Stream, StreamData,
};
use crate::inst::{decode, Inst};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunFile {
    /// The program: an assembly file (.s), raw code (.bin) or hex words (.hex), relative to the run file.
    program: String,
    profile: Option<String>,
    machine: MachineSpec,
    #[serde(default, rename = "loop")]
    loops: Vec<LoopSpec>,
    lanes: Option<LanesSpec>,
    schedule: ScheduleSpec,
    #[serde(default)]
    input: InputSpec,
    output: OutputSpec,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MachineSpec {
    warps: u32,
    reg_per_warp: u8,
    #[serde(default)]
    clut: [i64; 4],
    tex_lut: Option<Vec<Vec<i64>>>,
    logic_lut: Option<Vec<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoopSpec {
    kind: String,
    axis: u8,
    count: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LanesSpec {
    shape: Vec<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScheduleSpec {
    body: [u32; 2],
    #[serde(default)]
    prologue: BTreeMap<String, [u32; 2]>,
    #[serde(default)]
    epilogue: BTreeMap<String, [u32; 2]>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct InputSpec {
    #[serde(rename = "I0")]
    i0: Option<StreamSpec>,
    #[serde(rename = "I1")]
    i1: Option<StreamSpec>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum DataSpec {
    Inline(Vec<i64>),
    File(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StreamSpec {
    data: DataSpec,
    index: Option<BTreeMap<String, i64>>,
    #[serde(default)]
    offset: i64,
    pad: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OutputSpec {
    shape: Vec<usize>,
    index: Option<BTreeMap<String, i64>>,
    #[serde(default)]
    offset: i64,
}

fn axis_name(name: &str, field: &str) -> Result<Axis, String> {
    let bad = || format!("{field}: '{name}' is not an axis (a0..a5 for aofs, b0..b5 for bofs)");
    let (kind, n) = name.split_at(1.min(name.len()));
    let n: u8 = n.parse().map_err(|_| bad())?;
    if n > 5 {
        return Err(bad());
    }
    match kind {
        "a" => Ok(Axis::A(n)),
        "b" => Ok(Axis::B(n)),
        _ => Err(bad()),
    }
}

fn gather(index: &BTreeMap<String, i64>, offset: i64, field: &str) -> Result<Gather, String> {
    let mut coefs = Vec::new();
    for (k, &v) in index {
        coefs.push((axis_name(k, field)?, v));
    }
    Ok(Gather { offset, coefs })
}

fn range(r: [u32; 2], field: &str, len: usize) -> Result<Range, String> {
    if r[0] > r[1] || r[1] as usize > len {
        return Err(format!(
            "{field}: range [{}, {}] is not within the program's {len} instructions (give [start, end) with start <= end)",
            r[0], r[1]
        ));
    }
    Ok(r[0]..r[1])
}

fn levels(
    m: &BTreeMap<String, [u32; 2]>,
    field: &str,
    depth: usize,
    len: usize,
) -> Result<Vec<(usize, Range)>, String> {
    let mut out = Vec::new();
    for (k, r) in m {
        let lvl: usize = k.parse().map_err(|_| {
            format!("{field}: key '{k}' is not a level (a number of innermost loops, 1..={depth})")
        })?;
        if lvl == 0 || lvl > depth {
            return Err(format!(
                "{field}: level {lvl} is outside 1..={depth} (the loop nest has {depth} loops)"
            ));
        }
        out.push((lvl, range(*r, &format!("{field}.{k}"), len)?));
    }
    out.sort_by_key(|x| x.0);
    Ok(out)
}

/// The largest DRAM output array a run file may ask for (2^28 16-bit values, 512 MiB).
pub const MAX_OUTPUT_ELEMENTS: usize = 1 << 28;

/// Loads the program named by a run file: `.s` assembly, `.hex` words, anything else raw LE words.
pub fn load_program(path: &Path) -> Result<Vec<Inst>, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read program '{}': {e}", path.display()))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let words: Vec<u32> = match ext {
        "s" | "asm" => {
            let src = String::from_utf8_lossy(&bytes);
            let a = crate::syntax::parse::assemble(&src);
            if a.has_errors() {
                let name = path.display().to_string();
                return Err(format!(
                    "program does not assemble:\n{}",
                    gpuisa_core::diag::render_all(&name, &src, &a.diagnostics)
                ));
            }
            a.words.into_iter().map(|(w, _)| w).collect()
        }
        "hex" => {
            let b = gpuisa_core::input::parse_hex_words(&String::from_utf8_lossy(&bytes), 4)
                .map_err(|e| format!("'{}':{e}", path.display()))?;
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        }
        _ => {
            if bytes.len() % 4 != 0 {
                return Err(format!(
                    "'{}' is not a whole number of 32-bit words",
                    path.display()
                ));
            }
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        }
    };
    words
        .iter()
        .enumerate()
        .map(|(i, &w)| decode(w).map_err(|e| format!("program word {i}: {e}")))
        .collect()
}

/// Parses and validates a run file. Relative paths are resolved against `dir`.
/// Returns the configuration and the profile the file asks for (if any).
pub fn parse(text: &str, dir: &Path) -> Result<(Config, Option<String>), String> {
    let rf: RunFile = toml::from_str(text).map_err(|e| format!("run file: {e}"))?;
    let resolve = |p: &str| -> PathBuf { dir.join(p) };
    let program = load_program(&resolve(&rf.program))?;
    let m = rf.machine;
    if m.warps == 0 || m.warps % 2 != 0 || m.warps > 64 {
        return Err(format!(
            "machine.warps: {} is not an even number of warps in 2..=64 (warps issue in pairs)",
            m.warps
        ));
    }
    if m.reg_per_warp > 7 {
        return Err(format!(
            "machine.reg_per_warp: {} does not fit the 3-bit field (0..=7)",
            m.reg_per_warp
        ));
    }
    let mut clut = [0i32; 4];
    for (k, &v) in m.clut.iter().enumerate() {
        if !(-(1 << 19)..(1 << 20)).contains(&v) {
            return Err(format!("machine.clut[{k}]: {v} does not fit in 20 bits"));
        }
        clut[k] = super::wrap20(v);
    }
    let mut tex = super::DEFAULT_TEX_LUT;
    if let Some(t) = m.tex_lut {
        if t.len() != 4 {
            return Err(format!(
                "machine.tex_lut: {} tables given, expected 4 tables of 17 entries",
                t.len()
            ));
        }
        for (k, table) in t.iter().enumerate() {
            if table.len() != 17 {
                return Err(format!(
                    "machine.tex_lut[{k}]: {} entries, expected 17",
                    table.len()
                ));
            }
            for (j, &v) in table.iter().enumerate() {
                tex[k][j] = i16::try_from(v).map_err(|_| {
                    format!("machine.tex_lut[{k}][{j}]: {v} is not a signed 16-bit value")
                })?;
            }
        }
    }
    let mut logic = super::DEFAULT_LOGIC_LUT;
    if let Some(l) = m.logic_lut {
        if l.len() != 8 {
            return Err(format!(
                "machine.logic_lut: {} entries, expected 8 truth tables (0-255)",
                l.len()
            ));
        }
        logic.copy_from_slice(&l);
    }
    let mut loops = Vec::new();
    for (k, l) in rf.loops.iter().enumerate() {
        let kind = match l.kind.as_str() {
            "parallel" => LoopKind::Parallel,
            "accum" => LoopKind::Accum,
            other => {
                return Err(format!(
                    "loop[{k}].kind: '{other}' is not 'parallel' or 'accum'"
                ))
            }
        };
        if l.axis > 5 {
            return Err(format!("loop[{k}].axis: {} is not an axis 0..=5", l.axis));
        }
        if l.count == 0 {
            return Err(format!("loop[{k}].count: a loop must run at least once"));
        }
        if loops
            .iter()
            .any(|x: &Loop| x.kind == kind && x.axis == l.axis)
        {
            return Err(format!(
                "loop[{k}]: a {} loop over axis {} is given twice",
                l.kind, l.axis
            ));
        }
        loops.push(Loop {
            kind,
            axis: l.axis,
            count: l.count,
        });
    }
    let lanes_total = m.warps * 32;
    let lane_shape = match rf.lanes {
        Some(ls) => {
            if ls.shape.is_empty() || ls.shape.len() > 6 || ls.shape.contains(&0) {
                return Err("lanes.shape: give 1 to 6 non-zero extents (bofs axes 0..5)".into());
            }
            let prod: u64 = ls
                .shape
                .iter()
                .fold(1u64, |acc, &x| acc.saturating_mul(x as u64));
            if prod != lanes_total as u64 {
                return Err(format!(
                    "lanes.shape: the extents multiply to {prod}, but {} warps have {lanes_total} lanes",
                    m.warps
                ));
            }
            ls.shape
        }
        None => vec![lanes_total],
    };
    let len = program.len();
    let depth = loops.len();
    let schedule = Schedule {
        body: range(rf.schedule.body, "schedule.body", len)?,
        prologue: levels(&rf.schedule.prologue, "schedule.prologue", depth, len)?,
        epilogue: levels(&rf.schedule.epilogue, "schedule.epilogue", depth, len)?,
    };
    let mut inputs: [Option<Stream>; 2] = [None, None];
    for (k, spec) in [rf.input.i0, rf.input.i1].into_iter().enumerate() {
        let Some(s) = spec else { continue };
        let field = format!("input.I{k}");
        let values = match s.data {
            DataSpec::Inline(v) => v,
            DataSpec::File(f) => {
                data::load(&resolve(&f)).map_err(|e| format!("{field}.data: {e}"))?
            }
        };
        let mut vals = Vec::with_capacity(values.len());
        for (j, v) in values.into_iter().enumerate() {
            vals.push(
                i16::try_from(v)
                    .map_err(|_| format!("{field}.data[{j}]: {v} is not a signed 16-bit value"))?,
            );
        }
        let data = match s.index {
            Some(ix) => StreamData::Gather(gather(&ix, s.offset, &format!("{field}.index"))?),
            None => {
                if vals.len() % 32 != 0 {
                    return Err(format!(
                        "{field}.data: {} values is not a whole number of 32-lane vectors (a sequential stream pops 32 values at a time)",
                        vals.len()
                    ));
                }
                StreamData::Sequential
            }
        };
        let pad = match s.pad {
            Some(p) => Some(
                i16::try_from(p)
                    .map_err(|_| format!("{field}.pad: {p} is not a signed 16-bit value"))?,
            ),
            None => None,
        };
        inputs[k] = Some(Stream {
            values: vals,
            data,
            pad,
        });
    }
    let o = rf.output;
    if o.shape.is_empty() || o.shape.contains(&0) {
        return Err("output.shape: give the non-zero extents of the DRAM output array".into());
    }
    let elements = o.shape.iter().fold(1usize, |acc, &x| acc.saturating_mul(x));
    if elements > MAX_OUTPUT_ELEMENTS {
        return Err(format!("output.shape: {elements} elements is more than the emulator's limit of {MAX_OUTPUT_ELEMENTS}"));
    }
    let output = match o.index {
        Some(ix) => OutputLayout::Indexed(gather(&ix, o.offset, "output.index")?),
        None => OutputLayout::Stream,
    };
    let config = Config {
        warps: m.warps as usize,
        reg_per_warp: m.reg_per_warp,
        clut,
        tex_lut: tex,
        logic_lut: logic,
        program,
        loops,
        lane_shape,
        schedule,
        inputs,
        output_shape: o.shape,
        output,
    };
    Ok((config, rf.profile))
}
