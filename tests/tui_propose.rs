//! The explorer proposes schedules (issue 30 item 6): `S` appends the
//! zero-search default of the program as it stands, `:schedule N` a sketch of
//! the design space, `:schedule list` names them; one `u` undoes a proposal and
//! one redo restores it; the palette's title names the rules that shape the
//! block under the cursor.

use std::path::Path;
use tirtui::tui::Headless;

fn open(workload: &str) -> Headless {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("tirtui-tui-propose-{}", std::process::id()));
    std::env::set_var("XDG_CONFIG_HOME", tmp.join("config"));
    std::env::set_var("TIRTUI_DB", tmp.join("db"));
    Headless::open(&root.join("sessions").join(workload), 160, 48).unwrap()
}

fn message(h: &Headless) -> String {
    h.app
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn s_appends_the_default_schedule_and_one_undo_removes_it() {
    let mut h = open("gemm.tir");
    assert!(h.app.doc.trace.steps.is_empty());
    h.keys("S").unwrap();
    let n = h.app.doc.trace.steps.len();
    assert!(n > 10, "the default schedule has its steps: {n}");
    let msg = message(&h);
    assert!(msg.contains("rule Matmul"), "{msg}");
    assert!(msg.contains(&format!("steps 1-{n} appended")), "{msg}");
    // The scheduled program binds threads: it is a GPU kernel now.
    let tir = tirtui::script::print_func(h.app.doc.trace.func());
    assert!(tir.contains("threadIdx.x"), "{tir}");
    h.keys("u").unwrap();
    assert!(h.app.doc.trace.steps.is_empty(), "{}", message(&h));
    h.keys("<c-r>").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), n, "{}", message(&h));
    // After a redo the proposal is still one change.
    h.keys("u").unwrap();
    assert!(h.app.doc.trace.steps.is_empty(), "{}", message(&h));
}

#[test]
fn a_step_typed_after_a_proposal_is_undone_alone() {
    let mut h = open("gemm.tir");
    h.keys("S").unwrap();
    let n = h.app.doc.trace.steps.len();
    h.keys(":sch.get_block(\"B_update\")<ret>").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), n + 1, "{}", message(&h));
    h.keys("u").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), n);
}

#[test]
fn sketches_are_listed_and_appended_by_number() {
    let mut h = open("softmax.tir");
    h.keys(":schedule list<ret>").unwrap();
    let msg = message(&h);
    assert!(msg.contains("sketches: 1 "), "{msg}");
    assert!(msg.contains("CrossThreadReduction"), "{msg}");
    h.keys(":schedule 2<ret>").unwrap();
    let msg = message(&h);
    assert!(msg.contains("sketch 2:"), "{msg}");
    assert!(!h.app.doc.trace.steps.is_empty());
    h.keys(":schedule 99<ret>").unwrap();
    let msg = message(&h);
    assert!(msg.contains("`:schedule N` takes 1 to"), "{msg}");
    h.keys(":schedule x<ret>").unwrap();
    assert!(message(&h).contains("sketch number"), "{}", message(&h));
}

#[test]
fn the_palette_names_the_rules_of_the_block_under_the_cursor() {
    let mut h = open("gemm.tir");
    // Jump from target to target until the cursor is on the block "B".
    for _ in 0..8 {
        if h.screen().contains("Palette · block \"B\"") {
            break;
        }
        h.keys("n").unwrap();
    }
    let screen = h.screen();
    assert!(
        screen.contains("Palette · block \"B\" · rules: "),
        "{screen}"
    );
    assert_eq!(h.app.cursor_rules(), ["MultiLevelTiling"]);
}
