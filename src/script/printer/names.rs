//! Scoped, unique printed names for variables and buffers, as TVM's printer gives them.
//!
//! A name is live from its definition to the end of its scope; a new definition
//! whose name is live gets `_1`, `_2`, ... appended, so printing and then parsing
//! never confuses two variables. Sibling scopes may reuse a name. Variables and
//! buffers share one namespace, as in Python.

use std::collections::{HashMap, HashSet};

use crate::ir::{BufferId, PrimFunc, VarId};

/// Names the printed text must not bind: the `T`/`I` prefixes, Python keywords and
/// the builtins the printer itself writes.
const RESERVED: &[&str] = &[
    "T", "I", "range", "and", "as", "assert", "break", "class", "continue", "def", "del", "elif",
    "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "None",
    "True", "False",
];

pub(super) struct Namer {
    live: HashSet<String>,
    /// Names defined in each open scope, released when it closes.
    scopes: Vec<Vec<String>>,
    vars: HashMap<VarId, String>,
    bufs: HashMap<BufferId, String>,
    /// Variables defined in each open scope, and all of them together.
    scope_vars: Vec<Vec<VarId>>,
    in_scope: HashSet<VarId>,
    /// While a function is printed: a variable used outside the scope that
    /// defines it prints as `<undefined name>`, so the text shows the bug and
    /// cannot parse back into a different program.
    pub(super) strict: bool,
}

impl Namer {
    pub(super) fn new() -> Namer {
        Namer {
            live: HashSet::new(),
            scopes: vec![Vec::new()],
            vars: HashMap::new(),
            bufs: HashMap::new(),
            scope_vars: vec![Vec::new()],
            in_scope: HashSet::new(),
            strict: false,
        }
    }

    pub(super) fn push(&mut self) {
        self.scopes.push(Vec::new());
        self.scope_vars.push(Vec::new());
    }

    pub(super) fn pop(&mut self) {
        // The function scope stays open; names keep their mapping after the scope
        // closes so that a stray use still prints something readable.
        if self.scopes.len() > 1 {
            for v in self.scope_vars.pop().unwrap_or_default() {
                self.in_scope.remove(&v);
            }
            if let Some(names) = self.scopes.pop() {
                for n in names {
                    self.live.remove(&n);
                }
            }
        }
    }

    pub(super) fn define_var(&mut self, v: VarId, hint: &str) -> String {
        let name = self.fresh(hint);
        self.vars.insert(v, name.clone());
        self.in_scope.insert(v);
        if let Some(scope) = self.scope_vars.last_mut() {
            scope.push(v);
        }
        name
    }

    pub(super) fn define_buffer(&mut self, b: BufferId, hint: &str) -> String {
        let name = self.fresh(hint);
        self.bufs.insert(b, name.clone());
        name
    }

    /// Binds `name` (a function parameter) without a variable or buffer behind it.
    pub(super) fn define_plain(&mut self, hint: &str) -> String {
        self.fresh(hint)
    }

    pub(super) fn is_var_defined(&self, v: VarId) -> bool {
        self.vars.contains_key(&v)
    }

    pub(super) fn is_buffer_defined(&self, b: BufferId) -> bool {
        self.bufs.contains_key(&b)
    }

    /// The printed name of `v`. Outside a function print (an expression in a
    /// message) a variable prints as its last or arena name; inside one, a
    /// use outside its scope prints as `<undefined name>`.
    pub(super) fn var(&self, f: &PrimFunc, v: VarId) -> String {
        let name = match self.vars.get(&v) {
            Some(n) => n.clone(),
            None => sanitize(&var_hint(f, v)),
        };
        if self.strict && !self.in_scope.contains(&v) {
            format!("<undefined {name}>")
        } else {
            name
        }
    }

    pub(super) fn buffer(&self, f: &PrimFunc, b: BufferId) -> String {
        match self.bufs.get(&b) {
            Some(n) => n.clone(),
            None => sanitize(&buffer_hint(f, b)),
        }
    }

    fn fresh(&mut self, hint: &str) -> String {
        let base = sanitize(hint);
        let mut name = base.clone();
        let mut i = 1;
        while self.live.contains(&name) || RESERVED.contains(&name.as_str()) {
            name = format!("{base}_{i}");
            i += 1;
        }
        self.live.insert(name.clone());
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(name.clone());
        }
        name
    }
}

/// The arena name of a variable, or `v<id>` for an id outside the arena.
pub(super) fn var_hint(f: &PrimFunc, v: VarId) -> String {
    f.vars
        .get(v.0 as usize)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| format!("v{}", v.0))
}

pub(super) fn buffer_hint(f: &PrimFunc, b: BufferId) -> String {
    f.buffers
        .get(b.0 as usize)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| format!("buffer{}", b.0))
}

/// A valid Python identifier: other characters become `_`, as TVM does.
fn sanitize(hint: &str) -> String {
    let mut s: String = hint
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() {
        s.push('v');
    } else if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shadowed_names_get_suffixes_and_siblings_reuse() {
        let mut n = Namer::new();
        assert_eq!(n.define_var(VarId(0), "i"), "i");
        n.push();
        assert_eq!(n.define_var(VarId(1), "i"), "i_1");
        assert_eq!(n.define_var(VarId(2), "i"), "i_2");
        n.pop();
        n.push();
        assert_eq!(n.define_var(VarId(3), "i"), "i_1");
        n.pop();
        assert_eq!(n.define_buffer(BufferId(0), "i"), "i_1");
    }

    #[test]
    fn names_are_valid_identifiers() {
        let mut n = Namer::new();
        assert_eq!(n.define_plain("a.b"), "a_b");
        assert_eq!(n.define_plain("0x"), "_0x");
        assert_eq!(n.define_plain(""), "v");
        assert_eq!(n.define_plain("T"), "T_1");
        assert_eq!(n.define_plain("range"), "range_1");
    }
}
