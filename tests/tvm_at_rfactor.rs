//! Issue 28, TVM conformance of compute_at / reverse_compute_at with indices
//! that are not one iterator plus a constant, of rfactor, and of the small
//! refusals (cases from apache/tvm `tests/python/s_tir/schedule`). A legal
//! case is checked against the lines of TVM's program that matter and with
//! the interpreter; a negative fails at TVM's step, leaving the program as it
//! was. Property tests replay many tilings through the interpreter: a region
//! derived wrongly is a silent miscompile.

use tirtui::trace::{Session, Trace};

/// Applies all steps but the last, then the last, which must fail without
/// changing anything. Returns the one-line message.
#[track_caller]
fn fail(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace.push(last).expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    assert_eq!(trace.steps.len(), n - 1, "a failed step was appended");
    err.to_string()
}

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    let mut expected = tirtui::interp::random_args(&func, 5).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    printed
}

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

#[track_caller]
fn has(printed: &str, lines: &[&str]) {
    for l in lines {
        assert!(printed.contains(l), "missing `{l}` in:\n{printed}");
    }
}

/// test_compute_at_blockized_2: the producer writes `B[vio * 16:vio * 16 + 16, ...]`.
const BLOCKIZED_2: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.sblock_alloc_buffer((128, 128))
    for i_o, j_o in T.grid(8, 8):
        with T.sblock("B_outer"):
            vio, vjo = T.axis.remap("SS", [i_o, j_o])
            T.reads(A[vio * 16:vio * 16 + 16, vjo * 16:vjo * 16 + 16])
            T.writes(B[vio * 16:vio * 16 + 16, vjo * 16:vjo * 16 + 16])
            for i_i, j_i in T.grid(16, 16):
                with T.sblock("B_inner"):
                    vi = T.axis.spatial(128, vio * 16 + i_i)
                    vj = T.axis.spatial(128, vjo * 16 + j_i)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i_o, j_o, i_i, j_i in T.grid(4, 4, 32, 32):
        with T.sblock("C"):
            vi = T.axis.spatial(128, i_o * 32 + i_i)
            vj = T.axis.spatial(128, j_o * 32 + j_i)
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
"#;

#[test]
fn compute_at_through_a_scaled_index_covers_the_outer_blocks_as_tvm() {
    let p = legal(
        BLOCKIZED_2,
        "  - {op: get_block, name: C, out: c}\n  - {op: get_loops, block: c, out: [l0, l1, l2, l3]}\n  - {op: compute_at, block: B_outer, loop: l1, preserve_unit_loops: true}\n",
    );
    has(
        &p,
        &[
            "for ax0, ax1 in T.grid(2, 2):",
            "vio = T.axis.spatial(8, i_o * 2 + ax0)",
            "vjo = T.axis.spatial(8, j_o * 2 + ax1)",
        ],
    );
    assert!(
        !p.contains("T.where"),
        "no predicate in TVM's program:\n{p}"
    );
}

/// test_compute_at_rev_iter: the producer writes `Y[9 - vi, 9 - vj]`.
const REV_ITER: &str = r#"
@T.prim_func(s_tir=True)
def main(X: T.Buffer((10, 10), "float32"), Z: T.Buffer((10, 10), "float32")):
    Y = T.sblock_alloc_buffer((10, 10))
    for i, j in T.grid(10, 10):
        with T.sblock("b0"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(X[vi, vj])
            T.writes(Y[9 - vi, 9 - vj])
            Y[9 - vi, 9 - vj] = X[vi, vj] + T.float32(1.0)
    for i, j in T.grid(10, 10):
        with T.sblock("b1"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(Y[vj, vi])
            T.writes(Z[vi, vj])
            Z[vi, vj] = Y[vj, vi] + T.float32(2.0)
"#;

#[test]
fn compute_at_through_a_reversed_index_as_tvm() {
    let p = legal(
        REV_ITER,
        "  - {op: get_block, name: b1, out: c}\n  - {op: get_loops, block: c, out: [l0, l1]}\n  - {op: compute_at, block: b0, loop: l0}\n",
    );
    has(
        &p,
        &[
            "for ax0 in range(10):",
            "vi = T.axis.spatial(10, ax0)",
            "vj = T.axis.spatial(10, 9 - i)",
        ],
    );
}

/// test_reverse_compute_at_floordiv_and_floormod_indices.
const FLOORDIV_FLOORMOD: &str = r#"
@T.prim_func(s_tir=True)
def main(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((256,), "float32")):
    temp = T.sblock_alloc_buffer((16, 16))
    for i, j in T.grid(16, 16):
        with T.sblock("A"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(X[v_j, v_i])
            T.writes(temp[v_i, v_j])
            temp[v_i, v_j] = X[v_j, v_i] + T.float32(1.0)
    for i in range(256):
        with T.sblock("B"):
            v_i = T.axis.spatial(256, i)
            T.reads(temp[v_i // 16, v_i % 16])
            T.writes(Y[v_i])
            Y[v_i] = temp[v_i // 16, v_i % 16]
"#;

#[test]
fn reverse_compute_at_through_floordiv_and_floormod_as_tvm() {
    let p = legal(
        FLOORDIV_FLOORMOD,
        "  - {op: get_block, name: A, out: a}\n  - {op: get_loops, block: a, out: [l0, l1]}\n  - {op: reverse_compute_at, block: B, loop: l0}\n",
    );
    has(
        &p,
        &[
            "for ax0 in range(16):",
            "v_i = T.axis.spatial(256, i * 16 + ax0)",
        ],
    );
}

/// test_reverse_compute_at_floordiv_and_floormod_recursive.
const RECURSIVE: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16, 64, 1, 8, 8, 32), "float32"), C: T.Buffer((3, 512, 512), "float32")):
    B = T.sblock_alloc_buffer((1, 128, 16, 8, 2, 32, 2))
    for axis1, axis2, axis3, axis4, axis5, axis6, axis7 in T.grid(1, 128, 16, 8, 2, 32, 2):
        with T.sblock("In"):
            v_axis1, v_axis2, v_axis3, v_axis4, v_axis5, v_axis6, v_axis7 = T.axis.remap("SSSSSSS", [axis1, axis2, axis3, axis4, axis5, axis6, axis7])
            T.reads(A[(v_axis2 * 4 + v_axis5 * 2 + v_axis7) // 32, (v_axis3 * 32 + v_axis6) // 8, (v_axis1 * 8 + v_axis4) // 8, (v_axis3 * 32 + v_axis6) % 8, v_axis1 * 8 + v_axis4, (v_axis2 * 4 + v_axis5 * 2 + v_axis7) % 32])
            T.writes(B[v_axis1, v_axis2, v_axis3, v_axis4, v_axis5, v_axis6, v_axis7])
            B[v_axis1, v_axis2, v_axis3, v_axis4, v_axis5, v_axis6, v_axis7] = A[(v_axis2 * 4 + v_axis5 * 2 + v_axis7) // 32, (v_axis3 * 32 + v_axis6) // 8, (v_axis1 * 8 + v_axis4) // 8, (v_axis3 * 32 + v_axis6) % 8, v_axis1 * 8 + v_axis4, (v_axis2 * 4 + v_axis5 * 2 + v_axis7) % 32] + T.float32(3.0)
    for ax1, ax2, ax3 in T.grid(3, 512, 512):
        with T.sblock("Out"):
            v1, v2, v3 = T.axis.remap("SSS", [ax1, ax2, ax3])
            T.reads(B[v1 // 8, v2 // 4, v3 // 32, v1, v2 % 4 // 2, v3 % 32, v2 % 2])
            T.writes(C[v1, v2, v3])
            C[v1, v2, v3] = B[v1 // 8, v2 // 4, v3 // 32, v1, v2 % 4 // 2, v3 % 32, v2 % 2] * T.float32(2.0)
"#;

#[test]
fn reverse_compute_at_through_nested_floordiv_and_floormod_as_tvm() {
    let p = legal(
        RECURSIVE,
        "  - {op: get_loops, block: In, out: [l1, l2, l3, l4, l5, l6, l7]}\n  - {op: reverse_compute_at, block: Out, loop: l3}\n",
    );
    has(
        &p,
        &[
            "for ax0, ax1, ax2 in T.grid(3, 4, 32):",
            "v1 = T.axis.spatial(3, ax0)",
            "v2 = T.axis.spatial(512, axis2 * 4 + ax1)",
            "v3 = T.axis.spatial(512, axis3 * 32 + ax2)",
        ],
    );
}

/// test_reverse_compute_at_layout_trans: a fused index split by `// 16`, `% 16`.
const LAYOUT_TRANS: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 3, 5, 5, 16), "float32"), C: T.Buffer((1, 6, 5, 5, 8), "float32")):
    B = T.sblock_alloc_buffer((1, 3, 5, 5, 16))
    for i0, i1, i2, i3, i4 in T.grid(1, 3, 5, 5, 16):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
            T.reads(A[v_i0, v_i1, v_i2, v_i3, v_i4])
            T.writes(B[v_i0, v_i1, v_i2, v_i3, v_i4])
            B[v_i0, v_i1, v_i2, v_i3, v_i4] = A[v_i0, v_i1, v_i2, v_i3, v_i4] + T.float32(1.0)
    for ax0, ax1, ax2, ax3, ax4 in T.grid(1, 6, 5, 5, 8):
        with T.sblock("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16])
            T.writes(C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16]
"#;

#[test]
fn reverse_compute_at_through_a_split_fused_index_as_tvm() {
    let p = legal(
        LAYOUT_TRANS,
        "  - {op: get_loops, block: compute, out: [l1, l2, l3, l4, l5]}\n  - {op: reverse_compute_at, block: T_layout_trans, loop: l2}\n",
    );
    has(
        &p,
        &[
            "for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 8):",
            "v_ax0 = T.axis.spatial(1, 0)",
            "v_ax1 = T.axis.spatial(6, i1 * 2 + ax0)",
        ],
    );
}

/// Replays `steps` on `workload`: `Some(printed)` when every step applies and
/// the interpreter's outputs are unchanged (a difference panics), `None` when
/// the last step (the move) is refused with a typed error.
fn replay_checked(workload: &str, steps: &str) -> Option<String> {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let n = session.steps.len();
    let trace = match Trace::replay(func.clone(), &session.steps) {
        Ok(t) => t,
        Err((done, e)) => {
            assert_eq!(
                done.steps.len(),
                n - 1,
                "a setup step failed: {e}\n{workload}\n{steps}"
            );
            return None;
        }
    };
    let printed = tirtui::script::print_func(trace.func());
    let mut expected = tirtui::interp::random_args(&func, 7).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(
            g.max_rel_err(e) <= 1e-5,
            "results differ after\n{steps}\n{printed}"
        );
    }
    Some(printed)
}

/// A small deterministic generator: the tilings are many and varied, and a
/// failure reproduces.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The split steps of a loop nest `names` (each split by a random factor, or
/// left alone), and the loops after them.
fn random_splits(rng: &mut Lcg, names: &[&str], block: &str) -> (String, Vec<String>) {
    let mut steps = format!(
        "  - {{op: get_loops, block: {block}, out: [{}]}}\n",
        names.join(", ")
    );
    let mut loops = Vec::new();
    for n in names {
        let factor = rng.below(9);
        if factor < 2 {
            loops.push(n.to_string());
            continue;
        }
        steps += &format!(
            "  - {{op: split, loop: {n}, factors: [null, {factor}], out: [{n}o, {n}i]}}\n"
        );
        loops.push(format!("{n}o"));
        loops.push(format!("{n}i"));
    }
    // Outer loops first, as the nest is after the splits (no reorder).
    (steps, loops)
}

/// compute_at of a producer that writes `Y[v // F, v % F]` (TVM's affine
/// step) under random tilings of its 2-d consumer.
#[test]
fn compute_at_through_floordiv_floormod_writes_keeps_results_on_many_tilings() {
    let mut rng = Lcg(7);
    let mut moved = 0;
    for case in 0..60 {
        let (rows, cols) = (
            2 + rng.below(5) as i64,
            [2, 3, 4, 6, 8][rng.below(5) as usize],
        );
        let workload = format!(
            r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer(({n},), "float32"), Z: T.Buffer(({rows}, {cols}), "float32")):
    Y = T.sblock_alloc_buffer(({rows}, {cols}))
    for v in range({n}):
        with T.sblock("P"):
            vv = T.axis.spatial({n}, v)
            Y[vv // {cols}, vv % {cols}] = A[vv] * T.float32(2.0)
    for i, j in T.grid({rows}, {cols}):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            Z[vi, vj] = Y[vi, vj] + T.float32(1.0)
"#,
            n = rows * cols
        );
        let (mut steps, loops) = random_splits(&mut rng, &["ci", "cj"], "C");
        let at = &loops[rng.below(loops.len() as u64) as usize];
        steps += &format!("  - {{op: compute_at, block: P, loop: {at}}}\n");
        if replay_checked(&workload, &steps).is_some() {
            moved += 1;
        } else {
            assert!(case < 1000);
        }
    }
    assert!(moved >= 40, "only {moved} of 60 tilings were moved");
}

/// reverse_compute_at of a consumer that reads `T[(a * W + b) // F, (a * W + b) % F]`
/// (a fused index, TVM's layout_trans case) under random tilings of its
/// producer: the consumer must read only what was produced.
#[test]
fn reverse_compute_at_through_a_split_fused_index_keeps_results_on_many_tilings() {
    let mut rng = Lcg(11);
    let mut moved = 0;
    for _ in 0..60 {
        let width = [2, 4, 8][rng.below(3) as usize];
        let fac = [4, 8, 16][rng.below(3) as usize];
        let rows = 1 + rng.below(3) as i64;
        let total = rows * fac;
        if total % width != 0 {
            continue;
        }
        let outer = total / width;
        let workload = format!(
            r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer(({rows}, {fac}), "float32"), C: T.Buffer(({outer}, {width}), "float32")):
    B = T.sblock_alloc_buffer(({rows}, {fac}))
    for i, j in T.grid({rows}, {fac}):
        with T.sblock("P"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)
    for a, b in T.grid({outer}, {width}):
        with T.sblock("C"):
            va, vb = T.axis.remap("SS", [a, b])
            C[va, vb] = B[(va * {width} + vb) // {fac}, (va * {width} + vb) % {fac}] * T.float32(3.0)
"#
        );
        let (mut steps, loops) = random_splits(&mut rng, &["pi", "pj"], "P");
        let at = &loops[rng.below(loops.len() as u64) as usize];
        steps += &format!("  - {{op: reverse_compute_at, block: C, loop: {at}}}\n");
        if replay_checked(&workload, &steps).is_some() {
            moved += 1;
        }
    }
    assert!(moved >= 15, "only {moved} tilings were moved");
}

/// compute_at of a blockized producer writing `B[vo * T:vo * T + T]` under
/// random tilings of its consumer (tiles that do not line up included).
#[test]
fn compute_at_of_a_scaled_region_keeps_results_on_many_tilings() {
    let mut rng = Lcg(5);
    let mut moved = 0;
    for _ in 0..40 {
        let tile = [2, 3, 4][rng.below(3) as usize];
        let outer = 2 + rng.below(4) as i64;
        let workload = format!(
            r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer(({n},), "float32"), C: T.Buffer(({n},), "float32")):
    B = T.sblock_alloc_buffer(({n},))
    for o in range({outer}):
        with T.sblock("P"):
            vo = T.axis.spatial({outer}, o)
            T.reads(A[vo * {tile}:vo * {tile} + {tile}])
            T.writes(B[vo * {tile}:vo * {tile} + {tile}])
            for t in range({tile}):
                with T.sblock("P_inner"):
                    vt = T.axis.spatial({n}, vo * {tile} + t)
                    B[vt] = A[vt] * T.float32(2.0)
    for i in range({n}):
        with T.sblock("C"):
            vi = T.axis.spatial({n}, i)
            C[vi] = B[vi] + T.float32(1.0)
"#,
            n = outer * tile
        );
        let (mut steps, loops) = random_splits(&mut rng, &["ci"], "C");
        let at = &loops[rng.below(loops.len() as u64) as usize];
        steps += &format!("  - {{op: compute_at, block: P, loop: {at}}}\n");
        if replay_checked(&workload, &steps).is_some() {
            moved += 1;
        }
    }
    assert!(moved >= 30, "only {moved} of 40 tilings were moved");
}

/// test_reorder_with_predicate: the predicate bounds `i, j, k, l` as one fused
/// index that the bindings use one loop each: not affine, TVM refuses reorder.
const ELEMENTWISE_PREDICATE: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((128, 128, 128, 128), "float32"), B: T.Buffer((128, 128, 128, 128), "float32")):
    for i, j, k, l in T.grid(128, 128, 128, 128):
        with T.sblock("B"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            T.where(i * 2097152 + j * 16384 + k * 128 + l < 100)
            B[vi, vj, vk, vl] = A[vi, vj, vk, vl] * T.float32(2.0)
"#;

#[test]
fn reorder_refuses_a_block_whose_predicate_fuses_its_separate_loops() {
    let msg = fail(
        ELEMENTWISE_PREDICATE,
        "  - {op: get_loops, block: B, out: [i, j, k, l]}\n  - {op: reorder, ordered_loops: [l, i]}\n",
    );
    assert!(msg.contains("affine binding"), "{msg}");
}

/// A predicate from a non-divisible split is the guard of the fused binding
/// itself (`vi = i_0 * 10 + i_1`): reorder stays legal.
#[test]
fn reorder_keeps_a_predicate_over_a_split_binding_legal() {
    let workload = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((128, 16), "float32"), B: T.Buffer((128, 16), "float32")):
    for i, j in T.grid(128, 16):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
"#;
    let p = legal(
        workload,
        "  - {op: get_loops, block: B, out: [i, j]}\n  - {op: split, loop: i, factors: [null, 10], out: [i0, i1]}\n  - {op: reorder, ordered_loops: [j, i1]}\n",
    );
    assert!(p.contains("T.where(i_0 * 10 + i_1 < 128)"), "{p}");
}
