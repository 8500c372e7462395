//! What a new user trips over (issue 18): llvm-objdump habits, flags that must work or be
//! refused, warnings where input is lost or misread, the real cause of a damaged ELF.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn gpuisa_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(d) = stdin {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(d).unwrap();
    }
    drop(child.stdin.take());
    let o = child.wait_with_output().unwrap();
    Run {
        ok: o.status.success(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

fn unhex(t: &str) -> Vec<u8> {
    let h: Vec<u8> = t.bytes().filter(u8::is_ascii_hexdigit).collect();
    h.chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
        .collect()
}

/// A scratch directory holding the golden objects nosym.o, presym.o and vector_add.o.
fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpuisa-newuser-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    for (name, hex) in [
        ("nosym.o", "nosym-gfx900"),
        ("presym.o", "presym-gfx900"),
        ("vector_add.o", "vector_add-gfx900"),
    ] {
        let t =
            std::fs::read_to_string(repo().join(format!("tests/vectors/gcn-kernels/{hex}.o.hex")))
                .unwrap();
        std::fs::write(d.join(name), unhex(&t)).unwrap();
    }
    d
}

fn vector(name: &str) -> String {
    std::fs::read_to_string(repo().join("tests/vectors/objdump-cli").join(name)).unwrap()
}

#[test]
fn llvm_objdump_habits() {
    let d = scratch("habits");
    // Several files in one call, with llvm-objdump's -d.
    for flag in ["-d", "--disassemble"] {
        let r = gpuisa_in(&d, &["disasm", flag, "nosym.o", "presym.o"], None);
        assert!(r.ok, "{}", r.stderr);
        assert_eq!(r.stdout, vector("nosym-presym.txt"), "{flag}");
    }
    // -d after the files, as llvm-objdump also takes it.
    let r = gpuisa_in(&d, &["disasm", "nosym.o", "presym.o", "-d"], None);
    assert_eq!(r.stdout, vector("nosym-presym.txt"));
    // Standard input.
    let obj = std::fs::read(d.join("presym.o")).unwrap();
    for args in [
        &["disasm", "-"][..],
        &["disasm", "-d", "-"],
        &["disasm", "--arch", "gfx900", "-"],
    ] {
        let r = gpuisa_in(&d, args, Some(&obj));
        assert!(r.ok, "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, vector("stdin-presym.txt"), "{args:?}");
    }
    // --no-show-raw-insn, --mcpu, --triple: llvm-objdump-19's listing is unchanged by them.
    for args in [
        &[
            "disasm",
            "-d",
            "--no-show-raw-insn",
            "--mcpu=gfx900",
            "--triple=amdgcn-amd-amdhsa",
            "presym.o",
        ][..],
        &["disasm", "--mcpu", "gfx900", "presym.o"],
        &["disasm", "--triple", "amdgcn-amd-amdhsa", "presym.o"],
    ] {
        let r = gpuisa_in(&d, args, None);
        assert!(r.ok, "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, vector("presym-habits.txt"), "{args:?}");
        assert_eq!(r.stderr, "", "{args:?}");
    }
    // --mcpu names the target of raw code like --arch.
    let raw = [0x01u8, 0x03, 0x00, 0x7e];
    let a = gpuisa_in(&d, &["disasm", "--mcpu=gfx900", "-"], Some(&raw));
    let b = gpuisa_in(&d, &["disasm", "--arch", "gfx900", "-"], Some(&raw));
    assert!(
        a.ok && a.stdout.contains("v_mov_b32_e32 v0, v1"),
        "{}",
        a.stderr
    );
    assert_eq!(a.stdout, b.stdout);
    // A triple of another family is refused, not ignored.
    for args in [
        &["disasm", "--triple", "x86_64-pc-linux-gnu", "presym.o"][..],
        &[
            "disasm",
            "--triple",
            "amdgcn-amd-amdhsa",
            "--arch",
            "sm_50",
            "presym.o",
        ],
        &["disasm", "--triple", "nvptx64-nvidia-cuda", "presym.o"],
    ] {
        let r = gpuisa_in(&d, args, None);
        assert!(!r.ok, "{args:?} accepted");
        assert!(r.stderr.contains("triple"), "{args:?}: {}", r.stderr);
    }
    // Several raw inputs: each listing is headed by its file's name.
    std::fs::write(d.join("a.bin"), raw).unwrap();
    std::fs::write(d.join("b.bin"), [0x00u8, 0x00, 0x81, 0xbf]).unwrap();
    let r = gpuisa_in(&d, &["disasm", "--arch", "gfx900", "a.bin", "b.bin"], None);
    assert!(r.ok, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "\na.bin:\n\tv_mov_b32_e32 v0, v1\n\nb.bin:\n\ts_endpgm\n"
    );
    // A missing file ends the command with its error, as llvm-objdump does.
    let r = gpuisa_in(&d, &["disasm", "nosym.o", "missing.o", "presym.o"], None);
    assert!(!r.ok);
    assert!(r.stderr.contains("missing.o"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn flags_on_code_objects_work_or_are_refused() {
    let d = scratch("flags");
    for (args, word) in [
        (&["--offsets"][..], "--offsets"),
        (&["--show-encoding"], "--show-encoding"),
        (&["--constants"], "--constants"),
        (&["--base", "0x100"], "--base"),
        (&["--ctrl"], "--ctrl"),
    ] {
        for arch in [None, Some("gfx900"), Some("gfx1100")] {
            let mut v = vec!["disasm"];
            if let Some(a) = arch {
                v.extend(["--arch", a]);
            }
            v.extend(args);
            v.push("vector_add.o");
            let r = gpuisa_in(&d, &v, None);
            assert!(!r.ok, "{v:?} accepted");
            assert!(r.stderr.contains(word), "{v:?}: {}", r.stderr);
            assert_eq!(r.stdout, "", "{v:?}");
        }
    }
    // --json lists the code object as one JSON object per instruction (docs/json-listing.md).
    let r = gpuisa_in(&d, &["disasm", "--json", "vector_add.o"], None);
    assert!(r.ok, "{}", r.stderr);
    let first = r.stdout.lines().next().unwrap_or("");
    assert!(
        first.starts_with("{\"address\":0,") && first.contains("\"op\":") && first.ends_with('}'),
        "{first}"
    );
    assert!(r.stdout.lines().count() > 10);
    // --kernels works on code objects and is refused on raw code.
    let r = gpuisa_in(&d, &["disasm", "--kernels", "vector_add.o"], None);
    assert!(r.ok && r.stdout.contains("vector_add"), "{}", r.stderr);
    let r = gpuisa_in(
        &d,
        &["disasm", "--arch", "gfx900", "--kernels", "-"],
        Some(&[0, 0, 0x81, 0xbf]),
    );
    assert!(!r.ok && r.stderr.contains("--kernels"), "{}", r.stderr);
    // --offsets, --show-encoding, --base do work on raw code.
    let r = gpuisa_in(
        &d,
        &[
            "disasm",
            "--arch",
            "gfx900",
            "--offsets",
            "--base",
            "0x100",
            "-",
        ],
        Some(&[0, 0, 0x81, 0xbf]),
    );
    assert!(r.ok, "{}", r.stderr);
    assert_eq!(r.stdout, "/*00000100*/ \ts_endpgm\n");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn other_processor_than_the_object_names_is_warned() {
    let d = scratch("proc");
    let own = gpuisa_in(&d, &["disasm", "vector_add.o"], None);
    assert!(own.ok && own.stderr.is_empty(), "{}", own.stderr);
    let same = gpuisa_in(&d, &["disasm", "--arch", "gfx900", "vector_add.o"], None);
    assert_eq!(same.stderr, "");
    assert_eq!(same.stdout, own.stdout);
    for arch in ["gfx1100", "gfx803", "gfx906"] {
        let r = gpuisa_in(&d, &["disasm", "--arch", arch, "vector_add.o"], None);
        assert!(r.ok, "{arch}: {}", r.stderr);
        assert!(
            r.stderr.contains("warning") && r.stderr.contains("gfx900") && r.stderr.contains(arch),
            "{arch}: {}",
            r.stderr
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn damaged_elf_reports_the_real_cause_without_arch() {
    let d = scratch("damaged");
    let obj = std::fs::read(d.join("vector_add.o")).unwrap();
    // Cut files: the section headers, or the header itself past the machine field.
    for cut in [3000usize, obj.len() - 1, 40, 30] {
        std::fs::write(d.join("t.o"), &obj[..cut]).unwrap();
        let plain = gpuisa_in(&d, &["disasm", "t.o"], None);
        assert!(!plain.ok, "{cut}");
        assert!(
            !plain.stderr.contains("no target reads"),
            "{cut}: {}",
            plain.stderr
        );
        assert!(
            plain.stderr.contains("past the end")
                || plain.stderr.contains("shorter")
                || plain.stderr.contains("truncated"),
            "{cut}: {}",
            plain.stderr
        );
        if cut > 52 {
            // The machine and processor are readable: the same message as with --arch.
            let named = gpuisa_in(&d, &["disasm", "--arch", "gfx900", "t.o"], None);
            assert_eq!(plain.stderr, named.stderr, "{cut}");
        }
    }
    // A whole file of a machine no target reads still says so.
    let mut other = obj.clone();
    other[18] = 62; // EM_X86_64
    std::fs::write(d.join("x.o"), &other).unwrap();
    let r = gpuisa_in(&d, &["disasm", "x.o"], None);
    assert!(
        !r.ok && r.stderr.contains("no target reads"),
        "{}",
        r.stderr
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn raw_amd_trailing_bytes_are_warned() {
    let d = scratch("trailing");
    let code = [0x01u8, 0x03, 0x00, 0x7e, 0x00, 0x00, 0x81];
    for arch in ["gfx900", "gfx1100", "gfx600"] {
        let r = gpuisa_in(&d, &["disasm", "--arch", arch, "-"], Some(&code));
        assert!(r.ok, "{arch}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), 1, "{arch}: {}", r.stdout);
        assert!(
            r.stderr.contains("warning: 3 trailing bytes at 0x4"),
            "{arch}: {}",
            r.stderr
        );
    }
    let r = gpuisa_in(&d, &["disasm", "--arch", "gfx900", "-"], Some(&code[..4]));
    assert_eq!(r.stderr, "");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn options_a_command_does_not_take_are_refused() {
    let root = repo();
    let r = gpuisa_in(
        &root,
        &[
            "run",
            "--arch",
            "mimori",
            "examples/mimori/gemm.toml",
            "--grid",
            "4",
        ],
        None,
    );
    assert!(!r.ok && r.stderr.contains("--grid"), "{}", r.stderr);
    assert_eq!(r.stdout, "");
    let r = gpuisa_in(
        &root,
        &[
            "run",
            "--arch",
            "mimori",
            "examples/mimori/gemm.toml",
            "--block",
            "4,4",
        ],
        None,
    );
    assert!(!r.ok && r.stderr.contains("--block"), "{}", r.stderr);
    let r = gpuisa_in(
        &root,
        &["run", "--arch", "mimori", "examples/mimori/gemm.toml"],
        None,
    );
    assert!(r.ok, "{}", r.stderr);
    for extra in [&["--stride", "8"][..], &["--lanes", "4"], &["--base", "16"]] {
        let mut v = vec!["lds-banks", "--addrs", "0,4,128"];
        v.extend(extra);
        let r = gpuisa_in(&root, &v, None);
        assert!(!r.ok, "{v:?} accepted");
        assert!(r.stderr.contains(extra[0]), "{v:?}: {}", r.stderr);
    }
    let r = gpuisa_in(&root, &["lds-banks", "--addrs", "0,4,128"], None);
    assert!(r.ok && r.stdout.contains("3 lanes"), "{}", r.stderr);
}

/// 200,000 bad lines in every assembler: each line gets its diagnostic with its own line number
/// (rendering is linear in the text since diag::LineIndex; it used to take ~38 s).
#[test]
fn two_hundred_thousand_bad_lines_in_every_assembler() {
    let n = 200_000;
    let src: String = (0..n).map(|i| format!("fooo r{i}, (((\n")).collect();
    let f = std::env::temp_dir().join(format!("gpuisa-bad-{}.s", std::process::id()));
    std::fs::write(&f, &src).unwrap();
    let f = f.to_str().unwrap().to_string();
    std::thread::scope(|s| {
        for arch in ["mimori", "gfx900", "gfx1100", "sm_50"] {
            let f = &f;
            s.spawn(move || {
                let r = gpuisa_in(&repo(), &["asm", "--arch", arch, f, "--hex"], None);
                assert!(!r.ok, "{arch}");
                assert_eq!(r.stdout, "", "{arch}");
                let last = format!("{f}:{n}:1: error:");
                assert!(
                    r.stderr.contains(&last),
                    "{arch}: no diagnostic for line {n}"
                );
                let located = r
                    .stderr
                    .lines()
                    .filter(|l| l.starts_with(f.as_str()) && l.contains(": error:"))
                    .count();
                assert!(
                    located >= n,
                    "{arch}: {located} diagnostics for {n} bad lines"
                );
            });
        }
    });
    let _ = std::fs::remove_file(&f);
}

/// `gpuisa targets` says what the commands do: for every target, each capability it lists (or
/// not) is checked by running the command (`time`, `occupancy`, `info`, `asm`, `disasm`;
/// `run` where an example exists), in the table and in the JSON.
#[test]
fn targets_agree_with_the_commands() {
    let root = repo();
    let d = std::env::temp_dir().join(format!("gpuisa-targets-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("t.s"), "s_mov_b32 s0, 1\ns_endpgm\n").unwrap();
    std::fs::write(d.join("code.bin"), [0u8; 32]).unwrap();
    let r = gpuisa_in(&root, &["targets", "--json"], None);
    assert!(r.ok);
    let table = gpuisa_in(&root, &["targets"], None).stdout;
    let mut n = 0;
    for item in r.stdout.trim().trim_matches(['[', ']']).split("},{") {
        let field = |k: &str| -> String {
            let at = item
                .find(&format!("\"{k}\":"))
                .unwrap_or_else(|| panic!("{k} in {item}"));
            let rest = &item[at + k.len() + 3..];
            rest.split([',', '}'])
                .next()
                .unwrap()
                .trim_matches('"')
                .to_string()
        };
        let name = field("name");
        let row = table
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name.as_str()))
            .unwrap_or_else(|| panic!("{name} not in the table"));
        let can = row
            .split("  ")
            .map(str::trim)
            .find(|c| c.contains("disasm"))
            .unwrap_or("");
        let listed = |cap: &str| can.split(',').any(|c| c == cap);
        let run = |args: &[&str]| gpuisa_in(&d, args, None).ok;
        let works = [
            ("time", run(&["time", "--arch", &name, "t.s"])),
            (
                "occupancy",
                run(&[
                    "occupancy",
                    "--arch",
                    &name,
                    "--vgprs",
                    "40",
                    "--sgprs",
                    "60",
                    "--lds",
                    "0",
                    "--workgroup",
                    "64",
                ]),
            ),
            ("info", run(&["info", "--arch", &name, "s_mov_b32"])),
            ("disasm", run(&["disasm", "--arch", &name, "code.bin"])),
        ];
        for (cap, ok) in works {
            assert_eq!(
                listed(cap),
                ok,
                "{name}: table lists {cap}: {}, command works: {ok}",
                listed(cap)
            );
            assert_eq!(field(cap), ok.to_string(), "{name}: JSON {cap}");
        }
        assert!(listed("asm") && field("asm") == "true", "{name}");
        if name == "mimori" {
            assert!(listed("run"));
            assert!(run(&[
                "run",
                "--arch",
                "mimori",
                root.join("examples/mimori/gemm.toml").to_str().unwrap()
            ]));
        }
        n += 1;
    }
    assert!(n >= 25, "{n} targets");
    let _ = std::fs::remove_dir_all(&d);
}

/// `time` refuses what the assembler refuses (operands included), at the position it names;
/// the example kernels are still timed.
#[test]
fn time_refuses_invalid_lines() {
    let root = repo();
    let d = std::env::temp_dir().join(format!("gpuisa-time-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    for (src, line, col) in [
        ("s_mov_b32 s0, (((\ns_endpgm\n", 1, 15),
        ("s_nop 0\nv_add_f32 v0, v1\ns_endpgm\n", 2, 10),
        ("s_nop 0\n  s_mov_b32 s0, s[0:1]\n", 2, 17),
        (
            "v_mov_b32 v0, v1\nkernel:\n  s_load_dword s0, s[0:1], 0x0 garbage\n",
            3,
            32,
        ),
    ] {
        std::fs::write(d.join("k.s"), src).unwrap();
        let r = gpuisa_in(&d, &["time", "--arch", "gfx900", "k.s"], None);
        assert!(!r.ok, "{src:?} timed: {}", r.stdout);
        assert_eq!(r.stdout, "", "{src:?}");
        let at = if col > 0 {
            format!("k.s:{line}:{col}: error: ")
        } else {
            format!("k.s:{line}:")
        };
        assert!(r.stderr.starts_with(&at), "{src:?}: {}", r.stderr);
    }
    std::fs::write(
        d.join("ok.s"),
        "s_mov_b32 s0, 1\nv_mov_b32 v0, v1\ns_endpgm\n",
    )
    .unwrap();
    assert!(gpuisa_in(&d, &["time", "--arch", "gfx900", "ok.s"], None).ok);
    for (arch, f) in [("gfx900", "reduce-gfx900.s"), ("tahiti", "reduce-tahiti.s")] {
        let p = root.join("examples/timing").join(f);
        let r = gpuisa_in(&root, &["time", "--arch", arch, p.to_str().unwrap()], None);
        assert!(r.ok, "{f}: {}", r.stderr);
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// `info` knows the instructions the ISA reference leaves out (the assembler tables have them).
#[test]
fn info_knows_llvm_instructions() {
    let root = repo();
    for (arch, m) in [
        ("gfx900", "v_fract_f16"),
        ("fiji", "v_fract_f16"),
        ("hawaii", "v_exp_legacy_f32"),
        ("gfx803", "v_interp_p1_f32_e64"),
        ("gfx900", "s_atc_probe"),
    ] {
        let r = gpuisa_in(&root, &["info", "--arch", arch, m], None);
        assert!(r.ok, "{arch} {m}: {}", r.stderr);
        assert!(
            r.stdout
                .starts_with(&m.to_ascii_uppercase().replace("_E64", "")),
            "{}",
            r.stdout
        );
    }
    // Still refused where the generation does not have it.
    let r = gpuisa_in(&root, &["info", "--arch", "tahiti", "v_fract_f16"], None);
    assert!(!r.ok);
}

/// `info`'s usage line is what the parser enforces: `--arch ARCH MNEMONIC`, or `--devices`.
#[test]
fn info_usage_matches_the_parser() {
    let root = repo();
    let help = gpuisa_in(&root, &["info", "--help"], None).stdout;
    assert!(
        help.contains("Usage: gpuisa info --arch <ARCH> [--json] <MNEMONIC>\n       gpuisa info --devices [--json]"),
        "{help}"
    );
    for (args, ok) in [
        (&["info", "--arch", "gfx900", "v_mov_b32"][..], true),
        (&["info", "--arch", "gfx900", "--json", "v_mov_b32"], true),
        (&["info", "--devices"], true),
        (&["info", "--devices", "--json"], true),
        (&["info", "v_mov_b32"], false),
        (&["info", "--arch", "gfx900"], false),
        (&["info"], false),
        (&["info", "--devices", "v_mov_b32"], false),
        (&["info", "--devices", "--arch", "gfx900"], false),
    ] {
        assert_eq!(gpuisa_in(&root, args, None).ok, ok, "{args:?}");
    }
}

/// Errors in --hex and --bytes input name the place once, behind one `gpuisa: error:`.
#[test]
fn input_errors_are_prefixed_once() {
    let d = std::env::temp_dir().join(format!("gpuisa-h2-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("h2"), "0x1234 0xzz\n").unwrap();
    for arch in ["gfx900", "gfx1100", "mimori", "sm_50"] {
        for (fmt, at) in [("--hex", "h2:1:8: "), ("--bytes", "h2:1:1: ")] {
            let r = gpuisa_in(&d, &["disasm", "--arch", arch, fmt, "h2"], None);
            assert!(!r.ok);
            assert_eq!(
                r.stderr.matches("error").count(),
                1,
                "{arch} {fmt}: {}",
                r.stderr
            );
            assert!(
                r.stderr.starts_with(&format!("gpuisa: error: {at}")),
                "{arch} {fmt}: {}",
                r.stderr
            );
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
