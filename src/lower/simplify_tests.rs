//! `settled` must never claim an expression that `simplify_kernel` changes.

use super::{settled, simplify_owned};
use crate::arith::order::largest_scale_first;
use crate::arith::{const_range, simplify_kernel, TypeCtx, VarRanges};
use crate::arith::{simplify_typed, Affine};
use crate::ir::{BinOp, Buffer, BufferId, DataType, Expr, VarDecl, VarId};
use crate::lower::kernel_sum::{
    kernel_div_linear, kernel_linear, kernel_ordered_div_sum, kernel_ordered_sum, sorted_var_sum,
};
use proptest::prelude::*;

/// Variables 0..4 int32, 4 int64, 5 float32; buffer 0 float32, 1 int32.
fn arenas() -> (Vec<VarDecl>, Vec<Buffer>) {
    let var = |n: usize, dtype| VarDecl {
        name: format!("v{n}"),
        dtype,
        lanes: 1,
    };
    let mut vars: Vec<VarDecl> = (0..4).map(|n| var(n, DataType::I32)).collect();
    vars.push(var(4, DataType::I64));
    vars.push(var(5, DataType::F32));
    let buffers = vec![
        Buffer::new("F", vec![Expr::int(64)], DataType::F32),
        Buffer::new("I", vec![Expr::int(64)], DataType::I32),
    ];
    (vars, buffers)
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0u32..6).prop_map(|v| Expr::Var(VarId(v))),
        (-3i64..20).prop_map(Expr::int),
        prop_oneof![Just(1i64), Just(i32::MAX as i64), Just(1 << 31)]
            .prop_map(|v| Expr::Int(v, DataType::I64)),
        (-2i64..3).prop_map(|v| Expr::Float(v as f64, DataType::F32)),
    ]
}

fn arb_expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(4, 24, 2, |inner| {
        let op = prop_oneof![
            Just(BinOp::Add),
            Just(BinOp::Sub),
            Just(BinOp::Mul),
            Just(BinOp::FloorDiv),
            Just(BinOp::Lt),
        ];
        prop_oneof![
            (op, inner.clone(), inner.clone()).prop_map(|(op, a, b)| Expr::binary(op, a, b)),
            (0u32..2, inner).prop_map(|(b, i)| Expr::Load(BufferId(b), vec![i])),
        ]
    })
}

/// `+`, `-`, `*` trees over variables and int32 literals (some near the
/// int32 edge), where the kernel's linear fast path decides most.
fn arb_linear_tree() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        4 => (0u32..6).prop_map(|v| Expr::Var(VarId(v))),
        4 => (-5i64..20).prop_map(Expr::int),
        1 => prop_oneof![
            Just(i32::MAX as i64),
            Just(i32::MIN as i64 + 1),
            Just(1 << 20),
            Just(46341)
        ]
        .prop_map(Expr::int),
    ];
    leaf.prop_recursive(5, 32, 2, |inner| {
        let op = prop_oneof![Just(BinOp::Add), Just(BinOp::Sub), Just(BinOp::Mul)];
        (op, inner.clone(), inner).prop_map(|(op, a, b)| Expr::binary(op, a, b))
    })
}

/// `+`, `-`, `*` trees over variables, int32 literals and divisions and
/// remainders of variables: what indices of split and fused loops read.
fn arb_div_tree() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        4 => (0u32..6).prop_map(|v| Expr::Var(VarId(v))),
        3 => (-5i64..20).prop_map(Expr::int),
        1 => Just(Expr::int(i32::MAX as i64)),
        4 => (0u32..5, prop_oneof![Just(1i64), Just(2), Just(4), Just(16)], any::<bool>())
            .prop_map(|(v, c, div)| {
                let op = if div { BinOp::FloorDiv } else { BinOp::FloorMod };
                Expr::binary(op, Expr::Var(VarId(v)), Expr::int(c))
            }),
    ];
    leaf.prop_recursive(5, 32, 2, |inner| {
        let op = prop_oneof![Just(BinOp::Add), Just(BinOp::Sub), Just(BinOp::Mul)];
        (op, inner.clone(), inner).prop_map(|(op, a, b)| Expr::binary(op, a, b))
    })
}

/// A sum of scaled variables and divisions and remainders of them, in
/// some order, with a constant (kernel form now and then).
fn arb_div_sum() -> impl Strategy<Value = Expr> {
    let atom = prop_oneof![
        (0u32..6).prop_map(|v| Expr::Var(VarId(v))),
        (
            0u32..5,
            prop_oneof![Just(1i64), Just(2), Just(4), Just(16), Just(32)],
            any::<bool>()
        )
            .prop_map(|(v, c, div)| {
                let op = if div {
                    BinOp::FloorDiv
                } else {
                    BinOp::FloorMod
                };
                Expr::binary(op, Expr::Var(VarId(v)), Expr::int(c))
            }),
    ];
    let term = (
        atom,
        prop_oneof![Just(1i64), Just(4), Just(-1), Just(-4), Just(1024)],
    );
    (
        proptest::collection::vec(term, 1..5),
        -5i64..6,
        any::<bool>(),
    )
        .prop_map(|(mut terms, c, sort)| {
            if sort {
                terms.sort_by_key(|(a, k)| {
                    let rank = match a {
                        Expr::Var(v) => v.0 as u64,
                        _ => u64::MAX,
                    };
                    (*k < 0, std::cmp::Reverse(k.unsigned_abs()), rank)
                });
            }
            let mut e: Option<Expr> = None;
            for (a, k) in terms {
                let t = if k.abs() == 1 {
                    a
                } else {
                    Expr::mul(a, Expr::int(k.abs()))
                };
                e = Some(match (e, k < 0) {
                    (None, _) => t,
                    (Some(x), false) => Expr::add(x, t),
                    (Some(x), true) => Expr::sub(x, t),
                });
            }
            let e = e.unwrap_or(Expr::int(0));
            match c {
                0 => e,
                c if c > 0 => Expr::add(e, Expr::int(c)),
                c => Expr::sub(e, Expr::int(-c)),
            }
        })
}

/// A sum of distinct int32 variables, scaled, in some order, with a constant.
fn arb_sum() -> impl Strategy<Value = Expr> {
    let term = (
        0u32..4,
        prop_oneof![Just(1i64), Just(2), Just(4), Just(-1), Just(-4)],
    );
    (proptest::collection::vec(term, 1..4), -5i64..6).prop_map(|(terms, c)| {
        let mut e: Option<Expr> = None;
        for (v, k) in terms {
            let t = if k.abs() == 1 {
                Expr::Var(VarId(v))
            } else {
                Expr::mul(Expr::Var(VarId(v)), Expr::int(k.abs()))
            };
            e = Some(match (e, k < 0) {
                (None, _) => t,
                (Some(x), false) => Expr::add(x, t),
                (Some(x), true) => Expr::sub(x, t),
            });
        }
        let e = e.unwrap_or(Expr::int(0));
        match c {
            0 => e,
            c if c > 0 => Expr::add(e, Expr::int(c)),
            c => Expr::sub(e, Expr::int(-c)),
        }
    })
}

/// Variable 0 in [0, 4), 1 in [0, 16), 2 in [0, 2) (3 unbounded).
fn loop_ranges() -> VarRanges {
    [(0, 4), (1, 16), (2, 2)]
        .into_iter()
        .map(|(v, n)| (VarId(v), const_range(0, n - 1)))
        .collect()
}

/// `settled` and `simplify_owned` agree with `simplify_kernel`, without
/// ranges and under the ranges of some loops (which decide divisions).
fn check(e: &Expr) -> Result<(), TestCaseError> {
    let (vars, buffers) = arenas();
    let ctx = TypeCtx::of(&vars, &buffers);
    for ranges in [VarRanges::new(), loop_ranges()] {
        let want = simplify_kernel(ctx, e, &ranges);
        if settled(ctx, e) {
            prop_assert_eq!(&want, e);
        }
        prop_assert_eq!(simplify_owned(ctx, e.clone(), &ranges), want);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn settled_expressions_simplify_to_themselves(e in arb_expr()) {
        check(&e)?;
    }

    /// Linear trees and loads at them: `kernel_linear` where it answers.
    #[test]
    fn linear_trees_simplify_as_the_kernel_does(e in arb_linear_tree()) {
        check(&e)?;
        check(&Expr::Load(BufferId(0), vec![e.clone()]))?;
        let (vars, buffers) = arenas();
        let ctx = TypeCtx::of(&vars, &buffers);
        if let Some(fast) = kernel_linear(ctx, &e) {
            prop_assert_eq!(fast, simplify_kernel(ctx, &e, &VarRanges::new()));
        }
    }

    /// A sum in kernel form is its own `simplify_typed` (vectorize reads it as is).
    #[test]
    fn kernel_ordered_sums_are_their_own_simplification(e in arb_sum()) {
        let (vars, buffers) = arenas();
        let ctx = TypeCtx::of(&vars, &buffers);
        let sorted = simplify_kernel(ctx, &e, &VarRanges::new());
        for x in [&e, &sorted] {
            if kernel_ordered_sum(ctx, x) {
                prop_assert_eq!(&simplify_typed(ctx, x, &VarRanges::new()), x);
            }
        }
        prop_assert!(!kernel_linear(ctx, &e).is_some_and(|k| k != sorted));
    }

    /// `sorted_var_sum` prints what ordering the form's expression gives.
    #[test]
    fn var_forms_order_as_the_kernel_does(
        terms in proptest::collection::vec((0u32..6, -70000i64..70000), 0..5),
        constant in prop_oneof![-9i64..9, Just(i32::MAX as i64), Just(1i64 << 33)],
        wide in proptest::bool::ANY,
    ) {
        let (vars, buffers) = arenas();
        let ctx = TypeCtx::of(&vars, &buffers);
        let mut form = Affine::constant(constant);
        for (v, k) in terms {
            form.terms.push((Expr::Var(VarId(v)), k));
        }
        let dtype = if wide { DataType::I64 } else { DataType::I32 };
        if let Some(fast) = sorted_var_sum(ctx, &form, dtype) {
            prop_assert_eq!(fast, largest_scale_first(ctx, &form.to_expr_typed(dtype)));
        }
    }

    /// Sums with divisions: kept only where the simplifier (with and
    /// without loop ranges) keeps them, also inside loads.
    #[test]
    fn dividing_sums_simplify_as_the_kernel_does(e in arb_div_sum()) {
        check(&e)?;
        check(&Expr::Load(BufferId(0), vec![e.clone()]))?;
        let (vars, buffers) = arenas();
        let ctx = TypeCtx::of(&vars, &buffers);
        for ranges in [VarRanges::new(), loop_ranges()] {
            if kernel_ordered_div_sum(ctx, &e, &ranges) {
                prop_assert_eq!(&simplify_typed(ctx, &e, &ranges), &e);
            }
        }
    }

    /// Trees with divisions, without ranges: `kernel_div_linear` where it answers.
    #[test]
    fn dividing_trees_simplify_as_the_kernel_does(e in arb_div_tree(), f in arb_div_sum()) {
        let (vars, buffers) = arenas();
        let ctx = TypeCtx::of(&vars, &buffers);
        for x in [e.clone(), Expr::sub(e, f)] {
            check(&x)?;
            if let Some(fast) = kernel_div_linear(ctx, &x) {
                prop_assert_eq!(fast, simplify_kernel(ctx, &x, &VarRanges::new()));
            }
        }
    }

    /// A multiply-add at any indices keeps its shape; its indices simplify.
    #[test]
    fn multiply_adds_simplify_their_indices(i in arb_expr(), j in arb_expr(), k in arb_sum()) {
        let load = |e: Expr| Expr::Load(BufferId(0), vec![e]);
        check(&Expr::add(load(i.clone()), Expr::mul(load(j.clone()), load(k.clone()))))?;
        check(&Expr::sub(Expr::mul(load(k), load(i)), load(j)))?;
    }

    #[test]
    fn settled_sums_simplify_to_themselves(e in arb_sum(), f in arb_sum()) {
        check(&e)?;
        check(&Expr::Load(BufferId(0), vec![e.clone()]))?;
        let update = Expr::add(
            Expr::Load(BufferId(0), vec![e]),
            Expr::mul(Expr::Load(BufferId(0), vec![f.clone()]), Expr::Load(BufferId(0), vec![f])),
        );
        check(&update)?;
    }
}

/// What lowering writes is recognised: a kernel-ordered index, a register
/// tile's multiply-add.
#[test]
fn kernel_form_is_settled() {
    let (vars, buffers) = arenas();
    let ctx = TypeCtx::of(&vars, &buffers);
    let v = |i| Expr::Var(VarId(i));
    let index = Expr::add(
        Expr::add(Expr::mul(v(1), Expr::int(4)), v(2)),
        Expr::int(32),
    );
    assert!(settled(ctx, &index));
    let load = |i: Expr| Expr::Load(BufferId(0), vec![i]);
    let update = Expr::add(
        load(index.clone()),
        Expr::mul(load(Expr::int(3)), load(v(2))),
    );
    assert!(settled(ctx, &update));
    // Out of order, or a repeated variable: the simplifier decides.
    let swapped = Expr::add(v(2), Expr::mul(v(1), Expr::int(4)));
    assert!(!settled(ctx, &swapped));
    assert!(!settled(ctx, &Expr::add(v(1), v(1))));
    assert!(!settled(ctx, &Expr::add(v(4), Expr::int(1))));
}

/// Both parts of one split at scales that add back up to the index are
/// the simplifier's to recombine; at other scales they stay.
#[test]
fn split_parts_that_recombine_are_not_kept() {
    let (vars, buffers) = arenas();
    let ctx = TypeCtx::of(&vars, &buffers);
    let part = |op, c| Expr::binary(op, Expr::Var(VarId(1)), Expr::int(c));
    let whole = Expr::add(
        Expr::mul(part(BinOp::FloorDiv, 4), Expr::int(4)),
        part(BinOp::FloorMod, 4),
    );
    let apart = Expr::add(
        Expr::mul(part(BinOp::FloorDiv, 4), Expr::int(1024)),
        Expr::mul(part(BinOp::FloorMod, 4), Expr::int(4)),
    );
    for ranges in [VarRanges::new(), loop_ranges()] {
        assert!(!kernel_ordered_div_sum(ctx, &whole, &ranges));
        assert!(kernel_ordered_div_sum(ctx, &apart, &ranges));
        for e in [&whole, &apart] {
            let want = simplify_kernel(ctx, e, &ranges);
            assert_eq!(simplify_owned(ctx, e.clone(), &ranges), want);
        }
        assert_eq!(&simplify_kernel(ctx, &apart, &ranges), &apart);
    }
}
