"""The hand-analysis API (score, waits, shanten, decompose) against the Hong Kong rules (§2, §9,
§10, §11, §14a, §15; see docs/hong-kong-rules.md) and the public contract.

Includes an independent reference checker/scorer written from the spec (no product code) that
is compared with the product on thousands of random hands.
"""

from __future__ import annotations

import random

import mahjong_fast as mf
import pytest

# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------

SUITS = "mpsz"
WINDS = "ESWN"
TERMINALS = {0, 8, 9, 17, 18, 26}
DRAGONS = (31, 32, 33)
WIND_KINDS = (27, 28, 29, 30)
CLAIMED_TYPES = {"chow", "pung", "kong", "addkong"}


def kstr(k: int) -> str:
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def tiles_str(counts: list[int]) -> str:
    out = ""
    for s in range(4):
        digs = "".join(str(n + 1) * counts[9 * s + n] for n in range(9 if s < 3 else 7))
        if digs:
            out += digs + SUITS[s]
    return out


def meld_str(mtype: str, k: int) -> str:
    if mtype == "chow":
        n = k % 9 + 1
        return f"chow[{n}{n + 1}{n + 2}{SUITS[k // 9]}]"
    reps = 3 if mtype == "pung" else 4
    return f"{mtype}[{str(k % 9 + 1) * reps}{SUITS[k // 9]}]"


def hand_str(counts: list[int], melds: list[tuple[str, int]], bonus: tuple[int, ...] = ()) -> str:
    parts = [tiles_str(counts)] + [meld_str(t, k) for t, k in melds] + [f"{b}f" for b in bonus]
    return " ".join(p for p in parts if p)


def meld_kinds(melds: list[tuple[str, int]]) -> list[int]:
    """Kinds physically in the declared sets (kong: 4 copies)."""
    out: list[int] = []
    for t, k in melds:
        if t == "chow":
            out += [k, k + 1, k + 2]
        elif t == "pung":
            out += [k] * 3
        else:
            out += [k] * 4
    return out


def codes(r) -> list[str]:
    return [e.code for e in r.elements]


def sc(hand: str, win: str | None, **kw):
    return mf.score(hand, win, **kw)


def assert_score(r, exp_codes: list[str], faan: int | None = None, *, win: bool = True) -> None:
    assert codes(r) == exp_codes, (codes(r), r)
    if faan is not None:
        assert r.faan == faan, r
    assert r.is_win is win, r
    if win:
        assert r.reason is None
        assert r.base == 2 ** r.faan
    else:
        assert r.reason == "BELOW_MINIMUM"
        assert not r.payments or all(v == 0 for v in r.payments.values())


def assert_limit(r, code: str) -> None:
    assert r.is_win, r
    assert r.limit == code, r
    assert r.faan == 13 and r.raw_faan == 13, r
    assert [(e.code, e.faan) for e in r.elements] == [(code, 13)], r


# ------------------------------------------------------------------------------------------
# reference implementation from the spec (§9, §10, §14a)
# ------------------------------------------------------------------------------------------


def split_sets(c: list[int], need: int) -> list[list[tuple[str, int]]]:
    i = next((j for j in range(34) if c[j]), None)
    if i is None:
        return [[]] if need == 0 else []
    if need == 0:
        return []
    out = []
    if c[i] >= 3:
        c[i] -= 3
        for r in split_sets(c, need - 1):
            out.append([("pung", i)] + r)
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for r in split_sets(c, need - 1):
            out.append([("chow", i)] + r)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return out


def std_splits(conc: list[int], n_melds: int) -> set[tuple]:
    need = 4 - n_melds
    if sum(conc) != 3 * need + 2:
        return set()
    res = set()
    for p in range(34):
        if conc[p] >= 2:
            c = conc[:]
            c[p] -= 2
            for sets in split_sets(c, need):
                res.add((p, tuple(sorted(sets))))
    return res


def is_seven_pairs(conc: list[int], n_melds: int) -> bool:
    return n_melds == 0 and sum(conc) == 14 and all(x in (0, 2) for x in conc)


ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def is_thirteen(conc: list[int], n_melds: int) -> bool:
    return (
        n_melds == 0
        and sum(conc) == 14
        and all(conc[k] >= 1 for k in ORPHANS)
        and all(conc[k] == 0 for k in range(34) if k not in ORPHANS)
    )


def ref_complete(conc: list[int], n_melds: int) -> bool:
    return bool(std_splits(conc, n_melds)) or is_seven_pairs(conc, n_melds) or is_thirteen(conc, n_melds)


def ref_waits(conc: list[int], melds: list[tuple[str, int]]) -> list[int]:
    held = conc[:]
    for k in meld_kinds(melds):
        held[k] += 1
    out = []
    for t in range(34):
        if held[t] >= 4:
            continue
        c = conc[:]
        c[t] += 1
        if ref_complete(c, len(melds)):
            out.append(t)
    return out


def ref_n_interpretations(conc: list[int], n_melds: int) -> int:
    return len(std_splits(conc, n_melds)) + is_seven_pairs(conc, n_melds) + is_thirteen(conc, n_melds)


def is_nine_gates_13(before: list[int]) -> int | None:
    for s in range(3):
        pat = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        if before[9 * s : 9 * s + 9] == pat and sum(before) == 13:
            return s
    return None


def ref_score(
    before: list[int],
    melds: list[tuple[str, int]],
    win: int | None,
    seat: int,
    prev: int = 0,
    self_drawn: bool = False,
    bonus: tuple[int, ...] = (),
    robbing: bool = False,
    kongrep: bool = False,
    last: bool = False,
    dealer_start: bool = False,
):
    """Returns None (no winning shape) or (faan, raw, limit, codes)."""
    conc = before[:]
    if win is not None:
        conc[win] += 1
    nm = len(melds)
    selfd = self_drawn or dealer_start
    kinds_all = [k for k in range(34) for _ in range(conc[k])] + meld_kinds(melds)
    suits = {k // 9 for k in kinds_all if k < 27}
    has_honor = any(k >= 27 for k in kinds_all)
    has_suited = any(k < 27 for k in kinds_all)
    claimed = any(t in CLAIMED_TYPES for t, _ in melds)
    n_kongs = sum(t in ("kong", "addkong", "ckong") for t, _ in melds)
    bon = set(bonus)

    interps = []
    for pair, csets in std_splits(conc, nm):
        sets = [(t, k, False) for t, k in csets]
        for t, k in melds:
            sets.append(("chow" if t == "chow" else "pung", k, t in CLAIMED_TYPES))
        interps.append(("std", pair, sets))
    if is_seven_pairs(conc, nm):
        interps.append(("7p", None, []))
    if is_thirteen(conc, nm):
        interps.append(("13o", None, []))
    if not interps:
        return None

    # nine gates (hand property)
    nine = False
    if nm == 0:
        if dealer_start:
            for s in range(3):
                seg = conc[9 * s : 9 * s + 9]
                if sum(seg) == 14:
                    d = [seg[i] - p for i, p in enumerate([3, 1, 1, 1, 1, 1, 1, 1, 3])]
                    if all(x >= 0 for x in d):
                        nine = True
        else:
            s = is_nine_gates_13(before)
            if s is not None and win is not None and win // 9 == s:
                nine = True

    best = None
    for shape, pair, sets in interps:
        pungs = [k for t, k, _ in sets if t == "pung"]
        limit = None
        order = [
            ("L1", shape == "13o"),
            ("L2", shape in ("std", "7p") and not has_suited),
            ("L3", shape == "std" and all(k in TERMINALS for k in kinds_all)),
            ("L4", shape == "std" and all(d in pungs for d in DRAGONS)),
            ("L5", shape == "std" and all(w in pungs for w in WIND_KINDS)),
            ("L6", n_kongs == 4),
            ("L7", nine),
            ("L8", shape == "std" and len(pungs) == 4 and not any(c for _, _, c in sets) and selfd),
        ]
        for code, ok in order:
            if ok:
                limit = code
                break
        if limit:
            key = (13, 1, 13, [int(limit[1:]) + 100])
            cand = (13, 13, limit, [limit])
        else:
            el: list[str] = []
            if shape == "std" and all(t == "chow" for t, _, _ in sets) and pair < 27:
                el.append("F1")
            if shape == "std" and all(t == "pung" for t, _, _ in sets):
                el.append("F2")
            if len(suits) == 1 and has_honor and has_suited:
                el.append("F3")
            if len(suits) == 1 and not has_honor:
                el.append("F4")
            if shape == "7p":
                el.append("F5")
            dragon_pungs = [d for d in DRAGONS if d in pungs]
            f7 = shape == "std" and len(dragon_pungs) == 2 and pair in DRAGONS and pair not in dragon_pungs
            if f7:
                el.append("F7")
            else:
                el += ["F6"] * len(dragon_pungs)
            if 27 + seat in pungs:
                el.append("F8")
            if 27 + prev in pungs:
                el.append("F9")
            if not claimed:
                el.append("F10")
            if selfd:
                el.append("F11")
            if kongrep:
                el.append("F12")
            if robbing:
                el.append("F13")
            if last and selfd:
                el.append("F14")
            if last and not selfd:
                el.append("F15")
            if not bon:
                el.append("F16")
            flowers = {1, 2, 3, 4}
            seasons = {5, 6, 7, 8}
            if flowers <= bon:
                el.append("F19")
            elif seat + 1 in bon:
                el.append("F17")
            if seasons <= bon:
                el.append("F20")
            elif seat + 5 in bon:
                el.append("F18")
            val = {"F1": 1, "F2": 3, "F3": 3, "F4": 7, "F5": 4, "F6": 1, "F7": 5, "F8": 1, "F9": 1,
                   "F10": 1, "F11": 1, "F12": 1, "F13": 1, "F14": 1, "F15": 1, "F16": 1, "F17": 1,
                   "F18": 1, "F19": 2, "F20": 2}
            raw = sum(val[e] for e in el)
            el.sort(key=lambda e: int(e[1:]))
            tot = min(raw, 13)
            key = (tot, 0, raw, [int(e[1:]) for e in el])
            cand = (tot, raw, None, el)
        if best is None or (key[0], key[1], key[2]) > (best[0][0], best[0][1], best[0][2]) or (
            (key[0], key[1], key[2]) == (best[0][0], best[0][1], best[0][2]) and key[3] < best[0][3]
        ):
            best = (key, cand)
    return best[1]


# ------------------------------------------------------------------------------------------
# random hand generation
# ------------------------------------------------------------------------------------------


def gen_complete(rng: random.Random, n_melds: int | None = None):
    """Random complete hand: (concealed counts incl. winning tile, melds)."""
    while True:
        mode = rng.random()
        if mode < 0.06:
            # seven pairs
            pool = rng.choice([list(range(34)), list(range(9)) + list(range(27, 34)), list(range(9, 18))])
            if len(pool) < 7:
                continue
            ks = rng.sample(pool, 7)
            c = [0] * 34
            for k in ks:
                c[k] = 2
            return c, []
        if mode < 0.09:
            c = [0] * 34
            for k in ORPHANS:
                c[k] = 1
            c[rng.choice(ORPHANS)] += 1
            return c, []
        suit_pool = rng.random()
        if suit_pool < 0.35:
            s = rng.randrange(3)
            kinds = list(range(9 * s, 9 * s + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
        elif suit_pool < 0.45:
            kinds = list(range(27, 34)) + ([0, 8, 9, 17, 18, 26] if rng.random() < 0.3 else [])
        elif suit_pool < 0.5:
            kinds = [0, 8, 9, 17, 18, 26]
        else:
            kinds = list(range(34))
        k_m = rng.choice([0, 0, 0, 1, 1, 2, 3, 4]) if n_melds is None else n_melds
        held = [0] * 34
        conc = [0] * 34
        melds: list[tuple[str, int]] = []
        ok = True
        for i in range(4):
            chow_starts = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
            if chow_starts and rng.random() < 0.45:
                k0 = rng.choice(chow_starts)
                ks = [k0, k0 + 1, k0 + 2]
                typ = "chow"
            else:
                k0 = rng.choice(kinds)
                ks = [k0] * 3
                typ = "pung"
            if i < k_m:
                if typ == "pung":
                    r = rng.random()
                    typ = "pung" if r < 0.4 else rng.choice(["kong", "addkong", "ckong"])
                    if typ != "pung":
                        ks = [k0] * 4
                melds.append((typ, k0))
                for k in ks:
                    held[k] += 1
            else:
                for k in ks:
                    held[k] += 1
                    conc[k] += 1
        p = rng.choice(kinds)
        held[p] += 2
        conc[p] += 2
        if any(h > 4 for h in held):
            continue
        if not ok:
            continue
        return conc, melds


def rand_13(rng: random.Random):
    """A 13-equivalent hand; mostly near-complete."""
    conc, melds = gen_complete(rng)
    ks = [k for k in range(34) if conc[k]]
    c = conc[:]
    c[rng.choice(ks)] -= 1
    if rng.random() < 0.35:
        # exchange one more tile for a random one
        held = c[:]
        for k in meld_kinds(melds):
            held[k] += 1
        ks = [k for k in range(34) if c[k]]
        d = rng.choice(ks)
        c[d] -= 1
        held[d] -= 1
        cands = [k for k in range(34) if held[k] < 4]
        c[rng.choice(cands)] += 1
    return c, melds


# ------------------------------------------------------------------------------------------
# §15 worked examples (machine-readable file)
# ------------------------------------------------------------------------------------------

import json
import pathlib

# the §15 entries; the §18 switch examples V1-V7 are tests/rules/test_rules.py's
EXAMPLES = [
    e
    for e in json.loads((pathlib.Path(__file__).parent.parent / "data" / "hong-kong-examples.json").read_text())
    if not e["id"].startswith("V")
]


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_worked_example(ex) -> None:
    a = ex["args"]
    hand = " ".join([a["before"]] + a.get("declared", []))
    kw = dict(
        self_drawn=a.get("self_drawn", False),
        seat_wind=a["seat"],
        bonus=a.get("bonus", ()) or (),
    )
    for flag, name in [("robbing_kong", "robbing_kong"), ("kong_replacement", "kong_replacement"),
                       ("dealer_start", "dealer_start")]:
        if a.get(flag):
            kw[name] = True
    if a.get("last_wall_tile") or a.get("last_discard") or a.get("last_tile"):
        kw["last_tile"] = True
    if a.get("discarder"):
        kw["discarder"] = a["discarder"]
    r = mf.score(hand, a.get("win_tile"), **kw)
    assert r.faan == ex["faan"], (ex["id"], r)
    assert [[e.code, e.faan] for e in r.elements] == ex["elements"], (ex["id"], r)
    if ex.get("legal", True):
        assert r.is_win
        assert r.payments == ex["payments"], (ex["id"], r.payments)
    else:
        assert not r.is_win and r.reason == ex["reason"]


# ------------------------------------------------------------------------------------------
# §10.2 elements F1–F20: applying and narrowly not applying
# ------------------------------------------------------------------------------------------

ELEMENT_CASES = [
    # id, hand, win, kwargs, codes, faan, is_win
    ("F1", "123m456m789p234s5s", "5s", dict(seat_wind="S"), ["F1", "F10", "F16"], 3, True),
    ("F1_terminal_pair", "123m456m789p234s9s", "9s", dict(seat_wind="S"), ["F1", "F10", "F16"], 3, True),
    ("F1_not_honor_pair", "123m456p789s234s1z", "1z", dict(seat_wind="W", self_drawn=True),
     ["F10", "F11", "F16"], 3, True),
    ("F1_not_one_pung", "123m456m789p222s5s", "5s", dict(seat_wind="S"), ["F10", "F16"], 2, False),
    ("F1_declared_chows", "chow[123m] chow[456p] 789p234s5s", "5s", dict(seat_wind="S", self_drawn=True, bonus="2f"),
     ["F1", "F11", "F17"], 3, True),
    ("F2", "pung[111m] pung[222p] 333s444s5s", "5s", dict(seat_wind="S"), ["F2", "F16"], 4, True),
    ("F2_with_kongs", "kong[1111m] ckong[2222p] 333s444s5s", "5s", dict(seat_wind="S"), ["F2", "F16"], 4, True),
    ("F2_not_one_chow", "pung[111m] pung[222p] 345s777s5s", "5s", dict(seat_wind="S", self_drawn=True, bonus="2f"),
     ["F11", "F17"], 2, False),
    ("F3", "123m456m789m234m1z", "1z", dict(seat_wind="S"), ["F3", "F10", "F16"], 5, True),
    ("F3_not_two_suits", "123m456m789m234p1z", "1z", dict(seat_wind="S"), ["F10", "F16"], 2, False),
    ("F4", "123m456m789m234m5m", "5m", dict(seat_wind="S"), ["F1", "F4", "F10", "F16"], 10, True),
    ("F4_declared", "chow[123p] pung[999p] 456p77p88p", "7p", dict(seat_wind="S"), ["F4", "F16"], 8, True),
    ("F5", "112233m445566p7s", "7s", dict(seat_wind="N"), ["F5", "F10", "F16"], 6, True),
    ("F5_full_flush", "1122445577889m", "9m", dict(seat_wind="S"), ["F4", "F5", "F10", "F16"], 13, True),
    ("F5_half_flush_selfdraw_bonus", "1133558899p11z6z", "6z", dict(seat_wind="E", self_drawn=True, bonus="5f"),
     ["F3", "F5", "F10", "F11", "F18"], 10, True),
    ("F6", "pung[555z] pung[777z] 234m678m9p", "9p", dict(seat_wind="W"), ["F6", "F6", "F16"], 3, True),
    ("F6_kong", "kong[5555z] chow[234m] 678m999p3z", "3z", dict(seat_wind="S", self_drawn=True),
     ["F6", "F11", "F16"], 3, True),
    ("F6_concealed_pung", "555z 123m456m789p1s", "1s", dict(seat_wind="S"), ["F6", "F10", "F16"], 3, True),
    ("F6_not_pair", "123m456m789p234s5z", "5z", dict(seat_wind="S", self_drawn=True), ["F10", "F11", "F16"], 3, True),
    ("F7", "pung[555z] pung[666z] 123p456p7z", "7z", dict(seat_wind="N", self_drawn=True, bonus="4f"),
     ["F3", "F7", "F11", "F17"], 10, True),
    ("F7_ckong_concealed", "ckong[5555z] 666z123p77z45p", "6p", dict(seat_wind="S", self_drawn=True),
     ["F3", "F7", "F10", "F11", "F16"], 11, True),
    ("F7_not_wind_pair", "pung[555z] pung[666z] 123p456p1z", "1z", dict(seat_wind="N", self_drawn=True, bonus="4f"),
     ["F3", "F6", "F6", "F11", "F17"], 7, True),
    ("F8", "pung[222z] 123m456m789m5p", "5p", dict(seat_wind="S", self_drawn=True), ["F8", "F11", "F16"], 3, True),
    ("F8_not_other_wind", "pung[222z] 123m456m789m5p", "5p", dict(seat_wind="W", self_drawn=True),
     ["F11", "F16"], 2, False),
    ("F8_wind_pair_nothing", "123m456m789m123p2z", "2z", dict(seat_wind="S"), ["F10", "F16"], 2, False),
    ("F9", "pung[111z] 123m456m789m5p", "5p", dict(seat_wind="W", self_drawn=True), ["F9", "F11", "F16"], 3, True),
    ("F9_other_prevailing", "pung[333z] 123m456m789m5p", "5p",
     dict(seat_wind="S", prevailing_wind="W", self_drawn=True), ["F9", "F11", "F16"], 3, True),
    ("F9_not_east_when_prevailing_south", "pung[111z] 123m456m789m5p", "5p",
     dict(seat_wind="W", prevailing_wind="S", self_drawn=True), ["F11", "F16"], 2, False),
    ("F8_F9_east", "pung[111z] 123m456m789m5p", "5p", dict(seat_wind="E", self_drawn=True),
     ["F8", "F9", "F11", "F16"], 4, True),
    ("F8_F9_east_kong", "ckong[1111z] 123m456m789m5p", "5p", dict(seat_wind="E"),
     ["F8", "F9", "F10", "F16"], 4, True),
    ("F10_ckong_discard", "ckong[2222m] 456m789m345m5z", "5z", dict(seat_wind="S"),
     ["F3", "F10", "F16"], 5, True),
    ("F10_not_exposed_kong", "kong[2222m] 456m789m345m5z", "5z", dict(seat_wind="S"), ["F3", "F16"], 4, True),
    ("F10_not_addkong", "addkong[2222m] 456m789m345m5z", "5z", dict(seat_wind="S"), ["F3", "F16"], 4, True),
    ("F10_not_chow", "chow[234m] 456m789m345m5z", "5z", dict(seat_wind="S"), ["F3", "F16"], 4, True),
    ("F11_F12", "ckong[2222m] 456m789m345m5z", "5z", dict(seat_wind="S", self_drawn=True, kong_replacement=True),
     ["F3", "F10", "F11", "F12", "F16"], 7, True),
    ("F12_exposed_kong", "kong[2222m] 456m789m345m5z", "5z",
     dict(seat_wind="S", self_drawn=True, kong_replacement=True), ["F3", "F11", "F12", "F16"], 6, True),
    ("F12_F14", "ckong[2222m] 456m789m345m5z", "5z",
     dict(seat_wind="S", self_drawn=True, kong_replacement=True, last_tile=True),
     ["F3", "F10", "F11", "F12", "F14", "F16"], 8, True),
    ("F13", "234m567m789s67p99s", "8p", dict(seat_wind="W", robbing_kong=True, discarder="S"),
     ["F1", "F10", "F13", "F16"], 4, True),
    ("F14", "pung[777z] 234m345m67m88m", "8m", dict(seat_wind="S", self_drawn=True, last_tile=True, bonus="7f"),
     ["F3", "F6", "F11", "F14"], 6, True),
    ("F15", "1123p456p678p999p", "4p", dict(seat_wind="W", last_tile=True), ["F4", "F10", "F15", "F16"], 10, True),
    ("F15_makes_legal", "chow[345m] 678m222p666z9s", "9s", dict(seat_wind="N", last_tile=True),
     ["F6", "F15", "F16"], 3, True),
    ("F15_absent_below", "chow[345m] 678m222p666z9s", "9s", dict(seat_wind="N"), ["F6", "F16"], 2, False),
    ("F16_not_with_other_bonus", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="3f"),
     ["F1", "F10"], 2, False),
    ("F16_bonus_in_hand_string", "123m456m789p234s5s 3f", "5s", dict(seat_wind="S"), ["F1", "F10"], 2, False),
    ("F17", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="2f"), ["F1", "F10", "F17"], 3, True),
    ("F17_not_east_flower", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="1f"), ["F1", "F10"], 2, False),
    ("F17_north", "123m456m789p234s5s", "5s", dict(seat_wind="N", bonus="4f"), ["F1", "F10", "F17"], 3, True),
    ("F18", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="6f"), ["F1", "F10", "F18"], 3, True),
    ("F18_not_flower_number", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="5f"), ["F1", "F10"], 2, False),
    ("F18_west", "123m456m789p234s5s", "5s", dict(seat_wind="W", bonus="7f"), ["F1", "F10", "F18"], 3, True),
    ("F17_F18", "123m456m789p234s5s", "5s", dict(seat_wind="W", bonus="3f,7f"),
     ["F1", "F10", "F17", "F18"], 4, True),
    ("F19", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="1f,2f,3f,4f"), ["F1", "F10", "F19"], 4, True),
    ("F19_not_three", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="1f,2f,3f"),
     ["F1", "F10", "F17"], 3, True),
    ("F19_not_three_without_own", "123m456m789p234s5s", "5s", dict(seat_wind="N", bonus="1f,2f,3f"),
     ["F1", "F10"], 2, False),
    ("F20", "123m456m789p234s5s", "5s", dict(seat_wind="S", bonus="5f,6f,7f,8f"), ["F1", "F10", "F20"], 4, True),
    ("F20_not_three", "123m456m789p234s5s", "5s", dict(seat_wind="E", bonus="5f,6f,7f"),
     ["F1", "F10", "F18"], 3, True),
    ("F19_F20", "123m456m789p234s5s", "5s", dict(seat_wind="E", bonus="1f,2f,3f,4f,5f,6f,7f,8f"),
     ["F1", "F10", "F19", "F20"], 6, True),
    ("F19_F18", "chow[234p] 345m567p789s1s", "1s", dict(seat_wind="S", bonus="1f,2f,3f,4f,6f"),
     ["F1", "F18", "F19"], 4, True),
]


@pytest.mark.parametrize("case", ELEMENT_CASES, ids=[c[0] for c in ELEMENT_CASES])
def test_element(case) -> None:
    _id, hand, win, kw, exp, faan, is_win = case
    r = sc(hand, win, **kw)
    assert_score(r, exp, faan, win=is_win)
    assert r.limit is None


# ------------------------------------------------------------------------------------------
# §10.4 limit hands L1–L8
# ------------------------------------------------------------------------------------------

ORPHAN_CODES = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


@pytest.mark.parametrize("pair", ORPHAN_CODES)
@pytest.mark.parametrize("self_drawn", [False, True])
def test_L1_thirteen_orphans_each_pair_13_sided(pair, self_drawn) -> None:
    assert_limit(sc("19m19p19s1234567z", pair, seat_wind="W", self_drawn=self_drawn, bonus="2f"), "L1")


@pytest.mark.parametrize("pair", ORPHAN_CODES)
def test_L1_thirteen_orphans_each_pair_single_wait(pair) -> None:
    # hold the pair already; win on a missing orphan
    missing = "7z" if pair != "7z" else "1m"
    c = [0] * 34
    for code in ORPHAN_CODES:
        c[mf.Tile(code).kind] += 1
    c[mf.Tile(pair).kind] += 1
    c[mf.Tile(missing).kind] -= 1
    r = sc(tiles_str(c), missing, seat_wind="S")
    assert_limit(r, "L1")
    assert mf.waits(tiles_str(c)) == [mf.Tile(missing)]


def test_L1_not() -> None:
    r = sc("19m19p19s1234567z", "2m", seat_wind="S")
    assert not r.is_win and r.reason == "NOT_A_WINNING_HAND" and r.faan == 0
    r = sc("119m19p19s123456z", "5m", seat_wind="S")
    assert r.reason == "NOT_A_WINNING_HAND"


def test_L2_standard_and_seven_pairs() -> None:
    assert_limit(sc("pung[111z] 222z333z555z6z", "6z", seat_wind="S"), "L2")
    assert_limit(sc("1122334455667z", "7z", seat_wind="W", bonus="6f"), "L2")
    # all honors that are also great four winds: L2 comes first in the order
    assert_limit(sc("111z222z333z44z55z", "4z", seat_wind="S", self_drawn=True), "L2")
    # all honours with four kongs: L2 before L6
    assert_limit(sc("ckong[1111z] kong[2222z] addkong[3333z] ckong[5555z] 6z", "6z", seat_wind="S"), "L2")
    # all honours great three dragons: L2 before L4
    assert_limit(sc("555z666z777z11z22z", "2z", seat_wind="S"), "L2")


def test_L2_not_one_suited_set() -> None:
    r = sc("pung[111z] 222z333z555z1m", "1m", seat_wind="S")
    assert_score(r, ["F2", "F3", "F6", "F8", "F9", "F16"], 10)
    assert r.limit is None


def test_L3() -> None:
    assert_limit(sc("pung[111m] pung[999p] 111s999s9m", "9m", seat_wind="N", bonus="3f"), "L3")
    assert_limit(sc("111m999m111p999p1s", "1s", seat_wind="N", self_drawn=True), "L3")  # L3 before L8


def test_L3_not_with_honor_pair() -> None:
    r = sc("pung[555z] pung[666z] 111m999m7z", "7z", seat_wind="E", self_drawn=True, bonus="1f,5f")
    assert r.limit is None and r.faan == 13 and r.raw_faan == 14
    assert codes(r) == ["F2", "F3", "F7", "F11", "F17", "F18"]


def test_L3_not_with_seven_pairs_terminals() -> None:
    # seven pairs of terminals: L3 requires the standard shape; 6 terminal kinds only, so impossible as 7p.
    r = sc("pung[111m] pung[999p] 111s789s9m", "9m", seat_wind="S")
    assert r.limit is None


def test_L4() -> None:
    assert_limit(sc("pung[555z] 234m99m666z77z", "7z", seat_wind="S"), "L4")
    assert_limit(sc("kong[5555z] ckong[6666z] 777z 123m 9m", "9m", seat_wind="S"), "L4")


def test_L5() -> None:
    assert_limit(sc("111z222z333z44z55p", "4z", seat_wind="S", self_drawn=True), "L5")
    assert_limit(sc("pung[111z] pung[222z] 333z444z5p", "5p", seat_wind="S"), "L5")


def test_L5_not_small_four_winds() -> None:
    r = sc("111z222z333z4z123m", "4z", seat_wind="S", self_drawn=True)
    assert_score(r, ["F3", "F8", "F9", "F10", "F11", "F16"], 8)


def test_L6_mixed_kongs() -> None:
    assert_limit(sc("kong[1111m] ckong[5555p] addkong[7777s] ckong[2222z] 9m", "9m", seat_wind="E"), "L6")
    # four concealed kongs self-drawn: L6 precedes L8
    assert_limit(
        sc("ckong[1111m] ckong[2222p] ckong[3333s] ckong[4444z] 9m", "9m", seat_wind="E", self_drawn=True,
           kong_replacement=True), "L6")
    # exposed kongs only
    assert_limit(sc("kong[2222m] kong[3333p] kong[4444s] kong[5555s] 1z", "1z", seat_wind="S"), "L6")
    # four added kongs
    assert_limit(sc("addkong[2222m] addkong[3333p] addkong[4444s] addkong[5555s] 8s", "8s", seat_wind="S"), "L6")


def test_L6_not_three_kongs() -> None:
    r = sc("kong[1111m] ckong[5555p] addkong[7777s] pung[222z] 9m", "9m", seat_wind="E")
    assert r.limit is None and codes(r) == ["F2", "F16"] and r.faan == 4


@pytest.mark.parametrize("suit", "mps")
@pytest.mark.parametrize("n", range(1, 10))
@pytest.mark.parametrize("self_drawn", [False, True])
def test_L7_nine_gates_every_wait(suit, n, self_drawn) -> None:
    assert_limit(sc(f"1112345678999{suit}", f"{n}{suit}", seat_wind="S", self_drawn=self_drawn), "L7")


@pytest.mark.parametrize("n", range(1, 10))
def test_L7_dealer_start(n) -> None:
    c = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    c[n - 1] += 1
    hand = "".join(str(i + 1) * x for i, x in enumerate(c)) + "p"
    assert_limit(sc(hand, None, seat_wind="E", dealer_start=True), "L7")


def test_L7_dealer_start_E9_multiset_is_nine_gates() -> None:
    # 14 dealt tiles = 1112345678999s + 5s -> L7 (14-tile condition)
    assert_limit(sc("11123455678999s", None, seat_wind="E", dealer_start=True), "L7")


def test_L7_not_E9() -> None:
    r = sc("1123455678999s", "1s", seat_wind="S")
    assert r.limit is None and r.faan == 9 and codes(r) == ["F4", "F10", "F16"]


def test_L7_not_dealer_start_without_pattern() -> None:
    r = sc("11223345678999s", None, seat_wind="E", dealer_start=True)
    assert r.limit is None
    assert_score(r, ["F1", "F4", "F10", "F11", "F16"], 11)


def test_L7_not_with_declared_set() -> None:
    r = sc("pung[111s] 2345678999s", "5s", seat_wind="S", self_drawn=True)
    assert r.limit is None
    assert_score(r, ["F4", "F11", "F16"], 9)


def test_L7_not_with_honor_win() -> None:
    r = sc("1112345678999s", "1z", seat_wind="S")
    assert r.reason == "NOT_A_WINNING_HAND"


def test_L8() -> None:
    assert_limit(sc("222m444p666s888s3z", "3z", seat_wind="S", self_drawn=True), "L8")
    assert_limit(sc("222m444p666s88s33z", "8s", seat_wind="S", self_drawn=True), "L8")
    assert_limit(sc("ckong[2222m] 444p666s888s3z", "3z", seat_wind="S", self_drawn=True), "L8")
    assert_limit(sc("ckong[2222m] 444p666s888s3z", "3z", seat_wind="S", self_drawn=True,
                    kong_replacement=True), "L8")
    assert_limit(sc("222m444p666s888s33z", None, seat_wind="E", dealer_start=True), "L8")


def test_L8_not_on_discard() -> None:
    r = sc("222m444p666s88s33z", "8s", seat_wind="S")
    assert_score(r, ["F2", "F10", "F16"], 5)
    r = sc("222m444p666s888s3z", "3z", seat_wind="S")
    assert_score(r, ["F2", "F10", "F16"], 5)
    r = sc("222m444p666s888s3z", "1z", seat_wind="S")
    assert r.reason == "NOT_A_WINNING_HAND"


def test_L8_not_with_claimed_pung() -> None:
    r = sc("111222333m9s pung[555p]", "9s", self_drawn=True, seat_wind="E", bonus="1f")
    assert_score(r, ["F2", "F11", "F17"], 5)
    r = sc("kong[2222m] 444p666s888s3z", "3z", seat_wind="S", self_drawn=True)
    assert r.limit is None


# ------------------------------------------------------------------------------------------
# §10.1 choice of interpretation, §10.4/§10.5 cap and minimum
# ------------------------------------------------------------------------------------------


def test_choice_E3_E4_E5() -> None:
    assert_score(sc("111222333m789p5s", "5s", seat_wind="W"), ["F1", "F10", "F16"], 3)
    assert sc("111222333m789p5s", "5s", seat_wind="W").interpretation == "123m 123m 123m 789p 55s"
    assert_score(sc("112233m445566p7s", "7s", seat_wind="N"), ["F5", "F10", "F16"], 6)


def test_tie_break_limit_over_nonlimit_at_13() -> None:
    # pung reading: L8 (13). chow reading 123s 123s 123s 777s 99s: F4 7 + F10 + F11 + F14 + F19 2 + F20 2 = 14 -> 13.
    r = sc("111222333s777s9s", "9s", seat_wind="S", self_drawn=True, last_tile=True,
           bonus="1f,2f,3f,4f,5f,6f,7f,8f")
    assert_limit(r, "L8")


def test_tie_break_higher_raw() -> None:
    # seven pairs: F4 7 + F5 4 + F10 + F11 + F19 2 + F20 2 = 17; standard readings: 14.
    r = sc("1122334455667s", "7s", seat_wind="S", self_drawn=True, bonus="1f,2f,3f,4f,5f,6f,7f,8f")
    assert r.faan == 13 and r.raw_faan == 17 and r.limit is None
    assert codes(r) == ["F4", "F5", "F10", "F11", "F19", "F20"]


def test_cap_and_raw() -> None:
    r = sc("1122445577889s", "9s", seat_wind="S", self_drawn=True)
    assert r.faan == 13 and r.raw_faan == 14 and r.base == 8192
    assert r.payments == {"E": -8192, "S": 24576, "W": -8192, "N": -8192}


def test_minimum_not_a_win_reports_total() -> None:
    r = sc("123m456m789p234s1z", "1z", seat_wind="W")
    assert not r.is_win and r.reason == "BELOW_MINIMUM" and r.faan == 2 and r.base == 0
    assert codes(r) == ["F10", "F16"]
    assert not r.payments or all(v == 0 for v in r.payments.values())


def test_not_a_winning_hand_faan_zero() -> None:
    r = sc("123m456m789p234s1z", "2z", seat_wind="W", self_drawn=True)
    assert not r.is_win and r.reason == "NOT_A_WINNING_HAND" and r.faan == 0
    assert r.interpretation == ""
    assert not r.payments or all(v == 0 for v in r.payments.values())


def test_four_of_a_kind_not_two_pairs() -> None:
    r = sc("1111m2233p4455s6z", "6z", seat_wind="S")
    assert r.reason == "NOT_A_WINNING_HAND"
    assert mf.decompose("1111m2233p4455s66z") == []
    # as seven pairs 1111m is one pair (six kinds paired, a seventh needed): 1 from complete
    assert mf.shanten("1111m2233p4455s66z") == 1


def test_four_of_a_kind_split_standard() -> None:
    # 1111m split as 111m + 123m? -> 111m 123m 456p 789p 55s
    r = sc("11112m3m456p789p5s", "5s", seat_wind="S")
    assert r.is_win is False and r.reason == "BELOW_MINIMUM" and codes(r) == ["F10", "F16"]
    # 1111m as pair + two runs: 11m 123m 123m 456p 789p
    r = sc("111122m3m456p789p", "3m", seat_wind="S")
    assert_score(r, ["F1", "F10", "F16"], 3)


# ------------------------------------------------------------------------------------------
# §11 payments
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("winner", list(WINDS))
def test_payments_self_drawn(winner) -> None:
    r = sc("123m456m789p234s5s", "5s", seat_wind=winner, self_drawn=True, bonus="1f,2f,3f,4f")
    assert r.faan == 1 + 1 + 1 + 2
    base = 32
    exp = {w: (3 * base if w == winner else -base) for w in WINDS}
    assert r.payments == exp


@pytest.mark.parametrize("winner,discarder", [(w, d) for w in WINDS for d in WINDS if w != d])
def test_payments_discard(winner, discarder) -> None:
    r = sc("123m456m789m234m5m", "5m", seat_wind=winner, discarder=discarder)
    assert r.faan == 10
    pays = {w: r.payments.get(w, 0) for w in WINDS}
    assert pays[winner] == 3 * 1024 and pays[discarder] == -3 * 1024
    assert sum(pays.values()) == 0
    for w in WINDS:
        if w not in (winner, discarder):
            assert pays[w] == 0


def test_payments_robbing_kong_declarer_pays() -> None:
    r = sc("234m567m789s67p99s", "8p", seat_wind="W", robbing_kong=True, discarder="S")
    assert {w: r.payments.get(w, 0) for w in WINDS} == {"E": 0, "S": -48, "W": 48, "N": 0}


# ------------------------------------------------------------------------------------------
# §14a impossible situations and input errors
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand,win,kw",
    [
        ("234m567m789s8p999s", "8p", dict(robbing_kong=True)),  # robbed kind held concealed
        ("chow[789p] 234m567m11z67p", "8p", dict(robbing_kong=True)),  # held through declared chow
        ("pung[888p] 234m567m11z79p", "8p", dict(robbing_kong=True)),  # held through declared pung
        ("123m456m789p234s5s", "5s", dict(self_drawn=True, kong_replacement=True)),  # no kong
        ("chow[123m] pung[555p] 789p234s5s", "5s", dict(self_drawn=True, kong_replacement=True)),
        ("1111m234p567p789p", "1m", dict()),  # fifth copy via win tile
        ("pung[111m] 1m456p789p234s", "1m", dict()),  # fifth copy through a declared pung
        ("kong[1111m] 1m456p789p234s", "2m", dict()),  # fifth copy in the hand
        ("123m456m789p234s5s", "5s", dict(robbing_kong=True, self_drawn=True)),
        ("ckong[2222m] 456m789m345m5z", "5z", dict(kong_replacement=True, self_drawn=False)),
        ("ckong[2222m] 456m789m345m5z", "5z", dict(kong_replacement=True, robbing_kong=True)),
    ],
)
def test_impossible_situations(hand, win, kw) -> None:
    with pytest.raises(mf.InvalidHandError):
        sc(hand, win, seat_wind="W", **kw)


@pytest.mark.parametrize(
    "notation,position",
    [("123m 4x5p", 6), ("0m", 0), ("12m0p", 3), ("123", 0), ("8z", 0), ("9f", 0), ("12m [12x]", 7),
     ("[123m", 0), ("123m456m789p234s5q", 17), ("123m 0p", 5)],
)
def test_bad_notation_positions(notation, position) -> None:
    for fn in (mf.shanten, mf.waits, lambda h: mf.score(h, "1m")):
        with pytest.raises(mf.InvalidTileError) as e:
            fn(notation)
        assert e.value.position == position, (notation, e.value)
        assert isinstance(e.value, mf.MahjongError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: mf.shanten("11111m23456789p"),
        lambda: mf.shanten("1f 1f 123m456m789m123p4p"),
        lambda: mf.shanten("123m456m789m123p"),  # 12 tiles
        lambda: mf.waits("123m456m789m123p45p"),  # 14 tiles
        lambda: mf.decompose("123m456m789m123p4p"),  # 13 tiles
        lambda: mf.shanten("chow[124m] 1m456p789p234s"),
        lambda: mf.shanten("pung[123m] 1m456p789p234s"),
        lambda: mf.shanten("kong[555p] 1m456p789p234s"),
        lambda: mf.shanten("chow[123z] 1m456p789p234s"),
        lambda: mf.score("123m456m789p234s", "5s"),  # 12 tiles before
        lambda: mf.score("123m456m789p234s5s6s", "5s"),  # 14 before
        lambda: mf.score("123m456m789p234s5s", "5s", seat_wind="X"),
    ],
)
def test_invalid_hand_errors(call) -> None:
    with pytest.raises(mf.InvalidHandError):
        call()


def test_error_hierarchy() -> None:
    assert issubclass(mf.InvalidTileError, mf.MahjongError)
    assert issubclass(mf.InvalidHandError, mf.MahjongError)
    assert issubclass(mf.MahjongError, ValueError)


def test_bonus_win_tile_rejected() -> None:
    with pytest.raises(mf.MahjongError):
        mf.score("123m456m789p234s5s", "1f")


def test_bracket_and_tag_notation_equivalent() -> None:
    a = sc("123m456p1z [555z] (2222p)", "1z", seat_wind="S")
    b = sc("123m456p1z pung[555z] ckong[2222p]", "1z", seat_wind="S")
    assert a == b
    assert codes(a) == ["F6", "F16"]


# ------------------------------------------------------------------------------------------
# §14a waits / shanten / decompose
# ------------------------------------------------------------------------------------------


def W(hand: str) -> list[str]:
    return [str(t) for t in mf.waits(hand)]


def test_waits_basic() -> None:
    assert W("1112345678999s") == [f"{n}s" for n in range(1, 10)]
    assert W("19m19p19s1234567z") == ORPHAN_CODES
    assert W("1122m3344p5566s7z") == ["7z"]
    assert W("123m456m789p234s5s") == ["2s", "5s"]
    assert W("123m456m789p234s9s") == ["9s"]


def test_waits_exclude_four_held() -> None:
    assert W("1111m234p567p789p") == []
    assert W("pung[111m] 1m456p789p234s") == []
    assert W("ckong[1111m] 23m456p789p99s") == ["4m"]
    assert W("kong[1111m] 23m456p789p99s") == ["4m"]


def test_waits_four_held_via_chow() -> None:
    # concealed 111m + declared chow[123m] = four 1m; the hand 111m 1? waits
    # hand: chow[123m] 111m 23m 456p 99s -> waits 1m (excluded: 4 held) and 4m
    assert W("chow[123m] 111m23m456p99s") == ["4m", "9s"]


def test_shanten_examples() -> None:
    assert mf.shanten("123456789m1111p") == 1
    assert mf.shanten("19m19p19s1234567z") == 0
    assert mf.shanten("19m19p19s123456z5m") == 1
    assert mf.shanten("1122m3344p5566s7z") == 0
    assert mf.shanten("1122m3344p5566s77z") == -1
    assert mf.shanten("19m19p19s1234567z7z") == -1
    # seven pairs / thirteen orphans are not targets with a declared set
    assert mf.shanten("chow[123m] 11p44p77p22s55s") == 2
    assert mf.shanten("pung[111z] 19m19p19s2345z") == 6
    assert mf.shanten("ckong[1111z] 19m19p19s2345z") == 6


def test_decompose_examples() -> None:
    assert mf.decompose("111222333m789p55s") == ["111m 222m 333m 789p 55s", "123m 123m 123m 789p 55s"]
    assert len(mf.decompose("19m19p19s1234567z7z")) == 1
    assert len(mf.decompose("112233m445566p77s")) == 2  # seven pairs + 123m 123m 456p 456p 77s
    assert mf.decompose("1111m2233p4455s66z") == []
    assert mf.decompose("1122m3344p5566s67z") == []


# ------------------------------------------------------------------------------------------
# brute force comparisons on random hands
# ------------------------------------------------------------------------------------------


def test_random_waits_bruteforce() -> None:
    rng = random.Random(20240601)
    bad = []
    for _ in range(3000):
        c, melds = rand_13(rng)
        h = hand_str(c, melds)
        exp = ref_waits(c, melds)
        got = [t.kind for t in mf.waits(h)]
        if got != exp:
            bad.append((h, [kstr(k) for k in exp], [kstr(k) for k in got]))
    assert not bad, bad[:10]


def test_random_shanten_zero_iff_waits_and_complete() -> None:
    rng = random.Random(7)
    bad = []
    for _ in range(1500):
        c, melds = rand_13(rng)
        h = hand_str(c, melds)
        s = mf.shanten(h)
        ready = bool(ref_waits(c, melds))
        if (s == 0) != ready or s < 0:
            bad.append(("13", h, s, ready))
        conc, melds2 = gen_complete(rng)
        s14 = mf.shanten(hand_str(conc, melds2))
        if s14 != -1:
            bad.append(("14", hand_str(conc, melds2), s14))
    assert not bad, bad[:10]


def _neighbours(c: list[int], melds):
    held = c[:]
    for k in meld_kinds(melds):
        held[k] += 1
    for d in range(34):
        if not c[d]:
            continue
        for t in range(34):
            if t == d or held[t] - (1 if t == d else 0) >= 4:
                continue
            c2 = c[:]
            c2[d] -= 1
            c2[t] += 1
            yield c2


def test_random_shanten_recursive_definition() -> None:
    """shanten(h) = 0 iff ready; otherwise 1 + min over one exchange (no fifth copy)."""
    rng = random.Random(99)
    bad = []
    for i in range(120):
        if i % 2:
            c, melds = rand_13(rng)
        else:
            # fully random hand
            n_m = rng.choice([0, 0, 1, 2])
            _, melds = gen_complete(rng, n_melds=n_m)
            held = [0] * 34
            for k in meld_kinds(melds):
                held[k] += 1
            c = [0] * 34
            while sum(c) < 13 - 3 * len(melds):
                k = rng.randrange(34)
                if held[k] < 4:
                    held[k] += 1
                    c[k] += 1
        s = mf.shanten(hand_str(c, melds))
        if s == 0:
            continue
        m = min(mf.shanten(hand_str(c2, melds)) for c2 in _neighbours(c, melds))
        if m != s - 1:
            bad.append((hand_str(c, melds), s, m))
    assert not bad, bad[:10]


def test_random_shanten_14_is_min_over_discards() -> None:
    rng = random.Random(5)
    bad = []
    for _ in range(300):
        c, melds = rand_13(rng)
        held = c[:]
        for k in meld_kinds(melds):
            held[k] += 1
        t = rng.choice([k for k in range(34) if held[k] < 4])
        c14 = c[:]
        c14[t] += 1
        s14 = mf.shanten(hand_str(c14, melds))
        if ref_complete(c14, len(melds)):
            exp = -1
        else:
            exp = min(mf.shanten(hand_str([x - (i == d) for i, x in enumerate(c14)], melds))
                      for d in range(34) if c14[d])
        if s14 != exp:
            bad.append((hand_str(c14, melds), s14, exp))
    assert not bad, bad[:10]


def test_random_decompose_counts() -> None:
    rng = random.Random(11)
    bad = []
    for _ in range(2000):
        conc, melds = gen_complete(rng)
        h = hand_str(conc, melds)
        got = mf.decompose(h)
        exp = ref_n_interpretations(conc, len(melds))
        if len(got) != exp or len(set(got)) != len(got):
            bad.append((h, exp, got))
    assert not bad, bad[:10]


def _random_situation(rng: random.Random, conc, melds):
    kinds = [k for k in range(34) if conc[k]]
    win = rng.choice(kinds)
    before = conc[:]
    before[win] -= 1
    held_before = before[:]
    for k in meld_kinds(melds):
        held_before[k] += 1
    has_kong = any(t in ("kong", "addkong", "ckong") for t, _ in melds)
    seat = rng.randrange(4)
    prev = 0 if rng.random() < 0.7 else rng.randrange(4)
    self_drawn = rng.random() < 0.5
    kongrep = self_drawn and has_kong and rng.random() < 0.4
    robbing = (not self_drawn) and held_before[win] == 0 and rng.random() < 0.4
    last = (not robbing) and rng.random() < 0.2
    r = rng.random()
    if r < 0.4:
        bonus = ()
    elif r < 0.5:
        bonus = (1, 2, 3, 4, 5, 6, 7, 8)
    else:
        bonus = tuple(sorted(rng.sample(range(1, 9), rng.randint(1, 5))))
    return before, win, seat, prev, self_drawn, kongrep, robbing, last, bonus


def test_random_score_vs_reference() -> None:
    rng = random.Random(424242)
    bad = []
    for _ in range(4000):
        conc, melds = gen_complete(rng)
        before, win, seat, prev, self_drawn, kongrep, robbing, last, bonus = _random_situation(rng, conc, melds)
        h = hand_str(before, melds, bonus)
        kw = dict(self_drawn=self_drawn, seat_wind=WINDS[seat], prevailing_wind=WINDS[prev],
                  kong_replacement=kongrep, robbing_kong=robbing, last_tile=last)
        r = mf.score(h, kstr(win), **kw)
        exp = ref_score(before, melds, win, seat, prev, self_drawn, bonus, robbing, kongrep, last)
        faan, raw, limit, el = exp
        got = (r.faan, r.raw_faan, r.limit, codes(r))
        if got != (faan, raw, limit, el) or r.is_win != (faan >= 3):
            bad.append((h, kstr(win), kw, (faan, raw, limit, el), got))
    assert not bad, bad[:8]


def test_random_dealer_start_vs_reference() -> None:
    rng = random.Random(31337)
    bad = []
    for _ in range(1500):
        conc, _m = gen_complete(rng, n_melds=0)
        seat = 0
        r_ = rng.random()
        bonus = () if r_ < 0.5 else tuple(sorted(rng.sample(range(1, 9), rng.randint(1, 4))))
        h = hand_str(conc, [], bonus)
        r = mf.score(h, None, dealer_start=True, seat_wind="E")
        faan, raw, limit, el = ref_score(conc, [], None, seat, 0, False, bonus, dealer_start=True)
        got = (r.faan, r.raw_faan, r.limit, codes(r))
        if got != (faan, raw, limit, el):
            bad.append((h, (faan, raw, limit, el), got))
    assert not bad, bad[:8]


def test_random_payments() -> None:
    rng = random.Random(2718)
    bad = []
    for _ in range(800):
        conc, melds = gen_complete(rng)
        before, win, seat, prev, self_drawn, kongrep, robbing, last, bonus = _random_situation(rng, conc, melds)
        discarder = None if self_drawn else rng.choice([w for w in range(4) if w != seat])
        r = mf.score(hand_str(before, melds, bonus), kstr(win), self_drawn=self_drawn, seat_wind=WINDS[seat],
                     kong_replacement=kongrep, robbing_kong=robbing, last_tile=last,
                     discarder=None if discarder is None else WINDS[discarder])
        if not r.is_win:
            if r.payments and any(r.payments.values()):
                bad.append(("nonwin pays", r))
            continue
        base = 2 ** r.faan
        if r.base != base:
            bad.append(("base", r))
        pays = {w: r.payments.get(w, 0) for w in WINDS}
        if self_drawn:
            exp = {w: (3 * base if i == seat else -base) for i, w in enumerate(WINDS)}
        else:
            exp = {w: (3 * base if i == seat else -3 * base if i == discarder else 0) for i, w in enumerate(WINDS)}
        if pays != exp:
            bad.append((pays, exp, r))
    assert not bad, bad[:5]


def test_random_non_winning_hands() -> None:
    rng = random.Random(1234)
    bad = []
    for _ in range(1500):
        c, melds = rand_13(rng)
        held = c[:]
        for k in meld_kinds(melds):
            held[k] += 1
        waits = set(ref_waits(c, melds))
        t = rng.choice([k for k in range(34) if held[k] < 4])
        r = mf.score(hand_str(c, melds), kstr(t), seat_wind="S", self_drawn=True)
        if (t in waits) != (r.reason != "NOT_A_WINNING_HAND"):
            bad.append((hand_str(c, melds), kstr(t), r))
        if t not in waits and (r.faan != 0 or r.is_win or r.elements):
            bad.append(("nonwin fields", hand_str(c, melds), kstr(t), r))
    assert not bad, bad[:8]


# ------------------------------------------------------------------------------------------
# dense hands (many 3- and 4-of-a-kind) and extra contract checks
# ------------------------------------------------------------------------------------------


def rand_dense_13(rng: random.Random):
    n_m = rng.choice([0, 0, 0, 1, 2])
    s = rng.randrange(4)
    pool = list(range(9 * s, 9 * s + (9 if s < 3 else 7)))
    pool = sorted(rng.sample(pool, rng.randint(3, 6)))
    held = [0] * 34
    melds: list[tuple[str, int]] = []
    while len(melds) < n_m:
        k = rng.choice(pool)
        typ = rng.choice(["pung", "ckong", "kong", "chow"])
        ks = [k, k + 1, k + 2] if typ == "chow" else [k] * (3 if typ == "pung" else 4)
        if typ == "chow" and (k >= 27 or k % 9 > 6):
            continue
        if any(held[x] + ks.count(x) > 4 for x in set(ks)):
            continue
        for x in ks:
            held[x] += 1
        melds.append((typ, k))
    c = [0] * 34
    while sum(c) < 13 - 3 * len(melds):
        free = [k for k in pool if held[k] < 4]
        if not free:
            return rand_dense_13(rng)
        k = rng.choice(free)
        held[k] += 1
        c[k] += 1
    return c, melds


def test_random_dense_waits_and_shanten() -> None:
    rng = random.Random(8080)
    bad = []
    for i in range(1500):
        c, melds = rand_dense_13(rng)
        h = hand_str(c, melds)
        exp = ref_waits(c, melds)
        got = [t.kind for t in mf.waits(h)]
        if got != exp:
            bad.append(("waits", h, [kstr(k) for k in exp], [kstr(k) for k in got]))
        s = mf.shanten(h)
        if (s == 0) != bool(exp):
            bad.append(("shanten0", h, s, exp))
        if i < 150 and s > 0:
            m = min(mf.shanten(hand_str(c2, melds)) for c2 in _neighbours(c, melds))
            if m != s - 1:
                bad.append(("rec", h, s, m))
    assert not bad, bad[:10]


def test_random_dense_decompose_and_score() -> None:
    rng = random.Random(6060)
    bad = []
    n = 0
    while n < 1500:
        c, melds = rand_dense_13(rng)
        w = ref_waits(c, melds)
        if not w:
            continue
        n += 1
        t = rng.choice(w)
        c14 = c[:]
        c14[t] += 1
        got = mf.decompose(hand_str(c14, melds))
        if len(got) != ref_n_interpretations(c14, len(melds)):
            bad.append(("decomp", hand_str(c14, melds), got))
        for self_drawn in (False, True):
            r = mf.score(hand_str(c, melds), kstr(t), seat_wind="S", self_drawn=self_drawn)
            faan, raw, limit, el = ref_score(c, melds, t, 1, 0, self_drawn)
            if (r.faan, r.raw_faan, r.limit, codes(r)) != (faan, raw, limit, el):
                bad.append(("score", hand_str(c, melds), kstr(t), self_drawn, (faan, raw, limit, el),
                            (r.faan, r.raw_faan, r.limit, codes(r))))
            if r.interpretation not in got:
                bad.append(("interp", hand_str(c, melds), kstr(t), r.interpretation, got))
    assert not bad, bad[:10]


def test_interpretation_is_one_of_decompose() -> None:
    rng = random.Random(99991)
    bad = []
    for _ in range(1500):
        conc, melds = gen_complete(rng)
        before, win, seat, prev, self_drawn, kongrep, robbing, last, bonus = _random_situation(rng, conc, melds)
        r = mf.score(hand_str(before, melds, bonus), kstr(win), self_drawn=self_drawn, seat_wind=WINDS[seat],
                     prevailing_wind=WINDS[prev], kong_replacement=kongrep, robbing_kong=robbing, last_tile=last)
        if r.interpretation not in mf.decompose(hand_str(conc, melds)):
            bad.append((hand_str(before, melds), kstr(win), r.interpretation))
    assert not bad, bad[:10]


def test_dealer_start_is_paid_as_self_drawn() -> None:
    # §9.4: the dealer winning at the start of play is a self-drawn win; §11.1: each opponent pays one base.
    r = mf.score("123m456m789m22m666z", None, dealer_start=True, seat_wind="E")
    assert codes(r) == ["F3", "F6", "F10", "F11", "F16"] and r.faan == 7
    assert r.payments == {"E": 384, "S": -128, "W": -128, "N": -128}


def test_dealer_start_with_discarder_not_a_discard_payment() -> None:
    with pytest.raises(mf.InvalidHandError):
        mf.score("123m456m789m22m666z", None, dealer_start=True, seat_wind="E", discarder="S")
    with pytest.raises(mf.InvalidHandError):  # only the dealer (East) wins at the start of play
        mf.score("123m456m789m22m666z", None, dealer_start=True, seat_wind="S")


def test_spaces_are_ignored_inside_digit_groups() -> None:
    a = mf.score("12 3m456m789p234s5s", "5s", seat_wind="S", self_drawn=True)
    b = mf.score("123m456m789p234s5s", "5s", seat_wind="S", self_drawn=True)
    assert a == b
    assert mf.shanten("1 1 2 2 m 3344p5566s7z") == 0


def test_spaces_between_groups_ignored() -> None:
    assert mf.shanten(" 123m  456m 789p 234s 5s ") == 0
    assert mf.waits("1122m 3344p 5566s 7z") == [mf.Tile("7z")]


def test_win_tile_forms_and_wind_forms() -> None:
    a = mf.score("123m456m789p234s5s", "5s", seat_wind="S", self_drawn=True)
    assert mf.score("123m456m789p234s5s", 22, seat_wind=1, self_drawn=True) == a
    assert mf.score("123m456m789p234s5s", mf.Tile("5s"), seat_wind="S", prevailing_wind=0, self_drawn=True) == a


def test_bonus_given_twice_across_hand_and_param() -> None:
    with pytest.raises(mf.InvalidHandError):
        mf.score("123m456m789p234s5s 2f", "5s", seat_wind="S", bonus="2f")


def test_four_kongs_waits_and_shanten() -> None:
    h = "kong[1111m] ckong[5555p] addkong[7777s] ckong[2222z] 9m"
    assert W(h) == ["9m"]
    assert mf.shanten(h) == 0
    assert mf.shanten(h + "9m") == -1
    assert mf.decompose(h + "9m") and len(mf.decompose(h + "9m")) == 1
