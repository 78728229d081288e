"""StrongSeat: offence by expected value and defence, from the seat's view only (rules §14).

* **Offence**: each discard and claim is rated in points — the chance the hand wins times what
  the win is worth. A ready hand's waits are scored by the ruleset (a wait under the minimum,
  rules §10.5, counts for nothing); a hand not yet ready is valued by features one or two
  steps out (flushes, all pungs, seven pairs, dragon and wind pungs, concealed hand, self-draw,
  bonus tiles) and its chance by its shanten and ukeire over the tiles it cannot see.
* **Defence**: each opponent's readiness is estimated from its declared sets, its discards and
  the wall left; each tile's danger from what is visible (tiles it let go since its last
  discard, its own discards, runs blocked by visible copies, honours by copies unseen, the
  suit of a suspected flush). A discard's expected loss is subtracted from its offence, so a
  far hand facing a ready-looking opponent folds.

Legal wins are always taken. The policy is decided by the core (``_core.StrongAgent``, Rust
``agents/strong.rs``), the same code that plays the ``strong`` seat in simulated deals and in
the arena, so a deal played through the Python loop with this seat gives the same records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_fast import _core

from ..game.actions import Action
from ..game.view import SeatView
from .base import BaseSeat, CoreAgentFor
from .greedy import declaring, engine_only, obvious_answer, option_codes

__all__ = ["StrongSeat"]



class StrongSeat(BaseSeat):
    """Deterministic strong AI (see the module docstring). ``seed`` is accepted for a uniform
    factory signature and is not used (the policy needs no randomness)."""

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "strong"):
        self.seed = seed
        self.name = name
        self._agent_for = CoreAgentFor(_core.StrongAgent)

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
            player=view.player,
            dealer=view.dealer,
            seat_winds=list(view.seat_winds),
            prevailing_wind=view.prevailing_wind,
            bonus_mask=view.bonus_mask(),
            discards=[list(h) for h in view.discard_history],
            table_melds=[list(view.meld_tuples(p)) for p in range(4)],
            remaining=view.remaining,
        )
        return legal[i]

    def __getstate__(self) -> dict[str, Any]:
        return {"seed": self.seed, "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["seed"], state["name"])  # type: ignore[misc]
