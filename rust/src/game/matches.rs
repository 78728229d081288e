//! A match: the state carried from one deal to the next (TW §16; Hong Kong's `rotate_dealer`
//! of HK §12). Pure Rust; the simulation plays matches with it (`crate::sim`).
//!
//! Taiwanese: the dealer, the dealer's streak k, the passes r, the round wind and the scores
//! move on exactly as [`crate::rules::taiwanese::settle::MatchState`] encodes TW §15–§16 (this module keeps no
//! second copy of those rules); the match ends per `match_length` / `max_deals`.
//! Hong Kong: [`HK_MATCH_DEALS`] deals, dealt by P0 or by P(i mod 4) with `rotate_dealer`,
//! prevailing wind East, scores carried over.

use super::deal::{DealOptions, PREVAILING_WIND};
use super::event::DealResult;
use crate::error::{MahjongError, Result};
use crate::rules::taiwanese::settle::{MatchState, TwWin};
use crate::rules::Ruleset;

/// Deals in a Hong Kong match (one per seat: each player deals once with `rotate_dealer`).
pub const HK_MATCH_DEALS: u32 = 4;

/// What the next deal of a match starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextDeal {
    /// Deals already played in the match (0 for the first).
    pub deal_in_match: u32,
    pub dealer: u8,
    /// The dealer's streak k (TW §15, §16; 0 in Hong Kong).
    pub dealer_streak: u32,
    /// The prevailing (round) wind 0..=3 (TW §16; East in Hong Kong).
    pub prevailing_wind: u8,
    /// Every player's score before the deal.
    pub scores: [i64; 4],
}

impl NextDeal {
    /// `base` with this deal's prevailing wind and streak.
    pub fn options(&self, base: DealOptions) -> DealOptions {
        DealOptions { prevailing_wind: self.prevailing_wind, dealer_streak: self.dealer_streak, ..base }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    Taiwanese(MatchState),
    HongKong { rotate: bool, deals: u32, scores: [i64; 4] },
}

/// The state of a match between its deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    state: State,
}

impl Match {
    /// A new match under `rules`: P0 deals first (TW §2), streak 0, no passes; scores
    /// `starting_score` (Taiwanese) or 0 (Hong Kong). Errors: invalid switches (`RuleConfig`).
    pub fn new(rules: &Ruleset) -> Result<Match> {
        rules.validate()?;
        let state = match rules.taiwanese_switches() {
            Some(sw) => State::Taiwanese(MatchState::new(sw, 0)?),
            None => State::HongKong { rotate: rules.rotate_dealer, deals: 0, scores: [0; 4] },
        };
        Ok(Match { state })
    }

    /// Deals played so far.
    pub fn deals(&self) -> u32 {
        match &self.state {
            State::Taiwanese(m) => m.deals,
            State::HongKong { deals, .. } => *deals,
        }
    }

    /// The dealer of the next deal.
    pub fn dealer(&self) -> u8 {
        match &self.state {
            State::Taiwanese(m) => m.dealer as u8,
            State::HongKong { rotate, deals, .. } => {
                if *rotate {
                    (*deals % 4) as u8
                } else {
                    0
                }
            }
        }
    }

    /// The dealer's streak k for the next deal (TW §16; 0 in Hong Kong).
    pub fn streak(&self) -> u32 {
        match &self.state {
            State::Taiwanese(m) => m.streak,
            State::HongKong { .. } => 0,
        }
    }

    /// Passes of the dealership r (TW §16; Hong Kong: 0).
    pub fn passes(&self) -> u32 {
        match &self.state {
            State::Taiwanese(m) => m.passes,
            State::HongKong { .. } => 0,
        }
    }

    /// The round wind of the next deal (TW §16; East in Hong Kong, HK §1.2).
    pub fn round_wind(&self) -> u8 {
        match &self.state {
            State::Taiwanese(m) => m.round_wind(),
            State::HongKong { .. } => PREVAILING_WIND,
        }
    }

    /// Every player's score now.
    pub fn scores(&self) -> [i64; 4] {
        match &self.state {
            State::Taiwanese(m) => m.scores,
            State::HongKong { scores, .. } => *scores,
        }
    }

    /// TW §16 `match_length` / `max_deals`; Hong Kong after [`HK_MATCH_DEALS`] deals.
    pub fn is_over(&self) -> bool {
        match &self.state {
            State::Taiwanese(m) => m.is_over(),
            State::HongKong { deals, .. } => *deals >= HK_MATCH_DEALS,
        }
    }

    /// The next deal (None once the match is over).
    pub fn next_deal(&self) -> Option<NextDeal> {
        (!self.is_over()).then(|| NextDeal {
            deal_in_match: self.deals(),
            dealer: self.dealer(),
            dealer_streak: self.streak(),
            prevailing_wind: self.round_wind(),
            scores: self.scores(),
        })
    }

    /// Record the result of the deal [`Match::next_deal`] described and move the match on
    /// (TW §15–§16 through [`MatchState::play_deal`]). Errors (`InvalidHand`, the match
    /// unchanged): the match is over, or `r` is not a result of that deal (another dealer,
    /// streak, round wind or starting scores, or payments settlement would not make).
    pub fn record(&mut self, r: &DealResult) -> Result<()> {
        let Some(next) = self.next_deal() else {
            return Err(MahjongError::hand("the match is over: no further deal to record"));
        };
        let before: [i64; 4] = std::array::from_fn(|p| r.scores[p] - r.payments[p]);
        if r.dealer != next.dealer
            || r.dealer_streak != next.dealer_streak
            || r.prevailing_wind != next.prevailing_wind
            || before != next.scores
        {
            return Err(MahjongError::hand(format!(
                "the result (dealer {}, streak {}, wind {}) is not that of the match's next deal (dealer {}, streak {}, wind {}, scores {:?})",
                r.dealer, r.dealer_streak, r.prevailing_wind, next.dealer, next.dealer_streak, next.prevailing_wind, next.scores
            )));
        }
        match &mut self.state {
            State::Taiwanese(m) => {
                let wins: Vec<TwWin> = r
                    .wins
                    .iter()
                    .map(|w| TwWin {
                        winner: w.player as usize,
                        tai: w.score.value.into(),
                        self_drawn: w.discarder.is_none(),
                        discarder: w.discarder.map(usize::from),
                    })
                    .collect();
                let mut after = m.clone();
                let rec = after.play_deal(&wins)?;
                if rec.settlement.payments != r.payments {
                    return Err(MahjongError::hand("the result's payments are not the TW §15 settlement of its wins"));
                }
                *m = after;
            }
            State::HongKong { deals, scores, .. } => {
                *scores = r.scores;
                *deals += 1;
            }
        }
        Ok(())
    }
}
