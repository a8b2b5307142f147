//! The IR validator: the invariants every stage may assume, checked between
//! stages (naga's `valid::Validator` is the model).
//!
//! It runs after parsing and after every schedule primitive in debug builds
//! (and so in every test), and always before lowering. A violation means a
//! bug in tirtui (or input the parser should have refused), never something
//! to lower: it is reported as an internal error with the IR marked.
//!
//! What a well-formed function has:
//! - every variable used is defined in scope: function-level variables (scalar
//!   parameters, symbolic buffer shapes), enclosing loops and lets, and inside
//!   a block with iterators only its own iterators (TVM: a non-opaque block
//!   cannot see the loops around it);
//! - every variable and buffer id exists; loop and block ids are unique;
//! - every buffer access has the buffer's rank and names a buffer that is a
//!   parameter or allocated/matched by an enclosing block;
//! - block bindings: one value per iterator;
//! - a block's `T.reads`/`T.writes` list every buffer it accesses directly,
//!   and do not provably miss an accessed element;
//! - a thread-bound loop's bounds do not depend on loop variables (launch
//!   dimensions are fixed; whether extents agree is lowering's business).
//!
//! Invariant: knows `ir`, `arith` (to bound accesses) and `script` (to mark
//! the IR in a report); nothing of schedules, traces or lowering.
//!
//! May use: `arith`, `diag`, `ir`, `script`.

use std::collections::HashSet;

use crate::arith::bound::{const_bounds, VarRanges};
use crate::diag::{Diagnostic, Label, Snippet};
use crate::ir::{
    BlockId, BlockRealize, BufferId, Expr, ForKind, IterVar, LoopId, PrimFunc, Range, Stmt, VarId,
};

/// Where a violation is: the innermost loop or block around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    Function,
    Loop(LoopId),
    Block(BlockId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub at: Location,
    pub what: String,
}

impl Violation {
    /// The violation with the loop or block it is in, for one-line reports.
    pub fn describe(&self, func: &PrimFunc) -> String {
        let place = match self.at {
            Location::Function => return self.what.clone(),
            Location::Loop(id) => match func.find_loop(id) {
                Some(l) => format!("loop `{}`", func.var_name(l.var)),
                None => format!("loop #{}", id.0),
            },
            Location::Block(id) => match func.find_block(id) {
                Some(r) => format!("block \"{}\"", r.block.name),
                None => format!("block #{}", id.0),
            },
        };
        format!("{place} {}", self.what)
    }
}

/// Every violation found in one function.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("internal error: the program is ill-formed ({}){}", first(.violations), more(.violations))]
pub struct ValidationError {
    pub violations: Vec<Violation>,
    /// The program as validated (for rendering).
    pub func: Box<PrimFunc>,
}

fn first(v: &[Violation]) -> &str {
    v.first().map(|x| x.what.as_str()).unwrap_or("")
}

fn more(v: &[Violation]) -> String {
    match v.len() {
        0 | 1 => String::new(),
        n => format!(" and {} more", n - 1),
    }
}

impl ValidationError {
    /// The report: every violation marked in the printed program.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let printed = crate::script::print_func_marked(&self.func);
        let mut labels = Vec::new();
        let mut notes = Vec::new();
        for v in &self.violations {
            let span = match v.at {
                Location::Block(id) => printed
                    .blocks
                    .iter()
                    .find(|(b, _, _)| *b == id)
                    .map(|(_, s, _)| *s),
                Location::Loop(id) => printed.loops.iter().find(|(l, _)| *l == id).map(|x| x.1),
                Location::Function => None,
            };
            match span {
                Some(span) => labels.push(Label {
                    span,
                    message: v.what.clone(),
                }),
                None => notes.push(v.what.clone()),
            }
        }
        let mut d = Diagnostic::new(self.to_string());
        if !labels.is_empty() {
            d = d.with_snippet(Snippet {
                text: printed.text,
                labels,
                whole: true,
            });
        }
        for n in notes {
            d = d.with_note(n);
        }
        d.with_help("this is a bug in tirtui (or input it should have refused): please report it with the program and the steps")
    }

    /// The rendered report, for error types that carry text.
    pub fn render(&self) -> String {
        self.to_diagnostic().render()
    }
}

/// Validates a function.
pub fn validate(func: &PrimFunc) -> Result<(), ValidationError> {
    let mut v = Validator::new(func);
    v.stmt(&func.body);
    if v.violations.is_empty() {
        Ok(())
    } else {
        Err(ValidationError {
            violations: v.violations,
            func: Box::new(func.clone()),
        })
    }
}

/// Validates only in debug builds (tests included); release builds skip the
/// walk where it would run after every step.
pub fn debug_validate(func: &PrimFunc) -> Result<(), ValidationError> {
    if cfg!(debug_assertions) {
        validate(func)
    } else {
        Ok(())
    }
}

struct Validator<'a> {
    func: &'a PrimFunc,
    /// Variables visible here, innermost last.
    scope: Vec<VarId>,
    /// Buffers visible here: parameters, then allocations of enclosing blocks.
    buffers: Vec<BufferId>,
    /// The innermost loop or block (where to mark a violation).
    at: Location,
    /// The innermost block with iterators, whose regions must cover accesses.
    block: Option<&'a BlockRealize>,
    function_vars: Vec<VarId>,
    /// Iterators of the enclosing blocks: a nested block (from blockize) sees them.
    block_vars: Vec<VarId>,
    ranges: VarRanges,
    loop_ids: HashSet<LoopId>,
    block_ids: HashSet<BlockId>,
    violations: Vec<Violation>,
}

impl<'a> Validator<'a> {
    fn new(func: &'a PrimFunc) -> Validator<'a> {
        // Function-level variables: scalar parameters and the variables of
        // symbolic shapes, strides and offsets (TVM binds those through the
        // buffers that mention them).
        let mut function_vars: Vec<VarId> = func.params.iter().filter_map(|p| p.var).collect();
        for b in func.buffers.iter() {
            let exprs = b.shape.iter().chain(&b.strides).chain(&b.elem_offset);
            for e in exprs {
                e.visit(&mut |x| {
                    if let Expr::Var(v) = x {
                        function_vars.push(*v);
                    }
                });
            }
        }
        let mut ranges = VarRanges::new();
        func.body.visit(&mut |s| match s {
            Stmt::For(l) => {
                ranges.insert(l.var, Range::new(l.min.clone(), l.extent.clone()));
            }
            Stmt::BlockRealize(r) => {
                for iv in &r.block.iter_vars {
                    ranges.insert(iv.var, iv.dom.clone());
                }
            }
            _ => {}
        });
        Validator {
            func,
            scope: function_vars.clone(),
            buffers: func.param_buffers(),
            at: Location::Function,
            block: None,
            function_vars,
            block_vars: Vec::new(),
            ranges,
            loop_ids: HashSet::new(),
            block_ids: HashSet::new(),
            violations: Vec::new(),
        }
    }

    fn report(&mut self, what: String) {
        // One report per place and message is enough to find the bug.
        let v = Violation { at: self.at, what };
        if !self.violations.contains(&v) {
            self.violations.push(v);
        }
    }

    fn var_name(&self, v: VarId) -> String {
        self.func
            .vars
            .get(v.0 as usize)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("#{}", v.0))
    }

    fn buffer_name(&self, b: BufferId) -> String {
        self.func
            .buffers
            .get(b.0 as usize)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("#{}", b.0))
    }

    fn expr(&mut self, e: &Expr) {
        let mut uses = Vec::new();
        e.visit(&mut |x| match x {
            Expr::Var(v) => uses.push((Some(*v), None)),
            Expr::Load(b, idx) => uses.push((None, Some((*b, idx.clone())))),
            _ => {}
        });
        for (var, load) in uses {
            if let Some(v) = var {
                self.use_var(v);
            }
            if let Some((b, idx)) = load {
                self.access(b, &idx, false);
            }
        }
    }

    /// A block iterator whose domain uses a loop around the block (the nest is
    /// not rectangular, e.g. `for k in range(i)`) is named as such, not as an
    /// undefined variable: the variable exists, the domain may not use it.
    fn dependent_domain(&mut self, iv: &IterVar, visible: &[VarId]) -> Vec<VarId> {
        let mut outer = Vec::new();
        for e in [&iv.dom.min, &iv.dom.extent] {
            e.visit(&mut |x| {
                if let Expr::Var(v) = x {
                    if !visible.contains(v) && self.scope.contains(v) && !outer.contains(v) {
                        outer.push(*v);
                    }
                }
            });
        }
        for &v in &outer {
            self.report(format!(
                "has an iterator `{}` whose domain uses `{}`, a loop around the block \
                 (a loop whose extent depends on another loop); block iterator domains \
                 cannot depend on enclosing loops",
                self.var_name(iv.var),
                self.var_name(v)
            ));
        }
        outer
    }

    fn use_var(&mut self, v: VarId) {
        if v.0 as usize >= self.func.vars.len() {
            self.report(format!("uses variable #{} that does not exist", v.0));
        } else if !self.scope.contains(&v) {
            self.report(format!(
                "uses `{}` where it is not defined",
                self.var_name(v)
            ));
        }
    }

    fn access(&mut self, b: BufferId, idx: &[Expr], write: bool) {
        let Some(buf) = self.func.buffers.get(b.0 as usize) else {
            self.report(format!("accesses buffer #{} that does not exist", b.0));
            return;
        };
        let name = &buf.name;
        if idx.len() != buf.shape.len() {
            self.report(format!(
                "accesses `{name}` with {} indices but it has rank {}",
                idx.len(),
                buf.shape.len()
            ));
            return;
        }
        if !self.buffers.contains(&b) {
            self.report(format!(
                "accesses `{name}`, which is neither a parameter nor allocated by an enclosing block"
            ));
        }
        if let Some(r) = self.block {
            if let Some(why) = self.uncovered(r, b, idx, write) {
                let at = self.at;
                self.at = Location::Block(r.block.id);
                self.report(why);
                self.at = at;
            }
        }
    }

    /// Why the block's declared regions do not cover an access, if they provably do not.
    fn uncovered(
        &self,
        r: &BlockRealize,
        b: BufferId,
        idx: &[Expr],
        write: bool,
    ) -> Option<String> {
        // The block's own allocations are private to it: not in its regions.
        if r.block.alloc_buffers.contains(&b) || r.block.match_buffers.iter().any(|m| m.buffer == b)
        {
            return None;
        }
        // A reduction reads what it writes without listing it in T.reads, as
        // TVM prints it: a load may be covered by either list.
        let regions: Vec<&crate::ir::BufferRegion> = if write {
            r.block.writes.iter().collect()
        } else {
            r.block.reads.iter().chain(&r.block.writes).collect()
        };
        let list = if write { "T.writes" } else { "T.reads" };
        let name = self.buffer_name(b);
        let candidates: Vec<&Vec<Range>> = regions
            .iter()
            .filter(|x| x.buffer == b)
            .map(|x| &x.region)
            .collect();
        if candidates.is_empty() {
            return Some(format!("accesses `{name}` but its {list} does not list it"));
        }
        let covers = |region: &Vec<Range>| {
            region.len() == idx.len()
                && region.iter().zip(idx).all(|(range, i)| {
                    let offset = Expr::sub(i.clone(), range.min.clone());
                    match (const_bounds(&offset, &self.ranges), range.extent.as_int()) {
                        (Some((lo, hi)), Some(extent)) => lo >= 0 && hi < extent,
                        // Not provably outside: accept.
                        _ => true,
                    }
                })
        };
        if candidates.iter().any(|region| covers(region)) {
            None
        } else {
            Some(format!(
                "accesses `{name}` outside the region its {list} declares"
            ))
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::For(l) => {
                if !self.loop_ids.insert(l.id) {
                    self.report(format!("loop id #{} is used twice", l.id.0));
                }
                self.expr(&l.min);
                self.expr(&l.extent);
                let saved = self.at;
                self.at = Location::Loop(l.id);
                if let ForKind::ThreadBinding(axis) = l.kind {
                    // A launch dimension cannot change from one iteration to the next.
                    let function_vars = &self.function_vars;
                    let mut varying = false;
                    for e in [&l.min, &l.extent] {
                        e.visit(&mut |x| {
                            if let Expr::Var(v) = x {
                                varying |= !function_vars.contains(v);
                            }
                        });
                    }
                    if varying {
                        self.report(format!(
                            "binds {} with bounds that depend on loop variables",
                            axis.tag()
                        ));
                    }
                }
                self.scope.push(l.var);
                self.stmt(&l.body);
                self.scope.pop();
                self.at = saved;
            }
            Stmt::BlockRealize(r) => self.block_realize(r),
            Stmt::Seq(v) => v.iter().for_each(|c| self.stmt(c)),
            Stmt::BufferStore(st) => {
                for i in &st.indices {
                    self.expr(i);
                }
                self.expr(&st.value);
                self.access(st.buffer, &st.indices, true);
            }
            Stmt::IfThenElse(i) => {
                self.expr(&i.cond);
                self.stmt(&i.then_case);
                if let Some(e) = &i.else_case {
                    self.stmt(e);
                }
            }
            Stmt::LetStmt(l) => {
                self.expr(&l.value);
                self.scope.push(l.var);
                self.stmt(&l.body);
                self.scope.pop();
            }
            Stmt::Evaluate(e) => self.expr(e),
        }
    }

    fn block_realize(&mut self, r: &'a BlockRealize) {
        let b = &r.block;
        if !self.block_ids.insert(b.id) {
            self.report(format!("block id #{} is used twice", b.id.0));
        }
        // Bindings and predicate are evaluated outside the block.
        let saved_at = self.at;
        self.at = Location::Block(b.id);
        if r.iter_values.len() != b.iter_vars.len() {
            self.report(format!(
                "binds {} values to {} iterators",
                r.iter_values.len(),
                b.iter_vars.len()
            ));
        }
        for v in &r.iter_values {
            self.expr(v);
        }
        self.expr(&r.predicate);
        // Inside a block with iterators only its iterators, those of enclosing
        // blocks and function-level variables are visible; an opaque block sees
        // the loops around it.
        let block_vars_before = self.block_vars.len();
        let outer_scope = if b.iter_vars.is_empty() {
            None
        } else {
            let mut inner = self.function_vars.clone();
            inner.extend(&self.block_vars);
            for iv in &b.iter_vars {
                let mut dom_scope = inner.clone();
                dom_scope.extend(self.dependent_domain(iv, &inner));
                let saved = std::mem::replace(&mut self.scope, dom_scope);
                self.expr(&iv.dom.min);
                self.expr(&iv.dom.extent);
                self.scope = saved;
            }
            inner.extend(b.iter_vars.iter().map(|iv| iv.var));
            self.block_vars.extend(b.iter_vars.iter().map(|iv| iv.var));
            Some(std::mem::replace(&mut self.scope, inner))
        };
        let outer_block = self.block;
        if !b.iter_vars.is_empty() || !b.reads.is_empty() || !b.writes.is_empty() {
            self.block = Some(r);
        }
        let buffers_before = self.buffers.len();
        for a in &b.alloc_buffers {
            if a.0 as usize >= self.func.buffers.len() {
                self.report(format!("allocates buffer #{} that does not exist", a.0));
            }
            self.buffers.push(*a);
        }
        for region in b.reads.iter().chain(&b.writes) {
            let rank = self
                .func
                .buffers
                .get(region.buffer.0 as usize)
                .map(|x| x.shape.len());
            if rank != Some(region.region.len()) {
                self.report(format!(
                    "declares a region of `{}` with {} dimensions; the buffer has {}",
                    self.buffer_name(region.buffer),
                    region.region.len(),
                    rank.map(|r| r.to_string()).unwrap_or_else(|| "none".into())
                ));
            }
            for range in &region.region {
                self.expr(&range.min);
                self.expr(&range.extent);
            }
        }
        for m in &b.match_buffers {
            self.buffers.push(m.buffer);
            for range in &m.source.region {
                self.expr(&range.min);
                self.expr(&range.extent);
            }
        }
        if let Some(init) = &b.init {
            self.stmt(init);
        }
        self.stmt(&b.body);
        self.buffers.truncate(buffers_before);
        self.block_vars.truncate(block_vars_before);
        self.block = outer_block;
        if let Some(scope) = outer_scope {
            self.scope = scope;
        }
        self.at = saved_at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::ThreadAxis;

    fn parse(src: &str) -> PrimFunc {
        crate::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
    }

    const COPY: &str = "
@T.prim_func
def main(A: T.Buffer((16, 16), \"float32\"), B: T.Buffer((16, 16), \"float32\")):
    for i, j in T.grid(16, 16):
        with T.block(\"B\"):
            vi, vj = T.axis.remap(\"SS\", [i, j])
            B[vi, vj] = A[vi, vj]
";

    #[test]
    fn a_parsed_program_is_valid() {
        validate(&parse(COPY)).unwrap();
    }

    /// The program's only store (the copy block's body).
    fn only_store(f: &mut PrimFunc) -> &mut crate::ir::BufferStore {
        let mut store = None;
        visit_store(&mut f.body, &mut store);
        store.expect("a store")
    }

    fn visit_store<'b>(s: &'b mut Stmt, out: &mut Option<&'b mut crate::ir::BufferStore>) {
        match s {
            Stmt::BufferStore(st) => *out = Some(st),
            Stmt::For(l) => visit_store(&mut l.body, out),
            Stmt::BlockRealize(r) => visit_store(&mut r.block.body, out),
            Stmt::Seq(v) => {
                for c in v {
                    if out.is_none() {
                        visit_store(c, out);
                    }
                }
            }
            _ => {}
        }
    }

    #[test]
    fn an_outer_loop_variable_inside_a_block_is_reported() {
        let mut f = parse(COPY);
        let i = f.vars.iter().position(|v| v.name == "i").unwrap();
        let st = only_store(&mut f);
        st.value = Expr::Load(BufferId(0), vec![Expr::Var(VarId(i as u32)), Expr::int(0)]);
        let e = validate(&f).unwrap_err();
        assert!(
            e.violations
                .iter()
                .any(|v| v.what.contains("uses `i` where it is not defined")),
            "{e:?}"
        );
        let text = e.render();
        assert!(text.contains("^^^"), "the block is marked: {text}");
    }

    #[test]
    fn a_variable_of_another_block_is_reported_and_printed_as_undefined() {
        let src = "
@T.prim_func
def main(A: T.Buffer((16,), \"float32\"), C: T.Buffer((16,), \"float32\")):
    B = T.alloc_buffer((16,))
    for i in range(16):
        with T.block(\"B\"):
            vb = T.axis.remap(\"S\", [i])
            B[vb] = A[vb]
    for i in range(16):
        with T.block(\"C\"):
            vc = T.axis.remap(\"S\", [i])
            C[vc] = B[vc]
";
        let mut f = parse(src);
        let vb = VarId(f.vars.iter().position(|v| v.name == "vb").unwrap() as u32);
        f.body.visit_mut(&mut |s| {
            if let Stmt::BlockRealize(r) = s {
                if r.block.name == "C" {
                    if let Stmt::BufferStore(st) = &mut r.block.body {
                        st.value = Expr::Load(BufferId(0), vec![Expr::Var(vb)]);
                    }
                }
            }
        });
        let e = validate(&f).unwrap_err();
        assert!(
            e.violations
                .iter()
                .any(|v| v.what.contains("uses `vb` where it is not defined")),
            "{e:?}"
        );
        // The printer does not hide it behind the name it had in its own scope.
        let printed = crate::script::print_func(&f);
        assert!(printed.contains("C[vc] = A[<undefined vb>]"), "{printed}");
        assert!(crate::script::parse_func(&printed, None).is_err());
    }

    #[test]
    fn a_wrong_rank_is_reported() {
        let mut f = parse(COPY);
        let st = only_store(&mut f);
        st.indices.pop();
        let e = validate(&f).unwrap_err();
        assert!(e.to_string().contains("1 indices but it has rank 2"), "{e}");
    }

    #[test]
    fn an_access_outside_the_declared_region_is_reported() {
        let mut f = parse(COPY);
        let st = only_store(&mut f);
        if let Expr::Load(_, idx) = &mut st.value {
            idx[0] = Expr::add(idx[0].clone(), Expr::int(16));
        }
        let e = validate(&f).unwrap_err();
        assert!(
            e.to_string()
                .contains("outside the region its T.reads declares"),
            "{e}"
        );
    }

    #[test]
    fn an_undeclared_buffer_is_reported() {
        let mut f = parse(COPY);
        f.body.visit_mut(&mut |s| {
            if let Stmt::BlockRealize(r) = s {
                if r.block.name == "B" {
                    r.block.reads.clear();
                }
            }
        });
        let e = validate(&f).unwrap_err();
        assert!(
            e.to_string().contains("its T.reads does not list it"),
            "{e}"
        );
    }

    #[test]
    fn a_thread_extent_depending_on_a_loop_is_reported() {
        let mut f = parse(COPY);
        let i = VarId(f.vars.iter().position(|v| v.name == "i").unwrap() as u32);
        f.body.visit_mut(&mut |s| {
            if let Stmt::For(l) = s {
                if l.var != i {
                    l.kind = ForKind::ThreadBinding(ThreadAxis::ThreadIdx(0));
                    l.extent = Expr::add(Expr::Var(i), Expr::int(1));
                }
            }
        });
        let e = validate(&f).unwrap_err();
        assert!(
            e.to_string()
                .contains("binds threadIdx.x with bounds that depend on loop variables"),
            "{e}"
        );
    }
}
