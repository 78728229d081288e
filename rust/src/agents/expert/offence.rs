//! The expert's offence: what a 13-equivalent hand (after a discard, or passing) is worth in
//! points. A ready hand is valued exactly: every wait scored by the ruleset self-drawn and on a
//! discard in the deal's real situation (the seat's wind and dealer status, the streak, the
//! discards made, an interruption; [`super::view::ExpertView::future_context`]), a wait under
//! the minimum counting for nothing (HK §10.5, TW §14), the chance to win from the copies of the
//! legal waits the seat cannot see. A hand not yet ready is valued by the ruleset's estimate
//! ([`crate::rules::Rules::estimate_hand`]) and its chance by its shanten and ukeire against the
//! draws left; an estimate under the minimum is discounted (reaching it is a requirement).

use super::view::at;
use super::ExpertAgent;
use crate::analysis::decompose::held_counts;
use crate::error::Result;
use crate::rules::estimate::HandFeatures;
use crate::tiles::hand::{Counts, Hand, Meld};
use crate::tiles::tile::{Tile, N_KINDS};

use super::view::ExpertView;

/// Discards that reach a ready seat per turn, relative to own draws.
const RON_FACTOR: f64 = 1.0;

impl ExpertAgent {
    /// Expected gain of a win estimated at `discard` / `self_drawn` value, mixing self-drawn and
    /// discard wins; each counts as far as it reaches the minimum (a linear ramp over the last
    /// unit, floored by `below_min_keep`: value found later).
    fn value_gain(&self, discard: f64, self_drawn: f64) -> f64 {
        let st = &self.style;
        let min = self.rules.min_value() as f64;
        let ramp = |v: f64| (v - min + 1.0).clamp(st.below_min_keep, 1.0);
        let s = st.self_draw_share;
        s * ramp(self_drawn) * at(&self.pay.gain_tsumo, self_drawn.max(min))
            + (1.0 - s) * ramp(discard) * at(&self.pay.gain_ron, discard.max(min))
    }

    /// The chance to win within `turns` at a per-turn chance `q` against the others' hazard.
    fn p_win(&self, q: f64, turns: f64) -> f64 {
        if turns <= 0.0 || q <= 0.0 {
            return 0.0;
        }
        let h = self.style.hazard;
        let keep = (1.0 - q - h).clamp(0.0, 1.0);
        q / (q + h) * (1.0 - keep.powf(turns))
    }

    /// The ruleset's estimate of the unfinished hand, as expected points of a win.
    fn estimated_gain(&self, c: &Counts, melds: &[Meld], v: &ExpertView<'_>, unseen: &Counts) -> f64 {
        let t = &v.table;
        let shapes = self.rules.shapes();
        let f = HandFeatures::of(
            c,
            melds,
            unseen,
            shapes.n_sets,
            shapes.seven_pairs,
            t.bonus,
            t.winds.seat_wind,
            t.winds.prevailing_wind,
        );
        let o = self.rules.rules().estimate_hand(&f);
        self.value_gain(o.discard, o.self_drawn)
    }

    /// Offence of a 13-equivalent hand `c` (shanten `sh`, ukeire `acc`): expected points.
    pub(super) fn offence(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        sh: i8,
        acc: u32,
        v: &ExpertView<'_>,
        unseen: &Counts,
    ) -> Result<f64> {
        let t = &v.table;
        let total: f64 = unseen.iter().map(|&x| x as f64).sum::<f64>().max(1.0);
        let turns = t.remaining as f64 / 4.0;
        if sh <= 0 {
            let held = held_counts(c, melds)?;
            let mask = crate::analysis::waits::wait_mask(c, &held, melds.len(), self.rules.shapes());
            self.hand.concealed = *c;
            self.hand.melds.clear();
            self.hand.melds.extend_from_slice(melds);
            self.hand.bonus = t.bonus;
            let declared = !melds.is_empty();
            let ctx_ts = v.future_context(true, declared);
            let ctx_ron = v.future_context(false, declared);
            let (mut q_ts, mut q_ron, mut g_ts, mut g_ron) = (0.0, 0.0, 0.0, 0.0);
            for w in 0..N_KINDS {
                if mask >> w & 1 == 0 || unseen[w] == 0 {
                    continue;
                }
                let live = unseen[w] as f64 / total;
                // An impossible situation (never reached here by construction) counts as no win.
                let ts = score_or_none(&self.rules, &self.hand, w, &ctx_ts);
                if let Some(value) = ts {
                    q_ts += live;
                    g_ts += live * at(&self.pay.gain_tsumo, value);
                }
                if let Some(value) = score_or_none(&self.rules, &self.hand, w, &ctx_ron) {
                    q_ron += live * RON_FACTOR;
                    g_ron += live * RON_FACTOR * at(&self.pay.gain_ron, value);
                }
            }
            let q = q_ts + q_ron;
            if q > 0.0 {
                return Ok(self.p_win(q, turns) * (g_ts + g_ron) / q);
            }
            // Ready but dead: it must change shape to win: one step out, with its value target.
            self.dead = true;
            let g = self.estimated_gain(c, melds, v, unseen);
            let steps = total / 8.0;
            return Ok(0.6 * self.p_win(4.0 / total * (1.0 + RON_FACTOR), turns * turns / (turns + steps)) * g);
        }
        let g = self.estimated_gain(c, melds, v, unseen);
        let steps = sh as f64 * total / (acc as f64).max(1.0);
        let q_ready = 5.0 / total * (1.0 + RON_FACTOR);
        Ok(self.p_win(q_ready, turns * turns / (turns + steps)) * self.style.step_keep.powi(sh as i32) * g)
    }

    /// Ukeire of a 13-equivalent hand: unseen copies of kinds whose draw lowers its shanten.
    pub(super) fn ukeire13(&mut self, c: &Counts, melds: &[Meld], sh: i8, unseen: &Counts) -> Result<u32> {
        let shapes = *self.rules.shapes();
        let held = held_counts(c, melds)?;
        let mut d = *c;
        let mut acc = 0;
        for k in 0..N_KINDS {
            if unseen[k] == 0 || held[k] >= 4 {
                continue;
            }
            d[k] += 1;
            if self.ev.shanten(&d, melds, &shapes)? < sh {
                acc += unseen[k] as u32;
            }
            d[k] -= 1;
        }
        Ok(acc)
    }

    /// What winning now is worth (the win on offer, or the self-drawn win in hand), in the
    /// same bent points as every other option.
    pub(super) fn win_now(&self, s: &crate::agents::Situation<'_>, v: &ExpertView<'_>, self_drawn: bool) -> f64 {
        let mut c = *s.concealed;
        let tile = if self_drawn {
            // the tile that completes the hand is unknown here: any kind whose removal leaves
            // a ready hand waiting on it scores the same hand
            None
        } else {
            s.discard
        };
        let hand_tiles = |c: &Counts| Hand { concealed: *c, melds: s.melds.to_vec(), bonus: v.table.bonus };
        let ctx = v.future_context(self_drawn, !s.melds.is_empty());
        let table = if self_drawn { &self.pay.gain_tsumo } else { &self.pay.gain_ron };
        let best = match tile {
            Some(w) => score_or_none(&self.rules, &hand_tiles(&c), w.index(), &ctx),
            None => {
                let mut best: Option<f64> = None;
                for k in 0..N_KINDS {
                    if c[k] == 0 {
                        continue;
                    }
                    c[k] -= 1;
                    if let Some(x) = score_or_none(&self.rules, &hand_tiles(&c), k, &ctx) {
                        best = Some(best.map_or(x, |b: f64| b.max(x)));
                    }
                    c[k] += 1;
                }
                best
            }
        };
        best.map_or(at(table, self.rules.min_value() as f64), |x| at(table, x))
    }
}

/// The value of `hand` won on kind `w` in `ctx` if it is a legal win.
fn score_or_none(rules: &crate::rules::Ruleset, hand: &Hand, w: usize, ctx: &crate::rules::WinContext) -> Option<f64> {
    match rules.score(hand, Some(Tile(w as u8)), ctx) {
        Ok(o) if o.is_win => Some(o.value as f64),
        _ => None,
    }
}
