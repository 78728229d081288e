"""Throughput of :func:`mahjong_fast.simulate` (deals/s), random and greedy seats, one and two
workers, on the core backend (whole deals in Rust, threads) and the process backend (the
Python game loop). Run: ``pytest benches/bench_simulate.py --benchmark-only`` (release build).

Each case plays a fixed number of deals once (pedantic mode, one round). ``extra_info`` holds
deals/s. Records are kept (returned as dicts), as a user gets them. The process rows with two
workers include starting two spawned interpreters (about a second of CPU).
"""

from __future__ import annotations

import pytest
from mahjong_fast import simulate
from short import size

#: deals per case: a few seconds each with one worker
DEALS = {
    ("random", "core"): size(40000, 40),
    ("greedy", "core"): size(2000, 4),
    ("random", "process"): size(2000, 4),
    ("greedy", "process"): size(300, 2),
}


@pytest.mark.parametrize("backend", ["core", "process"])
@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("seat", ["random", "greedy"])
def test_simulate_throughput(benchmark, seat: str, workers: int, backend: str) -> None:  # type: ignore[no-untyped-def]
    n = DEALS[seat, backend]
    result = benchmark.pedantic(
        simulate,
        args=(n, (seat,) * 4),
        kwargs={"seed": 1, "workers": workers, "backend": backend},
        rounds=1,
        iterations=1,
        warmup_rounds=0,
    )
    assert result.summary.deals == n
    benchmark.extra_info["deals"] = n
    benchmark.extra_info["deals_per_second"] = n / benchmark.stats.stats.mean


#: Taiwanese matches per case, and the Hong Kong deals of the comparison in the same run
TW_MATCHES = size(300, 2)
HK_DEALS = size(2000, 4)


@pytest.mark.parametrize("rules", ["hong-kong", "taiwanese-high", "taiwanese-low"])
def test_greedy_deals_per_second_by_ruleset(benchmark, rules: str) -> None:  # type: ignore[no-untyped-def]
    """Greedy seats, core backend, two workers: Hong Kong by deals, Taiwanese by matches (TW
    §16). ``extra_info["deals_per_second"]`` compares the rulesets within one run (the issue's
    goal: Taiwanese at least two thirds of the Hong Kong figure)."""
    kwargs = {"seed": 1, "workers": 2, "rules": rules}
    if rules.startswith("taiwanese"):
        kwargs["matches"] = TW_MATCHES
        args: tuple[object, ...] = (None, ("greedy",) * 4)
    else:
        args = (HK_DEALS, ("greedy",) * 4)
    result = benchmark.pedantic(
        simulate, args=args, kwargs=kwargs, rounds=1, iterations=1, warmup_rounds=0
    )
    deals = result.summary.deals
    benchmark.extra_info["deals"] = deals
    benchmark.extra_info["deals_per_second"] = deals / benchmark.stats.stats.mean
    if rules.startswith("taiwanese"):
        assert result.summary.matches == TW_MATCHES
        benchmark.extra_info["matches_per_second"] = TW_MATCHES / benchmark.stats.stats.mean
