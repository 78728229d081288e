"""The seat protocol: how the game asks a player (human or AI) for an action.

A seat receives a :class:`~mahjong_fast.game.view.SeatView` (only what that player may see,
rules §14) and the non-empty list of legal actions, and returns one of them::

    class AlwaysPass:
        name = "passer"
        def choose(self, view, legal):
            return legal[0]

``notify(event)`` is an optional hook called with every :class:`~mahjong_fast.game.events.Event`
of the deal as it happens (a terminal UI shows them; AI seats ignore them). Events carry
public information only, except ``draw`` / ``replacement_draw`` events whose tile is hidden
(``tile`` = ``None``) for every seat but the drawer.
``new_deal(deal_index, player)`` is an optional hook called before each deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from ..game.actions import Action
    from ..game.view import SeatView

__all__ = ["BaseSeat", "CoreAgentFor", "Seat"]

_A = TypeVar("_A")


@runtime_checkable
class Seat(Protocol):
    """Anything with a ``name`` and a ``choose(view, legal) -> Action`` method."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Return one action of ``legal`` (a seat may also return any other Action; the
        engine validates it and, for an illegal one, raises IllegalActionError — the
        driver asks again, up to a limit)."""
        ...


class BaseSeat:
    """Convenience base class with no-op hooks."""

    name: str = "seat"
    #: True if the seat reads the view only during ``choose`` and keeps no reference to it:
    #: the driver may then pass a :class:`~mahjong_fast.game.view.LiveView` (same fields, read
    #: from the running deal) instead of a SeatView snapshot, which is much cheaper.
    live_view: bool = False

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError

    def notify(self, event: Any) -> None:
        """Called with every event of the deal (already filtered for this seat). No-op."""

    def new_deal(self, deal_index: int, player: int) -> None:
        """Called before each deal with the deal index and this seat's player number. No-op."""


class CoreAgentFor(Generic[_A]):
    """A built-in seat's core agent for the deal's ruleset (its winning shapes, minimum and
    values: HK §9–§10, TW §9–§14), rebuilt only when the ruleset changes.

    ``make(rules)`` builds the agent (``_core.GreedyAgent``, ``ValueAgent``, ``StrongAgent``);
    calling the object with a deal's :class:`~mahjong_fast.Ruleset` returns the agent for it.
    """

    def __init__(self, make: Callable[[Any], _A]) -> None:
        from ..rules import DEFAULT_RULES

        self._make = make
        self._rules: Any = DEFAULT_RULES
        self._agent = make(DEFAULT_RULES)

    def __call__(self, rules: Any) -> _A:
        if rules is not self._rules:
            if rules != self._rules:
                self._agent = self._make(rules)
            self._rules = rules
        return self._agent
