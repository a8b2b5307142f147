//! TVM node graphs read without trusting them, and compared structurally.
//!
//! A graph (`tvm.ir.save_json`) is `{"root_index", "nodes": [{"type",
//! "data"}]}`; a field holding an integer names another node, except the
//! plain numbers listed in [`INLINE_FIELDS`]. Two functions are the same
//! workload when their graphs are equal as TVM's structural equality sees
//! them: spans and variable names do not count (a variable is matched to
//! the variable at the same place, one for one), everything else does. The
//! function's attributes and its derived type are not compared either:
//! TVMScript's `@T.prim_func(s_tir=True)` adds an attribute that
//! `te.create_prim_func` does not, and neither changes what a schedule does.
//!
//! Hostile graphs: the node count is bounded, every reference is checked
//! against it, nesting deeper than [`MAX_DEPTH`] (a cycle) and comparisons
//! longer than [`MAX_STEPS`] (a graph whose shared nodes unfold
//! exponentially) are refused with the reason, never followed.

use serde_json::{Map, Value};
use std::collections::HashMap;

/// More nodes than any workload has (a 1024-line TVMScript function has ~20,000).
pub const MAX_NODES: usize = 2_000_000;
/// Deeper than any expression or loop nest of a workload.
pub const MAX_DEPTH: usize = 400;
/// Node visits one comparison may make.
pub const MAX_STEPS: usize = 4_000_000;

/// Fields whose integers are numbers, not node references.
const INLINE_FIELDS: &[&str] = &[
    "data_alignment",
    "offset_factor",
    "ndim",
    "iter_type",
    "kind",
    "line",
    "column",
    "end_line",
    "end_column",
    "purity",
];

/// A node graph whose references all point at nodes it has.
#[derive(Debug)]
pub struct Graph {
    pub nodes: Vec<Value>,
    pub root: usize,
}

/// Reads a graph from its JSON text.
pub fn parse_graph(text: &str) -> Result<Graph, String> {
    let root: Value =
        serde_json::from_str(text).map_err(|e| format!("the module is not JSON ({e})"))?;
    let Value::Object(mut obj) = root else {
        return Err("the module is not a JSON object with `root_index` and `nodes`".into());
    };
    let Some(Value::Array(nodes)) = obj.remove("nodes") else {
        return Err("the module has no `nodes` list".into());
    };
    if nodes.len() > MAX_NODES {
        return Err(format!(
            "the module has {} nodes; at most {MAX_NODES} are read",
            nodes.len()
        ));
    }
    let root = obj
        .get("root_index")
        .and_then(Value::as_u64)
        .and_then(|r| usize::try_from(r).ok())
        .filter(|&r| r < nodes.len())
        .ok_or("the module's `root_index` names no node")?;
    let graph = Graph { nodes, root };
    for (i, node) in graph.nodes.iter().enumerate() {
        check_node(&graph, i, node)?;
    }
    Ok(graph)
}

/// A node is `{"type": T}` or `{"type": T, "data": D}`, and its references
/// name nodes of the graph.
fn check_node(g: &Graph, i: usize, node: &Value) -> Result<(), String> {
    let ty = node_type(node).ok_or(format!("node {i} has no `type`"))?;
    let bad_ref = |r: &Value| match r.as_u64() {
        Some(n) if (n as usize) < g.nodes.len() => None,
        _ => Some(format!("node {i} (`{ty}`) refers to {r}, not a node")),
    };
    match node.get("data") {
        Some(Value::Object(fields)) => {
            for (key, v) in fields {
                if is_ref_field(ty, key, v) {
                    if let Some(e) = bad_ref(v) {
                        return Err(e);
                    }
                }
            }
        }
        Some(Value::Array(items)) if is_container(ty) => {
            if let Some(e) = items.iter().find_map(bad_ref) {
                return Err(e);
            }
        }
        _ => {}
    }
    Ok(())
}

fn node_type(node: &Value) -> Option<&str> {
    node.get("type").and_then(Value::as_str)
}

fn is_container(ty: &str) -> bool {
    matches!(ty, "ffi.Array" | "ffi.Map")
}

fn is_ref_field(ty: &str, key: &str, v: &Value) -> bool {
    v.is_u64() && !INLINE_FIELDS.contains(&key) && !(ty == "ir.FloatImm" && key == "value")
}

impl Graph {
    fn node(&self, i: usize) -> &Value {
        &self.nodes[i]
    }

    fn data(&self, i: usize) -> Option<&Value> {
        self.nodes[i].get("data")
    }

    fn ty(&self, i: usize) -> &str {
        node_type(&self.nodes[i]).unwrap_or("?")
    }

    fn field(&self, i: usize, key: &str) -> Option<usize> {
        self.data(i)?
            .get(key)?
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
    }

    /// The `tirx.PrimFunc` nodes of the module at the root, with the names
    /// the module gives them.
    pub fn functions(&self) -> Result<Vec<(String, usize)>, String> {
        if self.ty(self.root) != "ir.IRModule" {
            return Err(format!(
                "the root is a `{}`, not an `ir.IRModule`",
                self.ty(self.root)
            ));
        }
        let map = self
            .field(self.root, "functions")
            .ok_or("the module has no `functions`")?;
        let Some(Value::Array(flat)) = self.data(map) else {
            return Err("the module's `functions` is not a map".into());
        };
        let mut out = Vec::new();
        for pair in flat.chunks(2) {
            let [gvar, func] = pair else {
                return Err("the module's `functions` map has an odd length".into());
            };
            let (Some(gvar), Some(func)) = (gvar.as_u64(), func.as_u64()) else {
                return Err("the module's `functions` map holds a non-reference".into());
            };
            let (gvar, func) = (gvar as usize, func as usize);
            if self.ty(func) != "tirx.PrimFunc" {
                continue;
            }
            let name = self
                .field(gvar, "name_hint")
                .and_then(|n| self.data(n))
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string();
            out.push((name, func));
        }
        Ok(out)
    }
}

/// `Ok` when the functions `fa` of `a` and `fb` of `b` are structurally
/// equal; else where they first differ (a path of node types and fields).
pub fn same_function(a: &Graph, fa: usize, b: &Graph, fb: usize) -> Result<(), String> {
    let mut cmp = Comparer {
        a,
        b,
        vars: HashMap::new(),
        vars_back: HashMap::new(),
        steps: 0,
        path: Vec::new(),
    };
    cmp.node(fa, fb).map_err(|why| {
        let path = cmp.path.join(".");
        format!("{why} (at {path})")
    })
}

struct Comparer<'g> {
    a: &'g Graph,
    b: &'g Graph,
    /// Variables matched so far, both ways (a one-to-one map).
    vars: HashMap<usize, usize>,
    vars_back: HashMap<usize, usize>,
    steps: usize,
    path: Vec<String>,
}

impl Comparer<'_> {
    fn node(&mut self, ia: usize, ib: usize) -> Result<(), String> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(format!(
                "the comparison took more than {MAX_STEPS} steps (nodes shared too often)"
            ));
        }
        if self.path.len() > MAX_DEPTH {
            return Err(format!("nested deeper than {MAX_DEPTH} levels (a cycle?)"));
        }
        let (ta, tb) = (self.a.ty(ia), self.b.ty(ib));
        if ta != tb {
            return Err(format!("a `{ta}` where the workload has a `{tb}`"));
        }
        if ta == "ir.Var" {
            match (self.vars.get(&ia), self.vars_back.get(&ib)) {
                (Some(&x), _) if x == ib => return Ok(()),
                (None, None) => {
                    self.vars.insert(ia, ib);
                    self.vars_back.insert(ib, ia);
                }
                _ => return Err("a variable where the workload uses another one".into()),
            }
        }
        let (da, db) = (self.a.node(ia).get("data"), self.b.node(ib).get("data"));
        match (da, db) {
            (Some(Value::Object(fa)), Some(Value::Object(fb))) => self.fields(ta, fa, fb),
            (Some(Value::Array(xa)), Some(Value::Array(xb))) if is_container(ta) => {
                if xa.len() != xb.len() {
                    return Err(format!(
                        "{} items where the workload has {}",
                        xa.len(),
                        xb.len()
                    ));
                }
                for (k, (ra, rb)) in xa.iter().zip(xb).enumerate() {
                    let (Some(ra), Some(rb)) = (ra.as_u64(), rb.as_u64()) else {
                        return Err("a container holds a non-reference".into());
                    };
                    self.path.push(format!("{ta}[{k}]"));
                    self.node(ra as usize, rb as usize)?;
                    self.path.pop();
                }
                Ok(())
            }
            (x, y) if same_plain(x, y) => Ok(()),
            (x, y) => Err(format!(
                "`{ta}` {} where the workload has {}",
                short(x),
                short(y)
            )),
        }
    }

    fn fields(
        &mut self,
        ty: &str,
        fa: &Map<String, Value>,
        fb: &Map<String, Value>,
    ) -> Result<(), String> {
        for (key, vb) in fb {
            let skip = key == "span"
                || (ty == "ir.Var" && key == "name")
                || (ty == "tirx.PrimFunc" && (key == "attrs" || key == "ty"));
            if skip {
                continue;
            }
            let Some(va) = fa.get(key) else {
                return Err(format!("`{ty}` has no field `{key}`"));
            };
            self.path.push(format!("{ty}.{key}"));
            if is_ref_field(ty, key, vb) && is_ref_field(ty, key, va) {
                self.node(
                    va.as_u64().unwrap_or(0) as usize,
                    vb.as_u64().unwrap_or(0) as usize,
                )?;
            } else if !same_plain(Some(va), Some(vb)) {
                return Err(format!(
                    "`{key}` is {} where the workload has {}",
                    short(Some(va)),
                    short(Some(vb))
                ));
            }
            self.path.pop();
        }
        Ok(())
    }
}

/// Plain values: numbers by value (`0` and `0.0` alike), others as JSON.
fn same_plain(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (Some(Value::Number(x)), Some(Value::Number(y))) => x.as_f64() == y.as_f64(),
        (x, y) => x == y,
    }
}

fn short(v: Option<&Value>) -> String {
    let text = v.map_or("nothing".to_string(), Value::to_string);
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

pub use crate::runtime::base64::{decode as base64_decode, encode as base64_encode};
