//! The explorer proposes schedules: `S` (or `:schedule`) appends the
//! zero-search default of the program as it stands (the rule `tirtui schedule`
//! picks), `:schedule N` the design space's sketch N with its drawn decisions,
//! `:schedule list` names the sketches. `b` (or `:schedule block`,
//! `:schedule N block`) appends only the block under the cursor's part of the
//! default or of sketch N (`block_part`): the steps of the rules that shape
//! it. The steps are ordinary trace steps: one change that `u` undoes, that
//! saves, replays and tunes like typed ones.
//!
//! The palette's title names the rules that shape the block under the cursor
//! (from the sketches' logs: `MultiLevelTiling(C)`), computed once per program.

use super::app::App;
use super::block_part;
use super::targets::Target;
use crate::design_space::{self, GpuTarget, Sketch};
use crate::ir::PrimFunc;
use crate::trace::Step;

/// What to append.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Proposal {
    /// The zero-search default (DLight's order; the first rule whose program launches).
    Default,
    /// Sketch N (from 1) of the design space.
    Sketch(usize),
    /// Name the sketches; append nothing.
    List,
}

/// What a proposal schedules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every block of the function.
    Function,
    /// The block under the TIR cursor: its part of the proposal only.
    CursorBlock,
}

/// `:schedule` arguments: nothing, `list`, a sketch number, each but `list`
/// optionally with `block` (before or after the number).
pub fn parse(rest: &[&str]) -> Result<(Proposal, Scope), String> {
    let block = rest.contains(&"block");
    let scope = if block {
        Scope::CursorBlock
    } else {
        Scope::Function
    };
    let others: Vec<&str> = rest.iter().copied().filter(|w| *w != "block").collect();
    let usage = "`:schedule` takes a sketch number from 1, `list`, or `block` (`:schedule block`, `:schedule N block`)";
    match (others.as_slice(), block) {
        ([], _) => Ok((Proposal::Default, scope)),
        (["list"], false) => Ok((Proposal::List, scope)),
        (["list"], true) => Err(
            "`:schedule list` names every sketch; `:schedule N block` appends the cursor block's part of one"
                .into(),
        ),
        ([n], _) => match n.parse::<usize>() {
            Ok(n) if n >= 1 => Ok((Proposal::Sketch(n), scope)),
            _ => Err(format!("{usage}, not `{n}`")),
        },
        _ => Err(format!("{usage}: too many arguments")),
    }
}

/// The design space's sketches of `func` (TVM's rules, the default target).
pub fn sketches(func: &PrimFunc) -> Result<Vec<Sketch>, String> {
    design_space::generate(func, &GpuTarget::default()).map_err(|e| e.to_string())
}

/// One line per sketch: its number and the rules it applied, deduplicated
/// in order (`MultiLevelTiling + AutoInline + AutoBind`).
pub fn summary(sketch: &Sketch) -> String {
    let mut rules: Vec<&str> = Vec::new();
    for entry in &sketch.applied {
        let rule = entry.split('(').next().unwrap_or(entry);
        if !rules.contains(&rule) {
            rules.push(rule);
        }
    }
    if rules.is_empty() {
        "no rule applies".into()
    } else {
        rules.join(" + ")
    }
}

/// The rules of any sketch that shaped block `name`, in first-seen order.
pub fn rules_for_block(sketches: &[Sketch], name: &str) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for sketch in sketches {
        for entry in &sketch.applied {
            let Some((rule, rest)) = entry.split_once('(') else {
                continue;
            };
            if rest.strip_suffix(')') == Some(name) && !rules.iter().any(|r| r == rule) {
                rules.push(rule.to_string());
            }
        }
    }
    rules
}

/// A proposal's sketch with the words that name it: short (`sketch 2`) and
/// with its rules (`sketch 2: MultiLevelTiling + AutoBind`).
struct Named {
    short: String,
    long: String,
    sketch: Sketch,
}

fn proposal_sketch(func: &PrimFunc, proposal: Proposal) -> Result<Named, String> {
    match proposal {
        Proposal::Default | Proposal::List => {
            let accept = |s: &Sketch| crate::tune::check::steps_launch(func, &s.steps);
            design_space::default_schedule(func, &accept)
                .map(|(rule, sketch)| Named {
                    short: "the default schedule".into(),
                    long: format!("default schedule, rule {rule}"),
                    sketch,
                })
                .map_err(|e| format!("no default schedule: {e}"))
        }
        Proposal::Sketch(n) => {
            let all = sketches(func).map_err(|e| format!("no design space: {e}"))?;
            let count = all.len();
            match all.into_iter().nth(n.wrapping_sub(1)) {
                Some(sketch) => Ok(Named {
                    short: format!("sketch {n}"),
                    long: format!("sketch {n}: {}", summary(&sketch)),
                    sketch,
                }),
                None => Err(format!(
                    "there are {count} sketches: `:schedule N` takes 1 to {count}"
                )),
            }
        }
    }
}

/// A block's part of a proposal.
struct BlockSteps {
    label: String,
    steps: Vec<Step>,
    /// What the proposal did to other blocks before its last rule on this
    /// one (`AutoInline(T_softmax_exp)`): what a part that fails alone may need.
    earlier: Vec<String>,
}

/// Block `name`'s part of a sketch, with its label; refused when no rule of
/// the sketch shapes the block.
fn block_steps(sketch: &Sketch, name: &str, label: &str) -> Result<BlockSteps, String> {
    let rules = rules_for_block(std::slice::from_ref(sketch), name);
    if rules.is_empty() {
        return Err(format!(
            "no rule of {label} shapes block \"{name}\" (it applies {}): the palette's title names the rules of the block under the cursor, `:schedule list` each sketch's",
            if sketch.applied.is_empty() {
                "none".to_string()
            } else {
                sketch.applied.join(", ")
            }
        ));
    }
    let own = |entry: &String| {
        entry
            .strip_suffix(')')
            .and_then(|e| e.split_once('('))
            .map(|(_, b)| b)
            == Some(name)
    };
    let last_own = sketch.applied.iter().rposition(own).unwrap_or(0);
    let earlier = sketch.applied[..last_own]
        .iter()
        .filter(|e| !own(e))
        .cloned()
        .collect();
    Ok(BlockSteps {
        label: format!("block \"{name}\" ({}) of {label}", rules.join(", ")),
        steps: block_part::block_part(&sketch.steps, name),
        earlier,
    })
}

/// The per-program cache of the sketches behind the palette's rule names.
#[derive(Default)]
pub struct RuleCache {
    /// The program's printed text the sketches were generated for.
    key: Option<u64>,
    sketches: Vec<Sketch>,
}

fn text_key(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl App {
    /// Appends (or lists) a proposal for the program as it stands: for the
    /// whole function, or the block under the cursor's part of it.
    pub fn propose(&mut self, proposal: Proposal, scope: Scope) {
        let func = self.doc.trace.func().clone();
        if proposal == Proposal::List {
            return self.list_sketches(&func);
        }
        // The block first: a refusal should not wait for the design space.
        let block = match scope {
            Scope::Function => None,
            Scope::CursorBlock => match self.cursor_block_name() {
                Ok(name) => Some(name),
                Err(why) => return self.error(why),
            },
        };
        let named = match proposal_sketch(&func, proposal) {
            Ok(x) => x,
            Err(why) => return self.error(why),
        };
        let (label, steps, earlier) = match &block {
            None => (named.long, named.sketch.steps, Vec::new()),
            Some(name) => match block_steps(&named.sketch, name, &named.short) {
                Ok(part) => (part.label, part.steps, part.earlier),
                Err(why) => return self.error(why),
            },
        };
        if !block_part::changes_program(&steps) {
            return self.info(format!("{label}: nothing to schedule"));
        }
        let n = steps.len();
        let before = self.doc.trace.steps.len();
        if self.apply_steps(steps, &format!("{} ({label})", self.doc.name())) {
            self.proposal_group = Some((before, before + n));
            self.info(format!(
                "{label}: steps {}-{} appended (u undoes them)",
                before + 1,
                before + n
            ));
        } else if let Some(name) = &block {
            let whole = match proposal {
                Proposal::Sketch(n) => format!("`:schedule {n}`"),
                _ => "`:schedule` (S)".to_string(),
            };
            let needs = if earlier.is_empty() {
                format!("block \"{name}\"'s steps do not apply to the program as it stands")
            } else {
                format!(
                    "block \"{name}\"'s steps do not apply without what {} did to other blocks before them ({})",
                    named.short,
                    earlier.join(", ")
                )
            };
            if let Some(m) = &mut self.message {
                m.text = format!("{needs}: {whole} appends the whole of it; {}", m.text);
            }
        }
    }

    fn list_sketches(&mut self, func: &PrimFunc) {
        match sketches(func) {
            Ok(all) => {
                let names: Vec<String> = all
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("{} {}", i + 1, summary(s)))
                    .collect();
                self.info(format!(
                    "{} sketches: {}; `:schedule N` appends one, `:schedule N block` the cursor block's part",
                    all.len(),
                    names.join(" | ")
                ));
            }
            Err(e) => self.error(format!("no design space: {e}")),
        }
    }

    /// The name of the block under the TIR cursor, or why there is none.
    fn cursor_block_name(&self) -> Result<String, String> {
        let func = self.doc.trace.func();
        let hint = "put the TIR cursor on a block (n/N jump between blocks and loops, h/l pick one on a line)";
        match self.target() {
            Some(Target::Block(b)) => func
                .find_block(b)
                .map(|r| r.block.name.clone())
                .ok_or_else(|| format!("the block under the cursor is gone: {hint}")),
            Some(t @ Target::Loop(_)) => Err(format!(
                "the cursor is on {}, not a block: {hint}",
                t.describe(func)
            )),
            None => Err(format!("the cursor is on no block: {hint}")),
        }
    }

    /// The rules that shape the block under the cursor, for the palette.
    pub fn cursor_rules(&mut self) -> Vec<String> {
        let Some(Target::Block(b)) = self.target() else {
            return Vec::new();
        };
        let func = self.doc.trace.func();
        let Some(name) = func.find_block(b).map(|r| r.block.name.clone()) else {
            return Vec::new();
        };
        let key = text_key(&self.doc.printed.text);
        if self.rule_cache.key != Some(key) {
            self.rule_cache.sketches = sketches(func).unwrap_or_default();
            self.rule_cache.key = Some(key);
        }
        rules_for_block(&self.rule_cache.sketches, &name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        use Scope::*;
        assert_eq!(parse(&[]), Ok((Proposal::Default, Function)));
        assert_eq!(parse(&["list"]), Ok((Proposal::List, Function)));
        assert_eq!(parse(&["2"]), Ok((Proposal::Sketch(2), Function)));
        assert_eq!(parse(&["block"]), Ok((Proposal::Default, CursorBlock)));
        assert_eq!(
            parse(&["2", "block"]),
            Ok((Proposal::Sketch(2), CursorBlock))
        );
        assert_eq!(
            parse(&["block", "2"]),
            Ok((Proposal::Sketch(2), CursorBlock))
        );
        assert!(parse(&["list", "block"]).is_err());
        assert!(parse(&["0"]).is_err());
        assert!(parse(&["x"]).is_err());
        assert!(parse(&["1", "2"]).is_err());
    }

    #[test]
    fn rules_are_read_from_the_sketch_logs_by_block() {
        let sketch = |applied: &[&str]| Sketch {
            steps: Vec::new(),
            applied: applied.iter().map(|s| s.to_string()).collect(),
        };
        let all = [
            sketch(&["MultiLevelTiling(C)", "AutoInline(D)", "AutoBind(D)"]),
            sketch(&["MultiLevelTiling(C)", "CrossThreadReduction(C)"]),
        ];
        assert_eq!(
            rules_for_block(&all, "C"),
            ["MultiLevelTiling", "CrossThreadReduction"]
        );
        assert_eq!(rules_for_block(&all, "D"), ["AutoInline", "AutoBind"]);
        assert!(rules_for_block(&all, "E").is_empty());
        assert_eq!(summary(&all[0]), "MultiLevelTiling + AutoInline + AutoBind");
    }
}
