//! Host dispatch: gfx11 (RDNA3) machine code run directly on this process's memory, as remu's
//! `run_asm` and tinygrad's mock-GPU emulator do. The caller gives the code from its entry
//! point (no code object, no kernel descriptor), the grid, the work-group size, a host pointer
//! to the kernel arguments and the few descriptor words the hardware would take from the
//! dispatch registers (COMPUTE_PGM_RSRC2, the scratch size, COMPUTE_USER_DATA). Buffers are
//! host pointers inside the kernel arguments: memory is the unsafe host backend of
//! [`super::mem::Memory::new_host`].
//!
//! Wave start (what the hardware does from those registers): s[0..n] = the user data (or
//! s[0:1] = the kernel-argument pointer when none is given); then, from SGPR
//! `RSRC2.USER_SGPR_COUNT` on, the work-group ids X, Y, Z that `RSRC2.TGID_{X,Y,Z}_EN` enable
//! (then the scratch wave offset if `RSRC2.SCRATCH_EN`); v0 = x | y << 10 | z << 20; EXEC =
//! the wave's live lanes. remu's fixed convention is the RSRC2 of [`remu_rsrc2`].

use super::loader::{Kernel, Loaded, CODE_BASE};
use super::{run_dispatch, ArgValue, Isa, Launch, RunError, Stats};
use crate::gcn::codeobj::KernelDescriptor;

/// The most code bytes taken from the host (the program counter must stay inside them).
/// tinygrad's mock GPU passes the size of the rest of the mapping that holds the program.
pub const MAX_CODE: usize = 16 << 20;

/// The user SGPRs a host dispatch preloads.
pub(crate) struct HostSgprs(pub(crate) Vec<u32>);

/// One host dispatch.
#[derive(Clone, Debug)]
pub struct HostLaunch<'a> {
    /// The machine code, starting at the kernel's entry point.
    pub code: &'a [u8],
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// The kernel-argument pointer (s[0:1] when `user_data` is empty).
    pub args_ptr: u64,
    /// COMPUTE_PGM_RSRC2: user SGPR count, work-group id enables, LDS size, scratch enable.
    pub rsrc2: u32,
    /// Private (scratch) bytes per lane.
    pub scratch_size: u32,
    /// COMPUTE_USER_DATA_0.. (loaded into s0, s1, ...); empty: s[0:1] = `args_ptr`.
    pub user_data: &'a [u32],
    /// LDS bytes per work-group; `None`: RSRC2.LDS_SIZE (granules of 512 bytes).
    pub lds_bytes: Option<u32>,
    pub wave64: bool,
    /// Worker threads (0: all cores).
    pub threads: usize,
}

/// The RSRC2 equivalent of remu's wave start: the work-group ids end at s15 (s15 = x for a 1-D
/// grid; s14, s15 = x, y for 2-D; s13..s15 = x, y, z for 3-D), where remu's dimension count
/// is 3 if `gy != 1 && gz != 1`, 2 if only `gy != 1`, else 1.
pub fn remu_rsrc2(gy: u32, gz: u32) -> u32 {
    let dims = match (gy != 1, gz != 1) {
        (true, true) => 3,
        (true, false) => 2,
        _ => 1,
    };
    let user = 16 - dims;
    let enables = (1u32 << dims) - 1;
    user << 1 | enables << 7
}

/// Runs `h` on host memory.
///
/// # Safety
/// `h.code` must be the code the caller means (it is copied, at most [`MAX_CODE`] bytes), and
/// every address the kernel reaches outside the code (kernel arguments, buffers) must be valid
/// host memory for the accesses it makes while the call lasts; see
/// [`super::mem::Memory::new_host`]. A kernel that computes a wrong pointer crashes the
/// process, as it would in remu or on a GPU without memory protection.
pub unsafe fn run_host(h: &HostLaunch<'_>) -> Result<Stats, RunError> {
    if h.code.is_empty() || h.code.len() & 3 != 0 {
        return Err(RunError::from(format!(
            "the code is {} bytes: it must be a non-empty multiple of 4",
            h.code.len()
        )));
    }
    if h.user_data.len() > 32 {
        return Err(RunError::from("more than 32 user SGPRs"));
    }
    let lds = match h.lds_bytes {
        Some(n) => n,
        None => ((h.rsrc2 >> 15) & 0x1ff) * 512,
    };
    if lds > 65536 {
        return Err(RunError::from(format!(
            "{lds} bytes of LDS; the limit is 65536"
        )));
    }
    let user = if h.user_data.is_empty() {
        vec![h.args_ptr as u32, (h.args_ptr >> 32) as u32]
    } else {
        h.user_data.to_vec()
    };
    let image = h.code[..h.code.len().min(MAX_CODE)].to_vec();
    let kd = KernelDescriptor {
        name: "run_asm".into(),
        kd_address: CODE_BASE,
        group_segment_size: lds,
        private_segment_size: h.scratch_size,
        kernarg_size: 0,
        entry_offset: 0,
        // Every VGPR; MODE: round to nearest, f32 and f16/f64 denormals kept, DX10 clamp and
        // IEEE mode on (what LLVM sets for gfx11 compute kernels).
        rsrc1: 0x3f | 0xf0 << 12 | 1 << 21 | 1 << 23,
        rsrc2: h.rsrc2,
        rsrc3: 0,
        code_properties: if h.wave64 { 0 } else { 1 << 10 },
    };
    let loaded = Loaded {
        image,
        kernels: Vec::new(),
        mach: 0,
    };
    let k = Kernel {
        name: kd.name.clone(),
        kd,
        args: Vec::new(),
        kernarg_size: 0,
        wave_size: if h.wave64 { 64 } else { 32 },
        version: (0, 0),
    };
    let launch = Launch {
        grid: h.grid,
        block: h.block,
        threads: h.threads,
        ..Launch::default()
    };
    let none: [ArgValue; 0] = [];
    run_dispatch(
        Isa::Gfx11,
        &loaded,
        &k,
        &launch,
        &none,
        Some(&HostSgprs(user)),
    )
    .map(|r| r.stats)
}
