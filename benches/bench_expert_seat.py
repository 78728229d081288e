"""pytest-benchmark: whole deals in the core on one thread (deals/s per core) with four
``expert`` seats under each ruleset and each preset (``mahjong_fast.presets()``: the house
rules of HK §19 and TW §20), against four ``strong`` seats in the same run.

Run: ``pytest benches/bench_expert_seat.py --benchmark-only`` (needs a release build). Each
round plays the same deals (seed 1, deals 0..N-1); compare the rates within one run (the
machine is shared: absolute figures move with its load). The bars: four expert seats at 1,500
deals/s or more on one core in every ruleset, 1,200 under every preset.
"""

from __future__ import annotations

import mahjong_fast
import pytest
from mahjong_fast import _core
from mahjong_fast.rules import Ruleset
from short import size

SEED = 1
DEALS = size(400, 4)


@pytest.mark.parametrize("rules", mahjong_fast.presets())
@pytest.mark.parametrize("seat", ["strong", "expert"])
def test_core_deals(benchmark, seat: str, rules: str) -> None:  # type: ignore[no-untyped-def]
    sim = _core.Simulator(SEED, [seat] * 4, Ruleset.from_name(rules), 1)
    sim.run(0, 8)  # warm-up outside the timing (lookup tables)
    recs = benchmark.pedantic(sim.run, args=(0, DEALS), rounds=3, iterations=1)
    assert len(recs) == DEALS
    benchmark.extra_info["deals_per_s"] = round(DEALS / benchmark.stats.stats.min, 1)
