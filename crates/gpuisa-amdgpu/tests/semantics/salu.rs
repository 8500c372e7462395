//! SOP2, SOP1, SOPC and SOPK: every operation on corner values, results and SCC against the
//! ISA's definitions written out here.

use super::harness::*;
use gpuisa_amdgpu::exec::Flow;
use gpuisa_amdgpu::gcn::Gen;

type F32 = fn(u32, u32, bool) -> (u32, Option<bool>);

fn sbfe_u32(a: u32, b: u32) -> u32 {
    let (off, wid) = (b & 31, (b >> 16) & 0x7f);
    let x = a >> off;
    if wid >= 32 {
        x
    } else {
        x & ((1u32 << wid) - 1)
    }
}
fn sbfe_i32(a: u32, b: u32) -> u32 {
    let wid = (b >> 16) & 0x7f;
    let x = sbfe_u32(a, b);
    if wid == 0 || wid >= 32 {
        x
    } else if x >> (wid - 1) & 1 != 0 {
        x | !((1u32 << wid) - 1)
    } else {
        x
    }
}
fn nz(x: u32) -> Option<bool> {
    Some(x != 0)
}

const SOP2_32: &[(&str, F32)] = &[
    ("s_add_u32", |a, b, _| {
        (a.wrapping_add(b), Some((a as u64 + b as u64) >> 32 != 0))
    }),
    ("s_sub_u32", |a, b, _| (a.wrapping_sub(b), Some(b > a))),
    ("s_add_i32", |a, b, _| {
        let r = a.wrapping_add(b);
        // Overflow: both operands have the same sign and the result's sign differs.
        (r, Some((a >> 31 == b >> 31) && (r >> 31 != a >> 31)))
    }),
    ("s_sub_i32", |a, b, _| {
        let r = a.wrapping_sub(b);
        (r, Some((a >> 31 != b >> 31) && (r >> 31 != a >> 31)))
    }),
    ("s_addc_u32", |a, b, c| {
        let t = a as u64 + b as u64 + c as u64;
        (t as u32, Some(t >= 1 << 32))
    }),
    ("s_subb_u32", |a, b, c| {
        (
            a.wrapping_sub(b).wrapping_sub(c as u32),
            Some(b as u64 + c as u64 > a as u64),
        )
    }),
    ("s_min_i32", |a, b, _| {
        if (a as i32) < (b as i32) {
            (a, Some(true))
        } else {
            (b, Some(false))
        }
    }),
    ("s_min_u32", |a, b, _| {
        if a < b {
            (a, Some(true))
        } else {
            (b, Some(false))
        }
    }),
    ("s_max_i32", |a, b, _| {
        if (a as i32) >= (b as i32) {
            (a, Some(true))
        } else {
            (b, Some(false))
        }
    }),
    ("s_max_u32", |a, b, _| {
        if a >= b {
            (a, Some(true))
        } else {
            (b, Some(false))
        }
    }),
    ("s_cselect_b32", |a, b, c| (if c { a } else { b }, None)),
    ("s_and_b32", |a, b, _| (a & b, nz(a & b))),
    ("s_or_b32", |a, b, _| (a | b, nz(a | b))),
    ("s_xor_b32", |a, b, _| (a ^ b, nz(a ^ b))),
    ("s_andn2_b32", |a, b, _| (a & !b, nz(a & !b))),
    ("s_orn2_b32", |a, b, _| (a | !b, nz(a | !b))),
    ("s_nand_b32", |a, b, _| (!(a & b), nz(!(a & b)))),
    ("s_nor_b32", |a, b, _| (!(a | b), nz(!(a | b)))),
    ("s_xnor_b32", |a, b, _| (!(a ^ b), nz(!(a ^ b)))),
    ("s_lshl_b32", |a, b, _| (a << (b % 32), nz(a << (b % 32)))),
    ("s_lshr_b32", |a, b, _| (a >> (b % 32), nz(a >> (b % 32)))),
    ("s_ashr_i32", |a, b, _| {
        let r = ((a as i32) >> (b % 32)) as u32;
        (r, nz(r))
    }),
    ("s_bfm_b32", |a, b, _| {
        ((((1u64 << (a % 32)) - 1) as u32) << (b % 32), None)
    }),
    ("s_mul_i32", |a, b, _| {
        ((a as i32).wrapping_mul(b as i32) as u32, None)
    }),
    ("s_bfe_u32", |a, b, _| (sbfe_u32(a, b), nz(sbfe_u32(a, b)))),
    ("s_bfe_i32", |a, b, _| (sbfe_i32(a, b), nz(sbfe_i32(a, b)))),
    ("s_absdiff_i32", |a, b, _| {
        // 32-bit difference (wrapping), then its absolute value (wrapping).
        let d = (a as i32).wrapping_sub(b as i32);
        let r = if d < 0 { d.wrapping_neg() } else { d } as u32;
        (r, nz(r))
    }),
    ("s_mul_hi_u32", |a, b, _| {
        (((a as u64 * b as u64) >> 32) as u32, None)
    }),
    ("s_mul_hi_i32", |a, b, _| {
        (((a as i32 as i64 * b as i32 as i64) >> 32) as u32, None)
    }),
    ("s_lshl1_add_u32", |a, b, _| lshl_add(a, b, 1)),
    ("s_lshl2_add_u32", |a, b, _| lshl_add(a, b, 2)),
    ("s_lshl3_add_u32", |a, b, _| lshl_add(a, b, 3)),
    ("s_lshl4_add_u32", |a, b, _| lshl_add(a, b, 4)),
    ("s_pack_ll_b32_b16", |a, b, _| {
        ((b & 0xffff) << 16 | (a & 0xffff), None)
    }),
    ("s_pack_lh_b32_b16", |a, b, _| {
        ((b >> 16) << 16 | (a & 0xffff), None)
    }),
    ("s_pack_hh_b32_b16", |a, b, _| {
        ((b >> 16) << 16 | (a >> 16), None)
    }),
];

fn lshl_add(a: u32, b: u32, n: u32) -> (u32, Option<bool>) {
    let t = ((a as u64) << n) + b as u64;
    (t as u32, Some(t >= 1 << 32))
}

/// Runs a SOP2/SOPC/SOP1 text over the value pairs, with SCC in both states; `f` gives
/// (result in s4 or None, SCC or None for unchanged).
fn sweep32(
    text: &str,
    f: &dyn Fn(u32, u32, bool) -> (Option<u32>, Option<bool>),
    ck: &mut Check,
) -> usize {
    let mut gens = 0;
    for gen in GENS {
        let Some(i) = try_inst(gen, text) else {
            continue;
        };
        gens += 1;
        let mut e = Emu::new(gen);
        for &a in V32.iter() {
            for &b in V32.iter() {
                for scc in [false, true] {
                    e.set_s(2, a);
                    e.set_s(3, b);
                    e.set_s(4, 0x5a5a_5a5a);
                    e.w.scc = scc;
                    e.step(&i).unwrap_or_else(|m| panic!("{gen:?} {text}: {m}"));
                    let (r, c) = f(a, b, scc);
                    if let Some(r) = r {
                        ck.eq(e.s(4), r, || {
                            format!("{gen:?} {text} a={a:#x} b={b:#x} scc={scc}: result")
                        });
                    }
                    ck.eq(e.w.scc, c.unwrap_or(scc), || {
                        format!("{gen:?} {text} a={a:#x} b={b:#x} scc={scc}: SCC")
                    });
                }
            }
        }
    }
    gens
}

#[test]
pub fn sop2_32bit() {
    let mut ck = Check::new();
    for (name, f) in SOP2_32 {
        let n = sweep32(
            &format!("{name} s4, s2, s3"),
            &|a, b, c| {
                let (r, s) = f(a, b, c);
                (Some(r), s)
            },
            &mut ck,
        );
        assert!(n > 0, "{name}: no generation assembles it");
    }
    ck.done();
}

type F64 = fn(u64, u64, bool) -> (u64, Option<bool>);

fn sbfe64(a: u64, b: u64, signed: bool) -> u64 {
    let (off, wid) = (b & 63, (b >> 16) & 0x7f);
    let x = a >> off;
    let x = if wid >= 64 {
        x
    } else {
        x & ((1u64 << wid) - 1)
    };
    if signed && wid > 0 && wid < 64 && x >> (wid - 1) & 1 != 0 {
        x | !((1u64 << wid) - 1)
    } else {
        x
    }
}

const SOP2_64: &[(&str, F64)] = &[
    ("s_cselect_b64", |a, b, c| (if c { a } else { b }, None)),
    ("s_and_b64", |a, b, _| (a & b, Some(a & b != 0))),
    ("s_or_b64", |a, b, _| (a | b, Some(a | b != 0))),
    ("s_xor_b64", |a, b, _| (a ^ b, Some(a ^ b != 0))),
    ("s_andn2_b64", |a, b, _| (a & !b, Some(a & !b != 0))),
    ("s_orn2_b64", |a, b, _| (a | !b, Some(a | !b != 0))),
    ("s_nand_b64", |a, b, _| (!(a & b), Some(!(a & b) != 0))),
    ("s_nor_b64", |a, b, _| (!(a | b), Some(!(a | b) != 0))),
    ("s_xnor_b64", |a, b, _| (!(a ^ b), Some(!(a ^ b) != 0))),
];

#[test]
pub fn sop2_64bit() {
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        for (name, f) in SOP2_64 {
            let i = inst(gen, &format!("{name} s[4:5], s[6:7], s[8:9]"));
            for &a in V64.iter() {
                for &b in V64.iter() {
                    for scc in [false, true] {
                        e.set_s64(6, a);
                        e.set_s64(8, b);
                        e.w.scc = scc;
                        e.step(&i).unwrap();
                        let (r, c) = f(a, b, scc);
                        ck.eq(e.s64(4), r, || format!("{gen:?} {name} {a:#x} {b:#x}"));
                        ck.eq(e.w.scc, c.unwrap_or(scc), || {
                            format!("{gen:?} {name} {a:#x} {b:#x} scc")
                        });
                    }
                }
            }
        }
        // Shifts and bit fields: a 64-bit value and a 32-bit amount / descriptor.
        let shifts: &[(&str, fn(u64, u32) -> (u64, Option<bool>))] = &[
            ("s_lshl_b64", |a, b| {
                (a << (b & 63), Some(a << (b & 63) != 0))
            }),
            ("s_lshr_b64", |a, b| {
                (a >> (b & 63), Some(a >> (b & 63) != 0))
            }),
            ("s_ashr_i64", |a, b| {
                (
                    ((a as i64) >> (b & 63)) as u64,
                    Some(((a as i64) >> (b & 63)) != 0),
                )
            }),
            ("s_bfe_u64", |a, b| {
                (
                    sbfe64(a, b as u64, false),
                    Some(sbfe64(a, b as u64, false) != 0),
                )
            }),
            ("s_bfe_i64", |a, b| {
                (
                    sbfe64(a, b as u64, true),
                    Some(sbfe64(a, b as u64, true) != 0),
                )
            }),
        ];
        for (name, f) in shifts {
            let i = inst(gen, &format!("{name} s[4:5], s[6:7], s8"));
            for &a in V64.iter() {
                for &b in V32
                    .iter()
                    .chain([0x0040_0000u32, 0x0041_0001, 0x0020_0020, 0x0001_003f].iter())
                {
                    e.set_s64(6, a);
                    e.set_s(8, b);
                    e.w.scc = true;
                    e.step(&i).unwrap();
                    let (r, c) = f(a, b);
                    ck.eq(e.s64(4), r, || format!("{gen:?} {name} {a:#x} {b:#x}"));
                    ck.eq(e.w.scc, c.unwrap(), || {
                        format!("{gen:?} {name} {a:#x} {b:#x} scc")
                    });
                }
            }
        }
        let i = inst(gen, "s_bfm_b64 s[4:5], s6, s7");
        for &a in V32.iter() {
            for &b in V32.iter() {
                e.set_s(6, a);
                e.set_s(7, b);
                e.step(&i).unwrap();
                let want = ((1u128 << (a & 63)) - 1) as u64;
                ck.eq(e.s64(4), want << (b & 63), || {
                    format!("{gen:?} s_bfm_b64 {a:#x} {b:#x}")
                });
            }
        }
    }
    ck.done();
}

#[test]
pub fn sop1_32bit() {
    let mut ck = Check::new();
    let ops: &[(&str, fn(u32, u32, bool) -> (Option<u32>, Option<bool>))] = &[
        ("s_mov_b32", |a, _, _| (Some(a), None)),
        ("s_cmov_b32", |a, _, c| {
            (Some(if c { a } else { 0x5a5a_5a5a }), None)
        }),
        ("s_not_b32", |a, _, _| (Some(!a), Some(!a != 0))),
        ("s_wqm_b32", |a, _, _| {
            let mut r = 0u32;
            for q in 0..8 {
                if a >> (4 * q) & 0xf != 0 {
                    r |= 0xf << (4 * q);
                }
            }
            (Some(r), Some(r != 0))
        }),
        ("s_brev_b32", |a, _, _| {
            let r = (0..32).fold(0u32, |r, k| r | ((a >> k) & 1) << (31 - k));
            (Some(r), None)
        }),
        ("s_bcnt0_i32_b32", |a, _, _| {
            let n = (0..32).filter(|k| a >> k & 1 == 0).count() as u32;
            (Some(n), Some(n != 0))
        }),
        ("s_bcnt1_i32_b32", |a, _, _| {
            let n = (0..32).filter(|k| a >> k & 1 == 1).count() as u32;
            (Some(n), Some(n != 0))
        }),
        ("s_ff0_i32_b32", |a, _, _| {
            (
                Some((0..32).find(|k| a >> k & 1 == 0).map_or(u32::MAX, |k| k)),
                None,
            )
        }),
        ("s_ff1_i32_b32", |a, _, _| {
            (
                Some((0..32).find(|k| a >> k & 1 == 1).map_or(u32::MAX, |k| k)),
                None,
            )
        }),
        ("s_flbit_i32_b32", |a, _, _| {
            (
                Some(
                    (0..32)
                        .find(|k| a >> (31 - k) & 1 == 1)
                        .map_or(u32::MAX, |k| k),
                ),
                None,
            )
        }),
        ("s_flbit_i32", |a, _, _| {
            (
                Some(
                    (1..32)
                        .find(|k| a >> (31 - k) & 1 != a >> 31)
                        .map_or(u32::MAX, |k| k),
                ),
                None,
            )
        }),
        ("s_sext_i32_i8", |a, _, _| {
            (
                Some(if a & 0x80 != 0 {
                    a | 0xffff_ff00
                } else {
                    a & 0xff
                }),
                None,
            )
        }),
        ("s_sext_i32_i16", |a, _, _| {
            (
                Some(if a & 0x8000 != 0 {
                    a | 0xffff_0000
                } else {
                    a & 0xffff
                }),
                None,
            )
        }),
        ("s_bitset0_b32", |a, _, _| {
            (Some(0x5a5a_5a5a & !(1 << (a % 32))), None)
        }),
        ("s_bitset1_b32", |a, _, _| {
            (Some(0x5a5a_5a5a | 1 << (a % 32)), None)
        }),
        ("s_quadmask_b32", |a, _, _| {
            let r = (0..8).fold(0u32, |r, q| r | ((a >> (4 * q) & 0xf != 0) as u32) << q);
            (Some(r), Some(r != 0))
        }),
        ("s_abs_i32", |a, _, _| {
            let r = if (a as i32) < 0 {
                (a as i32).wrapping_neg() as u32
            } else {
                a
            };
            (Some(r), Some(r != 0))
        }),
    ];
    for (name, f) in ops {
        let n = sweep32(&format!("{name} s4, s2"), f, &mut ck);
        assert!(n > 0, "{name}");
    }
    ck.done();
}

#[test]
pub fn sop1_64bit() {
    let mut ck = Check::new();
    let ops: &[(&str, fn(u64, bool) -> (u64, Option<bool>), bool)] = &[
        // (name, f(value, scc) -> (result, SCC), 32-bit result)
        ("s_mov_b64", |a, _| (a, None), false),
        (
            "s_cmov_b64",
            |a, c| (if c { a } else { 0x5a5a_5a5a_5a5a_5a5a }, None),
            false,
        ),
        ("s_not_b64", |a, _| (!a, Some(!a != 0)), false),
        (
            "s_wqm_b64",
            |a, _| {
                let r = (0..16).fold(0u64, |r, q| {
                    r | if a >> (4 * q) & 0xf != 0 {
                        0xf << (4 * q)
                    } else {
                        0
                    }
                });
                (r, Some(r != 0))
            },
            false,
        ),
        (
            "s_brev_b64",
            |a, _| {
                (
                    (0..64).fold(0u64, |r, k| r | ((a >> k) & 1) << (63 - k)),
                    None,
                )
            },
            false,
        ),
        (
            "s_bcnt0_i32_b64",
            |a, _| {
                let n = (0..64).filter(|k| a >> k & 1 == 0).count() as u64;
                (n, Some(n != 0))
            },
            true,
        ),
        (
            "s_bcnt1_i32_b64",
            |a, _| {
                let n = (0..64).filter(|k| a >> k & 1 == 1).count() as u64;
                (n, Some(n != 0))
            },
            true,
        ),
        (
            "s_ff0_i32_b64",
            |a, _| {
                (
                    (0..64)
                        .find(|k| a >> k & 1 == 0)
                        .map_or(u32::MAX as u64, |k| k),
                    None,
                )
            },
            true,
        ),
        (
            "s_ff1_i32_b64",
            |a, _| {
                (
                    (0..64)
                        .find(|k| a >> k & 1 == 1)
                        .map_or(u32::MAX as u64, |k| k),
                    None,
                )
            },
            true,
        ),
        (
            "s_flbit_i32_b64",
            |a, _| {
                (
                    (0..64)
                        .find(|k| a >> (63 - k) & 1 == 1)
                        .map_or(u32::MAX as u64, |k| k),
                    None,
                )
            },
            true,
        ),
        (
            "s_flbit_i32_i64",
            |a, _| {
                (
                    (1..64)
                        .find(|k| a >> (63 - k) & 1 != a >> 63)
                        .map_or(u32::MAX as u64, |k| k),
                    None,
                )
            },
            true,
        ),
        (
            "s_quadmask_b64",
            |a, _| {
                let r = (0..16).fold(0u64, |r, q| r | ((a >> (4 * q) & 0xf != 0) as u64) << q);
                (r, Some(r != 0))
            },
            false,
        ),
        (
            "s_bitreplicate_b64_b32",
            |a, _| {
                (
                    (0..32).fold(0u64, |r, k| r | ((a >> k) & 1) * (3 << (2 * k))),
                    None,
                )
            },
            false,
        ),
    ];
    for (name, f, narrow) in ops {
        let mut gens = 0;
        for gen in GENS {
            let text = if *narrow {
                format!("{name} s4, s[6:7]")
            } else if name.ends_with("_b32") {
                format!("{name} s[4:5], s6") // a 32-bit source: its low half of the value
            } else {
                format!("{name} s[4:5], s[6:7]")
            };
            let Some(i) = try_inst(gen, &text) else {
                continue;
            };
            gens += 1;
            let mut e = Emu::new(gen);
            for &a in V64.iter() {
                for scc in [false, true] {
                    e.set_s64(4, 0x5a5a_5a5a_5a5a_5a5a);
                    e.set_s64(6, a);
                    e.w.scc = scc;
                    e.step(&i).unwrap_or_else(|m| panic!("{gen:?} {text}: {m}"));
                    let (r, c) = f(a, scc);
                    let got = if *narrow { e.s(4) as u64 } else { e.s64(4) };
                    ck.eq(got, r, || format!("{gen:?} {text} {a:#x} scc={scc}"));
                    ck.eq(e.w.scc, c.unwrap_or(scc), || {
                        format!("{gen:?} {text} {a:#x} scc={scc}: SCC")
                    });
                }
            }
        }
        assert!(gens > 0, "{name}");
    }
    // s_bitset0/1_b64: bit S0[5:0] of the 64-bit destination.
    for gen in GENS {
        let mut e = Emu::new(gen);
        for &a in V32.iter() {
            for (name, set) in [("s_bitset0_b64", false), ("s_bitset1_b64", true)] {
                e.set_s64(4, 0x5a5a_5a5a_a5a5_a5a5);
                e.set_s(6, a);
                e.run(&format!("{name} s[4:5], s6"));
                let bit = 1u64 << (a % 64);
                let want = if set {
                    0x5a5a_5a5a_a5a5_a5a5 | bit
                } else {
                    0x5a5a_5a5a_a5a5_a5a5 & !bit
                };
                ck.eq(e.s64(4), want, || format!("{gen:?} {name} {a}"));
            }
        }
    }
    ck.done();
}

#[test]
pub fn saveexec_and_wrexec() {
    let mut ck = Check::new();
    let ops: &[(&str, fn(u64, u64) -> u64, bool)] = &[
        // (name, new EXEC from (S0, EXEC), D is the new EXEC rather than the old)
        ("s_and_saveexec_b64", |s, e| s & e, false),
        ("s_or_saveexec_b64", |s, e| s | e, false),
        ("s_xor_saveexec_b64", |s, e| s ^ e, false),
        ("s_andn2_saveexec_b64", |s, e| s & !e, false),
        ("s_orn2_saveexec_b64", |s, e| s | !e, false),
        ("s_nand_saveexec_b64", |s, e| !(s & e), false),
        ("s_nor_saveexec_b64", |s, e| !(s | e), false),
        ("s_xnor_saveexec_b64", |s, e| !(s ^ e), false),
        ("s_andn1_saveexec_b64", |s, e| !s & e, false),
        ("s_orn1_saveexec_b64", |s, e| !s | e, false),
        ("s_andn1_wrexec_b64", |s, e| !s & e, true),
        ("s_andn2_wrexec_b64", |s, e| s & !e, true),
    ];
    let vals = [
        0u64,
        u64::MAX,
        0xffff_0000_ffff_0000,
        0x0000_0000_0000_0001,
        0x8000_0000_0000_0000,
        0x1234_5678_9abc_def0,
    ];
    for (name, f, wr) in ops {
        let mut gens = 0;
        for gen in GENS {
            let Some(i) = try_inst(gen, &format!("{name} s[4:5], s[6:7]")) else {
                continue;
            };
            gens += 1;
            let mut e = Emu::new(gen);
            for &s in &vals {
                for &x in &vals {
                    e.set_s64(6, s);
                    e.w.set_exec(x);
                    e.step(&i).unwrap();
                    let n = f(s, x);
                    ck.eq(e.exec(), n, || {
                        format!("{gen:?} {name} s={s:#x} exec={x:#x}: EXEC")
                    });
                    ck.eq(e.s64(4), if *wr { n } else { x }, || {
                        format!("{gen:?} {name} s={s:#x} exec={x:#x}: D")
                    });
                    ck.eq(e.w.scc, n != 0, || format!("{gen:?} {name}: SCC"));
                }
            }
        }
        assert!(gens > 0, "{name}");
    }
    ck.done();
}

#[test]
pub fn sopc_compares() {
    let mut ck = Check::new();
    let ops: &[(&str, fn(u32, u32) -> bool)] = &[
        ("s_cmp_eq_i32", |a, b| a == b),
        ("s_cmp_lg_i32", |a, b| a != b),
        ("s_cmp_gt_i32", |a, b| (a as i32) > (b as i32)),
        ("s_cmp_ge_i32", |a, b| (a as i32) >= (b as i32)),
        ("s_cmp_lt_i32", |a, b| (a as i32) < (b as i32)),
        ("s_cmp_le_i32", |a, b| (a as i32) <= (b as i32)),
        ("s_cmp_eq_u32", |a, b| a == b),
        ("s_cmp_lg_u32", |a, b| a != b),
        ("s_cmp_gt_u32", |a, b| a > b),
        ("s_cmp_ge_u32", |a, b| a >= b),
        ("s_cmp_lt_u32", |a, b| a < b),
        ("s_cmp_le_u32", |a, b| a <= b),
        ("s_bitcmp0_b32", |a, b| a >> (b % 32) & 1 == 0),
        ("s_bitcmp1_b32", |a, b| a >> (b % 32) & 1 == 1),
    ];
    for (name, f) in ops {
        sweep32(
            &format!("{name} s2, s3"),
            &|a, b, _| (None, Some(f(a, b))),
            &mut ck,
        );
    }
    for gen in GENS {
        let mut e = Emu::new(gen);
        for &a in V64.iter() {
            for &b in V32.iter() {
                e.set_s64(6, a);
                e.set_s(8, b);
                e.run("s_bitcmp1_b64 s[6:7], s8");
                ck.eq(e.w.scc, a >> (b % 64) & 1 == 1, || {
                    format!("{gen:?} s_bitcmp1_b64 {a:#x} {b}")
                });
                e.run("s_bitcmp0_b64 s[6:7], s8");
                ck.eq(e.w.scc, a >> (b % 64) & 1 == 0, || {
                    format!("{gen:?} s_bitcmp0_b64 {a:#x} {b}")
                });
            }
            for &b in V64.iter() {
                e.set_s64(6, a);
                e.set_s64(8, b);
                if let Some(i) = try_inst(gen, "s_cmp_eq_u64 s[6:7], s[8:9]") {
                    e.step(&i).unwrap();
                    ck.eq(e.w.scc, a == b, || {
                        format!("{gen:?} s_cmp_eq_u64 {a:#x} {b:#x}")
                    });
                    e.run("s_cmp_lg_u64 s[6:7], s[8:9]");
                    ck.eq(e.w.scc, a != b, || {
                        format!("{gen:?} s_cmp_lg_u64 {a:#x} {b:#x}")
                    });
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn sopk_immediates() {
    let mut ck = Check::new();
    let imms: [i32; 8] = [0, 1, -1, 0x7fff, -0x8000, 0x1234, -2, 0x20];
    for gen in GENS {
        let mut e = Emu::new(gen);
        for &k in &imms {
            let ku = k as u16 as u32; // the 16-bit field, zero-extended
            let ks = k as i16 as i32 as u32; // sign-extended
            for &d in V32.iter() {
                for scc in [false, true] {
                    let mut t = |text: String, want_d: u32, want_scc: bool, ck: &mut Check| {
                        e.set_s(4, d);
                        e.w.scc = scc;
                        e.run(&text);
                        ck.eq((e.s(4), e.w.scc), (want_d, want_scc), || {
                            format!("{gen:?} {text} d={d:#x} scc={scc}")
                        });
                    };
                    t(format!("s_movk_i32 s4, {k}"), ks, scc, &mut ck);
                    t(
                        format!("s_cmovk_i32 s4, {k}"),
                        if scc { ks } else { d },
                        scc,
                        &mut ck,
                    );
                    let sum = d.wrapping_add(ks);
                    let ovf = (d >> 31 == ks >> 31) && (sum >> 31 != d >> 31);
                    t(format!("s_addk_i32 s4, {k}"), sum, ovf, &mut ck);
                    t(
                        format!("s_mulk_i32 s4, {k}"),
                        d.wrapping_mul(ks),
                        scc,
                        &mut ck,
                    );
                    let (di, ki) = (d as i32, ks as i32);
                    t(format!("s_cmpk_eq_i32 s4, {k}"), d, di == ki, &mut ck);
                    t(format!("s_cmpk_lg_i32 s4, {k}"), d, di != ki, &mut ck);
                    t(format!("s_cmpk_gt_i32 s4, {k}"), d, di > ki, &mut ck);
                    t(format!("s_cmpk_ge_i32 s4, {k}"), d, di >= ki, &mut ck);
                    t(format!("s_cmpk_lt_i32 s4, {k}"), d, di < ki, &mut ck);
                    t(format!("s_cmpk_le_i32 s4, {k}"), d, di <= ki, &mut ck);
                    t(format!("s_cmpk_eq_u32 s4, {ku}"), d, d == ku, &mut ck);
                    t(format!("s_cmpk_lg_u32 s4, {ku}"), d, d != ku, &mut ck);
                    t(format!("s_cmpk_gt_u32 s4, {ku}"), d, d > ku, &mut ck);
                    t(format!("s_cmpk_ge_u32 s4, {ku}"), d, d >= ku, &mut ck);
                    t(format!("s_cmpk_lt_u32 s4, {ku}"), d, d < ku, &mut ck);
                    t(format!("s_cmpk_le_u32 s4, {ku}"), d, d <= ku, &mut ck);
                }
            }
        }
    }
    ck.done();
}

#[test]
pub fn getreg_setreg_mode() {
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        // MODE = hwreg 1: round [3:0], denorm [7:4], DX10 clamp [8], IEEE [9].
        e.w.mode = 0x2f5;
        e.run("s_getreg_b32 s4, hwreg(HW_REG_MODE, 0, 32)");
        ck.eq(e.s(4) & 0x3ff, 0x2f5, || format!("{gen:?} getreg MODE"));
        e.run("s_getreg_b32 s4, hwreg(HW_REG_MODE, 4, 4)");
        ck.eq(e.s(4), 0xf, || format!("{gen:?} getreg MODE[7:4]"));
        e.run("s_getreg_b32 s4, hwreg(HW_REG_MODE, 2, 3)");
        ck.eq(e.s(4), 0b101, || format!("{gen:?} getreg MODE[4:2]"));
        // s_setreg writes only the field: round mode [3:0] = 0xa, the rest kept.
        e.set_s(5, 0xffff_fffa);
        e.run("s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s5");
        ck.eq(e.w.mode & 0x3ff, 0x2fa, || {
            format!("{gen:?} setreg MODE[3:0]")
        });
        // The f32 denorm field [5:4] to 0 (flush).
        e.set_s(5, 0);
        e.run("s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s5");
        ck.eq(e.w.mode & 0x3ff, 0x2ca, || {
            format!("{gen:?} setreg MODE[5:4]")
        });
        if let Some(i) = try_inst(gen, "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 2), 0x1") {
            e.step(&i).unwrap();
            ck.eq(e.w.mode & 0x3ff, 0x1ca, || {
                format!("{gen:?} setreg_imm32 MODE[9:8]")
            });
        }
        // STATUS: SCC [0], EXECZ [9], VCCZ [10].
        e.w.scc = true;
        e.w.set_exec(0);
        e.w.set_vcc(1);
        e.run("s_getreg_b32 s4, hwreg(HW_REG_STATUS, 0, 32)");
        ck.eq(e.s(4) & 0x601, 0x201, || format!("{gen:?} getreg STATUS"));
        // The MODE set by s_setreg changes f32 denormal handling: 2^-140 * 1.0 flushes to 0.
        let mut e = Emu::new(gen);
        e.set_s(5, 0);
        e.run("s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s5");
        e.set_v(0, 0, 0x0000_8000);
        e.set_v(1, 0, 1.0f32.to_bits());
        e.run("v_mul_f32 v3, v0, v1");
        ck.eq(e.v(3, 0), 0, || {
            format!("{gen:?} v_mul_f32 of a denormal after s_setreg flush")
        });
        e.set_s(5, 3);
        e.run("s_setreg_b32 hwreg(HW_REG_MODE, 4, 2), s5");
        e.run("v_mul_f32 v3, v0, v1");
        ck.eq(e.v(3, 0), 0x8000, || {
            format!("{gen:?} v_mul_f32 of a denormal after s_setreg keep")
        });
    }
    ck.done();
}

#[test]
pub fn program_control() {
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        let pc = e.w.pc;
        // s_getpc_b64: the address of the next instruction.
        e.run("s_getpc_b64 s[4:5]");
        ck.eq(e.s64(4), pc + 4, || format!("{gen:?} s_getpc"));
        e.set_s64(6, 0x2000);
        let f = e.run("s_swappc_b64 s[4:5], s[6:7]");
        ck.ok(matches!(f, Flow::Jump(0x2000)), || {
            format!("{gen:?} s_swappc target")
        });
        ck.eq(e.s64(4), pc + 4, || {
            format!("{gen:?} s_swappc return address")
        });
        let f = e.run("s_setpc_b64 s[6:7]");
        ck.ok(matches!(f, Flow::Jump(0x2000)), || {
            format!("{gen:?} s_setpc")
        });
        // Branches: PC + 4 + 4 * simm16.
        let br = |e: &mut Emu, text: &str| match e.run(text) {
            Flow::Jump(t) => Some(t),
            _ => None,
        };
        ck.eq(br(&mut e, "s_branch 3"), Some(pc + 16), || {
            format!("{gen:?} s_branch")
        });
        ck.eq(br(&mut e, "s_branch -1"), Some(pc), || {
            format!("{gen:?} s_branch -1")
        });
        e.w.scc = false;
        ck.eq(br(&mut e, "s_cbranch_scc0 2"), Some(pc + 12), || {
            format!("{gen:?} scc0 taken")
        });
        ck.eq(br(&mut e, "s_cbranch_scc1 2"), None, || {
            format!("{gen:?} scc1 not taken")
        });
        e.w.set_vcc(0);
        ck.eq(br(&mut e, "s_cbranch_vccz 2"), Some(pc + 12), || {
            format!("{gen:?} vccz")
        });
        ck.eq(br(&mut e, "s_cbranch_vccnz 2"), None, || {
            format!("{gen:?} vccnz")
        });
        e.w.set_exec(1 << 63);
        ck.eq(br(&mut e, "s_cbranch_execz 2"), None, || {
            format!("{gen:?} execz")
        });
        ck.eq(br(&mut e, "s_cbranch_execnz 2"), Some(pc + 12), || {
            format!("{gen:?} execnz")
        });
        if let Some(i) = try_inst(gen, "s_call_b64 s[4:5], 5") {
            let f = e.step(&i).unwrap();
            ck.ok(matches!(f, Flow::Jump(t) if t == pc + 24), || {
                format!("{gen:?} s_call target")
            });
            ck.eq(e.s64(4), pc + 4, || format!("{gen:?} s_call return"));
        }
        ck.ok(matches!(e.run("s_endpgm"), Flow::End), || {
            format!("{gen:?} s_endpgm")
        });
        // s_movrels / s_movreld: SGPR index + M0.
        e.set_s(124, 3);
        e.set_s(13, 0xabcd);
        e.run("s_movrels_b32 s4, s10");
        ck.eq(e.s(4), 0xabcd, || format!("{gen:?} s_movrels_b32"));
        e.set_s(5, 0x77);
        e.run("s_movreld_b32 s20, s5");
        ck.eq(e.s(23), 0x77, || format!("{gen:?} s_movreld_b32"));
        e.set_s64(14, 0x1111_2222_3333_4444);
        e.run("s_movrels_b64 s[4:5], s[12:13]"); // M0 = 3: reads s[15:16]
        ck.eq(
            e.s64(4),
            0x0000_0000_1111_2222 | (e.s(16) as u64) << 32,
            || format!("{gen:?} s_movrels_b64"),
        );
        e.set_s(124, 2);
        e.set_s64(6, 0x5555_6666_7777_8888);
        e.run("s_movreld_b64 s[30:31], s[6:7]");
        ck.eq(e.s64(32), 0x5555_6666_7777_8888, || {
            format!("{gen:?} s_movreld_b64")
        });
    }
    ck.done();
}

#[test]
pub fn fork_join_stack() {
    // gfx6-gfx9 s_cbranch_i_fork / g_fork / join, per AMD's pseudocode: the smaller lane set
    // runs first; {PC, EXEC} of the other path goes to SGPR[CSP*4..+3], CSP = MODE[31:29].
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        let pc = e.w.pc;
        let csp = |e: &Emu| e.w.mode >> 29;
        e.w.set_exec(0xff);
        e.set_s64(10, 0x0f); // 4 pass, 4 fail: pass runs first (fail is not smaller)
        let f = e.run("s_cbranch_i_fork s[10:11], 3");
        ck.ok(matches!(f, Flow::Jump(t) if t == pc + 16), || {
            format!("{gen:?} i_fork jumps to the target")
        });
        ck.eq((e.exec(), csp(&e)), (0x0f, 1), || {
            format!("{gen:?} i_fork EXEC, CSP")
        });
        ck.eq((e.s64(0), e.s64(2)), (0xf0, pc + 4), || {
            format!("{gen:?} i_fork pushed {{PC, EXEC}}")
        });
        // A second fork: 1 pass, 3 fail (pass smaller would need fail < pass: no; fail=3 > pass=1
        // -> EXEC = pass, push fail).
        e.set_s64(12, 0x01);
        e.set_s64(14, 0x4000);
        let f = e.run("s_cbranch_g_fork s[12:13], s[14:15]");
        ck.ok(matches!(f, Flow::Jump(0x4000)), || {
            format!("{gen:?} g_fork target")
        });
        ck.eq(
            (e.exec(), csp(&e), e.s64(4), e.s64(6)),
            (0x01, 2, 0x0e, pc + 4),
            || format!("{gen:?} g_fork state"),
        );
        // join (saved CSP 0): pops {PC, EXEC} of CSP 1.
        e.set_s(20, 0);
        let f = e.run("s_cbranch_join s20");
        ck.ok(matches!(f, Flow::Jump(t) if t == pc + 4), || {
            format!("{gen:?} join jumps")
        });
        ck.eq((e.exec(), csp(&e)), (0x0e, 1), || {
            format!("{gen:?} join restores EXEC")
        });
        e.run("s_cbranch_join s20");
        ck.eq((e.exec(), csp(&e)), (0xf0, 0), || {
            format!("{gen:?} second join")
        });
        let f = e.run("s_cbranch_join s20");
        ck.ok(matches!(f, Flow::Next), || {
            format!("{gen:?} join at the saved CSP continues")
        });
        // Uniform masks: all pass -> jump, none pass -> fall through; no push.
        e.w.set_exec(0x3);
        e.set_s64(10, 0xff);
        ck.ok(
            matches!(e.run("s_cbranch_i_fork s[10:11], 3"), Flow::Jump(_)),
            || format!("{gen:?} i_fork all pass"),
        );
        e.set_s64(10, 0x100);
        ck.ok(
            matches!(e.run("s_cbranch_i_fork s[10:11], 3"), Flow::Next),
            || format!("{gen:?} i_fork none pass"),
        );
        ck.eq((e.exec(), csp(&e)), (0x3, 0), || {
            format!("{gen:?} uniform forks keep EXEC and CSP")
        });
    }
    ck.done();
}

#[test]
pub fn vgpr_index_mode() {
    // gfx8/gfx9 s_set_gpr_idx_on: VALU VGPR operands offset by M0[7:0] where M0[15:12] enables.
    let mut ck = Check::new();
    for gen in [Gen::Gfx8, Gen::Gfx9, Gen::Gfx906] {
        let mut e = Emu::new(gen);
        for l in 0..64 {
            for r in 0..16 {
                e.set_v(r, l, 100 * r as u32 + l as u32);
            }
        }
        e.set_s(2, 3);
        e.run("s_set_gpr_idx_on s2, gpr_idx(SRC0)");
        e.run("v_mov_b32 v1, v10");
        ck.eq(e.v(1, 5), 1305, || format!("{gen:?} indexed src0"));
        e.run("v_xor_b32 v2, v10, v10"); // only src0 indexed (src1 is v10)
        ck.eq(e.v(2, 5), 1305 ^ 1005, || {
            format!("{gen:?} src0 indexed, src1 not")
        });
        e.run("s_set_gpr_idx_mode gpr_idx(DST)");
        e.run("v_mov_b32 v1, v0");
        ck.eq((e.v(4, 7), e.v(1, 7)), (7, 1305 + 2), || {
            format!("{gen:?} indexed dst")
        });
        e.set_s(6, 5);
        e.run("s_set_gpr_idx_idx s6");
        e.run("v_mov_b32 v1, v0");
        ck.eq(e.v(6, 9), 9, || format!("{gen:?} s_set_gpr_idx_idx"));
        e.run("s_set_gpr_idx_off");
        e.run("v_mov_b32 v1, v10");
        ck.eq(e.v(1, 5), 1005, || format!("{gen:?} index mode off"));
    }
    ck.done();
}

#[test]
pub fn setvskip_skips_vector_instructions() {
    let mut ck = Check::new();
    for gen in GENS {
        let mut e = Emu::new(gen);
        e.set_s(2, 0b100);
        e.set_s(3, 2);
        e.run("s_setvskip s2, s3"); // VSKIP = s2[2] = 1
        e.set_v(0, 0, 5);
        e.run("v_mov_b32 v3, v0");
        e.run("s_mov_b32 s10, 9"); // scalar instructions still run
        ck.eq((e.v(3, 0), e.s(10)), (0, 9), || {
            format!("{gen:?} vector skipped, scalar run")
        });
        e.set_s(3, 0);
        e.run("s_setvskip s2, s3"); // VSKIP = s2[0] = 0
        e.run("v_mov_b32 v3, v0");
        ck.eq(e.v(3, 0), 5, || {
            format!("{gen:?} vector runs after VSKIP cleared")
        });
    }
    ck.done();
}
