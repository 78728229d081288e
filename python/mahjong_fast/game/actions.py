"""Actions and phases of a Hong Kong deal (rules §5.1, §5.3, §6, §7).

A player (human or AI) only ever changes the game through an :class:`Action`. Tiles are
named by physical id (0..143, rules §2.3)::

    >>> Action(ActionType.DISCARD, 0, (17,))  # P0 discards tile id 17 (a 5m)
    Action(type=<ActionType.DISCARD: 'discard'>, player=0, tiles=(17,))
    >>> str(Action(ActionType.CHOW, 1, (12, 21)))  # P1 chows with 4m (id 12) and 6m (id 21)
    'P1 chow 12 21'
    >>> Action("pass", 2) == Action(ActionType.PASS, 2)  # strings are accepted for the type
    True
    >>> Action(ActionType.WIN, 3).to_json()  # P3 claims the discard (or robs the kong)
    {'type': 'win', 'player': 3, 'tiles': []}

What ``tiles`` holds per action type:

==================  ===========================================================
``DISCARD``         the one discarded tile
``SELF_DRAWN_WIN``  nothing
``CONCEALED_KONG``  the four tiles of the kind, from the concealed hand
``ADDED_KONG``      the one tile added to an exposed pung
``PASS``            nothing
``WIN``             nothing (claims the open discard / the robbed tile)
``PUNG``            the two hand tiles used with the discard
``KONG``            the three hand tiles used with the discard (exposed kong)
``CHOW``            the two hand tiles used with the discard
``DECLARE_READY``   what the ruleset says (an action only a ruleset's house rules
                    add: ``test-house-hooks`` in its ``DECLARE`` window, no tiles)
==================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = [
    "CLAIM_TYPES",
    "ENGINE_TYPES",
    "RESPONSE_TYPES",
    "TURN_TYPES",
    "Action",
    "ActionType",
    "Phase",
]


class ActionType(str, Enum):
    """What a player does. The string values are used in event logs."""

    DISCARD = "discard"
    SELF_DRAWN_WIN = "self_drawn_win"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    PASS = "pass"
    WIN = "win"  # claim a discard, or rob an added kong
    PUNG = "pung"
    KONG = "kong"  # exposed kong claimed from a discard
    CHOW = "chow"
    #: a ready declaration: an action a ruleset's house rules add (its deal hooks)
    DECLARE_READY = "declare_ready"
    #: take the bonus-tile win offered in ``BONUS_CHOICE`` (TW §20.6.3; no tiles)
    BONUS_WIN = "bonus_win"
    #: decline the bonus-tile win offered in ``BONUS_CHOICE`` (TW §20.6.3; no tiles)
    DECLINE = "decline"

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


#: Responses that claim the open discard (rules §6.1).
CLAIM_TYPES: frozenset[ActionType] = frozenset(
    {ActionType.WIN, ActionType.PUNG, ActionType.KONG, ActionType.CHOW}
)
#: Every response type allowed in a RESPONSE window (rules §5.4).
RESPONSE_TYPES: frozenset[ActionType] = CLAIM_TYPES | {ActionType.PASS}
#: Action types of the active player's turn (rules §5.3).
TURN_TYPES: frozenset[ActionType] = frozenset(
    {
        ActionType.DISCARD,
        ActionType.SELF_DRAWN_WIN,
        ActionType.CONCEALED_KONG,
        ActionType.ADDED_KONG,
    }
)


#: The engine's own action types, every ruleset's (the others are added by a ruleset's hooks).
ENGINE_TYPES: frozenset[ActionType] = RESPONSE_TYPES | TURN_TYPES


class Phase(str, Enum):
    """Phases of a deal (rules §5.1)."""

    #: the active player holds a full hand: self-drawn win, concealed/added kong, or discard
    ACTION = "action"
    #: the player just claimed a chow or pung: discard only
    AFTER_CLAIM = "after_claim"
    #: the three other players respond to a discard: pass or a claim
    RESPONSE = "response"
    #: the three other players respond to an added kong: pass or win (robbing the kong)
    ROB = "rob"
    #: the deal is over; no action is legal
    ENDED = "ended"
    #: a declaration window a ruleset's house rules open: the seats it names answer once
    #: each with one of its actions (``declare_ready``) or a pass
    DECLARE = "declare"
    #: TW §20.6.3: one seat is offered a bonus-tile win (``eight_bonus_mode =
    #: optional_standalone``) and answers ``bonus_win`` or ``decline``; the others wait
    BONUS_CHOICE = "bonus_choice"

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


@dataclass(frozen=True)
class Action:
    """One action of one player.

    Attributes:
        type: the :class:`ActionType`.
        player: the acting player, 0..3 (P0..P3).
        tiles: physical tile ids the action names (see the module docstring), in the
            order given; the engine compares them as a set where order does not matter.
    """

    type: ActionType
    player: int
    tiles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # accept "discard" for ActionType.DISCARD and a list of tiles; store canonical forms
        if not isinstance(self.type, ActionType):
            object.__setattr__(self, "type", ActionType(self.type))
        if not isinstance(self.tiles, tuple):
            object.__setattr__(self, "tiles", tuple(self.tiles))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict ``{"type": ..., "player": ..., "tiles": [...]}``."""
        return {"type": self.type.value, "player": self.player, "tiles": list(self.tiles)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Inverse of :meth:`to_json`. Raises ``ValueError``/``KeyError`` on bad data."""
        return cls(
            ActionType(data["type"]),
            int(data["player"]),
            tuple(int(t) for t in data.get("tiles", ())),
        )

    def __str__(self) -> str:
        if self.tiles:
            return f"P{self.player} {self.type.value} {' '.join(map(str, self.tiles))}"
        return f"P{self.player} {self.type.value}"
