//! Themes: UI colours by dotted scope with fallback to the parent scope, plus a
//! syntect theme for the TIR and CUDA text (`themes/*.toml` + `.tmTheme`).
//!
//! `dark` and `light` are built into the binary (so it works from any folder);
//! `--theme PATH` loads a TOML file whose `syntax` names a `.tmTheme` beside it
//! or one of syntect's built-in themes.

use crate::session::toml::{self, TomlValue};
use ratatui::style::{Color, Modifier, Style};
use std::collections::HashMap;
use std::io::Cursor;
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;

const DARK_TOML: &str = include_str!("../../themes/dark.toml");
const LIGHT_TOML: &str = include_str!("../../themes/light.toml");
const EMBEDDED_TM: &[(&str, &str)] = &[
    (
        "tirtui-dark.tmTheme",
        include_str!("../../themes/tirtui-dark.tmTheme"),
    ),
    (
        "tirtui-light.tmTheme",
        include_str!("../../themes/tirtui-light.tmTheme"),
    ),
];

#[derive(Debug, Error)]
pub enum ThemeError {
    #[error("cannot read theme {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("theme {path}: {message}")]
    Format { path: String, message: String },
    #[error("unknown theme `{0}`: use dark, light or a path to a .toml theme file")]
    Unknown(String),
}

#[derive(Clone, Debug)]
pub struct Theme {
    pub name: String,
    colors: HashMap<String, Color>,
    pub syntax: Arc<syntect::highlighting::Theme>,
}

impl Theme {
    /// `dark`, `light`, or a path to a theme TOML file.
    pub fn load(spec: &str) -> Result<Theme, ThemeError> {
        match spec {
            "dark" => Theme::from_toml("dark", DARK_TOML, None),
            "light" => Theme::from_toml("light", LIGHT_TOML, None),
            path => {
                let p = Path::new(path);
                if !p.exists() && !path.contains('/') && !path.ends_with(".toml") {
                    return Err(ThemeError::Unknown(path.to_string()));
                }
                let text = std::fs::read_to_string(p).map_err(|e| ThemeError::Io {
                    path: path.to_string(),
                    source: e,
                })?;
                Theme::from_toml(path, &text, p.parent())
            }
        }
    }

    /// The built-in dark theme (never fails: its files are part of the binary and
    /// tested).
    pub fn fallback() -> Theme {
        Theme::from_toml("dark", DARK_TOML, None).unwrap_or_else(|_| Theme {
            name: "plain".into(),
            colors: HashMap::new(),
            syntax: Arc::new(syntect::highlighting::Theme::default()),
        })
    }

    fn from_toml(name: &str, text: &str, dir: Option<&Path>) -> Result<Theme, ThemeError> {
        let fmt = |message: String| ThemeError::Format {
            path: name.to_string(),
            message,
        };
        let entries = toml::parse(text).map_err(fmt)?;
        let mut colors = HashMap::new();
        let mut syntax_name = None;
        for e in entries {
            let TomlValue::Str(value) = &e.value else {
                return Err(fmt(format!(
                    "line {}: `{}` must be a string",
                    e.line, e.key
                )));
            };
            if e.key == "syntax" {
                syntax_name = Some(value.clone());
                continue;
            }
            let color: Color = value.parse().map_err(|_| {
                fmt(format!(
                    "line {}: `{value}` is not a colour (use \"#rrggbb\" or a name)",
                    e.line
                ))
            })?;
            colors.insert(e.key, color);
        }
        let syntax = match syntax_name {
            Some(s) => load_syntax_theme(&s, dir).map_err(fmt)?,
            None => load_syntax_theme("tirtui-dark.tmTheme", None).map_err(fmt)?,
        };
        Ok(Theme {
            name: name.to_string(),
            colors,
            syntax: Arc::new(syntax),
        })
    }

    /// The colour of a dotted scope, trying its parents (`a.b.c`, `a.b`, `a`).
    pub fn color(&self, key: &str) -> Option<Color> {
        let mut k = key;
        loop {
            if let Some(c) = self.colors.get(k) {
                return Some(*c);
            }
            k = &k[..k.rfind('.')?];
        }
    }

    /// Foreground from a scope (unset when the theme lacks it and its parents).
    pub fn fg(&self, key: &str) -> Style {
        match self.color(key) {
            Some(c) => Style::default().fg(c),
            None => Style::default(),
        }
    }

    pub fn bg(&self, key: &str) -> Style {
        match self.color(key) {
            Some(c) => Style::default().bg(c),
            None => Style::default(),
        }
    }

    /// The base style of every pane: text on background.
    pub fn base(&self) -> Style {
        self.fg("ui.text").patch(self.bg("ui.background"))
    }

    pub fn border(&self, focused: bool) -> Style {
        if focused {
            self.fg("ui.border.focus").add_modifier(Modifier::BOLD)
        } else {
            self.fg("ui.border")
        }
    }

    /// The colour that links block number `i` in the TIR to its CUDA lines.
    pub fn block_color(&self, i: usize) -> Color {
        let n = (0..16)
            .take_while(|k| self.colors.contains_key(&format!("block.{k}")))
            .count();
        if n == 0 {
            return [
                Color::Blue,
                Color::Green,
                Color::Yellow,
                Color::Magenta,
                Color::Cyan,
            ][i % 5];
        }
        self.colors
            .get(&format!("block.{}", i % n))
            .copied()
            .unwrap_or(Color::Blue)
    }
}

fn load_syntax_theme(
    name: &str,
    dir: Option<&Path>,
) -> Result<syntect::highlighting::Theme, String> {
    if let Some((_, text)) = EMBEDDED_TM.iter().find(|(n, _)| *n == name) {
        if dir.is_none_or(|d| !d.join(name).exists()) {
            return syntect::highlighting::ThemeSet::load_from_reader(&mut Cursor::new(
                text.as_bytes(),
            ))
            .map_err(|e| format!("built-in syntax theme {name}: {e}"));
        }
    }
    if name.ends_with(".tmTheme") {
        let path = match dir {
            Some(d) => d.join(name),
            None => Path::new(name).to_path_buf(),
        };
        return syntect::highlighting::ThemeSet::get_theme(&path)
            .map_err(|e| format!("syntax theme {}: {e}", path.display()));
    }
    let mut builtin = syntect::highlighting::ThemeSet::load_defaults();
    builtin.themes.remove(name).ok_or_else(|| {
        let mut names: Vec<_> = builtin.themes.keys().cloned().collect();
        names.sort();
        format!(
            "unknown syntax theme `{name}`; give a .tmTheme file or one of: {}",
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_themes_load_and_fall_back_by_scope() {
        for name in ["dark", "light"] {
            let t = Theme::load(name).unwrap();
            assert!(t.color("ui.border.focus").is_some());
            // `ui.text.focus` is not in the file: falls back to `ui.text`.
            assert_eq!(t.color("ui.text.focus"), t.color("ui.text"));
            assert!(t.syntax.settings.foreground.is_some());
            assert_ne!(t.block_color(0), t.block_color(1));
        }
        assert_ne!(
            Theme::load("dark").unwrap().color("ui.background"),
            Theme::load("light").unwrap().color("ui.background")
        );
    }

    #[test]
    fn theme_files_and_errors() {
        let dir = std::env::temp_dir().join(format!("tirtui-theme-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("mine.toml");
        std::fs::write(&p, "syntax = \"InspiredGitHub\"\n[ui]\ntext = \"red\"\n").unwrap();
        let t = Theme::load(p.to_str().unwrap()).unwrap();
        assert_eq!(t.color("ui.text"), Some(Color::Red));
        std::fs::write(&p, "[ui]\ntext = \"not-a-colour\"\n").unwrap();
        assert!(Theme::load(p.to_str().unwrap())
            .unwrap_err()
            .to_string()
            .contains("line 2"));
        assert!(matches!(Theme::load("neon"), Err(ThemeError::Unknown(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
