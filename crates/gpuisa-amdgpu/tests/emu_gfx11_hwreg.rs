//! gfx11 `s_getreg_b32` of the registers whose hardware values are not reproducible, as the
//! emulator defines them (docs/emulator.md): HW_REG_HW_ID1 / HW_REG_HW_ID2 (where the wave runs)
//! read 0; HW_REG_SHADER_CYCLES [19:0] reads the number of instructions the wave has issued,
//! this s_getreg included (one per instruction, wrapping at 20 bits). Checked instruction by
//! instruction (the offset/size fields of hwreg) and through a whole dispatch (`run_host`), where
//! the count comes from the worker's loop.

use gpuisa_amdgpu::exec::host::{run_host, HostLaunch};
use gpuisa_amdgpu::exec::mem::Memory;
use gpuisa_amdgpu::exec::wave::Wave;
use gpuisa_amdgpu::exec::{self, Ctx};
use gpuisa_amdgpu::gcn::Gen;
use gpuisa_amdgpu::rdna3::asm::assemble_inst;
use gpuisa_amdgpu::rdna3::inst::{decode_typed, Decoded11};

fn words(text: &str) -> Vec<u32> {
    assemble_inst(text, false).unwrap_or_else(|e| panic!("cannot assemble `{text}`: {e:?}"))
}

fn step(w: &mut Wave, text: &str) -> Result<(), String> {
    let ws = words(text);
    let mut b = [0u32; 4];
    b[..ws.len()].copy_from_slice(&ws);
    let mem = Memory::new(vec![]);
    let mut lds = vec![0u8; 64];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        gen: Gen::Gfx9,
        lane_ops: 0,
        private_size: 0,
    };
    match decode_typed(&b, ws.len(), false) {
        Ok(Decoded11::One(i)) => exec::step(w, &i, &mut ctx)
            .map(|_| ())
            .map_err(|e| e.message),
        _ => Err(format!("{text}: does not decode")),
    }
}

#[test]
fn getreg_fields_of_hw_id_and_shader_cycles() {
    let mut w = Wave::new(8, 32);
    w.set_exec(0xffff_ffff);
    for (insts, text, want) in [
        (5u64, "s_getreg_b32 s4, hwreg(HW_REG_HW_ID1)", 0u32),
        (5, "s_getreg_b32 s4, hwreg(HW_REG_HW_ID2)", 0),
        (
            0x1_2345,
            "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES)",
            0x1_2345,
        ),
        (
            0x1_2345,
            "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES, 4, 8)",
            0x34,
        ),
        (
            0x1_2345,
            "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES, 0, 20)",
            0x1_2345,
        ),
        // 20 bits: wraps.
        (
            0x12_3456,
            "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES, 0, 20)",
            0x2_3456,
        ),
        (
            0x12_3456,
            "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES)",
            0x2_3456,
        ),
    ] {
        w.insts = insts;
        w.s[4] = 0xdead_beef;
        step(&mut w, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(w.s[4], want, "{text} after {insts:#x} instructions");
    }
    // Read-only: s_setreg leaves them as they were.
    w.insts = 7;
    w.s[5] = 0xffff_ffff;
    step(&mut w, "s_setreg_b32 hwreg(HW_REG_SHADER_CYCLES), s5").unwrap();
    step(&mut w, "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES)").unwrap();
    assert_eq!(w.s[4], 7);
}

#[test]
fn shader_cycles_count_the_waves_instructions_in_a_dispatch() {
    // s[0:1] = the argument pointer; args[0] = the output pointer.
    let src = [
        "s_load_b64 s[2:3], s[0:1], 0x0",
        "s_getreg_b32 s4, hwreg(HW_REG_SHADER_CYCLES, 0, 20)",
        "s_nop 0",
        "s_nop 3",
        "v_mov_b32 v5, 0",
        "s_getreg_b32 s5, hwreg(HW_REG_SHADER_CYCLES, 0, 20)",
        "s_getreg_b32 s6, hwreg(HW_REG_HW_ID1)",
        "s_waitcnt lgkmcnt(0)",
        "v_mov_b32 v0, 0",
        "v_mov_b32 v1, s4",
        "v_mov_b32 v2, s5",
        "v_mov_b32 v3, s6",
        "global_store_b96 v0, v[1:3], s[2:3]",
        "s_endpgm",
    ];
    let code: Vec<u8> = src
        .iter()
        .flat_map(|t| words(t))
        .flat_map(|x| x.to_le_bytes())
        .collect();
    let mut out = vec![0xffff_ffffu32; 4];
    let args: [u64; 1] = [out.as_mut_ptr() as u64];
    let h = HostLaunch {
        code: &code,
        grid: [1, 1, 1],
        block: [32, 1, 1],
        args_ptr: args.as_ptr() as u64,
        rsrc2: 0,
        scratch_size: 0,
        user_data: &[],
        lds_bytes: Some(0),
        wave64: false,
        threads: 1,
    };
    // SAFETY: the kernel reads `args` and writes 12 bytes of `out`, both alive for the call.
    unsafe { run_host(&h) }.unwrap_or_else(|e| panic!("{e:?}"));
    // The first s_getreg is the wave's 2nd instruction, the second its 6th.
    assert_eq!(
        &out[..3],
        &[2, 6, 0],
        "SHADER_CYCLES, SHADER_CYCLES, HW_ID1"
    );
    assert_eq!(out[3], 0xffff_ffff);
}
