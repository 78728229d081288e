//! The value agent: [`GreedyAgent`] plus exactly two rules, a reference point for play that
//! knows a win under the minimum is no win (HK §10.5). It needs the seat's winds and own bonus
//! tiles (known to the seat, HK §14) besides the [`Situation`], to value its waits with
//! [`crate::rules::wait_values`].
//!
//! 1. **Claims** (HK §6.1): a pung, chow or exposed kong greedy would take is refused when the
//!    hand after it is 1-shanten or better and no wait of its best discard would be a legal win,
//!    looking one draw ahead for a 1-shanten hand (some drawable kind, then some discard that
//!    leaves the hand ready with a wait that is a legal win, self-drawn or on a discard). Of the
//!    claims that remain, greedy's choice (lowest shanten, then legal order); none: pass.
//! 2. **Discards** (HK §5.3): when the best discards leave the hand ready, those whose waits
//!    include a legal win come first; then greedy's order (most ukeire, lowest kind). A discard
//!    of higher shanten is never preferred.
//!
//! Everything else (wins, kongs on the own turn) is greedy's. Ties go to the lowest kind, then
//! the engine's order of the legal options.

use super::eval::{Evaluator, Rating};
use super::{options, GreedyAgent, OptionKind, Situation};
use crate::error::{MahjongError, Result};
use crate::rules::wait_values::{any_legal_wait, ValueSituation};
use crate::rules::Ruleset;
use crate::tiles::hand::{Counts, Hand, Meld};
use crate::tiles::tile::N_KINDS;

/// What the value agent knows of its seat beyond the [`Situation`] (HK §14: its own).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatValue {
    pub winds: ValueSituation,
    /// The seat's exposed bonus tiles as a mask (bit `k - 34` for bonus kind `k`).
    pub bonus: u8,
}

/// The value policy (one per thread; no state between decisions but caches).
pub struct ValueAgent {
    greedy: GreedyAgent,
    ev: Evaluator,
    rules: Ruleset,
    rates: Vec<Rating>,
    /// [`any_legal_wait`] of recent hand states: a pure function of the key, so a hit gives
    /// the answer the scorer would (no decision depends on what is cached).
    ready: Vec<(ReadyKey, bool)>,
    hand: Hand,
    /// Ratings of the hands one draw ahead (a buffer).
    after: Vec<Rating>,
}

/// log2 of the slots of the legal-wait cache (direct-mapped, full key compared).
const READY_BITS: u32 = 12;

/// A hand state for [`any_legal_wait`]: concealed counts, then up to six sets as (kind, tile)
/// and the set count, the bonus mask and the two winds (everything the answer depends on
/// besides the agent's fixed ruleset).
type ReadyKey = [u8; N_KINDS + 16];

fn ready_key(c: &Counts, melds: &[Meld], seat: &SeatValue) -> Option<ReadyKey> {
    if melds.len() > 6 {
        return None;
    }
    let mut k = [0u8; N_KINDS + 16];
    k[..N_KINDS].copy_from_slice(c);
    for (i, m) in melds.iter().enumerate() {
        k[N_KINDS + 2 * i] = m.kind as u8 + 1;
        k[N_KINDS + 2 * i + 1] = m.tile.0;
    }
    k[N_KINDS + 12] = melds.len() as u8;
    k[N_KINDS + 13] = seat.bonus;
    k[N_KINDS + 14] = seat.winds.seat_wind;
    k[N_KINDS + 15] = seat.winds.prevailing_wind;
    Some(k)
}

fn ready_slot(k: &ReadyKey) -> usize {
    let h = k.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    (h >> (64 - READY_BITS)) as usize
}

impl ValueAgent {
    pub fn new(rules: Ruleset) -> Self {
        ValueAgent {
            greedy: GreedyAgent::new(*rules.shapes()),
            ev: Evaluator::new(),
            rules,
            rates: Vec::with_capacity(14),
            ready: vec![([u8::MAX; N_KINDS + 16], false); 1 << READY_BITS],
            hand: Hand { concealed: [0; N_KINDS], melds: Vec::with_capacity(6), bonus: 0 },
            after: Vec::with_capacity(18),
        }
    }

    /// The index of the chosen option in `s.legal`.
    ///
    /// Errors (`InvalidHand`): as [`GreedyAgent::choose`].
    pub fn choose(&mut self, s: &Situation<'_>, seat: &SeatValue) -> Result<usize> {
        let g = self.greedy.choose(s)?;
        match s.legal[g].kind {
            OptionKind::Discard => self.discard(s, seat, g),
            OptionKind::Pass | OptionKind::Pung | OptionKind::Chow | OptionKind::Kong => self.respond(s, seat, g),
            _ => Ok(g),
        }
    }

    /// [`any_legal_wait`] of the hand, through the cache of hand states.
    fn legal_ready(&mut self, c: &Counts, melds: &[Meld], seat: &SeatValue) -> Result<bool> {
        let key = ready_key(c, melds, seat);
        let slot = key.as_ref().map(ready_slot);
        if let (Some(k), Some(i)) = (&key, slot) {
            if self.ready[i].0 == *k {
                return Ok(self.ready[i].1);
            }
        }
        self.hand.concealed = *c;
        self.hand.melds.clear();
        self.hand.melds.extend_from_slice(melds);
        self.hand.bonus = seat.bonus;
        let v = any_legal_wait(&self.hand, &self.rules, &seat.winds.context())?;
        if let (Some(k), Some(i)) = (key, slot) {
            self.ready[i] = (k, v);
        }
        Ok(v)
    }

    /// Rule 2: `greedy` is greedy's discard; re-ranked only when the best discards leave the
    /// hand ready.
    fn discard(&mut self, s: &Situation<'_>, seat: &SeatValue, greedy: usize) -> Result<usize> {
        let shapes = *self.rules.shapes();
        // Greedy has just rated this very hand (the same call): read its ratings.
        let best = match self.greedy.last_rating() {
            Some((b, rates)) => {
                self.rates.clear();
                self.rates.extend_from_slice(rates);
                b
            }
            None => self.ev.rate(s.concealed, s.melds, s.unseen, &shapes, false, &mut self.rates)?,
        };
        if best != 0 {
            return Ok(greedy);
        }
        let mut pick: Option<(u32, u8)> = None; // (ukeire, kind): most ukeire, then lowest kind
        for i in 0..self.rates.len() {
            let r = self.rates[i];
            if r.shanten != 0 {
                continue;
            }
            let mut c = *s.concealed;
            c[r.kind as usize] -= 1;
            if !self.legal_ready(&c, s.melds, seat)? {
                continue;
            }
            let u = r.ukeire.unwrap_or(0);
            if pick.is_none_or(|(bu, _)| u > bu) {
                pick = Some((u, r.kind));
            }
        }
        let Some((_, kind)) = pick else { return Ok(greedy) };
        Ok(s.legal.iter().position(|o| o.kind == OptionKind::Discard && o.tile.0 == kind).unwrap_or(greedy))
    }

    /// Whether the 13-equivalent hand `c` can become ready with a legal-win wait after one
    /// draw of a kind the seat cannot see and one discard.
    fn one_draw_ahead(&mut self, c: &Counts, melds: &[Meld], unseen: &Counts, seat: &SeatValue) -> Result<bool> {
        let shapes = *self.rules.shapes();
        let held = crate::analysis::decompose::held_counts(c, melds)?;
        for t in 0..N_KINDS {
            if unseen[t] == 0 || held[t] >= 4 {
                continue;
            }
            let mut d = *c;
            d[t] += 1;
            if self.ev.shanten(&d, melds, &shapes)? > 0 {
                continue;
            }
            // The shanten after every discard in one pass ([`Evaluator::rate`]: exact for the
            // discards of the lowest shanten, here 0, which are the ones that matter).
            let mut after = std::mem::take(&mut self.after);
            let best = self.ev.rate(&d, melds, unseen, &shapes, false, &mut after);
            let mut found = Ok(false);
            if let Ok(0) = best {
                for r in &after {
                    if r.shanten != 0 {
                        continue;
                    }
                    d[r.kind as usize] -= 1;
                    found = self.legal_ready(&d, melds, seat);
                    d[r.kind as usize] += 1;
                    if !matches!(found, Ok(false)) {
                        break;
                    }
                }
            }
            self.after = after;
            best?;
            if found? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Rule 1 for a hand after a claim: false when it is 1-shanten or better and cannot reach a
    /// legal-win wait. `c` is 14-equivalent after a pung or chow (a discard follows), 13-equivalent
    /// after an exposed kong (before its replacement draw).
    fn claim_keeps_value(&mut self, c: &Counts, melds: &[Meld], unseen: &Counts, seat: &SeatValue) -> Result<bool> {
        let shapes = *self.rules.shapes();
        let n: usize = c.iter().map(|&x| x as usize).sum::<usize>() + 3 * melds.len();
        if n % 3 == 1 {
            let sh = self.ev.shanten(c, melds, &shapes)?;
            return Ok(match sh {
                i8::MIN..=-1 => true,
                0 => self.legal_ready(c, melds, seat)?,
                1 => self.one_draw_ahead(c, melds, unseen, seat)?,
                _ => true,
            });
        }
        let best = self.ev.shanten(c, melds, &shapes)?;
        if best > 1 {
            return Ok(true);
        }
        for k in 0..N_KINDS {
            if c[k] == 0 {
                continue;
            }
            let mut d = *c;
            d[k] -= 1;
            if self.ev.shanten(&d, melds, &shapes)? != best {
                continue;
            }
            let ok = if best <= 0 { self.legal_ready(&d, melds, seat)? } else { self.one_draw_ahead(&d, melds, unseen, seat)? };
            if ok {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Rule 1: greedy's claims (its acceptance test), minus those that lose all value.
    fn respond(&mut self, s: &Situation<'_>, seat: &SeatValue, greedy: usize) -> Result<usize> {
        let legal = s.legal;
        let pass = legal
            .iter()
            .position(|o| o.kind == OptionKind::Pass)
            .ok_or_else(|| MahjongError::hand("a claim window without a pass option"))?;
        if greedy == pass {
            return Ok(pass);
        }
        let Some(disc) = s.discard else { return Ok(pass) };
        let shapes = *self.rules.shapes();
        let now = self.ev.shanten(s.concealed, s.melds, &shapes)?;
        let mut best: Option<(i8, usize)> = None;
        let mut melds: Vec<Meld> = Vec::with_capacity(s.melds.len() + 1);
        for (i, o) in legal.iter().enumerate() {
            if !matches!(o.kind, OptionKind::Pung | OptionKind::Kong | OptionKind::Chow) {
                continue;
            }
            let mut c = *s.concealed;
            melds.clear();
            melds.extend_from_slice(s.melds);
            options::claim(&mut c, &mut melds, o, disc)?;
            let sh = self.ev.shanten(&c, &melds, &shapes)?;
            // greedy's test: a kong that keeps the shanten, a pung or chow that lowers it
            let accept = if o.kind == OptionKind::Kong { sh <= now } else { sh < now };
            if !accept || best.is_some_and(|(b, _)| sh >= b) {
                continue;
            }
            if self.claim_keeps_value(&c, &melds, s.unseen, seat)? {
                best = Some((sh, i));
            }
        }
        Ok(best.map(|(_, i)| i).unwrap_or(pass))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::LegalOption;
    use crate::tiles::hand::hand;
    use crate::tiles::tile::Tile;

    fn seat() -> SeatValue {
        SeatValue { winds: ValueSituation { seat_wind: 1, prevailing_wind: 0 }, bonus: 0 }
    }

    /// South holding West's flower 3f: no F16 (no bonus tiles) and no F17 (own flower).
    fn south_with_3f() -> SeatValue {
        SeatValue { bonus: 1 << 2, ..seat() }
    }

    #[test]
    fn refuses_a_chow_that_leaves_no_legal_win() {
        // Chowing 9m (then discarding 1z) makes the hand ready on 2s/5s with two exposed chows:
        // no flush, no pung, no honour set, a foreign flower: under the 3-faan minimum (2 faan
        // self-drawn). Greedy takes it.
        let h = hand("78m456p234s5s1z [123m]");
        let u = [3u8; 34];
        let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Chow, Tile(6))];
        let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: Some(Tile(8)), legal: &legal };
        let mut g = GreedyAgent::new(crate::analysis::decompose::HK_SHAPES);
        assert_eq!(g.choose(&s).unwrap(), 1);
        let mut v = ValueAgent::new(Ruleset::hong_kong());
        assert_eq!(v.choose(&s, &south_with_3f()).unwrap(), 0);
        // Without the flower the self-drawn win has F16: 3 faan, legal, and the chow is taken.
        assert_eq!(v.choose(&s, &seat()).unwrap(), 1);
    }

    #[test]
    fn keeps_a_claim_that_keeps_a_flush() {
        // Chowing 9s (then discarding 3p) makes an all-bamboo hand ready on 3s: a full flush.
        let h = hand("78s1245699s3p [123s]");
        let u = [3u8; 34];
        let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Chow, Tile(24))];
        let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: Some(Tile(26)), legal: &legal };
        let mut v = ValueAgent::new(Ruleset::hong_kong());
        assert_eq!(v.choose(&s, &south_with_3f()).unwrap(), 1);
    }

    #[test]
    fn caches_and_shared_ratings_change_no_decision() {
        // One agent kept over thousands of decisions (warm legal-wait cache, greedy's ratings
        // read back) chooses exactly as a fresh agent does for each of them, on turns and on
        // claim windows (pung, chow, exposed kong of a discard: rule 1 looks one draw ahead).
        let rules = Ruleset::hong_kong();
        let mut kept = ValueAgent::new(rules.clone());
        let mut rng = crate::analysis::shanten::tests::XorShift(0x5EED_CAFE);
        let seats = [seat(), south_with_3f(), SeatValue { bonus: 1 << 1, ..seat() }];
        let (mut turns, mut claims, mut refused) = (0, 0, 0);
        for i in 0..6000 {
            let n_melds = [0, 1, 1, 2][i % 4];
            let sv = seats[i % 3];
            let turn = i % 2 == 0;
            let n_conc = if turn { 14 } else { 13 } - 3 * n_melds;
            let (c, melds) = crate::analysis::shanten::tests::random_hand(&mut rng, n_melds, n_conc, true);
            let u = crate::analysis::shanten::incremental::tests::random_unseen(&mut rng, &c, &melds);
            let (legal, disc): (Vec<LegalOption>, Option<Tile>) = if turn {
                let l =
                    (0..34u8).filter(|&k| c[k as usize] > 0).map(|k| LegalOption::new(OptionKind::Discard, Tile(k))).collect();
                (l, None)
            } else {
                let d = Tile(rng.below(34) as u8);
                let k = d.index();
                if crate::analysis::decompose::held_counts(&c, &melds).unwrap()[k] >= 4 {
                    continue; // no copy of it left to discard
                }
                let mut l = vec![LegalOption::new(OptionKind::Pass, Tile(0))];
                if c[k] >= 2 {
                    l.push(LegalOption::new(OptionKind::Pung, d));
                }
                if c[k] >= 3 {
                    l.push(LegalOption::new(OptionKind::Kong, d));
                }
                if d.is_suited() {
                    let n = d.number() as usize;
                    for low in n.saturating_sub(2).max(1)..=n.min(7) {
                        let first = k + low - n;
                        if (first..first + 3).all(|x| x == k || c[x] > 0) {
                            l.push(LegalOption::new(OptionKind::Chow, Tile(first as u8)));
                        }
                    }
                }
                if l.len() == 1 || c.iter().sum::<u8>() as usize + 3 * melds.len() != 13 {
                    continue;
                }
                (l, Some(d))
            };
            let s = Situation { concealed: &c, melds: &melds, unseen: &u, discard: disc, legal: &legal };
            let got = kept.choose(&s, &sv).unwrap();
            let want = ValueAgent::new(rules.clone()).choose(&s, &sv).unwrap();
            assert_eq!(got, want, "situation {i}: {c:?} {melds:?} {legal:?}");
            if turn {
                turns += 1;
            } else {
                claims += 1;
                let g = GreedyAgent::new(*rules.shapes()).choose(&s).unwrap();
                refused += u32::from(g != got);
            }
        }
        assert!(turns > 2000 && claims > 300 && refused > 0, "{turns} {claims} {refused}");
    }

    #[test]
    fn prefers_a_discard_whose_waits_can_win() {
        // Random near-complete hands: the choice keeps greedy's shanten and, when it leaves the
        // hand ready, has a legal-win wait whenever some ready discard has one.
        let rules = Ruleset::hong_kong();
        let mut v = ValueAgent::new(rules.clone());
        let mut g = GreedyAgent::new(*rules.shapes());
        let mut rng = crate::analysis::shanten::tests::XorShift(0xA11_7A1E);
        let (mut differ, mut checked) = (0, 0);
        for i in 0..3000 {
            let n_melds = [0, 1, 1, 2][i % 4];
            let (c, melds) = crate::analysis::shanten::tests::random_hand(&mut rng, n_melds, 14 - 3 * n_melds, true);
            let u = crate::analysis::shanten::incremental::tests::random_unseen(&mut rng, &c, &melds);
            let legal: Vec<LegalOption> =
                (0..34u8).filter(|&k| c[k as usize] > 0).map(|k| LegalOption::new(OptionKind::Discard, Tile(k))).collect();
            let s = Situation { concealed: &c, melds: &melds, unseen: &u, discard: None, legal: &legal };
            let got = v.choose(&s, &seat()).unwrap();
            let want_g = g.choose(&s).unwrap();
            // shanten after the choice is the best shanten
            let after = |k: u8| {
                let mut d = c;
                d[k as usize] -= 1;
                (crate::analysis::shanten::shanten(&d, &melds, rules.shapes()).unwrap(), d)
            };
            let (sg, _) = after(legal[want_g].tile.0);
            let (sv, dv) = after(legal[got].tile.0);
            assert_eq!(sg, sv);
            if sv == 0 {
                checked += 1;
                let any = legal.iter().any(|o| {
                    let (sh, d) = after(o.tile.0);
                    sh == 0
                        && any_legal_wait(&Hand { concealed: d, melds: melds.clone(), bonus: 0 }, &rules, &seat().winds.context())
                            .unwrap()
                });
                let mine =
                    any_legal_wait(&Hand { concealed: dv, melds: melds.clone(), bonus: 0 }, &rules, &seat().winds.context())
                        .unwrap();
                assert_eq!(mine, any, "hand {c:?} {melds:?}");
                differ += (got != want_g) as u32;
            } else {
                assert_eq!(got, want_g);
            }
        }
        assert!(checked > 100 && differ > 0, "{checked} {differ}");
    }
}
