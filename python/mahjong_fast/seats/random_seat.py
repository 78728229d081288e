"""RandomSeat: picks uniformly among the legal actions.

Its random stream is derived from ``(seed, deal_index, player)`` alone (re-seeded at the
start of every deal), so a deal's play never depends on earlier deals or other seats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..game.actions import Action
from ..game.view import SeatView
from .base import BaseSeat

__all__ = ["RandomSeat"]


class RandomSeat(BaseSeat):
    """Uniform choice over ``legal`` with its own ``random.Random``.

    >>> seat = RandomSeat(seed=3)
    """

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "random"):
        self.seed = seed
        self.name = name
        self._deal: int | None = None
        self._rngs: dict[int, random.Random] = {}

    def _rng(self, deal_index: int, player: int) -> random.Random:
        if deal_index != self._deal:
            self._deal = deal_index
            self._rngs = {}
        rng = self._rngs.get(player)
        if rng is None:
            # a str seed is hashed with SHA-512 by random.Random: stable across runs/platforms
            rng = random.Random(f"random-seat:{self.seed}:{deal_index}:{player}")
            self._rngs[player] = rng
        return rng

    def new_deal(self, deal_index: int, player: int) -> None:
        """Start fresh streams for ``deal_index``."""
        self._deal = None
        self._rng(deal_index, player)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[self._rng(view.deal_index, view.player).randrange(len(legal))]
