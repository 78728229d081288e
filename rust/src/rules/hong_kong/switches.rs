//! The switches of the Hong Kong ruleset (HK §18), declared once as a table, and its presets.

use super::scoring::LIMIT_FAAN;
use crate::error::Result;
use crate::rules::registry::Preset;
use crate::rules::switch_table::{
    switch_fields, Allowed, ChoiceField, Forbidden, Needs, SwitchField, SwitchLit, SwitchRow, SwitchSet, SwitchTable,
};
use crate::rules::SwitchValue;
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
    /// 番勒, HK §19.9: M = 1, 2, 4, 8, then 16 over 4-6 faan, 32 over 7-9 and 64 over 10-13.
    FourSevenTen,
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

/// HK §19.9 `four_seven_ten` multipliers M(F), F = 0..=13.
pub(crate) const FOUR_SEVEN_TEN: [i64; 14] = [1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 64];

/// The largest `max_deals` (HK §19.2: 1..=10^4).
pub const MAX_DEALS: i64 = 10_000;

/// The number of element codes: F1-F20, L1-L8, X1-X22 (HK §10.2, §10.4, §19.5.2).
pub const N_ELEMENTS: usize = 50;

/// Every element code in code order (HK §19.5.1: F1..F20, L1..L8, X1..X22); an element's
/// index is its place here.
pub static ELEMENT_CODES: [&str; N_ELEMENTS] = [
    "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "F13", "F14", "F15", "F16", "F17", "F18", "F19",
    "F20", "L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9", "X10", "X11",
    "X12", "X13", "X14", "X15", "X16", "X17", "X18", "X19", "X20", "X21", "X22",
];

/// The index of an element code in [`ELEMENT_CODES`].
pub fn element_index(code: &str) -> Option<usize> {
    ELEMENT_CODES.iter().position(|c| *c == code)
}

const OFF_LIMIT: Allowed = Allowed::Choice(&["off", "limit"]);
const FAAN_1_13: Allowed = Allowed::Int { lo: 1, hi: LIMIT_FAAN as i64 };
/// Any value an element may take (the per-code rule is [`allowed_values`]).
static ELEMENT_VALUE: Allowed = Allowed::OneOf(&[OFF_LIMIT, FAAN_1_13]);
static F_VALUE: Allowed = Allowed::OneOf(&[Allowed::Choice(&["off"]), FAAN_1_13]);
static L_LIMIT_ONLY: Allowed = OFF_LIMIT;
static FLOWER_WIN_VALUE: Allowed = Allowed::OneOf(&[Allowed::Choice(&["limit"]), FAAN_1_13]);
static PAYMENT_SPLIT: Allowed = Allowed::Record(&[
    ("discarder", Allowed::Int { lo: 0, hi: 8 }),
    ("others", Allowed::Int { lo: 0, hi: 8 }),
    ("self_draw", Allowed::Int { lo: 0, hi: 8 }),
]);

/// HK §19.5.1 the values code `code` allows: F codes an integer or "off"; L1 and L6 "limit"
/// or "off"; the other L codes and X1-X19, X22 any; X20 and X21 an integer or "limit".
pub fn allowed_values(code: &str) -> Allowed {
    match code {
        "L1" | "L6" => L_LIMIT_ONLY,
        "X20" | "X21" => FLOWER_WIN_VALUE,
        c if c.starts_with('F') => F_VALUE,
        _ => ELEMENT_VALUE,
    }
}

/// The value of one element (HK §19.5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElementValue {
    /// Never awarded.
    Off,
    /// An ordinary element worth this many faan (per dragon pung for F6).
    Faan(u8),
    /// A limit hand, worth exactly `max_faan`.
    Limit,
}

/// The default value of each element (HK §10.2, §10.4, §19.5.1), in code order.
const fn default_values() -> [ElementValue; N_ELEMENTS] {
    use ElementValue::{Faan, Limit, Off};
    let f: [u8; 20] = [1, 3, 3, 7, 4, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2];
    let mut v = [Off; N_ELEMENTS];
    let mut i = 0;
    while i < 20 {
        v[i] = Faan(f[i]);
        i += 1;
    }
    while i < 28 {
        v[i] = Limit;
        i += 1;
    }
    v[47] = Faan(3); // X20
    v[48] = Limit; // X21
    v
}

/// `element_values` resolved: every code's value, the defaults where the switch names none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ElementValues(pub [ElementValue; N_ELEMENTS]);

impl Default for ElementValues {
    fn default() -> Self {
        ElementValues(default_values())
    }
}

impl ElementValues {
    /// The value of code `code` (a code of [`ELEMENT_CODES`]; another reads as off).
    pub fn get(&self, code: &str) -> ElementValue {
        element_index(code).map_or(ElementValue::Off, |i| self.0[i])
    }
    /// Whether every value is its default.
    pub fn is_default(&self) -> bool {
        self.0 == default_values()
    }
}

impl SwitchField for ElementValues {
    /// The defaults overwritten by the object's members (checked by the table).
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        let mut v = ElementValues::default();
        if let SwitchValue::Map(m) = set.get(key) {
            for (code, x) in m {
                let Some(i) = element_index(code) else { continue };
                v.0[i] = match x {
                    SwitchValue::Int(n) => ElementValue::Faan(u8::try_from(*n).unwrap_or(LIMIT_FAAN)),
                    SwitchValue::Str(s) if s == "limit" => ElementValue::Limit,
                    _ => ElementValue::Off,
                };
            }
        }
        v
    }
    /// The members that differ from the defaults.
    fn to_value(&self) -> SwitchValue {
        let d = default_values();
        let mut m = std::collections::BTreeMap::new();
        for (i, (v, dv)) in self.0.iter().zip(d.iter()).enumerate() {
            if v != dv {
                let x = match v {
                    ElementValue::Off => SwitchValue::Str("off".into()),
                    ElementValue::Limit => SwitchValue::Str("limit".into()),
                    ElementValue::Faan(n) => SwitchValue::Int(i64::from(*n)),
                };
                m.insert(ELEMENT_CODES[i].to_string(), x);
            }
        }
        SwitchValue::Map(m)
    }
}

/// `payment_split` (HK §19.9): the multipliers a (discarder), b (each other payer on a
/// discard win) and c (each payer on a self-drawn win).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PaymentSplit {
    pub discarder: u8,
    pub others: u8,
    pub self_draw: u8,
}

impl SwitchField for Option<PaymentSplit> {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        let SwitchValue::Map(m) = set.get(key) else { return None };
        let n = |k: &str| match m.get(k) {
            Some(SwitchValue::Int(v)) => u8::try_from(*v).unwrap_or(0),
            _ => 0,
        };
        Some(PaymentSplit { discarder: n("discarder"), others: n("others"), self_draw: n("self_draw") })
    }
    fn to_value(&self) -> SwitchValue {
        match self {
            None => SwitchValue::Null,
            Some(p) => SwitchValue::Map(
                [("discarder", p.discarder), ("others", p.others), ("self_draw", p.self_draw)]
                    .iter()
                    .map(|(k, v)| (k.to_string(), SwitchValue::Int(i64::from(*v))))
                    .collect(),
            ),
        }
    }
}

/// `tile_set` (HK §19.4): 144 tiles or 136 (no bonus tiles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TileSet {
    #[default]
    T144,
    T136,
}

impl SwitchField for TileSet {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        if set.int(key) == 136 {
            TileSet::T136
        } else {
            TileSet::T144
        }
    }
    fn to_value(&self) -> SwitchValue {
        SwitchValue::Int(if *self == TileSet::T136 { 136 } else { 144 })
    }
}

macro_rules! choice {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            #[default]
            $($(#[$vm])* $v),+
        }
        impl ChoiceField for $name {
            const NAMES: &'static [(&'static str, Self)] = &[$(($s, $name::$v)),+];
        }
    };
}

choice!(
    /// `seven_pairs` (HK §19.5.4).
    SevenPairs { WithConcealed = "with_concealed", WithoutConcealed = "without_concealed", Off = "off" }
);
choice!(
    /// `all_chows_pair` (HK §19.5.7).
    AllChowsPair { Suited = "suited", Any = "any", Valueless = "valueless" }
);
choice!(
    /// `flower_win` (HK §19.6).
    FlowerWin { Off = "off", Seven = "seven", Eight = "eight", EightOrRob = "eight_or_rob" }
);
choice!(
    /// `multiple_winners` (HK §19.7).
    MultipleWinners { HeadBump = "head_bump", All = "all" }
);
choice!(
    /// `liability` (HK §19.8).
    Liability { None = "none", FourthMeld = "fourth_meld", BigHands = "big_hands", All = "all" }
);
choice!(
    /// `liability_discard` (HK §19.8).
    LiabilityDiscard { Discarder = "discarder", Liable = "liable" }
);
choice!(
    /// `dealer_repeat` (HK §19.10).
    DealerRepeat { Never = "never", OnWin = "on_win", OnWinOrDraw = "on_win_or_draw" }
);
choice!(
    /// `match_length` (HK §19.10).
    MatchLength { Independent = "independent", EastRound = "east_round", FullGame = "full_game" }
);
choice!(
    /// `false_win` (HK §19.11).
    FalseWin { Reject = "reject", PayLimitSelfDraw = "pay_limit_self_draw", PayFourFaan = "pay_four_faan" }
);
choice!(
    /// `pass_over` (HK §19.12).
    PassOver { None = "none", SameKind = "same_kind", AllKinds = "all_kinds" }
);

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
            allowed: Allowed::Choice(&["spicy", "half", "four_seven_ten"]),
            default: SwitchLit::Str("spicy"),
            doc: "The multiplier M(F): 2^F (spicy), 1, 2, 4, 8, 16, 24, 32, 48, ..., 384 (half), or 1, 2, 4, 8, 16 flat over 4-6, 32 over 7-9, 64 over 10-13 (four_seven_ten).",
            section: "HK §18, §11.1, §19.9",
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
        SwitchRow {
            name: "tile_set",
            allowed: Allowed::OneOf(&[Allowed::Int { lo: 144, hi: 144 }, Allowed::Int { lo: 136, hi: 136 }]),
            default: SwitchLit::Int(144),
            doc: "144 tiles, or 136: no bonus tiles (F16-F20 and X5 are never awarded).",
            section: "HK §19.2, §19.4",
            depends: &[],
        },
        SwitchRow {
            name: "element_values",
            allowed: Allowed::Map { keys: None, value: &ELEMENT_VALUE },
            default: SwitchLit::Map(&[]),
            doc: "The value of each element by code: \"off\", an integer 1..13 or \"limit\" as each code allows; the extra elements X1-X22 are off by default.",
            section: "HK §19.5.1-§19.5.3",
            depends: &[],
        },
        SwitchRow {
            name: "seven_pairs",
            allowed: Allowed::Choice(&["with_concealed", "without_concealed", "off"]),
            default: SwitchLit::Str("with_concealed"),
            doc: "Seven pairs with the concealed hand (F5 + F10), F5 replacing F10, or not a winning shape.",
            section: "HK §19.5.4",
            depends: &[],
        },
        SwitchRow {
            name: "flowers_break_concealed",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A winner who has exposed a bonus tile does not score the concealed hand (F10).",
            section: "HK §19.5.5",
            depends: &[],
        },
        SwitchRow {
            name: "bonus_faan_in_minimum",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "Whether F16-F20 count toward min_faan (false: the qualifying faan leaves them out).",
            section: "HK §19.5.6",
            depends: &[],
        },
        SwitchRow {
            name: "all_chows_pair",
            allowed: Allowed::Choice(&["suited", "any", "valueless"]),
            default: SwitchLit::Str("suited"),
            doc: "The pair all chows (F1) allows: suited, any, or suited or a wind neither seat nor prevailing.",
            section: "HK §19.5.7",
            depends: &[],
        },
        SwitchRow {
            name: "flower_win",
            allowed: Allowed::Choice(&["off", "seven", "eight", "eight_or_rob"]),
            default: SwitchLit::Str("off"),
            doc: "Bonus-tile wins: seven or eight exposed bonus tiles win at once; eight_or_rob lets seven rob the eighth.",
            section: "HK §19.6",
            depends: &[Needs { switch: "tile_set", values: &[SwitchLit::Int(144)], code: None }],
        },
        SwitchRow {
            name: "multiple_winners",
            allowed: Allowed::Choice(&["head_bump", "all"]),
            default: SwitchLit::Str("head_bump"),
            doc: "Several legal win claims on one tile: the first in turn order wins (head_bump), or all win.",
            section: "HK §19.7",
            depends: &[],
        },
        SwitchRow {
            name: "liability",
            allowed: Allowed::Choice(&["none", "fourth_meld", "big_hands", "all"]),
            default: SwitchLit::Str("none"),
            doc: "Which claims make the feeder liable (包): the fourth exposed set, the last dragon or wind set of a big hand, or both.",
            section: "HK §19.8",
            depends: &[],
        },
        SwitchRow {
            name: "liability_discard",
            allowed: Allowed::Choice(&["discarder", "liable"]),
            default: SwitchLit::Str("discarder"),
            doc: "On a liable win on another player's discard: the discarder pays (discarder) or the liable player pays all (liable).",
            section: "HK §19.8",
            depends: &[Needs {
                switch: "liability",
                values: &[SwitchLit::Str("fourth_meld"), SwitchLit::Str("big_hands"), SwitchLit::Str("all")],
                code: None,
            }],
        },
        SwitchRow {
            name: "payment_split",
            allowed: Allowed::Nullable(&PAYMENT_SPLIT),
            default: SwitchLit::Null,
            doc: "Explicit multipliers {discarder, others, self_draw} (0..8 each) in place of responsibility.",
            section: "HK §19.9",
            depends: &[],
        },
        SwitchRow {
            name: "dealer_double",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "Every payment from or to the dealer is doubled.",
            section: "HK §19.9",
            depends: &[],
        },
        SwitchRow {
            name: "dealer_repeat",
            allowed: Allowed::Choice(&["never", "on_win", "on_win_or_draw"]),
            default: SwitchLit::Str("never"),
            doc: "With rotate_dealer: the dealer keeps the deal never, after a dealer win, or after a dealer win or a draw.",
            section: "HK §19.10",
            depends: &[Needs { switch: "rotate_dealer", values: &[SwitchLit::Bool(true)], code: None }],
        },
        SwitchRow {
            name: "match_length",
            allowed: Allowed::Choice(&["independent", "east_round", "full_game"]),
            default: SwitchLit::Str("independent"),
            doc: "independent deals (prevailing wind East), an East round (4 passes) or a full game (16 passes, the wind advancing every 4).",
            section: "HK §19.10",
            depends: &[Needs { switch: "rotate_dealer", values: &[SwitchLit::Bool(true)], code: None }],
        },
        SwitchRow {
            name: "max_deals",
            allowed: Allowed::Int { lo: 1, hi: MAX_DEALS },
            default: SwitchLit::Int(64),
            doc: "With east_round or full_game: the match also ends after this many deals (a safety stop).",
            section: "HK §19.10",
            depends: &[],
        },
        SwitchRow {
            name: "false_win",
            allowed: Allowed::Choice(&["reject", "pay_limit_self_draw", "pay_four_faan"]),
            default: SwitchLit::Str("reject"),
            doc: "A declared win that is not legal is refused (reject) or ends the deal with a penalty (詐糊).",
            section: "HK §19.11",
            depends: &[],
        },
        SwitchRow {
            name: "pass_over",
            allowed: Allowed::Choice(&["none", "same_kind", "all_kinds"]),
            default: SwitchLit::Str("none"),
            doc: "After letting a legal win go by, no win on a discard (of that kind, or any) until the next normal draw (過手).",
            section: "HK §19.12",
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
        Forbidden {
            switch: "payment_split",
            code: None,
            doc: "null unless responsibility is seed; discarder + others > 0 and self_draw > 0",
            refuses: |s| {
                let SwitchValue::Map(m) = s.get("payment_split") else { return None };
                if s.str("responsibility") != "seed" {
                    return Some(format!(
                        "set while responsibility = {} (two switches would set the same payments; use one)",
                        s.str("responsibility")
                    ));
                }
                let n = |k: &str| if let Some(SwitchValue::Int(v)) = m.get(k) { *v } else { 0 };
                if n("discarder") + n("others") == 0 {
                    return Some("discarder + others is 0: a win on a discard would cost nothing".into());
                }
                (n("self_draw") == 0).then(|| "self_draw is 0: a self-drawn win would cost nothing".into())
            },
        },
        Forbidden {
            switch: "element_values",
            code: None,
            doc: "keys are element codes F1-F20, L1-L8, X1-X22, each value allowed for its code (HK §19.5.1)",
            refuses: |s| {
                let SwitchValue::Map(m) = s.get("element_values") else { return None };
                if let Some(code) = m.keys().find(|c| element_index(c).is_none()) {
                    return Some(format!("{code:?} is not an element code (F1-F20, L1-L8, X1-X22)"));
                }
                m.iter().find_map(|(code, v)| {
                    let allowed = allowed_values(code);
                    (!allowed.admits(v)).then(|| format!("{code} takes {}, got {v}", allowed.describe()))
                })
            },
        },
    ],
    unknown_code: None,
    fault_order: &[],
    build: |s| Box::new(super::HongKongRules::of(s)),
};

/// The presets of Hong Kong (HK §18 the default, HK §19.14 the house styles).
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
    Preset {
        name: "hong-kong-mahjax-hkos-v1",
        aliases: &[],
        id: Some("mahjax_hkos_v1"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("max_faan", SwitchLit::Int(10)),
            ("spiciness", SwitchLit::Str("half")),
            ("payment_split", SPLIT_1_0_1),
            ("dealer_double", SwitchLit::Bool(true)),
            ("rotate_dealer", SwitchLit::Bool(true)),
            ("dealer_repeat", SwitchLit::Str("on_win_or_draw")),
            ("seven_pairs", SwitchLit::Str("off")),
            ("all_chows_pair", SwitchLit::Str("valueless")),
            (
                "element_values",
                SwitchLit::Map(&[
                    ("F15", OFF),
                    ("X1", LIMIT),
                    ("X2", SwitchLit::Int(10)),
                    ("X3", LIMIT),
                    ("X4", LIMIT),
                    ("X13", SwitchLit::Int(1)),
                    ("X14", LIMIT),
                    ("X18", SwitchLit::Int(3)),
                    ("X19", SwitchLit::Int(3)),
                ]),
            ),
        ],
        doc: "HK §19.14 mahjax_hkos_v1: mahjax's HKOS_V1 (10-faan cap, half spicy, discarder only, dealer double).",
    },
    Preset {
        name: "hong-kong-riichi-advanced-hk",
        aliases: &[],
        id: Some("riichi_advanced_hk"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("spiciness", SwitchLit::Str("half")),
            ("responsibility", SwitchLit::Str("full")),
            ("rotate_dealer", SwitchLit::Bool(true)),
            ("dealer_repeat", SwitchLit::Str("on_win")),
            ("flower_win", SwitchLit::Str("seven")),
            ("seven_pairs", SwitchLit::Str("off")),
            ("all_chows_pair", SwitchLit::Str("any")),
            ("multiple_winners", SwitchLit::Str("all")),
            ("liability", SwitchLit::Str("fourth_meld")),
            ("liability_discard", SwitchLit::Str("liable")),
            (
                "element_values",
                SwitchLit::Map(&[
                    ("F7", SwitchLit::Int(7)),
                    ("L2", SwitchLit::Int(10)),
                    ("L4", SwitchLit::Int(8)),
                    ("L8", SwitchLit::Int(8)),
                    ("X1", SwitchLit::Int(6)),
                    ("X2", SwitchLit::Int(4)),
                    ("X3", LIMIT),
                    ("X4", LIMIT),
                    ("X5", SwitchLit::Int(1)),
                    ("X6", SwitchLit::Int(8)),
                    ("X20", SwitchLit::Int(3)),
                    ("X21", SwitchLit::Int(8)),
                    ("X22", SwitchLit::Int(8)),
                ]),
            ),
        ],
        doc:
            "HK §19.14 riichi_advanced_hk: riichi_advanced's Hong Kong ruleset (half spicy, full, seven-flower win, 12-tile pao).",
    },
    Preset {
        name: "hong-kong-benwassa-v1",
        aliases: &[],
        id: Some("benwassa_v1"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("min_faan", SwitchLit::Int(1)),
            ("payment_split", SPLIT_2_1_2),
            ("rotate_dealer", SwitchLit::Bool(true)),
            ("dealer_repeat", SwitchLit::Str("on_win")),
            ("flower_win", SwitchLit::Str("seven")),
            ("bonus_faan_in_minimum", SwitchLit::Bool(false)),
            ("seven_pairs", SwitchLit::Str("off")),
            ("all_chows_pair", SwitchLit::Str("any")),
            ("element_values", BENWASSA_VALUES),
        ],
        doc: "HK §19.14 benwassa_v1: BenWassa's HKOS rules (1-faan minimum, split 2/1/2, seven-flower win).",
    },
    Preset {
        name: "hong-kong-benwassa-v1-136",
        aliases: &[],
        id: Some("benwassa_v1_136"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("min_faan", SwitchLit::Int(1)),
            ("payment_split", SPLIT_2_1_2),
            ("rotate_dealer", SwitchLit::Bool(true)),
            ("dealer_repeat", SwitchLit::Str("on_win")),
            ("tile_set", SwitchLit::Int(136)),
            ("bonus_faan_in_minimum", SwitchLit::Bool(false)),
            ("seven_pairs", SwitchLit::Str("off")),
            ("all_chows_pair", SwitchLit::Str("any")),
            ("element_values", BENWASSA_VALUES),
        ],
        doc: "HK §19.14 benwassa_v1_136: benwassa_v1 with 136 tiles (no bonus tiles, so no flower win).",
    },
    Preset {
        name: "hong-kong-coach-nyc-social-v1",
        aliases: &[],
        id: Some("coach_nyc_social_v1"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("max_faan", SwitchLit::Int(10)),
            ("spiciness", SwitchLit::Str("four_seven_ten")),
            ("payment_split", SPLIT_2_1_2),
            ("rotate_dealer", SwitchLit::Bool(true)),
            ("dealer_repeat", SwitchLit::Str("on_win_or_draw")),
            (
                "element_values",
                SwitchLit::Map(&[
                    ("F4", SwitchLit::Int(6)),
                    ("F7", SwitchLit::Int(4)),
                    ("X1", LIMIT),
                    ("X3", LIMIT),
                    ("X4", LIMIT),
                    ("X5", SwitchLit::Int(1)),
                    ("X15", LIMIT),
                    ("X16", LIMIT),
                    ("X17", LIMIT),
                ]),
            ),
        ],
        doc: "HK §19.14 coach_nyc_social_v1: hk-mahjong-coach's NYC social profile (10-faan cap, 4-7-10 table, split 2/1/2).",
    },
];

const OFF: SwitchLit = SwitchLit::Str("off");
const LIMIT: SwitchLit = SwitchLit::Str("limit");
const SPLIT_1_0_1: SwitchLit =
    SwitchLit::Map(&[("discarder", SwitchLit::Int(1)), ("others", SwitchLit::Int(0)), ("self_draw", SwitchLit::Int(1))]);
const SPLIT_2_1_2: SwitchLit =
    SwitchLit::Map(&[("discarder", SwitchLit::Int(2)), ("others", SwitchLit::Int(1)), ("self_draw", SwitchLit::Int(2))]);
/// HK §19.14 [B10]: BenWassa's values (L2 and L3 stay limits; X20, X21 their defaults).
const BENWASSA_VALUES: SwitchLit = SwitchLit::Map(&[
    ("L4", SwitchLit::Int(11)),
    ("L5", SwitchLit::Int(10)),
    ("L8", OFF),
    ("X1", SwitchLit::Int(6)),
    ("X2", SwitchLit::Int(10)),
    ("X3", LIMIT),
    ("X4", LIMIT),
]);

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
    /// `tile_set` (HK §19.4, default 144).
    pub tile_set: TileSet,
    /// `element_values` (HK §19.5.1), resolved: every code's value.
    pub element_values: ElementValues,
    /// `seven_pairs` (HK §19.5.4).
    pub seven_pairs: SevenPairs,
    /// `flowers_break_concealed` (HK §19.5.5).
    pub flowers_break_concealed: bool,
    /// `bonus_faan_in_minimum` (HK §19.5.6, default true).
    pub bonus_faan_in_minimum: bool,
    /// `all_chows_pair` (HK §19.5.7).
    pub all_chows_pair: AllChowsPair,
    /// `flower_win` (HK §19.6).
    pub flower_win: FlowerWin,
    /// `multiple_winners` (HK §19.7).
    pub multiple_winners: MultipleWinners,
    /// `liability` (HK §19.8).
    pub liability: Liability,
    /// `liability_discard` (HK §19.8).
    pub liability_discard: LiabilityDiscard,
    /// `payment_split` (HK §19.9, default null: `responsibility` decides).
    pub payment_split: Option<PaymentSplit>,
    /// `dealer_double` (HK §19.9).
    pub dealer_double: bool,
    /// `dealer_repeat` (HK §19.10).
    pub dealer_repeat: DealerRepeat,
    /// `match_length` (HK §19.10).
    pub match_length: MatchLength,
    /// `max_deals` (HK §19.10, default 64).
    pub max_deals: u32,
    /// `false_win` (HK §19.11).
    pub false_win: FalseWin,
    /// `pass_over` (HK §19.12).
    pub pass_over: PassOver,
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
            Spiciness::FourSevenTen => FOUR_SEVEN_TEN[f as usize],
        }
    }

    /// Whether a switch that changes what the scorer computes (HK §19.4, §19.5) is off its
    /// default.
    pub fn house_scoring(&self) -> bool {
        !self.element_values.is_default()
            || self.tile_set != TileSet::T144
            || self.seven_pairs != SevenPairs::WithConcealed
            || self.flowers_break_concealed
            || !self.bonus_faan_in_minimum
            || self.all_chows_pair != AllChowsPair::Suited
    }

    /// HK §18 the checks between switches (the table's forbidden combinations).
    pub fn validate(&self) -> Result<()> {
        self.to_set()?.validate()
    }
}

switch_fields!(
    HongKongSwitches,
    SWITCH_TABLE,
    [
        min_faan,
        max_faan,
        spiciness,
        responsibility,
        unit,
        rotate_dealer,
        tile_set,
        element_values,
        seven_pairs,
        flowers_break_concealed,
        bonus_faan_in_minimum,
        all_chows_pair,
        flower_win,
        multiple_winners,
        liability,
        liability_discard,
        payment_split,
        dealer_double,
        dealer_repeat,
        match_length,
        max_deals,
        false_win,
        pass_over,
    ]
);

impl ChoiceField for Spiciness {
    const NAMES: &'static [(&'static str, Self)] =
        &[("spicy", Spiciness::Spicy), ("half", Spiciness::Half), ("four_seven_ten", Spiciness::FourSevenTen)];
}

impl ChoiceField for Responsibility {
    const NAMES: &'static [(&'static str, Self)] =
        &[("seed", Responsibility::Seed), ("full", Responsibility::Full), ("half", Responsibility::Half)];
}
