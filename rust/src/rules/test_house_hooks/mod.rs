//! `test-house-hooks`: a ruleset for tests only that uses every deal hook
//! (the four capabilities of `rules/hooks.rs`), registered in every build (so the Python tests drive it
//! against the release wheel) but listed nowhere: `mf.presets()` and `RULESET_NAMES` leave
//! it out. Nothing outside this folder and `registry.rs` names it.
//!
//! The Hong Kong shapes and faan table (minimum 1 faan by default, switch `min_faan`; no cap);
//! each payer pays 10 points a faan, the discarder twice that; every claimant of a winning tile
//! wins; the dealer keeps the seat on a win of the dealer's and on a draw; a match is four deals
//! unless `deals` asks otherwise (a deal can also be played alone, its dealer by its index).
//! Its house rules, one per hook:
//!
//! - **H1 tile set**: 136 tiles, no bonus tiles (ids 136..=143 are not in the wall).
//! - **H2 declaration phase**: once the hands are dealt, before the dealer acts, a `DECLARE`
//!   window asks every seat once: `declare_ready` or `pass` (in any order).
//! - **H3 extra action** `declare_ready` (no tiles; legal only in that window): the seat's
//!   public flag `ready` is set for the deal.
//! - **H4 claim restriction (declared)**: a `ready` seat may not chow or pung (`READY_LOCKED`).
//! - **H5 claim restriction (pass-over)**: a seat that passes a window in which it could claim
//!   a win gets its private flag `pass_over` until its next draw; while set, it may not claim a
//!   win on a discard or rob a kong (`PASS_OVER`).
//! - **H6 discard restriction**: right after a chow or pung, a discard of the claimed tile's
//!   kind is refused (`FORBIDDEN_DISCARD`).
//! - **H7 abortive draw**: when all four seats declared ready, the deal ends once the window
//!   closes, no winner, reason `four_ready`.
//! - **H8 liability**: a discard claimed for a seat's fourth claimed set makes its discarder
//!   liable (`fourth_set`); if that seat then wins self-drawn, the liable seat pays the whole
//!   win (what the three others would have paid).

use crate::analysis::decompose::{Interpretation, ShapeRules, HK_SHAPES};
use crate::error::{IllegalCode, MahjongError, Result};
use crate::game::{Action, ActionType, Deal, Phase, Win, WinKind};
use crate::rules::hong_kong::scoring::HongKong;
use crate::rules::hooks::{
    BonusTileWins, DealSetup, ExtraAction, HookEvent, Liability, LiabilityRules, PlayHooks, RuleFlags, RuleState, TileSet,
};
use crate::rules::registry::Preset;
use crate::rules::scoring::{score, Evaluation, ScoreOutcome, ScoringTable, WinContext, WinFacts};
use crate::rules::switch_table::{Allowed, SwitchLit, SwitchRow, SwitchSet, SwitchTable};
use crate::rules::{Identity, MatchFlow, MatchOptions, MatchPosition, Payments, Settlement, Table, WinPayment, Wording};
use crate::tiles::hand::{Hand, MeldKind};
use crate::tiles::tile::Tile;

#[cfg(test)]
mod tests;

/// The name it is registered under.
pub(crate) const NAME: &str = "test-house-hooks";

static WORDING: Wording = Wording {
    family: "Hong Kong (house-hooks test)",
    unit: "faan",
    unit_name: "faan",
    shapes: "four sets and a pair, seven pairs, or the thirteen orphans",
    cap_switch: None,
    sections: ["HK §9", "HK §10.5", "", "HK §11", "HK §12"],
    locale: crate::rules::names::Locale::ZhHk,
};

#[derive(Debug, Clone, PartialEq, Eq)]
struct HouseHooks {
    min_faan: u8,
    set: SwitchSet,
}

static SWITCH_TABLE: SwitchTable = SwitchTable {
    ruleset: NAME,
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
    build: |s| Box::new(HouseHooks { min_faan: s.int("min_faan") as u8, set: s.clone() }),
};

/// Its preset, registered in every build and listed nowhere.
pub(crate) static PRESETS: &[Preset] = &[Preset {
    name: NAME,
    aliases: &[],
    id: None,
    table: &SWITCH_TABLE,
    ruleset: true,
    values: &[],
    doc: "A ruleset for tests only that uses every deal hook (not a way to play).",
}];

/// The public flag `ready` (bit 0) and the private flag `pass_over` (bit 0).
static FLAGS: RuleFlags = RuleFlags { public: &["ready"], private: &["pass_over"], events: &[], revealed: &[] };
const READY: u8 = 0;
const PASS_OVER: u8 = 0;

struct HooksTable {
    min: u8,
}

impl ScoringTable for HooksTable {
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
        HongKong::DEFAULT.evaluate(facts, interp)
    }
}

fn illegal(code: IllegalCode, message: &str) -> MahjongError {
    MahjongError::IllegalAction { code, message: message.into() }
}

impl DealSetup for HouseHooks {
    fn has_hooks(&self) -> bool {
        true
    }
    /// H1.
    fn tile_set(&self) -> TileSet {
        TileSet::NO_BONUS
    }
    fn several_winners(&self) -> bool {
        true
    }
    fn rule_flags(&self) -> &'static RuleFlags {
        &FLAGS
    }
    /// H3.
    fn extra_actions(&self) -> &'static [ExtraAction] {
        &[ExtraAction { kind: ActionType::DeclareReady, switch: None }]
    }
}

impl PlayHooks for HouseHooks {
    fn extra_candidates(&self, deal: &Deal, player: u8, out: &mut Vec<Action>) {
        if deal.phase() == Phase::Declare {
            out.push(Action::bare(ActionType::DeclareReady, player));
        }
    }
    /// H2: every seat.
    fn declare_window(&self, _deal: &Deal) -> Option<[bool; 4]> {
        Some([true; 4])
    }
    /// H3–H6.
    fn check(&self, deal: &Deal, a: &Action, state: &RuleState) -> Result<()> {
        let p = a.player as usize;
        match a.kind {
            ActionType::DeclareReady => {
                if deal.phase() != Phase::Declare {
                    return Err(illegal(IllegalCode::WrongPhase, "declare_ready is made in the DECLARE window only"));
                }
                if a.tiles.count() != 0 {
                    return Err(illegal(IllegalCode::InvalidMeld, "declare_ready names no tiles"));
                }
                if state.public_flag(p, READY) {
                    return Err(illegal(IllegalCode::AlreadyDeclared, "already declared ready"));
                }
            }
            ActionType::Win if state.private_flag(p, PASS_OVER) => {
                return Err(illegal(IllegalCode::PassOver, "a seat that passed a win may not claim one before its next draw"));
            }
            ActionType::Chow | ActionType::Pung if state.public_flag(p, READY) => {
                return Err(illegal(IllegalCode::ReadyLocked, "a seat that declared ready may not chow or pung"));
            }
            ActionType::Discard if deal.phase() == Phase::AfterClaim => {
                let claimed = deal
                    .melds(p)
                    .last()
                    .filter(|m| matches!(m.kind, MeldKind::Chow | MeldKind::Pung))
                    .and_then(|m| m.claimed_tile);
                if let (Some(c), Some(&t)) = (claimed, a.tiles.as_slice().first()) {
                    if c >> 2 == t >> 2 {
                        return Err(illegal(
                            IllegalCode::ForbiddenDiscard,
                            "after a chow or pung the claimed tile's kind may not be discarded",
                        ));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
    /// H3, H5, H7, H8.
    fn on_event(&self, deal: &Deal, e: &HookEvent, state: &mut RuleState) -> Option<&'static str> {
        match *e {
            HookEvent::Extra { action } if action.kind == ActionType::DeclareReady => {
                state.set_public(action.player as usize, READY, true)
            }
            HookEvent::WindowClosed if (0..4).all(|p| state.public_flag(p, READY)) => return Some("four_ready"),
            HookEvent::Passed { player, could_win: true } => state.set_private(player as usize, PASS_OVER, true),
            HookEvent::Drew { player } => state.set_private(player as usize, PASS_OVER, false),
            HookEvent::Claimed { player, from, .. } => {
                let claimed = deal.melds(player as usize).iter().filter(|m| m.claimed_from.is_some()).count();
                if claimed == 4 && !state.records.iter().any(|r| r.seat == player) {
                    state.records.push(Liability { seat: player, liable: from, pattern: "fourth_set" });
                }
            }
            _ => {}
        }
        None
    }
}

impl BonusTileWins for HouseHooks {}

impl LiabilityRules for HouseHooks {
    /// H8: a self-drawn win of a seat with a record is paid by the liable seat alone.
    fn settle_records(&self, _deal: &Deal, wins: &mut [Win], records: &[Liability], s: Settlement) -> Settlement {
        let [w] = wins else { return s };
        let Some(r) = records.iter().find(|r| r.seat == w.player) else { return s };
        if w.kind != WinKind::SelfDrawn || w.player > 3 {
            return s;
        }
        let won = w.payments[usize::from(w.player)];
        let mut payments = [0i64; 4];
        payments[usize::from(w.player)] = won;
        payments[usize::from(r.liable)] = -won;
        Settlement { payments, ..s }
    }
}

/// The test rulesets' payments (this one's and `test_ruleset`'s): each payer pays 10 points a
/// faan on a self-drawn win, the discarder 20 on a discard.
pub(crate) fn ten_a_faan(win: &WinPayment) -> Result<[i64; 4]> {
    let base = 10 * i64::from(win.value);
    let mut p = [0i64; 4];
    if win.winner > 3 {
        return Err(MahjongError::hand("winner out of range"));
    }
    if win.self_drawn {
        for (q, v) in p.iter_mut().enumerate() {
            *v = if q == win.winner { 3 * base } else { -base };
        }
    } else {
        let d = win.discarder.filter(|&d| d < 4 && d != win.winner).ok_or_else(|| MahjongError::hand("no discarder"))?;
        p[d] = -2 * base;
        p[win.winner] = 2 * base;
    }
    Ok(p)
}

/// The test rulesets' settlement: every win paid by [`ten_a_faan`]; the dealer keeps the seat
/// on a draw or a win of the dealer's, else the dealership passes; no streak.
pub(crate) fn settle_ten_a_faan(wins: &[WinPayment], dealer: usize) -> Result<Settlement> {
    let mut payments = [0i64; 4];
    for w in wins {
        for (a, b) in payments.iter_mut().zip(ten_a_faan(w)?) {
            *a += b;
        }
    }
    let keeps = wins.is_empty() || wins.iter().any(|w| w.winner == dealer);
    let dealer_after = if keeps { dealer } else { (dealer + 1) % 4 };
    Ok(Settlement { payments, dealer_after, streak_after: 0, passed: !keeps })
}

impl Identity for HouseHooks {
    fn name(&self) -> &'static str {
        NAME
    }
    fn title(&self) -> &'static str {
        "Hong Kong mahjong with house rules on every deal hook (a test ruleset)"
    }
    fn wording(&self) -> &'static Wording {
        &WORDING
    }
    fn switches(&self) -> &SwitchSet {
        &self.set
    }
}

impl Table for HouseHooks {
    fn shapes(&self) -> &'static ShapeRules {
        &HK_SHAPES
    }
    fn dead_wall(&self) -> usize {
        0
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
        score(&HooksTable { min: self.min_faan }, hand, win_tile, ctx)
    }
}

impl Payments for HouseHooks {
    fn base(&self, value: u8) -> i64 {
        10 * i64::from(value)
    }
    fn win_payments(&self, win: &WinPayment, _dealer: usize, _streak: u32) -> Result<[i64; 4]> {
        ten_a_faan(win)
    }
    fn settle(&self, wins: &[WinPayment], dealer: usize, _streak: u32) -> Result<Settlement> {
        settle_ten_a_faan(wins, dealer)
    }
}

impl MatchFlow for HouseHooks {
    fn independent_deals(&self) -> bool {
        true
    }
    fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition> {
        if opts.deals == Some(0) {
            return Err(MahjongError::switch("deals", None, "a match of test-house-hooks has at least one deal"));
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
