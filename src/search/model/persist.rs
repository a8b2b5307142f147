//! The cost model's file next to the database's `records.jsonl`: a versioned
//! JSON document with the training data and the trees, read back by the next
//! tune so that a similar workload starts with a trained model.
//!
//! A file that is not ours, of another version or damaged is refused with a
//! typed error; the tuner then retrains from the database's records.

use super::boost::Ensemble;
use super::{Group, XgbConfig, XgbModel};
use crate::schedule::primitive::sampling::Rng;
use forust_ml::GradientBooster;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file's name, in the database folder.
pub const MODEL_FILE_NAME: &str = "cost_model.json";
/// What the `format` field must say.
pub const FORMAT: &str = "tirtui-cost-model";
/// Bumped when the document changes incompatibly.
pub const VERSION: u32 = 1;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ModelFileError {
    #[error("{path}: cannot {action}: {why}; hint: check the database folder's permissions")]
    Io {
        path: PathBuf,
        action: &'static str,
        why: String,
    },
    #[error(
        "{path} is not a tirtui cost model ({why}); hint: delete it, `tune` retrains from the \
         database's records"
    )]
    Foreign { path: PathBuf, why: String },
    #[error(
        "{path} is a cost model of version {found}, this tirtui reads version {VERSION}; \
         hint: delete it, `tune` retrains from the database's records"
    )]
    Version { path: PathBuf, found: u32 },
    #[error(
        "{path} is damaged: {why}; hint: delete it, `tune` retrains from the database's records"
    )]
    Corrupt { path: PathBuf, why: String },
}

/// Only the header, to tell a foreign or newer file before the rest.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

#[derive(Serialize, Deserialize)]
struct Document {
    format: String,
    version: u32,
    model: String,
    config: XgbConfig,
    data_size: usize,
    last_train_size: usize,
    groups: BTreeMap<String, Group>,
    /// Features per store row of the trees (0: not trained).
    width: usize,
    /// Each boosting round's one-tree booster, as forust-ml writes it.
    trees: Vec<String>,
}

/// Where the model of the database in `db_dir` lives.
pub fn model_path(db_dir: &Path) -> PathBuf {
    db_dir.join(MODEL_FILE_NAME)
}

impl XgbModel {
    /// Writes the model (atomically: a temporary file renamed over the old one).
    pub fn save(&self, path: &Path) -> Result<(), ModelFileError> {
        let io = |action: &'static str, e: String| ModelFileError::Io {
            path: path.to_path_buf(),
            action,
            why: e,
        };
        let trees = match &self.ensemble {
            Some(e) => e
                .trees
                .iter()
                .map(|t| {
                    t.json_dump()
                        .map_err(|e| io("write the trees", e.to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        let doc = Document {
            format: FORMAT.into(),
            version: VERSION,
            model: "xgb".into(),
            config: self.config.clone(),
            data_size: self.data_size,
            last_train_size: self.last_train_size,
            groups: self.groups.clone(),
            width: self.ensemble.as_ref().map_or(0, |e| e.width),
            trees,
        };
        let text = serde_json::to_string(&doc).map_err(|e| io("encode", e.to_string()))?;
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text).map_err(|e| io("write", e.to_string()))?;
        std::fs::rename(&tmp, path).map_err(|e| io("replace", e.to_string()))
    }

    /// Reads a saved model; `Ok(None)` when there is no file yet.
    pub fn load(path: &Path) -> Result<Option<XgbModel>, ModelFileError> {
        let bytes = match crate::db::file::read_bounded(path) {
            Ok(Some(b)) => b,
            Ok(None) => return Ok(None),
            Err(why) => {
                return Err(ModelFileError::Io {
                    path: path.to_path_buf(),
                    action: "read",
                    why,
                })
            }
        };
        let p = || path.to_path_buf();
        let header: Header = serde_json::from_slice(&bytes).map_err(|e| {
            // `save` writes the format first: a file that starts like ours
            // but does not parse was cut short or edited.
            let ours = format!("{{\"format\":\"{FORMAT}\"");
            if bytes.starts_with(ours.as_bytes()) {
                ModelFileError::Corrupt {
                    path: p(),
                    why: e.to_string(),
                }
            } else {
                ModelFileError::Foreign {
                    path: p(),
                    why: format!("no `format` and `version` header: {e}"),
                }
            }
        })?;
        if header.format != FORMAT {
            return Err(ModelFileError::Foreign {
                path: p(),
                why: format!("its format is `{}`, not `{FORMAT}`", header.format),
            });
        }
        if header.version != VERSION {
            return Err(ModelFileError::Version {
                path: p(),
                found: header.version,
            });
        }
        let doc: Document =
            serde_json::from_slice(&bytes).map_err(|e| ModelFileError::Corrupt {
                path: p(),
                why: e.to_string(),
            })?;
        check_document(&doc).map_err(|why| ModelFileError::Corrupt { path: p(), why })?;
        let trees = doc
            .trees
            .iter()
            .enumerate()
            .map(|(i, t)| {
                GradientBooster::from_json(t).map_err(|e| ModelFileError::Corrupt {
                    path: p(),
                    why: format!("tree {}: {e}", i + 1),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(XgbModel {
            rng: Rng(doc.config.seed),
            ensemble: (!trees.is_empty()).then_some(Ensemble {
                width: doc.width,
                trees,
            }),
            config: doc.config,
            groups: doc.groups,
            group: String::new(),
            data_size: doc.data_size,
            last_train_size: doc.last_train_size,
            notes: Vec::new(),
        }))
    }
}

/// The invariants the model relies on: one cost per candidate, every row of
/// one width, counts that add up.
fn check_document(doc: &Document) -> Result<(), String> {
    let mut width = None;
    let mut total = 0;
    for (key, g) in &doc.groups {
        if g.features.len() != g.costs.len() {
            return Err(format!(
                "group `{key}` has {} candidates but {} costs",
                g.features.len(),
                g.costs.len()
            ));
        }
        if let Some(c) = g.costs.iter().find(|c| !c.is_finite() || **c <= 0.0) {
            return Err(format!("group `{key}` has the impossible cost {c}"));
        }
        for row in g.features.iter().flatten() {
            if *width.get_or_insert(row.len()) != row.len() {
                return Err(format!(
                    "group `{key}` mixes store rows of different widths"
                ));
            }
        }
        total += g.features.len();
    }
    if total != doc.data_size || doc.last_train_size > doc.data_size {
        return Err(format!(
            "it counts {} candidates (last fit at {}) but holds {total}",
            doc.data_size, doc.last_train_size
        ));
    }
    if !doc.trees.is_empty() && width.is_some_and(|w| w != doc.width) {
        return Err("the trees' feature width differs from the data's".into());
    }
    Ok(())
}
