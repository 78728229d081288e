"""Observation/action version 2 (docs/rl.md, issue 33 item 6): the ruleset's extra actions after
the 75 engine indices, the rule-state planes, on every face; version 1 unchanged and still the
default, refusing a ruleset that adds an action. The test ruleset ``test-house-hooks`` adds
``declare_ready`` (a declaration window after the deal), a public ``ready`` flag, a private
``pass_over`` flag and liability records; the Rust tests (``rl::tests``) compare the planes with
the deal's rule state at every decision."""

from __future__ import annotations

import numpy as np
import pytest
from mahjong_fast.errors import IllegalActionError, MahjongError, RuleConfigError
from mahjong_fast.rl import LATEST_OBS_VERSION, OBS_VERSION, TableBatch
from mahjong_fast.rl._buffers import Buffers

HOOKS = "test-house-hooks"
LINE_UP = ["learner", "random", "greedy", "random"]
DECLARE = 75  # the first extra action, naming no tile
# planes: 25 base + 4 value features, then version 2's 7 rule-state planes, then privileged
RULE0 = 29


def test_versions() -> None:
    assert (OBS_VERSION, LATEST_OBS_VERSION) == (1, 2)
    b = TableBatch(1, LINE_UP, "hk")
    assert (b.obs_version, b.n_actions, b.obs_shape, b.extra_actions) == (1, 75, (29, 42), [])
    b = TableBatch(1, LINE_UP, HOOKS, obs_version=2)
    assert (b.obs_version, b.n_actions, b.obs_shape) == (2, 110, (36, 42))
    assert b.extra_actions == ["declare_ready"]
    assert b.rule_flags == (["ready"], ["pass_over"])
    b = TableBatch(1, LINE_UP, HOOKS, obs_version=2, value_features=False, privileged=True)
    assert b.obs_shape == (25 + 7 + 4, 42)
    # version 2 of a ruleset without house rules: the 75 actions, six more planes
    b = TableBatch(1, LINE_UP, "taiwanese-high", obs_version=2)
    assert (b.n_actions, b.obs_shape, b.extra_actions, b.rule_flags) == (75, (36, 42), [], ([], []))


def test_version_1_refuses_an_added_action_naming_it() -> None:
    with pytest.raises(RuleConfigError) as e:
        TableBatch(1, LINE_UP, HOOKS)
    assert e.value.switch == HOOKS  # type: ignore[attr-defined]
    assert "declare_ready" in str(e.value) and "obs_version=2" in str(e.value)


@pytest.mark.parametrize("bad", [0, 3, -1, 2**40])
def test_an_unknown_version_is_refused(bad: int) -> None:
    with pytest.raises((RuleConfigError, MahjongError)) as e:
        TableBatch(1, LINE_UP, "hk", obs_version=bad)
    assert "obs_version" in str(e.value)
    if isinstance(e.value, RuleConfigError):
        assert e.value.switch == "obs_version"  # type: ignore[attr-defined]


@pytest.mark.parametrize("bad", [True, 2.0, "2"])
def test_a_version_of_the_wrong_type_is_refused(bad: object) -> None:
    with pytest.raises(TypeError, match="obs_version"):
        TableBatch(1, LINE_UP, "hk", obs_version=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["hk", "taiwanese-low"])
@pytest.mark.parametrize("privileged", [False, True])
def test_version_2_of_a_plain_ruleset_is_version_1_with_empty_rule_planes(rules: str, privileged: bool) -> None:
    """Same seeds, same actions: version 2's observation is version 1's with six zero planes
    inserted after the value planes (the privileged ones, if any, after them), and the same
    masks, rewards and seats."""
    n = 3
    one = Buffers(TableBatch(n, ["learner"] * 4, rules, 9, privileged=privileged))
    two = Buffers(TableBatch(n, ["learner"] * 4, rules, 9, privileged=privileged, obs_version=2))
    one.reset()
    two.reset()
    rng = np.random.default_rng(3)
    for _ in range(400):
        assert one.obs is not None and two.obs is not None
        np.testing.assert_array_equal(two.obs[:, :RULE0], one.obs[:, :RULE0])
        assert not two.obs[:, RULE0 : RULE0 + 7].any()
        np.testing.assert_array_equal(two.obs[:, RULE0 + 7 :], one.obs[:, RULE0:])
        for a, b in [(one.mask, two.mask), (one.reward, two.reward), (one.seat, two.seat), (one.done, two.done)]:
            np.testing.assert_array_equal(a, b)
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in one.mask], np.int64)
        one.step(acts)
        two.step(acts)


def _play(buf: Buffers, steps: int, seed: int = 0) -> tuple[int, int]:
    """Random legal play that declares whenever it may; (declarations made, deals ended)."""
    rng = np.random.default_rng(seed)
    declared = ended = 0
    for _ in range(steps):
        acts = []
        for m in buf.mask:
            legal = np.flatnonzero(m)
            if m[DECLARE]:
                declared += 1
                acts.append(DECLARE)
            else:
                acts.append(int(rng.choice(legal)) if len(legal) else 0)
        buf.step(np.array(acts, np.int64))
        ended += int(buf.done.sum())
    return declared, ended


def test_a_learner_declares_and_sees_its_flag() -> None:
    """The declaration window opens each deal: the learner's mask is pass or declare there (the
    phase column set); once it declared, its own public flag is set in every later observation
    of the deal, and chow and pung are never offered to it."""
    buf = Buffers(TableBatch(4, LINE_UP, HOOKS, 11, obs_version=2))
    buf.reset()
    assert buf.obs is not None
    for i in range(4):
        assert list(np.flatnonzero(buf.mask[i])) == [74, DECLARE]
        assert buf.obs[i, RULE0 + 5, 16] == 1.0  # a declaration window
        assert not buf.obs[i, RULE0 : RULE0 + 5].any()
    buf.step(np.full(4, DECLARE, np.int64))
    for _ in range(200):
        for i in range(4):
            if buf.done[i]:
                continue
            assert buf.obs[i, RULE0, 0] == 1.0  # own ready flag (relative seat 0)
            assert buf.obs[i, RULE0 + 5, 16] == 0.0
            assert not buf.mask[i, 68:72].any()
        if buf.done.any():
            break
        acts = [int(np.random.default_rng(1).choice(np.flatnonzero(m))) for m in buf.mask]
        buf.step(np.array(acts, np.int64))
    declared, ended = _play(buf, 500)
    assert declared > 0 and ended > 0


def test_an_extra_action_outside_the_mask_and_out_of_range() -> None:
    buf = Buffers(TableBatch(1, LINE_UP, HOOKS, 2, obs_version=2))
    buf.reset()
    buf.step(np.array([74], np.int64))  # pass in the window
    assert not buf.mask[0, DECLARE]
    before = (buf.mask.copy(), buf.seat.copy())
    with pytest.raises(IllegalActionError):
        buf.step(np.array([DECLARE], np.int64))
    with pytest.raises(IllegalActionError):
        buf.step(np.array([DECLARE + 5], np.int64))  # declare naming a tile: never legal here
    with pytest.raises(MahjongError, match="0..109"):
        buf.step(np.array([110], np.int64))
    np.testing.assert_array_equal(buf.mask, before[0])
    np.testing.assert_array_equal(buf.seat, before[1])


def test_pettingzoo_and_gymnasium_faces_under_version_2() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from mahjong_fast.rl import MahjongEnv, MahjongVectorEnv, env
    from pettingzoo.test import api_test

    api_test(env(rules=HOOKS, obs_version=2), num_cycles=200)
    e = MahjongEnv(rules=HOOKS, seats=LINE_UP, obs_version=2)
    assert e.action_space.n == 110 and e.observation_space.shape == (36, 42)  # type: ignore[attr-defined]
    check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=4)
    assert info["action_mask"][DECLARE] == 1
    obs, reward, term, trunc, info = e.step(DECLARE)
    assert not info["illegal_action"] and obs[RULE0, 0] == 1.0
    with pytest.raises(MahjongError):
        e.step(110)
    with pytest.raises(RuleConfigError):
        MahjongEnv(rules=HOOKS, seats=LINE_UP)
    v = MahjongVectorEnv(3, rules=HOOKS, seats=LINE_UP, obs_version=2, seed=8)
    obs3, infos = v.reset()
    assert obs3.shape == (3, 36, 42) and infos["action_mask"].shape == (3, 110)
    obs3, rewards, terms, truncs, infos = v.step(np.full(3, DECLARE, np.int64))
    assert not infos["illegal_action"].any()
    assert (obs3[:, RULE0, 0] == 1.0).all()
    v.close()


def test_hong_kong_house_rules_reach_the_rule_planes() -> None:
    """Under HK §19 pass-over and liability (issue 40) version 2 shows a seat's own pass-over
    lock (its flag and, under ``same_kind``, the locked kinds) and the liability records as the
    deals make them; Hong Kong adds no action, so the
    space stays 75."""
    import mahjong_fast as mf

    rules = mf.Ruleset.hong_kong(pass_over="same_kind", liability="all", min_faan=0)
    buf = Buffers(TableBatch(8, ["learner"] * 4, rules, 3, obs_version=2))
    assert buf.batch.n_actions == 75 and buf.batch.rule_flags == ([], ["pass_over"])
    buf.reset()
    rng = np.random.default_rng(0)
    locks = records = kinds = 0
    for _ in range(3000):
        acts = []
        for row in buf.mask:
            legal = np.flatnonzero(row)
            if not len(legal):
                acts.append(0)
            elif row[73] and row[74]:
                acts.append(74)  # let a win pass: the lock
            else:
                claims = [a for a in (68, 69, 70, 71, 72) if row[a]]
                acts.append(claims[0] if claims else int(rng.choice(legal)))
        buf.step(np.array(acts, np.int64))
        assert buf.obs is not None
        locks += int(buf.obs[:, RULE0 + 4, :16].sum())
        records += int(buf.obs[:, RULE0 + 5, :16].sum())
        kinds += int(buf.obs[:, RULE0 + 6, :34].sum())
        assert not buf.obs[:, RULE0 : RULE0 + 4].any()  # no public flags in Hong Kong
    assert locks > 0 and records > 0 and kinds > 0
