"""Random Hong Kong winning hands and random valid switch sets, and the comparison of the
reference scorer (``hk_reference_scorer``) with :func:`mahjong_fast.score` (issue 39).

Hands are built from a supply of four copies per kind, so no hand ever holds a fifth copy, and
only with situations that a deal can reach (§14a, §19.13): a robbed tile is the winner's only
copy of its kind, a kong-replacement win has a declared kong and is self-drawn, an earthly win
is a concealed non-dealer's win on East's discard, and so on. Themes (one suit, honours,
terminals, green tiles, pungs, pure straights, nine gates, ...) make the rarer elements appear.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import mahjong_fast as mf
from hk_reference_scorer import (
    CHOW,
    DRAGONS,
    GREEN_KINDS,
    LIMIT,
    OFF,
    ORPHANS,
    PUNG,
    REACHABLE_FLOWER_WINS,
    TERMINALS,
    WIND_KINDS,
    WINDS,
    Hand,
    Meld,
    RefResult,
    Situation,
    Switches,
    kind_name,
    number_of,
    score,
    score_flower_win,
)
from mahjong_fast.errors import RuleConfigError

# --------------------------------------------------------------------------- themes


def _suit(s: int) -> list[int]:
    return list(range(9 * s, 9 * s + 9))


HONORS = list(range(27, 34))


def theme_kinds(rng: random.Random) -> tuple[str, list[int], float]:
    """A theme: its name, the kinds it may use and the chance that a set is a pung."""
    s = rng.randrange(3)
    themes: list[tuple[str, list[int], float, float]] = [
        ("any", list(range(34)), 0.35, 30),
        ("half_flush", _suit(s) + HONORS, 0.45, 14),
        ("full_flush", _suit(s), 0.3, 10),
        ("pungs", list(range(34)), 0.9, 8),
        ("honors", HONORS, 1.0, 4),
        ("winds", list(WIND_KINDS) + _suit(s), 0.8, 5),
        ("dragons", list(DRAGONS) + _suit(s) + [rng.choice(WIND_KINDS)], 0.75, 6),
        ("terminals", sorted(TERMINALS), 1.0, 3),
        ("terminals_honors", sorted(TERMINALS) + HONORS, 1.0, 4),
        ("simples", [k for k in range(27) if 2 <= number_of(k) <= 8], 0.35, 6),
        ("green", sorted(GREEN_KINDS), 0.5, 3),
        ("jewel", _suit(s) + [(33, 31, 32)[s]], 1.0, 3),  # X16 m+7z, X17 p+5z, X15 s+6z
    ]
    weights = [t[3] for t in themes]
    name, kinds, p_pung, _ = rng.choices(themes, weights=weights)[0]
    return name, kinds, p_pung


# --------------------------------------------------------------------------- hands


@dataclass
class _Build:
    supply: list[int] = field(default_factory=lambda: [4] * 34)

    def take(self, kinds: Iterable[int]) -> bool:
        kinds = list(kinds)
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        if any(self.supply[k] < n for k, n in need.items()):
            return False
        for k in kinds:
            self.supply[k] -= 1
        return True


def _random_set(rng: random.Random, b: _Build, kinds: list[int], p_pung: float) -> Meld | None:
    for _ in range(20):
        if rng.random() < p_pung:
            k = rng.choice(kinds)
            if b.take([k] * 3):
                return Meld(PUNG, k)
        else:
            starts = [k for k in kinds if k < 27 and number_of(k) <= 7 and k + 2 in kinds]
            if not starts:
                continue
            k = rng.choice(starts)
            if b.take([k, k + 1, k + 2]):
                return Meld(CHOW, k)
    return None


def _standard_tiles(rng: random.Random, b: _Build) -> tuple[list[Meld], int] | None:
    """Four sets and a pair (§9.1), all concealed for now."""
    _, kinds, p_pung = theme_kinds(rng)
    sets: list[Meld] = []
    if rng.random() < 0.05:  # a pure straight (X22) in one suit
        s = rng.randrange(3)
        for first in (9 * s, 9 * s + 3, 9 * s + 6):
            b.take([first, first + 1, first + 2])
            sets.append(Meld(CHOW, first))
    elif rng.random() < 0.05:  # readings that compete: 111222333 (three chows or three pungs)
        k = rng.choice([k for k in kinds if k < 27 and number_of(k) <= 7] or [0])
        for _ in range(3):
            b.take([k, k + 1, k + 2])
            sets.append(Meld(CHOW, k))
    elif rng.random() < 0.04:  # 456p, for X7 (a kong replacement 5p into a concealed 456p)
        b.take([12, 13, 14])
        sets.append(Meld(CHOW, 12))
    elif rng.random() < 0.08:  # honour pungs: three dragons, four winds and their small forms
        group = list(DRAGONS) if rng.random() < 0.5 else list(WIND_KINDS)
        rng.shuffle(group)
        for k in group[: rng.choice([len(group) - 1, len(group)])]:
            b.take([k] * 3)
            sets.append(Meld(PUNG, k))
        if len(sets) < 4 and rng.random() < 0.7:
            kinds = kinds + group[len(sets) :] * 6  # likely pair of the missing honour
    while len(sets) < 4:
        m = _random_set(rng, b, kinds, p_pung)
        if m is None:
            return None
        sets.append(m)
    pairs = [k for k in kinds if b.supply[k] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    b.take([pair, pair])
    return sets, pair


def _declare(rng: random.Random, b: _Build, sets: list[Meld]) -> tuple[list[Meld], list[Meld]]:
    """Choose which sets are declared and how (§2.5 tags); returns (declared, concealed)."""
    mode = rng.random()
    p_declare = 0.0 if mode < 0.35 else (0.35 if mode < 0.8 else 0.8)
    p_kong = 0.9 if rng.random() < 0.06 else 0.2
    declared: list[Meld] = []
    concealed: list[Meld] = []
    for m in sets:
        if m.shape == PUNG and rng.random() < p_kong and b.take([m.first]):
            tag = rng.choice(["kong", "addkong", "ckong"])
            if tag != "ckong" and p_declare == 0.0:
                tag = "ckong"
            declared.append(replace(m, tag=tag))
        elif rng.random() < p_declare:
            declared.append(replace(m, tag="chow" if m.shape == CHOW else "pung"))
        else:
            concealed.append(m)
    return declared, concealed


def _bonus(rng: random.Random, tile_set: int) -> tuple[int, ...]:
    if tile_set == 136 or rng.random() < 0.4:
        return ()
    r = rng.random()
    if r < 0.1:
        chosen = {1, 2, 3, 4} | set(rng.sample(range(5, 9), rng.randrange(0, 3)))
    elif r < 0.2:
        chosen = {5, 6, 7, 8} | set(rng.sample(range(1, 5), rng.randrange(0, 3)))
    else:
        chosen = set(rng.sample(range(1, 9), rng.choice([1, 1, 1, 2, 2, 3, 4])))
    return tuple(sorted(chosen))


def random_hand(rng: random.Random, tile_set: int = 144, seven_pairs: bool = True) -> Hand:
    """One random winning hand with a reachable situation (``seven_pairs``: whether seven
    pairs is a winning shape, §19.5.4)."""
    while True:
        hand = _try_hand(rng, tile_set, seven_pairs)
        if hand is not None:
            return hand


def _try_hand(rng: random.Random, tile_set: int, seven_pairs: bool) -> Hand | None:
    b = _Build()
    shape = rng.random()
    declared: list[Meld] = []
    if shape < 0.08 and seven_pairs:  # seven pairs (§9.2)
        _, kinds, _ = theme_kinds(rng)
        kinds = [k for k in set(kinds)]
        if len(kinds) < 7:
            kinds = list(range(34))
        tiles = sorted(rng.sample(kinds, 7) * 2)
    elif shape < 0.10:  # thirteen orphans (§9.3)
        tiles = sorted([*ORPHANS, rng.choice(ORPHANS)])
    elif shape < 0.12:  # nine gates shapes (L7): 1112345678999 + one tile of the suit
        s = 9 * rng.randrange(3)
        tiles = sorted([s, s, s, *range(s + 1, s + 8), s + 8, s + 8, s + 8, s + rng.randrange(9)])
    else:
        std = _standard_tiles(rng, b)
        if std is None:
            return None
        sets, pair = std
        declared, concealed = _declare(rng, b, sets)
        tiles = sorted([k for m in concealed for k in m.kinds] + [pair, pair])
    bonus = _bonus(rng, tile_set)
    seat = rng.randrange(4)
    prevailing = 0 if rng.random() < 0.7 else rng.randrange(4)
    n_kongs = sum(m.is_kong for m in declared)
    held = list(tiles) + [k for m in declared for k in m.kinds]

    if not declared and rng.random() < 0.04:  # the dealer's win at the start of play
        sit = Situation(seat=0, prevailing=prevailing, self_drawn=True, dealer_start=True)
        return Hand(tuple(tiles), tuple(declared), bonus, None, sit)

    win = rng.choice(tiles)
    before = list(tiles)
    before.remove(win)
    self_drawn = rng.random() < 0.5
    robbing = False
    kong_repl = False
    double = False
    last = rng.random() < 0.08
    earthly = False
    bonus_repl = False
    discarder: int | None = None
    if self_drawn:
        if n_kongs and rng.random() < 0.3:
            kong_repl = True
            double = n_kongs >= 2 and rng.random() < 0.5
            if 13 in tiles and rng.random() < 0.5:  # 5p (X7)
                win = 13
                before = list(tiles)
                before.remove(win)
        elif bonus and rng.random() < 0.15:
            bonus_repl = True
    else:
        discarder = rng.choice([s for s in range(4) if s != seat])
        if held.count(win) == 1 and not last and rng.random() < 0.3:
            robbing = True
        elif seat != 0 and not declared and not last and rng.random() < 0.1:
            earthly = True
            discarder = 0
    sit = Situation(
        seat=seat,
        prevailing=prevailing,
        self_drawn=self_drawn,
        robbing_kong=robbing,
        kong_replacement=kong_repl,
        last_tile=last,
        discarder=discarder,
        earthly=earthly,
        bonus_replacement=bonus_repl,
        double_kong=double,
    )
    return Hand(tuple(before), tuple(declared), bonus, win, sit)


def situation_text(h: Hand) -> str:
    s = h.situation
    flags = [
        name
        for name in (
            "self_drawn",
            "robbing_kong",
            "kong_replacement",
            "last_tile",
            "dealer_start",
            "earthly",
            "bonus_replacement",
            "double_kong",
        )
        if getattr(s, name)
    ]
    who = f"seat {WINDS[s.seat]}, prevailing {WINDS[s.prevailing]}"
    if s.discarder is not None:
        who += f", discarder {WINDS[s.discarder]}"
    win = "none" if h.win_tile is None else kind_name(h.win_tile)
    return f"{who}; win tile {win}; {' '.join(flags) or 'on a discard'}"


# --------------------------------------------------------------------------- the engine


def engine_score(h: Hand, rules: mf.Ruleset) -> Any:
    s = h.situation
    return mf.score(
        h.notation(),
        None if h.win_tile is None else kind_name(h.win_tile),
        self_drawn=s.self_drawn,
        seat_wind=WINDS[s.seat],
        prevailing_wind=WINDS[s.prevailing],
        robbing_kong=s.robbing_kong,
        kong_replacement=s.kong_replacement,
        last_tile=s.last_tile,
        dealer_start=s.dealer_start,
        discarder=None if s.discarder is None else WINDS[s.discarder],
        earthly=s.earthly or None,
        bonus_replacement=s.bonus_replacement or None,
        double_kong=s.double_kong or None,
        rules=rules,
    )


# --------------------------------------------------------------------------- switch sets


# §19.5.1: the values each code may take
def allowed_values(code: str) -> list[int | str]:
    ints: list[int | str] = list(range(1, 14))
    if code.startswith("F"):
        return [*ints, OFF]
    if code in ("L1", "L6"):
        return [LIMIT, OFF]
    if code.startswith("L"):
        return [LIMIT, OFF, *ints]
    if code in ("X20", "X21"):
        return [*ints, LIMIT]
    return [OFF, LIMIT, *ints]


SCORED_X = [f"X{i}" for i in range(1, 20)] + ["X22"]
ALL_VALUE_CODES = [f"F{i}" for i in range(1, 21)] + [f"L{i}" for i in range(1, 9)] + SCORED_X


def random_overrides(rng: random.Random, base: dict[str, Any]) -> dict[str, Any]:
    """Random scoring-switch overrides on top of a preset's resolved switches (may be invalid;
    the caller retries on RuleConfigError)."""
    o: dict[str, Any] = {}
    if rng.random() < 0.4:
        o["max_faan"] = rng.randint(3, 13)
    if rng.random() < 0.4:
        o["min_faan"] = rng.randint(0, o.get("max_faan", base["max_faan"]))
    if rng.random() < 0.3:
        o["seven_pairs"] = rng.choice(["with_concealed", "without_concealed", "off"])
    if rng.random() < 0.2:
        o["flowers_break_concealed"] = rng.random() < 0.5
    if rng.random() < 0.2:
        o["bonus_faan_in_minimum"] = rng.random() < 0.5
    if rng.random() < 0.3:
        o["all_chows_pair"] = rng.choice(["suited", "any", "valueless"])
    if rng.random() < 0.1:
        o["tile_set"] = 136 if base["tile_set"] == 144 else 144
        if o["tile_set"] == 136:
            o["flower_win"] = "off"
    elif rng.random() < 0.3 and base["tile_set"] == 144:
        o["flower_win"] = rng.choice(["off", "seven", "eight", "eight_or_rob"])
    if rng.random() < 0.8:
        codes = rng.sample(ALL_VALUE_CODES, rng.randint(1, 8))
        # the extra elements often, so that X1-X22 are exercised
        codes += rng.sample(SCORED_X, rng.randint(0, 8)) + rng.sample(["X20", "X21"], 1)
        o["element_values"] = {c: rng.choice(allowed_values(c)) for c in codes}
    return o


def random_ruleset(rng: random.Random, preset: str) -> tuple[mf.Ruleset, dict[str, Any]]:
    """The preset alone (one time in four), or with random valid overrides."""
    base = mf.Ruleset.from_name(preset)
    if rng.random() < 0.25:
        return base, {}
    for _ in range(50):
        o = random_overrides(rng, base.switches)
        try:
            return mf.Ruleset.from_name(preset, **o), o
        except RuleConfigError:
            continue
    return base, {}


# --------------------------------------------------------------------------- comparison


def engine_flower_win(kind: str, seat: int, rules: mf.Ruleset) -> Any:
    """A bonus-tile win (§19.6) scored by the engine: ``rob`` is paid by the next seat."""
    discarder = WINDS[(seat + 1) % 4] if kind == "rob" else None
    return mf.score(
        None, None, flower_win=kind, seat_wind=WINDS[seat], discarder=discarder, rules=rules
    )


@dataclass
class Disagreement:
    preset: str
    overrides: dict[str, Any]
    hand: Hand | str  # a hand, or the kind of a bonus-tile win
    ref: RefResult
    engine: Any

    def report(self) -> str:
        if isinstance(self.hand, str):
            what = f"  bonus-tile win: {self.hand}"
        else:
            what = f"  hand: {self.hand.notation()}\n  situation: {situation_text(self.hand)}"
        e = self.engine
        eng = " + ".join(f"{x.code} {x.faan}" for x in e.elements) or "(nothing)"
        ref = (
            f"  reference: {self.ref.faan} faan (raw {self.ref.raw}, qualifying "
            f"{self.ref.qualifying}, win {self.ref.is_win}) = {self.ref.breakdown()}"
            f"  [{self.ref.interpretation}]"
        )
        engine = (
            f"  engine:    {e.faan} faan (raw {e.raw_faan}, qualifying {e.qualifying}, "
            f"win {e.is_win}) = {eng}  [{e.interpretation}]"
        )
        return "\n".join(
            [
                f"preset {self.preset}, overrides {self.overrides}",
                what,
                ref,
                engine,
            ]
        )


def agrees(ref: RefResult, e: Any) -> bool:
    return (
        ref.faan == e.faan
        and ref.raw == e.raw_faan
        and ref.is_win == e.is_win
        and ref.qualifying == e.qualifying
        and list(ref.elements) == [(x.code, x.faan) for x in e.elements]
    )


@dataclass
class RunResult:
    preset: str
    hands: int = 0
    agreements: int = 0
    legal: int = 0
    flower_wins: int = 0  # bonus-tile wins compared (§19.6), apart from ``hands``
    flower_agreements: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    seconds: float = 0.0


def hk_presets() -> list[str]:
    return [p for p in mf.presets() if p.startswith("hong-kong")]


def run_preset(
    preset: str,
    hands: int,
    seed: int,
    on_hand: Callable[[Hand, mf.Ruleset], None] | None = None,
) -> RunResult:
    """``hands`` random hands under ``preset``; a new random switch set every 10 hands."""
    rng = random.Random(f"{seed}:{preset}")
    out = RunResult(preset)
    t0 = time.perf_counter()
    rules = mf.Ruleset.from_name(preset)
    overrides: dict[str, Any] = {}
    sw = Switches.from_resolved(rules.switches)
    for n in range(hands):
        if n % 10 == 0:
            rules, overrides = random_ruleset(rng, preset)
            sw = Switches.from_resolved(rules.switches)
            for kind in REACHABLE_FLOWER_WINS[str(rules.switches["flower_win"])]:
                ref_fw = score_flower_win(kind, sw)
                e_fw = engine_flower_win(kind, rng.randrange(4), rules)
                out.flower_wins += 1
                if agrees(ref_fw, e_fw):
                    out.flower_agreements += 1
                else:
                    out.disagreements.append(Disagreement(preset, overrides, kind, ref_fw, e_fw))
        h = random_hand(rng, sw.tile_set, sw.seven_pairs != "off")
        if on_hand is not None:
            on_hand(h, rules)
        ref = score(h, sw)
        e = engine_score(h, rules)
        out.hands += 1
        out.legal += ref.is_win
        for code, _ in ref.elements:
            out.codes[code] = out.codes.get(code, 0) + 1
        if agrees(ref, e):
            out.agreements += 1
        else:
            out.disagreements.append(Disagreement(preset, overrides, h, ref, e))
    out.seconds = time.perf_counter() - t0
    return out
