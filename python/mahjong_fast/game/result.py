"""The outcome of one deal (rules §8, §10, §11)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["WIN_KINDS", "DealResult"]

#: values of :attr:`DealResult.win_kind`
WIN_KINDS = ("self_drawn", "discard", "robbing_kong")


@dataclass(frozen=True)
class DealResult:
    """How a deal ended.

    Attributes:
        deal_index, dealer: which deal and who dealt it.
        exhaustive_draw: True when the deal ended without a winner (rules §8.2).
        draw_reason: ``"last_discard"`` or ``"no_replacement"`` for an exhaustive draw.
        winner: the winner, or ``None``.
        discarder: who paid alone (the discarder, or the added-kong declarer when robbed);
            ``None`` for a self-drawn win or a draw.
        win_kind: ``"self_drawn"``, ``"discard"``, ``"robbing_kong"`` or ``None``.
        win_tile: physical id of the winning tile (``None`` for the dealer's start win).
        faan, raw_faan, limit, elements: the score (rules §10); elements are
            ``(code, name, faan)`` tuples in ascending element order.
        interpretation: the scorer's notation of the chosen sets and pair.
        payments: per player, summing to zero (rules §11).
        scores: the four scores after payment.
        turns: number of discards made in the deal.
        tiles_left: ``remaining`` at the end.
        final_hands: per player, the concealed ids at the end (the winner's includes the
            winning tile).
        final_melds: per player, ``(meld_kind, ids...)`` tuples.
        bonus: per player, exposed bonus ids.
        flags: the situation flags the win was scored with (``kong_replacement``, ...).
        winners: every winner in turn order from the discarder (``(winner,)`` in Hong Kong,
            where only the first claimant wins, rules §11.3; ``()`` for a draw).
    """

    deal_index: int
    dealer: int
    exhaustive_draw: bool
    winner: int | None = None
    discarder: int | None = None
    win_kind: str | None = None
    win_tile: int | None = None
    faan: int = 0
    raw_faan: int = 0
    limit: str | None = None
    elements: tuple[tuple[str, str, int], ...] = ()
    interpretation: str = ""
    payments: tuple[int, int, int, int] = (0, 0, 0, 0)
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    turns: int = 0
    tiles_left: int = 0
    draw_reason: str | None = None
    final_hands: tuple[tuple[int, ...], ...] = ()
    final_melds: tuple[tuple[tuple[int, ...], ...], ...] = ()
    bonus: tuple[tuple[int, ...], ...] = ()
    flags: dict[str, bool] = field(default_factory=dict)
    winners: tuple[int, ...] = ()

    @property
    def self_drawn(self) -> bool:
        return self.win_kind == "self_drawn"

    def to_record(self) -> dict[str, Any]:
        """A flat JSON-ready dict: the simulation record (design §5) without the run's ``seed``.
        Its fields are documented once in ``mahjong_fast.sim.output.FIELDS`` and the README;
        ``points_p0`` .. ``points_p3`` are the payments of this deal per player."""
        p0, p1, p2, p3 = self.payments
        return {
            "deal_index": self.deal_index,
            "dealer": self.dealer,
            "winners": list(self.winners),
            "winner": self.winner,
            "discarder": self.discarder,
            "win_kind": self.win_kind,
            "faan": self.faan,
            "limit": self.limit,
            "elements": [list(e) for e in self.elements],
            "points_p0": p0,
            "points_p1": p1,
            "points_p2": p2,
            "points_p3": p3,
            "turns": self.turns,
            "tiles_left": self.tiles_left,
            "exhaustive_draw": self.exhaustive_draw,
        }
