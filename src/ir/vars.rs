//! `VarArena`: a function's variables, shared between program versions in
//! chunks (issue 13).
//!
//! Variables are only ever appended. A schedule step that adds one used to
//! copy every declaration (a `String` each) of the shared arena; here the
//! arena is a list of fixed-size chunks, each shared (`Shared`) with the
//! program it was copied from, so adding a variable copies the list of chunk
//! pointers and at most the last, partly filled chunk.

use super::{Shared, VarDecl};

/// Declarations per chunk: a step copies at most this many.
const CHUNK: usize = 16;

#[derive(Clone, Default)]
pub struct VarArena {
    /// Full chunks of `CHUNK` declarations, the last one possibly partial.
    chunks: Shared<Vec<Shared<Vec<VarDecl>>>>,
}

impl VarArena {
    pub fn len(&self) -> usize {
        match self.chunks.last() {
            Some(last) => (self.chunks.len() - 1) * CHUNK + last.len(),
            None => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, i: usize) -> Option<&VarDecl> {
        self.chunks.get(i / CHUNK)?.get(i % CHUNK)
    }

    /// The declarations in order (index `i` is `VarId(i)`).
    pub fn iter(&self) -> impl Iterator<Item = &VarDecl> + Clone + '_ {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    pub fn to_vec(&self) -> Vec<VarDecl> {
        self.iter().cloned().collect()
    }

    /// Appends a declaration: copies only the last chunk when another
    /// program shares it.
    pub fn push(&mut self, decl: VarDecl) {
        let chunks = &mut *self.chunks;
        match chunks.last_mut() {
            Some(last) if last.len() < CHUNK => match last.get_mut() {
                Some(only) => only.push(decl),
                None => {
                    // A copy with room for the chunk's later declarations
                    // (a cloned `Vec` has none, so the push would move it again).
                    let mut copy = Vec::with_capacity(CHUNK);
                    copy.extend(last.iter().cloned());
                    copy.push(decl);
                    *last = Shared::new(copy);
                }
            },
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(decl);
                chunks.push(Shared::new(chunk));
            }
        }
    }
}

impl std::ops::Index<usize> for VarArena {
    type Output = VarDecl;

    fn index(&self, i: usize) -> &VarDecl {
        &self.chunks[i / CHUNK][i % CHUNK]
    }
}

impl From<Vec<VarDecl>> for VarArena {
    fn from(decls: Vec<VarDecl>) -> VarArena {
        let mut arena = VarArena::default();
        for d in decls {
            arena.push(d);
        }
        arena
    }
}

impl FromIterator<VarDecl> for VarArena {
    fn from_iter<I: IntoIterator<Item = VarDecl>>(iter: I) -> VarArena {
        let mut arena = VarArena::default();
        for d in iter {
            arena.push(d);
        }
        arena
    }
}

/// Equal when the declarations are, however they are chunked.
impl PartialEq for VarArena {
    fn eq(&self, other: &VarArena) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// As the list of declarations (as a `Vec` prints).
impl std::fmt::Debug for VarArena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::DataType;

    fn decl(i: usize) -> VarDecl {
        VarDecl {
            name: format!("v{i}"),
            dtype: DataType::I32,
            lanes: 1,
        }
    }

    #[test]
    fn reads_as_the_vector_it_was_built_from() {
        for n in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5] {
            let v: Vec<VarDecl> = (0..n).map(decl).collect();
            let a = VarArena::from(v.clone());
            assert_eq!(a.len(), n);
            assert_eq!(a.is_empty(), n == 0);
            assert_eq!(a.to_vec(), v);
            assert_eq!(format!("{a:?}"), format!("{v:?}"));
            for (i, d) in v.iter().enumerate() {
                assert_eq!(&a[i], d);
                assert_eq!(a.get(i), Some(d));
            }
            assert_eq!(a.get(n), None);
        }
    }

    #[test]
    fn a_copy_that_grows_leaves_the_original_alone() {
        let original: VarArena = (0..CHUNK + 3).map(decl).collect();
        let mut copy = original.clone();
        copy.push(decl(100));
        assert_eq!(original.len(), CHUNK + 3);
        assert_eq!(copy.len(), CHUNK + 4);
        assert_ne!(original, copy);
        assert_eq!(copy[CHUNK + 3].name, "v100");
        // The full first chunk is still shared, not copied.
        assert!(std::ptr::eq(&original[0], &copy[0]));
        assert!(!std::ptr::eq(&original[CHUNK], &copy[CHUNK]));
    }
}
