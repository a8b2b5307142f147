//! `Shared<T>`: a copy-on-write pointer for the statement tree (issue 13).
//!
//! A copy of a program shares every statement node with the original; writing
//! through a `Shared` (`DerefMut`) first copies that one node if it is shared,
//! so a schedule step costs what it changes rather than a copy of the whole
//! program, and undo snapshots share all that a step left alone. Reading is a
//! plain dereference. Equality and `Debug` look through the pointer, as with
//! `Box`.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Weak};

#[derive(Clone, PartialEq)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }

    /// The node's identity: equal for copies of one `Shared`, distinct for
    /// distinct nodes alive at the same time.
    pub fn addr(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// A reference that does not keep the value alive. While one exists the
    /// node is never written in place (`DerefMut` moves a sole owner's value
    /// to a fresh node), so a live `SharedWeak` at a node's address means
    /// that node, unchanged: memos keyed by `addr` stay sound.
    pub fn downgrade(&self) -> SharedWeak<T> {
        SharedWeak(Arc::downgrade(&self.0))
    }
}

/// A `Shared` that does not keep its value alive (`Shared::downgrade`).
pub struct SharedWeak<T>(Weak<T>);

impl<T> SharedWeak<T> {
    /// True while some `Shared` still holds the value.
    pub fn is_live(&self) -> bool {
        self.0.strong_count() > 0
    }

    /// True when this refers to `node` (its value, not an equal copy).
    pub fn refers_to(&self, node: &Shared<T>) -> bool {
        self.is_live() && std::ptr::eq(self.0.as_ptr(), Arc::as_ptr(&node.0))
    }
}

impl<T: Clone> Shared<T> {
    /// The value to write in place, when nothing else holds this node (no
    /// other `Shared`, no `SharedWeak`): a node this step built itself.
    pub fn get_mut(&mut self) -> Option<&mut T> {
        Arc::get_mut(&mut self.0)
    }

    /// The value, moved out when this is the only reference, else copied.
    pub fn into_inner(self) -> T {
        Arc::unwrap_or_clone(self.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    /// Copies the node first when another program shares it.
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> AsRef<T> for Shared<T> {
    fn as_ref(&self) -> &T {
        self
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared::new(value)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: Default> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared::new(T::default())
    }
}
