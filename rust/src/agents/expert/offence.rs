//! The expert's offence: what a 13-equivalent hand (after a discard, or passing) is worth in
//! points. Estimates of unfinished hands count in points bent by the style's `alpha` toward
//! winning at all (their big values are rough); exact values (a ready hand's waits, a win on
//! offer) by its `exact_alpha` (1 under Hong Kong: plain points, what the ruleset's payments
//! give); a limit hand's chance and the choice to wait for one in plain points. A ready hand
//! is valued exactly: every wait scored by the ruleset self-drawn and on a
//! discard in the deal's real situation (the seat's wind and dealer status, the streak, the
//! discards made, an interruption; [`super::view::ExpertView::future_context`]), a wait under
//! the minimum counting for nothing (HK §10.5, TW §14), the chance to win from the copies of the
//! legal waits the seat cannot see. A hand not yet ready is valued by the ruleset's estimate
//! ([`crate::agents::knowledge::Knowledge::estimate_hand`]) and its chance by its shanten and ukeire against the
//! draws left; an estimate under the minimum is discounted (reaching it is a requirement). A
//! hand one step from ready may also be valued by a look-ahead over its next draw (the style's
//! `lookahead` weight, `ExpertAgent::lookahead`): the ready hands its draws reach, each
//! valued exactly as above.

use super::view::at;
use super::ExpertAgent;
use crate::agents::danger::runs_through;
use crate::agents::knowledge::HandFeatures;
use crate::analysis::decompose::held_counts;
use crate::error::Result;
use crate::rules::{DealProgress, WinContext};
use crate::tiles::hand::{Counts, Hand, Meld};
use crate::tiles::tile::{Tile, N_KINDS};

use super::view::ExpertView;

/// Discards that reach a ready seat per turn, relative to own draws.
pub(super) const RON_FACTOR: f64 = 1.0;

/// In a race (a table where every complete hand wins: `ExpertAgent::race`), how much more
/// often the others let go a kind no run goes through (an honour, or a suited kind whose runs
/// are all blocked by visible copies) than one three runs go through ([`race_lone`]). Each of
/// the others builds its hand for speed alone there, so the tiles that fit fewest sets are the
/// first it discards. Measured: `docs/ai.md` ("The expert in a race").
pub(super) const RACE_LONE: f64 = 1.5;

/// How soon the others let kind `k` go in a race, relative to a kind three runs go through:
/// `1 + RACE_LONE × (3 − r) / 3` for `r` runs still possible through it (0 for an honour).
/// It weighs a wait on a discard ([`ExpertAgent::ron_reach`]) and a pair's pung
/// ([`ExpertAgent::race_ukeire`]).
pub(super) fn race_lone(k: usize, unseen: &Counts) -> f64 {
    1.0 + RACE_LONE * (3.0 - f64::from(runs_through(k, unseen))) / 3.0
}

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
    pub(super) fn p_win(&self, q: f64, turns: f64) -> f64 {
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
        let o = self.know.estimate_hand(&f);
        self.value_gain(o.discard, o.self_drawn)
    }

    /// What the limit hand the ruleset sees in the 13-equivalent hand `c` is worth, in plain
    /// points: its chance in the turns left times what it pays ([`crate::agents::knowledge::Knowledge::long_shot`];
    /// 0 when there is none).
    pub(super) fn long_shot_points(&self, c: &Counts, melds: &[Meld], v: &ExpertView<'_>, unseen: &Counts) -> f64 {
        let turns = v.table.remaining as f64 / 4.0;
        match self.know.long_shot(c, melds, unseen, turns, self.style.hazard) {
            Some(ls) if ls.chance >= self.style.long_shot_min => {
                ls.chance * at(&self.pay.points_tsumo, ls.value).min(at(&self.pay.points_ron, ls.value))
            }
            _ => 0.0,
        }
    }

    /// The chance per turn `q` that a ready hand `c` wins and the mean points `g` of such a
    /// win (self-drawn and on a discard, each wait scored by the ruleset in the deal's real
    /// situation; a wait under the minimum counts for nothing), from the copies of its legal
    /// waits the seat cannot see (on a discard as often as they reach it:
    /// [`ExpertAgent::ron_reach`]). None when no legal wait is live (dead). Exact values: points
    /// bent by the style's `exact_alpha` (plain at 1, where a big wait counts for what it pays).
    fn ready_parts(&mut self, c: &Counts, melds: &[Meld], v: &ExpertView<'_>, unseen: &Counts) -> Result<Option<(f64, f64)>> {
        let wv = self.wait_values(c, melds, v)?;
        let (mut q_ts, mut q_ron, mut g_ts, mut g_ron) = (0.0, 0.0, 0.0, 0.0);
        for (w, live) in live_waits(&wv, unseen) {
            if wv.self_drawn[w] >= 0 {
                q_ts += live;
                g_ts += live * at(&self.pay.exact_tsumo, wv.self_drawn[w] as f64);
            }
            if wv.on_discard[w] >= 0 {
                let reach = self.ron_reach(w, unseen);
                q_ron += live * reach;
                g_ron += live * reach * at(&self.pay.exact_ron, wv.on_discard[w] as f64);
            }
        }
        let q = q_ts + q_ron;
        Ok(if q > 0.0 { Some((q, (g_ts + g_ron) / q)) } else { None })
    }

    /// How often a copy of kind `w` reaches the seat as another's discard, relative to its own
    /// draw of it: [`RON_FACTOR`]; in a race more for a kind fewer runs go through
    /// ([`race_lone`]).
    pub(super) fn ron_reach(&self, w: usize, unseen: &Counts) -> f64 {
        if !self.race {
            return RON_FACTOR;
        }
        RON_FACTOR * race_lone(w, unseen)
    }

    /// The ukeire `acc` of an unfinished hand `c` in a race: a kind among its improving draws
    /// (`draws`) that the hand holds a pair of may come too by a pung of any other seat's
    /// discard, so its unseen copies count by how soon the others let the kind go
    /// ([`race_lone`]); `acc` is scaled by the mask's weighted copies over its plain ones
    /// (unchanged without the mask: a proxy).
    pub(super) fn race_ukeire(&self, c: &Counts, acc: u32, draws: Option<u64>, unseen: &Counts) -> f64 {
        let Some(mut bits) = draws else { return acc as f64 };
        let (mut plain, mut weighted) = (0.0, 0.0);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let u = f64::from(unseen[k]);
            plain += u;
            weighted += if c[k] >= 2 { u * race_lone(k, unseen) } else { u };
        }
        if plain > 0.0 {
            acc as f64 * weighted / plain
        } else {
            acc as f64
        }
    }

    /// The ruleset's value of every wait of the ready hand `c` (self-drawn and on a discard,
    /// in the situation of the seat's next win: [`ExpertView::future_context`]), through the
    /// agent's cache of them ([`WaitCache`]: a kept entry is what scoring again would give).
    pub(super) fn wait_values(&mut self, c: &Counts, melds: &[Meld], v: &ExpertView<'_>) -> Result<WaitValues> {
        let t = &v.table;
        let declared = !melds.is_empty();
        let ctx_ts = v.future_context(true, declared);
        let ctx_ron = v.future_context(false, declared);
        let key = WaitKey::of(&self.rules, c, melds, t.bonus, &ctx_ts, &ctx_ron);
        if let Some(k) = &key {
            if let Some(wv) = self.wait_cache.get(k) {
                return Ok(wv);
            }
        }
        let held = held_counts(c, melds)?;
        let mask = crate::analysis::waits::wait_mask(c, &held, melds.len(), self.rules.shapes());
        self.hand.concealed = *c;
        self.hand.melds.clear();
        self.hand.melds.extend_from_slice(melds);
        self.hand.bonus = t.bonus;
        // An impossible situation (never reached here by construction) counts as no win.
        let mut values = [[-1; N_KINDS]; 2];
        self.rules.wait_values_into(&self.hand, mask, &ctx_ts, &ctx_ron, &mut values);
        let wv = WaitValues { mask, self_drawn: values[0], on_discard: values[1] };
        if let Some(k) = key {
            self.wait_cache.put(k, wv);
        }
        Ok(wv)
    }

    /// Look-ahead value of a hand `c` one step from ready: over every kind whose draw makes it
    /// ready (`draws`, a mask by kind; weighted by the copies the seat cannot see), the best discard leaving a ready hand
    /// with a live legal wait, valued as a ready hand ([`ExpertAgent::ready_parts`]) with the
    /// turns left after the draw; the first such draw comes at a per-turn chance `r` (the
    /// share of the unseen tiles that are such draws) against the others' hazard. A draw whose
    /// every ready hand is dead or under the minimum is no step forward here. The seat's view
    /// alone is read (its hand, the unseen counts, the public table).
    fn lookahead(&mut self, c: &Counts, melds: &[Meld], draws: u64, v: &ExpertView<'_>, unseen: &Counts) -> Result<f64> {
        let shapes = *self.rules.shapes();
        let total: f64 = unseen.iter().map(|&x| x as f64).sum::<f64>().max(1.0);
        let turns = v.table.remaining as f64 / 4.0;
        let h = self.style.hazard;
        let held = held_counts(c, melds)?;
        let mut d = *c;
        // The ready discards after each draw: those kept from before, the others found together.
        let mut live = 0u64;
        for k in 0..N_KINDS {
            live |= u64::from(unseen[k] > 0 && held[k] < 4 && draws >> k & 1 == 1) << k;
        }
        let mut ready_after = [0u64; N_KINDS];
        let mut todo = 0u64;
        let mut bits = live;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            d[k] += 1;
            match HandKey::of(&d, melds).and_then(|key| self.ready_discards.get(&key)) {
                Some(m) => ready_after[k] = m,
                None => todo |= 1 << k,
            }
            d[k] -= 1;
        }
        if todo != 0 {
            self.ev.ready_discards_after_draws(c, melds, &shapes, todo, &mut ready_after)?;
            let mut bits = todo;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                d[k] += 1;
                if let Some(key) = HandKey::of(&d, melds) {
                    self.ready_discards.put(key, ready_after[k]);
                }
                d[k] -= 1;
            }
        }
        // (copies, q, g) of the best ready hand after each good draw
        let mut good: [(f64, f64, f64); N_KINDS] = [(0.0, 0.0, 0.0); N_KINDS];
        let (mut n_good, mut copies) = (0, 0.0);
        let mut out = Ok(());
        for k in 0..N_KINDS {
            if live >> k & 1 == 0 {
                continue;
            }
            d[k] += 1;
            let r = (|| -> Result<()> {
                let ready = ready_after[k];
                let mut best: Option<(f64, f64, f64)> = None; // (value, q, g)
                let mut bits = ready;
                while bits != 0 {
                    let j = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    d[j] -= 1;
                    let parts = self.ready_parts(&d, melds, v, unseen);
                    d[j] += 1;
                    if let Some((q, g)) = parts? {
                        let x = self.p_win(q, turns - 1.0) * g;
                        if best.is_none_or(|b| x > b.0) {
                            best = Some((x, q, g));
                        }
                    }
                }
                if let Some((_, q, g)) = best {
                    good[n_good] = (unseen[k] as f64, q, g);
                    n_good += 1;
                    copies += unseen[k] as f64;
                }
                Ok(())
            })();
            d[k] -= 1;
            if r.is_err() {
                out = r;
                break;
            }
        }
        out?;
        if n_good == 0 || turns <= 1.0 {
            return Ok(0.0);
        }
        // The first good draw at turn i (1..=T) with chance a^(i-1) r, a = 1 - r - h; then
        // the ready hand wins within T - i turns: C (1 - b^(T-i)), C = g q / (q + h),
        // b = 1 - q - h. Summed in closed form over i.
        let r = copies / total;
        let a = (1.0 - r - h).clamp(0.0, 1.0);
        let geo = |x: f64| if x >= 1.0 { turns } else { (1.0 - x.powf(turns)) / (1.0 - x) };
        let mut value = 0.0;
        for &(n, q, g) in &good[..n_good] {
            let b = (1.0 - q - h).clamp(0.0, 1.0);
            // sum over i of a^(i-1) b^(T-i)
            let mixed =
                if (a - b).abs() < 1e-9 { turns * a.powf(turns - 1.0) } else { (a.powf(turns) - b.powf(turns)) / (a - b) };
            let c_win = g * q / (q + h);
            value += n / copies * c_win * (geo(a) - mixed);
        }
        Ok(r * value)
    }

    /// Offence of a 13-equivalent hand `c` (shanten `sh`, ukeire `acc`, the kinds of those
    /// draws `draws` when known): expected points, the better of its usual value and a limit
    /// hand it may still become ([`ExpertAgent::long_shot_points`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn offence(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        sh: i8,
        acc: u32,
        draws: Option<u64>,
        v: &ExpertView<'_>,
        unseen: &Counts,
    ) -> Result<f64> {
        let normal = self.offence_normal(c, melds, sh, acc, draws, v, unseen)?;
        Ok(normal.max(self.long_shot_points(c, melds, v, unseen)))
    }

    /// The usual value of the hand: exact when ready, else the ruleset's estimate (and the
    /// look-ahead one step from ready).
    #[allow(clippy::too_many_arguments)]
    fn offence_normal(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        sh: i8,
        acc: u32,
        draws: Option<u64>,
        v: &ExpertView<'_>,
        unseen: &Counts,
    ) -> Result<f64> {
        let t = &v.table;
        let total: f64 = unseen.iter().map(|&x| x as f64).sum::<f64>().max(1.0);
        let turns = t.remaining as f64 / 4.0;
        if sh <= 0 {
            if let Some((q, g)) = self.ready_parts(c, melds, v, unseen)? {
                return Ok(self.p_win(q, turns) * g);
            }
            // Ready but dead: it must change shape to win: one step out, with its value target.
            self.dead = true;
            let g = self.estimated_gain(c, melds, v, unseen);
            let steps = total / 8.0;
            return Ok(0.6 * self.p_win(4.0 / total * (1.0 + RON_FACTOR), turns * turns / (turns + steps)) * g);
        }
        let g = self.estimated_gain(c, melds, v, unseen);
        let acc = if self.race { self.race_ukeire(c, acc, draws, unseen) } else { acc as f64 };
        let steps = sh as f64 * total / acc.max(1.0);
        let q_ready = 5.0 / total * (1.0 + RON_FACTOR);
        let est = self.p_win(q_ready, turns * turns / (turns + steps)) * self.style.step_keep.powi(sh as i32) * g;
        let w = self.style.lookahead;
        if let (1, true, Some(draws)) = (sh, w > 0.0, draws) {
            let look = self.lookahead(c, melds, draws, v, unseen)?;
            return Ok((1.0 - w) * est + w * look);
        }
        Ok(est)
    }

    /// Ukeire of a 13-equivalent hand of shanten `sh`: unseen copies of kinds whose draw
    /// lowers its shanten, and those kinds as a mask.
    pub(super) fn ukeire13(&mut self, c: &Counts, melds: &[Meld], sh: i8, unseen: &Counts) -> Result<(u32, u64)> {
        let (own, acc, draws) = self.ev.shanten_and_ukeire(c, melds, unseen, self.rules.shapes())?;
        debug_assert_eq!(own, sh);
        Ok((acc, draws))
    }

    /// What winning now is worth (the win on offer, or the self-drawn win in hand): an exact
    /// value, in points bent by the style's `exact_alpha` (plain at 1).
    pub(super) fn win_now(&self, s: &crate::agents::Situation<'_>, v: &ExpertView<'_>, self_drawn: bool) -> f64 {
        let table = if self_drawn { &self.pay.exact_tsumo } else { &self.pay.exact_ron };
        at(table, self.win_value(s, v, self_drawn))
    }

    /// The value (faan or Tai) of winning now, in the deal's situation as it stands
    /// ([`ExpertView::now_context`]): the win on offer (the discard, or the tile added to a
    /// kong), or the best self-drawn win in hand; the minimum when the ruleset refuses it or
    /// no tile is on offer (never for a legal option given its tile).
    fn win_value(&self, s: &crate::agents::Situation<'_>, v: &ExpertView<'_>, self_drawn: bool) -> f64 {
        let mut c = *s.concealed;
        let tile = if self_drawn {
            // the tile that completes the hand is unknown here: any kind whose removal leaves
            // a ready hand waiting on it scores the same hand
            None
        } else {
            s.discard
        };
        let hand_tiles = |c: &Counts| Hand { concealed: *c, melds: s.melds.to_vec(), bonus: v.table.bonus };
        let ctx = v.now_context(self_drawn);
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
        best.unwrap_or(self.rules.min_value() as f64)
    }

    /// Whether to let the win on a discard (or on a robbed kong) pass and wait with the ready
    /// hand for a far bigger win, in plain points (not bent: every value here is exact):
    /// `Some(expected points of waiting)` when waiting is worth more than [`DECLINE_RATIO`]
    /// times the win on offer, else None. Waiting: every live wait self-drawn at its value,
    /// a later discard of a wait taken only where it pays at least what waiting is worth (the
    /// fixed point of that rule), each turn's chance against the others' hazard over the
    /// turns left. There is no rule against winning later on a kind one passed (HK §6.1: a
    /// player may always pass, a win included). This is how a concealed all-pungs hand waits
    /// for its self-drawn limit (HK L8) instead of taking the discard it could win on.
    pub(super) fn wait_instead(&mut self, s: &crate::agents::Situation<'_>, v: &ExpertView<'_>) -> Result<Option<f64>> {
        // without the tile on offer its value is unknown: take the win
        if s.discard.is_none() {
            return Ok(None);
        }
        let now = at(&self.pay.points_ron, self.win_value(s, v, false));
        let (c, melds, unseen) = (s.concealed, s.melds, s.unseen);
        let total: f64 = unseen.iter().map(|&x| x as f64).sum::<f64>().max(1.0);
        let turns = v.table.remaining as f64 / 4.0;
        if turns < 1.0 {
            return Ok(None);
        }
        let wv = self.wait_values(c, melds, v)?;
        // per wait: (chance per turn, points) self-drawn and on a discard
        let mut ts: [(f64, f64); N_KINDS] = [(0.0, 0.0); N_KINDS];
        let mut ron: [(f64, f64); N_KINDS] = [(0.0, f64::NEG_INFINITY); N_KINDS];
        let mut best_ts = 0.0f64;
        let mut mask = wv.mask;
        while mask != 0 {
            let w = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let live = unseen[w] as f64 / total;
            if live == 0.0 {
                continue;
            }
            if wv.self_drawn[w] >= 0 {
                ts[w] = (live, at(&self.pay.points_tsumo, wv.self_drawn[w] as f64));
                best_ts = best_ts.max(ts[w].1);
            }
            if wv.on_discard[w] >= 0 {
                ron[w] = (live * RON_FACTOR, at(&self.pay.points_ron, wv.on_discard[w] as f64));
            }
        }
        // nothing to wait for: no self-drawn win worth more than the ratio of the one on offer
        if best_ts <= DECLINE_RATIO * now {
            return Ok(None);
        }
        let h = self.style.hazard;
        let worth = |threshold: f64| {
            let (mut q, mut g) = (0.0, 0.0);
            for w in 0..N_KINDS {
                q += ts[w].0;
                g += ts[w].0 * ts[w].1;
                // a wait with no live legal win on a discard has no chance to add
                if ron[w].0 > 0.0 && ron[w].1 >= threshold {
                    q += ron[w].0;
                    g += ron[w].0 * ron[w].1;
                }
            }
            if q <= 0.0 {
                return 0.0;
            }
            let keep = (1.0 - q - h).clamp(0.0, 1.0);
            g / (q + h) * (1.0 - keep.powf(turns))
        };
        // take later discards worth at least waiting: raising the bar drops wins, so iterate
        // from taking every one to the fixed point (at most one step per kind)
        let mut value = worth(f64::NEG_INFINITY);
        for _ in 0..N_KINDS {
            let next = worth(value);
            if next <= value * (1.0 + 1e-12) {
                break;
            }
            value = next;
        }
        Ok((value > DECLINE_RATIO * now).then_some(value))
    }
}

/// How many times the win on offer waiting must be worth before the expert lets it pass: a
/// wide margin for what the estimate of waiting leaves out (the style's hazard is a fitted
/// weight, not a measured chance; the risk of dealing in meanwhile), so that only a jump to a
/// far bigger win passes — a limit hand's, hundreds of times the win on offer — and never the
/// ordinary premium of a self-drawn win (under the Taiwanese tables three payers instead of
/// one: about three times).
pub(super) const DECLINE_RATIO: f64 = 8.0;

/// The ruleset's value of each wait of a ready hand (kinds in `mask`), self-drawn and on a
/// discard; −1 where it is not a legal win.
#[derive(Debug, Clone, Copy)]
pub(super) struct WaitValues {
    pub(super) mask: u64,
    pub(super) self_drawn: [i16; N_KINDS],
    pub(super) on_discard: [i16; N_KINDS],
}

/// Everything a wait's score reads: the ready hand (concealed kinds, declared sets, bonus
/// tiles), the winds and the progress of the two situations, the progress as its class
/// ([`crate::rules::Rules::value_progress_class`]: progresses of one class score alike). The
/// ruleset is the agent's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct WaitKey {
    hand: HandKey,
    bonus: u8,
    winds: u8,
    self_drawn: DealProgress,
    on_discard: DealProgress,
}

/// Declared sets a key holds (five in a 17-tile hand); a hand with more is not cached.
const MAX_KEY_MELDS: usize = 6;

/// The live waits of `wv` in ascending kind order: each wait some copy of which the seat cannot
/// see (`unseen`), with its share of the unseen tiles (the chance a tile drawn or discarded is
/// one of them). What a ready hand's value sums over (its value now, or declared).
pub(super) fn live_waits<'a>(wv: &'a WaitValues, unseen: &'a Counts) -> impl Iterator<Item = (usize, f64)> + 'a {
    let total: f64 = unseen.iter().map(|&x| f64::from(x)).sum::<f64>().max(1.0);
    let mut mask = wv.mask;
    std::iter::from_fn(move || {
        while mask != 0 {
            let w = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if unseen[w] > 0 {
                return Some((w, f64::from(unseen[w]) / total));
            }
        }
        None
    })
}

impl WaitKey {
    fn of(
        rules: &crate::rules::Ruleset,
        c: &Counts,
        melds: &[Meld],
        bonus: u8,
        ts: &WinContext,
        ron: &WinContext,
    ) -> Option<Self> {
        debug_assert!(ts.seat_wind == ron.seat_wind && ts.prevailing_wind == ron.prevailing_wind);
        Some(WaitKey {
            hand: HandKey::of(c, melds)?,
            bonus,
            winds: ts.seat_wind * 4 + ts.prevailing_wind,
            self_drawn: rules.value_progress_class(&ts.progress),
            on_discard: rules.value_progress_class(&ron.progress),
        })
    }
}

/// Values kept by the agent, direct-mapped by a hash of the key (a new entry replaces the one
/// in its slot). An entry is returned only for an equal key, and every key holds all that its
/// value is computed from, so a kept value is the one computing again would give: a memo
/// changes no decision (tested), only its cost. Ready hands recur across decisions (a ready
/// seat that keeps its hand, the ready hands one draw away from consecutive hands).
#[derive(Debug)]
pub(super) struct Memo<K, V> {
    slots: Vec<Option<(K, V)>>,
    /// Lookups answered from a kept entry (for the tests).
    #[cfg(test)]
    pub(super) hits: u64,
}

/// The wait values of ready hands.
pub(super) type WaitCache = Memo<WaitKey, WaitValues>;
/// The kinds whose discard leaves a 14-equivalent hand ready (a mask), by hand.
pub(super) type ReadyDiscards = Memo<HandKey, u64>;

impl<K: Copy + Eq + std::hash::Hash, V: Copy> Memo<K, V> {
    /// A memo of `slots` entries (a power of two).
    pub(super) fn with_slots(slots: usize) -> Self {
        debug_assert!(slots.is_power_of_two());
        Memo {
            slots: vec![None; slots],
            #[cfg(test)]
            hits: 0,
        }
    }
    fn slot(&self, k: &K) -> usize {
        use std::hash::Hasher;
        let mut h = SlotHasher(0);
        k.hash(&mut h);
        (h.finish() >> 40) as usize & (self.slots.len() - 1)
    }
    fn get(&mut self, k: &K) -> Option<V> {
        match &self.slots[self.slot(k)] {
            Some((key, v)) if key == k => {
                #[cfg(test)]
                {
                    self.hits += 1;
                }
                Some(*v)
            }
            _ => None,
        }
    }
    fn put(&mut self, k: K, v: V) {
        let i = self.slot(&k);
        self.slots[i] = Some((k, v));
    }
    /// Forget every entry (for tests that compare with a fresh agent).
    #[cfg(test)]
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}

/// Slots of the agent's memo of wait values.
pub(super) const WAIT_SLOTS: usize = 1024;
/// Slots of the agent's memo of ready discards.
pub(super) const DISCARD_SLOTS: usize = 1024;

/// A hand's concealed kinds and declared sets (a memo key); None for more sets than a key
/// holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct HandKey {
    concealed: Counts,
    melds: [u8; MAX_KEY_MELDS],
}

impl HandKey {
    fn of(c: &Counts, melds: &[Meld]) -> Option<Self> {
        if melds.len() > MAX_KEY_MELDS {
            return None;
        }
        let mut m = [0u8; MAX_KEY_MELDS];
        for (slot, meld) in m.iter_mut().zip(melds) {
            // 1 + kind × 34 + kind of tile: at most 1 + 4 × 34 + 33 = 170; 0 is no set
            *slot = 1 + meld.kind as u8 * N_KINDS as u8 + meld.tile.index() as u8;
        }
        Some(HandKey { concealed: *c, melds: m })
    }
}

/// A multiply-rotate hash of eight bytes at a time: a slot index only (keys are compared
/// whole), so it needs to spread, not to resist collisions made on purpose.
struct SlotHasher(u64);

impl std::hash::Hasher for SlotHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(23) ^ u64::from_le_bytes(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = (self.0.rotate_left(23) ^ x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The value of `hand` won on kind `w` in `ctx` if it is a legal win.
fn score_or_none(rules: &crate::rules::Ruleset, hand: &Hand, w: usize, ctx: &crate::rules::WinContext) -> Option<f64> {
    match rules.score(hand, Some(Tile(w as u8)), ctx) {
        Ok(o) if o.is_win => Some(o.value as f64),
        _ => None,
    }
}
