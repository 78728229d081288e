"""The Python API of the quick scorer: notation, errors, waits, shanten, decompose (rules §2,
§9, §14a) and the known failure classes of other engines (issue 2 §2)."""

from __future__ import annotations

import random

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.tiles import Hand, Meld, MeldKind, Tile, id_code, kind_of_id


def codes(tiles: list[Tile]) -> list[str]:
    return [t.code for t in tiles]


# --- notation (rules §2.5, design §3) ---------------------------------------------------------


def test_tiles_and_ids() -> None:
    assert Tile("5s").kind == 22 and Tile(22).code == "5s"
    assert Tile("1z").name == "East wind" and Tile("7z").name == "Red dragon"
    assert Tile("3f").kind == 36 and Tile("3f").is_bonus
    assert Tile("5s") is Tile(22)
    assert id_code(0) == "1m" and id_code(111) == "1z" and id_code(135) == "7z" and id_code(143) == "8f"
    assert kind_of_id(136) == 34
    assert Tile("1m").glyph == "\U0001f007" and Tile("1z").glyph == "\U0001f000"


def test_hand_round_trip() -> None:
    for s in [
        "123m456p11z pung[555z] ckong[2222p] 1f 6f",
        "9m kong[1111m] ckong[5555p] addkong[7777s] ckong[2222z]",
        "19m19p19s1234567z",
    ]:
        h = Hand.parse(s)
        assert str(h) == s
        assert Hand.parse(str(h)) == h
    h = Hand.parse("123m456p11z [555z] (2222p) 1f 6f")
    assert h.melds == (Meld(MeldKind.PUNG, Tile("5z")), Meld(MeldKind.CONCEALED_KONG, Tile("2p")))
    assert [t.code for t in h.bonus] == ["1f", "6f"]
    assert h.size == 14


@pytest.mark.parametrize(
    "notation, position",
    [("120m", 2), ("12x", 2), ("8z", 0), ("9f", 0), ("123", 0), ("12m [12x]", 7), ("12m [123m", 4)],
)
def test_bad_notation_names_the_position(notation: str, position: int) -> None:
    with pytest.raises(mf.InvalidTileError) as e:
        Hand.parse(notation)
    assert e.value.position == position
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("notation", ["11111m", "1m [1111m]", "1f 1f", "[124m]", "[123z]", "(1112m)"])
def test_impossible_hands_are_invalid_hand_errors(notation: str) -> None:
    with pytest.raises(mf.InvalidHandError):
        Hand.parse(notation)


@pytest.mark.parametrize("fn", [mf.waits, mf.shanten, mf.decompose])
def test_wrong_number_of_tiles(fn: object) -> None:
    with pytest.raises(mf.InvalidHandError, match="wrong number of tiles|tiles"):
        fn("123m")  # type: ignore[operator]


def test_errors_are_typed_not_panics() -> None:
    with pytest.raises(mf.InvalidHandError):
        _core.shanten([5] + [0] * 33)
    with pytest.raises(mf.InvalidHandError):
        _core.waits([0] * 33)
    with pytest.raises(mf.InvalidHandError):
        _core.score([0] * 34, [(9, 0)], 0, 0, 0)
    with pytest.raises(mf.MahjongError, match="seed"):  # README: never an OverflowError
        _core.wall(-1)
    with pytest.raises(mf.InvalidHandError):
        mf.score("123m456m789p234s5s", "5s", seat_wind="X")
    with pytest.raises(mf.InvalidTileError):
        mf.score("123m456m789p234s5s", "1f")


# --- the wall (rules §4.1) ------------------------------------------------------------------------


def test_wall_golden() -> None:
    """Pinned forever: the same seed gives the same wall on every platform and release."""
    assert _core.wall(1, 0)[:12] == [131, 32, 16, 12, 101, 137, 59, 33, 8, 106, 119, 53]
    assert _core.wall(20261129, 3)[:12] == [11, 135, 81, 14, 53, 10, 45, 8, 108, 52, 27, 55]
    assert sorted(_core.wall(7, 7)) == list(range(144))


# --- waits and shanten (rules §14a) -----------------------------------------------------------------


def test_nine_gates_waits() -> None:
    assert codes(mf.waits("1112345678999s")) == [f"{n}s" for n in range(1, 10)]


def test_a_wait_held_four_times_is_no_wait() -> None:
    # The only completing tile would be a fifth 1m: not a wait, and the hand is not ready.
    assert mf.waits("1111m234p567p789s") == []
    assert mf.shanten("1111m234p567p789s") == 1
    assert mf.waits("123456789m1111p") == []
    assert mf.shanten("123456789m1111p") == 1
    # Four copies across an own declared pung and the concealed hand.
    assert mf.waits("123m456m789m5z [555z]") == []
    assert mf.shanten("123m456m789m5z [555z]") == 1
    # ... while a held triple still waits on the fourth copy.
    assert codes(mf.waits("123m456m789m55z77z")) == ["5z", "7z"]


def test_seven_pairs_never_uses_four_of_a_kind_as_two_pairs() -> None:
    assert mf.decompose("1111m2233p4455s66z") == []
    assert mf.shanten("1111m2233p4455s66z") == 1
    assert mf.waits("1111m2233p4455s6z") == []
    r = mf.score("1111m2233p4455s6z", "6z", self_drawn=True)
    assert not r.is_win and r.reason == "NOT_A_WINNING_HAND"


def test_pair_from_four_concealed_tiles_in_standard_shape() -> None:
    assert mf.decompose("11112233m456p789s") == ["11m 123m 123m 456p 789s"]
    assert "111m 123m 456p 789s 99s" in mf.decompose("111123m456p789s99s")


def test_honour_quads_are_not_pung_and_pair() -> None:
    assert mf.waits("1111z123m456m789m") == []
    assert mf.shanten("1111z123m456m789m") == 1
    assert mf.decompose("1111z123m456m789m1p") == []


def test_thirteen_orphans() -> None:
    assert codes(mf.waits("19m19p19s1234567z")) == ["1m", "9m", "1p", "9p", "1s", "9s"] + [
        f"{n}z" for n in range(1, 8)
    ]
    assert mf.shanten("19m19p19s1234567z") == 0
    assert mf.decompose("19m19p19s12345677z") == ["1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z"]


def test_declared_sets_reduce_the_sets_needed() -> None:
    assert mf.shanten("1m [123p] [456p] [789p] [555z]") == 0
    assert codes(mf.waits("1m [123p] [456p] [789p] [555z]")) == ["1m"]
    # no seven pairs with a declared set: 123m 123m [777z] + 44p 55p waits on 4p or 5p
    assert mf.shanten("112233m4455p [777z]") == 0
    assert codes(mf.waits("112233m4455p [777z]")) == ["4p", "5p"]


# --- cross-checks on seeded random hands (issue 2 §6) -----------------------------------------


def _random_hand(rng: random.Random, n: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for k in wall[:n]:
        counts[k] += 1
    return counts


def _near_ready_hand(rng: random.Random) -> list[int]:
    """A 13-tile hand built from sets and a pair minus one tile, often ready."""
    counts = [0] * 34
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                s, n = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    counts[9 * s + n + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            break
    tiles = [k for k in range(34) for _ in range(counts[k])]
    counts[rng.choice(tiles)] -= 1
    return counts


def test_waits_equal_brute_force_on_10000_hands() -> None:
    rng = random.Random(20261129)
    ready = 0
    for i in range(10_000):
        counts = _near_ready_hand(rng) if i % 2 else _random_hand(rng, 13)
        w = _core.waits(counts)
        brute = [
            t
            for t in range(34)
            if counts[t] < 4 and _core.is_complete([c + (k == t) for k, c in enumerate(counts)], 0)
        ]
        assert w == brute, counts
        s = _core.shanten(counts)
        assert (s == 0) == bool(w), counts
        assert 0 <= s <= 6, counts  # seven pairs alone is never more than 6 away
        ready += bool(w)
    assert ready > 2000  # the generator really exercises ready hands


def test_shanten_of_14_tiles_on_10000_hands() -> None:
    rng = random.Random(7)
    complete = 0
    for i in range(10_000):
        counts = _near_ready_hand(rng) if i % 2 else _random_hand(rng, 13)
        extra = rng.randrange(34)
        if counts[extra] == 4:
            continue
        counts[extra] += 1
        s = _core.shanten(counts)
        is_c = _core.is_complete(counts, 0)
        assert (s == -1) == is_c, counts
        complete += is_c
        # a 14-tile hand's shanten is the best 13-tile shanten after a discard (or -1)
        if not is_c:
            best = min(
                _core.shanten([c - (k == d) for k, c in enumerate(counts)])
                for d in range(34)
                if counts[d]
            )
            assert s == best, counts
    assert complete > 200
