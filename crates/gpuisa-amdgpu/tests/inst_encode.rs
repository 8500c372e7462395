//! The encoder inverts the typed decoder: for every word the decoder accepts,
//! `encode(decode_typed(w)) == w` (and the length agrees). Random words of every gfx6-gfx9
//! encoding (time-budgeted, a fixed seed) and the committed llvm-mc-19 vectors.

use gpuisa_amdgpu::fields::{self as f, G};
use gpuisa_amdgpu::gcn::encode::encode;
use gpuisa_amdgpu::gcn::inst::decode_typed;
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_core::rng::Rng;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

type Prefix = (
    &'static str,
    fn(G) -> Option<u32>,
    fn(G, &mut [u32], u32) -> bool,
);

/// Every GCN encoding's ENCODING prefix (from the generated layouts).
const PREFIXES: &[Prefix] = &[
    ("SOP2", f::sop2::encoding_value, f::sop2::set_encoding),
    ("SOPK", f::sopk::encoding_value, f::sopk::set_encoding),
    ("SOP1", f::sop1::encoding_value, f::sop1::set_encoding),
    ("SOPC", f::sopc::encoding_value, f::sopc::set_encoding),
    ("SOPP", f::sopp::encoding_value, f::sopp::set_encoding),
    ("SMRD", f::smrd::encoding_value, f::smrd::set_encoding),
    ("SMEM", f::smem::encoding_value, f::smem::set_encoding),
    ("VOP2", f::vop2::encoding_value, f::vop2::set_encoding),
    ("VOP1", f::vop1::encoding_value, f::vop1::set_encoding),
    ("VOPC", f::vopc::encoding_value, f::vopc::set_encoding),
    ("VOP3", f::vop3::encoding_value, f::vop3::set_encoding),
    ("VOP3P", f::vop3p::encoding_value, f::vop3p::set_encoding),
    ("VINTRP", f::vintrp::encoding_value, f::vintrp::set_encoding),
    ("DS", f::ds::encoding_value, f::ds::set_encoding),
    ("MUBUF", f::mubuf::encoding_value, f::mubuf::set_encoding),
    ("MTBUF", f::mtbuf::encoding_value, f::mtbuf::set_encoding),
    ("MIMG", f::mimg::encoding_value, f::mimg::set_encoding),
    ("FLAT", f::flat::encoding_value, f::flat::set_encoding),
    ("EXP", f::exp::encoding_value, f::exp::set_encoding),
];

const GENS: [Gen; 5] = [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906];

/// Whether `w` (`n` dwords available) re-encodes to itself when the decoder accepts it: `None`
/// if rejected, else the class name and `Err` with a message on a difference.
fn check(gen: Gen, w: &[u32; 3], n: usize) -> Option<Result<String, String>> {
    let t = decode_typed(gen, w, n).ok()?;
    let class = format!("{}{:?}", t.enc.name(), t.ext);
    Some(match encode(&t) {
        Ok((e, len)) if len == t.len as usize && e[..len] == w[..len] => Ok(class),
        Ok((e, len)) => Err(format!(
            "{gen:?} {:08x?} ({} dwords, {:?} {:?}): encoded {:08x?} ({len}) [{}]",
            &w[..t.len as usize],
            t.len,
            t.enc,
            t.op,
            &e[..len],
            t.text()
        )),
        Err(err) => Err(format!(
            "{gen:?} {:08x?} ({:?} {:?}): {err} [{}]",
            &w[..t.len as usize],
            t.enc,
            t.op,
            t.text()
        )),
    })
}

#[test]
fn random_words_of_every_encoding_encode_back() {
    let mut rng = Rng::new(0x656e_636f_6465);
    let start = Instant::now();
    let mut accepted: BTreeMap<(Gen, String), u32> = BTreeMap::new();
    let mut bad = Vec::new();
    let mut tried = 0u64;
    while start.elapsed() < Duration::from_millis(1500) && bad.len() < 20 {
        for gen in GENS {
            let g = G::of(gen);
            for &(_, value, set) in PREFIXES {
                let Some(v) = value(g) else { continue };
                let mut w = [rng.next_u32(), rng.next_u32(), rng.next_u32()];
                // Sparse words are accepted far more often (must-be-zero fields, small offsets).
                if rng.next_u32() & 1 == 0 {
                    let m = rng.next_u32() | rng.next_u32();
                    w[0] &= m;
                    w[1] &= rng.next_u32() | rng.next_u32();
                }
                assert!(set(g, &mut w, v));
                // VOP1/VOP2/VOPC: SDWA / DPP / a literal in SRC0 a quarter of the time each.
                if w[0] >> 31 == 0 || w[0] >> 25 == 0x3f || w[0] >> 25 == 0x3e {
                    match rng.next_u32() % 4 {
                        0 => w[0] = w[0] & !0x1ff | 0xf9,
                        1 => w[0] = w[0] & !0x1ff | 0xfa,
                        2 => w[0] = w[0] & !0x1ff | 0xff,
                        _ => {}
                    }
                }
                tried += 1;
                match check(gen, &w, 3) {
                    Some(Ok(class)) => *accepted.entry((gen, class)).or_default() += 1,
                    Some(Err(msg)) => bad.push(msg),
                    None => {}
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} words differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
    // Every encoding of every generation was exercised.
    for gen in GENS {
        let want: &[&str] = match gen {
            Gen::Gfx6 => &[
                "SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMRD", "VOP2", "VOP1", "VOPC", "VOP3",
                "VINTRP", "DS", "MUBUF", "MTBUF", "MIMG", "EXP",
            ],
            Gen::Gfx7 => &[
                "SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMRD", "VOP2", "VOP1", "VOPC", "VOP3",
                "VINTRP", "DS", "MUBUF", "MTBUF", "MIMG", "FLAT", "EXP",
            ],
            Gen::Gfx8 => &[
                "SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM", "VOP2", "VOP1", "VOPC", "VOP3",
                "VINTRP", "DS", "MUBUF", "MTBUF", "MIMG", "FLAT", "EXP",
            ],
            _ => &[
                "SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM", "VOP2", "VOP1", "VOPC", "VOP3",
                "VOP3P", "VINTRP", "DS", "MUBUF", "MTBUF", "MIMG", "FLAT", "EXP",
            ],
        };
        for enc in want {
            let n: u32 = accepted
                .iter()
                .filter(|((g, c), _)| {
                    *g == gen && c.starts_with(enc) && !c[enc.len()..].starts_with('P')
                })
                .map(|(_, n)| n)
                .sum();
            assert!(n > 0, "{gen:?}: no {enc} word accepted in {tried} tries");
        }
        if gen >= Gen::Gfx8 {
            for ext in ["Sdwa", "Dpp"] {
                let n = accepted
                    .iter()
                    .filter(|((g, c), _)| *g == gen && c.ends_with(ext))
                    .count();
                assert!(n > 0, "{gen:?}: no {ext} word accepted");
            }
        }
    }
    eprintln!("{tried} words tried, accepted by class: {accepted:?}");
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The words of a vector file (`enc<TAB>words<TAB>text` lines).
fn vector_words(path: &str) -> Vec<Vec<u32>> {
    let text = std::fs::read_to_string(root().join(path)).expect("vectors");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(1))
        .map(|w| {
            w.split(' ')
                .filter_map(|x| u32::from_str_radix(x, 16).ok())
                .collect()
        })
        .collect()
}

#[test]
fn llvm_vectors_encode_back() {
    let files = [
        (Gen::Gfx6, "tests/vectors/gfx6/llvm-mc-roundtrip.txt"),
        (Gen::Gfx7, "tests/vectors/gfx7/llvm-mc-roundtrip.txt"),
        (Gen::Gfx8, "tests/vectors/gfx8/llvm-mc-random.txt"),
        (Gen::Gfx9, "tests/vectors/gfx9/llvm-mc-random.txt"),
    ];
    let mut bad = Vec::new();
    for (gen, path) in files {
        let (mut total, mut ok) = (0, 0);
        for ws in vector_words(path) {
            if ws.is_empty() {
                continue;
            }
            let mut w = [0u32; 3];
            for (i, x) in ws.iter().take(3).enumerate() {
                w[i] = *x;
            }
            total += 1;
            match check(gen, &w, ws.len().min(3)) {
                Some(Ok(_)) => ok += 1,
                Some(Err(m)) if bad.len() < 30 => bad.push(m),
                _ => {}
            }
        }
        eprintln!("{path}: {ok}/{total} accepted words encode back");
        assert!(ok > 500, "{path}: only {ok} accepted");
    }
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
}

/// An instruction built field by field (no words, no table row) encodes to llvm-mc-19's bytes,
/// and what a generation cannot hold is a typed error.
#[test]
fn built_instructions_and_typed_errors() {
    use gpuisa_amdgpu::gcn::encode::EncodeError;
    use gpuisa_amdgpu::gcn::inst::TInst;
    use gpuisa_amdgpu::gcn::Enc;
    use gpuisa_amdgpu::op::Op;
    // llvm-mc-19 -mcpu=gfx803: v_mad_f32 v1, v2, v3, v4 clamp = [0x01,0x80,0xc1,0xd1,0x02,0x07,0x12,0x04];
    // -mcpu=tahiti: the same instruction = [0x01,0x08,0x82,0xd2,0x02,0x07,0x12,0x04].
    let mut t = TInst::blank(Op::V_MAD_F32, Enc::Vop3, Gen::Gfx8, 2, [0; 3]);
    t.vdst = 1;
    t.src = [258, 259, 260];
    t.clamp = true;
    assert_eq!(encode(&t), Ok(([0xD1C18001, 0x04120702, 0], 2)));
    t.gen = Gen::Gfx6;
    assert_eq!(encode(&t), Ok(([0xD2820801, 0x04120702, 0], 2)));
    // op_sel is gfx9's.
    t.opsel = 1;
    assert!(matches!(
        encode(&t),
        Err(EncodeError::Field { field: "OPSEL", .. })
    ));
    // No packed math before gfx9.
    let p = TInst::blank(Op::V_PK_ADD_F16, Enc::Vop3p, Gen::Gfx8, 2, [0; 3]);
    assert!(matches!(encode(&p), Err(EncodeError::NoOpcode { .. })));
    // s_load_dwordx2 s[2:3], s[4:5], 0x10 (gfx9: [0x82,0x00,0x06,0xc0,0x10,0x00,0x00,0x00]);
    // an odd base pair is refused.
    let mut s = TInst::blank(Op::S_LOAD_DWORDX2, Enc::Smem, Gen::Gfx9, 2, [0; 3]);
    (s.sdst, s.sbase, s.imm, s.offset) = (2, 4, true, 0x10);
    assert_eq!(encode(&s), Ok(([0xC0060082, 0x00000010, 0], 2)));
    s.sbase = 5;
    assert!(matches!(
        encode(&s),
        Err(EncodeError::Field { field: "SBASE", .. })
    ));
}
