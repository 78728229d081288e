//! The notation of an interpretation (HK §2.5 tags for declared melds): the text the Python
//! functions, the CLI and the score results show for one reading of a hand.

use super::{ConcealedSet, Interpretation, MAX_SETS, ORPHANS};
use crate::tiles::hand::{Meld, MeldKind};
#[cfg(test)]
use crate::tiles::tile::Tile;

/// One unit of an interpretation's notation: sort key (lowest tile, 0 pair/single, 1 concealed
/// set, 2 declared meld) and its text, at most `"addkong[1111m]"` (14 bytes).
#[derive(Clone, Copy)]
struct Unit {
    tile: u8,
    order: u8,
    len: u8,
    text: [u8; 15],
}

impl Unit {
    const EMPTY: Unit = Unit { tile: 0, order: 0, len: 0, text: [0; 15] };

    #[inline]
    fn new(tile: u8, order: u8) -> Unit {
        Unit { tile, order, ..Unit::EMPTY }
    }
    #[inline]
    fn push(&mut self, b: u8) {
        self.text[self.len as usize] = b;
        self.len += 1;
    }
    /// Tiles of one suit in canonical notation: the digits of `kinds` (ascending), then the
    /// suit letter (as `format_tiles`).
    #[inline]
    fn tiles(&mut self, kinds: &[u8]) {
        let suit = (kinds[0] / 9) as usize;
        for &k in kinds {
            self.push(b'1' + k - 9 * suit as u8);
        }
        self.push(crate::tiles::tile::SUIT_LETTERS[suit]);
    }
    #[inline]
    fn key(&self) -> (u8, u8, &[u8]) {
        (self.tile, self.order, &self.text[..self.len as usize])
    }
}

/// Notation of one interpretation together with the declared melds, units sorted by their
/// lowest tile (pairs and singles, then concealed sets, then declared melds carrying their rules
/// §2.5 tag; equal keys by text), joined by spaces, e.g. `111m 222m 333m pung[555p] 99s`.
/// Builds the text in place without per-unit allocations; equal to the reference
/// `interpretation_text_ref` (cross-checked in the tests).
pub fn interpretation_text(interp: &Interpretation, melds: &[Meld]) -> String {
    let mut units = [Unit::EMPTY; 14 + 2 * MAX_SETS];
    let mut n = 0usize;
    let mut add = |u: Unit| {
        units[n] = u;
        n += 1;
    };
    match interp {
        Interpretation::Standard { sets, pair } => {
            for s in sets {
                let (t, kinds) = match *s {
                    ConcealedSet::Chow(t) => (t.0, [t.0, t.0 + 1, t.0 + 2]),
                    ConcealedSet::Pung(t) => (t.0, [t.0; 3]),
                };
                let mut u = Unit::new(t, 1);
                u.tiles(&kinds);
                add(u);
            }
            let mut u = Unit::new(pair.0, 0);
            u.tiles(&[pair.0, pair.0]);
            add(u);
        }
        Interpretation::SevenPairs { pairs } => {
            for p in pairs {
                let mut u = Unit::new(p.0, 0);
                u.tiles(&[p.0, p.0]);
                add(u);
            }
        }
        Interpretation::ThirteenOrphans { pair } => {
            for &k in ORPHANS.iter() {
                let mut u = Unit::new(k, 0);
                let kk = [k, k];
                u.tiles(&kk[..1 + (k == pair.0) as usize]);
                add(u);
            }
        }
        Interpretation::EightHalfPairs { pairs, pung } => {
            for p in pairs {
                let mut u = Unit::new(p.0, 0);
                u.tiles(&[p.0, p.0]);
                add(u);
            }
            let mut u = Unit::new(pung.0, 1);
            u.tiles(&[pung.0; 3]);
            add(u);
        }
    }
    for m in melds {
        let mut u = Unit::new(m.tile.0, 2);
        for &b in m.kind.tag().as_bytes() {
            u.push(b);
        }
        u.push(b'[');
        let i = m.tile.0;
        match m.kind {
            MeldKind::Chow => u.tiles(&[i, i + 1, i + 2]),
            k => u.tiles(&[i; 4][..k.n_tiles() as usize]),
        }
        u.push(b']');
        add(u);
    }
    let units = &mut units[..n];
    units.sort_unstable_by(|a, b| a.key().cmp(&b.key()));
    let mut out = Vec::with_capacity(units.iter().map(|u| u.len as usize + 1).sum());
    for (j, u) in units.iter().enumerate() {
        if j > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(&u.text[..u.len as usize]);
    }
    // Only ASCII digits, suit letters, tags and brackets were written.
    String::from_utf8(out).expect("ASCII notation")
}

/// The straightforward notation of [`interpretation_text`]: each unit formatted as its own
/// string, all sorted as `(tile, order, text)` (the reference the fast form is checked against).
#[cfg(test)]
pub(crate) fn interpretation_text_ref(interp: &Interpretation, melds: &[Meld]) -> String {
    use crate::tiles::tile::format_tiles;
    let mut units: Vec<(u8, u8, String)> = Vec::new();
    match interp {
        Interpretation::Standard { sets, pair } => {
            for s in sets {
                let (t, tiles) = match *s {
                    ConcealedSet::Chow(t) => (t, vec![t, Tile(t.0 + 1), Tile(t.0 + 2)]),
                    ConcealedSet::Pung(t) => (t, vec![t; 3]),
                };
                units.push((t.0, 1, format_tiles(&tiles)));
            }
            units.push((pair.0, 0, format_tiles(&[*pair, *pair])));
        }
        Interpretation::SevenPairs { pairs } => {
            for p in pairs {
                units.push((p.0, 0, format_tiles(&[*p, *p])));
            }
        }
        Interpretation::ThirteenOrphans { pair } => {
            for &k in ORPHANS.iter() {
                let t = Tile(k);
                let v = if t == *pair { vec![t, t] } else { vec![t] };
                units.push((k, 0, format_tiles(&v)));
            }
        }
        Interpretation::EightHalfPairs { pairs, pung } => {
            for p in pairs {
                units.push((p.0, 0, format_tiles(&[*p, *p])));
            }
            units.push((pung.0, 1, format_tiles(&[*pung; 3])));
        }
    }
    for m in melds {
        units.push((m.tile.0, 2, m.to_string()));
    }
    units.sort();
    units.into_iter().map(|u| u.2).collect::<Vec<_>>().join(" ")
}
