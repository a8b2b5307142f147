//! The tiny subset of TOML that the keys and theme files use: `[section]`
//! headers, `key = "string"` and `key = ["a", "b"]`, `#` comments.
//!
//! Written by hand to keep a dependency out; anything outside the subset is an
//! error with its line number, never a panic.

#[derive(Clone, Debug, PartialEq)]
pub enum TomlValue {
    Str(String),
    List(Vec<String>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// `section.key` (dotted), or `key` outside any section.
    pub key: String,
    pub value: TomlValue,
    /// 1-based.
    pub line: usize,
}

pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut section = String::new();
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some(inner) = line.strip_prefix('[') {
            let name = inner.strip_suffix(']').ok_or_else(|| {
                format!("line {line_no}: expected `]` to close the section header")
            })?;
            section = name.trim().to_string();
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {line_no}: expected `key = \"value\"`"))?;
        let key = key.trim().trim_matches('"');
        if key.is_empty() {
            return Err(format!("line {line_no}: empty key"));
        }
        let value = parse_value(value.trim()).map_err(|e| format!("line {line_no}: {e}"))?;
        let key = if section.is_empty() {
            key.to_string()
        } else {
            format!("{section}.{key}")
        };
        out.push(Entry {
            key,
            value,
            line: line_no,
        });
    }
    Ok(out)
}

/// Drops a `#` comment that is not inside a string.
fn strip_comment(line: &str) -> &str {
    let mut in_str: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match in_str {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    in_str = None;
                }
            }
            None if c == '"' || c == '\'' => in_str = Some(c),
            None if c == '#' => return &line[..i],
            None => {}
        }
    }
    line
}

fn parse_value(text: &str) -> Result<TomlValue, String> {
    if let Some(inner) = text.strip_prefix('[') {
        let inner = inner
            .strip_suffix(']')
            .ok_or("expected `]` to close the list")?;
        let mut items = Vec::new();
        let mut rest = inner.trim();
        while !rest.is_empty() {
            let (s, tail) = parse_string(rest)?;
            items.push(s);
            rest = tail.trim_start();
            if let Some(t) = rest.strip_prefix(',') {
                rest = t.trim_start();
            } else if !rest.is_empty() {
                return Err("expected `,` between list items".into());
            }
        }
        return Ok(TomlValue::List(items));
    }
    let (s, tail) = parse_string(text)?;
    if !tail.trim().is_empty() {
        return Err(format!("unexpected `{}` after the value", tail.trim()));
    }
    Ok(TomlValue::Str(s))
}

/// One quoted string at the start of `text`; returns it and the rest.
fn parse_string(text: &str) -> Result<(String, &str), String> {
    let quote = text
        .chars()
        .next()
        .filter(|c| *c == '"' || *c == '\'')
        .ok_or_else(|| format!("expected a quoted string, found `{text}`"))?;
    let mut out = String::new();
    let mut escaped = false;
    for (i, c) in text.char_indices().skip(1) {
        if escaped {
            out.push(match c {
                'n' => '\n',
                't' => '\t',
                other => other,
            });
            escaped = false;
        } else if c == '\\' && quote == '"' {
            escaped = true;
        } else if c == quote {
            return Ok((out, &text[i + c.len_utf8()..]));
        } else {
            out.push(c);
        }
    }
    Err("unterminated string".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sections_strings_and_lists() {
        let text = "# keys\n[keys]\nundo = \"u\" # trailing\nredo = ['ctrl-r', \"U\"]\n\n[ui]\nfg = \"#ffffff\"\n";
        let entries = parse(text).unwrap();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].key, "keys.undo");
        assert_eq!(
            entries[1].value,
            TomlValue::List(vec!["ctrl-r".into(), "U".into()])
        );
        assert_eq!(entries[2].value, TomlValue::Str("#ffffff".into()));
        assert_eq!(entries[2].line, 7);
    }

    #[test]
    fn reports_errors_with_lines() {
        assert!(parse("a = b").unwrap_err().contains("line 1"));
        assert!(parse("x = \"1\"\n[oops").unwrap_err().contains("line 2"));
        assert!(parse("k = [\"a\" \"b\"]").is_err());
        assert!(parse("k = \"open").is_err());
    }
}
