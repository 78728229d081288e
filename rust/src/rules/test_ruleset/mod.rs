//! A third ruleset, for the crate's own tests: it proves that a ruleset is a folder plus one
//! line in the registry. Nothing outside this folder and `registry.rs` knows it exists, yet
//! whole deals and matches play under it through the same deal engine, agents and simulation.
//!
//! "Hong Kong, one faan": the Hong Kong shapes and faan table with an extra element T1 (1 faan
//! for any win), a minimum of 1 faan by default (switch `min_faan`), no cap; a 14-tile dead
//! wall; every claimant of a winning tile wins; each payer pays 10 points a faan (the
//! discarder twice that); the dealer keeps the seat on a win of the dealer's and on a draw,
//! else the dealership passes; a match is four deals unless `deals` asks otherwise.

use crate::analysis::decompose::{Interpretation, ShapeRules, HK_SHAPES};
use crate::error::{MahjongError, Result};
use crate::rules::hong_kong::scoring::HongKong;
use crate::rules::registry::Preset;
use crate::rules::scoring::{score, Element, Evaluation, ScoreOutcome, ScoringTable, WinContext, WinFacts};
use crate::rules::switch_table::{Allowed, SwitchLit, SwitchRow, SwitchSet, SwitchTable};
use crate::rules::{
    BonusTileWins, DealSetup, Identity, LiabilityRules, MatchFlow, MatchOptions, MatchPosition, Payments, PlayHooks, Settlement,
    Table, WinPayment, Wording,
};

/// The Hong Kong shapes and sections, without a cap.
static WORDING: Wording = Wording {
    family: "Hong Kong (test)",
    unit: "faan",
    unit_name: "faan",
    shapes: "four sets and a pair, seven pairs, or the thirteen orphans",
    cap_switch: None,
    sections: ["HK §9", "HK §10.5", "", "HK §11", "HK §12"],
    locale: crate::rules::names::Locale::ZhHk,
};
use crate::tiles::hand::Hand;
use crate::tiles::tile::Tile;

#[cfg(test)]
mod tests;

/// T1: every win is worth one faan more.
const T1: Element = Element { code: "T1", name: "Any win", value: 1 };

#[derive(Debug, Clone, PartialEq, Eq)]
struct OneFaan {
    min_faan: u8,
    set: SwitchSet,
}

/// Its one switch.
static SWITCH_TABLE: SwitchTable = SwitchTable {
    ruleset: "test-hong-kong-one-faan",
    rows: &[SwitchRow {
        name: "min_faan",
        allowed: Allowed::Int { lo: 0, hi: 13 },
        default: SwitchLit::Int(1),
        doc: "The smallest total that is a legal win.",
        section: "tests",
        depends: &[],
    }],
    forbidden: &[],
    unknown_code: None,
    fault_order: &[],
    build: |s| Box::new(OneFaan { min_faan: s.int("min_faan") as u8, set: s.clone() }),
};

/// Its preset, registered in test builds only.
pub(crate) static PRESETS: &[Preset] = &[Preset {
    name: "test-hong-kong-one-faan",
    aliases: &[],
    id: None,
    table: &SWITCH_TABLE,
    ruleset: true,
    values: &[],
    doc: "A third ruleset for the crate's tests.",
}];

/// The Hong Kong table with T1 added and its own minimum, without a cap.
struct OneFaanTable {
    min: u8,
}

impl ScoringTable for OneFaanTable {
    fn shapes(&self) -> &ShapeRules {
        &HK_SHAPES
    }
    fn min_total(&self) -> u8 {
        self.min
    }
    fn cap(&self) -> Option<u8> {
        None
    }
    fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
        match HongKong::DEFAULT.evaluate(facts, interp) {
            Evaluation::Limit(e) => Evaluation::Limit(e),
            Evaluation::Elements(mut els) => {
                els.push(T1);
                Evaluation::Elements(els)
            }
        }
    }
}

/// Every claimant of a winning tile wins; no other house rule, no bonus-tile win, no liability.
impl DealSetup for OneFaan {
    fn several_winners(&self) -> bool {
        true
    }
}

impl PlayHooks for OneFaan {}

impl BonusTileWins for OneFaan {}

impl LiabilityRules for OneFaan {}

impl Identity for OneFaan {
    fn name(&self) -> &'static str {
        "test-hong-kong-one-faan"
    }
    fn title(&self) -> &'static str {
        "Hong Kong mahjong, one faan (a test ruleset)"
    }
    fn wording(&self) -> &'static Wording {
        &WORDING
    }
    fn switches(&self) -> &SwitchSet {
        &self.set
    }
}

impl Table for OneFaan {
    fn shapes(&self) -> &'static ShapeRules {
        &HK_SHAPES
    }
    fn dead_wall(&self) -> usize {
        14
    }
    fn bonus_replacement_scores(&self) -> bool {
        false
    }
    fn reads_progress(&self) -> bool {
        false
    }
    fn min_value(&self) -> u8 {
        self.min_faan
    }
    fn max_value(&self) -> u8 {
        u8::MAX
    }
    fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        score(&OneFaanTable { min: self.min_faan }, hand, win_tile, ctx)
    }
}

impl Payments for OneFaan {
    fn base(&self, value: u8) -> i64 {
        10 * i64::from(value)
    }
    fn win_payments(&self, win: &WinPayment, _dealer: usize, _streak: u32) -> Result<[i64; 4]> {
        crate::rules::test_house_hooks::ten_a_faan(win)
    }
    fn settle(&self, wins: &[WinPayment], dealer: usize, _streak: u32) -> Result<Settlement> {
        crate::rules::test_house_hooks::settle_ten_a_faan(wins, dealer)
    }
}

impl MatchFlow for OneFaan {
    fn independent_deals(&self) -> bool {
        false
    }
    fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition> {
        if opts.deals == Some(0) {
            return Err(MahjongError::RuleConfig("deals: at least one".into()));
        }
        let dealer = opts.first_dealer.unwrap_or(0);
        Ok(MatchPosition { dealer, streak: 0, passes: 0, deals: 0, scores: opts.scores.unwrap_or([0; 4]) })
    }
    fn match_is_over(&self, opts: &MatchOptions, pos: &MatchPosition) -> bool {
        pos.deals >= opts.deals.unwrap_or(4)
    }
    fn round_wind(&self, _pos: &MatchPosition) -> u8 {
        0
    }
    fn describe_match(&self, opts: &MatchOptions) -> String {
        format!("{} deals", opts.deals.unwrap_or(4))
    }
}
