//! TW §20.7.2 liability 包牌 in the deal: the records a claim makes (who fed the set that makes
//! a listed pattern threaten) and the liable seat each win is settled with.

use super::switches::{TaiTable, TwSwitches, LIABILITY_PATTERNS};
use crate::game::{ActionType, Deal, Win};
use crate::rules::hooks::{Liability, RuleState};
use crate::tiles::hand::MeldKind;

/// The claimed sets of a seat as the thresholds read them: per set, its kind and whether it is
/// a pung or kong (chows, pungs, exposed and added kongs; never a concealed kong).
type Claimed = [(u8, bool)];

/// Whether `pattern`'s threshold of TW §20.7.2 holds for the claimed sets `m` (the two kong
/// patterns are decided by the caller: they count every kong and need an exposed-kong claim).
fn holds(pattern: &str, m: &Claimed) -> bool {
    let honours = |lo: u8, hi: u8| {
        let mut seen = 0u64;
        for &(k, pung) in m {
            if pung && (lo..=hi).contains(&k) {
                seen |= 1 << k;
            }
        }
        seen.count_ones()
    };
    let four = m.len() >= 4;
    let suits = || {
        let mut s = 0u8;
        for &(k, _) in m {
            if k < 27 {
                s |= 1 << (k / 9);
            }
        }
        s.count_ones()
    };
    match pattern {
        "big_four_winds" => honours(27, 30) >= 4,
        "small_four_winds" => honours(27, 30) >= 3,
        "big_three_dragons" => honours(31, 33) >= 3,
        "small_three_dragons" => honours(31, 33) >= 2,
        "all_honors" => four && m.iter().all(|&(k, _)| k >= 27),
        "full_flush" => four && m.iter().all(|&(k, _)| k < 27) && suits() == 1,
        "half_flush" => four && suits() <= 1,
        "all_pungs" => four && m.iter().all(|&(_, pung)| pung),
        _ => false,
    }
}

/// TW §20.7.2 recording: after `player` claimed (`kind`) a discard of `from` (the set is the
/// last of its declared sets), each listed pattern whose threshold the claim reached and that
/// is not yet in the seat's record names `from`.
pub(super) fn record_claim(sw: &TwSwitches, deal: &Deal, player: u8, kind: ActionType, from: u8, state: &mut RuleState) {
    let p = usize::from(player);
    let melds = deal.melds(p);
    let m: Vec<(u8, bool)> =
        melds.iter().filter(|s| s.kind != MeldKind::ConcealedKong).map(|s| (s.tile_kind(), s.kind.is_pung_like())).collect();
    let Some((_, before)) = m.split_last() else { return };
    let kongs =
        melds.iter().filter(|s| matches!(s.kind, MeldKind::ExposedKong | MeldKind::AddedKong | MeldKind::ConcealedKong)).count();
    let kong_claim = kind == ActionType::Kong;
    for pattern in sw.liability.patterns() {
        if state.records.iter().any(|r| r.seat == player && r.pattern == pattern) {
            continue;
        }
        let reached = match pattern {
            "four_kongs" => kong_claim && kongs == 4,
            "five_kongs" => kong_claim && kongs == 5,
            _ => holds(pattern, &m) && !holds(pattern, before),
        };
        if reached {
            state.records.push(Liability { seat: player, liable: from, pattern });
        }
    }
}

/// The element `pattern` guards under `table` (TW §20.7.2's table; `None`: the table has none).
fn guarded(pattern: &str, table: TaiTable) -> Option<&'static str> {
    let (h, l, c) = match pattern {
        "big_four_winds" => ("H33", "L28", "C41"),
        "small_four_winds" => ("H30", "L26", "C32"),
        "big_three_dragons" => ("H29", "L27", "C31"),
        "small_three_dragons" => ("H19", "L25", "C25"),
        "all_honors" => ("", "", "C40"),
        "full_flush" => ("H37", "L36", "C33"),
        "half_flush" => ("H22", "L24", "C26"),
        "all_pungs" => ("H25", "L20", "C24"),
        "four_kongs" => ("", "", "C43"),
        "five_kongs" => ("", "", "C44"),
        _ => return None,
    };
    let code = match table {
        TaiTable::High => h,
        TaiTable::Low => l,
        _ => c,
    };
    (!code.is_empty()).then_some(code)
}

/// TW §20.7.2 applying: the liable seat of `w`, the seat recorded for the first listed pattern
/// (priority order) in the winner's record whose guarded element the win scored. Bonus-tile
/// wins carry no liability.
pub(super) fn liable_for(sw: &TwSwitches, w: &Win, records: &[Liability]) -> Option<u8> {
    // a `compound` all-eight win scored with its hand counts as self-drawn; no other
    // bonus-tile win, and no seven-rob win, carries liability
    let compound = w.kind == crate::game::WinKind::BonusAllEight && w.score.interpretation.is_some();
    if w.kind.is_bonus_win() && !compound {
        return None;
    }
    LIABILITY_PATTERNS.iter().filter(|p| sw.liability.has(p)).find_map(|&pattern| {
        let r = records.iter().find(|r| r.seat == w.player && r.pattern == pattern)?;
        let code = guarded(pattern, sw.tai_table)?;
        w.score.elements.iter().any(|e| e.code == code).then_some(r.liable)
    })
}

#[cfg(test)]
mod tests {
    use super::holds;

    #[test]
    fn thresholds() {
        // three wind pungs and a chow: small four winds, not big; not all pungs
        let m = [(27, true), (28, true), (29, true), (0, false)];
        assert!(holds("small_four_winds", &m) && !holds("big_four_winds", &m));
        assert!(!holds("all_pungs", &m) && holds("half_flush", &m) && !holds("full_flush", &m));
        // a dragon chow cannot exist; two dragon pungs reach small three dragons
        assert!(holds("small_three_dragons", &[(31, true), (32, true)]));
        assert!(!holds("small_three_dragons", &[(31, true)]));
        // four sets of one suit: full flush and half flush; an honour set keeps only half
        let flush = [(0, false), (3, true), (8, true), (4, false)];
        assert!(holds("full_flush", &flush) && holds("half_flush", &flush));
        let half = [(0, false), (3, true), (31, true), (4, false)];
        assert!(!holds("full_flush", &half) && holds("half_flush", &half));
        assert!(holds("all_honors", &[(27, true), (28, true), (31, true), (33, true)]));
        assert!(!holds("all_honors", &[(27, true), (28, true), (31, true)]));
        assert!(!holds("half_flush", &[(0, false), (9, true), (31, true), (4, false)]));
    }
}
