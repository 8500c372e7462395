//! A minimal llvm-mc stand-in over the GCN targets only (used by scripts/gcn-diff.sh so the
//! differential test does not need the whole CLI):
//! `llvm_mc --arch gfx900 --bytes FILE [--show-encoding]`.

use gpuisa_amdgpu::gcn::target::TARGETS;
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut arch = "gfx900".to_string();
    let mut file = None;
    let mut show = false;
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--arch" => {
                i += 1;
                arch = args.get(i).cloned().unwrap_or_default();
            }
            "--show-encoding" => show = true,
            "--bytes" | "disasm" => {}
            f => file = Some(f.to_string()),
        }
        i += 1;
    }
    let Some(t) = TARGETS
        .iter()
        .find(|t| t.name == arch || t.aliases.contains(&arch.as_str()))
    else {
        eprintln!("unknown arch {arch}");
        std::process::exit(2);
    };
    let path = file.unwrap_or_else(|| "-".into());
    let data = std::fs::read(&path).unwrap_or_default();
    let req = DisasmRequest {
        file_name: &path,
        data: &data,
        format: InputFormat::Bytes,
        options: DisasmOptions {
            show_encoding: show,
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
