//! Unique, valid C identifiers for the variables and buffers of one kernel.
//!
//! TIR names may repeat (two loops `ax0` in different nests) or clash with C
//! keywords and CUDA built-ins; every variable and buffer gets its own name,
//! the user's where possible, else with a `_1`, `_2` ... suffix.
//!
//! Invariant: knows only the lowered program's arenas.

use crate::ir::{BufferId, VarId};
use crate::ir::{IdMap, IdSet};
use crate::lower::Lowered;

/// Sorted (byte order), for `binary_search`.
const RESERVED: &[&str] = &[
    "abs",
    "auto",
    "blockDim",
    "blockIdx",
    "bool",
    "break",
    "buf_dyn_shmem",
    "case",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "delete",
    "do",
    "double",
    "double2",
    "else",
    "enum",
    "extern",
    "false",
    "float",
    "float2",
    "float4",
    "for",
    "friend",
    "goto",
    "gridDim",
    "half",
    "half2",
    "if",
    "inline",
    "int",
    "int2",
    "int4",
    "long",
    "main",
    "max",
    "min",
    "namespace",
    "new",
    "nv_bfloat16",
    "nv_bfloat162",
    "operator",
    "private",
    "protected",
    "public",
    "register",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "template",
    "this",
    "threadIdx",
    "throw",
    "true",
    "try",
    "typedef",
    "uint2",
    "uint4",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "warpSize",
    "while",
];

#[derive(Clone, Debug, Default)]
pub struct Names {
    vars: IdMap<VarId, String>,
    buffers: IdMap<BufferId, String>,
    used: IdSet<String>,
    /// Per sanitized base, the first suffix not tried yet: names are never
    /// released, so every `{base}_{k}` below it is taken for good and the
    /// search resumes there (one kernel has many `ax0`, `v`, ...: trying
    /// from `_1` each time was quadratic, most of `Names::new`).
    next_suffix: IdMap<String, usize>,
}

fn sanitize(name: &str) -> String {
    // Most names are valid already: copied whole, not char by char.
    let valid = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let mut s: String = if valid {
        name.to_string()
    } else {
        name.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'v');
    }
    let reserved = RESERVED.binary_search(&s.as_str()).is_ok();
    if reserved || s.starts_with("tirtui_") || s.starts_with("__") {
        s.push('_');
    }
    s
}

/// `base` (sanitized) if unused, else `{base}_{n}` with the smallest unused `n >= 1`.
fn fresh_in(
    used: &mut IdSet<String>,
    next_suffix: &mut IdMap<String, usize>,
    base: &str,
) -> String {
    let base = sanitize(base);
    if !used.contains(&base) {
        used.insert(base.clone());
        return base;
    }
    if !next_suffix.contains_key(&base) {
        next_suffix.insert(base.clone(), 1);
    }
    let Some(n) = next_suffix.get_mut(&base) else {
        return base; // inserted just above
    };
    let mut name = base;
    name.push('_');
    let stem = name.len();
    loop {
        name.truncate(stem);
        crate::codegen::expr::push_int(&mut name, *n as i64);
        *n += 1;
        if !used.contains(&name) {
            used.insert(name.clone());
            return name;
        }
    }
}

impl Names {
    pub fn new(f: &Lowered) -> Names {
        // Sized once: growing the maps as names come was a good part of this.
        let n = f.params.len() + f.buffers.len() + f.vars.len();
        let mut names = Names {
            vars: IdMap::with_capacity_and_hasher(f.vars.len(), Default::default()),
            buffers: IdMap::with_capacity_and_hasher(f.buffers.len(), Default::default()),
            used: IdSet::with_capacity_and_hasher(n, Default::default()),
            next_suffix: IdMap::default(),
        };
        let mut used = std::mem::take(&mut names.used);
        let mut next = std::mem::take(&mut names.next_suffix);
        let mut unique = |base: &str| fresh_in(&mut used, &mut next, base);
        // Parameters first, so they keep their names.
        for p in &f.params {
            if let Some(b) = p.buffer {
                names.buffers.insert(b, unique(&f.buffer(b).name));
            }
            if let Some(v) = p.var {
                names.vars.insert(v, unique(f.var_name(v)));
            }
        }
        for (i, b) in f.buffers.iter().enumerate() {
            names
                .buffers
                .entry(BufferId(i as u32))
                .or_insert_with(|| unique(&b.name));
        }
        for (i, v) in f.vars.iter().enumerate() {
            names
                .vars
                .entry(VarId(i as u32))
                .or_insert_with(|| unique(&v.name));
        }
        names.used = used;
        names.next_suffix = next;
        names
    }

    /// A new name, unused so far, based on `base`.
    pub fn fresh(&mut self, base: &str) -> String {
        fresh_in(&mut self.used, &mut self.next_suffix, base)
    }

    pub fn var(&self, v: VarId) -> &str {
        self.vars.get(&v).map_or("v_unknown", String::as_str)
    }

    pub fn buffer(&self, b: BufferId) -> &str {
        self.buffers.get(&b).map_or("b_unknown", String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_words_are_sorted_for_binary_search() {
        assert!(RESERVED.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(sanitize("threadIdx"), "threadIdx_");
        assert_eq!(sanitize("a.b"), "a_b");
    }

    /// The smallest free suffix, also when a user's name already looks like
    /// a suffixed one (`x_2`), and across `fresh` calls after `new`.
    #[test]
    fn suffixes_are_the_smallest_free_ones() {
        let mut names = Names::default();
        let got: Vec<String> = ["x", "x_2", "x", "x", "for", "for", "x"]
            .iter()
            .map(|b| names.fresh(b))
            .collect();
        assert_eq!(got, ["x", "x_2", "x_1", "x_3", "for_", "for__1", "x_4"]);
        assert_eq!(names.fresh("x_1"), "x_1_1");
        assert_eq!(names.fresh("x_5"), "x_5");
        assert_eq!(names.fresh("x"), "x_6");
    }
}
