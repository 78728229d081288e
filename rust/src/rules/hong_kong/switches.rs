//! The switches of the Hong Kong ruleset (HK §18), declared once as a table, and its presets.

use super::scoring::LIMIT_FAAN;
use crate::error::Result;
use crate::rules::registry::Preset;
use crate::rules::switch_table::{switch_fields, Allowed, ChoiceField, Forbidden, SwitchLit, SwitchRow, SwitchTable};
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

/// The switches of HK §18, declared once: parsing, checking, the names, recording, the CLI's
/// `--rule` help and the docs' table all come from these rows (`rules::switch_table`).
pub static SWITCH_TABLE: SwitchTable = SwitchTable {
    ruleset: "hong-kong",
    rows: &[
        SwitchRow {
            name: "min_faan",
            allowed: Allowed::Int { lo: 0, hi: LIMIT_FAAN as i64 },
            default: SwitchLit::Int(3), // HK §10.5: a win needs 3 faan
            doc: "The smallest total that is a legal win (replaces the minimum of 3 faan).",
            section: "HK §18, §10.5",
            depends: &[],
        },
        SwitchRow {
            name: "max_faan",
            allowed: Allowed::Int { lo: 3, hi: LIMIT_FAAN as i64 },
            default: SwitchLit::Int(LIMIT_FAAN as i64),
            doc: "The cap: totals above it are reduced to it; a limit hand is worth exactly max_faan.",
            section: "HK §18, §10.4",
            depends: &[],
        },
        SwitchRow {
            name: "spiciness",
            allowed: Allowed::Choice(&["spicy", "half"]),
            default: SwitchLit::Str("spicy"),
            doc: "The multiplier M(F): 2^F (spicy) or 1, 2, 4, 8, 16, 24, 32, 48, ..., 384 (half).",
            section: "HK §18, §11.1",
            depends: &[],
        },
        SwitchRow {
            name: "responsibility",
            allowed: Allowed::Choice(&["seed", "full", "half"]),
            default: SwitchLit::Str("seed"),
            doc: "Who pays for a win on a discard: the discarder 3 M (seed), 2 M (full), or M and each other player M/2 (half).",
            section: "HK §18, §11.1",
            depends: &[],
        },
        SwitchRow {
            name: "unit",
            allowed: Allowed::Int { lo: 1, hi: MAX_UNIT as i64 },
            default: SwitchLit::Int(1),
            doc: "Every payment is multiplied by it.",
            section: "HK §18",
            depends: &[],
        },
        SwitchRow {
            name: "rotate_dealer",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "The dealer passes after every deal.",
            section: "HK §18, §12",
            depends: &[],
        },
    ],
    forbidden: &[
        Forbidden {
            switch: "max_faan",
            code: None,
            doc: "max_faan >= min_faan",
            refuses: |s| {
                let (max, min) = (s.int("max_faan"), s.int("min_faan"));
                (max < min).then(|| format!("{max} is below min_faan {min} (max_faan must be >= min_faan)"))
            },
        },
        Forbidden {
            switch: "responsibility",
            code: None,
            doc: "not half with min_faan 0 and an odd unit (a fractional payment)",
            refuses: |s| {
                let unit = s.int("unit");
                (s.str("responsibility") == "half" && s.int("min_faan") == 0 && unit % 2 == 1).then(|| {
                    format!(
                        "\"half\" with min_faan 0 and an odd unit ({unit}) would pay half of M(0) x unit, \
                         a fractional payment (raise min_faan or use an even unit)"
                    )
                })
            },
        },
    ],
    unknown_code: None,
    build: |s| Box::new(super::HongKongRules::of(s)),
};

/// The presets of Hong Kong (HK §18 the default, HK §19.14 the house styles the switches of
/// §18 express; the others need the switches of §19).
pub static PRESETS: &[Preset] = &[
    Preset {
        name: "hong-kong",
        aliases: &["hk"],
        id: None,
        table: &SWITCH_TABLE,
        ruleset: true,
        values: &[],
        doc: "The rules of hong-kong.md (HK §1-§18) with every switch at its default.",
    },
    Preset {
        name: "hong-kong-hkos-classic",
        aliases: &[],
        id: Some("hkos_classic"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[],
        doc: "HK §19.14 hkos_classic: the classic 3-faan, 13-faan, spicy table (the defaults).",
    },
    Preset {
        name: "hong-kong-half-spicy-3faan",
        aliases: &[],
        id: Some("half_spicy_3faan"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[("spiciness", SwitchLit::Str("half")), ("responsibility", SwitchLit::Str("full"))],
        doc: "HK §19.14 half_spicy_3faan: half spicy, the discarder pays alone (full), 3 faan minimum.",
    },
];

/// The switches of the Hong Kong ruleset (HK §18), defaults as in the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HongKongSwitches {
    /// `min_faan` (0..=13, default 3): replaces the minimum of 3 (HK §10.5).
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
    /// The defaults of the table's rows.
    fn default() -> Self {
        HongKongSwitches::from_set(&SWITCH_TABLE.defaults())
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

    /// HK §18 the checks between switches (the table's forbidden combinations).
    pub fn validate(&self) -> Result<()> {
        self.to_set()?.validate()
    }
}

switch_fields!(HongKongSwitches, SWITCH_TABLE, [min_faan, max_faan, spiciness, responsibility, unit, rotate_dealer]);

impl ChoiceField for Spiciness {
    const NAMES: &'static [(&'static str, Self)] = &[("spicy", Spiciness::Spicy), ("half", Spiciness::Half)];
}

impl ChoiceField for Responsibility {
    const NAMES: &'static [(&'static str, Self)] =
        &[("seed", Responsibility::Seed), ("full", Responsibility::Full), ("half", Responsibility::Half)];
}
