"""pytest-benchmark suite of single and batch calls into the core from Python, on seeded hands
generated here. Batch timings are per call of BATCH_N rows. Run: ``pytest benches/ --benchmark-only`` (needs a release build)."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np

import mahjong_fast as mf
import pytest
from mahjong_fast import _core

from hands import complete_hands, random_hands
from short import size

N_HANDS = size(1000, 40)


HANDS13 = random_hands(1, 13, N_HANDS)
HANDS14 = random_hands(3, 14, N_HANDS)
COMPLETE = complete_hands(2, N_HANDS)
READY = [c for c, _ in COMPLETE]
FULL = [[c + (k == w) for k, c in enumerate(counts)] for counts, w in COMPLETE]
# The same hands as 34 bytes: the fastest single-call form.
HANDS13_B = [bytes(c) for c in HANDS13]
READY_B = [bytes(c) for c in READY]
FULL_B = [bytes(c) for c in FULL]
UNSEEN14 = [[4 - x for x in c] for c in HANDS14]

BATCH_N = size(100_000, 400)


def _batch_rows(hands: list[list[int]]) -> np.ndarray:
    rows = np.array(hands, dtype=np.uint8)
    return np.tile(rows, (BATCH_N // len(rows), 1))


def _cycle(fn, items):  # type: ignore[no-untyped-def]
    """A zero-argument call of ``fn`` on the next item, round robin, with as little harness as
    Python allows (one closure call and one ``next``); ``test_harness_floor`` measures it."""
    nxt = itertools.cycle(items).__next__

    def call() -> object:
        return fn(nxt())

    return call


# -- single calls into the core (µs per call = the reported time) -----------------------------


def test_harness_floor(benchmark: pytest.FixtureRequest) -> None:
    """The harness alone (a builtin that does nothing useful): subtract from the single calls."""
    benchmark(_cycle(len, FULL_B))  # type: ignore[operator]


def test_is_complete(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.is_complete, FULL_B))  # type: ignore[operator]


def test_is_complete_list(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.is_complete, FULL))  # type: ignore[operator]


def test_shanten(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.shanten, HANDS13_B))  # type: ignore[operator]


def test_shanten_list(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.shanten, HANDS13))  # type: ignore[operator]


def test_waits(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.waits, READY_B))  # type: ignore[operator]


def test_waits_list(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.waits, READY))  # type: ignore[operator]


def test_decompose(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.decompose, FULL_B))  # type: ignore[operator]


def test_score_core(benchmark: pytest.FixtureRequest) -> None:
    items = [(bytes(c), w) for c, w in COMPLETE]
    benchmark(_cycle(lambda h: _core.score(h[0], None, 0, h[1], 1, 0, self_drawn=True), items))  # type: ignore[operator]


def test_rate_discards(benchmark: pytest.FixtureRequest) -> None:
    items = list(zip(HANDS14, UNSEEN14))
    benchmark(_cycle(lambda h: _core.rate_discards(h[0], None, h[1]), items))  # type: ignore[operator]


# -- Taiwanese (16-tile hands, five sets and a pair; targets per call: score of a complete hand
# 2 µs, shanten 0.2 µs; the Hong Kong figures above are the same run's scale) ----------------

TW_HIGH = mf.Ruleset.taiwanese(tai_table="high")
TW_LOW = mf.Ruleset.taiwanese(tai_table="low")
TW_HANDS16_B = [bytes(c) for c in random_hands(11, 16, N_HANDS)]
TW_COMPLETE = [(bytes(c), w) for c, w in complete_hands(12, N_HANDS, n_sets=5)]


def test_tw_shanten(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(functools.partial(_core.shanten, rules=TW_HIGH), TW_HANDS16_B))  # type: ignore[operator]


@pytest.mark.parametrize("table", ["high", "low"])
def test_tw_score_core(benchmark: pytest.FixtureRequest, table: str) -> None:
    rules = TW_HIGH if table == "high" else TW_LOW
    benchmark(  # type: ignore[operator]
        _cycle(
            lambda h: _core.score(h[0], None, 0, h[1], 1, 0, self_drawn=True, rules=rules),
            TW_COMPLETE,
        )
    )


# -- the public string API (parse in Rust, one crossing; targets per call: shanten 0.5 µs,
# waits 1 µs, score 2 µs) --------------------------------------------------------------------


def _notation(counts: list[int]) -> str:
    out = []
    for suit, lo, hi in (("m", 0, 9), ("p", 9, 18), ("s", 18, 27), ("z", 27, 34)):
        digits = "".join(str(k - lo + 1) * counts[k] for k in range(lo, hi))
        out.append(digits + suit if digits else "")
    return "".join(out)


HANDS13_S = [_notation(c) for c in HANDS13]
READY_S = [_notation(c) for c in READY]
FULL_S = [_notation(c) for c in FULL]
# (hand before the win, winning tile code)
SCORE_CODES = [(_notation(c), _notation([int(k == w) for k in range(34)])) for c, w in COMPLETE]


def test_shanten_str(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(mf.shanten, HANDS13_S))  # type: ignore[operator]


def test_waits_str(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(mf.waits, READY_S))  # type: ignore[operator]


def test_decompose_str(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(mf.decompose, FULL_S))  # type: ignore[operator]


def test_score_str(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(lambda h: mf.score(h[0], h[1], self_drawn=True, seat_wind="S"), SCORE_CODES))  # type: ignore[operator]


def test_score_public_notation(benchmark: pytest.FixtureRequest) -> None:
    benchmark(lambda: mf.score("111222333m9s [555p] 1f", "9s", self_drawn=True, seat_wind="E"))  # type: ignore[operator]


def test_shanten_public_notation(benchmark: pytest.FixtureRequest) -> None:
    benchmark(lambda: mf.shanten("123456789m1111p"))  # type: ignore[operator]


# the forms a riichi or RL user types first: 34 counts as a list and as a numpy array, read
# by the core without the notation round trip (issue 42; compare with the notation row above)
HANDS13_NP = [np.array(c, np.uint8) for c in HANDS13]
HANDS13_NP64 = [np.array(c, np.int64) for c in HANDS13]


def test_shanten_public_list(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(mf.shanten, HANDS13))  # type: ignore[operator]


def test_shanten_public_numpy_uint8(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(mf.shanten, HANDS13_NP))  # type: ignore[operator]


def test_shanten_public_numpy_int64(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(mf.shanten, HANDS13_NP64))  # type: ignore[operator]


# -- parsing is linear: the same hand spread over growing lengths up to the documented maximum
# (MAX_NOTATION_CHARS); time per call grows in proportion to the length -----------------------

PARSE_LENGTHS = [64, 128, 256, 512, 1024]


def _padded(length: int) -> str:
    """``123m456m789p234s5s`` with its digits spread by spaces to exactly ``length`` characters."""
    base = "1 2 3 m 4 5 6 m 7 8 9 p 2 3 4 s 5 s"
    return base + " " * (length - len(base))


@pytest.mark.parametrize("length", PARSE_LENGTHS)
def test_parse_length(benchmark: pytest.FixtureRequest, length: int) -> None:
    s = _padded(length)
    assert len(s) == length
    benchmark.extra_info["chars"] = length  # type: ignore[attr-defined]
    benchmark(_core.parse_hand, s)  # type: ignore[operator]


def test_parse_over_the_maximum_is_refused(benchmark: pytest.FixtureRequest) -> None:
    """A string of 10**6 characters costs no more than a short one: refused before parsing."""
    s = "1" * 1_000_000

    def refuse() -> None:
        try:
            _core.parse_hand(s)
        except mf.InvalidHandError:
            return
        raise AssertionError("a string over MAX_NOTATION_CHARS was parsed")

    benchmark(refuse)  # type: ignore[operator]


# -- batch calls over 100,000 rows (divide the reported time by BATCH_N for µs per hand) -----


def test_batch_shanten(benchmark: pytest.FixtureRequest) -> None:
    rows = _batch_rows(HANDS13)
    benchmark.extra_info["rows"] = len(rows)  # type: ignore[attr-defined]
    benchmark(mf.shanten_batch, rows)  # type: ignore[operator]


def test_batch_waits(benchmark: pytest.FixtureRequest) -> None:
    rows = _batch_rows(READY)
    benchmark.extra_info["rows"] = len(rows)  # type: ignore[attr-defined]
    benchmark(mf.waits_batch, rows)  # type: ignore[operator]


def test_batch_score(benchmark: pytest.FixtureRequest) -> None:
    rows = _batch_rows(READY)
    n = len(rows)
    win = np.tile(np.array([w for _, w in COMPLETE], dtype=np.uint8), n // len(COMPLETE))
    seat = np.ones(n, dtype=np.uint8)
    drawn = np.ones(n, dtype=bool)
    benchmark.extra_info["rows"] = n  # type: ignore[attr-defined]
    benchmark(mf.score_batch, rows, win, seat, drawn)  # type: ignore[operator]
