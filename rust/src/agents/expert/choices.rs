//! The expert's answers to a ruleset's own decisions, by value in the same points as its other
//! options (TW §20.6): whether to make a discard a ready declaration (§20.6.1), and whether to
//! take a bonus-tile win on offer in `BONUS_CHOICE` (§20.6.3, §20.5.8 rules 2 and 3).
//!
//! - **A ready declaration** adds what the ruleset scores for it to every later win
//!   ([`crate::agents::knowledge::Knowledge::declaration_gain`]: C15, or the live qualification
//!   C37/C29 a discard without it would lose; nothing with the high and low tables), and locks
//!   the hand: every later discard is the tile just drawn. Its gain is the ready hand's value
//!   declared (each live wait's exact value plus the value added) less its value as it is.
//!   That the declaration is public is not weighed: valuing a declared hand with half its wins
//!   on a discard (opponents who read it folding) played worse against the greedy and strong
//!   seats, which do not read it (docs/ai.md). The lock's cost is what the seat could no
//!   longer avoid: for each own discard expected before the deal ends, the mean over the tiles
//!   it may draw of the loss of discarding that tile beyond folding (giving up the hand's value
//!   instead), read from the opponents' threat as the defence reads it now. Declared when the
//!   gain is the larger.
//! - **A bonus-tile win on offer** is worth what it pays now (the ruleset's payment of its
//!   value, self-drawn or paid by the exposer); declining keeps the hand as it is, worth its
//!   offence (passing, or its best discard when it holds a tile more). Taken unless keeping
//!   the hand is worth more.
//!
//! Both read the seat's own view only (HK §14): its hand, the public table, its own flags.

use super::{defence, ExpertAgent, ExpertView, NOT_RATED};
use crate::agents::Situation;
use crate::error::Result;
use crate::rules::scoring::Qualification;
use crate::tiles::tile::{Tile, N_KINDS};

use super::view::at;

/// What a ready declaration is worth to the seat and what its lock is expected to cost, in
/// points ([`ExpertAgent::declaration_values`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeclarationValue {
    /// The value the declaration adds to the seat's later win, in the ruleset's unit.
    pub added: f64,
    /// Expected points the added value brings.
    pub gain: f64,
    /// Expected points the lock costs.
    pub lock_cost: f64,
}

impl DeclarationValue {
    /// Whether the seat declares: the gain above the lock's cost.
    pub fn declares(&self) -> bool {
        self.gain > self.lock_cost
    }
}

/// The qualification a ready declaration would keep for the seat (TW §20.6.2): the live one of
/// its own private flags, else earthly when this is its first discard of an uninterrupted deal
/// (the discard that may earn one: R1 (c), R2, R3 decide right after it; an estimate, the seat
/// cannot see the ruleset's own bookkeeping).
pub fn qualification_of(own_flags: &[&str], first_discard_uninterrupted: bool) -> Option<Qualification> {
    if own_flags.contains(&"heavenly_ready") {
        Some(Qualification::Heavenly)
    } else if own_flags.contains(&"earthly_ready") || first_discard_uninterrupted {
        Some(Qualification::Earthly)
    } else {
        None
    }
}

impl ExpertAgent {
    /// Whether to make the discard of `tile` a ready declaration (TW §20.6.1), given the seat's
    /// own private flags (`own_flags`, the ruleset's names): [`ExpertAgent::declaration_values`].
    ///
    /// Errors (`InvalidHand`): a hand without `tile`, or of the wrong size.
    pub fn declares(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, tile: Tile, own_flags: &[&str]) -> Result<bool> {
        Ok(self.declaration_values(s, v, tile, own_flags)?.is_some_and(|d| d.declares()))
    }

    /// The value of declaring ready with the discard of `tile` (the module's doc): None when
    /// the declaration adds nothing under this ruleset or the hand after the discard has no
    /// live legal wait.
    ///
    /// Errors (`InvalidHand`): a hand without `tile`, or of the wrong size.
    pub fn declaration_values(
        &mut self,
        s: &Situation<'_>,
        v: &ExpertView<'_>,
        tile: Tile,
        own_flags: &[&str],
    ) -> Result<Option<DeclarationValue>> {
        let me = v.table.player as usize % 4;
        let first = v.table.discards[me].is_empty() && !v.interrupted;
        let added = self.know.declaration_gain(qualification_of(own_flags, first));
        if added <= 0.0 {
            return Ok(None);
        }
        self.pay.update(&self.rules, self.style.alpha, self.style.exact_alpha, v.table.winds.seat_wind, v.dealer_streak);
        let mut c = *s.concealed;
        super::take(&mut c, tile, 1)?;
        let unseen = s.unseen;
        let total: f64 = unseen.iter().map(|&x| f64::from(x)).sum::<f64>().max(1.0);
        let wv = self.wait_values(&c, s.melds, v)?;
        let top = f64::from(self.rules.max_value());
        // per turn: the chance of a self-drawn win and of one on a discard, each times its
        // points, as the hand is (`now`) and declared (`more`: the value added)
        let (mut q_ts, mut q_ron) = (0.0, 0.0);
        let (mut now_ts, mut now_ron, mut more_ts, mut more_ron) = (0.0, 0.0, 0.0, 0.0);
        let mut wins = 0u64;
        for (w, live) in super::offence::live_waits(&wv, unseen) {
            if wv.self_drawn[w] >= 0 {
                let x = f64::from(wv.self_drawn[w]);
                q_ts += live;
                now_ts += live * at(&self.pay.exact_tsumo, x);
                more_ts += live * at(&self.pay.exact_tsumo, (x + added).min(top));
                wins |= 1 << w;
            }
            if wv.on_discard[w] >= 0 {
                // as the ready hand is valued (`ready_parts`): in a race a lone kind comes
                // sooner as a discard
                let x = f64::from(wv.on_discard[w]);
                let reach = self.ron_reach(w, unseen);
                q_ron += live * reach;
                now_ron += live * reach * at(&self.pay.exact_ron, x);
                more_ron += live * reach * at(&self.pay.exact_ron, (x + added).min(top));
            }
        }
        let q = q_ts + q_ron;
        if q <= 0.0 {
            return Ok(None);
        }
        let turns = f64::from(v.table.remaining) / 4.0;
        let p = self.p_win(q, turns);
        let hand = p * (now_ts + now_ron) / q;
        let gain = p * (more_ts + more_ron) / q - hand;
        // the own discards expected before someone wins or the wall ends
        let keep = (1.0 - q - self.style.hazard).clamp(0.0, 1.0);
        let n = if keep < 1.0 { (1.0 - keep.powf(turns)) / (1.0 - keep) } else { turns };
        let threats = defence::threats(&self.know, &self.rules, &self.pay, s, v);
        let mut per_turn = 0.0;
        for k in 0..N_KINDS {
            if unseen[k] == 0 || wins >> k & 1 == 1 {
                continue;
            }
            let loss = defence::loss(k, &threats, unseen, 0.0, self.style.caution);
            per_turn += f64::from(unseen[k]) / total * (loss - hand).max(0.0);
        }
        Ok(Some(DeclarationValue { added, gain, lock_cost: n * per_turn }))
    }

    /// Whether to take the bonus-tile win on offer (TW §20.6.3 `BONUS_WIN`) rather than
    /// declining it: `value` its value in the ruleset's unit (its element, with C27 at starting
    /// timing), `self_drawn` whether it is settled as self-drawn (else the exposer pays as a
    /// discarder). Taken unless the hand kept is worth more ([`ExpertAgent::bonus_values`]).
    ///
    /// Errors (`InvalidHand`): a hand with a fifth copy.
    pub fn takes_bonus_win(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, value: f64, self_drawn: bool) -> Result<bool> {
        let (take, keep) = self.bonus_values(s, v, value, self_drawn)?;
        Ok(take >= keep)
    }

    /// (taking the offered bonus-tile win, keeping the hand) in points: the win's payment
    /// (exact: bent by the style's `exact_alpha`) and the hand's offence as it is (passing, or
    /// its best discard when it holds a tile more; [`NOT_RATED`] for a hand still short of
    /// tiles in the initial replacement, which is then never kept).
    ///
    /// Errors (`InvalidHand`): a hand with a fifth copy.
    pub fn bonus_values(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, value: f64, self_drawn: bool) -> Result<(f64, f64)> {
        self.pay.update(&self.rules, self.style.alpha, self.style.exact_alpha, v.table.winds.seat_wind, v.dealer_streak);
        let take = at(if self_drawn { &self.pay.exact_tsumo } else { &self.pay.exact_ron }, value);
        let held = s.concealed.iter().map(|&x| usize::from(x)).sum::<usize>() + 3 * s.melds.len();
        let size = self.rules.hand_tiles();
        let keep = if held == size {
            let sh = self.ev.shanten(s.concealed, s.melds, self.rules.shapes())?;
            self.pass_value(s, v, sh)?
        } else if held == size + 1 {
            let threats = defence::threats(&self.know, &self.rules, &self.pay, s, v);
            let mut by_kind = [NOT_RATED; N_KINDS];
            self.discards(s.concealed, s.melds, v, s.unseen, &threats, &mut by_kind)?
        } else {
            NOT_RATED
        };
        Ok((take, keep))
    }
}
