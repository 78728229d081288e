"""Throughput of :func:`mahjong_fast.simulate` (deals/s), random and greedy seats, one and two
workers. Run: ``pytest benches/bench_simulate.py --benchmark-only`` (release build).

Each case plays a fixed number of deals once (pedantic mode, one round: a run is seconds
long and the pool start-up is part of what a user pays). ``extra_info`` holds deals/s; the
two-worker rows include starting two spawned interpreters (about a second of CPU), so the
2/1 ratio approaches 2 only for long runs on idle cores.
"""

from __future__ import annotations

import pytest
from mahjong_fast import simulate

#: deals per case: several seconds each with one worker, so that starting the pool
#: (about a second) does not hide the parallel speed-up
DEALS = {"random": 4000, "greedy": 600}


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("seat", ["random", "greedy"])
def test_simulate_throughput(benchmark, seat: str, workers: int) -> None:  # type: ignore[no-untyped-def]
    n = DEALS[seat]
    result = benchmark.pedantic(
        simulate,
        args=(n, (seat,) * 4),
        kwargs={"seed": 1, "workers": workers},
        rounds=1,
        iterations=1,
        warmup_rounds=0,
    )
    assert result.summary.deals == n
    benchmark.extra_info["deals"] = n
    benchmark.extra_info["deals_per_second"] = n / benchmark.stats.stats.mean
