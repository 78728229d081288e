"""The PettingZoo ``AECEnv`` over one table (``mahjong_fast.rl.env``)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from mahjong_fast._core import Ruleset
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.rl._buffers import checked_action, checked_seed, table_buffers

LEARNERS = ("learner", "learner", "learner", "learner")


class MahjongAECEnv(AECEnv):  # type: ignore[misc]
    """One table; the agents are the learning seats ``player_p``; a deal is an episode (a whole
    match with ``episode="match"``, TW §16: rewards then come as each deal of it ends).

    Observations are dicts ``{"observation": float32 (C, 42), "action_mask": int8 (A,)}``
    (int8, the dtype ``Discrete.sample(mask=...)`` takes; all zero for an agent not to act);
    actions ``Discrete(A)`` (``A`` = 75 under ``obs_version=1``; version 2 adds the ruleset's
    extra actions, docs/rl.md). Rewards come in the step that ends the deal (docs/rl.md). An
    action its mask forbids raises ``IllegalActionError`` and changes nothing (the default;
    with ``illegal_penalty=x`` it ends the deal with reward ``-x`` for that agent); an action
    that is not an int 0..A-1 is refused with ``TypeError``/``MahjongError`` naming it, and
    changes nothing. Seeds: see :meth:`reset`.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "mahjong_fast_v1", "render_modes": [], "is_parallelizable": False}

    def __init__(
        self,
        rules: Ruleset | str | None = None,
        seats: tuple[str, ...] | list[str] = LEARNERS,
        seed: int = 0,
        duplicate: bool = False,
        value_features: bool = True,
        privileged: bool = False,
        reward: str = "points",
        illegal_penalty: float | None = None,
        episode: str = "deal",
        obs_version: int = 1,
    ) -> None:
        super().__init__()
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
        self._players = [p for p, s in enumerate(seats) if s == "learner"]
        self.possible_agents = [f"player_{p}" for p in self._players]
        # agent name <-> player number, looked up rather than parsed at every step
        self._player_of = {f"player_{p}": p for p in range(4)}
        self._agent_names = [f"player_{p}" for p in range(4)]
        self._no_mask = np.zeros(self._batch.n_actions, np.int8)
        c, w = self._batch.obs_shape
        space = spaces.Dict(
            {
                "observation": spaces.Box(-1e6, 1e6, (c, w), np.float32),
                "action_mask": spaces.Box(0, 1, (self._batch.n_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._batch.n_actions) for a in self.possible_agents}
        self.agents: list[str] = []
        self._started = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _player(self, agent: str) -> int:
        return self._player_of[agent]

    def _agent_of(self, player: int) -> str:
        """The agent of ``player`` in this deal (duplicate mode rotates the line-up)."""
        return self._agent_names[player]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode. ``reset(seed=s)`` starts the table's stream at its episode 0 with
        seed ``s`` (an int 0..2**64-1); ``reset()`` deals the stream's next episode (the first
        one: episode 0 of the constructor's seed), abandoning any episode in play: Gymnasium's
        seeding convention. Errors: ``TypeError`` naming ``seed`` (bool and float included),
        ``MahjongError`` out of range; nothing changes then."""
        if seed is not None:
            self._buf.reset([checked_seed(seed)])
        elif not self._started:
            self._buf.reset()
        else:
            self._buf.next_episode()
        self._started = True
        seats = self._batch.table_info(0)["seats"]
        self.agents = [f"player_{p}" for p, s in enumerate(seats) if s == "learner"]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of(int(self._buf.seat[0]))

    def observe(self, agent: str) -> dict[str, Any]:
        p = self._player_of[agent]
        buf = self._buf
        acting = not buf.done[0] and buf.seat[0] == p
        # the acting seat's observation is in the buffer already; another seat's is encoded
        if acting and buf.obs is not None:
            obs = buf.obs[0].copy()
        else:
            obs = self._batch.observe(0, p)
        mask = buf.mask_i8[0].copy() if acting else self._no_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (an int 0..74, Python's or numpy's) for the agent to act; ``None`` for
        an agent whose episode has ended, as PettingZoo has it. Errors, with nothing changed:
        ``TypeError`` naming the action for another type (no float, str, bool or sequence is
        converted), ``MahjongError`` outside 0..74, ``IllegalActionError`` for an index its
        mask forbids (unless ``illegal_penalty``), ``WRONG_PHASE`` before the first
        ``reset()`` and ``DEAL_OVER`` once every agent has left the ended episode."""
        if not self._started:
            raise IllegalActionError("WRONG_PHASE", "no episode yet: call reset() before step()")
        if not self.agents:
            raise IllegalActionError("DEAL_OVER", "the episode has ended: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        buf = self._buf
        buf.step_one(checked_action(action, "action", self._buf.n_actions))
        # only once the core has taken the action: a refused one changes nothing
        self._cumulative_rewards[agent] = 0.0
        r = buf.reward[0].tolist()  # four floats (cheaper to test than the array's any())
        if r[0] or r[1] or r[2] or r[3]:  # a deal ended (in match mode, also within the match)
            self.rewards = {a: r[self._player_of[a]] for a in self.agents}
            self._accumulate_rewards()
        else:  # adding zeros to the cumulative rewards is skipped
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if buf.done[0]:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self._agent_names[buf.seat[0]]

    def result(self) -> dict[str, Any] | None:
        """The finished deal's result (points, winners, values...), else None."""
        result: dict[str, Any] | None = self._batch.result(0)
        return result

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None
