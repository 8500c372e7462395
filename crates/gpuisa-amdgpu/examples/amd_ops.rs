//! Lists every AMD operation (`Op`) with the encodings and generations that have it, one per
//! line: `OP<TAB>ENC:GEN,GEN ...`. Input of `scripts/amd-op-facts.py`.
use gpuisa_amdgpu::gcn::{table::tables, Gen};
use gpuisa_amdgpu::op::{Op, OP_LIST, RDNA3_ENCODINGS, RDNA3_OPS};
use std::collections::BTreeMap;

fn main() {
    let mut seen: BTreeMap<Op, BTreeMap<String, Vec<&str>>> = BTreeMap::new();
    for gen in [Gen::Gfx6, Gen::Gfx7, Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        for (enc, t) in tables(gen).tables.iter() {
            for e in t.iter() {
                let v = seen.entry(e.id).or_default();
                let gens = v
                    .entry(format!("{enc:?}").to_ascii_uppercase())
                    .or_default();
                if !gens.contains(&gen.name()) {
                    gens.push(gen.name());
                }
            }
        }
    }
    for &(k, _, op) in RDNA3_OPS.iter() {
        let enc = RDNA3_ENCODINGS[k as usize].to_ascii_uppercase();
        let gens = seen.entry(op).or_default().entry(enc).or_default();
        if !gens.contains(&"gfx11") {
            gens.push("gfx11");
        }
    }
    // EXP has no table row: one operation on every generation.
    let exp = seen
        .entry(Op::EXP)
        .or_default()
        .entry("EXP".into())
        .or_default();
    exp.extend(["gfx6", "gfx7", "gfx8", "gfx9", "gfx906", "gfx11"]);
    for op in OP_LIST {
        let encs = seen.get(&op).map_or(String::new(), |m| {
            m.iter()
                .map(|(e, g)| format!("{e}:{}", g.join(",")))
                .collect::<Vec<_>>()
                .join(" ")
        });
        println!("{}\t{encs}", op.name());
    }
}
