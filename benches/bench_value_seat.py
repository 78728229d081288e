"""pytest-benchmark: whole deals in the core on one thread (deals/s per core) with four
``value`` seats against four ``greedy`` seats, and one arena wall set.

Run: ``pytest benches/bench_value_seat.py --benchmark-only`` (needs a release build). Each
round plays the same deals (seed 1, deals 0..N-1); compare the two rates within one run.
"""

from __future__ import annotations

import pytest
from mahjong_fast import _core
from short import size

SEED = 1
DEALS = size(400, 4)
WALLS = size(100, 2)


@pytest.mark.parametrize("seat", ["greedy", "value"])
def test_core_deals(benchmark, seat: str) -> None:  # type: ignore[no-untyped-def]
    sim = _core.Simulator(SEED, [seat] * 4, None, 1)
    sim.run(0, 8)  # warm-up outside the timing (lookup tables)
    recs = benchmark.pedantic(sim.run, args=(0, DEALS), rounds=3, iterations=1)
    assert len(recs) == DEALS
    benchmark.extra_info["deals_per_s"] = round(DEALS / benchmark.stats.stats.min, 1)


def test_arena_walls(benchmark) -> None:  # type: ignore[no-untyped-def]
    """WALLS walls x 4 rotations, value against three greedy seats, with the arena's metrics."""
    rep, deals = benchmark.pedantic(
        _core.arena, args=(["value", "greedy", "greedy", "greedy"], WALLS, SEED, 1), rounds=3, iterations=1
    )
    assert len(deals) == 4 * WALLS and rep["walls"] == WALLS
    benchmark.extra_info["deals_per_s"] = round(4 * WALLS / benchmark.stats.stats.min, 1)
