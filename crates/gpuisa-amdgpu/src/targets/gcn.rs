//! The `gpuisa` targets for GCN: one per LLVM processor name, with device-name aliases.

use crate::gcn::{codeobj, decode, Gen};
use gpuisa_core::input::{parse_byte_list, parse_hex_words};
use gpuisa_core::target::{
    AsmOutput, AsmRequest, Capabilities, DisasmRequest, DisasmSummary, InputFormat, Target,
    ToolError,
};
use std::io::Write;

pub struct GcnTarget {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub gen: Gen,
    /// The ELF e_flags machine number (EF_AMDGPU_MACH_*).
    pub mach: u32,
    pub family: &'static str,
    pub description: &'static str,
}

macro_rules! t {
    ($id:ident, $name:literal, $gen:expr, $mach:expr, $fam:literal, $desc:literal) => {
        pub static $id: GcnTarget = GcnTarget {
            name: $name,
            aliases: crate::gcn::aliases_of($name),
            gen: $gen,
            mach: $mach,
            family: $fam,
            description: $desc,
        };
    };
}

t!(
    GFX801,
    "gfx801",
    Gen::Gfx8,
    0x28,
    "AMD GCN 1.2",
    "Carrizo APU"
);
t!(
    GFX802,
    "gfx802",
    Gen::Gfx8,
    0x29,
    "AMD GCN 1.2",
    "Tonga, Iceland"
);
t!(
    GFX803,
    "gfx803",
    Gen::Gfx8,
    0x2a,
    "AMD GCN 1.2",
    "Fiji, Polaris"
);
t!(
    GFX810,
    "gfx810",
    Gen::Gfx8,
    0x2b,
    "AMD GCN 1.2",
    "Stoney APU"
);
t!(GFX900, "gfx900", Gen::Gfx9, 0x2c, "AMD GCN 1.4", "Vega 10");
t!(
    GFX902,
    "gfx902",
    Gen::Gfx9,
    0x2d,
    "AMD GCN 1.4",
    "Raven APU"
);
t!(GFX904, "gfx904", Gen::Gfx9, 0x2e, "AMD GCN 1.4", "Vega 12");
t!(
    GFX906,
    "gfx906",
    Gen::Gfx906,
    0x2f,
    "AMD GCN 1.4",
    "Vega 20"
);
t!(
    GFX909,
    "gfx909",
    Gen::Gfx9,
    0x31,
    "AMD GCN 1.4",
    "Raven 2 APU"
);

t!(GFX600, "gfx600", Gen::Gfx6, 0x20, "AMD GCN 1.0", "Tahiti");
t!(
    GFX601,
    "gfx601",
    Gen::Gfx6,
    0x21,
    "AMD GCN 1.0",
    "Pitcairn, Cape Verde"
);
t!(
    GFX602,
    "gfx602",
    Gen::Gfx6,
    0x3a,
    "AMD GCN 1.0",
    "Oland, Hainan"
);
t!(
    GFX700,
    "gfx700",
    Gen::Gfx7,
    0x22,
    "AMD GCN 1.1",
    "Kaveri APU"
);
t!(GFX701, "gfx701", Gen::Gfx7, 0x23, "AMD GCN 1.1", "Hawaii");
t!(
    GFX702,
    "gfx702",
    Gen::Gfx7,
    0x24,
    "AMD GCN 1.1",
    "GCN 1.1 (gfx702)"
);
t!(
    GFX703,
    "gfx703",
    Gen::Gfx7,
    0x25,
    "AMD GCN 1.1",
    "Kabini, Mullins APU"
);
t!(GFX704, "gfx704", Gen::Gfx7, 0x26, "AMD GCN 1.1", "Bonaire");
t!(
    GFX705,
    "gfx705",
    Gen::Gfx7,
    0x3b,
    "AMD GCN 1.1",
    "GCN 1.1 (gfx705)"
);

/// Every GCN target, for the CLI registry.
pub static TARGETS: [&GcnTarget; 18] = [
    &GFX600, &GFX601, &GFX602, &GFX700, &GFX701, &GFX702, &GFX703, &GFX704, &GFX705, &GFX801,
    &GFX802, &GFX803, &GFX810, &GFX900, &GFX902, &GFX904, &GFX906, &GFX909,
];

/// The llvm-mc style listing of raw code shared by every AMD target. `decode_at(code, pos, text)`
/// decodes the instruction at byte `pos` into `text` and returns its length in bytes. With
/// `positions` (llvm-mc `--bytes` input) an invalid word is reported as llvm-mc does, on `diag`
/// with its source line; otherwise it is listed as a `.long` line and the listing goes on.
pub(crate) fn raw_listing(
    req: &DisasmRequest<'_>,
    code: &[u8],
    positions: Option<&[(u32, u32)]>,
    src_text: Option<&str>,
    out: &mut dyn Write,
    diag: &mut dyn Write,
    mut decode_at: impl FnMut(&[u8], usize, &mut String) -> Result<usize, ()>,
) -> Result<DisasmSummary, ToolError> {
    let mut sum = DisasmSummary::default();
    let mut text = String::new();
    let mut line = String::new();
    let mut pos = 0usize;
    // The source lines quoted by warnings, read forward once (a warning's line is never before
    // the previous one's), not counted from the top for each warning.
    let mut src_lines = src_text.map(|s| SourceLines::new(s));
    if positions.is_some() {
        writeln!(out, "\t.text")?;
    }
    while pos + 4 <= code.len() || (positions.is_some() && pos < code.len()) {
        text.clear();
        match decode_at(code, pos, &mut text) {
            Ok(len) => {
                // The words llvm-mc shows for this text, when they are not the input's (a
                // decoder puts them after a WARNING byte, as hex dwords).
                let mut shown = [0u8; 16];
                let mut bytes = code.get(pos..pos + len).unwrap_or(&[]);
                if let Some(at) = text.find(crate::text::WARNING as char) {
                    let hex = text[at + 1..].as_bytes();
                    let n = (hex.len() / 2).min(16).min(len);
                    for (i, b) in shown[..n].iter_mut().enumerate() {
                        // Dword k's hex is big-endian: byte i is at pair (k*4 + 3 - i%4).
                        let (k, j) = (i / 4, 3 - i % 4);
                        let pair = hex
                            .get((k * 4 + j) * 2..(k * 4 + j) * 2 + 2)
                            .unwrap_or(b"00");
                        *b = std::str::from_utf8(pair)
                            .ok()
                            .and_then(|p| u8::from_str_radix(p, 16).ok())
                            .unwrap_or(0);
                    }
                    if n == len {
                        bytes = &shown[..n];
                    }
                    text.truncate(at);
                }
                line.clear();
                let addr = req.options.base_address + pos as u64;
                if req.options.offsets {
                    line.push_str(&format!("/*{addr:08x}*/ "));
                }
                if req.options.show_encoding {
                    crate::text::encoding_line(&mut line, &text, bytes);
                } else {
                    line.push('\t');
                    line.push_str(&text);
                }
                writeln!(out, "{line}")?;
                sum.instructions += 1;
                pos += len;
            }
            Err(()) => {
                sum.invalid += 1;
                match (positions, &mut src_lines) {
                    (Some(p), Some(src)) => {
                        let (l, c) = p.get(pos).copied().unwrap_or((0, 0));
                        let sl = src.line(l as usize);
                        writeln!(
                            diag,
                            "{}:{l}:{c}: warning: invalid instruction encoding",
                            req.file_name
                        )?;
                        writeln!(diag, "{sl}")?;
                        writeln!(diag, "{}^", " ".repeat(c.saturating_sub(1) as usize))?;
                    }
                    _ => {
                        let addr = req.options.base_address + pos as u64;
                        writeln!(
                            out,
                            "\t.long 0x{:08x} ; invalid instruction encoding at 0x{addr:x}",
                            decode::words_at(code, pos)[0]
                        )?;
                    }
                }
                pos += 4;
            }
        }
    }
    Ok(sum)
}

/// Line `n` (1-based) of a text, for lines asked in increasing order: each is found from the
/// previous one (asking for an earlier line starts over from the top).
struct SourceLines<'a> {
    text: &'a str,
    lines: std::str::Lines<'a>,
    /// The number of the line `lines` gives next, and the last line given.
    next: usize,
    last: &'a str,
}

impl<'a> SourceLines<'a> {
    fn new(text: &'a str) -> Self {
        SourceLines {
            text,
            lines: text.lines(),
            next: 1,
            last: "",
        }
    }

    /// Line `n`, or "" past the end (and for 0).
    fn line(&mut self, n: usize) -> &'a str {
        if n + 1 == self.next {
            return self.last;
        }
        if n < self.next {
            self.lines = self.text.lines();
            self.next = 1;
            self.last = "";
        }
        if n == 0 {
            return "";
        }
        while self.next <= n {
            self.last = self.lines.next().unwrap_or("");
            self.next += 1;
        }
        self.last
    }
}

/// `disassemble` for every AMD target: llvm-mc `--bytes` lists, `--hex` words, raw code, or an ELF
/// code object (handed to `elf`). `decode_at` is the target's decoder, as in [`raw_listing`].
pub(crate) fn disassemble_input(
    req: &DisasmRequest<'_>,
    out: &mut dyn Write,
    diag: &mut dyn Write,
    elf: impl FnOnce(&mut dyn Write) -> Result<DisasmSummary, ToolError>,
    decode_at: impl FnMut(&[u8], usize, &mut String) -> Result<usize, ()>,
) -> Result<DisasmSummary, ToolError> {
    let text = || {
        std::str::from_utf8(req.data)
            .map_err(|_| ToolError::new(format!("{}: input is not UTF-8 text", req.file_name)))
    };
    let input_error = |e: gpuisa_core::input::InputError| {
        // `FILE:LINE:COL: MESSAGE`: the CLI puts `gpuisa: error:` in front, once.
        ToolError::new(format!("{}:{e}", req.file_name))
    };
    refuse_unused_options(req)?;
    match req.format {
        InputFormat::Bytes => {
            let src = text()?;
            let list = parse_byte_list(src).map_err(input_error)?;
            raw_listing(
                req,
                &list.bytes,
                Some(&list.positions),
                Some(src),
                out,
                diag,
                decode_at,
            )
        }
        InputFormat::Hex => {
            let bytes = parse_hex_words(text()?, 4).map_err(input_error)?;
            raw_listing(req, &bytes, None, None, out, diag, decode_at)
        }
        InputFormat::Raw if gpuisa_core::elf::is_elf(req.data) => elf(out),
        InputFormat::Raw => {
            let whole = req.data.len() / 4 * 4;
            if whole != req.data.len() {
                writeln!(
                    diag,
                    "{}: warning: {} trailing byte{} at 0x{:x} do not form a 32-bit word; ignored",
                    req.file_name,
                    req.data.len() - whole,
                    if req.data.len() - whole == 1 { "" } else { "s" },
                    req.options.base_address.wrapping_add(whole as u64)
                )?;
            }
            raw_listing(req, &req.data[..whole], None, None, out, diag, decode_at)
        }
    }
}

/// `disasm --json` for the AMD targets: the structured listing (`listing_json`, documented in
/// docs/json-listing.md) of raw code, `--hex` words, `--bytes` lists, or every executable section
/// of a code object (addresses as the object has them). `list` turns bytes at an address into the
/// JSON lines.
pub(crate) fn json_input(
    req: &DisasmRequest<'_>,
    out: &mut dyn Write,
    list: impl Fn(&[u8], u64) -> String,
) -> Result<DisasmSummary, ToolError> {
    refuse_unused_options(req)?;
    let text = || {
        std::str::from_utf8(req.data)
            .map_err(|_| ToolError::new(format!("{}: input is not UTF-8 text", req.file_name)))
    };
    let input_error =
        |e: gpuisa_core::input::InputError| ToolError::new(format!("{}:{e}", req.file_name));
    let mut lines = String::new();
    match req.format {
        InputFormat::Bytes => {
            lines = list(
                &parse_byte_list(text()?).map_err(input_error)?.bytes,
                req.options.base_address,
            )
        }
        InputFormat::Hex => {
            lines = list(
                &parse_hex_words(text()?, 4).map_err(input_error)?,
                req.options.base_address,
            )
        }
        InputFormat::Raw if gpuisa_core::elf::is_elf(req.data) => {
            let elf = gpuisa_core::elf::Elf::parse(req.data)
                .map_err(|e| ToolError::new(format!("{}: {}", req.file_name, e.0)))?;
            // SHF_EXECINSTR sections, in file order.
            for sec in elf
                .sections
                .iter()
                .filter(|s| s.flags & 4 != 0 && s.kind == 1)
            {
                lines.push_str(&list(sec.data, sec.addr));
            }
        }
        InputFormat::Raw => {
            lines = list(
                &req.data[..req.data.len() / 4 * 4],
                req.options.base_address,
            )
        }
    }
    let (mut n, mut bad) = (0, 0);
    for l in lines.lines() {
        n += 1;
        bad += l.ends_with("\"invalid\":true}") as u64;
    }
    out.write_all(lines.as_bytes())?;
    Ok(DisasmSummary {
        instructions: n - bad,
        invalid: bad,
    })
}

/// The listing options an AMD target does not use, refused with the reason rather than ignored:
/// the NVIDIA-only ones, JSON, `--constants`; `--kernels` on anything but a code object; and on a
/// code object, the raw-input options its `llvm-objdump -d` layout has no room for (it already
/// shows every address and encoding, and the addresses are the object's own).
fn refuse_unused_options(req: &DisasmRequest<'_>) -> Result<(), ToolError> {
    let o = &req.options;
    let is_elf = req.format == InputFormat::Raw && gpuisa_core::elf::is_elf(req.data);
    let refuse = |flag: &str, why: &str| Err(ToolError::new(format!("{flag} {why}")));
    if o.ctrl || o.novliw {
        let flag = if o.ctrl { "--ctrl" } else { "--novliw" };
        return refuse(flag, "applies to NVIDIA targets only");
    }
    if o.json && o.kernels {
        return refuse(
            "--json",
            "lists instructions; --kernels is not available with it",
        );
    }
    if o.constants {
        return refuse(
            "--constants",
            "is not available for AMD targets (it dumps NVIDIA constant banks)",
        );
    }
    if is_elf {
        if o.offsets {
            return refuse(
                "--offsets",
                "applies to raw input: a code object's listing already shows every address",
            );
        }
        if o.show_encoding {
            return refuse(
                "--show-encoding",
                "applies to raw input: a code object's listing already shows every encoding",
            );
        }
        if o.base_address != 0 {
            return refuse(
                "--base",
                "applies to raw input: a code object's addresses are its own",
            );
        }
    } else if o.kernels {
        return refuse("--kernels", "applies to code objects (ELF files) only");
    }
    Ok(())
}

impl Target for GcnTarget {
    fn name(&self) -> &'static str {
        self.name
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn family(&self) -> &'static str {
        self.family
    }
    fn description(&self) -> &'static str {
        self.description
    }
    fn capabilities(&self) -> Capabilities {
        // `gpuisa time` (and occupancy, info) for the devices the timing model knows.
        super::capabilities(crate::timing::figures::device(self.name).is_ok())
    }
    fn word_bytes(&self) -> usize {
        4
    }
    fn run(
        &self,
        req: &gpuisa_core::target::RunRequest,
        out: &mut dyn std::io::Write,
        diag: &mut dyn std::io::Write,
    ) -> Result<(), gpuisa_core::target::ToolError> {
        crate::exec::cli::run(crate::exec::Isa::Gcn(self.gen), req, out, diag)
    }
    fn claims_elf(&self, elf: &gpuisa_core::elf::Elf<'_>) -> bool {
        super::claims_elf(self.mach, elf)
    }

    fn disassemble(
        &self,
        req: &DisasmRequest<'_>,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<DisasmSummary, ToolError> {
        if req.options.json {
            let gen = self.gen;
            return json_input(req, out, |b, base| crate::listing_json::gcn(gen, b, base));
        }
        disassemble_input(
            req,
            out,
            diag,
            |out| codeobj::disassemble_elf(self.gen, req, out),
            |code, pos, text| {
                let words = decode::words_at(code, pos);
                let n = decode::avail(code, pos);
                if n == 0 {
                    return Err(());
                }
                // decode -> TInst -> print.
                let t = crate::gcn::inst::decode_typed(self.gen, &words, n).map_err(|_| ())?;
                let o = &mut crate::text::Out::new();
                crate::gcn::print::print(&t, o);
                if o.overflowed() {
                    return Err(());
                }
                text.push_str(o.as_str());
                let len = t.len as usize * 4;
                // A misaligned register range prints aligned, and llvm-mc's --show-encoding
                // shows the encoding of what it prints: the words of the text, re-assembled,
                // follow a WARNING byte (see `raw_listing`).
                if o.n_warnings() != 0 {
                    if let Ok(e) = crate::gcn::asm::assemble_inst(self.gen, text, 0) {
                        let (w, n) = e.words.padded();
                        if n * 4 == len {
                            text.push(crate::text::WARNING as char);
                            for x in &w[..n] {
                                use std::fmt::Write as _;
                                let _ = write!(text, "{x:08x}");
                            }
                        }
                    }
                }
                Ok(len)
            },
        )
    }

    fn assemble(&self, req: &AsmRequest<'_>) -> AsmOutput {
        super::assemble(req, |r| crate::gcn::asm::assemble(self.gen, r))
    }
}

#[cfg(test)]
mod tests {
    use super::SourceLines;

    /// `SourceLines::line` against `str::lines().nth` for lines asked in any order (mostly
    /// increasing, as the warnings ask for them), past the end and 0 included.
    #[test]
    fn source_lines_match_nth() {
        let mut r = gpuisa_core::rng::Rng::new(11);
        for _ in 0..300 {
            let n = r.below(12) as usize;
            let text: String = (0..n)
                .map(|i| match r.below(4) {
                    0 => format!("line {i}\r\n"),
                    1 => "\n".to_string(),
                    _ => format!("0x{i:02x}, 0x00\n"),
                })
                .collect();
            let mut s = SourceLines::new(&text);
            let mut at = 0usize;
            for _ in 0..20 {
                at = match r.below(5) {
                    0 => r.below(n as u64 + 3) as usize,
                    1 => at,
                    _ => at + r.below(3) as usize,
                };
                let want = at
                    .checked_sub(1)
                    .and_then(|k| text.lines().nth(k))
                    .unwrap_or("");
                assert_eq!(s.line(at), want, "{text:?} line {at}");
            }
        }
    }
}
