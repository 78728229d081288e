//! The switches of the Taiwanese 16-tile rules (TW §2), declared once as a table, their typed
//! form (one plain value the scorer `scoring::tw`, the bonus-tile wins, settlement and the
//! match `settle` read) and the presets.

use crate::error::{MahjongError, Result};
use crate::rules::registry::Preset;
use crate::rules::switch_table::{switch_fields, Allowed, ChoiceField, Forbidden, Needs, SwitchLit, SwitchRow, SwitchTable};

/// TW §4.2: tiles at the tail of the wall that are never drawn.
pub const DEAD_WALL: usize = 16;

/// Largest `tai_value` (TW §2, §10a: an integer 1…10⁶).
pub const MAX_TAI_VALUE: u32 = 1_000_000;

/// The largest `min_tai` the product accepts (TW §2 allows any integer ≥ 0; a hand's Tai fits
/// in a `u8`, so a minimum above 255 could never be reached and is refused as a typo).
pub const MAX_MIN_TAI: u32 = 255;

/// The largest `starting_score` in absolute value: scores stay far from overflow (10^15
/// leaves room for 32 deals of the largest payments, 3 × 10^6 × a few hundred Tai each).
pub const MAX_STARTING_SCORE: i64 = 1_000_000_000_000_000;

/// The largest `base_points` (TW §20.2.1: an integer 0…10⁶).
pub const MAX_BASE_POINTS: u32 = 1_000_000;

/// `tai_cap` and `dealer_streak_limit`: null, or an integer 1…1000 (TW §20.2.1, §20.2.2).
static ONE_TO_1000: Allowed = Allowed::Int { lo: 1, hi: 1000 };

/// TW §20.3 CE-CAP: a cap below the minimum.
fn cap_below_minimum(s: &crate::rules::switch_table::SwitchSet) -> Option<String> {
    match s.get("tai_cap") {
        crate::rules::SwitchValue::Int(cap) if *cap < s.int("min_tai") => {
            Some(format!("tai_cap = {cap} is below min_tai = {} (TW §20.3 CE-CAP)", s.int("min_tai")))
        }
        _ => None,
    }
}

/// `tai_overrides` values are checked by [`overrides_refused`] (CE-OVR), not as a type error.
static ANY_INT: Allowed = Allowed::Int { lo: i64::MIN, hi: i64::MAX };

/// TW §20.3 CE-OVR: a `tai_overrides` key that is not a hand element of the selected table, or
/// a value outside 1…64.
fn overrides_refused(s: &crate::rules::switch_table::SwitchSet) -> Option<String> {
    let crate::rules::SwitchValue::Map(members) = s.get("tai_overrides") else { return None };
    let table = s.str("tai_table");
    let elements = if table == "low" { super::low::ALL } else { super::high::ALL };
    for (code, v) in members {
        if !elements.iter().any(|e| e.code == code) {
            return Some(format!(
                "{code:?} is not a hand element of the {table} table (TW §20.2.9; the dealer's elements are settlement-only) (TW §20.3 CE-OVR)"
            ));
        }
        match v {
            crate::rules::SwitchValue::Int(n) if (1..=64).contains(n) => {}
            other => return Some(format!("{code}: {other} is not an integer 1..64 (TW §20.3 CE-OVR)")),
        }
    }
    None
}

/// The high-table options may leave their default only with the high table (TW §2, §20.3
/// CE-TABLE).
const HIGH_TABLE_ONLY: &[Needs] = &[Needs { switch: "tai_table", values: &[SwitchLit::Str("high")], code: Some("CE-TABLE") }];

/// The switches of TW §2, declared once: parsing, checking, the names, recording, the CLI's
/// `--rule` help and the docs' table all come from these rows (`rules::switch_table`).
pub static SWITCH_TABLE: SwitchTable = SwitchTable {
    ruleset: "taiwanese",
    rows: &[
        SwitchRow {
            name: "tai_table",
            allowed: Allowed::Choice(&["high", "low"]),
            default: SwitchLit::Str("high"),
            doc: "Which Tai table scores hands; it names the ruleset (taiwanese-high, taiwanese-low).",
            section: "TW §2, §12, §13",
            depends: &[],
        },
        SwitchRow {
            name: "min_tai",
            allowed: Allowed::Int { lo: 0, hi: MAX_MIN_TAI as i64 },
            default: SwitchLit::Int(5),
            doc: "The smallest hand Tai that is a legal win.",
            section: "TW §2, §14",
            depends: &[],
        },
        SwitchRow {
            name: "tai_value",
            allowed: Allowed::Int { lo: 1, hi: MAX_TAI_VALUE as i64 },
            default: SwitchLit::Int(1),
            doc: "Points paid per Tai.",
            section: "TW §2, §15",
            depends: &[],
        },
        SwitchRow {
            name: "high_seat_bonus_extra",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "+1 Tai for each held bonus tile that matches the winner's seat (H03).",
            section: "TW §2, §12",
            depends: HIGH_TABLE_ONLY,
        },
        SwitchRow {
            name: "high_wind_pung_extra",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "+1 Tai for a wind pung of the round wind and +1 for one of the seat wind (H06).",
            section: "TW §2, §12",
            depends: HIGH_TABLE_ONLY,
        },
        SwitchRow {
            name: "match_length",
            allowed: Allowed::Choice(&["one_deal", "east_round", "full_game"]),
            default: SwitchLit::Str("east_round"),
            doc: "The match: one deal, the East round (four passes of the dealership) or a full game (sixteen).",
            section: "TW §2, §16",
            depends: &[],
        },
        SwitchRow {
            name: "max_deals",
            allowed: Allowed::Int { lo: 1, hi: u32::MAX as i64 },
            default: SwitchLit::Int(32),
            doc: "Safety stop: the match ends after this many deals at the latest.",
            section: "TW §2, §16",
            depends: &[],
        },
        SwitchRow {
            name: "starting_score",
            allowed: Allowed::Int { lo: -MAX_STARTING_SCORE, hi: MAX_STARTING_SCORE },
            default: SwitchLit::Int(0),
            doc: "Every player's score at the start of a match.",
            section: "TW §2, §16",
            depends: &[],
        },
        SwitchRow {
            name: "base_points",
            allowed: Allowed::Int { lo: 0, hi: MAX_BASE_POINTS as i64 },
            default: SwitchLit::Int(0),
            doc: "A fixed amount added to every single payment before its Tai amount: base_points + (T' + adj) × tai_value.",
            section: "TW §20.2.1, §20.7",
            depends: &[],
        },
        SwitchRow {
            name: "tai_cap",
            allowed: Allowed::Nullable(&ONE_TO_1000),
            default: SwitchLit::Null,
            doc: "Hand Tai used for payment is at most this (after the min_tai check, before the dealer's adjustment); null: no cap.",
            section: "TW §20.2.1, §20.7",
            depends: &[],
        },
        SwitchRow {
            name: "dealer_pays_streak",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "The dealer paying a non-dealer pays the adjustment 1 + 2k too (not 1).",
            section: "TW §20.2.1, §20.7",
            depends: &[],
        },
        SwitchRow {
            name: "negative_score_ends_match",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "The match ends after a deal that leaves any score below 0.",
            section: "TW §20.2.1, §20.7.4",
            depends: &[],
        },
        SwitchRow {
            name: "draw_keeps_dealer",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "An exhaustive draw keeps the dealer (false: the dealership passes).",
            section: "TW §20.2.2, §20.7.4",
            depends: &[],
        },
        SwitchRow {
            name: "draw_increments_streak",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A draw that keeps the dealer adds one to the streak.",
            section: "TW §20.2.2, §20.7.4",
            depends: &[],
        },
        SwitchRow {
            name: "dealer_streak_limit",
            allowed: Allowed::Nullable(&ONE_TO_1000),
            default: SwitchLit::Null,
            doc: "A dealer who would stay with a streak already at least this passes the dealership instead; null: no limit.",
            section: "TW §20.2.2, §20.7.4",
            depends: &[],
        },
        SwitchRow {
            name: "tai_overrides",
            allowed: Allowed::Map { keys: None, value: &ANY_INT },
            default: SwitchLit::Map(&[]),
            doc: "Tai of named elements of the selected table, {code: 1..64}; an option's extra Tai (H03, H06) is still added.",
            section: "TW §20.2.9, §12.1, §13.1",
            depends: &[],
        },
        SwitchRow {
            name: "prefer_pung_reading",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "On a win on a discard or robbed tile, only readings that put the winning tile in a pung count, when there is one.",
            section: "TW §20.2.3, §11",
            depends: &[],
        },
    ],
    forbidden: &[
        Forbidden { switch: "tai_cap", code: Some("CE-CAP"), doc: "tai_cap >= min_tai", refuses: cap_below_minimum },
        Forbidden {
            switch: "tai_overrides",
            code: Some("CE-OVR"),
            doc: "codes of the selected table's hand elements, values 1..64",
            refuses: overrides_refused,
        },
    ],
    unknown_code: Some("CE-UNKNOWN"),
    build: |s| Box::new(super::TaiwaneseRules::of(s)),
};

/// The presets of Taiwanese (TW §2: the high and the low table with the other defaults; the
/// presets of TW §20.8 need the switches of §20).
pub static PRESETS: &[Preset] = &[
    Preset {
        name: "taiwanese-high",
        aliases: &[],
        id: Some("high"),
        table: &SWITCH_TABLE,
        ruleset: true,
        values: &[],
        doc: "The rules of taiwanese.md (TW §1-§19) with the high Tai table (§12).",
    },
    Preset {
        name: "taiwanese-low",
        aliases: &[],
        id: Some("low"),
        table: &SWITCH_TABLE,
        ruleset: true,
        values: &[("tai_table", SwitchLit::Str("low"))],
        doc: "The rules of taiwanese.md (TW §1-§19) with the low Tai table (§13).",
    },
];

/// Which Tai table scores hands (TW §2 `tai_table`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TaiTable {
    /// The "high" table (TW §12), the default.
    #[default]
    High,
    /// The "low" table (TW §13).
    Low,
}

impl TaiTable {
    /// The switch value as written in the rules (`"high"`, `"low"`).
    pub const fn name(self) -> &'static str {
        match self {
            TaiTable::High => "high",
            TaiTable::Low => "low",
        }
    }
    /// Parse `"high"` / `"low"`; anything else is a `RuleConfig` error naming `tai_table`.
    pub fn from_name(s: &str) -> Result<TaiTable> {
        match s {
            "high" => Ok(TaiTable::High),
            "low" => Ok(TaiTable::Low),
            _ => {
                Err(MahjongError::switch("tai_table", Some("CE-UNKNOWN"), format!("tai_table = {s:?} (use \"high\" or \"low\")")))
            }
        }
    }
}

/// How long a match lasts (TW §2 `match_length`, §16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MatchLength {
    /// `"one_deal"`: the match ends after the first deal.
    OneDeal,
    /// `"east_round"` (default): until the dealership has passed four times.
    #[default]
    EastRound,
    /// `"full_game"`: sixteen passes (East, South, West and North rounds).
    FullGame,
}

impl MatchLength {
    /// The switch value as written in the rules.
    pub const fn name(self) -> &'static str {
        match self {
            MatchLength::OneDeal => "one_deal",
            MatchLength::EastRound => "east_round",
            MatchLength::FullGame => "full_game",
        }
    }
    /// Parse a switch value; anything else is a `RuleConfig` error naming `match_length`.
    pub fn from_name(s: &str) -> Result<MatchLength> {
        match s {
            "one_deal" => Ok(MatchLength::OneDeal),
            "east_round" => Ok(MatchLength::EastRound),
            "full_game" => Ok(MatchLength::FullGame),
            _ => Err(MahjongError::switch(
                "match_length",
                Some("CE-UNKNOWN"),
                format!("match_length = {s:?} (use \"one_deal\", \"east_round\" or \"full_game\")"),
            )),
        }
    }
    /// Passes of the dealership after which the match is over (`None` for `one_deal`, which
    /// ends after one deal whatever happens).
    pub const fn passes(self) -> Option<u32> {
        match self {
            MatchLength::OneDeal => None,
            MatchLength::EastRound => Some(4),
            MatchLength::FullGame => Some(16),
        }
    }
}

/// Every switch of TW §2 with its default. Build with struct update syntax from
/// `TwSwitches::default()` and call [`TwSwitches::validate`] (every public function of the
/// Taiwanese core validates the switches it is given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TwSwitches {
    /// `tai_table`: `"high"` (default) or `"low"`.
    pub tai_table: TaiTable,
    /// `min_tai` (default 5): minimum hand Tai for a legal win (TW §14).
    pub min_tai: u32,
    /// `tai_value` (default 1): points per Tai, 1…10⁶ (TW §15).
    pub tai_value: u32,
    /// `base_points` (default 0): added to every single payment (TW §20.7.1).
    pub base_points: u32,
    /// `tai_cap` (default none): hand Tai used for payment at most this (TW §20.7.1).
    pub tai_cap: Option<u32>,
    /// `dealer_pays_streak` (default off): the dealer paying a non-dealer pays `1 + 2k`.
    pub dealer_pays_streak: bool,
    /// `negative_score_ends_match` (default off, TW §20.7.4).
    pub negative_score_ends_match: bool,
    /// `draw_keeps_dealer` (default on, TW §16, §20.7.4).
    pub draw_keeps_dealer: bool,
    /// `draw_increments_streak` (default off, TW §20.7.4).
    pub draw_increments_streak: bool,
    /// `dealer_streak_limit` (default none, TW §20.7.4).
    pub dealer_streak_limit: Option<u32>,
    /// `prefer_pung_reading` (default off, TW §20.2.3): on a win on a discard, only readings
    /// with the winning tile in a pung count when one exists.
    pub prefer_pung_reading: bool,
    /// `tai_overrides` (default none, TW §20.2.9): the Tai of named elements.
    pub tai_overrides: TaiOverrides,
    /// `high_seat_bonus_extra` (default off; high table only): +1 Tai for a held own flower or
    /// own season (H03).
    pub high_seat_bonus_extra: bool,
    /// `high_wind_pung_extra` (default off; high table only): +1 Tai for a wind pung of the
    /// round wind and +1 for one of the seat wind (H06).
    pub high_wind_pung_extra: bool,
    /// `match_length` (default `"east_round"`, TW §16).
    pub match_length: MatchLength,
    /// `max_deals` (default 32): the match ends after this many deals at the latest; ≥ 1.
    pub max_deals: u32,
    /// `starting_score` (default 0): every player's score at the start of a match.
    pub starting_score: i64,
}

switch_fields!(
    TwSwitches,
    SWITCH_TABLE,
    [
        tai_table,
        min_tai,
        tai_value,
        high_seat_bonus_extra,
        high_wind_pung_extra,
        match_length,
        max_deals,
        starting_score,
        base_points,
        tai_cap,
        dealer_pays_streak,
        negative_score_ends_match,
        draw_keeps_dealer,
        draw_increments_streak,
        dealer_streak_limit,
        prefer_pung_reading,
        tai_overrides
    ]
);

impl ChoiceField for TaiTable {
    const NAMES: &'static [(&'static str, Self)] = &[("high", TaiTable::High), ("low", TaiTable::Low)];
}

impl ChoiceField for MatchLength {
    const NAMES: &'static [(&'static str, Self)] =
        &[("one_deal", MatchLength::OneDeal), ("east_round", MatchLength::EastRound), ("full_game", MatchLength::FullGame)];
}

impl Default for TwSwitches {
    /// The defaults of the table's rows.
    fn default() -> Self {
        TwSwitches::from_set(&SWITCH_TABLE.defaults())
    }
}

impl TwSwitches {
    /// The defaults with the given table (`"taiwanese-high"` / `"taiwanese-low"`).
    pub fn with_table(tai_table: TaiTable) -> Self {
        TwSwitches { tai_table, ..TwSwitches::default() }
    }

    /// Check every switch against the table (TW §2); the error is a configuration error that
    /// names the switch.
    pub fn validate(&self) -> Result<()> {
        self.to_set()?.validate()
    }

    /// The ruleset id of the rules file (`"taiwanese-high"` / `"taiwanese-low"`).
    pub fn name(&self) -> &'static str {
        match self.tai_table {
            TaiTable::High => "taiwanese-high",
            TaiTable::Low => "taiwanese-low",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_spec_defaults_and_valid() {
        let d = TwSwitches::default();
        assert_eq!((d.tai_table, d.min_tai, d.tai_value, d.max_deals, d.starting_score), (TaiTable::High, 5, 1, 32, 0));
        assert!(!d.high_seat_bonus_extra && !d.high_wind_pung_extra);
        assert_eq!(d.match_length, MatchLength::EastRound);
        d.validate().unwrap();
        assert_eq!(d.name(), "taiwanese-high");
        assert_eq!(TwSwitches::with_table(TaiTable::Low).name(), "taiwanese-low");
    }

    fn err_names(s: TwSwitches, switch: &str) {
        match s.validate() {
            Err(e) => assert_eq!(e.switch_name(), Some(switch), "{e}"),
            other => panic!("{switch}: {other:?}"),
        }
    }

    #[test]
    fn each_bad_switch_is_named() {
        let d = TwSwitches::default();
        err_names(TwSwitches { tai_value: 0, ..d }, "tai_value");
        err_names(TwSwitches { tai_value: MAX_TAI_VALUE + 1, ..d }, "tai_value");
        TwSwitches { tai_value: MAX_TAI_VALUE, ..d }.validate().unwrap();
        err_names(TwSwitches { max_deals: 0, ..d }, "max_deals");
        let low = TwSwitches::with_table(TaiTable::Low);
        err_names(TwSwitches { high_seat_bonus_extra: true, ..low }, "high_seat_bonus_extra");
        err_names(TwSwitches { high_wind_pung_extra: true, ..low }, "high_wind_pung_extra");
        err_names(TwSwitches { starting_score: i64::MIN, ..d }, "starting_score");
        TwSwitches { min_tai: 0, ..low }.validate().unwrap();
        assert_eq!(TaiTable::from_name("medium").unwrap_err().switch_name(), Some("tai_table"));
        assert_eq!(MatchLength::from_name("forever").unwrap_err().switch_name(), Some("match_length"));
        for t in [TaiTable::High, TaiTable::Low] {
            assert_eq!(TaiTable::from_name(t.name()).unwrap(), t);
        }
        for m in [MatchLength::OneDeal, MatchLength::EastRound, MatchLength::FullGame] {
            assert_eq!(MatchLength::from_name(m.name()).unwrap(), m);
        }
    }
}

/// `tai_overrides` (TW §20.2.9): the Tai of an element by its number within the selected table
/// (`H05` and `L05` are both number 5; the switch's check keeps the letter to the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TaiOverrides {
    /// `tai[n]`: the Tai of element number n, 0 for none.
    tai: [u8; 64],
    /// The letter of the codes given (`H` or `L`), for writing them back.
    letter: u8,
    any: bool,
}

impl Default for TaiOverrides {
    /// No element overridden.
    fn default() -> Self {
        TaiOverrides { tai: [0; 64], letter: b'H', any: false }
    }
}

impl TaiOverrides {
    /// Whether no element is overridden.
    pub fn is_empty(&self) -> bool {
        !self.any
    }
    /// The Tai given for element `code` (`"H05"`), if any.
    pub fn get(&self, code: &str) -> Option<u8> {
        let n: usize = code.get(1..)?.parse().ok()?;
        self.tai.get(n).copied().filter(|&t| t > 0)
    }
}

impl crate::rules::switch_table::SwitchField for TaiOverrides {
    fn from_set(set: &crate::rules::switch_table::SwitchSet, key: &str) -> Self {
        let mut o = TaiOverrides::default();
        if let crate::rules::SwitchValue::Map(members) = set.get(key) {
            for (code, v) in members {
                let (Some(n), crate::rules::SwitchValue::Int(t)) = (code.get(1..).and_then(|d| d.parse::<usize>().ok()), v)
                else {
                    continue;
                };
                if n < 64 && (1..=64).contains(t) {
                    o.tai[n] = *t as u8;
                    o.letter = code.as_bytes()[0];
                    o.any = true;
                }
            }
        }
        o
    }
    fn to_value(&self) -> crate::rules::SwitchValue {
        let members = (1..64)
            .filter(|&n| self.tai[n] > 0)
            .map(|n| (format!("{}{n:02}", self.letter as char), crate::rules::SwitchValue::Int(i64::from(self.tai[n]))))
            .collect();
        crate::rules::SwitchValue::Map(members)
    }
}
