//! A light reader of LLVM-syntax GCN assembly (`clang -S`, `llvm-mc` input) for the timing tools:
//! it finds kernels, labels and instructions, lays them out (sizes and `.p2align`), resolves branch
//! targets and reads each kernel's register and LDS counts from the `.amdgpu_metadata` block.
//!
//! Every instruction line is assembled by the GCN assembler of this crate (so a line llvm-mc
//! would refuse is refused here too, at its position) and its words decoded to the typed
//! instruction: its size is its encoding's, and the timing model classifies it by operation,
//! encoding and form, exactly as a disassembled instruction (`TimedInst::decoded`).

use super::analysis::{split_operands, TimedInst};
use super::tables::Generation;
use crate::gcn::asm::assemble_inst;
use crate::gcn::Gen;
use crate::op::Branch;
use gpuisa_core::diag::{Diagnostic, Span};

/// Resource counts a kernel declares in its metadata.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelMeta {
    pub vgprs: Option<u32>,
    pub sgprs: Option<u32>,
    pub lds_bytes: Option<u32>,
    pub max_workgroup_size: Option<u32>,
}

#[derive(Clone, Debug, Default)]
pub struct AsmKernel {
    pub name: String,
    pub insts: Vec<TimedInst>,
    pub meta: KernelMeta,
}

fn strip_comment(line: &str) -> &str {
    let mut end = line.len();
    if let Some(i) = line.find(';') {
        end = end.min(i);
    }
    if let Some(i) = line.find("//") {
        end = end.min(i);
    }
    &line[..end]
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '@')
}

/// `name:` at the start of `s`: (name, rest).
fn take_label(s: &str) -> Option<(&str, &str)> {
    let n = s
        .char_indices()
        .take_while(|(_, c)| is_ident_char(*c))
        .last()?
        .0
        + 1;
    let (name, rest) = s.split_at(n);
    let first = name.chars().next()?;
    if first.is_ascii_digit() {
        return None;
    }
    rest.strip_prefix(':').map(|r| (name, r.trim_start()))
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()?
    } else {
        body.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

fn directive_number(rest: &str) -> Option<i64> {
    parse_int(rest.split(',').next().unwrap_or(""))
}

/// The instruction text with every operand that carries a relocation (`sym@rel32@lo+4`, which
/// clang -S writes and only the linker resolves) replaced by the literal `256` padded with
/// blanks to the same length, so the assembler checks the rest of the line at the same
/// positions.
fn mask_relocations(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains('@') {
        return s.into();
    }
    let mut out = String::with_capacity(s.len());
    // The mnemonic, then the operands between commas.
    let ops_at = s.find(char::is_whitespace).unwrap_or(s.len());
    out.push_str(&s[..ops_at]);
    for (i, piece) in s[ops_at..].split(',').enumerate() {
        if i > 0 {
            out.push(',');
        }
        let t = piece.trim();
        if t.contains('@') && t.len() >= 3 && !t.contains(char::is_whitespace) {
            let lead = piece.len() - piece.trim_start().len();
            out.push_str(&piece[..lead]);
            out.push_str("256");
            out.extend(std::iter::repeat(' ').take(t.len() - 3));
            out.push_str(&piece[lead + t.len()..]);
        } else {
            out.push_str(piece);
        }
    }
    out.into()
}

/// Errors reported before the reader gives up.
const MAX_ERRORS: usize = 20;

/// The assembler generation of a timing generation (GCN 1.4 as gfx9; gfx906's own
/// instructions need [`read_asm_for`] with `Gen::Gfx906`).
pub fn asm_gen(g: Generation) -> Gen {
    match g {
        Generation::Gcn10 => Gen::Gfx6,
        Generation::Gcn11 => Gen::Gfx7,
        Generation::Gcn12 => Gen::Gfx8,
        Generation::Gcn14 => Gen::Gfx9,
    }
}

/// Reads a `.s` file into kernels. Errors are diagnostics with the source span.
pub fn read_asm(src: &str, g: Generation) -> Result<Vec<AsmKernel>, Vec<Diagnostic>> {
    read_asm_for(src, asm_gen(g))
}

/// [`read_asm`] with every instruction line checked by the GCN assembler of `gen` (operands
/// included): a line it refuses is an error at the position it names.
pub fn read_asm_for(src: &str, gen: Gen) -> Result<Vec<AsmKernel>, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut kernels: Vec<AsmKernel> = Vec::new();
    let mut labels: Vec<(String, u64)> = Vec::new();
    let mut branch_refs: Vec<(usize, usize, String, Span)> = Vec::new();
    let mut pending_label: Option<String> = None;
    let (mut in_text, mut addr) = (true, 0u64);
    let (mut in_meta, mut meta_kernel): (bool, Option<(String, KernelMeta)>) = (false, None);
    let mut metas: Vec<(String, KernelMeta)> = Vec::new();
    let mut pos = 0usize;
    let mut line_no = 0usize;
    for raw in src.split_inclusive('\n') {
        line_no += 1;
        let line_start = pos;
        pos += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if in_meta {
            let trimmed = line.trim();
            if trimmed.starts_with(".end_amdgpu_metadata") {
                in_meta = false;
                metas.extend(meta_kernel.take());
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            let (indent, body) = match line.trim_start().strip_prefix("- ") {
                Some(b) if indent == 2 => {
                    metas.extend(meta_kernel.take());
                    meta_kernel = Some((String::new(), KernelMeta::default()));
                    (4, b.trim_start())
                }
                _ => (indent, trimmed),
            };
            if indent == 4 {
                if let (Some((name, m)), Some((k, v))) =
                    (meta_kernel.as_mut(), body.split_once(':'))
                {
                    let v = v.trim();
                    let n = v.parse::<u32>().ok();
                    match k {
                        ".name" => *name = v.to_string(),
                        ".sgpr_count" => m.sgprs = n,
                        ".vgpr_count" => m.vgprs = n,
                        ".group_segment_fixed_size" => m.lds_bytes = n,
                        ".max_flat_workgroup_size" => m.max_workgroup_size = n,
                        _ => {}
                    }
                }
            }
            continue;
        }
        let code = strip_comment(line);
        let lead = code.len() - code.trim_start().len();
        let mut s = code.trim();
        let mut col = line_start + lead;
        while let Some((name, rest)) = take_label(s) {
            if in_text {
                if name.starts_with(".L") {
                    if !name.starts_with(".Lfunc_end") {
                        labels.push((name.to_string(), addr));
                        pending_label = Some(name.to_string());
                    }
                } else {
                    labels.push((name.to_string(), addr));
                    kernels.push(AsmKernel {
                        name: name.to_string(),
                        ..Default::default()
                    });
                    pending_label = Some(name.to_string());
                }
            }
            col += s.len() - rest.len();
            s = rest;
        }
        if s.is_empty() {
            continue;
        }
        let span = Span::new(col, line_start + code.trim_end().len());
        if let Some(d) = s.strip_prefix('.') {
            let (name, rest) = d.split_once(|c: char| c.is_whitespace()).unwrap_or((d, ""));
            let rest = rest.trim();
            match name {
                "text" => in_text = true,
                "data" | "bss" | "rodata" => in_text = false,
                "section" => in_text = rest.starts_with(".text"),
                "amdgpu_metadata" => in_meta = true,
                "p2align" | "align" | "balign" if in_text => {
                    let n = directive_number(rest).unwrap_or(0);
                    let bytes = if name == "p2align" {
                        if !(0..=16).contains(&n) {
                            diags.push(Diagnostic::error(
                                span,
                                format!("alignment 2^{n} is out of range"),
                            ));
                            continue;
                        }
                        1u64 << n
                    } else {
                        n.clamp(1, 1 << 16) as u64
                    };
                    addr = addr.div_ceil(bytes) * bytes;
                }
                "byte" | "short" | "long" | "quad" if in_text => {
                    let w = match name {
                        "byte" => 1,
                        "short" => 2,
                        "long" => 4,
                        _ => 8,
                    };
                    addr += w * split_operands(rest).len() as u64;
                }
                _ => {}
            }
            continue;
        }
        if !in_text {
            continue;
        }
        let (mnemonic, ops) = s.split_once(|c: char| c.is_whitespace()).unwrap_or((s, ""));
        let ops = ops.trim();
        // The line is assembled, and the words decoded: the instruction is timed by its
        // operation, encoding and form (`figures::classify_op`), as a disassembled one is, and
        // its size is that of its encoding.
        let decoded = assemble_inst(gen, &mask_relocations(s), col).and_then(|enc| {
            let bytes: Vec<u8> = enc.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            match crate::gcn::disassemble(gen, &bytes, addr)
                .into_iter()
                .next()
            {
                Some(Ok(i)) => Ok(i),
                _ => Err(crate::gcn::asm::AsmError {
                    span: Span::new(col, col + mnemonic.len()),
                    message: format!("`{mnemonic}`: the assembled words do not decode"),
                }),
            }
        });
        let inst = match decoded {
            Ok(i) => i,
            Err(e) => {
                if diags.len() >= MAX_ERRORS {
                    diags.push(Diagnostic::error(
                        span,
                        format!("too many errors ({MAX_ERRORS}); stopping here"),
                    ));
                    break;
                }
                diags.push(Diagnostic::error(e.span, e.message));
                continue;
            }
        };
        if kernels.is_empty() {
            kernels.push(AsmKernel {
                name: "<text>".into(),
                ..Default::default()
            });
        }
        let ki = kernels.len() - 1;
        if matches!(inst.op.facts().branch, Branch::Jump | Branch::Cjump) {
            let target = ops.split_whitespace().next().unwrap_or("").to_string();
            let tspan = Span::new(col + mnemonic.len() + 1, span.end);
            branch_refs.push((ki, kernels[ki].insts.len(), target, tspan));
        }
        let size = u32::from(inst.size);

        kernels[ki].insts.push(TimedInst {
            address: addr,
            size,
            mnemonic: mnemonic.to_ascii_lowercase(),
            operands: ops.to_string(),
            target: None,
            label: pending_label.take(),
            line: line_no,
            decoded: Some((inst.op, inst.name, inst.enc, inst.encoding)),
        });
        addr += u64::from(size);
    }
    // The first definition of a label wins.
    let label_addr: std::collections::HashMap<&str, u64> =
        labels.iter().rev().map(|(l, a)| (l.as_str(), *a)).collect();
    for (ki, ii, name, span) in branch_refs {
        let found = label_addr.get(name.as_str()).copied().or_else(|| {
            // A numeric offset: relative to the next instruction, in dwords (SOPP SIMM16).
            let i = &kernels[ki].insts[ii];
            parse_int(&name).map(|d| {
                i.address
                    .wrapping_add(4)
                    .wrapping_add((d as u64).wrapping_mul(4))
            })
        });
        match found {
            Some(a) => kernels[ki].insts[ii].target = Some(a),
            None => diags.push(Diagnostic::error(
                span,
                format!("branch to unknown label '{name}'"),
            )),
        }
    }
    for k in &mut kernels {
        if let Some((_, m)) = metas.iter().find(|(n, _)| *n == k.name) {
            k.meta = m.clone();
        }
    }
    kernels.retain(|k| !k.insts.is_empty());
    if diags.iter().any(|d| d.is_error()) {
        Err(diags)
    } else {
        Ok(kernels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GFX900_S: &str = include_str!("../../../../examples/timing/reduce-gfx900.s");
    const GFX900_SIZES: &str =
        include_str!("../../../../data/gcn-timing/vectors/reduce-gfx900.sizes");
    const TAHITI_S: &str = include_str!("../../../../examples/timing/reduce-tahiti.s");
    const TAHITI_SIZES: &str =
        include_str!("../../../../data/gcn-timing/vectors/reduce-tahiti.sizes");

    /// Addresses and sizes agree with llvm-mc-19's encodings (vectors made by
    /// data/gcn-timing/vectors/make-sizes.sh).
    fn check_against_llvm_mc(src: &str, sizes: &str, g: Generation) {
        let ks = read_asm(src, g).expect("reads");
        let insts: Vec<&TimedInst> = ks.iter().flat_map(|k| k.insts.iter()).collect();
        let expect: Vec<(u64, u32, &str)> = sizes
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let (a, rest) = l.split_once(' ').unwrap();
                let (s, text) = rest.split_once(" | ").unwrap();
                (
                    u64::from_str_radix(a, 16).unwrap(),
                    s.parse().unwrap(),
                    text,
                )
            })
            .collect();
        assert_eq!(insts.len(), expect.len());
        for (i, (a, s, text)) in insts.iter().zip(&expect) {
            assert_eq!((i.address, i.size), (*a, *s), "{text}");
        }
    }

    #[test]
    fn gfx900_kernel_matches_llvm_mc() {
        check_against_llvm_mc(GFX900_S, GFX900_SIZES, Generation::Gcn14);
        let ks = read_asm(GFX900_S, Generation::Gcn14).unwrap();
        assert_eq!(ks.len(), 1);
        let k = &ks[0];
        assert_eq!(k.name, "reduce_sum");
        assert_eq!(k.meta.vgprs, Some(7));
        assert_eq!(k.meta.sgprs, Some(16));
        assert_eq!(k.meta.lds_bytes, Some(1024));
        assert_eq!(k.meta.max_workgroup_size, Some(256));
        let br = k
            .insts
            .iter()
            .find(|i| i.mnemonic == "s_cbranch_execnz")
            .unwrap();
        let target = k
            .insts
            .iter()
            .find(|i| i.label.as_deref() == Some(".LBB0_2"))
            .unwrap();
        assert_eq!(br.target, Some(target.address));
    }

    #[test]
    fn tahiti_kernel_matches_llvm_mc() {
        check_against_llvm_mc(TAHITI_S, TAHITI_SIZES, Generation::Gcn10);
    }

    #[test]
    fn literals_and_errors() {
        let g = Generation::Gcn14;
        let src = "k:\n s_mov_b32 s4, 0x800000\n s_mov_b32 s4, 64\n v_mov_b32_e32 v0, 1.0\n v_mov_b32_e32 v0, 0x3f800000\n v_mov_b32_e32 v0, 0.15915494\n v_add_f32_e32 v0, 0x41200000, v0\n s_add_u32 s6, s6, sym@rel32@lo+4\n s_movk_i32 s0, 0x1234\n v_cndmask_b32_e64 v0, 0, -1, s[0:1]\n";
        let ks = read_asm(src, g).unwrap();
        let sizes: Vec<u32> = ks[0].insts.iter().map(|i| i.size).collect();
        assert_eq!(sizes, vec![8, 4, 4, 4, 4, 8, 8, 4, 8]);
        let m = mask_relocations("s_add_u32 s6, s6, sym@rel32@lo+4");
        assert_eq!(m, format!("s_add_u32 s6, s6, 256{}", " ".repeat(11)));
        assert_eq!(
            mask_relocations("s_add_u32 s6, s6, 4"),
            "s_add_u32 s6, s6, 4"
        );
        // The operands are checked by the assembler (the relocation aside).
        let bad = "k:\n s_add_u32 s6, s6, sym@rel32@lo+4\n s_add_u32 s6, (((, 4\n";
        let e = read_asm(bad, g).unwrap_err();
        assert_eq!(e.len(), 1);
        let line3 = bad.find(" s_add_u32 s6, (((").unwrap();
        assert!((line3..bad.len()).contains(&e[0].span.start), "{:?}", e[0]);
        let e = read_asm("k:\n  v_frob v0\n  s_branch .Lnowhere\n", g).unwrap_err();
        assert_eq!(e.len(), 2);
        assert_eq!((e[0].span.start, e[0].span.end), (5, 11));
        assert!(e[1].message.contains(".Lnowhere"));
    }

    #[test]
    fn never_panics_on_arbitrary_text() {
        let mut rng = gpuisa_core::rng::Rng::new(0x5eed);
        let pieces = [
            "s_mov_b32",
            "v_add_f32_e32",
            " ",
            ",",
            "\n",
            ":",
            ".p2align",
            "99",
            "99999999999999999999",
            "9223372036854775807",
            "-9223372036854775807",
            "0xffffffffffffffff",
            ".p2align 16",
            ".byte 1,2",
            ".align 65536",
            "s_branch 9223372036854775807",
            "-",
            "0x",
            "[",
            "]",
            "s[0:1]",
            "v",
            ".L1",
            ";",
            "s_branch",
            ".amdgpu_metadata",
            "  - ",
            ".name:",
            "é",
            "\t",
            "s_cbranch_scc1",
            "-17",
            "1.0",
        ];
        let start = std::time::Instant::now();
        while start.elapsed().as_millis() < 400 {
            let n = (rng.next_u64() % 40) as usize;
            let s: String = (0..n)
                .map(|_| pieces[(rng.next_u64() % pieces.len() as u64) as usize])
                .collect();
            for g in Generation::ALL {
                let _ = read_asm(&s, g);
            }
        }
    }
}
