//! The seeded wall (HK §4.1–§4.2).
//!
//! The wall of deal `deal_index` in a match seeded with `seed` is a permutation of the 144
//! physical tile ids that depends on `(seed, deal_index)` alone and is identical on every
//! platform and every release. It is produced as follows (pinned by golden tests):
//!
//! 1. **Seed expansion.** A 32-byte ChaCha key is built as
//!    `seed.to_le_bytes() ‖ deal_index.to_le_bytes() ‖ b"mahjong_fast/wal"` (8 + 8 + 16 bytes).
//! 2. **Generator.** ChaCha8 (`rand_chacha::ChaCha8Rng::from_seed(key)`, stream 0) yields 32-bit
//!    words with `next_u32`.
//! 3. **Unbiased bounded integers.** A number below `n` is drawn by taking words `x` until
//!    `x < n * floor(2^32 / n)` and returning `x % n` (rejection sampling).
//! 4. **Fisher–Yates.** Start from `[0, 1, …, 143]`; for `i` from 143 down to 1 swap position `i`
//!    with position `j`, `j` drawn below `i + 1`.
//!
//! Position 0 is the front (normal draws), position 143 the tail (replacement draws).

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::error::{MahjongError, Result};
use crate::tiles::tile::N_TILES;

/// Domain separator that makes the wall's key differ from any other use of the seed.
const WALL_DOMAIN: &[u8; 16] = b"mahjong_fast/wal";

/// The 32-byte ChaCha8 key of the wall of `(seed, deal_index)` (step 1 above).
pub fn wall_key(seed: u64, deal_index: u64) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&deal_index.to_le_bytes());
    key[16..].copy_from_slice(WALL_DOMAIN);
    key
}

/// A number uniformly below `n` (`n >= 1`) by rejection sampling (step 3 above).
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    debug_assert!(n >= 1);
    let zone = (u32::MAX / n) * n; // largest multiple of n that fits; accept x < zone
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// The shuffled wall of deal `deal_index` for `seed`: 144 physical ids, front first.
pub fn shuffle(seed: u64, deal_index: u64) -> [u8; N_TILES] {
    let mut rng = ChaCha8Rng::from_seed(wall_key(seed, deal_index));
    let mut tiles = [0u8; N_TILES];
    for (i, t) in tiles.iter_mut().enumerate() {
        *t = i as u8;
    }
    for i in (1..N_TILES).rev() {
        let j = below(&mut rng, i as u32 + 1) as usize;
        tiles.swap(i, j);
    }
    tiles
}

/// A wall being drawn from: normal draws from the front, replacement draws from the tail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    tiles: Vec<u8>,
    front: usize,
    back: usize,
}

impl Wall {
    /// The seeded wall of rules §4.1.
    pub fn seeded(seed: u64, deal_index: u64) -> Wall {
        Wall { tiles: shuffle(seed, deal_index).to_vec(), front: 0, back: N_TILES }
    }
    /// An explicit wall (tests may supply one, rules §4.1): must be a permutation of 0..=143.
    pub fn from_tiles(tiles: &[u8]) -> Result<Wall> {
        if tiles.len() != N_TILES {
            return Err(MahjongError::hand(format!("a wall has 144 tiles, got {}", tiles.len())));
        }
        let mut seen = [false; N_TILES];
        for &t in tiles {
            let i = t as usize;
            if i >= N_TILES || seen[i] {
                return Err(MahjongError::hand(format!("wall tile id {t} is out of range or repeated")));
            }
            seen[i] = true;
        }
        Ok(Wall { tiles: tiles.to_vec(), front: 0, back: N_TILES })
    }
    /// Tiles not yet taken.
    pub fn remaining(&self) -> usize {
        self.back - self.front
    }
    /// Normal draw: the lowest-position tile not yet taken (`None` when exhausted).
    pub fn draw(&mut self) -> Option<u8> {
        (self.front < self.back).then(|| {
            self.front += 1;
            self.tiles[self.front - 1]
        })
    }
    /// Replacement draw: the highest-position tile not yet taken (`None` when exhausted).
    pub fn draw_replacement(&mut self) -> Option<u8> {
        (self.front < self.back).then(|| {
            self.back -= 1;
            self.tiles[self.back]
        })
    }
    /// The full order, front first.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_a_permutation_and_depends_on_seed_and_deal() {
        let a = shuffle(1, 0);
        let mut s = a.to_vec();
        s.sort();
        assert_eq!(s, (0..144).map(|i| i as u8).collect::<Vec<_>>());
        assert_ne!(shuffle(1, 0), shuffle(2, 0));
        assert_ne!(shuffle(1, 0), shuffle(1, 1));
        assert_eq!(shuffle(1, 0), shuffle(1, 0));
    }

    /// Golden values: these walls must never change (reproducibility across releases).
    #[test]
    fn golden_walls() {
        assert_eq!(&shuffle(1, 0)[..12], &GOLDEN_1_0);
        assert_eq!(&shuffle(20261129, 3)[..12], &GOLDEN_20261129_3);
    }
    const GOLDEN_1_0: [u8; 12] = [131, 32, 16, 12, 101, 137, 59, 33, 8, 106, 119, 53];
    const GOLDEN_20261129_3: [u8; 12] = [11, 135, 81, 14, 53, 10, 45, 8, 108, 52, 27, 55];

    #[test]
    fn draws_front_and_tail() {
        let mut w = Wall::from_tiles(&(0..144).map(|i| i as u8).collect::<Vec<_>>()).unwrap();
        assert_eq!(w.draw(), Some(0));
        assert_eq!(w.draw_replacement(), Some(143));
        assert_eq!(w.remaining(), 142);
        for _ in 0..142 {
            assert!(w.draw().is_some());
        }
        assert_eq!(w.remaining(), 0);
        assert_eq!(w.draw(), None);
        assert_eq!(w.draw_replacement(), None);
        assert!(Wall::from_tiles(&[0u8; 144]).is_err());
        assert!(Wall::from_tiles(&[0u8; 3]).is_err());
    }
}
