//! `libgpuisa_remu.so`: a drop-in for remu's `libremu.so`. Code that loads remu and calls its
//! `run_asm` can load this library instead; the kernel runs on gpuisa's RDNA3 (gfx1100)
//! emulator, work-groups in parallel, directly on the caller's memory.
//!
//! Exports (C ABI):
//! - [`run_asm`]: remu's signature and return convention (0 on success). The code pointer is
//!   the kernel's entry point (raw machine code, no code object); `args_ptr` is the host
//!   address of the kernel arguments, which hold host pointers. Wave start as in remu: wave32,
//!   s[0:1] = `args_ptr`, the work-group ids ending at s15 (see
//!   [`gpuisa_amdgpu::exec::host::remu_rsrc2`]), v0 = x | y << 10 | z << 20.
//! - [`gpuisa_run_asm`]: the same with the descriptor words tinygrad's mock GPU passes to its
//!   emulator (COMPUTE_PGM_RSRC2, scratch bytes per lane, the COMPUTE_USER_DATA words) and a
//!   wave-size flag.
//! - [`gpuisa_last_error`]: the message of the calling thread's last failure (wave, lane, pc).
//!
//! Failures return a negative code: -1 invalid arguments, -2 an emulation fault or an
//! instruction the emulator does not run (the message is also printed to stderr unless
//! `GPUISA_QUIET` is set). `GPUISA_THREADS` sets the worker threads (default: all cores).
//!
//! Like remu, this reads and writes whatever the kernel addresses: a kernel that computes a
//! wrong pointer crashes the process (only null-page and non-canonical addresses are caught).

use gpuisa_amdgpu::exec::host::{remu_rsrc2, run_host, HostLaunch};
use std::cell::RefCell;
use std::ffi::{c_char, CString};

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_error(msg: &str) {
    if std::env::var_os("GPUISA_QUIET").is_none() {
        eprintln!("gpuisa run_asm: {msg}");
    }
    let c = CString::new(msg.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = c);
}

fn threads() -> usize {
    std::env::var("GPUISA_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Runs a host launch, catching every failure (and any panic) as a return code.
///
/// # Safety
/// As [`run_host`].
unsafe fn launch(h: &HostLaunch<'_>) -> i32 {
    let r = std::panic::catch_unwind(|| run_host(h));
    match r {
        Ok(Ok(_)) => 0,
        Ok(Err(e)) => {
            set_error(&e.message);
            -2
        }
        Err(_) => {
            set_error("internal error (panic) in the emulator");
            -2
        }
    }
}

/// The code bytes behind `lib`, or an error code.
///
/// # Safety
/// `lib` is readable for `lib_sz` bytes.
unsafe fn code<'a>(lib: *const u8, lib_sz: u64) -> Result<&'a [u8], i32> {
    if lib.is_null() || lib_sz == 0 || lib_sz & 3 != 0 {
        set_error("the code pointer is null or its size is not a non-zero multiple of 4");
        return Err(-1);
    }
    let n = (lib_sz as usize).min(gpuisa_amdgpu::exec::host::MAX_CODE);
    Ok(std::slice::from_raw_parts(lib, n))
}

/// remu's entry point: runs the RDNA3 code at `lib` (`lib_sz` bytes) over a grid of
/// `gx * gy * gz` work-groups of `lx * ly * lz` work-items; returns 0 on success.
///
/// # Safety
/// `lib` must be readable for `lib_sz` bytes; `args_ptr` and every address the kernel derives
/// from it must be valid host memory for the kernel's accesses during the call.
#[no_mangle]
pub unsafe extern "C" fn run_asm(
    lib: *const c_char,
    lib_sz: u32,
    gx: u32,
    gy: u32,
    gz: u32,
    lx: u32,
    ly: u32,
    lz: u32,
    args_ptr: *const u64,
) -> i32 {
    let code = match code(lib as *const u8, lib_sz as u64) {
        Ok(c) => c,
        Err(e) => return e,
    };
    launch(&HostLaunch {
        code,
        grid: [gx, gy, gz],
        block: [lx, ly, lz],
        args_ptr: args_ptr as u64,
        rsrc2: remu_rsrc2(gy, gz),
        scratch_size: 0,
        user_data: &[],
        // remu gives every work-group as much LDS as it touches: the whole 64 KiB here.
        lds_bytes: Some(65536),
        wave64: false,
        threads: threads(),
    })
}

/// `run_asm` with the words tinygrad's mock GPU passes to its emulator: `rsrc2`
/// (COMPUTE_PGM_RSRC2: user SGPR count, work-group id enables, LDS size in 512-byte granules),
/// `scratch_size` (private bytes per lane), `user_data` (`n_user` COMPUTE_USER_DATA words loaded
/// into s0..; none: s[0:1] = `args_ptr`) and `wave64` (0: wave32). Returns 0 on success.
///
/// # Safety
/// As [`run_asm`]; `user_data` must be readable for `n_user` words (or null with `n_user` 0).
#[no_mangle]
pub unsafe extern "C" fn gpuisa_run_asm(
    lib: *const u8,
    lib_sz: u64,
    gx: u32,
    gy: u32,
    gz: u32,
    lx: u32,
    ly: u32,
    lz: u32,
    args_ptr: u64,
    rsrc2: u32,
    scratch_size: u32,
    user_data: *const u32,
    n_user: u32,
    wave64: u32,
) -> i32 {
    let code = match code(lib, lib_sz) {
        Ok(c) => c,
        Err(e) => return e,
    };
    if n_user > 32 || (n_user > 0 && user_data.is_null()) {
        set_error("user_data: at most 32 words, from a non-null pointer");
        return -1;
    }
    let user: &[u32] = if n_user == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(user_data, n_user as usize)
    };
    launch(&HostLaunch {
        code,
        grid: [gx, gy, gz],
        block: [lx, ly, lz],
        args_ptr,
        rsrc2,
        scratch_size,
        user_data: user,
        lds_bytes: None,
        wave64: wave64 != 0,
        threads: threads(),
    })
}

/// The calling thread's last failure message (empty if none); valid until its next call.
#[no_mangle]
pub extern "C" fn gpuisa_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}
