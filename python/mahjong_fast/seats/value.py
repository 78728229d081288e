"""ValueSeat: the greedy player plus exactly two rules about what a win is worth (rules §10.5:
a winning shape under 3 faan is no win).

* **Claims**: a pung, chow or exposed kong that greedy would take is refused when the hand after
  it is 1-shanten or better and no wait of its best discard would be a legal win (for a
  1-shanten hand, looking one draw ahead: some drawable tile and some discard leave it ready with
  a wait that is a legal win, self-drawn or on a discard).
* **Discards**: when the best discards (lowest shanten) leave the hand ready, one whose waits
  include a legal win is preferred; otherwise greedy's order (most ukeire, lowest kind).

Everything else is greedy's (:mod:`mahjong_fast.seats.greedy`). The waits are valued with the
seat's own wind and bonus tiles, as :func:`mahjong_fast.wait_values` does. The policy is decided
by the core (``_core.ValueAgent``, Rust ``agents/value.rs``), the same code that plays the
``value`` seat in simulated deals and in the arena.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_fast import _core

from ..game.actions import Action
from ..game.view import SeatView
from .base import BaseSeat, CoreAgentFor
from .greedy import declaring, engine_only, obvious_answer, option_codes

__all__ = ["ValueSeat"]



class ValueSeat(BaseSeat):
    """Deterministic value-aware AI (see the module docstring). ``seed`` is accepted for a
    uniform factory signature and is not used."""

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "value"):
        self.seed = seed
        self.name = name
        self._agent_for = CoreAgentFor(_core.ValueAgent)

    @declaring
    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        legal = engine_only(legal)
        obvious = obvious_answer(view, legal)
        if obvious is not None:
            return obvious
        disc = view.last_discard[1] >> 2 if view.last_discard is not None else None
        i = self._agent_for(view.rules).choose(
            view.hand_counts(),
            view.meld_tuples(),
            view.unseen_counts(),
            disc,
            option_codes(legal, disc),
            view.seat_wind,
            view.prevailing_wind,
            view.bonus_mask(),
        )
        return legal[i]

    def __getstate__(self) -> dict[str, Any]:
        return {"seed": self.seed, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["seed"], state["name"])  # type: ignore[misc]
