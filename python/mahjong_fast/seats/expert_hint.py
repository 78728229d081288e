"""The hint of ``play`` by the expert's own evaluation, so that a hint never disagrees with the
seat the player faces: every legal option ranked by the value the ``expert`` seat gives it
(:meth:`ExpertSeat.option_values`, points from the seat's view only, rules §14), in the order
the seat decides — a legal win first (unless passing is valued above it: the expert lets a
discard go to wait for a far bigger self-drawn win), then the highest value, the earlier option
on a tie — so the first option of the hint is the move the expert would make, in every ruleset
and with every switch.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..game.actions import Action, ActionType
from ..render import code_of_kind
from .expert import ExpertSeat

__all__ = ["expert_ranking", "option_label", "ranking_text"]

_WINS = (ActionType.WIN, ActionType.SELF_DRAWN_WIN)
_SEAT = ExpertSeat()


def expert_ranking(view: Any, legal: Sequence[Action]) -> list[tuple[Action, float]]:
    """``(option, value)`` for every option of ``legal``, best first as the expert decides
    (value in points; ``-inf`` for a claim that does not advance the hand).

    Raises:
        InvalidHandError: ``legal`` empty, or an option the hand cannot make.
    """
    values = _SEAT.option_values(view, legal)
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    wins = [i for i in range(len(legal)) if legal[i].type in _WINS]
    if wins:
        # the decision: the first win, or passing when the seat values waiting above it
        passes = [i for i in range(len(legal)) if legal[i].type is ActionType.PASS]
        first = wins[0]
        if passes and values[passes[0]] > values[first]:
            first = passes[0]
        order = [first] + [i for i in order if i != first]
    return [(legal[i], values[i]) for i in order]


def option_label(action: Action, discard_kind: int | None = None) -> str:
    """A short name of ``action`` for the screen (``discard 3m``, ``pung 5z``, ``pass``)."""
    t = action.type
    if t is ActionType.DISCARD:
        return f"discard {code_of_kind(action.tiles[0] >> 2)}"
    if t in _WINS:
        return "win"
    if t is ActionType.PASS:
        return "pass"
    kinds = sorted({x >> 2 for x in action.tiles} | ({discard_kind} if discard_kind is not None else set()))
    name = t.name.lower().replace("_", " ")
    return f"{name} {''.join(code_of_kind(k)[0] for k in kinds)}{code_of_kind(kinds[0])[-1]}"


def ranking_text(view: Any, legal: Sequence[Action], top: int = 4) -> str:
    """The expert's best options with their values (``"expert: discard 3m +12.4, ..."``): one
    entry per distinct option label, ``top`` at most; the first is the expert's move."""
    disc = view.last_discard[1] >> 2 if getattr(view, "last_discard", None) is not None else None
    parts: list[str] = []
    seen: set[str] = set()
    for action, value in expert_ranking(view, legal):
        label = option_label(action, disc)
        if label in seen:
            continue
        seen.add(label)
        shown = "not rated" if math.isinf(value) else f"{value:+.2f}"
        parts.append(f"{label} {shown}")
        if len(parts) >= top:
            break
    return "expert (points): " + ", ".join(parts)
