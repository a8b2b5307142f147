use super::*;

fn parse(text: &str) -> PrimFunc {
    match crate::script::parse_func(text, None) {
        Ok(f) => f,
        Err(e) => panic!("{}", e.to_diagnostic("test.tir", text).render()),
    }
}

const ADD_ONE: &str = r#"
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
    for i0 in T.thread_binding(4, thread="blockIdx.x"):
        for i1 in T.thread_binding(256, thread="threadIdx.x"):
            with T.block("B"):
                vi = T.axis.spatial(1024, i0 * 256 + i1)
                B[vi] = A[vi] * T.float32(2) + T.float32(1)
"#;

#[test]
fn slog_is_log2_of_magnitude_plus_one() {
    assert_eq!(slog(0.0), 0.0);
    assert_eq!(slog(3.0), 2.0);
    assert_eq!(slog(-3.0), 2.0);
}

#[test]
fn names_cover_every_feature() {
    assert_eq!(FEATURES_PER_STORE, 164);
    assert_eq!(feature_names().len(), FEATURES_PER_STORE);
}

#[test]
fn one_row_per_stored_buffer_with_counts_weighted_by_the_loops() {
    let rows = match extract(&parse(ADD_ONE)) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row.len(), FEATURES_PER_STORE);
    let names = feature_names();
    let get = |n: &str| row[names.iter().position(|x| x == n).unwrap_or(usize::MAX)];
    // One float add and one float mul per element, 1024 elements.
    assert_eq!(get("float_add_sub"), slog(1024.0) as f32);
    assert_eq!(get("float_mul"), slog(1024.0) as f32);
    // The index `i0 * 256 + i1`: one int mul, one int add.
    assert_eq!(get("int_mul"), slog(1024.0) as f32);
    assert_eq!(get("blockIdx_x_len"), slog(4.0) as f32);
    assert_eq!(get("threadIdx_x_len"), slog(256.0) as f32);
    assert_eq!(get("is_gpu"), 1.0);
    assert_eq!(get("vec_type.none"), 1.0);
    // B is written (B0: 1024 lines of 4 of 64 bytes...), A read.
    assert_eq!(get("B0.acc_type.write") + get("B1.acc_type.write"), 1.0);
    assert_eq!(get("B0.acc_type.read") + get("B1.acc_type.read"), 1.0);
    assert_eq!(get("B2.bytes"), 0.0);
    assert_eq!(get("num_loops"), slog(2.0) as f32);
    assert_eq!(get("outer_prod"), slog(1024.0) as f32);
}

#[test]
fn a_program_that_does_not_lower_is_a_typed_error() {
    let text = r#"
from tvm.script import tir as T

@T.prim_func
def main(a: T.handle, b: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in range(n):
        with T.block("B"):
            vi = T.axis.spatial(n, i)
            B[vi] = A[vi] + T.float32(1)
"#;
    match extract(&parse(text)) {
        Err(FeatureError::Lower(_)) => {}
        other => panic!("expected a lowering error, got {other:?}"),
    }
}

#[test]
fn extreme_index_bounds_do_not_overflow() {
    // `n` is unknown: its bounds are int64's whole range, and `n // -1` at
    // its minimum overflows a plain division.
    let text = r#"
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), n: T.int64):
    for i0 in T.thread_binding(16, thread="threadIdx.x"):
        with T.block("B"):
            vi = T.axis.spatial(16, i0)
            B[vi] = A[T.floordiv(n, T.int64(-1)) % T.int64(16)] + A[T.truncdiv(n, T.int64(-1)) % T.int64(16)]
"#;
    match extract(&parse(text)) {
        Ok(rows) => assert_eq!(rows.len(), 1),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
