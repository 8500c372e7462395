//! A small stand-alone front end over the RDNA3 targets, used by scripts/rdna3-*.sh so they do
//! not need the whole CLI (the same code paths as `gpuisa disasm --arch gfx1100`):
//! `rdna3_mc [--wave64] [--bytes] [--show-encoding] FILE`.

use gpuisa_amdgpu::rdna3::target::GFX1100;
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut file = None;
    let (mut show, mut bytes, mut wave64) = (false, false, false);
    for a in &args[1..] {
        match a.as_str() {
            "--show-encoding" => show = true,
            "--bytes" => bytes = true,
            "--wave64" => wave64 = true,
            "--wave32" => wave64 = false,
            f => file = Some(f.to_string()),
        }
    }
    let path = file.unwrap_or_else(|| "-".into());
    let data = match std::fs::read(&path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(1);
        }
    };
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
            wave64,
            ..DisasmOptions::default()
        },
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let r = GFX1100.disassemble(&req, &mut stdout.lock(), &mut stderr.lock());
    match r {
        Ok(s) => std::process::exit(if s.invalid > 0 { 1 } else { 0 }),
        Err(e) => {
            eprintln!("error: {}", e.message);
            std::process::exit(2);
        }
    }
}
