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
    let elements = match table {
        "low" => super::low::ALL,
        "high" => super::high::ALL,
        _ => super::common::ALL_CODES_AS_ELEMENTS,
    };
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

/// The common-table values of `tai_table` (TW §20.1 "C tables").
const C_TABLES: &[SwitchLit] = &[SwitchLit::Str("sml"), SwitchLit::Str("star31"), SwitchLit::Str("shenlaiye")];
/// A C-only switch leaves its default only with a common table (TW §20.0 rule 5, CE-TABLE).
const C_ONLY: &[Needs] = &[Needs { switch: "tai_table", values: C_TABLES, code: Some("CE-TABLE") }];
/// The pass-over sub-switches need `pass_over` (TW §20.3 CE-DEP).
const NEEDS_PASS_OVER: &[Needs] = &[Needs { switch: "pass_over", values: &[SwitchLit::Bool(true)], code: Some("CE-DEP") }];
/// The declared-ready sub-switches need `ready_declaration` (TW §20.3 CE-DEP).
const NEEDS_READY: &[Needs] = &[Needs { switch: "ready_declaration", values: &[SwitchLit::Bool(true)], code: Some("CE-DEP") }];
/// `qualified_ready_win`: C only, and a `ready_qualification` other than `"off"` (CE-DEP).
const QUALIFIED_READY_WIN: &[Needs] = &[
    Needs { switch: "tai_table", values: C_TABLES, code: Some("CE-TABLE") },
    Needs {
        switch: "ready_qualification",
        values: &[
            SwitchLit::Str("standard"),
            SwitchLit::Str("standard_no_dealer"),
            SwitchLit::Str("first_eight_discards"),
            SwitchLit::Str("each_first_discard"),
        ],
        code: Some("CE-DEP"),
    },
];
/// `five_kongs_element`: C only, and `four_kongs_element` (CE-DEP; TW §20.10 note 9).
const FIVE_KONGS: &[Needs] = &[
    Needs { switch: "tai_table", values: C_TABLES, code: Some("CE-TABLE") },
    Needs { switch: "four_kongs_element", values: &[SwitchLit::Bool(true)], code: Some("CE-DEP") },
];

/// The liability patterns of TW §20.2.11, in the priority order of §20.7.2.
pub const LIABILITY_PATTERNS: &[&str] = &[
    "five_kongs",
    "four_kongs",
    "big_four_winds",
    "small_four_winds",
    "big_three_dragons",
    "small_three_dragons",
    "all_honors",
    "full_flush",
    "half_flush",
    "all_pungs",
];

/// TW §20.3 CE-DEP: `liability_discard_split` with no liability pattern.
fn split_without_liability(s: &crate::rules::switch_table::SwitchSet) -> Option<String> {
    let empty = matches!(s.get("liability"), crate::rules::SwitchValue::List(l) if l.is_empty());
    (s.bool("liability_discard_split") && empty)
        .then(|| "liability_discard_split = true needs a non-empty liability (TW §20.3 CE-DEP)".to_string())
}

/// TW §20.3 CE-4K: a four-kong abort with a four- or five-kong element.
fn abort_with_kong_element(s: &crate::rules::switch_table::SwitchSet) -> Option<String> {
    (s.bool("four_kongs_abort") && (s.bool("four_kongs_element") || s.bool("five_kongs_element"))).then(|| {
        "four_kongs_abort = true with four_kongs_element or five_kongs_element: no four-kong hand could exist (TW §20.3 CE-4K)"
            .to_string()
    })
}

/// TW §20.3 CE-LIAB: a liability pattern whose element the configuration lacks (§20.7.2), or
/// one listed twice.
fn liability_refused(s: &crate::rules::switch_table::SwitchSet) -> Option<String> {
    let crate::rules::SwitchValue::List(items) = s.get("liability") else { return None };
    let common = !matches!(s.str("tai_table"), "high" | "low");
    for (i, item) in items.iter().enumerate() {
        let crate::rules::SwitchValue::Str(p) = item else { continue };
        if items[..i].contains(item) {
            return Some(format!("liability lists {p:?} twice (TW §20.3 CE-LIAB)"));
        }
        let missing = match p.as_str() {
            "all_honors" => !common,
            "four_kongs" => !common || !s.bool("four_kongs_element"),
            "five_kongs" => !common || !s.bool("five_kongs_element"),
            _ => false,
        };
        if missing {
            return Some(format!(
                "liability {p:?}: its element does not exist under this configuration (TW §20.7.2; TW §20.3 CE-LIAB)"
            ));
        }
    }
    None
}

/// The switches of TW §2, declared once: parsing, checking, the names, recording, the CLI's
/// `--rule` help and the docs' table all come from these rows (`rules::switch_table`).
pub static SWITCH_TABLE: SwitchTable = SwitchTable {
    ruleset: "taiwanese",
    rows: &[
        SwitchRow {
            name: "tai_table",
            allowed: Allowed::Choice(&["high", "low", "sml", "star31", "shenlaiye"]),
            default: SwitchLit::Str("high"),
            doc: "Which Tai table scores hands: high, low (they name the ruleset taiwanese-high, taiwanese-low) or a column of the common table C01-C46 (sml, star31, shenlaiye).",
            section: "TW §2, §12, §13, §20.4",
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
            name: "several_winners",
            allowed: Allowed::Choice(&["all_win", "head_bump", "head_bump_two_all_three"]),
            default: SwitchLit::Str("all_win"),
            doc: "Which of the seats claiming one discard (or robbed tile) win: all; the first after the discarder; the first of two but all of three.",
            section: "TW §20.2.3, §20.5.1",
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
        SwitchRow {
            name: "pass_over",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A seat that passes a legal win may not win on a discard or rob a kong until the flag clears (the deal's half, issue 38).",
            section: "TW §20.2.4, §20.5.2",
            depends: &[],
        },
        SwitchRow {
            name: "pass_over_self_draw",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "While flagged the seat may not declare a self-drawn win either.",
            section: "TW §20.2.4, §20.5.2",
            depends: NEEDS_PASS_OVER,
        },
        SwitchRow {
            name: "pass_over_kong_releases",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "A concealed or added kong clears the pass-over flag (false: only a discard does).",
            section: "TW §20.2.4, §20.5.2",
            depends: NEEDS_PASS_OVER,
        },
        SwitchRow {
            name: "pass_over_blocks_melds",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "While flagged, and while earning the flag, the seat may not claim a chow, pung or exposed kong.",
            section: "TW §20.2.4, §20.5.2",
            depends: NEEDS_PASS_OVER,
        },
        SwitchRow {
            name: "chow_discard_restriction",
            allowed: Allowed::Choice(&["none", "same_kind", "strict"]),
            default: SwitchLit::Str("none"),
            doc: "After a chow the claimer may not discard the claimed kind (same_kind), nor the kind at the run's other end (strict).",
            section: "TW §20.2.5, §20.5.3",
            depends: &[],
        },
        SwitchRow {
            name: "pung_discard_restriction",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "After a pung the claimer may not discard a tile of the pung's kind.",
            section: "TW §20.2.5, §20.5.3",
            depends: &[],
        },
        SwitchRow {
            name: "claim_back_restriction",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A seat may not pung the kind of its own most recent discard, nor chow when strict would forbid that discard.",
            section: "TW §20.2.5, §20.5.3",
            depends: &[],
        },
        SwitchRow {
            name: "claim_wall_reserve",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A chow or pung needs at least 4 live tiles; a kong at least 4 after its replacement draw.",
            section: "TW §20.2.5, §20.5.4",
            depends: &[],
        },
        SwitchRow {
            name: "kong_from_upper_discard",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "The next player after the discarder may claim an exposed kong of that discard (false: pung and chow only).",
            section: "TW §20.2.6, §20.5.5",
            depends: &[],
        },
        SwitchRow {
            name: "exposed_kong_replacement_win",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "A self-drawn win on an exposed kong's replacement chain is allowed.",
            section: "TW §20.2.6, §20.5.5",
            depends: &[],
        },
        SwitchRow {
            name: "rob_added_kong",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "An added kong can be robbed (false: it is completed at once).",
            section: "TW §20.2.6, §20.5.5",
            depends: &[],
        },
        SwitchRow {
            name: "last_tile_kong",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A seat that drew the last live tile may still declare a kong; no replacement, the deal ends in a draw.",
            section: "TW §20.2.6, §20.5.5",
            depends: &[],
        },
        SwitchRow {
            name: "four_winds_abort",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "Abortive draw when the four first discards are the same wind.",
            section: "TW §20.2.6, §20.5.6",
            depends: &[],
        },
        SwitchRow {
            name: "four_kongs_abort",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "Abortive draw when the fourth kong of the deal is completed.",
            section: "TW §20.2.6, §20.5.6",
            depends: &[],
        },
        SwitchRow {
            name: "dead_wall_mode",
            allowed: Allowed::Choice(&["replenished_16", "kong_adds_one", "replacement_wall_16"]),
            default: SwitchLit::Str("replenished_16"),
            doc: "How the reserve of undrawable tail tiles behaves: fixed 16; 16 plus one per kong; a 16-tile replacement wall topped up.",
            section: "TW §20.2.6, §20.5.7",
            depends: &[],
        },
        SwitchRow {
            name: "initial_bonus_order",
            allowed: Allowed::Choice(&["player_complete", "round_robin"]),
            default: SwitchLit::Str("player_complete"),
            doc: "Order of the initial bonus replacement: each seat completes its own, or in rounds.",
            section: "TW §20.2.7, §20.5.8",
            depends: &[],
        },
        SwitchRow {
            name: "eight_bonus_mode",
            allowed: Allowed::Choice(&["forced_standalone", "optional_standalone", "additive", "compound"]),
            default: SwitchLit::Str("forced_standalone"),
            doc: "What holding all eight bonus tiles does: an automatic win alone; an optional one; an element of an ordinary win; an automatic win scored with the hand.",
            section: "TW §20.2.7, §20.5.8",
            depends: &[],
        },
        SwitchRow {
            name: "seven_bonus_rob",
            allowed: Allowed::Choice(&["automatic", "optional", "off"]),
            default: SwitchLit::Str("automatic"),
            doc: "Seven bonus tiles rob the eighth: automatic, optional (with the hand scored too), or no such win.",
            section: "TW §20.2.7, §20.5.8",
            depends: &[],
        },
        SwitchRow {
            name: "initial_bonus_win_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "A bonus-tile win at starting timing also scores C27.",
            section: "TW §20.2.7, §20.4.1",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "ready_declaration",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "The DECLARE_READY action exists; with a common table it scores C15 and qualifications need it.",
            section: "TW §20.2.8, §20.6.1",
            depends: &[],
        },
        SwitchRow {
            name: "declared_ready_win",
            allowed: Allowed::Choice(&["allow_pass", "force_win"]),
            default: SwitchLit::Str("allow_pass"),
            doc: "A declared seat offered a legal win must take it (force_win).",
            section: "TW §20.2.8, §20.6.1",
            depends: NEEDS_READY,
        },
        SwitchRow {
            name: "declared_ready_auto_added_kong",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "The engine declares the added kong of a declared seat that draws the fourth tile of its pung.",
            section: "TW §20.2.8, §20.6.3",
            depends: NEEDS_READY,
        },
        SwitchRow {
            name: "ready_qualification",
            allowed: Allowed::Choice(&["off", "standard", "standard_no_dealer", "first_eight_discards", "each_first_discard"]),
            default: SwitchLit::Str("off"),
            doc: "Which seats earn a heavenly or earthly ready qualification (C37, C29) and when.",
            section: "TW §20.2.8, §20.6.2",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "qualified_ready_win",
            allowed: Allowed::Choice(&["follow_declared", "lose_earthly_on_pass", "force_win"]),
            default: SwitchLit::Str("follow_declared"),
            doc: "What passing a legal win does to a qualification, or whether a qualified seat must win.",
            section: "TW §20.2.8, §20.6.2",
            depends: QUALIFIED_READY_WIN,
        },
        SwitchRow {
            name: "all_chows_wait",
            allowed: Allowed::Choice(&["any_two_sided", "only_two_sided", "unrestricted"]),
            default: SwitchLit::Str("any_two_sided"),
            doc: "Which readings may score C19: two-sided ones; only if every all-chows reading is two-sided; any.",
            section: "TW §20.2.10, §20.4.2",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "all_chows_concealed",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C19 also for a concealed hand.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "all_chows_self_draw",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C19 also for a self-drawn win.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "all_chows_honors_bonus",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "C19 allows honor and bonus tiles (false: it needs none).",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "small_four_winds_keeps_wind_pungs",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C04/C05 still score beside C32.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "all_honors_with_all_pungs",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(true),
            doc: "C24 scores beside C40 (false: not).",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "earthly_ready_replaces_concealed",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "When C29 scores, C01 does not.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "human_win",
            allowed: Allowed::Choice(&["before_first_draw", "discarder_first_discard", "off"]),
            default: SwitchLit::Str("before_first_draw"),
            doc: "Definition of C39 human win: before the winner's first draw, on the discarder's first discard, or none.",
            section: "TW §20.2.10, §20.4.3",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "earthly_win_allows_melds",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C38 survives claims and exposed or added kongs, not a concealed kong.",
            section: "TW §20.2.10, §20.4.3",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "eight_half_pairs",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "The eight-and-a-half-pairs shape (C36) exists; four of a kind count as two pairs.",
            section: "TW §20.2.10, §20.4.2",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "four_kongs_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C43 four kongs exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "five_kongs_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C44 five kongs exists (it replaces C43).",
            section: "TW §20.2.10",
            depends: FIVE_KONGS,
        },
        SwitchRow {
            name: "half_begging_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C16 half begging exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "last_discard_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C17 last discard exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "any_wind_pung",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C06 for every wind pung replaces C04 and C05.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "any_bonus_tile",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C07 for every bonus tile held, and no C13.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "bouquet_replaces_own_bonus",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "An own bonus tile in a complete group (C13) does not also score C07.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "no_bonus_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C14 no bonus tiles exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "no_honors_no_bonus_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C22 no honors, no bonus exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "exposed_kong_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C18 exposed kong exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "concealed_kong_element",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "C23 concealed kong exists.",
            section: "TW §20.2.10",
            depends: C_ONLY,
        },
        SwitchRow {
            name: "liability",
            allowed: Allowed::List(LIABILITY_PATTERNS),
            default: SwitchLit::List(&[]),
            doc: "Patterns whose exposure threshold, reached on a seat's discard, makes that seat liable for a win scoring them.",
            section: "TW §20.2.11, §20.7.2",
            depends: &[],
        },
        SwitchRow {
            name: "liability_discard_split",
            allowed: Allowed::Bool,
            default: SwitchLit::Bool(false),
            doc: "On a win on another seat's discard the liable seat and the discarder each pay half (rounded up).",
            section: "TW §20.2.11, §20.7.2",
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
        Forbidden {
            switch: "liability_discard_split",
            code: Some("CE-DEP"),
            doc: "liability_discard_split needs a non-empty liability",
            refuses: split_without_liability,
        },
        Forbidden {
            switch: "four_kongs_abort",
            code: Some("CE-4K"),
            doc: "not with four_kongs_element or five_kongs_element",
            refuses: abort_with_kong_element,
        },
        Forbidden {
            switch: "liability",
            code: Some("CE-LIAB"),
            doc: "each pattern once, and only patterns whose element exists (TW §20.7.2)",
            refuses: liability_refused,
        },
    ],
    unknown_code: Some("CE-UNKNOWN"),
    fault_order: &["CE-UNKNOWN", "CE-TABLE", "CE-DEP", "CE-CAP", "CE-OVR", "CE-4K", "CE-LIAB"],
    build: |s| Box::new(super::TaiwaneseRules::of(s)),
};

/// The presets of Taiwanese: TW §2's high and low tables with the other defaults, and the four
/// presets of TW §20.8, which follow open_mahjong_unity's definitions (§20.8.1).
pub static PRESETS: &[Preset] = &[
    Preset {
        name: "taiwanese-high",
        aliases: &["taiwanese"],
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
    Preset {
        name: "taiwanese-omu-standard",
        aliases: &[],
        id: Some("omu_standard"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("tai_table", SwitchLit::Str("sml")),
            ("min_tai", SwitchLit::Int(0)),
            ("base_points", SwitchLit::Int(5)),
            ("dealer_pays_streak", SwitchLit::Bool(true)),
            ("draw_increments_streak", SwitchLit::Bool(true)),
            ("pass_over", SwitchLit::Bool(true)),
            ("chow_discard_restriction", SwitchLit::Str("strict")),
            ("pung_discard_restriction", SwitchLit::Bool(true)),
            ("exposed_kong_replacement_win", SwitchLit::Bool(false)),
            ("last_tile_kong", SwitchLit::Bool(true)),
            ("several_winners", SwitchLit::Str("head_bump_two_all_three")),
            ("kong_from_upper_discard", SwitchLit::Bool(false)),
            ("eight_bonus_mode", SwitchLit::Str("optional_standalone")),
            ("seven_bonus_rob", SwitchLit::Str("optional")),
            ("ready_qualification", SwitchLit::Str("standard")),
        ],
        doc: "OMU's recommended standard (推荐标准): the common table's sml column with OMU's switch values (TW §20.8.1).",
    },
    Preset {
        name: "taiwanese-omu-cml",
        aliases: &[],
        id: Some("omu_cml"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("tai_table", SwitchLit::Str("sml")),
            ("min_tai", SwitchLit::Int(0)),
            ("base_points", SwitchLit::Int(5)),
            ("dealer_pays_streak", SwitchLit::Bool(true)),
            ("draw_increments_streak", SwitchLit::Bool(true)),
            ("pass_over", SwitchLit::Bool(true)),
            ("chow_discard_restriction", SwitchLit::Str("strict")),
            ("pung_discard_restriction", SwitchLit::Bool(true)),
            ("exposed_kong_replacement_win", SwitchLit::Bool(false)),
            ("last_tile_kong", SwitchLit::Bool(true)),
            ("several_winners", SwitchLit::Str("head_bump")),
            ("pass_over_blocks_melds", SwitchLit::Bool(false)),
            ("claim_back_restriction", SwitchLit::Bool(true)),
            ("claim_wall_reserve", SwitchLit::Bool(true)),
            ("initial_bonus_order", SwitchLit::Str("round_robin")),
            ("eight_bonus_mode", SwitchLit::Str("additive")),
            ("seven_bonus_rob", SwitchLit::Str("off")),
            ("ready_qualification", SwitchLit::Str("standard_no_dealer")),
            ("all_chows_honors_bonus", SwitchLit::Bool(false)),
            ("small_four_winds_keeps_wind_pungs", SwitchLit::Bool(true)),
            ("bouquet_replaces_own_bonus", SwitchLit::Bool(true)),
        ],
        doc: "OMU's CML competition table (CML 競技): the sml column with OMU's switch values (TW §20.8.1).",
    },
    Preset {
        name: "taiwanese-omu-star31",
        aliases: &[],
        id: Some("omu_star31"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("tai_table", SwitchLit::Str("star31")),
            ("min_tai", SwitchLit::Int(0)),
            ("base_points", SwitchLit::Int(5)),
            ("dealer_pays_streak", SwitchLit::Bool(true)),
            ("draw_increments_streak", SwitchLit::Bool(true)),
            ("pass_over", SwitchLit::Bool(true)),
            ("chow_discard_restriction", SwitchLit::Str("strict")),
            ("pung_discard_restriction", SwitchLit::Bool(true)),
            ("exposed_kong_replacement_win", SwitchLit::Bool(false)),
            ("last_tile_kong", SwitchLit::Bool(true)),
            ("dealer_streak_limit", SwitchLit::Int(10)),
            ("several_winners", SwitchLit::Str("head_bump_two_all_three")),
            ("prefer_pung_reading", SwitchLit::Bool(true)),
            ("pass_over_kong_releases", SwitchLit::Bool(false)),
            ("pass_over_blocks_melds", SwitchLit::Bool(false)),
            ("kong_from_upper_discard", SwitchLit::Bool(false)),
            ("dead_wall_mode", SwitchLit::Str("kong_adds_one")),
            ("eight_bonus_mode", SwitchLit::Str("optional_standalone")),
            ("seven_bonus_rob", SwitchLit::Str("off")),
            ("ready_declaration", SwitchLit::Bool(true)),
            ("ready_qualification", SwitchLit::Str("first_eight_discards")),
            ("qualified_ready_win", SwitchLit::Str("force_win")),
            ("all_chows_honors_bonus", SwitchLit::Bool(false)),
            ("human_win", SwitchLit::Str("off")),
            ("any_wind_pung", SwitchLit::Bool(true)),
            ("any_bonus_tile", SwitchLit::Bool(true)),
            ("bouquet_replaces_own_bonus", SwitchLit::Bool(true)),
            ("no_honors_no_bonus_element", SwitchLit::Bool(true)),
            ("exposed_kong_element", SwitchLit::Bool(true)),
            ("concealed_kong_element", SwitchLit::Bool(true)),
        ],
        doc: "OMU's 明星三缺一 preset: the star31 column with OMU's switch values (TW §20.8.1); it follows OMU, not the Gametower app (§20.8.2).",
    },
    Preset {
        name: "taiwanese-omu-shenlaiye",
        aliases: &[],
        id: Some("omu_shenlaiye"),
        table: &SWITCH_TABLE,
        ruleset: false,
        values: &[
            ("tai_table", SwitchLit::Str("shenlaiye")),
            ("min_tai", SwitchLit::Int(0)),
            ("base_points", SwitchLit::Int(5)),
            ("dealer_pays_streak", SwitchLit::Bool(true)),
            ("draw_increments_streak", SwitchLit::Bool(true)),
            ("pass_over", SwitchLit::Bool(true)),
            ("chow_discard_restriction", SwitchLit::Str("strict")),
            ("pung_discard_restriction", SwitchLit::Bool(true)),
            ("exposed_kong_replacement_win", SwitchLit::Bool(false)),
            ("last_tile_kong", SwitchLit::Bool(true)),
            ("dealer_streak_limit", SwitchLit::Int(9)),
            ("several_winners", SwitchLit::Str("head_bump")),
            ("pass_over_kong_releases", SwitchLit::Bool(false)),
            ("pass_over_blocks_melds", SwitchLit::Bool(false)),
            ("kong_from_upper_discard", SwitchLit::Bool(false)),
            ("dead_wall_mode", SwitchLit::Str("kong_adds_one")),
            ("eight_bonus_mode", SwitchLit::Str("compound")),
            ("seven_bonus_rob", SwitchLit::Str("optional")),
            ("initial_bonus_win_element", SwitchLit::Bool(true)),
            ("ready_declaration", SwitchLit::Bool(true)),
            ("declared_ready_auto_added_kong", SwitchLit::Bool(true)),
            ("ready_qualification", SwitchLit::Str("each_first_discard")),
            ("qualified_ready_win", SwitchLit::Str("lose_earthly_on_pass")),
            ("all_chows_wait", SwitchLit::Str("only_two_sided")),
            ("all_chows_concealed", SwitchLit::Bool(true)),
            ("all_chows_honors_bonus", SwitchLit::Bool(false)),
            ("small_four_winds_keeps_wind_pungs", SwitchLit::Bool(true)),
            ("all_honors_with_all_pungs", SwitchLit::Bool(false)),
            ("earthly_ready_replaces_concealed", SwitchLit::Bool(true)),
            ("human_win", SwitchLit::Str("discarder_first_discard")),
            ("earthly_win_allows_melds", SwitchLit::Bool(true)),
            ("half_begging_element", SwitchLit::Bool(true)),
            ("bouquet_replaces_own_bonus", SwitchLit::Bool(true)),
        ],
        doc: "OMU's 神來也 preset: the shenlaiye column with OMU's switch values (TW §20.8.1); it follows OMU, not the Gamesofa app (§20.8.2).",
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
    /// The common table C01–C44 with its `sml` column (TW §20.4; OMU's SML and CML).
    Sml,
    /// The common table with its `star31` column (明星三缺一, TW §20.4).
    Star31,
    /// The common table with its `shenlaiye` column (神來也, TW §20.4).
    Shenlaiye,
}

impl TaiTable {
    /// The switch value as written in the rules (`"high"`, `"low"`).
    pub const fn name(self) -> &'static str {
        match self {
            TaiTable::High => "high",
            TaiTable::Low => "low",
            TaiTable::Sml => "sml",
            TaiTable::Star31 => "star31",
            TaiTable::Shenlaiye => "shenlaiye",
        }
    }
    /// Whether this is a column of the common table (TW §20.1 "C tables").
    pub const fn is_common(self) -> bool {
        matches!(self, TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye)
    }
    /// Parse a `tai_table` value; anything else is a `RuleConfig` error naming `tai_table`.
    pub fn from_name(s: &str) -> Result<TaiTable> {
        match <TaiTable as ChoiceField>::NAMES.iter().find(|(n, _)| *n == s) {
            Some((_, t)) => Ok(*t),
            None => Err(MahjongError::switch(
                "tai_table",
                Some("CE-UNKNOWN"),
                format!("tai_table = {s:?} (use \"high\", \"low\", \"sml\", \"star31\" or \"shenlaiye\")"),
            )),
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
    /// `several_winners` (TW §20.2.3, §20.5.1).
    pub several_winners: SeveralWinners,
    /// `eight_bonus_mode` (TW §20.2.7, §20.5.8).
    pub eight_bonus_mode: EightBonusMode,
    /// `seven_bonus_rob` (TW §20.2.7, §20.5.8).
    pub seven_bonus_rob: SevenBonusRob,
    /// `initial_bonus_win_element` (C only): C27 for a bonus-tile win at starting timing.
    pub initial_bonus_win_element: bool,
    /// `ready_declaration` (TW §20.2.8): with a common table a declared seat scores C15.
    pub ready_declaration: bool,
    /// `ready_qualification` (C only, TW §20.6.2): which qualifications the scorer accepts.
    pub ready_qualification: ReadyQualification,
    /// The common-table options of TW §20.2.10.
    pub common: CommonOptions,
    /// The switches of the deal's flow (TW §20.2.4–§20.2.8), read by the deal (issue 38).
    pub flow: FlowOptions,
    /// `liability` (TW §20.2.11): the listed patterns.
    pub liability: Liability,
    /// `liability_discard_split` (TW §20.2.11).
    pub liability_discard_split: bool,
}

/// The common-table options (TW §20.2.10), each with its switch's name; read only by the
/// common table (`super::common`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CommonOptions {
    pub all_chows_wait: AllChowsWait,
    pub all_chows_concealed: bool,
    pub all_chows_self_draw: bool,
    pub all_chows_honors_bonus: bool,
    pub small_four_winds_keeps_wind_pungs: bool,
    pub all_honors_with_all_pungs: bool,
    pub earthly_ready_replaces_concealed: bool,
    pub human_win: HumanWin,
    pub earthly_win_allows_melds: bool,
    pub eight_half_pairs: bool,
    pub four_kongs_element: bool,
    pub five_kongs_element: bool,
    pub half_begging_element: bool,
    pub last_discard_element: bool,
    pub any_wind_pung: bool,
    pub any_bonus_tile: bool,
    pub bouquet_replaces_own_bonus: bool,
    pub no_bonus_element: bool,
    pub no_honors_no_bonus_element: bool,
    pub exposed_kong_element: bool,
    pub concealed_kong_element: bool,
}

switch_fields!(
    CommonOptions,
    SWITCH_TABLE,
    [
        all_chows_wait,
        all_chows_concealed,
        all_chows_self_draw,
        all_chows_honors_bonus,
        small_four_winds_keeps_wind_pungs,
        all_honors_with_all_pungs,
        earthly_ready_replaces_concealed,
        human_win,
        earthly_win_allows_melds,
        eight_half_pairs,
        four_kongs_element,
        five_kongs_element,
        half_begging_element,
        last_discard_element,
        any_wind_pung,
        any_bonus_tile,
        bouquet_replaces_own_bonus,
        no_bonus_element,
        no_honors_no_bonus_element,
        exposed_kong_element,
        concealed_kong_element
    ]
);

impl Default for CommonOptions {
    /// The defaults of the table's rows (OMU's, TW §20.2.10).
    fn default() -> Self {
        CommonOptions::from_set(&SWITCH_TABLE.defaults())
    }
}

/// The options as one field of [`TwSwitches`]: read from and written to their own switches.
impl crate::rules::switch_table::SwitchField for CommonOptions {
    fn from_set(set: &crate::rules::switch_table::SwitchSet, _key: &str) -> Self {
        CommonOptions::from_set(set)
    }
    fn to_value(&self) -> crate::rules::SwitchValue {
        crate::rules::SwitchValue::Null
    }
}

/// Declares a string switch's values as an enum (its first value the default).
macro_rules! choice {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            #[default]
            $($(#[$vm])* $var),+
        }
        impl ChoiceField for $name {
            const NAMES: &'static [(&'static str, Self)] = &[$(($s, $name::$var)),+];
        }
        impl $name {
            /// The switch value as written in the rules.
            pub fn name(self) -> &'static str {
                Self::NAMES.iter().find(|(_, v)| *v == self).map_or("", |(n, _)| n)
            }
        }
    };
}

choice!(
    /// `several_winners` (TW §20.5.1).
    SeveralWinners { AllWin = "all_win", HeadBump = "head_bump", HeadBumpTwoAllThree = "head_bump_two_all_three" }
);
choice!(
    /// `eight_bonus_mode` (TW §20.5.8 rule 2).
    EightBonusMode {
        ForcedStandalone = "forced_standalone",
        OptionalStandalone = "optional_standalone",
        Additive = "additive",
        Compound = "compound",
    }
);
choice!(
    /// `seven_bonus_rob` (TW §20.5.8 rule 3).
    SevenBonusRob { Automatic = "automatic", Optional = "optional", Off = "off" }
);
choice!(
    /// `ready_qualification` (TW §20.6.2).
    ReadyQualification {
        Off = "off",
        Standard = "standard",
        StandardNoDealer = "standard_no_dealer",
        FirstEightDiscards = "first_eight_discards",
        EachFirstDiscard = "each_first_discard",
    }
);
choice!(
    /// `all_chows_wait` (TW §20.4.2 rule 3).
    AllChowsWait { AnyTwoSided = "any_two_sided", OnlyTwoSided = "only_two_sided", Unrestricted = "unrestricted" }
);
choice!(
    /// `human_win` (TW §20.4.3).
    HumanWin { BeforeFirstDraw = "before_first_draw", DiscarderFirstDiscard = "discarder_first_discard", Off = "off" }
);

/// The switches of the deal's flow (TW §20.2.4–§20.2.8): pass-over, discard restrictions,
/// claim reserve, kongs, abortive draws, dead-wall modes, the initial bonus order and the
/// ready declaration. Accepted, checked and recorded; the deal plays their defaults until it
/// reads them (issue 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlowOptions {
    pub pass_over: bool,
    pub pass_over_self_draw: bool,
    pub pass_over_kong_releases: bool,
    pub pass_over_blocks_melds: bool,
    pub chow_discard_restriction: ChowDiscardRestriction,
    pub pung_discard_restriction: bool,
    pub claim_back_restriction: bool,
    pub claim_wall_reserve: bool,
    pub kong_from_upper_discard: bool,
    pub exposed_kong_replacement_win: bool,
    pub rob_added_kong: bool,
    pub last_tile_kong: bool,
    pub four_winds_abort: bool,
    pub four_kongs_abort: bool,
    pub dead_wall_mode: DeadWallMode,
    pub initial_bonus_order: InitialBonusOrder,
    pub declared_ready_win: DeclaredReadyWin,
    pub declared_ready_auto_added_kong: bool,
    pub qualified_ready_win: QualifiedReadyWin,
}

switch_fields!(
    FlowOptions,
    SWITCH_TABLE,
    [
        pass_over,
        pass_over_self_draw,
        pass_over_kong_releases,
        pass_over_blocks_melds,
        chow_discard_restriction,
        pung_discard_restriction,
        claim_back_restriction,
        claim_wall_reserve,
        kong_from_upper_discard,
        exposed_kong_replacement_win,
        rob_added_kong,
        last_tile_kong,
        four_winds_abort,
        four_kongs_abort,
        dead_wall_mode,
        initial_bonus_order,
        declared_ready_win,
        declared_ready_auto_added_kong,
        qualified_ready_win
    ]
);

impl Default for FlowOptions {
    /// The defaults of the table's rows (today's rules, TW §20.0 rule 1).
    fn default() -> Self {
        FlowOptions::from_set(&SWITCH_TABLE.defaults())
    }
}

impl crate::rules::switch_table::SwitchField for FlowOptions {
    fn from_set(set: &crate::rules::switch_table::SwitchSet, _key: &str) -> Self {
        FlowOptions::from_set(set)
    }
    fn to_value(&self) -> crate::rules::SwitchValue {
        crate::rules::SwitchValue::Null
    }
}

choice!(
    /// `chow_discard_restriction` (TW §20.5.3).
    ChowDiscardRestriction { None = "none", SameKind = "same_kind", Strict = "strict" }
);
choice!(
    /// `dead_wall_mode` (TW §20.5.7).
    DeadWallMode { Replenished16 = "replenished_16", KongAddsOne = "kong_adds_one", ReplacementWall16 = "replacement_wall_16" }
);
choice!(
    /// `initial_bonus_order` (TW §20.5.8 rule 1).
    InitialBonusOrder { PlayerComplete = "player_complete", RoundRobin = "round_robin" }
);
choice!(
    /// `declared_ready_win` (TW §20.6.1).
    DeclaredReadyWin { AllowPass = "allow_pass", ForceWin = "force_win" }
);
choice!(
    /// `qualified_ready_win` (TW §20.6.2 R6).
    QualifiedReadyWin { FollowDeclared = "follow_declared", LoseEarthlyOnPass = "lose_earthly_on_pass", ForceWin = "force_win" }
);

/// `liability` (TW §20.2.11) as a set: bit i is [`LIABILITY_PATTERNS`]`[i]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Liability(pub u16);

impl Liability {
    /// Whether `pattern` (a name of [`LIABILITY_PATTERNS`]) is listed.
    pub fn has(self, pattern: &str) -> bool {
        LIABILITY_PATTERNS.iter().position(|p| *p == pattern).is_some_and(|i| self.0 >> i & 1 != 0)
    }
    /// The listed patterns in priority order (TW §20.7.2).
    pub fn patterns(self) -> impl Iterator<Item = &'static str> {
        LIABILITY_PATTERNS.iter().enumerate().filter(move |(i, _)| self.0 >> i & 1 != 0).map(|(_, p)| *p)
    }
}

impl crate::rules::switch_table::SwitchField for Liability {
    fn from_set(set: &crate::rules::switch_table::SwitchSet, key: &str) -> Self {
        let mut bits = 0u16;
        if let crate::rules::SwitchValue::List(items) = set.get(key) {
            for item in items {
                if let crate::rules::SwitchValue::Str(p) = item {
                    if let Some(i) = LIABILITY_PATTERNS.iter().position(|x| x == p) {
                        bits |= 1 << i;
                    }
                }
            }
        }
        Liability(bits)
    }
    fn to_value(&self) -> crate::rules::SwitchValue {
        crate::rules::SwitchValue::List(self.patterns().map(|p| crate::rules::SwitchValue::Str(p.to_string())).collect())
    }
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
        tai_overrides,
        several_winners,
        eight_bonus_mode,
        seven_bonus_rob,
        initial_bonus_win_element,
        ready_declaration,
        ready_qualification,
        liability,
        liability_discard_split
    ],
    nested[common, flow]
);

impl ChoiceField for TaiTable {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("high", TaiTable::High),
        ("low", TaiTable::Low),
        ("sml", TaiTable::Sml),
        ("star31", TaiTable::Star31),
        ("shenlaiye", TaiTable::Shenlaiye),
    ];
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
            // TW §20.11 C: a common table is `taiwanese` with `tai_table` set
            TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => "taiwanese",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TW §20.11 A: of several faults the first code of §20.3's order is named, then the
    /// switch first in the table.
    #[test]
    fn several_faults_name_the_first_code() {
        use crate::rules::SwitchValue::{Bool, Int, List, Str};
        let mut set = SWITCH_TABLE.defaults();
        for (k, v) in [
            ("liability", List(vec![Str("all_honors".into())])),
            ("four_kongs_abort", Bool(true)),
            ("tai_cap", Int(1)),
            ("pass_over_blocks_melds", Bool(false)),
            ("all_chows_concealed", Bool(true)),
        ] {
            set.set(k, &v).unwrap();
        }
        let code = |s: &crate::rules::switch_table::SwitchSet| {
            let e = s.validate().unwrap_err();
            (e.switch_name().unwrap().to_string(), e.switch_code())
        };
        assert_eq!(code(&set), ("all_chows_concealed".into(), Some("CE-TABLE")));
        set.set("all_chows_concealed", &Bool(false)).unwrap();
        assert_eq!(code(&set), ("pass_over_blocks_melds".into(), Some("CE-DEP")));
        set.set("pass_over_blocks_melds", &Bool(true)).unwrap();
        assert_eq!(code(&set), ("tai_cap".into(), Some("CE-CAP")));
        set.set("tai_cap", &crate::rules::SwitchValue::Null).unwrap();
        // four_kongs_abort alone is no fault; the liability pattern is
        assert_eq!(code(&set), ("liability".into(), Some("CE-LIAB")));
        set.set("liability", &List(vec![Str("full_flush".into()), Str("full_flush".into())])).unwrap();
        assert_eq!(code(&set), ("liability".into(), Some("CE-LIAB")));
        set.set("liability", &List(vec![Str("full_flush".into())])).unwrap();
        set.validate().unwrap();
    }

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
