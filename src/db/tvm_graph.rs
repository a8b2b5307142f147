//! A workload as TVM 0.27's JSON node graph: what `tvm.ir.save_json(mod)`
//! writes and MetaSchedule's `database_workload.json` stores (base64, behind
//! an 8-byte length). `{"root_index": N, "nodes": [{"type", "data"}, ...]}`,
//! each node's fields naming other nodes by index (node 0 is `None`).
//!
//! TVM's loader wants every field of every node, so the nodes are written as
//! TVM 0.27 writes them for a module parsed from TVMScript (checked by
//! `scripts/ms_database/check_export.py`, which loads the graph in TVM and
//! compares it with TVM's parse of the workload by structural equality).
//! Spans are all `None`: TVM's structural equality ignores them.
//!
//! Written here: buffer parameters, `alloc_buffer`s, serial / parallel /
//! vectorized / unrolled loops, blocks with their iterators, regions, `init`
//! and annotations, stores, sequences, and the expressions of workloads
//! (arithmetic, comparisons, logic, `Select`, casts, loads, the math
//! intrinsics and `if_then_else`). Anything else (scheduled programs with
//! thread bindings, scalar parameters, `match_buffer`, strides ...) is refused
//! with what and why: workloads are unscheduled programs.

use crate::ir::{
    AnnValue, BinOp, Block, BufferId, BufferRegion, DataType, Expr, ForKind, Intrinsic, IterKind,
    PrimFunc, Range, Stmt, VarId,
};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The TVM version written into the graph's metadata.
pub const TVM_VERSION: &str = "0.27.0";

/// A construct the graph writer does not write.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("cannot write `{func}` as TVM's node graph: {what}")]
pub struct GraphError {
    pub func: String,
    pub what: String,
}

/// The workload as a TVM IRModule node graph with one function, `main` in
/// TVM's module when the function is called so.
pub fn module_graph(func: &PrimFunc) -> Result<Value, GraphError> {
    let mut w = Writer {
        nodes: vec![json!({"type": "None"})],
        vars: HashMap::new(),
        buffers: HashMap::new(),
        func,
    };
    let root = w.module()?;
    Ok(json!({
        "root_index": root,
        "nodes": w.nodes,
        "metadata": {"tvm_version": TVM_VERSION},
    }))
}

struct Writer<'f> {
    nodes: Vec<Value>,
    /// Each variable's one node: TVM's variables are compared by identity.
    vars: HashMap<VarId, usize>,
    buffers: HashMap<BufferId, usize>,
    func: &'f PrimFunc,
}

type Res = Result<usize, GraphError>;

impl Writer<'_> {
    fn refuse<T>(&self, what: impl Into<String>) -> Result<T, GraphError> {
        Err(GraphError {
            func: self.func.name.clone(),
            what: what.into(),
        })
    }

    fn push(&mut self, ty: &str, data: Value) -> usize {
        self.nodes.push(json!({"type": ty, "data": data}));
        self.nodes.len() - 1
    }

    fn string(&mut self, s: &str) -> usize {
        self.push("ffi.String", json!(s))
    }

    fn array(&mut self, items: Vec<usize>) -> usize {
        self.push("ffi.Array", json!(items))
    }

    fn prim_type(&mut self, t: DataType) -> usize {
        self.push("ir.PrimType", json!({"span": 0, "dtype": t.name()}))
    }

    fn int_imm(&mut self, v: i64, t: DataType) -> usize {
        let ty = self.prim_type(t);
        let value = self.push("int", json!(v));
        self.push("ir.IntImm", json!({"span": 0, "ty": ty, "value": value}))
    }

    fn module(&mut self) -> Res {
        let name = self.string(&self.func.name.clone());
        let ty = self.push("ir.Type", json!({"span": 0}));
        let gvar = self.push(
            "ir.GlobalVar",
            json!({"span": 0, "ty": ty, "name_hint": name}),
        );
        let func = self.prim_func()?;
        let functions = self.push("ffi.Map", json!([gvar, func]));
        let gvar_map = self.push("ffi.Map", json!([name, gvar]));
        let empty_map = self.push("ffi.Map", json!([]));
        let source_map = self.push("ir.SourceMap", json!({"source_map": empty_map}));
        let attrs_map = self.push("ffi.Map", json!([]));
        let attrs = self.push("ir.DictAttrs", json!({"__dict__": attrs_map}));
        let infos = self.push("ffi.Map", json!([]));
        Ok(self.push(
            "ir.IRModule",
            json!({"functions": functions, "global_var_map_": gvar_map,
                   "source_map": source_map, "attrs": attrs, "global_infos": infos}),
        ))
    }

    fn prim_func(&mut self) -> Res {
        let func = self.func;
        let mut params = Vec::new();
        let mut tensor_types = Vec::new();
        for p in &func.params {
            let Some(b) = p.buffer else {
                return self.refuse(format!(
                    "parameter `{}` is a scalar; only buffer parameters are written",
                    p.name
                ));
            };
            tensor_types.push(self.tensor_type(b)?);
            params.push(self.buffer_var(b)?);
        }
        let param_types = self.array(tensor_types);
        let no_fields = self.array(vec![]);
        let ret = self.push("ir.TupleType", json!({"span": 0, "fields": no_fields}));
        let ty = self.push(
            "relax.FuncType",
            json!({"span": 0, "params": param_types, "ret": ret, "derive_func": 0, "purity": false}),
        );
        let attrs = self.func_attrs()?;
        let params = self.array(params);
        let no_fields = self.array(vec![]);
        let ret_type = self.push("ir.TupleType", json!({"span": 0, "fields": no_fields}));
        let body = self.stmt(&func.body)?;
        Ok(self.push(
            "tirx.PrimFunc",
            json!({"span": 0, "ty": ty, "attrs": attrs, "params": params,
                   "ret_type": ret_type, "body": body}),
        ))
    }

    /// The function's attributes, with `s_tir` as TVMScript's
    /// `@T.prim_func(s_tir=True)` sets it.
    fn func_attrs(&mut self) -> Res {
        let mut flat = Vec::new();
        for (key, value) in &self.func.attrs {
            if key == "s_tir" {
                continue;
            }
            flat.push(self.string(key));
            flat.push(self.ann_value(value)?);
        }
        flat.push(self.string("s_tir"));
        flat.push(self.push("bool", json!(true)));
        let map = self.push("ffi.Map", json!(flat));
        Ok(self.push("ir.DictAttrs", json!({"__dict__": map})))
    }

    fn ann_value(&mut self, v: &AnnValue) -> Res {
        Ok(match v {
            AnnValue::Str(s) => self.string(s),
            AnnValue::Bool(b) => self.push("bool", json!(b)),
            // `T.bool(True)`: TVM keeps it a boolean IntImm, not a Python bool.
            AnnValue::BoolImm(b) => self.int_imm(i64::from(*b), DataType::Bool),
            AnnValue::Int(i) => self.int_imm(*i, DataType::I32),
            AnnValue::Float(f) => self.float_imm(*f, DataType::F32)?,
            AnnValue::List(items) => {
                let mut nodes = Vec::with_capacity(items.len());
                for item in items {
                    nodes.push(self.ann_value(item)?);
                }
                self.array(nodes)
            }
            // A nested dict: an `ffi.Map`, as the annotations themselves.
            AnnValue::Dict(entries) => self.annotations(entries)?,
        })
    }

    fn annotations(&mut self, anns: &[(String, AnnValue)]) -> Res {
        let mut flat = Vec::new();
        for (key, value) in anns {
            flat.push(self.string(key));
            flat.push(self.ann_value(value)?);
        }
        Ok(self.push("ffi.Map", json!(flat)))
    }

    /// `relax.TensorType` of a parameter, as the function's type lists it.
    fn tensor_type(&mut self, b: BufferId) -> Res {
        let buf = self.func.buffer(b);
        let Some(shape) = buf.const_shape() else {
            return self.refuse(format!("buffer `{}` has a symbolic shape", buf.name));
        };
        let dtype = buf.dtype;
        let dims: Vec<usize> = shape
            .iter()
            .map(|&d| self.int_imm(d, DataType::I64))
            .collect();
        let ndim = dims.len();
        let values = self.array(dims);
        let shape_ty = self.push(
            "relax.ShapeType",
            json!({"span": 0, "values": values, "ndim": ndim}),
        );
        let shape_expr = self.push(
            "relax.expr.ShapeExpr",
            json!({"span": 0, "ty": shape_ty, "values": values}),
        );
        let dt = self.prim_type(dtype);
        Ok(self.push(
            "relax.TensorType",
            json!({"span": 0, "shape": shape_expr, "dtype": dt, "vdevice": 0, "ndim": ndim}),
        ))
    }

    /// A buffer: a variable of `tirx.BufferType`, one node per buffer.
    fn buffer_var(&mut self, b: BufferId) -> Res {
        if let Some(&n) = self.buffers.get(&b) {
            return Ok(n);
        }
        let buf = self.func.buffer(b).clone();
        if !buf.strides.is_empty() || buf.elem_offset.is_some() || !buf.axis_align.is_empty() {
            return self.refuse(format!(
                "buffer `{}` has strides, an element offset or an alignment",
                buf.name
            ));
        }
        let dtype = self.prim_type(buf.dtype);
        let scope = self.string(buf.scope.name());
        let mut dims = Vec::with_capacity(buf.shape.len());
        for d in &buf.shape {
            dims.push(self.expr(d)?);
        }
        let shape = self.array(dims);
        let strides = self.array(vec![]);
        let elem_offset = self.int_imm(0, DataType::I32);
        let addr = self.array(vec![]);
        let offset_factor = if buf.offset_factor == 0 {
            1
        } else {
            buf.offset_factor
        };
        let ty = self.push(
            "tirx.BufferType",
            json!({"span": 0, "dtype": dtype, "storage_scope": scope, "shape": shape,
                   "strides": strides, "elem_offset": elem_offset, "data_alignment": 64,
                   "offset_factor": offset_factor, "layout": 0, "allocated_addr": addr}),
        );
        let name = self.string(&buf.name);
        let var = self.push("ir.Var", json!({"span": 0, "ty": ty, "name": name}));
        self.buffers.insert(b, var);
        Ok(var)
    }

    fn var(&mut self, v: VarId) -> usize {
        if let Some(&n) = self.vars.get(&v) {
            return n;
        }
        let decl = self.func.var(v).clone();
        let ty = self.prim_type(decl.dtype);
        let name = self.string(&decl.name);
        let n = self.push("ir.Var", json!({"span": 0, "ty": ty, "name": name}));
        self.vars.insert(v, n);
        n
    }

    fn range(&mut self, r: &Range) -> Res {
        let min = self.expr(&r.min)?;
        let extent = self.expr(&r.extent)?;
        Ok(self.push("ir.Range", json!({"min": min, "extent": extent, "span": 0})))
    }

    fn region(&mut self, r: &BufferRegion) -> Res {
        let ty = self.push("tirx.BufferRegionType", json!({"span": 0}));
        let source = self.buffer_var(r.buffer)?;
        let mut ranges = Vec::with_capacity(r.region.len());
        for range in &r.region {
            ranges.push(self.range(range)?);
        }
        let region = self.array(ranges);
        Ok(self.push(
            "ir.TensorRegion",
            json!({"span": 0, "ty": ty, "source": source, "region": region}),
        ))
    }

    fn stmt(&mut self, s: &Stmt) -> Res {
        match s {
            Stmt::Seq(items) => {
                let mut seq = Vec::with_capacity(items.len());
                for item in items {
                    seq.push(self.stmt(item)?);
                }
                let seq = self.array(seq);
                Ok(self.push("tirx.SeqStmt", json!({"span": 0, "seq": seq})))
            }
            Stmt::For(l) => {
                let kind = match l.kind {
                    ForKind::Serial => 0,
                    ForKind::Parallel => 1,
                    ForKind::Vectorized => 2,
                    ForKind::Unrolled => 3,
                    ForKind::ThreadBinding(axis) => {
                        return self.refuse(format!(
                            "a loop bound to {}: workloads are unscheduled",
                            axis.tag()
                        ))
                    }
                };
                let var = self.var(l.var);
                let min = self.expr(&l.min)?;
                let extent = self.expr(&l.extent)?;
                let body = self.stmt(&l.body)?;
                let annotations = self.annotations(&l.annotations)?;
                Ok(self.push(
                    "tirx.For",
                    json!({"span": 0, "loop_var": var, "min": min, "extent": extent,
                           "kind": kind, "body": body, "thread_binding": 0,
                           "annotations": annotations, "step": 0}),
                ))
            }
            Stmt::BlockRealize(r) => {
                let mut values = Vec::with_capacity(r.iter_values.len());
                for v in &r.iter_values {
                    values.push(self.expr(v)?);
                }
                let values = self.array(values);
                let predicate = self.expr(&r.predicate)?;
                let block = self.block(&r.block)?;
                Ok(self.push(
                    "s_tir.SBlockRealize",
                    json!({"span": 0, "iter_values": values, "predicate": predicate, "block": block}),
                ))
            }
            Stmt::BufferStore(st) => {
                let buffer = self.buffer_var(st.buffer)?;
                let value = self.expr(&st.value)?;
                let mut indices = Vec::with_capacity(st.indices.len());
                for i in &st.indices {
                    indices.push(self.expr(i)?);
                }
                let indices = self.array(indices);
                Ok(self.push(
                    "tirx.BufferStore",
                    json!({"span": 0, "buffer": buffer, "value": value, "indices": indices}),
                ))
            }
            Stmt::IfThenElse(_) => self.refuse("an `if` statement"),
            Stmt::LetStmt(_) => self.refuse("a `T.let` statement"),
            Stmt::Evaluate(_) => self.refuse("a `T.evaluate` statement"),
        }
    }

    fn block(&mut self, b: &Block) -> Res {
        if !b.match_buffers.is_empty() {
            return self.refuse(format!("block `{}` has `match_buffer`s", b.name));
        }
        let mut iters = Vec::with_capacity(b.iter_vars.len());
        for iv in &b.iter_vars {
            let dom = self.range(&iv.dom)?;
            let var = self.var(iv.var);
            // TVM's IterVarType: kDataPar 0, kCommReduce 2, kOrdered 3, kOpaque 4.
            let iter_type = match iv.kind {
                IterKind::Spatial => 0,
                IterKind::Reduce => 2,
                IterKind::Scan => 3,
                IterKind::Opaque => 4,
            };
            let tag = self.string("");
            iters.push(self.push(
                "tirx.IterVar",
                json!({"dom": dom, "var": var, "iter_type": iter_type, "thread_tag": tag, "span": 0}),
            ));
        }
        let iter_vars = self.array(iters);
        let mut reads = Vec::with_capacity(b.reads.len());
        for r in &b.reads {
            reads.push(self.region(r)?);
        }
        let reads = self.array(reads);
        let mut writes = Vec::with_capacity(b.writes.len());
        for r in &b.writes {
            writes.push(self.region(r)?);
        }
        let writes = self.array(writes);
        let name = self.string(&b.name);
        let mut allocs = Vec::with_capacity(b.alloc_buffers.len());
        for &buf in &b.alloc_buffers {
            allocs.push(self.buffer_var(buf)?);
        }
        let allocs = self.array(allocs);
        let matches = self.array(vec![]);
        let annotations = self.annotations(&b.annotations)?;
        let init = match &b.init {
            Some(s) => self.stmt(s)?,
            None => 0,
        };
        let body = self.stmt(&b.body)?;
        Ok(self.push(
            "s_tir.SBlock",
            json!({"span": 0, "iter_vars": iter_vars, "reads": reads, "writes": writes,
                   "name_hint": name, "alloc_buffers": allocs, "match_buffers": matches,
                   "annotations": annotations, "init": init, "body": body}),
        ))
    }

    fn float_imm(&mut self, v: f64, t: DataType) -> Res {
        if !v.is_finite() {
            return self.refuse(format!("the constant {v} (JSON has no NaN or infinity)"));
        }
        let ty = self.prim_type(t);
        Ok(self.push("ir.FloatImm", json!({"span": 0, "ty": ty, "value": v})))
    }

    fn dtype_of(&self, e: &Expr) -> DataType {
        let f = self.func;
        match e {
            Expr::Int(_, t) | Expr::Float(_, t) | Expr::Cast(t, _) => *t,
            Expr::Var(v) => f.var(*v).dtype,
            Expr::Binary(op, _, _) if op.is_comparison() || op.is_logical() => DataType::Bool,
            Expr::Binary(_, a, _) => self.dtype_of(a),
            Expr::Not(_) => DataType::Bool,
            Expr::Select(_, a, _) => self.dtype_of(a),
            Expr::Load(b, _) => f.buffer(*b).dtype,
            Expr::Call(i, args) => i.fixed_type().unwrap_or_else(|| {
                i.typed_by_arg()
                    .and_then(|k| args.get(k))
                    .map_or(DataType::F32, |a| self.dtype_of(a))
            }),
            Expr::Opaque(_) => DataType::I32,
        }
    }

    fn expr(&mut self, e: &Expr) -> Res {
        match e {
            Expr::Int(v, t) => Ok(self.int_imm(*v, *t)),
            Expr::Float(v, t) => self.float_imm(*v, *t),
            Expr::Var(v) => Ok(self.var(*v)),
            Expr::Binary(op, a, b) => {
                let ty = self.prim_type(self.dtype_of(e));
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                Ok(self.push(
                    binary_node(*op),
                    json!({"span": 0, "ty": ty, "a": a, "b": b}),
                ))
            }
            Expr::Not(a) => {
                let ty = self.prim_type(DataType::Bool);
                let a = self.expr(a)?;
                Ok(self.push("prim.Not", json!({"span": 0, "ty": ty, "a": a})))
            }
            Expr::Select(c, a, b) => {
                let ty = self.prim_type(self.dtype_of(e));
                let (c, a, b) = (self.expr(c)?, self.expr(a)?, self.expr(b)?);
                Ok(self.push(
                    "prim.Select",
                    json!({"span": 0, "ty": ty, "condition": c, "true_value": a, "false_value": b}),
                ))
            }
            Expr::Cast(t, a) => {
                let ty = self.prim_type(*t);
                let value = self.expr(a)?;
                Ok(self.push("prim.Cast", json!({"span": 0, "ty": ty, "value": value})))
            }
            Expr::Load(b, indices) => {
                let ty = self.prim_type(self.func.buffer(*b).dtype);
                let source = self.buffer_var(*b)?;
                let mut idx = Vec::with_capacity(indices.len());
                for i in indices {
                    idx.push(self.expr(i)?);
                }
                let idx = self.array(idx);
                Ok(self.push(
                    "ir.TensorLoad",
                    json!({"span": 0, "ty": ty, "source": source, "indices": idx}),
                ))
            }
            Expr::Call(f, args) => {
                let Some(op_name) = op_name(*f) else {
                    return self.refuse(format!("the intrinsic `T.{}`", f.name()));
                };
                let ty = self.prim_type(self.dtype_of(e));
                let op = self.push("ir.Op", json!(op_name));
                let mut nodes = Vec::with_capacity(args.len());
                for a in args {
                    nodes.push(self.expr(a)?);
                }
                let args = self.array(nodes);
                let ty_args = self.array(vec![]);
                Ok(self.push(
                    "ir.Call",
                    json!({"span": 0, "ty": ty, "op": op, "args": args, "attrs": 0, "ty_args": ty_args}),
                ))
            }
            Expr::Opaque(_) => self.refuse("an opaque TVM builtin call"),
        }
    }
}

fn binary_node(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "prim.Add",
        BinOp::Sub => "prim.Sub",
        BinOp::Mul => "prim.Mul",
        BinOp::Div => "prim.Div",
        BinOp::Mod => "prim.Mod",
        BinOp::FloorDiv => "prim.FloorDiv",
        BinOp::FloorMod => "prim.FloorMod",
        BinOp::Min => "prim.Min",
        BinOp::Max => "prim.Max",
        BinOp::Eq => "prim.EQ",
        BinOp::Ne => "prim.NE",
        BinOp::Lt => "prim.LT",
        BinOp::Le => "prim.LE",
        BinOp::Gt => "prim.GT",
        BinOp::Ge => "prim.GE",
        BinOp::And => "prim.And",
        BinOp::Or => "prim.Or",
    }
}

/// TVM's operator name of an intrinsic call, for those a workload writes as
/// a call (`T.exp`); None for the rest (bit operators are TVM nodes of
/// their own, the warp and tensor-core calls are made by lowering).
fn op_name(f: Intrinsic) -> Option<&'static str> {
    use Intrinsic::*;
    Some(match f {
        Exp => "tirx.exp",
        Exp2 => "tirx.exp2",
        Log => "tirx.log",
        Log2 => "tirx.log2",
        Log10 => "tirx.log10",
        Sqrt => "tirx.sqrt",
        Rsqrt => "tirx.rsqrt",
        Sin => "tirx.sin",
        Cos => "tirx.cos",
        Tan => "tirx.tan",
        Tanh => "tirx.tanh",
        Sigmoid => "tirx.sigmoid",
        Erf => "tirx.erf",
        Fabs => "tirx.fabs",
        Floor => "tirx.floor",
        Ceil => "tirx.ceil",
        Round => "tirx.round",
        Trunc => "tirx.trunc",
        Pow => "tirx.pow",
        IfThenElse => "prim.if_then_else",
        Likely => "tirx.likely",
        _ => return None,
    })
}
