"""The numpy buffers a :class:`TableBatch` writes into."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mahjong_fast._core import TableBatch


class Buffers:
    """``obs (N, C, 42) float32``, ``mask (N, 75) uint8``, ``reward (N, 4) float32``,
    ``seat (N,) int8``, ``done (N,) bool`` for ``batch``."""

    def __init__(self, batch: TableBatch, with_obs: bool = True) -> None:
        n = batch.n_tables
        c, w = batch.obs_shape
        self.batch = batch
        self.obs: npt.NDArray[np.float32] | None = (
            np.zeros((n, c, w), np.float32) if with_obs else None
        )
        self.mask = np.zeros((n, batch.n_actions), np.uint8)
        self.reward = np.zeros((n, 4), np.float32)
        self.seat = np.zeros(n, np.int8)
        self.done = np.zeros(n, np.bool_)

    def reset(self, seeds: list[int] | None = None) -> None:
        self.batch.reset(self.obs, self.mask, self.reward, self.seat, self.done, seeds)

    def step(self, actions: npt.NDArray[np.int64]) -> None:
        self.batch.step(actions, self.obs, self.mask, self.reward, self.seat, self.done)
