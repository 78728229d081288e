"""Invariant check (style.md, from libriichi): after every state change, recompute the
incrementally kept quantities of a deal from scratch and compare — the per-player counts and
melds, the cached waits used to skip scoring, the live views handed to AI seats (which must
equal the full SeatView snapshot, rules §14), and the shape pre-check against the scorer."""

from __future__ import annotations

import dataclasses

import pytest

from mahjong_fast import _core
from mahjong_fast.game.actions import Phase
from mahjong_fast.game.match import new_deal
from mahjong_fast.game.view import SeatView
from mahjong_fast.seats import make_seat

FIELDS = [f.name for f in dataclasses.fields(SeatView)]


def _check(deal, p: int) -> None:  # type: ignore[no-untyped-def]
    live, snap = deal.live_view(p), deal.view(p)
    for f in FIELDS:
        assert getattr(live, f) == getattr(snap, f), f
    for m in ("hand_counts", "bonus_mask", "visible_counts", "unseen_counts"):
        assert getattr(live, m)() == getattr(SeatView, m)(snap), m
    core = deal._core  # the Rust deal: its kept counts, waits and scores
    for q in range(4):
        assert live.meld_tuples(q) == tuple(m.core for m in deal.melds[q])
        recount = [0] * 34
        for t in deal.hands[q]:
            recount[t >> 2] += 1
        assert recount == core.counts(q)
    if deal.phase in (Phase.RESPONSE, Phase.ROB):
        for q in range(4):
            if q == core.window_from:
                continue
            melds = [m.core for m in deal.melds[q]]
            with_tile = list(core.counts(q))
            with_tile[core.window_tile >> 2] += 1
            shape = _core.is_complete(with_tile, len(melds))
            assert (core.score_claim(q).reason != "NOT_A_WINNING_HAND") == shape
            assert core.wins_on(q, core.window_tile >> 2) == shape
            waits = set(_core.waits(core.counts(q), melds))
            assert {k for k in range(34) if core.wins_on(q, k)} == waits
    elif deal.phase is Phase.ACTION and deal.entered_by_draw:
        shape = _core.is_complete(core.counts(p), len(deal.melds[p]))
        assert (core.score_self_drawn(p).reason != "NOT_A_WINNING_HAND") == shape


@pytest.mark.parametrize(
    "kinds, deals, seed",
    [
        (("random",) * 4, 60, 4),
        (("greedy",) * 4, 15, 6),
        (("greedy", "random", "random", "greedy"), 15, 8),
    ],
)
def test_kept_state_equals_recomputed_state(kinds: tuple[str, ...], deals: int, seed: int) -> None:
    seats = [make_seat(k, seed) for k in kinds]
    checks = 0
    for i in range(deals):
        deal = new_deal(seats, seed=seed, deal_index=i, rotate_dealer=True, record=False)
        while deal.phase is not Phase.ENDED:
            for p in tuple(deal.to_act):
                if p not in deal.to_act:
                    break
                _check(deal, p)
                checks += 1
                deal.apply(seats[p].choose(deal.live_view(p), deal.legal_actions(p)))
                if deal.phase not in (Phase.RESPONSE, Phase.ROB):
                    break
        for p in range(4):
            _check(deal, p)
    assert checks > 20 * deals
