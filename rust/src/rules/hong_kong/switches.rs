//! The switches of the Hong Kong ruleset (HK §18) and their validation.

use super::scoring::{LIMIT_FAAN, MIN_FAAN};
use crate::error::{MahjongError, Result};
use crate::rules::{wrong_switch, SwitchKind, SwitchValue};
/// The largest `unit` (HK §18: 1..=10^6).
pub const MAX_UNIT: u32 = 1_000_000;

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
pub(crate) const HALF_SPICY: [i64; 14] = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384];

/// The switch names of HK §18 in the order of its table.
pub(crate) const SWITCHES: [&str; 6] = ["min_faan", "max_faan", "spiciness", "responsibility", "unit", "rotate_dealer"];

/// The switches of the Hong Kong ruleset (HK §18), defaults as in the rules.
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
    /// `rotate_dealer` (HK §12, default off): the dealer passes after every deal.
    pub rotate_dealer: bool,
}

impl Default for HongKongSwitches {
    fn default() -> Self {
        HongKongSwitches {
            min_faan: MIN_FAAN,
            max_faan: LIMIT_FAAN,
            spiciness: Spiciness::Spicy,
            responsibility: Responsibility::Seed,
            unit: 1,
            rotate_dealer: false,
        }
    }
}

impl HongKongSwitches {
    /// HK §18: M(F), the multiplier of a win worth `faan` (0..=13; higher is read as 13).
    pub fn multiplier(&self, faan: u8) -> i64 {
        let f = faan.min(LIMIT_FAAN);
        match self.spiciness {
            Spiciness::Spicy => 1i64 << f,
            Spiciness::Half => HALF_SPICY[f as usize],
        }
    }

    /// The type a switch takes (`None`: not a Hong Kong switch).
    pub(crate) fn kind(key: &str) -> Option<SwitchKind> {
        match key {
            "rotate_dealer" => Some(SwitchKind::Bool),
            "min_faan" | "max_faan" | "unit" => Some(SwitchKind::Int),
            "spiciness" | "responsibility" => Some(SwitchKind::Str),
            _ => None,
        }
    }

    /// Every switch with its value, in the order of HK §18.
    pub(crate) fn values(&self) -> Vec<(&'static str, SwitchValue)> {
        let spiciness = match self.spiciness {
            Spiciness::Spicy => "spicy",
            Spiciness::Half => "half",
        };
        let responsibility = match self.responsibility {
            Responsibility::Seed => "seed",
            Responsibility::Full => "full",
            Responsibility::Half => "half",
        };
        vec![
            ("min_faan", SwitchValue::Int(self.min_faan.into())),
            ("max_faan", SwitchValue::Int(self.max_faan.into())),
            ("spiciness", SwitchValue::Str(spiciness.into())),
            ("responsibility", SwitchValue::Str(responsibility.into())),
            ("unit", SwitchValue::Int(self.unit.into())),
            ("rotate_dealer", SwitchValue::Bool(self.rotate_dealer)),
        ]
    }

    /// Set one switch, checking its type and range (HK §18).
    pub(crate) fn set(&mut self, key: &str, value: &SwitchValue) -> Result<()> {
        let wrong = |what: &str| wrong_switch(key, value, what);
        match key {
            "rotate_dealer" => match value {
                SwitchValue::Bool(b) => self.rotate_dealer = *b,
                _ => return Err(wrong("true or false")),
            },
            "min_faan" | "max_faan" => {
                let lo = if key == "min_faan" { 0 } else { 3 };
                let n = match value {
                    SwitchValue::Int(n) if (lo..=i64::from(LIMIT_FAAN)).contains(n) => *n as u8,
                    _ => return Err(wrong(&format!("an integer {lo}..{LIMIT_FAAN}"))),
                };
                if key == "min_faan" {
                    self.min_faan = n;
                } else {
                    self.max_faan = n;
                }
            }
            "unit" => match value {
                SwitchValue::Int(n) if (1..=i64::from(MAX_UNIT)).contains(n) => self.unit = *n as u32,
                _ => return Err(wrong(&format!("an integer 1..{MAX_UNIT}"))),
            },
            "spiciness" => {
                self.spiciness = match value {
                    SwitchValue::Str(v) if v == "spicy" => Spiciness::Spicy,
                    SwitchValue::Str(v) if v == "half" => Spiciness::Half,
                    _ => return Err(wrong("\"spicy\" or \"half\"")),
                }
            }
            "responsibility" => {
                self.responsibility = match value {
                    SwitchValue::Str(v) if v == "seed" => Responsibility::Seed,
                    SwitchValue::Str(v) if v == "full" => Responsibility::Full,
                    SwitchValue::Str(v) if v == "half" => Responsibility::Half,
                    _ => return Err(wrong("\"seed\", \"full\" or \"half\"")),
                }
            }
            _ => return Err(MahjongError::RuleConfig(format!("unknown switch {key:?} for ruleset hong-kong"))),
        }
        Ok(())
    }

    /// HK §18 the checks between switches: `max_faan ≥ min_faan`, and no configuration that can
    /// produce a fractional payment (`responsibility = half` with `min_faan = 0` and an odd
    /// `unit`: half of M(0) × unit; every other M(F) is even).
    pub(crate) fn validate(&self) -> Result<()> {
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
