//! A small stand-alone front end over the GCN targets only, used by the scripts/gcn-*.sh checks
//! so they do not need the whole CLI (the same code paths `gpuisa disasm` uses):
//! `llvm_mc [--arch gfx900] [--bytes] [--show-encoding] [--kernels] FILE`.
//! Without `--bytes` the file is raw code or an AMDGPU ELF code object (target from e_flags).

use gpuisa_amdgpu::targets::gcn::TARGETS;
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut arch = None;
    let mut file = None;
    let (mut show, mut bytes, mut kernels, mut assemble) = (false, false, false, false);
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--arch" => {
                i += 1;
                arch = args.get(i).cloned();
            }
            "--show-encoding" => show = true,
            "--bytes" => bytes = true,
            "--kernels" => kernels = true,
            "--assemble" => assemble = true,
            "disasm" => {}
            "--asm-lines" => {
                // One instruction per line of FILE: prints `words` or `error: message` per line.
                let gen = match args.get(i + 1).map(String::as_str) {
                    Some("gfx803") => gpuisa_amdgpu::gcn::Gen::Gfx8,
                    Some("gfx906") => gpuisa_amdgpu::gcn::Gen::Gfx906,
                    _ => gpuisa_amdgpu::gcn::Gen::Gfx9,
                };
                let text = std::fs::read_to_string(args.get(i + 2).cloned().unwrap_or_default())
                    .unwrap_or_default();
                for l in text.lines() {
                    match gpuisa_amdgpu::gcn::asm::assemble_inst(gen, l, 0) {
                        Ok(e) => println!(
                            "{}",
                            e.words
                                .iter()
                                .map(|w| format!("{w:08x}"))
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                        Err(e) => println!("error: {}", e.message),
                    }
                }
                return;
            }
            "--asm" => {
                // Assemble one instruction (for debugging): --asm gfx900 'TEXT'
                let gen = match args.get(i + 1).map(String::as_str) {
                    Some("gfx803") => gpuisa_amdgpu::gcn::Gen::Gfx8,
                    Some("gfx906") => gpuisa_amdgpu::gcn::Gen::Gfx906,
                    _ => gpuisa_amdgpu::gcn::Gen::Gfx9,
                };
                let text = args.get(i + 2).cloned().unwrap_or_default();
                match gpuisa_amdgpu::gcn::asm::assemble_inst(gen, &text, 0) {
                    Ok(e) => println!("{:08x?}", e.words),
                    Err(e) => println!("error at {:?}: {}", e.span, e.message),
                }
                return;
            }
            f => file = Some(f.to_string()),
        }
        i += 1;
    }
    let path = file.unwrap_or_else(|| "-".into());
    let data = match std::fs::read(&path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(1);
        }
    };
    let target = match &arch {
        Some(a) => TARGETS
            .iter()
            .find(|t| t.name == a || t.aliases.contains(&a.as_str())),
        None => gpuisa_core::elf::Elf::parse(&data)
            .ok()
            .and_then(|elf| TARGETS.iter().find(|t| t.claims_elf(&elf))),
    };
    let Some(t) = target else {
        eprintln!("error: no GCN target (give --arch)");
        std::process::exit(2);
    };
    if assemble {
        // `--assemble --show-encoding FILE.s`: llvm-mc's assembler listing.
        let src = String::from_utf8_lossy(&data).into_owned();
        let req = gpuisa_core::target::AsmRequest {
            file_name: &path,
            source: &src,
            options: gpuisa_core::target::AsmOptions {
                show_encoding: true,
                ..Default::default()
            },
        };
        let out = t.assemble(&req);
        eprint!(
            "{}",
            gpuisa_core::diag::render_all(&path, &src, &out.diagnostics)
        );
        let failed = out.has_errors();
        print!("{}", out.listing.unwrap_or_default());
        std::process::exit(if failed { 1 } else { 0 });
    }
    let req = DisasmRequest {
        file_name: &path,
        data: &data,
        format: if bytes {
            InputFormat::Bytes
        } else {
            InputFormat::Raw
        },
        options: DisasmOptions {
            show_encoding: show,
            kernels,
            ..Default::default()
        },
    };
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    if let Err(e) = t.disassemble(&req, &mut out, &mut err) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
