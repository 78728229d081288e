//! HK §19.9 settlement (replacing §11.1–§11.2) and the §19.11 false-win penalty, as functions of
//! explicit inputs: the switches, each win, the liable player whose liability applies to it
//! (§19.8, its scope already decided), the other winners on the same tile (§19.7) and the
//! dealer. The `Payments` methods of [`super::HongKongRules`] call them; under the default
//! switches they give exactly §11.

use super::switches::{HongKongSwitches, LiabilityDiscard, Responsibility};
use crate::error::{MahjongError, Result};
use crate::rules::WinPayment;

fn bad(msg: impl Into<String>) -> MahjongError {
    MahjongError::hand(msg)
}

/// One win as §19.9 settles it: the win and the player liable for it (§19.8) when that
/// player's liability applies to this win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseWin {
    pub win: WinPayment,
    /// The liable player L whose liability applies to this win (scope of §19.8 decided).
    pub liable: Option<usize>,
}

/// HK §19.9 "Split": (a, b, c) in halves of U: the discarder's, each other payer's on a
/// discard win, and each payer's on a self-drawn win, doubled so that b = ½ is an integer.
pub fn split_halves(sw: &HongKongSwitches) -> (i64, i64, i64) {
    if let Some(p) = sw.payment_split {
        return (2 * i64::from(p.discarder), 2 * i64::from(p.others), 2 * i64::from(p.self_draw));
    }
    match sw.responsibility {
        Responsibility::Seed => (6, 0, 2),
        Responsibility::Full => (4, 0, 2),
        Responsibility::Half => (2, 1, 2),
    }
}

/// HK §19.9 U = M(F) × `unit` for a total F (above `max_faan` read as `max_faan`).
pub fn unit_amount(sw: &HongKongSwitches, faan: u32) -> i64 {
    let f = faan.min(u32::from(sw.max_faan)) as u8;
    sw.multiplier(f) * i64::from(sw.unit)
}

/// HK §19.9 steps 1–5 for one winner: what each player pays (negative) or gains.
/// `co_winners` is a bit mask of the other winners on the same tile (§19.7), who pay nothing
/// for this win; `dealer` is the deal's dealer (for `dealer_double`).
///
/// Errors (`InvalidHand`): a position out of range, a win on a discard without its discarder
/// or with the winner, or a co-winner as discarder, or a self-drawn win with co-winners, a
/// liable player who is the winner, or a payment the switches make fractional (half of an
/// odd U: only M(0) with an odd unit, which no valid configuration lets win).
pub fn pay_win(sw: &HongKongSwitches, w: &HouseWin, co_winners: u8, dealer: usize) -> Result<[i64; 4]> {
    let win = &w.win;
    let winner = win.winner;
    if winner >= 4 {
        return Err(bad(format!("winner {winner} is not a player 0..3")));
    }
    if sw.dealer_double && dealer >= 4 {
        return Err(bad(format!("dealer {dealer} is not a player 0..3")));
    }
    if co_winners & (1 << winner) != 0 || co_winners >= 16 {
        return Err(bad("the co-winners are other players 0..3 than the winner"));
    }
    let u = unit_amount(sw, win.value);
    let (a, b, c) = split_halves(sw);
    // Step 2: obligations in halves of U.
    let mut owe = [0i64; 4];
    if win.self_drawn {
        if co_winners != 0 {
            return Err(bad("a self-drawn win has no co-winners (HK §19.7: several winners win on one discard)"));
        }
        for (seat, o) in owe.iter_mut().enumerate() {
            if seat != winner {
                *o = c;
            }
        }
    } else {
        let d = match win.discarder {
            Some(d) if d < 4 && d != winner && co_winners & (1 << d) == 0 => d,
            Some(d) => return Err(bad(format!("discarder {d} must be another player 0..3 than the winners"))),
            None => return Err(bad("a win on a discard needs the discarder")),
        };
        for (seat, o) in owe.iter_mut().enumerate() {
            if seat == d {
                *o = a;
            } else if seat != winner && co_winners & (1 << seat) == 0 {
                *o = b;
            }
        }
    }
    // Step 3: dealer doubling, at most once per obligation.
    if sw.dealer_double {
        for (seat, o) in owe.iter_mut().enumerate() {
            if seat == dealer || winner == dealer {
                *o *= 2;
            }
        }
    }
    // Step 4: liability.
    if let Some(l) = w.liable {
        if l >= 4 || l == winner {
            return Err(bad(format!("the liable player {l} must be another player 0..3 than the winner")));
        }
        let applies = co_winners & (1 << l) == 0
            && (win.self_drawn || win.discarder == Some(l) || sw.liability_discard == LiabilityDiscard::Liable);
        if applies {
            let total: i64 = owe.iter().sum();
            owe = [0; 4];
            owe[l] = total;
        }
    }
    // Step 5: pay, in points.
    let mut p = [0i64; 4];
    for (seat, o) in owe.iter().enumerate() {
        if *o * u % 2 != 0 {
            return Err(bad(format!("a {}-faan win on a discard would pay a fractional amount under these switches", win.value)));
        }
        let amount = *o * u / 2;
        p[seat] -= amount;
        p[winner] += amount;
    }
    Ok(p)
}

/// HK §19.9 for the winners of one deal (several only on one tile, §19.7): each settled by
/// [`pay_win`] with the others as co-winners, and the results added. Errors as [`pay_win`],
/// and several winners that are not on one discard (a self-drawn win among them, different
/// discarders, a winner twice).
pub fn settle_wins(sw: &HongKongSwitches, wins: &[HouseWin], dealer: usize) -> Result<[i64; 4]> {
    let mut mask = 0u8;
    for w in wins {
        if w.win.winner >= 4 {
            return Err(bad(format!("winner {} is not a player 0..3", w.win.winner)));
        }
        if mask & (1 << w.win.winner) != 0 {
            return Err(bad(format!("player {} wins twice", w.win.winner)));
        }
        mask |= 1 << w.win.winner;
    }
    if wins.len() > 1 {
        let d = wins[0].win.discarder;
        if wins.iter().any(|w| w.win.self_drawn || w.win.discarder != d) {
            return Err(bad("several winners win on one discard (HK §19.7): the same discarder, none self-drawn"));
        }
    }
    let mut total = [0i64; 4];
    for w in wins {
        let p = pay_win(sw, w, mask & !(1 << w.win.winner), dealer)?;
        for (t, x) in total.iter_mut().zip(p) {
            *t += x;
        }
    }
    Ok(total)
}

/// HK §19.11 step 4: the false-win penalty P that the offender pays each other player, or
/// `None` under `false_win = reject`. `pay_limit_self_draw`: 3 · c · M(`max_faan`) · `unit`;
/// `pay_four_faan`: c · M(min(4, `max_faan`)) · `unit` (c the self-draw multiplier).
pub fn false_win_penalty(sw: &HongKongSwitches) -> Option<i64> {
    use super::switches::FalseWin;
    let c = split_halves(sw).2 / 2;
    match sw.false_win {
        FalseWin::Reject => None,
        FalseWin::PayLimitSelfDraw => Some(3 * c * unit_amount(sw, u32::from(sw.max_faan))),
        FalseWin::PayFourFaan => Some(c * unit_amount(sw, 4)),
    }
}

/// HK §19.11 the payments of a false win by `offender` (0..3): P to each other player.
/// Errors: `false_win = reject` (a false win is refused) or an offender out of range.
pub fn false_win_payments(sw: &HongKongSwitches, offender: usize) -> Result<[i64; 4]> {
    if offender >= 4 {
        return Err(bad(format!("offender {offender} is not a player 0..3")));
    }
    let Some(pen) = false_win_penalty(sw) else {
        return Err(bad("false_win is \"reject\": a false win is refused, it pays nothing (HK §19.11)"));
    };
    let mut p = [pen; 4];
    p[offender] = -3 * pen;
    Ok(p)
}
