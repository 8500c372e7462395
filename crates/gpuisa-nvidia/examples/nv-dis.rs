//! `gpuisa disasm --arch sm_5x` without the CLI crate (the same Target code path), for scripts:
//! `nv-dis [--sm 50|52|53] [--hex] [--novliw] [--ctrl] FILE` (raw bundles or a cubin).
use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat, Target};
use std::io::Write;

fn main() {
    let mut sm = 50;
    let mut opts = DisasmOptions::default();
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sm" => sm = args.next().and_then(|s| s.parse().ok()).unwrap_or(0),
            "--hex" => opts.show_encoding = true,
            "--novliw" => opts.novliw = true,
            "--ctrl" => opts.ctrl = true,
            _ => file = Some(a),
        }
    }
    let t: &dyn Target = match sm {
        50 => &gpuisa_nvidia::SM50,
        52 => &gpuisa_nvidia::SM52,
        53 => &gpuisa_nvidia::SM53,
        _ => {
            eprintln!("--sm must be 50, 52 or 53");
            std::process::exit(2)
        }
    };
    let Some(file) = file else {
        eprintln!("usage: nv-dis [--sm 50|52|53] [--hex] [--novliw] [--ctrl] FILE");
        std::process::exit(2)
    };
    let data = std::fs::read(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1)
    });
    let req = DisasmRequest {
        file_name: &file,
        data: &data,
        format: InputFormat::Raw,
        options: opts,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let r = t.disassemble(&req, &mut out, &mut std::io::stderr());
    let _ = out.flush();
    if let Err(e) = r {
        eprintln!("{file}: {e}");
        std::process::exit(1);
    }
}
