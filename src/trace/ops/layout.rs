//! Buffers: storage_align, set_scope, transform_layout.

use super::buffer_arg::buffer_index;
use super::{d, f, op, Applied, S};
use crate::schedule::primitive::buffer_arg::BufferSide;
use crate::schedule::primitive::{annotate, layout_transformation};
use crate::trace::replay::{arg_err, Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
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
                f("buffer_index", BufferIndex),
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
    ]
}

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
    let bi = buffer_index(r, step, "buffer_index", b, BufferSide::Write)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    r.schedule
        .transact(|f| annotate::set_scope(f, b, bi, &scope))
        .map_err(S)?;
    Ok(vec![])
}

fn transform_layout(r: &mut Replayer, index: usize, step: &mut Step) -> Applied {
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
    let map = with_sampled_values(r, r.string(step, "index_map")?);
    let pad = match step.arg("pad_value") {
        None | Some(Arg::Null) => None,
        Some(Arg::Int(i)) => Some(PadValue::Int(*i)),
        Some(Arg::Float(f)) => Some(PadValue::Float(*f)),
        Some(Arg::Str(text)) => Some(layout_transformation::pad_value_of_lambda(text).map_err(S)?),
        Some(_) => return Err(arg_err("pad_value", "expected null, a number or a lambda")),
    };
    let assume = r.boolean(step, "assume_injective_transform")?;
    r.schedule
        .transact(|f| {
            layout_transformation::transform_layout(f, b, &buffer, &map, pad, assume, index + 1)
        })
        .map_err(S)?;
    Ok(vec![])
}

/// The map with every name a sampling step bound (`v5` of
/// `sample_perfect_tile`, TVM's ExprRV) replaced by the value it holds: TVM
/// lets an index map use them (test_transform_layout_with_sampling). Lambda
/// parameters, `T.` names and quoted text are left as they are; a name bound
/// to a block or loop stays, and the map's parser refuses it.
fn with_sampled_values(r: &Replayer, text: &str) -> String {
    let params: Vec<&str> = text
        .trim_start()
        .strip_prefix("lambda")
        .and_then(|rest| rest.split(':').next())
        .map(|ps| ps.split(',').map(str::trim).collect())
        .unwrap_or_default();
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    let (mut quoted, mut after_dot) = (None, false);
    while let Some((start, c)) = chars.next() {
        if let Some(q) = quoted {
            quoted = (c != q).then_some(q);
            out.push(c);
            continue;
        }
        if c == '"' || c == '\'' {
            quoted = Some(c);
            out.push(c);
            continue;
        }
        if !(c.is_ascii_alphabetic() || c == '_') {
            after_dot = c == '.';
            out.push(c);
            continue;
        }
        let mut end = start + c.len_utf8();
        while let Some(&(i, n)) = chars.peek() {
            if !(n.is_ascii_alphanumeric() || n == '_') {
                break;
            }
            end = i + n.len_utf8();
            chars.next();
        }
        let word = &text[start..end];
        let sampled = match r.lookup(word) {
            Some(Handle::Int(v)) if !after_dot && !params.contains(&word) => Some(*v),
            _ => None,
        };
        match sampled {
            Some(v) if v < 0 => out.push_str(&format!("({v})")),
            Some(v) => out.push_str(&v.to_string()),
            None => out.push_str(word),
        }
        after_dot = false;
    }
    out
}
