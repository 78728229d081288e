"""``mf.wait_values`` (rules §10, §14a): every wait of a ready hand valued self-drawn and on a
discard, checked against ``mf.score`` on many hands, including waits below the minimum."""

from __future__ import annotations

import random

import mahjong_fast as mf
import pytest
from mahjong_fast.tiles import Tile


def test_readme_hand() -> None:
    v = mf.wait_values("123m456m789p234s5s", seat_wind="S")
    assert [w.tile.code for w in v] == ["2s", "5s"]
    for w in v:
        assert w.self_drawn == mf.score("123m456m789p234s5s", w.tile, self_drawn=True, seat_wind="S")
        assert w.discard == mf.score("123m456m789p234s5s", w.tile, seat_wind="S")
        assert w.can_win
        assert [e.code for e in w.self_drawn.elements] == ["F1", "F10", "F11", "F16"]


def test_below_minimum_is_marked() -> None:
    # South with West's flower, two exposed chows: 2 faan self-drawn, 1 on a discard (§10.5).
    v = mf.wait_values("456p234s5s [123m] [789m] 3f", seat_wind="S")
    assert [w.tile.code for w in v] == ["2s", "5s"]
    for w in v:
        assert not w.can_win
        assert (w.self_drawn.reason, w.self_drawn.faan) == (mf.BELOW_MINIMUM, 2)
        assert (w.discard.reason, w.discard.faan) == (mf.BELOW_MINIMUM, 1)
        assert "BELOW_MINIMUM" in str(w)
    # the bonus argument is the same as a bonus tile in the hand
    assert mf.wait_values("456p234s5s [123m] [789m]", seat_wind="S", bonus="3f") == v
    # without it, F16 makes the self-drawn win legal and the discard win still is not
    w = mf.wait_values("456p234s5s [123m] [789m]", seat_wind="S")[0]
    assert w.self_drawn.is_win and not w.discard.is_win and w.can_win


def test_not_ready_is_empty() -> None:
    assert mf.wait_values("1357m2468p13579s") == []


def test_rules_argument() -> None:
    h = "123m456m789p234s5s"
    assert mf.wait_values(h, "hk") == mf.wait_values(h, mf.Ruleset.hong_kong()) == mf.wait_values(h)
    with pytest.raises(mf.RuleConfigError):
        mf.wait_values(h, "mars")
    with pytest.raises(TypeError, match="rules"):
        mf.wait_values(h, 3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "kwargs", "error"),
    [
        ("123m456m789p234s55s", {}, mf.InvalidHandError),  # 14 tiles
        ("11111m456m789p234s", {}, mf.InvalidHandError),  # a fifth copy
        ("123m456m789p234s5x", {}, mf.InvalidTileError),
        ("123m456m789p234s5s", {"seat_wind": "Q"}, mf.InvalidHandError),
        ("123m456m789p234s5s 3f", {"bonus": "3f"}, mf.InvalidHandError),  # given twice
    ],
)
def test_bad_input(hand: str, kwargs: dict[str, str], error: type[Exception]) -> None:
    with pytest.raises(error):
        mf.wait_values(hand, **kwargs)  # type: ignore[arg-type]


def _near_ready_hands(rng: random.Random, n: int) -> list[str]:
    """Ready-or-not 13-tile hands: four random sets and a pair, one tile taken away, sometimes
    one set declared, sometimes a bonus tile."""
    out = []
    while len(out) < n:
        left = [4] * 34
        units: list[list[int]] = []
        for _ in range(4):
            if rng.random() < 0.5:
                s = rng.randrange(3)
                lo = 9 * s + rng.randrange(7)
                unit = [lo, lo + 1, lo + 2]
            else:
                k = rng.randrange(34)
                unit = [k, k, k]
            units.append(unit)
        p = rng.randrange(34)
        units.append([p, p])
        for u in units:
            for k in u:
                left[k] -= 1
        if min(left) < 0:
            continue
        declared = units[0] if rng.random() < 0.4 else None
        tiles = [k for u in units[(1 if declared else 0) :] for k in u]
        tiles.remove(rng.choice(tiles))
        text = "".join(Tile(k).code for k in sorted(tiles))
        if declared:
            text += " [" + "".join(Tile(k).code for k in declared) + "]"
        if rng.random() < 0.3:
            text += " " + Tile(34 + rng.randrange(8)).code
        out.append(text)
    return out


def test_agrees_with_score_on_many_hands() -> None:
    rng = random.Random(20261130)
    n_waits = n_refused = n_dead = 0
    for hand in _near_ready_hands(rng, 1500):
        seat = "ESWN"[rng.randrange(4)]
        v = mf.wait_values(hand, seat_wind=seat)
        assert [w.tile for w in v] == mf.waits(hand)
        for w in v:
            n_waits += 1
            assert w.self_drawn == mf.score(hand, w.tile, self_drawn=True, seat_wind=seat)
            assert w.discard == mf.score(hand, w.tile, seat_wind=seat)
            n_refused += w.discard.reason == mf.BELOW_MINIMUM
        n_dead += bool(v) and not any(w.can_win for w in v)
    # the sample covers legal waits, refused waits and dead-ready hands
    assert n_waits > 1000 and n_refused > 100 and n_dead > 20, (n_waits, n_refused, n_dead)


class _View:
    """The parts of a seat view that ``hint_text`` reads."""

    def __init__(self, hand: str, seat_wind: int) -> None:
        self.h = mf.Hand.parse(hand)
        self.seat_wind = seat_wind

    def hand_counts(self) -> list[int]:
        return list(self.h.counts)

    def meld_tuples(self) -> list[tuple[int, int]]:
        return self.h.core_melds

    def unseen_counts(self) -> list[int]:
        return [4 - c for c in self.h.counts]

    def bonus_mask(self) -> int:
        return sum(1 << (t.kind - 34) for t in self.h.bonus)


def test_hint_shows_what_each_wait_is_worth() -> None:
    from mahjong_fast.seats.hints import hint_text

    # ready, every wait under the minimum (South with West's flower)
    text = hint_text(_View("456p234s5s [123m] [789m] 3f", 1)).plain
    assert "2s cannot win (2 faan self-drawn, below 3)" in text and "5s cannot win" in text
    # without the flower: legal self-drawn only
    text = hint_text(_View("456p234s5s [123m] [789m]", 1)).plain
    assert "2s 3 faan self-drawn only (2 on a discard is below 3)" in text
    # 14 tiles: the ready discard's waits with self-drawn/discard values, as wait_values says
    text = hint_text(_View("123m456m789p234s5s9m", 1)).plain
    assert "9m (shanten 0" in text and "waits 2s 4/3 faan, 5s 4/3 faan" in text


@pytest.mark.parametrize("rules", ["taiwanese-high", "taiwanese-low"])
def test_taiwanese_waits_in_a_full_situation_equal_score(rules: str) -> None:
    """The deal's progress (discards, the winner's discards, interruption, streak) and the
    last tile reach wait_values exactly as they reach score (TW §10, §11, §15)."""
    rng = random.Random(20261201)
    checked = timing = 0
    ready = [
        "123456789m123p45s11z", "111222333m456p78s99s", "234m567m222p678p34s99s",
        "123m456m789m123p456p7s", "11m22m33m44p55p66s777s8s",
    ]
    for _ in range(150):
        hand = rng.choice(ready)
        last = rng.random() < 0.2
        # a situation a deal can reach (TW §10a): the last tile needs an emptied wall (rule 2),
        # West's and North's first draw follows discard 2 at the earliest (rule 6)
        discards = rng.choice([55, 60] if last else [4, 7, 15, 30])
        sit = {
            "seat_wind": rng.choice("ESWN"),
            "prevailing_wind": rng.choice("ESWN"),
            "dealer_streak": rng.randrange(3),
            "discards": discards,
            "winner_discards": max(1, discards // 4),
            "interrupted": True,
        }
        for w in mf.wait_values(hand, rules, last_tile=last, **sit):
            sd = mf.score(hand, w.tile, self_drawn=True, last_tile=last, rules=rules, **sit)
            dc = mf.score(hand, w.tile, last_tile=last, rules=rules, **sit)
            assert (w.self_drawn, w.discard) == (sd, dc)
            checked += 1
            # the high table's discard-count elements (TW §12 H17, H26) come from the progress
            timing += any(e.code in ("H17", "H26") for e in sd.elements)
    assert checked > 150 and (timing > 0 or rules == "taiwanese-low"), (checked, timing)
    # Hong Kong reads no deal progress: the keywords are refused by name
    with pytest.raises(mf.InvalidHandError, match="discards"):
        mf.wait_values("123m456m789p234s5s", discards=3)
