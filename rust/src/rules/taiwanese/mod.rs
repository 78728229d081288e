//! The Taiwanese 16-tile rulesets (rules `taiwanese.md`), played on the Hong Kong deal engine
//! with what TW §1 lists as different: 16 tiles, five sets and a pair or
//! eight and a half pairs (TW §9), a 16-tile dead wall (§4.2), every claimant of a winning tile
//! wins (§5.2), the bonus-tile wins of §7, the high (§12) and low (§13) Tai tables with the
//! minimum of §14, settlement with the dealer's streak (§15) and the match of §16. The
//! switches are those of TW §2; `tai_table` decides the name (`taiwanese-high` /
//! `taiwanese-low`). The seats and winds are those of TW §3: the dealer is East, and the round
//! wind moves as §16 says.

pub mod bonus_flow;
pub mod common;
mod flow;
pub mod high;
mod hooks;
mod liability;
pub mod low;
pub mod names;
pub mod scoring;
pub mod settle;
mod situation;
pub mod switches;
pub mod wall;

use crate::analysis::decompose::ShapeRules;
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{win_values_of, DealProgress, ScoreOutcome, WinContext};
use crate::rules::switch_table::SwitchSet;
use crate::rules::{Identity, MatchFlow, MatchOptions, MatchPosition, Payments, Ruleset, Settlement, Table, WinPayment, Wording};

/// How the Taiwanese rules word themselves (TW §9, §11: no cap, §14, §15, §16).
static TW_WORDING: Wording = Wording {
    family: "Taiwanese",
    unit: "tai",
    unit_name: "Tai",
    shapes: "five sets and a pair, or eight and a half pairs",
    cap_switch: None,
    sections: ["TW §9", "TW §14", "", "TW §15", "TW §16"],
    locale: crate::rules::names::Locale::ZhTw,
};
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Tile, N_KINDS};
use switches::{MatchLength, TaiTable, TwSwitches, DEAD_WALL};
pub use switches::{MAX_MIN_TAI, SWITCH_TABLE};

/// A Taiwanese ruleset with its switches (TW §2; there is no `rotate_dealer`: the Taiwanese
/// dealer keeps the seat on a win or a draw, TW §16): the values as recorded and their typed
/// form the rules read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TaiwaneseRules {
    pub switches: TwSwitches,
    set: SwitchSet,
}

impl TaiwaneseRules {
    /// The ruleset of a checked set of values of [`SWITCH_TABLE`].
    fn of(set: &SwitchSet) -> TaiwaneseRules {
        TaiwaneseRules { switches: TwSwitches::from_set(set), set: set.clone() }
    }
}

/// The typed switches of a Taiwanese ruleset (`None` for another ruleset).
pub fn switches_of(rules: &Ruleset) -> Option<TwSwitches> {
    std::ptr::eq(rules.switch_table(), &SWITCH_TABLE).then(|| TwSwitches::from_set(rules.switch_set()))
}

/// A Taiwanese ruleset with these switches, checked (TW §2).
pub fn ruleset(switches: TwSwitches) -> Result<Ruleset> {
    Ruleset::from_set(&switches.to_set()?)
}

impl Identity for TaiwaneseRules {
    fn name(&self) -> &'static str {
        self.switches.name()
    }
    /// The same for both tables: the ruleset's name says which.
    fn title(&self) -> &'static str {
        "Taiwanese 16-tile mahjong"
    }
    /// TW §9 shapes, §14 minimum, no cap (§11), §15 payments, §16 match.
    fn wording(&self) -> &'static Wording {
        &TW_WORDING
    }
    fn element_names(&self) -> &'static [crate::rules::names::NamedElement] {
        match self.switches.tai_table {
            TaiTable::High => names::HIGH,
            TaiTable::Low => names::LOW,
            TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => names::COMMON,
        }
    }
    fn switches(&self) -> &SwitchSet {
        &self.set
    }
}

/// The Tai of element `code` as the switches score it: its row of the table `tai_table`
/// chooses (TW §12, §13, §20.4) with `tai_overrides` applied; `None` for a code that table
/// does not have.
pub(crate) fn element_tai(sw: &TwSwitches, code: &str) -> Option<u8> {
    let base = match sw.tai_table {
        TaiTable::High => high::ALL.iter().find(|e| e.code == code).map(|e| e.value),
        TaiTable::Low => low::ALL.iter().find(|e| e.code == code).map(|e| e.value),
        t => common::table_tai(t, code),
    }?;
    Some(sw.tai_overrides.get(code).unwrap_or(base))
}

impl Table for TaiwaneseRules {
    /// The Tai of `code` under the table and `tai_overrides` ([`element_tai`]).
    fn element_value(&self, code: &str) -> Option<u8> {
        element_tai(&self.switches, code)
    }
    /// TW §9: five sets and a pair, eight and a half pairs.
    fn shapes(&self) -> &'static ShapeRules {
        scoring::shapes_of(&self.switches)
    }
    /// TW §4.2: the last 16 tiles are never drawn.
    fn dead_wall(&self) -> usize {
        DEAD_WALL
    }
    /// TW §10: the loose tile replaces a kong or a bonus tile.
    fn bonus_replacement_scores(&self) -> bool {
        true
    }
    /// TW §10 timing elements (`D`, the winner's discards, an interruption) and TW §15 the
    /// dealer's streak.
    fn reads_progress(&self) -> bool {
        true
    }
    /// Hand Tai read the progress only through the timing elements (TW §10: the heavenly,
    /// earthly and ready-from-the-deal wins, `D` < 5, 5 ≤ `D` ≤ 10; the streak is settlement's,
    /// §15): past `D` = 10, once the winner has made two discards or the deal was
    /// interrupted, no timing element applies, so those progresses form one class for each
    /// value of the interruption. Every other progress is its own class.
    fn value_progress_class(&self, p: &DealProgress) -> DealProgress {
        if p.discards > 10 && (p.winner_discards >= 2 || p.interrupted) {
            DealProgress { dealer_streak: 0, discards: 11, winner_discards: 2, interrupted: p.interrupted }
        } else {
            DealProgress { dealer_streak: 0, ..*p }
        }
    }
    /// TW §14 `min_tai` (hand Tai never reaches 255, so a larger minimum means the same).
    fn min_value(&self) -> u8 {
        self.switches.min_tai.min(u32::from(u8::MAX)) as u8
    }
    /// The Tai tables have no cap (TW §11): the largest value a hand can carry.
    fn max_value(&self) -> u8 {
        u8::MAX
    }
    /// TW §10, §10a, §11 under the table of `tai_table`, with the deal's progress of `ctx`
    /// (`D`, the winner's discards, the interruption); `is_win` from `min_tai` (TW §14).
    fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        scoring::score_tw_checked(hand, win_tile, ctx, &ctx.progress, &self.switches)
    }
    /// TW §11 for both situations of each wait from one decomposition, and the hand's wait set
    /// `W` found once ([`scoring::wait_set`]): the numbers of `score` (tested).
    fn wait_values_into(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        let w_set = scoring::wait_set(hand, scoring::shapes_of(&self.switches));
        let mut m = waits;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let tile = Tile(w as u8);
            let v = {
                let sw = &self.switches;
                match sw.tai_table {
                    TaiTable::High => win_values_of(
                        &high::TwHigh::with_waits(sw, &ts.progress, w_set),
                        &high::TwHigh::with_waits(sw, &ron.progress, w_set),
                        hand,
                        tile,
                        ts,
                        ron,
                    ),
                    TaiTable::Low => win_values_of(
                        &low::TwLow::with_waits(sw, &ts.progress, w_set),
                        &low::TwLow::with_waits(sw, &ron.progress, w_set),
                        hand,
                        tile,
                        ts,
                        ron,
                    ),
                    TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => win_values_of(
                        &common::TwCommon::with_waits(sw, &ts.progress, w_set),
                        &common::TwCommon::with_waits(sw, &ron.progress, w_set),
                        hand,
                        tile,
                        ts,
                        ron,
                    ),
                }
            };
            values[0][w] = v[0].map_or(-1, i16::from);
            values[1][w] = v[1].map_or(-1, i16::from);
        }
    }
    /// TW §10a: the one consistency rule of a win's situation (`scoring::check_tw_situation`),
    /// with the discarder when known.
    fn check_history(&self, hand: &Hand, ctx: &WinContext, discarder: Option<u8>) -> Result<()> {
        situation::check_tw_situation_in(ctx, hand, &ctx.progress, discarder, wall::reserve_mode(&self.switches))
    }
}

impl Payments for TaiwaneseRules {
    /// TW §15, §20.7.1 before the dealer's extra Tai: `base_points` + `T'` × `tai_value`, `T'`
    /// the value capped at `tai_cap`.
    fn base(&self, value: u8) -> i64 {
        let tai = self.switches.tai_cap.map_or(u32::from(value), |cap| u32::from(value).min(cap));
        i64::from(self.switches.base_points) + i64::from(tai) * i64::from(self.switches.tai_value)
    }
    /// TW §20.2.1: the hand Tai capped at `tai_cap` (the score keeps the uncapped Tai).
    fn paid_value(&self, value: u8) -> u8 {
        self.switches.tai_cap.map_or(value, |cap| u32::from(value).min(cap) as u8)
    }
    /// TW §15: each payer pays (T + the dealer's adjustment) × `tai_value`.
    fn win_payments(&self, win: &WinPayment, dealer: usize, streak: u32) -> Result<[i64; 4]> {
        let win = WinPayment { discarder: if win.self_drawn { None } else { win.discarder }, ..*win };
        settle::win_payments(&win, dealer, streak, &settle::PayRules::of(&self.switches))
    }
    /// TW §15, §16: every winner settled separately; the dealer keeps the seat on a draw or a
    /// win of the dealer's (streak + 1 on a win), else the dealership passes.
    /// TW §15–§16; under `seven_bonus_rob = optional` the two parts of one seat's seven-rob
    /// win (§20.5.8 rule 3 (B)) are settled each on its own (§20.7.1), as the deal makes them.
    fn settle(&self, wins: &[WinPayment], dealer: usize, streak: u32) -> Result<Settlement> {
        let (pay, after) = (settle::PayRules::of(&self.switches), settle::DealerRules::of(&self.switches));
        if self.switches.seven_bonus_rob == switches::SevenBonusRob::Optional && settle::is_two_part_rob(wins) {
            return settle::settle_two_part_rob(wins, dealer, streak, &pay, &after);
        }
        settle::settle_deal(wins, dealer, streak, &pay, &after)
    }
}

impl MatchFlow for TaiwaneseRules {
    /// TW §15, §16: a deal depends on the one before (the dealer and the streak).
    fn independent_deals(&self) -> bool {
        false
    }
    /// TW §2, §16: P0 deals first (or `first_dealer`), streak 0, no passes, every score
    /// `starting_score`. A match is set by the switches `match_length`, `max_deals` and
    /// `starting_score`, so `deals`, `start_deal` and `scores` are refused.
    fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition> {
        let given: Vec<&str> =
            [("deals", opts.deals.is_some()), ("start_deal", opts.start_deal != 0), ("scores", opts.scores.is_some())]
                .iter()
                .filter(|(_, g)| *g)
                .map(|(n, _)| *n)
                .collect();
        if !given.is_empty() {
            return Err(MahjongError::RuleConfig(format!(
                "{}: a Taiwanese match is set by the ruleset's switches match_length, max_deals and starting_score (TW §2, §16)",
                given.join(", ")
            )));
        }
        let dealer = opts.first_dealer.unwrap_or(0);
        if dealer > 3 {
            return Err(MahjongError::hand(format!("first dealer {dealer} is not a player 0..=3")));
        }
        let streak = opts.start_streak.unwrap_or(0);
        Ok(MatchPosition { dealer, streak, passes: 0, deals: 0, scores: [self.switches.starting_score; 4] })
    }
    /// TW §16: over after one deal (`one_deal`), at 4 passes (`east_round`), at 16
    /// (`full_game`), or after `max_deals` deals.
    fn match_is_over(&self, _opts: &MatchOptions, pos: &MatchPosition) -> bool {
        if pos.deals >= self.switches.max_deals {
            return true;
        }
        // TW §20.7.4: after a deal that leaves a score below 0
        if self.switches.negative_score_ends_match && pos.deals > 0 && pos.scores.iter().any(|&s| s < 0) {
            return true;
        }
        match self.switches.match_length.passes() {
            None => pos.deals >= 1,
            Some(n) => pos.passes >= n,
        }
    }
    /// TW §16: East while r = 0…3, South 4…7, West 8…11, North 12…15 (and North beyond, which
    /// only `max_deals` could reach: a full game ends at 16).
    fn round_wind(&self, pos: &MatchPosition) -> u8 {
        (pos.passes / 4).min(3) as u8
    }
    /// TW §16 in words: the match length, and the `max_deals` stop where it can bite.
    fn describe_match(&self, _opts: &MatchOptions) -> String {
        let s = &self.switches;
        let length = match s.match_length {
            MatchLength::OneDeal => return "a match of one deal".into(),
            MatchLength::EastRound => "the East round (the deal passes four times)",
            MatchLength::FullGame => "a full game (four rounds)",
        };
        format!("a match of {length}, at most {} deals", s.max_deals)
    }
}
