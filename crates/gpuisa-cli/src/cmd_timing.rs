//! The GCN timing subcommands: `occupancy`, `time`, `info`, `lds-banks`. Arguments and output
//! only; the model is `gpuisa_amdgpu::timing`.

use clap::Args;
use gpuisa_amdgpu::timing::analysis::{analyze, Options, TimedInst};
use gpuisa_amdgpu::timing::asm_text::{asm_gen, read_asm_for};
use gpuisa_amdgpu::timing::figures::{classify, device, timing, Cycles};
use gpuisa_amdgpu::timing::kd::{mach_name, max_workgroup_sizes, read_descriptors};
use gpuisa_amdgpu::timing::lds::{bank, conflicts, strided};
use gpuisa_amdgpu::timing::occupancy::{occupancy, table_row, KernelResources};
use gpuisa_amdgpu::timing::report::{
    json_str, occupancy_json, occupancy_text, to_html, to_json, to_text, KernelReport,
};
use gpuisa_amdgpu::timing::tables::{tables, Device, GenParams, Generation};
use gpuisa_amdgpu::timing::TimingError;
use gpuisa_core::diag::render_all;
use gpuisa_core::elf::{is_elf, Elf};
use gpuisa_core::target::ToolError;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn te(e: TimingError) -> ToolError {
    let t = ToolError::new(e.message);
    match e.help {
        Some(h) => t.with_help(h),
        None => t,
    }
}

fn read(path: &Path) -> Result<Vec<u8>, ToolError> {
    std::fs::read(path)
        .map_err(|e| ToolError::new(format!("cannot read '{}': {e}", path.display())))
}

fn gen_params(d: &Device) -> Result<GenParams, ToolError> {
    let t = tables().map_err(te)?;
    t.gen(d.generation)
        .copied()
        .ok_or_else(|| ToolError::new(format!("no resources known for {}", d.generation.name())))
}

/// Whether `time`, `occupancy` and `info` take this `--arch` name (for `gpuisa targets`).
pub fn knows_device(name: &str) -> bool {
    device(name).is_ok()
}

/// The device for `--arch`, or the one an AMDGPU ELF names.
fn pick_device(arch: Option<&str>, data: Option<&[u8]>) -> Result<&'static Device, ToolError> {
    if let Some(a) = arch {
        return device(a).map_err(te);
    }
    if let Some(d) = data.filter(|d| is_elf(d)) {
        let elf = Elf::parse(d).map_err(|e| ToolError::new(e.to_string()))?;
        if let Some(n) = mach_name(elf.flags) {
            return device(n).map_err(te);
        }
        return Err(ToolError::new(format!(
            "the code object's machine (e_flags 0x{:x}) is not a GCN device the timing model knows",
            elf.flags
        )));
    }
    if let Some(text) = data.and_then(|d| std::str::from_utf8(d).ok()) {
        // clang -S writes `.amdgcn_target "amdgcn-amd-amdhsa--gfx900"`.
        if let Some(p) = text.find(".amdgcn_target") {
            let rest = &text[p..];
            if let Some(g) = rest.find("gfx") {
                let name: String = rest[g..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                return device(&name).map_err(te);
            }
        }
    }
    Err(ToolError::new("--arch is required").with_help("e.g. `--arch gfx900` or `--arch tahiti`"))
}

#[derive(Args)]
pub struct OccupancyArgs {
    /// An AMD code object: read each kernel's descriptor (VGPRs, SGPRs, LDS).
    pub file: Option<PathBuf>,
    /// GCN device (tahiti, hawaii, fiji, gfx900, ...); optional with a code object.
    #[arg(long, short = 'a')]
    pub arch: Option<String>,
    /// VGPRs per work-item.
    #[arg(long)]
    pub vgprs: Option<u32>,
    /// SGPRs per wave (including VCC and the other reserved ones).
    #[arg(long)]
    pub sgprs: Option<u32>,
    /// LDS bytes per work-group.
    #[arg(long, default_value = "0")]
    pub lds: u32,
    /// Work-items per work-group (default: a code object's maximum from its metadata, else 256).
    #[arg(long)]
    pub workgroup: Option<u32>,
    /// Print the generation's occupancy table (the seed's table for GCN 1.0/1.1).
    #[arg(long)]
    pub table: bool,
    /// Machine-readable JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn occupancy_cmd(a: OccupancyArgs) -> Result<ExitCode, ToolError> {
    let data = a.file.as_deref().map(read).transpose()?;
    let d = pick_device(a.arch.as_deref(), data.as_deref())?;
    let p = gen_params(d)?;
    let mut out = crate::stdout();
    if a.table {
        let rows: Vec<_> = (1..=p.waves_per_simd_max)
            .filter_map(|w| table_row(&p, w))
            .collect();
        if a.json {
            let r: Vec<String> = rows
                .iter()
                .map(|r| format!("{{\"waves\":{},\"sgprs\":{},\"vgprs\":{},\"lds_dwords_per_lane\":{},\"issue\":{}}}", r.waves, r.sgprs, r.vgprs, r.lds_dwords_per_lane, r.issue))
                .collect();
            writeln!(
                out,
                "{{\"generation\":{},\"rows\":[{}]}}",
                json_str(d.generation.name()),
                r.join(",")
            )?;
        } else {
            writeln!(
                out,
                "occupancy table of {} ({}):",
                d.generation.name(),
                d.name
            )?;
            writeln!(out, "Waves | SGPRs | VGPRs | LdsW/I | Issue")?;
            for r in rows {
                writeln!(
                    out,
                    "{:<5} | {:<5} | {:<5} | {:<6} | {}",
                    r.waves, r.sgprs, r.vgprs, r.lds_dwords_per_lane, r.issue
                )?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut items: Vec<(String, KernelResources, String)> = Vec::new();
    if let Some(data) = &data {
        if !is_elf(data) {
            return Err(ToolError::new(
                "occupancy reads AMD code objects (ELF); for a .s file use `gpuisa time`",
            ));
        }
        let wg_sizes = max_workgroup_sizes(data);
        for k in read_descriptors(data, d.generation).map_err(te)? {
            let meta_wg = wg_sizes.iter().find(|w| w.0 == k.name).map(|w| w.1);
            let r = KernelResources {
                vgprs: a.vgprs.unwrap_or(k.vgprs),
                sgprs: a.sgprs.unwrap_or(k.sgprs),
                lds_bytes: if a.lds > 0 { a.lds } else { k.lds_bytes },
                workgroup_size: a.workgroup.or(meta_wg).unwrap_or(256),
            };
            let from = match (a.workgroup, meta_wg) {
                (None, Some(_)) => {
                    "kernel descriptor (granulated counts), work-group from the metadata note"
                }
                _ => "kernel descriptor (granulated counts)",
            };
            items.push((k.name, r, from.into()));
        }
    } else {
        let (Some(v), Some(s)) = (a.vgprs, a.sgprs) else {
            return Err(ToolError::new("give --vgprs and --sgprs, or a code object")
                .with_help("gpuisa occupancy --arch gfx900 --vgprs 40 --sgprs 60 --lds 16384 --workgroup 256"));
        };
        items.push((
            "kernel".into(),
            KernelResources {
                vgprs: v,
                sgprs: s,
                lds_bytes: a.lds,
                workgroup_size: a.workgroup.unwrap_or(256),
            },
            "command line".into(),
        ));
    }
    let mut js = Vec::new();
    for (name, r, from) in &items {
        let o = occupancy(&p, *r).map_err(te)?;
        if a.json {
            js.push(format!(
                "{{\"name\":{},\"device\":{},\"resources_from\":{},\"occupancy\":{}}}",
                json_str(name),
                json_str(&d.name),
                json_str(from),
                occupancy_json(r, &o)
            ));
        } else {
            writeln!(
                out,
                "{name} on {} ({}): {} VGPRs, {} SGPRs, {} bytes LDS, work-group {} ({from})",
                d.name, d.gfx, r.vgprs, r.sgprs, r.lds_bytes, r.workgroup_size
            )?;
            write!(out, "{}", occupancy_text(r, &o))?;
        }
    }
    if a.json {
        writeln!(out, "[{}]", js.join(","))?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct TimeArgs {
    /// LLVM-syntax assembly (.s) or an AMD code object (gfx8/gfx9 for now).
    pub file: PathBuf,
    /// GCN device (tahiti, hawaii, hawaii-pro, fiji, gfx900, ...); optional with a code object.
    #[arg(long, short = 'a')]
    pub arch: Option<String>,
    /// Waves running per SIMD; above 1, penalties, branches and scalar instructions are masked.
    #[arg(long, default_value = "1")]
    pub waves_per_simd: u32,
    /// Override the device's DPFACTOR (1, 2, 4 or 8).
    #[arg(long)]
    pub dpfactor: Option<u32>,
    /// Work-items per work-group for the occupancy (default: the kernel's maximum, else 256).
    #[arg(long)]
    pub workgroup: Option<u32>,
    /// Only this kernel.
    #[arg(long)]
    pub kernel: Option<String>,
    /// Machine-readable JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write a self-contained HTML report here.
    #[arg(long)]
    pub html: Option<PathBuf>,
}

fn elf_kernels(
    data: &[u8],
    d: &Device,
) -> Result<Vec<(String, Vec<TimedInst>, Option<KernelResources>)>, ToolError> {
    use gpuisa_amdgpu::gcn;
    let elf = Elf::parse(data).map_err(|e| ToolError::new(e.to_string()))?;
    if let Some(own) = mach_name(elf.flags).and_then(|n| device(n).ok()) {
        if own.generation != d.generation {
            return Err(ToolError::new(format!(
                "the code object is {} code ({}), not {} like {}",
                own.gfx,
                own.generation.name(),
                d.generation.name(),
                d.name
            ))
            .with_help(format!(
                "drop --arch, or give a {} device",
                own.generation.name()
            )));
        }
    }
    let gen = match d.generation {
        Generation::Gcn10 => gcn::Gen::Gfx6,
        Generation::Gcn11 => gcn::Gen::Gfx7,
        Generation::Gcn12 => gcn::Gen::Gfx8,
        Generation::Gcn14 => gcn::Gen::Gfx9,
    };
    let kds = read_descriptors(data, d.generation).map_err(te)?;
    let wg_sizes = max_workgroup_sizes(data);
    let syms = elf.symbols().map_err(|e| ToolError::new(e.to_string()))?;
    let mut out = Vec::new();
    for kd in kds {
        let f = syms
            .iter()
            .find(|s| s.name == kd.name && s.kind == 2)
            .ok_or_else(|| {
                ToolError::new(format!(
                    "kernel '{}' has a descriptor but no code symbol",
                    kd.name
                ))
            })?;
        let sec = elf
            .sections
            .get(usize::from(f.shndx))
            .ok_or_else(|| ToolError::new(format!("{}: bad section index", kd.name)))?;
        let start = f
            .value
            .checked_sub(sec.addr)
            .and_then(|o| usize::try_from(o).ok());
        let code = start
            .and_then(|s| {
                sec.data
                    .get(s..s.checked_add(usize::try_from(f.size).ok()?)?)
            })
            .ok_or_else(|| {
                ToolError::new(format!(
                    "{}: code lies outside section {}",
                    kd.name, sec.name
                ))
            })?;
        let mut insts = Vec::new();
        for r in gcn::disassemble(gen, code, f.value) {
            match r {
                Ok(i) => insts.push(TimedInst {
                    address: i.address,
                    size: u32::from(i.size),
                    target: i.branch_target(),
                    decoded: Some((i.op, i.name, i.enc, i.encoding)),
                    mnemonic: i.mnemonic,
                    operands: i.operands,
                    label: None,
                    line: 0,
                }),
                Err(w) => {
                    return Err(ToolError::new(format!(
                        "{}: invalid instruction word 0x{:08x} at 0x{:x}",
                        kd.name, w.word, w.address
                    )))
                }
            }
        }
        let r = KernelResources {
            vgprs: kd.vgprs,
            sgprs: kd.sgprs,
            lds_bytes: kd.lds_bytes,
            workgroup_size: wg_sizes
                .iter()
                .find(|w| w.0 == kd.name)
                .map_or(256, |w| w.1),
        };
        out.push((kd.name, insts, Some(r)));
    }
    Ok(out)
}

pub fn time_cmd(a: TimeArgs) -> Result<ExitCode, ToolError> {
    let data = read(&a.file)?;
    let d = pick_device(a.arch.as_deref(), Some(&data))?;
    let p = gen_params(d)?;
    let name = a.file.display().to_string();
    let mut kernels: Vec<(String, Vec<TimedInst>, Option<KernelResources>, String)> = Vec::new();
    if is_elf(&data) {
        for (n, i, r) in elf_kernels(&data, d)? {
            kernels.push((n, i, r, "kernel descriptor (granulated counts)".into()));
        }
    } else {
        let src = String::from_utf8(data).map_err(|e| {
            ToolError::new(format!(
                "'{name}' is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        // The assembler that checks each line: the device's own (gfx906 has instructions
        // gfx900 lacks), else its generation's.
        let gen = gpuisa_amdgpu::TARGETS
            .iter()
            .find(|t| t.name == d.gfx || t.name == d.name)
            .map_or_else(|| asm_gen(d.generation), |t| t.gen);
        match read_asm_for(&src, gen) {
            Ok(ks) => {
                for k in ks {
                    let r = match (k.meta.vgprs, k.meta.sgprs) {
                        (Some(v), Some(s)) => Some(KernelResources {
                            vgprs: v,
                            sgprs: s,
                            lds_bytes: k.meta.lds_bytes.unwrap_or(0),
                            workgroup_size: k.meta.max_workgroup_size.unwrap_or(256),
                        }),
                        _ => None,
                    };
                    kernels.push((k.name, k.insts, r, "the .s file's .amdgpu_metadata".into()));
                }
            }
            Err(diags) => {
                eprint!("{}", render_all(&name, &src, &diags));
                return Ok(ExitCode::from(1));
            }
        }
    }
    if let Some(only) = &a.kernel {
        kernels.retain(|k| &k.0 == only);
        if kernels.is_empty() {
            return Err(ToolError::new(format!(
                "no kernel named '{only}' in '{name}'"
            )));
        }
    }
    if kernels.is_empty() {
        return Err(ToolError::new(format!(
            "'{name}' has no instructions to time"
        )));
    }
    if a.waves_per_simd == 0 || a.waves_per_simd > p.waves_per_simd_max {
        return Err(ToolError::new(format!(
            "--waves-per-simd must be 1 to {}",
            p.waves_per_simd_max
        )));
    }
    let mut opt = Options::new(d);
    opt.waves_per_simd = a.waves_per_simd;
    if let Some(f) = a.dpfactor {
        if ![1, 2, 4, 8].contains(&f) {
            return Err(ToolError::new(
                "--dpfactor is 1, 2, 4 or 8 (DP speed 1/2, 1/4, 1/8, 1/16)",
            ));
        }
        opt.dpfactor = f;
    }
    let mut reports = Vec::new();
    for (kname, insts, res, from) in kernels {
        let analysis = analyze(&insts, &opt).map_err(te)?;
        let occ = match res {
            Some(mut r) => {
                if let Some(w) = a.workgroup {
                    r.workgroup_size = w;
                }
                Some((r, occupancy(&p, r).map_err(te)?))
            }
            None => None,
        };
        reports.push(KernelReport {
            name: kname,
            analysis,
            occupancy: occ,
            resources_from: from,
        });
    }
    let mut out = crate::stdout();
    if a.json {
        out.write_all(to_json(&reports).as_bytes())?;
    } else {
        out.write_all(to_text(&reports).as_bytes())?;
    }
    if let Some(h) = &a.html {
        let t = tables().map_err(te)?;
        let title = format!(
            "gpuisa time: {} on {}",
            a.file
                .file_name()
                .map_or(name.clone(), |f| f.to_string_lossy().into_owned()),
            d.name
        );
        std::fs::write(h, to_html(&reports, &t.generations, &title))
            .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", h.display())))?;
        if !a.json {
            writeln!(out, "wrote {}", h.display())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct InfoArgs {
    /// Instruction mnemonic (LLVM or reference spelling, any case; _e32/_e64 suffixes allowed).
    #[arg(required_unless_present = "devices")]
    pub mnemonic: Option<String>,
    /// GCN device (tahiti, hawaii, gfx900, ...).
    #[arg(long, short = 'a', required_unless_present = "devices")]
    pub arch: Option<String>,
    /// List the devices the timing model knows, with their DPFACTOR.
    #[arg(long, conflicts_with_all = ["mnemonic", "arch"])]
    pub devices: bool,
    /// Machine-readable JSON.
    #[arg(long)]
    pub json: bool,
}

fn devices_cmd(json: bool) -> Result<ExitCode, ToolError> {
    let t = tables().map_err(te)?;
    let mut out = crate::stdout();
    if json {
        let items: Vec<String> = t
            .devices
            .iter()
            .map(|d| {
                format!(
                    "{{\"name\":{},\"aliases\":[{}],\"gfx\":{},\"generation\":{},\"dpfactor\":{},\"description\":{}}}",
                    json_str(&d.name),
                    d.aliases.iter().map(|a| json_str(a)).collect::<Vec<_>>().join(","),
                    json_str(&d.gfx),
                    json_str(d.generation.name()),
                    d.dpfactor,
                    json_str(&d.description)
                )
            })
            .collect();
        writeln!(out, "[{}]", items.join(","))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{:<11} {:<7} {:<8} {:>8}  DESCRIPTION",
        "DEVICE", "GFX", "GEN", "DPFACTOR"
    )?;
    for d in &t.devices {
        let aliases = if d.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", d.aliases.join(", "))
        };
        writeln!(
            out,
            "{:<11} {:<7} {:<8} {:>8}  {}{aliases}",
            d.name,
            d.gfx,
            d.generation.name(),
            d.dpfactor,
            d.description
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn info_cmd(a: InfoArgs) -> Result<ExitCode, ToolError> {
    if a.devices {
        return devices_cmd(a.json);
    }
    let (Some(arch), Some(mnemonic)) = (a.arch.as_deref(), a.mnemonic.as_deref()) else {
        return Err(ToolError::new("give --arch and a mnemonic, or --devices"));
    };
    let d = device(arch).map_err(te)?;
    let t = tables().map_err(te)?;
    let c = classify(mnemonic, d.generation).map_err(te)?;
    let tm = timing(&c, "", d.dpfactor).map_err(te)?;
    let glc = timing(&c, "glc", d.dpfactor).map_err(te)?;
    let rows = t.ref_rows(&c.base);
    let mut rules = Vec::new();
    if c.size >= 8 || c.takes_literal {
        rules.push(format!("alignment (GCN 1.0/1.1 only{}): a 2-dword form outside the first 3 dwords of a 32-byte block costs 4 cycles", if p_align(d) { "; applies to this device" } else { "; not on this device" }));
    }
    if gpuisa_amdgpu::timing::analysis::is_vector_int_addsub(&c) {
        rules.push("scheduling: a scalar ALU instruction within 16 cycles after it waits out the 16-cycle delay".into());
    }
    if matches!(c.family, "SOP1" | "SOP2" | "SOPK" | "SOPC") {
        rules.push("scheduling: waits if an integer V_ADD*/V_SUB*/V_READLANE_B32/V_READFIRSTLANE_B32 ran less than 16 cycles before".into());
    }
    if c.writes_scc {
        rules.push(
            "scheduling: writes SCC, so an S_CBRANCH_SCC0/SCC1 right after it pays 4 cycles".into(),
        );
    }
    if c.writes_vcc || c.writes_exec {
        rules.push("scheduling: writes VCC/EXEC (or may), so an S_CBRANCH_VCCZ/EXECZ (and SCC) branch right after it pays 4 cycles".into());
    }
    if c.op
        .is_some_and(|o| o.facts().branch == gpuisa_amdgpu::op::Branch::Cjump)
    {
        rules.push("alignment (GCN 1.0/1.1): in the second half of its 32-byte block it pays N-3 penalties when not taken".into());
    }
    let glc_note = (glc.cycles != tm.cycles).then(|| glc.cycles.text());
    let mut out = crate::stdout();
    if a.json {
        let refs: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{{\"family\":{},\"opcodes\":{},\"syntax\":{}}}",
                    json_str(&r.family),
                    json_str(&r.opcodes),
                    json_str(&r.syntax)
                )
            })
            .collect();
        let cyc = match tm.cycles {
            Cycles::Known(n) => n.to_string(),
            _ => "null".into(),
        };
        writeln!(out, "{{\"mnemonic\":{},\"device\":{},\"generation\":{},\"dpfactor\":{},\"encoding\":{},\"family\":{},\"size\":{},\"cycles\":{},\"cycles_text\":{},\"cycles_with_glc\":{},\"throughput\":{},\"source\":{},\"writes\":{{\"scc\":{},\"vcc\":{},\"exec\":{}}},\"reference\":[{}],\"rules\":[{}]}}",
            json_str(&c.base), json_str(&d.name), json_str(d.generation.name()), d.dpfactor, json_str(c.encoding), json_str(c.family), c.size, cyc,
            json_str(&tm.cycles.text()), glc_note.as_deref().map_or("null".into(), json_str), json_str(&tm.throughput.text()), json_str(&tm.source),
            c.writes_scc, c.writes_vcc, c.writes_exec, refs.join(","), rules.iter().map(|r| json_str(r)).collect::<Vec<_>>().join(","))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} on {} ({}, {}, DPFACTOR {})",
        c.base,
        d.name,
        d.gfx,
        d.generation.name(),
        d.dpfactor
    )?;
    writeln!(
        out,
        "  encoding:   {} ({} bytes{}), timing family {}",
        c.encoding,
        c.size,
        if c.takes_literal {
            ", +4 with a literal"
        } else {
            ""
        },
        c.family
    )?;
    writeln!(
        out,
        "  cycles:     {}{}",
        tm.cycles.text(),
        glc_note.map_or(String::new(), |g| format!(" ({g} with GLC)"))
    )?;
    let thr = match tm.throughput {
        gpuisa_amdgpu::timing::figures::Throughput::NotGiven => "not given by the seed".to_string(),
        gpuisa_amdgpu::timing::figures::Throughput::Unknown => "unknown".to_string(),
        t => format!("{} per cycle", t.text()),
    };
    writeln!(out, "  throughput: {thr}")?;
    writeln!(out, "  source:     {}", tm.source)?;
    if rows.is_empty() {
        writeln!(
            out,
            "  reference:  not in the ISA reference (classified by its name)"
        )?;
    }
    for r in &rows {
        writeln!(out, "  reference:  {} | {}", r.family, r.opcodes)?;
        writeln!(out, "              {}", r.syntax)?;
    }
    let w: Vec<&str> = [
        (c.writes_scc, "SCC"),
        (c.writes_vcc, "VCC"),
        (c.writes_exec, "EXEC"),
    ]
    .iter()
    .filter(|x| x.0)
    .map(|x| x.1)
    .collect();
    if !w.is_empty() {
        writeln!(out, "  writes:     {}", w.join(", "))?;
    }
    for r in rules {
        writeln!(out, "  rule:       {r}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn p_align(d: &Device) -> bool {
    tables()
        .ok()
        .and_then(|t| t.gen(d.generation))
        .is_some_and(|p| p.alignment_rules)
}

#[derive(Args)]
pub struct LdsBanksArgs {
    /// Byte stride between consecutive lanes.
    #[arg(long, default_value = "4")]
    pub stride: u64,
    /// Number of lanes.
    #[arg(long, default_value = "64")]
    pub lanes: usize,
    /// Byte address of lane 0.
    #[arg(long, default_value = "0")]
    pub base: u64,
    /// Bytes each lane accesses (4 for *_B32, 8 for *_B64, 16 for *_B128).
    #[arg(long, default_value = "4")]
    pub size: u32,
    /// Explicit lane addresses instead of a stride (comma-separated, decimal or 0x hex); not
    /// with --stride, --lanes or --base.
    #[arg(long, conflicts_with_all = ["stride", "lanes", "base"])]
    pub addrs: Option<String>,
    /// Machine-readable JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn lds_banks_cmd(a: LdsBanksArgs) -> Result<ExitCode, ToolError> {
    let addrs: Vec<u64> = match &a.addrs {
        Some(list) => list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| {
                let r = match s.strip_prefix("0x") {
                    Some(h) => u64::from_str_radix(h, 16),
                    None => s.parse(),
                };
                r.map_err(|_| ToolError::new(format!("bad lane address '{s}'")))
            })
            .collect::<Result<_, _>>()?,
        None => {
            if a.lanes == 0 || a.lanes > 64 {
                return Err(ToolError::new("--lanes is 1 to 64"));
            }
            strided(a.base, a.stride, a.lanes)
        }
    };
    let r = conflicts(&addrs, a.size).map_err(te)?;
    let mut out = crate::stdout();
    if a.json {
        let banks: Vec<String> = addrs.iter().map(|&x| bank(x).to_string()).collect();
        writeln!(out, "{{\"lanes\":{},\"size\":{},\"group_lanes\":{},\"degree\":{},\"degrees\":{:?},\"extra_cycles\":{},\"worst_bank\":{},\"worst_bank_dwords\":{},\"lane_banks\":[{}]}}",
            addrs.len(), a.size, r.group_lanes, r.degree, r.degrees, r.extra_cycles, r.worst_bank.0, r.worst_bank.1, banks.join(","))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} lanes, {} bytes each{}",
        addrs.len(),
        a.size,
        a.addrs.as_ref().map_or(
            format!(", base 0x{:x}, stride {}", a.base, a.stride),
            |_| String::new()
        )
    )?;
    for (g, deg) in r.degrees.iter().enumerate() {
        let lanes = &addrs[g * r.group_lanes..((g + 1) * r.group_lanes).min(addrs.len())];
        let banks: Vec<String> = lanes.iter().map(|&x| bank(x).to_string()).collect();
        writeln!(
            out,
            "  lanes {:>2}-{:<2}: {}-way{}  banks {}",
            g * r.group_lanes,
            g * r.group_lanes + lanes.len() - 1,
            deg,
            if *deg == 1 { " (no conflict)" } else { "" },
            banks.join(" ")
        )?;
    }
    writeln!(out, "conflict degree {}: +{} cycles, throughput x1/{} (busiest bank {} with {} distinct dwords)", r.degree, r.extra_cycles, r.degree, r.worst_bank.0, r.worst_bank.1)?;
    Ok(ExitCode::SUCCESS)
}
