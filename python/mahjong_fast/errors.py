"""Exceptions raised by mahjong_fast (design §6).

Every exception is a :class:`MahjongError`, which is a :class:`ValueError`, so
``except ValueError`` also catches them. A hand that is *not a win* is never an
exception: :func:`mahjong_fast.score` returns a result with ``is_win = False``.
"""

from __future__ import annotations

__all__ = [
    "ILLEGAL_ACTION_CODES",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidTileError",
    "MahjongError",
    "ReplayError",
    "RuleConfigError",
]

#: The error codes of rules §13, in the order the rules list them.
ILLEGAL_ACTION_CODES: tuple[str, ...] = (
    "DEAL_OVER",
    "NOT_YOUR_TURN",
    "WRONG_PHASE",
    "ALREADY_RESPONDED",
    "UNKNOWN_TILE",
    "TILE_NOT_IN_HAND",
    "INVALID_MELD",
    "CHOW_NOT_ALLOWED",
    "NO_REPLACEMENT_TILE",
    "LAST_DISCARD_WIN_ONLY",
    "NOT_A_WINNING_HAND",
    "BELOW_MINIMUM",
)


class MahjongError(ValueError):
    """Base class of every error mahjong_fast raises for bad input."""


class InvalidTileError(MahjongError):
    """Tile notation that cannot be read.

    Attributes:
        position: 0-based character offset in the string where the problem is
            (``None`` when the error is not about one position).
        reason: what is wrong there, in words.
    """

    def __init__(self, message: str, position: int | None = None, reason: str | None = None):
        super().__init__(message)
        self.position = position
        self.reason = reason if reason is not None else message


class InvalidHandError(MahjongError):
    """Tiles that cannot make the hand asked for: a fifth copy of a kind, a second copy of a
    bonus tile, the wrong number of tiles for the operation, or an impossible scoring
    situation (rules §14a, "Impossible situations")."""


class IllegalActionError(MahjongError):
    """An action that the rules forbid in the current game state (rules §13).

    The game state is unchanged when this is raised.

    Attributes:
        code: one of :data:`ILLEGAL_ACTION_CODES`, e.g. ``"WRONG_PHASE"``.
    """

    def __init__(self, code: str, message: str):
        if code not in ILLEGAL_ACTION_CODES:
            raise ValueError(f"unknown illegal-action code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code


class RuleConfigError(MahjongError):
    """A ruleset name or option that does not exist or has an impossible value.

    Attributes:
        switch: the switch at fault, as the ruleset's switch table names it (``"min_faan"``;
            ``"preset"`` for an unknown preset or ruleset name; ``None`` when the error is not
            about one switch, e.g. a match option).
        code: the rules' code of the refusal where they give one (TW §20.3: ``"CE-UNKNOWN"``
            for an unknown switch or a value it does not take, ``"CE-TABLE"`` for a high-table
            option with the low table), else ``None``.
    """

    def __init__(self, message: str, switch: str | None = None, code: str | None = None):
        super().__init__(message)
        self.switch = switch
        self.code = code


class ReplayError(MahjongError):
    """An event log that cannot be replayed: unreadable, of an unknown format, or
    recording an action that breaks a rule (the offending line number is in the message).

    Attributes:
        line: 1-based line number of the offending event (``None`` if not about one line).
    """

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line
