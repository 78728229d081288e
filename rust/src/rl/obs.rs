//! The observation of one seat (version [`OBS_VERSION`] by default, or 2): `C` planes of [`N_COLS`] = 42
//! columns, the 34 tile kinds (1m..9m, 1p..9p, 1s..9s, 1z..7z) then the 8 bonus tiles
//! (1f..8f), as `f32`. Seats are relative to the observing seat: `r = 0` itself, `1` the next
//! seat (the one that discards after it), `2` across, `3` the previous seat. It holds only
//! what the seat may see (HK §14), except the privileged planes, which are off by default.
//!
//! | plane | contents (columns 0..34 per kind unless said) |
//! |---|---|
//! | 0 | own concealed tiles: count / 4 |
//! | 1 | the tile just drawn (one-hot), in the seat's own turn |
//! | 2..=5 | declared sets of seat r (concealed kongs included): tiles / 4; columns 34..42: bonus tiles seat r exposed |
//! | 6..=9 | discards of seat r: count / 4 (claimed ones included) |
//! | 10..=13 | discards of seat r that were claimed: count / 4 |
//! | 14..=17 | order: (j + 1) / 32 for seat r's latest discard of the kind, j its position in r's discards |
//! | 18..=21 | recency: 0.5^age of seat r's latest discard of the kind (age 0: r's last discard) |
//! | 22 | tiles unseen by the seat: count / 4; columns 34..42: bonus tiles nobody exposed yet |
//! | 23 | the tile on offer (one-hot): the open discard, or the tile being added to a kong |
//! | 24 | scalars, by column: 0..4 seat wind, 4..8 round wind, 8..12 dealer (relative seat), 12 dealer's streak / 8, 13 live tiles left / 144, 14..18 scores (relative seats) / 1000, 18..22 phase (action, after claim, response, rob), 22..26 relative seat of the discarder or kong declarer, 26 a self-drawn win may be declared, 27 the open discard is the last (win only), 28 discards made / 128, 29 1 / (2 + shanten) of the hand now (1: complete) |
//! | value features (`value_features`, on by default) | |
//! | 25 | in the seat's turn, for each kind held: 1 / (1 + shanten after discarding it) |
//! | 26 | hand value (faan or Tai / 16) of a self-drawn win: in the turn, per discard that leaves the hand ready, the best wait's; in a window, per wait of the hand |
//! | 27 | the same for a win on a discard |
//! | 28 | 1 when that win meets the minimum (HK §10.5, TW §14), self-drawn or on a discard |
//! | rule state (version 2 only; after the value planes, or the base planes without them) | |
//! | +0..+4 | public rule flags of seat r (a declared ready...): column i = flag i of the ruleset's `RuleFlags::public` |
//! | +4 | the seat's own private rule flags (the pass-over lock...): column i = flag i of `RuleFlags::private` |
//! | +5 | columns 0..16: `4 a + b` is 1 when a liability record makes seat b liable for seat a's win (relative seats); column 16: the phase is a declaration window (`DECLARE`) |
//! | +6 | the seat's own private set of kinds (the kinds a pass-over lock holds, HK §19.12): one-hot per kind |
//! | privileged (`privileged`, off by default; for critics) | |
//! | +0..+3 | concealed tiles of seats r = 1, 2, 3: count / 4 |
//! | +3 | the wall not yet drawn (dead wall included): count / 4 per kind; columns 34..42 bonus tiles in it |

use crate::agents::eval::{Evaluator, Rating};
use crate::game::{Deal, Phase};
use crate::rules::wait_values::{wait_values, ValueSituation};
use crate::rules::Ruleset;
use crate::tiles::hand::{Hand, Meld};
use crate::tiles::tile::{N_KINDS, N_TILES};

/// The observation's default version: a trained model records the version it was trained on.
/// Version 2 adds the [`RULE_PLANES`] and the ruleset's extra actions
/// ([`super::actions::ActionSpace`]).
pub const OBS_VERSION: u32 = 1;
/// The newest version.
pub const LATEST_OBS_VERSION: u32 = 2;
/// Columns of a plane: 34 kinds + 8 bonus tiles.
pub const N_COLS: usize = 42;
/// Planes without the optional parts.
pub const BASE_PLANES: usize = 25;
/// Value-feature planes.
pub const VALUE_PLANES: usize = 4;
/// Privileged planes.
pub const PRIVILEGED_PLANES: usize = 4;
/// Rule-state planes (version 2).
pub const RULE_PLANES: usize = 7;
/// Scale of the value planes (faan or Tai).
const VALUE_SCALE: f32 = 16.0;

/// Which optional parts an observation holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObsOptions {
    pub value_features: bool,
    pub privileged: bool,
    /// 1 or 2 ([`OBS_VERSION`], [`LATEST_OBS_VERSION`]); 2 adds the rule-state planes.
    pub version: u32,
}

impl Default for ObsOptions {
    fn default() -> Self {
        ObsOptions { value_features: true, privileged: false, version: OBS_VERSION }
    }
}

impl ObsOptions {
    /// Number of planes `C`.
    pub const fn planes(&self) -> usize {
        BASE_PLANES
            + if self.value_features { VALUE_PLANES } else { 0 }
            + if self.version >= 2 { RULE_PLANES } else { 0 }
            + if self.privileged { PRIVILEGED_PLANES } else { 0 }
    }
    /// Never: an observation has at least the base planes.
    pub const fn is_empty(&self) -> bool {
        false
    }
    /// Floats of one observation (`C * 42`).
    pub const fn len(&self) -> usize {
        self.planes() * N_COLS
    }
}

thread_local! {
    /// One evaluator per thread: its cache is a memo, so results do not depend on the thread.
    static EVAL: std::cell::RefCell<Option<Evaluator>> = const { std::cell::RefCell::new(None) };
}

/// Shanten of a 13- or 14-equivalent hand, by this thread's evaluator (None for a hand of
/// another size).
fn shanten_of(c: &crate::tiles::hand::Counts, melds: &[Meld], shapes: &crate::analysis::decompose::ShapeRules) -> Option<i8> {
    EVAL.with(|e| e.borrow_mut().get_or_insert_with(Evaluator::new).shanten(c, melds, shapes).ok())
}

/// Scratch space reused between encodings (no allocation per step once warm, except the
/// wait list of a ready hand).
#[derive(Default)]
pub struct ObsBuf {
    melds: Vec<Meld>,
    ratings: Vec<Rating>,
    hand: Hand,
}

/// `0.5^age` as `f32`, exactly (`0.5f32.powi(age)`), from the bits: normal while `age < 127`,
/// subnormal up to 149, then 0. No `powi` call: LLVM treats `powi` as free to speculate and
/// evaluated it on every call when it was the fallback branch (4% of a step).
#[inline]
fn half_pow(age: u32) -> f32 {
    if age < 127 {
        f32::from_bits((127 - age) << 23)
    } else if age < 150 {
        f32::from_bits(1 << (149 - age))
    } else {
        0.0
    }
}

#[inline]
fn plane(out: &mut [f32], c: usize) -> &mut [f32] {
    &mut out[c * N_COLS..(c + 1) * N_COLS]
}

/// Write the observation of player `p` of `deal` into `out` (`opts.len()` floats).
pub fn encode(deal: &Deal, p: u8, opts: &ObsOptions, buf: &mut ObsBuf, out: &mut [f32]) {
    out.fill(0.0);
    let pu = p as usize;
    let rel = |q: usize| (q + 4 - pu) % 4;
    let view = deal.view(p);
    let counts = deal.counts(pu);
    {
        let o = plane(out, 0);
        for k in 0..N_KINDS {
            o[k] = counts[k] as f32 * 0.25;
        }
    }
    if let Some(t) = view.drawn_tile() {
        if t < 136 {
            plane(out, 1)[(t >> 2) as usize] = 1.0;
        }
    }
    for q in 0..4 {
        let r = rel(q);
        {
            let o = plane(out, 2 + r);
            for m in deal.melds(q) {
                for &t in m.tiles.as_slice() {
                    o[(t >> 2) as usize] += 0.25;
                }
            }
            for &b in deal.bonus(q) {
                if b >= 136 {
                    o[N_KINDS + (b - 136) as usize] = 1.0;
                }
            }
        }
        let ds = deal.discards(q);
        let n = ds.len();
        for (j, d) in ds.iter().enumerate() {
            let k = (d.tile >> 2) as usize;
            if k >= N_KINDS {
                continue;
            }
            plane(out, 6 + r)[k] += 0.25;
            if d.claimed_by.is_some() {
                plane(out, 10 + r)[k] += 0.25;
            }
            plane(out, 14 + r)[k] = (j + 1) as f32 / 32.0;
            plane(out, 18 + r)[k] = half_pow((n - 1 - j) as u32);
        }
    }
    let unseen = view.unseen_counts();
    {
        let o = plane(out, 22);
        for k in 0..N_KINDS {
            o[k] = unseen[k] as f32 * 0.25;
        }
        let mut exposed = 0u8;
        for q in 0..4 {
            exposed |= deal.bonus_mask(q);
        }
        // a bonus tile counts as unseen only when the ruleset plays with it (136-tile sets)
        let set = deal.rules().tile_set();
        for b in 0..8 {
            o[N_KINDS + b] = ((exposed >> b) & 1 == 0 && set.contains(136 + b as u8)) as u8 as f32;
        }
    }
    let phase = deal.phase();
    let offer = if phase.is_window() { deal.window_tile() } else { None };
    if let Some(t) = offer {
        if t < 136 {
            plane(out, 23)[(t >> 2) as usize] = 1.0;
        }
    }
    // In the seat's own turn with the value features, the shanten after every discard and the
    // hand's own come from one pass of the evaluator (same group tables); else the hand's
    // shanten alone.
    let own_turn = matches!(phase, Phase::Action | Phase::AfterClaim) && deal.active() == Some(p);
    buf.melds.clear();
    buf.melds.extend(deal.melds(pu).iter().map(|m| m.core()));
    let shapes = deal.rules().shapes();
    let mut rated = false;
    let shanten_now = if opts.value_features && own_turn {
        let (melds, ratings) = (&buf.melds, &mut buf.ratings);
        match EVAL.with(|e| {
            e.borrow_mut().get_or_insert_with(Evaluator::new).shanten_and_after_discards(counts, melds, shapes, ratings)
        }) {
            Ok(s) => {
                rated = true;
                Some(s)
            }
            Err(_) => shanten_of(counts, &buf.melds, shapes),
        }
    } else {
        shanten_of(counts, &buf.melds, shapes)
    };
    {
        let o = plane(out, 24);
        let winds = deal.seat_winds();
        o[winds[pu] as usize & 3] = 1.0;
        o[4 + (deal.prevailing_wind() as usize & 3)] = 1.0;
        o[8 + rel(deal.dealer() as usize & 3)] = 1.0;
        o[12] = deal.dealer_streak() as f32 / 8.0;
        o[13] = deal.remaining() as f32 / N_TILES as f32;
        let scores = deal.scores();
        for q in 0..4 {
            o[14 + rel(q)] = scores[q] as f32 / 1000.0;
        }
        let ph = match phase {
            Phase::Action => Some(0),
            Phase::AfterClaim => Some(1),
            Phase::Response => Some(2),
            Phase::Rob => Some(3),
            Phase::Ended | Phase::Declare | Phase::BonusChoice => None,
        };
        if let Some(i) = ph {
            o[18 + i] = 1.0;
        }
        if let (true, Some(from)) = (phase.is_window(), deal.window_from()) {
            o[22 + rel(from as usize & 3)] = 1.0;
        }
        o[26] = view.can_self_draw() as u8 as f32;
        o[27] = view.is_last_discard() as u8 as f32;
        o[28] = deal.turn() as f32 / 128.0;
        if let Some(s) = shanten_now {
            o[29] = 1.0 / (2.0 + s as f32).max(1.0);
        }
    }
    let mut next = BASE_PLANES;
    if opts.value_features {
        let planes = &mut out[next * N_COLS..(next + VALUE_PLANES) * N_COLS];
        value_planes(deal, p, phase, counts, shanten_now, rated, buf, planes);
        next += VALUE_PLANES;
    }
    if opts.version >= 2 {
        rule_planes(deal, pu, phase, &mut out[next * N_COLS..(next + RULE_PLANES) * N_COLS]);
        next += RULE_PLANES;
    }
    if opts.privileged {
        for q in 0..4 {
            let r = rel(q);
            if r == 0 {
                continue;
            }
            let o = plane(out, next + r - 1);
            let c = deal.counts(q);
            for k in 0..N_KINDS {
                o[k] = c[k] as f32 * 0.25;
            }
        }
        let (front, back) = deal.wall_position();
        let wall = deal.wall();
        let o = plane(out, next + 3);
        let lo = front.min(N_TILES);
        let hi = (back.max(0) as usize + 1).min(N_TILES);
        if lo < hi {
            for &t in &wall[lo..hi] {
                if t < 136 {
                    o[(t >> 2) as usize] += 0.25;
                } else {
                    o[N_KINDS + (t - 136) as usize] = 1.0;
                }
            }
        }
    }
}

/// The rule-state planes of version 2 into `out` ([`RULE_PLANES`] planes, zeroed): what seat
/// `p` may see of the deal's [`crate::rules::RuleState`] (public flags of every seat, its own
/// private flags, the liability records) and whether a declaration window is open.
fn rule_planes(deal: &Deal, p: usize, phase: Phase, out: &mut [f32]) {
    let rel = |q: usize| (q + 4 - p) % 4;
    let state = deal.rule_state();
    let flags = deal.rules().rule_flags();
    for q in 0..4 {
        let o = plane(out, rel(q));
        for (i, c) in o.iter_mut().enumerate().take(flags.public.len().min(16)) {
            *c = state.public_flag(q, i as u8) as u8 as f32;
        }
    }
    let o = plane(out, 4);
    for (i, c) in o.iter_mut().enumerate().take(flags.private.len().min(16)) {
        *c = state.private_flag(p, i as u8) as u8 as f32;
    }
    let o = plane(out, 5);
    for r in &state.records {
        o[4 * rel(r.seat as usize & 3) + rel(r.liable as usize & 3)] = 1.0;
    }
    o[16] = (phase == Phase::Declare) as u8 as f32;
    let kinds = state.kinds.get(p).copied().unwrap_or(0);
    let o = plane(out, 6);
    for (k, c) in o.iter_mut().enumerate().take(N_KINDS) {
        *c = (kinds >> k & 1) as f32;
    }
}

/// Write the values of the ready 13-equivalent hand `c` (with `buf.melds`): per wait `k`,
/// `f(k, self-drawn value, discard value, meets the minimum)`.
fn for_each_wait(
    c: &crate::tiles::hand::Counts,
    bonus: u8,
    rules: &Ruleset,
    ctx: &crate::rules::scoring::WinContext,
    buf: &mut ObsBuf,
    mut f: impl FnMut(usize, f32, f32, bool),
) {
    buf.hand.concealed = *c;
    buf.hand.bonus = bonus;
    buf.hand.melds.clear();
    buf.hand.melds.extend_from_slice(&buf.melds);
    if let Ok(ws) = wait_values(&buf.hand, rules, ctx) {
        for w in &ws {
            f(w.tile.0 as usize, w.self_drawn.value as f32 / VALUE_SCALE, w.discard.value as f32 / VALUE_SCALE, w.can_win());
        }
    }
}

/// The value planes (25..=28) into `out` (4 planes). `shanten_now` is the shanten of the hand
/// as held (already computed by [`encode`]); `rated`: `buf.ratings` already holds the shanten
/// after every discard of it.
///
/// In the seat's turn the shanten after every discard comes from one pass of the evaluator
/// ([`Evaluator::shanten_and_after_discards`]: the groups a discard leaves unchanged are
/// combined once, not once per discard); in a window the hand's own shanten is reused. The
/// values are those of the reference (one shanten per discard; tested on seeded deals).
#[allow(clippy::too_many_arguments)]
fn value_planes(
    deal: &Deal,
    p: u8,
    phase: Phase,
    counts: &crate::tiles::hand::Counts,
    shanten_now: Option<i8>,
    rated: bool,
    buf: &mut ObsBuf,
    out: &mut [f32],
) {
    let pu = p as usize;
    let rules: &Ruleset = deal.rules();
    let shapes = rules.shapes();
    let ctx = ValueSituation { seat_wind: deal.seat_winds()[pu], prevailing_wind: deal.prevailing_wind() }.context();
    let bonus = deal.bonus_mask(pu);
    let own_turn = matches!(phase, Phase::Action | Phase::AfterClaim) && deal.active() == Some(p);
    let mut c = *counts;
    if own_turn {
        let mut ratings = std::mem::take(&mut buf.ratings);
        // The exact shanten after every discard came from one pass of the evaluator (the
        // groups a discard leaves unchanged combined once); per discard only if the hand was
        // refused (fast_value_planes_equal_the_reference_encoding checks the values).
        if !rated {
            ratings.clear();
            for k in 0..N_KINDS {
                if c[k] == 0 {
                    continue;
                }
                c[k] -= 1;
                if let Some(s) = shanten_of(&c, &buf.melds, shapes) {
                    ratings.push(Rating { kind: k as u8, shanten: s, ukeire: None, draws: 0 });
                }
                c[k] += 1;
            }
        }
        for r in &ratings {
            let (k, s) = (r.kind as usize, r.shanten);
            out[k] = 1.0 / (1.0 + s.max(0) as f32);
            if s == 0 {
                c[k] -= 1;
                for_each_wait(&c, bonus, rules, &ctx, buf, |_, a, b, win| {
                    out[N_COLS + k] = out[N_COLS + k].max(a);
                    out[2 * N_COLS + k] = out[2 * N_COLS + k].max(b);
                    if win {
                        out[3 * N_COLS + k] = 1.0;
                    }
                });
                c[k] += 1;
            }
        }
        buf.ratings = ratings;
    } else if phase != Phase::Ended {
        let n: usize = c.iter().map(|&x| x as usize).sum::<usize>() + 3 * buf.melds.len();
        if n % 3 == 1 && shanten_now == Some(0) {
            for_each_wait(&c, bonus, rules, &ctx, buf, |k, a, b, win| {
                out[N_COLS + k] = a;
                out[2 * N_COLS + k] = b;
                out[3 * N_COLS + k] = win as u8 as f32;
            });
        }
    }
}

#[cfg(test)]
/// The value planes (25..=28) as first written: one shanten per discard (the reference the
/// tests compare [`value_planes`] with).
pub(crate) fn value_planes_reference(
    deal: &Deal,
    p: u8,
    phase: Phase,
    counts: &crate::tiles::hand::Counts,
    buf: &ObsBuf,
    out: &mut [f32],
) {
    let pu = p as usize;
    let rules: &Ruleset = deal.rules();
    let shapes = rules.shapes();
    let ctx = ValueSituation { seat_wind: deal.seat_winds()[pu], prevailing_wind: deal.prevailing_wind() }.context();
    let bonus = deal.bonus_mask(pu);
    let own_turn = matches!(phase, Phase::Action | Phase::AfterClaim) && deal.active() == Some(p);
    let mut c = *counts;
    if own_turn {
        for k in 0..N_KINDS {
            if c[k] == 0 {
                continue;
            }
            c[k] -= 1;
            if let Some(s) = shanten_of(&c, &buf.melds, shapes) {
                out[k] = 1.0 / (1.0 + s.max(0) as f32);
                if s == 0 {
                    let hand = Hand { concealed: c, melds: buf.melds.clone(), bonus };
                    if let Ok(ws) = wait_values(&hand, rules, &ctx) {
                        for w in &ws {
                            let (a, b) = (w.self_drawn.value as f32 / VALUE_SCALE, w.discard.value as f32 / VALUE_SCALE);
                            out[N_COLS + k] = out[N_COLS + k].max(a);
                            out[2 * N_COLS + k] = out[2 * N_COLS + k].max(b);
                            if w.can_win() {
                                out[3 * N_COLS + k] = 1.0;
                            }
                        }
                    }
                }
            }
            c[k] += 1;
        }
    } else if phase != Phase::Ended {
        let n: usize = c.iter().map(|&x| x as usize).sum::<usize>() + 3 * buf.melds.len();
        if n % 3 == 1 && shanten_of(&c, &buf.melds, shapes) == Some(0) {
            let hand = Hand { concealed: c, melds: buf.melds.clone(), bonus };
            if let Ok(ws) = wait_values(&hand, rules, &ctx) {
                for w in &ws {
                    let k = w.tile.0 as usize;
                    out[N_COLS + k] = w.self_drawn.value as f32 / VALUE_SCALE;
                    out[2 * N_COLS + k] = w.discard.value as f32 / VALUE_SCALE;
                    out[3 * N_COLS + k] = w.can_win() as u8 as f32;
                }
            }
        }
    }
}

/// The value planes of `p` by [`value_planes_reference`] into `out` (4 planes, zeroed first);
/// `buf` must hold `p`'s declared sets, as [`encode`] leaves it.
#[cfg(test)]
pub(crate) fn reference_value_planes(deal: &Deal, p: u8, buf: &ObsBuf, out: &mut [f32]) {
    out.fill(0.0);
    value_planes_reference(deal, p, deal.phase(), deal.counts(p as usize), buf, out);
}

#[cfg(test)]
mod tests {
    use super::half_pow;

    #[test]
    fn half_pow_is_powi() {
        for age in 0..400u32 {
            assert_eq!(half_pow(age).to_bits(), 0.5f32.powi(age as i32).to_bits(), "age {age}");
        }
    }
}
