//! The assembler corpus (tests/asm-corpus, made by scripts/amd-asm-vectors.sh): every `.s` there
//! (clang-19 -S output for gfx600-gfx906 and gfx1100, and hand-written directive tests) assembles
//! to an object whose sections (but the string, symbol and relocation tables), relocations and
//! symbols equal llvm-mc-19's, as `scripts/amd-asm-dump.py` printed them, and so does the whole
//! file (its size and FNV-1a hash: the objects are byte-identical). This file reads the object
//! with its own ELF reader into the same text.

use gpuisa_amdgpu::assembler::{assemble, Target};
use std::fmt::Write;
use std::path::PathBuf;

fn u16_at(d: &[u8], o: usize) -> u64 {
    u16::from_le_bytes([d[o], d[o + 1]]) as u64
}
fn u32_at(d: &[u8], o: usize) -> u64 {
    u32::from_le_bytes(d[o..o + 4].try_into().unwrap()) as u64
}
fn u64_at(d: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(d[o..o + 8].try_into().unwrap())
}
fn cstr(d: &[u8], o: usize) -> String {
    let e = d[o..].iter().position(|&b| b == 0).unwrap() + o;
    String::from_utf8_lossy(&d[o..e]).into_owned()
}

struct Sh {
    name: String,
    ty: u64,
    flags: u64,
    off: usize,
    size: usize,
    link: usize,
    info: usize,
    align: u64,
    ent: u64,
}

/// The object as text, in the format of scripts/amd-asm-dump.py.
fn dump(d: &[u8]) -> String {
    let mut out = String::new();
    let shoff = u64_at(d, 0x28) as usize;
    let shnum = u16_at(d, 0x3c) as usize;
    let shstr = u16_at(d, 0x3e) as usize;
    writeln!(
        out,
        "elf osabi={} abiversion={} machine={} flags={:#x}",
        d[7],
        d[8],
        u16_at(d, 18),
        u32_at(d, 0x30)
    )
    .unwrap();
    let raw = |i: usize| shoff + 64 * i;
    let stroff = u64_at(d, raw(shstr) + 24) as usize;
    let secs: Vec<Sh> = (0..shnum)
        .map(|i| {
            let h = raw(i);
            Sh {
                name: cstr(d, stroff + u32_at(d, h) as usize),
                ty: u32_at(d, h + 4),
                flags: u64_at(d, h + 8),
                off: u64_at(d, h + 24) as usize,
                size: u64_at(d, h + 32) as usize,
                link: u32_at(d, h + 40) as usize,
                info: u32_at(d, h + 44) as usize,
                align: u64_at(d, h + 48),
                ent: u64_at(d, h + 56),
            }
        })
        .collect();
    // (name, value, size, type, bind, vis, shndx)
    let mut syms: Vec<(String, u64, u64, u8, u8, u8, usize)> = Vec::new();
    if let Some(st) = secs.iter().find(|s| s.ty == 2) {
        let strs = secs[st.link].off;
        for k in 0..st.size / 24 {
            let o = st.off + 24 * k;
            let info = d[o + 4];
            let shndx = u16_at(d, o + 6) as usize;
            let mut name = cstr(d, strs + u32_at(d, o) as usize);
            if info & 0xf == 3 && name.is_empty() {
                name = secs[shndx].name.clone();
            }
            syms.push((
                name,
                u64_at(d, o + 8),
                u64_at(d, o + 16),
                info & 0xf,
                info >> 4,
                d[o + 5] & 3,
                shndx,
            ));
        }
    }
    for s in &secs[1..] {
        if matches!(s.ty, 2..=4) {
            continue;
        }
        writeln!(
            out,
            "section {} type={:#x} flags={:#x} align={} entsize={} size={}",
            s.name, s.ty, s.flags, s.align, s.ent, s.size
        )
        .unwrap();
        if s.ty != 8 {
            for c in d[s.off..s.off + s.size].chunks(32) {
                out.push_str("  ");
                for b in c {
                    write!(out, "{b:02x}").unwrap();
                }
                out.push('\n');
            }
        }
    }
    for s in secs.iter().filter(|s| s.ty == 4) {
        for k in 0..s.size / 24 {
            let o = s.off + 24 * k;
            let info = u64_at(d, o + 8);
            let add = u64_at(d, o + 16) as i64;
            writeln!(
                out,
                "reloc {} {:#x} type={} {} {add:+}",
                secs[s.info].name,
                u64_at(d, o),
                info & 0xffff_ffff,
                syms[(info >> 32) as usize].0
            )
            .unwrap();
        }
    }
    for (name, v, size, ty, bind, vis, shndx) in syms.iter().skip(1) {
        let at = match shndx {
            0 => "UND".to_string(),
            0xfff1 => "ABS".to_string(),
            &i => secs[i].name.clone(),
        };
        writeln!(
            out,
            "symbol {name} value={v:#x} size={size} type={ty} bind={bind} vis={vis} {at}"
        )
        .unwrap();
    }
    // The whole file: its size and FNV-1a 64-bit hash (byte-identical objects).
    let h = d.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    writeln!(out, "file size={} fnv1a64={h:016x}", d.len()).unwrap();
    out
}

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/asm-corpus")
}

#[test]
fn corpus_objects_equal_llvm_mc() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    files.sort();
    assert!(files.len() >= 27, "corpus has {} files", files.len());
    let mut bad = Vec::new();
    let mut cpus = std::collections::BTreeSet::new();
    for f in &files {
        let stem = f.file_stem().unwrap().to_str().unwrap();
        let cpu = stem.rsplit('-').next().unwrap();
        cpus.insert(cpu.to_string());
        let src = std::fs::read_to_string(f).unwrap();
        let want = std::fs::read_to_string(f.with_extension("txt")).unwrap();
        // (`*_w64-gfx1100.s`: wave64, as llvm-mc -mattr=+wavefrontsize64)
        let t = Target::by_name(cpu, stem.contains("_w64-")).unwrap();
        let r = assemble(t, &src);
        let errs: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
        if !errs.is_empty() {
            bad.push(format!(
                "{stem}: {} errors, first {:?}",
                errs.len(),
                errs[0]
            ));
            continue;
        }
        let got = dump(&r.object);
        if got != want {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            bad.push(format!(
                "{stem}: differs from llvm-mc-19 at line {}: got {:?} want {:?}",
                line + 1,
                got.lines().nth(line),
                want.lines().nth(line)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    for c in ["gfx600", "gfx700", "gfx803", "gfx900", "gfx906", "gfx1100"] {
        assert!(cpus.contains(c), "no corpus file for {c}");
    }
}

/// The driver remembers the words of an instruction written the same way before: the corpus
/// with every instruction line spelled differently (blanks after the mnemonic and the first
/// comma varied per line, so no line repeats another's text and nothing comes from the cache)
/// gives the same objects as the corpus itself, whose lines repeat.
#[test]
fn instruction_cache_changes_nothing() {
    let mut n = 0;
    for f in std::fs::read_dir(corpus()).unwrap() {
        let f = f.unwrap().path();
        if f.extension().is_none_or(|e| e != "s") {
            continue;
        }
        let stem = f.file_stem().unwrap().to_str().unwrap().to_string();
        let cpu = stem.rsplit('-').next().unwrap();
        let t = Target::by_name(cpu, stem.contains("_w64-")).unwrap();
        let src = std::fs::read_to_string(&f).unwrap();
        let mut spelled = String::new();
        let mut repeats = std::collections::HashSet::new();
        let mut repeated = 0;
        for (i, line) in src.lines().enumerate() {
            let t = line.trim_start();
            let inst = (t.starts_with("s_") || t.starts_with("v_") || t.starts_with("global_"))
                && !t.contains(':');
            if inst {
                if !repeats.insert(t.to_string()) {
                    repeated += 1;
                }
                let (mn, rest) = t.split_once(' ').unwrap_or((t, ""));
                let a = " ".repeat(1 + i % 61);
                let rest = match rest.split_once(',') {
                    Some((x, y)) => format!("{x},{}{y}", " ".repeat(i / 61 % 61)),
                    None => rest.to_string(),
                };
                spelled.push_str(&format!("\t{mn}{a}{rest}\n"));
            } else {
                spelled.push_str(line);
                spelled.push('\n');
            }
        }
        let a = assemble(t, &src);
        let b = assemble(t, &spelled);
        assert!(
            !a.object.is_empty() && a.diagnostics.iter().all(|d| !d.is_error()),
            "{stem}"
        );
        assert!(
            a.object == b.object,
            "{stem}: the object depends on how often an instruction is written"
        );
        if repeated > 0 {
            n += 1;
        }
    }
    assert!(n >= 10, "only {n} corpus files repeat an instruction");
}

/// Our objects of clang's assembly run on the emulator like clang's own objects of the same
/// source (tests/kernels/<cpu>/emu.o, built by the integrated assembler, which is llvm-mc's),
/// and both give the CPU reference.
#[test]
fn assembled_kernels_run_like_clangs() {
    use gpuisa_amdgpu::exec::{self, ArgValue, Isa, Launch};
    use gpuisa_amdgpu::gcn::Gen;
    let n = 256;
    let x: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37 - 7.0) / 3.0).collect();
    let y: Vec<f32> = (0..n).map(|i| (i % 13) as f32 + 0.1).collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>();
    let args = [
        ArgValue::Bytes(1.75f32.to_le_bytes().to_vec()),
        ArgValue::Buffer(bytes(&x)),
        ArgValue::Buffer(bytes(&y)),
    ];
    let launch = Launch {
        grid: [(n / 64) as u32, 1, 1],
        block: [64, 1, 1],
        threads: 1,
        max_instructions: 10_000_000,
        ..Launch::default()
    };
    for (cpu, isa) in [
        ("gfx600", Isa::Gcn(Gen::Gfx6)),
        ("gfx900", Isa::Gcn(Gen::Gfx9)),
        ("gfx1100", Isa::Gfx11),
    ] {
        let src = std::fs::read_to_string(corpus().join(format!("emu-{cpu}.s"))).unwrap();
        let ours = assemble(Target::by_name(cpu, false).unwrap(), &src);
        assert!(ours.diagnostics.is_empty(), "{cpu}: {:?}", ours.diagnostics);
        let clangs = std::fs::read(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../../tests/kernels/{cpu}/emu.o")),
        )
        .unwrap();
        let run = |obj: &[u8]| {
            let r = exec::run(isa, obj, Some("saxpy"), &launch, &args).unwrap();
            r.buffers[2].clone().unwrap()
        };
        let (a, b) = (run(&ours.object), run(&clangs));
        assert_eq!(a, b, "{cpu}: our object and clang's differ");
        // `--filetype hsaco`: linked in one step, it runs alike, and the descriptor's code
        // entry offset (resolved by the linker) leads from `saxpy.kd` to `saxpy`.
        let hsaco = gpuisa_amdgpu::assembler::link::link(&ours.object).unwrap();
        assert_eq!(run(&hsaco), a, "{cpu}: the hsaco runs differently");
        let sym =
            |name: &str| elf_symbol(&hsaco, name).unwrap_or_else(|| panic!("{cpu}: no {name}"));
        let (kd, code) = (sym("saxpy.kd"), sym("saxpy"));
        let kd_off = file_offset(&hsaco, kd).unwrap();
        let entry = i64::from_le_bytes(hsaco[kd_off + 16..kd_off + 24].try_into().unwrap());
        assert_eq!(kd as i64 + entry, code as i64, "{cpu}: kernel code entry");
        let fused = cpu != "gfx600";
        for i in 0..n {
            let got = f32::from_le_bytes(a[4 * i..4 * i + 4].try_into().unwrap());
            let want = if fused {
                1.75f32.mul_add(x[i], y[i])
            } else {
                1.75f32 * x[i] + y[i]
            };
            assert_eq!(got, want, "{cpu} saxpy[{i}]");
        }
    }
}

/// Diagnostics like llvm-mc's: every error (not just the first), each at its line and column,
/// and no object.
#[test]
fn every_error_reported_nothing_written() {
    let src = "\t.text\nk:\n\ts_nop 0\n\t.bogus 1\n\ts_frobnicate s0\n\ts_branch .Lnowhere\n\t.size k, .Lundef - k\n\t.p2align 3\n";
    let r = assemble(Target::by_name("gfx900", false).unwrap(), src);
    assert!(r.object.is_empty());
    let idx = gpuisa_core::diag::LineIndex::new(src);
    let at: Vec<(usize, usize, String)> = r
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = idx.line_col(d.span.start);
            (l, c, d.message.clone())
        })
        .collect();
    assert_eq!(at.len(), 4, "{at:?}");
    assert_eq!(
        (at[0].0, at[0].1, at[0].2.as_str()),
        (4, 2, "unknown directive")
    );
    assert_eq!((at[1].0, at[1].1), (5, 2));
    assert!(at[1].2.contains("s_frobnicate"), "{}", at[1].2);
    assert_eq!((at[2].0, at[2].1), (6, 11));
    assert!(at[2].2.contains(".Lnowhere"), "{}", at[2].2);
    assert_eq!((at[3].0, at[3].1), (7, 2));
    assert!(at[3].2.contains(".Lundef"), "{}", at[3].2);
    let rendered = idx.render("t.s", &r.diagnostics[0]);
    assert!(
        rendered.starts_with("t.s:4:2: error: unknown directive\n\t.bogus 1\n"),
        "{rendered}"
    );
    // A clean source gives an object.
    let ok = assemble(
        Target::by_name("gfx900", false).unwrap(),
        "s_nop 0\n.p2align 4\ns_endpgm\n",
    );
    assert!(ok.diagnostics.is_empty());
    // (llvm-mc: 4 s_nop 0 words of padding, then s_endpgm: 5 words)
    let d = dump(&ok.object);
    assert!(
        d.contains("size=20\n  000080bf000080bf000080bf000080bf000081bf\n"),
        "{d}"
    );
}

/// Diagnostics cost linear time: 100k bad lines are reported well within a second or two.
#[test]
fn many_errors_linear() {
    let src = "\ts_frobnicate s0\n".repeat(100_000);
    let t0 = std::time::Instant::now();
    let r = assemble(Target::by_name("gfx900", false).unwrap(), &src);
    let text = gpuisa_core::diag::render_all("big.s", &src, &r.diagnostics);
    assert_eq!(r.diagnostics.len(), 100_000);
    assert!(text.contains("big.s:100000:2: error"));
    assert!(t0.elapsed().as_secs() < 20, "{:?}", t0.elapsed());
}

/// Mangled corpus text (lines cut, bytes replaced, lines shuffled) never panics: errors or an
/// object, within a time budget.
#[test]
fn mangled_sources_never_panic() {
    let src = std::fs::read_to_string(corpus().join("hand-directives-gfx900.s")).unwrap()
        + &std::fs::read_to_string(corpus().join("vector_add-gfx1100.s")).unwrap();
    let lines: Vec<&str> = src.lines().collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let junk = [
        "(",
        ")",
        ",",
        "@",
        "\"",
        ":",
        "=",
        "-",
        ".",
        "0x",
        "é",
        "\t",
        "s[",
        "v[0:",
        "@rel32@lo",
        "+",
        "999999999999999999999",
        ".p2align",
        ".fill",
        ".L",
        "~",
        "'",
    ];
    let t0 = std::time::Instant::now();
    let mut n = 0;
    while t0.elapsed().as_millis() < 2000 && n < 400 {
        n += 1;
        let mut out = String::new();
        for _ in 0..60 {
            let l = lines[(rnd() % lines.len() as u64) as usize];
            let mut l: String = l.to_string();
            match rnd() % 4 {
                0 => {
                    let cut = (rnd() % (l.len() as u64 + 1)) as usize;
                    let cut = (0..=cut)
                        .rev()
                        .find(|&c| l.is_char_boundary(c))
                        .unwrap_or(0);
                    l.truncate(cut);
                }
                1 => {
                    let at = (rnd() % (l.len() as u64 + 1)) as usize;
                    let at = (0..=at).rev().find(|&c| l.is_char_boundary(c)).unwrap_or(0);
                    l.insert_str(at, junk[(rnd() % junk.len() as u64) as usize]);
                }
                _ => {}
            }
            out.push_str(&l);
            out.push('\n');
        }
        for cpu in ["gfx900", "gfx1100"] {
            let r = assemble(Target::by_name(cpu, false).unwrap(), &out);
            assert!(
                r.object.is_empty() == r.diagnostics.iter().any(|d| d.is_error()),
                "an object is written exactly when there is no error"
            );
        }
    }
    assert!(n >= 20, "only {n} sources in the time budget");
}

/// Target ids with features: e_flags as llvm-mc-19 sets them (`-mcpu=gfx906
/// -mattr=+sramecc,-xnack`: 0xe2f; plain gfx906: 0x52f, gfx900: 0x12c, gfx803: 0x2a), and
/// `.amdgcn_target` must name the same id (llvm-mc's message and column).
#[test]
fn target_ids_and_e_flags() {
    let t = Target::by_name("gfx906:sramecc+:xnack-", false).unwrap();
    assert_eq!(t.e_flags(), 0xe2f);
    assert_eq!(t.target_id(), "amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-");
    assert_eq!(Target::by_name("gfx906", false).unwrap().e_flags(), 0x52f);
    assert_eq!(Target::by_name("vega10", false).unwrap().e_flags(), 0x12c);
    assert_eq!(Target::by_name("gfx803", false).unwrap().e_flags(), 0x2a);
    assert!(Target::by_name("gfx803:xnack+", false).is_none());
    let src = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\ns_endpgm\n";
    let r = assemble(t, src);
    assert!(r.object.is_empty());
    let d = &r.diagnostics[0];
    assert_eq!(d.span.start, 15);
    assert!(d.message.contains(
        "does not match the specified target id amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-"
    ));
    let ok = assemble(t, &src.replace("gfx906\"", "gfx906:sramecc+:xnack-\""));
    assert!(ok.diagnostics.is_empty());
    assert!(dump(&ok.object).starts_with("elf osabi=64 abiversion=3 machine=224 flags=0xe2f\n"));
}

/// The value of the `.symtab` symbol `name` of an ELF file.
fn elf_symbol(d: &[u8], name: &str) -> Option<u64> {
    let shoff = u64_at(d, 40) as usize;
    let shnum = u16_at(d, 60) as usize;
    for i in 0..shnum {
        let h = shoff + 64 * i;
        if u32_at(d, h + 4) != 2 {
            continue;
        }
        let (off, size) = (u64_at(d, h + 24) as usize, u64_at(d, h + 32) as usize);
        let strh = shoff + 64 * u32_at(d, h + 40) as usize;
        let stro = u64_at(d, strh + 24) as usize;
        for k in 0..size / 24 {
            let e = off + 24 * k;
            if cstr(d, stro + u32_at(d, e) as usize) == name {
                return Some(u64_at(d, e + 8));
            }
        }
    }
    None
}

/// The file offset of the loaded address `va` (through the PT_LOAD program headers).
fn file_offset(d: &[u8], va: u64) -> Option<usize> {
    let phoff = u64_at(d, 32) as usize;
    for i in 0..u16_at(d, 56) as usize {
        let p = phoff + 56 * i;
        let (off, vaddr, filesz) = (u64_at(d, p + 8), u64_at(d, p + 16), u64_at(d, p + 32));
        if u32_at(d, p) == 1 && va >= vaddr && va < vaddr + filesz {
            return Some((va - vaddr + off) as usize);
        }
    }
    None
}
