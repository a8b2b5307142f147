//! A fast hasher for maps keyed by small ids and addresses (`VarId`, node
//! identities): the multiply-rotate hash of rustc's `FxHasher`. The standard
//! SipHash resists crafted keys, which ids the program numbers itself need not;
//! it was a tenth of replay (issue 13).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with `IdHasher`.
pub type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// A `HashSet` with `IdHasher`.
pub type IdSet<K> = HashSet<K, BuildHasherDefault<IdHasher>>;

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[derive(Clone, Copy, Default)]
pub struct IdHasher {
    hash: u64,
}

impl IdHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    /// The product's high bits are its well-mixed ones; the table indexes by
    /// the low bits (aligned addresses would otherwise share their low zeros).
    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_addresses_spread_over_the_low_bits() {
        let low = |k: usize| {
            let mut h = IdHasher::default();
            h.write_usize(k * 64);
            h.finish() & 63
        };
        let distinct: IdSet<u64> = (0..64).map(low).collect();
        assert!(distinct.len() > 32, "{}", distinct.len());
    }
}
