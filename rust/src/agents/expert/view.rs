//! What the expert reads of the table (HK §14: only what its seat may see) and what a win is
//! worth to it there: the public [`Table`] of the strong seat plus the deal's progress (the
//! dealer's streak, discards made, its own discards, an interruption), and the payments of a
//! win by it or against it with its real dealer status (HK §11, TW §15).

use crate::agents::strong::{Table, TableBuf};
use crate::game::SeatView;
use crate::rules::scoring::{DealProgress, WinContext};
use crate::rules::{Ruleset, WinPayment};

/// One seat's view for the expert: the public table and the deal's progress.
#[derive(Debug, Clone, Copy)]
pub struct ExpertView<'a> {
    pub table: Table<'a>,
    /// The dealer's streak during the deal (0 where the ruleset keeps none).
    pub dealer_streak: u32,
    /// Discards made in the deal so far.
    pub discards_made: u32,
    /// Whether a chow, pung or kong has been made in the deal.
    pub interrupted: bool,
    /// Whether the tile on offer is one being added to a kong (a robbing window, HK §7.3).
    pub robbing: bool,
    /// The seats that declared ready (bit p: seat p; TW §20.6.1, public): each is ready, its
    /// hand locked.
    pub declared: u8,
}

impl<'a> ExpertView<'a> {
    /// A view with the progress of a quiet mid-deal position (no streak, interrupted, the
    /// discards on the table counted).
    pub fn of_table(table: Table<'a>) -> Self {
        let discards_made = table.discards.iter().map(|d| d.len() as u32).sum();
        ExpertView { table, dealer_streak: 0, discards_made, interrupted: true, robbing: false, declared: 0 }
    }

    /// The seat's position counted from the dealer (its seat wind: the dealer is East).
    pub fn seat(&self) -> usize {
        self.table.winds.seat_wind as usize % 4
    }

    /// The situation of the win the seat can make now (the deal as it stands, as the engine
    /// scores it: the discards made, its own, the interruption, the streak), self-drawn or on
    /// the tile on offer: robbing a kong in a robbing window (HK F13), the last discard when
    /// the wall is empty (F15), the last wall tile self-drawn (F14). Whether a self-drawn tile
    /// came from a kong's replacement (F12) is not in the view; it counts as not.
    pub fn now_context(&self, self_drawn: bool) -> WinContext {
        let own = self.table.discards[self.table.player as usize % 4].len() as u32;
        let empty = self.table.remaining == 0;
        WinContext {
            seat_wind: self.table.winds.seat_wind,
            prevailing_wind: self.table.winds.prevailing_wind,
            self_drawn,
            robbing_kong: !self_drawn && self.robbing,
            last_discard: !self_drawn && !self.robbing && empty,
            last_wall_tile: self_drawn && empty,
            progress: DealProgress {
                dealer_streak: self.dealer_streak,
                discards: self.discards_made,
                winner_discards: own,
                interrupted: self.interrupted,
            },
            ..WinContext::default()
        }
    }

    /// The situation of a win the seat may make later with sets declared (`declared`): its
    /// winds and the deal's progress ([`future_progress`]).
    pub fn future_context(&self, self_drawn: bool, declared: bool) -> WinContext {
        let own = self.table.discards[self.table.player as usize % 4].len() as u32;
        let progress = future_progress(
            self.discards_made,
            own,
            self.seat() as u32,
            self.dealer_streak,
            self.interrupted || declared,
            self_drawn,
        );
        WinContext {
            seat_wind: self.table.winds.seat_wind,
            prevailing_wind: self.table.winds.prevailing_wind,
            self_drawn,
            progress,
            ..WinContext::default()
        }
    }
}

/// The most discards of an uninterrupted deal: the dealer's first and one per live tile
/// (TW §10a rule 2).
const UNINTERRUPTED_MAX_DISCARDS: u32 = 1 + crate::rules::taiwanese::scoring::LIVE_AT_START;

/// The most discards at a win on a discard not on the last tile that TW §10a rule 2 accepts
/// for every hand of an interrupted deal: 1 + 62 live tiles drawn + 15 claims by the others −
/// 5 concealed kongs of the winner's − 7 bonus tiles of its.
const INTERRUPTED_FORECAST_MAX: u32 = 1 + crate::rules::taiwanese::scoring::LIVE_AT_START - 1 + 15 - 5 - 7;

/// The deal's progress at a win a seat (its position from the dealer `seat`) may make after
/// its next discard, when `made` discards are on the table, `own` of them its own: consistent
/// with the order of turns (TW §10a) so that the ruleset scores it as the engine would. In an
/// interrupted deal one round on (`made + 4`, `own + 1`); in an uninterrupted one the first
/// count of discards at which the seat's draw (self-drawn) or another's discard comes.
pub fn future_progress(made: u32, own: u32, seat: u32, streak: u32, interrupted: bool, self_drawn: bool) -> DealProgress {
    if interrupted {
        let w = own + 1;
        let mut d = made + 4;
        // the live wall bounds a win that is not on its last tile (TW §10a rule 2: on a discard
        // `D` ≤ 78 + E − B, self-drawn 77 + E − B, for the winner's chows and pungs less its
        // concealed kongs E ≥ −5 and bonus tiles B ≤ 7): a count above the lowest of them is
        // the same value class (D > 10), moved back to one the ruleset accepts for every hand;
        // above MAX_DISCARDS it stays the refused situation it always was
        let cap = INTERRUPTED_FORECAST_MAX - u32::from(self_drawn);
        if d > cap && d <= crate::rules::taiwanese::scoring::MAX_DISCARDS {
            d = cap.max(2 * w + 2);
        }
        return DealProgress { dealer_streak: streak, discards: d, winner_discards: w.min(d), interrupted };
    }
    // discard i is made by seat i mod 4
    let mut d = made + 1;
    while (self_drawn && d % 4 != seat % 4) || (!self_drawn && (d - 1) % 4 == seat % 4) {
        d += 1;
    }
    // an uninterrupted deal ends with its live wall (TW §10a rule 2): a round earlier is the
    // same value class (D > 10, two own discards), and a situation the ruleset accepts
    // (and a win not on the last tile leaves the wall's last tile, bonus tiles drawn: on a
    // discard `D` ≤ 63 − B, self-drawn 62 − B, B ≤ 7 the winner's bonus tiles)
    while d > UNINTERRUPTED_MAX_DISCARDS - 8 - u32::from(self_drawn) {
        d -= 4;
    }
    let w = (0..d).filter(|i| i % 4 == seat % 4).count() as u32;
    DealProgress { dealer_streak: streak, discards: d, winner_discards: w, interrupted }
}

/// The public flag of a seat that declared ready (TW §20.6.1, the ruleset's name for it).
pub const DECLARED_READY: &str = "declared_ready";

/// Buffers to read an [`ExpertView`] from a seat's view without allocating per decision.
#[derive(Debug, Default)]
pub struct ExpertViewBuf {
    table: TableBuf,
}

impl ExpertViewBuf {
    /// The expert's view of `view` (HK §14: only what that seat may see).
    pub fn read<'a>(&'a mut self, view: &SeatView<'a>) -> ExpertView<'a> {
        ExpertView {
            table: self.table.read(view),
            dealer_streak: view.dealer_streak(),
            discards_made: view.turn(),
            interrupted: view.interrupted(),
            robbing: view.kong_tile().is_some(),
            declared: view.public_flag_seats(DECLARED_READY),
        }
    }
}

/// Points by value for one seat in one situation (its seat wind, the streak): what it gains
/// by a self-drawn win and by a win on a discard (the mean over the three discarders), bent by
/// the style's `alpha` toward winning at all (for estimates), by its `exact_alpha` (for exact
/// values) and plain; and what it pays each opponent (by seat wind) whose win it discards,
/// bent by `alpha`.
///
/// The tables of the last situations are kept ([`PAYOFF_SLOTS`]): one agent decides for every
/// seat of a simulated table in turn, so the seat changes at nearly every decision. A kept
/// table is what [`Payoffs::update`] would compute again (a function of the ruleset, the two
/// exponents, the seat wind and the streak alone), so keeping them changes no value.
#[derive(Debug, Clone, Default)]
pub(crate) struct Payoffs {
    key: Option<(u8, u32)>,
    pub gain_tsumo: Vec<f64>,
    pub gain_ron: Vec<f64>,
    pub pay: [Vec<f64>; 4],
    /// The seat's gain by value, self-drawn and on a discard, bent by the style's
    /// `exact_alpha`: for the exact values (a win on offer, a ready hand's waits).
    pub exact_tsumo: Vec<f64>,
    pub exact_ron: Vec<f64>,
    /// The same in plain points (not bent): for a limit hand's chance and for weighing a win on
    /// offer against waiting for a far bigger one.
    pub points_tsumo: Vec<f64>,
    pub points_ron: Vec<f64>,
    /// Tables of other situations computed before (each with its key), oldest first.
    kept: Vec<Payoffs>,
}

/// Situations whose payoff tables an agent keeps besides the current one (four seats, a few
/// streaks).
const PAYOFF_SLOTS: usize = 15;

impl Payoffs {
    /// Make the tables those of `seat` (its seat wind) and `streak`: a kept table when one was
    /// computed for them, else computed now.
    pub fn update(&mut self, rules: &Ruleset, alpha: f64, exact_alpha: f64, seat: u8, streak: u32) {
        let key = Some((seat, streak));
        if self.key == key {
            return;
        }
        let mut kept = std::mem::take(&mut self.kept);
        let mut cur = std::mem::take(self);
        if let Some(i) = kept.iter().position(|p| p.key == key) {
            // swap the current tables into the kept slot: each slot keeps its own key
            std::mem::swap(&mut cur, &mut kept[i]);
        } else {
            if cur.key.is_some() {
                if kept.len() >= PAYOFF_SLOTS {
                    kept.remove(0);
                }
                kept.push(cur);
            }
            cur = Payoffs::compute(rules, alpha, exact_alpha, seat, streak);
        }
        *self = cur;
        self.kept = kept;
    }

    fn compute(rules: &Ruleset, alpha: f64, exact_alpha: f64, seat: u8, streak: u32) -> Payoffs {
        let me = seat as usize % 4;
        let top = rules.max_value().min(64);
        let pays = |winner: usize, v: u8, discarder: Option<usize>| {
            let win = WinPayment { winner, value: v.into(), self_drawn: discarder.is_none(), discarder };
            rules.win_payments(&win, 0, streak).unwrap_or([0; 4])
        };
        let tsumo = |v: u8| pays(me, v, None)[me].max(0) as f64;
        let ron = |v: u8| (1..4).map(|d| pays(me, v, Some((me + d) % 4))[me].max(0) as f64).sum::<f64>() / 3.0;
        let min = rules.min_value().min(top);
        let (m_ts, m_ron) = (tsumo(min), ron(min));
        let bend_by = |a: f64| move |g: f64, m: f64| if m > 0.0 { m * (g / m).powf(a) } else { g };
        let (bend, exact) = (bend_by(alpha), bend_by(exact_alpha));
        let pay = std::array::from_fn(|o| {
            if o == me {
                Vec::new()
            } else {
                let paid = |v: u8| (-pays(o, v, Some(me))[me]).max(0) as f64;
                let m = paid(min);
                (0..=top).map(|v| bend(paid(v), m)).collect()
            }
        });
        Payoffs {
            key: Some((seat, streak)),
            gain_tsumo: (0..=top).map(|v| bend(tsumo(v), m_ts)).collect(),
            gain_ron: (0..=top).map(|v| bend(ron(v), m_ron)).collect(),
            pay,
            exact_tsumo: (0..=top).map(|v| exact(tsumo(v), m_ts)).collect(),
            exact_ron: (0..=top).map(|v| exact(ron(v), m_ron)).collect(),
            points_tsumo: (0..=top).map(tsumo).collect(),
            points_ron: (0..=top).map(ron).collect(),
            kept: Vec::new(),
        }
    }
}

/// Linear interpolation of `t` at `v` (clamped to its range; 0 for an empty table).
pub(crate) fn at(t: &[f64], v: f64) -> f64 {
    if t.is_empty() {
        return 0.0;
    }
    let v = v.max(0.0).min((t.len() - 1) as f64);
    let lo = v.floor() as usize;
    let hi = (lo + 1).min(t.len() - 1);
    let f = v - lo as f64;
    t[lo] * (1.0 - f) + t[hi] * f
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept tables are those a fresh computation gives, whatever the order of situations
    /// (more situations than slots, so that some are dropped and computed again).
    #[test]
    fn kept_payoff_tables_equal_fresh_ones() {
        for name in ["hong-kong", "taiwanese-high", "taiwanese-low"] {
            let rules = Ruleset::named(name).unwrap();
            let style = crate::agents::knowledge::Knowledge::of(&rules).expert_style();
            let (alpha, exact_alpha) = (style.alpha, style.exact_alpha);
            let mut p = Payoffs::default();
            let (mut kept_hits, mut x) = (0, 7u32);
            for _ in 0..400 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let (seat, streak) = ((x >> 16) as u8 % 4, (x >> 20) % 6);
                let before = p.kept.iter().any(|k| k.key == Some((seat, streak)));
                p.update(&rules, alpha, exact_alpha, seat, streak);
                kept_hits += usize::from(before);
                let fresh = Payoffs::compute(&rules, alpha, exact_alpha, seat, streak);
                assert_eq!(p.key, Some((seat, streak)));
                assert_eq!((&p.gain_tsumo, &p.gain_ron, &p.pay), (&fresh.gain_tsumo, &fresh.gain_ron, &fresh.pay), "{name}");
                assert_eq!((&p.points_tsumo, &p.points_ron), (&fresh.points_tsumo, &fresh.points_ron), "{name}");
                assert_eq!((&p.exact_tsumo, &p.exact_ron), (&fresh.exact_tsumo, &fresh.exact_ron), "{name}");
                assert!(p.kept.len() <= PAYOFF_SLOTS && p.kept.iter().all(|k| k.key != p.key && k.kept.is_empty()));
            }
            assert!(kept_hits > 100, "{name}: {kept_hits}");
        }
    }
}
