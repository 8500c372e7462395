//! The `mimori` target of the `gpuisa` command line: raw/hex disassembly, assembly and `run`.

use crate::exec::{self, data, runfile, Profile, RunResult};
use crate::inst::{decode, encode};
use crate::syntax::{parse, print};
use gpuisa_core::diag::Diagnostic;
use gpuisa_core::input::{parse_byte_list, parse_hex_words};
use gpuisa_core::target::*;
use std::io::Write;

pub struct Mimori;
pub static TARGET: Mimori = Mimori;

/// Splits raw little-endian bytes into 32-bit words.
fn words_of(bytes: &[u8], file: &str) -> Result<Vec<u32>, ToolError> {
    if bytes.len() % 4 != 0 {
        return Err(ToolError::new(format!(
            "{file}: {} bytes is not a whole number of 32-bit words ({} trailing bytes)",
            bytes.len(),
            bytes.len() % 4
        ))
        .with_help("MIMORI code is a sequence of little-endian 32-bit words; use --hex for text"));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

impl Target for Mimori {
    fn name(&self) -> &'static str {
        "mimori"
    }
    fn family(&self) -> &'static str {
        "MIMORI 30-bit"
    }
    fn description(&self) -> &'static str {
        "MIMORI's 30-bit SIMD ALU ISA: 32-lane warps issued in pairs, 20-bit datapath"
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            asm: true,
            disasm: true,
            run: true,
            // No `gpuisa time`: the cycle count is part of `run`'s result.
            time: false,
        }
    }
    fn word_bytes(&self) -> usize {
        4
    }

    fn disassemble(
        &self,
        req: &DisasmRequest<'_>,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<DisasmSummary, ToolError> {
        let bytes = match req.format {
            InputFormat::Raw => req.data.to_vec(),
            InputFormat::Hex => parse_hex_words(&String::from_utf8_lossy(req.data), 4)
                .map_err(|e| ToolError::new(format!("{}:{e}", req.file_name)))?,
            InputFormat::Bytes => {
                parse_byte_list(&String::from_utf8_lossy(req.data))
                    .map_err(|e| ToolError::new(format!("{}:{e}", req.file_name)))?
                    .bytes
            }
        };
        let words = words_of(&bytes, req.file_name)?;
        let mut summary = DisasmSummary::default();
        let mut line = String::with_capacity(96);
        for (k, &w) in words.iter().enumerate() {
            let addr = req.options.base_address.wrapping_add(4 * k as u64);
            match decode(w) {
                Ok(inst) if req.options.json => {
                    // One object per line, the layout of the AMD and Maxwell listings
                    // (docs/json-listing.md): the word's fields by name.
                    line.clear();
                    print::print_into(&inst, &mut line);
                    let b = w.to_le_bytes();
                    writeln!(
                        out,
                        "{{\"address\":{addr},\"bytes\":\"{:02x}{:02x}{:02x}{:02x}\",\"size\":4,\"op\":\"{}\",\"text\":{line:?},\"fields\":{{\"shamt\":{},\"r\":{},\"dd\":{},\"t\":{},\"w\":{},\"a\":{},\"b\":{},\"c\":{}}}}}",
                        b[0], b[1], b[2], b[3],
                        format!("{:?}", inst.op).to_ascii_uppercase(),
                        inst.shamt, inst.r, inst.dd, inst.t, inst.w, inst.a, inst.b, inst.c
                    )?;
                    summary.instructions += 1;
                }
                Ok(inst) => {
                    line.clear();
                    if req.options.offsets {
                        line.push_str(&format!("{addr:04x}:  "));
                    }
                    print::print_into(&inst, &mut line);
                    if req.options.show_encoding {
                        line.push_str(&format!(" ; encoding: 0x{w:08x}"));
                    }
                    line.push('\n');
                    out.write_all(line.as_bytes())?;
                    summary.instructions += 1;
                }
                Err(e) => {
                    summary.invalid += 1;
                    if req.options.json {
                        let b = w.to_le_bytes();
                        writeln!(
                            out,
                            "{{\"address\":{addr},\"bytes\":\"{:02x}{:02x}{:02x}{:02x}\",\"size\":4,\"invalid\":true}}",
                            b[0], b[1], b[2], b[3]
                        )?;
                    }
                    writeln!(diag, "{}: error: at 0x{addr:04x}: {e}", req.file_name)?;
                }
            }
        }

        if summary.invalid > 0 {
            return Err(ToolError::new(format!("{} word(s) are not MIMORI instructions", summary.invalid))
                .with_help("MIMORI words are 30 bits wide: bits 30-31 of every 32-bit container word must be zero"));
        }
        Ok(summary)
    }

    fn assemble(&self, req: &AsmRequest<'_>) -> AsmOutput {
        let a = parse::assemble(req.source);
        let mut out = AsmOutput {
            diagnostics: a.diagnostics,
            ..Default::default()
        };
        if out.diagnostics.iter().any(Diagnostic::is_error) {
            return out;
        }
        let mut listing = String::new();
        for (w, _) in &a.words {
            out.bytes.extend_from_slice(&w.to_le_bytes());
            if req.options.show_encoding {
                let text = decode(*w).map(|i| print::print(&i)).unwrap_or_default();
                listing.push_str(&format!("{text} ; encoding: 0x{w:08x}\n"));
                debug_assert_eq!(decode(*w).map(|i| encode(&i)), Ok(*w));
            }
        }
        if req.options.show_encoding {
            out.listing = Some(listing);
        }
        out
    }

    fn run(
        &self,
        req: &RunRequest,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<(), ToolError> {
        refuse_launch_options(req)?;
        let text = std::fs::read_to_string(&req.file).map_err(|e| {
            ToolError::new(format!(
                "cannot read run file '{}': {e}",
                req.file.display()
            ))
        })?;
        let dir = req
            .file
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_default();
        let (cfg, file_profile) = runfile::parse(&text, &dir).map_err(|e| {
            ToolError::new(format!("{}: {e}", req.file.display()))
                .with_help("the run file format is described in docs/mimori.md")
        })?;
        let pname = req
            .profile
            .clone()
            .or(file_profile)
            .unwrap_or_else(|| "spec".into());
        let profile = Profile::parse(&pname).ok_or_else(|| {
            ToolError::new(format!("unknown profile '{pname}'"))
                .with_help("profiles are `spec` (the seed, default) and `mimori-rtl` (as built)")
        })?;
        let machine = exec::Machine::new(&cfg, profile);
        let result = if req.trace {
            machine.with_trace(out).run()
        } else {
            machine.run()
        };
        let result =
            result.map_err(|f| ToolError::new(format!("{}: fault at {f}", req.file.display())))?;
        if result.dropped_writes > 0 {
            writeln!(
                diag,
                "gpuisa: warning: {} DRAM lane writes fell outside output.shape and were dropped",
                result.dropped_writes
            )?;
        }
        let format = match (&req.format, req.json) {
            (Some(f), _) => f.as_str(),
            (None, true) => "json",
            (None, false) => "text",
        };
        let body: Vec<u8> = match format {
            "json" => json(&result, &cfg).into_bytes(),
            "csv" => csv(&result).into_bytes(),
            "npy" => data::write_npy_i16(&result.dram, &result.shape),
            "text" => human(&result, &cfg).into_bytes(),
            other => {
                return Err(ToolError::new(format!("unknown result format '{other}'"))
                    .with_help("formats: json, csv, npy (text without --format)"))
            }
        };
        match &req.output {
            Some(p) => {
                std::fs::write(p, &body)
                    .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", p.display())))?;
                writeln!(diag, "{}", summary_line(&result))?;
            }
            None if format == "npy" => {
                return Err(ToolError::new("--format npy writes binary")
                    .with_help("give an output file with -o FILE.npy"))
            }
            None => {
                out.write_all(&body)?;
                if format == "csv" {
                    writeln!(diag, "{}", summary_line(&result))?;
                }
            }
        }
        Ok(())
    }
}

/// The `run` options of GPU launches, which a MIMORI run does not take: its run file describes
/// the whole launch (lanes, loops, data). Each is refused by name rather than ignored.
fn refuse_launch_options(req: &RunRequest) -> Result<(), ToolError> {
    let given: [(bool, &str); 13] = [
        (req.grid.is_some(), "--grid"),
        (req.block.is_some(), "--block"),
        (!req.buffers.is_empty(), "--buffer"),
        (!req.constants.is_empty(), "--const"),
        (!req.params.is_empty(), "--param"),
        (req.kernel.is_some(), "--kernel"),
        (!req.args.is_empty(), "--arg"),
        (req.out_dir.is_some(), "--out-dir"),
        (req.lds.is_some(), "--lds"),
        (req.threads.is_some(), "--threads"),
        (req.max_instructions.is_some(), "--max-instructions"),
        (!req.trace_waves.is_empty(), "--trace-wave"),
        (!req.trace_pcs.is_empty(), "--trace-pc"),
    ];
    match given.iter().find(|g| g.0) {
        Some((_, flag)) => Err(ToolError::new(format!(
            "{flag} does not apply to `run --arch mimori`"
        ))
        .with_help(
            "a MIMORI run file describes the whole run (lanes, loops, data): see docs/mimori.md",
        )),
        None => Ok(()),
    }
}

fn summary_line(r: &RunResult) -> String {
    format!(
        "profile {}: {} cycles ({} issue cycles), {} lane-operations, {} iterations",
        r.profile.name(),
        r.cycles,
        r.issue_cycles,
        r.lane_ops,
        r.iterations
    )
}

fn rows(r: &RunResult) -> Vec<&[i16]> {
    let w = r.shape.last().copied().unwrap_or(1).max(1);
    r.dram.chunks(w).collect()
}

fn csv(r: &RunResult) -> String {
    rows(r)
        .iter()
        .map(|row| {
            row.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
                + "\n"
        })
        .collect()
}

fn human(r: &RunResult, cfg: &exec::Config) -> String {
    let mut s = format!("{}\n\nexecutions per instruction:\n", summary_line(r));
    for (k, (inst, n)) in cfg.program.iter().zip(&r.executions).enumerate() {
        s.push_str(&format!("  {k:>3}  {n:>8}  {}\n", print::print(inst)));
    }
    s.push_str(&format!("\nDRAM output {:?}:\n", r.shape));
    let width = r
        .dram
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    for row in rows(r) {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        s.push_str(&format!("  {}\n", cells.join(" ")));
    }
    s
}

fn json(r: &RunResult, cfg: &exec::Config) -> String {
    let program: Vec<String> = cfg
        .program
        .iter()
        .map(|i| format!("{:?}", print::print(i)))
        .collect();
    let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(",");
    format!(
        "{{\"profile\":\"{}\",\"cycles\":{},\"issue_cycles\":{},\"lane_ops\":{},\"iterations\":{},\"dropped_writes\":{},\"program\":[{}],\"executions\":[{}],\"shape\":[{}],\"dram\":[{}]}}\n",
        r.profile.name(),
        r.cycles,
        r.issue_cycles,
        r.lane_ops,
        r.iterations,
        r.dropped_writes,
        program.join(","),
        list(&mut r.executions.iter().map(|x| x.to_string())),
        list(&mut r.shape.iter().map(|x| x.to_string())),
        list(&mut r.dram.iter().map(|x| x.to_string())),
    )
}
