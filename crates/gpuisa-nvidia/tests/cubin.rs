//! `asm --cubin`: cuobjdump listings of the committed cubins (tests/ptx/cubin, ptxas 11.8 and 12.9,
//! sm_50/52/53) put back into their cubins give the identical files; the offsets and register
//! counts ptxas recorded agree with what the writer recomputes; modified kernels run with the
//! new result. (The live version over the runnable corpus: scripts/ci-nvidia-cubin.sh.)

use gpuisa_core::elf::Elf;
use gpuisa_nvidia::cubin_write::{exit_and_ctaid_offsets, registers_used, splice};
use gpuisa_nvidia::exec::{run_kernel, Kernel, Launch, Memory};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/ptx/cubin")
}

fn corpus() -> Vec<(String, u8, Vec<u8>, String)> {
    let mut v = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cubin"))
        .collect();
    names.sort();
    for n in names {
        let sm: u8 = n.split("sm_").nth(1).unwrap()[..2].parse().unwrap();
        let bin = std::fs::read(dir().join(&n)).unwrap();
        let sass = std::fs::read_to_string(dir().join(n.replace(".cubin", ".sass"))).unwrap();
        v.push((n, sm, bin, sass));
    }
    assert!(v.len() >= 32, "{} cubins", v.len());
    v
}

fn errors(r: &gpuisa_nvidia::cubin_write::Spliced) -> Vec<String> {
    r.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{d:?}"))
        .collect()
}

#[test]
fn every_listing_goes_back_into_its_cubin_identically() {
    for (name, sm, bin, sass) in corpus() {
        let r = splice(&sass, sm, &bin, None);
        assert!(errors(&r).is_empty(), "{name}: {:?}", errors(&r));
        assert!(r.file == bin, "{name}: the re-assembled cubin differs");
        // one kernel alone by --kernel
        let elf = Elf::parse(&bin).unwrap();
        let first = gpuisa_nvidia::cubin::functions(&elf)[0].name.to_string();
        let r = splice(&sass, sm, &bin, Some(&first));
        assert!(r.file == bin, "{name} --kernel {first}");
    }
}

/// EIATTR records of `.nv.info.NAME` with attribute `attr`, as u32 lists.
fn info_list(d: &[u8], attr: u8) -> Option<Vec<u32>> {
    let mut o = 0;
    while o + 4 <= d.len() {
        let n = u16::from_le_bytes([d[o + 2], d[o + 3]]) as usize;
        if d[o] == 4 {
            if d[o + 1] == attr {
                return Some(
                    d[o + 4..o + 4 + n]
                        .chunks(4)
                        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                        .collect(),
                );
            }
            o += 4 + n;
        } else {
            o += 4;
        }
    }
    None
}

#[test]
fn exit_and_ctaid_offsets_are_what_ptxas_recorded_and_register_counts_a_floor() {
    let (mut checked, mut equal) = (0, 0);
    for (name, sm, bin, _) in corpus() {
        let elf = Elf::parse(&bin).unwrap();
        for f in gpuisa_nvidia::cubin::functions(&elf) {
            let info = elf.section(&format!(".nv.info.{}", f.name)).unwrap().data;
            let (exits, s2r) = exit_and_ctaid_offsets(f.code, sm);
            assert_eq!(Some(exits), info_list(info, 0x1c), "{name} {}", f.name);
            assert_eq!(
                s2r,
                info_list(info, 0x1d).unwrap_or_default(),
                "{name} {}",
                f.name
            );
            let used = registers_used(&gpuisa_nvidia::target::words_of(f.code), sm);
            assert!(
                used <= f.registers,
                "{name} {}: uses {used}, ptxas says {}",
                f.name,
                f.registers
            );
            equal += (used == f.registers) as usize;
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked}");
    eprintln!("register counts: {equal} of {checked} equal to ptxas's");
    assert!(equal * 10 >= checked * 9, "{equal} of {checked}");
}

fn exit_early_listing(sm: u8) -> String {
    let sass = std::fs::read_to_string(dir().join(format!("control.sm_{sm}.ptxas.sass"))).unwrap();
    let start = sass.find("Function : exit_early").unwrap();
    let end = start + sass[start..].find("..........").unwrap();
    sass[start..end].to_string()
}

fn run_exit_early(file: &[u8], sm: u8, n: u32) -> Vec<u32> {
    let k = Kernel::from_cubin(file, Some("exit_early"), sm, true).unwrap();
    let mut memory = Memory::default();
    memory.add("out", vec![0xff; 32 * 4]);
    let mut params = gpuisa_nvidia::exec::mem::GLOBAL_BASE.to_le_bytes().to_vec();
    params.extend_from_slice(&n.to_le_bytes());
    let mut l = Launch {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        params,
        constants: vec![],
        memory,
        budget: 100_000,
        trace_warps: vec![],
        trace_pcs: vec![],
    };
    run_kernel(&k, &mut l, None).unwrap();
    l.memory
        .get("out")
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn a_changed_constant_runs_with_the_new_result() {
    for sm in [50u8, 52, 53] {
        let bin = std::fs::read(dir().join(format!("control.sm_{sm}.ptxas.cubin"))).unwrap();
        let src = exit_early_listing(sm);
        // out[t] = t << 1 for t < n; the shift becomes 3 (control words kept from the listing)
        assert!(src.contains("SHL R0, R0, 0x1 ;"));
        let changed = src.replace("SHL R0, R0, 0x1 ;", "SHL R0, R0, 0x3 ;");
        let r = splice(&changed, sm, &bin, None);
        assert!(errors(&r).is_empty(), "{:?}", errors(&r));
        assert_eq!(r.file.len(), bin.len());
        let diff = r.file.iter().zip(&bin).filter(|(a, b)| a != b).count();
        assert!((1..=8).contains(&diff), "{diff} bytes differ");
        let out = run_exit_early(&r.file, sm, 20);
        for (t, &v) in out.iter().enumerate() {
            let want = if t < 20 { (t as u32) << 3 } else { 0xffff_ffff };
            assert_eq!(v, want, "sm_{sm} lane {t}");
        }
    }
}

/// A kernel one bundle longer, written without control words or encodings: the sections behind
/// it move, the symbol size, EXIT offsets and register count follow, and it runs.
#[test]
fn a_longer_kernel_moves_the_file_and_runs() {
    let sm = 50;
    let bin = std::fs::read(dir().join("control.sm_50.ptxas.cubin")).unwrap();
    let src = "\tFunction : exit_early\n\
        MOV R1, c[0x0][0x20] ;\n\
        S2R R0, SR_TID.X ;\n\
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x148], PT ;\n\
        @P0 EXIT ;\n\
        SHR.U32 R3, R0, 0x1e ;\n\
        ISCADD R2.CC, R0, c[0x0][0x140], 0x2 ;\n\
        SHL R0, R0, 0x1 ;\n\
        IADD.X R3, R3, c[0x0][0x144] ;\n\
        IADD32I R0, R0, 0x7 ;\n\
        MOV R9, R0 ;\n\
        STG.E [R2], R9 ;\n\
        EXIT ;\n\
        EXIT ;\n\
        BRA 0x90 ;\n";
    let r = splice(src, sm, &bin, None);
    assert!(errors(&r).is_empty(), "{:?}", errors(&r));
    let elf = Elf::parse(&r.file).unwrap();
    let old = Elf::parse(&bin).unwrap();
    let f = gpuisa_nvidia::cubin::functions(&elf);
    let ee = f.iter().find(|f| f.name == "exit_early").unwrap();
    // 14 instructions = 5 bundles
    assert_eq!(ee.code.len(), 5 * 32);
    // R9 is used now: 10 registers (base 4)
    assert_eq!(ee.registers, 10);
    // the other kernel's code and every other section's bytes are unchanged
    for s in &old.sections {
        if s.name != ".text.exit_early"
            && s.name != ".nv.info.exit_early"
            && s.name != ".nv.info"
            && s.name != ".symtab"
        {
            assert_eq!(elf.section(s.name).unwrap().data, s.data, "{}", s.name);
        }
    }
    let sym = elf
        .symbols()
        .unwrap()
        .into_iter()
        .find(|s| s.name == "exit_early")
        .unwrap();
    assert_eq!(sym.size, 160);
    // EXIT at instructions 3, 11 and 12: bundle 1 slot 0, bundle 3 slots 2, bundle 4 slot 0
    let info = elf.section(".nv.info.exit_early").unwrap().data;
    assert_eq!(info_list(info, 0x1c), Some(vec![0x28, 0x78, 0x88]));
    // .nv.info's register count for exit_early
    let kidx = elf
        .symbols()
        .unwrap()
        .iter()
        .position(|s| s.name == "exit_early")
        .unwrap() as u32;
    let nv = elf.section(".nv.info").unwrap().data;
    let mut found = false;
    let mut o = 0;
    while o + 4 <= nv.len() {
        let n = u16::from_le_bytes([nv[o + 2], nv[o + 3]]) as usize;
        if nv[o] == 4 && nv[o + 1] == 0x2f {
            let p = &nv[o + 4..o + 4 + n];
            if u32::from_le_bytes(p[..4].try_into().unwrap()) == kidx {
                assert_eq!(u32::from_le_bytes(p[4..8].try_into().unwrap()), 10);
                found = true;
            }
        }
        o += if nv[o] == 4 { 4 + n } else { 4 };
    }
    assert!(found);
    let out = run_exit_early(&r.file, sm, 13);
    for (t, &v) in out.iter().enumerate() {
        let want = if t < 13 {
            2 * t as u32 + 7
        } else {
            0xffff_ffff
        };
        assert_eq!(v, want, "lane {t}");
    }
    // the other kernel still runs from the moved file: its listing is unchanged
    let mut a = String::new();
    let mut b = String::new();
    let o = gpuisa_core::target::DisasmOptions::default();
    gpuisa_nvidia::cubin::sass(&elf, &o, &mut a);
    gpuisa_nvidia::cubin::sass(&old, &o, &mut b);
    let tail = |s: &str| s[s.find("Function : control").unwrap()..].to_string();
    assert_eq!(tail(&a), tail(&b));
}

#[test]
fn errors_name_what_is_wrong() {
    let (_, sm, bin, sass) = corpus()
        .into_iter()
        .find(|c| c.0.starts_with("control.sm_50"))
        .unwrap();
    let r = splice("MOV R1, RZ ;\nEXIT ;\n", sm, &bin, None);
    assert!(format!("{:?}", r.diagnostics).contains("--kernel"));
    let r = splice("MOV R1, RZ ;\n", sm, &bin, Some("nothere"));
    assert!(format!("{:?}", r.diagnostics).contains("no kernel `nothere`"));
    let r = splice("FOO R1 ;\n", sm, &bin, Some("control"));
    assert!(!errors(&r).is_empty() && r.file.is_empty());
    // another SM: a warning, the file is still written
    let r = splice(&sass, 52, &bin, None);
    assert!(errors(&r).is_empty() && r.file == bin);
    assert!(format!("{:?}", r.diagnostics).contains("sm_50"));
    let r = splice("MOV R1, RZ ;\n", sm, b"\x7fELF", Some("control"));
    assert!(!errors(&r).is_empty());
    let r = splice("MOV R1, RZ ;\n", sm, &bin[..200], Some("control"));
    assert!(!errors(&r).is_empty());
}

/// Damaged base cubins (truncated, bytes changed in the headers and tables) give an error or a
/// file, never a panic.
#[test]
fn damaged_bases_never_panic() {
    let (_, sm, bin, sass) = corpus()
        .into_iter()
        .find(|c| c.0.starts_with("control.sm_50"))
        .unwrap();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for len in [0, 10, 63, 64, 100, 0x300, bin.len() - 1] {
        let _ = splice(&sass, sm, &bin[..len], None);
    }
    // the listing one bundle longer than the base, so the relayout runs on the damaged file
    let longer = sass.replace("        /*0038*/", "        MOV R9, R9 ;\n        /*0038*/");
    for i in 0..400 {
        let mut d = bin.clone();
        for _ in 0..1 + i % 4 {
            let r = next();
            // mostly the ELF header, section headers and program headers
            let at = match r % 3 {
                0 => (r >> 8) as usize % 64,
                1 => 0xa80 + (r >> 8) as usize % 0x300,
                _ => (r >> 8) as usize % d.len(),
            };
            if at < d.len() {
                d[at] = (r >> 32) as u8;
            }
        }
        let _ = splice(&sass, sm, &d, None);
        let _ = splice(&longer, sm, &d, None);
    }
}
