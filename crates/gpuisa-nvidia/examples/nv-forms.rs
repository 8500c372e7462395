//! Lists the forms table for probe scripts (scripts/nv-ignored.py): one line per form,
//! `LINE MNEMONIC MIN_SM EXAMPLE MASK` (EXAMPLE = the match plus the ignored bits' fill, hex).
fn main() {
    for f in &gpuisa_nvidia::table::table().forms {
        println!(
            "{} {} {} {:#018x} {:#018x}",
            f.line,
            f.mnemonic,
            f.min_sm,
            f.matches | f.fill,
            f.mask
        );
    }
}
