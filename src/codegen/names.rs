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

/// Names a variable must not take: C++ keywords, CUDA types and built-ins,
/// the math functions and macros the generated code or its headers use
/// (a buffer named `INFINITY` or `constexpr` would not compile, or worse).
/// Sorted (byte order), for `binary_search`.
const RESERVED: &[&str] = &[
    "DBL_MAX",
    "DBL_MIN",
    "FLT_MAX",
    "FLT_MIN",
    "HUGE_VAL",
    "HUGE_VALF",
    "INFINITY",
    "INT_MAX",
    "INT_MIN",
    "NAN",
    "NULL",
    "abs",
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "assert",
    "auto",
    "bitand",
    "bitor",
    "blockDim",
    "blockIdx",
    "bool",
    "break",
    "buf_dyn_shmem",
    "case",
    "ceil",
    "ceilf",
    "char",
    "char1",
    "char16_t",
    "char2",
    "char3",
    "char32_t",
    "char4",
    "char8_t",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "compl",
    "concept",
    "const",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "continue",
    "cos",
    "cosf",
    "decltype",
    "default",
    "delete",
    "dim3",
    "do",
    "double",
    "double1",
    "double2",
    "double3",
    "double4",
    "dynamic_cast",
    "else",
    "enum",
    "erf",
    "erff",
    "exp",
    "exp2",
    "exp2f",
    "expf",
    "explicit",
    "export",
    "extern",
    "fabs",
    "fabsf",
    "false",
    "float",
    "float1",
    "float2",
    "float3",
    "float4",
    "floor",
    "floorf",
    "fmax",
    "fmaxf",
    "fmin",
    "fminf",
    "fmod",
    "fmodf",
    "for",
    "friend",
    "goto",
    "gridDim",
    "half",
    "half2",
    "hceil",
    "hcos",
    "hexp",
    "hexp2",
    "hfloor",
    "hlog",
    "hlog2",
    "hrint",
    "hrsqrt",
    "hsin",
    "hsqrt",
    "htrunc",
    "if",
    "inline",
    "int",
    "int1",
    "int16_t",
    "int2",
    "int3",
    "int32_t",
    "int4",
    "int64_t",
    "int8_t",
    "intptr_t",
    "isinf",
    "isnan",
    "llabs",
    "log",
    "log10",
    "log10f",
    "log2",
    "log2f",
    "logf",
    "long",
    "long1",
    "long2",
    "long3",
    "long4",
    "longlong1",
    "longlong2",
    "longlong3",
    "longlong4",
    "main",
    "max",
    "min",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "nv_bfloat16",
    "nv_bfloat162",
    "nvcuda",
    "offsetof",
    "operator",
    "or",
    "or_eq",
    "pow",
    "powf",
    "private",
    "protected",
    "ptrdiff_t",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "return",
    "round",
    "roundf",
    "rsqrt",
    "rsqrtf",
    "short",
    "short1",
    "short2",
    "short3",
    "short4",
    "signed",
    "sin",
    "sinf",
    "size_t",
    "sizeof",
    "sqrt",
    "sqrtf",
    "static",
    "static_assert",
    "static_cast",
    "std",
    "struct",
    "switch",
    "tan",
    "tanf",
    "tanh",
    "tanhf",
    "template",
    "this",
    "threadIdx",
    "thread_local",
    "throw",
    "true",
    "trunc",
    "truncf",
    "try",
    "typedef",
    "typeid",
    "typename",
    "uchar1",
    "uchar2",
    "uchar3",
    "uchar4",
    "uint1",
    "uint16_t",
    "uint2",
    "uint3",
    "uint32_t",
    "uint4",
    "uint64_t",
    "uint8_t",
    "uintptr_t",
    "ulong1",
    "ulong2",
    "ulong3",
    "ulong4",
    "ulonglong1",
    "ulonglong2",
    "ulonglong3",
    "ulonglong4",
    "union",
    "unsigned",
    "ushort1",
    "ushort2",
    "ushort3",
    "ushort4",
    "using",
    "virtual",
    "void",
    "volatile",
    "warpSize",
    "wchar_t",
    "while",
    "wmma",
    "xor",
    "xor_eq",
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
    if is_reserved(&s) {
        s.push('_');
    }
    s
}

/// Taken by the language, CUDA, its headers or tirtui's own helpers: whole
/// names, and prefixes (`__x` and `_X` belong to the implementation,
/// `CUDA_`/`CUDART_` to CUDA's macros, `tirtui_`/`TIRTUI_` to the helpers,
/// `make_` to CUDA's vector constructors).
fn is_reserved(s: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    RESERVED.binary_search(&s).is_ok()
        || lower.starts_with("tirtui_")
        || s.starts_with("__")
        || (s.starts_with('_') && s[1..].starts_with(|c: char| c.is_ascii_uppercase()))
        || s.starts_with("CUDA_")
        || s.starts_with("CUDART_")
        || s.starts_with("make_")
}

/// `text` safe inside a `//` comment of the generated CUDA: printable ASCII
/// other than `\`, `"`, `*`, `/` and `?` is kept, anything else (newlines,
/// `*/`, control and non-ASCII characters) becomes `\xNN` or `\u{N}`, so a
/// block or buffer name can neither end the comment nor continue it onto
/// the next line.
pub fn comment_text(text: &str) -> std::borrow::Cow<'_, str> {
    let keep = |c: char| {
        c.is_ascii() && !c.is_ascii_control() && !matches!(c, '\\' | '"' | '*' | '/' | '?')
    };
    if text.chars().all(keep) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else if c.is_ascii() {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    std::borrow::Cow::Owned(out)
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

/// The name TVM gives the `index`-th kernel of `func`.
pub fn kernel_name(func: &str, index: usize) -> String {
    let base = format!("{}_kernel", sanitize_symbol(func));
    if index == 0 {
        base
    } else {
        format!("{base}_{index}")
    }
}

/// A valid C identifier for the kernel.
fn sanitize_symbol(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        format!("f_{s}")
    } else {
        s
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

    /// Issue 29: names a user may give (parameters, loops, blocks) that C++,
    /// CUDA's headers or tirtui's helpers already use are renamed.
    #[test]
    fn keywords_macros_and_helpers_are_renamed() {
        for name in [
            "constexpr",
            "nullptr",
            "asm",
            "typename",
            "static_cast",
            "NULL",
            "INFINITY",
            "size_t",
            "dim3",
            "expf",
            "sqrtf",
            "make_float4",
            "TIRTUI_CP_ASYNC_WAIT",
            "CUDART_INF_F",
            "_Pragma",
            "__syncthreads",
            "int32_t",
            "wmma",
            "float3",
        ] {
            let s = sanitize(name);
            assert_ne!(s, name, "{name}");
            assert!(
                s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{s}"
            );
        }
        for kept in ["A", "B_shared", "i_0", "ax0", "vi", "C_local", "k_p2_mod3"] {
            assert_eq!(sanitize(kept), kept);
        }
    }

    /// Issue 29: no name ends a `//` comment or continues it.
    #[test]
    fn comment_text_keeps_names_on_their_line() {
        assert_eq!(comment_text("B_shared"), "B_shared");
        assert_eq!(comment_text("a\nb"), "a\\x0ab");
        assert_eq!(comment_text("x */ y \\"), "x \\x2a\\x2f y \\x5c");
        assert_eq!(comment_text("\u{2028}\u{85}"), "\\u{2028}\\u{85}");
        for hostile in ["\r", "\u{1b}[2J", "\"", "??/"] {
            assert!(
                comment_text(hostile)
                    .chars()
                    .all(|c| c.is_ascii_graphic() || c == ' ')
                    && !comment_text(hostile).contains('"')
            );
        }
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
