//! The scoring and decomposition as they were before the allocation-free rewrite (kept verbatim
//! as test-only references): the fast paths must give the same outcome on every hand.
#![allow(dead_code, clippy::all)]

use super::scoring::*;
use crate::decompose::{
    complete_size, is_seven_pairs, is_thirteen_orphans, ConcealedSet, Interpretation, ShapeRules, HK_SHAPES, ORPHANS,
};
use crate::error::Result;
use crate::hand::{Counts, Hand};
use crate::rules::scoring::{win_facts, Element, Evaluation, RejectReason, ScoreOutcome, ScoringTable, WinContext, WinFacts};
use crate::tile::{Tile, N_KINDS};
use std::cmp::Ordering;

/// The Hong Kong table before the rewrite.
pub struct HongKongRef;

fn total(c: &Counts) -> usize {
    c.iter().map(|&n| n as usize).sum()
}

/// A set of the standard shape as scoring sees it: declared melds (kongs as pungs) and the
/// concealed sets of the interpretation (never claimed, §14a).
#[derive(Debug, Clone, Copy)]
struct Set {
    pung: bool,
    tile: Tile,
    claimed: bool,
}

fn sets_of(facts: &WinFacts<'_>, concealed_sets: &[ConcealedSet]) -> Vec<Set> {
    let mut v: Vec<Set> = facts
        .hand
        .melds
        .iter()
        .map(|m| Set { pung: m.kind.is_pung_like(), tile: m.tile, claimed: m.kind.is_claimed() })
        .collect();
    v.extend(concealed_sets.iter().map(|s| match *s {
        ConcealedSet::Chow(t) => Set { pung: false, tile: t, claimed: false },
        ConcealedSet::Pung(t) => Set { pung: true, tile: t, claimed: false },
    }));
    v
}

/// `1112345678999` of suit `s` (kinds counts), §10.4 L7.
fn nine_gates_base(s: usize) -> [u8; 34] {
    let mut c = [0u8; 34];
    for n in 0..9 {
        c[9 * s + n] = if n == 0 || n == 8 { 3 } else { 1 };
    }
    c
}

/// L7 (strict reading, §17.11): no declared sets; the 13 tiles before the winning tile are
/// exactly `1112345678999` of one suit (dealer's start: the 14 tiles are that plus one more
/// tile of the suit).
#[allow(clippy::needless_range_loop)]
fn is_nine_gates(facts: &WinFacts<'_>) -> bool {
    if !facts.hand.melds.is_empty() {
        return false;
    }
    (0..3).any(|s| {
        let base = nine_gates_base(s);
        if facts.ctx.dealer_start {
            let mut extra = 0usize;
            for k in 0..34 {
                match facts.concealed[k].checked_sub(base[k]) {
                    None => return false,
                    Some(d) => {
                        if d > 0 && k / 9 != s {
                            return false;
                        }
                        extra += d as usize;
                    }
                }
            }
            extra == 1
        } else {
            facts.hand.concealed == base && facts.win_tile.is_some_and(|t| t.is_suited() && t.suit() as usize == s)
        }
    })
}

impl HongKongRef {
    fn limit(&self, facts: &WinFacts<'_>, interp: &Interpretation, sets: &[Set]) -> Option<Element> {
        let standard = matches!(interp, Interpretation::Standard { .. });
        let present = |k: usize| facts.all[k] > 0;
        let pung_of = |k: u8| sets.iter().any(|s| s.pung && s.tile == Tile(k));
        if matches!(interp, Interpretation::ThirteenOrphans { .. }) {
            return Some(L1);
        }
        if (0..27).all(|k| !present(k)) && (standard || matches!(interp, Interpretation::SevenPairs { .. })) {
            return Some(L2);
        }
        if standard && (0..34).all(|k| !present(k) || Tile(k as u8).is_terminal()) {
            return Some(L3);
        }
        if standard && (31..=33).all(pung_of) {
            return Some(L4);
        }
        if standard && (27..=30).all(pung_of) {
            return Some(L5);
        }
        if facts.hand.melds.iter().filter(|m| m.kind.is_kong()).count() >= 4 {
            return Some(L6);
        }
        if is_nine_gates(facts) {
            return Some(L7);
        }
        if standard && facts.self_drawn && sets.iter().all(|s| s.pung && !s.claimed) {
            return Some(L8);
        }
        None
    }
}

impl ScoringTable for HongKongRef {
    fn shapes(&self) -> &ShapeRules {
        &HK_SHAPES
    }
    fn min_total(&self) -> u8 {
        MIN_FAAN
    }
    fn cap(&self) -> Option<u8> {
        Some(LIMIT_FAAN)
    }

    /// §10.1 step 2 with the table of §10.2, the replacements of §10.3 and the limits of §10.4.
    fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
        let (sets, pair) = match interp {
            Interpretation::Standard { sets, pair } => (sets_of(facts, sets), Some(*pair)),
            _ => (Vec::new(), None),
        };
        if let Some(l) = self.limit(facts, interp, &sets) {
            return Evaluation::Limit(l);
        }
        let standard = pair.is_some();
        let ctx = facts.ctx;
        let mut out = Vec::new();
        // F1 / F2 (standard shape).
        if let Some(p) = pair {
            if sets.iter().all(|s| !s.pung) && p.is_suited() {
                out.push(F1);
            }
            if sets.iter().all(|s| s.pung) {
                out.push(F2);
            }
        }
        // F3 / F4: one suit.
        let suits_used = (0..3).filter(|&s| facts.all[9 * s..9 * s + 9].iter().any(|&n| n > 0)).count();
        let honours = facts.all[27..].iter().any(|&n| n > 0);
        if suits_used == 1 {
            out.push(if honours { F3 } else { F4 });
        }
        if matches!(interp, Interpretation::SevenPairs { .. }) {
            out.push(F5);
        }
        // F6 / F7: dragons (F7 replaces F6).
        let dragon_pungs: Vec<Tile> = sets.iter().filter(|s| s.pung && s.tile.is_dragon()).map(|s| s.tile).collect();
        let small_three =
            standard && dragon_pungs.len() == 2 && pair.is_some_and(|p| p.is_dragon() && !dragon_pungs.contains(&p));
        if small_three {
            out.push(F7);
        } else {
            out.extend(dragon_pungs.iter().map(|_| F6));
        }
        // F8 / F9: wind pungs (both for East by East in an East round).
        if sets.iter().any(|s| s.pung && s.tile == Tile(27 + ctx.seat_wind)) {
            out.push(F8);
        }
        if sets.iter().any(|s| s.pung && s.tile == Tile(27 + ctx.prevailing_wind)) {
            out.push(F9);
        }
        if facts.concealed_hand {
            out.push(F10);
        }
        if facts.self_drawn {
            out.push(F11);
        }
        if ctx.kong_replacement {
            out.push(F12);
        }
        if ctx.robbing_kong {
            out.push(F13);
        }
        if ctx.last_wall_tile {
            out.push(F14);
        }
        if ctx.last_discard {
            out.push(F15);
        }
        // F16–F20: bonus tiles (F19 replaces F17, F20 replaces F18).
        let b = facts.hand.bonus;
        let all_flowers = b & 0x0F == 0x0F;
        let all_seasons = b & 0xF0 == 0xF0;
        if b == 0 {
            out.push(F16);
        }
        if !all_flowers && b & (1 << ctx.seat_wind) != 0 {
            out.push(F17);
        }
        if !all_seasons && b & (1 << (4 + ctx.seat_wind)) != 0 {
            out.push(F18);
        }
        if all_flowers {
            out.push(F19);
        }
        if all_seasons {
            out.push(F20);
        }
        Evaluation::Elements(out)
    }
}

struct Scored {
    total: u8,
    limit: bool,
    raw: u8,
    numbers: Vec<u8>,
    elements: Vec<Element>,
    limit_code: Option<&'static str>,
}

impl Scored {
    /// `Greater` when `self` is the better interpretation (§10.1 step 3 (a)–(d)).
    fn better_than(&self, other: &Scored) -> Ordering {
        self.total
            .cmp(&other.total)
            .then(self.limit.cmp(&other.limit))
            .then(self.raw.cmp(&other.raw))
            .then(other.numbers.cmp(&self.numbers))
    }
}

fn scored<R: ScoringTable + ?Sized>(rules: &R, e: Evaluation) -> Scored {
    match e {
        Evaluation::Limit(el) => Scored {
            total: el.value,
            limit: true,
            raw: el.value,
            numbers: vec![el.number()],
            elements: vec![el],
            limit_code: Some(el.code),
        },
        Evaluation::Elements(mut els) => {
            els.sort_by_key(|e| e.number());
            let raw = els.iter().fold(0u8, |s, e| s.saturating_add(e.value));
            let total = match rules.cap() {
                Some(c) => raw.min(c),
                None => raw,
            };
            Scored {
                total,
                limit: false,
                raw,
                numbers: els.iter().map(|e| e.number()).collect(),
                elements: els,
                limit_code: None,
            }
        }
    }
}

pub fn score_ref<R: ScoringTable + ?Sized>(
    rules: &R,
    hand: &Hand,
    win_tile: Option<Tile>,
    ctx: &WinContext,
) -> Result<ScoreOutcome> {
    let facts = win_facts(rules, hand, win_tile, ctx)?;
    let interps = decompose_ref(&facts.concealed, hand.melds.len(), rules.shapes());
    let mut best: Option<(Scored, usize)> = None;
    for (i, interp) in interps.iter().enumerate() {
        let s = scored(rules, rules.evaluate(&facts, interp));
        let replace = match &best {
            None => true,
            Some((b, _)) => s.better_than(b) == Ordering::Greater,
        };
        if replace {
            best = Some((s, i));
        }
    }
    let Some((b, i)) = best else {
        return Ok(ScoreOutcome {
            is_win: false,
            reason: Some(RejectReason::NotAWinningHand),
            value: 0,
            raw_value: 0,
            limit: None,
            elements: Vec::new(),
            interpretation: None,
        });
    };
    let is_win = b.total >= rules.min_total();
    Ok(ScoreOutcome {
        is_win,
        reason: if is_win { None } else { Some(RejectReason::BelowMinimum) },
        value: b.total,
        raw_value: b.raw,
        limit: b.limit_code,
        elements: b.elements,
        interpretation: interps.into_iter().nth(i),
    })
}

pub fn decompose_ref(concealed: &Counts, n_melds: usize, rules: &ShapeRules) -> Vec<Interpretation> {
    let mut out = Vec::new();
    let Some(size) = complete_size(n_melds, rules) else { return out };
    if total(concealed) != size || concealed.iter().any(|&n| n > 4) {
        return out;
    }
    let mut work = *concealed;
    let mut sets = Vec::with_capacity(rules.n_sets);
    split(&mut work, 0, None, &mut sets, &mut out);
    if n_melds == 0 && size == 14 {
        if rules.seven_pairs && is_seven_pairs(concealed) {
            let mut pairs = [Tile(0); 7];
            for (slot, k) in pairs.iter_mut().zip((0..N_KINDS).filter(|&k| concealed[k] == 2)) {
                *slot = Tile(k as u8);
            }
            out.push(Interpretation::SevenPairs { pairs });
        }
        if rules.thirteen_orphans && is_thirteen_orphans(concealed) {
            if let Some(k) = ORPHANS.iter().find(|&&k| concealed[k as usize] == 2) {
                out.push(Interpretation::ThirteenOrphans { pair: Tile(*k) });
            }
        }
    }
    out
}

/// a pung (0/1) and chows starting at `i`; every other use of `i` was decided at `i-1`, `i-2`.
/// So each distinct multiset of sets is produced exactly once.
fn split(c: &mut Counts, i: usize, pair: Option<Tile>, sets: &mut Vec<ConcealedSet>, out: &mut Vec<Interpretation>) {
    if i == N_KINDS {
        if let Some(p) = pair {
            let mut s = sets.clone();
            s.sort();
            out.push(Interpretation::Standard { sets: s, pair: p });
        }
        return;
    }
    let n = c[i];
    if n == 0 {
        split(c, i + 1, pair, sets, out);
        return;
    }
    let t = Tile(i as u8);
    let chow_ok = t.is_suited() && t.number() <= 7;
    for take_pair in [false, true] {
        if take_pair && pair.is_some() {
            continue;
        }
        for take_pung in [false, true] {
            let used = 2 * take_pair as u8 + 3 * take_pung as u8;
            if used > n {
                continue;
            }
            let chows = n - used;
            if chows > 0 && !(chow_ok && c[i + 1] >= chows && c[i + 2] >= chows) {
                continue;
            }
            let mark = sets.len();
            if take_pung {
                sets.push(ConcealedSet::Pung(t));
            }
            for _ in 0..chows {
                sets.push(ConcealedSet::Chow(t));
            }
            if chows > 0 {
                c[i + 1] -= chows;
                c[i + 2] -= chows;
            }
            let saved = c[i];
            c[i] = 0;
            split(c, i + 1, if take_pair { Some(t) } else { pair }, sets, out);
            c[i] = saved;
            if chows > 0 {
                c[i + 1] += chows;
                c[i + 2] += chows;
            }
            sets.truncate(mark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::{decompose, seeded_complete_hands};
    use crate::rules::hong_kong::scoring::score_hk;

    /// The rewritten decomposition and scoring equal the old ones on 60,000 seeded complete
    /// hands (melds of every kind, seven pairs, thirteen orphans), each scored with a random
    /// winning tile, bonus mask, winds and situation flags (dealer's start included), errors
    /// compared by message.
    #[test]
    fn score_matches_reference() {
        let mut x = 0x5C0E_0000_0000_0077u64;
        let mut rnd = move |m: u64| -> u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut wins, mut scored, mut errors) = (0, 0, 0);
        for (c, melds) in seeded_complete_hands(0x5C0E_0000_0000_0001, 60_000) {
            assert_eq!(decompose(&c, melds.len(), &HK_SHAPES), decompose_ref(&c, melds.len(), &HK_SHAPES));
            let flags = rnd(64);
            let dealer_start = rnd(12) == 0;
            let ctx = WinContext {
                seat_wind: if dealer_start && rnd(4) != 0 { 0 } else { rnd(4) as u8 },
                prevailing_wind: rnd(4) as u8,
                self_drawn: flags & 1 != 0,
                robbing_kong: flags & 2 != 0 && rnd(6) == 0,
                kong_replacement: flags & 4 != 0 && rnd(4) == 0,
                last_wall_tile: flags & 8 != 0 && rnd(4) == 0,
                last_discard: flags & 16 != 0 && rnd(4) == 0,
                dealer_start,
                ..Default::default()
            };
            let bonus = match rnd(4) {
                0 => 0,
                1 => 1 << rnd(8),
                2 => rnd(256) as u8,
                _ => [0x0F, 0xF0, 0xFF][rnd(3) as usize],
            };
            let mut hand = Hand { concealed: c, melds: melds.clone(), bonus };
            let win = if dealer_start {
                None
            } else {
                let held: Vec<usize> = (0..N_KINDS).filter(|&k| c[k] > 0).collect();
                let w = held[rnd(held.len() as u64) as usize];
                hand.concealed[w] -= 1;
                Some(Tile(w as u8))
            };
            let a = score_hk(&hand, win, &ctx);
            let b = score_ref(&HongKongRef, &hand, win, &ctx);
            match (&a, &b) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{} {:?} {:?}", crate::tile::format_counts(&c), melds, ctx);
                    wins += a.is_win as usize;
                    scored += 1;
                }
                (Err(a), Err(b)) => {
                    assert_eq!(a.to_string(), b.to_string());
                    errors += 1;
                }
                _ => panic!("{a:?} vs {b:?}"),
            }
        }
        assert!(scored > 35_000 && wins > 20_000 && errors > 1_000, "{scored} {wins} {errors}");
    }
}
