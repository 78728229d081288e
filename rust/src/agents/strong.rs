//! The strong agent: offence by expected value, defence from the seat's view (HK §14).
//!
//! Every discard and claim is rated in **points** (the ruleset's own payments, HK §11, bent
//! toward the minimum by [`StrongParams::alpha`]: winning at all weighs more than winning big):
//!
//! - **Offence**: the chance the hand wins times what the win is worth. A ready hand is valued
//!   exactly: each wait is scored by the ruleset ([`Ruleset::score`]) self-drawn and on a
//!   discard, a wait under the minimum counts for nothing (HK §10.5), and the chance to win
//!   grows with the copies of its legal waits the seat cannot see. A hand not yet ready is
//!   valued by cheap features one or two steps out — flushes, all pungs, seven pairs, pungs of
//!   dragons and of the seat and prevailing winds, the concealed hand, self-draw and bonus
//!   tiles — and its chance from its shanten and ukeire (tiles unseen) against the draws left.
//!   A feature estimate under the minimum is discounted: reaching the minimum is a requirement.
//! - **Defence**: each opponent's readiness is estimated from its declared sets, how many tiles
//!   it has discarded and the wall left; the chance its win on a discard is legal rises with
//!   visible value (a dragon or own-wind pung, a suit it collects). Each tile's danger against
//!   it comes from the visible tiles only: tiles it let go since its last discard (its hand
//!   has not changed since, so such a tile was no legal win), its own discards, how many runs
//!   through the tile are still possible (copies all visible block them), honours by the copies
//!   unseen, and the suit of a suspected flush. The expected loss of a discard is the sum over
//!   opponents of readiness × danger × (the payment plus the own chance given up).
//!
//! A discard is chosen by offence minus loss. The discards of the lowest shanten are rated for
//! their offence, so among equally fast hands a value target wins; when every one of them
//! leaves a dead-ready hand (no wait a legal win), those one shanten slower are rated too. A
//! slower discard otherwise counts with the best offence scaled down per extra shanten, never
//! above the fastest, so it is chosen only for its safety: a far hand facing a ready-looking
//! opponent folds. Ties go to the lower shanten, then more ukeire, then the lower kind. A claim (pung, chow,
//! exposed kong) is taken when the hand after it, with its best discard, is worth more than
//! passing. Legal wins are always taken; concealed and added kongs follow greedy's rule
//! (shanten no worse) unless the seat is folding.
//!
//! Deterministic: no randomness, no hash maps; kinds and seats are walked in order. Nothing here is specific
//! to 14-tile hands: shapes, the minimum and the payments come from the [`Ruleset`].

#![allow(clippy::needless_range_loop)] // kinds and seats are indices by nature

use super::danger::{discard_reads, loss, readiness, Threat};
use super::eval::{Evaluator, Rating};
use super::options::{claim, take};
use super::{OptionKind, Situation};
use crate::analysis::decompose::held_counts;
use crate::error::{MahjongError, Result};
use crate::rules::scoring::WinContext;
use crate::rules::{Ruleset, WinPayment};
use crate::tiles::hand::{Counts, Hand, Meld, MeldKind};
use crate::tiles::tile::{Tile, N_KINDS};

mod table;
pub use table::{Table, TableBuf};

/// Tunable weights of the policy (the defaults are the ones measured in the README).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StrongParams {
    /// Share of wins expected to be self-drawn.
    pub self_draw_share: f64,
    /// Discards that reach a ready seat per turn, relative to own draws.
    pub ron_factor: f64,
    /// Per-turn chance that the deal ends by another seat's win.
    pub hazard: f64,
    /// Multiplier of the expected loss (1 = neutral).
    pub caution: f64,
    /// Least chance kept that a hand estimated under the minimum reaches it.
    pub below_min_keep: f64,
    /// A claim is taken when it is worth this factor more than passing.
    pub claim_margin: f64,
    /// Discards rated: those within this many shanten of the best.
    pub window: i8,
    /// Factor per shanten step on the chance to win (speed against value).
    pub step_keep: f64,
    /// Exponent on the points of a win (1: expected points; below 1 weighs winning at all
    /// above winning big; payments are rescaled to agree at the minimum).
    pub alpha: f64,
}

impl Default for StrongParams {
    fn default() -> Self {
        StrongParams {
            self_draw_share: 0.4,
            ron_factor: 1.0,
            hazard: 0.05,
            caution: 0.05,
            below_min_keep: 0.1,
            claim_margin: 1.0,
            window: 0,
            step_keep: 0.5,
            alpha: 0.2,
        }
    }
}

/// The strong policy (one per thread; it keeps no state between decisions but caches).
pub struct StrongAgent {
    ev: Evaluator,
    rules: Ruleset,
    /// What the agents know of `rules` beyond what it scores (the bonus-tile estimate).
    know: crate::agents::knowledge::Knowledge,
    params: StrongParams,
    rates: Vec<Rating>,
    melds: Vec<Meld>,
    /// Set by [`StrongAgent::offence`] when the hand it rated is ready with no live legal wait.
    dead: bool,
    /// Winner's gain by value, self-drawn and on a discard (index = value, up to the cap).
    gain_tsumo: Vec<f64>,
    gain_ron: Vec<f64>,
}

/// Ukeire assumed for a discard whose ukeire was not computed.
const ACC_PROXY: u32 = 16;

fn is_claimed(m: &Meld) -> bool {
    m.kind != MeldKind::ConcealedKong
}

/// The rating of one candidate.
#[derive(Debug, Clone, Copy)]
struct Choice {
    kind: u8,
    score: f64,
    shanten: i8,
    ukeire: u32,
}

impl Choice {
    /// Higher score; equal scores (within rounding): lower shanten, then more ukeire (then the
    /// earlier, lower kind).
    fn beats(&self, o: &Choice) -> bool {
        if (self.score - o.score).abs() > 1e-9 {
            return self.score > o.score;
        }
        (self.shanten, std::cmp::Reverse(self.ukeire)) < (o.shanten, std::cmp::Reverse(o.ukeire))
    }
}

impl StrongAgent {
    /// A strong agent for `rules` with the default weights.
    pub fn new(rules: Ruleset) -> Self {
        Self::with_params(rules, StrongParams::default())
    }

    /// A strong agent with explicit weights.
    pub fn with_params(rules: Ruleset, params: StrongParams) -> Self {
        let top = rules.max_value().min(64);
        let gain = |v: u8, tsumo: bool| {
            let win = WinPayment { winner: 0, value: v.into(), self_drawn: tsumo, discarder: if tsumo { None } else { Some(1) } };
            let p = rules.win_payments(&win, 0, 0).unwrap_or([0; 4]);
            p[0].max(0) as f64
        };
        let min = rules.min_value().min(top);
        let (m_ts, m_ron) = (gain(min, true), gain(min, false));
        let bend = |g: f64, m: f64| if m > 0.0 { m * (g / m).powf(params.alpha) } else { g };
        let gain_tsumo = (0..=top).map(|v| bend(gain(v, true), m_ts)).collect();
        let gain_ron = (0..=top).map(|v| bend(gain(v, false), m_ron)).collect();
        StrongAgent {
            ev: Evaluator::new(),
            know: crate::agents::knowledge::Knowledge::of(&rules),
            rules,
            params,
            rates: Vec::with_capacity(18),
            melds: Vec::with_capacity(8),
            dead: false,
            gain_tsumo,
            gain_ron,
        }
    }

    fn gain(&self, v: f64, tsumo: bool) -> f64 {
        let t = if tsumo { &self.gain_tsumo } else { &self.gain_ron };
        let v = v.max(0.0).min((t.len() - 1) as f64);
        let lo = v.floor() as usize;
        let hi = (lo + 1).min(t.len() - 1);
        let f = v - lo as f64;
        t[lo] * (1.0 - f) + t[hi] * f
    }

    /// The index of the chosen option in `s.legal`.
    ///
    /// Errors (`InvalidHand`): no legal option, a hand of the wrong size or with a fifth copy, an
    /// option the hand cannot make, a claim window without a pass.
    pub fn choose(&mut self, s: &Situation<'_>, t: &Table<'_>) -> Result<usize> {
        if s.legal.is_empty() {
            return Err(MahjongError::hand("no legal option to choose from"));
        }
        if let Some(i) = s.legal.iter().position(|o| matches!(o.kind, OptionKind::Win | OptionKind::SelfDrawnWin)) {
            return Ok(i);
        }
        if s.legal.iter().any(|o| o.kind == OptionKind::Discard) {
            self.turn(s, t)
        } else {
            self.respond(s, t)
        }
    }

    // ------------------------------------------------------------------ defence

    /// Readiness, payment and safe tiles of each opponent, from the public table only.
    fn threats(&self, s: &Situation<'_>, t: &Table<'_>) -> [Threat; 4] {
        let mut out = discard_reads(s, t);
        let me = t.player as usize % 4;
        let min = self.rules.min_value() as f64;
        for o in 0..4 {
            if o == me {
                continue;
            }
            let th = &mut out[o];
            let melds = t.melds[o];
            let ready = readiness(t, o);
            // Visible value: pungs of dragons / its winds, a suit it collects.
            let o_wind = t.seat_winds[o] as usize;
            let mut value: f64 = 0.0;
            let mut suits = [0u8; 3];
            let mut honours = 0u8;
            for m in melds {
                let k = m.tile.0 as usize;
                if k >= 27 {
                    honours += 1;
                    let w = k - 27;
                    if k >= 31 || w == o_wind || w == t.winds.prevailing_wind as usize {
                        value += 1.0;
                    }
                } else {
                    suits[k / 9] += 1;
                }
            }
            let n_suits = suits.iter().filter(|&&c| c > 0).count();
            if n_suits == 1 && melds.len() >= 2 {
                let s = suits.iter().position(|&c| c > 0).unwrap_or(0) as u8;
                th.flush = Some(s);
                value += if honours > 0 { 3.0 } else { 5.0 };
            }
            let claimed = melds.iter().any(is_claimed);
            let p_legal = if value > 0.0 {
                0.9
            } else if !claimed {
                0.55
            } else {
                0.3
            };
            th.p = ready * p_legal;
            let v = (min + (value - 1.0).max(0.0)).max(min);
            th.pay = self.gain(v, false);
        }
        out
    }

    // ------------------------------------------------------------------ offence

    /// Value features of a 13-equivalent hand, in the ruleset's unit (an estimate of what it
    /// will be worth once complete, won on a discard): bonus tiles, concealed, honour pungs,
    /// flushes, all pungs, seven pairs. Partial targets count in part.
    fn estimate(&self, c: &Counts, melds: &[Meld], t: &Table<'_>, unseen: &Counts) -> f64 {
        let mut f = 0.0;
        // The value the bonus tiles give before the win, where this baseline counts it.
        if let Some(b) = self.know.strong_bonus_estimate(t.bonus, t.winds.seat_wind) {
            f += b;
        }
        let claimed = melds.iter().any(is_claimed);
        if !claimed {
            f += 1.0; // concealed hand
        }
        let mut all = *c;
        let mut chows = 0;
        let mut pungs = 0usize;
        for m in melds {
            if m.kind == MeldKind::Chow {
                chows += 1;
                for j in 0..3 {
                    all[m.tile.index() + j] += 1;
                }
            } else {
                pungs += 1;
                all[m.tile.index()] += 3;
            }
        }
        // Honour pungs: dragons, seat wind, prevailing wind.
        for h in 27..N_KINDS {
            let w = (h - 27) as u8;
            let v = (h >= 31) as u8 + (w == t.winds.seat_wind) as u8 + (w == t.winds.prevailing_wind) as u8;
            if v == 0 {
                continue;
            }
            if all[h] >= 3 {
                f += v as f64;
            } else if c[h] == 2 && unseen[h] > 0 {
                f += v as f64 * 0.2 * unseen[h] as f64;
            }
        }
        // Flushes: the suit with most tiles; tiles of the other suits still to go.
        let mut per = [0u32; 3];
        let mut honours = 0u32;
        for k in 0..N_KINDS {
            if k < 27 {
                per[k / 9] += all[k] as u32;
            } else {
                honours += all[k] as u32;
            }
        }
        let (best_suit, best_n) = per.iter().enumerate().max_by_key(|&(i, &n)| (n, 3 - i)).map_or((0, 0), |(i, &n)| (i, n));
        let off = per.iter().sum::<u32>() - best_n;
        let off_melds = melds.iter().any(|m| m.tile.index() < 27 && m.tile.index() / 9 != best_suit);
        if !off_melds && off <= 3 && best_n > 0 {
            let keep = [1.0, 0.55, 0.3, 0.12][off as usize];
            let val = if honours == 0 { 7.0 } else { 3.0 };
            f += keep * val;
        }
        // All pungs / seven pairs.
        let n_sets = self.rules.shapes().n_sets;
        let pairs = (0..N_KINDS).filter(|&k| c[k] >= 2).count();
        if chows == 0 {
            let groups = pungs + pairs;
            let deficit = (n_sets + 1).saturating_sub(groups);
            f += [3.0, 1.5, 0.5, 0.0, 0.0, 0.0, 0.0][deficit.min(6)];
        }
        if melds.is_empty() && self.rules.shapes().seven_pairs {
            f += match pairs {
                6.. => 3.5,
                5 => 2.0,
                4 => 0.6,
                _ => 0.0,
            };
        }
        f
    }

    /// Expected gain of a win estimated at `v` on a discard (one more self-drawn, HK F11),
    /// mixing self-drawn and discard wins; each counts as far as it reaches the minimum (a
    /// linear ramp over the last unit, floored by `below_min_keep`: value found later).
    fn value_gain(&self, v: f64) -> f64 {
        let p = &self.params;
        let min = self.rules.min_value() as f64;
        let ramp = |v: f64| (v - min + 1.0).clamp(p.below_min_keep, 1.0);
        let s = p.self_draw_share;
        let ts = v + 1.0;
        s * ramp(ts) * self.gain(ts.max(min), true) + (1.0 - s) * ramp(v) * self.gain(v.max(min), false)
    }

    /// The chance to win within `turns` at a per-turn chance `q` against the others' hazard.
    fn p_win(&self, q: f64, turns: f64) -> f64 {
        if turns <= 0.0 || q <= 0.0 {
            return 0.0;
        }
        let h = self.params.hazard;
        let keep = (1.0 - q - h).clamp(0.0, 1.0);
        q / (q + h) * (1.0 - keep.powf(turns))
    }

    /// Offence of a 13-equivalent hand `c` (shanten `sh`, ukeire `acc`): expected points.
    fn offence(&mut self, c: &Counts, melds: &[Meld], sh: i8, acc: u32, t: &Table<'_>, unseen: &Counts) -> Result<f64> {
        let total: f64 = unseen.iter().map(|&x| x as f64).sum::<f64>().max(1.0);
        let turns = t.remaining as f64 / 4.0;
        let p = self.params;
        if sh <= 0 {
            let held = held_counts(c, melds)?;
            let mask = crate::analysis::waits::wait_mask(c, &held, melds.len(), self.rules.shapes());
            let hand = Hand { concealed: *c, melds: melds.to_vec(), bonus: t.bonus };
            let (mut q_ts, mut q_ron, mut g_ts, mut g_ron) = (0.0, 0.0, 0.0, 0.0);
            for w in 0..N_KINDS {
                if mask >> w & 1 == 0 || unseen[w] == 0 {
                    continue;
                }
                let live = unseen[w] as f64 / total;
                let ctx = |self_drawn| WinContext {
                    seat_wind: t.winds.seat_wind,
                    prevailing_wind: t.winds.prevailing_wind,
                    self_drawn,
                    progress: crate::rules::wait_values::AGENT_PROGRESS,
                    ..WinContext::default()
                };
                let ts = self.rules.score(&hand, Some(Tile(w as u8)), &ctx(true))?;
                if !ts.is_win {
                    continue;
                }
                q_ts += live;
                g_ts += live * self.gain(ts.value as f64, true);
                let ron = self.rules.score(&hand, Some(Tile(w as u8)), &ctx(false))?;
                if ron.is_win {
                    q_ron += live * p.ron_factor;
                    g_ron += live * p.ron_factor * self.gain(ron.value as f64, false);
                }
            }
            let q = q_ts + q_ron;
            if q > 0.0 {
                return Ok(self.p_win(q, turns) * (g_ts + g_ron) / q);
            }
            // Ready but dead: it must change shape to win: one step out, with its value target.
            self.dead = true;
            let g = self.value_gain(self.estimate(c, melds, t, unseen));
            let steps = total / 8.0;
            return Ok(0.6 * self.p_win(4.0 / total * (1.0 + p.ron_factor), turns * turns / (turns + steps)) * g);
        }
        let g = self.value_gain(self.estimate(c, melds, t, unseen));
        let steps = sh as f64 * total / (acc as f64).max(1.0);
        let q_ready = 5.0 / total * (1.0 + p.ron_factor);
        Ok(self.p_win(q_ready, turns * turns / (turns + steps)) * p.step_keep.powi(sh as i32) * g)
    }

    /// Ukeire of a 13-equivalent hand of shanten `sh`: unseen copies of kinds whose draw
    /// lowers its shanten.
    fn ukeire13(&mut self, c: &Counts, melds: &[Meld], sh: i8, unseen: &Counts) -> Result<u32> {
        let (own, acc, _) = self.ev.shanten_and_ukeire(c, melds, unseen, self.rules.shapes())?;
        debug_assert_eq!(own, sh);
        Ok(acc)
    }

    /// The best discard of the 14-equivalent hand `c` by offence minus loss.
    fn best_discard(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        t: &Table<'_>,
        unseen: &Counts,
        threats: &[Threat; 4],
    ) -> Result<Choice> {
        let shapes = *self.rules.shapes();
        // Ukeire of every discard only when slower discards are rated for their offence.
        let all = self.params.window > 0;
        let best = self.ev.rate(c, melds, unseen, &shapes, all, &mut self.rates)?;
        let rates = std::mem::take(&mut self.rates);
        let out = self.pick_discard(c, melds, t, unseen, threats, best, &rates);
        self.rates = rates;
        out
    }

    /// Offence of every discard of the lowest shanten and of those within `window` of it (one
    /// more when every discard of the lowest shanten leaves a dead-ready hand: the slower ones
    /// are rated for their value too); the slower ones (when an opponent threatens) rated at
    /// the best offence times `step_keep` per extra shanten — a slower hand is never rated
    /// above the fastest, but may be chosen for its safety. Then offence minus loss decides.
    #[allow(clippy::too_many_arguments)]
    fn pick_discard(
        &mut self,
        c: &Counts,
        melds: &[Meld],
        t: &Table<'_>,
        unseen: &Counts,
        threats: &[Threat; 4],
        best: i8,
        rates: &[Rating],
    ) -> Result<Choice> {
        let threatened = self.params.caution > 0.0 && threats.iter().any(|th| th.p > 0.0);
        let mut off = [f64::NAN; N_KINDS];
        let mut d = *c;
        let (mut cap, mut all_dead) = (0.0f64, true);
        let mut window = 0;
        while window <= self.params.window.max(0) {
            for r in rates.iter().filter(|r| r.shanten == best + window) {
                let k = r.kind as usize;
                d[k] -= 1;
                // Ukeire where the evaluator did not compute it (it decides nothing there): a
                // typical count, so the offence is on the same scale.
                let acc = r.ukeire.unwrap_or(ACC_PROXY);
                self.dead = false;
                let x = self.offence(&d, melds, r.shanten, acc, t, unseen);
                d[k] += 1;
                off[k] = x?;
                if window == 0 {
                    cap = cap.max(off[k]);
                    all_dead &= self.dead;
                }
            }
            if window == 0 && best == 0 && all_dead && self.params.window == 0 {
                window = 1;
                for r in rates.iter().filter(|r| r.shanten == 1) {
                    let k = r.kind as usize;
                    d[k] -= 1;
                    let x = self.offence(&d, melds, r.shanten, r.ukeire.unwrap_or(ACC_PROXY), t, unseen);
                    d[k] += 1;
                    off[k] = x?;
                }
            }
            window += 1;
        }
        if threatened {
            for r in rates {
                if !off[r.kind as usize].is_nan() {
                    continue;
                }
                off[r.kind as usize] = cap * self.params.step_keep.powi((r.shanten - best) as i32);
            }
        }
        let mut pick: Option<Choice> = None;
        for r in rates {
            let k = r.kind as usize;
            if off[k].is_nan() {
                continue;
            }
            let score = if threatened { off[k] - loss(k, threats, unseen, off[k], self.params.caution) } else { off[k] };
            let ch = Choice { kind: r.kind, score, shanten: r.shanten, ukeire: r.ukeire.unwrap_or(0) };
            if pick.is_none_or(|p| ch.beats(&p)) {
                pick = Some(ch);
            }
        }
        pick.ok_or_else(|| MahjongError::hand("no tile to discard"))
    }

    fn turn(&mut self, s: &Situation<'_>, t: &Table<'_>) -> Result<usize> {
        let legal = s.legal;
        let first = legal.iter().position(|o| o.kind == OptionKind::Discard).unwrap_or(0);
        let is_kong = |k: OptionKind| matches!(k, OptionKind::ConcealedKong | OptionKind::AddedKong);
        let one_kind = legal.iter().filter(|o| o.kind == OptionKind::Discard).all(|o| o.tile == legal[first].tile);
        if one_kind && !legal.iter().any(|o| is_kong(o.kind)) {
            return Ok(first);
        }
        let threats = &self.threats(s, t);
        let choice = self.best_discard(s.concealed, s.melds, t, s.unseen, threats)?;
        let shapes = *self.rules.shapes();
        let best_s = self.rates.iter().map(|r| r.shanten).min().unwrap_or(i8::MAX);
        let folding = threats.iter().any(|th| th.p > 0.3);
        if !folding {
            for (i, o) in legal.iter().enumerate() {
                if !is_kong(o.kind) {
                    continue;
                }
                let mut c = *s.concealed;
                self.melds.clear();
                self.melds.extend_from_slice(s.melds);
                if o.kind == OptionKind::ConcealedKong {
                    take(&mut c, o.tile, 4)?;
                    self.melds.push(Meld { kind: MeldKind::ConcealedKong, tile: o.tile });
                } else {
                    take(&mut c, o.tile, 1)?;
                }
                if self.ev.shanten(&c, &self.melds, &shapes)? <= best_s {
                    return Ok(i);
                }
            }
        }
        Ok(legal.iter().position(|o| o.kind == OptionKind::Discard && o.tile.0 == choice.kind).unwrap_or(first))
    }

    /// The offence of the hand as it is (passing the discard).
    fn pass_value(&mut self, s: &Situation<'_>, t: &Table<'_>, sh: i8) -> Result<f64> {
        let acc = if sh > 0 { self.ukeire13(s.concealed, s.melds, sh, s.unseen)? } else { 0 };
        self.offence(s.concealed, s.melds, sh, acc, t, s.unseen)
    }

    fn respond(&mut self, s: &Situation<'_>, t: &Table<'_>) -> Result<usize> {
        let legal = s.legal;
        let pass = legal
            .iter()
            .position(|o| o.kind == OptionKind::Pass)
            .ok_or_else(|| MahjongError::hand("a claim window without a pass option"))?;
        let is_claim = |k: OptionKind| matches!(k, OptionKind::Pung | OptionKind::Kong | OptionKind::Chow);
        let Some(disc) = s.discard else { return Ok(pass) };
        if !legal.iter().any(|o| is_claim(o.kind)) {
            return Ok(pass);
        }
        let shapes = *self.rules.shapes();
        let now_sh = self.ev.shanten(s.concealed, s.melds, &shapes)?;
        // Passing is valued (and the table read) only once some claim advances the hand.
        let mut now: Option<f64> = None;
        let mut threats = [Threat::default(); 4];
        let mut best: Option<(f64, usize)> = None;
        let mut melds: Vec<Meld> = Vec::with_capacity(s.melds.len() + 1);
        for (i, o) in legal.iter().enumerate() {
            if !is_claim(o.kind) {
                continue;
            }
            let mut c = *s.concealed;
            melds.clear();
            melds.extend_from_slice(s.melds);
            claim(&mut c, &mut melds, o, disc)?;
            let value = match o.kind {
                OptionKind::Kong => {
                    let sh = self.ev.shanten(&c, &melds, &shapes)?;
                    if sh > now_sh {
                        continue;
                    }
                    if now.is_none() {
                        now = Some(self.pass_value(s, t, now_sh)?);
                    }
                    let acc = if sh > 0 { self.ukeire13(&c, &melds, sh, s.unseen)? } else { 0 };
                    self.offence(&c, &melds, sh, acc, t, s.unseen)?
                }
                _ => {
                    if self.ev.shanten(&c, &melds, &shapes)? >= now_sh {
                        continue; // a claim that does not advance the hand only exposes it
                    }
                    if now.is_none() {
                        now = Some(self.pass_value(s, t, now_sh)?);
                        threats = self.threats(s, t);
                    }
                    self.best_discard(&c, &melds, t, s.unseen, &threats)?.score
                }
            };
            let now = now.unwrap_or(0.0);
            if value > now * self.params.claim_margin + 1e-9 && best.is_none_or(|(b, _)| value > b) {
                best = Some((value, i));
            }
        }
        Ok(best.map(|(_, i)| i).unwrap_or(pass))
    }
}

#[cfg(test)]
mod tests;
