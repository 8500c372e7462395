//! Assembler cases reported against the text syntax: each is checked against nvdisasm 11.8's
//! text of the same word (measured with scripts/nv-probe.py text, copied here as golden text).
use gpuisa_nvidia::decode::{inst_text, Decoded};
use gpuisa_nvidia::syntax::parse;

fn text(w: u64, sm: u8) -> String {
    let mut s = String::new();
    assert_eq!(inst_text(&mut s, w, sm, 0, 0), Decoded::Known, "{w:#018x}");
    s
}

#[test]
fn video_selector_must_match_the_operand_type() {
    // .B1 on a 32-bit type used to encode an INVALIDSEL6 word silently
    let e = parse(
        "VADD.UD.U32.U32.SAT.MRG_8B2 R10, R8.B1, R9.H1, R10",
        0,
        50,
        0,
    );
    assert!(e.is_err(), "{:?}", e.map(|p| p.word));
    let e = parse("VADD.UD.U8.U8.SAT.MRG_8B2 R10, R8.B1, R9.H1, R10", 0, 50, 0);
    assert!(e.is_err(), "{:?}", e.map(|p| p.word));
    // with matching types it assembles to the word nvdisasm prints as the same text
    let good = "VADD.UD.U8.U16.SAT.MRG_8B2 R10, R8.B1, R9.H1, R10";
    let p = parse(good, 0, 50, 0).unwrap();
    // nvdisasm 11.8 -b SM50: 0x209c05105097080a | VADD.UD.U8.U16.SAT.MRG_8B2 R10, R8.B1, R9.H1, R10
    assert_eq!(p.word & !(0xf << 16), 0x209c05105090080a);
    assert_eq!(text(p.word, 50), good);
}

#[test]
fn imm32_as_bit_pattern() {
    let p = parse("IMUL32I R1, R2, 0x87654321", 0, 50, 0).unwrap();
    assert_eq!(p.word >> 20 & 0xffff_ffff, 0x8765_4321);
    // nvdisasm 11.8 -b SM50: 0x1fc8765432170201 | IMUL32I R1, R2, -0x789abcdf
    assert_eq!(text(p.word, 50), "IMUL32I R1, R2, -0x789abcdf");
    assert_eq!(
        parse("IMUL32I R1, R2, -0x789abcdf", 0, 50, 0).unwrap().word,
        p.word
    );
    assert!(parse("IMUL32I R1, R2, 0x187654321", 0, 50, 0).is_err());
    assert!(parse("IMUL32I R1, R2, -0x80000001", 0, 50, 0).is_err());
}

#[test]
fn explicit_default_video_types() {
    // nvdisasm leaves S32.U32 out: 0x567f026060370201 | VSHR.W R1, R2, R3, R4
    let p = parse("VSHR.S32.U32.W R1, R2, R3, R4", 0, 50, 0).unwrap();
    assert_eq!(text(p.word, 50), "VSHR.W R1, R2, R3, R4");
    assert_eq!(
        parse("VSHR.W R1, R2, R3, R4", 0, 50, 0).unwrap().word,
        p.word
    );
    // a spelling whose operands differ from what the word prints stays an error
    assert!(parse("IADD R0, -R1, -R2", 0, 50, 0).is_err());
}
