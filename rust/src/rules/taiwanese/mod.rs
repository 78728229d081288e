//! The Taiwanese 16-tile rulesets (rules `taiwanese.md`): 16 tiles, five sets and a pair or
//! eight and a half pairs (TW §9), a 16-tile dead wall (§4.2), every claimant of a winning tile
//! wins (§5.2), the bonus-tile wins of §7, the high (§12) and low (§13) Tai tables with the
//! minimum of §14, settlement with the dealer's streak (§15) and the match of §16. The
//! switches are those of TW §2; `tai_table` decides the name (`taiwanese-high` /
//! `taiwanese-low`).

pub(crate) mod estimate;
pub mod high;
pub mod low;
#[cfg(test)]
mod reference;
pub mod scoring;
pub mod settle;
mod situation;
pub mod switches;

use crate::analysis::decompose::{ShapeRules, TW_SHAPES};
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{win_values_of, DealProgress, ScoreOutcome, WinContext};
use crate::rules::{
    wrong_switch, BonusWin, MatchOptions, MatchPosition, Rules, Ruleset, Settlement, SwitchKind, SwitchValue, WinPayment,
};
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Bonus, Tile, N_KINDS};
use switches::{MatchLength, TaiTable, TwSwitches, DEAD_WALL, MAX_TAI_VALUE};

/// The largest `min_tai` the product accepts (TW §2 allows any integer ≥ 0; a hand's Tai fits
/// in a `u8`, so a minimum above 255 could never be reached and is refused as a typo).
pub const MAX_MIN_TAI: u32 = 255;

/// The switch names of TW §2 in the order of its table (there is no `rotate_dealer`: the
/// Taiwanese dealer keeps the seat on a win or a draw, TW §16).
const SWITCHES: [&str; 8] = [
    "tai_table",
    "min_tai",
    "tai_value",
    "high_seat_bonus_extra",
    "high_wind_pung_extra",
    "match_length",
    "max_deals",
    "starting_score",
];

/// A Taiwanese ruleset with its switches (TW §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TaiwaneseRules {
    pub switches: TwSwitches,
}

/// The registry's constructor of `taiwanese-high` (TW §2 defaults).
pub(crate) fn preset_high() -> Box<dyn Rules> {
    Box::new(TaiwaneseRules { switches: TwSwitches::with_table(TaiTable::High) })
}

/// The registry's constructor of `taiwanese-low` (TW §2 defaults, the low table).
pub(crate) fn preset_low() -> Box<dyn Rules> {
    Box::new(TaiwaneseRules { switches: TwSwitches::with_table(TaiTable::Low) })
}

/// A Taiwanese ruleset with these switches, checked (TW §2).
pub fn ruleset(switches: TwSwitches) -> Result<Ruleset> {
    switches.validate()?;
    Ok(Ruleset::of(Box::new(TaiwaneseRules { switches })))
}

/// The TW §2 switches of a Taiwanese ruleset, read back from its switch values (for tests that
/// check amounts against the switches).
#[cfg(test)]
pub(crate) fn switches_of(r: &Ruleset) -> TwSwitches {
    let mut t = TaiwaneseRules::default();
    for (k, v) in r.switch_values() {
        t.set_switch(k, &v).expect("a Taiwanese ruleset");
    }
    t.switches
}

impl Rules for TaiwaneseRules {
    fn name(&self) -> &'static str {
        self.switches.name()
    }
    fn unit(&self) -> &'static str {
        "tai"
    }
    /// The same for both tables: the ruleset's name says which.
    fn title(&self) -> &'static str {
        "Taiwanese 16-tile mahjong"
    }
    fn switch_names(&self) -> &'static [&'static str] {
        &SWITCHES
    }
    fn switch_kind(&self, key: &str) -> Option<SwitchKind> {
        match key {
            "min_tai" | "tai_value" | "max_deals" | "starting_score" => Some(SwitchKind::Int),
            "tai_table" | "match_length" => Some(SwitchKind::Str),
            "high_seat_bonus_extra" | "high_wind_pung_extra" => Some(SwitchKind::Bool),
            _ => None,
        }
    }
    fn switch_values(&self) -> Vec<(&'static str, SwitchValue)> {
        let s = &self.switches;
        vec![
            ("tai_table", SwitchValue::Str(s.tai_table.name().into())),
            ("min_tai", SwitchValue::Int(s.min_tai.into())),
            ("tai_value", SwitchValue::Int(s.tai_value.into())),
            ("high_seat_bonus_extra", SwitchValue::Bool(s.high_seat_bonus_extra)),
            ("high_wind_pung_extra", SwitchValue::Bool(s.high_wind_pung_extra)),
            ("match_length", SwitchValue::Str(s.match_length.name().into())),
            ("max_deals", SwitchValue::Int(s.max_deals.into())),
            ("starting_score", SwitchValue::Int(s.starting_score)),
        ]
    }
    /// Set one switch of TW §2, checking its type and range.
    fn set_switch(&mut self, key: &str, value: &SwitchValue) -> Result<()> {
        let t = &mut self.switches;
        let wrong = |what: &str| wrong_switch(key, value, what);
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
            "tai_value" => t.tai_value = int(1, i64::from(MAX_TAI_VALUE))? as u32,
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
            _ => return Err(MahjongError::RuleConfig(format!("unknown switch {key:?} for ruleset {}", self.name()))),
        }
        Ok(())
    }
    fn validate(&self) -> Result<()> {
        self.switches.validate()
    }
    fn boxed(&self) -> Box<dyn Rules> {
        Box::new(*self)
    }

    /// TW §9: five sets and a pair, eight and a half pairs.
    fn shapes(&self) -> &'static ShapeRules {
        &TW_SHAPES
    }
    /// TW §4.2: the last 16 tiles are never drawn.
    fn dead_wall(&self) -> usize {
        DEAD_WALL
    }
    /// TW §5.2: every player claiming a win on the tile wins, each paid by the discarder.
    fn several_winners(&self) -> bool {
        true
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
        scoring::score_tw(hand, win_tile, ctx, &ctx.progress, &self.switches)
    }
    /// TW §11 for both situations of each wait from one decomposition, and the hand's wait set
    /// `W` found once ([`scoring::wait_set`]): the numbers of `score` (tested).
    fn wait_values_into(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        let ok = self.switches.validate().is_ok();
        let w_set = scoring::wait_set(hand);
        let mut m = waits;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let tile = Tile(w as u8);
            let v = if !ok {
                [None, None]
            } else {
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
                }
            };
            values[0][w] = v[0].map_or(-1, i16::from);
            values[1][w] = v[1].map_or(-1, i16::from);
        }
    }
    /// TW §10a: the one consistency rule of a win's situation (`scoring::check_tw_situation`),
    /// with the discarder when known.
    fn check_history(&self, hand: &Hand, ctx: &WinContext, discarder: Option<u8>) -> Result<()> {
        scoring::check_tw_situation(ctx, hand, &ctx.progress, discarder)
    }
    /// The expert seat's estimates under the table (`estimate.rs`).
    fn estimate_hand(&self, f: &crate::rules::estimate::HandFeatures<'_>) -> crate::rules::estimate::Outlook {
        estimate::hand(f, &self.switches)
    }
    fn estimate_opponent(&self, f: &crate::rules::estimate::OpponentFeatures<'_>) -> crate::rules::estimate::OpponentOutlook {
        estimate::opponent(f, &self.switches)
    }
    fn expert_style(&self) -> crate::rules::estimate::ExpertStyle {
        estimate::style(&self.switches)
    }
    /// TW §7: all eight bonus tiles, or seven robbing the eighth, after each exposure.
    fn bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
        settle::check_bonus_win(self.switches.tai_table, exposed, exposer, tile)
    }

    /// TW §15 before the dealer's extra Tai: `value` × `tai_value`.
    fn base(&self, value: u8) -> i64 {
        i64::from(value) * i64::from(self.switches.tai_value)
    }
    /// TW §15: each payer pays (T + the dealer's adjustment) × `tai_value`.
    fn win_payments(&self, win: &WinPayment, dealer: usize, streak: u32) -> Result<[i64; 4]> {
        let win = WinPayment { discarder: if win.self_drawn { None } else { win.discarder }, ..*win };
        settle::win_payments(&win, dealer, streak, self.switches.tai_value)
    }
    /// TW §15, §16: every winner settled separately; the dealer keeps the seat on a draw or a
    /// win of the dealer's (streak + 1 on a win), else the dealership passes.
    fn settle(&self, wins: &[WinPayment], dealer: usize, streak: u32) -> Result<Settlement> {
        settle::settle_deal(wins, dealer, streak, self.switches.tai_value)
    }

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
        Ok(MatchPosition { dealer, streak: 0, passes: 0, deals: 0, scores: [self.switches.starting_score; 4] })
    }
    /// TW §16: over after one deal (`one_deal`), at 4 passes (`east_round`), at 16
    /// (`full_game`), or after `max_deals` deals.
    fn match_is_over(&self, _opts: &MatchOptions, pos: &MatchPosition) -> bool {
        if pos.deals >= self.switches.max_deals {
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
