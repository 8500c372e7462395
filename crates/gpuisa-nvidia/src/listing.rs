//! Listings of raw Maxwell code laid out exactly as `nvdisasm -b SM50 [-hex] [-novliw]` and
//! `cuobjdump -sass` print them (column rules measured, see docs/nvidia.md).
//!
//! Layout of an instruction line: 8 spaces, `/*ADDR*/` (4+ hex digits), `         {` or 10
//! spaces, the guard predicate right-aligned in 8 columns, a space, the instruction, then ` ;`
//! (`;` alone when the control field is all default), or `         }` when it closes a dual-issue
//! pair. With encodings, `/* 0x... */` starts at a column shared by the whole listing.

use crate::ctrl::{self, Ctrl};
use crate::decode::{inst_text, Decoded};
use crate::fmt::{self, Out, Sink};
use crate::syntax;
use crate::table::table;

#[derive(Clone, Copy, Debug, Default)]
pub struct Layout {
    /// Append `/* 0x... */` encodings (nvdisasm -hex; always on for cuobjdump).
    pub hex: bool,
    /// Dual-issue pairs printed as `{ A ; B }`.
    pub vliw: bool,
    /// Our addition: control fields `[B------:R-:W-:Y:S04]` after the address.
    pub ctrl: bool,
    /// Address of the first control word.
    pub base: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Single,
    Open,
    Close,
    /// Third and later instruction of a dual-issue chain: nvdisasm prints no text for it.
    Swallowed,
}

/// One instruction; its text is `texts[start..end]`, the guard predicate its first `pred` bytes.
#[derive(Clone, Copy)]
struct Row {
    addr: u64,
    role: Role,
    word: u64,
    ctrl: Ctrl,
    start: u32,
    end: u32,
    pred: u8,
    unknown: bool,
}

/// Counts from a listing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub instructions: u64,
    pub unknown: u64,
}

const UNKNOWN_NOTE: &str = " /* unknown instruction */";

/// Lays out `words` (whole bundles: control word then three instructions) into `out`.
/// Unknown words print as `.word 0x... ; /* unknown instruction */` and never stop the listing.
pub fn render(words: &[u64], sm: u8, lay: Layout, out: &mut String) -> Counts {
    if !lay.hex {
        return render_plain(words, sm, lay, out);
    }
    let n = words.len() / 4 * 3;
    let mut rows: Vec<Row> = Vec::with_capacity(n);
    let mut texts = String::with_capacity(n * 40);
    let mut counts = Counts::default();
    // nvdisasm groups a chain of dual-issue flags: the first instruction opens `{`, the second
    // closes `}`, and any further ones of the same chain are not printed (only their encodings
    // with -hex) -- measured, see docs/nvidia.md.
    let mut group_pos = 0usize;
    for (b, bundle) in words.chunks_exact(4).enumerate() {
        let fields = ctrl::unpack(bundle[0]);
        for (i, &w) in bundle[1..].iter().enumerate() {
            let addr = lay.base + (b as u64 * 32) + 8 * (i as u64 + 1);
            let c = fields[i];
            let dual = lay.vliw && c.dual_issue();
            let role = match group_pos {
                0 if dual => Role::Open,
                0 => Role::Single,
                1 => Role::Close,
                _ => Role::Swallowed,
            };
            group_pos = if dual { group_pos + 1 } else { 0 };
            let start = texts.len();
            let d = inst_text(&mut texts, w, sm, c.reuse, addr);
            let pred = if texts.as_bytes().get(start) == Some(&b'@') {
                texts[start..].find(' ').unwrap_or(0) as u8
            } else {
                0
            };
            counts.instructions += 1;
            counts.unknown += (d == Decoded::Unknown) as u64;
            rows.push(Row {
                addr,
                role,
                word: w,
                ctrl: c,
                start: start as u32,
                end: texts.len() as u32,
                pred,
                unknown: d == Decoded::Unknown,
            });
        }
    }
    out.reserve(rows.len() * 110);
    // Encoding column: two spaces after the longest `... ;` line, or right after the longest
    // pair-closing line; a guard predicate and its space count twice on every line (measured:
    // 146 cuobjdump functions, where `@P0 FFMA ...` was the longest line).
    let mut col = 0;
    for r in &rows {
        let guard = if r.pred > 0 { r.pred as usize + 1 } else { 0 };
        let extra = match r.role {
            Role::Swallowed => continue,
            Role::Close => guard,
            _ => 2 + guard,
        };
        col = col.max(line_len(r, lay) + extra);
    }
    // encodings of pair-closing and swallowed instructions are printed on lines of their own
    // before the next line; at the end of the code they are never printed (as nvdisasm does)
    let mut pending: Vec<u64> = Vec::new();
    for (b, bundle_rows) in rows.chunks(3).enumerate() {
        for w in pending.drain(..) {
            hex_line(out, col, w);
        }
        hex_line(out, col, words[4 * b]);
        for r in bundle_rows {
            if r.role == Role::Swallowed {
                pending.push(r.word);
                continue;
            }
            for w in pending.drain(..) {
                hex_line(out, col, w);
            }
            let start = out.len();
            line(out, r, &texts, lay);
            if r.role == Role::Close {
                pending.push(r.word);
                out.push('\n');
            } else {
                pad(out, col.saturating_sub(out.len() - start));
                out.push_str("/* 0x");
                fmt::hex(out, r.word, 16);
                out.push_str(" */\n");
            }
        }
    }
    counts
}

/// Dual-issue chain position entering bundle `first` of the bundles in `code` (little-endian
/// bytes, whole bundles): the run of dual flags just before it.
fn chain_before(code: &[u8], first: usize, lay: Layout) -> usize {
    if !lay.vliw {
        return 0;
    }
    let mut pos = 0usize;
    let mut k = first * 3;
    while k > 0 {
        k -= 1;
        if ctrl::unpack(word_at(code, (k / 3) * 4))[k % 3].dual_issue() {
            pos += 1;
        } else {
            break;
        }
    }
    pos
}

#[inline]
fn word_at(code: &[u8], i: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&code[i * 8..i * 8 + 8]);
    u64::from_le_bytes(b)
}

/// Bundles per unit of work of the streamed plain listing (about 220 KB of text: stays in cache).
const CHUNK: usize = 1024;

/// Threads rendering a streamed listing: 1 unless `GPUISA_THREADS` says otherwise (N, at most
/// 8; 0 = the available cores). Measured on the shared 2-core machine (docs/nvidia.md): one
/// thread costs ~30% less CPU time and, when other work keeps the cores busy, less wall time
/// too; more threads shorten the wall time only when cores are idle.
fn threads() -> usize {
    match std::env::var("GPUISA_THREADS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        Some(0) => std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(8),
        Some(n) => n.min(8),
        None => 1,
    }
}

/// The listing without encodings: one pass, no per-instruction storage.
fn render_plain(words: &[u64], sm: u8, lay: Layout, out: &mut String) -> Counts {
    out.reserve(words.len() / 4 * 3 * 64);
    render_plain_part(words, 0, 0, sm, lay, out)
}

/// Renders chunk number `j` of `code` (bytes of whole bundles) into `buf` (cleared first),
/// converting its words into `tmp`.
fn render_chunk(
    code: &[u8],
    j: usize,
    sm: u8,
    lay: Layout,
    tmp: &mut Vec<u64>,
    buf: &mut Out,
) -> Counts {
    let bundles = code.len() / 32;
    let first = j * CHUNK;
    let end = (first + CHUNK).min(bundles);
    let bytes = &code[first * 32..end * 32];
    tmp.clear();
    tmp.resize(bytes.len() / 8, 0);
    for (d, c) in tmp.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(c);
        *d = u64::from_le_bytes(b);
    }
    buf.clear();
    render_plain_part(tmp, first, chain_before(code, first, lay), sm, lay, buf)
}

/// The plain listing (no encodings) of `code` (little-endian bytes; a trailing partial bundle is
/// ignored) written to `out` as it is produced: bounded memory (no copy of the input as words),
/// chunks rendered by worker threads started once when there are several cores. Same text as
/// [`render`] without `hex`.
pub fn render_plain_bytes_to(
    code: &[u8],
    sm: u8,
    lay: Layout,
    out: &mut dyn std::io::Write,
) -> std::io::Result<Counts> {
    render_plain_threads(code, sm, lay, out, threads())
}

/// [`render_plain_bytes_to`] on `threads` threads (this one included).
fn render_plain_threads(
    code: &[u8],
    sm: u8,
    lay: Layout,
    out: &mut dyn std::io::Write,
    threads: usize,
) -> std::io::Result<Counts> {
    let code = &code[..code.len() / 32 * 32];
    let chunks = (code.len() / 32).div_ceil(CHUNK);
    let t = threads.min(chunks / 4);
    let mut counts = Counts::default();
    let mut add = |c: Counts| {
        counts.instructions += c.instructions;
        counts.unknown += c.unknown;
    };
    if t < 2 {
        // sized for the input when it is smaller than a chunk (start-up of small listings)
        let per = CHUNK.min(code.len() / 32);
        let mut tmp = Vec::with_capacity(per * 4);
        let mut buf = Out::with_capacity(per * 3 * 80);
        for j in 0..chunks {
            add(render_chunk(code, j, sm, lay, &mut tmp, &mut buf));
            out.write_all(buf.as_bytes())?;
        }
        return Ok(counts);
    }
    use std::sync::mpsc;
    // This thread renders chunks 0, t, 2t, ... itself; helper k (1..t) renders chunks k, k+t, ...
    // into buffers it gets back from this thread, which writes every chunk in order. A write
    // error drops the channels: the helpers stop.
    let result = std::thread::scope(|sc| -> std::io::Result<()> {
        let mut done_rx = Vec::new();
        let mut free_tx = Vec::new();
        let mut handles = Vec::new();
        for k in 1..t {
            let (dtx, drx) = mpsc::channel::<Out>();
            let (ftx, frx) = mpsc::channel::<Out>();
            for _ in 0..2 {
                let _ = ftx.send(Out::with_capacity(CHUNK * 3 * 80));
            }
            done_rx.push(drx);
            free_tx.push(ftx);
            handles.push(sc.spawn(move || {
                let mut c = Counts::default();
                let mut tmp = Vec::with_capacity(CHUNK * 4);
                for j in (k..chunks).step_by(t) {
                    let Ok(mut buf) = frx.recv() else { break };
                    let r = render_chunk(code, j, sm, lay, &mut tmp, &mut buf);
                    c.instructions += r.instructions;
                    c.unknown += r.unknown;
                    if dtx.send(buf).is_err() {
                        break;
                    }
                }
                c
            }));
        }
        let mut res = Ok(());
        let mut mine = Out::with_capacity(CHUNK * 3 * 80);
        let mut tmp = Vec::with_capacity(CHUNK * 4);
        for j in 0..chunks {
            let k = j % t;
            let written = if k == 0 {
                add(render_chunk(code, j, sm, lay, &mut tmp, &mut mine));
                out.write_all(mine.as_bytes())
            } else {
                let Ok(buf) = done_rx[k - 1].recv() else {
                    break;
                };
                let w = out.write_all(buf.as_bytes());
                let _ = free_tx[k - 1].send(buf);
                w
            };
            if let Err(e) = written {
                res = Err(e);
                break;
            }
        }
        drop(done_rx);
        drop(free_tx);
        for h in handles {
            match h.join() {
                Ok(c) => add(c),
                Err(e) => std::panic::resume_unwind(e),
            }
        }
        res
    });
    result.map(|()| counts)
}

/// The plain listing of `words` (whole bundles) streamed to `out`; see [`render_plain_bytes_to`].
pub fn render_plain_to(
    words: &[u64],
    sm: u8,
    lay: Layout,
    out: &mut dyn std::io::Write,
) -> std::io::Result<Counts> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    render_plain_bytes_to(&bytes, sm, lay, out)
}

/// What follows the address: `*/`, the pair-opening column (`{` or a space) and the guard
/// column (the predicate right-aligned in 8 columns and a space), by [open][bits 16-19], index
/// 16 for forms without a guard.
macro_rules! after_addr {
    ($open:literal) => {
        [
            concat!("*/", $open, "     @P0 "),
            concat!("*/", $open, "     @P1 "),
            concat!("*/", $open, "     @P2 "),
            concat!("*/", $open, "     @P3 "),
            concat!("*/", $open, "     @P4 "),
            concat!("*/", $open, "     @P5 "),
            concat!("*/", $open, "     @P6 "),
            concat!("*/", $open, "         "),
            concat!("*/", $open, "    @!P0 "),
            concat!("*/", $open, "    @!P1 "),
            concat!("*/", $open, "    @!P2 "),
            concat!("*/", $open, "    @!P3 "),
            concat!("*/", $open, "    @!P4 "),
            concat!("*/", $open, "    @!P5 "),
            concat!("*/", $open, "    @!P6 "),
            concat!("*/", $open, "    @!PT "),
            concat!("*/", $open, "         "),
        ]
    };
}
const AFTER_ADDR: [[&str; 17]; 2] = [after_addr!("          "), after_addr!("         {")];

/// Renders the bundles `words` whose first bundle is number `first`, entering with dual-issue
/// chain position `group_pos`. Instruction text goes straight into `out` (no scratch copy).
fn render_plain_part<S: Sink>(
    words: &[u64],
    first: usize,
    mut group_pos: usize,
    sm: u8,
    lay: Layout,
    out: &mut S,
) -> Counts {
    let t = table();
    let mut counts = Counts::default();
    for (b, bundle) in words.chunks_exact(4).enumerate() {
        let base = lay.base + ((first + b) as u64 * 32);
        for i in 0..3 {
            // the raw 21-bit control field (see ctrl.rs): stall 0 with the yield bit set
            // dual-issues; the reuse flags are bits 17-20
            let f = ((bundle[0] >> (21 * i)) & 0x1f_ffff) as u32;
            let w = bundle[i + 1];
            let addr = base + 8 * (i as u64 + 1);
            let dual = lay.vliw && f & 0x1f == 0x10;
            let role = match group_pos {
                0 if dual => Role::Open,
                0 => Role::Single,
                1 => Role::Close,
                _ => Role::Swallowed,
            };
            group_pos = if dual { group_pos + 1 } else { 0 };
            let form = t.lookup(w, sm);
            counts.instructions += 1;
            counts.unknown += form.is_none() as u64;
            if role == Role::Swallowed {
                continue;
            }
            let mut head = fmt::Small::new();
            head.put(b"        /*");
            head.hex(addr, 4);
            out.push_small(&head);
            let open = (role == Role::Open) as usize;
            let guard = match form {
                Some((_, f)) if !f.no_guard => ((w >> 16) & 0xf) as usize,
                _ => 16,
            };
            if lay.ctrl {
                out.push_str("*/ ");
                ctrl::Ctrl::from_bits(f).render(out);
                out.push_str(&AFTER_ADDR[open][guard][2..]);
            } else {
                out.push_str(AFTER_ADDR[open][guard]);
            }
            match form {
                Some((_, form)) => syntax::print(out, form, w, ((f >> 17) & 0xf) as u8, addr),
                None => {
                    out.push_str(".word 0x");
                    fmt::hex(out, w, 16);
                }
            }
            if form.is_none() {
                out.push_str(if role == Role::Close {
                    "         }"
                } else if f & 0x1_ffff == 0x7e0 {
                    ";"
                } else {
                    " ;"
                });
                out.push_str(UNKNOWN_NOTE);
                out.push('\n');
            } else {
                // measured: an all-default control field prints `;` without the space
                out.push_str(if role == Role::Close {
                    "         }\n"
                } else if f & 0x1_ffff == 0x7e0 {
                    ";\n"
                } else {
                    " ;\n"
                });
            }
        }
    }
    counts
}

#[inline]
fn pad(out: &mut String, n: usize) {
    const SPACES: &str = "                                                                ";
    let mut k = n;
    while k > 0 {
        let m = k.min(SPACES.len());
        out.push_str(&SPACES[..m]);
        k -= m;
    }
}

/// The characters `line` writes for `r` (without newline).
fn line_len(r: &Row, lay: Layout) -> usize {
    let body = (r.end - r.start) as usize - if r.pred > 0 { r.pred as usize + 1 } else { 0 };
    let tail = match r.role {
        Role::Close => 10,
        _ if default_ctrl(r.ctrl) => 1,
        _ => 2,
    };
    12 + fmt::hex_len(r.addr, 4)
        + if lay.ctrl { 22 } else { 0 }
        + 10
        + (r.pred as usize).max(8)
        + 1
        + body
        + tail
        + if r.unknown { UNKNOWN_NOTE.len() } else { 0 }
}

/// Measured: an all-default control field (stall 0, yield bit 0, no barriers, no waits; reuse
/// bits aside), as on padding NOPs, prints `;` without the space.
#[inline]
fn default_ctrl(c: Ctrl) -> bool {
    c.bits() & 0x1_ffff == 0x7e0
}

fn line(out: &mut String, r: &Row, texts: &str, lay: Layout) {
    out.push_str("        /*");
    fmt::hex(out, r.addr, 4);
    out.push_str("*/");
    if lay.ctrl {
        out.push(' ');
        r.ctrl.render(out);
    }
    out.push_str(if r.role == Role::Open {
        "         {"
    } else {
        "          "
    });
    let text = &texts[r.start as usize..r.end as usize];
    let (pred, body) = if r.pred > 0 {
        (&text[..r.pred as usize], &text[r.pred as usize + 1..])
    } else {
        ("", text)
    };
    pad(out, 8usize.saturating_sub(pred.len()));
    out.push_str(pred);
    out.push(' ');
    out.push_str(body);
    if r.role == Role::Close {
        out.push_str("         }");
    } else if default_ctrl(r.ctrl) {
        out.push(';');
    } else {
        out.push_str(" ;");
    }
    if r.unknown {
        out.push_str(UNKNOWN_NOTE);
    }
}

fn hex_line(out: &mut String, col: usize, w: u64) {
    pad(out, col);
    out.push_str("/* 0x");
    fmt::hex(out, w, 16);
    out.push_str(" */\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuisa_core::rng::Rng;

    /// The parallel plain listing equals the one-thread listing, dual-issue chains crossing the
    /// part boundaries included.
    #[test]
    fn parallel_plain_listing_is_identical() {
        let mut rng = Rng::new(11);
        let mut words = Vec::new();
        for _ in 0..20_000 {
            let mut f = [0u32; 3];
            for x in &mut f {
                // a third of the fields dual-issue
                *x = if rng.below(3) == 0 {
                    0x7f0
                } else {
                    0x7e1 | (rng.below(15) as u32)
                };
            }
            words.push(f[0] as u64 | (f[1] as u64) << 21 | (f[2] as u64) << 42);
            for _ in 0..3 {
                words.push((0xef90 << 48) | (rng.next_u64() & ((1 << 48) - 1)) | (7 << 16));
            }
        }
        for vliw in [true, false] {
            let lay = Layout {
                vliw,
                ..Default::default()
            };
            let mut b = String::new();
            let cb = render_plain_part(&words, 0, 0, 50, lay, &mut b);
            let mut a = String::new();
            let ca = render(&words, 50, Layout { hex: true, ..lay }, &mut a);
            assert_eq!(ca, cb);
            let plain: String = a
                .lines()
                .filter(|l| !l.trim_start().starts_with("/* 0x"))
                .map(|l| match l.find("/* 0x") {
                    Some(k) => format!("{}\n", l[..k].trim_end()),
                    None => format!("{l}\n"),
                })
                .collect();
            assert!(
                plain == b,
                "plain listing differs from the -hex one (vliw={vliw})"
            );
            let mut c = Vec::new();
            let cc = render_plain_to(&words, 50, lay, &mut c).unwrap();
            assert_eq!(cc, cb);
            assert!(c == b.as_bytes(), "streamed listing differs (vliw={vliw})");
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            for t in [2, 3] {
                let mut c = Vec::new();
                let cc = render_plain_threads(&bytes, 50, lay, &mut c, t).unwrap();
                assert_eq!(cc, cb);
                assert!(
                    c == b.as_bytes(),
                    "{t}-thread listing differs (vliw={vliw})"
                );
            }
        }
    }
}
