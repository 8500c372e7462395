//! Lists a cubin like `cuobjdump -sass` (the same code as `gpuisa disasm kernel.cubin`), without
//! the CLI: `cargo run -p gpuisa-nvidia --example nv-sass -- kernel.cubin`.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nv-sass FILE.cubin");
        std::process::exit(2);
    };
    let data = match std::fs::read(&path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    match gpuisa_core::elf::Elf::parse(&data) {
        Ok(elf) => {
            let mut s = String::new();
            gpuisa_nvidia::cubin::sass(&elf, &Default::default(), &mut s);
            print!("{s}");
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}
