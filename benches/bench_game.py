"""pytest-benchmark suite of whole AI-vs-AI deals in one process (design §5: deals/s per core).

Run: ``pytest benches/bench_game.py --benchmark-only`` (needs a release build). Each round plays
the same fixed deals (seed 1, deals 0..N-1, no event recording, like a simulation), so rounds
and runs are comparable; ``extra_info["deals_per_s"]`` is the per-core rate of the best round.
Issue targets (per core): >= 2,000 deals/s with random seats, >= 1,000 with greedy seats.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.seats import make_seat
from short import size

SEED = 1
RANDOM_DEALS = size(300, 3)
GREEDY_DEALS = size(30, 2)
RECORDED_DEALS = size(100, 2)


def _play(kinds: Sequence[str], n: int) -> int:
    seats = [make_seat(k, SEED) for k in kinds]
    turns = 0
    for i in range(n):
        deal = new_deal(seats, seed=SEED, deal_index=i, record=False)
        turns += run_deal(deal, seats).turns
    return turns


@pytest.mark.parametrize(
    ("kinds", "n"),
    [(("random",) * 4, RANDOM_DEALS), (("greedy",) * 4, GREEDY_DEALS)],
    ids=["random", "greedy"],
)
def test_deals(benchmark, kinds: Sequence[str], n: int) -> None:  # type: ignore[no-untyped-def]
    _play(kinds, 2)  # warm-up outside the timing (imports, lookup tables)
    turns = benchmark.pedantic(_play, args=(kinds, n), rounds=3, iterations=1)
    assert turns > 0
    benchmark.extra_info["deals"] = n
    benchmark.extra_info["deals_per_s"] = round(n / benchmark.stats.stats.min, 1)


def test_deals_recorded(benchmark) -> None:  # type: ignore[no-untyped-def]
    """Random seats with the event log kept (what play_match(log=...) and replays pay)."""
    seats = [make_seat("random", SEED) for _ in range(4)]

    def play() -> int:
        n = 0
        for i in range(RECORDED_DEALS):
            deal = new_deal(seats, seed=SEED, deal_index=i, record=True)
            run_deal(deal, seats)
            n += len(deal.events)
        return n

    assert benchmark.pedantic(play, rounds=3, iterations=1) > 0
    benchmark.extra_info["deals_per_s"] = round(RECORDED_DEALS / benchmark.stats.stats.min, 1)
