//! Which gfx11 VALU and SALU operations the emulator runs: every opcode of the VOP1, VOP2, VOPC,
//! VOP3 (incl. VOP3SD), VOP3P, SOP1, SOP2, SOPC and SOPK tables is encoded with register
//! operands, decoded, and executed on a wave; an operation the emulator does not know answers
//! "not emulated yet". The test prints the list and holds the count under a ceiling that only
//! goes down.

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::op::{RDNA3_ENCODINGS, RDNA3_OPS};
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

/// A word pattern per encoding with the opcode at its place and small register operands, built
/// by the generated field inserters (`gpuisa_amdgpu::fields`, from data/amd/encodings.txt).
fn words(enc: &str, op: u32) -> Option<[u32; 4]> {
    use gpuisa_amdgpu::fields::{self as f, G};
    const G11: G = G::Gfx11;
    let mut w = [0u32; 4];
    // Every value below fits its field: a refusal is a bug of the test.
    let set = |ok: bool| assert!(ok, "{enc} 0x{op:x}: a field refused its value");
    match enc {
        "vop1" | "vop2" | "vopc" => {
            let e = match enc {
                "vop1" => f::vop1::encoding_value(G11),
                "vop2" => f::vop2::encoding_value(G11),
                _ => f::vopc::encoding_value(G11),
            }?;
            set(match enc {
                "vop1" => f::vop1::set_encoding(G11, &mut w, e) && f::vop1::set_op(G11, &mut w, op),
                "vop2" => f::vop2::set_encoding(G11, &mut w, e) && f::vop2::set_op(G11, &mut w, op),
                _ => f::vopc::set_encoding(G11, &mut w, e) && f::vopc::set_op(G11, &mut w, op),
            });
            // v1 = f(v2, v3): VOP1/VOP2/VOPC share the field places (VOPC has no VDST, VOP1 no
            // VSRC1: their bits are the opcode's there, set above and kept).
            set(f::vop2::set_src0(G11, &mut w, 0x102));
            if enc != "vopc" {
                let _ = f::vop1::set_vdst(G11, &mut w, 1);
            }
            if enc != "vop1" {
                set(f::vop2::set_vsrc1(G11, &mut w, 3));
            }
        }
        "vop3" | "vop3p" => {
            // v6 = f(v2, v3, v4); VOP3P with op_sel_hi set for the first two sources.
            let p = enc == "vop3p";
            let e = if p {
                f::vop3p::encoding_value(G11)
            } else {
                f::vop3::encoding_value(G11)
            }?;
            set(if p {
                f::vop3p::set_encoding(G11, &mut w, e)
                    && f::vop3p::set_op(G11, &mut w, op)
                    && f::vop3p::set_opsel_hi(G11, &mut w, 3)
            } else {
                f::vop3::set_encoding(G11, &mut w, e) && f::vop3::set_op(G11, &mut w, op)
            });
            set(f::vop3::set_vdst(G11, &mut w, 6)
                && f::vop3::set_src0(G11, &mut w, 0x102)
                && f::vop3::set_src1(G11, &mut w, 0x103)
                && f::vop3::set_src2(G11, &mut w, 0x104));
        }
        "sop1" => set(
            f::sop1::set_encoding(G11, &mut w, f::sop1::encoding_value(G11)?)
                && f::sop1::set_op(G11, &mut w, op)
                && f::sop1::set_sdst(G11, &mut w, 10)
                && f::sop1::set_ssrc0(G11, &mut w, 12),
        ),
        "sop2" => set(
            f::sop2::set_encoding(G11, &mut w, f::sop2::encoding_value(G11)?)
                && f::sop2::set_op(G11, &mut w, op)
                && f::sop2::set_sdst(G11, &mut w, 10)
                && f::sop2::set_ssrc1(G11, &mut w, 14)
                && f::sop2::set_ssrc0(G11, &mut w, 12),
        ),
        "sopc" => set(
            f::sopc::set_encoding(G11, &mut w, f::sopc::encoding_value(G11)?)
                && f::sopc::set_op(G11, &mut w, op)
                && f::sopc::set_ssrc1(G11, &mut w, 14)
                && f::sopc::set_ssrc0(G11, &mut w, 12),
        ),
        "sopk" => set(
            f::sopk::set_encoding(G11, &mut w, f::sopk::encoding_value(G11)?)
                && f::sopk::set_op(G11, &mut w, op)
                && f::sopk::set_sdst(G11, &mut w, 10)
                && f::sopk::set_simm16(G11, &mut w, 0x10),
        ),
        _ => return None,
    }
    Some(w)
}

/// The inserters build the same words as the layouts written out by hand (the former form of
/// [`words`]), for every opcode of every encoding.
#[test]
fn inserters_place_fields_as_the_isa_says() {
    for op in 0..128u32 {
        let hand: [(&str, [u32; 2]); 9] = [
            ("vop1", [0x7e00_0000 | op << 9 | 1 << 17 | 0x102, 0]),
            ("vop2", [(op & 0x3f) << 25 | 1 << 17 | 3 << 9 | 0x102, 0]),
            ("vopc", [0x7c00_0000 | op << 17 | 3 << 9 | 0x102, 0]),
            (
                "vop3",
                [0xd400_0000 | op << 16 | 6, 0x102 | 0x103 << 9 | 0x104 << 18],
            ),
            (
                "vop3p",
                [
                    0xcc00_0000 | op << 16 | 6,
                    0x102 | 0x103 << 9 | 0x104 << 18 | 3 << 27,
                ],
            ),
            ("sop1", [0xbe80_0000 | 10 << 16 | op << 8 | 12, 0]),
            (
                "sop2",
                [0x8000_0000 | op << 23 | 10 << 16 | 14 << 8 | 12, 0],
            ),
            ("sopc", [0xbf00_0000 | op << 16 | 14 << 8 | 12, 0]),
            (
                "sopk",
                [0xb000_0000 | (op & 0x1f) << 23 | 10 << 16 | 0x10, 0],
            ),
        ];
        for (enc, want) in hand {
            let op = match enc {
                "vop2" => op & 0x3f,
                "sopk" => op & 0x1f,
                _ => op,
            };
            let got = words(enc, op).unwrap();
            assert_eq!([got[0], got[1]], want, "{enc} 0x{op:x}");
        }
    }
}

#[test]
fn gfx11_alu_coverage() {
    let mem = Memory::new(vec![]);
    let (mut tried, mut missing) = (0, Vec::new());
    for &(k, op, id) in RDNA3_OPS.iter() {
        let enc = RDNA3_ENCODINGS[k as usize];
        let Some(w) = words(enc, op as u32) else {
            continue;
        };
        // Two-source VOP3 rows that refuse a SRC2 field: the same word with SRC2 = s0.
        let mut w2 = w;
        w2[1] &= !(0x1ff << 18);
        let decoded = decode_typed(&w, 4, false).or_else(|e| {
            if matches!(enc, "vop3" | "vop3p") {
                decode_typed(&w2, 4, false)
            } else {
                Err(e)
            }
        });
        let insts = match decoded {
            Ok(Decoded11::One(i)) => vec![i],
            Ok(Decoded11::Dual(x, y)) => vec![x, y],
            // Words whose operand fields this pattern does not satisfy (the row wants other
            // register widths): not counted.
            Err(_) => continue,
        };
        tried += 1;
        let mut wave = Wave::new(64, 32);
        wave.set_exec(0xffff_ffff);
        for r in 0..64 {
            for l in 0..32 {
                wave.vset(r, l, (r * 31 + l) as u32);
            }
        }
        let mut lds = vec![0u8; 256];
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            gen: Gen::Gfx9,
            lane_ops: 0,
            private_size: 0,
        };
        for i in &insts {
            if let Err(e) = exec::step(&mut wave, i, &mut ctx) {
                if e.message.contains("not emulated") {
                    missing.push(format!("{enc}:{}", id.name()));
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    eprintln!(
        "gfx11 ALU operations tried: {tried}; not emulated ({}): {}",
        missing.len(),
        missing.join(" ")
    );
    assert!(
        tried > 600,
        "only {tried} gfx11 ALU opcodes decoded with the test patterns"
    );
    assert!(
        missing.len() <= 6,
        "{} gfx11 ALU operations not emulated: {}",
        missing.len(),
        missing.join(" ")
    );
}
