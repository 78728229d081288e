"""The one interval method of the arena and the simulation: a percentile bootstrap of a mean
over independent clusters.

A mean of points per deal is a ratio ``Σ points / Σ deals``. The deals are not independent
draws (the arena plays each wall four times; a match's deals share a dealer and scores), so
the interval resamples **clusters**, each given as its sum of points and its number of deals:
the arena's walls, and the simulation's :data:`CLUSTERS` classes of deals by deal index modulo
:data:`CLUSTERS` (of whole matches by match index, a match's deals not being independent):
memory stays flat, and a run of fewer deals has one cluster per deal. Clusters are
drawn with replacement ``resamples`` times; each sample's mean is the total of its sums over
the total of its counts; the interval is the 2.5% and 97.5% points of those means (the
``round(q·(resamples − 1))``-th smallest). The draws come from numpy's PCG64 keyed by
``seed``, so the interval is the same on every platform and for every number of workers.

    >>> import numpy as np
    >>> lo, hi = mean_interval(np.array([3, -1, 4, 0, 2]), np.array([1, 1, 1, 1, 1]), seed=0)
    >>> lo <= 1.6 <= hi
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["CLUSTERS", "RESAMPLES", "cluster_of", "mean_interval"]

#: Resamples of the clusters per interval.
RESAMPLES = 1000
#: A simulation's deals (or matches) fall in this many clusters, by index modulo it.
CLUSTERS = 256


def cluster_of(index: int) -> int:
    """The cluster of a deal (by its deal index) or of a match's deals (by the match index):
    ``index % CLUSTERS``, whatever the number of workers or the order records arrive in."""
    return index % CLUSTERS

#: Index draws held at once (resamples × clusters), to bound memory on large runs.
_CHUNK = 1 << 22


def mean_interval(
    sums: npt.ArrayLike,
    counts: npt.ArrayLike,
    *,
    seed: int | tuple[int, ...] = 0,
    resamples: int = RESAMPLES,
) -> tuple[float, float]:
    """The bootstrap 95% interval of the mean ``Σ sums / Σ counts`` over clusters.

    Args:
        sums: per cluster, the sum of the values (points), shape ``(n,)``, integers or floats.
        counts: per cluster, how many values (deals) it holds, shape ``(n,)``, integers >= 0.
        seed: the key of the resampling stream (an int >= 0, or a tuple of them to key several
            intervals of one run apart).
        resamples: how many resamples, >= 1.

    Returns:
        ``(low, high)``; ``(0.0, 0.0)`` without any cluster. A resample whose clusters hold no
        value counts as a mean of 0.

    Raises:
        ValueError: ``sums`` and ``counts`` of different shapes or not one-dimensional, a
            negative count, or ``resamples < 1``.
    """
    s = np.asarray(sums, dtype=np.float64)
    c = np.asarray(counts, dtype=np.float64)
    if s.ndim != 1 or s.shape != c.shape:
        raise ValueError(f"sums and counts: two arrays of shape (n,) expected, got {s.shape} and {c.shape}")
    if (c < 0).any():
        raise ValueError("counts: a cluster holds a negative number of values")
    if resamples < 1:
        raise ValueError(f"resamples: at least 1, got {resamples}")
    n = s.shape[0]
    if n == 0:
        return (0.0, 0.0)
    key: Any = list(seed) if isinstance(seed, tuple) else seed
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(key)))
    means = np.empty(resamples, dtype=np.float64)
    step = max(1, _CHUNK // n)
    for first in range(0, resamples, step):
        k = min(step, resamples - first)
        idx = rng.integers(0, n, size=(k, n))
        tot = s[idx].sum(axis=1)
        cnt = c[idx].sum(axis=1)
        means[first : first + k] = np.divide(tot, cnt, out=np.zeros(k), where=cnt > 0)
    means.sort()

    def at(q: float) -> float:
        return float(means[min(round(q * (resamples - 1)), resamples - 1)])

    return (at(0.025), at(0.975))
