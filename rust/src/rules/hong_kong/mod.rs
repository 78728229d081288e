//! The Hong Kong ruleset (rules `hong-kong.md`): 13 tiles, four sets and a pair, seven pairs and
//! thirteen orphans (HK §9), no dead wall (§4.2), the faan table (§10) with its minimum and cap,
//! the payments of §11 with the switches of §18, head bump (§11.3), dealer rotation (§12).

mod hooks;
pub mod names;
pub mod scoring;
pub mod settlement;
pub mod switches;
#[cfg(test)]
mod tests;

use crate::analysis::decompose::{ShapeRules, HK_SHAPES};
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{DealProgress, RejectReason, ScoreOutcome, WinContext};
use crate::rules::switch_table::SwitchSet;
use crate::rules::{Identity, MatchFlow, MatchOptions, MatchPosition, Payments, Ruleset, Settlement, Table, WinPayment, Wording};

/// How the Hong Kong rules word themselves (HK §9, §10.4, §10.5, §11, §12, §18).
static HK_WORDING: Wording = Wording {
    family: "Hong Kong",
    unit: "faan",
    unit_name: "faan",
    shapes: "four sets and a pair, seven pairs, or the thirteen orphans",
    cap_switch: Some("max_faan"),
    sections: ["HK §9", "HK §10.5", "HK §10.4, §18", "HK §11", "HK §12"],
    locale: crate::rules::names::Locale::ZhHk,
};
use crate::rules::switch_table::ChoiceField;
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Tile, N_KINDS};
use switches::{DealerRepeat, MatchLength, MultipleWinners, SevenPairs};
pub use switches::{HongKongSwitches, Responsibility, Spiciness, MAX_UNIT, SWITCH_TABLE};

/// The Hong Kong ruleset with its switches (HK §18): the values as recorded and their typed
/// form the rules read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HongKongRules {
    pub switches: HongKongSwitches,
    set: SwitchSet,
    /// Whether a scoring switch of HK §19.5 is off its default (the house table scores).
    house_scoring: bool,
}

impl HongKongRules {
    /// The ruleset of a checked set of values of [`SWITCH_TABLE`].
    fn of(set: &SwitchSet) -> HongKongRules {
        let switches = HongKongSwitches::from_set(set);
        HongKongRules { switches, set: set.clone(), house_scoring: switches.house_scoring() }
    }

    /// HK §19.5.6: legality under the house table reads the qualifying faan when
    /// `bonus_faan_in_minimum` is false (the bonus tiles' faan do not count toward the minimum).
    fn house_verdict(&self, mut o: ScoreOutcome) -> ScoreOutcome {
        if o.interpretation.is_some() {
            let counted = if self.switches.bonus_faan_in_minimum { o.value } else { scoring::qualifying(&o) };
            o.is_win = counted >= self.switches.min_faan;
            o.reason = if o.is_win { None } else { Some(RejectReason::BelowMinimum) };
        }
        o
    }

    /// The faan [`HongKongRules::house_verdict`] compares with the minimum, of a reading's
    /// totals: its value, or under `bonus_faan_in_minimum = false` the value without the
    /// bonus tiles' faan ([`scoring::qualifying`]).
    fn house_counted(&self, t: scoring::house::Totals) -> u8 {
        if self.switches.bonus_faan_in_minimum || t.limit {
            t.total
        } else {
            t.raw.saturating_sub(t.bonus).min(t.total)
        }
    }

    /// [`Table::wait_values_into`] under the house table: what [`Table::score`] gives each
    /// situation, with one decomposition per wait for both situations (they differ in how the
    /// tile comes, never in the tiles) and one table for the hand, so the waits of the 13 tiles
    /// (X10-X12) are found once for all the waits.
    fn house_wait_values(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        use crate::rules::scoring::{win_facts, ScoringTable};
        let table = scoring::house::HouseTable::new(&self.switches);
        let mut m = waits;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let facts = [win_facts(&table, hand, Some(Tile(w as u8)), ts), win_facts(&table, hand, Some(Tile(w as u8)), ron)];
            let Some(concealed) = facts.iter().find_map(|f| f.as_ref().ok().map(|f| f.concealed)) else {
                values[0][w] = -1;
                values[1][w] = -1;
                continue;
            };
            let interps = crate::analysis::decompose::decompose(&concealed, hand.melds.len(), table.shapes());
            for (out, f) in values.iter_mut().zip(&facts) {
                // the best reading's totals (a tie on them ties the value and the qualifying
                // faan too, so the element numbers that would break it are not needed)
                let best = f.as_ref().ok().and_then(|f| {
                    interps.iter().map(|i| table.best_totals(f, i)).reduce(|b, t| {
                        if (t.total, t.limit, t.raw) > (b.total, b.limit, b.raw) {
                            t
                        } else {
                            b
                        }
                    })
                });
                out[w] = match best {
                    Some(b) if self.house_counted(b) >= self.switches.min_faan => i16::from(b.total),
                    _ => -1,
                };
            }
        }
    }
}

/// A Hong Kong ruleset with these switches, checked (HK §18).
pub fn ruleset(switches: HongKongSwitches) -> Result<Ruleset> {
    Ruleset::from_set(&switches.to_set()?)
}

fn bad(msg: impl Into<String>) -> MahjongError {
    MahjongError::hand(msg)
}

impl Identity for HongKongRules {
    fn name(&self) -> &'static str {
        "hong-kong"
    }
    fn title(&self) -> &'static str {
        "Hong Kong mahjong"
    }
    /// HK §9 shapes, §10.5 minimum, §10.4 / §18 cap, §11 payments, §12 match.
    fn wording(&self) -> &'static Wording {
        &HK_WORDING
    }
    fn element_names(&self) -> &'static [crate::rules::names::NamedElement] {
        names::ELEMENT_NAMES
    }
    fn switches(&self) -> &SwitchSet {
        &self.set
    }
}

impl Table for HongKongRules {
    /// HK §10.2, §10.4, §19.5: the faan of `code` under `element_values` (a limit hand:
    /// `max_faan`; an element switched off: `None`), capped at `max_faan`.
    fn element_value(&self, code: &str) -> Option<u8> {
        match self.switches.element_values.get(code) {
            switches::ElementValue::Faan(v) => Some(v.min(self.switches.max_faan)),
            switches::ElementValue::Limit => Some(self.switches.max_faan),
            switches::ElementValue::Off => None,
        }
    }
    /// HK §9: four sets and a pair, seven pairs (unless `seven_pairs = off`, §19.5.4),
    /// thirteen orphans.
    fn shapes(&self) -> &'static ShapeRules {
        if self.switches.seven_pairs == SevenPairs::Off {
            &scoring::house::HK_SHAPES_NO_SEVEN_PAIRS
        } else {
            &HK_SHAPES
        }
    }
    /// HK §4.2: every tile of the wall can be drawn.
    fn dead_wall(&self) -> usize {
        0
    }
    /// HK §10.2 F12: only a kong's replacement chain is a win on a replacement.
    fn bonus_replacement_scores(&self) -> bool {
        false
    }
    /// Hong Kong scores no timing and keeps no streak (HK §10, §11).
    fn reads_progress(&self) -> bool {
        false
    }
    /// Every progress scores alike (HK §10 has no timing element).
    fn value_progress_class(&self, _p: &DealProgress) -> DealProgress {
        DealProgress::START_OF_PLAY
    }
    /// HK §10.5 / §18 `min_faan`.
    fn min_value(&self) -> u8 {
        self.switches.min_faan
    }
    /// HK §10.4 / §18 `max_faan`.
    fn max_value(&self) -> u8 {
        self.switches.max_faan
    }
    /// HK §10, §14a with the minimum and cap of §18: totals above `max_faan` are reduced to it,
    /// a limit hand is worth exactly `max_faan` (its one element carries that value) and a total
    /// below `min_faan` is not a legal win (`BelowMinimum`). The deal's progress is not read.
    /// With a scoring switch of §19 off its default, or a house situation (§19.13), the house
    /// table of §19.5 scores it ([`scoring::house::HouseTable`]) and legality reads the
    /// qualifying faan under `bonus_faan_in_minimum = false` (§19.5.6).
    fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        if self.house_scoring || !ctx.house.is_none() {
            let table = scoring::house::HouseTable::new(&self.switches);
            return Ok(self.house_verdict(crate::rules::scoring::score(&table, hand, win_tile, ctx)?));
        }
        let table = scoring::HongKong { min_faan: self.switches.min_faan, max_faan: self.switches.max_faan };
        crate::rules::scoring::score(&table, hand, win_tile, ctx)
    }
    /// Each wait scored once, on a discard, when the two situations differ only in how the tile
    /// comes (no kong replacement, robbing, last tile or dealer's start in either): self-drawn,
    /// every interpretation gains F11 alone (HK §10.2: the winning tile may come from a discard
    /// in a concealed hand, F10, so nothing else reads it), except that four concealed pungs
    /// are then the limit L8 (§10.4). Any other pair of situations scores both.
    fn wait_values_into(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        let quiet =
            |c: &WinContext| !(c.robbing_kong || c.kong_replacement || c.last_wall_tile || c.last_discard || c.dealer_start);
        let paired = !self.house_scoring
            && ts.self_drawn
            && !ron.self_drawn
            && quiet(ts)
            && quiet(ron)
            && (ts.seat_wind, ts.prevailing_wind) == (ron.seat_wind, ron.prevailing_wind);
        if self.house_scoring {
            self.house_wait_values(hand, waits, ts, ron, values);
            return;
        }
        if !paired {
            crate::rules::score_each_wait(self, hand, waits, ts, ron, values);
            return;
        }
        let (min, max) = (self.switches.min_faan, self.switches.max_faan);
        let mut m = waits;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let (self_drawn, on_discard) = match self.score(hand, Some(Tile(w as u8)), ron) {
                Ok(o) if o.interpretation.is_some() => {
                    let ts_value = if o.limit.is_some() || four_concealed_pungs(hand, w) {
                        max
                    } else {
                        o.raw_value.saturating_add(1).min(max)
                    };
                    (ts_value, o.is_win.then_some(o.value))
                }
                _ => (0, None),
            };
            values[0][w] = if self_drawn >= min && self_drawn > 0 { i16::from(self_drawn) } else { -1 };
            values[1][w] = on_discard.map_or(-1, i16::from);
        }
    }
}

impl Payments for HongKongRules {
    /// HK §18, §19.9 the amount of one M(F) in points: M(`value`) × `unit` (what each opponent
    /// pays on a self-drawn win under the default split). `value` above the cap is read as the
    /// cap.
    fn base(&self, value: u8) -> i64 {
        settlement::unit_amount(&self.switches, u32::from(value))
    }
    /// HK §11, §18, §19.9 ([`settlement::pay_win`], no liability, no co-winner): self-drawn,
    /// each other player pays c·U; on a discard (robbing a kong included, the kong declarer
    /// paying) the discarder a·U and each other player b·U, (a, b, c) by `responsibility`
    /// (seed 3/0/1, full 2/0/1, half 1/½/1) or `payment_split`; with `dealer_double` every
    /// payment from or to `dealer` doubled. The streak does not change Hong Kong payments.
    /// Errors (`InvalidHand`): positions out of range, a missing discarder on a discard, a
    /// discarder equal to the winner, or a payment the switches make fractional (half of an
    /// odd base, only M(0) with an odd unit, which no valid configuration lets win).
    fn win_payments(&self, win: &WinPayment, dealer: usize, _streak: u32) -> Result<[i64; 4]> {
        settlement::pay_win(&self.switches, &settlement::HouseWin { win: *win, liable: None }, 0, dealer)
    }
    /// HK §11 for the one winner (§11.3 head bump: a deal has at most one), or §19.7 every
    /// winner on one discard under `multiple_winners = all` ([`settlement::settle_wins`]); the
    /// next dealer by [`next_dealer`] (§12, §19.10).
    fn settle(&self, wins: &[WinPayment], dealer: usize, streak: u32) -> Result<Settlement> {
        let house: Vec<settlement::HouseWin> = wins.iter().map(|w| settlement::HouseWin { win: *w, liable: None }).collect();
        settle_deal(&self.switches, &house, None, dealer, streak)
    }
}

/// HK §11, §19.7–§19.11 one deal settled from explicit inputs: its winners (each with the
/// liable player whose liability applies to it, §19.8), or a false win by `false_win` (its
/// offender, §19.11, with no winner), the dealer and the streak; the next dealer by
/// [`next_dealer`]. Errors (`InvalidHand`): a dealer or offender out of range, several winners
/// under `head_bump` (§11.3), a false win with winners or under `false_win = reject`, and
/// those of [`settlement::settle_wins`].
pub fn settle_deal(
    sw: &HongKongSwitches,
    wins: &[settlement::HouseWin],
    false_win: Option<usize>,
    dealer: usize,
    streak: u32,
) -> Result<Settlement> {
    if dealer > 3 {
        return Err(bad(format!("dealer {dealer} is not a player 0..3")));
    }
    if let Some(offender) = false_win {
        if !wins.is_empty() {
            return Err(bad("a false win ends the deal with no winner (HK §19.11)"));
        }
        let payments = settlement::false_win_payments(sw, offender)?;
        return Ok(next_dealer(sw, dealer, streak, payments, None));
    }
    if wins.len() > 1 && sw.multiple_winners == MultipleWinners::HeadBump {
        return Err(bad("a Hong Kong deal has one winner (HK §11.3: the first claimant in turn order wins)"));
    }
    let payments = settlement::settle_wins(sw, wins, dealer)?;
    let dealer_won = wins.iter().any(|w| w.win.winner == dealer);
    Ok(next_dealer(sw, dealer, streak, payments, if wins.is_empty() { None } else { Some(dealer_won) }))
}

/// HK §12, §19.10 who deals next: without `rotate_dealer` P0 keeps the deal (streak 0); with
/// it the dealer keeps the deal (streak + 1) after a win the dealer is among the winners of
/// (`dealer_repeat` `on_win` or `on_win_or_draw`) or after a draw or false win
/// (`on_win_or_draw`), and otherwise passes it to the next player (streak 0). `dealer_won` is
/// `None` for a deal without a winner (a draw, or a false win, §19.11 step 5).
pub fn next_dealer(
    sw: &HongKongSwitches,
    dealer: usize,
    streak: u32,
    payments: [i64; 4],
    dealer_won: Option<bool>,
) -> Settlement {
    if !sw.rotate_dealer {
        return Settlement { payments, dealer_after: dealer, streak_after: 0, passed: false };
    }
    let keeps = match (sw.dealer_repeat, dealer_won) {
        (DealerRepeat::Never, _) => false,
        (_, Some(won)) => won,
        (DealerRepeat::OnWin, None) => false,
        (DealerRepeat::OnWinOrDraw, None) => true,
    };
    if keeps {
        Settlement { payments, dealer_after: dealer, streak_after: streak.saturating_add(1), passed: false }
    } else {
        Settlement { payments, dealer_after: (dealer + 1) % 4, streak_after: 0, passed: true }
    }
}

impl MatchFlow for HongKongRules {
    /// HK §12: the deals of a match are independent, nothing carries over but the scores;
    /// HK §19.10: not when the dealer may keep the deal (`dealer_repeat` ≠ `never`) or the
    /// match is a round (`match_length` ≠ `independent`): the next dealer, the streak and the
    /// passes follow from the deals before.
    fn independent_deals(&self) -> bool {
        self.switches.dealer_repeat == DealerRepeat::Never && self.switches.match_length == MatchLength::Independent
    }
    /// HK §19.10 the switch that makes a deal depend on the one before.
    fn deal_dependency(&self) -> Option<String> {
        let sw = &self.switches;
        if sw.match_length != MatchLength::Independent {
            let v = MatchLength::NAMES.iter().find(|(_, m)| *m == sw.match_length).map_or("", |(n, _)| n);
            return Some(format!("match_length = {v}, HK §19.10"));
        }
        if sw.dealer_repeat != DealerRepeat::Never {
            let v = DealerRepeat::NAMES.iter().find(|(_, m)| *m == sw.dealer_repeat).map_or("", |(n, _)| n);
            return Some(format!("dealer_repeat = {v}, HK §19.10"));
        }
        None
    }
    /// HK §12: a match is the N ≥ 1 deals asked for (one by default), from deal index
    /// `start_deal`, dealt by P0 or, with `rotate_dealer`, by P(d mod 4) for deal d; the scores
    /// start from `scores` (zeros by default). The first dealer follows from the deal index, so
    /// `first_dealer` is refused.
    fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition> {
        if opts.start_streak.is_some() {
            return Err(MahjongError::RuleConfig(
                "start_streak: a Hong Kong dealer keeps no streak (HK §12: nothing carries over but the scores)".into(),
            ));
        }
        if opts.first_dealer.is_some() {
            return Err(MahjongError::RuleConfig(
                "first_dealer: the Hong Kong dealer follows from the deal index (HK §12: P0, or P(d mod 4) with rotate_dealer)"
                    .into(),
            ));
        }
        if self.switches.match_length != MatchLength::Independent {
            if opts.deals.is_some() {
                return Err(MahjongError::switch(
                    "deals",
                    None,
                    "deals: with match_length east_round or full_game the number of deals follows from the results \
                     (HK §19.3 #14, §19.10); give max_deals for a safety stop"
                        .to_string(),
                ));
            }
            return Ok(MatchPosition { dealer: 0, streak: 0, passes: 0, deals: 0, scores: opts.scores.unwrap_or([0; 4]) });
        }
        let deals = opts.deals.unwrap_or(1);
        if deals == 0 || opts.start_deal.checked_add(deals - 1).is_none() {
            return Err(MahjongError::RuleConfig(format!(
                "deals: a Hong Kong match is N >= 1 deals whose indices start_deal.. fit 0..2**32-1 (got deals={deals}, start_deal={})",
                opts.start_deal
            )));
        }
        let dealer = if self.switches.rotate_dealer { (opts.start_deal % 4) as u8 } else { 0 };
        Ok(MatchPosition { dealer, streak: 0, passes: 0, deals: 0, scores: opts.scores.unwrap_or([0; 4]) })
    }
    /// HK §12 the deals asked for; HK §19.10 an East round ends when the dealership has passed
    /// 4 times, a full game 16 times, either after `max_deals` deals at the latest.
    fn match_is_over(&self, opts: &MatchOptions, pos: &MatchPosition) -> bool {
        let max = self.switches.max_deals;
        match self.switches.match_length {
            MatchLength::Independent => pos.deals >= opts.deals.unwrap_or(1),
            MatchLength::EastRound => pos.passes >= 4 || pos.deals >= max,
            MatchLength::FullGame => pos.passes >= 16 || pos.deals >= max,
        }
    }
    /// HK §1.2: the prevailing wind is East; in a full game (HK §19.10) East while r = 0..3,
    /// South 4..7, West 8..11, North 12..15.
    fn round_wind(&self, pos: &MatchPosition) -> u8 {
        match self.switches.match_length {
            MatchLength::FullGame => (pos.passes / 4).min(3) as u8,
            _ => 0,
        }
    }
    fn describe_match(&self, opts: &MatchOptions) -> String {
        let max = self.switches.max_deals;
        match self.switches.match_length {
            MatchLength::EastRound => format!("an East round (the deal passes four times), at most {max} deals"),
            MatchLength::FullGame => format!("a full game (the deal passes sixteen times), at most {max} deals"),
            MatchLength::Independent => match opts.deals.unwrap_or(1) {
                1 => "one deal".into(),
                n => match (self.switches.rotate_dealer, self.switches.dealer_repeat) {
                    (false, _) => format!("a match of {n} deals"),
                    (true, DealerRepeat::Never) => format!("a match of {n} deals, the deal passing after every deal"),
                    (true, DealerRepeat::OnWin) => format!("a match of {n} deals, the dealer keeping the deal after a win"),
                    (true, DealerRepeat::OnWinOrDraw) => {
                        format!("a match of {n} deals, the dealer keeping the deal after a win or a draw")
                    }
                },
            },
        }
    }
}

/// Whether `hand` won with kind `w` is four pungs (concealed kongs among them) and a pair, with
/// no claimed set: self-drawn, HK §10.4 L8.
fn four_concealed_pungs(hand: &Hand, w: usize) -> bool {
    use crate::tiles::hand::MeldKind;
    if hand.melds.iter().any(|m| m.kind != MeldKind::ConcealedKong) {
        return false;
    }
    let mut c = hand.concealed;
    c[w] += 1;
    let (mut pairs, mut pungs) = (0, 0);
    for &n in &c {
        match n {
            0 => {}
            2 => pairs += 1,
            3 => pungs += 1,
            _ => return false,
        }
    }
    pairs == 1 && pungs + hand.melds.len() == 4
}

/// The Hong Kong switches of `rules`, or `None` for another ruleset.
pub fn house_rules_of(rules: &Ruleset) -> Option<HongKongSwitches> {
    std::ptr::eq(rules.switch_table(), &SWITCH_TABLE).then(|| HongKongSwitches::from_set(rules.switch_set()))
}

/// HK §19.8 the triggers a liability is recorded with.
pub const LIABLE_TRIGGERS: [&str; 3] = ["fourth_meld", "three_dragons", "four_winds"];

/// HK §19.8 whether the `trigger` is enabled by the switches: `fourth_meld` by `liability`
/// `fourth_meld` or `all`; `three_dragons` (`four_winds`) by `big_hands` or `all` with L4 (L5)
/// not `"off"`.
pub fn trigger_enabled(sw: &HongKongSwitches, trigger: &str) -> bool {
    use switches::{ElementValue, Liability};
    let big = matches!(sw.liability, Liability::BigHands | Liability::All);
    match trigger {
        "fourth_meld" => matches!(sw.liability, Liability::FourthMeld | Liability::All),
        "three_dragons" => big && sw.element_values.get("L4") != ElementValue::Off,
        "four_winds" => big && sw.element_values.get("L5") != ElementValue::Off,
        _ => false,
    }
}

/// HK §19.8 "Scope": whether a liability recorded with `trigger` applies to a win. A
/// `fourth_meld` liability applies to every win; a big-hand one only when its big hand is
/// scored: the win has a scored hand (`scored_hand`; a bonus-tile win has none) and L4 (L5) is
/// not `"off"`; the protected sets are declared, so every scored reading satisfies L4 (L5).
pub fn liability_applies(sw: &HongKongSwitches, trigger: &str, scored_hand: bool) -> bool {
    use switches::ElementValue;
    match trigger {
        "fourth_meld" => true,
        "three_dragons" => scored_hand && sw.element_values.get("L4") != ElementValue::Off,
        "four_winds" => scored_hand && sw.element_values.get("L5") != ElementValue::Off,
        _ => false,
    }
}

/// HK §19.13 the payment inputs refused as impossible: a liable player who is the winner, a
/// trigger the switches do not enable, `fourth_meld` without exactly four exposed sets,
/// `three_dragons` (`four_winds`) without declared pungs/kongs of all three dragons (four
/// winds); co-winners on a self-drawn win, or among them the winner or the discarder.
pub fn check_pay_inputs(
    sw: &HongKongSwitches,
    hand: &Hand,
    ctx: &WinContext,
    discarder: Option<u8>,
    pay: &crate::rules::checked::PayInputs,
) -> Result<()> {
    if let Some((l, trigger)) = pay.liable {
        if l > 3 || l == ctx.seat_wind {
            return Err(bad(format!("liable: seat {l} must be another seat 0..3 than the winner's")));
        }
        if !trigger_enabled(sw, trigger) {
            return Err(bad(format!(
                "liable_trigger {trigger:?} is not enabled by these switches (liability = {:?}, HK §19.8)",
                switches::Liability::NAMES.iter().find(|(_, v)| *v == sw.liability).map_or("", |(n, _)| n)
            )));
        }
        let declared_pung = |k: u8| hand.melds.iter().any(|m| m.kind.is_pung_like() && m.tile == Tile(k));
        let ok = match trigger {
            "fourth_meld" => hand.melds.iter().filter(|m| m.kind.is_claimed()).count() == 4,
            "three_dragons" => (31..=33).all(declared_pung),
            _ => (27..=30).all(declared_pung),
        };
        if !ok {
            return Err(bad(format!(
                "liable_trigger {trigger:?}: the winner's declared sets cannot have triggered it (HK §19.8)"
            )));
        }
    }
    if pay.co_winners != 0 {
        if ctx.self_drawn || ctx.dealer_start {
            return Err(bad("co_winners: a self-drawn win has no co-winners (HK §19.7)"));
        }
        let d = discarder.map_or(0, |d| 1u8 << d);
        if pay.co_winners >= 16 || pay.co_winners & (1 << ctx.seat_wind) != 0 || pay.co_winners & d != 0 {
            return Err(bad("co_winners: other seats than the winner and the discarder"));
        }
    }
    Ok(())
}
