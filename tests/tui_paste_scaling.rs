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
    eprintln!("allocations per statement: {small:.0} at 200, {large:.0} at 1,600");
    // Linear: about equal. Quadratic (a copy of the trace per statement):
    // eight times the steps, several times the allocations per statement.
    assert!(
        large < small * 1.5,
        "allocations per statement: {small:.0} at 200 statements, {large:.0} at 1,600"
    );
}

/// Applied in place now (no copy to fall back on): a statement whose last
/// step fails takes its first steps back, and the redo stack survives.
#[test]
fn a_statement_failing_half_way_leaves_trace_undo_and_redo_as_they_were() {
    let tir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tui/gemm.tir");
    let theme = Theme::load("dark").expect("theme");
    let mut app = App::open(&tir, theme, Keymap::default(), None).expect("open");
    app.run_python(&["sch.split(i, factors=[None, 16])".to_string()], "test");
    let applied = app.doc.trace.steps.len();
    assert!(applied >= 1, "the split applied");
    app.undo();
    let before: Vec<String> = app.doc.trace.steps.iter().map(|s| s.to_yaml()).collect();
    let text = app.doc.printed.text.clone();
    assert_eq!(app.doc.trace.redo.len(), 1);
    // get_block and get_loops apply, then the split fails.
    let failing = "sch.split(sch.get_loops(sch.get_block(\"B\"))[0], factors=[0, None])";
    app.run_python(&[failing.to_string()], "test");
    let after: Vec<String> = app.doc.trace.steps.iter().map(|s| s.to_yaml()).collect();
    assert_eq!(after, before, "the first two steps are taken back");
    assert_eq!(app.doc.printed.text, text);
    assert_eq!(app.doc.trace.redo.len(), 1, "the redo stack is kept");
    assert_eq!(app.doc.texts.len(), before.len() + 1);
    app.redo();
    assert_eq!(app.doc.trace.steps.len(), applied, "redo still works");
    app.undo();
    assert_eq!(app.doc.trace.steps.len(), before.len(), "and undo");
}
