//! Decodes word lists, one per line (`gcn_dis_lines ARCH FILE`, words in hex separated by spaces),
//! with the decoder the tests use; prints `DWORDS<TAB>text` per line, or `0<TAB><invalid>`.
//! Used by scripts/gcn-clrx-dis67.sh (one process for all of CLRX's GCN 1.0/1.1 word lists).

use gpuisa_amdgpu::gcn::{decode, Gen};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let gen = match args.get(1).map(String::as_str) {
        Some("gfx600" | "gfx601" | "gfx602") => Gen::Gfx6,
        Some("gfx700" | "gfx701" | "gfx702" | "gfx703" | "gfx704" | "gfx705") => Gen::Gfx7,
        Some("gfx801" | "gfx802" | "gfx803" | "gfx810") => Gen::Gfx8,
        Some("gfx906") => Gen::Gfx906,
        Some(a) if a.starts_with("gfx9") => Gen::Gfx9,
        a => {
            eprintln!("gcn_dis_lines: unknown or missing ARCH {a:?}");
            std::process::exit(2);
        }
    };
    let text = match std::fs::read_to_string(args.get(2).map(String::as_str).unwrap_or("")) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("gcn_dis_lines: {e}");
            std::process::exit(2);
        }
    };
    for l in text.lines() {
        let ws: Vec<u32> = l
            .split_whitespace()
            .filter_map(|w| u32::from_str_radix(w.trim_start_matches("0x"), 16).ok())
            .collect();
        let mut w = [0u32; 3];
        for (i, x) in ws.iter().take(3).enumerate() {
            w[i] = *x;
        }
        let mut out = String::new();
        match decode::decode_n(gen, &w, ws.len().min(3), &mut out) {
            Ok(d) => println!("{}\t{out}", d.len),
            Err(()) => println!("0\t<invalid>"),
        }
    }
}
