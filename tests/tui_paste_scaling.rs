//! Issue 29: a pasted script applies in time linear in its statements. Each
//! statement used to copy the trace (every step, the undo history and every
//! bound name) two or three times, so 5,000 statements took minutes.
//!
//! Counted, not timed (the machine may be busy): the allocations one
//! statement makes on this thread must not grow with the statements before
//! it. Release figures are in `examples/paste_many.rs` and the README.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;
use tirtui::tui::journal::Journal;
use tirtui::tui::keymap::Keymap;
use tirtui::tui::{App, Theme};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: no count while the thread is being torn down.
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Allocations per statement of a paste of `n` statements (each binds a new
/// name), applied and journaled as one batch.
fn per_statement(n: usize) -> f64 {
    let dir = std::env::temp_dir().join(format!("tirtui-paste-scaling-{n}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("state")).expect("temp dir");
    let tir = dir.join("gemm.tir");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tui/gemm.tir"),
        &tir,
    )
    .expect("copy gemm");
    let theme = Theme::load("dark").expect("theme");
    let journal = Journal::in_dir(&dir.join("state"), &tir);
    let mut app = App::open(&tir, theme, Keymap::default(), Some(journal)).expect("open");
    let stmts: Vec<String> = (0..n)
        .map(|k| format!("b{k} = sch.get_block(\"B\")"))
        .collect();
    let before = allocations();
    app.run_python(&stmts, "paste");
    let made = allocations() - before;
    assert_eq!(app.doc.trace.steps.len(), n, "every statement applied");
    let journal = Journal::in_dir(&dir.join("state"), &tir);
    assert_eq!(journal.read().map(|s| s.len()), Some(n), "and is journaled");
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
    made as f64 / n as f64
}

#[test]
fn a_pasted_statement_costs_the_same_however_many_came_before() {
    let small = per_statement(200);
    let large = per_statement(1600);
    // Linear: about equal. Quadratic (a copy of the trace per statement):
    // eight times the steps, several times the allocations per statement.
    assert!(
        large < small * 1.5,
        "allocations per statement: {small:.0} at 200 statements, {large:.0} at 1,600"
    );
}
