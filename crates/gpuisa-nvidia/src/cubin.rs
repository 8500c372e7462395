//! cubins (ELF, `EM_CUDA`): functions live in `.text.<name>`, constant banks in `.nv.constantN[.name]`,
//! resource facts in `.nv.info[.name]`. Printed like `cuobjdump -sass`.

use crate::listing::{self, Layout};
use crate::target::{cubin_sm, words_of, Maxwell};
use gpuisa_core::elf::{Elf, Section};
use gpuisa_core::target::{DisasmRequest, DisasmSummary, ToolError};
use std::fmt::Write as _;
use std::io::Write;

/// One kernel (or device function) of a cubin.
pub struct Function<'a> {
    pub name: &'a str,
    pub code: &'a [u8],
    /// Registers per thread (top byte of the section's sh_info).
    pub registers: u32,
}

pub fn functions<'a>(elf: &Elf<'a>) -> Vec<Function<'a>> {
    elf.sections
        .iter()
        .filter_map(|s| {
            s.name.strip_prefix(".text.").map(|name| Function {
                name,
                code: s.data,
                registers: s.info >> 24,
            })
        })
        .collect()
}

/// The constant bank number of a `.nv.constantN...` section.
pub fn constant_bank(s: &Section<'_>) -> Option<u32> {
    let rest = s.name.strip_prefix(".nv.constant")?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// `cuobjdump -sass` text of every function of the cubin.
pub fn sass(
    elf: &Elf<'_>,
    opts: &gpuisa_core::target::DisasmOptions,
    out: &mut String,
) -> (u64, u64) {
    let sm = cubin_sm(elf);
    let (mut n, mut bad) = (0, 0);
    let _ = write!(out, "\n\tcode for sm_{sm}\n");
    for f in functions(elf) {
        let _ = write!(
            out,
            "\t\tFunction : {}\n\t.headerflags    @\"EF_CUDA_SM{sm} EF_CUDA_PTX_SM(EF_CUDA_SM{sm})\"\n",
            f.name
        );
        let whole = f.code.len() / 32 * 32;
        let words = words_of(&f.code[..whole]);
        let c = listing::render(
            &words,
            sm,
            Layout {
                hex: true,
                vliw: !opts.novliw,
                ctrl: opts.ctrl,
                base: 0,
            },
            out,
        );
        n += c.instructions;
        bad += c.unknown;
        out.push_str("\t\t..........\n\n\n");
    }
    (n, bad)
}

/// Hex dump of every constant bank section.
pub fn constants(elf: &Elf<'_>, out: &mut String) {
    for s in &elf.sections {
        let Some(bank) = constant_bank(s) else {
            continue;
        };
        let _ = writeln!(
            out,
            "{}: constant bank {bank}, {} bytes{}",
            s.name,
            s.size,
            if s.data.is_empty() && s.size > 0 {
                " (no file data: zero-filled)"
            } else {
                ""
            }
        );
        for (i, chunk) in s.data.chunks(16).enumerate() {
            let _ = write!(out, "  0x{:04x}:", i * 16);
            for w in chunk.chunks(4) {
                let mut b = [0u8; 4];
                b[..w.len()].copy_from_slice(w);
                let _ = write!(out, " 0x{:08x}", u32::from_le_bytes(b));
            }
            out.push('\n');
        }
    }
}

pub fn disassemble(
    t: &Maxwell,
    req: &DisasmRequest<'_>,
    out: &mut dyn Write,
    diag: &mut dyn Write,
) -> Result<DisasmSummary, ToolError> {
    let elf =
        Elf::parse(req.data).map_err(|e| ToolError::new(format!("{}: {e}", req.file_name)))?;
    if elf.machine != gpuisa_core::elf::EM_CUDA {
        return Err(ToolError::new(format!(
            "{}: ELF machine {} is not EM_CUDA (190)",
            req.file_name, elf.machine
        )));
    }
    let sm = cubin_sm(&elf);
    if sm != t.sm {
        writeln!(
            diag,
            "{}: warning: cubin is for sm_{sm}, not sm_{}; listing it as sm_{sm} (as cuobjdump does)",
            req.file_name, t.sm
        )?;
    }
    if req.options.json {
        // One object per instruction, addresses per function as cuobjdump counts them.
        let mut s = String::new();
        let (mut n, mut bad) = (0u64, 0u64);
        for f in functions(&elf) {
            let whole = f.code.len() / 32 * 32;
            crate::listing_json::bundles(&mut s, &f.code[..whole], sm, 0, Some(f.name));
            n += (whole / 32 * 3) as u64;
        }
        bad += s.matches("\"invalid\":true").count() as u64;
        out.write_all(s.as_bytes())?;
        return Ok(DisasmSummary {
            instructions: n - bad,
            invalid: bad,
        });
    }
    let mut s = String::new();
    if req.options.kernels {
        for f in functions(&elf) {
            let _ = write!(
                s,
                "{}: {} bytes, {} instructions, {} registers",
                f.name,
                f.code.len(),
                f.code.len() / 32 * 3,
                f.registers
            );
            // what `gpuisa run --arg` needs: the parameter layout (.nv.info) and shared memory
            let mut params = Vec::new();
            let mut shared = 0u64;
            for sec in &elf.sections {
                if sec.name.strip_prefix(".nv.info.") == Some(f.name) {
                    params = crate::exec::launch::kparam_info(sec.data);
                }
                if sec.name.strip_prefix(".nv.shared.") == Some(f.name) {
                    shared = sec.size;
                }
            }
            if !params.is_empty() {
                let list: Vec<String> =
                    params.iter().map(|(o, n)| format!("0x{o:x}:{n}")).collect();
                let _ = write!(s, ", parameters (offset:bytes) {}", list.join(" "));
            }
            if shared > 0 {
                let _ = write!(s, ", {shared} bytes of shared memory");
            }
            s.push('\n');
        }
        out.write_all(s.as_bytes())?;
        return Ok(DisasmSummary::default());
    }
    let (n, bad) = sass(&elf, &req.options, &mut s);
    if req.options.constants {
        constants(&elf, &mut s);
    }
    out.write_all(s.as_bytes())?;
    for f in functions(&elf) {
        if f.code.len() % 32 != 0 {
            writeln!(
                diag,
                "{}: warning: .text.{} is {} bytes, not whole 32-byte bundles; the tail is ignored",
                req.file_name,
                f.name,
                f.code.len()
            )?;
        }
    }
    Ok(DisasmSummary {
        instructions: n,
        invalid: bad,
    })
}
