"""Seat views (rules §14), events as a seat sees them, seats and the match driver."""

from __future__ import annotations

from _game_helpers import E27_HANDS, P5_HANDS, A, discard, ids, make_wall, parse
from mahjong_fast.game import Action, Deal, Phase, play_match, run_deal, visible_event
from mahjong_fast.game.match import new_deal
from mahjong_fast.seats import BaseSeat, GreedySeat, RandomSeat, make_seat


def test_view_shows_only_own_hand_and_public_state():
    deal = Deal(make_wall(P5_HANDS, draws="1z"))
    v = deal.view(0)
    assert v.player == 0 and v.phase is Phase.ACTION and v.to_act == (0,)
    assert v.hand == tuple(sorted(deal.hands[0])) and len(v.hand) == 14
    assert v.seat_winds == (0, 1, 2, 3) and v.seat_wind == 0 and v.dealer == 0
    assert v.remaining == 91 and v.scores == (0, 0, 0, 0) and v.can_self_draw
    v1 = deal.view(1)
    assert (
        v1.hand == tuple(sorted(deal.hands[1])) and v1.drawn_tile is None and not v1.can_self_draw
    )
    fields = set(v1.__dataclass_fields__)
    assert not {"hands", "wall"} & fields  # no other hand, no wall order
    discard(deal, 0, "5z")
    v1 = deal.view(1)
    assert v1.last_discard is not None and v1.last_discard[0] == 0 and v1.phase is Phase.RESPONSE
    assert v1.last_discard[1] >> 2 == parse("5z")[0]
    assert v1.discards[0] == (v1.last_discard[1],)
    deal.apply(Action(A.PUNG, 1, ids(deal, 1, "55z")))
    v2 = deal.view(2)
    assert v2.discards[0] == () and v2.discard_history[0][0][1] == 1
    (m,) = v2.melds[1]
    assert m.name == "pung" and m.core == (1, parse("5z")[0]) and m.claimed_from == 0
    assert v2.meld_tuples(1) == ((1, parse("5z")[0]),)


def test_unseen_counts():
    deal = Deal(make_wall(P5_HANDS, draws="1z"))
    discard(deal, 0, "5z")
    deal.apply(Action(A.PUNG, 1, ids(deal, 1, "55z")))
    v = deal.view(3)
    unseen = v.unseen_counts()
    assert len(unseen) == 34
    own = v.hand_counts()
    k5z = parse("5z")[0]
    assert unseen[k5z] == 1  # three in South's pung; the fourth is hidden in South's hand
    assert all(0 <= u <= 4 - own[k] for k, u in enumerate(unseen))
    assert sum(unseen) == 136 - 13 - 3


def test_visible_event_redacts():
    deal = Deal(make_wall(E27_HANDS, draws="8s 9s 5s 7m"))
    ev = deal.events[0]
    red = visible_event(ev, 2)
    assert red["hands"][2] == ev["hands"][2] and red["hands"][0] == [None] * 14
    discard(deal, 0, "7z")
    draw = [e for e in deal.events if e.type == "draw"][-1]
    assert visible_event(draw, draw.player) is draw
    assert visible_event(draw, 0)["tile"] is None
    discard(deal, 1, "8p")
    deal.apply(Action(A.CHOW, 2, ids(deal, 2, "79p")))
    resp = [e for e in deal.events if e.type == "action" and e["action"]["type"] == "chow"][-1]
    assert visible_event(resp, 3) is None and visible_event(resp, 2) is resp


class Recorder(BaseSeat):
    name = "recorder"

    def __init__(self) -> None:
        self.inner = GreedySeat()
        self.events: list = []
        self.views: list = []
        self.rejections = 0
        self.first = True

    def choose(self, view, legal):
        self.views.append(view)
        if self.first:  # one illegal choice: the driver asks again
            self.first = False
            return Action(A.DISCARD, view.player, (999,))
        return self.inner.choose(view, legal)

    def notify(self, event):
        self.events.append(event)

    def rejected(self, action, error):
        self.rejections += 1
        assert error.code == "UNKNOWN_TILE"


def test_run_deal_drives_seats_and_notifies():
    rec = Recorder()
    seats = [rec, make_seat("greedy", 1), make_seat("random", 2), make_seat("greedy", 3)]
    deal = new_deal(seats, seed=21, deal_index=0)
    res = run_deal(deal, seats)
    assert deal.phase is Phase.ENDED and res is deal.result
    assert rec.rejections == 1
    assert len(rec.events) >= len([e for e in deal.events if e.type != "action"])
    assert all(v.player == 0 for v in rec.views)
    for e in rec.events:  # never another player's drawn tile
        if e.type in ("draw", "replacement_draw") and e.player != 0:
            assert e["tile"] is None


def test_play_match_dealers_and_scores():
    seats = [GreedySeat(), GreedySeat(), RandomSeat(5), RandomSeat(6)]
    m = play_match(seats, seed=8, deals=3)
    assert [r.dealer for r in m.results] == [0, 0, 0]
    assert m.results[-1].scores == m.scores and sum(m.scores) == 0
    m2 = play_match(seats, seed=8, deals=2, start_deal=1)
    assert m2.results[0].final_hands == m.results[1].final_hands


def test_random_seat_stream_depends_on_seed_deal_player():
    deal = Deal(make_wall(P5_HANDS))
    legal = deal.legal_actions(0)
    v = deal.view(0)
    a = [RandomSeat(3).choose(v, legal) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    s = RandomSeat(3)
    picks = [s.choose(v, legal) for _ in range(20)]
    assert len(set(picks)) > 1


def test_action_coercion_and_json():
    a = Action("chow", 1, [4, 9])
    assert a.type is A.CHOW and a.tiles == (4, 9)
    assert Action.from_json(a.to_json()) == a
    assert str(Action(A.PASS, 2)) == "P2 pass"


def test_bad_walls_are_rejected():
    import pytest
    from mahjong_fast.errors import InvalidHandError, InvalidTileError

    with pytest.raises(InvalidHandError):
        Deal(list(range(143)))
    with pytest.raises(InvalidHandError):
        Deal([0] + list(range(1, 143)) + [0])
    with pytest.raises(InvalidTileError):
        Deal(list(range(143)) + [144])


def test_unrecorded_deal_has_no_log():
    import pytest
    from mahjong_fast.game.log import deal_lines

    deal = Deal(make_wall(P5_HANDS), record=False)
    assert deal.events == []
    with pytest.raises(ValueError):
        list(deal_lines(deal))
