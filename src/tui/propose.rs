//! The explorer proposes schedules: `S` (or `:schedule`) appends the
//! zero-search default of the program as it stands (the rule `tirtui schedule`
//! picks), `:schedule N` the design space's sketch N with its drawn decisions,
//! `:schedule list` names the sketches. The steps are ordinary trace steps: one
//! change that `u` undoes, that saves, replays and tunes like typed ones.
//!
//! The palette's title names the rules that shape the block under the cursor
//! (from the sketches' logs: `MultiLevelTiling(C)`), computed once per program.

use super::app::App;
use super::targets::Target;
use crate::design_space::{self, GpuTarget, Sketch};
use crate::ir::PrimFunc;

/// What to append.
#[derive(Clone, Debug, PartialEq)]
pub enum Proposal {
    /// The zero-search default (DLight's order; the first rule whose program launches).
    Default,
    /// Sketch N (from 1) of the design space.
    Sketch(usize),
    /// Name the sketches; append nothing.
    List,
}

/// `:schedule` arguments.
pub fn parse(rest: &[&str]) -> Result<Proposal, String> {
    match rest {
        [] => Ok(Proposal::Default),
        ["list"] => Ok(Proposal::List),
        [n] => match n.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Proposal::Sketch(n)),
            _ => Err(format!(
                "`:schedule` takes a sketch number from 1 or `list`, not `{n}`"
            )),
        },
        _ => Err("`:schedule` takes at most one argument: a sketch number or `list`".into()),
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
    /// Appends (or lists) a proposal for the program as it stands.
    pub fn propose(&mut self, proposal: Proposal) {
        let func = self.doc.trace.func().clone();
        let (label, steps) = match proposal {
            Proposal::Default => {
                let accept = |s: &Sketch| crate::tune::check::steps_launch(&func, &s.steps);
                match design_space::default_schedule(&func, &accept) {
                    Ok((rule, sketch)) => (format!("default schedule, rule {rule}"), sketch.steps),
                    Err(e) => return self.error(format!("no default schedule: {e}")),
                }
            }
            Proposal::Sketch(n) => match sketches(&func) {
                Ok(all) if n <= all.len() => {
                    let sketch = all.into_iter().nth(n - 1);
                    let Some(sketch) = sketch else {
                        return self.error(format!("no sketch {n}"));
                    };
                    (format!("sketch {n}: {}", summary(&sketch)), sketch.steps)
                }
                Ok(all) => {
                    return self.error(format!(
                        "there are {} sketches: `:schedule N` takes 1 to {}",
                        all.len(),
                        all.len()
                    ))
                }
                Err(e) => return self.error(format!("no design space: {e}")),
            },
            Proposal::List => {
                match sketches(&func) {
                    Ok(all) => {
                        let names: Vec<String> = all
                            .iter()
                            .enumerate()
                            .map(|(i, s)| format!("{} {}", i + 1, summary(s)))
                            .collect();
                        self.info(format!(
                            "{} sketches: {}; `:schedule N` appends one",
                            all.len(),
                            names.join(" | ")
                        ));
                    }
                    Err(e) => self.error(format!("no design space: {e}")),
                }
                return;
            }
        };
        if steps.is_empty() {
            return self.info(format!("{label}: nothing to schedule"));
        }
        let n = steps.len();
        let before = self.doc.trace.steps.len();
        if self.apply_steps(steps, "schedule") {
            self.proposal_group = Some((before, before + n));
            self.info(format!(
                "{label}: steps {}-{} appended (u undoes them)",
                before + 1,
                before + n
            ));
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
        assert_eq!(parse(&[]), Ok(Proposal::Default));
        assert_eq!(parse(&["list"]), Ok(Proposal::List));
        assert_eq!(parse(&["2"]), Ok(Proposal::Sketch(2)));
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
