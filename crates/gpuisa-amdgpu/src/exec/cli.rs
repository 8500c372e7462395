//! `gpuisa run` for the AMD targets: reads the kernel and its `--arg`s, runs, writes the buffers
//! back (`--out-dir`), prints the summary (`--json`) and the trace (`--trace`).

use super::{ArgValue, Launch};
use gpuisa_core::npy::{self, ArgSpec};
use gpuisa_core::target::{RunRequest, ToolError};
use std::io::Write;

fn dims(s: Option<&str>, what: &str, default: [u32; 3]) -> Result<[u32; 3], ToolError> {
    let Some(s) = s else { return Ok(default) };
    let parts: Vec<&str> = s.split([',', 'x']).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(ToolError::new(format!(
            "--{what} takes X, X,Y or X,Y,Z, not '{s}'"
        )));
    }
    let mut v = [1u32; 3];
    for (k, p) in parts.iter().enumerate() {
        v[k] = p
            .trim()
            .parse()
            .ok()
            .filter(|&x: &u32| x > 0)
            .ok_or_else(|| ToolError::new(format!("--{what}: '{p}' is not a positive integer")))?;
    }
    Ok(v)
}

pub fn run(
    isa: super::Isa,
    req: &RunRequest,
    out: &mut dyn Write,
    diag: &mut dyn Write,
) -> Result<(), ToolError> {
    for (flag, set) in [
        ("--profile", req.profile.is_some()),
        ("--buffer", !req.buffers.is_empty()),
        ("--const", !req.constants.is_empty()),
        ("--param", !req.params.is_empty()),
        ("--format", req.format.is_some()),
        ("-o/--output", req.output.is_some()),
    ] {
        if set {
            return Err(
                ToolError::new(format!("{flag} does not apply to AMD kernels"))
                    .with_help("give kernel arguments with --arg and write buffers with --out-dir"),
            );
        }
    }
    let code = std::fs::read(&req.file)
        .map_err(|e| ToolError::new(format!("cannot read '{}': {e}", req.file.display())))?;
    let block = dims(req.block.as_deref(), "block", [64, 1, 1])?;
    let grid = dims(req.grid.as_deref(), "grid", [1, 1, 1])?;
    let mut args = Vec::new();
    let mut npy_meta: Vec<Option<(String, Vec<usize>)>> = Vec::new();
    // Image arguments: (descriptor + texels buffer, how to write the texels back).
    let mut image_meta: Vec<Option<super::image::arg::ImageMeta>> = Vec::new();
    // Sampler arguments (not written back).
    let mut samplers: Vec<usize> = Vec::new();
    for (i, a) in req.args.iter().enumerate() {
        let read = |p: &std::path::Path| {
            std::fs::read(p).map_err(|e| {
                ToolError::new(format!("--arg {i}: cannot read '{}': {e}", p.display()))
            })
        };
        if let Some(v) = a.strip_prefix("sampler:") {
            let b = super::image::arg::build_sampler(v)
                .map_err(|e| ToolError::new(format!("--arg {i}: {e}")))?;
            args.push(ArgValue::Buffer(b));
            npy_meta.push(None);
            image_meta.push(None);
            samplers.push(i);
            continue;
        }
        if let Some(v) = a.strip_prefix("image:") {
            let Some((path, format)) = v.rsplit_once(':') else {
                return Err(ToolError::new(format!(
                    "--arg {i}: an image is image:PATH.npy:FORMAT (a WebGPU format name such as rgba8unorm)"
                )));
            };
            let n = npy::read(&read(std::path::Path::new(path))?)
                .map_err(|e| ToolError::new(format!("--arg {i}: '{path}': {e}")))?;
            let loaded = super::loader::load(&code).map_err(ToolError::new)?;
            let k = super::pick_kernel(&loaded, req.kernel.as_deref()).map_err(ToolError::new)?;
            let info = k
                .args
                .iter()
                .filter(|a| !a.value_kind.starts_with("hidden_"))
                .nth(i);
            let type_name = match info {
                Some(x) if x.value_kind == "image" => x.type_name.clone(),
                Some(x) => {
                    return Err(ToolError::new(format!(
                        "--arg {i}: the kernel's argument {i} is {} ({}), not an image",
                        x.value_kind, x.type_name
                    )))
                }
                None => {
                    return Err(ToolError::new(format!(
                        "--arg {i}: the kernel has no argument {i}"
                    )))
                }
            };
            let (buf, meta) = super::image::arg::build_image(
                isa, i, &type_name, &n.descr, &n.shape, &n.data, format,
            )
            .map_err(|e| ToolError::new(format!("--arg {i}: {e}")))?;
            args.push(ArgValue::Buffer(buf));
            npy_meta.push(None);
            image_meta.push(Some(meta));
            continue;
        }
        image_meta.push(None);
        let spec = npy::parse_arg(a).map_err(|e| ToolError::new(format!("--arg {i}: {e}")))?;
        let (v, meta) = match spec {
            ArgSpec::File(p) => (ArgValue::Buffer(read(&p)?), None),
            ArgSpec::Npy(p) => {
                let n = npy::read(&read(&p)?)
                    .map_err(|e| ToolError::new(format!("--arg {i}: '{}': {e}", p.display())))?;
                (ArgValue::Buffer(n.data), Some((n.descr, n.shape)))
            }
            ArgSpec::Zeros(n) => {
                if n > 1 << 32 {
                    return Err(ToolError::new(format!(
                        "--arg {i}: buffers are limited to 4 GiB"
                    )));
                }
                (ArgValue::Buffer(vec![0; n as usize]), None)
            }
            ArgSpec::Scalar(b) => (ArgValue::Bytes(b), None),
            ArgSpec::Local(n) => (ArgValue::Local(n), None),
        };
        args.push(v);
        npy_meta.push(meta);
    }
    let launch = Launch {
        grid,
        block,
        dynamic_lds: req.lds.unwrap_or(0).min(u32::MAX as u64) as u32,
        threads: req.threads.unwrap_or(0),
        max_instructions: req.max_instructions.unwrap_or(1 << 40),
        trace: req.trace,
        trace_waves: req.trace_waves.clone(),
        trace_pcs: req.trace_pcs.clone(),
    };
    let t0 = std::time::Instant::now();
    let r = super::run(isa, &code, req.kernel.as_deref(), &launch, &args)
        .map_err(|e| ToolError::new(format!("run failed: {e}")))?;
    let wall = t0.elapsed().as_secs_f64();
    if req.trace {
        out.write_all(r.trace.as_bytes())?;
    }
    if let Some(dir) = &req.out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| ToolError::new(format!("cannot create '{}': {e}", dir.display())))?;
        for (i, b) in r.buffers.iter().enumerate() {
            let Some(b) = b else { continue };
            if samplers.contains(&i) {
                continue;
            }
            let (name, bytes) = match (&npy_meta[i], &image_meta[i]) {
                (_, Some(m)) => (
                    format!("arg{i}.npy"),
                    npy::write(&m.descr, &m.shape, &super::image::arg::texels(b, m)),
                ),
                (Some((descr, shape)), _) => (format!("arg{i}.npy"), npy::write(descr, shape, b)),
                (None, None) => (format!("arg{i}.bin"), b.clone()),
            };
            let p = dir.join(name);
            std::fs::write(&p, bytes)
                .map_err(|e| ToolError::new(format!("cannot write '{}': {e}", p.display())))?;
        }
    } else if r.buffers.iter().any(Option::is_some) && !req.json {
        let _ = writeln!(
            diag,
            "note: no --out-dir given: the buffers are not written"
        );
    }
    let s = &r.stats;
    if req.json {
        let classes: Vec<String> = s
            .by_class
            .iter()
            .map(|(c, n)| format!("\"{c}\": {n}"))
            .collect();
        writeln!(
            out,
            "{{\"kernel\": {:?}, \"workgroups\": {}, \"waves\": {}, \"wave_instructions\": {}, \"lane_ops\": {}, \"by_class\": {{{}}}, \"exec_seconds\": {:.6}, \"wall_seconds\": {:.6}}}",
            req.kernel.clone().unwrap_or_default(),
            s.workgroups,
            s.waves,
            s.wave_instructions,
            s.lane_ops,
            classes.join(", "),
            s.exec_seconds,
            wall
        )?;
    } else {
        writeln!(
            out,
            "{} work-groups, {} waves, {} wave-instructions, {} lane-ops; {:.3} s executing ({:.1} M wave-instructions/s), {:.3} s in all",
            s.workgroups,
            s.waves,
            s.wave_instructions,
            s.lane_ops,
            s.exec_seconds,
            s.wave_instructions as f64 / s.exec_seconds.max(1e-9) / 1e6,
            wall
        )?;
    }
    Ok(())
}
