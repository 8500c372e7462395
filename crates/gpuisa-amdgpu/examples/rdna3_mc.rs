//! A small stand-alone front end over the RDNA3 targets, used by scripts/rdna3-*.sh so they do
//! not need the whole CLI (the same code paths as `gpuisa disasm --arch gfx1100`):
//! `rdna3_mc [--wave64] [--bytes] [--show-encoding] FILE`, or `rdna3_mc --assemble [--wave64] FILE`
//! (one instruction a line; prints its bytes or `error: ...`).

use gpuisa_amdgpu::targets::gfx11::GFX1100;
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut file = None;
    let (mut show, mut bytes, mut wave64, mut asm) = (false, false, false, false);
    for a in &args[1..] {
        match a.as_str() {
            "--show-encoding" => show = true,
            "--bytes" => bytes = true,
            "--wave64" => wave64 = true,
            "--wave32" => wave64 = false,
            "--assemble" => asm = true,
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
    if asm {
        // one instruction per line: prints its words (hex, comma separated) or `error: message`
        let text = String::from_utf8_lossy(&data);
        for line in text.lines() {
            match gpuisa_amdgpu::rdna3::asm::assemble_inst(line, wave64) {
                Ok(w) => println!(
                    "{}",
                    w.iter()
                        .flat_map(|x| x.to_le_bytes())
                        .map(|b| format!("0x{b:02x}"))
                        .collect::<Vec<_>>()
                        .join(",")
                ),
                Err(e) => println!("error: {}", e.message),
            }
        }
        return;
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
