//! The sparse iteration: `with T.sp_iter(axes, kinds, name) as vars:` and its body.

use super::{t_call, FuncReader, Result};
use crate::diag::Span;
use crate::script::ast::{self, BinaryOp, ExprKind, StmtKind, UnaryOp};
use crate::script::ParseError;
use crate::sparse::{AxisKind, BinOp, SExpr, SpIter, Store};

/// The literal types `T.float32(0)` may name.
const LITERAL_TYPES: [&str; 5] = ["float16", "float32", "float64", "int32", "int64"];

impl FuncReader<'_> {
    pub(super) fn read_iter(
        &self,
        items: &[ast::WithItem],
        body: &[ast::Stmt],
        span: Span,
    ) -> Result<SpIter> {
        let [item] = items else {
            return Err(ParseError::semantic(
                span,
                "one `T.sp_iter(...)` per `with`",
            ));
        };
        let call = t_call(&item.context);
        let Some(("sp_iter" | "iter", args, [])) = call else {
            return Err(ParseError::semantic(
                item.context.span,
                "expected `T.sp_iter([axes], \"SR...\", \"name\")`",
            ));
        };
        let [axes, kinds, name] = args else {
            return Err(ParseError::semantic(
                item.context.span,
                "T.sp_iter takes ([axes], kinds, name)",
            ));
        };
        let axes = self.iter_axes(axes)?;
        let (Some(kinds_text), Some(name)) = (kinds.as_str(), name.as_str()) else {
            return Err(ParseError::semantic(
                kinds.span,
                "the kinds (\"SRS\") and the name are strings",
            ));
        };
        if kinds_text.len() != axes.len() || kinds_text.chars().any(|c| c != 'S' && c != 'R') {
            return Err(ParseError::semantic(
                kinds.span,
                format!("kinds \"{kinds_text}\" for {} axes", axes.len()),
            )
            .with_help("one letter per axis: S (spatial) or R (reduction)"));
        }
        let vars = self.iter_vars(item.target.as_ref(), axes.len(), span)?;
        let mut iter = SpIter {
            axes,
            kinds: kinds_text.to_string(),
            name: name.to_string(),
            vars,
            init: Vec::new(),
            body: Vec::new(),
            span,
        };
        for stmt in body {
            match &stmt.kind {
                StmtKind::With { items, body: init } if is_init(items) => {
                    if !iter.init.is_empty() || !iter.body.is_empty() {
                        return Err(ParseError::semantic(
                            stmt.span,
                            "`with T.init():` comes first, once",
                        ));
                    }
                    for s in init {
                        let store = self.read_store(&iter, s)?;
                        iter.init.push(store);
                    }
                }
                _ => {
                    let store = self.read_store(&iter, stmt)?;
                    iter.body.push(store);
                }
            }
        }
        if iter.body.is_empty() {
            return Err(ParseError::semantic(
                span,
                "the sparse iteration has no body",
            ));
        }
        Ok(iter)
    }

    fn iter_axes(&self, e: &ast::Expr) -> Result<Vec<String>> {
        let (ExprKind::List(items) | ExprKind::Tuple(items)) = &e.kind else {
            return Err(ParseError::semantic(
                e.span,
                "the iteration's axes are a list",
            ));
        };
        let mut names: Vec<String> = Vec::new();
        for item in items {
            if let Some((f @ ("fuse" | "attach"), _, _)) = t_call(item) {
                return Err(
                    ParseError::semantic(item.span, format!("T.{f} is not supported yet"))
                        .with_help("list the axes one by one"),
                );
            }
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
            if names.iter().any(|m| m == n) {
                return Err(ParseError::semantic(item.span, format!("axis `{n}` twice")));
            }
            if let Some(parent) = axis.kind.parent() {
                if !names.iter().any(|m| m == parent) {
                    return Err(ParseError::semantic(
                        item.span,
                        format!("axis `{n}` iterates under `{parent}`, which must come before it"),
                    ));
                }
            }
            names.push(n.to_string());
        }
        Ok(names)
    }

    fn iter_vars(&self, target: Option<&ast::Expr>, n: usize, span: Span) -> Result<Vec<String>> {
        let Some(target) = target else {
            return Err(ParseError::semantic(
                span,
                "the iteration needs `as [vi, vj, ...]`",
            ));
        };
        let items = match &target.kind {
            ExprKind::List(v) | ExprKind::Tuple(v) => v.as_slice(),
            _ => std::slice::from_ref(target),
        };
        if items.len() != n {
            return Err(ParseError::semantic(
                target.span,
                format!("{} variables for {n} axes", items.len()),
            ));
        }
        let mut vars: Vec<String> = Vec::new();
        for item in items {
            match item.as_name() {
                Some(v) if !vars.iter().any(|w| w == v) => vars.push(v.to_string()),
                _ => {
                    return Err(ParseError::semantic(item.span, "a new variable name"));
                }
            }
        }
        Ok(vars)
    }

    fn read_store(&self, iter: &SpIter, stmt: &ast::Stmt) -> Result<Store> {
        let (target, value) = match &stmt.kind {
            StmtKind::Assign { targets, value } if targets.len() == 1 => {
                (&targets[0], self.value(iter, value)?)
            }
            StmtKind::AugAssign {
                target,
                op: op @ (BinaryOp::Add | BinaryOp::Mul),
                value,
            } => {
                let (buffer, indices) = self.access(iter, target)?;
                let op = if *op == BinaryOp::Add {
                    BinOp::Add
                } else {
                    BinOp::Mul
                };
                let old = SExpr::Load { buffer, indices };
                (
                    target,
                    SExpr::Binary(op, Box::new(old), Box::new(self.value(iter, value)?)),
                )
            }
            _ => {
                return Err(ParseError::semantic(
                    stmt.span,
                    "the body of a sparse iteration is buffer stores (`C[vi, vk] = ...`)",
                ))
            }
        };
        let (buffer, indices) = self.access(iter, target)?;
        Ok(Store {
            buffer,
            indices,
            value,
            span: stmt.span,
        })
    }

    /// `A[vi, vj]`: the buffer and the iteration variables, checked against the
    /// buffer's axes.
    fn access(&self, iter: &SpIter, e: &ast::Expr) -> Result<(String, Vec<String>)> {
        let ExprKind::Subscript(base, idx) = &e.kind else {
            return Err(ParseError::semantic(
                e.span,
                "a sparse buffer access `A[vi, vj]`",
            ));
        };
        let Some(name) = base.as_name() else {
            return Err(ParseError::semantic(base.span, "a sparse buffer name"));
        };
        let Some(buffer) = self.buffers.iter().find(|b| b.name == name) else {
            return Err(
                ParseError::semantic(base.span, format!("unknown sparse buffer `{name}`"))
                    .with_suggestion(name, self.buffers.iter().map(|b| b.name.as_str()), ""),
            );
        };
        if idx.len() != buffer.axes.len() {
            return Err(ParseError::semantic(
                e.span,
                format!(
                    "`{name}` has {} axes, indexed with {}",
                    buffer.axes.len(),
                    idx.len()
                ),
            ));
        }
        let mut vars = Vec::new();
        for (i, (ix, axis_name)) in idx.iter().zip(&buffer.axes).enumerate() {
            let var = ix.as_name().filter(|v| iter.vars.iter().any(|w| w == v));
            let Some(var) = var else {
                return Err(ParseError::semantic(
                    ix.span,
                    "a sparse buffer is indexed by the iteration's variables",
                )
                .with_help(format!("the variables are {}", iter.vars.join(", "))));
            };
            let pos = iter.vars.iter().position(|w| w == var).unwrap_or(0);
            let var_axis = &iter.axes[pos];
            self.check_coordinate(axis_name, var_axis, ix.span, var)?;
            if let Some(parent) = self
                .axes
                .iter()
                .find(|a| &a.name == axis_name)
                .and_then(|a| a.kind.parent())
            {
                // The stored position of (row, k) needs the row the variable was counted in.
                let row_var = iter
                    .axes
                    .iter()
                    .position(|a| a == parent)
                    .map(|p| &iter.vars[p]);
                if i == 0 || vars.last() != row_var {
                    return Err(ParseError::semantic(
                        ix.span,
                        format!("`{name}`'s axis `{axis_name}` is indexed under a different row than its parent `{parent}`"),
                    ));
                }
            }
            vars.push(var.to_string());
        }
        Ok((name.to_string(), vars))
    }

    /// A variable over `var_axis` may index `buffer_axis` when they are the same
    /// axis, or when the buffer axis is dense and as long (a sparse axis gives
    /// its coordinate through `indices`).
    fn check_coordinate(
        &self,
        buffer_axis: &str,
        var_axis: &str,
        span: Span,
        var: &str,
    ) -> Result<()> {
        if buffer_axis == var_axis {
            return Ok(());
        }
        let axis = |n: &str| self.axes.iter().find(|a| a.name == n);
        let (Some(b), Some(v)) = (axis(buffer_axis), axis(var_axis)) else {
            return Err(ParseError::semantic(span, "unknown axis"));
        };
        let dense_target = matches!(b.kind, AxisKind::DenseFixed { .. });
        let coordinate_source = !matches!(v.kind, AxisKind::DenseVariable { .. });
        if dense_target && coordinate_source && b.kind.length() == v.kind.length() {
            return Ok(());
        }
        Err(ParseError::semantic(
            span,
            format!("`{var}` iterates axis `{var_axis}`, which cannot index axis `{buffer_axis}`"),
        )
        .with_help("index an axis with its own variable, or a dense axis of the same length with a variable of a sparse axis"))
    }

    fn value(&self, iter: &SpIter, e: &ast::Expr) -> Result<SExpr> {
        Ok(match &e.kind {
            ExprKind::Int(v) => SExpr::Int(*v),
            ExprKind::Float(v) => SExpr::Float(*v),
            ExprKind::Subscript(..) => {
                let (buffer, indices) = self.access(iter, e)?;
                SExpr::Load { buffer, indices }
            }
            ExprKind::Unary(UnaryOp::Neg, inner) => SExpr::Neg(Box::new(self.value(iter, inner)?)),
            ExprKind::Binary(op, a, b) => {
                let op = match op {
                    BinaryOp::Add => BinOp::Add,
                    BinaryOp::Sub => BinOp::Sub,
                    BinaryOp::Mul => BinOp::Mul,
                    BinaryOp::Div => BinOp::Div,
                    other => {
                        return Err(ParseError::semantic(
                            e.span,
                            format!(
                                "`{}` is not supported in a sparse iteration yet",
                                other.symbol()
                            ),
                        ))
                    }
                };
                SExpr::Binary(
                    op,
                    Box::new(self.value(iter, a)?),
                    Box::new(self.value(iter, b)?),
                )
            }
            ExprKind::Call { .. } => match t_call(e) {
                Some((t, [arg], [])) if LITERAL_TYPES.contains(&t) => {
                    let v = match &arg.kind {
                        ExprKind::Int(v) => *v as f64,
                        ExprKind::Float(v) => *v,
                        _ => {
                            return Err(ParseError::semantic(
                                arg.span,
                                format!("T.{t} takes a number here"),
                            ))
                        }
                    };
                    SExpr::Typed(t.to_string(), v)
                }
                _ => {
                    return Err(ParseError::semantic(
                        e.span,
                        "calls are not supported in a sparse iteration yet",
                    )
                    .with_help("write + - * / of buffer reads and numbers"))
                }
            },
            _ => {
                return Err(
                    ParseError::semantic(e.span, "not supported in a sparse iteration")
                        .with_help("write + - * / of buffer reads and numbers"),
                )
            }
        })
    }
}

fn is_init(items: &[ast::WithItem]) -> bool {
    matches!(items, [item] if t_call(&item.context).is_some_and(|(n, a, _)| n == "init" && a.is_empty()) && item.target.is_none())
}
