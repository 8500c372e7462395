//! The `gpuisa` targets `sm_50`, `sm_52`, `sm_53`: one parametrised type.

use crate::listing::{self, Layout};
use gpuisa_core::diag::{Diagnostic, Span};
use gpuisa_core::elf::{Elf, EM_CUDA};
use gpuisa_core::input::{parse_byte_list, parse_hex_words};
use gpuisa_core::target::{
    AsmOutput, AsmRequest, Capabilities, DisasmRequest, DisasmSummary, InputFormat, RunRequest,
    Target, ToolError,
};
use std::io::Write;

pub struct Maxwell {
    pub sm: u8,
    name: &'static str,
}

pub static SM50: Maxwell = Maxwell {
    sm: 50,
    name: "sm_50",
};
pub static SM52: Maxwell = Maxwell {
    sm: 52,
    name: "sm_52",
};
pub static SM53: Maxwell = Maxwell {
    sm: 53,
    name: "sm_53",
};

/// The SM a cubin was built for (low byte of e_flags, EF_CUDA_SM50 = 50).
pub fn cubin_sm(elf: &Elf<'_>) -> u8 {
    (elf.flags & 0xff) as u8
}

/// Little-endian 64-bit words of `data`; a trailing partial word is reported by the caller.
pub fn words_of(data: &[u8]) -> Vec<u64> {
    data.chunks_exact(8)
        .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect()
}

impl Maxwell {
    /// `nvdisasm -b SM5x` on raw bundles.
    pub fn disasm_raw(
        &self,
        data: &[u8],
        req: &DisasmRequest<'_>,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<DisasmSummary, ToolError> {
        let whole = data.len() / 32 * 32;
        if whole != data.len() {
            writeln!(
                diag,
                "{}: warning: {} trailing bytes at 0x{:x} do not form a 32-byte bundle (control word + 3 instructions); ignored",
                req.file_name,
                data.len() - whole,
                req.options.base_address + whole as u64
            )?;
        }
        let o = &req.options;
        if o.json {
            let mut s = String::new();
            crate::listing_json::bundles(&mut s, &data[..whole], self.sm, o.base_address, None);
            out.write_all(s.as_bytes())?;
            let bad = s.matches("\"invalid\":true").count() as u64;
            return Ok(DisasmSummary {
                instructions: (whole / 32 * 3) as u64 - bad,
                invalid: bad,
            });
        }
        let lay = Layout {
            hex: o.show_encoding,
            vliw: !o.novliw,
            ctrl: o.ctrl,
            base: o.base_address,
        };
        write!(
            out,
            "\t.headerflags    @\"EF_CUDA_SM{0} EF_CUDA_PTX_SM(EF_CUDA_SM{0})\"\n",
            self.sm
        )?;
        let c = if lay.hex {
            // the encoding column depends on the whole listing: built in memory
            let words = words_of(&data[..whole]);
            let mut s = String::with_capacity(words.len() * 100);
            let c = listing::render(&words, self.sm, lay, &mut s);
            out.write_all(s.as_bytes())?;
            c
        } else {
            listing::render_plain_bytes_to(&data[..whole], self.sm, lay, out)?
        };
        if c.unknown > 0 {
            writeln!(
                diag,
                "{}: warning: {} of {} words are not sm_{} instructions known to the tables (printed as .word)",
                req.file_name, c.unknown, c.instructions, self.sm
            )?;
        }
        Ok(DisasmSummary {
            instructions: c.instructions,
            invalid: c.unknown,
        })
    }
}

impl Target for Maxwell {
    fn name(&self) -> &'static str {
        self.name
    }
    fn family(&self) -> &'static str {
        "NVIDIA Maxwell"
    }
    fn description(&self) -> &'static str {
        match self.sm {
            50 => "Maxwell GM107/GM108 SASS (nvdisasm/cuobjdump syntax), cubins",
            52 => "Maxwell GM20x SASS (nvdisasm/cuobjdump syntax), cubins",
            _ => "Maxwell GM20B (Tegra X1) SASS with FP16x2, cubins",
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            asm: true,
            disasm: true,
            run: true,
            time: false,
        }
    }
    fn word_bytes(&self) -> usize {
        8
    }
    fn claims_elf(&self, elf: &Elf<'_>) -> bool {
        elf.machine == EM_CUDA && cubin_sm(elf) == self.sm
    }

    fn disassemble(
        &self,
        req: &DisasmRequest<'_>,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<DisasmSummary, ToolError> {
        match req.format {
            InputFormat::Raw if gpuisa_core::elf::is_elf(req.data) => {
                crate::cubin::disassemble(self, req, out, diag)
            }
            InputFormat::Raw => self.disasm_raw(req.data, req, out, diag),
            InputFormat::Hex => {
                let text = std::str::from_utf8(req.data).map_err(|_| {
                    ToolError::new(format!("'{}' is not UTF-8 text", req.file_name))
                })?;
                let bytes = parse_hex_words(text, 8)
                    .map_err(|e| ToolError::new(format!("{}:{e}", req.file_name)))?;
                self.disasm_raw(&bytes, req, out, diag)
            }
            InputFormat::Bytes => {
                let text = std::str::from_utf8(req.data).map_err(|_| {
                    ToolError::new(format!("'{}' is not UTF-8 text", req.file_name))
                })?;
                let list = parse_byte_list(text)
                    .map_err(|e| ToolError::new(format!("{}:{e}", req.file_name)))?;
                self.disasm_raw(&list.bytes, req, out, diag)
            }
        }
    }

    fn assemble(&self, req: &AsmRequest<'_>) -> AsmOutput {
        let a = crate::asm::assemble(req.source, self.sm);
        let mut out = AsmOutput {
            bytes: a.words.iter().flat_map(|w| w.to_le_bytes()).collect(),
            diagnostics: a.diagnostics,
            listing: None,
        };
        if out.diagnostics.is_empty() && a.words.is_empty() && !req.source.trim().is_empty() {
            out.diagnostics.push(Diagnostic::warning(
                Span::new(0, 0),
                "no instructions in the input",
            ));
        }
        if req.options.show_encoding {
            let mut s = String::new();
            listing::render(
                &a.words,
                self.sm,
                Layout {
                    hex: true,
                    vliw: true,
                    ctrl: true,
                    base: 0,
                },
                &mut s,
            );
            out.listing = Some(s);
        }
        out
    }

    fn run(
        &self,
        req: &RunRequest,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<(), ToolError> {
        crate::exec::run_request(self.sm, req, out, diag)
    }
}
