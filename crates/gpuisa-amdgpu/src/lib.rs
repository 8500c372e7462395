//! AMD GPUs: GCN 1.0-1.4 (gfx6-gfx9) and RDNA3 (gfx11).
//!
//! Rooms: `timing/` holds the GCN timing and occupancy model.

pub mod timing;
