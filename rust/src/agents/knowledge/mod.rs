//! What the agents know of a ruleset beyond what it scores (the AI's knowledge, kept apart from
//! the rules): the value an unfinished hand of the seat's may reach, the value and legality of
//! an opponent's hand seen from outside, a limit hand within reach, the expert's weights and the
//! `strong` baseline's bonus-tile estimate. [`Knowledge::of`] chooses it by what the ruleset says
//! of itself (its family, [`crate::rules::Wording::family`], its switch values and its minimum),
//! never by its name: `hong_kong.rs` for the Hong Kong family, `taiwanese.rs` for the Taiwanese
//! one, and the defaults here for a ruleset the agents know nothing of (the minimum, a coin for
//! legality). The expert's weights are the generated `expert_styles.rs`
//! (`scripts/fit_expert.py` writes it).
//!
//! Everything here is read from one seat's view (HK §14): its own tiles and the public table.
//! Ready hands are never estimated: the expert values them exactly
//! ([`crate::rules::wait_values`], [`crate::rules::Ruleset::score`]).

#![allow(clippy::needless_range_loop)] // kinds are indices by nature

pub(crate) mod expert_styles;
mod hong_kong;
mod taiwanese;

use crate::rules::Ruleset;
use crate::tiles::hand::{Counts, Meld, MeldKind};
use crate::tiles::tile::N_KINDS;

/// The family of rulesets an agent's knowledge is for.
// the Taiwanese facts hold the Tai of every element the estimates count (a few hundred bytes):
// built once per seat and read in place, never moved per decision
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq)]
enum Family {
    /// Hong Kong (HK §10 faan table), with its minimum and its element values.
    HongKong { min: u8, values: hong_kong::HkValues },
    /// Taiwanese (TW §12, §13), with what the estimates read of its switches.
    Taiwanese(taiwanese::TwFacts),
    /// A family the agents know nothing of: the defaults, with its minimum.
    Unknown { min: u8 },
}

/// What the agents know of one ruleset: built once per seat ([`Knowledge::of`]), then asked
/// per decision. `Copy` (a few hundred bytes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knowledge {
    family: Family,
    /// The fitted weights of the nearest preset ([`crate::rules::nearest_preset`]), if it has
    /// its own (`expert_styles.rs`).
    fitted: Option<ExpertStyle>,
}

impl Knowledge {
    /// The knowledge for `r`, by the family it says it belongs to (`Wording::family`: `"Hong
    /// Kong"`, `"Taiwanese"`; any other gets the defaults) and its switch values.
    pub fn of(r: &Ruleset) -> Knowledge {
        let family = match r.wording().family {
            "Hong Kong" => Family::HongKong { min: r.min_value(), values: hong_kong::HkValues::of(r) },
            "Taiwanese" => Family::Taiwanese(taiwanese::TwFacts::of(r)),
            _ => Family::Unknown { min: r.min_value() },
        };
        let fitted = crate::rules::nearest_preset(r.switch_set()).and_then(|p| expert_styles::of_preset(p.name));
        Knowledge { family, fitted }
    }

    /// What the seat's unfinished hand `f` may be worth once complete, in the ruleset's unit,
    /// won on a discard and self-drawn. By default the minimum (one more self-drawn).
    pub fn estimate_hand(&self, f: &HandFeatures<'_>) -> Outlook {
        match &self.family {
            Family::HongKong { values, .. } => hong_kong::hand(f, values),
            Family::Taiwanese(s) => taiwanese::hand(f, s),
            Family::Unknown { min } => default_outlook(*min),
        }
    }

    /// A limit hand the seat's unfinished hand (13-equivalent: `concealed` and its declared
    /// sets `melds`; `unseen` the copies it cannot see) may still become with `turns` own draws
    /// left and a per-turn `hazard` of another seat winning first, if any is worth weighing.
    /// Asked for every candidate hand of a decision, so it answers a hand far from any limit
    /// cheaply. Only the Hong Kong family has one (thirteen orphans).
    pub fn long_shot(&self, concealed: &Counts, melds: &[Meld], unseen: &Counts, turns: f64, hazard: f64) -> Option<LongShot> {
        match self.family {
            Family::HongKong { values, .. } => {
                hong_kong::long_shot(concealed, melds, unseen, turns, hazard, values.thirteen_orphans())
            }
            _ => None,
        }
    }

    /// What a ready-looking opponent's win on a discard would be, from its declared sets and
    /// bonus tiles only (HK §14). By default: the minimum, legal half the time.
    pub fn estimate_opponent(&self, f: &OpponentFeatures<'_>) -> OpponentOutlook {
        match &self.family {
            Family::HongKong { min, values } => hong_kong::opponent(f, *min, values),
            Family::Taiwanese(s) => taiwanese::opponent(f, s),
            Family::Unknown { min } => OpponentOutlook { legal: 0.5, value: f64::from(*min) },
        }
    }

    /// The expert seat's weights: those fitted for the preset nearest to the ruleset's switch
    /// set (`expert_styles.rs`, `scripts/fit_expert.py --rules PRESET`), else its family's
    /// (the weights of its table).
    pub fn expert_style(&self) -> ExpertStyle {
        if let Some(st) = self.fitted {
            return st;
        }
        match &self.family {
            Family::HongKong { .. } => hong_kong::style(),
            Family::Taiwanese(s) => taiwanese::style(s),
            Family::Unknown { .. } => ExpertStyle::default(),
        }
    }

    /// What a ready declaration (TW §20.6.1) adds to the seat's later win, in the ruleset's
    /// unit, given the live qualification it would keep (TW §20.6.2); 0 where the ruleset
    /// scores nothing for it (the Hong Kong family, the Taiwanese high and low tables, a
    /// family the agents know nothing of: no declaration is worth its lock there).
    pub fn declaration_gain(&self, qualification: Option<crate::rules::scoring::Qualification>) -> f64 {
        match &self.family {
            Family::Taiwanese(s) => taiwanese::declaration_gain(s, qualification),
            _ => 0.0,
        }
    }

    /// The bonus-tile value the baseline `strong` seat counts when it estimates an unfinished
    /// hand (`agents/strong.rs`), in the ruleset's unit; `None` where that baseline counts
    /// none. The baseline was tuned on Hong Kong (F16–F20, HK §10.2, §10.3: no bonus tiles 1;
    /// own flower and own season 1 each, or 2 for all four flowers / all four seasons) and is
    /// kept exactly as it was measured.
    pub fn strong_bonus_estimate(&self, bonus: u8, seat_wind: u8) -> Option<f64> {
        match self.family {
            Family::HongKong { .. } => Some(hong_kong::bonus_estimate(bonus, seat_wind)),
            _ => None,
        }
    }
}

/// The shape of one seat's unfinished hand, counted once per decision for the ruleset's
/// estimate: what its concealed tiles and declared sets hold, and the seat's situation.
#[derive(Debug, Clone, Copy)]
pub struct HandFeatures<'a> {
    /// Concealed tiles by kind (a 13-equivalent hand: after the discard).
    pub concealed: &'a Counts,
    /// The seat's declared sets.
    pub melds: &'a [Meld],
    /// Concealed tiles and declared sets together, by kind.
    pub all: Counts,
    /// Copies of each kind the seat cannot see.
    pub unseen: &'a Counts,
    /// Sets the ruleset's standard shape needs (4 or 5).
    pub n_sets: usize,
    /// Whether the ruleset knows seven pairs.
    pub seven_pairs: bool,
    /// The seat's exposed bonus tiles (bit i = `(i+1)f`).
    pub bonus: u8,
    /// 0 = East .. 3 = North.
    pub seat_wind: u8,
    /// 0 = East .. 3 = North.
    pub prevailing_wind: u8,
    /// Some declared set was claimed from a discard (the hand is not concealed).
    pub claimed: bool,
    /// Declared chows.
    pub chow_melds: usize,
    /// Declared pungs and kongs.
    pub pung_melds: usize,
    /// Concealed kinds held two or more times.
    pub pairs: usize,
    /// Concealed kinds held three or more times, and concealed kongs.
    pub concealed_pungs: usize,
    /// Tiles of each suit (concealed and declared).
    pub per_suit: [u32; 3],
    /// Honour tiles (concealed and declared).
    pub honours: u32,
    /// The suit with most tiles (the lower on a tie).
    pub best_suit: usize,
    /// Whether a declared set lies in another suit than `best_suit`.
    pub off_suit_meld: bool,
}

impl<'a> HandFeatures<'a> {
    /// The features of `concealed` + `melds` for a seat with `bonus` and these winds.
    #[allow(clippy::too_many_arguments)]
    pub fn of(
        concealed: &'a Counts,
        melds: &'a [Meld],
        unseen: &'a Counts,
        n_sets: usize,
        seven_pairs: bool,
        bonus: u8,
        seat_wind: u8,
        prevailing_wind: u8,
    ) -> Self {
        let mut all = *concealed;
        let (mut chow_melds, mut pung_melds, mut concealed_pungs) = (0, 0, 0);
        let mut claimed = false;
        for m in melds {
            let k = m.tile.index();
            claimed |= m.kind != MeldKind::ConcealedKong;
            if m.kind == MeldKind::Chow {
                chow_melds += 1;
                for j in 0..3 {
                    all[(k + j).min(N_KINDS - 1)] += 1;
                }
            } else {
                pung_melds += 1;
                all[k] += 3;
                concealed_pungs += (m.kind == MeldKind::ConcealedKong) as usize;
            }
        }
        let pairs = concealed.iter().filter(|&&c| c >= 2).count();
        concealed_pungs += concealed.iter().filter(|&&c| c >= 3).count();
        let mut per_suit = [0u32; 3];
        let mut honours = 0;
        for k in 0..N_KINDS {
            if k < 27 {
                per_suit[k / 9] += all[k] as u32;
            } else {
                honours += all[k] as u32;
            }
        }
        let best_suit = (0..3).max_by_key(|&i| (per_suit[i], 3 - i)).unwrap_or(0);
        let off_suit_meld = melds.iter().any(|m| m.tile.index() < 27 && m.tile.index() / 9 != best_suit);
        HandFeatures {
            concealed,
            melds,
            all,
            unseen,
            n_sets,
            seven_pairs,
            bonus,
            seat_wind,
            prevailing_wind,
            claimed,
            chow_melds,
            pung_melds,
            pairs,
            concealed_pungs,
            per_suit,
            honours,
            best_suit,
            off_suit_meld,
        }
    }

    /// Suited tiles outside `best_suit`: what a flush still has to let go.
    pub fn off_suit(&self) -> u32 {
        self.per_suit.iter().sum::<u32>() - self.per_suit[self.best_suit]
    }

    /// The chance-weighted share of a flush, 1 when every suited tile is of one suit, falling
    /// with each tile of another suit (0 beyond three, or with a set declared in another suit).
    pub fn flush_keep(&self) -> f64 {
        if self.off_suit_meld || self.per_suit[self.best_suit] == 0 {
            return 0.0;
        }
        [1.0, 0.55, 0.3, 0.12].get(self.off_suit() as usize).copied().unwrap_or(0.0)
    }

    /// How far the hand is from all pungs: sets and pairs missing (0 = every group a pung or
    /// pair; `None` with a declared chow).
    pub fn pung_deficit(&self) -> Option<usize> {
        (self.chow_melds == 0).then(|| (self.n_sets + 1).saturating_sub(self.pung_melds + self.pairs))
    }

    /// A pung of honour `h` (27..34): 1 if held or declared as a pung, else the chance-like
    /// weight of a concealed pair whose third copy is unseen.
    pub fn honour_pung(&self, h: usize) -> f64 {
        if self.all[h] >= 3 {
            1.0
        } else if self.concealed[h] == 2 && self.unseen[h] > 0 {
            0.2 * self.unseen[h] as f64
        } else {
            0.0
        }
    }

    /// Bonus tiles exposed.
    pub fn bonus_count(&self) -> u32 {
        self.bonus.count_ones()
    }
}

/// What a hand is estimated to be worth once complete, in the ruleset's unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outlook {
    /// Won on a discard.
    pub discard: f64,
    /// Self-drawn.
    pub self_drawn: f64,
}

/// An opponent's declared sets and exposed bonus tiles as the expert reads them.
#[derive(Debug, Clone, Copy)]
pub struct OpponentFeatures<'a> {
    /// Its declared sets (concealed kongs included: their kind is public).
    pub melds: &'a [Meld],
    /// Its exposed bonus tiles (bit i = `(i+1)f`).
    pub bonus: u8,
    /// Its seat wind and the prevailing wind.
    pub seat_wind: u8,
    pub prevailing_wind: u8,
    /// The suit its declared sets are all in (two or more, no other suit), if any.
    pub flush: Option<u8>,
    /// Whether it declared an honour set.
    pub honour_sets: bool,
}

impl OpponentFeatures<'_> {
    /// Whether every declared set is a concealed kong (the hand is concealed).
    pub fn concealed(&self) -> bool {
        self.melds.iter().all(|m| m.kind == MeldKind::ConcealedKong)
    }
}

/// What a ready-looking opponent's win on a discard would be, as the expert estimates it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpponentOutlook {
    /// The chance that a ready hand of this opponent can win on a discard (it reaches the
    /// minimum).
    pub legal: f64,
    /// Its value (the ruleset's unit).
    pub value: f64,
}

/// The weights that turn estimates into decisions under one ruleset (measured with the arena;
/// `docs/ai.md`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpertStyle {
    /// Share of wins expected to be self-drawn.
    pub self_draw_share: f64,
    /// Per-turn chance that the deal ends by another seat's win.
    pub hazard: f64,
    /// Multiplier of the expected loss of a discard.
    pub caution: f64,
    /// Least chance kept that a hand estimated under the minimum reaches it.
    pub below_min_keep: f64,
    /// Factor per shanten step on the chance to win.
    pub step_keep: f64,
    /// Exponent on the points of the estimates — an unfinished hand's win, a loss to an
    /// opponent's hand read from outside — (1: expected points; below 1 weighs winning at all
    /// above winning big), rescaled to agree at the minimum.
    pub alpha: f64,
    /// Weight of the look-ahead over the next draw in the value of a hand one step from ready
    /// (0: the ruleset's estimate alone; 1: the look-ahead alone).
    pub lookahead: f64,
    /// Least chance of completing a limit hand the ruleset sees in an unfinished hand
    /// ([`LongShot`]) for the seat to play toward it (1: never; the chance times what the limit
    /// pays is weighed against the hand's usual value). Lower plays for more points and wins
    /// less often.
    pub long_shot_min: f64,
    /// The same exponent as `alpha` on the exact values: a win on offer and a ready hand's
    /// waits, scored by the ruleset (1: plain points). A limit hand's chance and the choice
    /// to let a win pass for a far bigger one are always weighed in plain points.
    pub exact_alpha: f64,
}

impl ExpertStyle {
    /// The field names, in the order of [`ExpertStyle::values`].
    pub const FIELDS: [&'static str; 9] = [
        "self_draw_share",
        "hazard",
        "caution",
        "below_min_keep",
        "step_keep",
        "alpha",
        "lookahead",
        "long_shot_min",
        "exact_alpha",
    ];

    /// The allowed closed range of each field (same order as [`ExpertStyle::FIELDS`]).
    pub const RANGES: [(f64, f64); 9] =
        [(0.0, 1.0), (0.0, 0.5), (0.0, 10.0), (0.0, 1.0), (0.0, 1.0), (0.05, 4.0), (0.0, 1.0), (0.0, 1.0), (0.05, 4.0)];

    /// The weights in the order of [`ExpertStyle::FIELDS`].
    pub fn values(&self) -> [f64; 9] {
        [
            self.self_draw_share,
            self.hazard,
            self.caution,
            self.below_min_keep,
            self.step_keep,
            self.alpha,
            self.lookahead,
            self.long_shot_min,
            self.exact_alpha,
        ]
    }

    /// The style of the weights `v` (order of [`ExpertStyle::FIELDS`]). Errors
    /// (`RuleConfig`): a value that is not finite or outside its range of [`ExpertStyle::RANGES`].
    pub fn from_values(v: [f64; 9]) -> crate::error::Result<ExpertStyle> {
        for ((name, (lo, hi)), x) in Self::FIELDS.iter().zip(Self::RANGES).zip(v) {
            if !x.is_finite() || x < lo || x > hi {
                return Err(crate::error::MahjongError::RuleConfig(format!(
                    "expert style: {name} must be a finite number in {lo}..={hi}, got {x}"
                )));
            }
        }
        let [self_draw_share, hazard, caution, below_min_keep, step_keep, alpha, lookahead, long_shot_min, exact_alpha] = v;
        Ok(ExpertStyle {
            self_draw_share,
            hazard,
            caution,
            below_min_keep,
            step_keep,
            alpha,
            lookahead,
            long_shot_min,
            exact_alpha,
        })
    }
}

impl Default for ExpertStyle {
    fn default() -> Self {
        ExpertStyle {
            self_draw_share: 0.4,
            hazard: 0.05,
            caution: 0.05,
            below_min_keep: 0.1,
            step_keep: 0.5,
            alpha: 0.2,
            lookahead: 0.0,
            long_shot_min: 1.0,
            exact_alpha: 0.2,
        }
    }
}

/// The estimate of a ruleset that says nothing of its table: the minimum (one more self-drawn).
pub fn default_outlook(min: u8) -> Outlook {
    Outlook { discard: min as f64, self_drawn: min as f64 + 1.0 }
}

/// A special hand the seat's unfinished hand may still become, worth far more than what the
/// estimate of [`Outlook`] describes (a limit hand): the chance to complete it in the turns
/// left and its value in the ruleset's unit. The expert weighs it in plain points (the chance
/// times what the win pays), beside its usual value of the hand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LongShot {
    /// Chance to complete it before the deal ends.
    pub chance: f64,
    /// Its value once complete (faan or Tai).
    pub value: f64,
}

/// The kinds of thirteen orphans (HK §9.3): the terminals and the honours.
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Kinds a thirteen-orphans hand may lack for [`thirteen_orphans_chance`] to look further.
const MAX_MISSING: usize = 7;

/// Discards from other seats that reach a ready seat per turn, relative to its own draws.
const RON_PER_DRAW: f64 = 1.0;

/// The chance that a concealed hand (13-equivalent, no declared set: `melds` empty) completes
/// thirteen orphans (HK §9.3) within `turns` of its own draws, each turn ending the deal with
/// chance `hazard` (another seat's win); 0 with a declared set or when a kind it lacks has no
/// copy left. A chain over (kinds still missing, pair held): an own draw of a missing kind
/// takes one off, of a held orphan kind makes the pair; a ready hand also wins on the other
/// seats' discards. Copies are the seat's unseen counts, averaged over the missing kinds and
/// over the held ones.
pub fn thirteen_orphans_chance(concealed: &Counts, melds: &[Meld], unseen: &Counts, turns: f64, hazard: f64) -> f64 {
    if !melds.is_empty() {
        return 0.0;
    }
    let (mut missing, mut pair) = (0usize, false);
    let (mut copies_missing, mut copies_held) = (0.0, 0.0);
    for k in ORPHANS {
        let u = unseen[k] as f64;
        if concealed[k] == 0 {
            if u == 0.0 {
                return 0.0;
            }
            missing += 1;
            copies_missing += u;
        } else {
            pair |= concealed[k] >= 2;
            copies_held += u;
        }
    }
    // eight and more draws of named kinds: no chance worth a decision
    if missing > MAX_MISSING {
        return 0.0;
    }
    let total: f64 = unseen.iter().map(|&x| x as f64).sum::<f64>().max(1.0);
    let held = 13 - missing;
    let a = if missing > 0 { copies_missing / missing as f64 } else { 0.0 };
    let b = if held > 0 { copies_held / held as f64 } else { 0.0 };
    let t_max = turns.clamp(0.0, 40.0) as usize;
    if t_max == 0 {
        return 0.0;
    }
    let key = [a.to_bits(), b.to_bits(), total.to_bits(), t_max as u64, hazard.to_bits()];
    ORPHAN_CHAINS.with(|memo| {
        let mut memo = memo.borrow_mut();
        let slot = (key.iter().fold(0u64, |h, &x| (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 60) as usize;
        match &memo[slot] {
            Some((k, v)) if *k == key => v[missing][usize::from(pair)],
            _ => {
                let v = orphan_chain(a, b, total, t_max, hazard);
                let x = v[missing][usize::from(pair)];
                memo[slot] = Some((key, v));
                x
            }
        }
    })
}

type OrphanChain = [[f64; 2]; MAX_MISSING + 1];
/// A kept chain with the bits of its inputs.
type KeptChain = Option<([u64; 5], OrphanChain)>;

thread_local! {
    /// The chains of the last inputs (a function of the inputs alone, so a kept one is what
    /// computing again gives): the discards of one decision mostly leave the same copies.
    static ORPHAN_CHAINS: std::cell::RefCell<[KeptChain; 16]> = const { std::cell::RefCell::new([None; 16]) };
}

/// The chance of completing thirteen orphans from each state (kinds missing `m` up to
/// [`MAX_MISSING`], pair held `p`) in `t_max` turns: `a` copies unseen per missing kind, `b`
/// per held kind, `total` tiles unseen, `hazard` per turn.
fn orphan_chain(a: f64, b: f64, total: f64, t_max: usize, hazard: f64) -> OrphanChain {
    // v[m][p] with one turn fewer left; complete (m = 0, pair held) is 1
    let mut v: OrphanChain = [[0.0f64; 2]; MAX_MISSING + 1];
    v[0][1] = 1.0;
    for _ in 0..t_max {
        let mut next = v;
        for m in 0..=MAX_MISSING {
            for p in 0..2usize {
                if m == 0 && p == 1 {
                    continue;
                }
                // the own draw: a missing kind, or (no pair yet) a held kind
                let p_miss = m as f64 * a / total;
                let p_pair = if p == 0 { (13 - m) as f64 * b / total } else { 0.0 };
                let mut x = 0.0;
                if m > 0 {
                    x += p_miss * v[m - 1][p];
                }
                if p == 0 {
                    x += p_pair * v[m][1];
                }
                // ready (one kind missing with the pair, or all thirteen without a pair): the
                // other seats' discards of a winning kind too
                let wins = match (m, p) {
                    (1, 1) => a,
                    (0, 0) => 13.0 * b,
                    _ => 0.0,
                };
                let ron = (RON_PER_DRAW * wins / total).min(1.0);
                let stay = (1.0 - p_miss - p_pair).max(0.0);
                x += stay * (ron + (1.0 - ron - hazard).max(0.0) * v[m][p]);
                next[m][p] = x;
            }
        }
        v = next;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand::hand;

    fn chance(h: &crate::tiles::hand::Hand, unseen: &Counts, turns: f64, hazard: f64) -> f64 {
        thirteen_orphans_chance(&h.concealed, &h.melds, unseen, turns, hazard)
    }

    fn unseen_of(h: &crate::tiles::hand::Hand) -> Counts {
        let all = h.all_counts();
        std::array::from_fn(|k| 4 - all[k])
    }

    /// The chain played out turn by turn with a seeded stream, as its documentation says it
    /// goes (own draw, then the others' discards when ready, then the hazard), many times: its
    /// share of completions agrees with the chain's computed chance.
    #[allow(clippy::too_many_arguments)]
    fn sampled(missing: usize, pair: bool, a: f64, b: f64, total: f64, turns: usize, hazard: f64, runs: u32) -> f64 {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut uniform = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut won = 0;
        for _ in 0..runs {
            let (mut m, mut p) = (missing, pair);
            for _ in 0..turns {
                let u = uniform();
                let p_miss = m as f64 * a / total;
                let p_pair = if p { 0.0 } else { (13 - m) as f64 * b / total };
                if u < p_miss {
                    m -= 1;
                } else if u < p_miss + p_pair {
                    p = true;
                } else {
                    let wins = match (m, p) {
                        (1, true) => a,
                        (0, false) => 13.0 * b,
                        _ => 0.0,
                    };
                    let v = uniform();
                    if v < wins / total {
                        won += 1;
                        break;
                    }
                    if v < wins / total + hazard {
                        break;
                    }
                    continue;
                }
                if m == 0 && p {
                    won += 1;
                    break;
                }
            }
        }
        f64::from(won) / f64::from(runs)
    }

    #[test]
    fn the_thirteen_orphans_chain_agrees_with_playing_it_out() {
        let runs = 200_000;
        for (missing, pair, turns, hazard) in [(1, true, 10, 0.05), (3, false, 18, 0.08), (0, false, 6, 0.1), (5, true, 25, 0.03)]
        {
            let (a, b, total) = (3.0, 2.5, 90.0);
            let chain = orphan_chain(a, b, total, turns, hazard)[missing][usize::from(pair)];
            let seen = sampled(missing, pair, a, b, total, turns, hazard, runs);
            let se = (chain * (1.0 - chain) / f64::from(runs)).sqrt().max(1e-6);
            assert!((chain - seen).abs() < 4.0 * se + 1e-4, "{missing} {pair}: {chain} against {seen}");
        }
    }

    #[test]
    fn the_thirteen_orphans_chance_reads_the_hand_and_the_deal() {
        // ten kinds held, no pair: 9s 6z 7z missing
        let h = hand("19m19p1s12345z567m");
        let u = unseen_of(&h);
        let c = chance(&h, &u, 15.0, 0.05);
        assert!(c > 0.0 && c < 1.0, "{c}");
        // more turns, more chance; a greater hazard, less
        assert!(chance(&h, &u, 25.0, 0.05) > c);
        assert!(chance(&h, &u, 15.0, 0.1) < c);
        assert_eq!(chance(&h, &u, 0.0, 0.05), 0.0);
        // a kind it lacks with no copy left: no chance
        let mut dead = u;
        dead[kind("9s")] = 0;
        assert_eq!(chance(&h, &dead, 15.0, 0.05), 0.0);
        // one more kind held: more chance
        let nearer = hand("19m19p19s12345z67m");
        let un = unseen_of(&nearer);
        assert!(chance(&nearer, &un, 15.0, 0.05) > c);
        // a declared set: none
        let declared = hand("19m19p1s12345z [567m]");
        let ud = unseen_of(&declared);
        assert_eq!(chance(&declared, &ud, 15.0, 0.05), 0.0);
        // eight kinds or more missing: not looked at
        let far = hand("19m1p123456789s2p");
        let uf = unseen_of(&far);
        assert_eq!(chance(&far, &uf, 15.0, 0.05), 0.0);
        // kept chains give what computing again gives
        assert_eq!(chance(&h, &u, 15.0, 0.05), c);
    }

    fn kind(code: &str) -> usize {
        crate::tiles::tile::parse_tile(code).unwrap().index()
    }

    /// HK §19.5 `element_values`: the estimates count each element at the ruleset's value. A
    /// concealed hand with a pung of red dragons and a pair of green (no bonus tile, a quiet
    /// table) gains 2 × the weight of its red-dragon pung when F6 is worth 3 instead of 1, and
    /// nothing changes at the seed's values; L1 switched off leaves no long shot.
    #[test]
    fn hong_kong_estimates_read_the_element_values() {
        use crate::rules::{Ruleset, SwitchValue};
        let h = hand("555z66z123m456p78s");
        let unseen = unseen_of(&h);
        let f = HandFeatures::of(&h.concealed, &h.melds, &unseen, 4, true, 0, 1, 0);
        let with = |values: &[(&str, SwitchValue)]| {
            let map = values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
            let r = Ruleset::hong_kong().with_switch("element_values", SwitchValue::Map(map)).unwrap();
            Knowledge::of(&r)
        };
        let seed = Knowledge::of(&Ruleset::hong_kong());
        assert_eq!(with(&[]), seed);
        let base = seed.estimate_hand(&f);
        let more = with(&[("F6", SwitchValue::Int(3))]).estimate_hand(&f);
        let weight = f.honour_pung(31) + f.honour_pung(32);
        assert!(weight > 0.0);
        assert!((more.discard - base.discard - 2.0 * weight).abs() < 1e-9, "{more:?} {base:?} {weight}");
        assert!((more.self_drawn - more.discard - 1.0).abs() < 1e-9 && (base.self_drawn - base.discard - 1.0).abs() < 1e-9);
        // F11 worth 2: a self-drawn win is estimated one faan more
        let ts = with(&[("F11", SwitchValue::Int(2))]).estimate_hand(&f);
        assert_eq!(ts.discard, base.discard);
        assert!((ts.self_drawn - base.self_drawn - 1.0).abs() < 1e-9);
        // thirteen orphans: a long shot at the seed's values, none with L1 off
        let orphans = hand("19m19p19s1234567z");
        let u = unseen_of(&orphans);
        assert!(seed.long_shot(&orphans.concealed, &orphans.melds, &u, 10.0, 0.0).is_some());
        let off = with(&[("L1", SwitchValue::Str("off".into()))]);
        assert!(off.long_shot(&orphans.concealed, &orphans.melds, &u, 10.0, 0.0).is_none());
    }

    /// TW §20.2.9 `tai_overrides`: the Taiwanese estimates count each element at the Tai the
    /// ruleset scores it, under the high table and under a common one (TW §20.4) alike. A
    /// concealed hand of chows, no honours and a bonus tile gains the all-chows weight times the change of
    /// H13 (C19 under a common table); the seed's tables are unchanged.
    #[test]
    fn taiwanese_estimates_read_the_tai_of_the_table() {
        use crate::rules::{Ruleset, SwitchValue};
        let h = hand("123m456m789p234s67s5p");
        let unseen = unseen_of(&h);
        // one bonus tile (not the seat's): under the high table H23 would replace H13 without
        let f = HandFeatures::of(&h.concealed, &h.melds, &unseen, 5, false, 1 << 2, 1, 0);
        let over = |name: &str, code: &str, tai: i64| {
            let map = [(code.to_string(), SwitchValue::Int(tai))].into_iter().collect();
            Knowledge::of(&Ruleset::named(name).unwrap().with_switch("tai_overrides", SwitchValue::Map(map)).unwrap())
        };
        let cw = super::taiwanese::chow_weight_of(&f);
        assert!(cw > 0.0);
        for (name, code, seed_tai) in [("taiwanese-high", "H13", 3.0), ("taiwanese-omu-standard", "C19", 2.0)] {
            let base = Knowledge::of(&Ruleset::named(name).unwrap()).estimate_hand(&f);
            let more = over(name, code, 6).estimate_hand(&f);
            let gain = more.discard - base.discard;
            assert!((gain - cw * (6.0 - seed_tai)).abs() < 1e-9, "{name}: {gain} {cw}");
            assert!((more.self_drawn - base.self_drawn - gain).abs() < 1e-9, "{name}");
        }
        // the high table's estimate is not the common table's
        let high = Knowledge::of(&Ruleset::named("taiwanese-high").unwrap()).estimate_hand(&f);
        let common = Knowledge::of(&Ruleset::named("taiwanese-omu-standard").unwrap()).estimate_hand(&f);
        assert!(common.discard < high.discard, "{common:?} {high:?}");
    }
}
