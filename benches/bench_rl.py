"""pytest-benchmark: the RL environment (the rows of docs/rl.md's speed table, which records a run).

A step is one decision of a learning seat (seats whose only option is a pass are skipped by
the core). Four learning seats choose uniformly among the legal actions: in the AEC and
one-table rows with one numpy ``Generator`` in a plain Python loop (``legal = mask.nonzero()[0]``
then ``legal[int(rng.random() * len(legal))]``; ``Generator.choice`` alone costs 17 us, more
than a step); in the batch rows by one vectorised draw over the whole batch per call
(``_draw``: the ``r``-th legal action of each row, ``r`` uniform below the row's count, from
one cumulative sum; 0.19 us a table against 0.29 us for ``argmax(random * mask)``). The core
alone (no Python) is timed in ``core.rs`` (``rl/``). One thread unless the row says two.
riichienv (optional: ``pip install riichienv``) is stepped in the same run with random legal
actions, as ``bench_deal_loop.py`` does.

Run: ``pytest benches/bench_rl.py --benchmark-only`` (release build). ``extra_info
["steps_per_s"]`` is the rate of the best round.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from mahjong_fast.rl import TableBatch
from mahjong_fast.rl._buffers import Buffers
from short import size

LEARNERS = ["learner"] * 4
CALLS = size(400, 3)  # batch calls per round
SINGLE_STEPS = size(100_000, 50)
AEC_STEPS = size(20_000, 50)
RIICHI_STEPS = size(20_000, 50)


def _draw(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One uniform legal action per row of ``mask`` (``uint8 (N, 75)``), vectorised: row ``i``
    takes its ``r_i``-th legal index, ``r_i = floor(u_i * count_i)``; a row with no legal
    action (a deal that just ended) gets 0."""
    k = mask.sum(1, dtype=np.int32)
    r = (rng.random(len(mask)) * k).astype(np.int32)
    return (mask.cumsum(1, dtype=np.int32) > r[:, None]).argmax(1)


def _drive(batch: TableBatch, calls: int, with_obs: bool) -> int:
    buf = Buffers(batch, with_obs=with_obs)
    buf.reset()
    rng = np.random.default_rng(0)
    steps = 0
    for _ in range(calls):
        a = _draw(rng, buf.mask)
        steps += int((~buf.done).sum())
        buf.step(a)
    return steps


def _rate(benchmark, fn, *args) -> None:  # type: ignore[no-untyped-def]
    fn(*args)  # warm-up (thread-local caches)
    steps = benchmark.pedantic(fn, args=args, rounds=3, iterations=1)
    assert steps > 0
    benchmark.extra_info["steps_per_s"] = round(steps / benchmark.stats.stats.min)


def _drive_one(batch: TableBatch, calls: int, with_obs: bool) -> int:
    """One table: a scalar draw among the mask's set entries (one numpy ``Generator``), as in
    the AEC row; a vectorised draw over a single row costs more than the core's step."""
    buf = Buffers(batch, with_obs=with_obs)
    buf.reset()
    rng = np.random.default_rng(0)
    mask, done = buf.mask[0], buf.done
    steps = 0
    for _ in range(calls):
        if done[0]:
            buf.step_one(0)  # the deal ended: this step starts the next (its action is ignored)
            continue
        legal = mask.nonzero()[0]
        buf.step_one(int(legal[int(rng.random() * len(legal))]))
        steps += 1
    return steps


def test_one_table_obs_and_mask(benchmark) -> None:  # type: ignore[no-untyped-def]
    _rate(benchmark, _drive_one, TableBatch(1, LEARNERS, "hk"), SINGLE_STEPS, True)


def test_one_table_mask_only(benchmark) -> None:  # type: ignore[no-untyped-def]
    _rate(benchmark, _drive_one, TableBatch(1, LEARNERS, "hk"), SINGLE_STEPS, False)


@pytest.mark.parametrize("rules", ["hk", "taiwanese-high"])
def test_batch_256_default_obs(benchmark, rules: str) -> None:  # type: ignore[no-untyped-def]
    _rate(benchmark, _drive, TableBatch(256, LEARNERS, rules), CALLS, True)


def test_batch_256_obs_without_value_features(benchmark) -> None:  # type: ignore[no-untyped-def]
    _rate(benchmark, _drive, TableBatch(256, LEARNERS, "hk", value_features=False), CALLS, True)


@pytest.mark.parametrize("rules", ["hk", "taiwanese-high"])
def test_batch_256_mask_only(benchmark, rules: str) -> None:  # type: ignore[no-untyped-def]
    _rate(benchmark, _drive, TableBatch(256, LEARNERS, rules), CALLS, False)


@pytest.mark.parametrize("with_obs", [True, False], ids=["obs", "mask"])
def test_batch_256_two_threads(benchmark, with_obs: bool) -> None:  # type: ignore[no-untyped-def]
    _rate(benchmark, _drive, TableBatch(256, LEARNERS, "hk", threads=2), CALLS, with_obs)


def _aec(steps: int) -> int:
    from mahjong_fast.rl import env

    e = env(rules="hk")
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    done = 0
    while done < steps:
        _obs, _r, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            if not e.agents:
                e.reset()
            continue
        legal = _obs["action_mask"].nonzero()[0]
        e.step(int(legal[int(rng.random() * len(legal))]))
        done += 1
    return done


def test_pettingzoo_aec(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pettingzoo")
    _rate(benchmark, _aec, AEC_STEPS)


def _riichienv(steps: int) -> int:
    import riichienv

    rng = random.Random(1)
    env = riichienv.RiichiEnv(game_mode="4p-red-single")
    done = 0
    i = 0
    while done < steps:
        obs = env.reset(seed=i)
        i += 1
        while not env.done() and done < steps:
            actions = {}
            for pid, o in obs.items():
                legal = o.legal_actions()
                actions[pid] = legal[rng.randrange(len(legal))]
            obs = env.step(actions)
            done += 1
    return done


def test_riichienv_random_legal(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("riichienv")
    _rate(benchmark, _riichienv, RIICHI_STEPS)
