//! An index map in TVM's JSON object-graph form (what `trace.as_json()`
//! writes for `transform_layout`'s map and pad value: `{"root_index": R,
//! "nodes": [{"type": "ir.Var", "data": {...}}, ...]}`, nodes referring to
//! each other by position) written back as the lambda a session holds
//! (`lambda i, j: (j, i)`). Integer arithmetic, comparisons and typed
//! constants are read; any other node is refused by its type name.

use serde_json::{Map, Value};

/// Nesting deeper than this is refused (a real map is a few levels deep).
const MAX_DEPTH: usize = 64;

/// The lambda text of the index map graph `graph`.
pub fn index_map_lambda(graph: &str) -> Result<String, String> {
    let root: Value = serde_json::from_str(graph)
        .map_err(|e| format!("an index map graph that is not JSON: {e}"))?;
    let nodes = root
        .get("nodes")
        .and_then(Value::as_array)
        .ok_or("an index map graph has `nodes`")?;
    let at = root
        .get("root_index")
        .and_then(Value::as_u64)
        .ok_or("an index map graph has `root_index`")?;
    let g = Graph { nodes };
    let (kind, data) = g.node(at)?;
    if kind != "tirx.IndexMap" {
        return Err(format!("the graph's root is a `{kind}`, not an index map"));
    }
    let params = g.list(field(data, "initial_indices")?, 0)?;
    let outs = g.list(field(data, "final_indices")?, 0)?;
    // As TVM's `as_python` writes a map: a trailing comma after the last index.
    Ok(format!(
        "lambda {}: ({},)",
        params.join(", "),
        outs.join(", ")
    ))
}

struct Graph<'a> {
    nodes: &'a [Value],
}

fn field(data: &Map<String, Value>, name: &str) -> Result<u64, String> {
    data.get(name)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("an index map node lacks `{name}`"))
}

impl<'a> Graph<'a> {
    fn node(&self, at: u64) -> Result<(&'a str, &'a Map<String, Value>), String> {
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        let node = usize::try_from(at)
            .ok()
            .and_then(|i| self.nodes.get(i))
            .ok_or_else(|| format!("an index map node refers to node {at}, which is not there"))?;
        let kind = node
            .get("type")
            .and_then(Value::as_str)
            .ok_or("an index map node has no `type`")?;
        let data = node
            .get("data")
            .and_then(Value::as_object)
            .unwrap_or_else(|| EMPTY.get_or_init(Map::new));
        Ok((kind, data))
    }

    /// The raw `data` of a node (a string, number or array).
    fn raw(&self, at: u64) -> Result<&'a Value, String> {
        usize::try_from(at)
            .ok()
            .and_then(|i| self.nodes.get(i))
            .and_then(|n| n.get("data"))
            .ok_or_else(|| format!("an index map node refers to node {at}, which has no data"))
    }

    /// Items of an array node, each an expression.
    fn list(&self, at: u64, depth: usize) -> Result<Vec<String>, String> {
        let items = self
            .raw(at)?
            .as_array()
            .ok_or("an index map's indices are an array")?;
        items
            .iter()
            .map(|i| {
                let i = i.as_u64().ok_or("an array item is a node number")?;
                self.expr(i, depth + 1).map(|(text, _)| text)
            })
            .collect()
    }

    fn dtype(&self, data: &Map<String, Value>) -> Result<String, String> {
        let ty = field(data, "ty")?;
        let (_, ty) = self.node(ty)?;
        ty.get("dtype")
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| "a constant's type has no dtype".to_string())
    }

    /// The expression at node `at` and its precedence (Python's: 1 for `+ -`,
    /// 2 for `* // %`, 3 for an atom), parenthesised only where Python needs it.
    fn expr(&self, at: u64, depth: usize) -> Result<(String, u8), String> {
        if depth > MAX_DEPTH {
            return Err(format!(
                "an index map nested deeper than {MAX_DEPTH} levels"
            ));
        }
        let (kind, data) = self.node(at)?;
        let binary = |op: &str, prec: u8| -> Result<(String, u8), String> {
            let (a, pa) = self.expr(field(data, "a")?, depth + 1)?;
            let (b, pb) = self.expr(field(data, "b")?, depth + 1)?;
            let a = if pa < prec { format!("({a})") } else { a };
            // The right operand of the same level groups explicitly
            // (`a - (b - c)`, `a // (b * c)`).
            let b = if pb <= prec { format!("({b})") } else { b };
            Ok((format!("{a} {op} {b}"), prec))
        };
        let call = |f: &str| -> Result<(String, u8), String> {
            let (a, _) = self.expr(field(data, "a")?, depth + 1)?;
            let (b, _) = self.expr(field(data, "b")?, depth + 1)?;
            Ok((format!("T.{f}({a}, {b})"), 3))
        };
        let atom = |text: String| Ok((text, 3));
        match kind {
            "ir.Var" | "tirx.Var" | "tirx.SizeVar" => {
                let name = self.raw(field(data, "name")?)?;
                let name = name.as_str().ok_or("a variable's name is a string")?;
                let plain = name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphabetic() || c == '_')
                    && name.chars().all(|c| c.is_alphanumeric() || c == '_');
                if !plain {
                    return Err(format!("the variable name `{name}` is not an identifier"));
                }
                atom(name.to_string())
            }
            "ir.IntImm" => {
                let value = self.raw(field(data, "value")?)?;
                let value = value
                    .as_i64()
                    .ok_or("an integer constant's value is an integer")?;
                match self.dtype(data)?.as_str() {
                    "int32" if value < 0 => Ok((value.to_string(), 1)),
                    "int32" => atom(value.to_string()),
                    "bool" => atom(if value != 0 { "True" } else { "False" }.to_string()),
                    dtype => atom(format!("T.{dtype}({value})")),
                }
            }
            "ir.FloatImm" => {
                let value = self.raw(field(data, "value")?)?;
                let value = value
                    .as_f64()
                    .ok_or("a float constant's value is a number")?;
                atom(format!("T.{}({value:?})", self.dtype(data)?))
            }
            "prim.Add" | "tirx.Add" => binary("+", 1),
            "prim.Sub" | "tirx.Sub" => binary("-", 1),
            "prim.Mul" | "tirx.Mul" => binary("*", 2),
            "prim.FloorDiv" | "tirx.FloorDiv" => binary("//", 2),
            "prim.FloorMod" | "tirx.FloorMod" => binary("%", 2),
            "prim.Min" | "tirx.Min" => call("min"),
            "prim.Max" | "tirx.Max" => call("max"),
            other => Err(format!(
                "an index map node of type `{other}` is not read (integer arithmetic, \
                 min/max and typed constants are)"
            )),
        }
    }
}
