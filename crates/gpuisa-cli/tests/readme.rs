//! Every `gpuisa ...` line of the README's code blocks runs as written, from a directory that
//! holds only what a fresh clone has: the files it names must be tracked by git (when git and
//! the repository are at hand), and each command must succeed with some output.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The `gpuisa` lines of the README's ``` blocks, without their `# comments`.
fn commands(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let l = line.split(" #").next().unwrap_or("").trim();
        if in_block && l.starts_with("gpuisa ") {
            out.push(l.to_string());
        }
    }
    out
}

/// Whether git tracks `path` (None when git or the repository is not available).
fn tracked(root: &Path, path: &str) -> Option<bool> {
    let o = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "--error-unmatch", path])
        .output()
        .ok()?;
    let inside = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--is-inside-work-tree"])
        .output()
        .ok()?;
    inside.status.success().then_some(o.status.success())
}

#[test]
fn every_readme_command_runs() {
    let root = repo();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let cmds = commands(&readme);
    assert!(cmds.len() >= 12, "{} commands: {cmds:?}", cmds.len());
    // A scratch directory seeing only the repository's example and test inputs.
    let d = std::env::temp_dir().join(format!("gpuisa-readme-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    for sub in ["examples", "tests"] {
        let link = d.join(sub);
        if !link.exists() {
            std::os::unix::fs::symlink(root.join(sub), &link).unwrap();
        }
    }
    for c in &cmds {
        let args: Vec<&str> = c.split_whitespace().skip(1).collect();
        for a in &args {
            if a.contains('/') && !a.starts_with('-') {
                assert!(
                    root.join(a).is_file(),
                    "{c}: '{a}' is not in the repository"
                );
                if let Some(t) = tracked(&root, a) {
                    assert!(
                        t,
                        "{c}: '{a}' is not tracked by git (a fresh clone lacks it)"
                    );
                }
            }
        }
        let o = Command::new(env!("CARGO_BIN_EXE_gpuisa"))
            .args(&args)
            .current_dir(&d)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{c}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(!o.stdout.is_empty(), "{c}: no output");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!stderr.contains("warning"), "{c}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// The lines taken are the README's, and a missing file would be caught.
#[test]
fn commands_are_read_from_code_blocks() {
    let md = "text gpuisa x\n```\ngpuisa a b   # c\ncargo y\n```\ngpuisa z\n";
    assert_eq!(commands(md), vec!["gpuisa a b".to_string()]);
}
