//! The binary's allocator: mimalloc, entered the way std's `System` enters
//! malloc. Every stage allocates many small nodes (tokens, IR, steps), and
//! mimalloc serves them in about half the instructions of glibc's malloc; the
//! `mimalloc` crate's own `GlobalAlloc` calls `mi_malloc_aligned` for every
//! layout, whose alignment checks cost ~70 instructions a call (callgrind, a
//! replay makes ~6,500 allocations). `mi_malloc` already returns blocks
//! aligned to 16 bytes (to 8 below 16 bytes, which no layout of that size
//! needs more than), so only larger alignments take the aligned entry.
//!
//! Invariant: knows nothing of tirtui; `src/main.rs`, the profiling examples
//! and the benches install it with `#[global_allocator]`.
//!
//! May use: nothing (a leaf).

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// mimalloc's `MI_MAX_ALIGN_SIZE` on 64-bit targets (8 on 32-bit ones).
const MIN_ALIGN: usize = 2 * std::mem::size_of::<usize>();

/// Whether `mi_malloc(size)` is aligned enough for `align`.
fn plain(align: usize, size: usize) -> bool {
    align <= MIN_ALIGN && align <= size
}

/// mimalloc as the global allocator.
pub struct MiMalloc;

// SAFETY: every pointer comes from mimalloc with at least the layout's
// alignment (`plain` or the aligned entry points) and goes back to `mi_free`,
// which takes blocks of either kind.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if plain(layout.align(), new_size) {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layout_comes_back_aligned() {
        let a = MiMalloc;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1usize, 7, 8, 15, 16, 24, 40, 48, 100, 1000, 70000] {
                let Ok(layout) = Layout::from_size_align(size.max(align), align) else {
                    continue;
                };
                unsafe {
                    let p = a.alloc(layout);
                    assert!(
                        !p.is_null() && (p as usize).is_multiple_of(align),
                        "{layout:?}"
                    );
                    let q = a.realloc(p, layout, layout.size() * 3);
                    assert!(
                        !q.is_null() && (q as usize).is_multiple_of(align),
                        "{layout:?} grown"
                    );
                    a.dealloc(
                        q,
                        Layout::from_size_align(layout.size() * 3, align).unwrap(),
                    );
                    let z = a.alloc_zeroed(layout);
                    assert!(std::slice::from_raw_parts(z, layout.size())
                        .iter()
                        .all(|&b| b == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
