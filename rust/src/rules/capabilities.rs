//! The capabilities a ruleset has (design §2): small traits, each a question the engine asks of
//! one part of the rules, implemented in the ruleset's own folder. [`Rules`](super::Rules) is
//! the sum of them; the rest of the crate asks a [`Ruleset`](super::Ruleset), which forwards.
//!
//! - [`Identity`]: the name, the unit, the wording and the switch values;
//! - [`Table`]: the tiles and shapes, the dead wall, a hand's value with its minimum and cap;
//! - [`Payments`]: what a win pays and how a deal is settled;
//! - [`MatchFlow`]: where a match starts, how the dealer and the round wind go, when it ends;
//! - the deal hooks (`hooks.rs`): [`DealSetup`](super::DealSetup), the deal's tile set, wall
//!   rules, rule flags, extra actions and who wins one discard;
//!   [`PlayHooks`](super::PlayHooks), the house rules of play (restrictions, windows, rule
//!   state, false wins); [`BonusTileWins`](super::BonusTileWins), the bonus-tile wins;
//!   [`LiabilityRules`](super::LiabilityRules), liability and its settlement.
//!
//! Positions 0..=3 are players in turn order. Errors are
//! [`MahjongError`](crate::error::MahjongError)s: `RuleConfig` for switches and match options,
//! `InvalidHand` for impossible hands, situations and wins.

use crate::analysis::decompose::ShapeRules;
use crate::error::Result;
use crate::rules::scoring::{DealProgress, ScoreOutcome, WinContext};
use crate::rules::switch_table::SwitchSet;
use crate::rules::{MatchOptions, MatchPosition, Settlement, WinPayment, Wording};
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Tile, N_KINDS};

/// Who the ruleset is: its name, unit and wording, and its switch values.
pub trait Identity {
    /// The name as in the rules files (`"hong-kong"`, `"taiwanese-high"`).
    fn name(&self) -> &'static str;
    /// The game's name for a person (`"Hong Kong mahjong"`).
    fn title(&self) -> &'static str;
    /// What the ruleset says of itself to a person ([`Wording`]): the unit's name in text, the
    /// winning shapes in words, the rules section of each [`Fact`].
    fn wording(&self) -> &'static Wording;
    /// The names of every element its table can score or settle, in three languages
    /// ([`crate::rules::names`]), in code order; none by default (a ruleset without names).
    fn element_names(&self) -> &'static [crate::rules::names::NamedElement] {
        &[]
    }
    /// Every switch with its value, checked; its table ([`SwitchSet::table`]) is the
    /// ruleset's declaration of its switches and builds the ruleset of other values.
    fn switches(&self) -> &SwitchSet;
}

/// The table: the winning shapes, the dead wall, who wins a contested tile, and a hand's value
/// in a full situation with the minimum and the cap.
pub trait Table {
    /// Winning shapes: sets per hand and the special shapes.
    fn shapes(&self) -> &'static ShapeRules;
    /// Tiles at the tail of the wall that are never drawn.
    fn dead_wall(&self) -> usize;
    /// Whether a tile drawn to replace a bonus tile counts as a replacement for the
    /// replacement-tile element (else only a kong's replacement chain does).
    fn bonus_replacement_scores(&self) -> bool;
    /// Whether the deal's progress ([`DealProgress`]: discards made, the winner's discards,
    /// an interruption, the dealer's streak) can change a score or a payment.
    fn reads_progress(&self) -> bool;
    /// A representative of the progresses that give every hand the same score as `p` does
    /// (among the progresses a deal can reach): two progresses with the same class score every
    /// hand, winning tile and situation alike. A key for caches of scores, never scored
    /// itself. The default is `p` itself (no two progresses assumed alike).
    fn value_progress_class(&self, p: &DealProgress) -> DealProgress {
        *p
    }
    /// The smallest value that is a legal win.
    fn min_value(&self) -> u8;
    /// The cap (totals above become it; a limit hand is worth it), or 255 without a cap.
    fn max_value(&self) -> u8;
    /// The value of element `code` as this ruleset scores it (its switches and overrides
    /// applied; a limit hand: the cap), `None` for an element it does not score. The agents
    /// read what they estimate from it (never from a ruleset's name).
    fn element_value(&self, _code: &str) -> Option<u8> {
        None
    }
    /// Score a win in its full situation (`hand` before the winning tile; `win_tile` `None`
    /// only for the dealer's start win): every interpretation valued, the best chosen, the
    /// minimum and the cap applied. An impossible situation is an `InvalidHand` error; a hand
    /// that does not win is `Ok` with `is_win = false` and its reason.
    fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome>;
    /// The value of each wait of a ready hand (the kinds of `waits`, a mask by kind) won
    /// self-drawn in `ts` and on a discard in `ron`, into `values[0]` / `values[1]` at the
    /// wait's kind: the `value` of [`Table::score`] where it is a legal win, -1 where it is not
    /// (or the situation is impossible); other entries are left as they are. By default each
    /// is scored; a ruleset may share the work of the two situations (the same numbers).
    fn wait_values_into(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        score_each_wait(self, hand, waits, ts, ron, values);
    }
    /// Whether a win's situation is one a deal can reach (the order of turns, discards and
    /// claims; TW §10a), with the discarder's seat wind where the caller knows it
    /// (`score(..., discarder=)`, a set-up position). By default every situation is (a ruleset
    /// that scores no history, as Hong Kong).
    fn check_history(&self, _hand: &Hand, _ctx: &WinContext, _discarder: Option<u8>) -> Result<()> {
        Ok(())
    }
}

/// What wins pay and how a deal is settled.
pub trait Payments {
    /// What one unit of value is worth in points as each opponent pays it on a self-drawn win
    /// by a player who is not the dealer (value above the cap read as the cap).
    fn base(&self, value: u8) -> i64;
    /// The value a win is paid for: `value` itself unless the payments cap it apart from the
    /// score (TW §20.2.1 `tai_cap`: the score keeps the uncapped hand Tai).
    fn paid_value(&self, value: u8) -> u8 {
        value
    }
    /// Payments of one win, by position, summing to zero, with the deal's dealer and streak.
    fn win_payments(&self, win: &WinPayment, dealer: usize, streak: u32) -> Result<[i64; 4]>;
    /// Settle a deal's wins (empty for an exhaustive draw): the payments of every winner and
    /// who deals next with which streak.
    fn settle(&self, wins: &[WinPayment], dealer: usize, streak: u32) -> Result<Settlement>;
}

/// The match: its start, when it is over, the round wind, and its length in words.
pub trait MatchFlow {
    /// Whether a deal can be played alone from its index (nothing but the scores carries over)
    /// rather than only as part of a match.
    fn independent_deals(&self) -> bool;
    /// The position before the first deal of a match asked for with `opts` (options the
    /// ruleset does not take are a `RuleConfig` error naming them).
    fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition>;
    /// Whether the match is over at `pos`.
    fn match_is_over(&self, opts: &MatchOptions, pos: &MatchPosition) -> bool;
    /// The prevailing (round) wind of the next deal at `pos`, 0 = East .. 3 = North.
    fn round_wind(&self, pos: &MatchPosition) -> u8;
    /// How long a match asked for with `opts` lasts, in words for a person (`"1 deal"`,
    /// `"a match of the East round ..."`).
    fn describe_match(&self, opts: &MatchOptions) -> String;
    /// Why a deal depends on the one before, in words naming the switch or rule that makes it
    /// so (HK §19.10 `dealer_repeat = on_win`), or `None` when the ruleset gives no reason
    /// beyond [`MatchFlow::independent_deals`] being false.
    fn deal_dependency(&self) -> Option<String> {
        None
    }
}

/// [`Table::wait_values_into`] by scoring every wait in both situations: the default, and what
/// a ruleset that shares the work falls back to outside the situations it shares.
pub(crate) fn score_each_wait<R: Table + ?Sized>(
    rules: &R,
    hand: &Hand,
    waits: u64,
    ts: &WinContext,
    ron: &WinContext,
    values: &mut [[i16; N_KINDS]; 2],
) {
    let mut m = waits;
    while m != 0 {
        let w = m.trailing_zeros() as usize;
        m &= m - 1;
        for (out, ctx) in values.iter_mut().zip([ts, ron]) {
            out[w] = match rules.score(hand, Some(Tile(w as u8)), ctx) {
                Ok(o) if o.is_win => i16::from(o.value),
                _ => -1,
            };
        }
    }
}
