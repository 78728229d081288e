//! The ruleset: one plain value that says which game is played (design §2). Everything that
//! differs between rulesets — hand size and sets, special shapes, dead wall, minimum and cap,
//! head bump or several winners, the scoring table, the payment rule, dealer rotation — is read
//! from here, so the analysis functions and the deal state machine are written once.
//!
//! Only Hong Kong exists today (`Ruleset::hong_kong()`, rules `hong-kong.md`) with the switches
//! of HK §18; each variant keeps its own switch struct in [`VariantSwitches`], so the Taiwanese
//! presets add a variant with its switches, not a second engine. A switch that the variant does
//! not have is a [`MahjongError::RuleConfig`] naming it.
//!
//! Callers never read the switches to score or pay: [`Ruleset::score`] applies the minimum and
//! the cap, [`Ruleset::payments`] the multiplier table, the responsibility rule and the unit.
//!
//! ```
//! use mahjong_fast::rules::{Ruleset, SwitchValue};
//! let r = Ruleset::hong_kong().with_switch("spiciness", SwitchValue::Str("half".into())).unwrap();
//! assert_eq!(r.payments(7, 1, true, None), [-48, 144, -48, -48]); // M(7) = 48
//! ```

pub mod hong_kong;
pub mod scoring;
pub mod taiwanese;
pub mod wait_values;

use crate::decompose::{ShapeRules, HK_SHAPES, TW_SHAPES};
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::rules::hong_kong::scoring::{LIMIT_FAAN, MIN_FAAN};
use crate::rules::taiwanese::switches::{MatchLength, TaiTable, TwSwitches, DEAD_WALL};
use crate::tile::Tile;
use scoring::{Element, ScoreOutcome, TwContext, WinContext};

/// Which family of rules (the name of the rules file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `hong-kong` (alias `hk`): rules `hong-kong.md`.
    HongKong,
    /// `taiwanese-high`: rules `taiwanese.md` with the high Tai table (TW §12).
    TaiwaneseHigh,
    /// `taiwanese-low`: rules `taiwanese.md` with the low Tai table (TW §13).
    TaiwaneseLow,
}

impl Variant {
    /// The variant of a ruleset name or alias (`"hong-kong"`, `"hk"`).
    pub fn from_name(name: &str) -> Result<Variant> {
        match name {
            "hong-kong" | "hk" => Ok(Variant::HongKong),
            "taiwanese-high" => Ok(Variant::TaiwaneseHigh),
            "taiwanese-low" => Ok(Variant::TaiwaneseLow),
            _ => Err(MahjongError::RuleConfig(format!(
                "unknown ruleset {name:?} (known: \"hong-kong\" (alias \"hk\"), \"taiwanese-high\", \"taiwanese-low\")"
            ))),
        }
    }

    /// The name as in the rules files (`"hong-kong"`).
    pub fn name(self) -> &'static str {
        match self {
            Variant::HongKong => "hong-kong",
            Variant::TaiwaneseHigh => "taiwanese-high",
            Variant::TaiwaneseLow => "taiwanese-low",
        }
    }

    /// The switch names of this variant, in the order of its rules section (HK §18).
    pub fn switch_names(self) -> &'static [&'static str] {
        match self {
            Variant::HongKong => &HK_SWITCHES,
            Variant::TaiwaneseHigh | Variant::TaiwaneseLow => &TW_SWITCHES,
        }
    }

    /// Whether this is one of the Taiwanese presets (rules `taiwanese.md`).
    pub fn is_taiwanese(self) -> bool {
        matches!(self, Variant::TaiwaneseHigh | Variant::TaiwaneseLow)
    }
}

/// HK §18 `spiciness`: the multiplier M(F) that replaces the base 2^F of HK §11.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Spiciness {
    /// 辣辣上: M(F) = 2^F (the default, HK §11.1).
    #[default]
    Spicy,
    /// 半辣上: M = 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384 for F = 0..=13.
    Half,
}

/// HK §18 `responsibility`: who pays for a win on a discard (robbing a kong included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Responsibility {
    /// HK §11.1: the discarder pays 3 M, the winner gains 3 M (the default).
    #[default]
    Seed,
    /// 全銃: the discarder pays 2 M, the winner gains 2 M.
    Full,
    /// 半銃: the discarder pays M, each other player M/2, the winner gains 2 M.
    Half,
}

/// HK §18 half-spicy multipliers M(F), F = 0..=13.
const HALF_SPICY: [i64; 14] = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384];

/// The largest `unit` (HK §18: 1..=10^6).
pub const MAX_UNIT: u32 = 1_000_000;

/// The switches of the Hong Kong preset (HK §18), defaults as in the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HongKongSwitches {
    /// `min_faan` (0..=13, default 3): replaces `MIN_FAAN` (HK §10.5).
    pub min_faan: u8,
    /// `max_faan` (3..=13 and ≥ `min_faan`, default 13): replaces `LIMIT_FAAN`; totals above it
    /// are reduced to it and limit hands are worth exactly `max_faan`.
    pub max_faan: u8,
    /// `spiciness` (default spicy).
    pub spiciness: Spiciness,
    /// `responsibility` (default seed).
    pub responsibility: Responsibility,
    /// `unit` (1..=10^6, default 1): every payment is multiplied by it.
    pub unit: u32,
}

impl Default for HongKongSwitches {
    fn default() -> Self {
        HongKongSwitches {
            min_faan: MIN_FAAN,
            max_faan: LIMIT_FAAN,
            spiciness: Spiciness::Spicy,
            responsibility: Responsibility::Seed,
            unit: 1,
        }
    }
}

/// The switch names of HK §18 in the order of its table (`rotate_dealer` is common to all
/// variants and kept on [`Ruleset`] itself).
const HK_SWITCHES: [&str; 6] = ["min_faan", "max_faan", "spiciness", "responsibility", "unit", "rotate_dealer"];

/// The switch names of TW §2 in the order of its table. `rotate_dealer` is not one of them:
/// the Taiwanese dealer keeps the seat on a win or a draw (TW §16).
const TW_SWITCHES: [&str; 8] = [
    "tai_table",
    "min_tai",
    "tai_value",
    "high_seat_bonus_extra",
    "high_wind_pung_extra",
    "match_length",
    "max_deals",
    "starting_score",
];

/// The largest `min_tai` the product accepts (TW §2 allows any integer ≥ 0; a hand's Tai fits
/// in a `u8`, so a minimum above 255 could never be reached and is refused as a typo).
pub const MAX_MIN_TAI: u32 = 255;

impl HongKongSwitches {
    /// HK §18: M(F), the multiplier of a win worth `faan` (0..=13; higher is read as 13).
    pub fn multiplier(&self, faan: u8) -> i64 {
        let f = faan.min(LIMIT_FAAN);
        match self.spiciness {
            Spiciness::Spicy => 1i64 << f,
            Spiciness::Half => HALF_SPICY[f as usize],
        }
    }

    /// HK §18 the checks between switches: `max_faan ≥ min_faan`, and no configuration that can
    /// produce a fractional payment (`responsibility = half` with `min_faan = 0` and an odd
    /// `unit`: half of M(0) × unit; every other M(F) is even).
    fn validate(&self) -> Result<()> {
        if self.max_faan < self.min_faan {
            return Err(MahjongError::RuleConfig(format!(
                "switch max_faan: {} is below min_faan {} (max_faan must be >= min_faan)",
                self.max_faan, self.min_faan
            )));
        }
        if self.responsibility == Responsibility::Half && self.min_faan == 0 && self.unit % 2 == 1 {
            return Err(MahjongError::RuleConfig(format!(
                "switch responsibility: \"half\" with min_faan 0 and an odd unit ({}) would pay half of M(0) x unit, \
                 a fractional payment (raise min_faan or use an even unit)",
                self.unit
            )));
        }
        Ok(())
    }
}

/// The switches of one variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantSwitches {
    HongKong(HongKongSwitches),
    /// The switches of TW §2 (`taiwanese-high` / `taiwanese-low`; the table is `tai_table`).
    Taiwanese(TwSwitches),
}

/// The value of one switch, as given by a caller (binding, CLI, JSON).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SwitchValue {
    Bool(bool),
    Int(i64),
    Str(String),
}

impl std::fmt::Display for SwitchValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwitchValue::Bool(b) => write!(f, "{b}"),
            SwitchValue::Int(n) => write!(f, "{n}"),
            SwitchValue::Str(s) => write!(f, "{s:?}"),
        }
    }
}

/// The type a switch takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwitchKind {
    Bool,
    Int,
    Str,
}

/// A complete ruleset with its switches (HK §18). Build it with [`Ruleset::hong_kong`] and
/// [`Ruleset::with_switch`] / [`Ruleset::from_switches`], which validate every value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// The family of rules; always the variant of the switches (set by the constructors).
    pub variant: Variant,
    /// HK §12 / §18 `rotate_dealer`: the dealer passes after every deal.
    pub rotate_dealer: bool,
    switches: VariantSwitches,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::hong_kong()
    }
}

fn config(msg: String) -> MahjongError {
    MahjongError::RuleConfig(msg)
}

impl Ruleset {
    /// The Hong Kong preset with the default switches (rules `hong-kong.md`).
    pub fn hong_kong() -> Self {
        Ruleset {
            variant: Variant::HongKong,
            rotate_dealer: false,
            switches: VariantSwitches::HongKong(HongKongSwitches::default()),
        }
    }

    /// The preset of a variant, default switches.
    pub fn preset(variant: Variant) -> Self {
        match variant {
            Variant::HongKong => Ruleset::hong_kong(),
            Variant::TaiwaneseHigh => Ruleset::taiwanese(TwSwitches::with_table(TaiTable::High)),
            Variant::TaiwaneseLow => Ruleset::taiwanese(TwSwitches::with_table(TaiTable::Low)),
        }
    }

    /// A Taiwanese preset with these switches (TW §2), not yet checked: call
    /// [`Ruleset::validate`] or build with [`Ruleset::taiwanese_with`]. The variant follows
    /// `tai_table`.
    pub fn taiwanese(switches: TwSwitches) -> Self {
        let variant = match switches.tai_table {
            TaiTable::High => Variant::TaiwaneseHigh,
            TaiTable::Low => Variant::TaiwaneseLow,
        };
        Ruleset { variant, rotate_dealer: false, switches: VariantSwitches::Taiwanese(switches) }
    }

    /// A Taiwanese preset with these switches, checked (TW §2).
    pub fn taiwanese_with(switches: TwSwitches) -> Result<Self> {
        let r = Ruleset::taiwanese(switches);
        r.validate()?;
        Ok(r)
    }

    /// The Hong Kong preset with these switches, checked (HK §18).
    pub fn hong_kong_with(switches: HongKongSwitches, rotate_dealer: bool) -> Result<Self> {
        let r = Ruleset { variant: Variant::HongKong, rotate_dealer, switches: VariantSwitches::HongKong(switches) };
        r.validate()?;
        Ok(r)
    }

    /// The preset named `name` (`"hong-kong"`, alias `"hk"`) with `switches` applied in order,
    /// then checked as a whole (HK §18). An unknown name or switch, a value of the wrong type
    /// or out of range, or an impossible combination is a `RuleConfig` error naming it.
    pub fn from_switches<'a>(name: &str, switches: impl IntoIterator<Item = (&'a str, SwitchValue)>) -> Result<Self> {
        let mut r = Ruleset::preset(Variant::from_name(name)?);
        for (k, v) in switches {
            r.set_switch(k, v)?;
        }
        r.validate()?;
        Ok(r)
    }

    /// A copy with one switch changed, checked as a whole.
    pub fn with_switch(&self, key: &str, value: SwitchValue) -> Result<Self> {
        let mut r = self.clone();
        r.set_switch(key, value)?;
        r.validate()?;
        Ok(r)
    }

    /// The ruleset's name as in the rules files (`"hong-kong"`).
    pub fn name(&self) -> &'static str {
        self.variant.name()
    }

    /// The switches of the variant.
    pub fn switches(&self) -> &VariantSwitches {
        &self.switches
    }

    /// The Hong Kong switches, if this is a Hong Kong ruleset.
    pub fn hong_kong_switches(&self) -> Option<&HongKongSwitches> {
        match &self.switches {
            VariantSwitches::HongKong(s) => Some(s),
            VariantSwitches::Taiwanese(_) => None,
        }
    }

    /// The Taiwanese switches (TW §2), if this is a Taiwanese ruleset.
    pub fn taiwanese_switches(&self) -> Option<&TwSwitches> {
        match &self.switches {
            VariantSwitches::Taiwanese(s) => Some(s),
            VariantSwitches::HongKong(_) => None,
        }
    }

    /// The type switch `key` takes in this variant; `None` if the variant has no such switch.
    pub fn switch_kind(&self, key: &str) -> Option<SwitchKind> {
        match (&self.switches, key) {
            (VariantSwitches::HongKong(_), "rotate_dealer") => Some(SwitchKind::Bool),
            (VariantSwitches::HongKong(_), "min_faan" | "max_faan" | "unit") => Some(SwitchKind::Int),
            (VariantSwitches::HongKong(_), "spiciness" | "responsibility") => Some(SwitchKind::Str),
            (VariantSwitches::Taiwanese(_), "min_tai" | "tai_value" | "max_deals" | "starting_score") => Some(SwitchKind::Int),
            (VariantSwitches::Taiwanese(_), "tai_table" | "match_length") => Some(SwitchKind::Str),
            (VariantSwitches::Taiwanese(_), "high_seat_bonus_extra" | "high_wind_pung_extra") => Some(SwitchKind::Bool),
            _ => None,
        }
    }

    /// Every switch with its value, in the order of the rules (HK §18).
    pub fn switch_values(&self) -> Vec<(&'static str, SwitchValue)> {
        match &self.switches {
            VariantSwitches::HongKong(s) => vec![
                ("min_faan", SwitchValue::Int(s.min_faan.into())),
                ("max_faan", SwitchValue::Int(s.max_faan.into())),
                (
                    "spiciness",
                    SwitchValue::Str(
                        match s.spiciness {
                            Spiciness::Spicy => "spicy",
                            Spiciness::Half => "half",
                        }
                        .into(),
                    ),
                ),
                (
                    "responsibility",
                    SwitchValue::Str(
                        match s.responsibility {
                            Responsibility::Seed => "seed",
                            Responsibility::Full => "full",
                            Responsibility::Half => "half",
                        }
                        .into(),
                    ),
                ),
                ("unit", SwitchValue::Int(s.unit.into())),
                ("rotate_dealer", SwitchValue::Bool(self.rotate_dealer)),
            ],
            VariantSwitches::Taiwanese(s) => vec![
                ("tai_table", SwitchValue::Str(s.tai_table.name().into())),
                ("min_tai", SwitchValue::Int(s.min_tai.into())),
                ("tai_value", SwitchValue::Int(s.tai_value.into())),
                ("high_seat_bonus_extra", SwitchValue::Bool(s.high_seat_bonus_extra)),
                ("high_wind_pung_extra", SwitchValue::Bool(s.high_wind_pung_extra)),
                ("match_length", SwitchValue::Str(s.match_length.name().into())),
                ("max_deals", SwitchValue::Int(s.max_deals.into())),
                ("starting_score", SwitchValue::Int(s.starting_score)),
            ],
        }
    }

    /// Set one switch, checking its type and range but not the other switches (see
    /// [`Ruleset::validate`]).
    fn set_switch(&mut self, key: &str, value: SwitchValue) -> Result<()> {
        let Some(kind) = self.switch_kind(key) else {
            return Err(config(format!(
                "unknown switch {key:?} for ruleset {} (its switches: {})",
                self.name(),
                self.variant.switch_names().join(", ")
            )));
        };
        let wrong = |what: &str| config(format!("switch {key} takes {what}, got {value}"));
        if let VariantSwitches::Taiwanese(t) = &mut self.switches {
            set_tw_switch(t, key, &value, wrong)?;
            *self = Ruleset::taiwanese(*t);
            return Ok(());
        }
        match (kind, &value) {
            (SwitchKind::Bool, SwitchValue::Bool(b)) => {
                // Only rotate_dealer is a bool in Hong Kong.
                self.rotate_dealer = *b;
                return Ok(());
            }
            (SwitchKind::Bool, _) => return Err(wrong("true or false")),
            _ => {}
        }
        let VariantSwitches::HongKong(s) = &mut self.switches else {
            unreachable!("the Taiwanese switches returned above");
        };
        match key {
            "min_faan" | "max_faan" => {
                let lo = if key == "min_faan" { 0 } else { 3 };
                let n = match value {
                    SwitchValue::Int(n) if (lo..=i64::from(LIMIT_FAAN)).contains(&n) => n as u8,
                    _ => return Err(wrong(&format!("an integer {lo}..{LIMIT_FAAN}"))),
                };
                if key == "min_faan" {
                    s.min_faan = n;
                } else {
                    s.max_faan = n;
                }
            }
            "unit" => match value {
                SwitchValue::Int(n) if (1..=i64::from(MAX_UNIT)).contains(&n) => s.unit = n as u32,
                _ => return Err(wrong(&format!("an integer 1..{MAX_UNIT}"))),
            },
            "spiciness" => {
                s.spiciness = match &value {
                    SwitchValue::Str(v) if v == "spicy" => Spiciness::Spicy,
                    SwitchValue::Str(v) if v == "half" => Spiciness::Half,
                    _ => return Err(wrong("\"spicy\" or \"half\"")),
                }
            }
            "responsibility" => {
                s.responsibility = match &value {
                    SwitchValue::Str(v) if v == "seed" => Responsibility::Seed,
                    SwitchValue::Str(v) if v == "full" => Responsibility::Full,
                    SwitchValue::Str(v) if v == "half" => Responsibility::Half,
                    _ => return Err(wrong("\"seed\", \"full\" or \"half\"")),
                }
            }
            _ => unreachable!("switch_kind knows only the keys above"),
        }
        Ok(())
    }

    /// The checks between switches (HK §18): `max_faan ≥ min_faan`, no fractional payment.
    pub fn validate(&self) -> Result<()> {
        match &self.switches {
            VariantSwitches::HongKong(s) => s.validate(),
            VariantSwitches::Taiwanese(s) => s.validate(),
        }
    }

    /// Winning shapes: sets per hand and special shapes (HK §9; TW §9: five sets and a pair,
    /// eight and a half pairs).
    pub fn shapes(&self) -> &'static ShapeRules {
        match self.variant {
            Variant::HongKong => &HK_SHAPES,
            Variant::TaiwaneseHigh | Variant::TaiwaneseLow => &TW_SHAPES,
        }
    }

    /// Tiles dealt to a non-dealer (HK §4.3: 13); the dealer gets one more.
    pub fn hand_tiles(&self) -> usize {
        3 * self.shapes().n_sets + 1
    }

    /// Tiles of the wall that are never drawn (HK §4.2: none; TW §4.2: 16).
    pub fn dead_wall(&self) -> usize {
        match self.variant {
            Variant::HongKong => 0,
            Variant::TaiwaneseHigh | Variant::TaiwaneseLow => DEAD_WALL,
        }
    }

    /// Whether every player claiming a win on one discard wins (Taiwanese) or only the first
    /// in turn order after the discarder (HK §11.3 head bump).
    pub fn several_winners(&self) -> bool {
        match self.variant {
            Variant::HongKong => false,
            Variant::TaiwaneseHigh | Variant::TaiwaneseLow => true,
        }
    }

    /// The unit of a hand's value: `"faan"` (Hong Kong) or `"tai"` (Taiwanese).
    pub fn value_unit(&self) -> &'static str {
        if self.variant.is_taiwanese() {
            "tai"
        } else {
            "faan"
        }
    }

    /// The smallest total that is a legal win (HK §10.5, §18 `min_faan`; TW §14 `min_tai`).
    pub fn min_value(&self) -> u8 {
        match &self.switches {
            VariantSwitches::HongKong(s) => s.min_faan,
            VariantSwitches::Taiwanese(s) => s.min_tai.min(u32::from(u8::MAX)) as u8,
        }
    }

    /// The cap: totals above become it and limit hands are worth it (HK §10.4, §18 `max_faan`).
    /// The Taiwanese tables have no cap: the largest value a hand can carry (255).
    pub fn max_value(&self) -> u8 {
        match &self.switches {
            VariantSwitches::HongKong(s) => s.max_faan,
            VariantSwitches::Taiwanese(_) => u8::MAX,
        }
    }

    /// Score a win under this ruleset (HK §10, §14a, §18); see [`scoring::score`]. The minimum
    /// and the cap are the switches' `min_faan` and `max_faan`: totals above `max_faan` are
    /// reduced to it, a limit hand is worth exactly `max_faan` (its one element carries that
    /// value) and a total below `min_faan` is not a legal win (`BelowMinimum`).
    pub fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        self.score_in(hand, win_tile, ctx, &TwContext::default())
    }

    /// [`Ruleset::score`] with the situation only the Taiwanese tables read (TW §10: `D`, the
    /// winner's discards, an interrupted deal; the dealer's streak); Hong Kong ignores it. A
    /// Taiwanese win is scored by `scoring::score_tw` (TW §11, minimum `min_tai` of §14).
    pub fn score_in(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext, tw: &TwContext) -> Result<ScoreOutcome> {
        match &self.switches {
            VariantSwitches::HongKong(s) => {
                let o = scoring::score_hk(hand, win_tile, ctx)?;
                Ok(apply_min_and_cap(o, s.min_faan, s.max_faan))
            }
            VariantSwitches::Taiwanese(s) => scoring::score_tw(hand, win_tile, ctx, tw, s),
        }
    }

    /// HK §18 the amount of one M(F) in points: M(`value`) × `unit` (what each opponent pays on
    /// a self-drawn win). `value` above the cap is read as the cap.
    pub fn base(&self, value: u8) -> i64 {
        match &self.switches {
            VariantSwitches::HongKong(s) => s.multiplier(value.min(s.max_faan)) * i64::from(s.unit),
            VariantSwitches::Taiwanese(s) => i64::from(value) * i64::from(s.tai_value),
        }
    }

    /// Payments of one win worth `value` (faan) by seat 0..=3, summing to zero (HK §11, §18).
    /// Self-drawn: each other player pays one base ([`Ruleset::base`]). On a discard (robbing
    /// a kong included, the kong declarer paying) by `responsibility`: seed, the discarder pays
    /// 3 bases; full, 2; half, the discarder 1 and each other player ½. A winner or discarder
    /// out of range, a missing discarder on a discard, a discarder equal to the winner, or a
    /// payment that would be fractional (half of an odd base: only a 0-faan value, which no
    /// valid configuration lets win) give all zeros: no payment can be made.
    ///
    /// Taiwanese (TW §15): the dealer is East (seat 0, TW §3) with streak 0; use
    /// [`Ruleset::payments_with_streak`] for a dealer on a streak.
    pub fn payments(&self, value: u8, winner: usize, self_drawn: bool, discarder: Option<usize>) -> [i64; 4] {
        self.payments_with_streak(value, winner, self_drawn, discarder, 0)
    }

    /// [`Ruleset::payments`] with the dealer's streak `k` of TW §15 (the dealer is East, seat
    /// 0; Hong Kong has no streak and ignores it).
    pub fn payments_with_streak(
        &self,
        value: u8,
        winner: usize,
        self_drawn: bool,
        discarder: Option<usize>,
        streak: u32,
    ) -> [i64; 4] {
        let mut p = [0i64; 4];
        if winner >= 4 {
            return p;
        }
        let s = match &self.switches {
            VariantSwitches::HongKong(s) => s,
            VariantSwitches::Taiwanese(t) => {
                let win = crate::rules::taiwanese::settle::TwWin {
                    winner,
                    tai: value.into(),
                    self_drawn,
                    discarder: if self_drawn { None } else { discarder },
                };
                return crate::rules::taiwanese::settle::win_payments(&win, 0, streak, t.tai_value).unwrap_or(p);
            }
        };
        let base = self.base(value);
        if self_drawn {
            for (seat, v) in p.iter_mut().enumerate() {
                *v = if seat == winner { 3 * base } else { -base };
            }
            return p;
        }
        let Some(d) = discarder.filter(|&d| d < 4 && d != winner) else {
            return p;
        };
        match s.responsibility {
            Responsibility::Seed => {
                p[d] = -3 * base;
                p[winner] = 3 * base;
            }
            Responsibility::Full => {
                p[d] = -2 * base;
                p[winner] = 2 * base;
            }
            Responsibility::Half => {
                if base % 2 != 0 {
                    return p;
                }
                for (seat, v) in p.iter_mut().enumerate() {
                    *v = if seat == winner {
                        2 * base
                    } else if seat == d {
                        -base
                    } else {
                        -base / 2
                    };
                }
            }
        }
        p
    }
}

/// Set one Taiwanese switch (TW §2), checking its type and range; `wrong` builds the error
/// naming the switch.
fn set_tw_switch(t: &mut TwSwitches, key: &str, value: &SwitchValue, wrong: impl Fn(&str) -> MahjongError) -> Result<()> {
    let int = |lo: i64, hi: i64| match value {
        SwitchValue::Int(n) if (lo..=hi).contains(n) => Ok(*n),
        _ => Err(wrong(&format!("an integer {lo}..{hi}"))),
    };
    let boolean = || match value {
        SwitchValue::Bool(b) => Ok(*b),
        _ => Err(wrong("true or false")),
    };
    match key {
        "tai_table" => {
            t.tai_table = match value {
                SwitchValue::Str(v) => TaiTable::from_name(v).map_err(|_| wrong("\"high\" or \"low\""))?,
                _ => return Err(wrong("\"high\" or \"low\"")),
            }
        }
        "min_tai" => t.min_tai = int(0, i64::from(MAX_MIN_TAI))? as u32,
        "tai_value" => t.tai_value = int(1, i64::from(crate::rules::taiwanese::switches::MAX_TAI_VALUE))? as u32,
        "high_seat_bonus_extra" => t.high_seat_bonus_extra = boolean()?,
        "high_wind_pung_extra" => t.high_wind_pung_extra = boolean()?,
        "match_length" => {
            t.match_length = match value {
                SwitchValue::Str(v) => {
                    MatchLength::from_name(v).map_err(|_| wrong("\"one_deal\", \"east_round\" or \"full_game\""))?
                }
                _ => return Err(wrong("\"one_deal\", \"east_round\" or \"full_game\"")),
            }
        }
        "max_deals" => t.max_deals = int(1, i64::from(u32::MAX))? as u32,
        "starting_score" => t.starting_score = int(-1_000_000_000_000_000, 1_000_000_000_000_000)?,
        _ => unreachable!("switch_kind knows only the keys above"),
    }
    Ok(())
}

/// HK §18 `min_faan` / `max_faan` applied to an outcome scored with the defaults (3 and 13).
/// The best interpretation does not change with a lower cap: §10.1 step 3 compares the capped
/// total, then limit over non-limit, then the raw total, and the capped total is monotone in
/// the raw one, so the order of the readings is the same.
fn apply_min_and_cap(mut o: ScoreOutcome, min: u8, max: u8) -> ScoreOutcome {
    if o.interpretation.is_none() {
        return o; // no winning shape: nothing to cap, the reason stays
    }
    if o.limit.is_some() {
        o.value = max;
        o.raw_value = max;
        for e in &mut o.elements {
            *e = Element { value: max, ..*e };
        }
    } else {
        o.value = o.raw_value.min(max);
    }
    o.is_win = o.value >= min;
    o.reason = if o.is_win { None } else { Some(scoring::RejectReason::BelowMinimum) };
    o
}

#[cfg(test)]
mod tests {
    //! HK §18 V1–V7 (hong-kong-examples.json) and the switch checks.
    use super::*;
    use crate::hand::hand;
    use crate::rules::scoring::RejectReason;
    use crate::tile::parse_tile;

    fn hk(switches: &[(&str, SwitchValue)]) -> Result<Ruleset> {
        Ruleset::from_switches("hong-kong", switches.iter().map(|(k, v)| (*k, v.clone())))
    }
    fn int(n: i64) -> SwitchValue {
        SwitchValue::Int(n)
    }
    fn s(v: &str) -> SwitchValue {
        SwitchValue::Str(v.into())
    }

    /// One V entry: the hand before the winning tile, the winning tile, seat wind (0 = E), how,
    /// the expected total, breakdown and payments (E, S, W, N).
    #[allow(clippy::too_many_arguments)]
    fn check(
        r: &Ruleset,
        id: &str,
        h: &str,
        win: &str,
        seat: u8,
        ctx: WinContext,
        discarder: Option<usize>,
        faan: u8,
        raw: u8,
        elements: &[(&str, u8)],
        payments: [i64; 4],
    ) {
        let ctx = WinContext { seat_wind: seat, ..ctx };
        let o = r.score(&hand(h), Some(parse_tile(win).unwrap()), &ctx).unwrap();
        let got: Vec<(&str, u8)> = o.elements.iter().map(|e| (e.code, e.value)).collect();
        assert_eq!(got, elements, "{id} elements");
        assert_eq!((o.value, o.raw_value), (faan, raw), "{id} faan, raw");
        assert!(o.is_win, "{id} legal");
        assert_eq!(o.reason, None);
        let pay = r.payments(o.value, seat as usize, ctx.self_drawn, discarder);
        assert_eq!(pay, payments, "{id} payments");
        assert_eq!(pay.iter().sum::<i64>(), 0);
    }

    fn drawn() -> WinContext {
        WinContext { self_drawn: true, ..Default::default() }
    }

    #[test]
    fn v1_default_switches_are_the_rules_above() {
        let r = Ruleset::hong_kong();
        assert_eq!(hk(&[]).unwrap(), r);
        check(
            &r,
            "V1",
            "111222333m9s pung[555p] 1f",
            "9s",
            0,
            drawn(),
            None,
            5,
            5,
            &[("F2", 3), ("F11", 1), ("F17", 1)],
            [96, -32, -32, -32],
        );
        // §11.2: the whole payment table.
        for f in 3..=13u8 {
            let b = 1i64 << f;
            assert_eq!(r.payments(f, 2, true, None), [-b, -b, 3 * b, -b]);
            assert_eq!(r.payments(f, 2, false, Some(0)), [-3 * b, 0, 3 * b, 0]);
        }
    }

    #[test]
    fn v2_half_spicy_full_responsibility() {
        let r = hk(&[("spiciness", s("half")), ("responsibility", s("full"))]).unwrap();
        check(
            &r,
            "V2",
            "111m333m999m5m pung[777z] 1f",
            "5m",
            1,
            WinContext::default(),
            Some(0),
            7,
            7,
            &[("F2", 3), ("F3", 3), ("F6", 1)],
            [-96, 96, 0, 0],
        );
    }

    #[test]
    fn v3_half_spicy_half_responsibility() {
        let r = hk(&[("spiciness", s("half")), ("responsibility", s("half"))]).unwrap();
        check(
            &r,
            "V3",
            "123m456m789m5m pung[777z]",
            "5m",
            1,
            WinContext::default(),
            Some(0),
            5,
            5,
            &[("F3", 3), ("F6", 1), ("F16", 1)],
            [-24, 48, -12, -12],
        );
    }

    #[test]
    fn v4_half_spicy_limit_self_drawn() {
        let r = hk(&[("spiciness", s("half"))]).unwrap();
        // The examples file gives V4's hand as "19m19p19s123456z": 12 tiles, one short of any
        // hand; the thirteen orphans of E7 (the same wind, self-drawn here) is what V4 means.
        assert!(Ruleset::hong_kong().score(&hand("19m19p19s123456z"), Some(parse_tile("7z").unwrap()), &drawn()).is_err());
        check(&r, "V4", "19m19p19s1234567z", "7z", 2, drawn(), None, 13, 13, &[("L1", 13)], [-384, -384, 1152, -384]);
        assert_eq!((0..=13).map(|f| r.base(f)).collect::<Vec<_>>(), HALF_SPICY.to_vec());
    }

    #[test]
    fn v5_min_faan_1_makes_e31_legal() {
        let h = hand("123m456p789s234s1z");
        let ctx = WinContext { seat_wind: 2, ..Default::default() };
        let w = Some(parse_tile("1z").unwrap());
        let default = Ruleset::hong_kong().score(&h, w, &ctx).unwrap();
        assert!(!default.is_win);
        assert_eq!(default.reason, Some(RejectReason::BelowMinimum));
        let r = hk(&[("min_faan", int(1))]).unwrap();
        check(
            &r,
            "V5",
            "123m456p789s234s1z",
            "1z",
            2,
            WinContext::default(),
            Some(1),
            2,
            2,
            &[("F10", 1), ("F16", 1)],
            [0, -12, 12, 0],
        );
    }

    #[test]
    fn v6_max_faan_10() {
        let r = hk(&[("max_faan", int(10))]).unwrap();
        // V6a (E12): a limit hand is worth max_faan; its one entry carries that value.
        check(
            &r,
            "V6a",
            "234m99m666z77z pung[555z]",
            "7z",
            1,
            WinContext::default(),
            Some(0),
            10,
            10,
            &[("L4", 10)],
            [-3072, 3072, 0, 0],
        );
        // V6b (E20): raw 14 reduced to 10.
        check(
            &r,
            "V6b",
            "111m999m7z pung[555z] pung[666z] 1f 5f",
            "7z",
            0,
            drawn(),
            None,
            10,
            14,
            &[("F2", 3), ("F3", 3), ("F7", 5), ("F11", 1), ("F17", 1), ("F18", 1)],
            [3072, -1024, -1024, -1024],
        );
        // V6c (E19): 10 faan unchanged.
        let last = WinContext { last_discard: true, ..Default::default() };
        check(
            &r,
            "V6c",
            "1123p456p678p999p",
            "4p",
            2,
            last,
            Some(1),
            10,
            10,
            &[("F4", 7), ("F10", 1), ("F15", 1), ("F16", 1)],
            [0, -3072, 3072, 0],
        );
        // E17 (8 faan) is unchanged.
        let d = Ruleset::hong_kong();
        let e17 = hand("123s456s78s99s ckong[4444z]");
        let c = WinContext { seat_wind: 3, self_drawn: true, kong_replacement: true, ..Default::default() };
        let w = Some(parse_tile("9s").unwrap());
        let o = r.score(&e17, w, &c).unwrap();
        assert_eq!((o.value, o.is_win), (8, true));
        assert_eq!(o, d.score(&e17, w, &c).unwrap());
    }

    #[test]
    fn v7_fractional_payment_is_rejected() {
        let e = hk(&[("min_faan", int(0)), ("responsibility", s("half")), ("unit", int(1))]).unwrap_err();
        assert!(matches!(&e, MahjongError::RuleConfig(m) if m.contains("responsibility")), "{e}");
        // An even unit pays whole points; a minimum of 1 never pays M(0).
        assert!(hk(&[("min_faan", int(0)), ("responsibility", s("half")), ("unit", int(2))]).is_ok());
        assert!(hk(&[("min_faan", int(1)), ("responsibility", s("half"))]).is_ok());
    }

    #[test]
    fn bad_switches_name_the_switch() {
        let cases: Vec<(Vec<(&str, SwitchValue)>, &str)> = vec![
            (vec![("min_fan", int(3))], "min_fan"),
            (vec![("min_faan", int(14))], "min_faan"),
            (vec![("min_faan", int(-1))], "min_faan"),
            (vec![("min_faan", s("3"))], "min_faan"),
            (vec![("max_faan", int(2))], "max_faan"),
            (vec![("min_faan", int(8)), ("max_faan", int(6))], "max_faan"),
            (vec![("spiciness", s("mild"))], "spiciness"),
            (vec![("responsibility", SwitchValue::Bool(true))], "responsibility"),
            (vec![("unit", int(0))], "unit"),
            (vec![("unit", int(1_000_001))], "unit"),
            (vec![("rotate_dealer", int(1))], "rotate_dealer"),
        ];
        for (sw, name) in cases {
            let e = hk(&sw).unwrap_err();
            assert!(matches!(&e, MahjongError::RuleConfig(m) if m.contains(name)), "{sw:?}: {e}");
        }
        assert!(matches!(Ruleset::from_switches("riichi", []), Err(MahjongError::RuleConfig(_))));
    }

    #[test]
    fn switch_values_round_trip() {
        let r = hk(&[
            ("min_faan", int(1)),
            ("max_faan", int(8)),
            ("spiciness", s("half")),
            ("responsibility", s("half")),
            ("unit", int(100)),
            ("rotate_dealer", SwitchValue::Bool(true)),
        ])
        .unwrap();
        let names: Vec<&str> = r.switch_values().iter().map(|(k, _)| *k).collect();
        assert_eq!(names, Variant::HongKong.switch_names());
        assert_eq!(Ruleset::from_switches("hk", r.switch_values()).unwrap(), r);
        assert_eq!(r.base(13), 64 * 100); // read as max_faan 8: M(8) = 64
        assert_eq!(r.payments(5, 0, false, Some(3)), [4800, -1200, -1200, -2400]);
    }

    #[test]
    fn taiwanese_presets_and_their_switches() {
        let high = Ruleset::from_switches("taiwanese-high", []).unwrap();
        assert_eq!((high.name(), high.hand_tiles(), high.dead_wall(), high.several_winners()), ("taiwanese-high", 16, 16, true));
        assert_eq!(high.value_unit(), "tai");
        let low = high.with_switch("tai_table", s("low")).unwrap();
        assert_eq!(low, Ruleset::preset(Variant::TaiwaneseLow));
        let names: Vec<&str> = low.switch_values().iter().map(|(k, _)| *k).collect();
        assert_eq!(names, Variant::TaiwaneseLow.switch_names());
        assert_eq!(Ruleset::from_switches("taiwanese-low", low.switch_values()).unwrap(), low);
        // A Hong Kong switch given to a Taiwanese ruleset, or the reverse, is named.
        for (name, key, v) in [
            ("taiwanese-high", "min_faan", int(3)),
            ("taiwanese-low", "rotate_dealer", SwitchValue::Bool(true)),
            ("hong-kong", "min_tai", int(3)),
            ("hong-kong", "tai_table", s("low")),
            ("taiwanese-high", "min_tai", int(256)),
            ("taiwanese-high", "tai_value", int(0)),
            ("taiwanese-high", "match_length", s("forever")),
            ("taiwanese-low", "high_wind_pung_extra", SwitchValue::Bool(true)),
        ] {
            let e = Ruleset::from_switches(name, [(key, v)]).unwrap_err();
            assert!(matches!(&e, MahjongError::RuleConfig(m) if m.contains(key)), "{name} {key}: {e}");
        }
        // TW §15 through the ruleset: T1 (S wins 6 Tai on W's discard) and the dealer's streak.
        let r = Ruleset::from_switches("taiwanese-high", [("tai_value", int(10))]).unwrap();
        assert_eq!(r.payments(6, 1, false, Some(2)), [0, 60, -60, 0]);
        assert_eq!(r.payments_with_streak(6, 0, true, None, 2), [3 * 110, -110, -110, -110]);
    }

    #[test]
    fn unit_multiplies_every_payment() {
        let r = hk(&[("unit", int(1_000_000))]).unwrap();
        assert_eq!(
            r.payments(13, 0, true, None),
            [3 * 8192 * 1_000_000, -8192 * 1_000_000, -8192 * 1_000_000, -8192 * 1_000_000]
        );
        assert_eq!(r.payments(3, 0, false, None), [0; 4]); // no discarder: no payment
        assert_eq!(r.payments(3, 4, true, None), [0; 4]);
    }

    #[test]
    fn min_faan_0_scores_a_zero_faan_win() {
        let r = hk(&[("min_faan", int(0)), ("unit", int(2)), ("responsibility", s("half"))]).unwrap();
        // 123m 456p 789s 234s + 11z pair won on a discard, with a bonus tile and a claimed chow:
        // no element applies.
        let h = hand("456p789s234s1z chow[123m] 3f");
        let o = r.score(&h, Some(parse_tile("1z").unwrap()), &WinContext::default()).unwrap();
        assert_eq!((o.value, o.is_win), (0, true));
        assert_eq!(r.payments(0, 0, false, Some(1)), [4, -2, -1, -1]);
    }

    /// HK §18 through the other door: a scoring table whose minimum and cap are the switches
    /// (limit hands valued at the cap) run through the generic §10.1 selection, against
    /// [`Ruleset::score`]'s post-processing of the default score, on 20,000 seeded complete
    /// hands per (min_faan, max_faan) pair, each with a random winning tile, winds, flags and
    /// bonus tiles.
    #[test]
    fn minimum_and_cap_equal_a_capped_table() {
        use crate::decompose::{seeded_complete_hands, Interpretation};
        use crate::rules::hong_kong::scoring::HongKong;
        use crate::rules::scoring::{Evaluation, ScoringTable, WinFacts};

        struct Capped {
            min: u8,
            cap: u8,
        }
        impl ScoringTable for Capped {
            fn shapes(&self) -> &ShapeRules {
                &HK_SHAPES
            }
            fn min_total(&self) -> u8 {
                self.min
            }
            fn cap(&self) -> Option<u8> {
                Some(self.cap)
            }
            fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
                match HongKong.evaluate(facts, interp) {
                    Evaluation::Limit(e) => Evaluation::Limit(Element { value: self.cap, ..e }),
                    other => other,
                }
            }
        }

        let mut x = 0x00C0_FFEE_0000_0018u64;
        let mut rnd = move |m: u64| -> u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let hands = seeded_complete_hands(0x00C0_FFEE_0000_0001, 20_000);
        for (lo, hi) in [(0u8, 3u8), (1, 5), (3, 8), (4, 10), (6, 12), (13, 13)] {
            let r = hk(&[("min_faan", int(lo.into())), ("max_faan", int(hi.into()))]).unwrap();
            let table = Capped { min: lo, cap: hi };
            let (mut capped, mut wins) = (0, 0);
            for (c, melds) in &hands {
                let flags = rnd(64);
                let ctx = WinContext {
                    seat_wind: rnd(4) as u8,
                    prevailing_wind: 0,
                    self_drawn: flags & 1 != 0,
                    kong_replacement: flags & 2 != 0 && rnd(4) == 0,
                    last_wall_tile: flags & 4 != 0 && rnd(4) == 0,
                    ..Default::default()
                };
                let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
                let w = held[rnd(held.len() as u64) as usize];
                let mut h = Hand { concealed: *c, melds: melds.clone(), bonus: rnd(256) as u8 };
                h.concealed[w] -= 1;
                let a = r.score(&h, Some(Tile(w as u8)), &ctx);
                let b = scoring::score(&table, &h, Some(Tile(w as u8)), &ctx);
                match (a, b) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(a, b, "{lo}..{hi}: {} {:?} {:?}", crate::tile::format_counts(c), melds, ctx);
                        capped += usize::from(a.raw_value > a.value || a.limit.is_some());
                        wins += usize::from(a.is_win);
                    }
                    (Err(a), Err(b)) => assert_eq!(a, b),
                    (a, b) => panic!("{a:?} vs {b:?}"),
                }
            }
            assert!(wins > 1000, "{lo}..{hi}: {wins} wins");
            if hi < 13 {
                assert!(capped > 100, "{lo}..{hi}: {capped} capped");
            }
        }
    }
}
