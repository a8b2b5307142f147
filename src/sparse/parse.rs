//! Reading a SparseTIR function from the syntax tree `script`'s parser builds.
//!
//! Checks everything the lowering relies on while the spans are at hand: axes
//! declared before use, a variable axis's parent a `dense_fixed` axis listed
//! before it (in a buffer: right before it), buffers indexed by iteration
//! variables over the same axis (or a dense axis reached through `indices`).

use super::{Axis, AxisKind, Param, Size, SpIter, SparseBuffer, SparseFunc};
use crate::diag::Span;
use crate::script::ast::{self, ExprKind, StmtKind};
use crate::script::parser;
use crate::script::ParseError;

type Result<T> = std::result::Result<T, ParseError>;

/// Whether `src` is written in SparseTIR (it declares sparse buffers or a sparse
/// iteration); such a workload goes through [`parse`], not the TIR reader.
pub fn is_sparse_source(src: &str) -> bool {
    [
        "T.match_sparse_buffer(",
        "T.sp_iter(",
        "T.sparse_variable(",
        "T.dense_variable(",
    ]
    .iter()
    .any(|k| src.contains(k))
}

/// Reads the one `@T.prim_func` of a SparseTIR file and the integer constants above it.
pub fn parse(src: &str) -> Result<SparseFunc> {
    let module = parser::parse(src)?;
    let mut consts = Vec::new();
    let mut func = None;
    for stmt in &module.body {
        match &stmt.kind {
            StmtKind::Import(_) | StmtKind::FromImport { .. } => {}
            StmtKind::Expr(e) if matches!(e.kind, ExprKind::Str(_)) => {}
            StmtKind::Assign { targets, value } => {
                let name = match targets.as_slice() {
                    [t] => t.as_name(),
                    _ => None,
                };
                match (name, int_literal(value)) {
                    (Some(n), Some(v)) => consts.push((n.to_string(), v)),
                    _ => return Err(ParseError::semantic(
                        stmt.span,
                        "only integer constants (`M = 1024`) may stand beside a sparse function",
                    )),
                }
            }
            StmtKind::FuncDef(def) => {
                if func.is_some() {
                    return Err(ParseError::semantic(
                        def.name.span,
                        "a sparse workload holds one function",
                    )
                    .with_help("put each SparseTIR function in its own file"));
                }
                func = Some(def);
            }
            StmtKind::ClassDef(c) => {
                return Err(ParseError::semantic(
                    c.name.span,
                    "a module class of sparse functions is not supported",
                )
                .with_help("write the function alone, decorated with @T.prim_func"))
            }
            _ => {
                return Err(ParseError::semantic(
                    stmt.span,
                    "not supported beside a sparse function",
                ))
            }
        }
    }
    let Some(def) = func else {
        return Err(ParseError::semantic(
            Span::new(0, src.len().min(1)),
            "no @T.prim_func in the file",
        ));
    };
    FuncReader {
        consts: &consts,
        params: Vec::new(),
        axes: Vec::new(),
        buffers: Vec::new(),
    }
    .read(def, consts.clone())
}

fn int_literal(e: &ast::Expr) -> Option<i64> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Unary(ast::UnaryOp::Neg, inner) => int_literal(inner).map(|v| -v),
        _ => None,
    }
}

/// `T.name(...)`: the name after the `T.`.
fn t_call(e: &ast::Expr) -> Option<(&str, &[ast::Expr], &[ast::Keyword])> {
    let ExprKind::Call { func, args, kwargs } = &e.kind else {
        return None;
    };
    match func.dotted()?.as_slice() {
        ["T", name] => Some((name, args, kwargs)),
        _ => None,
    }
}

/// The `HYB_ATTR` string of a `T.func_attr({...})` call, if there.
fn hyb_attr(e: &ast::Expr) -> Option<String> {
    let (_, args, _) = t_call(e)?;
    let ExprKind::Dict(items) = &args.first()?.kind else {
        return None;
    };
    items.iter().find_map(|(k, v)| match (&k.kind, &v.kind) {
        (ExprKind::Str(k), ExprKind::Str(v)) if k == super::HYB_ATTR => Some(v.clone()),
        _ => None,
    })
}

struct FuncReader<'a> {
    consts: &'a [(String, i64)],
    params: Vec<Param>,
    axes: Vec<Axis>,
    buffers: Vec<SparseBuffer>,
}

impl FuncReader<'_> {
    fn read(mut self, def: &ast::FuncDef, consts: Vec<(String, i64)>) -> Result<SparseFunc> {
        for p in &def.params {
            self.params.push(read_param(p)?);
        }
        let mut iters: Vec<SpIter> = Vec::new();
        let mut hyb = None;
        for stmt in &def.body {
            match &stmt.kind {
                StmtKind::Expr(e) if matches!(e.kind, ExprKind::Str(_)) => {}
                StmtKind::Expr(e) if t_call(e).is_some_and(|(n, _, _)| n == "func_attr") => {
                    hyb = hyb_attr(e).or(hyb);
                }
                StmtKind::Assign { targets, value } => self.read_decl(targets, value, stmt.span)?,
                StmtKind::With { items, body } => {
                    let iter = self.read_iter(items, body, stmt.span)?;
                    if iters.iter().any(|it| it.name == iter.name) {
                        return Err(ParseError::semantic(
                            stmt.span,
                            format!("a second sparse iteration named `{}`", iter.name),
                        )
                        .with_help("each iteration names its blocks: give it a name of its own"));
                    }
                    iters.push(iter);
                }
                _ => {
                    return Err(ParseError::semantic(
                        stmt.span,
                        "not supported in a sparse function",
                    )
                    .with_help(
                        "a sparse function declares axes and sparse buffers, then one `with T.sp_iter(...)`",
                    ))
                }
            }
        }
        if iters.is_empty() {
            return Err(ParseError::semantic(
                def.name.span,
                "the sparse function has no `with T.sp_iter(...)`",
            ));
        }
        Ok(SparseFunc {
            consts,
            name: def.name.name.clone(),
            params: self.params,
            axes: self.axes,
            buffers: self.buffers,
            iters,
            hyb,
            span: def.name.span,
        })
    }

    fn is_handle(&self, name: &str) -> bool {
        self.params
            .iter()
            .any(|p| matches!(p, Param::Handle(h) if h == name))
    }

    fn size(&self, e: &ast::Expr) -> Result<Size> {
        if let Some(v) = int_literal(e) {
            if v < 0 {
                return Err(ParseError::semantic(e.span, "a size cannot be negative"));
            }
            return Ok(Size::Const(v));
        }
        if let Some(n) = e.as_name() {
            let known = self.consts.iter().any(|(c, _)| c == n)
                || self
                    .params
                    .iter()
                    .any(|p| matches!(p, Param::Size(s, _) if s == n));
            if known {
                return Ok(Size::Name(n.to_string()));
            }
            return Err(ParseError::semantic(e.span, format!("unknown size `{n}`"))
                .with_help("a size is a literal, a module constant or a `T.int32` parameter"));
        }
        Err(
            ParseError::semantic(e.span, "a size is a literal or a name here")
                .with_help("bind computed sizes to a module constant"),
        )
    }

    fn handle(&self, e: &ast::Expr, what: &str) -> Result<String> {
        match e.as_name() {
            Some(n) if self.is_handle(n) => Ok(n.to_string()),
            _ => Err(ParseError::semantic(
                e.span,
                format!("the {what} must be a `T.handle` parameter"),
            )),
        }
    }

    fn parent(&self, e: &ast::Expr) -> Result<String> {
        let Some(n) = e.as_name() else {
            return Err(ParseError::semantic(e.span, "the parent axis is a name"));
        };
        match self.axes.iter().find(|a| a.name == n) {
            // A sparse_fixed parent: the row map of a decomposed part (SparseTIR's hyb).
            Some(a) if matches!(a.kind, AxisKind::DenseFixed { .. } | AxisKind::SparseFixed { .. }) => {
                Ok(n.to_string())
            }
            Some(_) => Err(ParseError::semantic(
                e.span,
                format!("axis `{n}` is a variable axis: an axis under a variable axis is not supported yet"),
            )
            .with_help("this version lowers CSR, ELL and ragged rows under a dense_fixed or sparse_fixed axis")),
            None => Err(ParseError::semantic(e.span, format!("unknown axis `{n}`"))
                .with_help("declare the parent axis before its child")),
        }
    }

    fn pair<'e>(&self, e: &'e ast::Expr, what: &str) -> Result<(&'e ast::Expr, &'e ast::Expr)> {
        match &e.kind {
            ExprKind::Tuple(v) | ExprKind::List(v) if v.len() == 2 => Ok((&v[0], &v[1])),
            _ => Err(ParseError::semantic(e.span, format!("expected {what}"))),
        }
    }

    fn read_decl(&mut self, targets: &[ast::Expr], value: &ast::Expr, span: Span) -> Result<()> {
        let name = match targets {
            [t] => t.as_name(),
            _ => None,
        };
        let (Some(name), Some((call, args, kwargs))) = (name, t_call(value)) else {
            return Err(ParseError::semantic(
                span,
                "expected an axis (`I = T.dense_fixed(M)`) or a sparse buffer (`A = T.match_sparse_buffer(a, (I, J), \"float32\")`)",
            ));
        };
        if self.axes.iter().any(|a| a.name == name) || self.buffers.iter().any(|b| b.name == name) {
            return Err(ParseError::semantic(
                span,
                format!("`{name}` is declared twice"),
            ));
        }
        if call == "match_sparse_buffer" {
            let buffer = self.read_buffer(name, args, kwargs, span)?;
            self.buffers.push(buffer);
            return Ok(());
        }
        let (arity, idtype) = split_idtype(args, kwargs, value.span)?;
        let wrong_arity =
            |want: &str| ParseError::semantic(value.span, format!("T.{call} takes {want}"));
        let kind = match call {
            "dense_fixed" => match arity {
                [length] => AxisKind::DenseFixed {
                    length: self.size(length)?,
                },
                _ => return Err(wrong_arity("(length, idtype)")),
            },
            "dense_variable" => match arity {
                [parent, sizes, indptr] => {
                    let (length, nnz) = self.pair(sizes, "(length, nnz)")?;
                    AxisKind::DenseVariable {
                        parent: self.parent(parent)?,
                        length: self.size(length)?,
                        nnz: self.size(nnz)?,
                        indptr: self.handle(indptr, "indptr")?,
                    }
                }
                _ => return Err(wrong_arity("(parent, (length, nnz), indptr, idtype)")),
            },
            "sparse_fixed" => match arity {
                [parent, sizes, indices] => {
                    let (length, cols) = self.pair(sizes, "(length, nnz_cols)")?;
                    AxisKind::SparseFixed {
                        parent: self.parent(parent)?,
                        length: self.size(length)?,
                        nnz_cols: self.size(cols)?,
                        indices: self.handle(indices, "indices")?,
                    }
                }
                _ => return Err(wrong_arity("(parent, (length, nnz_cols), indices, idtype)")),
            },
            "sparse_variable" => match arity {
                [parent, sizes, arrays] => {
                    let (length, nnz) = self.pair(sizes, "(length, nnz)")?;
                    let (indptr, indices) = self.pair(arrays, "(indptr, indices)")?;
                    AxisKind::SparseVariable {
                        parent: self.parent(parent)?,
                        length: self.size(length)?,
                        nnz: self.size(nnz)?,
                        indptr: self.handle(indptr, "indptr")?,
                        indices: self.handle(indices, "indices")?,
                    }
                }
                _ => {
                    return Err(wrong_arity(
                        "(parent, (length, nnz), (indptr, indices), idtype)",
                    ))
                }
            },
            "alloc_sparse_buffer" | "attach_axis" | "fuse" | "flatten" => {
                return Err(ParseError::semantic(
                    value.span,
                    format!("T.{call} is not supported yet"),
                )
                .with_help(
                    "this version reads the four axis kinds, T.match_sparse_buffer and T.sp_iter",
                ))
            }
            other => {
                return Err(ParseError::semantic(
                    value.span,
                    format!("T.{other} is not a SparseTIR declaration"),
                )
                .with_suggestion(
                    other,
                    [
                        "dense_fixed",
                        "dense_variable",
                        "sparse_fixed",
                        "sparse_variable",
                        "match_sparse_buffer",
                    ],
                    "T.",
                ))
            }
        };
        if idtype != "int32" && idtype != "int64" {
            return Err(
                ParseError::semantic(value.span, format!("index type `{idtype}`"))
                    .with_help("an axis's index type is \"int32\" or \"int64\""),
            );
        }
        self.axes.push(Axis {
            name: name.to_string(),
            kind,
            idtype,
            span,
        });
        Ok(())
    }

    fn read_buffer(
        &self,
        name: &str,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
        span: Span,
    ) -> Result<SparseBuffer> {
        let mut dtype = None;
        for kw in kwargs {
            match (kw.name.name.as_str(), kw.value.as_str()) {
                ("dtype", Some(d)) => dtype = Some(d.to_string()),
                (other, _) => {
                    return Err(ParseError::semantic(
                        kw.name.span,
                        format!("`{other}=` of T.match_sparse_buffer is not supported"),
                    )
                    .with_help("write T.match_sparse_buffer(handle, (axes...), \"dtype\")"))
                }
            }
        }
        let (handle, axes) = match args {
            [h, axes] if dtype.is_some() => (h, axes),
            [h, axes, d] if dtype.is_none() => {
                dtype = d.as_str().map(str::to_string);
                (h, axes)
            }
            _ => {
                return Err(ParseError::semantic(
                    span,
                    "T.match_sparse_buffer takes (handle, (axes...), dtype)",
                ))
            }
        };
        let Some(dtype) = dtype else {
            return Err(ParseError::semantic(span, "the buffer's dtype is a string"));
        };
        let handle = self.handle(handle, "buffer's handle")?;
        let (ExprKind::Tuple(items) | ExprKind::List(items)) = &axes.kind else {
            return Err(ParseError::semantic(
                axes.span,
                "the buffer's axes are a tuple",
            ));
        };
        let mut names: Vec<String> = Vec::new();
        for item in items {
            let Some(n) = item.as_name() else {
                return Err(ParseError::semantic(item.span, "an axis name"));
            };
            let Some(axis) = self.axes.iter().find(|a| a.name == n) else {
                return Err(
                    ParseError::semantic(item.span, format!("unknown axis `{n}`")).with_suggestion(
                        n,
                        self.axes.iter().map(|a| a.name.as_str()),
                        "",
                    ),
                );
            };
            if let Some(parent) = axis.kind.parent() {
                // Right after its parent, which is the first axis or itself a
                // sparse axis right after its own parent (a chain from the first).
                let parent_is_sparse = self
                    .axes
                    .iter()
                    .any(|a| a.name == parent && a.kind.parent().is_some());
                if names.last().map(String::as_str) != Some(parent)
                    || (names.len() != 1 && !parent_is_sparse)
                {
                    return Err(ParseError::semantic(
                        item.span,
                        format!("axis `{n}` must follow its parent `{parent}` as the buffer's second axis"),
                    )
                    .with_help("this version stores sparse buffers as (row axis, sparse axis, dense axes...)"));
                }
            }
            names.push(n.to_string());
        }
        Ok(SparseBuffer {
            name: name.to_string(),
            handle,
            axes: names,
            dtype,
            span,
        })
    }
}

fn read_param(p: &ast::Param) -> Result<Param> {
    let ann = p.ann.as_ref().and_then(|a| a.dotted());
    match ann.as_deref() {
        Some(["T", "handle"]) => Ok(Param::Handle(p.name.name.clone())),
        Some(["T", t @ ("int32" | "int64")]) => Ok(Param::Size(p.name.name.clone(), t.to_string())),
        _ => Err(ParseError::semantic(
            p.name.span,
            format!("parameter `{}` of a sparse function", p.name.name),
        )
        .with_help("a sparse function takes `x: T.handle` arrays and `n: T.int32` sizes")),
    }
}

/// The positional arguments without the trailing index type, and that type
/// (positional or `idtype=`, "int32" when absent).
fn split_idtype<'e>(
    args: &'e [ast::Expr],
    kwargs: &'e [ast::Keyword],
    span: Span,
) -> Result<(&'e [ast::Expr], String)> {
    if let Some(kw) = kwargs.first() {
        return match (kw.name.name.as_str(), kw.value.as_str(), kwargs.len()) {
            ("idtype", Some(t), 1) => Ok((args, t.to_string())),
            _ => Err(ParseError::semantic(
                kw.name.span,
                "only `idtype=` may be named here",
            )),
        };
    }
    match args.split_last() {
        Some((last, rest)) if last.as_str().is_some() => {
            Ok((rest, last.as_str().unwrap_or("int32").to_string()))
        }
        Some(_) => Ok((args, "int32".to_string())),
        None => Err(ParseError::semantic(span, "missing arguments")),
    }
}

mod iter;
