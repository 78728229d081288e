"""RandomSeat: picks uniformly among the legal actions.

Its random stream is the core's random agent (``_core.RandomAgent``, Rust
``agents/random.rs``): ChaCha8 keyed by ``(seed, deal_index, player)`` alone (a fresh stream
at the start of every deal), so a deal's play never depends on earlier deals or other seats,
and a deal played through the Python loop makes the same choices as the same deal simulated
in the core.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_fast import _core

from ..game.actions import Action
from ..game.view import SeatView
from .base import BaseSeat

__all__ = ["RandomSeat"]


class RandomSeat(BaseSeat):
    """Uniform choice over ``legal`` with the core's stream of ``(seed, deal, player)``.

    ``seed``: 0 .. 2**64-1 (ValueError otherwise).

    >>> seat = RandomSeat(seed=3)
    """

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "random"):
        # the core's conversion: TypeError naming seed, MahjongError (a ValueError) out of range
        self.seed = _core.checked_int(seed, "seed", 0, 2**64 - 1)
        self.name = name
        self._deal: int | None = None
        self._rngs: dict[int, _core.RandomAgent] = {}
        #: the wall index given by the last new_deal hook (deal i of match j: (j << 32) | i)
        self._index: int | None = None

    def _rng(self, deal_index: int, player: int) -> _core.RandomAgent:
        if deal_index != self._deal:
            self._deal = deal_index
            self._rngs = {}
        rng = self._rngs.get(player)
        if rng is None:
            rng = _core.RandomAgent(self.seed, deal_index, player)
            self._rngs[player] = rng
        return rng

    def new_deal(self, deal_index: int, player: int) -> None:
        """Start fresh streams for ``deal_index`` (the deal's wall index: in a match, the
        view's ``deal_index`` is its low 32 bits, the deal's number in the match)."""
        self._deal = None
        self._index = deal_index
        self._rng(deal_index, player)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        index = self._index
        if index is None or index & 0xFFFFFFFF != view.deal_index:
            index = view.deal_index  # no hook for this deal: its own number keys the stream
        return legal[self._rng(index, view.player).below(len(legal))]

    def __getstate__(self) -> dict[str, object]:
        return {"seed": self.seed, "name": self.name}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(state["seed"], state["name"])  # type: ignore[misc]
