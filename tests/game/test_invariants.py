"""Invariants over many seeded deals (rules §4.2, §5.6, §8, §11.5) and log replay.

After EVERY event: each of the 144 tile ids is in exactly one place (wall, hands, sets,
discard pools, bonus areas, a tile being added to a kong). After every action: hand sizes of
§5.6 and scores summing to zero. Every deal ends in a win or an exhaustive draw, and
replaying its log reproduces it (same result, same events).
"""

from __future__ import annotations

import pytest
from mahjong_fast import _core
from mahjong_fast.game import Deal, Phase, deal_wall, replay_deals
from mahjong_fast.rules import Ruleset
from mahjong_fast.game.log import deal_lines
from mahjong_fast.seats import GreedySeat, RandomSeat

ALL = list(range(144))


def _check_tiles(deal: Deal) -> None:
    locs = deal.tile_locations()
    assert len(locs) == 144 and sorted(locs) == ALL


def _check_sizes(deal: Deal) -> None:
    if deal.phase is Phase.ENDED:
        return
    for p in range(4):
        want = 14 if deal.phase in (Phase.ACTION, Phase.AFTER_CLAIM) and p == deal.active else 13
        assert deal.hand_size(p) == want, (deal.phase, p, deal.hand_size(p))
        assert all(t < 136 for t in deal.hands[p])
        assert all(t >= 136 for t in deal.bonus[p])
    assert sum(deal.scores) == 0


def play_checked(seats, seed: int, d: int, rotate: bool = True) -> Deal:
    holder: list[Deal] = []
    count = [0]

    def on_event(ev) -> None:
        count[0] += 1
        if holder:
            _check_tiles(holder[0])

    # the dealer of deal d played alone, as the core's ruleset says (HK §12)
    dealer = _core.lone_deal(Ruleset.hong_kong(rotate_dealer=rotate), d)["dealer"]
    deal = Deal(deal_wall(seed, d), dealer, (0, 0, 0, 0), d, listener=on_event)
    holder.append(deal)
    _check_tiles(deal)
    _check_sizes(deal)
    for s in seats:
        s.new_deal(d, 0)
    while deal.phase is not Phase.ENDED:
        for p in tuple(deal.to_act):
            legal = deal.legal_actions(p)
            assert legal
            deal.apply(seats[p].choose(deal.view(p), legal))
            _check_sizes(deal)
            if deal.phase not in (Phase.RESPONSE, Phase.ROB):
                break
    assert count[0] == len(deal.events)
    r = deal.result
    assert r is not None
    assert r.exhaustive_draw == (r.winner is None)
    assert sum(r.payments) == 0 and sum(r.scores) == 0
    if r.exhaustive_draw:
        assert r.payments == (0, 0, 0, 0)
        assert r.draw_reason in ("last_discard", "no_replacement") and r.tiles_left == 0
    else:
        assert 3 <= r.faan <= 13
        assert r.payments[r.winner] == 3 * 2**r.faan
    # replay the log of the deal
    lines = list(deal_lines(deal, seed=seed))
    (again,) = replay_deals(lines)
    assert again.result == r
    assert [e.to_json() for e in again.events] == [e.to_json() for e in deal.events]
    return deal


@pytest.mark.parametrize("chunk", range(10))
def test_random_seats_1000_deals(chunk):
    seats = [RandomSeat(seed=p) for p in range(4)]
    for d in range(chunk * 100, chunk * 100 + 100):
        play_checked(seats, seed=11, d=d)


@pytest.mark.parametrize("chunk", range(4))
def test_greedy_seats_200_deals(chunk):
    seats = [GreedySeat() for _ in range(4)]
    wins = 0
    for d in range(chunk * 50, chunk * 50 + 50):
        wins += play_checked(seats, seed=5, d=d).result.winner is not None
    assert wins > 0


def test_mixed_seats_cover_every_phase():
    seats = [GreedySeat(), RandomSeat(1), GreedySeat(), RandomSeat(3)]
    seen: set[str] = set()
    for d in range(40):
        deal = play_checked(seats, seed=99, d=d)
        seen |= {e.type for e in deal.events}
    assert {
        "deal",
        "draw",
        "discard",
        "claim",
        "win",
        "payments",
        "exhaustive_draw",
        "bonus",
        "replacement_draw",
    } <= seen
