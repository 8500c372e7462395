//! GCN code objects listed like llvm-objdump-19 -d (tests/vectors/gcn-kernels, made by
//! scripts/gcn-kernel-vectors.sh): OpenCL kernels compiled by clang-19 for gfx803/gfx900/gfx906,
//! texts that reach the comment column, and branches to labels and to functions. Each listing
//! must be byte-identical.

mod common;

use gpuisa_amdgpu::TARGETS;
use gpuisa_core::target::Target;
use std::path::PathBuf;

#[test]
fn gcn_code_objects_like_llvm_objdump() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/gcn-kernels");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("kernels dir").flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(base) = name.strip_suffix(".o.hex") else {
            continue;
        };
        let cpu = base.rsplit('-').next().unwrap_or("");
        let target = TARGETS
            .iter()
            .find(|t| t.name() == cpu)
            .unwrap_or_else(|| panic!("{base}: no target {cpu}"));
        common::check_listing(*target, &dir, base, false);
        n += 1;
    }
    assert!(n >= 6, "only {n} code objects");
}
