//! Setting up a position (puzzles, teaching, tests): chosen hands, declared sets, discards,
//! bonus tiles and optionally the order of the rest of the wall. A position that cannot exist
//! (a fifth copy, a tile in two places, wrong counts) is an `InvalidHand` error. The wall is
//! built around the position so that the deal of HK §4 (dealt tiles, then normal draws from
//! the front and replacement draws from the tail) reaches it.

use super::action::{Phase, Tiles};
use super::deal::{Deal, DealMeld, DealOptions, Discard, N_ORDINARY};
use super::event::Event;
use crate::error::{MahjongError, Result};
use crate::rules::Ruleset;
use crate::tiles::hand::MeldKind;
use crate::tiles::tile::{N_KINDS, N_TILES};

/// A tile named either by its physical id or by its kind (the lowest free copy is taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileSpec {
    /// A physical id 0..=143 (136..=143 are the bonus tiles).
    Id(u8),
    /// A kind 0..=33.
    Kind(u8),
}

/// A position to start a deal from. The player `active` (default: the dealer) is in ACTION
/// with a 14-equivalent hand (Taiwanese: 17); the others hold 13-equivalent hands (16),
/// counting each set as 3.
/// Without discards or sets anywhere and with the dealer to act, the position is the start
/// of the deal (HK §5.2); otherwise the active player has just drawn the last tile listed in
/// its hand.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    pub dealer: u8,
    pub active: Option<u8>,
    /// Concealed tiles per player; bonus tiles listed here are put in the bonus area.
    pub hands: [Vec<TileSpec>; 4],
    /// Declared sets per player: kind and tiles.
    pub melds: [Vec<(MeldKind, Vec<TileSpec>)>; 4],
    /// Discards per player in order (all still in the pool).
    pub discards: [Vec<TileSpec>; 4],
    /// The next normal draws, in order.
    pub draws: Vec<TileSpec>,
    /// The next replacement draws (from the tail), in order.
    pub tail: Vec<TileSpec>,
    /// Orders the tiles not placed otherwise (the wall of `(seed, deal_index)` is walked).
    pub seed: u64,
    pub scores: [i64; 4],
    pub deal_index: u32,
}

struct Alloc {
    used: [bool; N_TILES],
}

impl Alloc {
    fn take(&mut self, spec: TileSpec, what: &str) -> Result<u8> {
        match spec {
            TileSpec::Id(t) => {
                if t as usize >= N_TILES {
                    return Err(MahjongError::tile(0, format!("tile id {t} is outside 0..143")));
                }
                if self.used[t as usize] {
                    return Err(MahjongError::hand(format!("tile id {t} is in two places ({what})")));
                }
                self.used[t as usize] = true;
                Ok(t)
            }
            TileSpec::Kind(k) => {
                if k as usize >= N_KINDS {
                    return Err(MahjongError::hand(format!("tile kind {k} is not 0..33")));
                }
                let t = (0..4)
                    .map(|c| 4 * k + c)
                    .find(|&t| !self.used[t as usize])
                    .ok_or_else(|| MahjongError::hand(format!("a fifth copy of {} ({what})", crate::tiles::tile::Tile(k))))?;
                self.used[t as usize] = true;
                Ok(t)
            }
        }
    }
}

fn meld_ok(kind: MeldKind, tiles: &[u8]) -> bool {
    let mut k: Vec<u8> = tiles.iter().map(|&t| t >> 2).collect();
    k.sort_unstable();
    if tiles.iter().any(|&t| t >= N_ORDINARY) || tiles.len() != kind.n_tiles() as usize {
        return false;
    }
    match kind {
        MeldKind::Chow => k[0] < 27 && k[0] / 9 == k[2] / 9 && k[1] == k[0] + 1 && k[2] == k[0] + 2,
        _ => k.iter().all(|&x| x == k[0]),
    }
}

impl Deal {
    /// A deal starting from a chosen position (see [`Setup`]). Errors (`InvalidHand`): a fifth
    /// copy, an id in two places, wrong hand sizes, a set that is not one, a bonus tile among
    /// the discards or sets, a dealer or active player outside 0..=3, a score outside
    /// ±[`MAX_SCORE`](super::deal::MAX_SCORE).
    pub fn from_setup(rules: &Ruleset, s: &Setup, opts: DealOptions) -> Result<Deal> {
        if s.dealer > 3 {
            return Err(MahjongError::hand(format!("dealer must be 0..3, got {}", s.dealer)));
        }
        if let Some(a) = s.active.filter(|&a| a > 3) {
            return Err(MahjongError::hand(format!("active player must be 0..3, got {a}")));
        }
        super::deal::check_scores(&s.scores)?;
        super::deal::check_options(&opts)?;
        let active = s.active.unwrap_or(s.dealer);
        let mut al = Alloc { used: [false; N_TILES] };
        // explicit ids first, so a kind never takes a copy named elsewhere by id
        let all_specs = s
            .hands
            .iter()
            .flatten()
            .chain(s.melds.iter().flatten().flat_map(|(_, t)| t.iter()))
            .chain(s.discards.iter().flatten())
            .chain(s.draws.iter())
            .chain(s.tail.iter());
        for spec in all_specs {
            if let TileSpec::Id(_) = spec {
                al.take(*spec, "position")?;
            }
        }
        let mut al2 = Alloc { used: [false; N_TILES] };
        let mut resolve = |spec: TileSpec, what: &str| -> Result<u8> {
            match spec {
                TileSpec::Id(t) => al2.take(TileSpec::Id(t), what),
                TileSpec::Kind(_) => {
                    let t = al.take(spec, what)?;
                    al2.used[t as usize] = true;
                    Ok(t)
                }
            }
        };
        let mut hands: [Vec<u8>; 4] = Default::default();
        let mut bonus: [Vec<u8>; 4] = Default::default();
        let mut melds: [Vec<DealMeld>; 4] = Default::default();
        let mut discards: [Vec<Discard>; 4] = Default::default();
        for p in 0..4 {
            for &spec in &s.hands[p] {
                let t = resolve(spec, "hands")?;
                if t >= N_ORDINARY {
                    bonus[p].push(t);
                } else {
                    hands[p].push(t);
                }
            }
            for (kind, specs) in &s.melds[p] {
                let ids = specs.iter().map(|&x| resolve(x, "sets")).collect::<Result<Vec<u8>>>()?;
                if !meld_ok(*kind, &ids) {
                    return Err(MahjongError::hand(format!("P{p}: the tiles of a {} do not form one", kind.tag())));
                }
                melds[p].push(DealMeld { kind: *kind, tiles: Tiles::new(&ids).sorted(), claimed_from: None, claimed_tile: None });
            }
            for &spec in &s.discards[p] {
                let t = resolve(spec, "discards")?;
                if t >= N_ORDINARY {
                    return Err(MahjongError::hand("a bonus tile cannot be discarded"));
                }
                discards[p].push(Discard { tile: t, claimed_by: None });
            }
        }
        // TW §7: where the eighth bonus tile exposed by one player is a win, a player showing all
        // eight would have ended the deal
        for (p, b) in bonus.iter().enumerate() {
            let mut seven = [0u8; 4];
            seven[p] = 0xFE; // every bonus tile but 1f, which the player exposes last
            if b.len() == 8 && rules.bonus_win(&seven, p, crate::tiles::tile::Bonus(0)).is_ok_and(|w| w.is_some()) {
                return Err(MahjongError::hand("a player with all eight bonus tiles has already won (TW §7)"));
            }
        }
        let draws = s.draws.iter().map(|&x| resolve(x, "wall")).collect::<Result<Vec<u8>>>()?;
        let tail = s.tail.iter().map(|&x| resolve(x, "wall")).collect::<Result<Vec<u8>>>()?;
        // a ruleset that plays without some ids (136 tiles: no bonus tiles) cannot place them
        let set = rules.tile_set();
        if let Some(t) = (0..N_TILES as u8).find(|&t| al2.used[t as usize] && !set.contains(t)) {
            return Err(MahjongError::hand(format!("tile id {t} is not in the ruleset's {}-tile set", set.len())));
        }
        for p in 0..4 {
            let size = hands[p].len() + 3 * melds[p].len();
            let want = rules.hand_tiles() + usize::from(p as u8 == active);
            if size != want {
                return Err(MahjongError::hand(format!(
                    "P{p} holds {size} tiles counting each set as 3; {want} expected ({})",
                    if p as u8 == active { "the player to act" } else { "a player waiting" }
                )));
            }
        }
        // the wall: placed tiles first (already taken), then draws, the rest, the tail
        let mut wall = Vec::with_capacity(N_TILES);
        let placed: Vec<u8> =
            (0..N_TILES as u8).filter(|&t| al2.used[t as usize]).filter(|t| !draws.contains(t) && !tail.contains(t)).collect();
        wall.extend_from_slice(&placed);
        let front = wall.len();
        wall.extend_from_slice(&draws);
        for t in crate::tiles::wall::shuffle(s.seed, s.deal_index as u64) {
            if !al2.used[t as usize] && set.contains(t) {
                wall.push(t);
            }
        }
        wall.extend(tail.iter().rev());
        debug_assert_eq!(wall.len(), set.len());
        let mut w = [0u8; N_TILES];
        w[..wall.len()].copy_from_slice(&wall);

        let fresh = melds.iter().all(Vec::is_empty) && discards.iter().all(Vec::is_empty) && active == s.dealer;
        let mut d = Deal::blank(rules, w, wall.len(), s.dealer, s.scores, s.deal_index, opts);
        d.set_position(front, hands, melds, bonus, discards);
        if opts.record {
            let hands = std::array::from_fn(|p| d.hand(p).to_vec());
            d.push_event(Event::Deal {
                dealer: s.dealer,
                seat_winds: d.seat_winds(),
                hands,
                deal_index: s.deal_index,
                scores: s.scores,
                prevailing_wind: opts.prevailing_wind,
                dealer_streak: opts.dealer_streak,
            });
        }
        let drawn = if fresh { None } else { d.hand(active as usize).last().copied() };
        d.start_action(active, drawn, fresh);
        d.check_position()?;
        debug_assert!(matches!(d.phase(), Phase::Action | Phase::Declare | Phase::Ended));
        Ok(d)
    }
}
