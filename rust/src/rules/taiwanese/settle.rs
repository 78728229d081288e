//! Taiwanese bonus-tile wins (TW §7) and the settlement of one deal's wins (TW §15, §16) as
//! pure functions over plain values; the match carries the result from deal to deal
//! (`crate::game::Match`, with the TW §16 length and round wind of [`super::TaiwaneseRules`]).
//!
//! Positions 0..=3 are the players in turn order (the seats of one deal, or the players P0..P3
//! of a match, who sit in turn order); the dealer is one of them. Payments are indexed the same
//! way and sum to zero.

use crate::error::{MahjongError, Result};
use crate::rules::scoring::Element;
use crate::rules::taiwanese::high::{H28, H32};
use crate::rules::taiwanese::low::{L29, L30};
use crate::rules::taiwanese::switches::{SeveralWinners, TaiTable, TwSwitches};
use crate::rules::{BonusWin, BonusWinKind, Settlement, WinPayment};
use crate::tiles::tile::Bonus;

/// The only element a bonus-tile win scores under `table` (TW §7, §11 step 1): H32 / L30 for
/// all eight, H28 / L29 for seven robbing the eighth (C34 / C35 with a common table).
pub const fn bonus_element(kind: BonusWinKind, table: TaiTable) -> Element {
    // (the Hong Kong kinds never arise here: read as the all-eight or the robbing win)
    match (kind.robs(), table) {
        (false, TaiTable::High) => H32,
        (false, TaiTable::Low) => L30,
        (true, TaiTable::High) => H28,
        (true, TaiTable::Low) => L29,
        // TW §20.4.1 C34 / C35 in the common table's column
        (false, t) => super::common::element_of(34, t),
        (true, t) => super::common::element_of(35, t),
    }
}

/// TW §7: the check after player `exposer` exposes bonus tile `tile`. `exposed[p]` is the
/// bitmask (bit i = bonus tile `i+1`f) of the bonus tiles player `p` had exposed before this
/// exposure. Returns the automatic win, if any: all eight for the exposer, or seven robbing
/// the eighth for another player; they cannot both arise.
///
/// Errors (`InvalidHand`): `exposer` not 0..=3, a bonus tile exposed twice (already in some
/// player's mask, or in two masks).
pub fn check_bonus_win(table: TaiTable, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
    if exposer > 3 || tile.0 > 7 {
        return Err(MahjongError::hand(format!("player {exposer} / bonus tile {} out of range", tile.0)));
    }
    let mut seen = 0u8;
    for &m in exposed {
        if seen & m != 0 {
            return Err(MahjongError::hand("a bonus tile is exposed by two players (there is one of each)"));
        }
        seen |= m;
    }
    let bit = 1u8 << tile.0;
    if seen & bit != 0 {
        return Err(MahjongError::hand(format!("bonus tile {tile} is already exposed")));
    }
    if exposed[exposer] | bit == 0xFF {
        let kind = BonusWinKind::AllEight;
        return Ok(Some(BonusWin {
            kind,
            winner: exposer,
            discarder: None,
            element: bonus_element(kind, table),
            starting: None,
            with_hand: false,
        }));
    }
    for p in (1..4).map(|d| (exposer + d) % 4) {
        if exposed[p] | bit == 0xFF {
            let kind = BonusWinKind::RobEighth;
            return Ok(Some(BonusWin {
                kind,
                winner: p,
                discarder: Some(exposer),
                element: bonus_element(kind, table),
                starting: None,
                with_hand: false,
            }));
        }
    }
    Ok(None)
}

/// What the payment rules read of the switches (TW §15, §20.7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayRules {
    /// `tai_value`: points per Tai.
    pub tai_value: u32,
    /// `base_points`: added to every single payment.
    pub base_points: u32,
    /// `tai_cap`: hand Tai used for payment at most this.
    pub tai_cap: Option<u32>,
    /// `dealer_pays_streak`: the dealer paying a non-dealer pays `1 + 2k`.
    pub dealer_pays_streak: bool,
    /// `several_winners` (TW §20.5.1): which claimants of one discard win.
    pub several_winners: SeveralWinners,
    /// `liability` is not empty (TW §20.2.11): a liable seat may be given.
    pub liability: bool,
    /// `liability_discard_split` (TW §20.7.2).
    pub liability_discard_split: bool,
}

impl PayRules {
    /// TW §15 without house rules: `tai_value` per Tai, nothing else.
    pub const fn plain(tai_value: u32) -> PayRules {
        PayRules {
            tai_value,
            base_points: 0,
            tai_cap: None,
            dealer_pays_streak: false,
            several_winners: SeveralWinners::AllWin,
            liability: false,
            liability_discard_split: false,
        }
    }
    /// The rules of a set of switches.
    pub fn of(s: &TwSwitches) -> PayRules {
        PayRules {
            tai_value: s.tai_value,
            base_points: s.base_points,
            tai_cap: s.tai_cap,
            dealer_pays_streak: s.dealer_pays_streak,
            several_winners: s.several_winners,
            liability: s.liability.0 != 0,
            liability_discard_split: s.liability_discard_split,
        }
    }
}

/// TW §15, §20.7.1: what `payer` pays `winner` for hand Tai `tai`:
/// `base_points + (T' + adj) × tai_value`, `T'` the Tai capped at `tai_cap`, `adj` `1 + 2k` if
/// the winner is the dealer (or the payer is, with `dealer_pays_streak`), `1` if the payer is
/// the dealer, else 0 (H38/H39, L33/L34).
pub fn payment(tai: u32, winner: usize, payer: usize, dealer: usize, streak: u32, pay: &PayRules) -> i64 {
    let adjustment = if winner == dealer || (payer == dealer && pay.dealer_pays_streak) {
        1 + 2 * streak as i64
    } else if payer == dealer {
        1
    } else {
        0
    };
    let tai = pay.tai_cap.map_or(tai, |cap| tai.min(cap));
    i64::from(pay.base_points) + (tai as i64 + adjustment) * pay.tai_value as i64
}

fn check_wins(wins: &[WinPayment], dealer: usize) -> Result<()> {
    let bad = |m: String| Err(MahjongError::hand(m));
    if dealer > 3 {
        return bad(format!("dealer {dealer} is not a position 0..=3"));
    }
    if wins.len() > 3 {
        return bad(format!("{} winners (at most three: the discarder cannot win)", wins.len()));
    }
    for (i, w) in wins.iter().enumerate() {
        if w.winner > 3 {
            return bad(format!("winner {} is not a position 0..=3", w.winner));
        }
        if wins[..i].iter().any(|o| o.winner == w.winner) {
            return bad(format!("position {} wins twice in one deal", w.winner));
        }
        match (w.self_drawn, w.discarder) {
            (true, None) => {
                if wins.len() > 1 {
                    return bad("a self-drawn win is the deal's only win (several winners only on one tile)".into());
                }
            }
            (false, Some(d)) => {
                if d > 3 || d == w.winner {
                    return bad(format!("discarder {d} must be another position 0..=3 than the winner {}", w.winner));
                }
                if wins.iter().any(|o| o.discarder != Some(d)) {
                    return bad("several winners of one deal win on the same tile (one discarder)".into());
                }
            }
            (true, Some(_)) => return bad("a self-drawn win has no discarder".into()),
            (false, None) => return bad("a win on a discard needs the discarder".into()),
        }
    }
    Ok(())
}

/// Payments of one win (TW §15, §20.7.1) by position; sums to zero.
pub fn win_payments(win: &WinPayment, dealer: usize, streak: u32, pay: &PayRules) -> Result<[i64; 4]> {
    check_wins(std::slice::from_ref(win), dealer)?;
    Ok(payments_of(win, dealer, streak, pay))
}

fn payments_of(w: &WinPayment, dealer: usize, streak: u32, pay: &PayRules) -> [i64; 4] {
    let mut p = [0i64; 4];
    let payers = (0..4).filter(|&q| q != w.winner && (w.self_drawn || Some(q) == w.discarder));
    for q in payers {
        let a = payment(w.value, w.winner, q, dealer, streak, pay);
        p[q] -= a;
        p[w.winner] += a;
    }
    p
}

/// What happens to the dealership after a deal (TW §16, §20.7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealerRules {
    /// `draw_keeps_dealer`: a draw keeps the dealer (else the dealership passes).
    pub draw_keeps_dealer: bool,
    /// `draw_increments_streak`: a draw that keeps the dealer adds one to the streak.
    pub draw_increments_streak: bool,
    /// `dealer_streak_limit`: a dealer who would stay with a streak already at least this
    /// passes instead.
    pub streak_limit: Option<u32>,
}

impl DealerRules {
    /// TW §16 without house rules.
    pub const PLAIN: DealerRules = DealerRules { draw_keeps_dealer: true, draw_increments_streak: false, streak_limit: None };
    /// The rules of a set of switches.
    pub fn of(s: &TwSwitches) -> DealerRules {
        DealerRules {
            draw_keeps_dealer: s.draw_keeps_dealer,
            draw_increments_streak: s.draw_increments_streak,
            streak_limit: s.dealer_streak_limit,
        }
    }
}

/// TW §15, §16 and §20.7 for one deal: every winner is settled separately (several winners on
/// one tile are each paid by the discarder); then, in order: the dealer among the winners stays
/// with streak k + 1; with no win (an exhaustive draw) nothing is paid and, with
/// `draw_keeps_dealer`, the dealer stays (streak k + 1 with `draw_increments_streak`, else k),
/// otherwise the dealership passes; only non-dealers won: it passes. A dealer who would stay
/// while k ≥ `dealer_streak_limit` passes instead. Passing: the next position, streak 0.
///
/// Errors: `RuleConfig` for a `tai_value` outside 1…10⁶; `InvalidHand` for impossible wins
/// (positions out of range, a winner twice, a self-drawn win with another win, winners on
/// different discards, the discarder among the winners).
pub fn settle_deal(wins: &[WinPayment], dealer: usize, streak: u32, pay: &PayRules, after: &DealerRules) -> Result<Settlement> {
    settle_deal_liable(wins, &[], dealer, streak, pay, after)
}

/// TW §20.5.8 rule 3 (B): whether `wins` are the two parts of one seat's seven-rob win (the
/// bonus part on a "discard" by the robbed seat, the hand part self-drawn), in either order.
pub fn is_two_part_rob(wins: &[WinPayment]) -> bool {
    matches!(wins, [a, b] if a.winner == b.winner && a.self_drawn != b.self_drawn)
}

/// TW §20.5.8 rule 3 (B), §20.7.1: the two parts of a seven-rob win settled separately (each
/// part's own payers, cap and dealer adjustment) and summed; the dealership as after one win
/// of that seat. Errors as [`settle_deal`] for each part.
pub fn settle_two_part_rob(
    wins: &[WinPayment],
    dealer: usize,
    streak: u32,
    pay: &PayRules,
    after: &DealerRules,
) -> Result<Settlement> {
    if !is_two_part_rob(wins) {
        return Err(MahjongError::hand(
            "a two-part seven-rob win is one seat's bonus part on a discard and hand part self-drawn",
        ));
    }
    let mut total = [0i64; 4];
    for w in wins {
        let s = settle_deal(std::slice::from_ref(w), dealer, streak, pay, after)?;
        for (t, x) in total.iter_mut().zip(s.payments) {
            *t += x;
        }
    }
    let s = settle_deal(&wins[..1], dealer, streak, pay, after)?;
    Ok(Settlement { payments: total, ..s })
}

/// TW §20.5.1: of several claimants of one discard, the ones who win under `several_winners`
/// (the claims in any order; the winners in turn order after the discarder).
pub fn winning_claims(wins: &[WinPayment], mode: SeveralWinners) -> Vec<usize> {
    let mut order: Vec<usize> = (0..wins.len()).collect();
    let Some(d) = wins.first().and_then(|w| w.discarder) else { return order };
    order.sort_by_key(|&i| (wins[i].winner + 4 - d) % 4);
    let keep = match (mode, order.len()) {
        (SeveralWinners::AllWin, n) => n,
        (SeveralWinners::HeadBump, _) => 1,
        (SeveralWinners::HeadBumpTwoAllThree, 2) => 1,
        (SeveralWinners::HeadBumpTwoAllThree, n) => n,
    };
    order.truncate(keep);
    order
}

/// [`settle_deal`] with the liable seat of each win (TW §20.7.2; `liable[i]` for `wins[i]`,
/// missing entries none): the claims are first resolved by `several_winners` (TW §20.5.1);
/// a win with a liable seat L is paid, each amount computed for its original payer: self-drawn,
/// by L alone; on a discard by L, as usual; on another seat's discard, by L alone, or with
/// `liability_discard_split` by L and the discarder, ⌈amount / 2⌉ each.
///
/// Errors as [`settle_deal`], and `InvalidHand` for a liable seat that is not another
/// position 0..=3, or given while the switch `liability` is empty.
pub fn settle_deal_liable(
    wins: &[WinPayment],
    liable: &[Option<usize>],
    dealer: usize,
    streak: u32,
    pay: &PayRules,
    after: &DealerRules,
) -> Result<Settlement> {
    super::SWITCH_TABLE.check("tai_value", &crate::rules::SwitchValue::Int(pay.tai_value.into()))?;
    check_wins(wins, dealer)?;
    for (w, l) in wins.iter().zip(liable) {
        match l {
            Some(_) if !pay.liability => {
                return Err(MahjongError::hand("a liable seat needs a liability pattern (the switch liability, TW §20.2.11)"))
            }
            Some(l) if *l > 3 || *l == w.winner => {
                return Err(MahjongError::hand(format!("liable seat {l} must be another position 0..=3 than the winner")))
            }
            _ => {}
        }
    }
    let mut payments = [0i64; 4];
    let winners = winning_claims(wins, pay.several_winners);
    for &i in &winners {
        let w = &wins[i];
        let mut p = payments_of(w, dealer, streak, pay);
        if let Some(l) = liable.get(i).copied().flatten() {
            p = liable_payments(w, l, p, pay);
        }
        for (a, b) in payments.iter_mut().zip(p) {
            *a += b;
        }
    }
    let won: Vec<&WinPayment> = winners.iter().map(|&i| &wins[i]).collect();
    let stays = if won.is_empty() { after.draw_keeps_dealer } else { won.iter().any(|w| w.winner == dealer) };
    let stays = stays && after.streak_limit.is_none_or(|limit| streak < limit);
    let (dealer_after, streak_after, passed) = if !stays {
        ((dealer + 1) % 4, 0, true)
    } else if !won.is_empty() || after.draw_increments_streak {
        (dealer, streak.saturating_add(1), false)
    } else {
        (dealer, streak, false)
    };
    Ok(Settlement { payments, dealer_after, streak_after, passed })
}

/// One win's own payments (TW §15, §20.7.1), moved to its liable seat `liable` as TW §20.7.2
/// says when there is one: what [`settle_deal_liable`] adds up for that win.
pub fn win_payments_liable(w: &WinPayment, liable: Option<usize>, dealer: usize, streak: u32, pay: &PayRules) -> [i64; 4] {
    let p = payments_of(w, dealer, streak, pay);
    match liable {
        Some(l) if l < 4 && l != w.winner => liable_payments(w, l, p, pay),
        _ => p,
    }
}

/// TW §20.7.2 applying: the payments `p` of win `w` moved to the liable seat `l`.
fn liable_payments(w: &WinPayment, l: usize, p: [i64; 4], pay: &PayRules) -> [i64; 4] {
    let mut out = [0i64; 4];
    match w.discarder {
        // self-drawn: L pays every amount
        None => {
            let total: i64 = (0..4).filter(|&q| q != w.winner).map(|q| -p[q]).sum();
            out[l] = -total;
            out[w.winner] = total;
        }
        Some(d) if d == l => return p,
        Some(d) => {
            let amount = -p[d];
            if pay.liability_discard_split {
                let half = (amount + 1) / 2;
                out[l] = -half;
                out[d] = -half;
                out[w.winner] = 2 * half;
            } else {
                out[l] = -amount;
                out[w.winner] = amount;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Match;
    use crate::rules::taiwanese::switches::{MatchLength, TwSwitches};
    use crate::rules::{MatchOptions, Ruleset};

    fn tw(s: TwSwitches) -> Ruleset {
        crate::rules::taiwanese::ruleset(s).unwrap()
    }

    fn win(winner: usize, tai: u32, discarder: Option<usize>) -> WinPayment {
        WinPayment { winner, value: tai, self_drawn: discarder.is_none(), discarder }
    }

    /// TW §20.5.8 rule 3 (B), example S12: each part settled on its own, then summed.
    #[test]
    fn two_part_rob_sums_its_parts() {
        let pay = PayRules {
            base_points: 5,
            ..PayRules::of(&TwSwitches::with_table(crate::rules::taiwanese::switches::TaiTable::Sml))
        };
        let parts = [win(1, 8, Some(2)), win(1, 9, None)];
        assert!(is_two_part_rob(&parts) && !is_two_part_rob(&parts[..1]));
        assert!(!is_two_part_rob(&[win(1, 8, Some(2)), win(3, 9, Some(2))]));
        let s = settle_two_part_rob(&parts, 0, 0, &pay, &DealerRules::PLAIN).unwrap();
        assert_eq!(s.payments, [-15, 56, -27, -14]);
        assert!(s.passed && s.dealer_after == 1);
        assert!(settle_two_part_rob(&parts[..1], 0, 0, &pay, &DealerRules::PLAIN).is_err());
    }

    #[test]
    fn payment_rule_of_section_15() {
        // Non-dealer winner, dealer pays one extra; the streak is never charged to the dealer.
        assert_eq!(payment(6, 1, 0, 0, 3, &PayRules::plain(1)), 7);
        assert_eq!(payment(6, 1, 2, 0, 3, &PayRules::plain(1)), 6);
        // Dealer winner: 1 + 2k from every payer; tai_value multiplies.
        assert_eq!(payment(8, 0, 1, 0, 2, &PayRules::plain(1)), 13);
        assert_eq!(payment(8, 0, 1, 0, 2, &PayRules::plain(100)), 1300);
    }

    #[test]
    fn several_winners_and_rotation() {
        // Two winners on the dealer's discard; then the dealership passes.
        let s = settle_deal(&[win(1, 16, Some(0)), win(3, 5, Some(0))], 0, 0, &PayRules::plain(1), &DealerRules::PLAIN).unwrap();
        assert_eq!(s.payments, [-23, 17, 0, 6]);
        assert_eq!((s.dealer_after, s.streak_after, s.passed), (1, 0, true));
        // The dealer among several winners keeps the seat, streak + 1.
        let s = settle_deal(&[win(0, 5, Some(2)), win(1, 5, Some(2))], 0, 1, &PayRules::plain(1), &DealerRules::PLAIN).unwrap();
        assert_eq!(s.payments, [8, 5, -13, 0]);
        assert_eq!((s.dealer_after, s.streak_after, s.passed), (0, 2, false));
        // Exhaustive draw: nothing changes.
        let s = settle_deal(&[], 2, 3, &PayRules::plain(1), &DealerRules::PLAIN).unwrap();
        assert_eq!((s.payments, s.dealer_after, s.streak_after, s.passed), ([0; 4], 2, 3, false));
    }

    #[test]
    fn impossible_wins_are_errors() {
        let bad: Vec<Vec<WinPayment>> = vec![
            vec![win(1, 5, None), win(2, 5, None)],
            vec![win(1, 5, Some(0)), win(2, 5, Some(3))],
            vec![win(1, 5, Some(1))],
            vec![win(1, 5, Some(0)), win(1, 6, Some(0))],
            vec![win(4, 5, None)],
            vec![WinPayment { winner: 1, value: 5, self_drawn: true, discarder: Some(0) }],
            vec![WinPayment { winner: 1, value: 5, self_drawn: false, discarder: None }],
            vec![win(1, 5, Some(0)), win(0, 5, Some(0))],
        ];
        for w in bad {
            assert!(
                matches!(settle_deal(&w, 0, 0, &PayRules::plain(1), &DealerRules::PLAIN), Err(MahjongError::InvalidHand { .. })),
                "{w:?}"
            );
        }
        assert!(matches!(
            settle_deal(&[], 4, 0, &PayRules::plain(1), &DealerRules::PLAIN),
            Err(MahjongError::InvalidHand { .. })
        ));
        assert_eq!(
            settle_deal(&[], 0, 0, &PayRules::plain(0), &DealerRules::PLAIN).unwrap_err().switch_name(),
            Some("tai_value")
        );
    }

    #[test]
    fn payments_are_zero_sum() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        let mut rnd = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for _ in 0..5000 {
            let dealer = rnd(4) as usize;
            let streak = rnd(5) as u32;
            let value = 1 + rnd(1000) as u32;
            let wins = if rnd(3) == 0 {
                vec![win(rnd(4) as usize, rnd(200) as u32, None)]
            } else {
                let d = rnd(4) as usize;
                let n = 1 + rnd(3) as usize;
                (1..=n).map(|j| win((d + j) % 4, rnd(200) as u32, Some(d))).collect()
            };
            let s = settle_deal(&wins, dealer, streak, &PayRules::plain(value), &DealerRules::PLAIN).unwrap();
            assert_eq!(s.payments.iter().sum::<i64>(), 0);
            for w in &wins {
                assert!(s.payments[w.winner] > 0 || w.value == 0);
            }
        }
    }

    #[test]
    fn bonus_win_checks() {
        // Two players holding the same bonus tile, a tile already out, out-of-range values.
        assert!(check_bonus_win(TaiTable::High, &[1, 1, 0, 0], 0, Bonus(5)).is_err());
        assert!(check_bonus_win(TaiTable::High, &[1, 0, 0, 0], 2, Bonus(0)).is_err());
        assert!(check_bonus_win(TaiTable::High, &[0; 4], 4, Bonus(0)).is_err());
        assert!(check_bonus_win(TaiTable::High, &[0; 4], 0, Bonus(8)).is_err());
        // The robbing player is found whoever exposes; all eight settles as self-drawn.
        let w = check_bonus_win(TaiTable::Low, &[0, 0, 0xFE, 0], 3, Bonus(0)).unwrap().unwrap();
        assert_eq!((w.winner, w.discarder, w.element.value), (2, Some(3), 14));
        let s = settle_deal(&[w.as_payment()], 0, 0, &PayRules::plain(1), &DealerRules::PLAIN).unwrap();
        assert_eq!(s.payments, [0, 0, 14, -14]);
        let w = check_bonus_win(TaiTable::High, &[0, 0xFE, 0, 0], 1, Bonus(0)).unwrap().unwrap();
        let s = settle_deal(&[w.as_payment()], 0, 0, &PayRules::plain(1), &DealerRules::PLAIN).unwrap();
        assert_eq!(s.payments, [-31, 91, -30, -30]);
    }

    #[test]
    fn taiwanese_match_lengths_and_state_on_error() {
        let one = TwSwitches { match_length: MatchLength::OneDeal, ..TwSwitches::default() };
        let mut m = Match::new(&tw(one), MatchOptions::default()).unwrap();
        assert!(!m.is_over());
        m.play_deal(&[]).unwrap();
        assert!(m.is_over());
        let before = m.clone();
        assert!(m.play_deal(&[]).is_err());
        assert_eq!(m, before);
        // max_deals stops a match of draws.
        let capped = TwSwitches { max_deals: 3, starting_score: 100, ..TwSwitches::default() };
        let mut m = Match::new(&tw(capped), MatchOptions { first_dealer: Some(2), ..Default::default() }).unwrap();
        for _ in 0..3 {
            m.play_deal(&[]).unwrap();
        }
        assert!(m.is_over() && m.deals() == 3 && m.scores() == [100; 4] && m.dealer() == 2);
        // An impossible deal leaves the state unchanged.
        let mut m = Match::new(&tw(TwSwitches::default()), MatchOptions::default()).unwrap();
        let before = m.clone();
        assert!(m.play_deal(&[win(1, 5, Some(1))]).is_err());
        assert_eq!(m, before);
        // A full game: sixteen passes, the round wind turning every four; East round ends at 4.
        let full = TwSwitches { match_length: MatchLength::FullGame, ..TwSwitches::default() };
        let mut m = Match::new(&tw(full), MatchOptions::default()).unwrap();
        let mut winds = Vec::new();
        while !m.is_over() {
            let d = m.dealer() as usize;
            winds.push(m.round_wind());
            let rec = m.play_deal(&[win((d + 1) % 4, 5, Some(d))]).unwrap();
            assert_eq!(rec.seat_winds[d], 0);
        }
        assert_eq!(m.passes(), 16);
        assert_eq!(winds, (0..16).map(|r| (r / 4) as u8).collect::<Vec<_>>());
        assert_eq!(m.scores().iter().sum::<i64>(), 0);
        assert!(Match::new(&tw(full), MatchOptions { first_dealer: Some(4), ..Default::default() }).is_err());
        // Hong Kong arguments are refused by name.
        for opts in [
            MatchOptions { deals: Some(4), ..Default::default() },
            MatchOptions { start_deal: 3, ..Default::default() },
            MatchOptions { scores: Some([1, -1, 0, 0]), ..Default::default() },
        ] {
            let e = Match::new(&tw(full), opts).unwrap_err();
            assert!(e.is_rule_config() && e.to_string().contains("match_length"), "{e}");
        }
    }
}
