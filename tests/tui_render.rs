use std::path::{Path, PathBuf};
use tirtui::tui::Headless;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tui").join(name)
}

#[test]
fn scratch_print() {
    let mut h = Headless::open(&data("gemm.tir"), 120, 36).unwrap();
    h.keys("jjjjjjjl").unwrap();
    println!("{}", h.screen());
    h.keys("<ret>jjjjj<ret>").unwrap();
    println!("{}", h.screen());
    h.keys("<tab>").unwrap();
    println!("{}", h.screen());
    h.keys("<ret>").unwrap();
    println!("{}", h.screen());
    h.keys(":sch.compute_inline(b0)<ret>").unwrap();
    println!("{}", h.screen());
}
