"""A second Hong Kong scorer, written from the text of ``hong-kong.md`` (§9, §10, §14a, §18 and
§19.4-§19.5), not from the engine's code (issue 39).

It values one winning hand under one resolved switch set and is meant to be read next to the
rules: every element is a small function named after its code, and the procedure follows
§19.5.8 step by step (interpretations = split x placement of the winning tile, §19.5.3 limit
and replacement rules, §10.1 step 3 best interpretation, §19.5.6 minimum). Speed is secondary.

Tiles are kinds 0..33 (§2.1: 0-8 ``m``, 9-17 ``p``, 18-26 ``s``, 27-30 winds E S W N, 31-33
dragons white green red). Bonus tiles are their numbers 1..8 (``1f``..``8f``, §2.2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

# --------------------------------------------------------------------------- tiles (§2)

SUITS = "mps"
WINDS = "ESWN"
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
DRAGONS = (WHITE, GREEN, RED)
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
ORPHANS = tuple(sorted(TERMINALS)) + tuple(range(27, 34))
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s 6z (X14)


def is_honor(k: int) -> bool:
    return k >= 27


def suit_of(k: int) -> int:
    """0, 1, 2 for m, p, s; 3 for an honour."""
    return k // 9 if k < 27 else 3


def number_of(k: int) -> int:
    return k % 9 + 1


def is_simple(k: int) -> bool:
    return k < 27 and 2 <= number_of(k) <= 8


def kind_name(k: int) -> str:
    return f"{k - 26}z" if k >= 27 else f"{number_of(k)}{SUITS[suit_of(k)]}"


def parse_kinds(text: str) -> list[int]:
    """``"123m55z"`` -> kinds (bonus tiles are refused here; §2.5)."""
    out: list[int] = []
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
            continue
        for d in digits:
            n = int(d)
            if ch == "z":
                out.append(26 + n)
            else:
                out.append(9 * SUITS.index(ch) + n - 1)
        digits = ""
    return out


def notation(kinds: list[int]) -> str:
    """Kinds in §2.5 notation, canonical order."""
    out = ""
    for s in "mpsz":
        nums = [kind_name(k)[0] for k in sorted(kinds) if kind_name(k)[1] == s]
        if nums:
            out += "".join(nums) + s
    return out


# --------------------------------------------------------------------------- sets and hands

CHOW, PUNG = "chow", "pung"
# declared tags of §2.5; "claimed" per §9.4: every tag but ckong
TAGS = ("chow", "pung", "kong", "addkong", "ckong")


@dataclass(frozen=True)
class Meld:
    """A set of an interpretation. ``tag`` is the §2.5 tag of a declared set, or None for a set
    formed by the concealed tiles (winning tile included)."""

    shape: str  # CHOW or PUNG (a kong counts as a pung, §10.2)
    first: int  # lowest kind
    tag: str | None = None

    @property
    def kinds(self) -> tuple[int, ...]:
        return (
            (self.first, self.first + 1, self.first + 2)
            if self.shape == CHOW
            else (self.first,) * 3
        )

    @property
    def is_kong(self) -> bool:
        return self.tag in ("kong", "addkong", "ckong")

    @property
    def claimed(self) -> bool:
        return self.tag is not None and self.tag != "ckong"

    @property
    def declared(self) -> bool:
        return self.tag is not None

    def text(self) -> str:
        n = 4 if self.is_kong else 3
        tiles = notation(list(self.kinds) + ([self.first] if n == 4 else []))
        return f"{self.tag}[{tiles}]" if self.tag else tiles


@dataclass(frozen=True)
class Situation:
    """The scorer's situation inputs (§14a, §19.13). ``last_tile`` is the last wall tile of a
    self-drawn win and the last discard otherwise (the API's one flag)."""

    seat: int = 0  # 0..3 = E S W N
    prevailing: int = 0
    self_drawn: bool = False
    robbing_kong: bool = False
    kong_replacement: bool = False
    last_tile: bool = False
    dealer_start: bool = False
    discarder: int | None = None
    earthly: bool = False
    bonus_replacement: bool = False
    double_kong: bool = False


@dataclass(frozen=True)
class Hand:
    """A winning hand: the concealed tiles held before the winning tile, the declared sets, the
    bonus tiles (1..8) and the winning tile (None with ``dealer_start``: ``before`` is then the
    14 dealt tiles)."""

    before: tuple[int, ...]
    declared: tuple[Meld, ...]
    bonus: tuple[int, ...]
    win_tile: int | None
    situation: Situation

    def concealed(self) -> list[int]:
        return sorted(self.before + (() if self.win_tile is None else (self.win_tile,)))

    def notation(self) -> str:
        """``before`` + declared sets + bonus tiles, as ``mahjong_fast.score`` reads them."""
        parts = [notation(list(self.before))] if self.before else []
        parts += [m.text() for m in self.declared]
        if self.bonus:
            parts.append("".join(str(b) for b in sorted(self.bonus)) + "f")
        return " ".join(parts)


# --------------------------------------------------------------------------- switches (§18, §19.2)

F_DEFAULTS: dict[str, int] = {
    "F1": 1, "F2": 3, "F3": 3, "F4": 7, "F5": 4, "F6": 1, "F7": 5, "F8": 1, "F9": 1, "F10": 1,
    "F11": 1, "F12": 1, "F13": 1, "F14": 1, "F15": 1, "F16": 1, "F17": 1, "F18": 1, "F19": 2,
    "F20": 2,
}  # fmt: skip
LIMIT = "limit"
OFF = "off"
Value = int | str


def default_value(code: str) -> Value:
    """§19.5.1: the F table of §10.2, L codes limit, X codes off (X20 3, X21 limit)."""
    if code in F_DEFAULTS:
        return F_DEFAULTS[code]
    if code.startswith("L"):
        return LIMIT
    extra: dict[str, Value] = {"X20": 3, "X21": LIMIT}
    return extra.get(code, OFF)


ALL_CODES = (
    [f"F{i}" for i in range(1, 21)]
    + [f"L{i}" for i in range(1, 9)]
    + [f"X{i}" for i in range(1, 23)]
)


def rank(code: str) -> int:
    """§19.5.1 code order: Fn = n, Ln = 100 + n, Xn = 200 + n."""
    return int(code[1:]) + {"F": 0, "L": 100, "X": 200}[code[0]]


@dataclass(frozen=True)
class Switches:
    """The switches that change what the scorer computes (§19.3: the play switches do not)."""

    min_faan: int = 3
    max_faan: int = 13
    tile_set: int = 144
    seven_pairs: str = "with_concealed"
    flowers_break_concealed: bool = False
    bonus_faan_in_minimum: bool = True
    all_chows_pair: str = "suited"
    element_values: Mapping[str, Value] = field(default_factory=dict)

    @classmethod
    def from_resolved(cls, switches: Mapping[str, Any]) -> Switches:
        return cls(
            min_faan=int(switches["min_faan"]),
            max_faan=int(switches["max_faan"]),
            tile_set=int(switches["tile_set"]),
            seven_pairs=str(switches["seven_pairs"]),
            flowers_break_concealed=bool(switches["flowers_break_concealed"]),
            bonus_faan_in_minimum=bool(switches["bonus_faan_in_minimum"]),
            all_chows_pair=str(switches["all_chows_pair"]),
            element_values=dict(switches["element_values"]),
        )

    def value(self, code: str) -> Value:
        return self.element_values.get(code, default_value(code))


# The scoring switches of the §19.14 presets, copied from the table (the play switches are left
# out). Tests check that the engine resolves each preset to these values.
PRESETS: dict[str, dict[str, Any]] = {
    "hkos_classic": {},
    "half_spicy_3faan": {},
    "mahjax_hkos_v1": {
        "max_faan": 10,
        "seven_pairs": "off",
        "all_chows_pair": "valueless",
        "element_values": {
            "F15": OFF, "X1": LIMIT, "X2": 10, "X3": LIMIT, "X4": LIMIT, "X13": 1,
            "X14": LIMIT, "X18": 3, "X19": 3,
        },
    },
    "riichi_advanced_hk": {
        "seven_pairs": "off",
        "all_chows_pair": "any",
        "element_values": {
            "F7": 7, "L2": 10, "L4": 8, "L8": 8, "X1": 6, "X2": 4, "X3": LIMIT, "X4": LIMIT,
            "X5": 1, "X6": 8, "X20": 3, "X21": 8, "X22": 8,
        },
    },
    "benwassa_v1": {
        "min_faan": 1,
        "bonus_faan_in_minimum": False,
        "seven_pairs": "off",
        "all_chows_pair": "any",
        "element_values": {
            "L4": 11, "L5": 10, "L8": OFF, "X1": 6, "X2": 10, "X3": LIMIT, "X4": LIMIT,
        },
    },
    "benwassa_v1_136": {
        "min_faan": 1,
        "tile_set": 136,
        "bonus_faan_in_minimum": False,
        "seven_pairs": "off",
        "all_chows_pair": "any",
        "element_values": {
            "L4": 11, "L5": 10, "L8": OFF, "X1": 6, "X2": 10, "X3": LIMIT, "X4": LIMIT,
        },
    },
    "coach_nyc_social_v1": {
        "max_faan": 10,
        "element_values": {
            "F4": 6, "F7": 4, "X1": LIMIT, "X3": LIMIT, "X4": LIMIT, "X5": 1, "X15": LIMIT,
            "X16": LIMIT, "X17": LIMIT,
        },
    },
}  # fmt: skip


# --------------------------------------------------------------------------- shapes (§9)


def standard_splits(counts: list[int], n_sets: int) -> Iterator[tuple[list[Meld], int]]:
    """Every split of the concealed ``counts`` into ``n_sets`` sets and one pair (§9.1): yields
    (sets, pair kind). Four of a kind that were not declared are four ordinary tiles (§14a)."""
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for sets in _sets(counts, n_sets, 0):
                yield sets, pair
            counts[pair] += 2


def _sets(counts: list[int], n: int, start: int) -> Iterator[list[Meld]]:
    k = start
    while k < 34 and counts[k] == 0:
        k += 1
    if k == 34:
        if n == 0:
            yield []
        return
    if n == 0:
        return
    if counts[k] >= 3:
        counts[k] -= 3
        for rest in _sets(counts, n - 1, k):
            yield [Meld(PUNG, k), *rest]
        counts[k] += 3
    if k < 27 and number_of(k) <= 7 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        for rest in _sets(counts, n - 1, k):
            yield [Meld(CHOW, k), *rest]
        for j in (k, k + 1, k + 2):
            counts[j] += 1


def is_seven_pairs(counts: list[int], n_declared: int) -> bool:
    """§9.2: seven pairs of seven different kinds, no declared set."""
    return n_declared == 0 and sum(counts) == 14 and sorted(c for c in counts if c) == [2] * 7


def is_thirteen_orphans(counts: list[int], n_declared: int) -> bool:
    """§9.3."""
    return (
        n_declared == 0
        and sum(counts) == 14
        and all(counts[k] >= 1 for k in ORPHANS)
        and sum(counts[k] for k in ORPHANS) == 14
    )


def counts_of(kinds: list[int] | tuple[int, ...]) -> list[int]:
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


def has_winning_shape(counts: list[int], declared: int, sw: Switches) -> bool:
    """§9 under ``seven_pairs`` (§19.5.4)."""
    if any(True for _ in standard_splits(counts[:], 4 - declared)):
        return True
    if sw.seven_pairs != "off" and is_seven_pairs(counts, declared):
        return True
    return is_thirteen_orphans(counts, declared)


def waits(hand: Hand, sw: Switches) -> list[int]:
    """§14a waits of the 13 tiles held before the winning tile: kinds completing a winning
    shape, except a kind whose four copies the player already holds (concealed + declared)."""
    counts = counts_of(hand.before)
    held = counts[:]
    for m in hand.declared:
        for k in m.kinds:
            held[k] += 1
        if m.is_kong:
            held[m.first] += 1
    out = []
    for t in range(34):
        if held[t] >= 4:
            continue
        counts[t] += 1
        if has_winning_shape(counts, len(hand.declared), sw):
            out.append(t)
        counts[t] -= 1
    return out


# --------------------------------------------------------------------------- interpretations


@dataclass(frozen=True)
class Interpretation:
    """A split with a placement of the winning tile (§19.5.8 step 1)."""

    shape: str  # "standard", "seven_pairs", "thirteen_orphans"
    sets: tuple[Meld, ...] = ()  # all four sets, declared ones included (standard only)
    pair: int | None = None  # standard only
    pairs: tuple[int, ...] = ()  # seven pairs only
    winning_set: Meld | None = None  # the placed set, when it is a set
    winning_pair: bool = False  # the winning tile is placed in the pair

    def text(self) -> str:
        if self.shape == "standard":
            assert self.pair is not None
            return " ".join([*(m.text() for m in self.sets), notation([self.pair] * 2)])
        if self.shape == "seven_pairs":
            return " ".join(notation([p, p]) for p in self.pairs)
        return "thirteen orphans"


def interpretations(hand: Hand, sw: Switches) -> list[Interpretation]:
    counts = counts_of(hand.concealed())
    nd = len(hand.declared)
    k = hand.win_tile
    out: list[Interpretation] = []
    for sets, pair in standard_splits(counts[:], 4 - nd):
        all_sets = tuple(hand.declared) + tuple(sets)
        if k is None:
            out.append(Interpretation("standard", all_sets, pair))
            continue
        placed_any = False
        for m in set(sets):
            if k in m.kinds:
                out.append(Interpretation("standard", all_sets, pair, winning_set=m))
                placed_any = True
        if pair == k:
            out.append(Interpretation("standard", all_sets, pair, winning_pair=True))
            placed_any = True
        assert placed_any, "the winning tile is always in a concealed set or the pair"
    if sw.seven_pairs != "off" and is_seven_pairs(counts, nd):
        pairs = tuple(p for p in range(34) if counts[p] == 2)
        out.append(Interpretation("seven_pairs", pairs=pairs, winning_pair=k is not None))
    if is_thirteen_orphans(counts, nd):
        out.append(Interpretation("thirteen_orphans"))
    return out


# --------------------------------------------------------------------------- element conditions


@dataclass
class Context:
    hand: Hand
    sw: Switches
    tiles: list[int]  # the 14 tiles (a kong as three)
    _waits: list[int] | None = None

    @property
    def s(self) -> Situation:
        return self.hand.situation

    def wait_count(self) -> int:
        if self._waits is None:
            self._waits = waits(self.hand, self.sw)
        return len(self._waits)


def _pungs(i: Interpretation) -> list[int]:
    return [m.first for m in i.sets if m.shape == PUNG]


def _chows(i: Interpretation) -> list[Meld]:
    return [m for m in i.sets if m.shape == CHOW]


def _std(i: Interpretation) -> bool:
    return i.shape == "standard"


def f1(c: Context, i: Interpretation) -> int:
    if not _std(i) or len(_chows(i)) != 4:
        return 0
    assert i.pair is not None
    p = i.pair
    mode = c.sw.all_chows_pair
    if mode == "any":
        return 1
    if mode == "suited":
        return int(not is_honor(p))
    # valueless: suited, or a wind that is neither the seat nor the prevailing wind
    if not is_honor(p):
        return 1
    return int(p in WIND_KINDS and p != EAST + c.s.seat and p != EAST + c.s.prevailing)


def f2(c: Context, i: Interpretation) -> int:
    return int(_std(i) and len(_pungs(i)) == 4)


def f3(c: Context, i: Interpretation) -> int:
    suits = {suit_of(k) for k in c.tiles if not is_honor(k)}
    return int(len(suits) == 1 and any(is_honor(k) for k in c.tiles))


def f4(c: Context, i: Interpretation) -> int:
    return int(not any(is_honor(k) for k in c.tiles) and len({suit_of(k) for k in c.tiles}) == 1)


def f5(c: Context, i: Interpretation) -> int:
    return int(i.shape == "seven_pairs")


def f6(c: Context, i: Interpretation) -> int:
    """One entry per dragon pung (the count of entries)."""
    return sum(1 for k in _pungs(i) if k in DRAGONS) if _std(i) else 0


def f7(c: Context, i: Interpretation) -> int:
    if not _std(i):
        return 0
    dragon_pungs = [k for k in _pungs(i) if k in DRAGONS]
    return int(len(dragon_pungs) == 2 and i.pair in DRAGONS)


def f8(c: Context, i: Interpretation) -> int:
    return int(_std(i) and EAST + c.s.seat in _pungs(i))


def f9(c: Context, i: Interpretation) -> int:
    return int(_std(i) and EAST + c.s.prevailing in _pungs(i))


def concealed_hand(c: Context) -> bool:
    """F10's condition (§9.4, §14a), with §19.5.5."""
    if any(m.claimed for m in c.hand.declared):
        return False
    return not (c.sw.flowers_break_concealed and c.hand.bonus)


def self_drawn(c: Context) -> bool:
    return c.s.self_drawn or c.s.dealer_start


def f10(c: Context, i: Interpretation) -> int:
    return int(concealed_hand(c))


def f11(c: Context, i: Interpretation) -> int:
    return int(self_drawn(c))


def f12(c: Context, i: Interpretation) -> int:
    return int(c.s.kong_replacement)


def f13(c: Context, i: Interpretation) -> int:
    return int(c.s.robbing_kong)


def f14(c: Context, i: Interpretation) -> int:
    return int(c.s.last_tile and self_drawn(c))


def f15(c: Context, i: Interpretation) -> int:
    return int(c.s.last_tile and not self_drawn(c))


def _bonus_elements(c: Context) -> bool:
    return c.sw.tile_set == 144  # §19.4 item 4: F16-F20 and X5 never with 136 tiles


def f16(c: Context, i: Interpretation) -> int:
    return int(_bonus_elements(c) and not c.hand.bonus)


def f17(c: Context, i: Interpretation) -> int:
    return int(_bonus_elements(c) and c.s.seat + 1 in c.hand.bonus)


def f18(c: Context, i: Interpretation) -> int:
    return int(_bonus_elements(c) and c.s.seat + 5 in c.hand.bonus)


def f19(c: Context, i: Interpretation) -> int:
    return int(_bonus_elements(c) and {1, 2, 3, 4} <= set(c.hand.bonus))


def f20(c: Context, i: Interpretation) -> int:
    return int(_bonus_elements(c) and {5, 6, 7, 8} <= set(c.hand.bonus))


def l1(c: Context, i: Interpretation) -> int:
    return int(i.shape == "thirteen_orphans")


def l2(c: Context, i: Interpretation) -> int:
    return int(i.shape in ("standard", "seven_pairs") and all(is_honor(k) for k in c.tiles))


def l3(c: Context, i: Interpretation) -> int:
    return int(_std(i) and all(k in TERMINALS for k in c.tiles))


def l4(c: Context, i: Interpretation) -> int:
    return int(_std(i) and set(DRAGONS) <= set(_pungs(i)))


def l5(c: Context, i: Interpretation) -> int:
    return int(_std(i) and set(WIND_KINDS) <= set(_pungs(i)))


def l6(c: Context, i: Interpretation) -> int:
    return int(sum(m.is_kong for m in c.hand.declared) == 4)


def l7(c: Context, i: Interpretation) -> int:
    """Nine gates: no declared set; 1112345678999 of one suit before the winning tile (with
    ``dealer_start``: the 14 tiles are that plus one more tile of the suit)."""
    h = c.hand
    if h.declared:
        return 0
    gates = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    for s in range(3):
        if h.win_tile is None:
            counts = counts_of(h.before)
            if any(counts[k] for k in range(34) if suit_of(k) != s):
                continue
            extra = [counts[9 * s + n] - gates[n] for n in range(9)]
            if all(e >= 0 for e in extra) and sum(extra) == 1:
                return 1
        else:
            counts = counts_of(h.before)
            if counts[9 * s : 9 * s + 9] == gates and suit_of(h.win_tile) == s:
                return 1
    return 0


def l8(c: Context, i: Interpretation) -> int:
    if not _std(i) or len(_pungs(i)) != 4 or not self_drawn(c):
        return 0
    return int(not any(m.claimed for m in i.sets))


def x1(c: Context, i: Interpretation) -> int:
    if not _std(i):
        return 0
    winds = [k for k in _pungs(i) if k in WIND_KINDS]
    return int(len(winds) == 3 and i.pair in WIND_KINDS)


def x2(c: Context, i: Interpretation) -> int:
    if i.shape not in ("standard", "seven_pairs"):
        return 0
    return int(
        all(k in TERMINALS or is_honor(k) for k in c.tiles)
        and any(k in TERMINALS for k in c.tiles)
        and any(is_honor(k) for k in c.tiles)
    )


def x3(c: Context, i: Interpretation) -> int:
    return int(c.s.dealer_start)


def x4(c: Context, i: Interpretation) -> int:
    return int(c.s.earthly)


def x5(c: Context, i: Interpretation) -> int:
    return int(
        _bonus_elements(c) and c.s.bonus_replacement and c.s.self_drawn and not c.s.kong_replacement
    )


def x6(c: Context, i: Interpretation) -> int:
    return int(c.s.kong_replacement and c.s.double_kong)


def x7(c: Context, i: Interpretation) -> int:
    k = c.hand.win_tile
    return int(
        c.s.kong_replacement
        and k == parse_kinds("5p")[0]
        and i.winning_set is not None
        and i.winning_set == Meld(CHOW, parse_kinds("4p")[0])
    )


def x8(c: Context, i: Interpretation) -> int:
    return int(f14(c, i) == 1 and c.hand.win_tile == parse_kinds("1p")[0])


def x9(c: Context, i: Interpretation) -> int:
    return int(concealed_hand(c) and self_drawn(c))


def _wait_set(c: Context, i: Interpretation, ok: Callable[[Meld, int], bool]) -> int:
    """X10-X12: standard; one wait; the placement of the winning tile as ``ok`` says."""
    if not _std(i) or c.s.dealer_start or c.hand.win_tile is None:
        return 0
    if not ok_placement(i, c.hand.win_tile, ok):
        return 0
    return int(c.wait_count() == 1)


def ok_placement(i: Interpretation, k: int, ok: Callable[[Meld, int], bool]) -> bool:
    return i.winning_set is not None and ok(i.winning_set, k)


def x10(c: Context, i: Interpretation) -> int:
    if not _std(i) or c.s.dealer_start or not i.winning_pair:
        return 0
    return int(c.wait_count() == 1)


def x11(c: Context, i: Interpretation) -> int:
    def edge(m: Meld, k: int) -> bool:
        return m.shape == CHOW and (
            (number_of(m.first) == 1 and k == m.first + 2)
            or (number_of(m.first) == 7 and k == m.first)
        )

    return _wait_set(c, i, edge)


def x12(c: Context, i: Interpretation) -> int:
    return _wait_set(c, i, lambda m, k: m.shape == CHOW and k == m.first + 1)


def x13(c: Context, i: Interpretation) -> int:
    return int(all(is_simple(k) for k in c.tiles))


def x14(c: Context, i: Interpretation) -> int:
    return int(i.shape in ("standard", "seven_pairs") and all(k in GREEN_KINDS for k in c.tiles))


def _jewel(c: Context, i: Interpretation, suit: int, dragon: int) -> int:
    if not _std(i) or len(_pungs(i)) != 4 or dragon not in _pungs(i):
        return 0
    honors = {k for k in c.tiles if is_honor(k)}
    suits = {suit_of(k) for k in c.tiles if not is_honor(k)}
    return int(honors == {dragon} and suits <= {suit})


def x15(c: Context, i: Interpretation) -> int:
    return _jewel(c, i, 2, GREEN)


def x16(c: Context, i: Interpretation) -> int:
    return _jewel(c, i, 0, RED)


def x17(c: Context, i: Interpretation) -> int:
    return _jewel(c, i, 1, WHITE)


def x18(c: Context, i: Interpretation) -> int:
    """Three concealed pungs: ckongs and concealed pungs of the split, but not the winning set
    on a discard (robbing included)."""
    if not _std(i):
        return 0
    on_discard = not self_drawn(c)
    n = 0
    for m in i.sets:
        if m.shape != PUNG or m.claimed:
            continue
        if m.tag is None and on_discard and i.winning_set == m and not i.winning_pair:
            continue
        n += 1
    return int(n >= 3)


def x19(c: Context, i: Interpretation) -> int:
    return int(sum(m.is_kong for m in c.hand.declared) == 3)


def x22(c: Context, i: Interpretation) -> int:
    if not _std(i):
        return 0
    firsts = {m.first for m in _chows(i)}
    return int(any({9 * s, 9 * s + 3, 9 * s + 6} <= firsts for s in range(3)))


def _never(c: Context, i: Interpretation) -> int:
    return 0  # X20, X21: only through a bonus-tile win (§19.6), never from a hand


CONDITIONS: dict[str, Callable[[Context, Interpretation], int]] = {
    "F1": f1, "F2": f2, "F3": f3, "F4": f4, "F5": f5, "F6": f6, "F7": f7, "F8": f8, "F9": f9,
    "F10": f10, "F11": f11, "F12": f12, "F13": f13, "F14": f14, "F15": f15, "F16": f16,
    "F17": f17, "F18": f18, "F19": f19, "F20": f20,
    "L1": l1, "L2": l2, "L3": l3, "L4": l4, "L5": l5, "L6": l6, "L7": l7, "L8": l8,
    "X1": x1, "X2": x2, "X3": x3, "X4": x4, "X5": x5, "X6": x6, "X7": x7, "X8": x8, "X9": x9,
    "X10": x10, "X11": x11, "X12": x12, "X13": x13, "X14": x14, "X15": x15, "X16": x16,
    "X17": x17, "X18": x18, "X19": x19, "X20": _never, "X21": _never, "X22": x22,
}  # fmt: skip

# §19.5.3 replacement table: an entry present removes these codes (not chained)
REPLACES: dict[str, tuple[str, ...]] = {
    "F7": ("F6",), "F19": ("F17",), "F20": ("F18",),
    "L2": ("F2",), "L3": ("F2",), "L4": ("F6",), "L5": ("F8", "F9", "X1"), "L7": ("F4", "F10"),
    "L8": ("F2", "F10", "X18"), "X3": ("F10", "F11", "X9"), "X4": ("F10",), "X6": ("F12",),
    "X7": ("F12",), "X8": ("F14",), "X9": ("F10", "F11"), "X15": ("F3", "F6"),
    "X16": ("F3", "F6"), "X17": ("F3", "F6"),
}  # fmt: skip

BONUS_CODES = ("F16", "F17", "F18", "F19", "F20")


# --------------------------------------------------------------------------- valuation


@dataclass(frozen=True)
class Valued:
    interpretation: Interpretation
    entries: tuple[tuple[str, int], ...]  # in code order
    raw: int
    total: int
    limit: bool

    def key(self) -> tuple[int, int, int, list[int]]:
        """§10.1 step 3 as a sort key, the best interpretation smallest: (a) higher total, (b) a
        limit, (c) higher raw total, (d) the lexicographically smaller list of code ranks."""
        ranks = sorted(rank(code) for code, _ in self.entries)
        return (-self.total, -int(self.limit), -self.raw, ranks)


def value_interpretation(c: Context, i: Interpretation) -> Valued:
    """§19.5.3 for one interpretation."""
    sw = c.sw
    for code in ALL_CODES:  # step 1: the first limit element in code order
        if code.startswith("F") or code in ("X20", "X21"):
            continue
        if sw.value(code) == LIMIT and CONDITIONS[code](c, i):
            return Valued(i, ((code, sw.max_faan),), sw.max_faan, sw.max_faan, True)
    present: list[tuple[str, int]] = []
    for code in ALL_CODES:  # step 2: every integer-valued element that holds
        v = sw.value(code)
        if not isinstance(v, int):
            continue
        n = CONDITIONS[code](c, i)
        present += [(code, v)] * n
    codes = {code for code, _ in present}
    removed = {r for code in codes for r in REPLACES.get(code, ())}
    if sw.seven_pairs == "without_concealed" and "F5" in codes:
        removed.add("F10")
    entries = tuple(e for e in present if e[0] not in removed)
    raw = sum(v for _, v in entries)
    return Valued(i, entries, raw, min(raw, sw.max_faan), False)


@dataclass(frozen=True)
class RefResult:
    """What the reference scorer says about a hand."""

    is_win: bool
    reason: str | None
    faan: int
    raw: int
    qualifying: int
    elements: tuple[tuple[str, int], ...]
    interpretation: str

    def breakdown(self) -> str:
        return " + ".join(f"{c} {v}" for c, v in self.elements) or "(nothing)"


def score(hand: Hand, sw: Switches) -> RefResult:
    """§19.5.8: every interpretation valued, the best chosen, then the minimum (§19.5.6)."""
    tiles: list[int] = list(hand.concealed())
    for m in hand.declared:
        tiles += list(m.kinds)
    ctx = Context(hand, sw, tiles)
    interps = interpretations(hand, sw)
    if not interps:
        return RefResult(False, "NOT_A_WINNING_HAND", 0, 0, 0, (), "")
    best = min((value_interpretation(ctx, i) for i in interps), key=lambda v: v.key())
    if best.limit or sw.bonus_faan_in_minimum:
        qualifying = best.total
    else:
        b = sum(v for code, v in best.entries if code in BONUS_CODES)
        qualifying = min(best.raw - b, sw.max_faan)
    legal = qualifying >= sw.min_faan
    return RefResult(
        legal,
        None if legal else "BELOW_MINIMUM",
        best.total,
        best.raw,
        qualifying,
        best.entries,
        best.interpretation.text(),
    )


# --------------------------------------------------------------------------- bonus-tile wins (§19.6)

# which bonus-tile wins a deal can reach under each ``flower_win`` (§19.6: with ``seven`` the
# seventh tile already wins, with ``eight`` seven tiles do nothing; only ``eight_or_rob`` robs)
REACHABLE_FLOWER_WINS: dict[str, tuple[str, ...]] = {
    "off": (),
    "seven": ("seven",),
    "eight": ("eight",),
    "eight_or_rob": ("eight", "rob"),
}


def score_flower_win(kind: str, sw: Switches) -> RefResult:
    """§19.6: a bonus-tile win is exactly one entry, X21 for eight tiles and X20 for seven or
    robbing the eighth, worth its value capped at ``max_faan`` (``max_faan`` for ``"limit"``);
    no shape, and neither ``min_faan`` nor §19.5.6 applies."""
    code = "X21" if kind == "eight" else "X20"
    v = sw.value(code)
    faan = sw.max_faan if v == LIMIT else min(int(v), sw.max_faan)
    return RefResult(True, None, faan, faan, faan, ((code, faan),), f"bonus-tile win ({kind})")
