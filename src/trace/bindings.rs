//! The names a replay has bound (`b0`, `i_0` ...), each with its handle and
//! the step that bound it.
//!
//! Copied with every probe of a trace (the explorer runs each statement of a
//! paste on one), so a copy must not grow with the names: the table is a
//! shared base plus the few bindings made since the base was last merged.
//! A copy clones the base's `Arc` and at most `MERGE_AT` recent bindings; the
//! trace that keeps growing merges them into its base, which it alone holds
//! once its probes are gone, so merging moves entries without copying the
//! base (issue 29: a 5,000-statement paste copied 12.5 million names).

use super::replay::Handle;
use crate::ir::IdMap;
use std::sync::Arc;

/// A name's handle and the 0-based step that bound it.
pub type Binding = (Handle, usize);

/// Recent bindings kept apart from the base before they are merged into it.
const MERGE_AT: usize = 32;

#[derive(Clone, Debug, Default)]
pub struct Bindings {
    base: Arc<IdMap<String, Binding>>,
    /// Changes since the last merge; `None`: unbound (hides the base's).
    recent: IdMap<String, Option<Binding>>,
}

impl Bindings {
    pub fn with_capacity(n: usize) -> Bindings {
        Bindings {
            base: Arc::new(IdMap::with_capacity_and_hasher(n, Default::default())),
            recent: IdMap::default(),
        }
    }

    pub fn get(&self, name: &str) -> Option<&Binding> {
        match self.recent.get(name) {
            Some(b) => b.as_ref(),
            None => self.base.get(name),
        }
    }

    /// Binds `name`; returns what it held before.
    pub fn insert(&mut self, name: String, binding: Binding) -> Option<Binding> {
        let old = self.get(&name).cloned();
        self.recent.insert(name, Some(binding));
        self.merge_if_full();
        old
    }

    /// Unbinds `name`; returns what it held.
    pub fn remove(&mut self, name: &str) -> Option<Binding> {
        let old = self.get(name).cloned();
        if old.is_some() {
            self.recent.insert(name.to_string(), None);
            self.merge_if_full();
        }
        old
    }

    /// Every bound name, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Binding)> {
        let old = self
            .base
            .iter()
            .filter(|(k, _)| !self.recent.contains_key(k.as_str()));
        let new = self
            .recent
            .iter()
            .filter_map(|(k, b)| b.as_ref().map(|b| (k, b)));
        old.chain(new)
    }

    fn merge_if_full(&mut self) {
        if self.recent.len() < MERGE_AT {
            return;
        }
        // Copies the base only while a probe still shares it.
        let base = Arc::make_mut(&mut self.base);
        for (name, binding) in self.recent.drain() {
            match binding {
                Some(b) => base.insert(name, b),
                None => base.remove(&name),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn sorted(t: &Bindings) -> BTreeMap<String, usize> {
        t.iter().map(|(k, (_, s))| (k.clone(), *s)).collect()
    }

    /// Binding, rebinding and unbinding across merges agree with a plain map,
    /// and a copy taken before later changes keeps what it saw.
    #[test]
    fn behaves_as_a_map_across_merges_and_copies() {
        let mut t = Bindings::with_capacity(4);
        let mut model: BTreeMap<String, usize> = BTreeMap::new();
        let mut copies = Vec::new();
        for k in 0..500usize {
            let name = format!("n{}", k % 97);
            if k % 7 == 3 {
                let was = model.remove(&name);
                assert_eq!(t.remove(&name).map(|b| b.1), was, "remove {name}");
            } else {
                let was = model.insert(name.clone(), k);
                assert_eq!(t.insert(name, (Handle::Int(k as i64), k)).map(|b| b.1), was);
            }
            if k % 50 == 0 {
                copies.push((t.clone(), model.clone()));
            }
            assert_eq!(sorted(&t), model, "after {k}");
        }
        for (copy, seen) in &copies {
            assert_eq!(
                &sorted(copy),
                seen,
                "a copy is not changed by later bindings"
            );
        }
        assert_eq!(t.get("n5").map(|b| b.1), model.get("n5").copied());
        assert!(t.recent.len() < MERGE_AT, "recent bindings are merged");
    }
}
