//! The [`Target`] trait: what every instruction set plugs into the `gpuisa` command line.
//!
//! A target is one `--arch` name (`mimori`, `sm_50`, `gfx900`, ...). The CLI reads files and flags,
//! builds a request, calls the target and prints what it returns; all ISA knowledge lives behind
//! this trait. Targets are registered in one [`Registry`] built by the CLI crate.

use crate::diag::Diagnostic;
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;

/// A failure of a whole command (as opposed to per-line assembler diagnostics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolError {
    pub message: String,
    pub help: Option<String>,
}

impl ToolError {
    pub fn new(message: impl Into<String>) -> Self {
        ToolError {
            message: message.into(),
            help: None,
        }
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

impl From<io::Error> for ToolError {
    fn from(e: io::Error) -> Self {
        ToolError::new(format!("I/O error: {e}"))
    }
}

/// How the bytes handed to `disasm` are to be read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Raw little-endian machine code, or a container (ELF) the target recognises by its magic.
    #[default]
    Raw,
    /// Text of hexadecimal words (`--hex`), see [`crate::input::parse_hex_words`].
    Hex,
    /// llvm-mc's disassembler input, a list of byte values (`--bytes`), see [`crate::input::parse_byte_list`].
    Bytes,
}

/// Listing options shared by every target; a target ignores what does not apply to it.
#[derive(Clone, Debug, Default)]
pub struct DisasmOptions {
    /// Prefix every line with its address.
    pub offsets: bool,
    /// Append the encoding as a comment in the style of the target's reference tool.
    pub show_encoding: bool,
    /// Address of the first byte (raw inputs).
    pub base_address: u64,
    /// NVIDIA: print the control fields of each instruction (`[B------:R-:W0:Y:S04]`).
    pub ctrl: bool,
    /// NVIDIA: flat listing without `{ A ; B }` dual-issue pairs.
    pub novliw: bool,
    /// AMD gfx10+: decode for wave64 instead of wave32.
    pub wave64: bool,
    /// Containers: also dump constant banks / data sections.
    pub constants: bool,
    /// Containers: list kernels and their resources instead of code.
    pub kernels: bool,
    /// Machine-readable output.
    pub json: bool,
}

pub struct DisasmRequest<'a> {
    /// File name for messages (`-` for standard input).
    pub file_name: &'a str,
    pub data: &'a [u8],
    pub format: InputFormat,
    pub options: DisasmOptions,
}

/// What a listing produced, for the exit status and summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DisasmSummary {
    pub instructions: u64,
    /// Words that did not decode (printed as raw words / warnings, never fatal).
    pub invalid: u64,
}

#[derive(Clone, Debug, Default)]
pub struct AsmOptions {
    /// Print every instruction with its encoding (`text ; encoding: [...]` style) instead of binary output.
    pub show_encoding: bool,
    /// AMD gfx10+: assemble for wave64.
    pub wave64: bool,
}

pub struct AsmRequest<'a> {
    pub file_name: &'a str,
    pub source: &'a str,
    pub options: AsmOptions,
}

/// The result of assembling one file. If any diagnostic is an error, `bytes` must not be written.
#[derive(Clone, Debug, Default)]
pub struct AsmOutput {
    pub bytes: Vec<u8>,
    pub diagnostics: Vec<Diagnostic>,
    /// With `show_encoding`: the text to print (one instruction and its encoding per line).
    pub listing: Option<String>,
}

impl AsmOutput {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Everything `gpuisa run` was told; each target reads the fields that apply to it.
#[derive(Clone, Debug, Default)]
pub struct RunRequest {
    /// The run file (MIMORI), kernel (cubin, code object) or program to run.
    pub file: PathBuf,
    /// Semantic profile (MIMORI: `spec` or `mimori-rtl`).
    pub profile: Option<String>,
    /// Print every issued instruction with its operand values.
    pub trace: bool,
    /// Output format of results: `json`, `csv` or `npy`.
    pub format: Option<String>,
    /// Where to write the results (standard output if absent).
    pub output: Option<PathBuf>,
    /// Launch geometry (`X`, `X,Y` or `X,Y,Z`).
    pub grid: Option<String>,
    pub block: Option<String>,
    /// Buffers (`NAME=FILE|size:N|...`) and constants (`BANK:OFFSET=VALUE`), target-defined syntax.
    pub buffers: Vec<String>,
    pub constants: Vec<String>,
    /// Kernel parameters `NAME=VALUE` or positional values, target-defined.
    pub params: Vec<String>,
    pub json: bool,
    /// The kernel to launch (`--kernel NAME`), for containers holding several.
    pub kernel: Option<String>,
    /// Kernel arguments in order (`--arg SPEC`): `file:PATH`, `npy:PATH`, `zeros:BYTES`,
    /// `i32:V`, `u32:V`, `i64:V`, `u64:V`, `f32:V`, `f64:V` (targets may add kinds).
    pub args: Vec<String>,
    /// Where buffer arguments are written after the run (`DIR/arg<i>.bin` or `.npy`).
    pub out_dir: Option<PathBuf>,
    /// Dynamic shared memory (LDS) per work-group, in bytes.
    pub lds: Option<u64>,
    /// Worker threads (default: all cores).
    pub threads: Option<usize>,
    /// Stop with an error after this many wave-instructions.
    pub max_instructions: Option<u64>,
    /// Trace filters: only these waves / these program counters (empty: all).
    pub trace_waves: Vec<u64>,
    pub trace_pcs: Vec<u64>,
}

/// What one target can do, for `gpuisa targets`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    pub asm: bool,
    pub disasm: bool,
    pub run: bool,
    pub time: bool,
}

/// One `--arch` target. Implementations must never panic on any input: every failure is a value.
pub trait Target: Sync {
    /// The canonical `--arch` name.
    fn name(&self) -> &'static str;
    /// Other accepted names (`tahiti` for `gfx600`, `sm_52` handled by its own target, ...).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// Family shown by `gpuisa targets` (`MIMORI 30-bit`, `NVIDIA Maxwell`, `AMD GCN 1.4`).
    fn family(&self) -> &'static str;
    fn description(&self) -> &'static str;
    fn capabilities(&self) -> Capabilities;
    /// Bytes per word for `--hex` input and output.
    fn word_bytes(&self) -> usize;
    /// Whether this target reads the ELF file `elf` (used to pick a target when `--arch` is absent).
    fn claims_elf(&self, _elf: &crate::elf::Elf<'_>) -> bool {
        false
    }

    fn disassemble(
        &self,
        req: &DisasmRequest<'_>,
        out: &mut dyn Write,
        diag: &mut dyn Write,
    ) -> Result<DisasmSummary, ToolError>;

    fn assemble(&self, req: &AsmRequest<'_>) -> AsmOutput;

    fn run(
        &self,
        _req: &RunRequest,
        _out: &mut dyn Write,
        _diag: &mut dyn Write,
    ) -> Result<(), ToolError> {
        Err(ToolError::new(format!(
            "target '{}' has no emulator yet",
            self.name()
        )))
    }
}

/// The list of every target, searched by name or alias.
pub struct Registry {
    targets: Vec<&'static dyn Target>,
}

impl Registry {
    pub fn new(targets: Vec<&'static dyn Target>) -> Self {
        Registry { targets }
    }

    pub fn all(&self) -> &[&'static dyn Target] {
        &self.targets
    }

    pub fn find(&self, name: &str) -> Option<&'static dyn Target> {
        let n = name.to_ascii_lowercase();
        self.targets
            .iter()
            .copied()
            .find(|t| t.name() == n || t.aliases().iter().any(|a| *a == n))
    }

    /// Finds a target by name, or an error listing the close names.
    pub fn lookup(&self, name: &str) -> Result<&'static dyn Target, ToolError> {
        self.find(name).ok_or_else(|| {
            let names: Vec<&str> = self.targets.iter().map(|t| t.name()).collect();
            ToolError::new(format!("unknown target '{name}'")).with_help(format!(
                "known targets: {} (see `gpuisa targets`)",
                names.join(", ")
            ))
        })
    }

    /// The target that reads this ELF file, if any.
    pub fn for_elf(&self, data: &[u8]) -> Option<&'static dyn Target> {
        self.pick_elf(data).ok()
    }

    /// The target that reads this ELF file. A file whose sections cannot be read is still
    /// given to the target its header's machine (and flags) name, which reports the damage; when
    /// no target claims it, the reason: the damage if the file is malformed, else its machine.
    pub fn pick_elf(&self, data: &[u8]) -> Result<&'static dyn Target, ElfPick> {
        let (elf, damage) = match crate::elf::Elf::parse(data) {
            Ok(e) => (Some(e), None),
            Err(e) => (crate::elf::Elf::header(data), Some(e)),
        };
        if let Some(t) = elf
            .as_ref()
            .and_then(|e| self.targets.iter().copied().find(|t| t.claims_elf(e)))
        {
            return Ok(t);
        }
        match (damage, elf) {
            (Some(e), _) => Err(ElfPick::Malformed(e.to_string())),
            (None, Some(e)) => Err(ElfPick::Unknown {
                machine: e.machine,
                flags: e.flags,
            }),
            (None, None) => Err(ElfPick::Malformed("no ELF header".into())),
        }
    }
}

/// Why no target reads an ELF file ([`Registry::pick_elf`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElfPick {
    /// The file is damaged and its header names no target: what is wrong with it.
    Malformed(String),
    /// A well-formed file of a machine (or processor) no target reads.
    Unknown { machine: u16, flags: u32 },
}
