//! The greedy agent: the documented policy of `GreedySeat` (python/mahjong_fast/seats/greedy.py,
//! the baseline the AI work measures against), decided by [`Evaluator`]. Every tie is broken by
//! the lowest kind, then by the engine's order of the legal options — never by hash order.
//!
//! - **Win** whenever a win (self-drawn, on a discard, or robbing a kong) is legal: the first
//!   such option.
//! - **Discard** (HK §5.3) the kind whose removal gives the lowest shanten, then the most ukeire
//!   over the tiles the seat cannot see, then the lowest kind; of that kind the first legal
//!   option (the engine lists discards by ascending tile id: the lowest id).
//! - **Concealed / added kong** (HK §7) when the hand's shanten after it (before the replacement
//!   draw) is no worse than the best shanten a discard reaches now; kongs tried in legal order.
//! - **Pung / chow** (HK §6.1) only when the hand after the claim (14-equivalent: shanten after
//!   its best discard) has a strictly lower shanten than now; of several, the lowest shanten,
//!   then the first in legal order. **Exposed kong** when the shanten after it is no worse than
//!   now. Otherwise pass.

use super::eval::{Evaluator, Rating};
use super::{OptionKind, Situation};
use crate::analysis::decompose::ShapeRules;
use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Meld, MeldKind};
use crate::tiles::tile::Tile;

/// The greedy policy with its evaluator (one per thread; it keeps no state between decisions
/// that could change an answer, only a cache of tables).
pub struct GreedyAgent {
    ev: Evaluator,
    rules: ShapeRules,
    rates: Vec<Rating>,
    melds: Vec<Meld>,
    /// The lowest shanten of `rates` when the latest `choose` rated its discards.
    rated: Option<i8>,
}

fn take(c: &mut Counts, k: Tile, n: u8) -> Result<()> {
    let slot = &mut c[k.index()];
    if *slot < n {
        return Err(MahjongError::hand(format!("the option needs {n} copies of {k} from the concealed hand")));
    }
    *slot -= n;
    Ok(())
}

impl GreedyAgent {
    /// A greedy agent for the winning shapes `rules` (HK: [`crate::analysis::decompose::HK_SHAPES`]).
    pub fn new(rules: ShapeRules) -> Self {
        GreedyAgent { ev: Evaluator::new(), rules, rates: Vec::with_capacity(14), melds: Vec::with_capacity(8), rated: None }
    }

    /// The discard ratings of the latest [`GreedyAgent::choose`] and their lowest shanten
    /// ([`Evaluator::rate`] of the hand, `all_ukeire` off), when it rated them (not when one
    /// kind was the only discard and no kong was legal). The value agent reads them instead of
    /// rating the same hand again.
    pub fn last_rating(&self) -> Option<(i8, &[Rating])> {
        self.rated.map(|b| (b, self.rates.as_slice()))
    }

    /// The index of the chosen option in `s.legal`.
    ///
    /// Errors (`InvalidHand`): no legal option, a hand of the wrong size or with a fifth copy, an
    /// option the hand cannot make.
    pub fn choose(&mut self, s: &Situation<'_>) -> Result<usize> {
        self.rated = None;
        if s.legal.is_empty() {
            return Err(MahjongError::hand("no legal option to choose from"));
        }
        if let Some(i) = s.legal.iter().position(|o| matches!(o.kind, OptionKind::Win | OptionKind::SelfDrawnWin)) {
            return Ok(i);
        }
        if s.legal.iter().any(|o| o.kind == OptionKind::Discard) {
            self.turn(s)
        } else {
            self.respond(s)
        }
    }

    fn turn(&mut self, s: &Situation<'_>) -> Result<usize> {
        let legal = s.legal;
        let is_kong = |k: OptionKind| matches!(k, OptionKind::ConcealedKong | OptionKind::AddedKong);
        let first = legal.iter().position(|o| o.kind == OptionKind::Discard).unwrap_or(0);
        let one_kind = legal.iter().filter(|o| o.kind == OptionKind::Discard).all(|o| o.tile == legal[first].tile);
        if one_kind && !legal.iter().any(|o| is_kong(o.kind)) {
            // One kind to discard and no kong: whatever the ratings, the answer is this option.
            return Ok(first);
        }
        let best_s = self.ev.rate(s.concealed, s.melds, s.unseen, &self.rules, false, &mut self.rates)?;
        self.rated = Some(best_s);
        let mut best: Option<(u32, u8)> = None; // (ukeire, kind): most ukeire, then lowest kind
        for r in &self.rates {
            if r.shanten == best_s {
                let u = r.ukeire.unwrap_or(0);
                if best.is_none_or(|(bu, _)| u > bu) {
                    best = Some((u, r.kind));
                }
            }
        }
        for (i, o) in legal.iter().enumerate() {
            if !is_kong(o.kind) {
                continue;
            }
            let mut c = *s.concealed;
            self.melds.clear();
            self.melds.extend_from_slice(s.melds);
            if o.kind == OptionKind::ConcealedKong {
                take(&mut c, o.tile, 4)?;
                self.melds.push(Meld { kind: MeldKind::ConcealedKong, tile: o.tile });
            } else {
                // The pung stays a set of three: the same shape for shanten.
                take(&mut c, o.tile, 1)?;
            }
            if self.ev.shanten(&c, &self.melds, &self.rules)? <= best_s {
                return Ok(i);
            }
        }
        let kind = best.map(|(_, k)| k).unwrap_or(u8::MAX);
        Ok(legal.iter().position(|o| o.kind == OptionKind::Discard && o.tile.0 == kind).unwrap_or(first))
    }

    fn respond(&mut self, s: &Situation<'_>) -> Result<usize> {
        let legal = s.legal;
        let pass = legal
            .iter()
            .position(|o| o.kind == OptionKind::Pass)
            .ok_or_else(|| MahjongError::hand("a claim window without a pass option"))?;
        let is_claim = |k: OptionKind| matches!(k, OptionKind::Pung | OptionKind::Kong | OptionKind::Chow);
        let Some(disc) = s.discard else { return Ok(pass) };
        if !legal.iter().any(|o| is_claim(o.kind)) {
            return Ok(pass);
        }
        let now = self.ev.shanten(s.concealed, s.melds, &self.rules)?;
        let mut best: Option<(i8, usize)> = None;
        for (i, o) in legal.iter().enumerate() {
            if !is_claim(o.kind) {
                continue;
            }
            let mut c = *s.concealed;
            self.melds.clear();
            self.melds.extend_from_slice(s.melds);
            let sh = match o.kind {
                OptionKind::Kong => {
                    take(&mut c, disc, 3)?;
                    self.melds.push(Meld { kind: MeldKind::ExposedKong, tile: disc });
                    // 13-equivalent: before the replacement draw
                    let sh = self.ev.shanten(&c, &self.melds, &self.rules)?;
                    if sh > now {
                        continue;
                    }
                    sh
                }
                _ => {
                    if o.kind == OptionKind::Pung {
                        take(&mut c, disc, 2)?;
                        self.melds.push(Meld { kind: MeldKind::Pung, tile: disc });
                    } else {
                        let low = o.tile.0;
                        if !(low..low + 3).contains(&disc.0) {
                            return Err(MahjongError::hand(format!("a chow from {} cannot use the discard {disc}", o.tile)));
                        }
                        self.melds.push(Meld::new(MeldKind::Chow, o.tile)?);
                        for k in low..low + 3 {
                            if k != disc.0 {
                                take(&mut c, Tile(k), 1)?;
                            }
                        }
                    }
                    // 14-equivalent: the shanten after the best discard
                    let sh = self.ev.shanten(&c, &self.melds, &self.rules)?;
                    if sh >= now {
                        continue;
                    }
                    sh
                }
            };
            if best.is_none_or(|(b, _)| sh < b) {
                best = Some((sh, i));
            }
        }
        Ok(best.map(|(_, i)| i).unwrap_or(pass))
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::agents::LegalOption;
    use crate::analysis::advise::rate_discards;
    use crate::analysis::decompose::HK_SHAPES;
    use crate::analysis::shanten::incremental::tests::random_unseen;
    use crate::analysis::shanten::shanten;
    use crate::analysis::shanten::tests::{random_hand, XorShift};

    /// The policy as python/mahjong_fast/seats/greedy.py writes it, over the reference
    /// `rate_discards` and `shanten` (no shortcut, no incremental evaluation).
    fn reference(s: &Situation<'_>) -> usize {
        let legal = s.legal;
        if let Some(i) = legal.iter().position(|o| matches!(o.kind, OptionKind::Win | OptionKind::SelfDrawnWin)) {
            return i;
        }
        let with = |extra: Option<Meld>| {
            let mut m = s.melds.to_vec();
            m.extend(extra);
            m
        };
        if legal.iter().any(|o| o.kind == OptionKind::Discard) {
            let rates = rate_discards(s.concealed, s.melds, s.unseen, &HK_SHAPES).unwrap();
            let (best_s, _, kind) = rates.iter().map(|r| (r.shanten, -(r.ukeire as i64), r.tile.0)).min().unwrap();
            for (i, o) in legal.iter().enumerate() {
                let mut c = *s.concealed;
                let m = match o.kind {
                    OptionKind::ConcealedKong => {
                        c[o.tile.index()] -= 4;
                        with(Some(Meld { kind: MeldKind::ConcealedKong, tile: o.tile }))
                    }
                    OptionKind::AddedKong => {
                        c[o.tile.index()] -= 1;
                        with(None)
                    }
                    _ => continue,
                };
                if shanten(&c, &m, &HK_SHAPES).unwrap() <= best_s {
                    return i;
                }
            }
            return legal
                .iter()
                .position(|o| o.kind == OptionKind::Discard && o.tile.0 == kind)
                .unwrap_or_else(|| legal.iter().position(|o| o.kind == OptionKind::Discard).unwrap());
        }
        let pass = legal.iter().position(|o| o.kind == OptionKind::Pass).unwrap();
        let Some(d) = s.discard else { return pass };
        let now = shanten(s.concealed, s.melds, &HK_SHAPES).unwrap();
        let mut best: Option<(i8, usize)> = None;
        for (i, o) in legal.iter().enumerate() {
            let mut c = *s.concealed;
            let (m, strict) = match o.kind {
                OptionKind::Kong => {
                    c[d.index()] -= 3;
                    (with(Some(Meld { kind: MeldKind::ExposedKong, tile: d })), false)
                }
                OptionKind::Pung => {
                    c[d.index()] -= 2;
                    (with(Some(Meld { kind: MeldKind::Pung, tile: d })), true)
                }
                OptionKind::Chow => {
                    for k in o.tile.0..o.tile.0 + 3 {
                        if k != d.0 {
                            c[k as usize] -= 1;
                        }
                    }
                    (with(Some(Meld { kind: MeldKind::Chow, tile: o.tile })), true)
                }
                _ => continue,
            };
            let sh = shanten(&c, &m, &HK_SHAPES).unwrap();
            if (strict && sh >= now) || (!strict && sh > now) {
                continue;
            }
            if best.is_none_or(|(b, j)| (sh, i) < (b, j)) {
                best = Some((sh, i));
            }
        }
        best.map(|(_, i)| i).unwrap_or(pass)
    }

    /// A turn's legal options as the engine lists them: wins, kongs, then one discard per tile.
    fn turn_options(rng: &mut XorShift, c: &Counts, melds: &[Meld]) -> Vec<LegalOption> {
        let mut out = Vec::new();
        if rng.below(20) == 0 {
            out.push(LegalOption::new(OptionKind::SelfDrawnWin, Tile(0)));
        }
        for k in 0..34 {
            if c[k] == 4 {
                out.push(LegalOption::new(OptionKind::ConcealedKong, Tile(k as u8)));
            }
        }
        for m in melds {
            if m.kind == MeldKind::Pung && c[m.tile.index()] > 0 {
                out.push(LegalOption::new(OptionKind::AddedKong, m.tile));
            }
        }
        for k in 0..34 {
            for _ in 0..c[k] {
                out.push(LegalOption::new(OptionKind::Discard, Tile(k as u8)));
            }
        }
        out
    }

    /// A claim window's options: pass, maybe a win, kong, pung, chows by lowest kind.
    fn response_options(rng: &mut XorShift, c: &Counts, d: Tile) -> Vec<LegalOption> {
        let mut out = vec![LegalOption::new(OptionKind::Pass, Tile(0))];
        if rng.below(20) == 0 {
            out.push(LegalOption::new(OptionKind::Win, Tile(0)));
        }
        let k = d.index();
        if c[k] >= 3 {
            out.push(LegalOption::new(OptionKind::Kong, d));
        }
        if c[k] >= 2 {
            out.push(LegalOption::new(OptionKind::Pung, d));
        }
        if d.is_suited() && rng.below(2) == 0 {
            let n = d.number() as usize; // 1..=9
            for low_n in n.saturating_sub(2).max(1)..=n.min(7) {
                let low = k + low_n - n;
                if (low..low + 3).all(|j| j == k || c[j] > 0) {
                    out.push(LegalOption::new(OptionKind::Chow, Tile(low as u8)));
                }
            }
        }
        out
    }

    #[test]
    fn greedy_equals_the_documented_policy_on_random_situations() {
        let mut agent = GreedyAgent::new(HK_SHAPES);
        let mut rng = XorShift(0x6EED_7000_0000_0003);
        let (mut turns, mut claims, mut kongs_taken, mut claims_taken) = (0, 0, 0, 0);
        for i in 0..8000 {
            let n_melds = [0, 0, 1, 1, 2, 3][i % 6];
            let turn = i % 2 == 0;
            let size = if turn { 14 } else { 13 } - 3 * n_melds;
            let (c, melds) = random_hand(&mut rng, n_melds, size, i % 4 != 3);
            let u = random_unseen(&mut rng, &c, &melds);
            let (legal, discard) = if turn {
                (turn_options(&mut rng, &c, &melds), None)
            } else {
                // a discard the seat does not hold four of (nor all copies of, with its sets)
                let held = crate::analysis::decompose::held_counts(&c, &melds).unwrap();
                let d = loop {
                    let d = rng.below(34) as usize;
                    if held[d] < 4 {
                        break Tile(d as u8);
                    }
                };
                (response_options(&mut rng, &c, d), Some(d))
            };
            let s = Situation { concealed: &c, melds: &melds, unseen: &u, discard, legal: &legal };
            let want = reference(&s);
            let got = agent.choose(&s).unwrap();
            assert_eq!(got, want, "hand {c:?} melds {melds:?} legal {legal:?}");
            let k = legal[got].kind;
            if turn {
                turns += 1;
                kongs_taken += matches!(k, OptionKind::ConcealedKong | OptionKind::AddedKong) as u32;
            } else {
                claims += 1;
                claims_taken += matches!(k, OptionKind::Pung | OptionKind::Chow | OptionKind::Kong) as u32;
            }
        }
        // The sample exercises every branch.
        assert_eq!((turns, claims), (4000, 4000));
        assert!(kongs_taken > 10 && claims_taken > 100, "{kongs_taken} {claims_taken}");
    }

    #[test]
    fn bad_options_are_errors() {
        let mut agent = GreedyAgent::new(HK_SHAPES);
        let h = crate::tiles::hand::hand("123m456m789p234s5s");
        let u = [2u8; 34];
        let none = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: None, legal: &[] };
        assert!(agent.choose(&none).is_err());
        // a pung of 1z the hand cannot make
        let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Pung, Tile(27))];
        let s = Situation { discard: Some(Tile(27)), legal: &legal, ..none };
        assert!(agent.choose(&s).is_err());
        // a chow that does not contain the discard
        let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Chow, Tile(0))];
        let s = Situation { discard: Some(Tile(20)), legal: &legal, ..none };
        assert!(agent.choose(&s).is_err());
    }
}
