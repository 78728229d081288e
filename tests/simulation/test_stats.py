"""The one interval method of the arena and the simulation (``mahjong_fast.stats``): a
percentile bootstrap of a ratio mean over clusters, checked against a plain loop over the same
draws, against the normal interval where both apply, and for its errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import mahjong_fast as mf
from mahjong_fast.stats import CLUSTERS, mean_interval


def _plain(sums: list[int], counts: list[int], seed: int, resamples: int) -> tuple[float, float]:
    """The method as its docstring says it, one resample at a time."""
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    means = []
    for _ in range(resamples):
        idx = rng.integers(0, len(sums), size=(1, len(sums)))[0]
        tot = sum(sums[i] for i in idx)
        cnt = sum(counts[i] for i in idx)
        means.append(tot / cnt if cnt else 0.0)
    means.sort()
    at = lambda q: means[min(round(q * (resamples - 1)), resamples - 1)]  # noqa: E731
    return (at(0.025), at(0.975))


def test_equals_the_plain_loop_over_the_same_draws() -> None:
    rng = np.random.default_rng(5)
    sums = [int(x) for x in rng.integers(-50, 80, 37)]
    counts = [int(x) for x in rng.integers(0, 5, 37)]
    # one resample per chunk in the loop; the vectorised form draws rows of the same stream
    for resamples in (1, 7, 200):
        assert mean_interval(sums, counts, seed=3, resamples=resamples) == pytest.approx(
            _plain(sums, counts, 3, resamples)
        )


def test_deterministic_by_seed_and_bracketing_the_mean() -> None:
    rng = np.random.default_rng(1)
    sums, counts = rng.normal(2.0, 10.0, 400), np.full(400, 4)
    a = mean_interval(sums, counts, seed=(7, 0))
    assert a == mean_interval(sums, counts, seed=(7, 0))
    assert a != mean_interval(sums, counts, seed=(7, 1))
    mean = sums.sum() / counts.sum()
    assert a[0] < mean < a[1]


def test_close_to_the_normal_interval_for_independent_deals() -> None:
    # 6,400 independent deals in 256 clusters: the bootstrap over them and mean ± 1.96·sd/√n
    # estimate the same spread; their widths agree within 15%
    rng = np.random.default_rng(11)
    x = rng.normal(0.0, 30.0, 6400)
    clusters = x.reshape(-1, CLUSTERS).sum(axis=0)  # deal i in cluster i % CLUSTERS
    lo, hi = mean_interval(clusters, np.full(CLUSTERS, len(x) // CLUSTERS), seed=0)
    normal = 2 * 1.959963984540054 * x.std(ddof=1) / math.sqrt(len(x))
    assert abs((hi - lo) / normal - 1) < 0.15


def test_degenerate_and_bad_inputs() -> None:
    assert mean_interval([], []) == (0.0, 0.0)
    assert mean_interval([6, 9], [2, 3]) == (3.0, 3.0)  # every cluster has mean 3
    assert mean_interval([0, 0], [0, 0]) == (0.0, 0.0)
    with pytest.raises(ValueError, match="shape"):
        mean_interval([1, 2], [1])
    with pytest.raises(ValueError, match="negative"):
        mean_interval([1, 2], [1, -1])
    with pytest.raises(ValueError, match="resamples"):
        mean_interval([1], [1], resamples=0)


def test_arena_and_simulation_use_it() -> None:
    rep = mf.arena(["value", "greedy", "greedy", "greedy"], walls=30, seed=4, workers=1)
    for s in rep.seats:
        assert s.ci95[0] <= s.mean_points <= s.ci95[1]
    res = mf.simulate(deals=200, seed=4, workers=1)
    s = res.summary
    table = np.array([s.blocks[k] for k in sorted(s.blocks)])
    assert sorted(s.blocks) == list(range(200))  # under 256 deals: one cluster per deal
    assert s.points_ci95[1] == mean_interval(table[:, 2], table[:, 0], seed=(1,))
    # the same records summed by two workers give the same intervals
    assert mf.simulate(deals=200, seed=4, workers=2).summary.points_ci95 == s.points_ci95
