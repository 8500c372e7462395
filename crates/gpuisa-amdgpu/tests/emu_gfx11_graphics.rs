//! gfx11 VINTERP and LDSDIR instructions decode to their own operations (AMD's names and opcodes,
//! VINTERPOp and LDSDIROp of the RDNA3 ISA), and the emulator refuses each as graphics-only with
//! an error that names it. The words are llvm-mc-19's encodings of
//! `v_interp_* v1, v2, v3, v4 wait_exp:0`, `lds_param_load v1, attr0.x wait_vdst:0` and
//! `lds_direct_load v1 wait_vdst:0`.

use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::op::Op;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

/// (words, AMD's operation name).
const CASES: [([u32; 2], &str); 8] = [
    ([0xcd00_0001, 0x0412_0702], "V_INTERP_P10_F32"),
    ([0xcd01_0001, 0x0412_0702], "V_INTERP_P2_F32"),
    ([0xcd02_0001, 0x0412_0702], "V_INTERP_P10_F16_F32"),
    ([0xcd03_0001, 0x0412_0702], "V_INTERP_P2_F16_F32"),
    ([0xcd04_0001, 0x0412_0702], "V_INTERP_P10_RTZ_F16_F32"),
    ([0xcd05_0001, 0x0412_0702], "V_INTERP_P2_RTZ_F16_F32"),
    ([0xce00_0001, 0], "LDS_PARAM_LOAD"),
    ([0xce10_0001, 0], "LDS_DIRECT_LOAD"),
];

#[test]
fn vinterp_and_ldsdir_carry_their_operation_and_are_refused() {
    let mem = Memory::new(vec![]);
    for (words, name) in CASES {
        let w = [words[0], words[1], 0, 0];
        for wave64 in [false, true] {
            let i = match decode_typed(&w, 4, wave64) {
                Ok(Decoded11::One(i)) => i,
                other => panic!("{name}: {w:08x?} decoded as {other:?}"),
            };
            assert_eq!(i.op.name(), name, "{w:08x?}");
            assert_eq!(Op::from_name(name), Some(i.op));
            assert_eq!(
                i.len as usize,
                if name.starts_with("LDS") { 1 } else { 2 },
                "dwords"
            );
            let mut wave = Wave::new(16, 16);
            wave.set_exec(u64::MAX);
            let mut lds = vec![0u8; 256];
            let mut ctx = Ctx {
                mem: &mem,
                lds: &mut lds,
                gen: Gen::Gfx9,
                lane_ops: 0,
                private_size: 0,
            };
            let Err(e) = exec::step(&mut wave, &i, &mut ctx) else {
                panic!("{name} was executed");
            };
            assert!(
                e.message.contains(name) && e.message.contains("graphics-only"),
                "{name}: {}",
                e.message
            );
        }
    }
}

/// A VINTERP opcode no row has (6) is refused by the decoder, not given an operation.
#[test]
fn unknown_vinterp_opcode_is_an_error() {
    assert!(decode_typed(&[0xcd06_0001, 0x0412_0702, 0, 0], 4, false).is_err());
    // LDSDIR opcodes 2 and 3 likewise.
    assert!(decode_typed(&[0xce20_0001, 0, 0, 0], 4, false).is_err());
    assert!(decode_typed(&[0xce30_0001, 0, 0, 0], 4, false).is_err());
}
