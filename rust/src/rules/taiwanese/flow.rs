//! The Taiwanese flow rules of the claims and the ready declaration (TW §20.5.1–§20.5.3,
//! §20.5.5 rules 1–3, §20.6.1–§20.6.3), asked by the deal through the deal hooks
//! (`super::hooks`). Each rule reads one switch; with every switch here at its default
//! [`hooked`] is false and the deal asks none of them.
//!
//! The rule state: the public flag `declared_ready` (§20.6.4: visible to all), the private flags
//! `pass_over` (§20.5.2), `heavenly_ready` and `earthly_ready` (a live qualification, §20.6.2),
//! and bookkeeping marks no seat sees (an exposed kong's replacement chain, a qualification
//! already earned, the seat's first normal draw).

use super::switches::{
    ChowDiscardRestriction, DeclaredReadyWin, HumanWin, QualifiedReadyWin, ReadyQualification, SeveralWinners, TwSwitches,
};
use crate::analysis::decompose::is_complete;
use crate::error::{IllegalCode, MahjongError, Result};
use crate::game::{Action, ActionType, Deal, Phase};
use crate::rules::hooks::{ExtraAction, HookEvent, RuleFlags, RuleState};
use crate::rules::scoring::{Qualification, StartingWin};
use crate::rules::WinContext;
use crate::tiles::hand::{Counts, MeldKind};
use crate::tiles::tile::N_KINDS;

/// The flags of §20.6.4 (public: the declaration; private: the pass-over flag and a live
/// qualification).
/// Their events are named as §20.6.4 names them: `pass_over` (set and cleared),
/// `declare_ready`, `qualification` (earned and lost; `flag` says which).
pub(super) static FLAGS: RuleFlags = RuleFlags {
    public: &["declared_ready"],
    private: &["pass_over", "heavenly_ready", "earthly_ready"],
    events: &[
        ("pass_over", "pass_over", "pass_over"),
        ("declared_ready", "declare_ready", "declare_ready"),
        ("heavenly_ready", "qualification", "qualification"),
        ("earthly_ready", "qualification", "qualification"),
    ],
    // §20.6.4: a qualification is seen by all seats after the deal's result
    revealed: &["heavenly_ready", "earthly_ready"],
};
const DECLARED: u8 = 0;
const PASS_OVER: u8 = 0;
const HEAVENLY: u8 = 1;
const EARTHLY: u8 = 2;

/// Marks ([`RuleState::marks`]): the seat's turn is an exposed kong's replacement chain
/// (§20.5.5 rule 2); it earned a qualification this deal (§20.6.2: at most one); it made its
/// first normal draw; it was not ready just before that draw (R1 (c)).
const M_EXPOSED_CHAIN: u16 = 1;
const M_EARNED: u16 = 2;
const M_FIRST_DRAW: u16 = 4;
const M_UNREADY_BEFORE_DRAW: u16 = 8;

/// `DECLARE_READY(tile)`, added by `ready_declaration`.
pub(super) static DECLARE_READY: &[ExtraAction] =
    &[ExtraAction { kind: ActionType::DeclareReady, switch: Some("ready_declaration") }];

/// Whether a switch of this file is off its default (the deal then asks the hooks).
pub(super) fn hooked(sw: &TwSwitches) -> bool {
    let f = &sw.flow;
    sw.several_winners != SeveralWinners::AllWin
        || f.pass_over
        || f.chow_discard_restriction != ChowDiscardRestriction::None
        || f.pung_discard_restriction
        || f.claim_back_restriction
        || !f.kong_from_upper_discard
        || !f.exposed_kong_replacement_win
        || !f.rob_added_kong
        || sw.ready_declaration
        || sw.ready_qualification != ReadyQualification::Off
}

/// §20.5.1 how many of `n` claimants (in turn order after the discarder) win.
pub(super) fn winning_claims(sw: &TwSwitches, n: usize) -> usize {
    match sw.several_winners {
        SeveralWinners::AllWin => n,
        SeveralWinners::HeadBump => n.min(1),
        SeveralWinners::HeadBumpTwoAllThree if n == 2 => 1,
        SeveralWinners::HeadBumpTwoAllThree => n,
    }
}

fn illegal(code: IllegalCode, message: String) -> MahjongError {
    MahjongError::IllegalAction { code, message }
}

/// §20.5.3 rule 1 the `strict` forbidden kinds after a chow of kind `t` with hand kinds `a`, `b`
/// (as a mask over kinds): `t`, and the kind at the far end of the run shape.
pub fn strict_forbidden(t: u8, a: u8, b: u8) -> u64 {
    let (lo, hi) = (a.min(b), a.max(b));
    let n = t % 9; // 0-based number
    let mut m = 1u64 << t;
    if lo + 1 == hi && hi + 1 == t && n >= 3 {
        m |= 1 << (t - 3); // (n−2, n−1) held: n−3 too
    } else if lo == t + 1 && hi == t + 2 && n <= 5 {
        m |= 1 << (t + 3); // (n+1, n+2) held: n+3 too
    }
    m
}

/// The kinds a chow of discard kind `t` with hand kinds `a`, `b` forbids under `mode`.
fn chow_forbidden(mode: ChowDiscardRestriction, t: u8, a: u8, b: u8) -> u64 {
    match mode {
        ChowDiscardRestriction::None => 0,
        ChowDiscardRestriction::SameKind => 1 << t,
        ChowDiscardRestriction::Strict => strict_forbidden(t, a, b),
    }
}

/// §20.5.3 the kinds `p` may not discard now (in `AFTER_CLAIM`, from the claim just made).
pub fn forbidden_after_claim(sw: &TwSwitches, deal: &Deal, p: usize) -> u64 {
    if deal.phase() != Phase::AfterClaim || deal.active() != Some(p as u8) {
        return 0;
    }
    let Some(m) = deal.melds(p).last() else { return 0 };
    let Some(claimed) = m.claimed_tile else { return 0 };
    let t = claimed >> 2;
    match m.kind {
        MeldKind::Chow => {
            let mut others = m.tiles.as_slice().iter().map(|&x| x >> 2).filter(|&k| k != t);
            let (Some(a), Some(b)) = (others.next(), others.next()) else { return 0 };
            chow_forbidden(sw.flow.chow_discard_restriction, t, a, b)
        }
        MeldKind::Pung if sw.flow.pung_discard_restriction => 1 << t,
        _ => 0,
    }
}

/// Whether `c` (a hand of 16 tiles counting each set as 3, with `n_melds` sets) is ready: some
/// kind completes it, four copies of that kind not already held (§20.1, R5: Tai ignored).
pub fn is_ready(deal: &Deal, p: usize, c: &Counts) -> bool {
    let melds = deal.melds(p);
    let shapes = deal.rules().shapes();
    // a hand one tile from complete has shanten 0 whatever the copies left: a higher shanten
    // rules it out at the cost of one shanten (the deal asks this for every discard of every
    // turn under `ready_declaration`)
    let size: usize = c.iter().map(|&x| usize::from(x)).sum();
    if melds.len() <= shapes.n_sets
        && size == 3 * (shapes.n_sets - melds.len()) + 1
        && crate::analysis::shanten::shanten_checked(c, &[4; N_KINDS], melds.len(), shapes) > 0
    {
        return false;
    }
    (0..N_KINDS).any(|k| {
        let held = c[k] as usize
            + melds
                .iter()
                .map(|m| {
                    let t = m.tile_kind() as usize;
                    match m.kind {
                        MeldKind::Chow => usize::from((t..t + 3).contains(&k)),
                        kind if t == k => kind.n_tiles() as usize,
                        _ => 0,
                    }
                })
                .sum::<usize>();
        if held >= 4 {
            return false;
        }
        let mut with = *c;
        with[k] += 1;
        is_complete(&with, melds.len(), shapes)
    })
}

/// Whether some discard from `c` (a hand of 17 tiles counting each of its `n_melds` sets as 3)
/// may leave it ready: false when it is more than one exchange from complete (shanten above
/// 0), as a discard that leaves a ready hand makes it one exchange from complete. One shanten
/// spares trying each discard on most turns (the deal lists the declarations every turn).
fn may_discard_to_ready(c: &Counts, n_melds: usize, shapes: &crate::analysis::decompose::ShapeRules) -> bool {
    let size: usize = c.iter().map(|&x| usize::from(x)).sum();
    !(n_melds <= shapes.n_sets
        && size == 3 * (shapes.n_sets - n_melds) + 2
        && crate::analysis::shanten::shanten_checked(c, &[4; N_KINDS], n_melds, shapes) > 0)
}

/// `p`'s concealed counts without tile id `t`.
fn without(deal: &Deal, p: usize, t: u8) -> Counts {
    let mut c = *deal.counts(p);
    let k = (t >> 2) as usize;
    if k < N_KINDS && c[k] > 0 {
        c[k] -= 1;
    }
    c
}

fn declared(state: &RuleState, p: usize) -> bool {
    state.public_flag(p, DECLARED)
}

fn qualified(state: &RuleState, p: usize) -> Option<Qualification> {
    if state.private_flag(p, HEAVENLY) {
        Some(Qualification::Heavenly)
    } else if state.private_flag(p, EARTHLY) {
        Some(Qualification::Earthly)
    } else {
        None
    }
}

/// Whether `p` must take every legal win it is offered (§20.6.1 rule 3, §20.6.2 R6).
fn must_win(sw: &TwSwitches, state: &RuleState, p: usize) -> bool {
    (sw.ready_declaration && sw.flow.declared_ready_win == DeclaredReadyWin::ForceWin && declared(state, p))
        || (sw.flow.qualified_ready_win == QualifiedReadyWin::ForceWin && qualified(state, p).is_some())
}

/// §20.6.3 the automatic added kong: the drawn tile is the fourth of one of the declared seat's
/// pungs and no self-drawn win is offered.
fn auto_kong_of(sw: &TwSwitches, deal: &Deal, state: &RuleState, p: usize) -> Option<u8> {
    if !(sw.ready_declaration && sw.flow.declared_ready_auto_added_kong && declared(state, p)) {
        return None;
    }
    let t = deal.drawn_tile()?;
    deal.melds(p).iter().any(|m| m.kind == MeldKind::Pung && m.tile_kind() == t >> 2).then_some(t)
}

/// The refusals of §20.5.1–§20.5.5 and §20.6.1–§20.6.2 (after the engine's own checks), in the
/// order of §20.11 A, and the legality of `DECLARE_READY`.
pub(super) fn check(sw: &TwSwitches, deal: &Deal, a: &Action, state: &RuleState) -> Result<()> {
    use ActionType as A;
    let p = a.player as usize;
    if p > 3 {
        return Ok(());
    }
    let f = &sw.flow;
    let flagged = f.pass_over && state.private_flag(p, PASS_OVER);
    let ready_locked = sw.ready_declaration && declared(state, p);
    match deal.phase() {
        Phase::Response | Phase::Rob => match a.kind {
            A::Win if flagged => Err(illegal(
                IllegalCode::PassOver,
                format!("P{p} passed a win and may not claim one until a discard clears the flag (TW §20.5.2)"),
            )),
            A::Chow | A::Pung | A::Kong => check_meld_claim(sw, deal, a, flagged, ready_locked),
            A::Pass if must_win(sw, state, p) && deal.check(&Action::bare(A::Win, a.player)).is_ok() => {
                Err(illegal(IllegalCode::WinRequired, format!("P{p} must take the win it is offered (TW §20.6.1, §20.6.2 R6)")))
            }
            _ => Ok(()),
        },
        Phase::Action | Phase::AfterClaim => {
            if a.kind == A::SelfDrawnWin {
                if state.marks[p] & M_EXPOSED_CHAIN != 0 && !f.exposed_kong_replacement_win {
                    return Err(illegal(
                        IllegalCode::WrongPhase,
                        "no self-drawn win on an exposed kong's replacement chain (TW §20.5.5 rule 2)".into(),
                    ));
                }
                if flagged && f.pass_over_self_draw {
                    return Err(illegal(
                        IllegalCode::PassOver,
                        format!("P{p} passed a win and may not win by self-draw until the flag clears (TW §20.5.2)"),
                    ));
                }
                return Ok(());
            }
            check_turn(sw, deal, a, state, ready_locked)?;
            if deal.phase() == Phase::Action
                && must_win(sw, state, p)
                && deal.check(&Action::bare(A::SelfDrawnWin, a.player)).is_ok()
            {
                return Err(illegal(
                    IllegalCode::WinRequired,
                    format!("P{p} must take the self-drawn win it is offered (TW §20.6.1, §20.6.2 R6)"),
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A chow, pung or exposed kong claim: `PASS_OVER`, `FORBIDDEN_DISCARD`, `CLAIM_BACK`,
/// `KONG_NOT_ALLOWED`, `READY_LOCKED`.
fn check_meld_claim(sw: &TwSwitches, deal: &Deal, a: &Action, flagged: bool, locked: bool) -> Result<()> {
    use ActionType as A;
    let p = a.player as usize;
    let f = &sw.flow;
    let (Some(tile), Some(from)) = (deal.window_tile(), deal.window_from()) else { return Ok(()) };
    let t = tile >> 2;
    if f.pass_over && f.pass_over_blocks_melds && (flagged || deal.check(&Action::bare(A::Win, a.player)).is_ok()) {
        return Err(illegal(
            IllegalCode::PassOver,
            format!("P{p} may not claim a chow, pung or kong while it holds or earns the pass-over flag (TW §20.5.2)"),
        ));
    }
    let hand_kinds = {
        let ts = a.tiles.as_slice();
        (ts.first().map(|x| x >> 2), ts.get(1).map(|x| x >> 2))
    };
    if a.kind == A::Chow && f.chow_discard_restriction != ChowDiscardRestriction::None {
        if let (Some(x), Some(y)) = hand_kinds {
            let forbidden = chow_forbidden(f.chow_discard_restriction, t, x, y);
            let mut kept = *deal.counts(p);
            for &id in a.tiles.as_slice() {
                kept[(id >> 2) as usize] -= 1;
            }
            if (0..N_KINDS).all(|k| kept[k] == 0 || forbidden >> k & 1 == 1) {
                return Err(illegal(
                    IllegalCode::ForbiddenDiscard,
                    "this chow would leave only tiles it may not discard (TW §20.5.3 rule 4)".into(),
                ));
            }
        }
    }
    if f.claim_back_restriction {
        if let Some(last) = deal.discards(p).last() {
            let m = last.tile >> 2;
            let back = match (a.kind, hand_kinds) {
                (A::Pung, _) => m == t,
                (A::Chow, (Some(x), Some(y))) => strict_forbidden(t, x, y) >> m & 1 == 1,
                _ => false,
            };
            if back {
                return Err(illegal(
                    IllegalCode::ClaimBack,
                    format!("P{p} may not claim this discard so soon after its own discard of that kind (TW §20.5.3 rule 5)"),
                ));
            }
        }
    }
    if a.kind == A::Kong && !f.kong_from_upper_discard && p == (from as usize + 1) % 4 {
        return Err(illegal(
            IllegalCode::KongNotAllowed,
            "the next player after the discarder may not claim an exposed kong on it (TW §20.5.5 rule 1)".into(),
        ));
    }
    if locked {
        return Err(illegal(IllegalCode::ReadyLocked, format!("P{p} declared ready and may claim only a win (TW §20.6.1)")));
    }
    Ok(())
}

/// A discard, kong or `DECLARE_READY` in the seat's turn.
fn check_turn(sw: &TwSwitches, deal: &Deal, a: &Action, state: &RuleState, locked: bool) -> Result<()> {
    use ActionType as A;
    let p = a.player as usize;
    let tile = a.tiles.as_slice().first().copied();
    match a.kind {
        A::Discard | A::DeclareReady => {
            if a.kind == A::DeclareReady {
                if deal.phase() != Phase::Action {
                    return Err(illegal(
                        IllegalCode::WrongPhase,
                        "a ready declaration is made in ACTION, after a draw (TW §20.6.1)".into(),
                    ));
                }
                if a.tiles.count() != 1 {
                    return Err(illegal(IllegalCode::InvalidMeld, "declare_ready names the one tile it discards".into()));
                }
            }
            let Some(t) = tile else { return Ok(()) };
            if forbidden_after_claim(sw, deal, p) >> (t >> 2) & 1 == 1 {
                return Err(illegal(
                    IllegalCode::ForbiddenDiscard,
                    "this kind may not be discarded right after the claim just made (TW §20.5.3)".into(),
                ));
            }
            if locked && deal.phase() == Phase::Action && deal.drawn_tile() != Some(t) {
                return Err(illegal(
                    IllegalCode::ReadyLocked,
                    format!("P{p} declared ready and must discard the tile it has just drawn (TW §20.6.1)"),
                ));
            }
            if a.kind == A::DeclareReady {
                if !is_ready(deal, p, &without(deal, p, t)) {
                    return Err(illegal(
                        IllegalCode::NotReady,
                        "the hand left after this discard waits on nothing (TW §20.6.1)".into(),
                    ));
                }
                if declared(state, p) {
                    return Err(illegal(IllegalCode::AlreadyDeclared, format!("P{p} has already declared ready")));
                }
            }
            Ok(())
        }
        A::ConcealedKong | A::AddedKong if locked => {
            // §20.6.3: only the automatic added kong of the drawn tile
            if a.kind == A::AddedKong && tile.is_some() && auto_kong_of(sw, deal, state, p) == tile {
                return Ok(());
            }
            Err(illegal(IllegalCode::ReadyLocked, format!("P{p} declared ready and may declare no kong (TW §20.6.1)")))
        }
        _ => Ok(()),
    }
}

/// `DECLARE_READY` candidates: one per tile held (ascending id, as the discards) whose discard
/// leaves a ready hand; the deal keeps those its checks accept.
pub(super) fn candidates(sw: &TwSwitches, deal: &Deal, player: u8, out: &mut Vec<Action>) {
    let p = player as usize;
    if !sw.ready_declaration || deal.phase() != Phase::Action || p > 3 || declared(deal.rule_state(), p) {
        return;
    }
    if !may_discard_to_ready(deal.counts(p), deal.melds(p).len(), deal.rules().shapes()) {
        return;
    }
    let mut ready = 0u64; // kinds whose discard leaves a ready hand
    let mut seen = 0u64;
    let mut ids: Vec<u8> = deal.hand(p).to_vec();
    ids.sort_unstable();
    for t in ids {
        let k = t >> 2;
        if k as usize >= N_KINDS {
            continue;
        }
        if seen >> k & 1 == 0 {
            seen |= 1 << k;
            if is_ready(deal, p, &without(deal, p, t)) {
                ready |= 1 << k;
            }
        }
        if ready >> k & 1 == 1 {
            out.push(Action::new(ActionType::DeclareReady, player, &[t]));
        }
    }
}

/// §20.6.3 the automatic added kong, when its conditions hold (the deal checks the kong's own
/// legality before making it).
pub(super) fn auto_action(sw: &TwSwitches, deal: &Deal, state: &RuleState) -> Option<Action> {
    let p = deal.active()?;
    if deal.phase() != Phase::Action {
        return None;
    }
    let t = auto_kong_of(sw, deal, state, p as usize)?;
    if deal.check(&Action::bare(ActionType::SelfDrawnWin, p)).is_ok() {
        return None;
    }
    let a = Action::new(ActionType::AddedKong, p, &[t]);
    deal.check(&a).is_ok().then_some(a)
}

/// The situation of `p`'s win: a declaration, a live qualification (§20.6.1, §20.6.2).
pub(super) fn win_situation(sw: &TwSwitches, deal: &Deal, state: &RuleState, p: usize, ctx: &mut WinContext) {
    if p > 3 {
        return;
    }
    let derived =
        (sw.tai_table.is_common() && ctx.house.taiwanese().starting_win.is_none()).then(|| starting_win(sw, deal, p, ctx));
    ctx.house.update_taiwanese(|t| {
        t.declared_ready = sw.ready_declaration && declared(state, p);
        if sw.ready_qualification != ReadyQualification::Off {
            t.qualification = qualified(state, p);
        }
        if let Some(w) = derived {
            t.starting_win = w;
        }
    });
}

/// TW §20.4.3 the starting win of an ordinary win with a C table, derived from the deal (the
/// scorer takes it as an input): C42 the dealer's win at the start of play; C38 a non-dealer's
/// self-drawn win on its first normal draw (or that draw's bonus replacements: no kong's) before
/// any discard of its, with no interruption — or, with `earthly_win_allows_melds`, no concealed
/// kong declared by any seat; C39 a win on a discard (never a robbed tile) as `human_win`
/// defines it. At most one (§20.4.2 rule 1: the first that holds). The bonus-tile wins get theirs
/// from the bonus flow (§20.5.8).
fn starting_win(sw: &TwSwitches, deal: &Deal, p: usize, ctx: &WinContext) -> Option<StartingWin> {
    let dealer = ctx.seat_wind == 0;
    let pr = &ctx.progress;
    if ctx.dealer_start {
        return dealer.then_some(StartingWin::Heavenly);
    }
    if ctx.self_drawn {
        let no_concealed_kong = (0..4).all(|q| deal.melds(q).iter().all(|m| m.kind != MeldKind::ConcealedKong));
        let quiet = !pr.interrupted || (sw.common.earthly_win_allows_melds && no_concealed_kong);
        let first_draw = pr.winner_discards == 0 && deal.melds(p).is_empty() && !ctx.kong_replacement;
        return (!dealer && first_draw && quiet).then_some(StartingWin::Earthly);
    }
    if ctx.robbing_kong {
        return None;
    }
    let human = match sw.common.human_win {
        HumanWin::Off => false,
        // a non-dealer that has made no normal draw: no discard of its yet, nothing claimed
        HumanWin::BeforeFirstDraw => !dealer && pr.winner_discards == 0 && !pr.interrupted,
        HumanWin::DiscarderFirstDiscard => deal.window_from().is_some_and(|d| deal.discards(usize::from(d)).len() == 1),
    };
    human.then_some(StartingWin::Human)
}

/// Lose `p`'s live qualification, if any.
fn lose(state: &mut RuleState, p: usize) {
    state.set_private(p, HEAVENLY, false);
    state.set_private(p, EARTHLY, false);
}

/// §20.6.2 R6: `p` passed a legal win.
fn passed_win(sw: &TwSwitches, state: &mut RuleState, p: usize) {
    if sw.flow.pass_over {
        state.set_private(p, PASS_OVER, true);
    }
    if qualified(state, p).is_none() {
        return;
    }
    if sw.flow.qualified_ready_win == QualifiedReadyWin::LoseEarthlyOnPass {
        state.set_private(p, EARTHLY, false);
    }
    let keeps = sw.ready_declaration && declared(state, p) && sw.flow.declared_ready_win == DeclaredReadyWin::AllowPass;
    if !keeps {
        lose(state, p);
    }
}

/// Whether a win `p` could make with `concealed` and kind `k` is legal, the pass-over flag
/// ignored (§20.5.2 rules 4–5: the scorer's verdict; the flag is not a scorer input).
fn would_win(deal: &Deal, p: usize, concealed: Counts, k: u8, self_drawn: bool) -> bool {
    deal.score_hypothetical(p, concealed, k, self_drawn).is_ok_and(|s| s.is_win)
}

/// Keep the rule state after `e` (§20.5.2, §20.5.5 rule 2, §20.6.1–§20.6.2).
pub(super) fn on_event(sw: &TwSwitches, deal: &Deal, e: &HookEvent, state: &mut RuleState) {
    use ActionType as A;
    let f = &sw.flow;
    match *e {
        HookEvent::Dealt => earn_dealt(sw, deal, state),
        HookEvent::Passed { player, could_win: true }
        | HookEvent::WinDeclined { player }
        | HookEvent::SelfDrawnWinPassed { player } => passed_win(sw, state, player as usize),
        HookEvent::Acting { action, .. } => {
            let p = action.player as usize;
            if p > 3 {
                return;
            }
            let tile = action.tiles.as_slice().first().copied();
            match action.kind {
                A::Discard | A::DeclareReady => {
                    let Some(t) = tile else { return };
                    // §20.5.2 rule 4
                    if f.pass_over && state.private_flag(p, PASS_OVER) && !would_win(deal, p, without(deal, p, t), t >> 2, false)
                    {
                        state.set_private(p, PASS_OVER, false);
                    }
                    // R4: a discard other than the tile just drawn
                    if deal.drawn_tile() != Some(t) {
                        lose(state, p);
                    }
                }
                A::ConcealedKong | A::AddedKong => {
                    let Some(t) = tile else { return };
                    // §20.5.2 rule 5
                    if f.pass_over
                        && f.pass_over_kong_releases
                        && state.private_flag(p, PASS_OVER)
                        && !would_win(deal, p, without(deal, p, t), t >> 2, true)
                    {
                        state.set_private(p, PASS_OVER, false);
                    }
                    // R4: an added kong loses the seat's; a concealed kong everyone's
                    if action.kind == A::AddedKong {
                        lose(state, p);
                    } else {
                        (0..4).for_each(|q| lose(state, q));
                    }
                }
                _ => {}
            }
        }
        HookEvent::Extra { action } if action.kind == A::DeclareReady => {
            state.set_public(action.player as usize, DECLARED, true);
        }
        HookEvent::Discarded { player, .. } => {
            let p = player as usize;
            if let Some(m) = state.marks.get_mut(p) {
                *m &= !M_EXPOSED_CHAIN;
            }
            earn_discarded(sw, deal, state, p);
        }
        HookEvent::Claimed { player, kind, .. } => {
            let p = player as usize;
            if kind == A::Kong {
                if let Some(m) = state.marks.get_mut(p) {
                    *m |= M_EXPOSED_CHAIN;
                }
            }
            lose(state, p); // R4
        }
        HookEvent::Konged { player } => {
            if let Some(m) = state.marks.get_mut(player as usize) {
                *m &= !M_EXPOSED_CHAIN;
            }
        }
        HookEvent::Drew { player } if !deal.kong_chain() => {
            // R1 (c): whether the seat was ready just before its first normal draw
            let p = player as usize;
            if p < 4 && state.marks[p] & M_FIRST_DRAW == 0 {
                state.marks[p] |= M_FIRST_DRAW;
                let before = deal.drawn_tile().map(|t| without(deal, p, t));
                if before.is_some_and(|c| !is_ready(deal, p, &c)) {
                    state.marks[p] |= M_UNREADY_BEFORE_DRAW;
                }
            }
        }
        _ => {}
    }
}

fn earn(state: &mut RuleState, p: usize, q: Qualification) {
    if state.marks[p] & M_EARNED != 0 {
        return;
    }
    state.marks[p] |= M_EARNED;
    state.set_private(p, if q == Qualification::Heavenly { HEAVENLY } else { EARTHLY }, true);
}

/// R1 (a): every non-dealer ready from the deal (no interruption yet).
fn earn_dealt(sw: &TwSwitches, deal: &Deal, state: &mut RuleState) {
    use ReadyQualification as R;
    if !matches!(sw.ready_qualification, R::Standard | R::StandardNoDealer) || deal.interrupted() {
        return;
    }
    for p in 0..4 {
        if p != deal.dealer() as usize && is_ready(deal, p, deal.counts(p)) {
            earn(state, p, Qualification::Heavenly);
        }
    }
}

/// R1 (b)–(c), R2, R3 after `p`'s discard; then, with `ready_declaration`, a live
/// qualification not declared with this discard is lost.
fn earn_discarded(sw: &TwSwitches, deal: &Deal, state: &mut RuleState, p: usize) {
    use ReadyQualification as R;
    if sw.ready_qualification == R::Off || p > 3 {
        return;
    }
    let dealer = p == deal.dealer() as usize;
    let n = deal.discards(p).len();
    let ready = is_ready(deal, p, deal.counts(p));
    let clean = !deal.interrupted();
    let earned = match sw.ready_qualification {
        R::Standard | R::StandardNoDealer if clean && ready => {
            if dealer && n == 1 && sw.ready_qualification == R::Standard {
                Some(Qualification::Heavenly)
            } else if n == if dealer { 2 } else { 1 }
                && state.marks[p] & (M_FIRST_DRAW | M_UNREADY_BEFORE_DRAW) == M_FIRST_DRAW | M_UNREADY_BEFORE_DRAW
            {
                Some(Qualification::Earthly)
            } else {
                None
            }
        }
        R::FirstEightDiscards if clean && ready && deal.turn() <= 8 => {
            Some(if dealer && n == 1 { Qualification::Heavenly } else { Qualification::Earthly })
        }
        R::EachFirstDiscard if ready && n == 1 && deal.melds(p).is_empty() => {
            let konged = (0..4).any(|q| deal.melds(q).iter().any(|m| m.kind == MeldKind::ConcealedKong));
            (!konged).then_some(Qualification::Earthly)
        }
        _ => None,
    };
    if let Some(q) = earned {
        earn(state, p, q);
    }
    if sw.ready_declaration && !declared(state, p) {
        lose(state, p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(m: u64) -> Vec<u8> {
        (0..34).filter(|k| m >> k & 1 == 1).collect()
    }

    /// A deal under a ruleset with ready declarations (P0 has no declared set), for
    /// `is_ready`'s reads of the seat's sets and shapes.
    fn star31_deal() -> Deal {
        let rules = crate::rules::Ruleset::named("taiwanese-omu-star31").unwrap();
        let wall = crate::tiles::wall::shuffle(1, 0);
        Deal::new(&rules, &wall, 0, [0; 4], 0, crate::game::DealOptions::new(false, false)).unwrap()
    }

    /// `n` hands of `16 + extra` tiles (`extra` 0 or 1), no kind more than four times, from
    /// `seed`: every other one five sets and a pair with one tile taken away (and `extra`
    /// tiles added: often one exchange from complete), the others `16 + extra` random tiles.
    fn test_hands(seed: u64, n: usize, extra: usize) -> Vec<Counts> {
        let mut x = seed;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m) as usize
        };
        let mut out = Vec::new();
        for i in 0..n {
            let mut c: Counts = [0; N_KINDS];
            if i % 2 == 0 {
                for _ in 0..5 {
                    let k = next(34);
                    if k < 27 && k % 9 < 7 && next(2) == 0 {
                        c[k] += 1;
                        c[k + 1] += 1;
                        c[k + 2] += 1;
                    } else {
                        c[k] += 3;
                    }
                }
                c[next(34)] += 2;
                let held: Vec<usize> = (0..N_KINDS).filter(|&k| c[k] > 0).collect();
                c[held[next(held.len() as u64)]] -= 1;
                for _ in 0..extra {
                    c[next(34)] += 1;
                }
            } else {
                let mut t = 0;
                while t < 16 + extra {
                    let k = next(34);
                    if c[k] < 4 {
                        c[k] += 1;
                        t += 1;
                    }
                }
            }
            if c.iter().all(|&v| v <= 4) {
                out.push(c);
            }
        }
        out
    }

    /// `is_ready` with its shanten shortcut answers as trying every tile kind (within four
    /// copies) and testing completeness does, on thousands of 16-tile hands: random ones and
    /// ones built one tile from complete.
    #[test]
    fn is_ready_agrees_with_trying_every_tile() {
        let deal = star31_deal();
        let shapes = deal.rules().shapes();
        let brute = |c: &Counts| {
            (0..N_KINDS).any(|k| {
                let mut w = *c;
                w[k] += 1;
                c[k] < 4 && is_complete(&w, 0, shapes)
            })
        };
        let (mut ready, mut seen) = (0, 0);
        for c in test_hands(0x9E37_79B9_7F4A_7C15, 4000, 0) {
            seen += 1;
            let want = brute(&c);
            ready += usize::from(want);
            assert_eq!(is_ready(&deal, 0, &c), want, "{c:?}");
        }
        assert!(seen > 3000 && ready > 500, "{seen} hands, {ready} ready");
    }

    /// The shortcut of the declarations' listing: a 17-tile hand it rules out has no discard
    /// leaving a ready hand (trying every discard and every tile), on thousands of hands.
    #[test]
    fn a_hand_ruled_out_by_shanten_has_no_ready_discard() {
        let deal = star31_deal();
        let shapes = deal.rules().shapes();
        let ready_after = |c: &Counts| {
            (0..N_KINDS).filter(|&d| c[d] > 0).any(|d| {
                let mut h = *c;
                h[d] -= 1;
                is_ready(&deal, 0, &h)
            })
        };
        let (mut kept, mut ruled_out) = (0, 0);
        for c in test_hands(0x5EED_0017_7A1E_0001, 3000, 1) {
            if may_discard_to_ready(&c, 0, shapes) {
                kept += 1;
            } else {
                ruled_out += 1;
                assert!(!ready_after(&c), "{c:?} was ruled out but a discard leaves it ready");
            }
        }
        assert!(kept > 500 && ruled_out > 500, "{kept} kept, {ruled_out} ruled out");
    }

    #[test]
    fn strict_forbidden_kinds_follow_the_run_shape() {
        // TW §20.5.3 rule 1: 4m with 23m forbids 4m 1m; with 56m 4m 7m; with 35m 4m only
        assert_eq!(kinds(strict_forbidden(3, 1, 2)), vec![0, 3]);
        assert_eq!(kinds(strict_forbidden(3, 5, 4)), vec![3, 6]);
        assert_eq!(kinds(strict_forbidden(3, 2, 4)), vec![3]);
        // no kind beyond the suit's ends: 3m with 12m, 7m with 89m
        assert_eq!(kinds(strict_forbidden(2, 0, 1)), vec![2]);
        assert_eq!(kinds(strict_forbidden(6, 7, 8)), vec![6]);
        // 2s (kind 19) with 34s forbids 2s and 5s; other suits never leak into it
        assert_eq!(kinds(strict_forbidden(19, 20, 21)), vec![19, 22]);
        assert_eq!(kinds(strict_forbidden(18, 19, 20)), vec![18, 21]);
        assert_eq!(kinds(strict_forbidden(11, 9, 10)), vec![11]);
    }

    #[test]
    fn several_winner_modes() {
        let mut sw = TwSwitches::default();
        let modes = [
            (SeveralWinners::AllWin, [0, 1, 2, 3]),
            (SeveralWinners::HeadBump, [0, 1, 1, 1]),
            (SeveralWinners::HeadBumpTwoAllThree, [0, 1, 1, 3]),
        ];
        for (mode, want) in modes {
            sw.several_winners = mode;
            assert_eq!([0, 1, 2, 3].map(|n| winning_claims(&sw, n)), want, "{mode:?}");
        }
    }

    #[test]
    fn the_default_switches_ask_no_hook() {
        let sw = TwSwitches::default();
        assert!(!hooked(&sw));
        for set in [
            TwSwitches { ready_declaration: true, ..sw },
            TwSwitches { several_winners: SeveralWinners::HeadBump, ..sw },
            TwSwitches { flow: super::super::switches::FlowOptions { rob_added_kong: false, ..sw.flow }, ..sw },
            TwSwitches { flow: super::super::switches::FlowOptions { pass_over: true, ..sw.flow }, ..sw },
        ] {
            assert!(hooked(&set));
        }
    }
}
