//! Links the `gpuisa` binary as a position-dependent executable on Linux/glibc: the opcode tables
//! are static arrays full of pointers (GCN's `Entry` values are computed at compile time), and in
//! a PIE every one of them is a run-time relocation (28,288 in the amdgpu `llvm_mc` example, on
//! ~200 pages the loader must write at every start). Without PIE the linker fixes them once;
//! start-up is what dominates short runs (see scripts/gcn-bench.sh).
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    // A static build (`cargo dist`, crt-static) is a static-pie that relocates itself: -no-pie
    // would break it.
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if os == "linux" && env == "gnu" && !features.split(',').any(|f| f == "crt-static") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
