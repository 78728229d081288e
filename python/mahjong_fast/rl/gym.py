"""Gymnasium faces: one table (:class:`MahjongEnv`) and a batch (:class:`MahjongVectorEnv`)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from mahjong_fast._core import Ruleset, TableBatch
from mahjong_fast.rl._buffers import table_buffers

GREEDY_OPPONENTS = ("learner", "greedy", "greedy", "greedy")


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

    ``info["action_mask"]`` (int8 (75,), as ``Discrete.sample(mask=...)`` takes it) gives the legal actions, ``info["seat"]`` the
    learner's player number (rotating in duplicate mode). The reward is the learner's (points
    by default) in the step that ends the deal. ``reset(seed=s)`` restarts from deal 0 of seed
    ``s``; ``reset()`` after an ended deal plays the table's next deal (what a vector env's
    autoreset asks). A non-legal action raises ``IllegalActionError`` unless ``illegal_penalty``.
    """

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it per instance)

    def __init__(
        self,
        rules: Ruleset | str = "hk",
        seats: tuple[str, ...] | list[str] = GREEDY_OPPONENTS,
        seed: int = 0,
        duplicate: bool = False,
        value_features: bool = True,
        privileged: bool = False,
        reward: str = "points",
        illegal_penalty: float | None = None,
        episode: str = "deal",
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
        )
        self._batch = self._buf.batch
        self._seed = seed
        self._started = False
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
        super().reset(seed=seed)
        if seed is not None or not self._started or not self._buf.done[0]:
            if seed is not None:
                self._seed = seed
            self._buf.reset([self._seed])
            self._started = True
        else:
            self._buf.step_one(0)  # the table's next deal
        self._learner = int(self._buf.seat[0])
        return self._obs(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        self._buf.step_one(int(action))
        reward = float(self._buf.reward[0, self._learner])
        done = bool(self._buf.done[0])
        if not done:
            self._learner = int(self._buf.seat[0])
        info = self._info()
        if done:
            info["result"] = self._batch.result(0)
        return self._obs(), reward, done, False, info


class MahjongVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], Any]):
    """``num_envs`` tables in one core batch (autoreset ``NEXT_STEP``); table ``i`` plays what a
    :class:`MahjongEnv` reset with the seed ``seed + i`` plays. ``infos["action_mask"]`` is
    int8 ``(N, 75)``, ``infos["seat"]`` the learners' player numbers. ``threads`` rayon threads
    step the tables (the outputs do not depend on it)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (as Env.metadata)

    def __init__(
        self,
        num_envs: int,
        rules: Ruleset | str = "hk",
        seats: tuple[str, ...] | list[str] = GREEDY_OPPONENTS,
        seed: int = 0,
        threads: int = 1,
        duplicate: bool = False,
        value_features: bool = True,
        privileged: bool = False,
        reward: str = "points",
        illegal_penalty: float | None = None,
        episode: str = "deal",
    ) -> None:
        _check_one_learner(seats)
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
        )
        self._batch = self._buf.batch
        self._seed = seed
        self.num_envs = num_envs
        self.single_observation_space = _obs_space(self._batch)
        self.single_action_space = spaces.Discrete(self._batch.n_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._learner = np.zeros(num_envs, np.int64)

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._buf.mask_i8.copy(), "seat": self._learner.copy()}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        if isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        elif seed is None:
            seeds = [self._seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        self._buf.reset(seeds)
        self._learner = self._buf.seat.astype(np.int64)
        assert self._buf.obs is not None
        return self._buf.obs.copy(), self._infos()

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        self._buf.step(np.asarray(actions, np.int64))
        rows = np.arange(self.num_envs)
        reward = self._buf.reward[rows, self._learner].astype(np.float32)
        done = self._buf.done.copy()
        live = ~done
        self._learner[live] = self._buf.seat[live]
        assert self._buf.obs is not None
        return self._buf.obs.copy(), reward, done, np.zeros_like(done), self._infos()
