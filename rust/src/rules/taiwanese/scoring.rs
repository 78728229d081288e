//! What the two Taiwanese Tai tables share (TW §10, §10a, §11): the situation inputs Hong Kong
//! lacks, the situation checks, the readings of a hand (every interpretation with every
//! placement of the winning tile), and the conditions both tables name. The tables themselves
//! are [`super::high`] (§12) and [`super::low`] (§13); each rule is written here once, with the
//! readings of TW §19 (notes 5–8: replacements, the concealed straight, the timing elements,
//! the waits).

use std::cell::OnceCell;
use std::cmp::Ordering;

use crate::analysis::decompose::{
    held_counts, ConcealedSet, Interpretation, ShapeRules, TW_COMMON_SHAPES, TW_COMMON_SHAPES_EIGHT_HALF, TW_SHAPES,
};
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{score, Element, Evaluation, ScoreOutcome, ScoringTable, WinContext, WinFacts};
use crate::rules::taiwanese::switches::{TaiTable, TwSwitches};
use crate::tiles::hand::Hand;
use crate::tiles::tile::Tile;

/// The situation of a Taiwanese win beyond the rest of [`WinContext`] (TW §10, §10a): the
/// deal's progress. With it, `WinContext` keeps the Hong Kong names: `prevailing_wind` is the
/// round wind, `seat_wind` 0 (East) is the dealer, `kong_replacement` is a win on a loose tile
/// (a kong's or a bonus tile's replacement, chains included), `last_wall_tile` a self-drawn win
/// on the last live tile, `dealer_start` the heavenly blessing.
use crate::rules::scoring::DealProgress;

pub use super::situation::{
    check_tw_how, check_tw_situation, rob_orders, uninterrupted_own_discards, LIVE_AT_START, MAX_DISCARDS,
};

/// Score a Taiwanese win (TW §11): every interpretation of the hand with every placement of
/// the winning tile is valued under the table of `switches.tai_table`; the highest hand Tai
/// wins, ties going to the lexicographically smaller sorted element numbers. The result's
/// `faan` field holds the hand Tai (no cap: `raw_value` is the same), `elements` one entry per
/// item (TW §10a), `is_win` whether hand Tai ≥ `min_tai` (TW §14). Dealer adjustments are
/// settlement (`crate::rules::taiwanese::settle`), not hand Tai.
///
/// `hand` = the tiles before the winning tile (16 counting each declared set as 3, bonus
/// tiles in `hand.bonus`); `win_tile` completes it (`None` only with `ctx.dealer_start`, when
/// `hand` holds the dealer's 17 tiles).
///
/// Errors: `RuleConfig` for invalid switches; `InvalidHand` for a wrong tile count, a fifth
/// copy, or an impossible situation (TW §10a).
///
/// ```
/// use mahjong_fast::{parse_hand, tiles::tile::parse_tile, rules::taiwanese::switches::TwSwitches};
/// use mahjong_fast::rules::scoring::WinContext;
/// use mahjong_fast::rules::{scoring::DealProgress, taiwanese::scoring::score_tw};
/// // TW §18 T1 (high table): South wins on West's 5s.
/// let h = parse_hand("234m567m222p678p34s99s 3f 6f").unwrap();
/// let ctx = WinContext { seat_wind: 1, ..Default::default() };
/// let s = score_tw(&h, Some(parse_tile("5s").unwrap()), &ctx, &DealProgress::default(), &TwSwitches::default()).unwrap();
/// assert_eq!((s.value, s.is_win), (6, true)); // H02 H03 H03 H08 H40
/// ```
pub fn score_tw(
    hand: &Hand,
    win_tile: Option<Tile>,
    ctx: &WinContext,
    situation: &DealProgress,
    switches: &TwSwitches,
) -> Result<ScoreOutcome> {
    switches.validate()?;
    score_tw_checked(hand, win_tile, ctx, situation, switches)
}

/// [`score_tw`] with switches already checked (those of a built ruleset, which validated them
/// once: scoring does not check them again on every call).
pub(crate) fn score_tw_checked(
    hand: &Hand,
    win_tile: Option<Tile>,
    ctx: &WinContext,
    situation: &DealProgress,
    switches: &TwSwitches,
) -> Result<ScoreOutcome> {
    match switches.tai_table {
        TaiTable::High => score(&super::high::TwHigh::new(switches, situation), hand, win_tile, ctx),
        TaiTable::Low => score(&super::low::TwLow::new(switches, situation), hand, win_tile, ctx),
        TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => {
            score(&super::common::TwCommon::new(switches, situation), hand, win_tile, ctx)
        }
    }
}

/// The winning shapes under these switches: TW §9 for the high and low tables; for the common
/// table eight and a half pairs only with `eight_half_pairs`, in the form of TW §20.4.2 rule 4.
pub fn shapes_of(switches: &TwSwitches) -> &'static ShapeRules {
    if !switches.tai_table.is_common() {
        &TW_SHAPES
    } else if switches.common.eight_half_pairs {
        &TW_COMMON_SHAPES_EIGHT_HALF
    } else {
        &TW_COMMON_SHAPES
    }
}

/// The part of a Taiwanese table that does not depend on its elements: switches, situation
/// and the wait set, computed once per hand.
#[derive(Debug)]
pub struct TwBase<'a> {
    pub switches: &'a TwSwitches,
    pub situation: &'a DealProgress,
    waits: OnceCell<u64>,
    colours: OnceCell<Colours>,
    /// Whether a standard reading places the winning tile in a pung (`prefer_pung_reading`).
    pung_reading: OnceCell<bool>,
}

/// What one Tai table (high TW §12, low TW §13) adds to the conditions both share
/// ([`TwBase`]): its elements of one reading. Every such table is a [`ScoringTable`] through
/// the one implementation below, so the two tables differ only in their elements.
pub(crate) trait TaiElements {
    /// The switches, the situation and the shared conditions.
    fn base(&self) -> &TwBase<'_>;
    /// The table's elements of one reading, with its replacement rules applied (any order).
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element>;
    /// The reported reading's `C`, role and `W` for `interp` (see [`tw_reading`]).
    fn reading_info(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Option<TwReading> {
        self.base().reading_info(facts, interp, |r| self.elements(facts, r))
    }
}

impl<T: TaiElements> ScoringTable for T {
    fn shapes(&self) -> &ShapeRules {
        self.base().shapes()
    }
    fn min_total(&self) -> u8 {
        self.base().min_total()
    }
    fn cap(&self) -> Option<u8> {
        None
    }
    fn check_situation(&self, facts: &WinFacts<'_>) -> Result<()> {
        self.base().check_situation(facts)
    }
    /// TW §10a rules 1, 7d and 9 before the generic checks ([`check_tw_how`]).
    fn check_situation_first(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<()> {
        check_tw_how(ctx, hand, Some(win_tile.is_some()), None)?;
        // rule 8: the robbed tile is the fourth copy of the declarer's kong
        if let (true, Some(t), Ok(held)) = (ctx.robbing_kong, win_tile, held_counts(&hand.concealed, &hand.melds)) {
            if held.get(t.index()).is_some_and(|&n| n > 0) {
                return Err(MahjongError::hand(format!(
                    "TW §10a rule 8: the robbed tile {t} is the fourth copy of another player's kong: the winner holds \
                     none of it"
                )));
            }
        }
        Ok(())
    }
    fn check_replacement(&self, hand: &Hand) -> Result<()> {
        self.base().check_replacement(hand)
    }
    fn unit(&self) -> &'static str {
        "tai"
    }
    /// TW §11 step 2 for one interpretation: its best placement of the winning tile.
    fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
        Evaluation::Elements(self.base().best_reading(facts, interp, |r| self.elements(facts, r)))
    }
}

/// TW §10 wait set `W` of `hand` (the tiles before the winning tile) as a mask over kinds:
/// the hand plus one `t` has a winning shape; kinds held four times are excluded. A hand
/// with a fifth copy (refused by the scorer before `W` is read) counts its concealed tiles only.
pub(crate) fn wait_set(hand: &Hand, shapes: &ShapeRules) -> u64 {
    let held = held_counts(&hand.concealed, &hand.melds).unwrap_or(hand.concealed);
    crate::analysis::waits::wait_mask(&hand.concealed, &held, hand.melds.len(), shapes)
}

/// Which tile classes a hand holds (for H02/H11/L04 and the flushes), computed once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Colours {
    /// No honour tile anywhere in the hand (H02, L04).
    pub no_honours: bool,
    /// H22 / L24: every suited tile of one suit, at least one honour and one suited tile.
    pub half_flush: bool,
    /// H37 / L36: every tile a suited tile of one suit.
    pub full_flush: bool,
}

impl<'a> TwBase<'a> {
    pub fn new(switches: &'a TwSwitches, situation: &'a DealProgress) -> Self {
        TwBase { switches, situation, waits: OnceCell::new(), colours: OnceCell::new(), pung_reading: OnceCell::new() }
    }

    /// [`TwBase::new`] with the wait set `W` already known (`waits`: [`wait_set`] of the hand
    /// before the winning tile), for scoring one hand on several tiles or situations.
    pub fn with_waits(switches: &'a TwSwitches, situation: &'a DealProgress, waits: u64) -> Self {
        TwBase { switches, situation, waits: OnceCell::from(waits), colours: OnceCell::new(), pung_reading: OnceCell::new() }
    }

    /// The winning shapes of these switches ([`shapes_of`]).
    pub(crate) fn shapes(&self) -> &'static ShapeRules {
        shapes_of(self.switches)
    }

    /// `min_tai` as the generic scorer's byte: hand Tai never reaches 255 (the largest
    /// possible sum of either table is below 200), so a larger minimum means the same.
    pub(crate) fn min_total(&self) -> u8 {
        self.switches.min_tai.min(255) as u8
    }

    /// TW §10 wait set `W` as a mask over kinds (bit t = kind t): the hand before the winning
    /// tile plus one t has a winning shape; kinds held four times are excluded. `None` for the
    /// dealer's start-of-play win (`W` undefined).
    pub(crate) fn wait_mask(&self, facts: &WinFacts<'_>) -> Option<u64> {
        if facts.ctx.dealer_start {
            return None;
        }
        Some(*self.waits.get_or_init(|| wait_set(facts.hand, self.shapes())))
    }

    /// The hand's tile classes (TW §12–§13 flush and honour conditions).
    pub(crate) fn colours(&self, facts: &WinFacts<'_>) -> Colours {
        *self.colours.get_or_init(|| {
            let no_honours = facts.all[27..].iter().all(|&n| n == 0);
            let suits = (0..3).filter(|&s| facts.all[9 * s..9 * s + 9].iter().any(|&n| n > 0)).count();
            Colours { no_honours, half_flush: suits == 1 && !no_honours, full_flush: suits == 1 && no_honours }
        })
    }

    /// The number of kinds in `W` (`None` when undefined).
    pub(crate) fn n_waits(&self, facts: &WinFacts<'_>) -> Option<u32> {
        self.wait_mask(facts).map(u64::count_ones)
    }

    /// TW §10 / §10a: situations that cannot happen are input errors ([`check_tw_situation`],
    /// the discarder unknown here; a bonus-tile win is not a hand to score).
    pub(crate) fn check_situation(&self, facts: &WinFacts<'_>) -> Result<()> {
        super::situation::check_common_inputs(facts.ctx, facts.hand, self.switches)?;
        if facts.hand.bonus == 0xFF && !all_eight_in_a_hand(self.switches) {
            return Err(MahjongError::hand("all eight bonus tiles are a bonus-tile win (TW §7), not a hand to score"));
        }
        super::situation::check_tw_situation_in(
            facts.ctx,
            facts.hand,
            self.situation,
            None,
            super::wall::reserve_mode(self.switches),
        )
    }

    /// TW §10 loose tile: a replacement for a kong or for a bonus tile.
    pub(crate) fn check_replacement(&self, hand: &Hand) -> Result<()> {
        if hand.melds.iter().any(|m| m.kind.is_kong()) || hand.bonus != 0 {
            Ok(())
        } else {
            Err(MahjongError::hand("TW §10a rule 7d: a win on a loose tile needs a declared kong or a bonus tile to replace"))
        }
    }

    /// TW §11 steps 2–3 for one interpretation: the best placement of the winning tile, each
    /// valued by `elements` (ascending element numbers).
    pub(crate) fn best_reading(
        &self,
        facts: &WinFacts<'_>,
        interp: &Interpretation,
        elements: impl Fn(&Reading) -> Vec<Element>,
    ) -> Vec<Element> {
        self.best_placement(facts, interp, elements).map(|b| b.0).unwrap_or_default()
    }

    /// TW §20.2.3 `prefer_pung_reading`: on a win on a discard or a robbed tile, whether only
    /// the readings that place the winning tile in a pung of the standard shape count (some
    /// such reading exists; eight and a half pairs never counts as one).
    fn pung_readings_only(&self, facts: &WinFacts<'_>) -> bool {
        if !self.switches.prefer_pung_reading || facts.self_drawn || facts.win_tile.is_none() {
            return false;
        }
        *self.pung_reading.get_or_init(|| {
            let interps = crate::analysis::decompose::decompose(&facts.concealed, facts.hand.melds.len(), self.shapes());
            let mut found = false;
            for interp in &interps {
                for_each_reading(facts, interp, |r| found |= is_pung_reading(r));
            }
            found
        })
    }

    /// TW §20.2.9 `tai_overrides`: each overridden element takes the Tai given, plus the extra
    /// its option adds (H03 `high_seat_bonus_extra`, H06 `high_wind_pung_extra`).
    fn override_tai(&self, els: &mut [Element]) {
        let ov = &self.switches.tai_overrides;
        if ov.is_empty() {
            return;
        }
        let t = self.switches.tai_table;
        let table = match t {
            TaiTable::High => super::high::ALL,
            TaiTable::Low => super::low::ALL,
            TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => &[],
        };
        for e in els.iter_mut() {
            if let Some(t) = ov.get(e.code) {
                let own = match super::common::table_tai(self.switches.tai_table, e.code) {
                    Some(v) if table.is_empty() => v,
                    _ => table.iter().find(|x| x.code == e.code).map_or(e.value, |x| x.value),
                };
                e.value = t.saturating_add(e.value.saturating_sub(own));
            }
        }
    }

    /// The best placement's elements, `C` and role of the winning tile.
    fn best_placement(
        &self,
        facts: &WinFacts<'_>,
        interp: &Interpretation,
        elements: impl Fn(&Reading) -> Vec<Element>,
    ) -> Option<(Vec<Element>, u8, Role)> {
        let mut best: Option<(u32, Vec<Element>, u8, Role)> = None;
        let pungs_only = self.pung_readings_only(facts);
        for_each_reading(facts, interp, |r| {
            if pungs_only && !is_pung_reading(r) {
                return;
            }
            let mut els = elements(r);
            self.override_tai(&mut els);
            els.sort_by_key(Element::number);
            let total: u32 = els.iter().map(|e| e.value as u32).sum();
            let better = match &best {
                None => true,
                Some((t, b, ..)) => {
                    total.cmp(t).then_with(|| b.iter().map(Element::number).cmp(els.iter().map(Element::number)))
                        == Ordering::Greater
                }
            };
            if better {
                best = Some((total, els, r.concealed_pungs, r.role));
            }
        });
        best.map(|b| (b.1, b.2, b.3))
    }

    /// The facts of the reported reading of `interp` (see [`tw_reading`]).
    pub(crate) fn reading_info(
        &self,
        facts: &WinFacts<'_>,
        interp: &Interpretation,
        elements: impl Fn(&Reading) -> Vec<Element>,
    ) -> Option<TwReading> {
        let (_, concealed_pungs, role) = self.best_placement(facts, interp, elements)?;
        let waits = self
            .wait_mask(facts)
            .map(|m| (0..crate::tiles::tile::N_KINDS as u8).filter(|&t| m >> t & 1 != 0).map(Tile).collect());
        Some(TwReading { concealed_pungs, role, waits })
    }
}

/// What the scorer decided about the reported reading beyond its elements (TW §10): `C`, the
/// role of the winning tile and the wait set `W`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwReading {
    /// `C`: concealed pungs of the reading (a pung completed by a discard is not concealed).
    pub concealed_pungs: u8,
    /// What the winning tile completes in the reading.
    pub role: Role,
    /// `W`, ascending; `None` for the heavenly blessing (undefined).
    pub waits: Option<Vec<Tile>>,
}

/// The reading facts of a Taiwanese win for the interpretation `score_tw` reported
/// (`outcome.interpretation`): the best placement of the winning tile in it, with `C`, the
/// role of the winning tile and `W` (TW §10, §11). `None` when `interp` is not a reading of
/// the hand. Errors as [`score_tw`].
pub fn tw_reading(
    hand: &Hand,
    win_tile: Option<Tile>,
    ctx: &WinContext,
    situation: &DealProgress,
    switches: &TwSwitches,
    interp: &Interpretation,
) -> Result<Option<TwReading>> {
    switches.validate()?;
    Ok(match switches.tai_table {
        TaiTable::High => {
            let t = super::high::TwHigh::new(switches, situation);
            let facts = crate::rules::scoring::win_facts(&t, hand, win_tile, ctx)?;
            t.reading_info(&facts, interp)
        }
        TaiTable::Low => {
            let t = super::low::TwLow::new(switches, situation);
            let facts = crate::rules::scoring::win_facts(&t, hand, win_tile, ctx)?;
            t.reading_info(&facts, interp)
        }
        TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => {
            let t = super::common::TwCommon::new(switches, situation);
            let facts = crate::rules::scoring::win_facts(&t, hand, win_tile, ctx)?;
            t.reading_info(&facts, interp)
        }
    })
}

/// Role of the winning tile in a reading (TW §10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// No winning tile (the heavenly blessing).
    None,
    /// Completes the pair, or one of the seven pairs of eight and a half pairs.
    Pair,
    /// Completes a pung (of the standard shape, or the pung of eight and a half pairs).
    Pung,
    /// Lowest, middle or highest tile of a chow.
    ChowLow,
    ChowMiddle,
    ChowHigh,
}

/// A set of a reading: declared sets as declared (kongs as pungs), concealed sets never
/// claimed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TwSet {
    pub pung: bool,
    pub tile: Tile,
    pub claimed: bool,
}

/// One interpretation with one placement of the winning tile (TW §10).
#[derive(Debug, Clone)]
pub(crate) struct Reading {
    buf: [TwSet; 5],
    len: usize,
    /// The pair of the standard shape (`None` for eight and a half pairs).
    pub pair: Option<Tile>,
    /// Eight and a half pairs (TW §9.2); its pung is the only set.
    pub eight_half: bool,
    pub role: Role,
    /// `C`: concealed pungs (TW §10).
    pub concealed_pungs: u8,
    /// Wind and dragon pungs/kongs among the sets.
    winds: u8,
    dragons: u8,
}

impl Reading {
    /// Sets of the reading: the five sets of the standard shape, or the pung of eight and a
    /// half pairs.
    pub fn sets(&self) -> &[TwSet] {
        &self.buf[..self.len]
    }
    pub fn standard(&self) -> bool {
        self.pair.is_some()
    }
    fn pungs_of(&self, f: fn(Tile) -> bool) -> impl Iterator<Item = Tile> + '_ {
        self.sets().iter().filter(move |s| s.pung && f(s.tile)).map(|s| s.tile)
    }
    /// Wind pungs/kongs, in set order.
    pub fn wind_pungs(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pungs_of(|t| t.is_wind())
    }
    /// Dragon pungs/kongs, in set order.
    pub fn dragon_pungs(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pungs_of(|t| t.is_dragon())
    }
    /// Standard shape, all five sets chows (H13).
    pub fn all_chows(&self) -> bool {
        self.standard() && self.sets().iter().all(|s| !s.pung)
    }
    /// Standard shape, five chows and a suited pair (H23 without its bonus condition, L19).
    pub fn all_chows_suited_pair(&self) -> bool {
        self.all_chows() && self.pair.is_some_and(Tile::is_suited)
    }
    /// Standard shape, all five sets pungs/kongs (H25, L20).
    pub fn all_pungs(&self) -> bool {
        self.standard() && self.sets().iter().all(|s| s.pung)
    }
    /// TW §10 straight: chows 123, 456 and 789 of one suit.
    pub fn straight(&self) -> bool {
        let chow = |t: u8| self.sets().iter().any(|s| !s.pung && s.tile == Tile(t));
        (0..3u8).any(|s| chow(9 * s) && chow(9 * s + 3) && chow(9 * s + 6))
    }
    /// H24 / L12: standard shape, all five sets claimed (an added kong counts, a concealed kong
    /// does not), the winning tile completes the pair.
    pub fn all_melded(&self) -> bool {
        self.standard() && self.role == Role::Pair && self.len == 5 && self.sets().iter().all(|s| s.claimed)
    }
    /// H19 / L25: two dragon pungs and the pair is the third dragon.
    pub fn small_three_dragons(&self) -> bool {
        self.dragons == 2 && self.pair.is_some_and(Tile::is_dragon)
    }
    /// H29 / L27: pungs of all three dragons.
    pub fn big_three_dragons(&self) -> bool {
        self.dragons == 3
    }
    /// H14: exactly two wind pungs and the pair is a wind.
    pub fn three_small_winds(&self) -> bool {
        self.winds == 2 && self.pair.is_some_and(Tile::is_wind)
    }
    /// H18: exactly three wind pungs and the pair is not a wind.
    pub fn three_big_winds(&self) -> bool {
        self.winds == 3 && self.pair.is_some_and(|p| !p.is_wind())
    }
    /// H30 / L26: three wind pungs and the pair is the fourth wind.
    pub fn four_small_winds(&self) -> bool {
        self.winds == 3 && self.pair.is_some_and(Tile::is_wind)
    }
    /// H33 / L28: pungs of all four winds.
    pub fn four_big_winds(&self) -> bool {
        self.winds == 4
    }
}

/// Every reading of one interpretation: each placement of the winning tile in the pair or a
/// concealed set that contains it (declared sets never hold it); one reading without a
/// winning tile for the heavenly blessing.
/// A reading that places the winning tile in a pung of the standard shape (TW §20.2.3).
fn is_pung_reading(r: &Reading) -> bool {
    r.role == Role::Pung && !r.eight_half
}

/// Every reading of every interpretation of the hand under `shapes`.
pub(crate) fn for_each_reading_of(facts: &WinFacts<'_>, shapes: &ShapeRules, mut f: impl FnMut(&Reading)) {
    for interp in crate::analysis::decompose::decompose(&facts.concealed, facts.hand.melds.len(), shapes) {
        for_each_reading(facts, &interp, &mut f);
    }
}

fn for_each_reading(facts: &WinFacts<'_>, interp: &Interpretation, mut f: impl FnMut(&Reading)) {
    let mut r = Reading {
        buf: [TwSet { pung: false, tile: Tile(0), claimed: false }; 5],
        len: 0,
        pair: None,
        eight_half: false,
        role: Role::None,
        concealed_pungs: 0,
        winds: 0,
        dragons: 0,
    };
    let (conc, pair): (&[ConcealedSet], Option<Tile>) = match interp {
        Interpretation::Standard { sets, pair } => (sets, Some(*pair)),
        Interpretation::EightHalfPairs { pung, .. } => {
            r.eight_half = true;
            r.buf[0] = TwSet { pung: true, tile: *pung, claimed: false };
            r.len = 1;
            r.winds = pung.is_wind() as u8;
            r.dragons = pung.is_dragon() as u8;
            let (role, pung_role) = match facts.win_tile {
                None => (Role::None, false),
                Some(w) if w == *pung => (Role::Pung, true),
                Some(_) => (Role::Pair, false),
            };
            r.role = role;
            r.concealed_pungs = if pung_role && !facts.self_drawn { 0 } else { 1 };
            f(&r);
            return;
        }
        // Seven pairs and thirteen orphans are not Taiwanese shapes (TW §9.3).
        _ => return,
    };
    r.pair = pair;
    for m in &facts.hand.melds {
        if r.len < 5 {
            r.buf[r.len] = TwSet { pung: m.kind.is_pung_like(), tile: m.tile, claimed: m.kind.is_claimed() };
            r.len += 1;
        }
    }
    for s in conc {
        if r.len < 5 {
            r.buf[r.len] = TwSet { pung: s.is_pung(), tile: s.tile(), claimed: false };
            r.len += 1;
        }
    }
    let all_concealed_pungs = r.sets().iter().filter(|s| s.pung && !s.claimed).count() as u8;
    r.winds = r.wind_pungs().count() as u8;
    r.dragons = r.dragon_pungs().count() as u8;
    let Some(w) = facts.win_tile else {
        r.concealed_pungs = all_concealed_pungs;
        f(&r);
        return;
    };
    // The pair, then each distinct concealed set holding the winning tile.
    if pair == Some(w) {
        r.role = Role::Pair;
        r.concealed_pungs = all_concealed_pungs;
        f(&r);
    }
    for (j, s) in conc.iter().enumerate() {
        if conc[..j].contains(s) {
            continue;
        }
        let role = match *s {
            ConcealedSet::Pung(t) if t == w => Role::Pung,
            ConcealedSet::Chow(t) if t == w => Role::ChowLow,
            ConcealedSet::Chow(t) if t.0 + 1 == w.0 => Role::ChowMiddle,
            ConcealedSet::Chow(t) if t.0 + 2 == w.0 => Role::ChowHigh,
            _ => continue,
        };
        r.role = role;
        // A pung completed by a discard (or a robbed kong) is not concealed (TW §10).
        r.concealed_pungs = all_concealed_pungs - (role == Role::Pung && !facts.self_drawn) as u8;
        f(&r);
    }
}

/// Exposed and added kongs (H05, L02) and concealed kongs (H10, L03) the winner declared.
pub(crate) fn kongs(facts: &WinFacts<'_>) -> (usize, usize) {
    let k = facts.hand.melds.iter().filter(|m| m.kind.is_kong());
    let concealed = k.clone().filter(|m| !m.kind.is_claimed()).count();
    (k.count() - concealed, concealed)
}

/// The timing elements' conditions (TW §10), first match in the order of the high table's
/// replacement rule: heavenly, earthly, ready from the deal, `D` < 5, 5 ≤ `D` ≤ 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Timing {
    Heavenly,
    Earthly,
    ReadyFromDeal,
    WithinFive,
    FiveToTen,
    None,
}

pub(crate) fn timing(facts: &WinFacts<'_>, s: &DealProgress) -> Timing {
    if facts.ctx.dealer_start {
        Timing::Heavenly
    } else if facts.ctx.seat_wind != 0 && s.winner_discards == 0 && !s.interrupted {
        Timing::Earthly
    } else if s.winner_discards == 1 && !s.interrupted {
        Timing::ReadyFromDeal
    } else if s.discards < 5 {
        Timing::WithinFive
    } else if s.discards <= 10 {
        Timing::FiveToTen
    } else {
        Timing::None
    }
}

/// Whether a hand holding all eight bonus tiles is a hand to score (TW §20.5.8 rule 2): under
/// `additive` and `compound` (with the all-eight element, [`all_eight_scored`]); under
/// `optional_standalone`, after the seat declined the all-eight win (play goes on, §20.1: its
/// ordinary bonus-tile elements); under `forced_standalone` with a common table, after a win
/// below `min_tai` was treated as declined (§20.4.2 rule 6). With the high and low tables the
/// forced win always comes first (§7): such a hand is refused there.
pub(crate) fn all_eight_in_a_hand(sw: &TwSwitches) -> bool {
    sw.eight_bonus_mode != super::switches::EightBonusMode::ForcedStandalone || sw.tai_table.is_common()
}

/// TW §20.5.8 rule 2: all eight bonus tiles held (`bonus`) in a hand scored under
/// `eight_bonus_mode` `additive` or `compound`, whose all-eight element replaces the table's
/// bonus-tile elements (in the standalone modes a hand holding them scores its ordinary
/// bonus-tile elements, [`all_eight_in_a_hand`]).
pub(crate) fn all_eight_scored(sw: &TwSwitches, bonus: u8) -> bool {
    bonus == 0xFF
        && matches!(sw.eight_bonus_mode, super::switches::EightBonusMode::Additive | super::switches::EightBonusMode::Compound)
}

/// Bonus tiles the winner holds that are its own flower or own season (TW §3).
pub(crate) fn is_own_bonus(b: u8, seat_wind: u8) -> bool {
    b % 4 == seat_wind
}

/// An element with another value (an "each" item carrying an option's extra, TW §10a).
pub(crate) const fn worth(e: Element, value: u8) -> Element {
    Element { code: e.code, name: e.name, value }
}

#[cfg(test)]
mod tests;
