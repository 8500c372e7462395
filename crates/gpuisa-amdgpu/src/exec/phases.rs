//! Per-phase timing of a dispatch, printed to stderr when the environment variable
//! `GPUISA_PHASES` is set (a diagnostic for scaling measurements; nothing else reads it):
//! the dispatch's set-up, each worker's start and end after the threads were started, its
//! thread CPU time (user and system), page faults and context switches (involuntary ones
//! mean another process took the core), and the collection of the results.

use std::time::Instant;

/// Whether `GPUISA_PHASES` is set.
pub(super) fn enabled() -> bool {
    std::env::var_os("GPUISA_PHASES").is_some()
}

/// One worker thread's account.
#[derive(Clone, Debug, Default)]
pub(super) struct WorkerPhase {
    pub start: f64,
    pub end: f64,
    pub user: f64,
    pub sys: f64,
    pub minflt: i64,
    pub vcsw: i64,
    pub ivcsw: i64,
    pub groups: u64,
    pub wave_instructions: u64,
}

/// The calling thread's resource usage: (user s, system s, minor faults, voluntary and
/// involuntary context switches); zeros where the platform does not say.
pub(super) fn thread_usage() -> (f64, f64, i64, i64, i64) {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    {
        #[repr(C)]
        struct Timeval {
            sec: i64,
            usec: i64,
        }
        #[repr(C)]
        struct Rusage {
            utime: Timeval,
            stime: Timeval,
            rest: [i64; 14],
        }
        extern "C" {
            fn getrusage(who: i32, usage: *mut Rusage) -> i32;
        }
        const RUSAGE_THREAD: i32 = 1;
        let mut r = Rusage {
            utime: Timeval { sec: 0, usec: 0 },
            stime: Timeval { sec: 0, usec: 0 },
            rest: [0; 14],
        };
        // SAFETY: getrusage fills the struct, laid out as Linux's `struct rusage` on 64-bit
        // targets (two timevals, then 14 longs: maxrss, ixrss, idrss, isrss, minflt, majflt,
        // nswap, inblock, oublock, msgsnd, msgrcv, nsignals, nvcsw, nivcsw).
        if unsafe { getrusage(RUSAGE_THREAD, &mut r) } == 0 {
            let t = |v: &Timeval| v.sec as f64 + v.usec as f64 * 1e-6;
            return (t(&r.utime), t(&r.stime), r.rest[4], r.rest[12], r.rest[13]);
        }
    }
    (0.0, 0.0, 0, 0, 0)
}

/// Prints the report.
pub(super) fn report(setup: f64, t0: Instant, workers: &[WorkerPhase], exec: f64, collect: f64) {
    let _ = t0;
    let mut out = format!(
        "gpuisa phases: set-up {setup:.6} s, execution {exec:.6} s, collecting results {collect:.6} s\n"
    );
    for (k, w) in workers.iter().enumerate() {
        out.push_str(&format!(
            "  worker {k}: runs {:.6}..{:.6} s, cpu {:.6} s (user {:.6}, sys {:.6}), {} work-groups, {} wave-instructions, {} page faults, {} voluntary / {} involuntary context switches\n",
            w.start, w.end, w.user + w.sys, w.user, w.sys, w.groups, w.wave_instructions, w.minflt, w.vcsw, w.ivcsw
        ));
    }
    eprint!("{out}");
}
