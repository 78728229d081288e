//! The expert agent: every legal option valued in points from the seat's view only (HK §14),
//! the best taken; the values are exposed ([`ExpertAgent::option_values`]) so that the hints of
//! `play` rank by the same numbers the seat plays by.
//!
//! - **Offence** ([`offence`]): a ready hand's waits scored exactly by the ruleset in the deal's
//!   real situation (the seat's dealer status, the streak, discards made, an interruption, the
//!   round wind); an unfinished hand valued by the ruleset's own estimate
//!   ([`crate::agents::knowledge::Knowledge::estimate_hand`], by the ruleset's family), its chance from its
//!   shanten and ukeire against the draws left; one step from ready, blended by the style's
//!   `lookahead` weight with a look-ahead over the next draw (the ready hands each improving
//!   draw reaches with its best discard, valued exactly); and a limit hand the ruleset sees it
//!   may still become ([`crate::agents::knowledge::Knowledge::long_shot`]: HK thirteen orphans) at its chance
//!   times what it pays, when that chance is at least the style's `long_shot_min` and that is
//!   worth more. In a race ([`is_race`]: every complete hand wins, for a few units over base
//!   points) a wait on a discard, and a
//!   pair's pung before ready, count more the fewer runs go through the kind: the others, all
//!   playing for speed, let such tiles go first ([`offence::RACE_LONE`]).
//! - **Defence** ([`defence`]): each opponent's readiness and the chance its ready hand is a
//!   legal win ([`crate::agents::knowledge::Knowledge::estimate_opponent`]), what dealing in would
//!   cost under this ruleset's payments, each tile's danger from the visible tiles.
//! - **Push or fold by expected value**: a discard is worth its offence minus its expected
//!   loss; a claim the hand after it with its best discard; passing the hand as it is; a kong
//!   the hand after it; a win what it pays now. The weights are the ruleset's
//!   ([`crate::agents::knowledge::Knowledge::expert_style`]).
//!
//! A legal self-drawn win is always taken; a win on a discard too, unless the ready hand is
//! worth far more waiting for its self-drawn win (plain points, exact values:
//! [`ExpertAgent::wait_instead`], e.g. a concealed all-pungs hand waiting for HK L8).
//! Otherwise the option of the highest value is chosen (ties: the earlier option). Among
//! discards, values carry a tie-break far below a point: lower shanten, then more ukeire.
//! Units: points of the ruleset's payments; estimates of unfinished hands and of losses bent
//! by the style's `alpha` toward winning at all, exact values (wins, ready hands) by its
//! `exact_alpha`; long shots and waiting for a far bigger win in plain points. Deterministic:
//! no randomness, no hash maps; kinds and seats in order.

#![allow(clippy::needless_range_loop)] // kinds and seats are indices by nature

mod choices;
mod defence;
mod offence;
mod view;

#[cfg(test)]
mod tests;

use super::eval::{Evaluator, Rating};
use super::options::{claim, take};
use super::{LegalOption, OptionKind, Situation};
use crate::agents::knowledge::{ExpertStyle, Knowledge};
use crate::error::{MahjongError, Result};
use crate::rules::Ruleset;
use crate::tiles::hand::{Counts, Hand, Meld, MeldKind};
use crate::tiles::tile::N_KINDS;
pub use choices::{qualification_of, DeclarationValue};
use defence::Threat;
pub use view::{future_progress, ExpertView, ExpertViewBuf};

/// Ukeire assumed for a discard whose ukeire was not computed.
const ACC_PROXY: u32 = 16;

/// A value below every real one: an option not rated (a claim that does not advance the hand).
pub const NOT_RATED: f64 = f64::NEG_INFINITY;

/// The expert policy (one per thread; it keeps no state between decisions but caches).
pub struct ExpertAgent {
    ev: Evaluator,
    rules: Ruleset,
    /// What the agents know of `rules` beyond what it scores (estimates, long shots).
    know: Knowledge,
    style: ExpertStyle,
    /// Whether the ruleset makes a deal a race ([`is_race`]): a ready hand's waits on a
    /// discard and an unfinished hand's pairs are then weighed by how soon the others let
    /// their kinds go ([`offence::RACE_LONE`]).
    race: bool,
    rates: Vec<Rating>,
    melds: Vec<Meld>,
    hand: Hand,
    /// Set by [`ExpertAgent::offence`] when the hand it rated is ready with no live legal wait.
    dead: bool,
    pay: view::Payoffs,
    values: Vec<f64>,
    /// The wait values of ready hands scored before (kept across decisions: a kept entry is
    /// what scoring again would give).
    wait_cache: offence::WaitCache,
    /// The ready discards of 14-equivalent hands the look-ahead reached before (kept across
    /// decisions: a function of the hand alone).
    ready_discards: offence::ReadyDiscards,
    look_rates: Vec<Rating>,
}

/// Whether a deal under `rules` is a race: every complete hand is a legal win (a minimum of 0)
/// and a win pays mostly for being a win (one unit of value more adds at most half of what a
/// win at the minimum pays: a few Tai over base points, as the Taiwanese common tables of the
/// OMU presets, TW §20.4), so each seat plays for speed alone. Not under doubling payments
/// (Hong Kong with `min_faan` 0: a faan more doubles the payment), where value still counts.
pub(crate) fn is_race(rules: &Ruleset) -> bool {
    if rules.min_value() != 0 {
        return false;
    }
    // a non-dealer's win on another non-dealer's discard, no streak
    let paid = |value: u32| {
        let win = crate::rules::WinPayment { winner: 1, value, self_drawn: false, discarder: Some(2) };
        rules.win_payments(&win, 0, 0).map_or(0, |p| p[1])
    };
    let (at_min, one_more) = (paid(0), paid(1));
    at_min > 0 && 2 * (one_more - at_min) <= at_min
}

/// The option the expert takes given the values of `legal`: a legal win, unless passing is
/// valued above it (waiting for a far bigger win: [`ExpertAgent::option_values`]); else the
/// highest value (the earlier on a tie). `values` has one entry per option.
pub fn best_option(legal: &[LegalOption], values: &[f64]) -> usize {
    if let Some(i) = legal.iter().position(|o| matches!(o.kind, OptionKind::Win | OptionKind::SelfDrawnWin)) {
        return match legal.iter().position(|o| o.kind == OptionKind::Pass) {
            Some(p) if values[p] > values[i] => p,
            _ => i,
        };
    }
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

impl ExpertAgent {
    /// An expert agent for `rules` with the ruleset's weights.
    pub fn new(rules: Ruleset) -> Self {
        let style = Knowledge::of(&rules).expert_style();
        Self::with_style(rules, style)
    }

    /// An expert agent with explicit weights (for measuring them).
    pub fn with_style(rules: Ruleset, style: ExpertStyle) -> Self {
        ExpertAgent {
            ev: Evaluator::new(),
            know: Knowledge::of(&rules),
            race: is_race(&rules),
            rules,
            style,
            rates: Vec::with_capacity(18),
            melds: Vec::with_capacity(8),
            hand: Hand { concealed: [0; N_KINDS], melds: Vec::with_capacity(6), bonus: 0 },
            dead: false,
            pay: view::Payoffs::default(),
            values: Vec::with_capacity(24),
            wait_cache: offence::WaitCache::with_slots(offence::WAIT_SLOTS),
            ready_discards: offence::ReadyDiscards::with_slots(offence::DISCARD_SLOTS),
            look_rates: Vec::with_capacity(18),
        }
    }

    /// The weights in use.
    pub fn style(&self) -> ExpertStyle {
        self.style
    }

    /// The index of the chosen option in `s.legal`: [`best_option`] of the values.
    ///
    /// Errors (`InvalidHand`): no legal option, a hand of the wrong size or with a fifth copy, an
    /// option the hand cannot make, a claim window without a pass.
    pub fn choose(&mut self, s: &Situation<'_>, v: &ExpertView<'_>) -> Result<usize> {
        if s.legal.is_empty() {
            return Err(MahjongError::hand("no legal option to choose from"));
        }
        if let Some(i) = s.legal.iter().position(|o| o.kind == OptionKind::SelfDrawnWin) {
            return Ok(i);
        }
        if let Some(i) = s.legal.iter().position(|o| o.kind == OptionKind::Win) {
            self.pay.update(&self.rules, self.style.alpha, self.style.exact_alpha, v.table.winds.seat_wind, v.dealer_streak);
            let pass = s.legal.iter().position(|o| o.kind == OptionKind::Pass);
            return Ok(match pass {
                Some(p) if self.wait_instead(s, v)?.is_some() => p,
                _ => i,
            });
        }
        let mut values = std::mem::take(&mut self.values);
        let r = self.values_into(s, v, false, &mut values);
        let out = r.map(|()| best_option(s.legal, &values));
        self.values = values;
        out
    }

    /// The value in points of each legal option (one per entry of `s.legal`; estimates of
    /// unfinished hands and of losses bent by the style's `alpha` toward winning at all, exact
    /// values — a win on offer, a ready hand's waits — by its `exact_alpha`, a limit hand's
    /// chance and passing a win to wait for a far bigger one in plain points; every bent scale
    /// agrees with plain points at the minimum): a win what it pays now, a
    /// discard its offence minus its expected loss, a claim the hand after it with its best
    /// discard, passing the hand as it is, a kong the hand after it. A pung or chow that does
    /// not lower the shanten is not rated ([`NOT_RATED`]). [`best_option`] of these is
    /// [`ExpertAgent::choose`].
    ///
    /// Errors: as [`ExpertAgent::choose`].
    pub fn option_values(&mut self, s: &Situation<'_>, v: &ExpertView<'_>) -> Result<Vec<f64>> {
        if s.legal.is_empty() {
            return Err(MahjongError::hand("no legal option to choose from"));
        }
        let mut out = Vec::with_capacity(s.legal.len());
        self.values_into(s, v, true, &mut out)?;
        Ok(out)
    }

    fn values_into(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, full: bool, out: &mut Vec<f64>) -> Result<()> {
        out.clear();
        out.resize(s.legal.len(), NOT_RATED);
        self.pay.update(&self.rules, self.style.alpha, self.style.exact_alpha, v.table.winds.seat_wind, v.dealer_streak);
        if s.legal.iter().any(|o| o.kind == OptionKind::Discard) {
            self.turn(s, v, out)?;
        } else {
            self.respond(s, v, full, out)?;
        }
        for (i, o) in s.legal.iter().enumerate() {
            match o.kind {
                OptionKind::Win => out[i] = self.win_now(s, v, false),
                OptionKind::SelfDrawnWin => out[i] = self.win_now(s, v, true),
                _ => {}
            }
        }
        // A win on a discard against passing: passing is worth the plain points of waiting
        // when the expert would wait for a far bigger win, and never more than the win
        // otherwise (the win is taken).
        let win = s.legal.iter().position(|o| o.kind == OptionKind::Win);
        let pass = s.legal.iter().position(|o| o.kind == OptionKind::Pass);
        if let (Some(w), Some(p)) = (win, pass) {
            out[p] = match self.wait_instead(s, v)? {
                Some(points) => points.max(out[w] + 1.0),
                None => out[p].min(out[w]),
            };
        }
        Ok(())
    }

    /// The best discard of the 14-equivalent hand `c` by offence minus loss, and every
    /// discard's value into `by_kind`.
    fn discards(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        v: &ExpertView<'_>,
        unseen: &Counts,
        threats: &[Threat; 4],
        by_kind: &mut [f64; N_KINDS],
    ) -> Result<f64> {
        let shapes = *self.rules.shapes();
        let best = self.ev.rate(c, melds, unseen, &shapes, false, &mut self.rates)?;
        let rates = std::mem::take(&mut self.rates);
        let out = self.rate_discards(c, melds, v, unseen, threats, best, &rates, by_kind);
        self.rates = rates;
        out
    }

    /// Offence of every discard of the lowest shanten (and, when every one of them leaves a
    /// dead-ready hand, of those one slower); the others at the best offence times `step_keep`
    /// per extra shanten. Then offence minus loss.
    #[allow(clippy::too_many_arguments)]
    fn rate_discards(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        v: &ExpertView<'_>,
        unseen: &Counts,
        threats: &[Threat; 4],
        best: i8,
        rates: &[Rating],
        by_kind: &mut [f64; N_KINDS],
    ) -> Result<f64> {
        // a liability a discard may feed costs whatever the caution (HK §19.8, TW §20.7.2)
        let threatened =
            (self.style.caution > 0.0 && threats.iter().any(|th| th.p > 0.0)) || threats.iter().any(|th| th.feed_cost > 0.0);
        // The look-ahead reads the kinds of the ukeire of a candidate one step from ready; a
        // lone such candidate was rated without them: rate again with every ukeire (the
        // ratings of the decision stay those of the first rating).
        let mut lone_draws = None;
        if best == 1 && self.style.lookahead > 0.0 && rates.iter().filter(|r| r.shanten == 1).count() == 1 {
            let mut all = std::mem::take(&mut self.look_rates);
            let r = self.ev.rate(c, melds, unseen, self.rules.shapes(), true, &mut all);
            lone_draws = all.iter().find(|r| r.shanten == 1).map(|r| r.draws);
            self.look_rates = all;
            r?;
        }
        let mut off = [f64::NAN; N_KINDS];
        let mut d = *c;
        let (mut cap, mut all_dead) = (0.0f64, true);
        for r in rates.iter().filter(|r| r.shanten == best) {
            let k = r.kind as usize;
            d[k] -= 1;
            self.dead = false;
            let draws = r.ukeire.map(|_| r.draws).or(lone_draws);
            let x = self.offence(&d, melds, r.shanten, r.ukeire.unwrap_or(ACC_PROXY), draws, v, unseen);
            d[k] += 1;
            off[k] = x?;
            cap = cap.max(off[k]);
            all_dead &= self.dead;
        }
        if best == 0 && all_dead {
            for r in rates.iter().filter(|r| r.shanten == 1) {
                let k = r.kind as usize;
                d[k] -= 1;
                let x = self.offence(&d, melds, r.shanten, r.ukeire.unwrap_or(ACC_PROXY), None, v, unseen);
                d[k] += 1;
                off[k] = x?;
            }
        }
        for r in rates {
            if off[r.kind as usize].is_nan() {
                off[r.kind as usize] = cap * self.style.step_keep.powi((r.shanten - best) as i32);
                // a limit hand the ruleset sees may lie on a slower road
                let k = r.kind as usize;
                d[k] -= 1;
                let ls = self.long_shot_points(&d, melds, v, unseen);
                d[k] += 1;
                off[k] = off[k].max(ls);
            }
        }
        let mut top = NOT_RATED;
        for r in rates {
            let k = r.kind as usize;
            let loss = if threatened { defence::loss(k, threats, unseen, off[k], self.style.caution) } else { 0.0 };
            // tie-break far below a point: lower shanten, then more ukeire
            let tie = -1e-7 * r.shanten as f64 + 1e-10 * r.ukeire.unwrap_or(0) as f64;
            by_kind[k] = off[k] - loss + tie;
            top = top.max(by_kind[k]);
        }
        if top == NOT_RATED {
            return Err(MahjongError::hand("no tile to discard"));
        }
        Ok(top)
    }

    fn turn(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, out: &mut [f64]) -> Result<()> {
        let threats = defence::threats(&self.know, &self.rules, &self.pay, s, v);
        let mut by_kind = [NOT_RATED; N_KINDS];
        self.discards(s.concealed, s.melds, v, s.unseen, &threats, &mut by_kind)?;
        let shapes = *self.rules.shapes();
        for (i, o) in s.legal.iter().enumerate() {
            match o.kind {
                OptionKind::Discard => out[i] = by_kind[o.tile.index().min(N_KINDS - 1)],
                OptionKind::ConcealedKong | OptionKind::AddedKong => {
                    let mut c = *s.concealed;
                    self.melds.clear();
                    self.melds.extend_from_slice(s.melds);
                    if o.kind == OptionKind::ConcealedKong {
                        take(&mut c, o.tile, 4)?;
                        self.melds.push(Meld { kind: MeldKind::ConcealedKong, tile: o.tile });
                    } else {
                        take(&mut c, o.tile, 1)?;
                        if let Some(m) = self.melds.iter_mut().find(|m| m.kind == MeldKind::Pung && m.tile == o.tile) {
                            m.kind = MeldKind::AddedKong;
                        }
                    }
                    let melds = std::mem::take(&mut self.melds);
                    let sh = self.ev.shanten(&c, &melds, &shapes);
                    let r = sh.and_then(|sh| {
                        let (acc, draws) = if sh > 0 { self.ukeire13(&c, &melds, sh, s.unseen)? } else { (0, 0) };
                        self.offence(&c, &melds, sh, acc, Some(draws), v, s.unseen)
                    });
                    self.melds = melds;
                    out[i] = r?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The offence of the hand as it is (passing the discard).
    fn pass_value(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, sh: i8) -> Result<f64> {
        let (acc, draws) = if sh > 0 { self.ukeire13(s.concealed, s.melds, sh, s.unseen)? } else { (0, 0) };
        self.offence(s.concealed, s.melds, sh, acc, Some(draws), v, s.unseen)
    }

    fn respond(&mut self, s: &Situation<'_>, v: &ExpertView<'_>, full: bool, out: &mut [f64]) -> Result<()> {
        let legal = s.legal;
        let pass = legal
            .iter()
            .position(|o| o.kind == OptionKind::Pass)
            .ok_or_else(|| MahjongError::hand("a claim window without a pass option"))?;
        let is_claim = |k: OptionKind| matches!(k, OptionKind::Pung | OptionKind::Kong | OptionKind::Chow);
        let disc = s.discard;
        let shapes = *self.rules.shapes();
        let now_sh = self.ev.shanten(s.concealed, s.melds, &shapes)?;
        // Passing is valued (and the table read) once some claim advances the hand, or always
        // when every value is asked for; else it is the only option rated (value 0).
        let mut now: Option<f64> = None;
        let mut threats: Option<[Threat; 4]> = None;
        let mut melds: Vec<Meld> = Vec::with_capacity(s.melds.len() + 1);
        if full {
            now = Some(self.pass_value(s, v, now_sh)?);
        }
        for (i, o) in legal.iter().enumerate() {
            if !is_claim(o.kind) {
                continue;
            }
            let disc = disc.ok_or_else(|| MahjongError::hand("a claim with no discard on offer"))?;
            let mut c = *s.concealed;
            melds.clear();
            melds.extend_from_slice(s.melds);
            claim(&mut c, &mut melds, o, disc)?;
            out[i] = match o.kind {
                OptionKind::Kong => {
                    let sh = self.ev.shanten(&c, &melds, &shapes)?;
                    if sh > now_sh {
                        continue;
                    }
                    if now.is_none() {
                        now = Some(self.pass_value(s, v, now_sh)?);
                    }
                    let (acc, draws) = if sh > 0 { self.ukeire13(&c, &melds, sh, s.unseen)? } else { (0, 0) };
                    self.offence(&c, &melds, sh, acc, Some(draws), v, s.unseen)?
                }
                _ => {
                    if self.ev.shanten(&c, &melds, &shapes)? >= now_sh {
                        continue; // a claim that does not advance the hand only exposes it
                    }
                    if now.is_none() {
                        now = Some(self.pass_value(s, v, now_sh)?);
                    }
                    let th = match threats {
                        Some(t) => t,
                        None => *threats.insert(defence::threats(&self.know, &self.rules, &self.pay, s, v)),
                    };
                    let mut by_kind = [NOT_RATED; N_KINDS];
                    self.discards(&c, &melds, v, s.unseen, &th, &mut by_kind)?
                }
            };
        }
        out[pass] = now.unwrap_or(0.0);
        Ok(())
    }
}
