"""The RL faces: PettingZoo api_test, Gymnasium check_env, the vector env against single envs,
and the mask against ``Deal.legal`` at every step of seeded deals with the rewards against the
deal's payments (docs/rl.md)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, RuleConfigError
from mahjong_fast.rl import N_ACTIONS, TableBatch
from mahjong_fast.rl._buffers import Buffers

RULESETS = ["hk", "taiwanese-high"]

# action types of Deal.decode: discard 0, self-drawn win 1, concealed kong 2, added kong 3,
# pass 4, win 5, pung 6, kong 7, chow 8


def index_of(code: int, discard_kind: int | None) -> int:
    """The action index of an engine action (written here from docs/rl.md, not from the core)."""
    kind, _player, tiles = _core.Deal.decode(code)
    if kind == 0:
        return tiles[0] // 4
    if kind in (2, 3):
        return 34 + tiles[0] // 4
    if kind in (1, 5):
        return 73
    if kind == 4:
        return 74
    if kind == 6:
        return 71
    if kind == 7:
        return 72
    assert kind == 8 and discard_kind is not None
    low = min([discard_kind] + [t // 4 for t in tiles])
    return 68 + (discard_kind - low)


@pytest.mark.parametrize("rules", RULESETS)
def test_mask_is_legal_actions_and_rewards_are_payments(rules: str) -> None:
    """A mirror Deal built from each table's wall plays the same actions: at every step the
    mask is exactly the image of its legal list, and the rewards are its payments."""
    n = 8
    batch = TableBatch(n, ["learner"] * 4, rules, seed=123, value_features=False)
    buf = Buffers(batch, with_obs=False)
    buf.reset()
    rng = np.random.default_rng(7)
    mirrors: list[_core.Deal | None] = [None] * n

    def mirror(i: int) -> _core.Deal:
        info = batch.table_info(i)
        return _core.Deal(
            info["wall"],
            info["dealer"],
            deal_index=info["deal_index"],
            record=False,
            rules=_core.Ruleset.from_name(rules),
            prevailing_wind=info["prevailing_wind"],
            dealer_streak=info["dealer_streak"],
        )

    for i in range(n):
        mirrors[i] = mirror(i)
    deals = steps = 0
    while deals < 600:
        actions = np.zeros(n, np.int64)
        for i in range(n):
            d = mirrors[i]
            if buf.done[i]:
                assert not buf.mask[i].any()
                continue
            assert d is not None
            p = int(buf.seat[i])
            assert d.to_act[0] == p
            legal = d.legal(p)
            disc = d.window_tile // 4 if d.phase == 2 and d.window_tile is not None else None
            want = np.zeros(N_ACTIONS, np.uint8)
            first: dict[int, int] = {}
            for c in legal:
                j = index_of(c, disc)
                want[j] = 1
                first.setdefault(j, c)
            np.testing.assert_array_equal(buf.mask[i], want)
            assert len(legal) > 1 or _core.Deal.decode(legal[0])[0] != 4  # no pass-only ask
            a = int(rng.choice(np.flatnonzero(want)))
            actions[i] = a
            d.apply_code(first[a])
        was_done = buf.done.copy()
        buf.step(actions)
        steps += 1
        for i in range(n):
            if was_done[i]:
                mirrors[i] = mirror(i)
                continue
            d = mirrors[i]
            assert d is not None
            if buf.done[i]:
                deals += 1
                r = d.result()
                assert r is not None and d.ended
                pay = [int(x) for x in r["payments"]]
                assert sum(pay) == 0
                np.testing.assert_array_equal(buf.reward[i], np.array(pay, np.float32))
                assert batch.result(i)["points"] == pay
            else:
                assert not buf.reward[i].any()
    assert steps > 0


def test_illegal_action_raises_and_changes_nothing() -> None:
    batch = TableBatch(2, ["learner"] * 4, "hk", seed=1)
    buf = Buffers(batch)
    buf.reset()
    assert buf.obs is not None
    before = buf.obs.copy(), buf.mask.copy()
    bad = int(np.flatnonzero(buf.mask[1] == 0)[0])
    good = int(np.flatnonzero(buf.mask[0])[0])
    with pytest.raises(IllegalActionError, match="table 1"):
        buf.step(np.array([good, bad], np.int64))
    buf2 = Buffers(batch)
    batch.step(np.array([good, int(np.flatnonzero(buf.mask[1])[0])], np.int64), buf2.obs,
               buf2.mask, buf2.reward, buf2.seat, buf2.done)
    np.testing.assert_array_equal(before[1], buf.mask)
    with pytest.raises(TypeError, match="actions"):
        batch.step(np.zeros(2, np.int32), buf.obs, buf.mask, buf.reward, buf.seat, buf.done)
    with pytest.raises(TypeError, match="mask"):
        batch.step(np.zeros(2, np.int64), buf.obs, np.zeros((2, 74), np.uint8), buf.reward,
                   buf.seat, buf.done)
    with pytest.raises(RuleConfigError):
        TableBatch(1, ["greedy"] * 4)
    with pytest.raises(RuleConfigError):
        TableBatch(1, ["learner", "nobody", "greedy", "greedy"])


def test_bad_buffers_are_refused_and_change_nothing() -> None:
    """Read-only, non-contiguous or overlapping buffers are a TypeError naming the buffer, and
    neither the table nor the other buffers change."""
    batch = TableBatch(2, ["learner"] * 4, "hk", seed=3)
    buf = Buffers(batch)
    buf.reset()
    assert buf.obs is not None
    a = np.array([int(np.flatnonzero(buf.mask[i])[0]) for i in range(2)], np.int64)
    snapshot = [x.copy() for x in (buf.obs, buf.mask, buf.reward, buf.seat, buf.done)]
    frozen = buf.mask.copy()
    frozen.flags.writeable = False
    with pytest.raises(TypeError, match="mask must be writeable"):
        batch.step(a, buf.obs, frozen, buf.reward, buf.seat, buf.done)
    strided = np.zeros((2, 8), np.float32)[:, ::2]
    with pytest.raises(TypeError, match="reward must be C-contiguous"):
        batch.step(a, buf.obs, buf.mask, strided, buf.seat, buf.done)
    # a reward buffer that is a view into the observation buffer
    flat = buf.obs.reshape(-1)
    with pytest.raises(TypeError, match="share memory"):
        batch.step(a, buf.obs, buf.mask, flat[:8].reshape(2, 4), buf.seat, buf.done)
    for x, y in zip((buf.obs, buf.mask, buf.reward, buf.seat, buf.done), snapshot):
        np.testing.assert_array_equal(x, y)
    # the table did not move: the same action now steps it as it would have
    fresh = Buffers(TableBatch(2, ["learner"] * 4, "hk", seed=3))
    fresh.reset()
    buf.step(a)
    fresh.step(a)
    np.testing.assert_array_equal(buf.obs, fresh.obs)
    np.testing.assert_array_equal(buf.mask, fresh.mask)


def run_batch(n: int, threads: int, seed: int, steps: int, order: list[int] | None = None) -> list[np.ndarray]:
    seats = ["learner", "greedy", "random", "value"]
    batch = TableBatch(n, seats, "hk", seed=seed, threads=threads, duplicate=True)
    buf = Buffers(batch)
    seeds = [seed + i for i in (order or range(n))]
    buf.reset(seeds)
    rngs = [np.random.default_rng(s) for s in seeds]
    trace = []
    for _ in range(steps):
        acts = np.array(
            [int(r.choice(np.flatnonzero(m))) if m.any() else 0 for r, m in zip(rngs, buf.mask)],
            np.int64,
        )
        buf.step(acts)
        assert buf.obs is not None
        trace.append(np.concatenate([buf.obs.reshape(n, -1), buf.mask, buf.reward,
                                     buf.seat[:, None], buf.done[:, None]], axis=1))
    return trace


def test_outputs_do_not_depend_on_batch_size_threads_or_order() -> None:
    one = run_batch(1, 1, 50, 200)
    many = run_batch(5, 2, 50, 200)
    shuffled = run_batch(5, 2, 50, 200, order=[3, 0, 4, 1, 2])
    assert any(t[0, -1] for t in one), "a deal ended"
    for a, b, c in zip(one, many, shuffled):
        assert a[0].tobytes() == b[0].tobytes()
        assert b[1].tobytes() == c[3].tobytes()


@pytest.mark.parametrize("rules", RULESETS)
def test_pettingzoo_api(rules: str) -> None:
    pytest.importorskip("pettingzoo")
    from mahjong_fast.rl import env
    from pettingzoo.test import api_test

    api_test(env(rules=rules), num_cycles=300)
    api_test(env(rules=rules, seats=["learner", "greedy", "learner", "strong"]), num_cycles=100)


@pytest.mark.parametrize("rules", RULESETS)
def test_gymnasium_check_env(rules: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from mahjong_fast.rl import MahjongEnv

    # check_env steps with action_space.sample(), which ignores the mask: the opt-in
    # penalty turns such an action into the end of the deal instead of an error
    check_env(MahjongEnv(rules=rules, illegal_penalty=100.0), skip_render_check=True)


def test_vector_env_equals_single_envs() -> None:
    pytest.importorskip("gymnasium")
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv

    n = 3
    venv = MahjongVectorEnv(n, rules="hk", seed=0, threads=2)
    envs = [MahjongEnv(rules="hk") for _ in range(n)]
    vobs, vinfo = venv.reset(seed=40)
    singles = [e.reset(seed=40 + i) for i, e in enumerate(envs)]
    pending = [False] * n
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        for i, (o, info) in enumerate(singles):
            assert vobs[i].tobytes() == o.tobytes()
            np.testing.assert_array_equal(vinfo["action_mask"][i], info["action_mask"])
        acts = np.array(
            [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in vinfo["action_mask"]],
            np.int64,
        )
        vobs, vrew, vterm, _, vinfo = venv.step(acts)
        for i, e in enumerate(envs):
            if pending[i]:
                singles[i] = e.reset()
                assert vrew[i] == 0 and not vterm[i]
                pending[i] = False
                continue
            o, r, term, _, info = e.step(acts[i])
            singles[i] = (o, info)
            assert vrew[i] == r and vterm[i] == term
            if term:
                pending[i] = True
                ended += 1
    assert ended > 0


def _match_of(
    rules: str, seats: list[str], seed: int
) -> tuple[npt.NDArray[np.float64], dict[str, Any]]:
    """Play one whole match on a one-table batch with random legal actions: the rewards by
    player summed over the episode, and the table's info when it ended."""
    batch = TableBatch(1, seats, rules, seed=seed, episode="match")
    buf = Buffers(batch)
    buf.reset()
    rng = np.random.default_rng(seed)
    total = np.zeros(4, np.float64)
    for _ in range(20_000):
        buf.step_one(int(rng.choice(np.flatnonzero(buf.mask[0]))))
        total += buf.reward[0]
        if buf.done[0]:
            return total, batch.table_info(0)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("rules", ["taiwanese-high", "taiwanese-low", "hk"])
def test_match_mode_rewards_add_up_to_the_match_scores(rules: str) -> None:
    seats = ["learner", "greedy", "random", "greedy"]
    paid = False
    for seed in (3, 4, 5):
        total, info = _match_of(rules, seats, seed)
        paid |= bool(np.any(total != 0))
        scores = np.array(info["match_scores"], np.float64)
        start = scores.sum() / 4  # every player starts from the same score; payments are zero-sum
        np.testing.assert_array_equal(total, scores - start)
        # a Taiwanese match is at least the East round (TW §16); a Hong Kong one, its default
        # length (HK §12: deals are independent)
        assert info["deal_in_match"] >= (1 if rules == "hk" else 4)
    assert paid, "no match paid anything: the sums prove nothing"
    assert TableBatch(1, seats, "taiwanese-high", episode="match").episode == "match"


def test_match_mode_bad_episode_is_refused() -> None:
    with pytest.raises(RuleConfigError, match="episode"):
        TableBatch(1, ["learner", "greedy", "greedy", "greedy"], "hk", episode="round")


@pytest.mark.parametrize("rules", ["taiwanese-high", "taiwanese-low"])
def test_match_mode_faces(rules: str) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from mahjong_fast.rl import MahjongEnv, env
    from pettingzoo.test import api_test

    api_test(env(rules=rules, episode="match"), num_cycles=300)
    check_env(MahjongEnv(rules=rules, episode="match", illegal_penalty=100.0), skip_render_check=True)
    # the AEC env's cumulative rewards over one match are the match's scores
    e = env(rules=rules, episode="match", seats=["learner", "greedy", "learner", "greedy"], seed=5)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    got = {a: 0.0 for a in e.agents}
    for agent in e.agent_iter(max_iter=50_000):
        _obs, r, term, trunc, _info = e.last()
        got[agent] += float(r)  # what the agent earned since it last acted
        if term or trunc:
            e.step(None)
            continue
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    info = e._batch.table_info(0)
    scores = np.array(info["match_scores"], np.float64)
    start = scores.sum() / 4
    assert got == {"player_0": scores[0] - start, "player_2": scores[2] - start}
