"""GreedySeat: a fast, deterministic shanten/ukeire player.

Policy (every tie broken by lowest kind, then lowest id — never by set/dict order):

* **Win** whenever a win (self-drawn, on a discard, or robbing a kong) is legal.
* **Discard** the tile whose removal gives the lowest shanten, then the most ukeire over
  the tiles this seat cannot see (the values of ``_core.rate_discards``), then the
  lowest kind; of that kind the lowest id.
* **Concealed / added kong** when the hand's shanten after the kong (before the
  replacement draw) is no worse than the best shanten reachable by a discard now — the
  replacement draw is a free extra tile.
* **Pung / chow** only when the hand after the claim (14-equivalent, i.e. its best discard)
  has a strictly lower shanten than the hand has now; among several such options the
  lowest shanten wins, then the first in legal order (pung before chows, chows by lowest
  tiles). Ukeire is not compared for claims: only the shanten.
  **Exposed kong** when the shanten after it is no worse than now (a free draw).
  Otherwise pass.

The policy is decided by the core's greedy agent (``_core.GreedyAgent``, Rust
``agents/greedy.rs``, incremental: a few µs a decision): this class only turns the view and
the legal actions into plain data. The same agent plays deals simulated in the core, so a
deal played through the Python loop with this seat gives the same records.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from mahjong_fast import _core

from ..game.actions import ENGINE_TYPES, Action, ActionType
from ..game.view import SeatView
from .base import BaseSeat, CoreAgentFor

__all__ = ["GreedySeat", "declaration_of", "declaring", "obvious_answer", "option_codes"]

_A = ActionType
#: code of each action type for the core's agents: its position in ActionType
_CODE = {t: i for i, t in enumerate(ActionType)}
#: TW §20.6.3: a bonus-tile win offered in BONUS_CHOICE is a win the built-in seats take
_WINS = (_A.WIN, _A.SELF_DRAWN_WIN, _A.BONUS_WIN)
_CLAIMS = (_A.PUNG, _A.KONG, _A.CHOW)


def engine_only(legal: Sequence[Action]) -> Sequence[Action]:
    """The engine's own actions of ``legal``: the built-in policies decide among them and
    leave a ruleset's extra actions (``declare_ready``) to random seats and players, as the
    core's agents do in a simulated deal. In ``BONUS_CHOICE`` (TW §20.6.3) the offered win
    alone: every built-in policy takes it."""
    if all(a.type in ENGINE_TYPES for a in legal):
        return legal
    bonus = [a for a in legal if a.type is ActionType.BONUS_WIN]
    if bonus:
        return bonus
    return [a for a in legal if a.type in ENGINE_TYPES]


_Choose = TypeVar("_Choose", bound=Callable[..., Action])


def declaring(choose: _Choose) -> _Choose:
    """Wrap a built-in seat's ``choose``: when the action it chose is a discard and a ready
    declaration (TW §20.6.1 ``declare_ready``) of a tile of the same kind is legal, the seat
    declares with that discard (a simple policy; the core's agents in a simulated deal do the
    same, ``sim::declaring``)."""

    @functools.wraps(choose)
    def wrapped(self: object, view: SeatView, legal: Sequence[Action]) -> Action:
        a = choose(self, view, legal)
        return declaration_of(a, legal) or a

    return wrapped  # type: ignore[return-value]


def declaration_of(a: Action, legal: Sequence[Action]) -> Action | None:
    """The ready declaration (TW §20.6.1 ``declare_ready``) of ``legal`` that discards a tile
    of the kind discard ``a`` discards, or None (``a`` not a discard, or no such declaration
    legal)."""
    if a.type is _A.DISCARD and len(legal) > 1:
        kind = a.tiles[0] >> 2
        for d in legal:
            if d.type is _A.DECLARE_READY and d.tiles and d.tiles[0] >> 2 == kind:
                return d
    return None


def obvious_answer(view: SeatView, legal: Sequence[Action]) -> Action | None:
    """The answer every built-in policy gives without rating the hand, or None: a legal win is
    taken (HK §10.5 / TW §14 already checked by the engine); with no discard to choose and no
    claim on offer, pass."""
    for a in legal:
        if a.type in _WINS:
            return a
    if not any(a.type is _A.DISCARD for a in legal) and (
        view.last_discard is None or not any(a.type in _CLAIMS for a in legal)
    ):
        return next(a for a in legal if a.type is _A.PASS)
    return None


def option_codes(legal: Sequence[Action], discard_kind: int | None) -> list[tuple[int, int]]:
    """``(code, kind)`` per legal action, the ``legal`` argument of the core's agents: the
    discarded kind, the kong's kind, the claimed discard's kind (pung, kong), the chow's
    lowest kind, 0 for pass and wins."""
    out = []
    for a in legal:
        t = a.type
        if t is _A.CHOW and discard_kind is not None:
            kind = min(discard_kind, a.tiles[0] >> 2, a.tiles[1] >> 2)
        elif t in (_A.PUNG, _A.KONG) and discard_kind is not None:
            kind = discard_kind
        elif a.tiles:
            kind = a.tiles[0] >> 2
        else:
            kind = 0
        out.append((_CODE[t], kind))
    return out


class GreedySeat(BaseSeat):
    """Deterministic greedy AI (see the module docstring). ``seed`` is accepted for a uniform
    factory signature and is not used."""

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "greedy"):
        self.seed = seed
        self.name = name
        self._agent_for = CoreAgentFor(_core.GreedyAgent)

    @declaring
    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        legal = engine_only(legal)
        # The cases the agent answers without looking at the hand are answered here, with the
        # same result, to spare building its arguments.
        for a in legal:
            if a.type in _WINS:
                return a
        discards = [a for a in legal if a.type is _A.DISCARD]
        if discards:
            if discards[-1].tiles[0] >> 2 == discards[0].tiles[0] >> 2 and not any(
                a.type in (_A.CONCEALED_KONG, _A.ADDED_KONG) for a in legal
            ):
                return discards[0]  # one kind to discard and no kong
        elif view.last_discard is None or not any(a.type in _CLAIMS for a in legal):
            return next(a for a in legal if a.type is _A.PASS)
        disc = view.last_discard[1] >> 2 if view.last_discard is not None else None
        i = self._agent_for(view.rules).choose(
            view.hand_counts(), view.meld_tuples(), view.unseen_counts(), disc, option_codes(legal, disc)
        )
        return legal[i]

    def __getstate__(self) -> dict[str, Any]:
        return {"seed": self.seed, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["seed"], state["name"])  # type: ignore[misc]
