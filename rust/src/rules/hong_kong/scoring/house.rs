//! HK §19.5 scoring under the house-rule switches: per-element values (`element_values`, with
//! valued limit hands and their replacement lists, §19.5.3), the extra elements X1–X19 and
//! X22 (§19.5.2), the seven-pairs modes (§19.5.4), bonus tiles breaking a concealed hand
//! (§19.5.5), the pair of all chows (§19.5.7), the 136-tile set (§19.4) and the placements of
//! the winning tile (§19.5.8). Used only when a scoring switch or a house situation differs
//! from its default; the default table is [`super::HongKong`], whose results this table gives
//! too under the defaults.

use crate::analysis::decompose::{ConcealedSet, Interpretation, ShapeRules, HK_SHAPES};
use crate::error::{MahjongError, Result};
use crate::rules::hong_kong::names::ELEMENT_NAMES;
use crate::rules::hong_kong::switches::{
    AllChowsPair, ElementValue, HongKongSwitches, SevenPairs, TileSet, ELEMENT_CODES, N_ELEMENTS,
};
use crate::rules::scoring::{Element, Evaluation, ScoringTable, WinFacts};
use crate::tiles::tile::Tile;

/// The shapes of HK §9 without seven pairs (`seven_pairs = off`, §19.5.4).
pub static HK_SHAPES_NO_SEVEN_PAIRS: ShapeRules = ShapeRules { seven_pairs: false, ..HK_SHAPES };

/// The Chinese name HK §19.5.2 gives an extra element (`"X1"` → `"小四喜"`: its Hong Kong
/// name in [`ELEMENT_NAMES`]), `None` for another code.
pub fn chinese_name(code: &str) -> Option<&'static str> {
    code.strip_prefix('X')?;
    crate::rules::names::element_in(ELEMENT_NAMES, code).map(|n| n.zh_hk)
}

/// The element of index `i` (of [`ELEMENT_CODES`]) worth `value`.
pub fn element(i: usize, value: u8) -> Element {
    Element { code: ELEMENT_CODES[i], name: ELEMENT_NAMES[i].names.en, value }
}

const fn f(n: usize) -> usize {
    n - 1
}
const fn l(n: usize) -> usize {
    19 + n
}
const fn x(n: usize) -> usize {
    27 + n
}

/// Kinds as masks (bit k: kind k): the suited kinds, the honours, the terminals (1 and 9 of
/// each suit), the simples (2-8) and the green tiles of X14 (23468s and the green dragon).
const SUITED: u64 = (1 << 27) - 1;
const HONOURS: u64 = ((1 << 34) - 1) & !SUITED;
const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
const SIMPLES: u64 = SUITED & !TERMINALS;
const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;

/// HK §19.5.3 step 2: the entries each present entry removes (not chained).
const REPLACES: &[(usize, &[usize])] = &[
    (f(7), &[f(6)]),
    (f(19), &[f(17)]),
    (f(20), &[f(18)]),
    (l(2), &[f(2)]),
    (l(3), &[f(2)]),
    (l(4), &[f(6)]),
    (l(5), &[f(8), f(9), x(1)]),
    (l(7), &[f(4), f(10)]),
    (l(8), &[f(2), f(10), x(18)]),
    (x(3), &[f(10), f(11), x(9)]),
    (x(4), &[f(10)]),
    (x(6), &[f(12)]),
    (x(7), &[f(12)]),
    (x(8), &[f(14)]),
    (x(9), &[f(10), f(11)]),
    (x(15), &[f(3), f(6)]),
    (x(16), &[f(3), f(6)]),
    (x(17), &[f(3), f(6)]),
];

/// A set of a standard reading: declared melds (kongs as pungs) and the concealed sets.
#[derive(Debug, Clone, Copy)]
struct Set {
    pung: bool,
    tile: Tile,
    claimed: bool,
    declared: bool,
}

/// Where the winning tile sits in a reading (HK §19.5.8 step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placement {
    /// No placement (thirteen orphans, the dealer's start), or none needed.
    None,
    /// The pair.
    Pair,
    /// The concealed set of this index among the reading's sets.
    Set(usize),
}

/// The house scoring table of a ruleset's switches (HK §19.5), for one hand's scoring: the
/// waits of the 13 tiles before the winning tile are found at most once, when an element asks.
pub struct HouseTable<'a> {
    pub sw: &'a HongKongSwitches,
    /// The wait mask of the hand before the winning tile (`None`: not a countable hand).
    waits: std::cell::OnceCell<Option<u64>>,
    /// Value every placement even where none can change an element (the tests' reference).
    every_placement: bool,
}

/// What §19.5.3 counts of one reading and placement: a limit element (its index), or how many
/// times each ordinary element counts (0: not counted).
enum Counted {
    Limit(usize),
    Entries([u8; N_ELEMENTS]),
}

/// The totals of a reading (HK §10.1 step 3 (a)-(c)) and the faan of its bonus-tile elements
/// (F16-F20, which §19.5.6 leaves out of the minimum).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Totals {
    pub total: u8,
    pub limit: bool,
    pub raw: u8,
    pub bonus: u8,
}

impl<'a> HouseTable<'a> {
    /// The table of `sw`.
    pub fn new(sw: &'a HongKongSwitches) -> Self {
        HouseTable { sw, waits: std::cell::OnceCell::new(), every_placement: false }
    }

    /// The table of `sw` valuing every placement of §19.5.8 step 1 (the reference the
    /// shortcut of [`HouseTable::placement_matters`] is tested against).
    #[cfg(test)]
    pub(crate) fn valuing_every_placement(sw: &'a HongKongSwitches) -> Self {
        HouseTable { every_placement: true, ..HouseTable::new(sw) }
    }
}

impl HouseTable<'_> {
    fn value(&self, i: usize) -> ElementValue {
        self.sw.element_values.0[i]
    }
    /// Whether any element that reads the placement is valued (§19.5.8: else one suffices).
    fn reads_placement(&self) -> bool {
        [x(7), x(10), x(11), x(12), x(18)].iter().any(|&i| self.value(i) != ElementValue::Off)
    }

    /// The conditions of every element (counts: F6 per dragon pung, the others 0 or 1) for one
    /// reading and placement.
    fn conditions(&self, facts: &WinFacts<'_>, interp: &Interpretation, sets: &[Set], place: Placement) -> [u8; N_ELEMENTS] {
        let mut c = [0u8; N_ELEMENTS];
        let ctx = facts.ctx;
        let sw = self.sw;
        let pair = match interp {
            Interpretation::Standard { pair, .. } => Some(*pair),
            _ => None,
        };
        let standard = pair.is_some();
        let seven = matches!(interp, Interpretation::SevenPairs { .. });
        // the kinds present (bit k: kind k), so each "every tile is ..." is one mask test
        let present = facts.all.iter().enumerate().fold(0u64, |m, (k, &n)| m | u64::from(n > 0) << k);
        let pung_of = |k: u8| sets.iter().any(|s| s.pung && s.tile == Tile(k));
        let all_pungs = standard && sets.iter().all(|s| s.pung);
        let win = facts.win_tile;
        let bonus = if sw.tile_set == TileSet::T136 { 0 } else { facts.hand.bonus };
        let flowers_ok = sw.tile_set == TileSet::T144;
        // F1: all chows, the pair by all_chows_pair.
        if let Some(p) = pair {
            let pair_ok = match sw.all_chows_pair {
                AllChowsPair::Suited => p.is_suited(),
                AllChowsPair::Any => true,
                AllChowsPair::Valueless => {
                    p.is_suited() || (p.is_wind() && p.0 - 27 != ctx.seat_wind && p.0 - 27 != ctx.prevailing_wind)
                }
            };
            c[f(1)] = u8::from(sets.iter().all(|s| !s.pung) && pair_ok);
        }
        c[f(2)] = u8::from(all_pungs);
        // the suits present, as a mask (bit s: suit s)
        let suits = (0..3).filter(|&s| present >> (9 * s) & 0x1FF != 0).fold(0u8, |m, s| m | 1 << s);
        let honours = present & HONOURS != 0;
        if suits.count_ones() == 1 {
            c[if honours { f(3) } else { f(4) }] = 1;
        }
        c[f(5)] = u8::from(seven);
        // the kinds of the dragon pungs, as a mask (bit k - 31: kind k)
        let dragon_pungs = sets.iter().filter(|s| s.pung && s.tile.is_dragon()).fold(0u8, |m, s| m | 1 << (s.tile.0 - 31));
        c[f(6)] = dragon_pungs.count_ones() as u8;
        c[f(7)] = u8::from(
            standard
                && dragon_pungs.count_ones() == 2
                && pair.is_some_and(|p| p.is_dragon() && dragon_pungs >> (p.0 - 31) & 1 == 0),
        );
        c[f(8)] = u8::from(pung_of(27 + ctx.seat_wind));
        c[f(9)] = u8::from(pung_of(27 + ctx.prevailing_wind));
        let concealed = facts.concealed_hand && !(sw.flowers_break_concealed && bonus != 0);
        c[f(10)] = u8::from(concealed);
        c[f(11)] = u8::from(facts.self_drawn);
        c[f(12)] = u8::from(ctx.kong_replacement);
        c[f(13)] = u8::from(ctx.robbing_kong);
        c[f(14)] = u8::from(ctx.last_wall_tile);
        c[f(15)] = u8::from(ctx.last_discard);
        if flowers_ok {
            let all_flowers = bonus & 0x0F == 0x0F;
            let all_seasons = bonus & 0xF0 == 0xF0;
            c[f(16)] = u8::from(bonus == 0);
            c[f(17)] = u8::from(bonus & (1 << ctx.seat_wind) != 0);
            c[f(18)] = u8::from(bonus & (1 << (4 + ctx.seat_wind)) != 0);
            c[f(19)] = u8::from(all_flowers);
            c[f(20)] = u8::from(all_seasons);
        }
        // L1-L8 (HK §10.4), whatever their value.
        c[l(1)] = u8::from(matches!(interp, Interpretation::ThirteenOrphans { .. }));
        c[l(2)] = u8::from(present & SUITED == 0 && (standard || seven));
        c[l(3)] = u8::from(standard && present & !TERMINALS == 0);
        c[l(4)] = u8::from(standard && (31..=33).all(pung_of));
        c[l(5)] = u8::from(standard && (27..=30).all(pung_of));
        let kongs = facts.hand.melds.iter().filter(|m| m.kind.is_kong()).count();
        c[l(6)] = u8::from(kongs >= 4);
        c[l(7)] = u8::from(super::is_nine_gates(facts));
        c[l(8)] = u8::from(standard && facts.self_drawn && sets.iter().all(|s| s.pung && !s.claimed));
        // X1-X19, X22 (HK §19.5.2).
        c[x(1)] = u8::from(standard && pair.is_some_and(|p| p.is_wind()) && (27..=30).filter(|&k| pung_of(k)).count() == 3);
        let terminal_or_honour = present & SIMPLES == 0;
        let any_terminal = present & TERMINALS != 0;
        c[x(2)] = u8::from((standard || seven) && terminal_or_honour && any_terminal && honours);
        c[x(3)] = u8::from(ctx.dealer_start);
        let h = ctx.house.hong_kong();
        c[x(4)] = u8::from(h.earthly);
        c[x(5)] = u8::from(flowers_ok && h.bonus_replacement && !ctx.kong_replacement);
        c[x(6)] = u8::from(ctx.kong_replacement && h.double_kong);
        let five_p = Tile(13);
        let placed_chow = |first: Tile| match place {
            Placement::Set(i) => sets.get(i).is_some_and(|s| !s.pung && !s.declared && s.tile == first),
            _ => false,
        };
        c[x(7)] = u8::from(ctx.kong_replacement && win == Some(five_p) && placed_chow(Tile(12)));
        c[x(8)] = u8::from(ctx.last_wall_tile && win == Some(Tile(9)));
        c[x(9)] = u8::from(concealed && facts.self_drawn);
        if standard && !ctx.dealer_start && self.reads_single_wait() && self.single_wait(facts) {
            if let Some(w) = win {
                match place {
                    Placement::Pair => c[x(10)] = 1,
                    Placement::Set(i) => {
                        if let Some(s) = sets.get(i).filter(|s| !s.pung && !s.declared) {
                            let n = s.tile.number(); // the chow's first tile
                            if (n == 1 && w.0 == s.tile.0 + 2) || (n == 7 && w.0 == s.tile.0) {
                                c[x(11)] = 1;
                            } else if w.0 == s.tile.0 + 1 {
                                c[x(12)] = 1;
                            }
                        }
                    }
                    Placement::None => {}
                }
            }
        }
        c[x(13)] = u8::from(present & !SIMPLES == 0);
        c[x(14)] = u8::from((standard || seven) && present & !GREEN == 0);
        for (xi, suit, dragon) in [(15, 2usize, 32u8), (16, 0, 33), (17, 1, 31)] {
            let only = suits == 1 << suit && present & HONOURS & !(1 << dragon) == 0;
            c[x(xi)] = u8::from(all_pungs && only && pung_of(dragon));
        }
        if standard {
            let on_discard = !facts.self_drawn;
            let concealed_pungs = sets
                .iter()
                .enumerate()
                .filter(|(i, s)| s.pung && !s.claimed && !(on_discard && !s.declared && place == Placement::Set(*i)))
                .count();
            c[x(18)] = u8::from(concealed_pungs >= 3);
        }
        c[x(19)] = u8::from(kongs == 3);
        c[x(22)] = u8::from(
            standard && (0..3u8).any(|s| [0u8, 3, 6].iter().all(|&n| sets.iter().any(|t| !t.pung && t.tile == Tile(9 * s + n)))),
        );
        c
    }

    /// X10-X12: the 13 tiles before the winning tile have exactly one wait (HK §14a, under the
    /// current shapes).
    /// Found once per hand (every reading and placement asks about the same 13 tiles).
    fn single_wait(&self, facts: &WinFacts<'_>) -> bool {
        let mask = self.waits.get_or_init(|| {
            let held = crate::analysis::decompose::held_counts(&facts.hand.concealed, &facts.hand.melds).ok()?;
            Some(crate::analysis::waits::wait_mask(&facts.hand.concealed, &held, facts.hand.melds.len(), self.shapes()))
        });
        mask.is_some_and(|m| m.count_ones() == 1)
    }

    /// Whether the placement of the winning tile can change an awarded element of a reading
    /// with these sets (§19.5.8): X10-X12 only when the 13 tiles have a single wait, X7 only
    /// on a kong replacement, X18 only on a discard with three unclaimed pungs or more (a
    /// placement in one of them may leave two). Otherwise every placement gives the conditions
    /// of no placement, and the reading is valued once.
    fn placement_matters(&self, facts: &WinFacts<'_>, sets: &[Set]) -> bool {
        let ctx = facts.ctx;
        let on = |i: usize| self.value(i) != ElementValue::Off;
        (on(x(7)) && ctx.kong_replacement)
            || (on(x(18)) && !facts.self_drawn && sets.iter().filter(|s| s.pung && !s.claimed).count() >= 3)
            || (self.reads_single_wait() && !ctx.dealer_start && self.single_wait(facts))
    }

    /// Whether X10-X12 can be awarded (valued), so the waits are worth finding.
    fn reads_single_wait(&self) -> bool {
        [x(10), x(11), x(12)].iter().any(|&i| self.value(i) != ElementValue::Off)
    }

    /// Call `f` with the conditions of each placement of the winning tile in the reading
    /// `interp` that §19.5.8 step 1 values (one, with no placement, where none can change an
    /// element: [`HouseTable::placement_matters`]).
    fn for_each_placement(&self, facts: &WinFacts<'_>, interp: &Interpretation, mut f: impl FnMut(&[u8; N_ELEMENTS])) {
        // on the stack: at most 4 declared sets (checked by `win_facts`) and 4 concealed ones
        let mut set_buf = [Set { pung: false, tile: Tile(0), claimed: false, declared: false }; 8];
        let mut n_sets = 0;
        if let Interpretation::Standard { sets: conc, .. } = interp {
            let declared = facts.hand.melds.iter().map(|m| Set {
                pung: m.kind.is_pung_like(),
                tile: m.tile,
                claimed: m.kind.is_claimed(),
                declared: true,
            });
            let concealed = conc.iter().map(|s| match *s {
                ConcealedSet::Chow(t) => Set { pung: false, tile: t, claimed: false, declared: false },
                ConcealedSet::Pung(t) => Set { pung: true, tile: t, claimed: false, declared: false },
            });
            for (slot, s) in set_buf.iter_mut().zip(declared.chain(concealed)) {
                *slot = s;
                n_sets += 1;
            }
        }
        let sets = &set_buf[..n_sets];
        // the placements: the pair and each concealed set, at most 9
        let mut place_buf = [Placement::None; 9];
        let mut n_places = 1;
        if let (Some(w), true) =
            (facts.win_tile, self.reads_placement() && (self.every_placement || self.placement_matters(facts, sets)))
        {
            n_places = 0;
            let mut push = |p: Placement| {
                place_buf[n_places] = p;
                n_places += 1;
            };
            match interp {
                Interpretation::Standard { pair, .. } => {
                    if *pair == w {
                        push(Placement::Pair);
                    }
                    for (i, s) in sets.iter().enumerate() {
                        let holds = if s.pung { s.tile == w } else { w.0 >= s.tile.0 && w.0 <= s.tile.0 + 2 };
                        if !s.declared && holds {
                            push(Placement::Set(i));
                        }
                    }
                }
                Interpretation::SevenPairs { .. } => push(Placement::Pair),
                _ => push(Placement::None),
            }
            if n_places == 0 {
                n_places = 1; // Placement::None
            }
        }
        for &p in &place_buf[..n_places] {
            f(&self.conditions(facts, interp, sets, p));
        }
    }

    /// The best totals over the placements of the reading `interp` (§19.5.8, §10.1 step 3
    /// (a)-(c)): what [`ScoringTable::evaluate`] and the generic scorer give as the reading's
    /// total, limit and raw total, and the faan of its bonus-tile elements (F16-F20), without
    /// building its elements. Ties on the three keep the first, as the element numbers would
    /// only choose between equal totals (and equal bonus faan: those read no placement).
    pub(crate) fn best_totals(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Totals {
        let mut best: Option<Totals> = None;
        self.for_each_placement(facts, interp, |c| {
            let t = self.totals(c);
            if best.is_none_or(|b| (t.total, t.limit, t.raw) > (b.total, b.limit, b.raw)) {
                best = Some(t);
            }
        });
        best.unwrap_or(Totals { total: 0, limit: false, raw: 0, bonus: 0 })
    }

    /// HK §19.5.3 steps 1-2 for one reading and placement.
    fn counted(&self, c: &[u8; N_ELEMENTS]) -> Counted {
        // Step 1: limit elements, the first in code order (X20, X21 never here).
        let limit = (l(1)..N_ELEMENTS).find(|&i| i != x(20) && i != x(21) && c[i] > 0 && self.value(i) == ElementValue::Limit);
        if let Some(i) = limit {
            return Counted::Limit(i);
        }
        // Step 2: ordinary entries, then the replacements (from the entries present).
        let mut on = [false; N_ELEMENTS];
        for i in 0..N_ELEMENTS {
            on[i] = c[i] > 0 && matches!(self.value(i), ElementValue::Faan(_)) && i != x(20) && i != x(21);
        }
        let mut removed = [false; N_ELEMENTS];
        for (by, what) in REPLACES {
            if on[*by] {
                for &w in *what {
                    removed[w] = true;
                }
            }
        }
        if on[f(5)] && self.sw.seven_pairs == SevenPairs::WithoutConcealed {
            removed[f(10)] = true;
        }
        let mut n = [0u8; N_ELEMENTS];
        for i in 0..N_ELEMENTS {
            if on[i] && !removed[i] {
                n[i] = c[i];
            }
        }
        Counted::Entries(n)
    }

    /// The totals of one reading and placement, as the generic scorer makes them of
    /// [`HouseTable::valued`]'s elements.
    fn totals(&self, c: &[u8; N_ELEMENTS]) -> Totals {
        let max = self.sw.max_faan;
        match self.counted(c) {
            Counted::Limit(_) => Totals { total: max, limit: true, raw: max, bonus: 0 },
            Counted::Entries(n) => {
                let (mut raw, mut bonus) = (0u8, 0u8);
                for (i, &times) in n.iter().enumerate() {
                    if let (ElementValue::Faan(v), 1..) = (self.value(i), times) {
                        for _ in 0..times {
                            raw = raw.saturating_add(v);
                        }
                        if (f(16)..=f(20)).contains(&i) {
                            bonus = bonus.saturating_add(v.saturating_mul(times));
                        }
                    }
                }
                Totals { total: raw.min(max), limit: false, raw, bonus }
            }
        }
    }

    /// HK §19.5.3: the value of one reading and placement.
    fn valued(&self, c: &[u8; N_ELEMENTS]) -> Evaluation {
        match self.counted(c) {
            Counted::Limit(i) => Evaluation::Limit(element(i, self.sw.max_faan)),
            Counted::Entries(n) => {
                let mut out = Vec::with_capacity(12);
                for (i, &times) in n.iter().enumerate() {
                    if let ElementValue::Faan(v) = self.value(i) {
                        for _ in 0..times {
                            out.push(element(i, v));
                        }
                    }
                }
                Evaluation::Elements(out)
            }
        }
    }
}

/// §10.1 step 3 (a)-(d) between two evaluations: `true` when `a` is better than `b`. The
/// element numbers are read only when the totals, the limit and the raw totals tie.
fn better(a: &Evaluation, b: &Evaluation, cap: u8) -> bool {
    let head = |e: &Evaluation| -> (u8, bool, u8) {
        match e {
            Evaluation::Limit(el) => (el.value, true, el.value),
            Evaluation::Elements(els) => {
                let raw = els.iter().fold(0u8, |s, e| s.saturating_add(e.value));
                (raw.min(cap), false, raw)
            }
        }
    };
    let numbers = |e: &Evaluation| -> Vec<u8> {
        match e {
            Evaluation::Limit(el) => vec![el.number()],
            Evaluation::Elements(els) => {
                let mut n: Vec<u8> = els.iter().map(Element::number).collect();
                n.sort_unstable();
                n
            }
        }
    };
    head(a).cmp(&head(b)).then_with(|| numbers(b).cmp(&numbers(a))) == std::cmp::Ordering::Greater
}

impl ScoringTable for HouseTable<'_> {
    fn shapes(&self) -> &ShapeRules {
        if self.sw.seven_pairs == SevenPairs::Off {
            &HK_SHAPES_NO_SEVEN_PAIRS
        } else {
            &HK_SHAPES
        }
    }
    fn min_total(&self) -> u8 {
        self.sw.min_faan
    }
    fn cap(&self) -> Option<u8> {
        Some(self.sw.max_faan)
    }
    /// HK §19.13 the house situation flags. (Bonus tiles under `tile_set = 136` are refused
    /// by the public scorer, [`crate::rules::checked::score_with`]; this table ignores them.)
    fn check_situation(&self, facts: &WinFacts<'_>) -> Result<()> {
        let ctx = facts.ctx;
        let h = ctx.house.hong_kong();
        let bad = |m: &str| Err(MahjongError::hand(m.to_string()));
        if h.earthly {
            if facts.self_drawn {
                return bad("earthly: a win on the dealer's first discard is not self-drawn");
            }
            if ctx.seat_wind == 0 {
                return bad("earthly: the winner is not the dealer (East)");
            }
            if !facts.hand.melds.is_empty() {
                return bad("earthly: nothing was declared before the dealer's first discard");
            }
            if ctx.robbing_kong || ctx.last_discard {
                return bad("earthly: the dealer's first discard is neither a robbed kong nor the last discard");
            }
        }
        if h.bonus_replacement {
            if !facts.self_drawn || ctx.dealer_start {
                return bad("bonus_replacement: a win on a bonus tile's replacement is self-drawn during play");
            }
            if ctx.kong_replacement {
                return bad("bonus_replacement: a replacement in a kong's chain is kong_replacement (F12)");
            }
            if facts.hand.bonus == 0 {
                return bad("bonus_replacement: the winner has no bonus tile");
            }
        }
        if h.double_kong {
            if !ctx.kong_replacement {
                return bad("double_kong: a double kong replacement is a kong replacement");
            }
            if facts.hand.melds.iter().filter(|m| m.kind.is_kong()).count() < 2 {
                return bad("double_kong: the winner has declared fewer than two kongs");
            }
        }
        Ok(())
    }
    /// HK §19.5.8 steps 1-3 for one split: every placement valued by §19.5.3, the best kept.
    fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
        let cap = self.sw.max_faan;
        let mut best: Option<Evaluation> = None;
        self.for_each_placement(facts, interp, |c| {
            let e = self.valued(c);
            if best.as_ref().is_none_or(|b| better(&e, b, cap)) {
                best = Some(e);
            }
        });
        best.unwrap_or(Evaluation::Elements(Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kind masks say what the tile predicates say, kind by kind.
    #[test]
    fn the_kind_masks_follow_the_tile_predicates() {
        for k in 0..34u8 {
            let t = Tile(k);
            let bit = |m: u64| m >> k & 1 == 1;
            assert_eq!(bit(SUITED), t.is_suited(), "{k}");
            assert_eq!(bit(HONOURS), t.is_honour(), "{k}");
            assert_eq!(bit(TERMINALS), t.is_terminal(), "{k}");
            assert_eq!(bit(SIMPLES), t.is_simple(), "{k}");
            assert_eq!(bit(GREEN), [19, 20, 21, 23, 25, 32].contains(&k), "{k}");
        }
        assert_eq!((SUITED | HONOURS) >> 34, 0);
    }
}
