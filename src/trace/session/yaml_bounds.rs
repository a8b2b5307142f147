//! Bounds on what a YAML text makes `serde_yaml` build, checked with libyaml's
//! own event parser before `serde_yaml` reads it, stopping at the first event
//! past a bound.
//!
//! Why (session 19's audit): `serde_yaml` loads every event of a document
//! before its recursion limit (128) applies, and libyaml's scanner walks every
//! open flow level on each token, so 100,000 nested `[` took minutes
//! (quadratic) before the refusal; and its alias limit counts events, not
//! bytes, so a 10 MB string aliased a thousand times exhausted memory (an
//! abort, not an error). Here nesting is counted as events arrive and every
//! alias adds the size of the node it repeats, so the cost stays linear in the
//! text and what passes nests no deeper than `serde_yaml` accepts and expands
//! to a bounded size. The same tokenizer decides, so quoted brackets,
//! comments and block scalars count exactly as `serde_yaml` counts them.

use std::collections::HashMap;
use std::ffi::CStr;
use std::mem::MaybeUninit;
use unsafe_libyaml as unsafe_yaml;

/// Why a text is refused, and where (1-based line and column of the event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// A sequence or mapping opens deeper than the limit.
    TooDeep { line: usize, col: usize },
    /// With its aliases expanded, the document passes the size limit here.
    TooLarge { line: usize, col: usize },
}

/// Ok when no sequence or mapping of `text` nests deeper than `max_depth`
/// and the document, aliases expanded, stays under `max_expanded` bytes
/// (scalars' bytes, plus one for each node); Ok too when the text is not
/// valid YAML: the caller's parser reports that, having read no further past
/// the bounds either.
pub(super) fn check(text: &str, max_depth: usize, max_expanded: u64) -> Result<(), Refusal> {
    let mut bounds = Bounds {
        max_depth,
        max_expanded,
        expanded: 0,
        open: Vec::new(),
        anchors: HashMap::new(),
    };
    // The parser is large and libyaml writes it in place: boxed, initialised
    // by `yaml_parser_initialize`.
    let mut parser = Box::new(MaybeUninit::<unsafe_yaml::yaml_parser_t>::uninit());
    let parser = parser.as_mut_ptr();
    // SAFETY: `parser` points to writable memory for a `yaml_parser_t`;
    // initialise zeroes and sets it up (failing only when allocation fails,
    // then there is nothing to delete). Its input is `text`, which outlives
    // the parser (deleted before returning, on every path). An event's data
    // is read only through the union member its type selects, while the
    // event lives; each event is deleted once read.
    unsafe {
        if unsafe_yaml::yaml_parser_initialize(parser).fail {
            return Ok(());
        }
        unsafe_yaml::yaml_parser_set_encoding(parser, unsafe_yaml::YAML_UTF8_ENCODING);
        unsafe_yaml::yaml_parser_set_input_string(parser, text.as_ptr(), text.len() as _);
        let outcome = loop {
            let mut event = MaybeUninit::<unsafe_yaml::yaml_event_t>::uninit();
            let event = event.as_mut_ptr();
            if unsafe_yaml::yaml_parser_parse(parser, event).fail {
                break Ok(());
            }
            let step = bounds.event(&*event);
            let mark = (*event).start_mark;
            unsafe_yaml::yaml_event_delete(event);
            match step {
                Step::Go => {}
                Step::End => break Ok(()),
                Step::Refuse(make) => {
                    break Err(make(mark.line as usize + 1, mark.column as usize + 1))
                }
            }
        };
        unsafe_yaml::yaml_parser_delete(parser);
        outcome
    }
}

enum Step {
    Go,
    End,
    Refuse(fn(usize, usize) -> Refusal),
}

struct Bounds {
    max_depth: usize,
    max_expanded: u64,
    /// The document's size so far, aliases expanded.
    expanded: u64,
    /// Open collections: their anchor and `expanded` when they opened.
    open: Vec<(Option<Vec<u8>>, u64)>,
    /// Each anchor's node size, aliases within it expanded.
    anchors: HashMap<Vec<u8>, u64>,
}

impl Bounds {
    /// # Safety
    /// `event` comes from `yaml_parser_parse` and has not been deleted.
    unsafe fn event(&mut self, event: &unsafe_yaml::yaml_event_t) -> Step {
        let anchor = |p: *mut u8| -> Option<Vec<u8>> {
            // SAFETY: libyaml's anchors are NUL-terminated or null.
            (!p.is_null()).then(|| unsafe { CStr::from_ptr(p.cast()) }.to_bytes().to_vec())
        };
        match event.type_ {
            unsafe_yaml::YAML_DOCUMENT_START_EVENT => {
                self.expanded = 0;
                self.anchors.clear();
            }
            unsafe_yaml::YAML_SCALAR_EVENT => {
                let scalar = unsafe { event.data.scalar };
                let size = scalar.length.saturating_add(1);
                if let Some(name) = anchor(scalar.anchor) {
                    self.anchors.insert(name, size);
                }
                return self.grow(size);
            }
            unsafe_yaml::YAML_ALIAS_EVENT => {
                let name = anchor(unsafe { event.data.alias.anchor });
                let size = name.and_then(|n| self.anchors.get(&n).copied());
                return self.grow(size.unwrap_or(1));
            }
            unsafe_yaml::YAML_SEQUENCE_START_EVENT | unsafe_yaml::YAML_MAPPING_START_EVENT => {
                let name = if event.type_ == unsafe_yaml::YAML_SEQUENCE_START_EVENT {
                    anchor(unsafe { event.data.sequence_start.anchor })
                } else {
                    anchor(unsafe { event.data.mapping_start.anchor })
                };
                if self.open.len() >= self.max_depth {
                    return Step::Refuse(|line, col| Refusal::TooDeep { line, col });
                }
                self.open.push((name, self.expanded));
                return self.grow(1);
            }
            unsafe_yaml::YAML_SEQUENCE_END_EVENT | unsafe_yaml::YAML_MAPPING_END_EVENT => {
                if let Some((Some(name), start)) = self.open.pop() {
                    self.anchors.insert(name, self.expanded - start);
                }
            }
            unsafe_yaml::YAML_STREAM_END_EVENT => return Step::End,
            _ => {}
        }
        Step::Go
    }

    fn grow(&mut self, size: u64) -> Step {
        self.expanded = self.expanded.saturating_add(size);
        if self.expanded > self.max_expanded {
            return Step::Refuse(|line, col| Refusal::TooLarge { line, col });
        }
        Step::Go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: u64 = 1 << 30;

    #[test]
    fn counts_collections_as_libyaml_reads_them() {
        assert_eq!(check("a: [[1]]\n", 3, BIG), Ok(()));
        // The top mapping, then two sequences.
        assert_eq!(
            check("a: [[1]]\n", 2, BIG),
            Err(Refusal::TooDeep { line: 1, col: 5 })
        );
        // Brackets in quotes, comments and block scalars are text.
        let text = "a: \"[[[[\"\nb: '{{{{' # [[[[\nc: |\n  [[[[\n";
        assert_eq!(check(text, 1, BIG), Ok(()));
        // Block nesting counts too.
        assert_eq!(
            check("- - - x\n", 2, BIG),
            Err(Refusal::TooDeep { line: 1, col: 5 })
        );
        // Invalid YAML is left to the caller's parser.
        assert_eq!(check("a: [1, 'x\n", 5, BIG), Ok(()));
    }

    #[test]
    fn a_hundred_thousand_open_brackets_are_refused_at_once() {
        let n = 100_000;
        let text = format!("a: {}{}\n", "[".repeat(n), "]".repeat(n));
        let start = std::time::Instant::now();
        assert_eq!(
            check(&text, 128, BIG),
            Err(Refusal::TooDeep { line: 1, col: 131 })
        );
        assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
    }

    #[test]
    fn aliases_count_the_size_of_what_they_repeat() {
        // 1 (mapping) + 2 (`a`) + 6 (`xxxxx`) = 9, then each alias 6 more.
        let text = "a: &x xxxxx\nb: *x\nc: *x\n";
        assert_eq!(check(text, 8, 9 + 2 + 6 + 2 + 6), Ok(()));
        assert_eq!(
            check(text, 8, 9 + 2 + 6 + 2 + 5),
            Err(Refusal::TooLarge { line: 3, col: 4 })
        );
        // A collection's anchor covers its aliases, expanded: 3 levels of 4.
        let laughs =
            "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c]\n";
        assert_eq!(
            check(laughs, 8, 300),
            Err(Refusal::TooLarge { line: 4, col: 5 })
        );
        assert_eq!(check(laughs, 8, 1000), Ok(()));
    }
}
