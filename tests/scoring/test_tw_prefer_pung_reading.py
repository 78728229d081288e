"""TW §20.2.3 ``prefer_pung_reading``: on a win on a discard (or a robbed tile), when some
standard reading puts the winning tile in a pung, only such readings count; the winning pung
is then not concealed (TW §10), so the Tai can fall, even below ``min_tai``. A self-drawn win
is never affected. The hand below was found by comparing the two settings on random hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import mahjong_fast as mf

HAND, WIN = "23344555m666p66999s", "5m"
SITUATION = {"seat_wind": "S", "discards": 12, "winner_discards": 3, "interrupted": True}


def _score(rules: mf.Ruleset, **kw: object) -> mf.ScoreResult:
    return mf.score(HAND, WIN, rules=rules, **{**SITUATION, **kw})  # type: ignore[arg-type]


def test_the_pung_reading_replaces_the_best_one_on_a_discard() -> None:
    off = _score(mf.Ruleset.taiwanese(min_tai=0), discarder="W")
    on = _score(mf.Ruleset.taiwanese(min_tai=0, prefer_pung_reading=True), discarder="W")
    # 5m in 345m leaves three concealed pungs (H15); in 555m only two are concealed (H09)
    assert {e.code for e in off.elements} >= {"H15"} and off.value == 11
    assert {e.code for e in on.elements} >= {"H09"} and "H15" not in {e.code for e in on.elements}
    assert on.value == 8


def test_it_alone_decides_the_minimum() -> None:
    r = _score(mf.Ruleset.taiwanese(min_tai=10, prefer_pung_reading=True), discarder="W")
    assert not r.is_win and r.reason == "BELOW_MINIMUM" and r.value == 8
    assert _score(mf.Ruleset.taiwanese(min_tai=10), discarder="W").is_win


def test_a_self_drawn_win_is_not_affected() -> None:
    a = _score(mf.Ruleset.taiwanese(min_tai=0), self_drawn=True)
    b = _score(mf.Ruleset.taiwanese(min_tai=0, prefer_pung_reading=True), self_drawn=True)
    assert (a.value, a.elements) == (b.value, b.elements)


def _random_hand(rng: random.Random) -> tuple[str, str] | None:
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    tiles: list[str] = []
    for _ in range(5):
        if rng.random() < 0.5:
            s, n = rng.choice("mps"), rng.randint(1, 7)
            tiles += [f"{n}{s}", f"{n + 1}{s}", f"{n + 2}{s}"]
        else:
            tiles += [rng.choice(kinds)] * 3
    tiles += [rng.choice(kinds)] * 2
    if max(Counter(tiles).values()) > 4:
        return None
    win = rng.choice(tiles)
    tiles.remove(win)
    return "".join(
        "".join(sorted(t[0] for t in tiles if t[1] == s)) + s for s in "mpsz" if any(t[1] == s for t in tiles)
    ), win


@pytest.mark.parametrize("seed", [1, 2])
def test_on_random_hands_it_never_raises_the_value_and_leaves_self_draws(seed: int) -> None:
    on = mf.Ruleset.taiwanese(min_tai=0, prefer_pung_reading=True)
    off = mf.Ruleset.taiwanese(min_tai=0)
    rng, lowered = random.Random(seed), 0
    for _ in range(600):
        h = _random_hand(rng)
        if h is None:
            continue
        hand, win = h
        a = mf.score(hand, win, rules=off, discarder="W", **SITUATION)  # type: ignore[arg-type]
        b = mf.score(hand, win, rules=on, discarder="W", **SITUATION)  # type: ignore[arg-type]
        assert b.value <= a.value, (hand, win)
        lowered += b.value < a.value
        sa = mf.score(hand, win, rules=off, self_drawn=True, **SITUATION)  # type: ignore[arg-type]
        sb = mf.score(hand, win, rules=on, self_drawn=True, **SITUATION)  # type: ignore[arg-type]
        assert sa.value == sb.value, (hand, win)
    assert lowered > 0  # the switch did bite on some hands
