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
    cursor_on_block(&mut h, "B");
    // Wide: the target, the keys that apply the rules, then the rules (the
    // second name cut to the pane).
    h.resize(300, 48);
    let screen = h.screen();
    assert!(
        screen.contains("Palette · block \"B\" · (b, S) rules: MultiLevelTiling, MultiLevelTil"),
        "{screen}"
    );
    // MetaSchedule's rule, then tirtui's own register-reuse GEMM sketches.
    assert_eq!(
        h.app.cursor_rules(),
        ["MultiLevelTiling", "MultiLevelTilingRegisterReuse"]
    );
    // Narrower, the rules are cut and the keys stay (until the register-reuse
    // rule was added, its name pushed `(b, S)` out of the title).
    for width in [160, 120, 100] {
        h.resize(width, 48);
        let screen = h.screen();
        let title = screen
            .lines()
            .next()
            .and_then(|l| l.split("Palette").nth(1))
            .unwrap_or_default();
        assert!(title.contains("(b, S)"), "{width} columns: {screen}");
        assert!(title.contains("Multi"), "{width} columns: {screen}");
    }
    insta::assert_snapshot!("palette_title_100_columns", h.screen());
}

/// Moves the TIR cursor (`n`, from the top) onto block `name`.
fn cursor_on_block(h: &mut Headless, name: &str) {
    h.keys("g").unwrap();
    let want = format!("block \"{name}\"");
    for _ in 0..200 {
        let here = h.app.target().map(|t| t.describe(h.app.doc.trace.func()));
        if here.as_deref() == Some(want.as_str()) {
            return;
        }
        h.keys("n").unwrap();
    }
    panic!("no block {name} under the cursor:\n{}", h.screen());
}

fn tir(h: &Headless) -> String {
    tirtui::script::print_func(h.app.doc.trace.func())
}

/// How many of the loops around block `name` are bound to a GPU thread axis.
fn bound_loops(h: &Headless, name: &str) -> usize {
    use tirtui::ir::ForKind;
    let func = h.app.doc.trace.func();
    let Some(block) = func.blocks().into_iter().find(|b| b.name == name) else {
        panic!("no block {name} in\n{}", tir(h));
    };
    let loops = tirtui::schedule::tree::loops_of_block(func, block.id).unwrap_or_default();
    loops
        .iter()
        .filter_map(|l| func.find_loop(*l))
        .filter(|f| matches!(f.kind, ForKind::ThreadBinding(_)))
        .count()
}

#[test]
fn b_schedules_only_the_block_under_the_cursor_and_one_undo_removes_it() {
    let mut h = open("gemm_bias_relu.tir");
    cursor_on_block(&mut h, "C");
    h.keys("b").unwrap();
    let msg = message(&h);
    assert!(
        msg.contains("block \"C\" (Matmul) of the default schedule"),
        "{msg}"
    );
    let n = h.app.doc.trace.steps.len();
    assert!(msg.contains(&format!("steps 1-{n} appended")), "{msg}");
    // C is tiled and bound; D (the bias) and E (the ReLU) are as they were:
    // the default's Fallback(D) and AutoInline(E) are other blocks' steps.
    let ops: Vec<&str> = h
        .app
        .doc
        .trace
        .steps
        .iter()
        .map(|s| s.op.as_str())
        .collect();
    assert!(
        ops.contains(&"cache_read") && ops.contains(&"bind"),
        "{ops:?}"
    );
    assert!(!ops.contains(&"reverse_compute_inline"), "{ops:?}");
    let text = tir(&h);
    assert!(text.contains("threadIdx.x"), "{text}");
    assert!(text.contains("T.block(\"D\")") && text.contains("T.block(\"E\")"));
    // decompose_reduction split C into C_init and C_update.
    assert!(bound_loops(&h, "C_update") >= 4, "{text}");
    assert_eq!(bound_loops(&h, "D"), 0, "{text}");
    assert_eq!(bound_loops(&h, "E"), 0, "{text}");
    // The cursor stayed on C; the palette still names its rule.
    insta::assert_snapshot!("block_c_scheduled", h.screen());
    // One undo takes the block's steps back together.
    h.keys("u").unwrap();
    assert!(h.app.doc.trace.steps.is_empty(), "{}", message(&h));
    h.keys("<c-r>").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), n, "{}", message(&h));
    // The default of the program as it stands now inlines D into E.
    cursor_on_block(&mut h, "D");
    h.keys("b").unwrap();
    let msg = message(&h);
    assert!(msg.contains("block \"D\" (AutoInline)"), "{msg}");
    assert!(!tir(&h).contains("T.block(\"D\")"), "{}", tir(&h));
    h.keys("u").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), n, "{}", message(&h));
}

#[test]
fn b_on_another_block_of_the_workload_takes_its_rule_alone() {
    // The whole default is AutoInline(E), Matmul(C), Fallback(D): D's part binds D.
    let mut h = open("gemm_bias_relu.tir");
    cursor_on_block(&mut h, "D");
    h.keys("b").unwrap();
    let msg = message(&h);
    assert!(
        msg.contains("block \"D\" (Fallback) of the default schedule"),
        "{msg}"
    );
    assert_eq!(bound_loops(&h, "D"), 2, "{}", tir(&h));
    assert_eq!(bound_loops(&h, "C"), 0, "{}", tir(&h));
    assert_eq!(bound_loops(&h, "E"), 0, "{}", tir(&h));
    // E's part is its inline into D.
    cursor_on_block(&mut h, "E");
    h.keys("b").unwrap();
    let msg = message(&h);
    assert!(msg.contains("block \"E\" (AutoInline)"), "{msg}");
    assert!(!tir(&h).contains("T.block(\"E\")"), "{}", tir(&h));
}

#[test]
fn schedule_n_block_appends_the_blocks_part_of_sketch_n() {
    let mut h = open("softmax.tir");
    cursor_on_block(&mut h, "T_softmax_norm");
    h.keys(":schedule 1 block<ret>").unwrap();
    let msg = message(&h);
    assert!(
        msg.contains("block \"T_softmax_norm\" (AutoBind) of sketch 1"),
        "{msg}"
    );
    let ops: Vec<&str> = h
        .app
        .doc
        .trace
        .steps
        .iter()
        .map(|s| s.op.as_str())
        .collect();
    // Only the norm's binding: no other block's inline, no root unroll.
    assert!(!ops.contains(&"compute_inline"), "{ops:?}");
    assert!(!ops.contains(&"annotate"), "{ops:?}");
    assert_eq!(bound_loops(&h, "T_softmax_norm"), 2, "{}", tir(&h));
    assert_eq!(bound_loops(&h, "T_softmax_expsum"), 0, "{}", tir(&h));
    h.keys("u").unwrap();
    assert!(h.app.doc.trace.steps.is_empty(), "{}", message(&h));
    // The same with the block word first.
    h.keys(":schedule block 1<ret>").unwrap();
    assert!(!h.app.doc.trace.steps.is_empty(), "{}", message(&h));
}

#[test]
fn schedule_block_refuses_a_loop_and_a_block_without_a_rule() {
    let mut h = open("gemm_bias_relu.tir");
    cursor_on_block(&mut h, "C");
    // `l` picks the first loop on the line above? Move to a loop header.
    h.keys("g").unwrap();
    for _ in 0..50 {
        if matches!(h.app.target(), Some(tirtui::tui::targets::Target::Loop(_))) {
            break;
        }
        h.keys("n").unwrap();
    }
    assert!(matches!(
        h.app.target(),
        Some(tirtui::tui::targets::Target::Loop(_))
    ));
    h.keys("b").unwrap();
    let msg = message(&h);
    assert!(msg.contains("not a block"), "{msg}");
    assert!(msg.contains("n/N jump"), "{msg}");
    assert!(h.app.doc.trace.steps.is_empty());
    // A line of the root (an allocation) selects the root block, which no
    // rule of the default schedule shapes.
    h.keys("g").unwrap();
    for _ in 0..20 {
        let line = h.app.doc.printed.text.lines().nth(h.app.cursor);
        if line.is_some_and(|l| l.contains("T.alloc_buffer")) {
            break;
        }
        h.keys("j").unwrap();
    }
    h.keys("b").unwrap();
    let msg = message(&h);
    assert!(
        msg.contains("no rule of the default schedule shapes block \"root\""),
        "{msg}"
    );
    assert!(
        msg.contains("it applies AutoInline(E), Matmul(C), Fallback(D)"),
        "{msg}"
    );
    assert!(h.app.doc.trace.steps.is_empty());
    h.keys(":schedule list block<ret>").unwrap();
    assert!(
        message(&h).contains("`:schedule list` names every sketch"),
        "{}",
        message(&h)
    );
}

/// A session over `workload` (a shipped .tir) with `steps`, in a fresh folder.
fn session(test: &str, workload: &str, steps: &[&str]) -> Headless {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir =
        std::env::temp_dir().join(format!("tirtui-tui-propose-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut yaml = format!(
        "tirtui: 1\nworkload: \"{}\"\nsteps:\n",
        root.join("sessions").join(workload).display()
    );
    for s in steps {
        yaml.push_str(&format!("  - {s}\n"));
    }
    let path = dir.join("s.yaml");
    std::fs::write(&path, yaml).unwrap();
    std::env::set_var("XDG_CONFIG_HOME", dir.join("config"));
    Headless::open(&path, 160, 48).unwrap()
}

/// GEMM with a sampled tile of `i`, a fixed split of its inner part (which
/// holds only while that part is 16 long), and a sampled unroll.
fn tiled_gemm(test: &str) -> Headless {
    session(
        test,
        "gemm.tir",
        &[
            "{op: get_block, name: B, out: b0}",
            "{op: get_loops, block: b0, out: [i, j, k]}",
            "{op: sample_perfect_tile, loop: i, n: 2, max_innermost_factor: 64, decision: [64, 16], out: [v0, v1]}",
            "{op: split, loop: i, factors: [v0, v1], out: [i0, i1]}",
            "{op: split, loop: i1, factors: [4, 4], out: [i10, i11]}",
            "{op: sample_categorical, candidates: [0, 16, 64], probs: [0.3, 0.3, 0.4], decision: 1, out: u}",
            "{op: annotate, block_or_loop: i0, ann_key: pragma_auto_unroll_max_step, ann_val: u}",
        ],
    )
}

fn decision(h: &Headless, step: usize) -> String {
    h.app.doc.all_steps()[step - 1]
        .arg("decision")
        .map(|a| a.to_yaml())
        .unwrap_or_default()
}

#[test]
fn a_decision_edited_with_the_command_replays_the_trace_and_undo_restores_it() {
    let mut h = tiled_gemm("command");
    let before = tir(&h);
    assert!(
        before.contains("\"pragma_auto_unroll_max_step\": 16"),
        "{before}"
    );
    h.keys(":decision 6 2<ret>").unwrap();
    let msg = message(&h);
    assert!(
        msg.contains("step 6 `sample_categorical`: decision 1 -> 2"),
        "{msg}"
    );
    assert!(msg.contains("u undoes the edit"), "{msg}");
    assert_eq!(decision(&h, 6), "2");
    let after = tir(&h);
    assert!(
        after.contains("\"pragma_auto_unroll_max_step\": 64"),
        "{after}"
    );
    assert_eq!(h.app.doc.trace.steps.len(), 7);
    assert!(h.app.doc.unsaved());
    h.keys("u").unwrap();
    assert_eq!(decision(&h, 6), "1", "{}", message(&h));
    assert_eq!(tir(&h), before);
    assert_eq!(
        h.app.doc.trace.steps.len(),
        7,
        "the edit's undo keeps every step"
    );
    assert!(!h.app.doc.unsaved());
    h.keys("<c-r>").unwrap();
    assert_eq!(decision(&h, 6), "2", "{}", message(&h));
    assert_eq!(tir(&h), after);
}

#[test]
fn e_in_the_trace_pane_opens_the_editor_prefilled_and_the_program_updates() {
    let mut h = tiled_gemm("editor");
    // Tab twice: TIR, Palette, Trace; the selection starts on the last step.
    h.keys("<tab><tab>kkkk").unwrap();
    assert_eq!(h.app.trace_sel, 2);
    h.keys("e").unwrap();
    match &h.app.mode {
        tirtui::tui::app::Mode::Decision(d) => assert_eq!(d.edit.text, "[64, 16]"),
        _ => panic!("no editor:\n{}", h.screen()),
    }
    insta::assert_snapshot!("decision_editor", h.screen());
    // A tile that leaves the inner part 32 long: the fixed split after it no
    // longer fits, and is kept, marked failed, with the steps after it.
    h.keys("<c-u>[32, 32]<ret>").unwrap();
    assert!(matches!(h.app.mode, tirtui::tui::app::Mode::Normal));
    let msg = message(&h);
    assert!(msg.contains("decision [64, 16] -> [32, 32]"), "{msg}");
    assert!(
        msg.contains("step 5 no longer applies and is kept with the 2 after it"),
        "{msg}"
    );
    assert_eq!(h.app.doc.trace.steps.len(), 4);
    assert_eq!(h.app.doc.pending.len(), 3);
    assert!(
        tir(&h).contains("T.grid(32, 32") || tir(&h).contains("range(32)"),
        "{}",
        tir(&h)
    );
    let screen = h.screen();
    assert!(screen.contains("│5 ✗ i10, i11 = sch.split(i1"), "{screen}");
    assert!(screen.contains("✗ 3 not applied"), "{screen}");
    // `u` brings the old decision back, and every step applies again.
    h.keys("u").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), 7, "{}", message(&h));
    assert!(h.app.doc.pending.is_empty());
    assert_eq!(decision(&h, 3), "[64, 16]");
}

#[test]
fn invalid_decisions_are_refused_with_the_replays_reason() {
    let mut h = tiled_gemm("invalid");
    let before = tir(&h);
    h.keys(":decision 3 [4, 4, 4]<ret>").unwrap();
    let msg = message(&h);
    assert!(msg.contains("it has 3 factors but n is 2"), "{msg}");
    h.keys(":decision 3 [16, 32]<ret>").unwrap();
    let msg = message(&h);
    assert!(
        msg.contains("multiply to 512 but the loop's extent is 1024"),
        "{msg}"
    );
    assert!(
        msg.contains("give 2 positive factors whose product is the loop's extent 1024"),
        "{msg}"
    );
    h.keys(":decision 3 [8, 128]<ret>").unwrap();
    assert!(
        message(&h).contains("exceeds max_innermost_factor 64"),
        "{}",
        message(&h)
    );
    h.keys(":decision 6 3<ret>").unwrap();
    let msg = message(&h);
    assert!(msg.contains("index below 3"), "{msg}");
    assert!(
        msg.contains("give an index from 0 to 2 into the candidates [0, 16, 64]"),
        "{msg}"
    );
    h.keys(":decision 6 x<ret>").unwrap();
    assert!(
        message(&h).contains("`x` is not an integer"),
        "{}",
        message(&h)
    );
    h.keys(":decision 4 2<ret>").unwrap();
    assert!(
        message(&h).contains("step 4 is `split`, which samples nothing"),
        "{}",
        message(&h)
    );
    h.keys(":decision 99 2<ret>").unwrap();
    assert!(message(&h).contains("no step 99"), "{}", message(&h));
    assert_eq!(tir(&h), before);
    assert!(!h.app.doc.unsaved());
    // In the editor the refusal is shown and the editor stays open.
    h.keys(":decision 3<ret><c-u>[16, 32]<ret>").unwrap();
    assert!(matches!(h.app.mode, tirtui::tui::app::Mode::Decision(_)));
    assert!(h.screen().contains("multiply to 512"), "{}", h.screen());
    h.keys("<esc>").unwrap();
    assert!(matches!(h.app.mode, tirtui::tui::app::Mode::Normal));
    assert_eq!(tir(&h), before);
}

#[test]
fn a_compute_location_the_replay_would_move_is_refused_with_the_places() {
    let mut h = session(
        "location",
        "gemm_bias_relu.tir",
        &[
            "{op: get_block, name: D, out: b0}",
            "{op: sample_compute_location, block: b0, decision: -1, out: loc}",
        ],
    );
    h.keys(":decision 2 7<ret>").unwrap();
    let msg = message(&h);
    assert!(msg.contains("7 is not a place for the block"), "{msg}");
    assert!(msg.contains("-2 (inline), -1 (root)"), "{msg}");
    assert_eq!(decision(&h, 2), "-1");
    h.keys(":decision 2 -2<ret>").unwrap();
    assert_eq!(decision(&h, 2), "-2", "{}", message(&h));
}

#[test]
fn a_tiny_terminal_and_a_huge_paste_into_the_editor_do_not_panic() {
    let mut h = tiled_gemm("tiny");
    h.keys("<tab><tab>kkkke").unwrap();
    assert!(matches!(h.app.mode, tirtui::tui::app::Mode::Decision(_)));
    for (w, ht) in [(1, 1), (10, 3), (20, 4), (24, 6), (40, 8)] {
        h.resize(w, ht);
        h.keys("<c-u>[8, 128]<ret>").unwrap();
    }
    h.resize(160, 48);
    let huge = "1, ".repeat(300_000);
    let start = std::time::Instant::now();
    h.event(tirtui::tui::app::Event::Paste(huge));
    h.keys("<ret>").unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    assert!(message(&h).contains("characters"), "{}", message(&h));
    h.resize(12, 5);
    h.keys("<esc>").unwrap();
    assert_eq!(decision(&h, 3), "[64, 16]");
}

#[test]
fn a_blocks_part_that_needs_another_blocks_rules_is_refused_whole_with_their_names() {
    // Sketch 1 reverse-inlines D into C's local cache, which C's
    // MultiLevelTiling made: alone, D's inline has no complete producer.
    let mut h = open("gemm_bias_relu.tir");
    cursor_on_block(&mut h, "D");
    h.keys(":schedule 1 block<ret>").unwrap();
    let msg = message(&h);
    assert!(
        msg.starts_with("block \"D\"'s steps do not apply without what sketch 1 did to other blocks before them (MultiLevelTiling(C)"),
        "{msg}"
    );
    assert!(
        msg.contains("`:schedule 1` appends the whole of it"),
        "{msg}"
    );
    assert!(msg.contains("reverse_compute_inline"), "{msg}");
    assert!(h.app.doc.trace.steps.is_empty());
    assert!(!h.app.doc.unsaved());
}

#[test]
fn every_blocks_part_of_the_default_applies_alone_on_these_workloads() {
    use tirtui::tui::block_part::{block_part, changes_program};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions");
    for name in [
        "gemm_bias_relu.tir",
        "conv2d.tir",
        "pool2x2.tir",
        "transpose.tir",
        "gemv.tir",
    ] {
        let path = root.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let func = tirtui::session::parse_workload(name, &text, None).unwrap();
        let accept =
            |s: &tirtui::design_space::Sketch| tirtui::tune::check::steps_launch(&func, &s.steps);
        let (_, sketch) = tirtui::design_space::default_schedule(&func, &accept).unwrap();
        let mut parts = 0;
        for block in func.blocks() {
            if tirtui::tui::propose::rules_for_block(std::slice::from_ref(&sketch), &block.name)
                .is_empty()
            {
                continue;
            }
            let part = block_part(&sketch.steps, &block.name);
            assert!(changes_program(&part), "{name} {}", block.name);
            assert!(
                part.len() < sketch.steps.len() || func.blocks().len() <= 2,
                "{name} {}",
                block.name
            );
            if let Err((_, e)) = tirtui::trace::Trace::replay(func.clone(), &part) {
                panic!("{name}: block {}'s part does not apply: {e}", block.name);
            }
            parts += 1;
        }
        assert!(parts >= 1, "{name}");
    }
}

#[test]
fn a_decision_of_a_proposed_sketch_is_edited_and_undone() {
    let mut h = open("gemm.tir");
    h.keys(":schedule 1<ret>").unwrap();
    let steps = h.app.doc.trace.steps.clone();
    let k = steps
        .iter()
        .position(|s| s.op == "sample_perfect_tile")
        .expect("the MultiLevelTiling sketch samples its tiles");
    let old: Vec<i64> = match steps[k].arg("decision") {
        Some(tirtui::trace::Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                tirtui::trace::Arg::Int(i) => *i,
                _ => panic!("{a:?}"),
            })
            .collect(),
        other => panic!("{other:?}"),
    };
    // The same extent and innermost factor, the rest moved outermost.
    let product: i64 = old.iter().product();
    let inner = old[old.len() - 1];
    let mut new = vec![1; old.len()];
    new[0] = product / inner;
    *new.last_mut().unwrap() = inner;
    if new == old {
        new.swap(0, 1);
    }
    let before = tir(&h);
    let text = format!("{new:?}");
    h.keys(&format!(":decision {} {text}<ret>", k + 1)).unwrap();
    let msg = message(&h);
    assert!(msg.contains(&format!("-> {text}")), "{msg}");
    assert_ne!(tir(&h), before);
    h.keys("u").unwrap();
    assert_eq!(tir(&h), before, "{}", message(&h));
    assert_eq!(h.app.doc.trace.steps.len(), steps.len());
}

#[test]
fn undo_and_redo_walk_edits_and_steps_in_the_order_they_were_made() {
    let mut h = tiled_gemm("order");
    let original = tir(&h);
    h.keys(":decision 6 2<ret>").unwrap();
    let edited = tir(&h);
    h.keys(":sch.unroll(i11)<ret>").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), 8, "{}", message(&h));
    // The step typed last is undone first, then the edit.
    h.keys("u").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), 7);
    assert_eq!(tir(&h), edited);
    h.keys("u").unwrap();
    assert_eq!(tir(&h), original, "{}", message(&h));
    assert_eq!(
        h.app.doc.trace.redo.len(),
        1,
        "the undone step is kept to redo"
    );
    // Redo: the edit (undone last) first, then the step.
    h.keys("<c-r>").unwrap();
    assert_eq!(tir(&h), edited, "{}", message(&h));
    h.keys("<c-r>").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), 8, "{}", message(&h));
    // Undo both, type another step and undo it: redo gives that step back,
    // never the older edit over it.
    h.keys("uu:sch.unroll(i10)<ret>u").unwrap();
    assert_eq!(tir(&h), original, "{}", message(&h));
    h.keys("<c-r>").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), 8, "{}", message(&h));
    assert_eq!(decision(&h, 6), "1");
    assert_eq!(h.app.doc.trace.steps[7].op, "unroll");
}
