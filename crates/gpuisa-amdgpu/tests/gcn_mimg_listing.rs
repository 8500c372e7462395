//! `asm --show-encoding` as an llvm-mc drop-in for MIMG: every image instruction with every
//! address width llvm-mc-19 accepts (tests/vectors/gfx8|gfx9/mimg-vaddr.s, made from
//! data/gcn/asm/mimg-vaddr.txt) lists exactly as `llvm-mc-19 --show-encoding` does
//! (`mimg-vaddr.llvm-mc.txt`): the encoding does not hold the address width, so the listing must
//! show the address as written.

use gpuisa_amdgpu::gcn::{asm, Gen};
use gpuisa_core::target::{AsmOptions, AsmRequest};
use std::path::PathBuf;

#[test]
fn mimg_listing_matches_llvm_mc() {
    for (gen, dir) in [(Gen::Gfx8, "gfx8"), (Gen::Gfx9, "gfx9")] {
        let base = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/vectors")
            .join(dir);
        let src = std::fs::read_to_string(base.join("mimg-vaddr.s")).expect("source");
        let want = std::fs::read_to_string(base.join("mimg-vaddr.llvm-mc.txt")).expect("listing");
        let out = asm::assemble(
            gen,
            &AsmRequest {
                file_name: "mimg-vaddr.s",
                source: &src,
                options: AsmOptions {
                    show_encoding: true,
                    ..AsmOptions::default()
                },
            },
        );
        assert!(!out.has_errors(), "{dir}: {:?}", out.diagnostics.first());
        let got = out.listing.unwrap_or_default();
        for (g, w) in got.lines().zip(want.lines()) {
            assert_eq!(g, w, "{dir}");
        }
        assert_eq!(got.lines().count(), want.lines().count(), "{dir}");
        assert!(got.lines().count() > 400, "{dir}");
    }
}
