//! TW §20.7.2 liability 包牌 in the deal: the records a claim makes (who fed the set that makes
//! a listed pattern threaten) and the liable seat each win is settled with.

use super::switches::{TaiTable, TwSwitches, LIABILITY_PATTERNS};
use crate::game::{ActionType, Deal, Win};
use crate::rules::hooks::{Liability, LiabilityRisk, RuleState};
use crate::tiles::hand::Meld;

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

/// TW §20.7.2 the listed patterns whose threshold a claim (`kind`) reached, `melds` the
/// claimer's declared sets after it (the claimed set last), in the switch's order.
fn reached<'a>(sw: &'a TwSwitches, melds: &'a [Meld], kind: ActionType) -> impl Iterator<Item = &'static str> + 'a {
    let m: Vec<(u8, bool)> = melds.iter().filter(|s| s.kind.is_claimed()).map(|s| (s.tile.0, s.kind.is_pung_like())).collect();
    let kongs = melds.iter().filter(|s| s.kind.is_kong()).count();
    let kong_claim = kind == ActionType::Kong;
    sw.liability.patterns().filter(move |&pattern| {
        let Some((_, before)) = m.split_last() else { return false };
        match pattern {
            "four_kongs" => kong_claim && kongs == 4,
            "five_kongs" => kong_claim && kongs == 5,
            _ => holds(pattern, &m) && !holds(pattern, before),
        }
    })
}

/// TW §20.7.2 recording: after `player` claimed (`kind`) a discard of `from` (the set is the
/// last of its declared sets), each listed pattern whose threshold the claim reached and that
/// is not yet in the seat's record names `from`.
pub(super) fn record_claim(sw: &TwSwitches, deal: &Deal, player: u8, kind: ActionType, from: u8, state: &mut RuleState) {
    let melds: Vec<Meld> = deal.melds(usize::from(player)).iter().map(|m| m.core()).collect();
    for pattern in reached(sw, &melds, kind) {
        if !state.records.iter().any(|r| r.seat == player && r.pattern == pattern) {
            state.records.push(Liability { seat: player, liable: from, pattern });
        }
    }
}

/// TW §20.7.2 from public information (the agents ask it before a discard): the listed pattern
/// a claim would reach whose guarded element is worth the most under the table (its Tai as
/// overridden), if any.
pub(super) fn claim_risk(sw: &TwSwitches, melds: &[Meld], kind: ActionType) -> Option<LiabilityRisk> {
    if sw.liability.0 == 0 {
        return None;
    }
    reached(sw, melds, kind)
        .map(|pattern| {
            let guarded = guarded(pattern, sw.tai_table).map_or(0, |code| guarded_tai(sw, code));
            LiabilityRisk { pattern, guarded }
        })
        .max_by_key(|r| r.guarded)
}

/// The Tai of element `code` under the switches' table and `tai_overrides` (0 if the table
/// has no such element).
fn guarded_tai(sw: &TwSwitches, code: &str) -> u8 {
    super::element_tai(sw, code).unwrap_or(0)
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
    let compound =
        w.kind == crate::game::WinKind::Bonus(crate::rules::BonusWinKind::AllEight) && w.score.interpretation.is_some();
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

    /// What the agents ask before a discard: the pattern a claim would reach (the one guarding
    /// the most Tai) with that Tai under the table and `tai_overrides`; nothing for a claim
    /// that reaches no listed pattern or one already reached before it.
    #[test]
    fn claim_risk_names_the_pattern_and_its_tai() {
        use super::super::switches::{Liability, TaiTable, TwSwitches, LIABILITY_PATTERNS};
        use super::claim_risk;
        use crate::game::ActionType;
        use crate::tiles::hand::{Meld, MeldKind};
        use crate::tiles::tile::Tile;
        let bit = |p: &str| 1u16 << LIABILITY_PATTERNS.iter().position(|x| *x == p).unwrap();
        let pung = |k: u8| Meld { kind: MeldKind::Pung, tile: Tile(k) };
        let mut sw = TwSwitches::with_table(TaiTable::High);
        sw.liability = Liability(bit("big_three_dragons") | bit("small_three_dragons"));
        // the second dragon pung reaches small three dragons (H19), the third big (H29)
        let r = claim_risk(&sw, &[pung(31), pung(32)], ActionType::Pung).unwrap();
        assert_eq!((r.pattern, r.guarded), ("small_three_dragons", super::guarded_tai(&sw, "H19")));
        let r = claim_risk(&sw, &[pung(31), pung(32), pung(33)], ActionType::Pung).unwrap();
        assert_eq!(r.pattern, "big_three_dragons");
        assert!(r.guarded > super::guarded_tai(&sw, "H19"));
        // a pung of a wind after two dragon pungs reaches nothing new
        assert_eq!(claim_risk(&sw, &[pung(31), pung(32), pung(27)], ActionType::Pung), None);
        // without the pattern listed: nothing
        sw.liability = Liability(bit("full_flush"));
        assert_eq!(claim_risk(&sw, &[pung(31), pung(32)], ActionType::Pung), None);
    }
}
