//! Taiwanese bonus-tile wins (TW §7), settlement of one deal's wins (TW §15) and the match
//! (TW §16) as pure functions over plain values.
//!
//! Positions 0..=3 are the players in turn order (the seats of one deal, or the players P0..P3
//! of a match, who sit in turn order); the dealer is one of them. Payments are indexed the same
//! way and sum to zero.

use crate::error::{MahjongError, Result};
use crate::scoring::tw_high::{H28, H32};
use crate::scoring::tw_low::{L29, L30};
use crate::scoring::Element;
use crate::taiwanese::{TaiTable, TwSwitches};
use crate::tile::Bonus;

/// Which bonus-tile win (TW §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BonusWinKind {
    /// The exposing player now has all eight bonus tiles (H32 / L30); settled as self-drawn.
    AllEight,
    /// Another player already has the other seven and takes the one just exposed (H28 / L29);
    /// the exposing player pays as the discarder.
    RobEighth,
}

impl BonusWinKind {
    /// The only element the win scores under `table` (TW §7, §11 step 1).
    pub const fn element(self, table: TaiTable) -> Element {
        match (self, table) {
            (BonusWinKind::AllEight, TaiTable::High) => H32,
            (BonusWinKind::AllEight, TaiTable::Low) => L30,
            (BonusWinKind::RobEighth, TaiTable::High) => H28,
            (BonusWinKind::RobEighth, TaiTable::Low) => L29,
        }
    }
}

/// A bonus-tile win found after an exposure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusWin {
    pub kind: BonusWinKind,
    pub winner: usize,
    /// The exposing player for [`BonusWinKind::RobEighth`] (who pays); `None` when self-drawn.
    pub discarder: Option<usize>,
    /// The element scored (hand Tai = its value; exempt from `min_tai`).
    pub element: Element,
}

impl BonusWin {
    /// The win as settlement input (TW §15).
    pub fn as_win(&self) -> TwWin {
        TwWin {
            winner: self.winner,
            tai: self.element.faan as u32,
            self_drawn: self.discarder.is_none(),
            discarder: self.discarder,
        }
    }
}

/// TW §7: the check after player `exposer` exposes bonus tile `tile`. `exposed[p]` is the
/// bitmask (bit i = bonus tile `i+1`f) of the bonus tiles player `p` had exposed before this
/// exposure. Returns the automatic win, if any: all eight for the exposer, or seven robbing
/// the eighth for another player; they cannot both arise.
///
/// Errors (`InvalidHand`): `exposer` not 0..=3, a bonus tile exposed twice (already in some
/// player's mask, or in two masks).
pub fn check_bonus_win(table: TaiTable, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
    if exposer > 3 || tile.0 > 7 {
        return Err(MahjongError::hand(format!("player {exposer} / bonus tile {} out of range", tile.0)));
    }
    let mut seen = 0u8;
    for &m in exposed {
        if seen & m != 0 {
            return Err(MahjongError::hand("a bonus tile is exposed by two players (there is one of each)"));
        }
        seen |= m;
    }
    let bit = 1u8 << tile.0;
    if seen & bit != 0 {
        return Err(MahjongError::hand(format!("bonus tile {tile} is already exposed")));
    }
    if exposed[exposer] | bit == 0xFF {
        let kind = BonusWinKind::AllEight;
        return Ok(Some(BonusWin { kind, winner: exposer, discarder: None, element: kind.element(table) }));
    }
    for p in (1..4).map(|d| (exposer + d) % 4) {
        if exposed[p] | bit == 0xFF {
            let kind = BonusWinKind::RobEighth;
            return Ok(Some(BonusWin { kind, winner: p, discarder: Some(exposer), element: kind.element(table) }));
        }
    }
    Ok(None)
}

/// One win of a deal for settlement (TW §15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwWin {
    pub winner: usize,
    /// Hand Tai T (without dealer adjustments), or a bonus-tile win's Tai.
    pub tai: u32,
    /// Self-drawn (the heavenly blessing and all eight bonus tiles included): every other
    /// player pays.
    pub self_drawn: bool,
    /// On a discard: the discarder (the kong declarer for a robbed kong, the exposing player
    /// for seven robbing the eighth) pays alone.
    pub discarder: Option<usize>,
}

/// TW §15: what `payer` pays `winner` for hand Tai `tai`:
/// `(T + adjustment) × tai_value`, adjustment `1 + 2k` if the winner is the dealer, `1` if the
/// payer is the dealer, else 0 (H38/H39, L33/L34).
pub fn payment(tai: u32, winner: usize, payer: usize, dealer: usize, streak: u32, tai_value: u32) -> i64 {
    let adjustment = if winner == dealer {
        1 + 2 * streak as i64
    } else if payer == dealer {
        1
    } else {
        0
    };
    (tai as i64 + adjustment) * tai_value as i64
}

/// The result of settling one deal (TW §15, §16).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSettlement {
    /// Net change per position; sums to zero.
    pub payments: [i64; 4],
    /// The dealer of the next deal.
    pub dealer_after: usize,
    /// The dealer's streak for the next deal.
    pub streak_after: u32,
    /// Whether the dealership passed (the pass count r grows by one).
    pub passed: bool,
}

fn check_wins(wins: &[TwWin], dealer: usize) -> Result<()> {
    let bad = |m: String| Err(MahjongError::hand(m));
    if dealer > 3 {
        return bad(format!("dealer {dealer} is not a position 0..=3"));
    }
    if wins.len() > 3 {
        return bad(format!("{} winners (at most three: the discarder cannot win)", wins.len()));
    }
    for (i, w) in wins.iter().enumerate() {
        if w.winner > 3 {
            return bad(format!("winner {} is not a position 0..=3", w.winner));
        }
        if wins[..i].iter().any(|o| o.winner == w.winner) {
            return bad(format!("position {} wins twice in one deal", w.winner));
        }
        match (w.self_drawn, w.discarder) {
            (true, None) => {
                if wins.len() > 1 {
                    return bad("a self-drawn win is the deal's only win (several winners only on one tile)".into());
                }
            }
            (false, Some(d)) => {
                if d > 3 || d == w.winner {
                    return bad(format!("discarder {d} must be another position 0..=3 than the winner {}", w.winner));
                }
                if wins.iter().any(|o| o.discarder != Some(d)) {
                    return bad("several winners of one deal win on the same tile (one discarder)".into());
                }
            }
            (true, Some(_)) => return bad("a self-drawn win has no discarder".into()),
            (false, None) => return bad("a win on a discard needs the discarder".into()),
        }
    }
    Ok(())
}

/// Payments of one win (TW §15) by position; sums to zero.
pub fn win_payments(win: &TwWin, dealer: usize, streak: u32, tai_value: u32) -> Result<[i64; 4]> {
    check_wins(std::slice::from_ref(win), dealer)?;
    Ok(payments_of(win, dealer, streak, tai_value))
}

fn payments_of(w: &TwWin, dealer: usize, streak: u32, tai_value: u32) -> [i64; 4] {
    let mut p = [0i64; 4];
    let payers = (0..4).filter(|&q| q != w.winner && (w.self_drawn || Some(q) == w.discarder));
    for q in payers {
        let a = payment(w.tai, w.winner, q, dealer, streak, tai_value);
        p[q] -= a;
        p[w.winner] += a;
    }
    p
}

/// TW §15 and §16 for one deal: every winner is settled separately (several winners on one
/// tile are each paid by the discarder); no win (an exhaustive draw) settles nothing and keeps
/// dealer and streak; the dealer among the winners keeps the seat with streak k + 1; otherwise
/// the dealership passes to the next position with streak 0.
///
/// Errors: `RuleConfig` for a `tai_value` outside 1…10⁶; `InvalidHand` for impossible wins
/// (positions out of range, a winner twice, a self-drawn win with another win, winners on
/// different discards, the discarder among the winners).
pub fn settle_deal(wins: &[TwWin], dealer: usize, streak: u32, tai_value: u32) -> Result<DealSettlement> {
    TwSwitches { tai_value, ..TwSwitches::default() }.validate()?;
    check_wins(wins, dealer)?;
    let mut payments = [0i64; 4];
    for w in wins {
        let p = payments_of(w, dealer, streak, tai_value);
        for (a, b) in payments.iter_mut().zip(p) {
            *a += b;
        }
    }
    let (dealer_after, streak_after, passed) = if wins.is_empty() {
        (dealer, streak, false)
    } else if wins.iter().any(|w| w.winner == dealer) {
        (dealer, streak.saturating_add(1), false)
    } else {
        ((dealer + 1) % 4, 0, true)
    };
    Ok(DealSettlement { payments, dealer_after, streak_after, passed })
}

/// The state carried between the deals of a match (TW §16). Positions are the players P0..P3
/// in turn order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MatchState {
    pub switches: TwSwitches,
    pub dealer: usize,
    /// The dealer's streak k.
    pub streak: u32,
    /// Passes of the dealership r.
    pub passes: u32,
    /// Deals played.
    pub deals: u32,
    pub scores: [i64; 4],
}

/// One deal as the match recorded it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchDeal {
    /// Seat wind of each player in that deal (0 = East … 3 = North).
    pub seat_winds: [u8; 4],
    /// Round wind of that deal (0 = East … 3 = North).
    pub round_wind: u8,
    /// The dealer's streak during that deal.
    pub streak: u32,
    pub settlement: DealSettlement,
    /// Passes after the deal.
    pub passes_after: u32,
}

impl MatchState {
    /// A new match: `first_dealer` deals first (P0 in the product, TW §2), streak 0, no
    /// passes, every score `starting_score`. Errors: invalid switches (`RuleConfig`), a dealer
    /// outside 0..=3 (`InvalidHand`).
    pub fn new(switches: &TwSwitches, first_dealer: usize) -> Result<MatchState> {
        switches.validate()?;
        if first_dealer > 3 {
            return Err(MahjongError::hand(format!("first dealer {first_dealer} is not a player 0..=3")));
        }
        Ok(MatchState {
            switches: switches.clone(),
            dealer: first_dealer,
            streak: 0,
            passes: 0,
            deals: 0,
            scores: [switches.starting_score; 4],
        })
    }

    /// Seat wind of player `p` now (0 = East, the dealer; then South, West, North in turn order).
    pub fn seat_wind(&self, p: usize) -> u8 {
        ((p + 4 - self.dealer) % 4) as u8
    }

    /// Seat winds of the four players now.
    pub fn seat_winds(&self) -> [u8; 4] {
        [0, 1, 2, 3].map(|p| self.seat_wind(p))
    }

    /// TW §16: East while r = 0…3, South 4…7, West 8…11, North 12…15 (and North beyond,
    /// which only `max_deals` could reach: a full game ends at 16).
    pub fn round_wind(&self) -> u8 {
        (self.passes / 4).min(3) as u8
    }

    /// TW §16: over after one deal (`one_deal`), at 4 passes (`east_round`), at 16
    /// (`full_game`), or after `max_deals` deals.
    pub fn is_over(&self) -> bool {
        if self.deals >= self.switches.max_deals {
            return true;
        }
        match self.switches.match_length.passes() {
            None => self.deals >= 1,
            Some(n) => self.passes >= n,
        }
    }

    /// Settle the next deal (`wins` by player, empty for an exhaustive draw) and move the
    /// dealership, streak, passes and scores on (TW §15, §16). Errors: the match is over, or
    /// the wins are impossible (see [`settle_deal`]); the state is unchanged then.
    pub fn play_deal(&mut self, wins: &[TwWin]) -> Result<MatchDeal> {
        if self.is_over() {
            return Err(MahjongError::hand("the match is over: no further deal"));
        }
        let s = settle_deal(wins, self.dealer, self.streak, self.switches.tai_value)?;
        let record = MatchDeal {
            seat_winds: self.seat_winds(),
            round_wind: self.round_wind(),
            streak: self.streak,
            settlement: s,
            passes_after: self.passes + s.passed as u32,
        };
        for (score, p) in self.scores.iter_mut().zip(s.payments) {
            *score += p;
        }
        self.dealer = s.dealer_after;
        self.streak = s.streak_after;
        self.passes = record.passes_after;
        self.deals += 1;
        Ok(record)
    }
}
