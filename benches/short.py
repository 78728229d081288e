"""The short mode of the benchmarks: ``MAHJONG_FAST_BENCH_SHORT=1``.

CI runs every benchmark so (tests/packaging/test_benches_run.py: ``pytest benches`` with the
shortest timing options, each case a round or a few over a few hands or deals), so that none can
rot: it checks that each one still runs, never how fast. Timings mean nothing in this mode.
"""

from __future__ import annotations

import os

SHORT = os.environ.get("MAHJONG_FAST_BENCH_SHORT", "") not in ("", "0")


def size(full: int, short: int) -> int:
    """``full`` normally, ``short`` in the short mode."""
    return short if SHORT else full
