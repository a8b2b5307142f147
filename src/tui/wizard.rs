//! The palette's prompts: one primitive's required arguments asked one by one,
//! the cursor's block or loop filling the first, with choices from the live
//! handles, loops, blocks, buffers, scopes and thread axes.

use super::command;
use super::lineedit::LineEdit;
use super::targets::Target;
use crate::ir::ThreadAxis;
use crate::trace::step::{Arg, FieldKind, FieldSpec, OpSpec};
use crate::trace::{Handle, Step, Trace};

/// The palette's prompts for one primitive's required arguments.
pub struct Wizard {
    pub op: OpSpec,
    prelude: Vec<Step>,
    /// The trace with the prelude applied: names and lookups for the prompts.
    probe: Trace,
    /// The fields still to ask for, in table order.
    pub fields: Vec<FieldSpec>,
    pub idx: usize,
    pub values: Vec<(&'static str, Arg)>,
    pub edit: LineEdit,
    /// (value, description) choices for the current field.
    pub candidates: Vec<(String, String)>,
    pub cand: Option<usize>,
    /// Why the last input was refused (shown after the input).
    pub error: Option<String>,
}

impl Wizard {
    pub fn new(
        op: OpSpec,
        trace: &Trace,
        target: Option<Target>,
        name: Option<String>,
        prelude: Vec<Step>,
    ) -> Result<Wizard, String> {
        let mut probe = trace.probe();
        for s in &prelude {
            probe.push(s.clone()).map_err(|e| e.to_string())?;
        }
        let mut values = Vec::new();
        let mut fields: Vec<FieldSpec> = op
            .fields
            .iter()
            .filter(|f| f.default.is_none())
            .cloned()
            .collect();
        // The cursor's target fills the first field when it fits.
        if let (Some(t), Some(first)) = (target, fields.first()) {
            let fill = match (first.name, t) {
                ("name", Target::Block(b)) => probe
                    .func()
                    .find_block(b)
                    .map(|r| Arg::Str(r.block.name.clone())),
                ("block", Target::Block(_))
                | ("loop", Target::Loop(_))
                | ("block_or_loop" | "target", _) => name.clone().map(Arg::Str),
                _ => None,
            };
            if let Some(v) = fill {
                values.push((first.name, v));
                fields.remove(0);
            }
        }
        let mut w = Wizard {
            op,
            prelude,
            probe,
            fields,
            idx: 0,
            values,
            edit: LineEdit::default(),
            candidates: Vec::new(),
            cand: None,
            error: None,
        };
        if let (Some(n), Some(f)) = (&name, w.fields.first()) {
            if matches!(f.kind, FieldKind::Names) {
                w.edit.set(n);
            }
        }
        w.prepare();
        Ok(w)
    }

    pub fn is_complete(&self) -> bool {
        self.idx >= self.fields.len()
    }

    pub fn field(&self) -> Option<&FieldSpec> {
        self.fields.get(self.idx)
    }

    fn handle_of(&self, field: &str) -> Option<Handle> {
        match self.values.iter().find(|(k, _)| *k == field)?.1 {
            Arg::Str(ref s) => self.probe.state.lookup(s).cloned().or_else(|| {
                let blocks = self.probe.func().blocks_named(s);
                blocks.first().map(|b| Handle::Block(b.id))
            }),
            _ => None,
        }
    }

    /// Candidates and a prefilled value for the current field.
    fn prepare(&mut self) {
        self.cand = None;
        self.candidates.clear();
        let Some(field) = self.field().cloned() else {
            return;
        };
        let func = self.probe.func();
        let names = self.probe.state.names();
        let want_loop = matches!(field.name, "loop" | "loops" | "ordered_loops");
        let want_block = matches!(field.name, "block" | "consumer_blocks");
        let mut c: Vec<(String, String)> = Vec::new();
        match (field.kind, field.name) {
            (FieldKind::Name | FieldKind::Names, _) => {
                c = name_candidates(func, &names, want_loop, want_block)
            }
            (_, "name") => c.extend(
                func.blocks()
                    .iter()
                    .skip(1)
                    .map(|b| (b.name.clone(), "block".to_string())),
            ),
            (_, "thread_axis") => {
                c.extend(ThreadAxis::ALL.iter().map(|a| (a.tag(), String::new())))
            }
            (_, "storage_scope") => c.extend(
                ["shared", "local", "global", "shared.dyn"].map(|s| (s.to_string(), String::new())),
            ),
            (_, "read_buffer_index" | "write_buffer_index" | "buffer_index") => {
                if let Some(Handle::Block(b)) = self.handle_of("block") {
                    if let Some(r) = func.find_block(b) {
                        let regions = if field.name == "read_buffer_index" {
                            &r.block.reads
                        } else {
                            &r.block.writes
                        };
                        for (i, reg) in regions.iter().enumerate() {
                            c.push((
                                i.to_string(),
                                format!("buffer {}", func.buffer(reg.buffer).name),
                            ));
                        }
                    }
                }
            }
            (FieldKind::Factors, _) => {
                let extent = match self.handle_of("loop") {
                    Some(Handle::Loop(l)) => func.find_loop(l).and_then(|f| f.extent.as_int()),
                    _ => None,
                };
                let e = extent.unwrap_or(1024);
                for f in [2, 4, 8, 16, 32, 64, 128] {
                    if f < e && e % f == 0 {
                        c.push((format!("[None, {f}]"), format!("{} x {f}", e / f)));
                    }
                }
            }
            (FieldKind::Bool, _) => {
                c.extend(["True", "False"].map(|s| (s.to_string(), String::new())))
            }
            (_, "n") => c.extend(["2", "3", "4"].map(|s| (s.to_string(), String::new()))),
            _ => {}
        }
        self.candidates = c;
        if self.edit.text.is_empty() {
            let prefill = match field.kind {
                FieldKind::Factors => ["[None, 16]", "[None, 8]"]
                    .iter()
                    .find_map(|want| self.candidates.iter().find(|(v, _)| v == want))
                    .or(self.candidates.first()),
                _ => self.candidates.first(),
            };
            if let Some((v, _)) = prefill.cloned() {
                self.edit.set(&v);
                self.cand = self.candidates.iter().position(|(x, _)| *x == v);
            }
        }
    }

    /// Shows the next (or previous) candidate in the input.
    pub fn cycle(&mut self, forward: bool) {
        let n = self.candidates.len();
        if n == 0 {
            return;
        }
        let i = match self.cand {
            Some(i) if forward => (i + 1) % n,
            Some(i) => (i + n - 1) % n,
            None => 0,
        };
        self.cand = Some(i);
        let v = self.candidates[i].0.clone();
        self.edit.set(&v);
    }

    /// Accepts the input for the current field.
    pub fn accept(&mut self) -> Result<(), String> {
        let Some(field) = self.field().cloned() else {
            return Ok(());
        };
        let text = self.edit.text.trim();
        let unquoted = text.trim_matches(|c| c == '"' || c == '\'');
        let value = match field.kind {
            FieldKind::Name | FieldKind::Str | FieldKind::Lambda => {
                if unquoted.is_empty() {
                    return Err(format!("`{}` needs {}", field.name, field.kind.describe()));
                }
                Arg::Str(unquoted.to_string())
            }
            // An index, or a buffer's name (quoted or not).
            FieldKind::BufferIndex => match text.parse() {
                Ok(i) => Arg::Int(i),
                Err(_) if !unquoted.is_empty() => Arg::Str(unquoted.to_string()),
                Err(_) => return Err(format!("`{}` needs {}", field.name, field.kind.describe())),
            },
            FieldKind::Int => Arg::Int(
                text.parse()
                    .map_err(|_| format!("`{}` needs an integer, not `{text}`", field.name))?,
            ),
            _ => {
                let v = command::parse_value(text).map_err(|e| format!("`{}`: {e}", field.name))?;
                match (field.kind, v) {
                    (
                        FieldKind::Names | FieldKind::Factors | FieldKind::Ints | FieldKind::Floats,
                        v @ Arg::List(_),
                    ) => v,
                    (
                        FieldKind::Names | FieldKind::Factors | FieldKind::Ints | FieldKind::Floats,
                        v,
                    ) => Arg::List(vec![v]),
                    (_, v) => v,
                }
            }
        };
        self.values.push((field.name, value));
        self.idx += 1;
        self.edit = LineEdit::default();
        self.prepare();
        Ok(())
    }

    /// `sch.split(loop=j, factors=` with the values so far.
    pub fn preview(&self) -> String {
        let mut parts: Vec<String> = self
            .values
            .iter()
            .map(|(k, v)| format!("{k}={}", v.to_python().trim_matches('"')))
            .collect();
        if let Some(f) = self.field() {
            parts.push(format!("{}=", f.name));
        }
        format!("sch.{}({}", self.op.name, parts.join(", "))
    }

    /// The steps to apply: the prelude steps the call uses, then the call.
    pub(super) fn into_steps(self) -> Result<(Trace, Vec<Step>, Step), String> {
        let step = Step::new(self.op.name, self.values.clone(), Vec::new())
            .ok_or("an argument is missing")?;
        let uses = |name: &str| {
            fn has(a: &Arg, n: &str) -> bool {
                match a {
                    Arg::Str(s) => s == n,
                    Arg::List(v) => v.iter().any(|x| has(x, n)),
                    _ => false,
                }
            }
            step.args.iter().any(|(_, a)| has(a, name))
        };
        let needed = self.prelude.iter().any(|p| p.out.iter().any(|o| uses(o)));
        if needed {
            Ok((self.probe, self.prelude, step))
        } else {
            let mut base = self.probe;
            for _ in &self.prelude {
                base.undo();
            }
            base.redo.clear();
            Ok((base, Vec::new(), step))
        }
    }
}

/// Candidates for a loop or block field: the handles bound so far (one per
/// loop or block, newest first), then loops with no handle by variable name
/// and blocks by name, each with what it is.
fn name_candidates(
    func: &crate::ir::PrimFunc,
    names: &[(String, Handle)],
    want_loop: bool,
    want_block: bool,
) -> Vec<(String, String)> {
    let mut c: Vec<(String, String)> = Vec::new();
    let mut handles = Vec::new();
    for (n, h) in names.iter().rev() {
        let desc = match h {
            Handle::Loop(l) if !want_block => func.find_loop(*l).map(|f| {
                format!(
                    "loop {} (extent {})",
                    func.var_name(f.var),
                    crate::script::print_expr(func, &f.extent)
                )
            }),
            Handle::Block(b) if !want_loop => func
                .find_block(*b)
                .map(|r| format!("block \"{}\"", r.block.name)),
            _ => None,
        };
        if let Some(d) = desc {
            c.push((n.clone(), d));
            handles.push(h.clone());
        }
    }
    // One handle per loop or block: the one named like the loop's
    // variable (`i_0` for loop i_0), else the newest, so the prompt
    // never offers an unrelated-looking name (`bl0`) first.
    let var_of = |d: &str| {
        d.strip_prefix("loop ")
            .and_then(|r| r.split(' ').next())
            .map(str::to_string)
    };
    let mut kept: Vec<(String, String)> = Vec::new();
    let mut kept_h = Vec::new();
    for ((n, d), h) in c.drain(..).zip(handles) {
        let named_like = var_of(&d).is_some_and(|v| v == n);
        match kept_h.iter().position(|k| *k == h) {
            Some(i) if named_like => kept[i].0 = n,
            Some(_) => {}
            None => {
                kept.push((n, d));
                kept_h.push(h);
            }
        }
    }
    c = kept;
    if !want_block {
        // Loops with no handle yet, by variable name: bound on use.
        let mut loops = Vec::new();
        func.body.visit(&mut |st| {
            if let crate::ir::Stmt::For(l) = st {
                loops.push((
                    func.var_name(l.var).to_string(),
                    l.id,
                    crate::script::print_expr(func, &l.extent),
                ));
            }
        });
        for (var, id, extent) in &loops {
            let bound = names.iter().any(|(_, h)| *h == Handle::Loop(*id));
            let unique = loops.iter().filter(|(v, ..)| v == var).count() == 1;
            let taken = names.iter().any(|(n, _)| n == var);
            if !bound && unique && !taken {
                c.push((
                    var.clone(),
                    format!("loop {var} (extent {extent}), bound on use"),
                ));
            }
        }
    }
    if !want_loop {
        for b in func.blocks().iter().skip(1) {
            if !c.iter().any(|(_, d)| *d == format!("block \"{}\"", b.name)) {
                c.push((b.name.clone(), "block, by name".into()));
            }
        }
    }
    c
}
