//! Helpers shared by the test files (each file under tests/ is its own crate: `mod common;`).
#![allow(dead_code)]

use gpuisa_amdgpu::gcn::{decode, Gen};

/// Hex words separated by spaces (`8015c704 000000ff`), as the vector files write them.
pub fn words(s: &str) -> Vec<u32> {
    s.split(' ')
        .filter_map(|w| u32::from_str_radix(w, 16).ok())
        .collect()
}

/// The GCN decoder on a word list (at most 3 dwords are looked at): the instruction's length in
/// dwords and its text, or `Err` where it rejects the words.
pub fn gcn_decode(gen: Gen, ws: &[u32]) -> Result<(u8, String), ()> {
    let mut w = [0u32; 3];
    for (i, x) in ws.iter().take(3).enumerate() {
        w[i] = *x;
    }
    let mut out = String::new();
    decode::decode_n(gen, &w, ws.len().min(3), &mut out).map(|d| (d.len, out))
}

/// The GCN decoder's text for a word list, `<invalid>` where it rejects it (the vector files'
/// spelling of llvm-mc's "invalid instruction encoding").
pub fn gcn_text(gen: Gen, ws: &[u32]) -> String {
    gcn_decode(gen, ws).map_or_else(|()| "<invalid>".into(), |(_, t)| t)
}

/// `xxd -p` text back to bytes.
pub fn unhex(t: &str) -> Vec<u8> {
    let h: Vec<u8> = t.bytes().filter(|b| b.is_ascii_hexdigit()).collect();
    h.chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap_or("0"), 16).unwrap_or(0))
        .collect()
}

/// The first line where a listing differs from the oracle's, for a failure message.
pub fn first_difference(got: &str, want: &str) -> String {
    got.lines()
        .chain(std::iter::repeat(""))
        .zip(want.lines().chain(std::iter::repeat("")))
        .take(got.lines().count().max(want.lines().count()))
        .find(|(a, b)| a != b)
        .map(|(a, b)| format!("ours: {a}\nllvm: {b}"))
        .unwrap_or_default()
}

/// Lists the golden code object `DIR/BASE.o.hex` with `target` and panics unless the listing is
/// byte-identical to `DIR/BASE.objdump.txt` (llvm-objdump-19 -d, file named `kernel.o`), with as
/// many invalid words as it lists `.long`s.
pub fn check_listing(
    target: &dyn gpuisa_core::target::Target,
    dir: &std::path::Path,
    base: &str,
    wave64: bool,
) {
    use gpuisa_core::target::{DisasmOptions, DisasmRequest, InputFormat};
    let read = |ext: &str| {
        std::fs::read_to_string(dir.join(format!("{base}.{ext}")))
            .unwrap_or_else(|e| panic!("{base}.{ext}: {e}"))
    };
    let obj = unhex(&read("o.hex"));
    let want = read("objdump.txt");
    let req = DisasmRequest {
        file_name: "kernel.o",
        data: &obj,
        format: InputFormat::Raw,
        options: DisasmOptions {
            wave64,
            ..DisasmOptions::default()
        },
    };
    let (mut out, mut diag) = (Vec::new(), Vec::new());
    let sum = target
        .disassemble(&req, &mut out, &mut diag)
        .expect("listing");
    let got = String::from_utf8(out).expect("utf8");
    // Invalid words only where llvm-objdump-19 lists `.long`s too (the random-word vectors).
    let longs = want.matches("\t.long ").count() as u64;
    assert_eq!(sum.invalid, longs, "{base}: invalid words");
    if got != want {
        let first = first_difference(&got, &want);
        panic!("{base}: listing differs from llvm-objdump-19\n{first}");
    }
}

/// gfx11 encoding prefixes (value, mask) of a first dword, one per encoding, so that random words
/// hit every encoding often.
pub const GFX11_PREFIX: [(u32, u32); 20] = [
    (0x7e00_0000, 0xfe00_0000), // VOP1
    (0x0000_0000, 0x8000_0000), // VOP2
    (0x7c00_0000, 0xfe00_0000), // VOPC
    (0xd400_0000, 0xfc00_0000), // VOP3
    (0xcc00_0000, 0xff00_0000), // VOP3P
    (0xc800_0000, 0xfc00_0000), // VOPD
    (0x8000_0000, 0xc000_0000), // SOP2
    (0xb000_0000, 0xf000_0000), // SOPK
    (0xbe80_0000, 0xff80_0000), // SOP1
    (0xbf00_0000, 0xff80_0000), // SOPC
    (0xbf80_0000, 0xff80_0000), // SOPP
    (0xf400_0000, 0xfc00_0000), // SMEM
    (0xd800_0000, 0xfc00_0000), // DS
    (0xdc00_0000, 0xfc00_0000), // FLAT
    (0xe000_0000, 0xfc00_0000), // MUBUF
    (0xe800_0000, 0xfc00_0000), // MTBUF
    (0xf000_0000, 0xfc00_0000), // MIMG
    (0xf800_0000, 0xfc00_0000), // EXP
    (0xcd00_0000, 0xff00_0000), // VINTERP
    (0xce00_0000, 0xff00_0000), // LDSDIR
];

/// The generation of a vector file's ARCH column (`gfx600` ... `gfx906`).
pub fn gen_of(arch: &str) -> Gen {
    match arch {
        "gfx600" => Gen::Gfx6,
        "gfx700" => Gen::Gfx7,
        "gfx803" => Gen::Gfx8,
        "gfx900" => Gen::Gfx9,
        "gfx906" => Gen::Gfx906,
        a => panic!("unknown arch {a}"),
    }
}

/// The GCN assembler's words for `text` as the vector files write them (hex dwords separated by
/// spaces).
pub fn words_hex(gen: Gen, text: &str) -> Result<String, gpuisa_amdgpu::gcn::asm::AsmError> {
    gpuisa_amdgpu::gcn::asm::assemble_inst(gen, text, 0).map(|e| {
        e.words
            .iter()
            .map(|w| format!("{w:08x}"))
            .collect::<Vec<_>>()
            .join(" ")
    })
}
