//! The rulesets (design §2): one interface, [`Rules`], the sum of small capabilities
//! ([`capabilities`]: [`Identity`], [`Table`], [`Payments`], [`MatchFlow`]; the deal hooks of
//! [`hooks`]: [`DealSetup`], [`PlayHooks`], [`BonusTileWins`], [`LiabilityRules`]) that every
//! ruleset implements, one folder per ruleset holding everything that ruleset means, and the registry that maps names to
//! rulesets. The rest of the crate — the deal state machine, the match, the agents, the
//! simulation, the arena and the bindings — holds a [`Ruleset`] and asks it; none of it names a
//! ruleset or reads one ruleset's switches.
//!
//! - [`hong_kong`]: rules `hong-kong.md` (HK §1–§18; the switches of §18).
//! - [`taiwanese`]: rules `taiwanese.md` (TW §1–§19; the high and low Tai tables, switches of §2).
//! - [`scoring`]: the generic scorer every table plugs into (HK §10.1 / TW §11 selection of the
//!   best interpretation) and the situation of a win ([`WinContext`]).
//! - [`wait_values`]: the exact value of each wait of a ready hand in a full situation.
//! - [`switch_table`]: switches declared once, as a table per ruleset (parsing, checking,
//!   names, recording, help and docs come from it).
//! - `registry`: the presets by name (`"hong-kong"`, alias `"hk"`, `"taiwanese-high"`,
//!   `"taiwanese-low"`, then the presets of HK §19.14 and TW §20.8 the switches can express),
//!   each a named full switch set its ruleset's folder declares as data.
//!
//! A third ruleset is a new folder with a type implementing the capabilities, its switch table
//! and its presets, and one line in the registry (see `docs/architecture.md`).
//!
//! ```
//! use mahjong_fast::rules::{Ruleset, SwitchValue, WinPayment};
//! let r = Ruleset::hong_kong().with_switch("spiciness", SwitchValue::Str("half".into())).unwrap();
//! let win = WinPayment { winner: 1, value: 7, self_drawn: true, discarder: None };
//! assert_eq!(r.win_payments(&win, 0, 0).unwrap(), [-48, 144, -48, -48]); // M(7) = 48
//! ```

pub mod capabilities;
pub mod checked;
pub mod hong_kong;
pub mod hooks;
pub mod names;
mod registry;
pub mod scoring;
pub mod switch_table;
pub mod taiwanese;
mod test_house_hooks;
#[cfg(test)]
mod test_ruleset;
pub mod wait_values;

use std::fmt;
use std::sync::Arc;

use crate::analysis::decompose::ShapeRules;
use crate::error::Result;
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Bonus, Tile, N_KINDS};

pub(crate) use capabilities::score_each_wait;
pub use capabilities::{Identity, MatchFlow, Payments, Table};
pub use hooks::{
    BonusTileWins, DealSetup, ExtraAction, HookEvent, Liability, LiabilityRisk, LiabilityRules, PlayHooks, ReserveMode,
    RuleFlags, RuleState, TileSet, WallRules,
};
pub use registry::{element_names_by_unit, nearest_preset, preset_names, presets as registry_presets, ruleset_names, Preset};
pub use scoring::{DealProgress, Element, RejectReason, ScoreOutcome, WinContext};
pub use switch_table::{Allowed, Forbidden, Needs, SwitchLit, SwitchRow, SwitchSet, SwitchTable};

/// The value of one switch, as given by a caller (binding, CLI, JSON): a flag, an integer, a
/// string, or for the house rules' structured switches `null`, a list or an object (its
/// members by name, so two objects with the same members are equal).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SwitchValue {
    Bool(bool),
    Int(i64),
    Str(String),
    /// `null` (e.g. "no cap").
    Null,
    /// A list (e.g. the patterns that make a player liable).
    List(Vec<SwitchValue>),
    /// An object keyed by strings (e.g. an element code → its value).
    Map(std::collections::BTreeMap<String, SwitchValue>),
}

impl fmt::Display for SwitchValue {
    /// As JSON writes it (`true`, `3`, `"half"`, `null`, `["a", "b"]`, `{"H05": 3}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchValue::Bool(b) => write!(f, "{b}"),
            SwitchValue::Int(n) => write!(f, "{n}"),
            SwitchValue::Str(s) => write!(f, "{s:?}"),
            SwitchValue::Null => f.write_str("null"),
            SwitchValue::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            SwitchValue::Map(members) => {
                f.write_str("{")?;
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k:?}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// The type a switch takes: a flag, an integer, a string, or structured data (`null`, a list
/// or an object, as the row's [`Allowed`] says; JSON on the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwitchKind {
    Bool,
    Int,
    Str,
    Data,
}

/// One win as payment sees it (HK §11, TW §15). Positions 0..=3 are the players in turn
/// order; the dealer is one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinPayment {
    pub winner: usize,
    /// The hand's value in the ruleset's unit (faan after the cap, or hand Tai).
    pub value: u32,
    /// Every other player pays (a self-drawn win, the dealer's start win, all eight bonus
    /// tiles).
    pub self_drawn: bool,
    /// On a discard: who pays alone (the discarder, the declarer of a robbed kong, the player
    /// who exposed the eighth bonus tile).
    pub discarder: Option<usize>,
}

/// The end of one deal as the ruleset settles it: payments and who deals next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settlement {
    /// Net change per position; sums to zero.
    pub payments: [i64; 4],
    /// The dealer of the next deal.
    pub dealer_after: usize,
    /// The dealer's streak for the next deal (0 where the ruleset keeps none).
    pub streak_after: u32,
    /// Whether the dealership passed.
    pub passed: bool,
}

/// Which bonus-tile win (TW §7, HK §19.6; rulesets without such wins never produce one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BonusWinKind {
    /// The exposing player now has all eight bonus tiles; settled as self-drawn.
    AllEight,
    /// Another player already has the other seven and takes the one just exposed; the exposing
    /// player pays as the discarder.
    RobEighth,
    /// HK §19.6 a flower win of the exposing player (seven or all eight bonus tiles), settled
    /// as self-drawn; HK §19.13 names it `flower_win`.
    Flower,
    /// HK §19.6 `eight_or_rob`: the player holding the other seven robs the eighth, paid by the
    /// exposing player as a discarder; HK §19.13 names it `flower_win_rob`.
    FlowerRob,
}

impl BonusWinKind {
    /// Whether the exposing player pays as a discarder (the win robs the tile just exposed).
    pub const fn robs(self) -> bool {
        matches!(self, BonusWinKind::RobEighth | BonusWinKind::FlowerRob)
    }
}

/// A bonus-tile win found after an exposure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusWin {
    pub kind: BonusWinKind,
    pub winner: usize,
    /// The exposing player for a win that robs the eighth (who pays); `None` when self-drawn.
    pub discarder: Option<usize>,
    /// The one element scored (its value is the hand's value; exempt from the minimum).
    pub element: Element,
    /// TW §20.5.8 rule 4 C27 (`initial_bonus_win_element`): added at starting timing to an
    /// offered win (None otherwise).
    pub starting: Option<Element>,
    /// TW §20.5.8 rule 2 `compound`: the all-eight win is automatic (no `BONUS_CHOICE`) and
    /// scored with the seat's hand when its tiles have a winning shape (false: the element
    /// alone, §7).
    pub with_hand: bool,
}

impl BonusWin {
    /// Whether the engine makes the offered win without asking (TW §20.5.8 rule 2 `compound`).
    pub fn automatic(&self) -> bool {
        self.with_hand && self.kind == BonusWinKind::AllEight
    }
    /// The win's value: its element, plus C27 when scored.
    pub fn value(&self) -> u8 {
        self.element.value.saturating_add(self.starting.map_or(0, |e| e.value))
    }
    /// The win as payment input.
    pub fn as_payment(&self) -> WinPayment {
        WinPayment {
            winner: self.winner,
            value: self.value().into(),
            self_drawn: self.discarder.is_none(),
            discarder: self.discarder,
        }
    }
}

/// How a match is asked for. Each ruleset says which of these it takes (a Hong Kong match is
/// the deals asked for, HK §12; a Taiwanese match is set by its switches, TW §16) and refuses
/// the others with a `RuleConfig` error naming them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchOptions {
    /// How many deals (`None`: the ruleset's own length).
    pub deals: Option<u32>,
    /// The index of the first deal (its wall and, where the dealer rotates by index, its
    /// dealer).
    pub start_deal: u32,
    /// Every player's score before the first deal (`None`: the ruleset's start).
    pub scores: Option<[i64; 4]>,
    /// Who deals first (`None`: the ruleset's first dealer).
    pub first_dealer: Option<u8>,
    /// The first dealer's streak k (`None`: 0; a match taken up where a dealer has already
    /// kept the seat, TW §16).
    pub start_streak: Option<u32>,
}

/// Where a match stands between two deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchPosition {
    /// The dealer of the next deal.
    pub dealer: u8,
    /// The dealer's streak (TW §15, §16; 0 where the ruleset keeps none).
    pub streak: u32,
    /// How often the dealership has passed.
    pub passes: u32,
    /// Deals played.
    pub deals: u32,
    /// Every player's score now.
    pub scores: [i64; 4],
}

/// A fact of a ruleset whose rules section a face cites ([`Wording::section`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fact {
    /// The winning shapes.
    Shapes,
    /// The smallest value that is a legal win.
    Minimum,
    /// The cap of a hand's value (none in a ruleset without one).
    Cap,
    /// The payments of a win.
    Payments,
    /// The match: dealer, streak, rounds.
    Match,
}

impl Fact {
    /// Every fact, in the order of [`Fact::name`]s.
    pub const ALL: [Fact; 5] = [Fact::Shapes, Fact::Minimum, Fact::Cap, Fact::Payments, Fact::Match];

    /// The fact's name for the bindings (`"shapes"`, `"minimum"`, `"cap"`, `"payments"`,
    /// `"match"`).
    pub fn name(self) -> &'static str {
        match self {
            Fact::Shapes => "shapes",
            Fact::Minimum => "minimum",
            Fact::Cap => "cap",
            Fact::Payments => "payments",
            Fact::Match => "match",
        }
    }

    /// The fact of a name of [`Fact::name`].
    pub fn named(name: &str) -> Option<Fact> {
        Fact::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What a ruleset says of itself to a person, so that no face (explanations, tables, the
/// command line) has to know which ruleset it shows.
#[derive(Debug)]
pub struct Wording {
    /// The family of rulesets that share this one's switches, for a person (`"Hong Kong"`,
    /// `"Taiwanese"`: the high and low tables are one family).
    pub family: &'static str,
    /// The unit of a hand's value as data and in records: `"faan"` or `"tai"` (the one source
    /// of [`Ruleset::unit`]).
    pub unit: &'static str,
    /// The unit's name in running text and headings (`"faan"`, `"Tai"`).
    pub unit_name: &'static str,
    /// The winning shapes in words (`"four sets and a pair, ..."`).
    pub shapes: &'static str,
    /// The switch that sets the cap, `None` without a cap.
    pub cap_switch: Option<&'static str>,
    /// The rules sections, by [`Fact`] in the order of [`Fact::ALL`] (`""`: the ruleset has no
    /// such rule, as the cap of the Taiwanese rules).
    pub sections: [&'static str; 5],
    /// The Chinese its terms are written in ([`names::Locale::ZhHk`] for the Hong Kong
    /// family: 番, 食糊, 出銃; [`names::Locale::ZhTw`] for the Taiwanese: 台, 胡, 放槍): a face
    /// showing Chinese words this ruleset's game in this Chinese.
    pub locale: names::Locale,
}

impl Wording {
    /// The rules section of `fact` (`"HK §10.5"`), `None` where the ruleset has no such rule.
    pub fn section(&self, fact: Fact) -> Option<&'static str> {
        let i = Fact::ALL.iter().position(|f| *f == fact).unwrap_or(0);
        Some(self.sections[i]).filter(|s| !s.is_empty())
    }
    /// Whether a hand's value is capped (a cap switch exists).
    pub fn capped(&self) -> bool {
        self.cap_switch.is_some()
    }
}

/// Everything a ruleset means: the sum of its capabilities ([`capabilities`]), implemented for
/// every type that has them all. Implemented once per ruleset folder ([`hong_kong`],
/// [`taiwanese`]); the engine asks through [`Ruleset`]. The deal hooks (`hooks.rs`) are four
/// of them: [`DealSetup`] (the tile set, the wall rules, the rule flags, the extra actions, who
/// wins one discard), [`PlayHooks`] (restrictions, windows, rule state, false wins),
/// [`BonusTileWins`] and [`LiabilityRules`].
pub trait Rules:
    Identity + Table + Payments + MatchFlow + DealSetup + PlayHooks + BonusTileWins + LiabilityRules + fmt::Debug + Send + Sync
{
}

impl<T> Rules for T where
    T: Identity
        + Table
        + Payments
        + MatchFlow
        + DealSetup
        + PlayHooks
        + BonusTileWins
        + LiabilityRules
        + fmt::Debug
        + Send
        + Sync
{
}

/// Facts of the table read on hot paths (the live-tile count of every draw, the agents'
/// shapes), copied out of the ruleset once.
#[derive(Debug, Clone, Copy)]
struct TableFacts {
    shapes: &'static ShapeRules,
    dead_wall: usize,
    several_winners: bool,
    bonus_replacement_scores: bool,
    has_hooks: bool,
    tile_set: TileSet,
}

/// A complete ruleset with its switches: a cheap, shareable, immutable value that every part of
/// the engine takes. Build it by name ([`Ruleset::named`], [`Ruleset::from_switches`]) and
/// change switches with [`Ruleset::with_switch`]; every value is validated. Two rulesets are
/// equal when their names and every switch are.
#[derive(Clone)]
pub struct Ruleset {
    rules: Arc<dyn Rules>,
    facts: TableFacts,
}

impl Ruleset {
    /// A ruleset of a validated implementation.
    pub(crate) fn of(rules: Box<dyn Rules>) -> Ruleset {
        let facts = TableFacts {
            shapes: rules.shapes(),
            dead_wall: rules.dead_wall(),
            several_winners: rules.several_winners(),
            bonus_replacement_scores: rules.bonus_replacement_scores(),
            has_hooks: rules.has_hooks(),
            tile_set: rules.tile_set(),
        };
        Ruleset { rules: Arc::from(rules), facts }
    }

    /// The ruleset registered under `name` (or an alias) with its default switches; an
    /// unknown name is a `RuleConfig` error listing the known ones.
    pub fn named(name: &str) -> Result<Ruleset> {
        registry::named(name)
    }

    /// The default ruleset (Hong Kong, rules `hong-kong.md`) with its default switches.
    pub fn hong_kong() -> Ruleset {
        Ruleset::default()
    }

    /// The preset of ruleset `ruleset` (a table's name: `"hong-kong"`, `"taiwanese"`) with
    /// the rules' id `id` (`"half_spicy_3faan"`, `"low"`; dashes read as underscores), or its
    /// default preset for `None`; an unknown id is a configuration error naming `preset`.
    pub fn preset(ruleset: &str, id: Option<&str>) -> Result<Ruleset> {
        registry::by_id(ruleset, id)
    }

    /// The preset named `name` with `switches` applied in the order of its table (of several
    /// faults, the first switch there is named; objects keyed by name, such as
    /// `element_values`, merged key by key: HK §19.14), then checked as a whole. An
    /// unknown name, switch, a value of the wrong type or out of range, or an impossible
    /// combination is a configuration error naming it (the switch, or `preset`).
    pub fn from_switches<'a>(name: &str, switches: impl IntoIterator<Item = (&'a str, SwitchValue)>) -> Result<Ruleset> {
        let mut set = registry::named(name)?.switch_set().clone();
        // of several faults, the switch first in the table's order is named (TW §20.11 A)
        let table = set.table();
        let mut given: Vec<(&str, SwitchValue)> = switches.into_iter().collect();
        given.sort_by_key(|(k, _)| table.rows.iter().position(|r| r.name == *k).map_or(0, |i| i + 1));
        for (k, v) in given {
            set.merge(k, &v)?;
        }
        Ruleset::from_set(&set)
    }

    /// The ruleset of a set of switch values, checked as a whole ([`SwitchSet::validate`]).
    pub fn from_set(set: &SwitchSet) -> Result<Ruleset> {
        set.validate()?;
        Ok(Ruleset::of((set.table().build)(set)))
    }

    /// A copy with one switch changed, checked as a whole.
    pub fn with_switch(&self, key: &str, value: SwitchValue) -> Result<Ruleset> {
        let mut set = self.switch_set().clone();
        set.set(key, &value)?;
        Ruleset::from_set(&set)
    }

    /// The name as in the rules files.
    pub fn name(&self) -> &'static str {
        self.rules.name()
    }
    /// The unit of a hand's value (`"faan"` / `"tai"`).
    pub fn unit(&self) -> &'static str {
        self.rules.wording().unit
    }
    /// The game's name for a person.
    pub fn title(&self) -> &'static str {
        self.rules.title()
    }
    /// See [`Identity::wording`].
    pub fn wording(&self) -> &'static Wording {
        self.rules.wording()
    }
    /// See [`Identity::element_names`].
    pub fn element_names(&self) -> &'static [names::NamedElement] {
        self.rules.element_names()
    }
    /// The ruleset's switches as declared: one row per switch, in the order of the rules.
    pub fn switch_table(&self) -> &'static SwitchTable {
        self.rules.switches().table()
    }
    /// Every switch with its value.
    pub fn switch_set(&self) -> &SwitchSet {
        self.rules.switches()
    }
    /// The switch names in the order of the rules.
    pub fn switch_names(&self) -> Vec<&'static str> {
        self.switch_table().names()
    }
    /// The type switch `key` takes (`None`: no such switch).
    pub fn switch_kind(&self, key: &str) -> Option<SwitchKind> {
        self.switch_table().row(key).map(|r| r.allowed.kind())
    }
    /// Every switch with its value, in the order of the rules (what logs and records write).
    pub fn switch_values(&self) -> Vec<(&'static str, SwitchValue)> {
        self.rules.switches().values()
    }
    /// The checks between switches.
    pub fn validate(&self) -> Result<()> {
        self.rules.switches().validate()
    }
    /// Winning shapes (sets per hand, special shapes).
    pub fn shapes(&self) -> &'static ShapeRules {
        self.facts.shapes
    }
    /// Tiles dealt to a player who is not the dealer (the dealer gets one more).
    pub fn hand_tiles(&self) -> usize {
        3 * self.facts.shapes.n_sets + 1
    }
    /// Tiles of the wall that are never drawn.
    pub fn dead_wall(&self) -> usize {
        self.facts.dead_wall
    }
    /// Whether every player claiming a win on one tile wins.
    pub fn several_winners(&self) -> bool {
        self.facts.several_winners
    }
    /// Whether the deal engine asks the ruleset's house-rule hooks ([`DealSetup::has_hooks`]).
    pub fn has_hooks(&self) -> bool {
        self.facts.has_hooks
    }
    /// The physical ids the wall is built from ([`DealSetup::tile_set`]).
    pub fn tile_set(&self) -> TileSet {
        self.facts.tile_set
    }
    /// The deal's setup ([`DealSetup`]): the wall rules and the winning claims the deal engine
    /// asks of a ruleset with house rules ([`Ruleset::has_hooks`]); the other setup facts are
    /// forwarded below.
    pub fn deal_setup(&self) -> &dyn DealSetup {
        &*self.rules
    }
    /// The hooks of play ([`PlayHooks`]): what the deal engine asks in the turns and windows of
    /// a ruleset with house rules ([`Ruleset::has_hooks`]).
    pub fn play_hooks(&self) -> &dyn PlayHooks {
        &*self.rules
    }
    /// The bonus-tile wins ([`BonusTileWins`]) as the deal engine asks them.
    pub fn bonus_tile_wins(&self) -> &dyn BonusTileWins {
        &*self.rules
    }
    /// The liability rules ([`LiabilityRules`]): the settlement adjusted by the deal's records.
    pub fn liability_rules(&self) -> &dyn LiabilityRules {
        &*self.rules
    }
    /// The names of the per-seat rule flags ([`DealSetup::rule_flags`]).
    pub fn rule_flags(&self) -> &'static RuleFlags {
        self.rules.rule_flags()
    }
    /// The action types the ruleset adds ([`DealSetup::extra_actions`]).
    pub fn extra_actions(&self) -> &'static [ExtraAction] {
        self.rules.extra_actions()
    }
    /// Whether the ruleset adds the action type `kind` ([`DealSetup::extra_actions`]).
    pub fn adds_action(&self, kind: crate::game::ActionType) -> bool {
        self.rules.extra_actions().iter().any(|e| e.kind == kind)
    }
    /// The liability a claim would record against its feeder ([`LiabilityRules::claim_liability`]:
    /// HK §19.8, TW §20.7.2); `None` for a ruleset without house rules.
    pub fn claim_liability(&self, melds: &[crate::tiles::hand::Meld], kind: crate::game::ActionType) -> Option<LiabilityRisk> {
        if !self.has_hooks() {
            return None;
        }
        self.rules.claim_liability(melds, kind)
    }
    /// Whether a bonus tile's replacement counts as a replacement win.
    pub fn bonus_replacement_scores(&self) -> bool {
        self.facts.bonus_replacement_scores
    }
    /// See [`Table::reads_progress`].
    pub fn reads_progress(&self) -> bool {
        self.rules.reads_progress()
    }
    /// See [`Table::value_progress_class`].
    pub fn value_progress_class(&self, p: &DealProgress) -> DealProgress {
        self.rules.value_progress_class(p)
    }
    /// See [`Table::element_value`].
    pub fn element_value(&self, code: &str) -> Option<u8> {
        self.rules.element_value(code)
    }
    /// The smallest value that is a legal win.
    pub fn min_value(&self) -> u8 {
        self.rules.min_value()
    }
    /// The cap (255 without one).
    pub fn max_value(&self) -> u8 {
        self.rules.max_value()
    }
    /// See [`Table::score`].
    pub fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        self.rules.score(hand, win_tile, ctx)
    }
    /// See [`Table::wait_values_into`].
    pub fn wait_values_into(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        self.rules.wait_values_into(hand, waits, ts, ron, values)
    }
    /// See [`BonusTileWins::bonus_win`].
    pub fn bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
        self.rules.bonus_win(exposed, exposer, tile)
    }
    /// See [`Payments::base`].
    pub fn base(&self, value: u8) -> i64 {
        self.rules.base(value)
    }
    /// See [`Payments::paid_value`].
    pub fn paid_value(&self, value: u8) -> u8 {
        self.rules.paid_value(value)
    }
    /// See [`Payments::win_payments`].
    pub fn win_payments(&self, win: &WinPayment, dealer: usize, streak: u32) -> Result<[i64; 4]> {
        self.rules.win_payments(win, dealer, streak)
    }
    /// See [`Payments::settle`].
    pub fn settle(&self, wins: &[WinPayment], dealer: usize, streak: u32) -> Result<Settlement> {
        self.rules.settle(wins, dealer, streak)
    }
    /// See [`MatchFlow::independent_deals`].
    pub fn independent_deals(&self) -> bool {
        self.rules.independent_deals()
    }
    /// See [`MatchFlow::deal_dependency`].
    pub fn deal_dependency(&self) -> Option<String> {
        self.rules.deal_dependency()
    }
    /// See [`MatchFlow::match_start`].
    pub fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition> {
        self.rules.match_start(opts)
    }
    /// See [`MatchFlow::match_is_over`].
    pub fn match_is_over(&self, opts: &MatchOptions, pos: &MatchPosition) -> bool {
        self.rules.match_is_over(opts, pos)
    }
    /// See [`MatchFlow::round_wind`].
    pub fn round_wind(&self, pos: &MatchPosition) -> u8 {
        self.rules.round_wind(pos)
    }
    /// See [`MatchFlow::describe_match`].
    pub fn describe_match(&self, opts: &MatchOptions) -> String {
        self.rules.describe_match(opts)
    }
    /// See [`Table::check_history`].
    pub fn check_history(&self, hand: &Hand, ctx: &WinContext, discarder: Option<u8>) -> Result<()> {
        self.rules.check_history(hand, ctx, discarder)
    }
}

impl Default for Ruleset {
    /// The registry's default ruleset (Hong Kong) with its default switches.
    fn default() -> Self {
        registry::default_ruleset()
    }
}

impl PartialEq for Ruleset {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules) || (self.name() == other.name() && self.switch_values() == other.switch_values())
    }
}

impl Eq for Ruleset {}

impl std::hash::Hash for Ruleset {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
        self.switch_values().hash(state);
    }
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ruleset({:?}", self.name())?;
        for (k, v) in self.switch_values() {
            write!(f, ", {k}={v}")?;
        }
        f.write_str(")")
    }
}
