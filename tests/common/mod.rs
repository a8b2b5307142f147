//! Shared by the test files that replay shipped sessions on small shapes.

use std::path::Path;

/// The workload text of the session at `path` (workload file `name`) scaled
/// down so that every shipped split factor still divides: 1024³ and 4096³ GEMMs
/// to 128³, 1024x512x2048 to 64³ (seed 002), convolution and pooling to 16
/// channels instead of 64, and N = K = 256 for the 128x256 tiles of the wide
/// MMA session.
pub fn shrink_workload(path: &Path, name: &str, text: &str) -> String {
    let mut text = text
        .replace("4096", "128")
        .replace("1024", "128")
        .replace("2048", "128")
        .replace("512", "128");
    if path.to_string_lossy().contains("002") {
        text = text.replace("128", "64");
    }
    if path.to_string_lossy().contains("mma_wide") {
        // K = 256 too: four 64-wide k tiles, so that its three-stage
        // pipeline runs its steady state (two tiles run only the prologue
        // and the epilogue).
        let wide = text
            .replace("A: T.Buffer((128, 128)", "A: T.Buffer((128, 256)")
            .replace("B: T.Buffer((128, 128)", "B: T.Buffer((256, 256)")
            .replace("C: T.Buffer((128, 128)", "C: T.Buffer((128, 256)")
            .replace("T.grid(128, 128, 128)", "T.grid(128, 256, 256)");
        assert_ne!(
            wide,
            text,
            "{}: the workload's shapes moved",
            path.display()
        );
        text = wide;
    }
    if name.contains("conv2d") || name.contains("pool") {
        text = text.replace("64, ", "16, ");
    }
    text
}
