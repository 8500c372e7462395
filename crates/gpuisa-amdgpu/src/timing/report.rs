//! Output of the timing tools: a text listing, JSON, and one self-contained HTML page (listing,
//! a cycle bar per instruction, penalties highlighted, occupancy charts).

use super::analysis::{Analysis, InstResult, When};
use super::figures::Cycles;
use super::occupancy::{occupancy, KernelResources, Occupancy, Resource};
use super::tables::GenParams;
use std::fmt::Write;

/// One kernel's analysis, with its occupancy when its resources are known.
#[derive(Clone, Debug)]
pub struct KernelReport {
    pub name: String,
    pub analysis: Analysis,
    pub occupancy: Option<(KernelResources, Occupancy)>,
    /// Where the resources came from (e.g. "clang metadata", "kernel descriptor").
    pub resources_from: String,
}

/// Escapes a string for JSON.
pub fn json_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn html_esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn opt_num(v: Option<u32>) -> String {
    v.map_or("null".into(), |n| n.to_string())
}

fn cycles_json(c: Cycles) -> String {
    match c {
        Cycles::Known(n) => format!("{{\"kind\":\"known\",\"cycles\":{n}}}"),
        Cycles::Range(a, b) => format!("{{\"kind\":\"range\",\"min\":{a},\"max\":{b}}}"),
        Cycles::Branch { not_taken, taken } => {
            format!("{{\"kind\":\"branch\",\"not_taken\":{not_taken},\"taken\":{taken}}}")
        }
        Cycles::Unknown { seed_guess } => {
            format!(
                "{{\"kind\":\"unknown\",\"seed_guess\":{}}}",
                opt_num(seed_guess)
            )
        }
    }
}

/// Occupancy as JSON.
pub fn occupancy_json(k: &KernelResources, o: &Occupancy) -> String {
    let limits: Vec<String> = o
        .limits
        .iter()
        .map(|l| {
            format!(
                "{{\"resource\":{},\"allocated\":{},\"workgroups_per_cu\":{},\"waves_per_simd\":{}}}",
                json_str(l.resource.name()),
                l.allocated,
                l.workgroups_per_cu,
                l.waves_per_simd
            )
        })
        .collect();
    let limiting: Vec<String> = o.limiting.iter().map(|r| json_str(r.name())).collect();
    format!(
        "{{\"generation\":{},\"vgprs\":{},\"sgprs\":{},\"lds_bytes\":{},\"workgroup_size\":{},\"waves_per_simd\":{},\"waves_per_cu\":{},\"workgroups_per_cu\":{},\"waves_per_workgroup\":{},\"issue\":{},\"limiting\":[{}],\"limits\":[{}]}}",
        json_str(o.generation.name()),
        k.vgprs,
        k.sgprs,
        k.lds_bytes,
        k.workgroup_size,
        o.waves_per_simd,
        o.waves_per_cu,
        o.workgroups_per_cu,
        o.waves_per_workgroup,
        o.issue,
        limiting.join(","),
        limits.join(",")
    )
}

fn inst_json(r: &InstResult) -> String {
    let pens: Vec<String> = r
        .penalties
        .iter()
        .map(|p| {
            format!(
                "{{\"rule\":{},\"cycles\":{},\"when\":{},\"masked\":{},\"note\":{}}}",
                json_str(p.rule.id()),
                p.cycles,
                json_str(p.when.name()),
                p.masked,
                json_str(&p.note)
            )
        })
        .collect();
    format!(
        "{{\"address\":{},\"size\":{},\"line\":{},\"mnemonic\":{},\"operands\":{},\"encoding\":{},\"family\":{},\"cycles\":{},\"throughput\":{},\"source\":{},\"start\":{},\"cost\":{},\"cost_max\":{},\"other_path\":{},\"masked_cycles\":{},\"unknown\":{},\"block\":{},\"penalties\":[{}]}}",
        r.inst.address,
        r.inst.size,
        r.inst.line,
        json_str(&r.inst.mnemonic),
        json_str(&r.inst.operands),
        json_str(r.class.encoding),
        json_str(r.class.family),
        cycles_json(r.timing.cycles),
        json_str(&r.timing.throughput.text()),
        json_str(&r.timing.source),
        r.start,
        r.cost,
        r.cost_max,
        opt_num(r.other_path),
        r.masked_cycles,
        r.unknown,
        r.block,
        pens.join(",")
    )
}

/// The whole report as JSON.
pub fn to_json(kernels: &[KernelReport]) -> String {
    let ks: Vec<String> = kernels
        .iter()
        .map(|k| {
            let a = &k.analysis;
            let blocks: Vec<String> = a
                .blocks
                .iter()
                .map(|b| {
                    format!(
                        "{{\"label\":{},\"address\":{},\"first\":{},\"end\":{},\"cycles\":{},\"cycles_max\":{},\"penalty_cycles\":{},\"unknown\":{}}}",
                        json_str(&b.label), b.address, b.first, b.end, b.cycles, b.cycles_max, b.penalty_cycles, b.unknown
                    )
                })
                .collect();
            let insts: Vec<String> = a.insts.iter().map(inst_json).collect();
            let occ = k
                .occupancy
                .as_ref()
                .map_or("null".into(), |(r, o)| occupancy_json(r, o));
            format!(
                "{{\"name\":{},\"device\":{},\"generation\":{},\"dpfactor\":{},\"waves_per_simd\":{},\"masking\":{},\"alignment_rules\":{},\"total_cycles\":{},\"total_cycles_max\":{},\"penalty_cycles\":{},\"masked_cycles\":{},\"unknown_instructions\":{},\"resources_from\":{},\"occupancy\":{},\"blocks\":[{}],\"instructions\":[{}]}}",
                json_str(&k.name), json_str(&a.device), json_str(a.generation), a.dpfactor, a.waves_per_simd,
                a.masking, a.alignment_rules, a.total, a.total_max, a.penalty_cycles, a.masked_cycles, a.unknown,
                json_str(&k.resources_from), occ, blocks.join(","), insts.join(",")
            )
        })
        .collect();
    format!("{{\"kernels\":[{}]}}\n", ks.join(","))
}

fn cost_text(r: &InstResult) -> String {
    match r.timing.cycles {
        Cycles::Unknown { .. } => "?".into(),
        Cycles::Range(..) if r.cost != r.cost_max => format!("{}-{}", r.cost, r.cost_max),
        _ => r.cost.to_string(),
    }
}

fn header(a: &Analysis) -> String {
    format!(
        "{} ({}), DPFACTOR {}, {} wave{} per SIMD{}; alignment rules {}",
        a.device,
        a.generation,
        a.dpfactor,
        a.waves_per_simd,
        if a.waves_per_simd == 1 { "" } else { "s" },
        if a.masking {
            " (penalties, branches and scalar instructions masked)"
        } else {
            ""
        },
        if a.alignment_rules {
            "on (GCN 1.0/1.1)"
        } else {
            "off (GCN 1.2+)"
        }
    )
}

fn total_text(a: &Analysis) -> String {
    let range = if a.total_max != a.total {
        format!(" ({}-{} with ranges)", a.total, a.total_max)
    } else {
        String::new()
    };
    format!(
        "{} cycles{range}, {} penalty cycles{}, {} instruction{} of unknown timing (not counted)",
        a.total,
        a.penalty_cycles,
        if a.masking {
            format!(", {} cycles masked", a.masked_cycles)
        } else {
            String::new()
        },
        a.unknown,
        if a.unknown == 1 { "" } else { "s" }
    )
}

/// Occupancy as text lines.
pub fn occupancy_text(k: &KernelResources, o: &Occupancy) -> String {
    let mut s = format!(
        "occupancy ({}): {} waves per SIMD ({} per CU, {} work-group{} of {} wave{}), limited by {}; issue up to {} per clock\n",
        o.generation.name(),
        o.waves_per_simd,
        o.waves_per_cu,
        o.workgroups_per_cu,
        if o.workgroups_per_cu == 1 { "" } else { "s" },
        o.waves_per_workgroup,
        if o.waves_per_workgroup == 1 { "" } else { "s" },
        o.limiting.iter().map(|r| r.name()).collect::<Vec<_>>().join(" and "),
        o.issue
    );
    let asked = |r: Resource| match r {
        Resource::Vgprs => format!("{} VGPRs", k.vgprs),
        Resource::Sgprs => format!("{} SGPRs", k.sgprs),
        Resource::Lds => format!("{} bytes LDS", k.lds_bytes),
        Resource::WaveSlots => format!("{} work-items", k.workgroup_size),
    };
    for l in &o.limits {
        let unit = match l.resource {
            Resource::Vgprs | Resource::Sgprs => "allocated per wave",
            Resource::Lds => "bytes allocated per work-group",
            Resource::WaveSlots => "waves per work-group",
        };
        let _ = writeln!(
            s,
            "  {:<10} {:>16}: {:>5} {unit}, {} work-groups per CU, {} waves per SIMD{}",
            l.resource.name(),
            asked(l.resource),
            l.allocated,
            l.workgroups_per_cu,
            l.waves_per_simd,
            if o.limiting.contains(&l.resource) {
                "  <- limit"
            } else {
                ""
            }
        );
    }
    s
}

/// The text listing.
pub fn to_text(kernels: &[KernelReport]) -> String {
    let mut s = String::new();
    for k in kernels {
        let a = &k.analysis;
        let _ = writeln!(s, "kernel {} on {}", k.name, header(a));
        let _ = writeln!(
            s,
            "  {:>6} {:>2} {:>5} {:>7}  INSTRUCTION",
            "ADDR", "B", "CYC", "START"
        );
        for b in &a.blocks {
            let _ = writeln!(
                s,
                "{}: ; block at 0x{:x}: {} instruction{}, {} cycles{}{}",
                b.label,
                b.address,
                b.end - b.first,
                if b.end - b.first == 1 { "" } else { "s" },
                b.cycles,
                if b.cycles_max != b.cycles {
                    format!(" (to {})", b.cycles_max)
                } else {
                    String::new()
                },
                if b.unknown > 0 {
                    format!(", {} unknown", b.unknown)
                } else {
                    String::new()
                }
            );
            for r in &a.insts[b.first..b.end] {
                let mut note = String::new();
                if let Some(o) = r.other_path {
                    let _ = write!(note, "  ; taken: {o}");
                }
                if let Cycles::Unknown { seed_guess } = r.timing.cycles {
                    let _ = write!(
                        note,
                        "  ; unknown{}",
                        seed_guess.map_or(String::new(), |g| format!(" (seed: {g}?)"))
                    );
                }
                if r.masked_cycles > 0 {
                    let _ = write!(note, "  ; {} masked", r.masked_cycles);
                }
                let _ = writeln!(
                    s,
                    "  {:06x} {:>2} {:>5} {:>7}  {} {}{note}",
                    r.inst.address,
                    r.inst.size,
                    cost_text(r),
                    r.start,
                    r.inst.mnemonic,
                    r.inst.operands
                );
                for p in &r.penalties {
                    let _ = writeln!(
                        s,
                        "  {:>23}  ! +{} {} ({}{}): {}",
                        "",
                        p.cycles,
                        p.rule.id(),
                        p.when.name(),
                        if p.masked { ", masked" } else { "" },
                        p.note
                    );
                }
            }
        }
        let _ = writeln!(s, "total {}: {}", k.name, total_text(a));
        if let Some((r, o)) = &k.occupancy {
            let _ = write!(s, "{}", occupancy_text(r, o));
            let _ = writeln!(s, "  (resources from {})", k.resources_from);
        }
        s.push('\n');
    }
    s
}

/// Waves per SIMD as one resource varies, the others held at the kernel's values.
fn curve(p: &GenParams, k: &KernelResources, r: Resource) -> Vec<(u32, u32)> {
    let (max, step) = match r {
        Resource::Vgprs => (p.vgprs_per_simd, 1),
        Resource::Sgprs => (p.sgprs_per_wave_max, 1),
        Resource::Lds => (p.lds_per_cu, p.lds_granule),
        Resource::WaveSlots => (0, 1),
    };
    let mut pts = Vec::new();
    let mut x = if r == Resource::Lds { 0 } else { 1 };
    while x <= max {
        let mut q = *k;
        match r {
            Resource::Vgprs => q.vgprs = x,
            Resource::Sgprs => q.sgprs = x,
            _ => q.lds_bytes = x,
        }
        if let Ok(o) = occupancy(p, q) {
            pts.push((x, o.waves_per_simd));
        }
        x += step;
    }
    pts
}

fn chart_svg(title: &str, pts: &[(u32, u32)], mark: u32, max_x: u32, max_w: u32) -> String {
    let (w, h, l, b) = (300.0, 170.0, 34.0, 28.0);
    let (pw, ph) = (w - l - 10.0, h - b - 20.0);
    let sx = |x: u32| l + pw * f64::from(x) / f64::from(max_x.max(1));
    let sy = |y: u32| 10.0 + ph - ph * f64::from(y) / f64::from(max_w.max(1));
    let mut path = String::new();
    let mut prev: Option<(u32, u32)> = None;
    for &(x, y) in pts {
        match prev {
            None => {
                let _ = write!(path, "M{:.1},{:.1}", sx(x), sy(y));
            }
            Some((_, py)) if py != y => {
                let _ = write!(
                    path,
                    " L{:.1},{:.1} L{:.1},{:.1}",
                    sx(x),
                    sy(py),
                    sx(x),
                    sy(y)
                );
            }
            _ => {}
        }
        prev = Some((x, y));
    }
    if let Some((x, y)) = prev {
        let _ = write!(path, " L{:.1},{:.1}", sx(x), sy(y));
    }
    let my = pts.iter().find(|p| p.0 >= mark).map_or(0, |p| p.1);
    let mut s = format!("<svg class=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"><text x=\"{l}\" y=\"{}\" class=\"ct\">{}</text>", h - 4.0, html_esc(title));
    for wv in (0..=max_w).step_by(2) {
        let _ = write!(s, "<line x1=\"{l}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" class=\"grid\"/><text x=\"{:.1}\" y=\"{:.1}\" class=\"ax\">{wv}</text>", l + pw, sy(wv), sy(wv), l - 18.0, sy(wv) + 4.0);
    }
    let _ = write!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" class=\"ax\">{max_x}</text><path d=\"{path}\" class=\"curve\"/><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" class=\"me\"/><text x=\"{:.1}\" y=\"{:.1}\" class=\"melabel\">{mark} → {my} waves</text></svg>",
        l + pw - 20.0,
        h - b + 12.0,
        sx(mark.min(max_x)),
        sy(my),
        (sx(mark.min(max_x)) + 8.0).min(w - 110.0),
        if sy(my) < 40.0 { sy(my) + 18.0 } else { sy(my) - 8.0 }
    );
    s
}

const CSS: &str = "body{font:13px/1.35 system-ui,sans-serif;margin:18px;color:#222;background:#fafafa}h1{font-size:18px;margin:0 0 4px}h2{font-size:15px;margin:18px 0 6px}.sum{margin:2px 0;color:#444}table{border-collapse:collapse;background:#fff}td,th{padding:1px 6px;white-space:nowrap}th{text-align:left;border-bottom:1px solid #999;position:sticky;top:0;background:#fff}tr.blk td{background:#e8eef8;font-weight:600;border-top:1px solid #9ab}td.a,td.n{text-align:right;font-family:ui-monospace,monospace;color:#555}td.i{font-family:ui-monospace,monospace}.bar{display:inline-block;height:11px;vertical-align:middle;background:#4a7bd0}.bar.p{background:#e0413a}.bar.m{background:repeating-linear-gradient(45deg,#f3b7b4,#f3b7b4 3px,#fff 3px,#fff 6px)}.bar.u{background:repeating-linear-gradient(45deg,#bbb,#bbb 3px,#fff 3px,#fff 6px);width:24px}tr.pen td{background:#fff1f0}td.pn{color:#b3261e;font-size:12px}.unk{color:#888}.charts{display:flex;gap:14px;flex-wrap:wrap}.chart{background:#fff;border:1px solid #ddd}.grid{stroke:#eee}.ax{font-size:10px;fill:#777}.ct{font-size:11px;fill:#333}.curve{fill:none;stroke:#4a7bd0;stroke-width:2}.me{fill:#e0413a}.melabel{font-size:11px;fill:#b3261e}.legend span{margin-right:14px}";

/// The self-contained HTML page.
pub fn to_html(kernels: &[KernelReport], gens: &[GenParams], title: &str) -> String {
    let mut s = format!("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{}</title><style>{CSS}</style></head><body>", html_esc(title));
    let _ = write!(s, "<h1>{}</h1>", html_esc(title));
    for k in kernels {
        let a = &k.analysis;
        let _ = write!(
            s,
            "<h2>kernel {}</h2><p class=\"sum\">{}</p><p class=\"sum\"><b>total: {}</b></p>",
            html_esc(&k.name),
            html_esc(&header(a)),
            html_esc(&total_text(a))
        );
        if let Some((r, o)) = &k.occupancy {
            let _ = write!(
                s,
                "<p class=\"sum\">{}</p>",
                html_esc(occupancy_text(r, o).lines().next().unwrap_or(""))
            );
            if let Some(p) = gens.iter().find(|g| g.generation == o.generation) {
                let max_w = p.waves_per_simd_max;
                s.push_str("<div class=\"charts\">");
                s.push_str(&chart_svg(
                    "waves per SIMD vs VGPRs per wave",
                    &curve(p, r, Resource::Vgprs),
                    r.vgprs,
                    p.vgprs_per_simd,
                    max_w,
                ));
                s.push_str(&chart_svg(
                    "waves per SIMD vs SGPRs per wave",
                    &curve(p, r, Resource::Sgprs),
                    r.sgprs,
                    p.sgprs_per_wave_max,
                    max_w,
                ));
                s.push_str(&chart_svg(
                    "waves per SIMD vs LDS bytes per work-group",
                    &curve(p, r, Resource::Lds),
                    r.lds_bytes,
                    p.lds_per_cu,
                    max_w,
                ));
                s.push_str("</div>");
                let _ = write!(
                    s,
                    "<p class=\"sum\">resources from {}; work-group of {} work-items</p>",
                    html_esc(&k.resources_from),
                    r.workgroup_size
                );
            }
        }
        s.push_str("<p class=\"legend\"><span><i class=\"bar\" style=\"width:16px\"></i> cycles</span><span><i class=\"bar p\" style=\"width:16px\"></i> penalty</span><span><i class=\"bar m\" style=\"width:16px\"></i> masked</span><span><i class=\"bar u\"></i> unknown (seed has no figure)</span></p>");
        s.push_str("<table><tr><th>addr</th><th>B</th><th>instruction</th><th>cyc</th><th>start</th><th>issue cycles</th></tr>");
        let scale = 3.0;
        for b in &a.blocks {
            let _ = write!(
                s,
                "<tr class=\"blk\"><td colspan=\"6\">{}: {} instructions, {} cycles{}{}</td></tr>",
                html_esc(&if b.label.starts_with("0x") {
                    format!("block {}", b.label)
                } else {
                    format!("{} (0x{:x})", b.label, b.address)
                }),
                b.end - b.first,
                b.cycles,
                if b.cycles_max != b.cycles {
                    format!(" (to {})", b.cycles_max)
                } else {
                    String::new()
                },
                if b.unknown > 0 {
                    format!(", {} of unknown timing", b.unknown)
                } else {
                    String::new()
                }
            );
            for r in &a.insts[b.first..b.end] {
                let pen: u32 = r
                    .penalties
                    .iter()
                    .filter(|p| {
                        !p.masked && p.when != When::Taken
                            || (!p.masked && p.when == When::Taken && r.other_path.is_none())
                    })
                    .map(|p| p.cycles)
                    .sum();
                let pen = pen.min(r.cost);
                let base = r.cost - pen;
                let mut bars = String::new();
                if r.unknown {
                    bars.push_str("<i class=\"bar u\"></i>");
                }
                if base > 0 {
                    let _ = write!(
                        bars,
                        "<i class=\"bar\" style=\"width:{:.0}px\"></i>",
                        f64::from(base) * scale
                    );
                }
                if pen > 0 {
                    let _ = write!(
                        bars,
                        "<i class=\"bar p\" style=\"width:{:.0}px\"></i>",
                        f64::from(pen) * scale
                    );
                }
                if r.masked_cycles > 0 {
                    let _ = write!(
                        bars,
                        "<i class=\"bar m\" style=\"width:{:.0}px\"></i>",
                        f64::from(r.masked_cycles) * scale
                    );
                }
                let tip = format!(
                    "{} | {} | throughput {}",
                    r.timing.cycles.text(),
                    r.timing.source,
                    r.timing.throughput.text()
                );
                let mut cyc = cost_text(r);
                if let Some(o) = r.other_path {
                    cyc = format!("{cyc} <span class=\"unk\">(taken {o})</span>");
                }
                let cls = if r.penalties.is_empty() {
                    ""
                } else {
                    " class=\"pen\""
                };
                let _ = write!(s, "<tr{cls} title=\"{}\"><td class=\"a\">{:04x}</td><td class=\"n\">{}</td><td class=\"i\">{} {}</td><td class=\"n\">{cyc}</td><td class=\"n\">{}</td><td>{bars}</td></tr>",
                    html_esc(&tip), r.inst.address, r.inst.size, html_esc(&r.inst.mnemonic), html_esc(&r.inst.operands), r.start);
                for p in &r.penalties {
                    let _ = write!(s, "<tr class=\"pen\"><td></td><td></td><td class=\"pn\" colspan=\"4\">+{} {} ({}{}): {}</td></tr>",
                        p.cycles, p.rule.id(), p.when.name(), if p.masked { ", masked" } else { "" }, html_esc(&p.note));
                }
            }
        }
        s.push_str("</table>");
    }
    s.push_str("<p class=\"sum\">GCN timing model of gpuisa: figures and rules from the GCN instruction timings (CLRX) as data in data/gcn-timing; see docs/timing.md.</p></body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::super::analysis::{analyze, Options};
    use super::super::asm_text::read_asm;
    use super::super::figures::device;
    use super::super::tables::tables;
    use super::*;

    fn report(dev: &str, waves: u32) -> Vec<KernelReport> {
        let d = device(dev).unwrap();
        let src = include_str!("../../../../examples/timing/reduce-gfx900.s");
        let ks = read_asm(src, d.generation).unwrap();
        let mut o = Options::new(d);
        o.waves_per_simd = waves;
        let p = tables().unwrap().gen(d.generation).unwrap();
        ks.iter()
            .map(|k| {
                let r = KernelResources {
                    vgprs: 7,
                    sgprs: 16,
                    lds_bytes: 1024,
                    workgroup_size: 256,
                };
                KernelReport {
                    name: k.name.clone(),
                    analysis: analyze(&k.insts, &o).unwrap(),
                    occupancy: Some((r, occupancy(p, r).unwrap())),
                    resources_from: "test".into(),
                }
            })
            .collect()
    }

    #[test]
    fn text_json_html_of_the_example_kernel() {
        let r = report("gfx900", 1);
        let a = &r[0].analysis;
        assert_eq!(a.insts.len(), 142);
        assert!(a.unknown > 0 && a.total > 0);
        let t = to_text(&r);
        assert!(t.contains("total reduce_sum:"));
        assert!(t.contains(".LBB0_2:"));
        let j = to_json(&r);
        assert!(j.starts_with("{\"kernels\":[{\"name\":\"reduce_sum\""));
        assert_eq!(j.matches("\"mnemonic\":").count(), 142);
        let h = to_html(&r, &tables().unwrap().generations, "t");
        assert!(h.contains("<svg") && h.contains("class=\"bar"));
        assert!(!h.contains("<script") && !h.contains("http://") && !h.contains("https://"));
    }

    #[test]
    fn json_escapes() {
        assert_eq!(json_str("a\"b\\\n\u{1}"), "\"a\\\"b\\\\\\n\\u0001\"");
    }
}
