//! A schedule step costs what it changes (issue 13): the program before a step
//! and the one after it share every statement the step left alone, and a
//! failed step leaves the program exactly as it was.

use tirtui::schedule::primitive::get_block_loop::get_block_by_name;
use tirtui::schedule::primitive::loop_transformation::split;
use tirtui::schedule::{tree, Schedule};

const TWO_NESTS: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 48), "float32"), C: T.Buffer((64, 48), "float32")):
    B = T.alloc_buffer((64, 48))
    for i, j in T.grid(64, 48):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(64, 48):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#;

#[test]
fn a_split_shares_the_untouched_nest_with_the_program_before_it() {
    let func = tirtui::script::parse_func(TWO_NESTS, None).unwrap();
    let mut sch = Schedule::new(func);
    let b = get_block_by_name(&sch.func, "B").unwrap();
    let c = get_block_by_name(&sch.func, "C").unwrap();
    let b_outer = tree::loops_of_block(&sch.func, b).unwrap()[0];
    let c_inner = tree::loops_of_block(&sch.func, c).unwrap()[1];
    sch.transact(|f| split(f, c_inner, &[None, Some(8)], true))
        .unwrap();
    let before = sch.take_previous().expect("the split committed");
    let after = &sch.func;
    assert_ne!(before, *after);
    // B's nest is one node in both programs, not a copy; the variables too.
    let (old_b, new_b) = (before.find_loop(b_outer), after.find_loop(b_outer));
    assert!(old_b.is_some());
    assert!(std::ptr::eq(old_b.unwrap(), new_b.unwrap()));
    assert!(std::ptr::eq(&before.buffers[0], &after.buffers[0]));
    // The split nest is new in the program after it only.
    assert_eq!(tree::loops_of_block(after, c).unwrap().len(), 3);
    assert_eq!(tree::loops_of_block(&before, c).unwrap().len(), 2);
}

#[test]
fn a_failed_step_leaves_the_shared_program_unchanged() {
    let func = tirtui::script::parse_func(TWO_NESTS, None).unwrap();
    let mut sch = Schedule::new(func.clone());
    let c = get_block_by_name(&sch.func, "C").unwrap();
    let c_inner = tree::loops_of_block(&sch.func, c).unwrap()[1];
    // A factor of 0 is refused.
    assert!(sch
        .transact(|f| split(f, c_inner, &[Some(0), None], true))
        .is_err());
    assert_eq!(sch.func, func);
    assert!(sch.take_previous().is_none());
}
