//! The registration of every primitive, in one place: its TVM keyword
//! fields (kinds, defaults), what it returns, and how a step applies it. The
//! replay, both Python printers, the session reader and the TUI read this
//! table; adding a primitive is one entry here plus its apply function below
//! (TVM keeps a primitive's traits together the same way).

// A failed step carries the program as it was, so the error can be rendered
// with the culprit marked; failures are rare, so their size does not matter.
#![allow(clippy::result_large_err)]

use super::replay::{arg_err, to_ann, Handle, Replayer, StepFailure};
use super::step::{ApplyFn, Arg, FieldKind, FieldSpec, OpSpec, Returns, Step};
use crate::ir::{AnnValue, BlockId, LoopId, ThreadAxis};
use crate::schedule::primitive::{
    annotate, blockize_tensorize, cache_read_write, compute_at, compute_inline, for_kind,
    get_block_loop, layout_transformation, loop_transformation, reduction, sampling, BlockOrLoop,
};
use crate::schedule::ScheduleError;

type Applied = Result<Vec<Handle>, StepFailure>;

fn f(name: &'static str, kind: FieldKind) -> FieldSpec {
    FieldSpec {
        name,
        kind,
        default: None,
        varargs: false,
        block_by_name: false,
    }
}

fn d(name: &'static str, kind: FieldKind, default: Arg) -> FieldSpec {
    FieldSpec {
        name,
        kind,
        default: Some(default),
        varargs: false,
        block_by_name: false,
    }
}

/// The table of primitives (spec section 2), in the order the palette shows
/// them; built once (every step's replay, check and print looks ops up here).
pub fn op_specs() -> &'static [OpSpec] {
    static TABLE: std::sync::LazyLock<Vec<OpSpec>> = std::sync::LazyLock::new(build_op_specs);
    &TABLE
}

fn build_op_specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    let op = |name, fields, returns, apply: ApplyFn| OpSpec {
        name,
        fields,
        returns,
        apply,
        probe_args: |_| Vec::new(),
        out_count: |_| None,
        python_call: None,
        samples: false,
    };
    vec![
        op("get_block", vec![f("name", Str)], One, get_block).with_python_call("get_block"),
        op(
            "get_loops",
            vec![f("block", Name).block_by_name()],
            Many,
            get_loops,
        ),
        op(
            "get_child_blocks",
            vec![f("block_or_loop", Name).block_by_name()],
            Many,
            get_child_blocks,
        ),
        op(
            "get_producers",
            vec![f("block", Name).block_by_name()],
            Many,
            get_producers,
        ),
        op(
            "get_consumers",
            vec![f("block", Name).block_by_name()],
            Many,
            get_consumers,
        ),
        op(
            "split",
            vec![
                f("loop", Name),
                f("factors", Factors),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            Many,
            split,
        )
        .with_probe_args(split_probe)
        .with_out_count(split_out_count),
        op(
            "fuse",
            vec![
                f("loops", Names).varargs(),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            One,
            fuse,
        ),
        op(
            "reorder",
            vec![f("ordered_loops", Names).varargs()],
            Nothing,
            reorder,
        ),
        op("merge", vec![f("loops", Names).varargs()], One, merge),
        op(
            "add_unit_loop",
            vec![f("block_or_loop", Name).block_by_name()],
            One,
            add_unit_loop,
        ),
        op("parallel", vec![f("loop", Name)], Nothing, parallel),
        op("vectorize", vec![f("loop", Name)], Nothing, vectorize),
        op("unroll", vec![f("loop", Name)], Nothing, unroll),
        op(
            "bind",
            vec![f("loop", Name), f("thread_axis", Str)],
            Nothing,
            bind,
        )
        .with_probe_args(|_| vec![("thread_axis", Arg::Str("threadIdx.x".into()))]),
        op(
            "cache_read",
            vec![
                f("block", Name).block_by_name(),
                f("read_buffer_index", Int),
                f("storage_scope", Str),
                d("consumer_blocks", Names, Arg::List(Vec::new())).block_by_name(),
            ],
            One,
            cache_read,
        )
        .with_probe_args(|_| {
            vec![
                ("read_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("shared".into())),
            ]
        }),
        op(
            "cache_write",
            vec![
                f("block", Name).block_by_name(),
                f("write_buffer_index", Int),
                f("storage_scope", Str),
                d("consumer_blocks", Names, Arg::List(Vec::new())).block_by_name(),
            ],
            One,
            cache_write,
        )
        .with_probe_args(|_| {
            vec![
                ("write_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("local".into())),
            ]
        }),
        op(
            "compute_at",
            vec![
                f("block", Name).block_by_name(),
                f("loop", Name),
                d("preserve_unit_loops", Bool, Arg::Bool(false)),
                d("index", Int, Arg::Int(-1)),
            ],
            Nothing,
            compute_at,
        ),
        op(
            "reverse_compute_at",
            vec![
                f("block", Name).block_by_name(),
                f("loop", Name),
                d("preserve_unit_loops", Bool, Arg::Bool(false)),
                d("index", Int, Arg::Int(-1)),
            ],
            Nothing,
            reverse_compute_at,
        ),
        op(
            "compute_inline",
            vec![f("block", Name).block_by_name()],
            Nothing,
            compute_inline,
        ),
        op(
            "reverse_compute_inline",
            vec![f("block", Name).block_by_name()],
            Nothing,
            reverse_compute_inline,
        ),
        op(
            "decompose_reduction",
            vec![f("block", Name).block_by_name(), f("loop", Name)],
            One,
            decompose_reduction,
        ),
        op(
            "rfactor",
            vec![f("loop", Name), d("factor_axis", Int, Arg::Int(0))],
            One,
            rfactor,
        ),
        op(
            "storage_align",
            vec![
                f("block", Name).block_by_name(),
                f("buffer_index", Int),
                f("axis", Int),
                f("factor", Int),
                f("offset", Int),
            ],
            Nothing,
            storage_align,
        ),
        op(
            "set_scope",
            vec![
                f("block", Name).block_by_name(),
                f("buffer_index", Int),
                f("storage_scope", Str),
            ],
            Nothing,
            set_scope,
        ),
        op(
            "transform_layout",
            vec![
                f("block", Name).block_by_name(),
                f("buffer", BufferRef),
                f("index_map", Lambda),
                d("pad_value", PadValue, Arg::Null),
                d("assume_injective_transform", Bool, Arg::Bool(false)),
            ],
            Nothing,
            transform_layout,
        )
        .with_probe_args(|_| {
            vec![
                (
                    "buffer",
                    Arg::List(vec![Arg::Str("write".into()), Arg::Int(0)]),
                ),
                ("index_map", Arg::Str("lambda i, j: (j, i)".into())),
            ]
        }),
        op(
            "blockize",
            vec![
                f("target", Name).block_by_name(),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            One,
            blockize,
        ),
        op(
            "tensorize",
            vec![
                f("block_or_loop", Name).block_by_name(),
                f("tensor_intrin", Str),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            Nothing,
            tensorize,
        ),
        op(
            "annotate",
            vec![
                f("block_or_loop", Name).block_by_name(),
                f("ann_key", Str),
                f("ann_val", Any),
            ],
            Nothing,
            annotate,
        )
        .with_probe_args(|_| {
            vec![
                ("ann_key", Arg::Str("pragma_probe".into())),
                ("ann_val", Arg::Int(1)),
            ]
        }),
        op(
            "unannotate",
            vec![f("block_or_loop", Name).block_by_name(), f("ann_key", Str)],
            Nothing,
            unannotate,
        ),
        // tirtui's convenience: recorded as three `annotate` steps.
        op(
            super::double_buffer::OP,
            vec![f("loop", Name)],
            Nothing,
            double_buffer,
        ),
        op(
            "sample_perfect_tile",
            vec![
                f("loop", Name),
                f("n", Int),
                d("max_innermost_factor", Int, Arg::Int(16)),
                d("decision", OptInts, Arg::Null),
            ],
            Many,
            sample_perfect_tile,
        )
        .with_probe_args(|_| vec![("n", Arg::Int(2))])
        .with_out_count(|step| match step.arg("n") {
            Some(Arg::Int(n)) if *n > 0 => Some(*n as usize),
            _ => None,
        })
        .sampling(),
        op(
            "sample_categorical",
            vec![
                f("candidates", Ints),
                f("probs", Floats),
                d("decision", OptInt, Arg::Null),
            ],
            One,
            sample_categorical,
        )
        .sampling(),
    ]
}

pub fn op_spec(name: &str) -> Option<&'static OpSpec> {
    op_specs().iter().find(|s| s.name == name)
}

/// A palette probe splits off the smallest divisor of the extent (up to 64).
fn split_probe(extent: Option<i64>) -> Vec<(&'static str, Arg)> {
    let e = extent.unwrap_or(1);
    let f = (2..=e.min(64)).find(|d| e % d == 0).unwrap_or(1);
    vec![("factors", Arg::List(vec![Arg::Null, Arg::Int(f)]))]
}

fn split_out_count(step: &Step) -> Option<usize> {
    match step.arg("factors") {
        Some(Arg::List(f)) => Some(f.len()),
        _ => None,
    }
}

use StepFailure::Schedule as S;

fn blocks_out(v: Vec<BlockId>) -> Vec<Handle> {
    v.into_iter().map(Handle::Block).collect()
}

fn loops_out(v: Vec<LoopId>) -> Vec<Handle> {
    v.into_iter().map(Handle::Loop).collect()
}

// ---- getters -------------------------------------------------------------

fn get_block(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let name = r.string(step, "name")?;
    let b = get_block_loop::get_block_by_name(r.func(), name).map_err(S)?;
    Ok(vec![Handle::Block(b)])
}

fn get_loops(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    Ok(loops_out(
        get_block_loop::get_loops(r.func(), b).map_err(S)?,
    ))
}

fn get_child_blocks(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    Ok(blocks_out(
        get_block_loop::get_child_blocks(r.func(), t).map_err(S)?,
    ))
}

fn get_producers(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    Ok(blocks_out(
        get_block_loop::get_producers(r.func(), b).map_err(S)?,
    ))
}

fn get_consumers(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    Ok(blocks_out(
        get_block_loop::get_consumers(r.func(), b).map_err(S)?,
    ))
}

// ---- loop transformations ------------------------------------------------

fn split(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let factors = r.factors(step)?;
    let p = r.boolean(step, "preserve_unit_iters")?;
    let loops = r
        .schedule
        .transact(|f| loop_transformation::split(f, l, &factors, p))
        .map_err(S)?;
    Ok(loops_out(loops))
}

fn fuse(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let ls = r.loops(step, "loops")?;
    let p = r.boolean(step, "preserve_unit_iters")?;
    let l = r
        .schedule
        .transact(|f| loop_transformation::fuse(f, &ls, p))
        .map_err(S)?;
    Ok(vec![Handle::Loop(l)])
}

fn reorder(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let ls = r.loops(step, "ordered_loops")?;
    r.schedule
        .transact(|f| loop_transformation::reorder(f, &ls))
        .map_err(S)?;
    Ok(vec![])
}

fn merge(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let ls = r.loops(step, "loops")?;
    let l = r
        .schedule
        .transact(|f| loop_transformation::merge(f, &ls))
        .map_err(S)?;
    Ok(vec![Handle::Loop(l)])
}

fn add_unit_loop(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let l = r
        .schedule
        .transact(|f| loop_transformation::add_unit_loop(f, t))
        .map_err(S)?;
    Ok(vec![Handle::Loop(l)])
}

// ---- loop kinds and thread binding --------------------------------------

fn parallel(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    r.schedule
        .transact(|f| for_kind::parallel(f, l))
        .map_err(S)?;
    Ok(vec![])
}

fn vectorize(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    r.schedule
        .transact(|f| for_kind::vectorize(f, l))
        .map_err(S)?;
    Ok(vec![])
}

fn unroll(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    r.schedule.transact(|f| for_kind::unroll(f, l)).map_err(S)?;
    Ok(vec![])
}

fn bind(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let tag = r.string(step, "thread_axis")?;
    let axis = ThreadAxis::from_tag(tag)
        .ok_or_else(|| S(ScheduleError::UnknownThreadAxis(tag.to_string())))?;
    r.schedule
        .transact(|f| for_kind::bind(f, l, axis))
        .map_err(S)?;
    Ok(vec![])
}

// ---- caches and block placement -----------------------------------------

fn cache_read(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = r.int(step, "read_buffer_index")?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let consumers = r.blocks(step, "consumer_blocks")?;
    let c = r
        .schedule
        .transact(|f| cache_read_write::cache_read(f, b, idx, &scope, &consumers))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}

fn cache_write(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = r.int(step, "write_buffer_index")?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let consumers = r.blocks(step, "consumer_blocks")?;
    let c = r
        .schedule
        .transact(|f| cache_read_write::cache_write(f, b, idx, &scope, &consumers))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}

fn compute_at(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let p = r.boolean(step, "preserve_unit_loops")?;
    let i = r.int(step, "index")?;
    r.schedule
        .transact(|f| compute_at::compute_at(f, b, l, p, i))
        .map_err(S)?;
    Ok(vec![])
}

fn reverse_compute_at(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let p = r.boolean(step, "preserve_unit_loops")?;
    let i = r.int(step, "index")?;
    r.schedule
        .transact(|f| compute_at::reverse_compute_at(f, b, l, p, i))
        .map_err(S)?;
    Ok(vec![])
}

fn compute_inline(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    r.schedule
        .transact(|f| compute_inline::compute_inline(f, b))
        .map_err(S)?;
    Ok(vec![])
}

fn reverse_compute_inline(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    r.schedule
        .transact(|f| compute_inline::reverse_compute_inline(f, b))
        .map_err(S)?;
    Ok(vec![])
}

// ---- reductions ----------------------------------------------------------

fn decompose_reduction(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let init = r
        .schedule
        .transact(|f| reduction::decompose_reduction(f, b, l))
        .map_err(S)?;
    Ok(vec![Handle::Block(init)])
}

fn rfactor(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let axis = r.int(step, "factor_axis")?;
    let rf = r
        .schedule
        .transact(|f| reduction::rfactor(f, l, axis))
        .map_err(S)?;
    Ok(vec![Handle::Block(rf)])
}

// ---- buffers and annotations ---------------------------------------------

fn storage_align(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let (bi, ax, fa, of) = (
        r.int(step, "buffer_index")?,
        r.int(step, "axis")?,
        r.int(step, "factor")?,
        r.int(step, "offset")?,
    );
    r.schedule
        .transact(|f| annotate::storage_align(f, b, bi, ax, fa, of))
        .map_err(S)?;
    Ok(vec![])
}

fn set_scope(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let bi = r.int(step, "buffer_index")?;
    let scope = r.string(step, "storage_scope")?.to_string();
    r.schedule
        .transact(|f| annotate::set_scope(f, b, bi, &scope))
        .map_err(S)?;
    Ok(vec![])
}

fn transform_layout(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    use layout_transformation::{BufferRef, PadValue};
    let b = r.block(step, "block")?;
    let buffer = match step.arg("buffer") {
        Some(Arg::Str(name)) => BufferRef::Name(name.clone()),
        Some(Arg::List(v)) => match v.as_slice() {
            [Arg::Str(k), Arg::Int(i)] if k == "read" => BufferRef::Read(*i),
            [Arg::Str(k), Arg::Int(i)] if k == "write" => BufferRef::Write(*i),
            _ => {
                return Err(arg_err(
                    "buffer",
                    "expected [\"read\", N], [\"write\", N] or a buffer name",
                ))
            }
        },
        _ => {
            return Err(arg_err(
                "buffer",
                "expected [\"read\", N], [\"write\", N] or a buffer name",
            ))
        }
    };
    let map = r.string(step, "index_map")?.to_string();
    let pad = match step.arg("pad_value") {
        None | Some(Arg::Null) => None,
        Some(Arg::Int(i)) => Some(PadValue::Int(*i)),
        Some(Arg::Float(f)) => Some(PadValue::Float(*f)),
        Some(Arg::Str(text)) => Some(layout_transformation::pad_value_of_lambda(text).map_err(S)?),
        Some(_) => return Err(arg_err("pad_value", "expected null, a number or a lambda")),
    };
    let assume = r.boolean(step, "assume_injective_transform")?;
    r.schedule
        .transact(|f| layout_transformation::transform_layout(f, b, &buffer, &map, pad, assume))
        .map_err(S)?;
    Ok(vec![])
}

fn annotate(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let key = r.string(step, "ann_key")?.to_string();
    let val = match step.arg("ann_val") {
        // The name of an earlier sample: its value, as TVM uses an ExprRV.
        Some(Arg::Str(n)) => match r.lookup(n) {
            Some(Handle::Int(v)) => Some(AnnValue::Int(*v)),
            _ => Some(AnnValue::Str(n.clone())),
        },
        other => other.and_then(to_ann),
    }
    .ok_or_else(|| arg_err("ann_val", "expected a number, string, bool or list"))?;
    r.schedule
        .transact(|f| annotate::annotate(f, t, &key, val))
        .map_err(S)?;
    Ok(vec![])
}

fn unannotate(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let key = r.string(step, "ann_key")?.to_string();
    r.schedule
        .transact(|f| annotate::unannotate(f, t, &key))
        .map_err(S)?;
    Ok(vec![])
}

fn blockize(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = match r.block_or_loop(step, "target")? {
        BlockOrLoop::Loop(l) => l,
        BlockOrLoop::Block(_) => {
            return Err(arg_err(
                "target",
                "blockize takes a loop (the block under it becomes the inner block)",
            ))
        }
    };
    let p = r.boolean(step, "preserve_unit_iters")?;
    let b = r
        .schedule
        .transact(|f| blockize_tensorize::blockize(f, l, p))
        .map_err(S)?;
    Ok(vec![Handle::Block(b)])
}

/// Applied directly (dry runs, tuning); `Trace::push` records it as the
/// `annotate` steps of `double_buffer::annotate_steps` instead.
fn double_buffer(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let plan = super::double_buffer::plan(r.func(), l).map_err(S)?;
    r.schedule
        .transact(|f| super::double_buffer::apply(f, l, &plan))
        .map_err(S)?;
    Ok(vec![])
}

fn tensorize(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let name = r.string(step, "tensor_intrin")?.to_string();
    let p = r.boolean(step, "preserve_unit_iters")?;
    r.schedule
        .transact(|f| blockize_tensorize::tensorize(f, t, &name, p))
        .map_err(S)?;
    Ok(vec![])
}

// ---- sampling ------------------------------------------------------------

fn sample_perfect_tile(r: &mut Replayer, index: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let n = r.int(step, "n")?;
    let max_inner = r.int(step, "max_innermost_factor")?;
    let decision = match step.arg("decision") {
        Some(Arg::List(v)) => Some(
            v.iter()
                .map(|a| match a {
                    Arg::Int(i) => Ok(*i),
                    _ => Err(arg_err("decision", "expected integers")),
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
        // A decision of another type is an error, never a reason to resample.
        None | Some(Arg::Null) => None,
        Some(_) => {
            return Err(arg_err(
                "decision",
                "expected a list of integers (or null to sample)",
            ))
        }
    };
    let mut rng = sampling::Rng(0x7170_7475_6900 ^ index as u64);
    let factors =
        sampling::sample_perfect_tile(r.func(), l, n, max_inner, decision.as_deref(), &mut rng)
            .map_err(S)?;
    step.set_arg(
        "decision",
        Arg::List(factors.iter().map(|f| Arg::Int(*f)).collect()),
    );
    Ok(factors.into_iter().map(Handle::Int).collect())
}

fn sample_categorical(_: &mut Replayer, index: usize, step: &mut Step) -> Applied {
    let candidates: Vec<i64> = match step.arg("candidates") {
        Some(Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                Arg::Int(i) => Ok(*i),
                _ => Err(arg_err("candidates", "expected integers")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(arg_err("candidates", "expected a list of integers")),
    };
    let probs: Vec<f64> = match step.arg("probs") {
        Some(Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                Arg::Float(f) => Ok(*f),
                Arg::Int(i) => Ok(*i as f64),
                _ => Err(arg_err("probs", "expected numbers")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(arg_err("probs", "expected a list of numbers")),
    };
    let decision = match step.arg("decision") {
        Some(Arg::Int(i)) => Some(*i),
        None | Some(Arg::Null) => None,
        Some(_) => {
            return Err(arg_err(
                "decision",
                "expected an integer index (or null to sample)",
            ))
        }
    };
    let mut rng = sampling::Rng(0x6361_7465_6700 ^ index as u64);
    let (d, value) =
        sampling::sample_categorical(&candidates, &probs, decision, &mut rng).map_err(S)?;
    step.set_arg("decision", Arg::Int(d));
    Ok(vec![Handle::Int(value)])
}
