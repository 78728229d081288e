//! Scoring a win under any table: the situation checks every ruleset shares (HK §14a), every
//! interpretation, the best one, the minimum and the cap (HK §10.1, TW §11). A ruleset's
//! element table is a [`ScoringTable`]: Hong Kong's faan table in `rules/hong_kong/`, the two
//! Tai tables in `rules/taiwanese/`.

use crate::analysis::decompose::{check_rules, decompose, held_counts, Interpretation, ShapeRules};
use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Hand};
use crate::tiles::tile::Tile;
use std::cmp::Ordering;

/// How far the deal had gone when the win came: what the rulesets that score the timing of a
/// win (TW §10: `D`, the winner's own discards, an interruption) or pay a dealer's streak (TW
/// §15) read; a ruleset without such elements ignores it (Hong Kong).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealProgress {
    /// The dealer's streak k (TW §16): consecutive wins already made. Hand Tai does not use it;
    /// settlement does (TW §15, H39/L34).
    pub dealer_streak: u32,
    /// `D`: discards made in the deal up to the win, a discard claimed for the win included (a
    /// robbed kong tile is not a discard).
    pub discards: u32,
    /// Discards the winner has made in the deal.
    pub winner_discards: u32,
    /// Whether any chow, pung or kong was made by any player earlier in the deal (TW §10
    /// "Interruption"; bonus replacements are not, the winning claim itself is not).
    pub interrupted: bool,
}

impl DealProgress {
    /// The progress at the start of play: before any discard (`D` = 0, none by the winner) and
    /// before any interruption; the dealer's start win (the heavenly blessing, TW §10) implies
    /// it, and the Python keywords default to it for such a win.
    pub const START_OF_PLAY: DealProgress =
        DealProgress { dealer_streak: 0, discards: 0, winner_discards: 0, interrupted: false };
}

impl Default for DealProgress {
    /// A mid-deal situation in which no timing element applies: `D` = 20, five own discards,
    /// interrupted, streak 0.
    fn default() -> Self {
        DealProgress { dealer_streak: 0, discards: 20, winner_discards: 5, interrupted: true }
    }
}

/// How the win happened (HK §9.4, §10.2 F11–F15, §14a; TW §10), everything but the tiles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WinContext {
    /// Winner's seat wind: 0 = East, 1 = South, 2 = West, 3 = North.
    pub seat_wind: u8,
    /// Prevailing wind 0..=3 (HK: always East = 0).
    pub prevailing_wind: u8,
    pub self_drawn: bool,
    /// F13: won on the tile added to another player's added kong.
    pub robbing_kong: bool,
    /// F12: won on a tile of a kong's replacement chain (self-drawn only).
    pub kong_replacement: bool,
    /// F14: the winning tile is the last wall tile (self-drawn only).
    pub last_wall_tile: bool,
    /// F15: won by claiming the last discard (discard only).
    pub last_discard: bool,
    /// The dealer wins on the 14 dealt tiles; there is no winning tile (§14a, E28). Counts as
    /// self-drawn.
    pub dealer_start: bool,
    /// How far the deal had gone (read by the rulesets that score timing or pay a streak).
    pub progress: DealProgress,
    /// The situation only one ruleset's house rules score, as that ruleset's data (HK §19.13,
    /// TW §20.4.3, §20.6; none by default).
    pub house: HouseSituation,
}

/// The situation of a win that only one ruleset's house rules score, as that ruleset's data
/// (issue 33 item 5): nothing by default, Hong Kong's HK §19.13 flags, or the Taiwanese
/// common table's inputs (TW §20.4.3, §20.6.1–§20.6.2); a context holds one ruleset's part at
/// most. A ruleset reads its own part ([`HouseSituation::hong_kong`],
/// [`HouseSituation::taiwanese`]: the defaults when the context holds none of it); a ruleset
/// that scores no house situation reads nothing of it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum HouseSituation {
    /// No house situation (every ruleset's defaults).
    #[default]
    None,
    /// HK §19.13 the flags of X4–X6.
    HongKong(HongKongSituation),
    /// TW §20.4.3, §20.6.1–§20.6.2 the common table's situation.
    Taiwanese(TaiwaneseSituation),
}

/// HK §19.13 the scorer's situation flags for the extra elements X4–X6 (each `false` by
/// default; a ruleset that does not score them refuses none, the Hong Kong scorer checks them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HongKongSituation {
    /// X4's situation: a win on the dealer's first discard with nothing claimed or declared
    /// before it.
    pub earthly: bool,
    /// X5's situation: the winning tile is a bonus tile's replacement outside a kong chain.
    pub bonus_replacement: bool,
    /// X6's situation: two or more kongs declared in the turn, each after the previous
    /// kong's replacement draw, the winning tile from the last one's chain.
    pub double_kong: bool,
}

/// TW §20.4.3, §20.6.1–§20.6.2 the situation of a win the Taiwanese common table scores (and
/// the high and low tables check: TW §10a).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TaiwaneseSituation {
    /// TW §20.4.3 (common table): the starting win the game derived, if any.
    pub starting_win: Option<StartingWin>,
    /// TW §20.4.3, §20.6.2 (common table): the winner's live ready qualification, if any.
    pub qualification: Option<Qualification>,
    /// TW §20.6.1: the winner declared ready (報聽); scores C15 with the common table.
    pub declared_ready: bool,
}

impl HouseSituation {
    /// Hong Kong's part `h`: [`HouseSituation::None`] when every flag is at its default.
    pub fn of_hong_kong(h: HongKongSituation) -> HouseSituation {
        if h == HongKongSituation::default() {
            HouseSituation::None
        } else {
            HouseSituation::HongKong(h)
        }
    }
    /// The Taiwanese part `t`: [`HouseSituation::None`] when it is at its defaults.
    pub fn of_taiwanese(t: TaiwaneseSituation) -> HouseSituation {
        if t == TaiwaneseSituation::default() {
            HouseSituation::None
        } else {
            HouseSituation::Taiwanese(t)
        }
    }
    /// Hong Kong's flags (all `false` when the context holds none).
    pub fn hong_kong(&self) -> HongKongSituation {
        match self {
            HouseSituation::HongKong(h) => *h,
            _ => HongKongSituation::default(),
        }
    }
    /// The Taiwanese part (the defaults when the context holds none).
    pub fn taiwanese(&self) -> TaiwaneseSituation {
        match self {
            HouseSituation::Taiwanese(t) => *t,
            _ => TaiwaneseSituation::default(),
        }
    }
    /// Whether no house situation is set (no part, or a part at its defaults).
    pub fn is_none(&self) -> bool {
        self.hong_kong() == HongKongSituation::default() && self.taiwanese() == TaiwaneseSituation::default()
    }
    /// Change the Taiwanese part with `f` (a TW deal's hooks: §20.4.3, §20.6.1–§20.6.2). A
    /// Hong Kong part is kept when `f` leaves the Taiwanese one at its defaults, replaced
    /// otherwise (a context holds one ruleset's part).
    pub fn update_taiwanese(&mut self, f: impl FnOnce(&mut TaiwaneseSituation)) {
        let mut t = self.taiwanese();
        f(&mut t);
        if t != TaiwaneseSituation::default() || matches!(self, HouseSituation::Taiwanese(_)) {
            *self = HouseSituation::of_taiwanese(t);
        }
    }
}

/// A starting win of the Taiwanese common table (TW §20.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StartingWin {
    /// C42 天胡: the dealer's self-drawn win at the start of play.
    Heavenly,
    /// C38 地胡: a non-dealer's self-drawn win on its first normal draw.
    Earthly,
    /// C39 人胡: a win on a discard, as `human_win` defines it.
    Human,
}

/// A live ready qualification of the Taiwanese common table (TW §20.6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Qualification {
    /// 天聽 (C37).
    Heavenly,
    /// 地聽 (C29).
    Earthly,
}

impl StartingWin {
    /// The keyword's values: `"heavenly"`, `"earthly"`, `"human"`.
    pub const NAMES: [(&'static str, StartingWin); 3] =
        [("heavenly", StartingWin::Heavenly), ("earthly", StartingWin::Earthly), ("human", StartingWin::Human)];
}

impl Qualification {
    /// The keyword's values: `"heavenly"`, `"earthly"`.
    pub const NAMES: [(&'static str, Qualification); 2] =
        [("heavenly", Qualification::Heavenly), ("earthly", Qualification::Earthly)];
}

/// One breakdown entry: `code` is the stable element number (`"F6"`, `"L7"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Element {
    pub code: &'static str,
    pub name: &'static str,
    pub value: u8,
}

impl Element {
    /// The rank of the code, for ordering breakdowns (§10.1 (d)): its number (`"F16"` → 16),
    /// plus 100 for an `L` code and 200 for an `X` code (HK §19.5.1 code order: F1..F20,
    /// L1..L8, X1..X22; a table of one letter keeps its order).
    pub fn number(&self) -> u8 {
        let n = self.code.bytes().filter(u8::is_ascii_digit).fold(0u8, |n, d| n.saturating_mul(10).saturating_add(d - b'0'));
        match self.code.as_bytes().first() {
            Some(b'L') => n.saturating_add(100),
            Some(b'X') => n.saturating_add(200),
            _ => n,
        }
    }
}

/// Why a declared or claimed win is rejected (HK §13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RejectReason {
    NotAWinningHand,
    BelowMinimum,
}

impl RejectReason {
    pub const fn code(self) -> &'static str {
        match self {
            RejectReason::NotAWinningHand => "NOT_A_WINNING_HAND",
            RejectReason::BelowMinimum => "BELOW_MINIMUM",
        }
    }
}

/// The score of a hand (HK §10, §14a).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreOutcome {
    /// A legal win: a winning shape worth at least the minimum.
    pub is_win: bool,
    pub reason: Option<RejectReason>,
    /// Total after the cap (0 when there is no winning shape).
    pub value: u8,
    /// Sum before the cap (13 for a limit hand).
    pub raw_value: u8,
    /// The limit hand's code, e.g. `Some("L7")`.
    pub limit: Option<&'static str>,
    /// Breakdown in ascending element number; a limit hand has exactly one entry.
    pub elements: Vec<Element>,
    /// The interpretation chosen (None without a winning shape).
    pub interpretation: Option<Interpretation>,
}

/// Everything about one win that does not depend on the interpretation.
#[derive(Debug, Clone)]
pub struct WinFacts<'a> {
    pub hand: &'a Hand,
    pub win_tile: Option<Tile>,
    pub ctx: &'a WinContext,
    /// Concealed tiles including the winning tile.
    pub concealed: Counts,
    /// Every tile of the hand: concealed, winning tile and declared sets (kongs count 4).
    pub all: Counts,
    /// Self-drawn in the sense of §9.4 (a drawn winning tile, or the dealer's start).
    pub self_drawn: bool,
    /// §9.4 concealed hand: no claimed set (concealed kongs allowed).
    pub concealed_hand: bool,
}

/// The value of one interpretation under a ruleset's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evaluation {
    /// A limit hand: exactly one element.
    Limit(Element),
    /// Ordinary elements in ascending element number.
    Elements(Vec<Element>),
}

/// A scoring table: its shapes, minimum, cap and element table (the ruleset as a whole is
/// [`crate::rules::Ruleset`]). Each table is an implementation, not a fork of [`score`].
pub trait ScoringTable {
    /// Winning shapes (sets per hand, special shapes).
    fn shapes(&self) -> &ShapeRules;
    /// A hand below this total is not a legal win (HK §10.5: 3).
    fn min_total(&self) -> u8;
    /// Totals above become this (HK: 13); `None` = no cap.
    fn cap(&self) -> Option<u8>;
    /// Situation checks beyond the generic ones of [`score`] (default: none).
    fn check_situation(&self, _facts: &WinFacts<'_>) -> Result<()> {
        Ok(())
    }
    /// Situation checks run before the generic ones of [`score`], so that a ruleset can name
    /// its own rule for every refusal (TW §10a); `win_tile` is the winning tile as given
    /// (default: none).
    fn check_situation_first(&self, _hand: &Hand, _win_tile: Option<Tile>, _ctx: &WinContext) -> Result<()> {
        Ok(())
    }
    /// A win on a replacement tile (`WinContext::kong_replacement`) needs a source for it; by
    /// default a declared kong (HK §10.2 F12). The Taiwanese loose tile may also replace a
    /// bonus tile (TW §10).
    fn check_replacement(&self, hand: &Hand) -> Result<()> {
        if hand.melds.iter().any(|m| m.kind.is_kong()) {
            Ok(())
        } else {
            Err(bad("a win on a kong replacement needs a declared kong"))
        }
    }
    /// The unit of the value (`"faan"` for Hong Kong, `"tai"` for the Taiwanese tables).
    fn unit(&self) -> &'static str {
        "faan"
    }
    /// Value one interpretation (HK §10.1 step 2).
    fn evaluate(&self, facts: &WinFacts<'_>, interpretation: &Interpretation) -> Evaluation;
}

/// A scored interpretation with its ordering key of §10.1 step 3.
struct Scored {
    total: u8,
    limit: bool,
    raw: u8,
    /// Ordered by element number, compared as the sorted numbers (§10.1 step 3 (d)).
    elements: Vec<Element>,
    limit_code: Option<&'static str>,
}

impl Scored {
    /// `Greater` when `self` is the better interpretation (§10.1 step 3 (a)–(d)).
    fn better_than(&self, other: &Scored) -> Ordering {
        self.total
            .cmp(&other.total)
            .then(self.limit.cmp(&other.limit))
            .then(self.raw.cmp(&other.raw))
            .then_with(|| other.elements.iter().map(Element::number).cmp(self.elements.iter().map(Element::number)))
    }
}

fn scored<R: ScoringTable + ?Sized>(rules: &R, e: Evaluation) -> Scored {
    match e {
        Evaluation::Limit(el) => {
            Scored { total: el.value, limit: true, raw: el.value, elements: vec![el], limit_code: Some(el.code) }
        }
        Evaluation::Elements(mut els) => {
            els.sort_by_key(|e| e.number());
            let raw = els.iter().fold(0u8, |s, e| s.saturating_add(e.value));
            let total = match rules.cap() {
                Some(c) => raw.min(c),
                None => raw,
            };
            Scored { total, limit: false, raw, elements: els, limit_code: None }
        }
    }
}

/// An impossible situation (HK §14a) about no tile in particular.
fn bad(msg: impl Into<String>) -> MahjongError {
    MahjongError::situation(&[], msg)
}

/// Check the situation and gather the interpretation-independent facts (HK §14a "Impossible
/// situations").
pub fn win_facts<'a, R: ScoringTable + ?Sized>(
    rules: &R,
    hand: &'a Hand,
    win_tile: Option<Tile>,
    ctx: &'a WinContext,
) -> Result<WinFacts<'a>> {
    let shapes = rules.shapes();
    check_rules(shapes)?;
    if ctx.seat_wind > 3 || ctx.prevailing_wind > 3 {
        return Err(bad(format!(
            "seat wind {} / prevailing wind {} must be 0..=3 (East..North)",
            ctx.seat_wind, ctx.prevailing_wind
        )));
    }
    rules.check_situation_first(hand, win_tile, ctx)?;
    let held = held_counts(&hand.concealed, &hand.melds)?;
    if hand.melds.len() > shapes.n_sets {
        return Err(bad(format!("{} declared sets (at most {})", hand.melds.len(), shapes.n_sets)));
    }
    let size = hand.size();
    let full = 3 * shapes.n_sets + 2;
    let mut concealed = hand.concealed;
    let mut all = held;
    match (ctx.dealer_start, win_tile) {
        (true, Some(_)) => return Err(bad("a win at the start of play has no winning tile")),
        (false, None) => return Err(bad("a winning tile is needed (only the dealer's start-of-play win has none)")),
        (true, None) => {
            if ctx.seat_wind != 0 {
                return Err(bad("only the dealer can win at the start of play, and the dealer is East (rules §3)"));
            }
            if !hand.melds.is_empty() {
                return Err(bad("the dealer cannot have declared sets at the start of play"));
            }
            if size != full {
                return Err(MahjongError::wrong_size(
                    size,
                    &[full],
                    format!("wrong number of tiles: the dealt hand has {size}, {full} expected"),
                ));
            }
            if ctx.kong_replacement || ctx.last_wall_tile || ctx.last_discard || ctx.robbing_kong {
                return Err(bad("a win at the start of play cannot be on a kong replacement, the last tile, the last discard or a robbed kong"));
            }
        }
        (false, Some(t)) => {
            if t.index() >= crate::tiles::tile::N_KINDS {
                return Err(bad(format!("winning tile index {} is not a tile kind", t.0)));
            }
            if size != full - 1 {
                return Err(MahjongError::wrong_size(
                    size,
                    &[full - 1],
                    format!(
                        "wrong number of tiles before the winning tile: {size} (counting each declared set as 3), {} expected",
                        full - 1
                    ),
                ));
            }
            if held[t.index()] >= 4 {
                return Err(MahjongError::situation(&[t], format!("the winning tile {t} would be a fifth copy")));
            }
            if ctx.robbing_kong && held[t.index()] > 0 {
                return Err(MahjongError::situation(
                    &[t],
                    format!("the robbed tile {t} cannot be robbed: the winner holds a copy of it"),
                ));
            }
            concealed[t.index()] += 1;
            all[t.index()] += 1;
        }
    }
    let self_drawn = ctx.self_drawn || ctx.dealer_start;
    if ctx.kong_replacement {
        rules.check_replacement(hand)?;
    }
    if ctx.kong_replacement && !self_drawn {
        return Err(bad("a win on a kong replacement is self-drawn"));
    }
    if ctx.last_wall_tile && !self_drawn {
        return Err(bad("a win on the last wall tile is self-drawn"));
    }
    if ctx.self_drawn && (ctx.last_discard || ctx.robbing_kong) {
        return Err(bad("a self-drawn win cannot be on the last discard or a robbed kong"));
    }
    if ctx.last_discard && ctx.robbing_kong {
        return Err(bad("robbing a kong is not a claim of the last discard (a kong needs a tile left in the wall)"));
    }
    let concealed_hand = !hand.melds.iter().any(|m| m.kind.is_claimed());
    let facts = WinFacts { hand, win_tile, ctx, concealed, all, self_drawn, concealed_hand };
    rules.check_situation(&facts)?;
    Ok(facts)
}

/// The values of one winning tile taken self-drawn (`ts`, under `t_ts`) and on a discard
/// (`ron`, under `t_ron`): each `Some(value)` where [`score`] would give a legal win of that
/// value and `None` where it would not (not a win, under the minimum, or an impossible
/// situation). The hand is decomposed once for both: the two situations differ in how the tile
/// comes, never in the tiles. The value is the highest total over the interpretations, which
/// is the total of the one [`score`] chooses (its order compares totals first).
pub fn win_values_of<R: ScoringTable + ?Sized>(
    t_ts: &R,
    t_ron: &R,
    hand: &Hand,
    win_tile: Tile,
    ts: &WinContext,
    ron: &WinContext,
) -> [Option<u8>; 2] {
    let f_ts = win_facts(t_ts, hand, Some(win_tile), ts).ok();
    let f_ron = win_facts(t_ron, hand, Some(win_tile), ron).ok();
    let Some(concealed) = f_ts.as_ref().or(f_ron.as_ref()).map(|f| f.concealed) else {
        return [None, None];
    };
    let interps = decompose(&concealed, hand.melds.len(), t_ts.shapes());
    let value = |t: &R, f: Option<&WinFacts<'_>>| -> Option<u8> {
        let f = f?;
        let best = interps.iter().map(|i| scored(t, t.evaluate(f, i)).total).max()?;
        (best >= t.min_total()).then_some(best)
    };
    [value(t_ts, f_ts.as_ref()), value(t_ron, f_ron.as_ref())]
}

/// Score a win under any ruleset (HK §10.1): every interpretation is valued and the best is
/// chosen by (a) higher total, (b) limit over non-limit, (c) higher raw total, (d) the
/// lexicographically smaller sorted element numbers.
pub fn score<R: ScoringTable + ?Sized>(rules: &R, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
    let facts = win_facts(rules, hand, win_tile, ctx)?;
    let interps = decompose(&facts.concealed, hand.melds.len(), rules.shapes());
    let mut best: Option<(Scored, usize)> = None;
    for (i, interp) in interps.iter().enumerate() {
        let s = scored(rules, rules.evaluate(&facts, interp));
        let replace = match &best {
            None => true,
            Some((b, _)) => s.better_than(b) == Ordering::Greater,
        };
        if replace {
            best = Some((s, i));
        }
    }
    let Some((b, i)) = best else {
        return Ok(ScoreOutcome {
            is_win: false,
            reason: Some(RejectReason::NotAWinningHand),
            value: 0,
            raw_value: 0,
            limit: None,
            elements: Vec::new(),
            interpretation: None,
        });
    };
    let is_win = b.total >= rules.min_total();
    Ok(ScoreOutcome {
        is_win,
        reason: if is_win { None } else { Some(RejectReason::BelowMinimum) },
        value: b.total,
        raw_value: b.raw,
        limit: b.limit_code,
        elements: b.elements,
        interpretation: interps.into_iter().nth(i),
    })
}

#[cfg(test)]
mod tests {
    use super::{HongKongSituation, HouseSituation, Qualification, StartingWin, TaiwaneseSituation};

    /// A context holds one ruleset's part: the other ruleset reads its defaults, a part at its
    /// defaults is no house situation (so the Hong Kong scorer keeps its plain table), and the
    /// Taiwanese hooks' writes keep it so.
    #[test]
    fn a_house_situation_is_one_rulesets_part() {
        let hk = HongKongSituation { earthly: true, ..Default::default() };
        let h = HouseSituation::of_hong_kong(hk);
        assert_eq!((h.hong_kong(), h.taiwanese()), (hk, TaiwaneseSituation::default()));
        assert!(!h.is_none());
        assert_eq!(HouseSituation::of_hong_kong(HongKongSituation::default()), HouseSituation::None);
        assert!(HouseSituation::Taiwanese(TaiwaneseSituation::default()).is_none());

        let mut t = HouseSituation::None;
        t.update_taiwanese(|s| s.declared_ready = false);
        assert_eq!(t, HouseSituation::None, "writing the defaults sets nothing");
        t.update_taiwanese(|s| s.starting_win = Some(StartingWin::Heavenly));
        t.update_taiwanese(|s| s.qualification = Some(Qualification::Earthly));
        let want = TaiwaneseSituation {
            starting_win: Some(StartingWin::Heavenly),
            qualification: Some(Qualification::Earthly),
            declared_ready: false,
        };
        assert_eq!((t, t.hong_kong()), (HouseSituation::Taiwanese(want), HongKongSituation::default()));
        t.update_taiwanese(|s| *s = TaiwaneseSituation::default());
        assert_eq!(t, HouseSituation::None);

        // a Hong Kong part is kept by a write that leaves the Taiwanese part at its defaults
        let mut k = h;
        k.update_taiwanese(|s| s.declared_ready = false);
        assert_eq!(k, h);
    }
}
