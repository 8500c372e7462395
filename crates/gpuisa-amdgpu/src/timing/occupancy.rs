//! Occupancy: how many waves a SIMD runs at once, from the registers, LDS and work-group size of
//! a kernel, per generation (generations.txt), naming the limiting resource.
//!
//! Model (docs/timing.md): a wave allocates its VGPRs and SGPRs from its SIMD's files in
//! granules; a work-group allocates its LDS from the CU's 64 KiB in granules; a work-group of
//! W waves occupies W of the CU's wave slots (waves_per_simd_max per SIMD times the SIMDs).
//! The CU holds as many whole work-groups as every resource allows; waves per SIMD is the CU's
//! waves divided by the SIMDs (rounded down, at least 1 when one work-group fits).

use super::tables::{GenParams, Generation};
use super::TimingError;

/// A resource that can limit occupancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Vgprs,
    Sgprs,
    Lds,
    WaveSlots,
}

impl Resource {
    pub fn name(self) -> &'static str {
        match self {
            Resource::Vgprs => "VGPRs",
            Resource::Sgprs => "SGPRs",
            Resource::Lds => "LDS",
            Resource::WaveSlots => "wave slots",
        }
    }
}

/// What a kernel asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelResources {
    pub vgprs: u32,
    pub sgprs: u32,
    /// LDS bytes per work-group.
    pub lds_bytes: u32,
    /// Work-items per work-group.
    pub workgroup_size: u32,
}

/// One resource's limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    pub resource: Resource,
    /// Amount allocated per wave (registers) or per work-group (LDS bytes, waves).
    pub allocated: u32,
    /// Whole work-groups per CU this resource allows.
    pub workgroups_per_cu: u32,
    /// Waves per SIMD this resource alone allows.
    pub waves_per_simd: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy {
    pub generation: Generation,
    pub waves_per_simd: u32,
    pub waves_per_cu: u32,
    pub workgroups_per_cu: u32,
    pub waves_per_workgroup: u32,
    pub limits: Vec<Limit>,
    /// The resources that give the minimum.
    pub limiting: Vec<Resource>,
    /// Instructions per clock the seed's issue column allows at this occupancy.
    pub issue: u32,
}

fn round_up(x: u32, g: u32) -> u32 {
    x.div_ceil(g).saturating_mul(g)
}

fn per_simd(p: &GenParams, waves_per_cu: u32) -> u32 {
    let w = waves_per_cu / p.simds_per_cu;
    if w == 0 && waves_per_cu > 0 {
        1
    } else {
        w.min(p.waves_per_simd_max)
    }
}

/// Computes the occupancy of a kernel on generation `p`.
pub fn occupancy(p: &GenParams, k: KernelResources) -> Result<Occupancy, TimingError> {
    let g = p.generation.name();
    if k.vgprs > p.vgprs_per_simd {
        return Err(TimingError::new(format!(
            "{} VGPRs exceed the {} a wave can have on {g}",
            k.vgprs, p.vgprs_per_simd
        )));
    }
    if k.sgprs > p.sgprs_per_wave_max {
        return Err(TimingError::new(format!(
            "{} SGPRs exceed the {} a wave can allocate on {g}",
            k.sgprs, p.sgprs_per_wave_max
        )));
    }
    if k.lds_bytes > p.lds_per_cu {
        return Err(TimingError::new(format!(
            "{} bytes of LDS exceed the {} of a CU",
            k.lds_bytes, p.lds_per_cu
        )));
    }
    let slots_cu = p.waves_per_simd_max * p.simds_per_cu;
    let wpw = k.workgroup_size.div_ceil(64);
    if wpw == 0 || wpw > slots_cu {
        return Err(TimingError::new(format!(
            "a work-group of {} work-items does not fit a CU ({} waves of 64 at most)",
            k.workgroup_size, slots_cu
        ))
        .with_help("give --workgroup between 1 and 2560"));
    }
    let simd_limit =
        |alloc: u32, file: u32| -> u32 { (file / alloc.max(1)).min(p.waves_per_simd_max) };
    let vgpr_alloc = round_up(k.vgprs.max(1), p.vgpr_granule);
    let sgpr_alloc = round_up(k.sgprs.max(1), p.sgpr_granule);
    let lds_alloc = round_up(k.lds_bytes, p.lds_granule);
    let mut limits = Vec::new();
    for (resource, alloc, waves_simd) in [
        (
            Resource::Vgprs,
            vgpr_alloc,
            simd_limit(vgpr_alloc, p.vgprs_per_simd),
        ),
        (
            Resource::Sgprs,
            sgpr_alloc,
            simd_limit(sgpr_alloc, p.sgprs_per_simd),
        ),
        (Resource::WaveSlots, wpw, p.waves_per_simd_max),
    ] {
        let wgs = waves_simd * p.simds_per_cu / wpw;
        limits.push(Limit {
            resource,
            allocated: alloc,
            workgroups_per_cu: wgs,
            waves_per_simd: per_simd(p, wgs * wpw),
        });
    }
    let lds_wgs = p.lds_per_cu.checked_div(lds_alloc).unwrap_or(u32::MAX);
    let lds_wgs_capped = lds_wgs.min(slots_cu);
    limits.push(Limit {
        resource: Resource::Lds,
        allocated: lds_alloc,
        workgroups_per_cu: lds_wgs_capped,
        waves_per_simd: per_simd(p, lds_wgs_capped.saturating_mul(wpw).min(slots_cu)),
    });
    let wgs = limits
        .iter()
        .map(|l| l.workgroups_per_cu)
        .min()
        .unwrap_or(0);
    let waves_cu = wgs * wpw;
    let waves_per_simd = per_simd(p, waves_cu);
    // A resource limits only if it is tighter than the wave slots (8 VGPRs "allowing" the
    // hardware maximum do not limit anything).
    let slot_wgs = limits
        .iter()
        .find(|l| l.resource == Resource::WaveSlots)
        .map_or(0, |l| l.workgroups_per_cu);
    let limiting = limits
        .iter()
        .filter(|l| l.workgroups_per_cu == wgs)
        .filter(|l| l.resource == Resource::WaveSlots || l.workgroups_per_cu < slot_wgs)
        .map(|l| l.resource)
        .collect();
    Ok(Occupancy {
        generation: p.generation,
        waves_per_simd,
        waves_per_cu: waves_cu,
        workgroups_per_cu: wgs,
        waves_per_workgroup: wpw,
        limits,
        limiting,
        issue: waves_per_simd.min(p.max_issue),
    })
}

/// The most of each resource a wave may use and still run `waves` per SIMD: one row of the
/// seed's occupancy table (SGPRs, VGPRs, LDS dwords per lane per wave, issue).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub waves: u32,
    pub sgprs: u32,
    pub vgprs: u32,
    pub lds_dwords_per_lane: u32,
    pub issue: u32,
}

pub fn table_row(p: &GenParams, waves: u32) -> Option<TableRow> {
    if waves == 0 || waves > p.waves_per_simd_max {
        return None;
    }
    let down = |x: u32, g: u32| x / g * g;
    Some(TableRow {
        waves,
        sgprs: down(p.sgprs_per_simd / waves, p.sgpr_granule).min(p.sgprs_per_wave_max),
        vgprs: down(p.vgprs_per_simd / waves, p.vgpr_granule),
        // LDS bytes per wave when every SIMD runs `waves`, in dwords per lane (64 lanes).
        lds_dwords_per_lane: p.lds_per_cu / (p.simds_per_cu * waves) / (64 * 4),
        issue: waves.min(p.max_issue),
    })
}

/// Parses the seed's table (occupancy-table.txt).
pub fn seed_table() -> Result<Vec<TableRow>, TimingError> {
    let mut rows = Vec::new();
    for (i, l) in super::tables::OCCUPANCY_TABLE.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let f: Result<Vec<u32>, _> = l.split('|').map(|x| x.trim().parse::<u32>()).collect();
        match f.as_deref() {
            Ok([w, s, v, lds, issue]) => rows.push(TableRow {
                waves: *w,
                sgprs: *s,
                vgprs: *v,
                lds_dwords_per_lane: *lds,
                issue: *issue,
            }),
            _ => {
                return Err(TimingError::new(format!(
                    "occupancy-table.txt line {}: expected 5 numbers",
                    i + 1
                )))
            }
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::super::tables::tables;
    use super::*;

    fn gen(g: Generation) -> GenParams {
        *tables().unwrap().gen(g).unwrap()
    }
    fn occ(g: Generation, v: u32, s: u32, lds: u32, wg: u32) -> Occupancy {
        occupancy(
            &gen(g),
            KernelResources {
                vgprs: v,
                sgprs: s,
                lds_bytes: lds,
                workgroup_size: wg,
            },
        )
        .unwrap()
    }

    /// The seed's table, row by row: the inverse function gives each row, and the calculator
    /// gives the row's wave count at exactly the row's limits and fewer one granule above them.
    #[test]
    fn seed_occupancy_table_row_by_row() {
        let rows = seed_table().unwrap();
        assert_eq!(rows.len(), 10);
        let p = gen(Generation::Gcn10);
        for r in &rows {
            assert_eq!(table_row(&p, r.waves), Some(*r), "row {}", r.waves);
            let w = r.waves;
            // VGPRs alone (few SGPRs, no LDS, 256 work-items = one wave per SIMD per group).
            let o = occ(Generation::Gcn10, r.vgprs, 8, 0, 256);
            assert_eq!(o.waves_per_simd, w, "VGPR row {w}");
            if w > 1 {
                assert!(occ(Generation::Gcn10, r.vgprs + 4, 8, 0, 256).waves_per_simd < w);
            }
            assert!(o.limiting.contains(&Resource::Vgprs) || w == 10);
            // SGPRs alone: the column is the limit from 4 waves on (128 is the cap below).
            let o = occ(Generation::Gcn10, 4, r.sgprs, 0, 256);
            if w >= 4 {
                assert_eq!(o.waves_per_simd, w, "SGPR row {w}");
                if w < 10 {
                    assert!(o.limiting.contains(&Resource::Sgprs));
                }
            } else {
                assert!(o.waves_per_simd >= w);
            }
            // LDS: LdsW/I dwords per lane for each of the work-group's 4 waves.
            let lds = r.lds_dwords_per_lane * 64 * 4 * 4;
            let o = occ(Generation::Gcn10, 4, 8, lds, 256);
            assert_eq!(o.waves_per_simd, w, "LDS row {w}");
            if w > 1 {
                let more = (r.lds_dwords_per_lane + 1) * 64 * 4 * 4;
                assert!(occ(Generation::Gcn10, 4, 8, more, 256).waves_per_simd < w);
                assert!(o.limiting.contains(&Resource::Lds) || w == 10);
            }
            assert_eq!(o.issue.min(r.issue), r.issue);
            assert_eq!(r.issue, w.min(5));
        }
    }

    #[test]
    fn sgpr_granularity_per_generation() {
        // GCN 1.2+: 800 SGPRs in blocks of 16 (LLVM's table: 10 and 9 waves 80, 8 waves 96).
        let p = gen(Generation::Gcn14);
        assert_eq!(table_row(&p, 10).unwrap().sgprs, 80);
        assert_eq!(table_row(&p, 9).unwrap().sgprs, 80);
        assert_eq!(table_row(&p, 8).unwrap().sgprs, 96);
        assert_eq!(table_row(&p, 7).unwrap().sgprs, 112);
        assert_eq!(occ(Generation::Gcn14, 4, 81, 0, 64).waves_per_simd, 8);
        assert_eq!(occ(Generation::Gcn10, 4, 81, 0, 64).waves_per_simd, 5); // 88 allocated: 512/88
                                                                            // LDS granule: 256 bytes on GCN 1.0, 512 from GCN 1.1.
        let a = occ(Generation::Gcn10, 4, 8, 2304, 64);
        let b = occ(Generation::Gcn11, 4, 8, 2304, 64);
        assert_eq!((a.workgroups_per_cu, b.workgroups_per_cu), (28, 25));
    }

    #[test]
    fn issue_example() {
        // gpuisa occupancy --arch gfx900 --vgprs 40 --sgprs 60 --lds 16384 --workgroup 256
        let o = occ(Generation::Gcn14, 40, 60, 16384, 256);
        assert_eq!(o.waves_per_simd, 4);
        assert_eq!(o.limiting, vec![Resource::Lds]);
        assert_eq!(o.waves_per_cu, 16);
        let v = o
            .limits
            .iter()
            .find(|l| l.resource == Resource::Vgprs)
            .unwrap();
        assert_eq!(v.waves_per_simd, 6);
    }

    #[test]
    fn workgroup_quantisation_and_errors() {
        // 3-wave groups: 13 fit the 40 slots, 39 waves, 9 per SIMD (rounded down).
        let o = occ(Generation::Gcn14, 4, 8, 0, 192);
        assert_eq!(
            (o.workgroups_per_cu, o.waves_per_cu, o.waves_per_simd),
            (13, 39, 9)
        );
        // one single-wave group with all the LDS: one wave.
        assert_eq!(occ(Generation::Gcn14, 4, 8, 65536, 64).waves_per_simd, 1);
        let p = gen(Generation::Gcn14);
        let k = |v, s, l, w| KernelResources {
            vgprs: v,
            sgprs: s,
            lds_bytes: l,
            workgroup_size: w,
        };
        assert!(occupancy(&p, k(257, 8, 0, 64)).is_err());
        assert!(occupancy(&p, k(4, 113, 0, 64)).is_err());
        assert!(occupancy(&p, k(4, 8, 65537, 64)).is_err());
        assert!(occupancy(&p, k(4, 8, 0, 0)).is_err());
        assert!(occupancy(&p, k(4, 8, 0, 4096)).is_err());
    }
}
