"""pytest-benchmark suite of single calls into the core from Python, on seeded hands generated
here. Run: ``pytest benches/ --benchmark-only`` (needs a release build)."""

from __future__ import annotations

import random

import mahjong_fast as mf
import pytest
from mahjong_fast import _core

N_HANDS = 1000


def _hands(seed: int, n_tiles: int, n: int = N_HANDS) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * 34
        for k in wall[:n_tiles]:
            counts[k] += 1
        out.append(counts)
    return out


def _complete_hands(seed: int, n: int = N_HANDS) -> list[tuple[list[int], int]]:
    """13 tiles + a winning tile, built from sets and a pair."""
    rng = random.Random(seed)
    out: list[tuple[list[int], int]] = []
    while len(out) < n:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                s, k = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    counts[9 * s + k + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        tiles = [k for k in range(34) for _ in range(counts[k])]
        win = rng.choice(tiles)
        counts[win] -= 1
        out.append((counts, win))
    return out


HANDS13 = _hands(1, 13)
COMPLETE = _complete_hands(2)


def _cycle(fn, items):  # type: ignore[no-untyped-def]
    it = iter(range(10**12))

    def call() -> object:
        return fn(items[next(it) % len(items)])

    return call


def test_shanten(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(_core.shanten, HANDS13))  # type: ignore[operator]


def test_waits(benchmark: pytest.FixtureRequest) -> None:
    ready = [c for c, w in COMPLETE]
    benchmark(_cycle(_core.waits, ready))  # type: ignore[operator]


def test_decompose(benchmark: pytest.FixtureRequest) -> None:
    full = [[c + (k == w) for k, c in enumerate(counts)] for counts, w in COMPLETE]
    benchmark(_cycle(_core.decompose, full))  # type: ignore[operator]


def test_score_core(benchmark: pytest.FixtureRequest) -> None:
    benchmark(_cycle(lambda h: _core.score(h[0], [], 0, h[1], 1, 0, self_drawn=True), COMPLETE))  # type: ignore[operator]


def test_score_public_notation(benchmark: pytest.FixtureRequest) -> None:
    benchmark(lambda: mf.score("111222333m9s [555p] 1f", "9s", self_drawn=True, seat_wind="E"))  # type: ignore[operator]
