"""Seats: the players of a deal. AI seats and the protocol the human (CLI) seat follows.

>>> from mahjong_fast.seats import make_seat
>>> seats = [make_seat("greedy", 0), make_seat("random", 1), make_seat("greedy", 2), make_seat("random", 3)]
"""

from __future__ import annotations

from .base import BaseSeat, Seat
from .expert import ExpertSeat
from .greedy import GreedySeat
from .random_seat import RandomSeat
from .strong import StrongSeat
from .value import ValueSeat

__all__ = [
    "SEAT_KINDS",
    "BaseSeat",
    "ExpertSeat",
    "GreedySeat",
    "RandomSeat",
    "Seat",
    "StrongSeat",
    "ValueSeat",
    "make_seat",
]

#: names accepted by :func:`make_seat`
SEAT_KINDS = ("expert", "greedy", "random", "strong", "value")


def make_seat(kind: str, seed: int = 0) -> Seat:
    """An AI seat by name: ``"expert"``, ``"greedy"``, ``"random"``, ``"strong"`` or ``"value"``."""
    if kind == "expert":
        return ExpertSeat(seed)
    if kind == "strong":
        return StrongSeat(seed)
    if kind == "greedy":
        return GreedySeat(seed)
    if kind == "value":
        return ValueSeat(seed)
    if kind == "random":
        return RandomSeat(seed)
    raise ValueError(f"unknown seat kind {kind!r}; choose from {', '.join(SEAT_KINDS)}")
