//! A one-lane f64 run used by several test files.

use super::harness::*;
use gpuisa_amdgpu::gcn::Gen;

/// Runs `text` (source v[0:1] = `x`, destination v[6:7]) on lane 0.
pub fn run64(gen: Gen, text: &str, x: u64) -> u64 {
    vop64(gen, MODE_DEFAULT, text, &[[x, 0, 0]])[0]
}
