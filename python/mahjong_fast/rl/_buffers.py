"""The numpy buffers a :class:`TableBatch` writes into, and the batch set-up the Python faces
(PettingZoo and Gymnasium) share."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mahjong_fast import _core
from mahjong_fast._core import Ruleset, TableBatch

N_ACTIONS = 75


class Buffers:
    """``obs (N, C, 42) float32``, ``mask (N, A) uint8`` (``A`` = ``batch.n_actions``), ``reward (N, 4) float32``,
    ``seat (N,) int8``, ``done (N,) bool`` for ``batch``; ``mask_i8`` is ``mask`` seen as int8
    (the dtype ``Discrete.sample(mask=...)`` takes; same memory, no copy)."""

    def __init__(self, batch: TableBatch, with_obs: bool = True) -> None:
        n = batch.n_tables
        c, w = batch.obs_shape
        self.batch = batch
        self.n_actions = batch.n_actions
        self.obs: npt.NDArray[np.float32] | None = (
            np.zeros((n, c, w), np.float32) if with_obs else None
        )
        self.mask = np.zeros((n, batch.n_actions), np.uint8)
        self.mask_i8: npt.NDArray[np.int8] = self.mask.view(np.int8)
        self.reward = np.zeros((n, 4), np.float32)
        self.seat = np.zeros(n, np.int8)
        self.done = np.zeros(n, np.bool_)
        self._one = np.zeros(1, np.int64)

    def reset(self, seeds: list[int] | None = None) -> None:
        self.batch.reset(self.obs, self.mask, self.reward, self.seat, self.done, seeds)

    def next_episode(self) -> None:
        """Every table abandons its episode and starts the next (an unseeded reset)."""
        self.batch.next_episode(self.obs, self.mask, self.reward, self.seat, self.done)

    def step(self, actions: npt.NDArray[np.int64]) -> None:
        self.batch.step(actions, self.obs, self.mask, self.reward, self.seat, self.done)

    def step_one(self, action: int) -> None:
        """Step a batch of one table with ``action`` (no array made per step)."""
        self._one[0] = action
        self.batch.step(self._one, self.obs, self.mask, self.reward, self.seat, self.done)


def checked_action(action: object, name: str = "action", n_actions: int = N_ACTIONS) -> int:
    """``action`` as an index of an action space of ``n_actions``: an int (Python's or numpy's,
    never a bool) in 0..n_actions-1 (0..74 under observation/action version 1). Errors:
    ``TypeError`` naming it (``name``) for another type (a float, a str, a sequence... is not
    converted), ``MahjongError`` out of range; nothing changes."""
    if type(action) is int and 0 <= action < n_actions:  # the common case, without a call
        return action
    return int(_core.checked_int(action, name, 0, n_actions - 1))


def checked_seed(seed: object, name: str = "seed") -> int:
    """``seed`` as a table seed, an int in 0..2**64-1. Errors: ``TypeError`` naming ``name``
    (bool and float included), ``MahjongError`` out of range."""
    return int(_core.checked_int(seed, name, 0, 2**64 - 1))


def table_buffers(
    n: int,
    rules: Ruleset | str | None,
    seats: tuple[str, ...] | list[str],
    seed: int,
    *,
    threads: int = 1,
    duplicate: bool = False,
    value_features: bool = True,
    privileged: bool = False,
    reward: str = "points",
    illegal_penalty: float | None = None,
    episode: str = "deal",
    obs_version: int = 1,
) -> Buffers:
    """The core batch of ``n`` tables behind a Python face, with its buffers (observation
    included). Errors: those of :class:`TableBatch`."""
    batch = TableBatch(
        n,
        list(seats),
        rules,
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
    return Buffers(batch)
