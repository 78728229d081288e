//! What a ruleset tells the expert seat (`agents/expert`) about hands it cannot score yet: the
//! value an unfinished hand of the seat's may reach, the value and legality of an opponent's
//! hand seen from outside, and the weights that turn them into decisions. Each ruleset answers
//! in its own folder (`hong_kong/estimate.rs`, `taiwanese/estimate.rs`); the defaults here
//! serve a ruleset that says nothing (the minimum, a coin for legality).
//!
//! Everything here is read from one seat's view (HK §14): its own tiles and the public table.
//! Ready hands are never estimated: the expert values them exactly
//! ([`crate::rules::wait_values`], [`crate::rules::Ruleset::score`]).

#![allow(clippy::needless_range_loop)] // kinds are indices by nature

use crate::tiles::hand::{Counts, Meld, MeldKind};
use crate::tiles::tile::N_KINDS;

/// The shape of one seat's unfinished hand, counted once per decision for the ruleset's
/// estimate: what its concealed tiles and declared sets hold, and the seat's situation.
#[derive(Debug, Clone, Copy)]
pub struct HandFeatures<'a> {
    /// Concealed tiles by kind (a 13-equivalent hand: after the discard).
    pub concealed: &'a Counts,
    /// The seat's declared sets.
    pub melds: &'a [Meld],
    /// Concealed tiles and declared sets together, by kind.
    pub all: Counts,
    /// Copies of each kind the seat cannot see.
    pub unseen: &'a Counts,
    /// Sets the ruleset's standard shape needs (4 or 5).
    pub n_sets: usize,
    /// Whether the ruleset knows seven pairs.
    pub seven_pairs: bool,
    /// The seat's exposed bonus tiles (bit i = `(i+1)f`).
    pub bonus: u8,
    /// 0 = East .. 3 = North.
    pub seat_wind: u8,
    /// 0 = East .. 3 = North.
    pub prevailing_wind: u8,
    /// Some declared set was claimed from a discard (the hand is not concealed).
    pub claimed: bool,
    /// Declared chows.
    pub chow_melds: usize,
    /// Declared pungs and kongs.
    pub pung_melds: usize,
    /// Concealed kinds held two or more times.
    pub pairs: usize,
    /// Concealed kinds held three or more times, and concealed kongs.
    pub concealed_pungs: usize,
    /// Tiles of each suit (concealed and declared).
    pub per_suit: [u32; 3],
    /// Honour tiles (concealed and declared).
    pub honours: u32,
    /// The suit with most tiles (the lower on a tie).
    pub best_suit: usize,
    /// Whether a declared set lies in another suit than `best_suit`.
    pub off_suit_meld: bool,
}

impl<'a> HandFeatures<'a> {
    /// The features of `concealed` + `melds` for a seat with `bonus` and these winds.
    #[allow(clippy::too_many_arguments)]
    pub fn of(
        concealed: &'a Counts,
        melds: &'a [Meld],
        unseen: &'a Counts,
        n_sets: usize,
        seven_pairs: bool,
        bonus: u8,
        seat_wind: u8,
        prevailing_wind: u8,
    ) -> Self {
        let mut all = *concealed;
        let (mut chow_melds, mut pung_melds, mut concealed_pungs) = (0, 0, 0);
        let mut claimed = false;
        for m in melds {
            let k = m.tile.index();
            claimed |= m.kind != MeldKind::ConcealedKong;
            if m.kind == MeldKind::Chow {
                chow_melds += 1;
                for j in 0..3 {
                    all[(k + j).min(N_KINDS - 1)] += 1;
                }
            } else {
                pung_melds += 1;
                all[k] += 3;
                concealed_pungs += (m.kind == MeldKind::ConcealedKong) as usize;
            }
        }
        let pairs = concealed.iter().filter(|&&c| c >= 2).count();
        concealed_pungs += concealed.iter().filter(|&&c| c >= 3).count();
        let mut per_suit = [0u32; 3];
        let mut honours = 0;
        for k in 0..N_KINDS {
            if k < 27 {
                per_suit[k / 9] += all[k] as u32;
            } else {
                honours += all[k] as u32;
            }
        }
        let best_suit = (0..3).max_by_key(|&i| (per_suit[i], 3 - i)).unwrap_or(0);
        let off_suit_meld = melds.iter().any(|m| m.tile.index() < 27 && m.tile.index() / 9 != best_suit);
        HandFeatures {
            concealed,
            melds,
            all,
            unseen,
            n_sets,
            seven_pairs,
            bonus,
            seat_wind,
            prevailing_wind,
            claimed,
            chow_melds,
            pung_melds,
            pairs,
            concealed_pungs,
            per_suit,
            honours,
            best_suit,
            off_suit_meld,
        }
    }

    /// Suited tiles outside `best_suit`: what a flush still has to let go.
    pub fn off_suit(&self) -> u32 {
        self.per_suit.iter().sum::<u32>() - self.per_suit[self.best_suit]
    }

    /// The chance-weighted share of a flush, 1 when every suited tile is of one suit, falling
    /// with each tile of another suit (0 beyond three, or with a set declared in another suit).
    pub fn flush_keep(&self) -> f64 {
        if self.off_suit_meld || self.per_suit[self.best_suit] == 0 {
            return 0.0;
        }
        [1.0, 0.55, 0.3, 0.12].get(self.off_suit() as usize).copied().unwrap_or(0.0)
    }

    /// How far the hand is from all pungs: sets and pairs missing (0 = every group a pung or
    /// pair; `None` with a declared chow).
    pub fn pung_deficit(&self) -> Option<usize> {
        (self.chow_melds == 0).then(|| (self.n_sets + 1).saturating_sub(self.pung_melds + self.pairs))
    }

    /// A pung of honour `h` (27..34): 1 if held or declared as a pung, else the chance-like
    /// weight of a concealed pair whose third copy is unseen.
    pub fn honour_pung(&self, h: usize) -> f64 {
        if self.all[h] >= 3 {
            1.0
        } else if self.concealed[h] == 2 && self.unseen[h] > 0 {
            0.2 * self.unseen[h] as f64
        } else {
            0.0
        }
    }

    /// Bonus tiles exposed.
    pub fn bonus_count(&self) -> u32 {
        self.bonus.count_ones()
    }
}

/// What a hand is estimated to be worth once complete, in the ruleset's unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outlook {
    /// Won on a discard.
    pub discard: f64,
    /// Self-drawn.
    pub self_drawn: f64,
}

/// An opponent's declared sets and exposed bonus tiles as the expert reads them.
#[derive(Debug, Clone, Copy)]
pub struct OpponentFeatures<'a> {
    /// Its declared sets (concealed kongs included: their kind is public).
    pub melds: &'a [Meld],
    /// Its exposed bonus tiles (bit i = `(i+1)f`).
    pub bonus: u8,
    /// Its seat wind and the prevailing wind.
    pub seat_wind: u8,
    pub prevailing_wind: u8,
    /// The suit its declared sets are all in (two or more, no other suit), if any.
    pub flush: Option<u8>,
    /// Whether it declared an honour set.
    pub honour_sets: bool,
}

impl OpponentFeatures<'_> {
    /// Whether every declared set is a concealed kong (the hand is concealed).
    pub fn concealed(&self) -> bool {
        self.melds.iter().all(|m| m.kind == MeldKind::ConcealedKong)
    }
}

/// What a ready-looking opponent's win on a discard would be, as the expert estimates it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpponentOutlook {
    /// The chance that a ready hand of this opponent can win on a discard (it reaches the
    /// minimum).
    pub legal: f64,
    /// Its value (the ruleset's unit).
    pub value: f64,
}

/// The weights that turn estimates into decisions under one ruleset (measured with the arena;
/// `docs/ai.md`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpertStyle {
    /// Share of wins expected to be self-drawn.
    pub self_draw_share: f64,
    /// Per-turn chance that the deal ends by another seat's win.
    pub hazard: f64,
    /// Multiplier of the expected loss of a discard.
    pub caution: f64,
    /// Least chance kept that a hand estimated under the minimum reaches it.
    pub below_min_keep: f64,
    /// Factor per shanten step on the chance to win.
    pub step_keep: f64,
    /// Exponent on the points of a win and of a loss (1: expected points; below 1 weighs
    /// winning at all above winning big), rescaled to agree at the minimum.
    pub alpha: f64,
    /// Weight of the look-ahead over the next draw in the value of a hand one step from ready
    /// (0: the ruleset's estimate alone; 1: the look-ahead alone).
    pub lookahead: f64,
}

impl ExpertStyle {
    /// The field names, in the order of [`ExpertStyle::values`].
    pub const FIELDS: [&'static str; 7] =
        ["self_draw_share", "hazard", "caution", "below_min_keep", "step_keep", "alpha", "lookahead"];

    /// The allowed closed range of each field (same order as [`ExpertStyle::FIELDS`]).
    pub const RANGES: [(f64, f64); 7] = [(0.0, 1.0), (0.0, 0.5), (0.0, 10.0), (0.0, 1.0), (0.0, 1.0), (0.05, 4.0), (0.0, 1.0)];

    /// The weights in the order of [`ExpertStyle::FIELDS`].
    pub fn values(&self) -> [f64; 7] {
        [self.self_draw_share, self.hazard, self.caution, self.below_min_keep, self.step_keep, self.alpha, self.lookahead]
    }

    /// The style of the weights `v` (order of [`ExpertStyle::FIELDS`]). Errors
    /// (`RuleConfig`): a value that is not finite or outside its range of [`ExpertStyle::RANGES`].
    pub fn from_values(v: [f64; 7]) -> crate::error::Result<ExpertStyle> {
        for ((name, (lo, hi)), x) in Self::FIELDS.iter().zip(Self::RANGES).zip(v) {
            if !x.is_finite() || x < lo || x > hi {
                return Err(crate::error::MahjongError::RuleConfig(format!(
                    "expert style: {name} must be a finite number in {lo}..={hi}, got {x}"
                )));
            }
        }
        let [self_draw_share, hazard, caution, below_min_keep, step_keep, alpha, lookahead] = v;
        Ok(ExpertStyle { self_draw_share, hazard, caution, below_min_keep, step_keep, alpha, lookahead })
    }
}

impl Default for ExpertStyle {
    fn default() -> Self {
        ExpertStyle {
            self_draw_share: 0.4,
            hazard: 0.05,
            caution: 0.05,
            below_min_keep: 0.1,
            step_keep: 0.5,
            alpha: 0.2,
            lookahead: 0.0,
        }
    }
}

/// The estimate of a ruleset that says nothing of its table: the minimum (one more self-drawn).
pub fn default_outlook(min: u8) -> Outlook {
    Outlook { discard: min as f64, self_drawn: min as f64 + 1.0 }
}
