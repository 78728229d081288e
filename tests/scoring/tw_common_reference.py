"""A second scorer for the Taiwanese common table (TW §20.4), written from the table's text in
``taiwanese.md`` §20.4.1-§20.4.2 and §11, not from the engine's code: plain Python, slow and
simple (every split of the concealed tiles is enumerated), used to cross-check the engine on
random winning hands (``test_tw_common_second_scorer.py``, ``scripts/tw_common_crosscheck.py``).

It covers the hand elements of a win in the middle of a deal (no starting win, no
qualification); the options are read from a ruleset's switch dict by name.

Tiles are kinds 0..33: 1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, winds East..North 27-30, dragons
31-33. Bonus tiles are 1..8 (1f-4f flowers, 5f-8f seasons).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# TW §20.4.1: code -> (sml, star31, shenlaiye)
TAI: dict[str, tuple[int, int, int]] = {
    "C01": (1, 1, 1), "C02": (1, 1, 1), "C03": (1, 1, 1), "C04": (1, 1, 1), "C05": (1, 1, 1),
    "C06": (1, 1, 1), "C07": (1, 1, 1), "C08": (1, 1, 1), "C09": (1, 1, 1), "C10": (1, 1, 1),
    "C11": (1, 1, 1), "C12": (1, 1, 1), "C13": (1, 2, 2), "C14": (1, 1, 1), "C15": (1, 1, 1),
    "C16": (1, 1, 1), "C17": (1, 1, 1), "C18": (1, 1, 1), "C19": (2, 2, 2), "C20": (2, 2, 2),
    "C21": (2, 2, 2), "C22": (2, 2, 2), "C23": (2, 2, 2), "C24": (4, 4, 4), "C25": (4, 4, 4),
    "C26": (4, 4, 4), "C27": (4, 4, 4), "C28": (5, 5, 5), "C29": (8, 4, 4), "C30": (8, 8, 8),
    "C31": (8, 8, 8), "C32": (8, 8, 8), "C33": (8, 8, 8), "C34": (8, 8, 8), "C35": (8, 8, 8),
    "C36": (8, 8, 8), "C37": (16, 8, 16), "C38": (16, 16, 16), "C39": (16, 16, 8),
    "C40": (16, 8, 8), "C41": (16, 16, 16), "C42": (24, 24, 24), "C43": (8, 8, 8),
    "C44": (16, 16, 16),
}  # fmt: skip
COLUMN = {"sml": 0, "star31": 1, "shenlaiye": 2}

WINDS = range(27, 31)
DRAGONS = range(31, 34)


def tile_name(t: int) -> str:
    if t < 27:
        return f"{t % 9 + 1}{'mps'[t // 9]}"
    return f"{t - 26}z"


def counts_of(notation: str) -> list[int]:
    """Counts of MPSZ notation (``"123m77z"``)."""
    c = [0] * 34
    digits: list[int] = []
    for ch in notation.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        else:
            base = {"m": 0, "p": 9, "s": 18, "z": 27}[ch]
            for d in digits:
                c[base + d - 1] += 1
            digits = []
    return c


@dataclass
class Meld:
    kind: str  # "chow", "pung", "kong" (exposed), "ckong" (concealed)
    tile: int

    def notation(self) -> str:
        n = {"chow": 3, "pung": 3, "kong": 4, "ckong": 4}[self.kind]
        tiles = [self.tile + i for i in range(3)] if self.kind == "chow" else [self.tile] * n
        return f"{self.kind}[{''.join(tile_name(t)[0] for t in tiles)}{tile_name(self.tile)[1]}]"

    @property
    def pung(self) -> bool:
        return self.kind != "chow"

    @property
    def claimed(self) -> bool:
        return self.kind != "ckong"


@dataclass
class Win:
    """A win: the concealed tiles before the winning tile, declared sets, the winning tile
    and the situation."""

    before: list[int]  # counts, 34
    melds: list[Meld]
    win: int
    self_drawn: bool
    seat: int
    round_wind: int
    bonus: set[int] = field(default_factory=set)
    robbing_kong: bool = False
    loose: bool = False
    last_tile: bool = False
    declared_ready: bool = False

    def notation(self) -> str:
        parts = [tile_name(t) for t in range(34) for _ in range(self.before[t])]
        return " ".join(parts + [m.notation() for m in self.melds])


def _splits(c: list[int], need: int, start: int = 0) -> Iterator[list[tuple[str, int]]]:
    """Every multiset of `need` sets (chows, pungs) using exactly the tiles of `c`."""
    if need == 0:
        if not any(c):
            yield []
        return
    t = start
    while t < 34 and c[t] == 0:
        t += 1
    if t == 34:
        return
    if c[t] >= 3:
        c[t] -= 3
        for rest in _splits(c, need - 1, t):
            yield [("pung", t), *rest]
        c[t] += 3
    if t < 27 and t % 9 <= 6 and c[t + 1] and c[t + 2]:
        for i in range(3):
            c[t + i] -= 1
        for rest in _splits(c, need - 1, t):
            yield [("chow", t), *rest]
        for i in range(3):
            c[t + i] += 1


def standard_readings(c: list[int], n_melds: int) -> Iterator[tuple[list[tuple[str, int]], int]]:
    """Every (concealed sets, pair) of the concealed tiles `c` with `n_melds` declared sets."""
    seen = set()
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in _splits(c, 5 - n_melds):
                key = (tuple(sorted(sets)), p)
                if key not in seen:
                    seen.add(key)
                    yield sets, p
            c[p] += 2


def eight_half(c: list[int]) -> int | None:
    """TW §20.4.2 rule 4: one kind three times, seven pairs among the others (four of a kind
    is two pairs); the kind held three times, or None."""
    if sum(c) != 17 or any(n not in (0, 2, 3, 4) for n in c):
        return None
    threes = [t for t in range(34) if c[t] == 3]
    pairs = sum(n // 2 for n in c if n != 3)
    return threes[0] if len(threes) == 1 and pairs == 7 else None


def complete(c: list[int], n_melds: int, opts: dict[str, Any]) -> bool:
    if any(True for _ in standard_readings(list(c), n_melds)):
        return True
    return n_melds == 0 and bool(opts["eight_half_pairs"]) and eight_half(c) is not None


def waits(w: Win, opts: dict[str, Any]) -> list[int]:
    """TW §10 W: the kinds that complete the hand, not a kind held four times."""
    held = list(w.before)
    for m in w.melds:
        if m.kind == "chow":
            for i in range(3):
                held[m.tile + i] += 1
        else:
            held[m.tile] += 4 if "kong" in m.kind else 3
    out = []
    for t in range(34):
        if held[t] >= 4:
            continue
        c = list(w.before)
        c[t] += 1
        if complete(c, len(w.melds), opts):
            out.append(t)
    return out


def _tiles(w: Win) -> list[int]:
    """Every tile of the hand, winning tile and declared sets included (kongs as four)."""
    c = list(w.before)
    c[w.win] += 1
    for m in w.melds:
        if m.kind == "chow":
            for i in range(3):
                c[m.tile + i] += 1
        else:
            c[m.tile] += 4 if "kong" in m.kind else 3
    return c


@dataclass
class Reading:
    sets: list[tuple[str, int, bool]]  # (kind, tile, claimed)
    pair: int | None
    role: str  # "pair", "pung", "chow_low", "chow_mid", "chow_high"
    eight_half: bool
    concealed_pungs: int


def readings(w: Win, opts: dict[str, Any]) -> Iterator[Reading]:
    c = list(w.before)
    c[w.win] += 1
    declared = [("pung" if m.pung else "chow", m.tile, m.claimed) for m in w.melds]
    for sets, pair in standard_readings(list(c), len(w.melds)):
        places: list[tuple[str, int | None]] = []
        if pair == w.win:
            places.append(("pair", None))
        done = set()
        for i, (k, t) in enumerate(sets):
            if (k, t) in done:
                continue
            if k == "pung" and t == w.win:
                places.append(("pung", i))
            elif k == "chow" and t <= w.win <= t + 2:
                places.append((["chow_low", "chow_mid", "chow_high"][w.win - t], i))
            else:
                continue
            done.add((k, t))
        own = [(k, t, False) for k, t in sets]
        all_sets = declared + own
        pungs_concealed = sum(1 for k, _, cl in all_sets if k == "pung" and not cl)
        for role, _ in places:
            cp = pungs_concealed - (1 if role == "pung" and not w.self_drawn else 0)
            yield Reading(all_sets, pair, role, False, cp)
    if not w.melds and opts["eight_half_pairs"]:
        p = eight_half(c)
        if p is not None:
            role = "pung" if w.win == p else "pair"
            yield Reading([("pung", p, False)], None, role, True, 1)


def _two_sided(r: Reading, win: int) -> bool:
    rank = win % 9
    return (r.role == "chow_low" and rank != 6) or (r.role == "chow_high" and rank != 2)


def _chows_ok(r: Reading, w: Win, opts: dict[str, Any], concealed: bool) -> bool:
    """C19 without its wait condition."""
    if r.eight_half or r.pair is None or any(k != "chow" for k, _, _ in r.sets):
        return False
    if concealed and not opts["all_chows_concealed"]:
        return False
    if w.self_drawn and not opts["all_chows_self_draw"]:
        return False
    honours = any(n for n in _tiles(w)[27:])
    return opts["all_chows_honors_bonus"] or not (honours or w.bonus)


def elements(r: Reading, w: Win, opts: dict[str, Any], n_waits: int, every_two_sided: bool) -> list[str]:
    out: list[str] = []
    tiles = _tiles(w)
    concealed = all(not m.claimed for m in w.melds)
    claimed = [m for m in w.melds if m.claimed]
    five_claimed = len(claimed) == 5
    honours = sum(tiles[27:]) > 0
    suits = {t // 9 for t in range(27) if tiles[t]}
    if concealed:
        out.append("C01")
        if w.self_drawn:
            out.append("C02")
    if w.self_drawn:
        out.append("C03")
    wind_pungs = [t for k, t, _ in r.sets if k == "pung" and t in WINDS]
    dragon_pungs = [t for k, t, _ in r.sets if k == "pung" and t in DRAGONS]
    big4 = len(wind_pungs) == 4
    small4 = len(wind_pungs) == 3 and r.pair is not None and r.pair in WINDS
    if big4:
        out.append("C41")
    elif small4:
        out.append("C32")
    if opts["any_wind_pung"]:
        out += ["C06"] * len(wind_pungs)
    elif not big4 and (not small4 or opts["small_four_winds_keeps_wind_pungs"]):
        for t in wind_pungs:
            if t - 27 == w.seat:
                out.append("C04")
            if t - 27 == w.round_wind:
                out.append("C05")
    if len(w.bonus) == 8 and opts["eight_bonus_mode"] in ("additive", "compound"):
        out.append("C34")
    else:
        groups = [g for g in ({1, 2, 3, 4}, {5, 6, 7, 8}) if g <= w.bonus]
        if opts["any_bonus_tile"]:
            out += ["C07"] * len(w.bonus)
        else:
            for b in w.bonus & {w.seat + 1, w.seat + 5}:
                if not (opts["bouquet_replaces_own_bonus"] and any(b in g for g in groups)):
                    out.append("C07")
            out += ["C13"] * len(groups)
        if opts["no_honors_no_bonus_element"] and not w.bonus and not honours:
            out.append("C22")
        elif opts["no_bonus_element"] and not w.bonus:
            out.append("C14")
    if len(dragon_pungs) == 3:
        out.append("C31")
    elif len(dragon_pungs) == 2 and r.pair is not None and r.pair in DRAGONS:
        out.append("C25")
    else:
        out += ["C08"] * len(dragon_pungs)
    edge = (r.role == "chow_low" and w.win % 9 == 6) or (r.role == "chow_high" and w.win % 9 == 2)
    if (not r.eight_half and not five_claimed and n_waits == 1
            and (r.role in ("pair", "chow_mid") or edge)):  # fmt: skip
        out.append("C09")
    if w.robbing_kong:
        out.append("C10")
    if w.self_drawn and w.loose:
        out.append("C11")
    if w.self_drawn and w.last_tile:
        out.append("C12")
    if opts["ready_declaration"] and w.declared_ready:
        out.append("C15")
    if opts["half_begging_element"] and five_claimed and w.self_drawn:
        out.append("C16")
    if opts["last_discard_element"] and w.last_tile and not w.self_drawn and not w.robbing_kong:
        out.append("C17")
    if opts["exposed_kong_element"]:
        out += ["C18"] * sum(1 for m in w.melds if m.kind == "kong")
    if opts["concealed_kong_element"]:
        out += ["C23"] * sum(1 for m in w.melds if m.kind == "ckong")
    if _chows_ok(r, w, opts, concealed):
        mode = opts["all_chows_wait"]
        if (mode == "unrestricted" or (mode == "any_two_sided" and _two_sided(r, w.win))
                or (mode == "only_two_sided" and _two_sided(r, w.win) and every_two_sided)):  # fmt: skip
            out.append("C19")
    if not r.eight_half:
        out += {3: ["C20"], 4: ["C28"], 5: ["C30"]}.get(r.concealed_pungs, [])
        if five_claimed and not w.self_drawn:
            out.append("C21")
        all_honours = not suits
        if (r.pair is not None and all(k == "pung" for k, _, _ in r.sets)
                and (opts["all_honors_with_all_pungs"] or not all_honours)):  # fmt: skip
            out.append("C24")
    if len(suits) == 1 and honours:
        out.append("C26")
    elif len(suits) == 1:
        out.append("C33")
    if not suits:
        out.append("C40")
    if r.eight_half:
        out.append("C36")
    kongs = sum(1 for m in w.melds if "kong" in m.kind)
    if opts["five_kongs_element"] and kongs >= 5:
        out.append("C44")
    elif opts["four_kongs_element"] and kongs >= 4:
        out.append("C43")
    return sorted(out)


def score(w: Win, opts: dict[str, Any]) -> tuple[int, list[tuple[str, int]], bool]:
    """The hand Tai, the breakdown (code, Tai) and whether it is a legal win (TW §11 step 3
    with `prefer_pung_reading`, §20.4.2 rule 6)."""
    col = COLUMN[opts["tai_table"]]
    over = opts.get("tai_overrides") or {}

    def tai(code: str) -> int:
        return int(over.get(code, TAI[code][col]))

    n_waits = len(waits(w, opts))
    rs = list(readings(w, opts))
    if opts["prefer_pung_reading"] and not w.self_drawn:
        pung = [r for r in rs if r.role == "pung" and not r.eight_half]
        if pung:
            rs = pung
    concealed = all(not m.claimed for m in w.melds)
    every_two_sided = all(_two_sided(r, w.win) for r in rs if _chows_ok(r, w, opts, concealed))
    best: tuple[int, list[int], list[str]] | None = None
    for r in rs:
        els = elements(r, w, opts, n_waits, every_two_sided)
        total = sum(tai(e) for e in els)
        key = (total, [int(e[1:]) for e in els], els)
        if best is None or key[0] > best[0] or (key[0] == best[0] and key[1] < best[1]):
            best = key
    assert best is not None, "not a winning hand"
    total, _, els = best
    return total, [(e, tai(e)) for e in els], total >= opts["min_tai"]


def random_win(rng: random.Random, opts: dict[str, Any]) -> Win | None:
    """A random winning hand and situation (None when the draw cannot make one)."""
    counts = [0] * 34
    seat, round_wind = rng.randrange(4), rng.randrange(4)
    if opts["eight_half_pairs"] and rng.random() < 0.15:
        kinds = rng.sample(range(34), 8)
        c = [0] * 34
        c[kinds[0]] = 3
        for k in kinds[1:]:
            c[k] += 2
        if rng.random() < 0.3:  # a kind held four times: two of the pairs
            c[kinds[1]] += 2
            c[kinds[2]] -= 2
        melds: list[Meld] = []
        concealed = c
    else:
        n_melds = rng.choice([0, 0, 1, 2, 3, 4, 5])
        sets: list[tuple[str, int]] = []
        # a style, so that rare elements (all chows, flushes, all honours, kongs) are drawn too
        style = rng.choice(["mixed", "mixed", "chows", "flush", "honours", "kongs"])
        if style == "kongs":
            n_melds = rng.choice([4, 5])
        suit = rng.randrange(3)
        for _ in range(5):
            for _try in range(30):
                pung_p = {"mixed": 0.45, "chows": 0.0, "flush": 0.4, "honours": 0.8, "kongs": 0.9}[style]
                if rng.random() < pung_p:
                    if style == "honours":
                        t = rng.randrange(27, 34)
                    elif style == "flush":
                        t = rng.choice([9 * suit + rng.randrange(9), rng.randrange(27, 34)])
                    else:
                        t = rng.randrange(34)
                    if counts[t] == 0:
                        counts[t] += 3
                        sets.append(("pung", t))
                        break
                else:
                    s = suit if style in ("flush", "honours") else rng.randrange(3)
                    t = 9 * s + rng.randrange(7)
                    if all(counts[t + i] < 4 for i in range(3)):
                        for i in range(3):
                            counts[t + i] += 1
                        sets.append(("chow", t))
                        break
            else:
                return None
        pool = {"flush": [*range(9 * suit, 9 * suit + 9), *range(27, 34)], "honours": list(range(27, 34)),
                "chows": list(range(27))}.get(style, list(range(34)))  # fmt: skip
        pairs = [t for t in pool if counts[t] <= 2] or [t for t in range(34) if counts[t] <= 2]
        pair = rng.choice(pairs)
        counts[pair] += 2
        melds = []
        concealed = [0] * 34
        concealed[pair] += 2
        for i, (k, t) in enumerate(sets):
            if i < n_melds:
                if k == "pung" and counts[t] == 3 and rng.random() < (0.9 if style == "kongs" else 0.35):
                    melds.append(Meld(rng.choice(["kong", "ckong"]), t))
                else:
                    melds.append(Meld(k, t))
            else:
                if k == "pung":
                    concealed[t] += 3
                else:
                    for j in range(3):
                        concealed[t + j] += 1
    held = [t for t in range(34) for _ in range(concealed[t])]
    win = rng.choice(held)
    before = list(concealed)
    before[win] -= 1
    self_drawn = rng.random() < 0.45
    bonus = {b for b in range(1, 9) if rng.random() < (0.9 if rng.random() < 0.05 else 0.18)}
    if len(bonus) == 8 and opts["eight_bonus_mode"] not in ("additive", "compound"):
        bonus.discard(rng.randrange(1, 9))
    w = Win(before, melds, win, self_drawn, seat, round_wind, bonus)
    has_kong = any("kong" in m.kind for m in melds)
    if self_drawn and (has_kong or bonus) and rng.random() < 0.25:
        w.loose = True
    if rng.random() < 0.08:
        w.last_tile = True
    if not self_drawn and before[win] == 0 and rng.random() < 0.1:
        w.robbing_kong = True
    if opts["ready_declaration"] and rng.random() < 0.3:
        w.declared_ready = True
    return w


# The common-table options a cross-check may set on top of a preset (TW §20.2.10).
OPTION_CHOICES: dict[str, list[Any]] = {
    "all_chows_wait": ["any_two_sided", "only_two_sided", "unrestricted"],
    "all_chows_concealed": [False, True],
    "all_chows_self_draw": [False, True],
    "all_chows_honors_bonus": [False, True],
    "small_four_winds_keeps_wind_pungs": [False, True],
    "all_honors_with_all_pungs": [False, True],
    "eight_half_pairs": [False, True],
    "half_begging_element": [False, True],
    "four_kongs_element": [False, True],
    "five_kongs_element": [False, True],
    "last_discard_element": [False, True],
    "any_wind_pung": [False, True],
    "any_bonus_tile": [False, True],
    "bouquet_replaces_own_bonus": [False, True],
    "no_bonus_element": [False, True],
    "no_honors_no_bonus_element": [False, True],
    "exposed_kong_element": [False, True],
    "concealed_kong_element": [False, True],
}


PRESETS = ("taiwanese-omu-standard", "taiwanese-omu-cml", "taiwanese-omu-star31", "taiwanese-omu-shenlaiye")


@dataclass
class CrossCheck:
    """The outcome of [`crosscheck`]: hands compared, hands the engine refused as a situation
    no deal reaches (TW §10a; the draw is then discarded), and the differences found."""

    compared: int = 0
    refused: int = 0
    differences: list[str] = field(default_factory=list)


def crosscheck(preset: str, n: int, seed: int, options: bool = True) -> CrossCheck:
    """Score `n` random winning hands under `preset` with the engine and with this scorer;
    with `options`, half of them under random common-table options on top of the preset."""
    import mahjong_fast as mf
    from mahjong_fast.errors import InvalidHandError

    rng = random.Random(seed)
    base = mf.Ruleset.from_name(preset)
    out = CrossCheck()
    while out.compared < n:
        rules = base
        if options and rng.random() < 0.5:
            extra = {k: rng.choice(v) for k, v in OPTION_CHOICES.items() if rng.random() < 0.3}
            if extra.get("five_kongs_element"):  # it needs four_kongs_element (TW §20.3 CE-DEP)
                extra["four_kongs_element"] = True
            rules = base.replace(**extra)
        opts = dict(rules.switches)
        w = random_win(rng, opts)
        if w is None:
            continue
        discarder = None if w.self_drawn else (w.seat + rng.randrange(1, 4)) % 4
        n_claimed = sum(1 for m in w.melds if m.claimed)
        try:
            r = mf.score(
                w.notation(), tile_name(w.win), self_drawn=w.self_drawn, seat_wind=w.seat,
                prevailing_wind=w.round_wind,
                bonus=" ".join(f"{b}f" for b in sorted(w.bonus)), robbing_kong=w.robbing_kong,
                kong_replacement=w.loose, last_tile=w.last_tile, discarder=discarder,
                discards=60 if w.last_tile else 30, winner_discards=max(6, n_claimed + 1),
                interrupted=True, declared_ready=w.declared_ready or None, rules=rules,
            )  # fmt: skip
        except InvalidHandError:
            out.refused += 1
            continue
        want = score(w, opts)
        got = (r.value, sorted((e.code, e.value) for e in r.elements), r.is_win)
        out.compared += 1
        if got != (want[0], sorted(want[1]), want[2]):
            out.differences.append(f"{preset} {w} discarder={discarder} options={opts}: engine {got}, text {want}")
    return out
