//! Link settings of the `tirtui` binary (issue 13, process start). Only the
//! binary gets them; tests, benches and examples link as usual.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux")
        || std::env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu")
    {
        return;
    }
    // Not position-independent: the loader has no relocations to apply to
    // the binary's own data (a PIE had ~2,800, which wrote every page of its
    // 62 KiB of relocated read-only data, ~18 page faults per process). The
    // binary then loads at a fixed address (libraries stay randomised).
    println!("cargo:rustc-link-arg-bin=tirtui=-no-pie");
    static_unwinder();
}

/// The unwinder (for panics caught by `catch_unwind`, and backtraces) linked
/// into the binary from libgcc_eh.a, as `-static-libgcc` does for C and C++:
/// std asks for `-lgcc_s`, and a linker script of that name found first
/// stands for libgcc_eh. The process then does not load libgcc_s.so.1 at
/// start (~8 page faults, an open and 4 mappings, and one more library to
/// search for every imported symbol). Libraries loaded later (CUDA's) bring
/// their own copy if they need one; no exception crosses between them.
fn static_unwinder() {
    let dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("unwind");
    std::fs::create_dir_all(&dir).expect("OUT_DIR is writable");
    std::fs::write(dir.join("libgcc_s.so"), "INPUT(-lgcc_eh)\n").expect("OUT_DIR is writable");
    println!("cargo:rustc-link-arg-bin=tirtui=-L{}", dir.display());
}
