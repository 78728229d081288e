"""Gymnasium faces: one table (:class:`MahjongEnv`) and a batch (:class:`MahjongVectorEnv`)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from mahjong_fast._core import Ruleset, TableBatch
from mahjong_fast.errors import IllegalActionError, MahjongError
from mahjong_fast.rl._buffers import checked_action, checked_seed, table_buffers

GREEDY_OPPONENTS = ("learner", "greedy", "greedy", "greedy")

#: The Gymnasium faces' default ``illegal_penalty``, in the reward's unit: an action the mask
#: forbids ends the deal for the learner with reward ``-100.0`` (docs/rl.md).
DEFAULT_ILLEGAL_PENALTY = 100.0


def _check_one_learner(seats: tuple[str, ...] | list[str]) -> None:
    if list(seats).count("learner") != 1:
        from mahjong_fast.errors import RuleConfigError

        raise RuleConfigError(f"exactly one seat must be 'learner', got {list(seats)}")


def _obs_space(batch: TableBatch) -> spaces.Box:
    c, w = batch.obs_shape
    return spaces.Box(-1e6, 1e6, (c, w), np.float32)


class MahjongEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One learning seat against built-in seats on one table; an episode is a deal, or with
    ``episode="match"`` a whole match (TW §16; each step's reward then the payments of the
    deals that ended since the previous step, ``terminated`` at the match's end).

    ``info["action_mask"]`` (int8 ``(A,)``, ``A`` = ``action_space.n``: 75 under
    ``obs_version=1``, as ``Discrete.sample(mask=...)`` takes it) gives the
    legal actions, ``info["seat"]`` the learner's player number (rotating in duplicate mode),
    and a step's ``info["illegal_action"]`` whether its action was one the mask forbids. The
    reward is the learner's (points by default) in the step that ends the deal.

    Seeds (Gymnasium's convention): ``reset(seed=s)`` starts the table's stream at its deal 0
    with seed ``s`` (an int 0..2**64-1); ``reset()`` deals the stream's next deal (the first
    one: deal 0 of the constructor's seed), abandoning any deal in play.

    Illegal actions: an action the mask forbids ends the deal for the learner with reward
    ``-illegal_penalty`` (default :data:`DEFAULT_ILLEGAL_PENALTY`, 100.0),
    ``info["illegal_action"] = True`` and ``info["result"] = None``; with
    ``illegal_penalty=None`` it raises ``IllegalActionError`` and changes nothing. An action
    that is not an int 0..A-1 (Python's or numpy's; a bool, float, str or sequence is not
    converted) raises ``TypeError`` naming it, ``MahjongError`` out of range, and changes
    nothing; so does stepping before the first ``reset()`` (``IllegalActionError``
    ``WRONG_PHASE``) or after the episode ended (``DEAL_OVER``).
    """

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it per instance)

    def __init__(
        self,
        rules: Ruleset | str | None = None,
        seats: tuple[str, ...] | list[str] = GREEDY_OPPONENTS,
        seed: int = 0,
        duplicate: bool = False,
        value_features: bool = True,
        privileged: bool = False,
        reward: str = "points",
        illegal_penalty: float | None = DEFAULT_ILLEGAL_PENALTY,
        episode: str = "deal",
        obs_version: int = 1,
    ) -> None:
        _check_one_learner(seats)
        self._buf = table_buffers(
            1,
            rules,
            seats,
            seed,
            duplicate=duplicate,
            value_features=value_features,
            privileged=privileged,
            reward=reward,
            illegal_penalty=illegal_penalty,
            episode=episode,
            obs_version=obs_version,
        )
        self._batch = self._buf.batch
        self._started = False
        self._ended = False
        self._learner = 0
        self.observation_space = _obs_space(self._batch)  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self._batch.n_actions)

    def _obs(self) -> npt.NDArray[np.float32]:
        assert self._buf.obs is not None
        obs: npt.NDArray[np.float32] = self._buf.obs[0].copy()
        return obs

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._buf.mask_i8[0].copy(), "seat": self._learner}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The first observation and info of a deal (see the class for seeds). Errors:
        ``TypeError`` naming ``seed`` for a seed that is not an int (bool and float included),
        ``MahjongError`` outside 0..2**64-1; nothing changes then."""
        if seed is not None:
            seed = checked_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._buf.reset([seed])
        elif not self._started:
            self._buf.reset()
        else:
            self._buf.next_episode()
        self._started = True
        self._ended = False
        self._learner = int(self._buf.seat[0])
        return self._obs(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        a = checked_action(action, "action", self._buf.n_actions)
        if not self._started:
            raise IllegalActionError("WRONG_PHASE", "no deal yet: call reset() before step()")
        if self._ended:
            raise IllegalActionError("DEAL_OVER", "the episode has ended: call reset()")
        buf = self._buf
        illegal = not buf.mask[0, a]
        buf.step_one(a)
        reward = float(buf.reward[0, self._learner])
        done = bool(buf.done[0])
        if not done:
            self._learner = int(buf.seat[0])
        info = self._info()
        info["illegal_action"] = illegal
        if done:
            self._ended = True
            info["result"] = self._batch.result(0)
        return self._obs(), reward, done, False, info


class MahjongVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], Any]):
    """``num_envs`` tables in one core batch (autoreset ``NEXT_STEP``); table ``i`` reset with
    the seed ``s`` plays what a :class:`MahjongEnv` reset with the seed ``(s + i) mod 2**64``
    plays, row by row as :class:`MahjongEnv` (an action its mask forbids ends that row's deal
    with ``-illegal_penalty``, by default :data:`DEFAULT_ILLEGAL_PENALTY`;
    ``infos["illegal_action"]`` bool ``(N,)`` marks those rows). ``infos["action_mask"]`` is
    int8 ``(N, A)``: the row of a table whose deal just ended is all ones, the mask of its
    next step, which starts the next deal and ignores the action (so sampling from the masks
    never meets an empty row). ``infos["seat"]`` the learners' player numbers. ``threads``
    threads step the tables (the outputs do not depend on it; at most the cores this process
    may use, with a RuntimeWarning, as ``simulate`` caps its workers).

    Actions: int ``(N,)`` (a numpy integer array, or a sequence of Python or numpy ints), each
    0..A-1 (A = 75 under ``obs_version=1``); any other dtype or shape is a ``TypeError``
    naming ``actions``, an index out of range a ``MahjongError``, and nothing changes. Seeds as
    :class:`MahjongEnv` (``reset(seed=s)`` one int, or one per table; ``reset()`` continues
    every table's stream).

    ``copy=False`` is the fast path for learners (as Gymnasium's ``SyncVectorEnv(copy=False)``):
    the observations, rewards and ``infos["action_mask"]`` returned are buffers the env owns and
    overwrites at the next ``step``/``reset`` (copy what you keep); no array is allocated per
    step. The default, ``copy=True``, returns fresh arrays."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (as Env.metadata)

    def __init__(
        self,
        num_envs: int,
        rules: Ruleset | str | None = None,
        seats: tuple[str, ...] | list[str] = GREEDY_OPPONENTS,
        seed: int = 0,
        threads: int = 1,
        duplicate: bool = False,
        value_features: bool = True,
        privileged: bool = False,
        reward: str = "points",
        illegal_penalty: float | None = DEFAULT_ILLEGAL_PENALTY,
        episode: str = "deal",
        obs_version: int = 1,
        copy: bool = True,
    ) -> None:
        _check_one_learner(seats)
        if type(copy) is not bool:
            raise TypeError(f"copy must be a bool, not {type(copy).__name__}")
        self._copy = copy
        self._buf = table_buffers(
            num_envs,
            rules,
            seats,
            seed,
            threads=threads,
            duplicate=duplicate,
            value_features=value_features,
            privileged=privileged,
            reward=reward,
            illegal_penalty=illegal_penalty,
            episode=episode,
            obs_version=obs_version,
        )
        self._batch = self._buf.batch
        self.num_envs = num_envs
        self.single_observation_space = _obs_space(self._batch)
        self.single_action_space = spaces.Discrete(self._batch.n_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._learner = np.zeros(num_envs, np.int64)
        self._rows = np.arange(num_envs)
        self._row_base = self._rows * self._buf.n_actions
        self._started = False
        # the arrays copy=False hands out, overwritten in place each step
        self._mask_out = np.zeros_like(self._buf.mask_i8)
        self._reward_out = np.zeros(num_envs, np.float32)
        self._truncated = np.zeros(num_envs, np.bool_)

    def _infos(self, illegal: npt.NDArray[np.bool_] | None = None) -> dict[str, Any]:
        done = self._buf.done
        if self._copy:
            mask = self._buf.mask_i8.copy()
        else:
            mask = self._mask_out
            np.copyto(mask, self._buf.mask_i8)
        if done.any():
            mask[done] = 1  # the autoreset step takes any action (and ignores it)
        seat = self._learner.copy() if self._copy else self._learner
        infos: dict[str, Any] = {"action_mask": mask, "seat": seat}
        if illegal is not None:
            infos["illegal_action"] = illegal
        return infos

    def _seeds(self, seed: int | list[int] | tuple[int, ...]) -> list[int]:
        n = self.num_envs
        if isinstance(seed, (list, tuple)):
            seeds = [checked_seed(s, f"seed[{i}]") for i, s in enumerate(seed)]
            if len(seeds) != n:
                raise MahjongError(f"seed: {len(seeds)} seeds for {n} tables")
            return seeds
        s = checked_seed(seed)
        return [(s + i) % 2**64 for i in range(n)]

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Seeds: ``seed=s`` gives table ``i`` the seed ``(s + i) mod 2**64``, a list one seed
        per table, each starting its stream at deal 0; ``reset()`` deals every table's next
        deal (the first time: deal 0 of the constructor's seeds). Errors: ``TypeError`` naming
        the seed for one that is not an int (bool and float included), ``MahjongError`` out of
        range or for a wrong count; nothing changes then."""
        if seed is not None:
            self._buf.reset(self._seeds(seed))
        elif not self._started:
            self._buf.reset()
        else:
            self._buf.next_episode()
        self._started = True
        np.copyto(self._learner, self._buf.seat)
        assert self._buf.obs is not None
        return (self._buf.obs.copy() if self._copy else self._buf.obs), self._infos()

    def _actions(self, actions: Any) -> npt.NDArray[np.int64]:
        """``actions`` as int64 ``(N,)``, checked for their type (the core checks the range)."""
        n = self.num_envs
        if type(actions) is np.ndarray and actions.dtype == np.int64 and actions.shape == (n,):
            return actions  # the common case
        if not isinstance(actions, (list, tuple)) and hasattr(actions, "__array__"):
            actions = np.asarray(actions)  # an array of another kind (a tensor, a subclass)
        if isinstance(actions, np.ndarray):
            if actions.dtype.kind not in "iu" or actions.shape != (n,):
                raise TypeError(
                    f"actions must be an integer array of shape ({n},), "
                    f"got dtype {actions.dtype} and shape {actions.shape}"
                )
            if actions.dtype.kind == "u" and n and int(actions.max()) >= self._buf.n_actions:
                i = int(actions.argmax())
                last = self._buf.n_actions - 1
                raise MahjongError(f"actions[{i}] {int(actions[i])} is not an action 0..{last}")
            return actions.astype(np.int64)
        if not isinstance(actions, (list, tuple)):
            raise TypeError(
                f"actions must be an integer array of shape ({n},), not {type(actions).__name__}"
            )
        if len(actions) != n:
            raise TypeError(f"actions must hold {n} actions, got {len(actions)}")
        n_actions = self._buf.n_actions
        return np.array(
            [checked_action(a, f"actions[{i}]", n_actions) for i, a in enumerate(actions)], np.int64
        )

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        a = self._actions(actions)
        if not self._started:
            raise IllegalActionError("WRONG_PHASE", "no deal yet: call reset() before step()")
        buf = self._buf
        rows = self._rows
        # a row whose deal just ended takes any action: only a live row's can be illegal
        # (clipped: an index out of range is refused by the core below, nothing computed used)
        illegal = ~buf.done & (np.take(buf.mask.reshape(-1), self._row_base + a, mode="clip") == 0)
        buf.step(a)
        assert buf.obs is not None
        if self._copy:
            reward = buf.reward[rows, self._learner].astype(np.float32)
            done = buf.done.copy()
            truncated = np.zeros_like(done)
            obs = buf.obs.copy()
        else:
            reward = self._reward_out
            np.take(buf.reward.reshape(-1), rows * 4 + self._learner, out=reward)
            done = buf.done
            truncated = self._truncated
            obs = buf.obs
        np.copyto(self._learner, buf.seat, where=~buf.done)  # the seats of the live rows
        return obs, reward, done, truncated, self._infos(illegal)
