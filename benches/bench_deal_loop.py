"""pytest-benchmark: a deal driven from Python by a seat written in Python (a loop of
``legal_actions()`` and ``apply()`` choosing uniformly at random), against riichienv's
``RiichiEnv`` stepped the same way (one kyoku, random legal actions) in the same run.

Run: ``pytest benches/bench_deal_loop.py --benchmark-only`` (release build; riichienv
optional: ``pip install riichienv``). ``extra_info["deals_per_s"]`` is the rate of the best
round; compare the two rows of one run (the machine is shared). Goal (issue §4): ours
>= 1.5x riichienv.
"""

from __future__ import annotations

import random

import pytest
from mahjong_fast import _core
from mahjong_fast.game import Deal, Phase
from short import size

DEALS = size(200, 3)


def _play_ours(n: int) -> int:
    rng = random.Random(1)
    turns = 0
    for i in range(n):
        deal = Deal(_core.wall(1, i), i % 4, record=False)
        while deal.phase is not Phase.ENDED:
            p = deal.to_act[0]
            legal = deal.legal_actions(p)
            deal.apply(legal[rng.randrange(len(legal))])
        turns += deal.turn
    return turns


def _play_riichienv(n: int) -> int:
    import riichienv

    rng = random.Random(1)
    env = riichienv.RiichiEnv(game_mode="4p-red-single")
    steps = 0
    for i in range(n):
        obs = env.reset(seed=i)
        while not env.done():
            actions = {}
            for pid, o in obs.items():
                legal = o.legal_actions()
                actions[pid] = legal[rng.randrange(len(legal))]
            obs = env.step(actions)
            steps += 1
    return steps


def test_python_driven_deal_ours(benchmark) -> None:  # type: ignore[no-untyped-def]
    _play_ours(2)
    assert benchmark.pedantic(_play_ours, args=(DEALS,), rounds=3, iterations=1) > 0
    benchmark.extra_info["deals_per_s"] = round(DEALS / benchmark.stats.stats.min, 1)


def test_python_driven_deal_riichienv(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("riichienv")
    _play_riichienv(2)
    assert benchmark.pedantic(_play_riichienv, args=(DEALS,), rounds=3, iterations=1) > 0
    benchmark.extra_info["deals_per_s"] = round(DEALS / benchmark.stats.stats.min, 1)
