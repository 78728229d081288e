//! Read-only lookup tables for shanten and agari (HK §9, §14a), built once (the Python module
//! forces them at import; Rust callers on first use).
//!
//! **Suit table.** One entry per suit configuration (9 counts 0..=4, base-5 index
//! `sum c[n] * 5^n`, 5^9 = 1,953,125 entries of 16 bytes): `entry[2*s + p]` = fewest missing
//! tiles to make exactly `s` sets (0..=6, enough for the Taiwanese 5-set shape plus one) and `p`
//! pairs (0/1) from that suit, a target never using more than 4 copies of a kind. Built in two
//! linear passes over the index space, no search:
//! 1. `z(h)` = bitmask of the `(s, p)` such that `h` contains a target of `s` sets, `p` pairs.
//!    `h` is itself exactly such a target iff removing a set (or the pair) at its lowest kind
//!    leaves one (bit of `z` at the smaller index); `z(h)` ORs that with `z(h - e_k)` over `k`.
//!    Every `h - x` has a smaller index, so one ascending pass suffices.
//! 2. `g(h) = 0` where `z(h)` has the bit, else `1 + min_k g(h + e_k)` over kinds with
//!    `h_k < 4` (an optimal target missing a tile of `k` is one closer after adding it, and no
//!    added tile helps by more than one). One descending pass.
//!
//! **Honour table.** The honours group depends only on how many honour kinds are held 0..4
//! times; 4,096 entries keyed by `n1 + 8 n2 + 64 n3 + 512 n4`.
//!
//! Entries assume every kind may be used four times; a group where the player's own declared
//! sets hold copies (caps below 4) is computed by the dynamic programme in `shanten/programme.rs`.

use std::sync::OnceLock;

use crate::analysis::decompose::MAX_SETS;

/// `5^n` for `n` in 0..=9.
pub const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];
/// Number of suit configurations.
pub const SUIT_STATES: usize = 1_953_125;
/// One table entry: `[2*s + p]` for `s` in `0..=MAX_SETS`, `p` in 0..=1; bytes 14, 15 unused.
pub type Entry = [u8; 16];

const N_SP: usize = 2 * (MAX_SETS + 1);

pub struct Tables {
    suit: Box<[Entry]>,
    honour: Box<[Entry]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use. Call once at start-up (the Python module does at import) so
/// no hot call pays for it.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(build)
}

impl Tables {
    /// Entry of a suit given its base-5 index (`< SUIT_STATES`).
    #[inline(always)]
    pub fn suit(&self, index: usize) -> &Entry {
        &self.suit[index]
    }
    /// Entry of the honours group given its histogram key.
    #[inline(always)]
    pub fn honour(&self, key: usize) -> &Entry {
        &self.honour[key]
    }
}

/// Base-5 index of a suit's nine counts (each must be `<= 4`).
#[inline(always)]
pub fn suit_index(c: &[u8]) -> usize {
    // Independent products (no chain of multiply-adds): sum c[n] * 5^n.
    let c: &[u8; 9] = c[..9].try_into().expect("nine counts");
    let mut i = 0u32;
    for n in 0..9 {
        i += c[n] as u32 * POW5[n];
    }
    i as usize
}

/// Histogram key of the seven honour counts (each must be `<= 4`).
#[inline(always)]
pub fn honour_key(c: &[u8]) -> usize {
    // Shift 3 bits per count value 1..4: key = sum over kinds of 8^(count-1) (count 0 adds 0).
    const WEIGHT: [u16; 5] = [0, 1, 8, 64, 512];
    let mut key = 0usize;
    for &n in c.iter().take(7) {
        key += WEIGHT[n as usize] as usize;
    }
    key
}

fn build() -> Tables {
    Tables { suit: build_suit(), honour: build_honour() }
}

#[inline(always)]
fn bit(s: usize, p: usize) -> u16 {
    1 << (2 * s + p)
}

fn build_suit() -> Box<[Entry]> {
    // Pass 1: z(h), ascending index.
    let mut z = vec![0u16; SUIT_STATES];
    let mut d = [0u8; 9];
    let mut sum = 0usize;
    for idx in 0..SUIT_STATES {
        if idx > 0 {
            // Odometer increment of the digits.
            let mut n = 0;
            loop {
                if d[n] < 4 {
                    d[n] += 1;
                    sum += 1;
                    break;
                }
                d[n] = 0;
                sum -= 4;
                n += 1;
            }
        }
        let mut m = 0u16;
        for k in 0..9 {
            if d[k] > 0 {
                m |= z[idx - POW5[k] as usize];
            }
        }
        // Is h itself exactly s sets + p pairs?
        let p = match sum % 3 {
            0 => 0,
            2 => 1,
            _ => 2,
        };
        if p < 2 {
            let s = (sum - 2 * p) / 3;
            if s <= MAX_SETS {
                if sum == 0 {
                    m |= 1;
                } else {
                    let i = d.iter().position(|&x| x > 0).unwrap_or(0);
                    let pi = POW5[i] as usize;
                    let mut exact = false;
                    if s > 0 && d[i] >= 3 && z[idx - 3 * pi] & bit(s - 1, p) != 0 {
                        exact = true;
                    }
                    if !exact && s > 0 && i <= 6 && d[i + 1] > 0 && d[i + 2] > 0 {
                        let j = idx - pi - POW5[i + 1] as usize - POW5[i + 2] as usize;
                        exact = z[j] & bit(s - 1, p) != 0;
                    }
                    if !exact && p == 1 && d[i] >= 2 && z[idx - 2 * pi] & bit(s, 0) != 0 {
                        exact = true;
                    }
                    if exact {
                        m |= bit(s, p);
                    }
                }
            }
        }
        z[idx] = m;
    }
    // Pass 2: g(h), descending index.
    let mut g: Vec<Entry> = vec![[0u8; 16]; SUIT_STATES];
    let mut d = [4u8; 9];
    for idx in (0..SUIT_STATES).rev() {
        if idx + 1 < SUIT_STATES {
            // Odometer decrement.
            let mut n = 0;
            loop {
                if d[n] > 0 {
                    d[n] -= 1;
                    break;
                }
                d[n] = 4;
                n += 1;
            }
        }
        let mut best = [u8::MAX - 1; 16];
        for k in 0..9 {
            if d[k] < 4 {
                let e = &g[idx + POW5[k] as usize];
                for j in 0..16 {
                    best[j] = best[j].min(e[j]);
                }
            }
        }
        let zm = z[idx];
        let mut out = [0u8; 16];
        for j in 0..N_SP {
            out[j] = if zm & (1 << j) != 0 { 0 } else { best[j] + 1 };
        }
        g[idx] = out;
    }
    g.into_boxed_slice()
}

fn build_honour() -> Box<[Entry]> {
    let mut out = vec![[0u8; 16]; 4096];
    // Every histogram (n1..n4) with n1+n2+n3+n4 <= 7.
    for n1 in 0..8usize {
        for n2 in 0..8 - n1 {
            for n3 in 0..8 - n1 - n2 {
                for n4 in 0..8 - n1 - n2 - n3 {
                    let mut counts = Vec::with_capacity(7);
                    for (v, n) in [(1u8, n1), (2, n2), (3, n3), (4, n4)] {
                        counts.extend(std::iter::repeat_n(v, n));
                    }
                    counts.resize(7, 0);
                    out[n1 + 8 * n2 + 64 * n3 + 512 * n4] = honour_entry(&counts);
                }
            }
        }
    }
    out.into_boxed_slice()
}

/// Knapsack over the honour kinds: each gives nothing, a pung (`3 - h` missing) or the pair.
fn honour_entry(counts: &[u8]) -> Entry {
    const INF: u8 = 99;
    let mut t = [[INF; 2]; MAX_SETS + 1];
    t[0][0] = 0;
    for &h in counts {
        let mut next = t;
        for s in 0..=MAX_SETS {
            for p in 0..2 {
                let v = t[s][p];
                if v >= INF {
                    continue;
                }
                if s < MAX_SETS {
                    let c = v + 3u8.saturating_sub(h);
                    next[s + 1][p] = next[s + 1][p].min(c);
                }
                if p == 0 {
                    let c = v + 2u8.saturating_sub(h);
                    next[s][1] = next[s][1].min(c);
                }
            }
        }
        t = next;
    }
    let mut e = [0u8; 16];
    for s in 0..=MAX_SETS {
        for p in 0..2 {
            e[2 * s + p] = t[s][p];
        }
    }
    e
}
