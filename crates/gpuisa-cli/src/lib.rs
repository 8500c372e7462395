//! The `gpuisa` command line's library part: the one list of targets, shared with the Python
//! package (`python/`).

pub mod registry;
