"""The situation of a win a seat's view can foresee, as ``score``/``wait_values`` take it
(TW §10: ``discards`` D, the winner's own discards, an interruption; Hong Kong reads none of
it). One place for the hints and the explanations, so that each values a win in a situation
a deal can reach (TW §10a) rather than in the mid-deal default."""

from __future__ import annotations

from typing import Any

from ..rules import resolve_rules


def win_situation(view: Any, *, next_round: bool = False) -> dict[str, Any]:
    """Keyword arguments of ``_core.score``/``_core.wait_values`` for a win by ``view.player``.

    ``next_round=False``: a win now (on the tile just drawn, the discard or kong on offer):
    D is the discards made so far, the seat's own discards as made. ``next_round=True``: a win
    in the round of turns after the seat's next discard (number ``turn + 1``): D = ``turn + 4``
    (the player before it discards, or the seat then draws) with one more own discard.
    Interrupted when any set has been declared (TW §10 "Interruption"). Empty for a ruleset
    that reads no progress (Hong Kong), which refuses these arguments."""
    if not resolve_rules(getattr(view, "rules", None)).reads_progress:
        return {}
    me = view.player
    declared = any(view.meld_tuples(p) for p in range(4))
    own = len(view.discard_history[me])
    return {
        "discards": view.turn + (4 if next_round else 0),
        "winner_discards": own + (1 if next_round else 0),
        "interrupted": declared,
    }
