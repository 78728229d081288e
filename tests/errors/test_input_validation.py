"""Every input checked once, the same way, everywhere (README "Errors"): tile counts that would
wrap, contradictory scoring situations (rules §14a), loose numbers, the one error rule of the
``_core`` functions, the notation length limit, and partial hands for shanten/waits/decompose.
Each example of the issue is a test here, and each class has a generated test over its kind."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mahjong_fast import _core
from mahjong_fast.tiles import Hand, Tile, kind_of_id, tile_code, wind_index

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CODES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
MAX = 1024  # the documented maximum length of notation, in characters


def notation(counts: list[int]) -> str:
    out = []
    for suit, (lo, hi) in zip("mpsz", [(0, 9), (9, 18), (18, 27), (27, 34)]):
        digits = "".join(str(k - lo + 1) * counts[k] for k in range(lo, hi))
        if digits:
            out.append(digits + suit)
    return "".join(out)


# --- §1: tile counts never wrap -----------------------------------------------------------------


def test_256_copies_are_not_read_as_none() -> None:
    with pytest.raises(mf.InvalidHandError, match="256 copies of 1m"):
        mf.shanten("1" * 256 + "m123456789p1234s")


def test_many_copies_are_counted_exactly_not_modulo() -> None:
    with pytest.raises(mf.InvalidHandError, match="^invalid hand: 500 copies of 1m"):
        Hand.parse("1m" * 500)
    # 50,000 copies were reported as 80; the string is now refused for its length.
    with pytest.raises(mf.InvalidHandError, match="1024 characters"):
        Hand.parse("1m" * 50_000)


def test_thousands_of_exposed_kongs_are_refused() -> None:
    with pytest.raises(mf.InvalidHandError, match="400 copies of 1m"):
        Hand.parse("[1111m]" * 100)
    with pytest.raises(mf.InvalidHandError):
        Hand.parse("[1111m] " * 16_384)
    with pytest.raises(mf.InvalidHandError):
        _core.format_hand([0] * 34, [(2, 0)] * 16_384)
    with pytest.raises(mf.InvalidHandError):
        _core.shanten([1] + [0] * 33, [(2, 0)] * 16_384)


@SETTINGS
@given(
    kind=st.integers(0, 33),
    copies=st.one_of(st.integers(5, 600), st.sampled_from([256, 257, 260, 512, 514])),
    spaced=st.booleans(),
)
@example(kind=0, copies=256, spaced=False)  # once read as no copy at all (u8 wrap)
@example(kind=5, copies=258, spaced=True)  # once read as 2 copies
def test_a_fifth_copy_is_an_invalid_hand_in_every_parser(kind: int, copies: int, spaced: bool) -> None:
    code = CODES[kind]
    digits = (code[0] + (" " if spaced else "")) * copies
    text = digits + code[1]
    for parse in (Hand.parse, mf.shanten, mf.waits, mf.decompose):
        with pytest.raises(mf.InvalidHandError):
            parse(text)  # type: ignore[operator]
    with pytest.raises(mf.InvalidHandError):
        mf.score(text, "1m")
    # Melds that add up to a fifth copy, in any number.
    melds = f"[{code[0] * 4}{code[1]}]" * (copies // 4 + 1)
    if len(melds) <= MAX:
        with pytest.raises(mf.InvalidHandError):
            Hand.parse(melds)


@SETTINGS
@given(
    kind=st.integers(0, 33),
    count=st.one_of(st.integers(5, 2**16), st.integers(2**31, 2**80), st.integers(-(2**80), -1)),
    fn=st.sampled_from(["shanten", "waits", "decompose", "is_complete", "format_hand"]),
)
def test_a_count_out_of_range_is_an_invalid_hand_at_any_width(kind: int, count: int, fn: str) -> None:
    counts = [0] * 34
    counts[kind] = count
    with pytest.raises(mf.InvalidHandError):
        getattr(_core, fn)(counts)


# --- §1: contradictory situations are refused before the hand is valued (rules §14a) ----------


def test_a_self_drawn_win_with_a_discarder_is_refused() -> None:
    with pytest.raises(mf.InvalidHandError, match="no discarder"):
        mf.score("12m456m789m11z [555z]", "3m", self_drawn=True, seat_wind="S", discarder="E")


@pytest.mark.parametrize("discarder", ["W", 2, "X", 7, "5z"])
def test_a_bad_discarder_is_refused_even_below_the_minimum(discarder: Any) -> None:
    # E31: 1 faan, below the minimum; the discarder is the winner or not a wind at all.
    assert mf.score("123m456p789s234s1z", "1z", seat_wind="W", discarder="S").reason == "BELOW_MINIMUM"
    with pytest.raises(mf.InvalidHandError):
        mf.score("123m456p789s234s1z", "1z", seat_wind="W", discarder=discarder)


def test_the_cli_refuses_the_same_situations() -> None:
    for extra in (["--self-drawn", "--discarder", "E"], ["--discarder", "W"], ["--discarder", "X"]):
        proc = subprocess.run(
            [sys.executable, "-m", "mahjong_fast.cli", "score", "123m456p789s234s1z", "--win", "1z",
             "--seat", "W", *extra],
            capture_output=True, text=True, check=False, timeout=120,
        )
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr and proc.stderr.startswith("error: ")


HANDS = [  # (hand before the win, winning tile): wins, below-minimum and non-winning hands
    ("12m456m789m11z [555z]", "3m"),
    ("123m456p789s234s1z", "1z"),
    ("111222333m9s [555p] 1f", "9s"),
    ("123m456m789p234s5s", "5s"),
    ("1111m2233p4455s6z", "6z"),
    ("19m19p19s1234567z", "7z"),
]
WIND_VALUES = ["E", "S", "W", "N", 0, 1, 2, 3, "X", 4, -1, "5z", None]


@SETTINGS
@given(
    hand=st.sampled_from(HANDS),
    seat=st.integers(0, 3),
    discarder=st.sampled_from(WIND_VALUES),
    self_drawn=st.booleans(),
)
def test_the_situation_decides_the_error_whatever_the_hand(
    hand: tuple[str, str], seat: int, discarder: Any, self_drawn: bool
) -> None:
    bad_wind = discarder in ("X", 4, -1, "5z")
    d = None if discarder is None or bad_wind else wind_index(discarder)
    impossible = discarder is not None and (bad_wind or self_drawn or d == seat)
    call = lambda: mf.score(hand[0], hand[1], self_drawn=self_drawn, seat_wind=seat, discarder=discarder)
    if impossible:
        with pytest.raises(mf.InvalidHandError):
            call()
    else:
        r = call()
        assert (r.payments != {}) == (r.is_win and (self_drawn or d is not None))


# --- §1: loose numbers are refused; exactly the documented types are accepted ------------------


def test_loose_numbers_are_type_errors_naming_the_argument() -> None:
    with pytest.raises(TypeError, match="win_tile"):
        mf.score("123m456m789p234s5s", 22.7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tile"):
        Tile(1.5)  # type: ignore[arg-type]
    for v in (True, 5.0):
        with pytest.raises(TypeError):
            Tile(v)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="win_tile"):
            mf.score("123m456m789p234s5s", v)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat_wind"):
        mf.score("123m456m789p234s5s", "5s", seat_wind=True)
    with pytest.raises(TypeError, match="winner"):
        _core.payments(3, True, True)
    with pytest.raises(TypeError, match="discarder"):
        _core.payments(3, 0, False, False)
    with pytest.raises(TypeError, match="hand"):
        mf.shanten(123)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hand"):
        Hand.parse(None)  # type: ignore[arg-type]


def test_numpy_integers_are_kinds_and_players() -> None:
    assert Tile(np.int64(22)) is Tile("5s")
    a = mf.score("123m456m789p234s5s", np.uint8(22), self_drawn=True, seat_wind=np.int32(1))
    b = mf.score("123m456m789p234s5s", "5s", self_drawn=True, seat_wind="S")
    assert a == b and a.faan == 4
    assert _core.payments(np.int64(3), np.int8(1), True) == [-8, 24, -8, -8]
    assert mf.score("123m456m789p234s5s", Tile("5s"), self_drawn=True, seat_wind="S") == b


LOOSE = st.one_of(st.floats(allow_nan=True), st.booleans(), st.just(np.bool_(True)), st.binary(max_size=3))


@SETTINGS
@given(value=LOOSE, where=st.sampled_from(["tile", "win_tile", "seat_wind", "prevailing_wind", "discarder",
                                           "winner", "count", "meld", "tile_id", "tile_code"]))
def test_every_loose_value_is_a_type_error(value: Any, where: str) -> None:
    calls: dict[str, Callable[[], object]] = {
        "tile": lambda: Tile(value),
        "win_tile": lambda: mf.score("123m456m789p234s5s", value),
        "seat_wind": lambda: mf.score("123m456m789p234s5s", "5s", seat_wind=value),
        "prevailing_wind": lambda: mf.score("123m456m789p234s5s", "5s", prevailing_wind=value),
        "discarder": lambda: mf.score("123m456m789p234s5s", "5s", discarder=value),
        "winner": lambda: _core.payments(3, value, True),
        "count": lambda: _core.shanten([value] + [1] * 12 + [0] * 21),
        "meld": lambda: _core.shanten([1] * 10 + [0] * 24, [(1, value)]),
        "tile_id": lambda: kind_of_id(value),
        "tile_code": lambda: tile_code(value),
    }
    with pytest.raises(TypeError):
        calls[where]()


@SETTINGS
@given(kind=st.integers(-(2**70), 2**70))
def test_every_int_kind_is_the_tile_of_that_kind_or_an_invalid_tile(kind: int) -> None:
    if 0 <= kind < 34:
        r = mf.score("123m456m789p234s5s", kind, self_drawn=True)
        assert r == mf.score("123m456m789p234s5s", CODES[kind], self_drawn=True)
    elif 34 <= kind < 42:
        assert Tile(kind).is_bonus
        with pytest.raises(mf.InvalidTileError):
            mf.score("123m456m789p234s5s", kind)
    else:
        with pytest.raises(mf.InvalidTileError):
            Tile(kind)
        with pytest.raises(mf.InvalidTileError):
            mf.score("123m456m789p234s5s", kind)


# --- §2: one error rule for the _core functions -------------------------------------------------


def test_core_out_of_range_numbers_and_malformed_tuples_are_mahjong_errors() -> None:
    full = [1] * 13 + [0] * 21
    with pytest.raises(mf.InvalidHandError):
        _core.shanten([2**70] + [0] * 33)  # was OverflowError
    with pytest.raises(mf.InvalidHandError):
        _core.score(full, [(1,)], 0, 0, 0)  # was a plain ValueError
    with pytest.raises(mf.InvalidHandError):
        _core.score(full, [(1, 2, 3)], 0, 0, 0)
    with pytest.raises(mf.InvalidHandError):
        _core.payments(2**70, 0, True)  # was OverflowError
    with pytest.raises(mf.InvalidHandError):
        _core.is_complete(full, -1)  # was OverflowError
    with pytest.raises(mf.InvalidTileError):
        _core.score(full, None, 0, 2**64, 0)
    with pytest.raises(mf.InvalidHandError):
        _core.score(full, None, 2**64, 0, 0)


@SETTINGS
@given(
    value=st.integers(-(2**80), 2**80),
    where=st.sampled_from(["count", "meld_kind", "meld_tile", "bonus_mask", "win_tile", "seat_wind",
                           "prevailing_wind", "faan", "winner", "n_melds"]),
)
def test_core_integers_are_a_result_or_a_mahjong_error(value: int, where: str) -> None:
    hand = [1] * 9 + [0] * 25  # 123456789m
    calls: dict[str, Callable[[], object]] = {
        "count": lambda: _core.shanten([value] + [1] * 12 + [0] * 21),
        "meld_kind": lambda: _core.shanten(hand[:] + [0] * 0, [(value, 27)]),
        "meld_tile": lambda: _core.waits([1] * 10 + [0] * 24, [(1, value)]),
        "bonus_mask": lambda: _core.score([1] * 13 + [0] * 21, None, value, 0, 0),
        "win_tile": lambda: _core.score([1] * 13 + [0] * 21, None, 0, value, 0),
        "seat_wind": lambda: _core.score([1] * 13 + [0] * 21, None, 0, 0, value),
        "prevailing_wind": lambda: _core.score([1] * 13 + [0] * 21, None, 0, 0, 0, value),
        "faan": lambda: _core.payments(value, 0, True),
        "winner": lambda: _core.payments(3, value, True),
        "n_melds": lambda: _core.is_complete([0] * 34, value),
    }
    try:
        calls[where]()
    except mf.MahjongError:
        pass


def test_batch_prevailing_wind_follows_the_same_rule() -> None:
    c = np.zeros((1, 34), dtype=np.uint8)
    c[0, :13] = 1
    args = (c, np.zeros(1, np.uint8), np.zeros(1, np.uint8), np.zeros(1, bool))
    with pytest.raises(mf.InvalidHandError):
        mf.score_batch(*args, prevailing_wind=2**70)  # was OverflowError
    with pytest.raises(TypeError, match="prevailing_wind"):
        mf.score_batch(*args, prevailing_wind=True)  # type: ignore[arg-type]
    assert mf.score_batch(*args, prevailing_wind=np.int64(1))[0].shape == (1,)


# --- §2: a documented maximum length, refused before parsing -------------------------------------


def test_notation_over_the_maximum_is_refused() -> None:
    at_max = "1m" + " " * (MAX - 2)
    assert Hand.parse(at_max).size == 1
    for fn in (Hand.parse, mf.shanten, mf.waits, mf.decompose):
        with pytest.raises(mf.InvalidHandError, match="1024 characters"):
            fn(at_max + " ")  # type: ignore[operator]
    with pytest.raises(mf.InvalidHandError, match="1024 characters"):
        mf.score("1" * 1_000_000, "1m")
    with pytest.raises(mf.InvalidHandError, match="1024 characters"):
        mf.score("123m456m789p234s5s", "5s", bonus="1f" + " " * 2000)


@SETTINGS
@given(extra=st.integers(1, 5000), filler=st.sampled_from([" ", "x", "1", "\u3000", "["]))
def test_any_string_over_the_maximum_is_an_invalid_hand(extra: int, filler: str) -> None:
    with pytest.raises(mf.InvalidHandError, match="1024 characters"):
        mf.shanten(filler * (MAX + extra))


# --- §3: partial concealed hands (the missing sets declared elsewhere) --------------------------


def test_partial_hands_as_other_libraries_read_them() -> None:
    assert mf.shanten("222567p44468s") == 0
    assert [str(t) for t in mf.waits("2344m")] == ["1m", "4m"]
    assert mf.decompose("11122m") == ["111m 22m"]
    assert mf.shanten("1m") == 0 and mf.shanten("19m") == 0
    with pytest.raises(mf.InvalidHandError, match="wrong number of tiles"):
        mf.shanten("123m")
    with pytest.raises(mf.InvalidHandError, match="wrong number of tiles"):
        mf.waits("11m")


@st.composite
def partial_hands(draw: st.DrawFn) -> list[int]:
    n_sets = draw(st.integers(0, 3))
    extra = draw(st.sampled_from([1, 2]))
    tiles = draw(st.lists(st.integers(0, 33), min_size=3 * n_sets + extra, max_size=3 * n_sets + extra))
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    if max(counts) > 4:
        counts = [min(c, 4) for c in counts]
    return counts


@SETTINGS
@given(counts=partial_hands())
def test_partial_hands_agree_with_brute_force(counts: list[int]) -> None:
    n = sum(counts)
    if n % 3 == 0 or n > 14:
        with pytest.raises(mf.InvalidHandError):
            mf.shanten(notation(counts))
        return
    text = notation(counts)
    elsewhere = (14 - n) // 3 if n % 3 == 2 else (13 - n) // 3
    s = mf.shanten(text)
    if n % 3 == 1:
        brute = [
            k for k in range(34)
            if counts[k] < 4 and _core.is_complete([c + (i == k) for i, c in enumerate(counts)], elsewhere)
        ]
        assert [t.kind for t in mf.waits(text)] == brute
        assert (s == 0) == bool(brute)
        assert s >= 0
    else:
        complete = _core.is_complete(counts, elsewhere)
        assert (s == -1) == complete
        assert bool(mf.decompose(text)) == complete
        if not complete:
            after = [mf.shanten(notation([c - (i == d) for i, c in enumerate(counts)]))
                     for d in range(34) if counts[d]]
            assert s == min(after)


# --- rules= on the four public functions (the ruleset's own score, base and payments) ---------


def test_rules_keyword_reaches_the_core() -> None:
    hand, win = "123m456m789p234s5s", "5s"  # 4 faan self-drawn, 3 on a discard
    r = mf.Ruleset.hong_kong(spiciness="half", responsibility="full")
    x = mf.score(hand, win, seat_wind="S", discarder="E", rules=r)
    assert x.base == r.base(x.faan)
    assert [x.payments[w] for w in "ESWN"] == r.payments(x.faan, 1, False, 0)
    assert x.payments != mf.score(hand, win, seat_wind="S", discarder="E").payments
    strict = mf.Ruleset.hong_kong(min_faan=5)
    assert mf.score(hand, win, self_drawn=True, seat_wind="S").is_win
    assert mf.score(hand, win, self_drawn=True, seat_wind="S", rules=strict).reason == "BELOW_MINIMUM"
    assert mf.score(hand, win, self_drawn=True, rules="hk") == mf.score(hand, win, self_drawn=True)
    for fn, arg in ((mf.shanten, "1m"), (mf.waits, "1m"), (mf.decompose, "11m")):
        assert fn(arg, rules="hk") == fn(arg)  # type: ignore[operator]
        with pytest.raises(mf.RuleConfigError):
            fn(arg, rules="nope")  # type: ignore[operator]
        with pytest.raises(TypeError, match="rules"):
            fn(arg, rules=1)  # type: ignore[operator]
