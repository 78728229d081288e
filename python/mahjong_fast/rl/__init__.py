"""Reinforcement-learning environments over the core's batched tables (docs/rl.md).

- :class:`TableBatch` (the core's): N tables stepped by one call into numpy buffers; needs
  only numpy.
- :func:`env`: a PettingZoo ``AECEnv`` over one table (``pip install mahjong_fast[rl]``).
- :class:`MahjongEnv`: a ``gymnasium.Env``, one learning seat against built-in seats, the mask
  in ``info["action_mask"]``.
- :class:`MahjongVectorEnv`: a ``gymnasium.vector.VectorEnv`` over one :class:`TableBatch`,
  equal to N :class:`MahjongEnv` with the seeds ``(seed + i) mod 2**64``.

An action the mask forbids ends the deal with ``-illegal_penalty`` on the Gymnasium faces
(default 100.0) and raises ``IllegalActionError`` on the AEC env; an action that is not an int
0..74 is refused on every face; ``reset(seed=s)`` starts a stream that ``reset()`` continues
(docs/rl.md, "Illegal actions, odd actions and seeds").

Actions are the 75 indices of docs/rl.md (discard 0..33, kong 34..67, chow 68..70, pung 71,
exposed kong 72, win 73, pass 74); observations are ``float32 (C, 42)`` planes of version
:data:`OBS_VERSION`. Every face takes ``obs_version=2`` (:data:`LATEST_OBS_VERSION`): the
ruleset's extra actions (a ready declaration...) after the 75, 35 indices each, and the
rule-state planes (per-seat flags, liability records); a ruleset whose switches add an action
needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_fast._core import Ruleset, TableBatch

N_ACTIONS = 75
OBS_VERSION = 1
LATEST_OBS_VERSION = 2

if TYPE_CHECKING:
    from mahjong_fast.rl.aec import MahjongAECEnv
    from mahjong_fast.rl.gym import MahjongEnv, MahjongVectorEnv

__all__ = ["LATEST_OBS_VERSION", "N_ACTIONS", "OBS_VERSION", "MahjongEnv", "MahjongVectorEnv", "TableBatch", "env"]


def env(rules: Ruleset | str | None = None, **options: Any) -> MahjongAECEnv:
    """A PettingZoo ``AECEnv`` over one table (requires ``pettingzoo``).

    ``rules`` a ``Ruleset`` or its name; options: ``seats`` (four names, default four
    learners; built-in seats are played inside and are not agents), ``seed``, ``duplicate``,
    ``value_features``, ``privileged``, ``reward`` (``"points"``, ``"win"``, ``"value"``),
    ``illegal_penalty`` (default None: an action the mask forbids raises
    ``IllegalActionError`` and changes nothing), ``episode`` (``"deal"``, or ``"match"``: an
    episode is a whole match, TW §16, with each step's rewards the payments of the deals ended
    since the previous step), ``obs_version`` (1, the default, or 2: docs/rl.md).
    Agents are ``"player_0"``..``"player_3"`` (the learning seats).
    """
    from mahjong_fast.rl.aec import MahjongAECEnv

    return MahjongAECEnv(rules=rules, **options)


def __getattr__(name: str) -> Any:
    if name in ("MahjongEnv", "MahjongVectorEnv"):
        from mahjong_fast.rl import gym

        return getattr(gym, name)
    raise AttributeError(name)
