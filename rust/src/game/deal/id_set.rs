//! The physical ids a player holds concealed, as a bit set beside the hand (HK §2.4: ids
//! 0..=143, kind = id / 4). The hand itself keeps the order the tiles were received in (views
//! and agents read that order); this set answers the questions of the legality check (the
//! tiles a claim of HK §6 or a kong names) and of the
//! legal-action listing in a few bit operations: is an id held, the ids in ascending order, the
//! ids of one kind (a kind's four ids are four adjacent bits that never straddle a word).

use crate::tiles::tile::N_TILES;

/// A set of physical tile ids 0..=143.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct IdSet([u64; 3]);

const _: () = assert!(N_TILES <= 3 * 64);

impl IdSet {
    pub(super) fn from_ids(ids: &[u8]) -> IdSet {
        let mut s = IdSet::default();
        for &t in ids {
            s.insert(t);
        }
        s
    }

    #[inline]
    pub(super) fn insert(&mut self, t: u8) {
        self.0[(t >> 6) as usize] |= 1 << (t & 63);
    }

    #[inline]
    pub(super) fn remove(&mut self, t: u8) {
        self.0[(t >> 6) as usize] &= !(1 << (t & 63));
    }

    /// Whether `t` is in the set; false for an id outside 0..=191 (never a tile).
    #[inline]
    pub(super) fn contains(&self, t: u8) -> bool {
        (t as usize) < 3 * 64 && self.0[(t >> 6) as usize] >> (t & 63) & 1 == 1
    }

    /// The four bits of kind `k` (bit i = id 4k + i held).
    #[inline]
    fn nibble(&self, k: u8) -> u8 {
        let bit = 4 * (k as u32);
        (self.0[(bit >> 6) as usize] >> (bit & 63) & 0xF) as u8
    }

    /// The held ids of kind `k`, ascending (at most four).
    #[inline]
    pub(super) fn of_kind(&self, k: u8) -> ([u8; 4], usize) {
        let mut out = [0u8; 4];
        let mut n = 0;
        let mut b = self.nibble(k);
        while b != 0 {
            out[n] = 4 * k + b.trailing_zeros() as u8;
            n += 1;
            b &= b - 1;
        }
        (out, n)
    }

    /// The lowest held id of kind `k`.
    #[inline]
    pub(super) fn lowest_of_kind(&self, k: u8) -> Option<u8> {
        let b = self.nibble(k);
        (b != 0).then(|| 4 * k + b.trailing_zeros() as u8)
    }

    /// Call `f` with each id, in ascending order.
    #[inline]
    pub(super) fn for_each_ascending(&self, mut f: impl FnMut(u8)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                f((w as u32 * 64 + b.trailing_zeros()) as u8);
                b &= b - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_a_sorted_list() {
        let ids = [143u8, 0, 63, 64, 127, 128, 5, 6, 7, 4, 100];
        let s = IdSet::from_ids(&ids);
        let mut sorted = ids.to_vec();
        sorted.sort_unstable();
        let mut out = Vec::new();
        s.for_each_ascending(|t| out.push(t));
        assert_eq!(out, sorted);
        for t in 0..=255u8 {
            assert_eq!(s.contains(t), ids.contains(&t), "id {t}");
        }
        assert_eq!(s.of_kind(1), ([4, 5, 6, 7], 4));
        assert_eq!(s.lowest_of_kind(1), Some(4));
        assert_eq!(s.of_kind(15), ([63, 0, 0, 0], 1));
        assert_eq!(s.of_kind(16), ([64, 0, 0, 0], 1));
        assert_eq!(s.lowest_of_kind(2), None);
        assert_eq!(s.of_kind(35), ([143, 0, 0, 0], 1));
        let mut r = s;
        r.remove(5);
        r.remove(143);
        assert_eq!(r.of_kind(1), ([4, 6, 7, 0], 3));
        assert!(!r.contains(143));
        r.insert(143);
        assert_eq!(r, s.with_removed(5));
    }

    impl IdSet {
        fn with_removed(mut self, t: u8) -> IdSet {
            self.remove(t);
            self
        }
    }
}
