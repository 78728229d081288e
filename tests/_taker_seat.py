"""A test seat that takes every win, kong and claim it is offered (the opposite of a random
seat, to drive deals through the kong, robbing and claim paths); otherwise it discards at
random from its own seeded stream."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mahjong_fast.game.actions import Action, ActionType

A = ActionType
_PREFERENCE = (
    A.SELF_DRAWN_WIN,
    A.WIN,
    A.CONCEALED_KONG,
    A.ADDED_KONG,
    A.KONG,
    A.PUNG,
    A.CHOW,
)


class TakerSeat:
    live_view = True

    def __init__(self, seed: int = 0, name: str = "taker"):
        self.seed = seed
        self.name = name
        self._rng = random.Random(f"taker:{seed}")

    def new_deal(self, deal_index: int, player: int) -> None:
        self._rng = random.Random(f"taker:{self.seed}:{deal_index}:{player}")

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        for t in _PREFERENCE:
            for a in legal:
                if a.type is t:
                    return a
        return legal[self._rng.randrange(len(legal))]
