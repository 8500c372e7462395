//! `gpuisa`: one command line for assembling, disassembling, emulating and timing GPU machine code.
//!
//! This crate only handles arguments, files and output; every ISA lives behind
//! [`gpuisa_core::Target`] in its own crate (see `registry.rs`).

mod cmd_timing;
use gpuisa_cli::registry;

use clap::{Args, FromArgMatches, Parser, Subcommand};
use gpuisa_core::diag::render_all;
use gpuisa_core::target::*;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  gpuisa targets
  gpuisa run --arch mimori examples/mimori/gemm.toml
  gpuisa disasm --arch mimori --hex examples/mimori/words.txt --offsets --show-encoding
  echo '0x203c6211 0x00180000' | gpuisa disasm --arch mimori --hex -
  gpuisa asm --arch mimori examples/mimori/gemm.s -o gemm.bin
  gpuisa asm --arch mimori examples/mimori/gemm.s --hex";

#[derive(Parser)]
#[command(name = "gpuisa", version, about = "Assemble, disassemble, emulate and time GPU machine code", after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Disassemble raw code, hex words, llvm-mc byte lists or ELF containers.
    #[command(
        after_help = "Examples:\n  gpuisa disasm --arch mimori code.bin\n  gpuisa disasm --arch mimori --hex --offsets --show-encoding examples/mimori/words.txt\n  echo '0x00380400' | gpuisa disasm --arch mimori --hex -"
    )]
    Disasm(DisasmArgs),
    /// Assemble a source file into raw code.
    #[command(
        after_help = "Examples:\n  gpuisa asm --arch mimori kernel.s -o kernel.bin\n  gpuisa asm --arch mimori kernel.s --hex\n  gpuisa asm --arch mimori kernel.s --show-encoding"
    )]
    Asm(AsmArgs),
    /// Run a program on the target's emulator.
    #[command(
        after_help = "Examples:\n  gpuisa run --arch mimori examples/mimori/gemm.toml\n  gpuisa run --arch mimori examples/mimori/conv3x3.toml --profile mimori-rtl --format csv -o out.csv\n  gpuisa run --arch mimori examples/mimori/gemm.toml --trace"
    )]
    Run(RunArgs),
    /// GCN occupancy: waves per SIMD from VGPRs, SGPRs, LDS and work-group size, or a code object.
    #[command(
        after_help = "Examples:\n  gpuisa occupancy --arch gfx900 --vgprs 40 --sgprs 60 --lds 16384 --workgroup 256\n  gpuisa occupancy kernel.o\n  gpuisa occupancy --arch tahiti --table"
    )]
    Occupancy(cmd_timing::OccupancyArgs),
    /// GCN static timing: issue cycles, alignment and scheduling penalties, block and kernel totals.
    #[command(
        after_help = "Examples:\n  gpuisa time --arch tahiti kernel.s\n  gpuisa time --arch gfx900 kernel.s --html report.html\n  gpuisa time kernel.o --waves-per-simd 4 --json"
    )]
    Time(cmd_timing::TimeArgs),
    /// What the GCN timing tables know of one instruction.
    #[command(
        override_usage = "gpuisa info --arch <ARCH> [--json] <MNEMONIC>\n       gpuisa info --devices [--json]",
        after_help = "Examples:\n  gpuisa info --arch tahiti v_fma_f32\n  gpuisa info --arch gfx900 ds_write2_b64 --json"
    )]
    Info(cmd_timing::InfoArgs),
    /// LDS bank conflicts of one DS access from its lane addresses.
    #[command(
        after_help = "Examples:\n  gpuisa lds-banks --stride 8 --lanes 64\n  gpuisa lds-banks --addrs 0,128,256,4"
    )]
    LdsBanks(cmd_timing::LdsBanksArgs),
    /// List the targets `--arch` accepts.
    Targets {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Debug)]
struct DisasmArgs {
    /// Input files (`-` for standard input), listed in turn.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Target (see `gpuisa targets`); optional for ELF files, which name their machine.
    #[arg(long, short = 'a', visible_alias = "mcpu")]
    arch: Option<String>,
    /// Target triple, as llvm-objdump takes it (`amdgcn-amd-amdhsa`): checked against the
    /// target's family; the processor comes from --arch/--mcpu or the ELF file.
    #[arg(long, value_name = "TRIPLE")]
    triple: Option<String>,
    /// Accepted for llvm-objdump's `-d`: disassembling is what this command does.
    #[arg(short = 'd', long = "disassemble")]
    disassemble: bool,
    /// Accepted for llvm-objdump: as llvm-objdump-19 does for AMDGPU, the code-object listing
    /// keeps its `// ADDRESS: WORDS` comments; other listings show no encoding unless asked.
    #[arg(long)]
    no_show_raw_insn: bool,
    /// Input is text of hexadecimal words (`0x203c6211`, separated by spaces, commas or newlines).
    #[arg(long, conflicts_with = "bytes")]
    hex: bool,
    /// Input is llvm-mc's disassembler format: byte values such as `0x01,0x02`, `#` comments.
    #[arg(long)]
    bytes: bool,
    /// Prefix every line with its address.
    #[arg(long)]
    offsets: bool,
    /// Append each instruction's encoding as a comment.
    #[arg(long)]
    show_encoding: bool,
    /// Address of the first byte of raw input.
    #[arg(long, value_parser = parse_u64, default_value = "0")]
    base: u64,
    /// NVIDIA: show the control fields of each instruction.
    #[arg(long)]
    ctrl: bool,
    /// NVIDIA: flat listing without dual-issue pairs.
    #[arg(long)]
    novliw: bool,
    /// AMD gfx10+: decode for wave64.
    #[arg(long, conflicts_with = "wave32")]
    wave64: bool,
    /// AMD gfx10+: decode for wave32 (the default).
    #[arg(long)]
    wave32: bool,
    /// Containers: also dump constant banks and data.
    #[arg(long)]
    constants: bool,
    /// Containers: list kernels and their resources.
    #[arg(long)]
    kernels: bool,
    /// Machine-readable JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct AsmArgs {
    /// Source file (`-` for standard input).
    file: PathBuf,
    /// Target (see `gpuisa targets`).
    #[arg(long, short = 'a')]
    arch: String,
    /// Output file for the raw code.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Print the words as hexadecimal text instead of writing binary.
    #[arg(long)]
    hex: bool,
    /// Print each instruction with its encoding.
    #[arg(long)]
    show_encoding: bool,
    /// AMD gfx10+: assemble for wave64.
    #[arg(long)]
    wave64: bool,
    /// Output kind: `bin` (the raw code, the default) or, for AMD gfx6-gfx11, `obj` (an ELF
    /// relocatable object like `llvm-mc -filetype=obj`) or `hsaco` (a loadable code object
    /// like that object linked by `ld.lld -shared`).
    #[arg(long, default_value = "bin")]
    filetype: String,
    /// NVIDIA: put the assembled code into the kernels of this cubin (per `Function : NAME`
    /// header of the listing, or --kernel) and write the whole cubin to -o.
    #[arg(long, value_name = "BASE.cubin")]
    cubin: Option<PathBuf>,
    /// NVIDIA, with --cubin: the kernel a listing without `Function :` headers replaces (or the
    /// only function of the listing to take).
    #[arg(long)]
    kernel: Option<String>,
}

#[derive(Args)]
struct RunArgs {
    /// Run file, kernel or program.
    file: PathBuf,
    /// Target (see `gpuisa targets`).
    #[arg(long, short = 'a')]
    arch: Option<String>,
    /// Semantic profile (MIMORI: `spec` or `mimori-rtl`).
    #[arg(long)]
    profile: Option<String>,
    /// Print every issued instruction with its operand values.
    #[arg(long)]
    trace: bool,
    /// Result format: json, csv or npy.
    #[arg(long)]
    format: Option<String>,
    /// Write results here instead of standard output.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Grid size (X[,Y[,Z]]).
    #[arg(long)]
    grid: Option<String>,
    /// Block size (X[,Y[,Z]]).
    #[arg(long)]
    block: Option<String>,
    /// A buffer (target-defined syntax, repeatable).
    #[arg(long = "buffer")]
    buffers: Vec<String>,
    /// A constant (target-defined syntax, repeatable).
    #[arg(long = "const")]
    constants: Vec<String>,
    /// A kernel parameter (repeatable).
    #[arg(long = "param")]
    params: Vec<String>,
    /// Machine-readable JSON summary.
    #[arg(long)]
    json: bool,
    /// Kernel to launch (containers with several kernels).
    #[arg(long)]
    kernel: Option<String>,
    /// Kernel argument, in order (repeatable): file:PATH, npy:PATH, zeros:BYTES, i32:V, u32:V,
    /// i64:V, u64:V, f32:V, f64:V; AMD images image:PATH.npy:FORMAT (a WebGPU format name) and
    /// sampler:FILTER,ADDRESS,COORDS (docs/images.md).
    #[arg(long = "arg", value_name = "SPEC")]
    args: Vec<String>,
    /// Write every buffer argument i to DIR/arg<i>.bin (or .npy) after the run.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Dynamic LDS / shared memory per work-group, in bytes.
    #[arg(long, value_parser = parse_u64)]
    lds: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop with an error after this many wave-instructions.
    #[arg(long, value_parser = parse_u64)]
    max_instructions: Option<u64>,
    /// With --trace: only this wave (repeatable).
    #[arg(long = "trace-wave", value_parser = parse_u64)]
    trace_waves: Vec<u64>,
    /// With --trace: only this program counter (repeatable).
    #[arg(long = "trace-pc", value_parser = parse_u64)]
    trace_pcs: Vec<u64>,
}

fn parse_u64(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|e| format!("'{s}': {e}"))
}

/// Standard output for every command's output. A closed pipe (`gpuisa disasm k.o | head`) ends
/// the process at once, quietly and successfully: the reader has what it wanted. (llvm-objdump-19
/// also ends quietly, with status 74; 0 keeps `set -o pipefail` scripts going.)
pub(crate) fn stdout() -> QuietPipe<io::StdoutLock<'static>> {
    QuietPipe(io::stdout().lock())
}

pub(crate) struct QuietPipe<W>(W);

impl<W: Write> QuietPipe<W> {
    fn check<T>(r: io::Result<T>) -> io::Result<T> {
        match r {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
            r => r,
        }
    }
}

impl<W: Write> Write for QuietPipe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Self::check(self.0.write(buf))
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        Self::check(self.0.write_all(buf))
    }
    fn flush(&mut self) -> io::Result<()> {
        Self::check(self.0.flush())
    }
}

/// The bytes of an input to disassemble: a regular file is memory-mapped (no copy: a large code
/// object costs no read and no heap), anything else (`-`, pipes, special files) is read.
enum Input {
    Read(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl std::ops::Deref for Input {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Input::Read(v) => v,
            Input::Mapped(m) => m,
        }
    }
}

fn map_input(path: &Path) -> Result<Input, ToolError> {
    if path.as_os_str() != "-" {
        if let Ok(f) = std::fs::File::open(path) {
            if f.metadata().is_ok_and(|m| m.is_file() && m.len() > 0) {
                // SAFETY: the map is read-only and lives until the listing is written; as with
                // every mmap-based reader, a file truncated by another process meanwhile is
                // outside what the tool guards against.
                if let Ok(m) = unsafe { memmap2::MmapOptions::new().populate().map(&f) } {
                    return Ok(Input::Mapped(m));
                }
            }
        }
    }
    read_input(path).map(Input::Read)
}

fn read_input(path: &Path) -> Result<Vec<u8>, ToolError> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path)
            .map_err(|e| ToolError::new(format!("cannot read '{}': {e}", path.display())))
    }
}

fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// The command line. `gpuisa disasm ...` is parsed without clap's whole tree: clap's derived
/// parser builds every subcommand's arguments first, which was about a quarter of a short
/// disassembly's run (~200k instructions and ~35 page faults; see docs/gcn.md, "Speed").
/// - The commonest shapes (`disasm [--arch A | -a A | --arch=A] FILE`) are read directly
///   ([`quick_disasm`], which a test holds equal to clap's result on those shapes).
/// - Other `disasm` lines go through the `disasm` arguments alone.
/// - Anything that does not parse that way (`--help`, `--version`, any error), and every other
///   subcommand, goes through the whole parser, so every message is clap's usual one.
fn parse_cli() -> Cli {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "disasm") {
        if let Some(a) = quick_disasm(&args[2..]) {
            return Cli {
                command: Command::Disasm(a),
            };
        }
        if let Some(a) = disasm_alone(&args[2..]) {
            return Cli {
                command: Command::Disasm(a),
            };
        }
    }
    Cli::parse_from(args)
}

/// `disasm` arguments parsed by clap with the `disasm` arguments alone.
fn disasm_alone(args: &[std::ffi::OsString]) -> Option<DisasmArgs> {
    let cmd = DisasmArgs::augment_args(clap::Command::new("disasm").no_binary_name(true));
    let mut m = cmd.try_get_matches_from(args).ok()?;
    DisasmArgs::from_arg_matches_mut(&mut m).ok()
}

/// `disasm` arguments of the shape `[--arch A | -a A | --arch=A] FILE` (either order), read
/// without clap; `None` for anything else (any other option, a second file, an empty or
/// dash-led value, text that is not UTF-8), which clap then parses.
fn quick_disasm(args: &[std::ffi::OsString]) -> Option<DisasmArgs> {
    let (mut file, mut arch) = (None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let a = a.to_str()?;
        let value = |v: &str| (!v.is_empty() && !v.starts_with('-')).then(|| v.to_string());
        match a {
            "--arch" | "-a" if arch.is_none() => arch = Some(value(it.next()?.to_str()?)?),
            _ if a.starts_with("--arch=") && arch.is_none() => arch = Some(value(&a[7..])?),
            _ if file.is_none() && (a == "-" || value(a).is_some()) => {
                file = Some(PathBuf::from(a))
            }
            _ => return None,
        }
    }
    Some(DisasmArgs {
        files: vec![file?],
        arch,
        triple: None,
        disassemble: false,
        no_show_raw_insn: false,
        hex: false,
        bytes: false,
        offsets: false,
        show_encoding: false,
        base: 0,
        ctrl: false,
        novliw: false,
        wave64: false,
        wave32: false,
        constants: false,
        kernels: false,
        json: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct reading of `disasm` arguments gives what clap gives, on every shape it takes,
    /// and declines the others.
    #[test]
    fn quick_disasm_agrees_with_clap() {
        let taken: &[&[&str]] = &[
            &["k.o"],
            &["-"],
            &["--arch", "gfx900", "k.o"],
            &["k.o", "--arch", "gfx900"],
            &["-a", "sm_52", "k.cubin"],
            &["--arch=gfx1100", "k.o"],
            &["k.o", "-a", "mimori"],
        ];
        for args in taken {
            let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
            let quick = quick_disasm(&os).unwrap_or_else(|| panic!("{args:?} not taken"));
            let clap = disasm_alone(&os).unwrap_or_else(|| panic!("{args:?}: clap rejects"));
            assert_eq!(format!("{quick:?}"), format!("{clap:?}"), "{args:?}");
        }
        let declined: &[&[&str]] = &[
            &[],
            &["--arch", "gfx900"],
            &["a.o", "b.o"],
            &["--arch", "gfx900", "--arch", "gfx803", "k.o"],
            &["--arch", "-x", "k.o"],
            &["--arch="],
            &["", "--arch", "gfx900"],
            &["--kernels", "k.o"],
            &["k.o", "--help"],
            &["-h"],
            &["--", "k.o"],
            &["-ak.o"],
            &["--archx", "k.o"],
        ];
        for args in declined {
            let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
            assert!(quick_disasm(&os).is_none(), "{args:?} taken");
        }
    }
}

fn main() -> ExitCode {
    let cli = parse_cli();
    let reg = registry::registry();
    let result = match cli.command {
        Command::Targets { json } => targets(&reg, json),
        Command::Disasm(a) => disasm(&reg, a),
        Command::Asm(a) => asm(&reg, a),
        Command::Run(a) => run(&reg, a),
        Command::Occupancy(a) => cmd_timing::occupancy_cmd(a),
        Command::Time(a) => cmd_timing::time_cmd(a),
        Command::Info(a) => cmd_timing::info_cmd(a),
        Command::LdsBanks(a) => cmd_timing::lds_banks_cmd(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gpuisa: error: {}", e.message);
            if let Some(h) = &e.help {
                eprintln!("help: {h}");
            }
            ExitCode::from(1)
        }
    }
}

fn targets(reg: &Registry, json: bool) -> Result<ExitCode, ToolError> {
    let mut out = stdout();
    if json {
        let items: Vec<String> = reg
            .all()
            .iter()
            .map(|t| {
                let c = t.capabilities();
                let gcn = cmd_timing::knows_device(t.name());
                format!(
                    "{{\"name\":{:?},\"aliases\":{:?},\"family\":{:?},\"description\":{:?},\"asm\":{},\"disasm\":{},\"run\":{},\"time\":{},\"occupancy\":{},\"info\":{}}}",
                    t.name(), t.aliases(), t.family(), t.description(), c.asm, c.disasm, c.run, c.time, gcn, gcn
                )
            })
            .collect();
        writeln!(out, "[{}]", items.join(","))?;
    } else {
        writeln!(
            out,
            "{:<10} {:<18} {:<35} {}",
            "TARGET", "FAMILY", "CAN", "DESCRIPTION"
        )?;
        for t in reg.all() {
            let c = t.capabilities();
            let gcn = cmd_timing::knows_device(t.name());
            let can: Vec<&str> = [
                (c.asm, "asm"),
                (c.disasm, "disasm"),
                (c.run, "run"),
                (c.time, "time"),
                (gcn, "occupancy"),
                (gcn, "info"),
            ]
            .iter()
            .filter(|x| x.0)
            .map(|x| x.1)
            .collect();
            let mut desc = t.description().to_string();
            if !t.aliases().is_empty() {
                desc.push_str(&format!(" (also: {})", t.aliases().join(", ")));
            }
            writeln!(
                out,
                "{:<10} {:<18} {:<35} {}",
                t.name(),
                t.family(),
                can.join(","),
                desc
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn disasm(reg: &Registry, a: DisasmArgs) -> Result<ExitCode, ToolError> {
    let format = if a.hex {
        InputFormat::Hex
    } else if a.bytes {
        InputFormat::Bytes
    } else {
        InputFormat::Raw
    };
    let named = match &a.arch {
        Some(name) => Some(reg.lookup(name)?),
        None => None,
    };
    if let Some(t) = &a.triple {
        check_triple(t, named)?;
    }
    if a.files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return Err(ToolError::new("standard input (`-`) can be read only once"));
    }
    let options = DisasmOptions {
        offsets: a.offsets,
        show_encoding: a.show_encoding,
        base_address: a.base,
        ctrl: a.ctrl,
        novliw: a.novliw,
        wave64: a.wave64 && !a.wave32,
        constants: a.constants,
        kernels: a.kernels,
        json: a.json,
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout());
    let several = a.files.len() > 1;
    // As llvm-objdump does, the first file that cannot be listed ends the command.
    for file in &a.files {
        let r = disasm_one(
            reg,
            named,
            a.triple.as_deref(),
            format,
            &options,
            file,
            several,
            &mut out,
        );
        if let Err(e) = r {
            out.flush()?;
            return Err(e);
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `--triple`: its first component must name the target's family (`amdgcn` for AMD,
/// `nvptx64`/`nvptx`/`cuda` for NVIDIA, `mimori` for MIMORI). Nothing else is taken from it: the
/// processor comes from `--arch`/`--mcpu` or from the ELF file.
fn check_triple(triple: &str, target: Option<&dyn Target>) -> Result<(), ToolError> {
    let arch = triple.split('-').next().unwrap_or("").to_ascii_lowercase();
    let family = match arch.as_str() {
        "amdgcn" => "AMD",
        "nvptx" | "nvptx64" | "cuda" => "NVIDIA",
        "mimori" => "MIMORI",
        _ => return Err(
            ToolError::new(format!("unsupported triple '{triple}'")).with_help(
                "AMD code takes `amdgcn-amd-amdhsa`; the processor is named by --arch or --mcpu",
            ),
        ),
    };
    if let Some(t) = target {
        if !t.family().starts_with(family) {
            return Err(ToolError::new(format!(
                "triple '{triple}' does not match target '{}' ({})",
                t.name(),
                t.family()
            )));
        }
    }
    Ok(())
}

/// Lists one input file. With several files, a file whose listing does not name it (every
/// listing but the `llvm-objdump -d` one of an AMD code object) is preceded by `FILE:`.
#[allow(clippy::too_many_arguments)]
fn disasm_one(
    reg: &Registry,
    named: Option<&'static dyn Target>,
    triple: Option<&str>,
    format: InputFormat,
    options: &DisasmOptions,
    file: &Path,
    several: bool,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let data = map_input(file)?;
    let name = display_name(file);
    let is_elf = format == InputFormat::Raw && gpuisa_core::elf::is_elf(&data);
    let target = match named {
        Some(t) => {
            if is_elf {
                warn_other_processor(reg, t, &name, &data);
            }
            t
        }
        None if is_elf => reg.pick_elf(&data).map_err(|e| {
            ToolError::new(match e {
                ElfPick::Malformed(m) => format!("{name}: {m}"),
                ElfPick::Unknown { machine, flags } => format!(
                    "'{name}' is an ELF file of a machine no target reads (e_machine {machine}, e_flags 0x{flags:x})"
                ),
            })
        })?,
        None => {
            return Err(ToolError::new("--arch is required for raw code").with_help(
                "name the target, e.g. `--arch mimori` (or `--mcpu gfx900`); `gpuisa targets` lists them",
            ))
        }
    };
    if named.is_none() {
        if let Some(t) = triple {
            check_triple(t, Some(target))?;
        }
    }
    let amd_listing = is_elf && target.family().starts_with("AMD");
    if several && !amd_listing {
        writeln!(out, "\n{name}:")?;
    }
    let req = DisasmRequest {
        file_name: &name,
        data: &data,
        format,
        options: options.clone(),
    };
    let mut err = io::stderr().lock();
    target.disassemble(&req, out, &mut err).map(|_| ())
}

/// `--arch` names a processor other than the one an ELF file names (AMD e_flags, NVIDIA sm):
/// the file is listed as asked, with a warning naming the file's own processor.
fn warn_other_processor(reg: &Registry, t: &dyn Target, name: &str, data: &[u8]) {
    let Some(elf) = gpuisa_core::elf::Elf::parse(data)
        .ok()
        .or_else(|| gpuisa_core::elf::Elf::header(data))
    else {
        return;
    };
    // NVIDIA targets say it themselves (they list a cubin as its own sm, as cuobjdump does).
    if t.claims_elf(&elf) || t.family().starts_with("NVIDIA") {
        return;
    }
    if let Some(own) = reg.all().iter().find(|o| o.claims_elf(&elf)) {
        eprintln!(
            "gpuisa: warning: '{name}' is a code object for {} (its ELF header says so); listing it as {}, as --arch asks",
            own.name(),
            t.name()
        );
    }
}

fn asm(reg: &Registry, a: AsmArgs) -> Result<ExitCode, ToolError> {
    // (`--filetype obj` takes AMD target ids such as `gfx906:xnack-`, which are no registry names)
    let target = if a.filetype == "obj" || a.filetype == "hsaco" {
        None
    } else {
        Some(reg.lookup(&a.arch)?)
    };
    let data = read_input(&a.file)?;
    let name = display_name(&a.file);
    let source = String::from_utf8(data).map_err(|e| {
        ToolError::new(format!(
            "'{name}' is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let Some(target) = target else {
        return asm_obj(&a, &name, &source);
    };
    if a.filetype != "bin" {
        return Err(ToolError::new(format!(
            "unknown --filetype '{}' (bin, obj or hsaco)",
            a.filetype
        )));
    }
    if let Some(base) = &a.cubin {
        return asm_cubin(target, &a, base, &name, &source);
    }
    let req = AsmRequest {
        file_name: &name,
        source: &source,
        options: AsmOptions {
            show_encoding: a.show_encoding,
            wave64: a.wave64,
        },
    };
    let res = target.assemble(&req);
    // (no diagnostics: no line index of the whole source to build)
    if !res.diagnostics.is_empty() {
        eprint!("{}", render_all(&name, &source, &res.diagnostics));
    }
    if res.has_errors() {
        let n = res.diagnostics.iter().filter(|d| d.is_error()).count();
        eprintln!(
            "{n} error{} generated; nothing written",
            if n == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(1));
    }
    let mut stdout = stdout();
    if a.show_encoding {
        if let Some(l) = &res.listing {
            stdout.write_all(l.as_bytes())?;
        }
    }
    if a.hex {
        let wb = target.word_bytes().max(1);
        for chunk in res.bytes.chunks(wb) {
            let mut v = [0u8; 16];
            v[..chunk.len()].copy_from_slice(chunk);
            writeln!(
                stdout,
                "0x{:0width$x}",
                u128::from_le_bytes(v),
                width = wb * 2
            )?;
        }
    }
    match &a.output {
        Some(p) => std::fs::write(p, &res.bytes)
            .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", p.display())))?,
        None if !a.hex && !a.show_encoding => {
            return Err(ToolError::new("no output chosen")
                .with_help("use `-o FILE` for binary, `--hex` or `--show-encoding` for text"))
        }
        None => {}
    }
    Ok(ExitCode::SUCCESS)
}

/// `asm --cubin BASE -o OUT`: NVIDIA code put back into a cubin (gpuisa_nvidia::cubin_write).
fn asm_cubin(
    target: &dyn Target,
    a: &AsmArgs,
    base: &std::path::Path,
    name: &str,
    source: &str,
) -> Result<ExitCode, ToolError> {
    let sm = match target.name() {
        "sm_50" => 50,
        "sm_52" => 52,
        "sm_53" => 53,
        other => {
            return Err(ToolError::new(format!(
                "--cubin is for NVIDIA targets (sm_50, sm_52, sm_53), not {other}"
            )))
        }
    };
    let Some(out) = &a.output else {
        return Err(ToolError::new("no output chosen").with_help("use `-o OUT.cubin`"));
    };
    let data = std::fs::read(base)
        .map_err(|e| ToolError::new(format!("cannot read '{}': {e}", base.display())))?;
    let res = gpuisa_nvidia::cubin_write::splice(source, sm, &data, a.kernel.as_deref());
    eprint!("{}", render_all(name, source, &res.diagnostics));
    let n = res.diagnostics.iter().filter(|d| d.is_error()).count();
    if n > 0 {
        eprintln!(
            "{n} error{} generated; nothing written",
            if n == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(1));
    }
    for note in &res.notes {
        eprintln!("{note}");
    }
    std::fs::write(out, &res.file)
        .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", out.display())))?;
    Ok(ExitCode::SUCCESS)
}

/// `asm --filetype obj`: the AMD assembler driver (gpuisa_amdgpu::assembler).
fn asm_obj(a: &AsmArgs, name: &str, source: &str) -> Result<ExitCode, ToolError> {
    use gpuisa_amdgpu::assembler;
    let Some(t) = assembler::Target::by_name(&a.arch, a.wave64) else {
        return Err(ToolError::new(format!(
            "--filetype obj: '{}' is not an AMD gfx6-gfx9 or gfx11 processor",
            a.arch
        )));
    };
    let Some(out) = &a.output else {
        return Err(ToolError::new("no output chosen").with_help("use `-o FILE.o`"));
    };
    let res = assembler::assemble(t, source);
    if !res.diagnostics.is_empty() {
        eprint!("{}", render_all(name, source, &res.diagnostics));
    }
    let n = res.diagnostics.iter().filter(|d| d.is_error()).count();
    if n > 0 {
        eprintln!(
            "{n} error{} generated; nothing written",
            if n == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(1));
    }
    // `--filetype hsaco`: the object linked into a loadable code object (as ld.lld -shared).
    let bytes = if a.filetype == "hsaco" {
        assembler::link::link(&res.object)
            .map_err(|m| ToolError::new(format!("--filetype hsaco: {m}")))?
    } else {
        res.object
    };
    std::fs::write(out, &bytes)
        .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", out.display())))?;
    Ok(ExitCode::SUCCESS)
}

fn run(reg: &Registry, a: RunArgs) -> Result<ExitCode, ToolError> {
    let target = match &a.arch {
        Some(n) => reg.lookup(n)?,
        None => {
            let data = read_input(&a.file)?;
            reg.for_elf(&data).ok_or_else(|| {
                ToolError::new("--arch is required").with_help("e.g. `--arch mimori`")
            })?
        }
    };
    let req = RunRequest {
        file: a.file,
        profile: a.profile,
        trace: a.trace,
        format: a.format,
        output: a.output,
        grid: a.grid,
        block: a.block,
        buffers: a.buffers,
        constants: a.constants,
        params: a.params,
        json: a.json,
        kernel: a.kernel,
        args: a.args,
        out_dir: a.out_dir,
        lds: a.lds,
        threads: a.threads,
        max_instructions: a.max_instructions,
        trace_waves: a.trace_waves,
        trace_pcs: a.trace_pcs,
    };
    let mut out = io::BufWriter::new(stdout());
    let mut err = io::stderr().lock();
    let r = target.run(&req, &mut out, &mut err);
    out.flush()?;
    r.map(|_| ExitCode::SUCCESS)
}
