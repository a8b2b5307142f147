//! The `:` command line: TVM's Python spelling of a schedule call
//! (`i, j, k = sch.get_loops(b0)`, `sch.split(i, factors=[None, 16])`) or an
//! editor command (`:w`, `:q`, `:diff 2 5` ...), plus completion.
//!
//! Pure text in, data out: knows the op table (`trace::step`) but not the app.
//! Positional arguments map onto the op table's field order, as in TVM's
//! `Schedule` methods; varargs primitives (`reorder`, `fuse`, `merge`) take
//! their loops positionally or as one list.

pub use crate::trace::pyscript::{
    example, parse_statement, parse_value, plain_arg, split_statements, to_step, PyCall,
    PyError as CommandError, PyExpr, PyStmt,
};

use crate::trace::pyscript::err;
use crate::trace::step::{op_spec, op_specs};

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Python statements, in order (one per line or `;`), as typed.
    Python(Vec<String>),
    /// `:w [path]`
    Write(Option<String>),
    /// `:q`, or `:q!` (force: drop unsaved steps)
    Quit {
        force: bool,
    },
    /// `:wq` / `:x`
    WriteQuit,
    Undo,
    Redo,
    Run,
    /// `:tune [N]`, `:tune stop`, `:tune load`, `:tune close`.
    Tune(super::tune::TuneCommand),
    /// `:diff` (last step), `:diff N` (step N), `:diff A B` (after step A vs after step B).
    Diff(Option<usize>, Option<usize>),
    Help,
    /// `:schedule`, `:schedule N`, `:schedule list`, `:schedule [N] block`.
    Schedule(super::propose::Proposal, super::propose::Scope),
    /// `:decision N VALUE`: step N's sampled decision becomes VALUE;
    /// `:decision N` opens the decision editor on step N.
    Decision(usize, Option<String>),
}

/// The editor commands, for completion and help.
pub const EX_COMMANDS: &[(&str, &str)] = &[
    ("w", "save the session (`:w path.yaml` saves to a new path)"),
    (
        "q",
        "quit (refuses when there are unsaved steps; `:q!` drops them)",
    ),
    ("wq", "save and quit"),
    ("undo", "undo the last step"),
    ("redo", "redo the last undone step"),
    ("run", "run the kernel on the GPU"),
    (
        "tune",
        "`:tune N` tune N trials, `:tune stop`, `:tune load` loads the best, `:tune close`",
    ),
    (
        "diff",
        "`:diff` last step, `:diff N` step N, `:diff A B` the TIR after step A vs after step B",
    ),
    (
        "schedule",
        "`:schedule [N] [block]` default or sketch N (block: the cursor's only), `:schedule list`",
    ),
    (
        "decision",
        "`:decision N VALUE` sets step N's sampled decision, `:decision N` opens its editor",
    ),
    ("help", "the help screen"),
];

pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let line = line.strip_prefix(':').unwrap_or(line).trim();
    if line.is_empty() {
        return err("empty command");
    }
    // `:decision 5 [4, 8, 2, 16]` holds a list, yet is no Python.
    if let Some(rest) = decision_args(line) {
        return parse_decision(rest);
    }
    let python_setup = line.starts_with("import ") || line.starts_with("from ");
    if !python_setup && !line.contains(['(', '=', '[', ';', '\n', '#']) {
        return parse_ex(line);
    }
    let stmts = split_statements(line)?;
    if stmts.is_empty() {
        return err("only comments: nothing to run");
    }
    Ok(Command::Python(stmts))
}

fn parse_ex(line: &str) -> Result<Command, CommandError> {
    let mut words = line.split_whitespace();
    let head = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            err(format!("`:{head}` takes no arguments"))
        }
    };
    match head {
        "w" | "write" => match rest.as_slice() {
            [] => Ok(Command::Write(None)),
            [p] => Ok(Command::Write(Some((*p).to_string()))),
            _ => err("`:w` takes one path"),
        },
        "q" | "quit" => no_args(Command::Quit { force: false }),
        "q!" | "quit!" => no_args(Command::Quit { force: true }),
        "wq" | "x" => no_args(Command::WriteQuit),
        "undo" | "u" => no_args(Command::Undo),
        "redo" => no_args(Command::Redo),
        "run" | "r" => no_args(Command::Run),
        "tune" => super::tune::parse_tune(&rest)
            .map(Command::Tune)
            .map_err(|message| CommandError { message }),
        "help" | "h" => no_args(Command::Help),
        "schedule" => super::propose::parse(&rest)
            .map(|(p, scope)| Command::Schedule(p, scope))
            .map_err(|message| CommandError { message }),
        "decision" => err("`:decision N VALUE` takes a step number, then the decision: `:decision 5 [4, 8, 2, 16]`, `:decision 7 2`"),
        "diff" => {
            let num = |s: &str| {
                s.parse::<usize>().map_err(|_| CommandError {
                    message: format!("`:diff` takes step numbers, not `{s}`"),
                })
            };
            match rest.as_slice() {
                [] => Ok(Command::Diff(None, None)),
                [a] => Ok(Command::Diff(Some(num(a)?), None)),
                [a, b] => Ok(Command::Diff(Some(num(a)?), Some(num(b)?))),
                _ => err("`:diff` takes at most two step numbers"),
            }
        }
        other if op_spec(other).is_some() => err(format!(
            "write the call in TVM's Python form, e.g. `{}`",
            example(other)
        )),
        other => err(format!(
            "unknown command `{other}`: type a schedule call like `sch.split(i, factors=[None, 16])`, or one of :{}",
            EX_COMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(" :")
        )),
    }
}

/// The text after `decision` when the line is `decision N ...` (a Python
/// statement `decision = ...` is not).
fn decision_args(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("decision")?;
    let first = rest.trim_start().chars().next();
    (rest.starts_with(char::is_whitespace) && first.is_some_and(|c| c.is_ascii_digit()))
        .then(|| rest.trim_start())
}

fn parse_decision(rest: &str) -> Result<Command, CommandError> {
    let (number, value) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(n, v)| (n, v.trim()));
    match number.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(Command::Decision(
            n,
            (!value.is_empty()).then(|| value.to_string()),
        )),
        _ => err(format!(
            "`:decision` takes a step number from 1 first, not `{number}`"
        )),
    }
}

/// Completion of the word before the end of `line`: the byte offset where the
/// word starts and the candidates (each a replacement for the word).
pub fn complete(line: &str, handles: &[String]) -> (usize, Vec<String>) {
    let start = line
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_' || *c == '!')
        .last()
        .map(|(i, _)| i)
        .unwrap_or(line.len());
    let word = &line[start..];
    let before = line[..start].trim_end();
    let mut out: Vec<String> = Vec::new();
    if before.ends_with('.') {
        out.extend(op_specs().iter().map(|s| format!("{}(", s.name)));
    } else if !line.contains('(') && (before.is_empty() || before.ends_with('=')) {
        if before.is_empty() {
            out.extend(EX_COMMANDS.iter().map(|(n, _)| n.to_string()));
        }
        out.push("sch.".into());
        out.extend(op_specs().iter().map(|s| format!("sch.{}(", s.name)));
        out.extend(handles.iter().cloned());
    } else if let Some(open) = line.rfind('(') {
        out.extend(handles.iter().cloned());
        let callee = line[..open].rsplit(['.', ' ', '=']).next().unwrap_or("");
        if let Some(spec) = op_spec(callee) {
            out.extend(spec.fields.iter().map(|f| format!("{}=", f.name)));
        }
        out.extend(["None", "True", "False"].map(String::from));
    }
    out.retain(|c| c.starts_with(word) && c != word);
    out.dedup();
    (start, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{Arg, Step};

    fn step(line: &str) -> Result<(Vec<String>, Step), CommandError> {
        match parse(line)? {
            Command::Python(stmts) => {
                let st = parse_statement(&stmts[0])?;
                let PyExpr::Call { op, args } = st.value else {
                    panic!("not a call: {line}");
                };
                let args = args
                    .iter()
                    .map(|(k, v)| (k.clone(), plain_arg(v).expect("plain")))
                    .collect();
                let call = PyCall {
                    targets: st.targets.clone(),
                    op,
                    args,
                };
                Ok((call.targets.clone(), to_step(&call)?))
            }
            other => panic!("not a call: {other:?}"),
        }
    }

    #[test]
    fn python_calls_map_onto_the_op_table() {
        let (t, s) = step("i, j, k = sch.get_loops(b0)").unwrap();
        assert_eq!(t, vec!["i", "j", "k"]);
        assert_eq!(s.arg("block"), Some(&Arg::Str("b0".into())));
        let (_, s) = step("sch.split(i, factors=[None, 16])").unwrap();
        assert_eq!(
            s.arg("factors"),
            Some(&Arg::List(vec![Arg::Null, Arg::Int(16)]))
        );
        assert_eq!(s.arg("preserve_unit_iters"), Some(&Arg::Bool(true)));
        let (_, s) = step("sch.split(i, [None, 16], False)").unwrap();
        assert_eq!(s.arg("preserve_unit_iters"), Some(&Arg::Bool(false)));
        let (t, s) = step("b0 = sch.get_block(\"B\", func_name='main')").unwrap();
        assert_eq!(
            (t, s.arg("name")),
            (vec!["b0".to_string()], Some(&Arg::Str("B".into())))
        );
        let (_, s) = step("sch.reorder(j, i)").unwrap();
        assert_eq!(
            s.arg("ordered_loops"),
            Some(&Arg::List(vec![Arg::Str("j".into()), Arg::Str("i".into())]))
        );
        let (_, s) = step("sch.reorder([j, i])").unwrap();
        assert_eq!(
            s.arg("ordered_loops"),
            Some(&Arg::List(vec![Arg::Str("j".into()), Arg::Str("i".into())]))
        );
        let (t, _) = step("[a, b] = sch.split(loop=k, factors=(None, 4))").unwrap();
        assert_eq!(t, vec!["a", "b"]);
        let (_, s) = step("sch.bind(x, \"threadIdx.x\")").unwrap();
        assert_eq!(s.arg("thread_axis"), Some(&Arg::Str("threadIdx.x".into())));
        let (_, s) = step("sch.annotate(b, ann_key='k', ann_val=-1.5)").unwrap();
        assert_eq!(s.arg("ann_val"), Some(&Arg::Float(-1.5)));
        let (_, s) = step("sch.get_sblock('C')").unwrap();
        assert_eq!(s.op, "get_block");
    }

    #[test]
    fn lambdas_are_values() {
        // transform_layout as TVM prints it: the lambdas' text is kept whole.
        let (_, s) = step("sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda i, j: (i // 16, j // 16, i % 16, j % 16,), pad_value=lambda a, b, c, d: (T.float32(0.0),), assume_injective_transform=False)").unwrap();
        assert_eq!(
            s.arg("index_map"),
            Some(&Arg::Str(
                "lambda i, j: (i // 16, j // 16, i % 16, j % 16,)".into()
            ))
        );
        assert_eq!(
            s.arg("pad_value"),
            Some(&Arg::Str("lambda a, b, c, d: (T.float32(0.0),)".into()))
        );
        assert_eq!(
            s.arg("buffer"),
            Some(&Arg::List(vec![Arg::Str("write".into()), Arg::Int(0)]))
        );
        let (_, s) = step("sch.transform_layout(b0, \"B\", lambda i, j: [j, i * 2 - 1])").unwrap();
        assert_eq!(
            s.arg("index_map"),
            Some(&Arg::Str("lambda i, j: [j, i * 2 - 1]".into()))
        );
        assert_eq!(
            crate::tui::python::python_line(&s),
            "sch.transform_layout(b0, buffer=\"B\", index_map=lambda i, j: [j, i * 2 - 1])"
        );
    }

    #[test]
    fn bad_calls_say_why() {
        let msg = |l: &str| step(l).unwrap_err().message;
        assert!(msg("sch.splt(i, factors=[2])").contains("did you mean `split`"));
        assert!(msg("sch.split(i)").contains("needs `factors`"));
        assert!(msg("sch.split(i, fcators=[2])").contains("no argument `fcators`"));
        // TVM's four: loop, factors, preserve_unit_iters, disable_predication.
        assert!(msg("sch.split(i, [2], True, False, 4)").contains("at most 4"));
        assert!(msg("sch.split(i, factors=[None, 16]").contains("close"));
        assert!(msg("sch.split(i, factors=[None, 16]) x").contains("after the call"));
        assert!(msg("sch.bind(x, \"threadIdx.x)").contains("unterminated"));
        assert!(msg("sch.split(i, factors=[1 $ 2])").contains("unexpected `$`"));
    }

    #[test]
    fn values() {
        assert_eq!(
            parse_value("None, 16").unwrap(),
            Arg::List(vec![Arg::Null, Arg::Int(16)])
        );
        assert_eq!(parse_value("[4]").unwrap(), Arg::List(vec![Arg::Int(4)]));
        assert_eq!(parse_value("'local'").unwrap(), Arg::Str("local".into()));
        assert!(parse_value("").is_err());
        assert!(parse_value("[1, 2").is_err());
    }

    #[test]
    fn editor_commands() {
        assert_eq!(parse(":w").unwrap(), Command::Write(None));
        assert_eq!(
            parse("w out.yaml").unwrap(),
            Command::Write(Some("out.yaml".into()))
        );
        assert_eq!(parse("q!").unwrap(), Command::Quit { force: true });
        assert_eq!(parse("diff 2 5").unwrap(), Command::Diff(Some(2), Some(5)));
        assert!(parse("diff x").is_err());
        assert!(parse("split i 16")
            .unwrap_err()
            .message
            .contains("sch.split(loop, factors=[None, 16])"));
        assert!(parse("frobnicate").is_err());
        assert_eq!(
            parse(":decision 5 [4, 8, 2, 16]").unwrap(),
            Command::Decision(5, Some("[4, 8, 2, 16]".into()))
        );
        assert_eq!(parse("decision 7").unwrap(), Command::Decision(7, None));
        assert!(parse("decision 0 1").is_err());
        assert!(parse("decision x").is_err());
        // A Python name `decision` is still Python.
        assert!(matches!(
            parse("decision = sch.sample_categorical([1, 2], [0.5, 0.5])").unwrap(),
            Command::Python(_)
        ));
        assert!(parse("").is_err());
    }

    #[test]
    fn completes_ops_handles_and_keywords() {
        let handles = vec!["b0".to_string(), "i".to_string(), "i_1".to_string()];
        let (start, c) = complete("sch.spl", &handles);
        assert_eq!((start, c), (4, vec!["split(".to_string()]));
        let (_, c) = complete("sch.split(i", &handles);
        assert_eq!(c, vec!["i_1".to_string()]);
        let (_, c) = complete("sch.split(i, fa", &handles);
        assert_eq!(c, vec!["factors=".to_string()]);
        let (_, c) = complete("di", &handles);
        assert_eq!(c, vec!["diff".to_string()]);
        let (_, c) = complete("x = sch.get_l", &handles);
        assert_eq!(c, vec!["get_loops(".to_string()]);
    }
}
