"""The Taiwanese rulesets through every form of the public API agree with each other: notation,
counts (``_core``), and the numpy batch forms (TW §9, §10a, §11); the parts not yet Taiwanese
(the game, the simulation) refuse a Taiwanese ruleset plainly."""

from __future__ import annotations

import pickle
import random

import mahjong_fast as mf
import numpy as np
import pytest
from mahjong_fast import _core
from mahjong_fast.errors import InvalidHandError, RuleConfigError

SUITS = "mpsz"


def _notation(counts: list[int]) -> str:
    out = []
    for s, lo, hi in ((0, 0, 9), (1, 9, 18), (2, 18, 27), (3, 27, 34)):
        digits = "".join(str(k - lo + 1) * counts[k] for k in range(lo, hi))
        out.append(digits + SUITS[s] if digits else "")
    return "".join(out)


def _random_hands(seed: int, n_tiles: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        c = [0] * 34
        for k in wall[:n_tiles]:
            c[k] += 1
        out.append(c)
    return out


def _near_complete(seed: int, n: int) -> list[list[int]]:
    """16-tile hands one tile short of five sets and a pair (many are ready)."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < n:
        c = [0] * 34
        for _ in range(5):
            if rng.random() < 0.6:
                s, k = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    c[9 * s + k + d] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if max(c) > 4:
            continue
        held = [k for k in range(34) for _ in range(c[k])]
        c[rng.choice(held)] -= 1
        out.append(c)
    return out


@pytest.mark.parametrize("name", ["taiwanese-high", "taiwanese-low"])
def test_counts_notation_and_batch_forms_agree(name: str) -> None:
    rules = mf.Ruleset.from_name(name)
    hands16 = _random_hands(5, 16, 300) + _near_complete(6, 300)
    hands17 = _random_hands(7, 17, 300)
    sh16 = mf.shanten_batch(np.array(hands16, dtype=np.uint8), rules=rules)
    sh17 = mf.shanten_batch(np.array(hands17, dtype=np.uint8), rules=name)
    mask = mf.waits_batch(np.array(hands16, dtype=np.uint8), rules=rules)
    ready = 0
    for i, c in enumerate(hands16):
        s = _core.shanten(bytes(c), rules=rules)
        assert s == mf.shanten(_notation(c), rules=rules) == sh16[i]
        w = _core.waits(bytes(c), rules=rules)
        assert w == [t.kind for t in mf.waits(_notation(c), rules=rules)]
        assert w == [k for k in range(34) if mask[i, k]]
        assert (s == 0) == bool(w)
        ready += bool(w)
    assert ready > 100  # the near-complete hands reach the ready paths
    for i, c in enumerate(hands17):
        assert _core.shanten(c, rules=name) == mf.shanten(_notation(c), rules=name) == sh17[i]


@pytest.mark.parametrize("name", ["taiwanese-high", "taiwanese-low"])
def test_score_batch_equals_score(name: str) -> None:
    rules = mf.Ruleset.from_name(name)
    hands = _near_complete(8, 400)
    rows, wins = [], []
    for c in hands:
        w = _core.waits(bytes(c), rules=rules)
        if w:
            rows.append(c)
            wins.append(w[0])
    n = len(rows)
    assert n > 100
    seat = np.array([i % 4 for i in range(n)], dtype=np.uint8)
    drawn = np.array([i % 3 == 0 for i in range(n)], dtype=bool)
    value, is_win = mf.score_batch(
        np.array(rows, dtype=np.uint8), np.array(wins, dtype=np.uint8), seat, drawn, rules=rules
    )
    legal = 0
    for i in range(n):
        r = mf.score(
            _notation(rows[i]),
            wins[i],
            seat_wind=int(seat[i]),
            self_drawn=bool(drawn[i]),
            rules=rules,
        )
        c = _core.score(
            bytes(rows[i]), None, 0, wins[i], int(seat[i]), self_drawn=bool(drawn[i]), rules=rules
        )
        assert (r.value, r.is_win) == (c.value, c.is_win) == (value[i], is_win[i])
        assert r.unit == "tai" and r.reason in (None, "BELOW_MINIMUM")
        legal += r.is_win
    assert 0 < legal < n  # both sides of the minimum are reached


def test_decompose_counts_form_and_sizes() -> None:
    c = [0] * 34
    for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14):
        c[k] += 1
    c[20] += 2
    assert _core.decompose(bytes(c), rules="taiwanese-high") == mf.decompose(
        _notation(c), rules="taiwanese-high"
    )
    assert mf.decompose(_notation(c), rules="taiwanese-low") == ["123m 456m 789m 123p 456p 33s"]
    # Eight and a half pairs (TW §9.2).
    eight = "1122m3344p5566s77z111z"
    assert mf.decompose(eight, rules="taiwanese-high") == ["11m 22m 33p 44p 55s 66s 111z 77z"]
    assert mf.shanten(eight, rules="taiwanese-low") == -1
    with pytest.raises(InvalidHandError):
        mf.decompose(eight, rules="hong-kong")  # 17 tiles are no Hong Kong hand
    with pytest.raises(InvalidHandError, match="17"):
        _core.decompose(bytes(c[:20] + [0] * 14), rules="taiwanese-high")
    with pytest.raises(InvalidHandError):
        mf.shanten_batch(
            np.array([_random_hands(1, 13, 1)[0]], dtype=np.uint8), rules="taiwanese-high"
        )


def test_ruleset_value_semantics() -> None:
    r = mf.Ruleset.taiwanese(tai_table="low", min_tai=3, tai_value=100, match_length="full_game")
    assert pickle.loads(pickle.dumps(r)) == r
    assert mf.Ruleset.from_json(r.to_json()) == r
    assert r.replace(tai_table="high").name == "taiwanese-high"
    assert r.switches["min_tai"] == 3 and r.min_value == 3
    assert hash(r) == hash(mf.Ruleset.from_name("taiwanese-low", **r.switches))
    assert "min_faan" not in r.switches


def test_game_and_simulation_refuse_taiwanese() -> None:
    with pytest.raises(RuleConfigError, match="Taiwanese"):
        mf.simulate(deals=1, rules="taiwanese-low")
