//! The timing data of `data/gcn-timing/` (figures, devices, generations, ISA reference rows),
//! compiled in with `include_str!` and parsed once. Malformed data is a [`TimingError`], not a panic.

use super::TimingError;
use std::collections::HashMap;
use std::sync::OnceLock;

const FIGURES: &str = include_str!("../../../../data/gcn-timing/figures.txt");
const DEVICES: &str = include_str!("../../../../data/gcn-timing/devices.txt");
const GENERATIONS: &str = include_str!("../../../../data/gcn-timing/generations.txt");
const ISA_REF: &str = include_str!("../../../../data/gcn-timing/isa-ref.tsv");
/// The seed's occupancy table, as data (used by the tests and `gpuisa occupancy --table`).
pub const OCCUPANCY_TABLE: &str = include_str!("../../../../data/gcn-timing/occupancy-table.txt");

/// A GCN generation as the timing seed and the ISA reference name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Generation {
    Gcn10,
    Gcn11,
    Gcn12,
    Gcn14,
}

impl Generation {
    pub const ALL: [Generation; 4] = [
        Generation::Gcn10,
        Generation::Gcn11,
        Generation::Gcn12,
        Generation::Gcn14,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Generation::Gcn10 => "GCN 1.0",
            Generation::Gcn11 => "GCN 1.1",
            Generation::Gcn12 => "GCN 1.2",
            Generation::Gcn14 => "GCN 1.4",
        }
    }
    fn parse(s: &str) -> Option<Generation> {
        match s.trim().trim_start_matches("GCN").trim() {
            "1.0" => Some(Generation::Gcn10),
            "1.1" => Some(Generation::Gcn11),
            "1.2" => Some(Generation::Gcn12),
            "1.4" => Some(Generation::Gcn14),
            _ => None,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// How many cycles a figure row gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CycleSpec {
    Fixed(u32),
    /// `DPFACTOR*N`.
    Dp(u32),
    /// `4|16`: V_FMA_F32, 4 when DPFACTOR <= 4 (DP speed 1/2, 1/4, 1/8), else 16.
    Fma32,
    /// `A-B`.
    Range(u32, u32),
    /// `N+GLCk`.
    Glc {
        base: u32,
        extra: u32,
    },
    /// Branch: 4 not taken, 20 taken.
    Jump,
    /// `N?`: the seed's own guess; reported as unknown.
    Doubtful(u32),
    /// `?`.
    Unknown,
}

/// Throughput as the seed gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThroughputSpec {
    /// `num/den` instructions per cycle.
    Fraction(u32, u32),
    /// `4/C`: 1/(CYCLES/4).
    PerCycles,
    Unknown,
}

#[derive(Clone, Debug)]
pub struct FigureRow {
    pub family: String,
    /// Mnemonic or glob (`*` any run); `*` alone is the family rule.
    pub pattern: String,
    pub cycles: CycleSpec,
    pub cycles_text: String,
    pub throughput: Option<ThroughputSpec>,
    pub throughput_text: String,
    pub line: usize,
}

#[derive(Clone, Debug)]
pub struct Device {
    pub name: String,
    pub aliases: Vec<String>,
    pub gfx: String,
    pub generation: Generation,
    pub dpfactor: u32,
    pub description: String,
}

/// Per-generation resources (generations.txt).
#[derive(Clone, Copy, Debug)]
pub struct GenParams {
    pub generation: Generation,
    pub vgprs_per_simd: u32,
    pub vgpr_granule: u32,
    pub sgprs_per_simd: u32,
    pub sgpr_granule: u32,
    pub sgprs_per_wave_max: u32,
    pub lds_per_cu: u32,
    pub lds_granule: u32,
    pub waves_per_simd_max: u32,
    pub simds_per_cu: u32,
    pub max_issue: u32,
    pub alignment_rules: bool,
}

/// One instruction row of the ISA reference (isa-ref.tsv).
#[derive(Clone, Debug)]
pub struct RefRow {
    pub mnemonic: String,
    pub family: String,
    pub opcodes: String,
    pub syntax: String,
    pub writes_scc: bool,
    pub writes_vcc: bool,
    pub writes_exec: bool,
    /// Generations the opcode text names; all false = it names none (valid for all).
    pub gens: [bool; 4],
}

impl RefRow {
    /// True if the row names `g`, or names no generation at all.
    pub fn names_gen(&self, g: Generation) -> bool {
        self.gens[g.index()] || self.gens.iter().all(|x| !x)
    }
    /// The latest generation the row names (None if it names none).
    pub fn latest_gen(&self) -> Option<Generation> {
        Generation::ALL
            .iter()
            .rev()
            .copied()
            .find(|g| self.gens[g.index()])
    }
}

pub struct Tables {
    pub figures: Vec<FigureRow>,
    pub devices: Vec<Device>,
    pub generations: Vec<GenParams>,
    pub isa_ref: Vec<RefRow>,
    /// Indexes (built once): reference rows by mnemonic; figure rows by exact name; the family
    /// rule (`*`) of each family; the glob rows.
    ref_index: HashMap<String, Vec<usize>>,
    fig_exact: HashMap<String, Vec<usize>>,
    fig_rule: HashMap<String, usize>,
    fig_globs: Vec<usize>,
}

static TABLES: OnceLock<Result<Tables, String>> = OnceLock::new();

/// The parsed tables (parsed on first use).
pub fn tables() -> Result<&'static Tables, TimingError> {
    TABLES
        .get_or_init(|| {
            let figures = parse_figures(FIGURES)?;
            let isa_ref = parse_isa_ref(ISA_REF)?;
            let mut ref_index: HashMap<String, Vec<usize>> = HashMap::new();
            for (i, r) in isa_ref.iter().enumerate() {
                ref_index.entry(r.mnemonic.clone()).or_default().push(i);
            }
            let mut fig_exact: HashMap<String, Vec<usize>> = HashMap::new();
            let (mut fig_rule, mut fig_globs) = (HashMap::new(), Vec::new());
            for (i, r) in figures.iter().enumerate() {
                if r.pattern == "*" {
                    fig_rule.insert(r.family.clone(), i);
                } else if r.pattern.contains('*') {
                    fig_globs.push(i);
                } else {
                    fig_exact.entry(r.pattern.clone()).or_default().push(i);
                }
            }
            Ok(Tables {
                figures,
                devices: parse_devices(DEVICES)?,
                generations: parse_generations(GENERATIONS)?,
                isa_ref,
                ref_index,
                fig_exact,
                fig_rule,
                fig_globs,
            })
        })
        .as_ref()
        .map_err(|e| TimingError::new(format!("timing data is malformed: {e}")))
}

fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.split(" #").next().unwrap_or("").trim();
        (!l.is_empty() && !l.starts_with('#')).then_some((i + 1, l))
    })
}

fn num(s: &str, what: &str, line: usize) -> Result<u32, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("line {line}: bad {what} '{s}'"))
}

/// Parses a CYCLES cell.
pub fn parse_cycles(s: &str) -> Option<CycleSpec> {
    let s = s.trim();
    if s == "?" {
        return Some(CycleSpec::Unknown);
    }
    if s == "JUMP" {
        return Some(CycleSpec::Jump);
    }
    if s == "4|16" {
        return Some(CycleSpec::Fma32);
    }
    if let Some(n) = s.strip_prefix("DPFACTOR*") {
        return n.parse().ok().map(CycleSpec::Dp);
    }
    if let Some(n) = s.strip_suffix('?') {
        return n.parse().ok().map(CycleSpec::Doubtful);
    }
    if let Some((a, b)) = s.split_once("+GLC") {
        return Some(CycleSpec::Glc {
            base: a.parse().ok()?,
            extra: b.parse().ok()?,
        });
    }
    if let Some((a, b)) = s.split_once('-') {
        return Some(CycleSpec::Range(a.parse().ok()?, b.parse().ok()?));
    }
    s.parse().ok().map(CycleSpec::Fixed)
}

fn parse_throughput(s: &str) -> Option<ThroughputSpec> {
    match s {
        "?" => Some(ThroughputSpec::Unknown),
        "4/C" => Some(ThroughputSpec::PerCycles),
        "1" => Some(ThroughputSpec::Fraction(1, 1)),
        _ => {
            let (a, b) = s.split_once('/')?;
            let (a, b) = (a.parse().ok()?, b.parse().ok()?);
            (b != 0).then_some(ThroughputSpec::Fraction(a, b))
        }
    }
}

fn parse_figures(text: &str) -> Result<Vec<FigureRow>, String> {
    let mut rows: Vec<FigureRow> = Vec::new();
    for (line, l) in data_lines(text) {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() < 3 || f.len() > 4 {
            return Err(format!(
                "figures.txt line {line}: expected FAMILY NAME CYCLES [THROUGHPUT]"
            ));
        }
        let cycles = parse_cycles(f[2])
            .ok_or_else(|| format!("figures.txt line {line}: bad cycles '{}'", f[2]))?;
        let throughput = match f.get(3) {
            Some(t) => Some(
                parse_throughput(t)
                    .ok_or_else(|| format!("figures.txt line {line}: bad throughput '{t}'"))?,
            ),
            None => None,
        };
        if let Some(prev) = rows.iter().find(|r| r.pattern == f[1] && r.family == f[0]) {
            return Err(format!(
                "figures.txt line {line}: {} {} already given on line {}",
                f[0], f[1], prev.line
            ));
        }
        rows.push(FigureRow {
            family: f[0].to_string(),
            pattern: f[1].to_string(),
            cycles,
            cycles_text: f[2].to_string(),
            throughput,
            throughput_text: f.get(3).unwrap_or(&"").to_string(),
            line,
        });
    }
    Ok(rows)
}

fn parse_generation(s: &str, line: usize) -> Result<Generation, String> {
    Generation::parse(s).ok_or_else(|| format!("line {line}: unknown generation '{s}'"))
}

fn parse_devices(text: &str) -> Result<Vec<Device>, String> {
    let mut out = Vec::new();
    for (line, l) in data_lines(text) {
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        if f.len() != 6 {
            return Err(format!("devices.txt line {line}: expected 6 fields"));
        }
        out.push(Device {
            name: f[0].to_string(),
            aliases: f[1]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
            gfx: f[2].to_string(),
            generation: parse_generation(f[3], line)?,
            dpfactor: num(f[4], "DPFACTOR", line)?,
            description: f[5].to_string(),
        });
    }
    Ok(out)
}

fn parse_generations(text: &str) -> Result<Vec<GenParams>, String> {
    let mut out = Vec::new();
    for (line, l) in data_lines(text) {
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        if f.len() != 12 {
            return Err(format!("generations.txt line {line}: expected 12 fields"));
        }
        let n = |i: usize, w: &str| num(f[i], w, line);
        out.push(GenParams {
            generation: parse_generation(f[0], line)?,
            vgprs_per_simd: n(1, "VGPRs")?,
            vgpr_granule: n(2, "VGPR granule")?.max(1),
            sgprs_per_simd: n(3, "SGPRs")?,
            sgpr_granule: n(4, "SGPR granule")?.max(1),
            sgprs_per_wave_max: n(5, "SGPR max")?,
            lds_per_cu: n(6, "LDS")?,
            lds_granule: n(7, "LDS granule")?.max(1),
            waves_per_simd_max: n(8, "waves")?.max(1),
            simds_per_cu: n(9, "SIMDs")?.max(1),
            max_issue: n(10, "issue")?,
            alignment_rules: f[11] == "yes",
        });
    }
    Ok(out)
}

fn gens_named(text: &str) -> [bool; 4] {
    let mut g = [false; 4];
    let mut rest = text;
    while let Some(p) = rest.find("GCN") {
        rest = &rest[p + 3..];
        let list: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '/')
            .collect();
        for part in list.split('/') {
            if let Some(x) = Generation::parse(part) {
                g[x.index()] = true;
            }
        }
    }
    g
}

fn parse_isa_ref(text: &str) -> Result<Vec<RefRow>, String> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split('\t').collect();
        if f.len() != 5 {
            return Err(format!("isa-ref.tsv line {}: expected 5 fields", i + 1));
        }
        let flags: Vec<&str> = f[4].split(',').collect();
        out.push(RefRow {
            mnemonic: f[0].to_string(),
            family: f[1].to_string(),
            opcodes: f[2].to_string(),
            syntax: f[3].to_string(),
            writes_scc: flags.contains(&"scc"),
            writes_vcc: flags.contains(&"vcc"),
            writes_exec: flags.contains(&"exec"),
            gens: gens_named(f[2]),
        });
    }
    Ok(out)
}

impl Tables {
    /// Figure rows naming `name` exactly (any family).
    pub fn figure_rows_named<'a>(&'a self, name: &str) -> impl Iterator<Item = &'a FigureRow> + 'a {
        self.fig_exact
            .get(name)
            .into_iter()
            .flatten()
            .filter_map(|&i| self.figures.get(i))
    }
    /// The glob rows (`S_*_SAVEEXEC_B64` ...).
    pub fn figure_globs(&self) -> impl Iterator<Item = &FigureRow> {
        self.fig_globs.iter().filter_map(|&i| self.figures.get(i))
    }
    /// The family rule (`FAMILY *`).
    pub fn family_rule(&self, family: &str) -> Option<&FigureRow> {
        self.fig_rule.get(family).and_then(|&i| self.figures.get(i))
    }
    /// A device by name, alias or gfx name (case-insensitive). A gfx name shared by several
    /// devices (gfx701) resolves to the first listed.
    pub fn device(&self, name: &str) -> Option<&Device> {
        let n = name.trim().to_ascii_lowercase();
        self.devices
            .iter()
            .find(|d| d.name == n || d.aliases.contains(&n))
            .or_else(|| self.devices.iter().find(|d| d.gfx == n))
    }
    pub fn gen(&self, g: Generation) -> Option<&GenParams> {
        self.generations.iter().find(|p| p.generation == g)
    }
    /// Reference rows of a mnemonic (upper-case), all generations.
    pub fn ref_rows(&self, upper: &str) -> Vec<&RefRow> {
        self.ref_index
            .get(upper)
            .map(|v| v.iter().filter_map(|&i| self.isa_ref.get(i)).collect())
            .unwrap_or_default()
    }
    /// The reference row that best describes `upper` on `g`: a row naming `g`; else the row naming
    /// the latest earlier generation (the reference writes "GCN 1.2" for rows that carry on to 1.4).
    pub fn ref_row(&self, upper: &str, g: Generation) -> Option<&RefRow> {
        let rows = self.ref_rows(upper);
        if let Some(r) = rows.iter().find(|r| r.gens[g.index()]) {
            return Some(r);
        }
        if let Some(r) = rows.iter().find(|r| r.gens.iter().all(|x| !x)) {
            return Some(r);
        }
        rows.iter()
            .filter(|r| r.latest_gen().is_some_and(|l| l < g))
            .max_by_key(|r| r.latest_gen())
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_data_files_parse() {
        let t = tables().expect("data parses");
        assert!(t.figures.len() > 380, "{} figure rows", t.figures.len());
        assert_eq!(t.generations.len(), 4);
        assert!(t.isa_ref.len() > 1000);
        assert_eq!(t.device("tahiti").map(|d| d.dpfactor), Some(2));
        assert_eq!(t.device("gfx900").map(|d| d.name.as_str()), Some("vega10"));
        assert_eq!(t.device("firepro-w9100").map(|d| d.dpfactor), Some(1));
        assert_eq!(t.device("r9-290").map(|d| d.dpfactor), Some(4));
        assert!(t.device("gfx1100").is_none());
    }

    #[test]
    fn cycle_cells() {
        assert_eq!(
            parse_cycles("16+GLC1"),
            Some(CycleSpec::Glc { base: 16, extra: 1 })
        );
        assert_eq!(parse_cycles("16-24"), Some(CycleSpec::Range(16, 24)));
        assert_eq!(parse_cycles("DPFACTOR*8"), Some(CycleSpec::Dp(8)));
        assert_eq!(parse_cycles("18?"), Some(CycleSpec::Doubtful(18)));
        assert_eq!(parse_cycles("?"), Some(CycleSpec::Unknown));
        assert_eq!(parse_cycles("x"), None);
    }

    #[test]
    fn reference_generations() {
        let t = tables().unwrap();
        // V_ADD_U32 is the carry add up to GCN 1.2 and the carry-less add on GCN 1.4.
        let old = t.ref_row("V_ADD_U32", Generation::Gcn12).unwrap();
        let new = t.ref_row("V_ADD_U32", Generation::Gcn14).unwrap();
        assert!(old.writes_vcc && !new.writes_vcc);
        // S_AND_B32 names "GCN 1.2" only; it carries on to GCN 1.4.
        assert!(
            t.ref_row("S_AND_B32", Generation::Gcn14)
                .unwrap()
                .writes_scc
        );
    }
}
