//! A match: the state carried from one deal to the next (HK §12, TW §16), for every ruleset:
//! the dealer and the round wind (TW §3).
//! Pure Rust; the simulation and the bindings play matches with it.
//!
//! The ruleset says everything that differs: which [`MatchOptions`] it takes and where a match
//! starts ([`Rules::match_start`]), how each deal is settled and who deals next
//! ([`Rules::settle`]), the round wind and when the match is over. This module only carries
//! the position from deal to deal and checks a deal's result against it.
//!
//! [`Rules::match_start`]: crate::rules::Rules::match_start
//! [`Rules::settle`]: crate::rules::Rules::settle

use super::deal::DealOptions;
use super::event::DealResult;
use crate::error::{MahjongError, Result};
use crate::rules::{MatchOptions, MatchPosition, Ruleset, Settlement, WinPayment};

/// What the next deal of a match starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextDeal {
    /// Deals already played in the match (0 for the first).
    pub deal_in_match: u32,
    /// The deal's index (its wall; `start_deal + deal_in_match`).
    pub deal_index: u32,
    pub dealer: u8,
    /// The dealer's streak k (TW §15, §16; 0 where the ruleset keeps none).
    pub dealer_streak: u32,
    /// The prevailing (round) wind 0..=3.
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

/// One deal as the match recorded it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchDeal {
    /// Seat wind of each player in that deal (0 = East, the dealer … 3 = North).
    pub seat_winds: [u8; 4],
    /// Round wind of that deal.
    pub round_wind: u8,
    /// The dealer's streak during that deal.
    pub streak: u32,
    pub settlement: Settlement,
    /// Passes of the dealership after the deal.
    pub passes_after: u32,
}

/// The state of a match between its deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    rules: Ruleset,
    opts: MatchOptions,
    pos: MatchPosition,
}

impl Match {
    /// A new match under `rules` as `opts` ask (see [`crate::rules::Rules::match_start`]).
    /// Errors: invalid switches or options the ruleset does not take (`RuleConfig`), a first
    /// dealer outside 0..=3 (`InvalidHand`).
    pub fn new(rules: &Ruleset, opts: MatchOptions) -> Result<Match> {
        rules.validate()?;
        let pos = rules.match_start(&opts)?;
        Ok(Match { rules: rules.clone(), opts, pos })
    }

    /// The ruleset of every deal.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    /// Deals played so far.
    pub fn deals(&self) -> u32 {
        self.pos.deals
    }
    /// The dealer of the next deal.
    pub fn dealer(&self) -> u8 {
        self.pos.dealer
    }
    /// The dealer's streak k for the next deal.
    pub fn streak(&self) -> u32 {
        self.pos.streak
    }
    /// Passes of the dealership so far.
    pub fn passes(&self) -> u32 {
        self.pos.passes
    }
    /// The round wind of the next deal.
    pub fn round_wind(&self) -> u8 {
        self.rules.round_wind(&self.pos)
    }
    /// Every player's score now.
    pub fn scores(&self) -> [i64; 4] {
        self.pos.scores
    }
    /// Seat wind of player `p` in the next deal (0 = East, the dealer; then in turn order).
    pub fn seat_wind(&self, p: usize) -> u8 {
        ((p + 4 - self.pos.dealer as usize) % 4) as u8
    }
    /// How long the match lasts, in words for a person (the ruleset's).
    pub fn describe(&self) -> String {
        self.rules.describe_match(&self.opts)
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.rules.match_is_over(&self.opts, &self.pos)
    }

    /// The next deal (None once the match is over).
    pub fn next_deal(&self) -> Option<NextDeal> {
        (!self.is_over()).then(|| NextDeal {
            deal_in_match: self.pos.deals,
            deal_index: self.opts.start_deal.wrapping_add(self.pos.deals),
            dealer: self.pos.dealer,
            dealer_streak: self.pos.streak,
            prevailing_wind: self.round_wind(),
            scores: self.pos.scores,
        })
    }

    /// Settle the next deal from its wins alone (`wins` by player, empty for an exhaustive
    /// draw) and move the match on. Errors (`InvalidHand`, the match unchanged): the match is
    /// over, or the wins are impossible.
    pub fn play_deal(&mut self, wins: &[WinPayment]) -> Result<MatchDeal> {
        if self.is_over() {
            return Err(MahjongError::hand("the match is over: no further deal"));
        }
        let s = self.rules.settle(wins, self.pos.dealer as usize, self.pos.streak)?;
        self.play_settled(s)
    }

    /// Move the match on by a deal settled elsewhere (`s`, made by the ruleset for the dealer
    /// and streak of [`Match::next_deal`]: a Hong Kong false win, HK §19.11). Errors
    /// (`InvalidHand`, the match unchanged): the match is over, or a score would overflow.
    pub fn play_settled(&mut self, s: Settlement) -> Result<MatchDeal> {
        if self.is_over() {
            return Err(MahjongError::hand("the match is over: no further deal"));
        }
        let record = MatchDeal {
            seat_winds: [0, 1, 2, 3].map(|p| self.seat_wind(p)),
            round_wind: self.round_wind(),
            streak: self.pos.streak,
            settlement: s,
            passes_after: self.pos.passes + u32::from(s.passed),
        };
        let mut scores = self.pos.scores;
        for (score, p) in scores.iter_mut().zip(s.payments) {
            *score =
                score.checked_add(p).ok_or_else(|| MahjongError::hand("a score would leave the range of 64-bit integers"))?;
        }
        self.pos = MatchPosition {
            dealer: s.dealer_after as u8,
            streak: s.streak_after,
            passes: record.passes_after,
            deals: self.pos.deals + 1,
            scores,
        };
        Ok(record)
    }

    /// Record the result of the deal [`Match::next_deal`] described and move the match on.
    /// Errors (`InvalidHand`, the match unchanged): the match is over, or `r` is not a result
    /// of that deal (another dealer, streak, round wind or starting scores, or payments the
    /// ruleset's settlement would not make).
    pub fn record(&mut self, r: &DealResult) -> Result<MatchDeal> {
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
        let wins: Vec<WinPayment> = r.wins.iter().map(|w| w.as_payment()).collect();
        let mut after = self.clone();
        let mut rec = after.play_deal(&wins)?;
        if rec.settlement.payments != r.payments {
            // house rules settle a deal beyond its wins (HK §19.8 liability, §19.11 a false
            // win): the deal's own settlement, which must move the dealer as its wins do
            let (s, w) = (r.settlement, rec.settlement);
            let same_move = (s.dealer_after, s.streak_after, s.passed) == (w.dealer_after, w.streak_after, w.passed);
            if !self.rules.has_hooks() || !same_move || s.payments != r.payments || s.payments.iter().sum::<i64>() != 0 {
                return Err(MahjongError::hand("the result's payments are not the ruleset's settlement of its wins"));
            }
            after = self.clone();
            rec = after.play_settled(s)?;
        }
        *self = after;
        Ok(rec)
    }
}

/// Deal `deal_index` played alone, outside any match (a simulation by deals, an arena wall):
/// where the ruleset's deals are independent (HK §12) it is that deal of a match starting
/// there, with its dealer; otherwise (TW §16) the first deal of a match.
pub fn lone_deal(rules: &Ruleset, deal_index: u32) -> Result<NextDeal> {
    let opts = if rules.independent_deals() {
        MatchOptions { start_deal: deal_index, ..MatchOptions::default() }
    } else {
        MatchOptions::default()
    };
    let m = Match::new(rules, opts)?;
    m.next_deal().map(|n| NextDeal { deal_index, ..n }).ok_or_else(|| MahjongError::hand("a match without a deal"))
}
