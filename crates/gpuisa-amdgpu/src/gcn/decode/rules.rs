//! The GCN decoder's checks over the words, the table row and the fields, before the fields are
//! extracted (`inst::decode_typed`): the encoding, the opcode's row for the generation, the
//! accepted-bit masks, the fields the row requires to be zero, the encoding's own rules
//! (SDWA/DPP availability and selects, VOP3's missing literal, MUBUF's lds/tfe/addr64, FLAT's
//! segment and saddr, DS's GDS-only rows ...) and the length (literal dwords). What an operand's
//! register class refuses (a misaligned pair, a range past the last register, a constant where
//! the operand takes a register) is the operand writers' rule, one predicate each, checked when
//! the typed instruction is printed (`print::print_to`; `decode_typed` prints into `Null`).
//! Everything here is what llvm-objdump-19 rejects (tests/gcn_print.rs held it equal to the
//! template walker it replaced).

use super::encoding_of;
use crate::fields::{self, G};
use crate::gcn::inst::Ext;
use crate::gcn::table::{self, field_bit, flag, Entry, Field};
use crate::gcn::{Enc, Gen};

/// What the checks found: the encoding (FLAT's segment resolved), the row (`None` for EXP), the
/// extension dword's kind, the length in dwords and the opcode.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Head {
    pub enc: Enc,
    pub entry: Option<&'static Entry>,
    pub ext: Ext,
    pub len: u8,
    pub op: u16,
    /// gfx9's SDWA/DPP v_nop: printed and sized as the plain VOP1 word.
    pub plain_nop: bool,
}

type R = Result<Head, ()>;

fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1u32 << n) - 1)
}

#[inline(always)]
fn row(gen: Gen, enc: Enc, op: u32) -> Result<&'static Entry, ()> {
    table::entry(gen, enc, op).ok_or(())
}

/// The fields the row requires to be zero are (`value` maps a field to its value in the word).
#[inline(always)]
fn zeros_ok(e: &Entry, value: impl Fn(Field) -> u32) -> bool {
    e.zero.iter().all(|&z| value(z) == 0)
}

#[inline(always)]
fn head(enc: Enc, e: &'static Entry, len: u8) -> Head {
    Head {
        enc,
        entry: Some(e),
        ext: Ext::None,
        len,
        op: e.op,
        plain_nop: false,
    }
}

/// Checks the instruction at `w` (`n` dwords exist) as llvm-objdump-19 does, all but the
/// operands' register classes (see the module's text).
pub(crate) fn identify(gen: Gen, w: &[u32; 3], n: usize) -> R {
    let enc = encoding_of(gen, w[0]).ok_or(())?;
    let h = match enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk | Enc::Sopp => salu(gen, enc, w),
        Enc::Smrd => smrd(gen, w),
        Enc::Smem => smem(gen, w),
        Enc::Vop2 | Enc::Vop1 | Enc::Vopc => e32(gen, enc, w),
        Enc::Vop3 => vop3(gen, w),
        Enc::Vop3p => vop3p(gen, w),
        Enc::Vintrp => {
            let e = row(gen, enc, fields::vintrp::op(G::of(gen), w))?;
            if !e.bits_ok(w, 1) {
                return Err(());
            }
            Ok(head(enc, e, 1))
        }
        Enc::Ds => ds(gen, w),
        Enc::Mubuf | Enc::Mtbuf => buf(gen, enc, w),
        Enc::Mimg => mimg(gen, w),
        Enc::Flat => flat(gen, w),
        Enc::Exp => Ok(Head {
            enc,
            entry: None,
            ext: Ext::None,
            len: 2,
            op: 0,
            plain_nop: false,
        }),
        _ => Err(()),
    }?;
    if h.len as usize > n {
        return Err(());
    }
    Ok(h)
}

fn salu(gen: Gen, enc: Enc, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::{sop1, sop2, sopc, sopk, sopp};
    let op = match enc {
        Enc::Sop2 => sop2::op(g, w),
        Enc::Sopk => sopk::op(g, w),
        Enc::Sop1 => sop1::op(g, w),
        Enc::Sopc => sopc::op(g, w),
        _ => sopp::op(g, w),
    };
    let e = row(gen, enc, op)?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let (sdst, ssrc0, ssrc1, simm) = match enc {
        Enc::Sop2 => (sop2::sdst(g, w), sop2::ssrc0(g, w), sop2::ssrc1(g, w), 0),
        Enc::Sopk => (sopk::sdst(g, w), 0, 0, sopk::simm16(g, w)),
        Enc::Sop1 => (sop1::sdst(g, w), sop1::ssrc0(g, w), 0, 0),
        Enc::Sopc => (0, sopc::ssrc0(g, w), sopc::ssrc1(g, w), sopc::ssrc1(g, w)),
        _ => (0, 0, 0, sopp::simm16(g, w)),
    };
    let zero = zeros_ok(e, |z| match z {
        Field::Sdst => sdst,
        Field::Ssrc0 => ssrc0,
        Field::Ssrc1 => ssrc1,
        Field::Simm16(_) => simm,
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    // A literal source, or s_setreg_imm32_b32's constant, takes the second dword.
    let lit = e.has(Field::Ssrc0) && ssrc0 == 255 || e.has(Field::Ssrc1) && ssrc1 == 255;
    Ok(head(enc, e, 1 + (lit || e.has(Field::K)) as u8))
}

fn smrd(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::smrd as f;
    let e = row(gen, Enc::Smrd, f::op(g, w))?;
    // An operand-less row (s_dcache_inv) takes no operand bits.
    if e.operands.is_empty() && w[0] & 0x003f_ffff != 0 {
        return Err(());
    }
    // gfx7: OFFSET 255 without IMM is a 32-bit literal offset in the second dword.
    let lit = e.has(Field::Offset) && f::imm(g, w) == 0 && f::offset(g, w) == 255;
    Ok(head(Enc::Smrd, e, 1 + (lit && gen == Gen::Gfx7) as u8))
}

fn smem(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::smem as f;
    let e = row(gen, Enc::Smem, f::op(g, w))?;
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let zero = zeros_ok(e, |z| match z {
        Field::Sdata => f::sdata(g, w),
        Field::Sbase => f::sbase(g, w),
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    Ok(head(Enc::Smem, e, 2))
}

fn e32(gen: Gen, enc: Enc, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::{vop1, vop2, vopc};
    let (op, vdst, vsrc1) = match enc {
        Enc::Vop2 => (vop2::op(g, w), vop2::vdst(g, w), vop2::vsrc1(g, w)),
        Enc::Vop1 => (vop1::op(g, w), vop1::vdst(g, w), 0),
        _ => (vopc::op(g, w), 0, vopc::vsrc1(g, w)),
    };
    let src0 = vop2::src0(g, w);
    let e = row(gen, enc, op)?;
    if src0 == 0xF9 || src0 == 0xFA {
        // gfx6/gfx7 have no SDWA/DPP: 249/250 name no operand there.
        if gen <= Gen::Gfx7 {
            return Err(());
        }
        return sdwa_dpp(gen, enc, e, w, src0 == 0xF9);
    }
    if !e.bits_ok(w, 1) {
        return Err(());
    }
    let zero = zeros_ok(e, |z| match z {
        Field::Vdst => vdst,
        Field::Src0 => src0,
        Field::Vsrc1 => vsrc1,
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    // v_readfirstlane's 8-bit sdst may name the literal too (llvm-mc prints it with a note);
    // with a K constant (v_madmk/v_madak), a literal src0 shares its dword.
    let lit_sdst = vdst == 255 && enc == Enc::Vop1 && e.is(flag::READFIRSTLANE);
    let lit = e.has(Field::Src0) && src0 == 255 || lit_sdst || e.has(Field::K);
    Ok(head(enc, e, 1 + lit as u8))
}

/// SDWA (src0 0xF9) and DPP (0xFA) forms of VOP1/VOP2/VOPC (gfx8/gfx9).
fn sdwa_dpp(gen: Gen, enc: Enc, e: &'static Entry, w: &[u32; 3], sdwa: bool) -> R {
    let g = G::of(gen);
    let zero = zeros_ok(e, |z| match z {
        Field::Vdst => fields::vop2::vdst(g, w),
        Field::Vsrc1 => fields::vop2::vsrc1(g, w),
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    let ext = if sdwa { Ext::Sdwa } else { Ext::Dpp };
    if e.operands.is_empty() {
        // gfx9: llvm-mc falls back to the plain 4-byte v_nop (src0 is not an operand); gfx8
        // prints the plain mnemonic and consumes both dwords.
        let g9 = gen >= Gen::Gfx9;
        return Ok(Head {
            ext: if g9 { Ext::None } else { ext },
            plain_nop: g9,
            ..head(enc, e, if g9 { 1 } else { 2 })
        });
    }
    let name = e.mnemonic;
    // 64-bit operands, K constants and v_movrel*/v_swap_b32 have no SDWA or DPP form.
    if e.is(flag::WIDE)
        || e.has(Field::K)
        || name.starts_with("v_movrel")
        || name.starts_with("v_swap_b32")
    {
        return Err(());
    }
    let x = &[w[1]][..];
    if sdwa {
        use fields::sdwa as sd;
        let vop1 = enc == Enc::Vop1;
        if sd::src0_sel(g, x) > 6 || !vop1 && sd::src1_sel(g, x) > 6 {
            return Err(());
        }
        if enc != Enc::Vopc && sd::dst_sel(g, x) > 6 {
            return Err(());
        }
        // VOP1 has no src1: its fields must be zero.
        let src1 = sd::src1_sel(g, x)
            | sd::src1_sext(g, x)
            | sd::src1_neg(g, x)
            | sd::src1_abs(g, x)
            | sd::s1(g, x);
        if vop1 && src1 != 0 {
            return Err(());
        }
        // gfx9 dropped the SDWA forms of v_mac_f16/v_mac_f32 (and has no v_fmac SDWA).
        if gen >= Gen::Gfx9 && (name.starts_with("v_mac_") || name.starts_with("v_fmac_")) {
            return Err(());
        }
    } else {
        use fields::dpp as dp;
        // llvm-mc has no DPP compares nor v_readfirstlane; VOP1 has no second-source modifiers.
        if enc == Enc::Vopc
            || name.starts_with("v_readfirstlane")
            || enc == Enc::Vop1 && (dp::src1_neg(g, x) | dp::src1_abs(g, x)) != 0
        {
            return Err(());
        }
    }
    Ok(Head {
        ext,
        ..head(enc, e, 2)
    })
}

fn vop3(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::vop3 as v;
    let e = row(gen, Enc::Vop3, v::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let srcs = [v::src0(g, w), v::src1(g, w), v::src2(g, w)];
    if e.is(flag::INTERP) {
        // src0 holds the attribute (and, f16 forms, `high` in bit 8); src2 is the f16 forms'
        // second VGPR.
        let f16 = e.mnemonic.ends_with("_f16");
        let has_src2 = e.operands.iter().any(
            |o| matches!(o, table::Operand::Text(t) if t.starts_with('v') || t.contains(", v")),
        );
        if !has_src2 && srcs[2] != 0 || !f16 && srcs[0] >= 0x100 {
            return Err(());
        }
    } else if e.is(flag::READLANE | flag::WRITELANE) {
        if srcs[2] != 0 || srcs[0] == 255 || srcs[1] == 255 {
            return Err(());
        }
    } else {
        let z = |f: Field, m: u32| {
            if e.zero_fields & field_bit(f) != 0 {
                m
            } else {
                0
            }
        };
        let z1 = z(Field::Src0, 0x1ff) | z(Field::Src1, 0x1ff << 9) | z(Field::Src2, 0x1ff << 18);
        // No literal in VOP3 (gfx6-gfx9).
        if w[0] & z(Field::Vdst, 0xff) != 0 || w[1] & z1 != 0 || srcs.contains(&255) {
            return Err(());
        }
    }
    Ok(head(Enc::Vop3, e, 2))
}

fn vop3p(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::vop3p as p;
    let e = row(gen, Enc::Vop3p, p::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let srcs = [p::src0(g, w), p::src1(g, w), p::src2(g, w)];
    let zero = zeros_ok(e, |z| match z {
        Field::Vdst => p::vdst(g, w),
        Field::Src0 => srcs[0],
        Field::Src1 => srcs[1],
        Field::Src2 => srcs[2],
        _ => 0,
    });
    if !zero || srcs.contains(&255) {
        return Err(());
    }
    Ok(head(Enc::Vop3p, e, 2))
}

fn ds(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::ds as f;
    let e = row(gen, Enc::Ds, f::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let zero = zeros_ok(e, |z| match z {
        Field::Addr => f::addr(g, w),
        Field::Data0 => f::data0(g, w),
        Field::Data1 => f::data1(g, w),
        Field::Vdst => f::vdst(g, w),
        _ => 0,
    });
    // GWS and ordered-count instructions always go to GDS (llvm-mc-19: gds is part of their
    // syntax on gfx6/gfx7, and gfx8's decoder rejects ds_ordered_count without it).
    if !zero || f::gds(g, w) == 0 && e.is(flag::DS_GDS_ONLY) {
        return Err(());
    }
    Ok(head(Enc::Ds, e, 2))
}

fn buf(gen: Gen, enc: Enc, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    let mt = enc == Enc::Mtbuf;
    // MUBUF and MTBUF share every field the checks read but the opcode and LDS (MUBUF only).
    use fields::{mtbuf, mubuf};
    let op = if mt { mtbuf::op(g, w) } else { mubuf::op(g, w) };
    let e = row(gen, enc, op)?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let lds = !mt && mubuf::lds(g, w) != 0;
    let tfe = mubuf::tfe(g, w) != 0;
    // The LDS forms have no tfe; buffer_store_lds_dword exists only as an LDS form.
    if lds && tfe || !lds && e.is(flag::STORE_LDS_DWORD) {
        return Err(());
    }
    // Cache invalidations (buffer_wbinvl1*) have no operands: as llvm-mc does on gfx8/gfx9
    // (measured), offset, slc and the second dword apart from tfe are ignored; offen, idxen, glc,
    // bit 15 (addr64) and lds are rejected, and so is tfe.
    if !mt && e.operands.is_empty() {
        if bits(w[0], 12, 5) != 0 || tfe {
            return Err(());
        }
        return Ok(head(enc, e, 2));
    }
    let soffset = mubuf::soffset(g, w);
    let zero = zeros_ok(e, |z| match z {
        Field::Vaddr => mubuf::vaddr(g, w),
        Field::Vdata => mubuf::vdata(g, w),
        Field::Srsrc => mubuf::srsrc(g, w),
        Field::Soffset => soffset,
        _ => 0,
    });
    // A 64-bit address (gfx6/gfx7 ADDR64) takes neither offen nor idxen; no literal soffset.
    let addr64 = mubuf::addr64(g, w) != 0 && (mubuf::offen(g, w) | mubuf::idxen(g, w)) != 0;
    if !zero || addr64 && e.has(Field::Vaddr) || soffset == 255 {
        return Err(());
    }
    Ok(head(enc, e, 2))
}

fn mimg(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::mimg as f;
    let e = row(gen, Enc::Mimg, f::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    let zero = zeros_ok(e, |z| match z {
        Field::Vaddr => f::vaddr(g, w),
        Field::Vdata => f::vdata(g, w),
        Field::Srsrc => f::srsrc(g, w),
        Field::Ssamp => f::ssamp(g, w),
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    Ok(head(Enc::Mimg, e, 2))
}

fn flat(gen: Gen, w: &[u32; 3]) -> R {
    let g = G::of(gen);
    use fields::flat as f;
    let saddr = f::saddr(g, w);
    let enc = match (f::seg(g, w), f::has_saddr(g) && saddr != 0x7f) {
        (0, _) => Enc::Flat,
        (1, false) => Enc::Scratch,
        (1, true) => Enc::ScratchSaddr,
        (2, false) => Enc::Global,
        (2, true) => Enc::GlobalSaddr,
        _ => return Err(()),
    };
    let e = row(gen, enc, f::op(g, w))?;
    if !e.bits_ok(w, 2) {
        return Err(());
    }
    // FLAT itself has no scalar address; the LDS forms have no `nv` bit (llvm-mc rejects it
    // there, and ignores it elsewhere).
    if enc == Enc::Flat && f::has_saddr(g) && saddr != 0 || f::lds(g, w) != 0 && f::nv(g, w) != 0 {
        return Err(());
    }
    let zero = zeros_ok(e, |z| match z {
        Field::Addr => f::addr(g, w),
        Field::Data => f::data(g, w),
        Field::Vdst => f::vdst(g, w),
        _ => 0,
    });
    if !zero {
        return Err(());
    }
    Ok(head(enc, e, 2))
}
