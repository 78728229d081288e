"""Exceptions raised by mahjong_fast (design §6).

Every exception is a :class:`MahjongError`, which is a :class:`ValueError`, so
``except ValueError`` also catches them. A hand that is *not a win* is never an
exception: :func:`mahjong_fast.score` returns a result with ``is_win = False``.

The classes are made by the native core (``mahjong_fast._core``), which raises them; this
module re-exports them under their documented names:

- :class:`MahjongError`: the base class.
- :class:`InvalidTileError`: tile notation that cannot be read; ``.position`` (0-based
  offset or ``None``) and ``.reason``.
- :class:`InvalidHandError`: tiles that cannot make the hand asked for, or an impossible
  scoring situation (HK §14a, TW §10a); ``.kind`` (``"too_many_copies"``,
  ``"bonus_twice"``, ``"bad_meld"``, ``"wrong_size"``, ``"situation"``, or ``None`` when only
  the message says it), ``.tiles`` (the tiles it is about, in notation), ``.count`` and
  ``.expected`` (the numbers of tiles given and wanted, for ``"wrong_size"``).
- :class:`IllegalActionError`: an action the rules forbid now (HK §13); ``.code`` is one of
  :data:`ILLEGAL_ACTION_CODES`. The game state is unchanged.
- :class:`RuleConfigError`: a ruleset name, switch or option that does not exist or has an
  impossible value; ``.switch`` (or ``None``) and ``.code`` (the rules' code, or ``None``).
- :class:`ReplayError`: an event log that cannot be replayed; ``.line`` is the 1-based line
  (or ``None``).
"""

from __future__ import annotations

from ._core import (
    ILLEGAL_ACTION_CODES,
    IllegalActionError,
    InvalidHandError,
    InvalidTileError,
    MahjongError,
    ReplayError,
    RuleConfigError,
)

__all__ = [
    "ILLEGAL_ACTION_CODES",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidTileError",
    "MahjongError",
    "ReplayError",
    "RuleConfigError",
]
