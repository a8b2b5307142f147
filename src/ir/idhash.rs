//! Maps keyed by small ids and addresses (`VarId`, node identities), hashed
//! with rustc's `FxHasher` (the `rustc-hash` crate). The standard SipHash
//! resists crafted keys, which ids the program numbers itself need not; it was
//! a tenth of replay (issue 13).

use rustc_hash::FxBuildHasher;
use std::collections::{HashMap, HashSet};

/// A `HashMap` hashed with `FxHasher`.
pub type IdMap<K, V> = HashMap<K, V, FxBuildHasher>;

/// A `HashSet` hashed with `FxHasher`.
pub type IdSet<K> = HashSet<K, FxBuildHasher>;
