//! Link settings of the `tirtui` binary (issue 13, process start).

fn main() {
    // Not position-independent: the loader has no relocations to apply to
    // the binary's own data (a PIE had ~2,800, which wrote every page of its
    // 62 KiB of relocated read-only data, ~18 page faults per process). The
    // binary then loads at a fixed address (libraries stay randomised).
    println!("cargo:rustc-link-arg-bin=tirtui=-no-pie");
    println!("cargo:rerun-if-changed=build.rs");
}
