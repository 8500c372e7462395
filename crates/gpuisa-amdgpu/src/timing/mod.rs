//! GCN timing model and occupancy calculator (`gcn-instruction-timings.md`).
