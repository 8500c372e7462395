//! The one list of targets. Adding an ISA to `gpuisa` means adding its targets here.

use gpuisa_core::target::{Registry, Target};

pub fn registry() -> Registry {
    let mut targets: Vec<&'static dyn Target> = Vec::new();
    targets.push(&gpuisa_mimori::TARGET);
    targets.extend(gpuisa_amdgpu::TARGETS.iter().map(|t| *t as &dyn Target));
    targets.extend(
        gpuisa_amdgpu::targets::gfx11::TARGETS
            .iter()
            .map(|t| *t as &dyn Target),
    );
    targets.extend([
        &gpuisa_nvidia::SM50 as &dyn Target,
        &gpuisa_nvidia::SM52,
        &gpuisa_nvidia::SM53,
    ]);
    Registry::new(targets)
}
