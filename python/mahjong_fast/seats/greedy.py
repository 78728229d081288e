"""GreedySeat: a fast, deterministic shanten/ukeire player.

Policy (every tie broken by lowest kind, then lowest id — never by set/dict order):

* **Win** whenever a win (self-drawn, on a discard, or robbing a kong) is legal.
* **Discard** the tile whose removal gives the lowest shanten, then the most ukeire over
  the tiles this seat cannot see (one ``_core.rate_discards`` call per decision), then the
  lowest kind; of that kind the lowest id.
* **Concealed / added kong** when the hand's shanten after the kong (before the
  replacement draw) is no worse than the best shanten reachable by a discard now — the
  replacement draw is a free extra tile.
* **Pung / chow** only when the hand after the claim (14-equivalent, i.e. its best discard)
  has a strictly lower shanten than the hand has now; among several such options the
  lowest shanten wins, then the first in legal order (pung before chows, chows by lowest
  tiles). Ukeire is not compared for claims: only the shanten (one cheap ``_core.shanten``
  call per option; the single ``rate_discards`` call happens at the discard that follows).
  **Exposed kong** when the shanten after it is no worse than now (a free draw).
  Otherwise pass.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_fast import _core

from ..game.actions import Action, ActionType
from ..game.view import MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_PUNG, SeatView
from .base import BaseSeat

__all__ = ["GreedySeat"]

_A = ActionType


def _best(rates: Sequence[tuple[int, int, int]]) -> tuple[int, int, int]:
    """(shanten, -ukeire, kind) of the best discard from rate_discards output."""
    return min((s, -u, k) for k, s, u in rates)


class GreedySeat(BaseSeat):
    """Deterministic greedy AI (see the module docstring). ``seed`` is accepted for a uniform
    factory signature and is not used."""

    live_view = True  # reads the view only inside choose()

    def __init__(self, seed: int = 0, name: str = "greedy"):
        self.seed = seed
        self.name = name

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.type in (_A.WIN, _A.SELF_DRAWN_WIN):
                return a
        types = {a.type for a in legal}
        if _A.DISCARD in types:
            return self._turn(view, legal)
        return self._respond(view, legal)

    # --------------------------------------------------------------- own turn
    def _turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        first = next(a for a in legal if a.type is _A.DISCARD)
        if (
            legal[-1].type is _A.DISCARD
            and legal[-1].tiles[0] >> 2 == first.tiles[0] >> 2
            and not any(a.type in (_A.CONCEALED_KONG, _A.ADDED_KONG) for a in legal)
        ):
            # one kind to discard and no kong: the choice below is this tile, so the
            # rate_discards call is skipped (legal discards are in ascending id order)
            return first
        counts = view.hand_counts()
        melds = view.meld_tuples()
        unseen = view.unseen_counts()
        rates = _core.rate_discards(counts, melds, unseen)
        best_s, _neg_ukeire, kind = _best(rates)
        kongs = [a for a in legal if a.type in (_A.CONCEALED_KONG, _A.ADDED_KONG)]
        for a in kongs:  # legal lists kongs in ascending kind order
            k = a.tiles[0] >> 2
            c = list(counts)
            if a.type is _A.CONCEALED_KONG:
                c[k] -= 4
                m = list(melds) + [(MELD_CONCEALED_KONG, k)]
            else:
                c[k] -= 1
                m = list(melds)  # the pung stays a set of 3; same shape for shanten
            if _core.shanten(c, m) <= best_s:
                return a
        for a in legal:
            if a.type is _A.DISCARD and a.tiles[0] >> 2 == kind:
                return a  # legal discards are in ascending id order: lowest id of the kind
        return next(a for a in legal if a.type is _A.DISCARD)  # pragma: no cover

    # --------------------------------------------------------------- responses
    def _respond(self, view: SeatView, legal: Sequence[Action]) -> Action:
        pass_ = next(a for a in legal if a.type is _A.PASS)
        claims = [a for a in legal if a.type in (_A.PUNG, _A.KONG, _A.CHOW)]
        if not claims or view.last_discard is None:
            return pass_
        counts = view.hand_counts()
        melds = view.meld_tuples()
        now = _core.shanten(counts, melds)
        disc_kind = view.last_discard[1] >> 2
        best_key: tuple[int, int] | None = None
        best_action = pass_
        for i, a in enumerate(claims):  # legal order: kong, pung, chows by lowest tiles
            c = list(counts)
            for t in a.tiles:
                c[t >> 2] -= 1
            if a.type is _A.KONG:
                m = list(melds) + [(MELD_KONG, disc_kind)]
                s = _core.shanten(c, m)  # 13-equivalent, before the replacement draw
                if s > now:
                    continue
            else:
                low = min([disc_kind] + [t >> 2 for t in a.tiles])
                m = list(melds) + [(MELD_PUNG if a.type is _A.PUNG else MELD_CHOW, low)]
                s = _core.shanten(c, m)  # 14-equivalent: shanten after the best discard
                if s >= now:
                    continue
            key = (s, i)
            if best_key is None or key < best_key:
                best_key, best_action = key, a
        return best_action
