"""ExpertSeat: every legal option valued in points from the seat's view only (rules §14), the
best one played; the default opponent of ``mahjong-fast play``.

* **Offence**: a ready hand's waits are scored exactly by the ruleset in the deal's real
  situation (the seat's dealer status, the dealer's streak, the discards made, an
  interruption, the round wind); a wait under the minimum counts for nothing. A hand not yet
  ready is valued by the ruleset's own estimate of what it may reach (each ruleset's
  ``estimate`` in the core) and its chance by its shanten and ukeire over the tiles it cannot
  see.
* **Defence**: each opponent's readiness, the chance its ready hand is a legal win under this
  ruleset, what dealing in would cost under this ruleset's payments, and each tile's danger
  from what is visible. Push or fold is decided by expected value.

Legal wins are taken, but for one case: a win on a discard is let go when the ready hand is worth
far more waiting for its self-drawn win (a concealed all-pungs hand waiting for its self-drawn
limit, Hong Kong L8), by the plain points of the ruleset's payments. The values are exposed
(:meth:`ExpertSeat.option_values`), so the hints of ``play`` rank by the numbers the seat plays
by. A ruleset's own choices are answered by value too (TW §20.6): a ready declaration when what
it adds is worth the lock (:meth:`ExpertSeat.declares`), a bonus-tile win on offer unless the
hand kept is worth more. The policy is decided by the core (``_core.ExpertAgent``, Rust
``agents/expert``), the same code that plays the ``expert`` seat in simulated deals and in the
arena.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_fast import _core

from ..game.actions import Action, ActionType
from ..game.view import SeatView
from .base import BaseSeat, CoreAgentFor
from .greedy import declaration_of, engine_only, obvious_answer, option_codes

__all__ = ["ExpertSeat"]

_WINS = (ActionType.WIN, ActionType.SELF_DRAWN_WIN)


def _on_offer(view: SeatView) -> int | None:
    """The kind of the tile on offer: the discard of a response window, or the tile being
    added to a kong in a robbing window (HK §7.3); None in the seat's own turn."""
    if view.last_discard is not None:
        return view.last_discard[1] >> 2
    if view.kong_tile is not None:
        return view.kong_tile[1] >> 2
    return None


def _table(view: SeatView) -> dict[str, Any]:
    """The public table of ``view`` as the core agent's keyword arguments (rules §14)."""
    return {**_public(view), "robbing": view.kong_tile is not None}


def _public(view: SeatView) -> dict[str, Any]:
    """The public table of ``view`` without the tile on offer (the arguments of the core
    agent's ``declares`` and ``takes_bonus_win``)."""
    return {
        "player": view.player,
        "dealer": view.dealer,
        "seat_winds": list(view.seat_winds),
        "prevailing_wind": view.prevailing_wind,
        "bonus_mask": view.bonus_mask(),
        "discards": [list(h) for h in view.discard_history],
        "table_melds": [list(view.meld_tuples(p)) for p in range(4)],
        "remaining": view.remaining,
        "dealer_streak": view.dealer_streak,
        # TW §20.6.1: the seats that declared ready (public)
        "declared": sum(1 << p for p, f in enumerate(view.public_flags) if "declared_ready" in f),
    }


class ExpertSeat(BaseSeat):
    """Deterministic expert AI (see the module docstring). ``seed`` is accepted for a uniform
    factory signature and is not used (the policy needs no randomness)."""

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "expert"):
        self.seed = seed
        self.name = name
        self._agent_for = CoreAgentFor(_core.ExpertAgent)

    def option_values(self, view: SeatView, legal: Sequence[Action]) -> list[float]:
        """The value in points of each option of ``legal`` (same order) as the seat rates it
        (``-inf`` for a pung or chow that does not advance the hand: never rated).

        Raises:
            InvalidHandError: ``legal`` empty, or an option the hand cannot make.
        """
        disc = _on_offer(view)
        return self._agent_for(view.rules).option_values(
            view.hand_counts(),
            view.meld_tuples(),
            view.unseen_counts(),
            disc,
            option_codes(legal, disc),
            **_table(view),
        )

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        bonus = next((a for a in legal if a.type is ActionType.BONUS_WIN), None)
        if bonus is not None:
            return self._bonus_choice(view, legal, bonus)
        a = self._choose(view, legal)
        declared = declaration_of(a, legal)
        if declared is not None and self.declares(view, a.tiles[0] >> 2):
            return declared
        return a

    def _bonus_choice(self, view: SeatView, legal: Sequence[Action], bonus: Action) -> Action:
        """TW §20.6.3: the offered bonus-tile win taken unless the hand kept is worth more (the
        core's ``ExpertAgent.takes_bonus_win``)."""
        decline = next((a for a in legal if a.type is ActionType.DECLINE), None)
        offer = view.bonus_offer
        if decline is None or offer is None:
            return bonus
        _, value, self_drawn = offer
        takes = self._agent_for(view.rules).takes_bonus_win(
            view.hand_counts(),
            view.meld_tuples(),
            view.unseen_counts(),
            value=value,
            self_drawn=self_drawn,
            **_public(view),
        )
        return bonus if takes else decline

    def declares(self, view: SeatView, kind: int) -> bool:
        """TW §20.6.1: whether the seat would make its discard of a tile of ``kind`` (0..33) a
        ready declaration, by value (the core's ``ExpertAgent.declares``: what the declaration
        adds, C15 or the qualification it keeps, against the lock's expected cost). False
        where the ruleset scores nothing for one.

        Raises:
            InvalidHandError: the hand holds no tile of ``kind``, or ``kind`` is not 0..33.
        """
        return bool(
            self._agent_for(view.rules).declares(
                view.hand_counts(),
                view.meld_tuples(),
                view.unseen_counts(),
                tile=kind,
                own_flags=sorted(view.own_flags),
                **_public(view),
            )
        )

    def _choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        legal = engine_only(legal)
        # a win on offer is the core's to weigh (it may wait for a far bigger one)
        obvious = None if any(a.type in _WINS for a in legal) else obvious_answer(view, legal)
        if obvious is not None:
            return obvious
        disc = _on_offer(view)
        i = self._agent_for(view.rules).choose(
            view.hand_counts(),
            view.meld_tuples(),
            view.unseen_counts(),
            disc,
            option_codes(legal, disc),
            **_table(view),
        )
        return legal[i]

    def __getstate__(self) -> dict[str, Any]:
        return {"seed": self.seed, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["seed"], state["name"])  # type: ignore[misc]
