"""The RL faces: PettingZoo api_test, Gymnasium check_env, the vector env against single envs,
and the mask against ``Deal.legal`` at every step of seeded deals with the rewards against the
deal's payments (docs/rl.md)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, MahjongError, RuleConfigError
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


ALL_RULESETS = ["hk", "taiwanese-high", "taiwanese-low"]


@pytest.mark.parametrize("rules", ALL_RULESETS)
def test_pettingzoo_api_and_seed_test_with_the_defaults(rules: str) -> None:
    pytest.importorskip("pettingzoo")
    from mahjong_fast.rl import env
    from pettingzoo.test import api_test, seed_test

    api_test(env(rules=rules), num_cycles=300)
    api_test(env(rules=rules, seats=["learner", "greedy", "learner", "strong"]), num_cycles=100)
    seed_test(lambda: env(rules=rules), num_cycles=100)


@pytest.mark.parametrize("rules", ALL_RULESETS)
def test_gymnasium_check_env_with_the_defaults(rules: str) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from mahjong_fast.rl import MahjongEnv

    # check_env steps with action_space.sample(), which ignores the mask: the default
    # penalty ends the deal for such an action instead of raising
    check_env(MahjongEnv(rules=rules), skip_render_check=True)


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
            if pending[i]:  # the autoreset step's mask: any action (ignored)
                assert (vinfo["action_mask"][i] == 1).all() and not info["action_mask"].any()
            else:
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
    check_env(MahjongEnv(rules=rules, episode="match"), skip_render_check=True)
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


# ---------------------------------------------------------------------------------------------
# What a learner meets first (issue 35): illegal and wrong-typed actions, seeds, both ends of
# an episode, on every face. "Nothing changes" is checked by stepping the refused env on and
# comparing with a twin that was never refused.

GREEDY3 = ["learner", "greedy", "greedy", "greedy"]

#: values that are no action (nor seed): no conversion may turn them into one
ODD_VALUES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.booleans(),
    st.integers(min_value=75),
    st.integers(max_value=-1),
    st.lists(st.integers(0, 74), max_size=3),
    st.tuples(st.integers(0, 74)),
    st.sampled_from([np.float64(3.0), np.bool_(True), np.array([3]), np.array(3.0), b"3",
                     complex(3, 0), np.uint64(2**64 - 1), None]),
)


def _legal(mask: npt.NDArray[Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def _gym_trace(e: Any, first: tuple[Any, Any], steps: int, seed: int) -> list[bytes]:
    """``steps`` steps of a MahjongEnv with legal actions drawn from ``seed`` (resetting at the
    end of an episode): every observation, reward and mask as bytes."""
    rng = np.random.default_rng(seed)
    obs, info = first
    out = []
    for _ in range(steps):
        obs, r, term, _t, info = e.step(_legal(info["action_mask"], rng))
        out += [obs.tobytes(), np.float64(r).tobytes(), info["action_mask"].tobytes()]
        if term:
            obs, info = e.reset()
            out.append(obs.tobytes())
    return out


def _odd_is_refused(err: BaseException, name: str) -> None:
    assert isinstance(err, (TypeError, MahjongError)), repr(err)
    assert name in str(err), str(err)


@settings(max_examples=60, deadline=None)
@given(odd=ODD_VALUES)
def test_gym_odd_action_is_refused_and_changes_nothing(odd: Any) -> None:
    from mahjong_fast.rl import MahjongEnv

    e, twin = MahjongEnv(seed=3), MahjongEnv(seed=3)
    first = e.reset()
    twin_first = twin.reset()
    with pytest.raises((TypeError, MahjongError)) as err:
        e.step(odd)
    _odd_is_refused(err.value, "action")
    assert not isinstance(err.value, IllegalActionError)  # no penalty, no deal ended
    assert _gym_trace(e, first, 60, 1) == _gym_trace(twin, twin_first, 60, 1)


@settings(max_examples=40, deadline=None)
@given(odd=ODD_VALUES)
def test_aec_odd_action_is_refused_and_changes_nothing(odd: Any) -> None:
    from mahjong_fast.rl import env

    e = env(seed=4)
    e.reset()
    agent = e.agent_selection
    before = e.observe(agent)
    with pytest.raises((TypeError, MahjongError)) as err:
        e.step(odd)
    _odd_is_refused(err.value, "action")
    assert e.agent_selection == agent
    after = e.observe(agent)
    for k in before:
        np.testing.assert_array_equal(before[k], after[k])
    assert e._cumulative_rewards == dict.fromkeys(e.agents, 0.0)


@settings(max_examples=40, deadline=None)
@given(odd=ODD_VALUES, row=st.integers(0, 2))
def test_vector_odd_action_is_refused_and_changes_nothing(odd: Any, row: int) -> None:
    from mahjong_fast.rl import MahjongVectorEnv

    v, twin = MahjongVectorEnv(3, seed=5), MahjongVectorEnv(3, seed=5)
    _, info = v.reset()
    twin.reset()
    rng = np.random.default_rng(0)
    acts: list[Any] = [_legal(m, rng) for m in info["action_mask"]]
    bad = list(acts)
    bad[row] = odd
    with pytest.raises((TypeError, MahjongError)) as err:
        v.step(bad)
    _odd_is_refused(err.value, "actions")
    arr = np.array(acts, np.int64)
    a, b = v.step(arr), twin.step(arr)
    for x, y in zip(a[:4], b[:4]):
        np.testing.assert_array_equal(x, y)
    # arrays of another dtype or shape are refused too; integer dtypes in range are taken
    for wrong in (arr.astype(np.float64), arr.astype(np.bool_), arr[:2], arr.reshape(3, 1)):
        with pytest.raises(TypeError, match="actions"):
            v.step(wrong)
    with pytest.raises(MahjongError, match="actions"):
        v.step(np.array([0, 75, 0], np.uint8))


def test_illegal_action_on_each_face() -> None:
    """MahjongEnv and MahjongVectorEnv end the deal with the default penalty and say so; with
    ``illegal_penalty=None`` and on the AEC env the action is refused and nothing changes."""
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv, env
    from mahjong_fast.rl.gym import DEFAULT_ILLEGAL_PENALTY

    e = MahjongEnv(seed=8)
    _, info = e.reset()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, r, term, trunc, info = e.step(bad)
    assert (r, term, trunc) == (-DEFAULT_ILLEGAL_PENALTY, True, False)
    assert info["illegal_action"] is True and info["result"] is None
    with pytest.raises(IllegalActionError, match="DEAL_OVER"):
        e.step(0)
    _, info = e.reset()  # the next deal
    _, r, term, _, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert info["illegal_action"] is False

    strict, twin = MahjongEnv(seed=8, illegal_penalty=None), MahjongEnv(seed=8)
    first, twin_first = strict.reset(), twin.reset()
    with pytest.raises(IllegalActionError, match="not legal"):
        strict.step(bad)
    assert _gym_trace(strict, first, 40, 2) == _gym_trace(twin, twin_first, 40, 2)

    # per row in the vector env, the other rows stepped as usual
    v = MahjongVectorEnv(2, seed=8)
    singles = [MahjongEnv(seed=8 + i) for i in range(2)]
    _, vinfo = v.reset()
    firsts = [s.reset() for s in singles]
    good = int(np.flatnonzero(firsts[0][1]["action_mask"])[0])
    bad1 = int(np.flatnonzero(firsts[1][1]["action_mask"] == 0)[0])
    vobs, vr, vterm, _, vinfo = v.step(np.array([good, bad1], np.int64))
    for i, a in enumerate((good, bad1)):
        obs, r, term, _, info = singles[i].step(a)
        assert (vr[i], vterm[i], vinfo["illegal_action"][i]) == (r, term, info["illegal_action"])
        assert vobs[i].tobytes() == obs.tobytes()
    assert vinfo["illegal_action"].tolist() == [False, True]
    assert vr[1] == -DEFAULT_ILLEGAL_PENALTY

    a = env(seed=8)
    a.reset()
    agent = a.agent_selection
    bad = int(np.flatnonzero(a.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        a.step(bad)
    assert a.agent_selection == agent and not any(a.terminations.values())


def test_aec_refused_step_in_match_mode_keeps_the_cumulative_reward() -> None:
    """The acting agent's cumulative reward (paid by a deal that ended within the match) is
    still there after a refused action, and still reported by ``last()``."""
    from mahjong_fast.rl import env

    e = env(rules="taiwanese-high", episode="match", seed=6,
            seats=["learner", "greedy", "learner", "greedy"])
    e.reset()
    rng = np.random.default_rng(6)
    for _ in range(50_000):
        agent = e.agent_selection
        _obs, r, term, _t, _i = e.last()
        if term:  # the match ended without it: the next one
            e.step(None)
            if not e.agents:
                e.reset()
            continue
        if r != 0:
            mask = e.observe(agent)["action_mask"]
            with pytest.raises(IllegalActionError):
                e.step(int(np.flatnonzero(mask == 0)[0]))
            assert e.last()[1] == r and e._cumulative_rewards[agent] == r
            return
        e.step(_legal(e.observe(agent)["action_mask"], rng))
    raise AssertionError("no agent was paid within the match")


def test_match_penalty_keeps_the_payments_of_deals_before_the_learner_acted() -> None:
    """Seed 229444 (found by a search): under ``taiwanese-low`` with the learner in seat 3, the
    match's first deal ends before the learner has a decision; an illegal first action is
    penalised on top of that deal's payments, not instead of them."""
    from mahjong_fast.rl import MahjongEnv

    seats = ["greedy", "greedy", "greedy", "learner"]
    batch = TableBatch(1, seats, "taiwanese-low", seed=229444, episode="match",
                       illegal_penalty=10.0)
    buf = Buffers(batch)
    buf.reset()
    info = batch.table_info(0)
    assert info["deal_in_match"] == 1  # the first deal was played without the learner
    paid = np.array(info["match_scores"], np.float32) - np.float32(sum(info["match_scores"]) / 4)
    assert paid.any()
    actor = int(buf.seat[0])
    assert actor == 3
    buf.step_one(int(np.flatnonzero(buf.mask[0] == 0)[0]))
    want = paid.copy()
    want[actor] -= 10.0
    assert buf.done[0]
    np.testing.assert_array_equal(buf.reward[0], want)

    e = MahjongEnv("taiwanese-low", seats, seed=229444, episode="match", illegal_penalty=10.0)
    _, first = e.reset()
    _, r, term, _, _ = e.step(int(np.flatnonzero(first["action_mask"] == 0)[0]))
    assert term and r == float(paid[3]) - 10.0


def test_illegal_penalty_must_fit_the_reward_buffer() -> None:
    for x in (1e300, -1e39, float("inf"), float("nan")):
        with pytest.raises(RuleConfigError, match="illegal_penalty"):
            TableBatch(1, GREEDY3, "hk", illegal_penalty=x)


ODD_SEEDS = st.one_of(
    st.integers(max_value=-1),
    st.integers(min_value=2**64),
    st.booleans(),
    st.floats(),
    st.text(max_size=3),
    st.sampled_from([np.float64(1.0), np.bool_(False), [1], (2,)]),
)


@settings(max_examples=40, deadline=None)
@given(odd=ODD_SEEDS)
def test_refused_seed_changes_nothing(odd: Any) -> None:
    """A refused seed is a typed error naming it, stored nowhere: later resets play what a
    twin never refused plays, on every face."""
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv, env

    e, twin = MahjongEnv(seed=2), MahjongEnv(seed=2)
    with pytest.raises((TypeError, MahjongError)) as err:
        e.reset(seed=odd)
    _odd_is_refused(err.value, "seed")
    assert _gym_trace(e, e.reset(), 30, 3) == _gym_trace(twin, twin.reset(), 30, 3)

    a, a_twin = env(seed=2), env(seed=2)
    with pytest.raises((TypeError, MahjongError)) as err:
        a.reset(seed=odd)
    _odd_is_refused(err.value, "seed")
    a.reset()
    a_twin.reset()
    assert a._batch.table_info(0)["wall"] == a_twin._batch.table_info(0)["wall"]

    v = MahjongVectorEnv(2, seed=2)
    for bad in (odd, [0, odd]):
        if isinstance(odd, list) and bad is odd:
            continue  # a list of one int is the wrong count, refused below too
        with pytest.raises((TypeError, MahjongError)) as err:
            v.reset(seed=bad)
        _odd_is_refused(err.value, "seed")
    with pytest.raises(MahjongError, match="seed"):
        v.reset(seed=[1, 2, 3])
    vobs, _ = v.reset()
    np.testing.assert_array_equal(vobs[1], MahjongEnv(seed=3).reset()[0])


@settings(max_examples=25, deadline=None)
@given(s=st.integers(0, 2**64 - 1) | st.sampled_from([2**64 - 1, 2**64 - 2, 0]))
def test_vector_table_i_plays_seed_s_plus_i_mod_2_64(s: int) -> None:
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv

    n = 3
    v = MahjongVectorEnv(n, seed=s)
    singles = [MahjongEnv(seed=(s + i) % 2**64) for i in range(n)]
    for vout in (v.reset(), v.reset(seed=s)):
        vobs, vinfo = vout
        for i, e in enumerate(singles):
            obs, info = e.reset(seed=(s + i) % 2**64)
            assert vobs[i].tobytes() == obs.tobytes()
            np.testing.assert_array_equal(vinfo["action_mask"][i], info["action_mask"])
    rng = np.random.default_rng(0)
    acts = np.array([_legal(m, rng) for m in vinfo["action_mask"]], np.int64)
    vobs, vr, vterm, _, _ = v.step(acts)
    for i, e in enumerate(singles):
        obs, r, term, _, _ = e.step(acts[i])
        assert (vobs[i].tobytes(), vr[i], vterm[i]) == (obs.tobytes(), r, term)


def test_unseeded_resets_continue_the_stream() -> None:
    """Gymnasium's convention: a seeded reset starts a stream, later unseeded resets continue
    it (a new wall each time, the same walls for the same seed), on every face."""
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv, env

    def aec_walls(seed: int | None) -> list[list[int]]:
        e = env(seats=GREEDY3)
        e.reset(seed=seed)
        walls = [e._batch.table_info(0)["wall"]]
        for _ in range(9):
            e.step(_legal(e.observe(e.agent_selection)["action_mask"], np.random.default_rng(0)))
            e.reset()  # mid-deal or not: the next deal
            walls.append(e._batch.table_info(0)["wall"])
        return walls

    walls = aec_walls(11)
    assert len({tuple(w) for w in walls}) == 10
    assert walls == aec_walls(11)
    assert aec_walls(None) == aec_walls(0)  # the first unseeded reset: the constructor's seed

    g = MahjongEnv(seed=11)
    gw = []
    for _ in range(10):
        g.reset()
        gw.append(g._batch.table_info(0)["wall"])
    assert len({tuple(w) for w in gw}) == 10
    g.reset(seed=11)
    assert g._batch.table_info(0)["wall"] == gw[0]
    assert walls[0] == gw[0]  # the same seed deals the same first wall on both faces

    v = MahjongVectorEnv(2, seed=11)
    v.reset()
    first = [v._batch.table_info(i)["wall"] for i in range(2)]
    v.reset()
    second = [v._batch.table_info(i)["wall"] for i in range(2)]
    assert first[0] == gw[0] and first != second
    assert second[0] == gw[1]


def test_stepping_before_the_first_reset_and_after_the_end() -> None:
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv, env

    with pytest.raises(IllegalActionError, match="WRONG_PHASE"):
        MahjongEnv().step(0)
    with pytest.raises(IllegalActionError, match="WRONG_PHASE"):
        MahjongVectorEnv(2).step(np.zeros(2, np.int64))
    a = env(seats=GREEDY3)
    with pytest.raises(IllegalActionError, match="WRONG_PHASE"):
        a.step(0)
    a.reset(seed=1)
    rng = np.random.default_rng(1)
    for agent in a.agent_iter(max_iter=10_000):
        _o, _r, term, trunc, _i = a.last()
        a.step(None if term or trunc else _legal(a.observe(agent)["action_mask"], rng))
    assert not a.agents
    with pytest.raises(IllegalActionError, match="DEAL_OVER"):
        a.step(0)
    with pytest.raises(IllegalActionError, match="DEAL_OVER"):
        a.step(None)
    a.reset()
    assert a.agents == ["player_0"]


def test_result_is_plain_json() -> None:
    import json

    from mahjong_fast.rl import MahjongEnv

    e = MahjongEnv(seats=GREEDY3, seed=1, illegal_penalty=None)
    _, info = e.reset()
    rng = np.random.default_rng(1)
    wins = 0
    for _ in range(2000):
        _, _, term, _, info = e.step(_legal(info["action_mask"], rng))
        if term:
            res = info["result"]
            json.dumps(res)
            assert all(type(x) is int for x in res["winners"] + res["values"])
            assert len(res["winners"]) == len(res["values"]) == len(res["win_kinds"])
            wins += bool(res["winners"])
            _, info = e.reset()
    assert wins > 0, "no deal was won: the winners' types were not seen"


def test_vector_masks_are_never_empty() -> None:
    """The row of a table whose deal just ended carries the mask of its next step (all ones:
    that step starts the next deal and takes any action), so sampling from the masks never
    meets an empty row; its action is ignored."""
    from mahjong_fast.rl import MahjongVectorEnv

    v = MahjongVectorEnv(4, rules="taiwanese-high", seed=9)
    _, info = v.reset(seed=9)
    v.single_action_space.seed(0)
    ended = 0
    for _ in range(600):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        acts = np.array([v.single_action_space.sample(mask=m) for m in masks], np.int64)
        _, _r, term, _, info = v.step(acts)
        assert not info["illegal_action"].any()
        ended += int(term.sum())
        assert (info["action_mask"][term] == 1).all()
    assert ended > 0


def test_table_batch_threads_are_capped_as_simulate_caps_workers() -> None:
    from mahjong_fast.sim.backends import usable_cores

    cores = usable_cores()
    with pytest.warns(RuntimeWarning, match=f"threads=1024 is more than the {cores} cores"):
        b = TableBatch(4, GREEDY3, "hk", threads=1024)
    assert b.threads == cores


@settings(max_examples=30, deadline=None)
@given(odd=ODD_SEEDS, at=st.integers(0, 1))
def test_table_batch_refuses_odd_seeds_and_actions_by_name(odd: Any, at: int) -> None:
    """The core's own checks: a seed list holding something other than an int 0..2**64-1, or
    an action index outside 0..74 (even with a penalty), is refused by name, nothing changed."""
    batch = TableBatch(2, GREEDY3, "hk", seed=4, illegal_penalty=5.0)
    buf = Buffers(batch)
    buf.reset()
    before = [x.copy() for x in (buf.obs, buf.mask, buf.reward, buf.seat, buf.done)]
    seeds: list[Any] = [1, 2]
    seeds[at] = odd
    with pytest.raises((TypeError, MahjongError)) as err:
        buf.reset(seeds)
    _odd_is_refused(err.value, "seed")
    for out_of_range in (-1, N_ACTIONS, 2**40):
        acts = np.zeros(2, np.int64)
        acts[at] = out_of_range
        with pytest.raises(MahjongError, match=rf"actions\[{at}\]"):
            buf.step(acts)
    for x, y in zip((buf.obs, buf.mask, buf.reward, buf.seat, buf.done), before):
        np.testing.assert_array_equal(x, y)
    assert batch.table_info(0)["seed"] == 4 and batch.table_info(1)["seed"] == 5


def test_vector_env_without_copies_gives_the_same_steps() -> None:
    """``copy=False`` (the fast path) returns the env's own buffers, overwritten each step, with
    exactly the values the copying default returns."""
    pytest.importorskip("gymnasium")
    from mahjong_fast.rl import MahjongVectorEnv

    seats = ("learner", "random", "greedy", "random")
    a = MahjongVectorEnv(6, seats=seats, seed=5)
    b = MahjongVectorEnv(6, seats=seats, seed=5, copy=False)
    oa, ia = a.reset()
    ob, ib = b.reset()
    rng = np.random.default_rng(2)
    first = None
    for t in range(300):
        np.testing.assert_array_equal(oa, ob)
        for k in ("action_mask", "seat"):
            np.testing.assert_array_equal(ia[k], ib[k])
        act = np.argmax(rng.random(ia["action_mask"].shape) * ia["action_mask"], axis=1)
        if t % 50 == 7:
            act[0] = int(np.flatnonzero(ia["action_mask"][0] == 0)[0])  # an illegal one: penalty
        oa, ra, ta, ua, ia = a.step(act)
        ob, rb, tb, ub, ib = b.step(act)
        for x, y in ((ra, rb), (ta, tb), (ua, ub), (ia["illegal_action"], ib["illegal_action"])):
            np.testing.assert_array_equal(x, y)
        if first is None:
            first = ob
        assert ob is first  # the same buffer every step
    with pytest.raises(TypeError, match="copy"):
        MahjongVectorEnv(2, seats=seats, copy=1)  # type: ignore[arg-type]
