//! Tiles (rules §2): 34 kinds, 8 bonus tiles, 144 physical tile ids, MPSZ notation.
//!
//! * A tile **kind** is an index 0..=33: `1m..9m` = 0..=8, `1p..9p` = 9..=17, `1s..9s` =
//!   18..=26, `1z..7z` = 27..=33 (East, South, West, North, White, Green, Red).
//! * A **bonus tile** is an index 0..=7: `1f..4f` (flowers) and `5f..8f` (seasons).
//! * A **physical tile id** is 0..=143: `4 * kind + copy` for ordinary tiles, `135 + N` for `Nf`.

use crate::error::{MahjongError, Result};
use std::fmt;

/// Number of ordinary tile kinds.
pub const N_KINDS: usize = 34;
/// Number of physical tiles in a set (136 ordinary + 8 bonus).
pub const N_TILES: usize = 144;
/// First physical id of the bonus tiles (`1f`).
pub const FIRST_BONUS_ID: u8 = 136;

/// An ordinary tile kind, 0..=33 (rules §2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(pub u8);

impl Tile {
    pub const EAST: Tile = Tile(27);
    pub const SOUTH: Tile = Tile(28);
    pub const WEST: Tile = Tile(29);
    pub const NORTH: Tile = Tile(30);
    pub const WHITE: Tile = Tile(31);
    pub const GREEN: Tile = Tile(32);
    pub const RED: Tile = Tile(33);

    /// The kind for a checked index; `None` outside 0..=33.
    pub const fn new(kind: u8) -> Option<Tile> {
        if (kind as usize) < N_KINDS {
            Some(Tile(kind))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0 = m, 1 = p, 2 = s, 3 = z.
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 / 9
    }
    /// 1..=9 for suited tiles, 1..=7 for honours.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }
    #[inline]
    pub const fn is_suited(self) -> bool {
        self.0 < 27
    }
    #[inline]
    pub const fn is_honour(self) -> bool {
        self.0 >= 27
    }
    #[inline]
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }
    #[inline]
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }
    /// 1 or 9 of a suit (rules §2.4).
    #[inline]
    pub const fn is_terminal(self) -> bool {
        self.0 < 27 && (self.0 % 9 == 0 || self.0 % 9 == 8)
    }
    #[inline]
    pub const fn is_simple(self) -> bool {
        self.0 < 27 && !(self.0 % 9 == 0 || self.0 % 9 == 8)
    }
    /// The MPSZ code, e.g. `"5s"`.
    pub fn code(self) -> String {
        format!("{}{}", self.number(), SUIT_LETTERS[self.suit() as usize] as char)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), SUIT_LETTERS[self.suit() as usize] as char)
    }
}

/// A bonus tile, 0..=7 for `1f..8f` (rules §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bonus(pub u8);

impl Bonus {
    /// The physical id (136..=143).
    pub const fn id(self) -> u8 {
        FIRST_BONUS_ID + self.0
    }
    pub const fn is_flower(self) -> bool {
        self.0 < 4
    }
    pub const fn is_season(self) -> bool {
        self.0 >= 4
    }
    /// Seat this tile belongs to: 0 = East .. 3 = North.
    pub const fn seat(self) -> u8 {
        self.0 % 4
    }
}

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}f", self.0 + 1)
    }
}

/// One item of a tile list: an ordinary kind or a bonus tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AnyTile {
    Kind(Tile),
    Bonus(Bonus),
}

/// Ordinary kind of a physical tile id, `None` for bonus ids and ids out of range.
#[inline]
pub const fn kind_of_id(id: u8) -> Option<Tile> {
    if id < FIRST_BONUS_ID {
        Some(Tile(id / 4))
    } else {
        None
    }
}

/// What a physical id is; `Err` for ids outside 0..=143.
pub fn tile_of_id(id: u32) -> Result<AnyTile> {
    if id < FIRST_BONUS_ID as u32 {
        Ok(AnyTile::Kind(Tile((id / 4) as u8)))
    } else if id < N_TILES as u32 {
        Ok(AnyTile::Bonus(Bonus((id - FIRST_BONUS_ID as u32) as u8)))
    } else {
        Err(MahjongError::hand(format!("tile id {id} is outside 0..=143")))
    }
}

pub(crate) const SUIT_LETTERS: [u8; 5] = [b'm', b'p', b's', b'z', b'f'];

/// Longest notation string the parsers read, in characters (HK §2.5). A real hand needs far
/// less (four tagged kongs, a pair and eight bonus tiles fit in 90); a longer string is refused
/// with `InvalidHand` before any parsing, so no input can make a parser work long.
pub const MAX_NOTATION_CHARS: usize = 1024;

/// Refuse a string longer than [`MAX_NOTATION_CHARS`] characters (checked on its byte length
/// first, so a huge string costs nothing to refuse).
pub fn check_notation_length(s: &str) -> Result<()> {
    if s.len() > MAX_NOTATION_CHARS && (s.len() > 4 * MAX_NOTATION_CHARS || s.chars().count() > MAX_NOTATION_CHARS) {
        return Err(MahjongError::hand(format!(
            "notation of more than {MAX_NOTATION_CHARS} characters is refused (a hand needs far fewer)"
        )));
    }
    Ok(())
}

/// One character of a notation string: a byte of an ASCII string (the fast path, where byte
/// index and character index agree) or a `char` of any other string.
pub(crate) trait NotationUnit: Copy {
    fn ch(self) -> char;
}

impl NotationUnit for u8 {
    #[inline(always)]
    fn ch(self) -> char {
        self as char
    }
}

impl NotationUnit for char {
    #[inline(always)]
    fn ch(self) -> char {
        self
    }
}

/// The tile of digit `n` (1..=9) with suit letter `suit`, or the reason it does not exist.
#[inline]
fn tile_of(n: u8, suit: char, pos: usize) -> Result<AnyTile> {
    Ok(match suit {
        'm' => AnyTile::Kind(Tile(n - 1)),
        'p' => AnyTile::Kind(Tile(9 + n - 1)),
        's' => AnyTile::Kind(Tile(18 + n - 1)),
        'z' => {
            if n > 7 {
                return Err(MahjongError::tile(pos, format!("there is no honour {n}z (honours are 1z..7z)")));
            }
            AnyTile::Kind(Tile(27 + n - 1))
        }
        _ => {
            if n > 8 {
                return Err(MahjongError::tile(pos, format!("there is no bonus tile {n}f (bonus tiles are 1f..8f)")));
            }
            AnyTile::Bonus(Bonus(n - 1))
        }
    })
}

/// Read the tile list `u[lo..hi]` (rules §2.5) in one pass, giving each tile and the position
/// of its digit to `emit`. Positions are indices into `u` (character positions). Each digit is
/// looked at twice (when read, and when its group's suit letter arrives), so the work is
/// linear in the length and nothing is allocated.
pub(crate) fn scan_tiles<U: NotationUnit>(
    u: &[U],
    lo: usize,
    hi: usize,
    mut emit: impl FnMut(AnyTile, usize) -> Result<()>,
) -> Result<()> {
    let mut group: Option<usize> = None;
    for i in lo..hi {
        match u[i].ch() {
            '0' => return Err(MahjongError::tile(i, "digit 0 is not a tile number")),
            '1'..='9' => {
                if group.is_none() {
                    group = Some(i);
                }
            }
            suit @ ('m' | 'p' | 's' | 'z' | 'f') => {
                let Some(g) = group.take() else {
                    return Err(MahjongError::tile(i, format!("suit letter '{suit}' has no digits before it")));
                };
                for (j, d) in u.iter().enumerate().take(i).skip(g) {
                    let d = d.ch();
                    if d.is_ascii_digit() {
                        emit(tile_of(d as u8 - b'0', suit, j)?, j)?;
                    }
                }
            }
            c if c.is_whitespace() => {}
            c => {
                return Err(MahjongError::tile(
                    i,
                    format!("unknown character '{c}' (expected digits 1-9 and suit letters m p s z f)"),
                ))
            }
        }
    }
    if let Some(g) = group {
        return Err(MahjongError::tile(g, "digits without a suit letter after them"));
    }
    Ok(())
}

/// Parse a tile list in MPSZ notation (rules §2.5): digit groups each followed by a suit
/// letter `m p s z f`; spaces are ignored. Positions in errors are 0-based character offsets
/// into `s` plus `offset` (so callers parsing a larger string report positions in it).
///
/// Errors: `InvalidHand` for a string over [`MAX_NOTATION_CHARS`]; `InvalidTile` for an
/// unknown character, digit 0, a digit above 7 for `z` or above 8 for `f`, digits with no suit
/// letter, a suit letter with no digits. Linear in the length.
pub fn parse_tile_list_at(s: &str, offset: usize) -> Result<Vec<AnyTile>> {
    check_notation_length(s)?;
    let mut out = Vec::new();
    let shift = |e: MahjongError| match e {
        MahjongError::InvalidTile { pos, reason } => MahjongError::InvalidTile { pos: pos + offset, reason },
        e => e,
    };
    if s.is_ascii() {
        scan_tiles(s.as_bytes(), 0, s.len(), |t, _| {
            out.push(t);
            Ok(())
        })
        .map_err(shift)?;
    } else {
        let chars: Vec<char> = s.chars().collect();
        scan_tiles(&chars, 0, chars.len(), |t, _| {
            out.push(t);
            Ok(())
        })
        .map_err(shift)?;
    }
    Ok(out)
}

/// [`parse_tile_list_at`] with offset 0.
pub fn parse_tile_list(s: &str) -> Result<Vec<AnyTile>> {
    parse_tile_list_at(s, 0)
}

/// Parse exactly one ordinary tile kind, e.g. `"5s"`.
pub fn parse_tile(s: &str) -> Result<Tile> {
    // The common case, a bare two-character code, without building a list.
    if let &[d @ b'1'..=b'9', suit @ (b'm' | b'p' | b's' | b'z')] = s.as_bytes() {
        if let Ok(AnyTile::Kind(t)) = tile_of(d - b'0', suit as char, 0) {
            return Ok(t);
        }
    }
    let tiles = parse_tile_list(s)?;
    match tiles.as_slice() {
        [AnyTile::Kind(t)] => Ok(*t),
        [AnyTile::Bonus(_)] => Err(MahjongError::tile(0, format!("'{s}' is a bonus tile; an ordinary tile is needed here"))),
        _ => Err(MahjongError::tile(0, format!("expected exactly one tile, got {} in '{s}'", tiles.len()))),
    }
}

/// Parse exactly one bonus tile, e.g. `"5f"`.
pub fn parse_bonus(s: &str) -> Result<Bonus> {
    let tiles = parse_tile_list(s)?;
    match tiles.as_slice() {
        [AnyTile::Bonus(b)] => Ok(*b),
        [AnyTile::Kind(_)] => Err(MahjongError::tile(0, format!("'{s}' is not a bonus tile (bonus tiles are 1f..8f)"))),
        _ => Err(MahjongError::tile(0, format!("expected exactly one bonus tile, got {} in '{s}'", tiles.len()))),
    }
}

/// A wind 0..=3 (East, South, West, North; rules §3) from `E`/`S`/`W`/`N`, `East`..`North` or
/// its tile `1z`..`4z`, in any case, surrounding spaces ignored; `None` for anything else.
pub fn parse_wind(s: &str) -> Option<u8> {
    let w = s.trim();
    const NAMES: [[&str; 3]; 4] = [["e", "east", "1z"], ["s", "south", "2z"], ["w", "west", "3z"], ["n", "north", "4z"]];
    (0..4u8).find(|&i| NAMES[i as usize].iter().any(|n| n.eq_ignore_ascii_case(w)))
}

/// Format kind counts in canonical MPSZ notation, e.g. `123m456p11z` (rules §2.5).
pub fn format_counts(counts: &[u8; N_KINDS]) -> String {
    let mut s = String::new();
    for (suit, &letter) in SUIT_LETTERS.iter().take(4).enumerate() {
        let (lo, hi) = (suit * 9, if suit == 3 { 34 } else { suit * 9 + 9 });
        let mut any = false;
        for (number, &n) in counts[lo..hi].iter().enumerate() {
            for _ in 0..n {
                s.push((b'1' + number as u8) as char);
                any = true;
            }
        }
        if any {
            s.push(letter as char);
        }
    }
    s
}

/// Format a list of kinds in canonical order.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut c = [0u8; N_KINDS];
    for t in tiles {
        c[t.index()] = c[t.index()].saturating_add(1);
    }
    format_counts(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for k in 0..34u8 {
            let t = Tile(k);
            assert_eq!(parse_tile(&t.code()).unwrap(), t);
        }
        assert_eq!(Tile(27).code(), "1z");
        assert_eq!(Tile(33).code(), "7z");
        assert_eq!(Tile(4).code(), "5m");
    }

    #[test]
    fn list_parses_in_order() {
        let v = parse_tile_list("123m 45p11z3f").unwrap();
        assert_eq!(v.len(), 8);
        assert_eq!(v[0], AnyTile::Kind(Tile(0)));
        assert_eq!(v[3], AnyTile::Kind(Tile(12)));
        assert_eq!(v[5], AnyTile::Kind(Tile(27)));
        assert_eq!(v[7], AnyTile::Bonus(Bonus(2)));
    }

    #[test]
    fn bad_strings_name_position_and_reason() {
        assert_eq!(parse_tile_list("120m"), Err(MahjongError::tile(2, "digit 0 is not a tile number")));
        assert!(matches!(parse_tile_list("12x"), Err(MahjongError::InvalidTile { pos: 2, .. })));
        assert!(matches!(parse_tile_list("8z"), Err(MahjongError::InvalidTile { pos: 0, .. })));
        assert!(matches!(parse_tile_list("9f"), Err(MahjongError::InvalidTile { pos: 0, .. })));
        assert!(matches!(parse_tile_list("123"), Err(MahjongError::InvalidTile { pos: 0, .. })));
        assert!(matches!(parse_tile_list("m"), Err(MahjongError::InvalidTile { pos: 0, .. })));
    }

    #[test]
    fn ids() {
        assert_eq!(kind_of_id(0), Some(Tile(0)));
        assert_eq!(kind_of_id(111), Some(Tile::EAST));
        assert_eq!(kind_of_id(135), Some(Tile::RED));
        assert_eq!(kind_of_id(136), None);
        assert_eq!(tile_of_id(143).unwrap(), AnyTile::Bonus(Bonus(7)));
        assert!(tile_of_id(144).is_err());
    }

    #[test]
    fn format_canonical() {
        let v: Vec<Tile> = [27u8, 0, 9, 0, 18].iter().map(|&k| Tile(k)).collect();
        assert_eq!(format_tiles(&v), "11m1p1s1z");
    }
}
