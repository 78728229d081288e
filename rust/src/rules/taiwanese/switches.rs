//! The switches of the Taiwanese 16-tile rules (TW §2) as one plain, validated value. The
//! scorer (`scoring::tw`), the bonus-tile wins, settlement and the match (`settle`) read it;
//! `crate::rules::Ruleset` will carry it for the Taiwanese presets.

use crate::error::{MahjongError, Result};

/// TW §4.2: tiles at the tail of the wall that are never drawn.
pub const DEAD_WALL: usize = 16;

/// Largest `tai_value` (TW §2, §10a: an integer 1…10⁶).
pub const MAX_TAI_VALUE: u32 = 1_000_000;

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
            _ => Err(MahjongError::RuleConfig(format!("tai_table = {s:?} (use \"high\" or \"low\")"))),
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
            _ => {
                Err(MahjongError::RuleConfig(format!("match_length = {s:?} (use \"one_deal\", \"east_round\" or \"full_game\")")))
            }
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

impl Default for TwSwitches {
    fn default() -> Self {
        TwSwitches {
            tai_table: TaiTable::High,
            min_tai: 5,
            tai_value: 1,
            high_seat_bonus_extra: false,
            high_wind_pung_extra: false,
            match_length: MatchLength::EastRound,
            max_deals: 32,
            starting_score: 0,
        }
    }
}

impl TwSwitches {
    /// The defaults with the given table (`"taiwanese-high"` / `"taiwanese-low"`).
    pub fn with_table(tai_table: TaiTable) -> Self {
        TwSwitches { tai_table, ..TwSwitches::default() }
    }

    /// Check every switch (TW §2); the error is `RuleConfig` and names the switch.
    pub fn validate(&self) -> Result<()> {
        let bad = |m: String| Err(MahjongError::RuleConfig(m));
        if !(1..=MAX_TAI_VALUE).contains(&self.tai_value) {
            return bad(format!("tai_value = {} (an integer 1..={MAX_TAI_VALUE})", self.tai_value));
        }
        if self.max_deals == 0 {
            return bad("max_deals = 0 (at least 1)".to_string());
        }
        if self.tai_table != TaiTable::High {
            if self.high_seat_bonus_extra {
                return bad("high_seat_bonus_extra is an option of the high Tai table (tai_table = \"low\")".to_string());
            }
            if self.high_wind_pung_extra {
                return bad("high_wind_pung_extra is an option of the high Tai table (tai_table = \"low\")".to_string());
            }
        }
        // Scores stay far from overflow: |starting_score| ≤ 10^15 leaves room for 32 deals
        // of the largest payments (3 × 10^6 × a few hundred Tai each).
        if self.starting_score.unsigned_abs() > 1_000_000_000_000_000 {
            return bad(format!("starting_score = {} (at most 10^15 in absolute value)", self.starting_score));
        }
        Ok(())
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
            Err(MahjongError::RuleConfig(m)) => assert!(m.contains(switch), "{m}"),
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
        assert!(matches!(TaiTable::from_name("medium"), Err(MahjongError::RuleConfig(m)) if m.contains("tai_table")));
        assert!(matches!(MatchLength::from_name("forever"), Err(MahjongError::RuleConfig(m)) if m.contains("match_length")));
        for t in [TaiTable::High, TaiTable::Low] {
            assert_eq!(TaiTable::from_name(t.name()).unwrap(), t);
        }
        for m in [MatchLength::OneDeal, MatchLength::EastRound, MatchLength::FullGame] {
            assert_eq!(MatchLength::from_name(m.name()).unwrap(), m);
        }
    }
}
