//! TW §10a "impossible combinations are input errors": whether the situation of a Taiwanese
//! win can follow from the order of a deal (the deal's progress, the winner's declared sets
//! and discards), the one check the scorer, `score_batch` and the deal engine share.

use super::scoring::TwContext;
use crate::error::{MahjongError, Result};
use crate::rules::scoring::WinContext;
use crate::tiles::hand::{Hand, MeldKind};

/// Discards seat `seat` (0 = the dealer) has made after `discards` discards of an uninterrupted
/// deal, where discard i (from 0) is made by seat i mod 4 (TW §10 [`check_tw_situation`]).
pub const fn uninterrupted_own_discards(discards: u32, seat: u8) -> u32 {
    let s = seat as u32 % 4;
    if discards > s {
        (discards - s).div_ceil(4)
    } else {
        0
    }
}

/// TW §10a "impossible combinations are input errors": the one consistency rule for the
/// situation of a Taiwanese win — `ctx`, the winner's declared sets in `hand`, `s` (`D`, the
/// winner's discards `w`, an interruption) and the discarder's seat wind when known (`None`
/// otherwise: the checks that need it are skipped). `score`, `score_batch` and the deal
/// engine go through it (the scorer calls it), as should anything that values a hand in a
/// deal's situation.
///
/// It follows from the order of a deal (TW §1 with HK §5–§7, TW §5, §6, §10). The deal is a
/// sequence of turns: the dealer's first turn starts it on the dealt hand; every other turn
/// begins with a draw after another player's discard or with the claim of another player's
/// discard, and ends with one discard or with a win (kongs and bonus replacements happen
/// within a turn). A chow or pung claim must be followed by a discard (TW §6); an exposed
/// kong claim by its replacement draw, then a discard or a win on the loose tile. `D` counts
/// every discard, claimed ones included; a robbed kong tile is not one (TW §10).
///
/// 1. Heavenly blessing (`dealer_start`): `D` = 0, `w` = 0, not interrupted.
/// 2. `w` ≤ `D`; a declared set, a robbed kong or `D` = 0 with a concealed kong means the deal
///    was interrupted.
/// 3. No interruption: the turns go round from the dealer, discard i made by seat i mod 4. A
///    self-drawn win by seat `s` (0 = dealer) needs `D` ≡ `s` (mod 4) and `D` > 0 (the dealer
///    at `D` = 0 is the heavenly blessing); a win on a discard needs `D` ≥ 1, the last discard
///    (by seat (`D` − 1) mod 4, the discarder when given) not the winner's; and `w` is exactly
///    the number of discards i < `D` with i ≡ `s` (mod 4).
/// 4. The winner's turns are its `w` turns that ended with a discard plus the winning turn of
///    a self-drawn win. Each of them but the dealer's first needs another player's discard
///    since the winner's previous turn, and a win on a discard needs the claimed discard after
///    the winner's last turn: `D` − `w` ≥ turns − [dealer] + [on a discard]. In particular the
///    first discard is the dealer's (a dealer with `D` > 0 has `w` ≥ 1) and a non-dealer
///    cannot win before it (`D` ≥ 1).
/// 5. Each claimed set of the winner is one of those turns, never the dealer's first; a chow,
///    pung or added kong (grown from a claimed pung) was a turn that ended with a discard; an
///    exposed kong's turn may instead be the winning turn when the win is self-drawn on a
///    loose tile. So chows + pungs + added kongs ≤ `w` − [dealer, `w` ≥ 1], and all claimed
///    sets ≤ that + [self-drawn on a loose tile with an exposed kong].
/// 6. Before any discard (`D` = 0) the dealer wins only on the dealt hand (1) or on a loose
///    tile after a concealed kong (TW §10a): no other set, and `kong_replacement`.
/// 7. Robbing a kong needs the kong declarer's earlier pung claim (one discard) and the
///    discard that followed it (TW §6): `D` ≥ 2, one of them not the winner's.
///
/// Errors: `InvalidHand` naming the first condition that fails.
pub fn check_tw_situation(ctx: &WinContext, hand: &Hand, s: &TwContext, discarder: Option<u8>) -> Result<()> {
    let bad = |m: String| Err(MahjongError::hand(m));
    let (d, w) = (s.discards, s.winner_discards);
    let seat = ctx.seat_wind % 4;
    let dealer = seat == 0;
    let self_drawn = ctx.self_drawn || ctx.dealer_start;
    let on_discard = !self_drawn && !ctx.robbing_kong;
    // 1. The heavenly blessing.
    if ctx.dealer_start {
        if d != 0 || w != 0 || s.interrupted {
            return bad(format!(
                "the heavenly blessing comes before any discard or interruption: discards = 0, winner_discards = 0, \
                 interrupted = false (got {d}, {w}, {})",
                s.interrupted
            ));
        }
        return Ok(());
    }
    // 2.
    if w > d {
        return bad(format!("the winner cannot have made more discards than the deal (winner_discards {w} > discards {d})"));
    }
    if !s.interrupted {
        if !hand.melds.is_empty() {
            return bad("a hand with a declared set means the deal was interrupted (interrupted = true)".into());
        }
        if ctx.robbing_kong {
            return bad("robbing a kong needs an added kong, an interruption (interrupted = true)".into());
        }
        // 3. The uninterrupted order.
        let who = |i: u32| ["East", "South", "West", "North"][(i % 4) as usize];
        if self_drawn && (d % 4 != u32::from(seat) || d == 0) {
            return bad(if d == 0 {
                "before any discard the dealer wins only on the dealt hand (dealer_start) or on a concealed kong's \
                 replacement (TW §10a)"
                    .into()
            } else {
                format!(
                    "in an uninterrupted deal the turn after {d} discard{} is {}'s, not the winner's ({}): a \
                     self-drawn win by {} needs discards ≡ {seat} (mod 4)",
                    if d == 1 { "" } else { "s" },
                    who(d),
                    who(u32::from(seat)),
                    who(u32::from(seat)),
                )
            });
        }
        if on_discard {
            if d == 0 {
                return bad("a win on a discard needs a discard (discards ≥ 1)".into());
            }
            let last = (d - 1) % 4;
            if last == u32::from(seat) {
                return bad(format!(
                    "in an uninterrupted deal discard {d} is made by {}, the winner: a win on a discard needs another \
                     player's",
                    who(last)
                ));
            }
            if let Some(x) = discarder.filter(|&x| u32::from(x) != last) {
                return bad(format!(
                    "in an uninterrupted deal discard {d} is made by {}, not by the discarder {}",
                    who(last),
                    who(u32::from(x))
                ));
            }
        }
        let own = uninterrupted_own_discards(d, seat);
        if w != own {
            return bad(format!(
                "in an uninterrupted deal {} has made {own} of the {d} discards, not {w} (winner_discards)",
                who(u32::from(seat))
            ));
        }
        return Ok(());
    }
    // 6. Before any discard: the dealer's loose tile after a concealed kong.
    if d == 0 {
        if !dealer {
            return bad("a non-dealer cannot win before the dealer's first discard (discards = 0)".into());
        }
        let kongs_only = hand.melds.iter().all(|m| m.kind == MeldKind::ConcealedKong);
        if !(ctx.kong_replacement && self_drawn && kongs_only && !hand.melds.is_empty()) {
            return bad("before any discard the dealer wins only on the dealt hand (dealer_start) or on a concealed kong's \
                 replacement, with no other declared set (TW §10a)"
                .into());
        }
        return Ok(());
    }
    // 4. The winner's turns and the other players' discards.
    if dealer && w == 0 {
        return bad(format!("the dealer makes the first discard of the deal (winner_discards = 0 with discards = {d})"));
    }
    let turns = w + u32::from(self_drawn);
    let needed = turns - u32::from(dealer && turns > 0) + u32::from(on_discard);
    if d - w < needed {
        return bad(format!(
            "{d} discards with {w} by the winner leave {} by the others; the winner's {turns} turn(s){} need at least \
             {needed} (each turn after another player's discard)",
            d - w,
            if on_discard { " and the claimed discard" } else { "" },
        ));
    }
    // 5. The winner's claims.
    let count = |k: &[MeldKind]| hand.melds.iter().filter(|m| k.contains(&m.kind)).count() as u32;
    let after_discard = count(&[MeldKind::Chow, MeldKind::Pung, MeldKind::AddedKong]);
    let exposed_kongs = count(&[MeldKind::ExposedKong]);
    let claim_turns = w - u32::from(dealer);
    if after_discard > claim_turns {
        return bad(format!(
            "each chow or pung claim is followed by a discard (TW §6): {after_discard} claimed chow(s) and pung(s) \
             need at least {} discard(s) by the winner, not {w}",
            after_discard + u32::from(dealer)
        ));
    }
    let loose_kong_turn = u32::from(self_drawn && ctx.kong_replacement && exposed_kongs > 0);
    if after_discard + exposed_kongs > claim_turns + loose_kong_turn {
        return bad(format!(
            "{} claimed set(s) are {} claim turn(s) of the winner, each but a kong won on its loose tile followed by \
             a discard: winner_discards {w} is too few",
            after_discard + exposed_kongs,
            after_discard + exposed_kongs
        ));
    }
    // 7. Robbing a kong.
    if ctx.robbing_kong && (d < 2 || d == w) {
        return bad(format!(
            "robbing a kong needs the declarer's pung claim and the discard after it (discards ≥ 2, one by another \
             player), not discards = {d} with {w} by the winner"
        ));
    }
    Ok(())
}
