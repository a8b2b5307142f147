//! MultiLevelTilingTensorCore against TVM 0.27's (issue 30): for each
//! workload of `tests/data/design_space/tc/`, tirtui's tensor-core sketch and
//! the sketch TVM's `cuda-tensorcore` rules generate for it
//! (`scripts/ms_space/record.py --tensorcore` -> `ms_sketches_tc.json`) are
//! compared level by level: the tiling levels, the bindings, every cache
//! stage (its scopes, the loops above it: where it is computed), the
//! tensorized intrinsics and the annotations. Both are replayed with TVM's
//! tile decisions so that the loop extents compare.
//!
//! Every difference found must be listed, with its reason, in
//! `tests/data/design_space/tc/differences.json` (and docs/tuning.md): the
//! test fails on a new difference and on a listed one that is gone, so the
//! list stays true.

use std::collections::BTreeMap;
use std::path::Path;
use tirtui::design_space::{generate, GpuTarget, Sketch};
use tirtui::ir::{ForKind, PrimFunc, Stmt, StorageScope};
use tirtui::trace::{Arg, Handle, Step, Trace};

const DIR: &str = "tests/data/design_space/tc";

fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn workload(name: &str) -> PrimFunc {
    tirtui::script::parse_func(&read(name), None).unwrap()
}

/// The scope class a stage moves data between.
fn class(scope: StorageScope) -> &'static str {
    match scope {
        StorageScope::Global => "global",
        StorageScope::Shared | StorageScope::SharedDyn => "shared",
        s if s.is_mma() || s.name().starts_with("wmma") => "fragment",
        _ => "local",
    }
}

/// A block's role: `C compute` for the blockized GEMM, `C init` for its
/// decomposed init, else the buffer it stages (the first letter of the
/// block's name, A, B or C) and the scope classes it copies between.
fn role(func: &PrimFunc, block: &tirtui::ir::Block, gemm: &str) -> (String, String) {
    let scope = |r: &tirtui::ir::BufferRegion| func.buffer(r.buffer).scope;
    // TVM's sketch leaves the init in the block (RewriteReductionBlock
    // decomposes it); ours decomposes it: `C_o_update` then.
    if block.name == format!("{gemm}_o") || block.name == format!("{gemm}_o_update") {
        return ("C compute".into(), String::new());
    }
    if block.name == format!("{gemm}_o_init") {
        return ("C init".into(), String::new());
    }
    let origin = block.name.split('_').next().unwrap_or("?").to_string();
    let (Some(r), Some(w)) = (block.reads.first(), block.writes.first()) else {
        return (format!("{origin} ?"), String::new());
    };
    let (from, to) = (scope(r), scope(w));
    (
        format!("{origin} {} -> {}", class(from), class(to)),
        format!("{} -> {}", from.name(), to.name()),
    )
}

/// The stages of the scheduled program: each block below the root that is
/// not the body of a tensorized block, with its role, exact scopes and the
/// loops above it (`kind:extent`, outermost first).
fn stages(func: &PrimFunc, gemm: &str) -> BTreeMap<String, (String, String)> {
    fn walk(
        func: &PrimFunc,
        gemm: &str,
        s: &Stmt,
        nested: bool,
        loops: &mut Vec<String>,
        out: &mut BTreeMap<String, (String, String)>,
    ) {
        match s {
            Stmt::For(f) => {
                let kind = match f.kind {
                    ForKind::ThreadBinding(a) => a.tag(),
                    ForKind::Serial => "serial".into(),
                    ForKind::Parallel => "parallel".into(),
                    ForKind::Vectorized => "vectorized".into(),
                    ForKind::Unrolled => "unrolled".into(),
                };
                let extent = f.extent.as_int().map_or("?".into(), |e| e.to_string());
                loops.push(format!("{kind}:{extent}"));
                walk(func, gemm, &f.body, nested, loops, out);
                loops.pop();
            }
            Stmt::BlockRealize(r) => {
                let root = func.root_block().is_some_and(|b| b.id == r.block.id);
                if !root && !nested {
                    let (role, scopes) = role(func, &r.block, gemm);
                    let previous = out.insert(role.clone(), (scopes, loops.join(" ")));
                    assert!(previous.is_none(), "two blocks of role {role}");
                }
                walk(func, gemm, &r.block.body, !root, &mut Vec::new(), out);
            }
            Stmt::Seq(v) => v
                .iter()
                .for_each(|x| walk(func, gemm, x, nested, loops, out)),
            Stmt::IfThenElse(i) => {
                walk(func, gemm, &i.then_case, nested, loops, out);
                if let Some(e) = &i.else_case {
                    walk(func, gemm, e, nested, loops, out);
                }
            }
            Stmt::LetStmt(l) => walk(func, gemm, &l.body, nested, loops, out),
            _ => {}
        }
    }
    let mut out = BTreeMap::new();
    walk(func, gemm, &func.body, false, &mut Vec::new(), &mut out);
    out
}

/// The role of a tensor intrinsic, from its name (TVM's wmma names and
/// tirtui's mma names).
fn intrinsic_role(name: &str) -> &'static str {
    if name.contains("fill") || name.contains("init") {
        "init"
    } else if name.contains("store") {
        "store"
    } else if name.contains("load") || name.contains("ldmatrix") {
        if name.contains("_a") {
            "load A"
        } else {
            "load B"
        }
    } else {
        "compute"
    }
}

fn text(arg: Option<&Arg>) -> String {
    match arg {
        Some(Arg::Str(s)) => s.clone(),
        Some(a) => a.to_yaml(),
        None => "-".into(),
    }
}

/// What a trace says, level by level: the tiles sampled, the tensor
/// intrinsics by role, the annotations (a sampled value as its candidates),
/// the shared-memory alignment, and the loop structure of each stage of the
/// program it gives.
fn facts(steps: &[Step], func: &PrimFunc, gemm: &str) -> BTreeMap<String, String> {
    let mut facts = BTreeMap::new();
    let tiles: Vec<String> = steps
        .iter()
        .filter(|s| s.op == "sample_perfect_tile")
        .map(|s| {
            format!(
                "n={} max_innermost={}",
                text(s.arg("n")),
                text(s.arg("max_innermost_factor"))
            )
        })
        .collect();
    facts.insert("tiles (i, j, k)".into(), tiles.join("; "));
    let mut sampled: BTreeMap<&str, String> = BTreeMap::new();
    let mut annotations: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut aligns = Vec::new();
    let mut bindings = Vec::new();
    for s in steps {
        match s.op.as_str() {
            "sample_categorical" => {
                for out in &s.out {
                    sampled.insert(out, format!("sampled {}", text(s.arg("candidates"))));
                }
            }
            "tensorize" => {
                let intrin = text(s.arg("tensor_intrin"));
                facts.insert(format!("intrinsic {}", intrinsic_role(&intrin)), intrin);
            }
            "annotate" => {
                let key = text(s.arg("ann_key"));
                let value = text(s.arg("ann_val"));
                if key.starts_with("meta_schedule.auto_tensorize") {
                    facts.insert(format!("intrinsic {}", intrinsic_role(&value)), value);
                    continue;
                }
                let value = sampled.get(value.as_str()).cloned().unwrap_or(value);
                annotations.entry(key).or_default().push(value);
            }
            "storage_align" => aligns.push(format!(
                "axis {} factor {} offset {}",
                text(s.arg("axis")),
                text(s.arg("factor")),
                text(s.arg("offset"))
            )),
            "bind" => bindings.push(text(s.arg("thread_axis"))),
            _ => {}
        }
    }
    for (key, mut values) in annotations {
        values.sort();
        facts.insert(format!("annotation {key}"), values.join(", "));
    }
    facts.insert("storage_align".into(), aligns.join("; "));
    facts.insert("bind steps".into(), bindings.join(", "));
    for (role, (scopes, loops)) in stages(func, gemm) {
        if !scopes.is_empty() {
            facts.insert(format!("{role}: scopes"), scopes);
        }
        facts.insert(format!("{role}: loops"), loops);
    }
    facts
}

/// TVM's tile decisions on our sketch's `sample_perfect_tile` steps (the
/// same order: i, j, k). Where our k loop counts wider tiles (int8: 32
/// against wmma's 16) the outermost factors are divided until the product
/// fits.
fn with_tvm_tiles(func: &PrimFunc, ours: &[Step], tvm: &[Step]) -> Vec<Step> {
    let decisions: Vec<Vec<i64>> = tvm
        .iter()
        .filter(|s| s.op == "sample_perfect_tile")
        .map(|s| match s.arg("decision") {
            Some(Arg::List(v)) => v
                .iter()
                .map(|a| match a {
                    Arg::Int(i) => *i,
                    _ => panic!("decision {a:?}"),
                })
                .collect(),
            other => panic!("decision {other:?}"),
        })
        .collect();
    let mut steps = Vec::new();
    let mut at = 0;
    let mut trace = Trace::new(func.clone());
    for s in ours {
        let mut s = s.clone();
        if s.op == "sample_perfect_tile" {
            let mut d = decisions[at].clone();
            at += 1;
            // The loop's extent in our sketch.
            let extent = match s.arg("loop") {
                Some(Arg::Str(l)) => match trace.state.lookup(l) {
                    Some(Handle::Loop(id)) => trace
                        .func()
                        .find_loop(*id)
                        .and_then(|f| f.extent.as_int())
                        .unwrap_or_else(|| panic!("loop {l} has no constant extent")),
                    other => panic!("{l} is {other:?}"),
                },
                other => panic!("loop {other:?}"),
            };
            let mut product: i64 = d.iter().product();
            for f in d.iter_mut() {
                while product > extent && *f % 2 == 0 {
                    *f /= 2;
                    product /= 2;
                }
            }
            assert_eq!(product, extent, "TVM's tiles {d:?} do not fit {extent}");
            s.set_arg("decision", Arg::List(d.into_iter().map(Arg::Int).collect()));
        }
        trace
            .push(s.clone())
            .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("sketch").render()));
        steps.push(s);
    }
    steps
}

/// TVM prints a one-element unpacking as `b5, = ...`; tirtui's Python
/// reader takes `b5 = ...[0]`.
fn one_tuple_unpacked(text: &str) -> String {
    text.lines()
        .map(|line| {
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            match body.split_once(", = ") {
                Some((name, rest)) if name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                    format!("{indent}{name} = {rest}[0]")
                }
                _ => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// One listed difference.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Deserialize)]
struct Difference {
    workload: String,
    fact: String,
    tvm: String,
    tirtui: String,
}

#[derive(serde::Deserialize)]
struct Listed {
    #[serde(flatten)]
    difference: Difference,
    reason: String,
}

/// Whether the compute intrinsic reads B transposed (`_trans`).
fn b_transposed(facts: &BTreeMap<String, String>) -> bool {
    facts
        .get("intrinsic compute")
        .is_some_and(|n| n.contains("trans"))
}

#[test]
fn tensor_core_sketches_match_metaschedules_but_for_the_listed_differences() {
    let recorded: serde_json::Value = serde_json::from_str(&read("ms_sketches_tc.json")).unwrap();
    assert_eq!(recorded["rules"], "cuda-tensorcore");
    let workloads = recorded["workloads"].as_object().unwrap();
    assert!(workloads.len() >= 3);
    let mut found = Vec::new();
    for (name, sketches) in workloads {
        let func = workload(name);
        let ours: Vec<Sketch> = generate(&func, &GpuTarget::default()).unwrap();
        let tvm_sketches = sketches.as_array().unwrap();
        let mut differ = |fact: &str, tvm: String, tirtui: String| {
            found.push(Difference {
                workload: name.clone(),
                fact: fact.to_string(),
                tvm,
                tirtui,
            })
        };
        if ours.len() != tvm_sketches.len() {
            differ(
                "sketches",
                tvm_sketches.len().to_string(),
                ours.len().to_string(),
            );
        }
        let [sketch] = ours.as_slice() else {
            panic!("{name}: {} sketches", ours.len());
        };
        assert!(
            sketch
                .applied
                .iter()
                .any(|a| a.starts_with("MultiLevelTilingTensorCore")),
            "{name}: {:?}",
            sketch.applied
        );
        let mine_steps_probe = facts(
            &sketch.steps,
            &Trace::replay(func.clone(), &sketch.steps)
                .unwrap()
                .func()
                .clone(),
            "C",
        );
        // TVM's sketch of the same B layout as ours (TVM gives one per layout).
        let mut compared = None;
        for fact in tvm_sketches {
            let text = one_tuple_unpacked(
                &fact["trace"]
                    .as_str()
                    .unwrap()
                    .replace(", disable_predication=False", ""),
            );
            let tvm = tirtui::trace::pyscript::read_trace_file(&text, func.clone())
                .unwrap_or_else(|e| panic!("{name}: TVM's trace does not replay: {}", e.message()));
            let theirs = facts(&tvm.steps, tvm.func(), "C");
            if b_transposed(&theirs) == b_transposed(&mine_steps_probe) {
                compared = Some((tvm, theirs));
            }
        }
        let (tvm, theirs) =
            compared.unwrap_or_else(|| panic!("{name}: no TVM sketch of our B layout"));
        let steps = with_tvm_tiles(&func, &sketch.steps, &tvm.steps);
        let replayed = Trace::replay(func.clone(), &steps).unwrap_or_else(|(_, e)| panic!("{e}"));
        let mine = facts(&steps, replayed.func(), "C");
        let keys: std::collections::BTreeSet<&String> = theirs.keys().chain(mine.keys()).collect();
        for key in keys {
            let (t, m) = (theirs.get(key), mine.get(key));
            if t != m {
                let none = || "(none)".to_string();
                differ(
                    key,
                    t.cloned().unwrap_or_else(none),
                    m.cloned().unwrap_or_else(none),
                );
            }
        }
    }
    let listed: Vec<Listed> = serde_json::from_str(&read("differences.json")).unwrap();
    for l in &listed {
        assert!(!l.reason.trim().is_empty(), "{:?}: no reason", l.difference);
    }
    let listed: std::collections::BTreeSet<Difference> =
        listed.into_iter().map(|l| l.difference).collect();
    let found: std::collections::BTreeSet<Difference> = found.into_iter().collect();
    let new: Vec<_> = found.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(&found).collect();
    let json = |d: &[&Difference]| {
        d.iter()
            .map(|d| {
                format!(
                    " {{\"workload\": {:?}, \"fact\": {:?}, \"tvm\": {:?}, \"tirtui\": {:?}, \"reason\": \"\"}}",
                    d.workload, d.fact, d.tvm, d.tirtui
                )
            })
            .collect::<Vec<_>>()
            .join(",\n")
    };
    assert!(
        new.is_empty() && gone.is_empty(),
        "differences from TVM's tensor-core sketches not listed in {DIR}/differences.json \
         (with a reason, and in docs/tuning.md):\n{}\nlisted but no longer found:\n{}",
        json(&new),
        json(&gone)
    );
}
