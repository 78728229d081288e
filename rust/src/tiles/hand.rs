//! Hands: concealed tile counts, declared melds and bonus tiles, with the notation of
//! design §3 and HK §2.5, and the validation of HK §2 (no fifth copy, one copy of each
//! bonus tile).

use crate::error::{HandFault, MahjongError, Result};
pub use crate::tiles::tile::MAX_NOTATION_CHARS;
use crate::tiles::tile::{check_notation_length, format_counts, scan_tiles, AnyTile, Bonus, NotationUnit, Tile, N_KINDS};
use std::fmt;

/// Count of each of the 34 kinds.
pub type Counts = [u8; N_KINDS];

/// How a declared set was made (rules §2.5, §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MeldKind {
    /// `chow[123m]`: a run claimed from a discard.
    Chow = 0,
    /// `pung[555p]`: claimed from a discard.
    Pung = 1,
    /// `kong[5555p]`: exposed kong claimed from a discard.
    ExposedKong = 2,
    /// `addkong[5555p]`: an exposed pung extended with the fourth tile.
    AddedKong = 3,
    /// `ckong[5555p]`: concealed kong.
    ConcealedKong = 4,
}

impl MeldKind {
    pub const fn from_u8(v: u8) -> Option<MeldKind> {
        match v {
            0 => Some(MeldKind::Chow),
            1 => Some(MeldKind::Pung),
            2 => Some(MeldKind::ExposedKong),
            3 => Some(MeldKind::AddedKong),
            4 => Some(MeldKind::ConcealedKong),
            _ => None,
        }
    }
    #[inline]
    pub const fn is_kong(self) -> bool {
        matches!(self, MeldKind::ExposedKong | MeldKind::AddedKong | MeldKind::ConcealedKong)
    }
    /// Pung or any kong (scoring counts kongs as pungs, rules §10.2).
    #[inline]
    pub const fn is_pung_like(self) -> bool {
        !matches!(self, MeldKind::Chow)
    }
    /// A set declared by a claim (rules §9.4): everything but a concealed kong.
    #[inline]
    pub const fn is_claimed(self) -> bool {
        !matches!(self, MeldKind::ConcealedKong)
    }
    /// Physical tiles the meld shows.
    #[inline]
    pub const fn n_tiles(self) -> u8 {
        if self.is_kong() {
            4
        } else {
            3
        }
    }
    pub const fn tag(self) -> &'static str {
        match self {
            MeldKind::Chow => "chow",
            MeldKind::Pung => "pung",
            MeldKind::ExposedKong => "kong",
            MeldKind::AddedKong => "addkong",
            MeldKind::ConcealedKong => "ckong",
        }
    }
}

/// A declared set: its kind and its tile (the lowest tile for a chow).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Meld {
    pub kind: MeldKind,
    pub tile: Tile,
}

impl Meld {
    /// A meld, checked: a chow must start at a suited tile numbered 1..=7.
    pub fn new(kind: MeldKind, tile: Tile) -> Result<Meld> {
        if kind == MeldKind::Chow && !(tile.is_suited() && tile.number() <= 7) {
            return Err(MahjongError::hand_fault(
                HandFault::BadMeld { tiles: tile.to_string() },
                format!("a chow cannot start at {tile}"),
            ));
        }
        Ok(Meld { kind, tile })
    }
    /// Add this meld's tiles to `counts` (a kong adds 4).
    pub fn add_to(&self, counts: &mut Counts) {
        let i = self.tile.index();
        match self.kind {
            MeldKind::Chow => {
                for c in &mut counts[i..i + 3] {
                    *c = c.saturating_add(1);
                }
            }
            k => counts[i] = counts[i].saturating_add(k.n_tiles()),
        }
    }
    /// Kinds of the meld's tiles, in order.
    pub fn tiles(&self) -> Vec<Tile> {
        let i = self.tile.0;
        match self.kind {
            MeldKind::Chow => vec![Tile(i), Tile(i + 1), Tile(i + 2)],
            k => vec![self.tile; k.n_tiles() as usize],
        }
    }
}

impl fmt::Display for Meld {
    /// Tag notation of rules §2.5, e.g. `pung[555p]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.kind.tag(), crate::tiles::tile::format_tiles(&self.tiles()))
    }
}

/// A player's tiles: concealed counts, declared melds, exposed bonus tiles (bitmask, bit i = bonus i).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    pub bonus: u8,
}

impl Default for Hand {
    fn default() -> Self {
        Hand { concealed: [0; N_KINDS], melds: Vec::new(), bonus: 0 }
    }
}

impl Hand {
    /// Number of concealed tiles.
    pub fn n_concealed(&self) -> usize {
        self.concealed.iter().map(|&c| c as usize).sum()
    }
    /// Tile count of rules §5.6: concealed tiles plus 3 per declared set.
    pub fn size(&self) -> usize {
        self.n_concealed() + 3 * self.melds.len()
    }
    /// Concealed tiles plus every tile of the melds (kongs count 4).
    pub fn all_counts(&self) -> Counts {
        let mut c = self.concealed;
        for m in &self.melds {
            m.add_to(&mut c);
        }
        c
    }
    /// Check rules §2: no kind more than 4 times over concealed tiles and melds. Copies are
    /// counted in `u32`, saturating, so no number of melds can wrap a count back to a valid one.
    pub fn validate(&self) -> Result<()> {
        let mut c = [0u32; N_KINDS];
        for (i, &n) in self.concealed.iter().enumerate() {
            c[i] = n as u32;
        }
        for m in &self.melds {
            let i = m.tile.index();
            match m.kind {
                MeldKind::Chow => {
                    for x in &mut c[i..(i + 3).min(N_KINDS)] {
                        *x = x.saturating_add(1);
                    }
                }
                k => c[i] = c[i].saturating_add(k.n_tiles() as u32),
            }
        }
        for (i, &n) in c.iter().enumerate() {
            if n > 4 {
                return Err(too_many_copies(n as usize, Tile(i as u8)));
            }
        }
        Ok(())
    }
    /// Check the size for an operation: `n` tiles counting each set as 3 (13 or 14 for HK).
    pub fn expect_size(&self, allowed: &[usize]) -> Result<()> {
        let n = self.size();
        if allowed.contains(&n) {
            Ok(())
        } else {
            let want: Vec<String> = allowed.iter().map(|a| a.to_string()).collect();
            Err(MahjongError::wrong_size(
                n,
                allowed,
                format!(
                    "wrong number of tiles: the hand has {n} (counting each declared set as 3), {} expected",
                    want.join(" or ")
                ),
            ))
        }
    }
}

impl fmt::Display for Hand {
    /// Notation of design §3 with rules §2.5 tags: `123m456p11z pung[555z] ckong[2222p] 1f 6f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let conc = format_counts(&self.concealed);
        if !conc.is_empty() {
            parts.push(conc);
        }
        for m in &self.melds {
            parts.push(m.to_string());
        }
        for b in 0..8u8 {
            if self.bonus & (1 << b) != 0 {
                parts.push(Bonus(b).to_string());
            }
        }
        write!(f, "{}", parts.join(" "))
    }
}

/// Parse a hand (design §3, rules §2.5). Tokens are separated by spaces:
/// * plain MPSZ tiles (`123m456p11z`) are concealed tiles; `f` tiles among them are bonus tiles;
/// * `[555z]` exposed meld (3 equal = pung, 4 equal = exposed kong, a run = chow);
/// * `(2222p)` concealed kong;
/// * `chow[123m]`, `pung[555p]`, `kong[5555p]`, `addkong[5555p]`, `ckong[5555p]` tagged melds.
///
/// One pass over the string, linear in its length; copies are counted in `u32` over concealed
/// tiles and melds together, so no number of copies can wrap around.
///
/// Errors: `InvalidHand` for a string over [`MAX_NOTATION_CHARS`] characters (refused before
/// parsing), a bad meld, a fifth copy of a kind (however many copies are given) or a second
/// copy of a bonus tile; `InvalidTile` for bad notation, with the character position. The tile
/// count is not checked here (see [`Hand::expect_size`]).
pub fn parse_hand(s: &str) -> Result<Hand> {
    check_notation_length(s)?;
    if s.is_ascii() {
        parse_hand_units(s.as_bytes())
    } else {
        let chars: Vec<char> = s.chars().collect();
        parse_hand_units(&chars)
    }
}

fn word_at<U: NotationUnit>(u: &[U], from: usize, to: usize) -> String {
    u[from..to].iter().map(|c| c.ch()).collect()
}

fn unknown_tag(pos: usize, word: &str) -> MahjongError {
    MahjongError::tile(pos, format!("unknown meld tag '{word}' (use chow, pung, kong, addkong or ckong)"))
}

fn parse_hand_units<U: NotationUnit>(u: &[U]) -> Result<Hand> {
    let n = u.len();
    let ch = |i: usize| u[i].ch();
    let mut hand = Hand::default();
    // Copies per kind: concealed tiles alone, and everything (concealed plus melds).
    let mut concealed = [0u32; N_KINDS];
    let mut all = [0u32; N_KINDS];
    let mut i = 0usize;
    while i < n {
        let c = ch(i);
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // A tag word (letters) directly followed by '['.
        let start = i;
        let mut j = i;
        while j < n && ch(j).is_ascii_alphabetic() {
            j += 1;
        }
        let open_at = if j > i && j < n && ch(j) == '[' {
            Some(j)
        } else if c == '[' || c == '(' {
            Some(i)
        } else {
            None
        };
        if let Some(open_at) = open_at {
            let tag = (open_at > i).then(|| word_at(u, i, open_at).to_ascii_lowercase());
            let open = ch(open_at);
            let close = if open == '[' { ']' } else { ')' };
            let mut k = open_at + 1;
            while k < n && ch(k) != close {
                if ch(k) == '[' || ch(k) == '(' {
                    return Err(MahjongError::tile(k, "a meld cannot contain another bracket"));
                }
                k += 1;
            }
            if k >= n {
                return Err(MahjongError::tile(open_at, format!("'{open}' is never closed with '{close}'")));
            }
            // A meld has 3 or 4 tiles: keep the first 5 (enough to refuse any longer one).
            let mut kinds = [Tile(0); 5];
            let mut nk = 0usize;
            scan_tiles(u, open_at + 1, k, |t, _| match t {
                AnyTile::Kind(t) => {
                    if nk < kinds.len() {
                        kinds[nk] = t;
                        nk += 1;
                    }
                    Ok(())
                }
                AnyTile::Bonus(b) => Err(MahjongError::tile(open_at + 1, format!("bonus tile {b} cannot be part of a meld"))),
            })?;
            let meld = meld_from(&kinds[..nk], tag.as_deref(), open == '(', start)?;
            for t in meld.tiles() {
                all[t.index()] = all[t.index()].saturating_add(1);
            }
            hand.melds.push(meld);
            i = k + 1;
            continue;
        }
        // Plain tiles up to the next bracket; spaces inside are ignored (rules §2.5), so
        // `12 3m` is `123m`. A word of two or more letters right before a bracket is a tag.
        let mut k = i;
        while k < n && ch(k) != '[' && ch(k) != '(' {
            k += 1;
        }
        if k < n {
            let mut w = k;
            while w > i && ch(w - 1).is_ascii_alphabetic() {
                w -= 1;
            }
            let is_suit_letter = k - w == 1 && w > i && ch(w - 1).is_ascii_digit();
            if w < k && !is_suit_letter {
                if w == i || ch(w - 1).is_whitespace() {
                    k = w; // the tag starts the next token
                } else {
                    return Err(unknown_tag(w, &word_at(u, w, k)));
                }
            }
        }
        if k == i {
            // Only a tag word can start here, and it is not followed by '['.
            let mut e = i;
            while e < n && ch(e).is_ascii_alphabetic() {
                e += 1;
            }
            return Err(unknown_tag(i, &word_at(u, i, e)));
        }
        scan_tiles(u, i, k, |t, _| match t {
            AnyTile::Kind(t) => {
                concealed[t.index()] = concealed[t.index()].saturating_add(1);
                all[t.index()] = all[t.index()].saturating_add(1);
                Ok(())
            }
            AnyTile::Bonus(b) => add_bonus(&mut hand, b),
        })?;
        i = k;
    }
    for (k, &copies) in all.iter().enumerate() {
        if copies > 4 {
            return Err(too_many_copies(copies as usize, Tile(k as u8)));
        }
    }
    for (dst, &copies) in hand.concealed.iter_mut().zip(concealed.iter()) {
        *dst = copies as u8; // <= 4, checked above
    }
    Ok(hand)
}

/// `n` copies of `tile`, more than the 4 of each kind (rules §2).
pub(crate) fn too_many_copies(n: usize, tile: Tile) -> MahjongError {
    MahjongError::hand_fault(
        HandFault::TooManyCopies { tile: tile.to_string() },
        format!("{n} copies of {tile} (there are only 4 of each kind)"),
    )
}

pub fn add_bonus(hand: &mut Hand, b: Bonus) -> Result<()> {
    if hand.bonus & (1 << b.0) != 0 {
        return Err(MahjongError::hand_fault(
            HandFault::BonusTwice { tile: b.to_string() },
            format!("bonus tile {b} given twice (there is one of each)"),
        ));
    }
    hand.bonus |= 1 << b.0;
    Ok(())
}

fn meld_from(kinds: &[Tile], tag: Option<&str>, concealed: bool, pos: usize) -> Result<Meld> {
    let all_same = !kinds.is_empty() && kinds.iter().all(|&k| k == kinds[0]);
    let is_run = kinds.len() == 3 && {
        let mut v = kinds.to_vec();
        v.sort();
        v[0].is_suited() && v[0].suit() == v[2].suit() && v[1].0 == v[0].0 + 1 && v[2].0 == v[0].0 + 2
    };
    let lowest = kinds.iter().copied().min().unwrap_or(Tile(0));
    let bad = |what: &str| {
        let tiles = crate::tiles::tile::format_tiles(kinds);
        Err(MahjongError::hand_fault(
            HandFault::BadMeld { tiles: tiles.clone() },
            format!("meld at position {pos} ({tiles}) is not a valid {what}"),
        ))
    };
    let kind = match (tag, concealed) {
        (None, true) | (Some("ckong"), _) => {
            if kinds.len() == 4 && all_same {
                MeldKind::ConcealedKong
            } else {
                return bad("concealed kong (four equal tiles)");
            }
        }
        (None, false) => {
            if kinds.len() == 3 && all_same {
                MeldKind::Pung
            } else if kinds.len() == 4 && all_same {
                MeldKind::ExposedKong
            } else if is_run {
                MeldKind::Chow
            } else {
                return bad("meld (a chow, a pung or a kong)");
            }
        }
        (Some("chow"), _) => {
            if is_run {
                MeldKind::Chow
            } else {
                return bad("chow (three consecutive tiles of one suit)");
            }
        }
        (Some("pung"), _) => {
            if kinds.len() == 3 && all_same {
                MeldKind::Pung
            } else {
                return bad("pung (three equal tiles)");
            }
        }
        (Some(t @ ("kong" | "addkong")), _) => {
            if kinds.len() == 4 && all_same {
                if t == "kong" {
                    MeldKind::ExposedKong
                } else {
                    MeldKind::AddedKong
                }
            } else {
                return bad("kong (four equal tiles)");
            }
        }
        (Some(other), _) => {
            return Err(MahjongError::tile(pos, format!("unknown meld tag '{other}' (use chow, pung, kong, addkong or ckong)")))
        }
    };
    Meld::new(kind, lowest)
}

/// Build a hand in tests: `hand("123m456m789p234s5s")`, panics on bad notation (tests only).
#[cfg(test)]
pub fn hand(s: &str) -> Hand {
    parse_hand(s).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_design_and_tag_notation() {
        let h = parse_hand("123m456p11z [555z] (2222p) 1f 6f").unwrap();
        assert_eq!(h.n_concealed(), 8);
        assert_eq!(
            h.melds,
            vec![Meld { kind: MeldKind::Pung, tile: Tile(31) }, Meld { kind: MeldKind::ConcealedKong, tile: Tile(10) }]
        );
        assert_eq!(h.bonus, 0b0010_0001);
        assert_eq!(h.size(), 14);
        let h2 = parse_hand("chow[123m] pung[555p] kong[1111s] addkong[7777s] ckong[2222z] 9m").unwrap();
        assert_eq!(h2.melds.len(), 5);
        assert_eq!(h2.melds[3].kind, MeldKind::AddedKong);
        assert_eq!(h2.to_string(), "9m chow[123m] pung[555p] kong[1111s] addkong[7777s] ckong[2222z]");
    }

    #[test]
    fn round_trip() {
        for s in ["11m1p", "123m456p11z pung[555z] ckong[2222p] 1f 6f", "19m19p19s1234567z"] {
            let h = parse_hand(s).unwrap();
            assert_eq!(parse_hand(&h.to_string()).unwrap(), h);
        }
    }

    #[test]
    fn errors() {
        assert!(matches!(parse_hand("11111m"), Err(MahjongError::InvalidHand { .. })));
        assert!(matches!(parse_hand("1m [1111m]"), Err(MahjongError::InvalidHand { .. })));
        assert!(matches!(parse_hand("1f 1f"), Err(MahjongError::InvalidHand { .. })));
        assert!(matches!(parse_hand("[124m]"), Err(MahjongError::InvalidHand { .. })));
        assert!(matches!(parse_hand("[123z]"), Err(MahjongError::InvalidHand { .. })));
        assert!(matches!(parse_hand("foo[123m]"), Err(MahjongError::InvalidTile { pos: 0, .. })));
        assert!(matches!(parse_hand("12m [123m"), Err(MahjongError::InvalidTile { pos: 4, .. })));
        assert!(matches!(parse_hand("12m [12x]"), Err(MahjongError::InvalidTile { pos: 7, .. })));
        assert!(matches!(parse_hand("[1f23m]"), Err(MahjongError::InvalidTile { .. })));
        assert!(matches!(parse_hand("12m bad[123m]"), Err(MahjongError::InvalidTile { pos: 4, .. })));
        assert!(matches!(parse_hand("12m x(1111m)"), Err(MahjongError::InvalidTile { pos: 4, .. })));
    }

    #[test]
    fn a_faults_kind_and_tiles_are_data_beside_its_english() {
        let fault = |s: &str| match parse_hand(s) {
            Err(MahjongError::InvalidHand { fault, .. }) => fault,
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(fault("11111m"), HandFault::TooManyCopies { tile: "1m".into() });
        assert_eq!(fault("1m [1111m]"), HandFault::TooManyCopies { tile: "1m".into() });
        assert_eq!(fault("1f 1f"), HandFault::BonusTwice { tile: "1f".into() });
        assert_eq!(fault("[124m]"), HandFault::BadMeld { tiles: "124m".into() });
        let size = parse_hand("123m").unwrap().expect_size(&[13, 14]).unwrap_err();
        assert_eq!(
            size,
            MahjongError::InvalidHand {
                fault: HandFault::WrongSize { count: 3, expected: vec![13, 14] },
                message: "wrong number of tiles: the hand has 3 (counting each declared set as 3), 13 or 14 expected".into(),
            }
        );
    }

    #[test]
    fn copies_never_wrap_around() {
        // 256 copies of 1m once read as none (u8), 50,000 as 80 (u16): now the exact count.
        let e = parse_hand(&format!("{}m123456789p1234s", "1".repeat(256))).unwrap_err();
        assert_eq!(e.to_string(), "invalid hand: 256 copies of 1m (there are only 4 of each kind)");
        assert!(matches!(e, MahjongError::InvalidHand { fault: HandFault::TooManyCopies { ref tile }, .. } if tile == "1m"));
        assert!(
            matches!(parse_hand(&"1m".repeat(500)), Err(MahjongError::InvalidHand { message: m, .. }) if m.starts_with("500 copies"))
        );
        assert!(
            matches!(parse_hand(&"[1111m]".repeat(100)), Err(MahjongError::InvalidHand { message: m, .. }) if m.starts_with("400 copies"))
        );
        let kongs = Hand { melds: vec![Meld { kind: MeldKind::ExposedKong, tile: Tile(0) }; 16_384], ..Hand::default() };
        assert!(kongs.validate().is_err());
        let mut c = [0u8; N_KINDS];
        for m in &kongs.melds {
            m.add_to(&mut c);
        }
        assert_eq!(c[0], u8::MAX);
    }

    #[test]
    fn too_long_strings_are_refused_before_parsing() {
        let at_max = format!("1m{}", " ".repeat(MAX_NOTATION_CHARS - 2));
        assert_eq!(parse_hand(&at_max).unwrap().n_concealed(), 1);
        let over = format!("{at_max} ");
        assert!(matches!(parse_hand(&over), Err(MahjongError::InvalidHand { message: m, .. }) if m.contains("1024 characters")));
        // Refused for its length even though its first character is already bad.
        assert!(matches!(parse_hand(&"x".repeat(1_000_000)), Err(MahjongError::InvalidHand { .. })));
        // Characters, not bytes: 1024 ideographic spaces are 3072 bytes and are accepted.
        let wide = format!("1m{}", "\u{3000}".repeat(MAX_NOTATION_CHARS - 2));
        assert!(parse_hand(&wide).is_ok());
    }

    #[test]
    fn positions_are_characters_in_non_ascii_strings() {
        assert!(matches!(parse_hand("12m\u{3000}[12x]"), Err(MahjongError::InvalidTile { pos: 7, .. })));
        assert!(matches!(parse_hand("é"), Err(MahjongError::InvalidTile { pos: 0, .. })));
        assert_eq!(parse_hand("12m\u{3000}[345m]").unwrap(), parse_hand("12m [345m]").unwrap());
    }

    #[test]
    fn spaces_inside_digit_groups_are_ignored() {
        assert_eq!(parse_hand("12 3m4 56p").unwrap(), parse_hand("123m456p").unwrap());
        assert_eq!(parse_hand("1 1 2 2 m pung[555z]1f").unwrap(), parse_hand("1122m [555z] 1f").unwrap());
        assert_eq!(parse_hand("12m[345m]").unwrap(), parse_hand("12m [345m]").unwrap());
    }
}
