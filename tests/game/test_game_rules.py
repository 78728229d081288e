"""Rules §4–§8 and the procedure examples P1–P6 of HK §16, on explicit walls."""

from __future__ import annotations

import pytest
from _game_helpers import (
    E16_HANDS,
    E27_HANDS,
    LONG_HANDS,
    P5_HANDS,
    A,
    _e27_to_south_6p,
    _tsumogiri_until,
    discard,
    e16_to_added_kong,
    ids,
    kinds,
    make_wall,
    parse,
    pass_all,
)
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, Deal, Phase
from mahjong_fast.game.view import (
    MELD_ADDED_KONG,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_PUNG,
)

# ----------------------------------------------------------------------------- fixtures
# P1 / P2: West discards 4p on its first turn. East opens with 1m, South draws 7z and
# discards it, West draws 1z and discards 4p.
P1_HANDS = {
    0: "44p 19m 19s 1234z 67z 5s 8m",  # East: pung of 4p possible
    1: "222z 555z 789m 99s 23p",  # South: wins on 4p (F6 F8 F10 F16 = 4 faan)
    2: "4p 12m 56m 34s 67s 89p 34z",  # West: will discard 4p
    3: "23p 345m 678s 1p 7p 9p 5z 6z",  # North: chow 234p possible
}
P1_DRAWS = "7z 1z 2s"


def _to_west_4p(deal: Deal) -> None:
    discard(deal, 0, "1m")
    assert deal.phase is Phase.ACTION and deal.active == 1  # nobody could claim 1m
    discard(deal, 1, "7z")
    assert deal.phase is Phase.ACTION and deal.active == 2
    discard(deal, 2, "4p")
    assert deal.phase is Phase.RESPONSE


# HK §6.2 claim priority: this file is its one home in the Python tests (the core's own check
# is rust/tests/hk_deals/main.rs); the claims are answered in every order.
@pytest.mark.parametrize("order", [(3, 0, 1), (1, 0, 3), (0, 1, 3), (3, 1, 0)])
def test_p1_claim_priority_win_beats_pung_and_chow(order):
    deal = Deal(make_wall(P1_HANDS, draws=P1_DRAWS))
    _to_west_4p(deal)
    assert deal.to_act == (0, 1, 3)
    legal3 = deal.legal_actions(3)
    assert Action(A.CHOW, 3, ids(deal, 3, "23p")) in legal3
    assert any(a.type is A.PUNG for a in deal.legal_actions(0))
    assert any(a.type is A.WIN for a in deal.legal_actions(1))
    claims = {
        3: Action(A.CHOW, 3, ids(deal, 3, "23p")),
        0: Action(A.PUNG, 0, ids(deal, 0, "44p")),
        1: Action(A.WIN, 1),
    }
    before = deal.snapshot()
    for i, p in enumerate(order[:2]):
        deal.apply(claims[p])
        # nothing is awarded before all three responded (§5.4)
        assert deal.phase is Phase.RESPONSE and deal.to_act == tuple(sorted(order[i + 1 :]))
        assert deal.snapshot()["hands"] == before["hands"]
        assert deal.snapshot()["melds"] == before["melds"]
    deal.apply(claims[order[2]])
    r = deal.result
    assert deal.phase is Phase.ENDED and r is not None
    assert (r.winner, r.discarder, r.win_kind) == (1, 2, "discard")
    assert r.faan == 4
    assert [e[0] for e in r.elements] == ["F6", "F8", "F10", "F16"]
    assert r.payments == (0, 48, -48, 0)
    assert r.scores == (0, 48, -48, 0)
    assert deal.melds == [[], [], [], []]  # the void claims are not carried out


@pytest.mark.parametrize("pung_first", [True, False])
def test_p2_pung_beats_chow_and_turns_are_skipped(pung_first):
    hands = dict(P1_HANDS)
    hands[0] = "88p 19m 19s 1234z 67z 5s 8m"
    hands[1] = "222z 555z 789m 99s 44p"
    deal = Deal(make_wall(hands, draws=P1_DRAWS))
    _to_west_4p(deal)
    assert deal.to_act == (1, 3)
    pung = Action(A.PUNG, 1, ids(deal, 1, "44p"))
    chow = Action(A.CHOW, 3, ids(deal, 3, "23p"))
    for claim in (pung, chow) if pung_first else (chow, pung):
        deal.apply(claim)
    assert deal.phase is Phase.AFTER_CLAIM and deal.to_act == (1,)
    assert deal.drawn_tile is None  # the claimer discards without a draw
    remaining = deal.remaining
    (meld,) = deal.melds[1]
    assert meld.kind == MELD_PUNG and kinds(meld.tiles) == parse("444p") and meld.claimed_from == 2
    assert deal.melds[3] == []
    # the claimed tile leaves West's discard pool (shown in the meld instead)
    v = deal.view(0)
    assert v.discards[2] == () and v.discard_history[2][0][1] == 1
    assert deal.hand_size(1) == 14
    assert [a.type for a in deal.legal_actions(1)] == [A.DISCARD] * 11
    discard(deal, 1, "9s")
    # next turn is West's (after South): North and East lost their turns; West draws the
    # next position of the wall (55)
    assert deal.phase is Phase.ACTION and deal.active == 2
    assert deal.drawn_tile is not None and deal.drawn_tile >> 2 == parse("2s")[0]
    assert deal.drawn_tile == deal.wall[55] and deal.remaining == remaining - 1


def test_p3_kong_with_an_empty_wall():
    deal = Deal(make_wall(LONG_HANDS, tail="1m 2m 3m 4m 5m 6m 7m 8m 3s"))
    assert deal.remaining == 83
    _tsumogiri_until(deal, lambda d: d.remaining == 0 and d.phase is Phase.ACTION)
    assert (
        deal.active == 3 and deal.drawn_tile is not None and deal.drawn_tile >> 2 == parse("3s")[0]
    )
    kong = Action(A.CONCEALED_KONG, 3, ids(deal, 3, "3333s"))
    before = deal.snapshot()
    with pytest.raises(IllegalActionError) as e:
        deal.apply(kong)
    assert e.value.code == "NO_REPLACEMENT_TILE" and str(e.value).strip()
    assert deal.snapshot() == before and not deal.is_legal(kong)
    assert {a.type for a in deal.legal_actions(3)} <= {A.SELF_DRAWN_WIN, A.DISCARD}
    discard(deal, 3, "3s")
    disc = [e for e in deal.events if e.type == "discard"][-1]
    assert disc["last"] is True
    # nobody can win on it -> exhaustive draw (§8.2 case 1)
    assert deal.phase is Phase.ENDED
    r = deal.result
    assert r.exhaustive_draw and r.draw_reason == "last_discard" and r.payments == (0, 0, 0, 0)
    assert r.tiles_left == 0 and r.winner is None


def test_last_discard_win_only_and_exhaustive_draw():
    # North draws the last tile (9m) and discards it; South holds two 9m and tries a pung
    # -> LAST_DISCARD_WIN_ONLY; then everybody passes -> exhaustive draw
    hands = dict(LONG_HANDS)
    hands[1] = "34f 2m 2p 2s 3m 3p 4s 6s 7s 8s 99m"
    hands[3] = "78f 333s 7p 8p 9p 9p 8m 7z 7z 6z"
    deal = Deal(make_wall(hands, tail="1m 2m 3m 4m 5m 6m 7m 8m 9m"), auto_pass=False)
    _tsumogiri_until(deal, lambda d: d.remaining == 0 and d.phase is Phase.ACTION)
    assert deal.active == 3
    discard(deal, 3, "9m")  # North holds two 9m now; discards one
    assert deal.phase is Phase.RESPONSE and deal.remaining == 0
    assert deal.view(1).is_last_discard
    # every legal response on the last discard is a pass or a win (§6.3)
    for q in (0, 1, 2):
        assert {a.type for a in deal.legal_actions(q)} <= {A.PASS, A.WIN}
    before = deal.snapshot()
    with pytest.raises(IllegalActionError) as e:
        deal.apply(Action(A.PUNG, 1, ids(deal, 1, "99m")))
    assert e.value.code == "LAST_DISCARD_WIN_ONLY"
    assert deal.snapshot() == before
    pass_all(deal)
    assert deal.result.exhaustive_draw and deal.result.draw_reason == "last_discard"


def test_p4_bonus_tile_as_the_last_wall_tile():
    hands = dict(LONG_HANDS)
    hands[3] = "7f 333s 7p 8p 9p 8m 9m 7z 7z 6z 5z"  # 8f is left in the wall
    deal = Deal(make_wall(hands, tail="1m 2m 3m 4m 5m 6m 7m 8f"))
    assert deal.remaining == 84
    _tsumogiri_until(deal, lambda d: d.phase is Phase.ENDED)
    r = deal.result
    assert r.exhaustive_draw and r.draw_reason == "no_replacement" and r.winner is None
    assert r.payments == (0, 0, 0, 0) and r.scores == (0, 0, 0, 0) and r.tiles_left == 0
    # the bonus tile was East's normal draw from the last position; no discard follows
    last = [(e.type, e.player, e.get("tile")) for e in deal.events[-3:]]
    assert last == [("draw", 0, 143), ("bonus", 0, 143), ("exhaustive_draw", None, None)]
    assert 143 in deal.bonus[0] and deal.remaining == 0
    assert deal.legal_actions(0) == []
    late = Action(A.DISCARD, 0, (deal.hands[0][0],))
    with pytest.raises(IllegalActionError) as e:
        deal.apply(late)
    assert e.value.code == "DEAL_OVER" and not deal.is_legal(late)


def test_p5_no_kong_straight_after_a_pung():
    deal = Deal(make_wall(P5_HANDS, draws="1z 2z 3z 5s", tail="4z"))
    discard(deal, 0, "5z")
    assert deal.to_act == (1,)
    opts = deal.legal_actions(1)
    assert [a.type for a in opts] == [A.PASS, A.KONG, A.PUNG]
    deal.apply(Action(A.PUNG, 1, ids(deal, 1, "55z")))
    assert deal.phase is Phase.AFTER_CLAIM
    before = deal.snapshot()
    for bad in (Action(A.ADDED_KONG, 1, ids(deal, 1, "5z")), Action(A.SELF_DRAWN_WIN, 1)):
        with pytest.raises(IllegalActionError) as e:
            deal.apply(bad)
        assert e.value.code == "WRONG_PHASE"
        assert deal.snapshot() == before
    discard(deal, 1, "3s")
    for p in (2, 3, 0):
        assert deal.phase is Phase.ACTION and deal.active == p
        deal.apply(Action(A.DISCARD, p, (deal.drawn_tile,)))
    assert deal.phase is Phase.ACTION and deal.active == 1  # drew 5s
    added = Action(A.ADDED_KONG, 1, ids(deal, 1, "5z"))
    assert added in deal.legal_actions(1)
    deal.apply(added)
    # nobody can rob 5z: the kong completes and South draws a replacement
    assert deal.phase is Phase.ACTION and deal.active == 1 and deal.kong_chain
    (meld,) = deal.melds[1]
    assert meld.kind == MELD_ADDED_KONG and kinds(meld.tiles) == parse("5555z")
    assert deal.drawn_tile >> 2 == parse("4z")[0]
    assert deal.hand_size(1) == 14 and len(deal.hands[1]) == 11


def test_exposed_kong_from_a_discard_then_replacement():
    deal = Deal(make_wall(P5_HANDS, draws="1z", tail="4z 6z"))
    discard(deal, 0, "5z")
    deal.apply(Action(A.KONG, 1, ids(deal, 1, "555z")))
    assert deal.phase is Phase.ACTION and deal.active == 1
    (meld,) = deal.melds[1]
    assert meld.kind == MELD_KONG and kinds(meld.tiles) == parse("5555z") and meld.claimed_from == 0
    assert deal.drawn_tile == deal.wall[143] and deal.kong_chain
    assert deal.remaining == 91 - 1
    assert [e.type for e in deal.events[-2:]] == ["claim", "replacement_draw"]
    assert deal.events[-1]["reason"] == "kong"


def test_p6_initial_bonus_replacement_order():
    hands = {
        0: "2f 19m 19p 19s 1234z 5z 6z 7z",
        1: "1f 5f 2m 3m 4m 2p 3p 4p 2s 3s 4s 7z 7z",
        2: "3f 5m 6m 7m 5p 6p 7p 5s 6s 7s 8m 8p 8s",
        3: "6z 6z 1s 8s 9s 2z 3z 4z 1p 9m 9p 7p 7p",
    }
    wall = make_wall(hands, tail="9m 9p 6f 9s 5z")
    deal = Deal(wall)
    bonus_events = [
        (e.type, e.player, e["tile"])
        for e in deal.events
        if e.type in ("bonus", "replacement_draw")
    ]
    f = lambda c: parse(c)[0]
    assert bonus_events == [
        ("bonus", 0, f("2f")),
        ("replacement_draw", 0, wall[143]),
        ("bonus", 1, f("1f")),
        ("bonus", 1, f("5f")),
        ("replacement_draw", 1, wall[142]),
        ("replacement_draw", 1, wall[141]),
        ("bonus", 1, f("6f")),
        ("replacement_draw", 1, wall[140]),
        ("bonus", 2, f("3f")),
        ("replacement_draw", 2, wall[139]),
    ]
    assert wall[141] == f("6f")
    assert deal.bonus == [[f("2f")], [f("1f"), f("5f"), f("6f")], [f("3f")], []]
    assert wall[143] in deal.hands[0] and wall[142] in deal.hands[1] and wall[140] in deal.hands[1]
    assert deal.remaining == 91 - 5
    assert [deal.hand_size(p) for p in range(4)] == [14, 13, 13, 13]
    assert deal.phase is Phase.ACTION and deal.active == 0 and deal.dealer_start
    # East's own flower (1f) is held by South: East has only 2f
    assert deal.view(0).bonus_mask() == 1 << 1


def test_bonus_replacement_during_play():
    deal = Deal(make_wall(P1_HANDS, draws="3f", tail="8s"))
    discard(deal, 0, "1m")
    ev = [(e.type, e.player, e.get("tile")) for e in deal.events[-3:]]
    assert ev == [("draw", 1, 138), ("bonus", 1, 138), ("replacement_draw", 1, deal.wall[143])]
    assert deal.events[-1]["reason"] == "bonus"
    assert deal.bonus[1] == [138] and deal.drawn_tile == deal.wall[143]
    assert not deal.kong_chain  # a bonus replacement outside a kong chain is not F12


@pytest.mark.parametrize("order", [(2, 3), (3, 2)])
def test_e27_head_bump(order):
    deal = Deal(make_wall(E27_HANDS, draws="8s 9s 5s 7m"))
    _e27_to_south_6p(deal)
    assert A.PUNG in {a.type for a in deal.legal_actions(3)}
    deal.apply(Action(A.WIN, order[0]))
    assert deal.phase is Phase.RESPONSE  # the other claim is still awaited (§5.4)
    deal.apply(Action(A.WIN, order[1]))
    r = deal.result
    assert (r.winner, r.discarder, r.faan) == (2, 1, 9)
    assert [e[0] for e in r.elements] == ["F1", "F4", "F16"]
    assert r.payments == (0, -1536, 1536, 0)


def test_chow_only_by_the_next_player():
    deal = Deal(make_wall(E27_HANDS, draws="8s 9s 5s 7m"), auto_pass=False)
    discard(deal, 0, "7z")
    deal.apply(Action(A.PASS, 1))
    deal.apply(Action(A.PASS, 2))
    deal.apply(Action(A.PASS, 3))
    discard(deal, 1, "8p")
    before = deal.snapshot()
    with pytest.raises(IllegalActionError) as e:  # North is not next after South
        deal.apply(Action(A.CHOW, 3, ()))
    assert e.value.code == "CHOW_NOT_ALLOWED"
    assert deal.snapshot() == before
    assert all(a.type is not A.CHOW for a in deal.legal_actions(3))
    assert all(a.type is not A.CHOW for a in deal.legal_actions(0))


def test_concealed_kong_and_win_on_the_replacement():
    hands = {
        0: "1111m 123s 456s 78s 99s",
        1: "2m 3m 4m 2p 3p 4p 5p 6p 7p 5z 5z 6z 6z",
        2: "5m 6m 7m 8m 1p 8p 9p 7z 7z 2z 2z 3z 3z",
        3: "9m 9m 9p 9p 4z 4z 1s 2s 3s 4s 5s 6s 6z",
    }
    deal = Deal(make_wall(hands, tail="9s"))
    assert deal.dealer_start
    kong = Action(A.CONCEALED_KONG, 0, ids(deal, 0, "1111m"))
    assert kong in deal.legal_actions(0)
    deal.apply(kong)
    assert deal.melds[0][0].kind == MELD_CONCEALED_KONG and deal.melds[0][0].claimed_from is None
    assert deal.drawn_tile == deal.wall[143] and deal.kong_chain and not deal.dealer_start
    assert deal.legal_actions(0)[0] == Action(A.SELF_DRAWN_WIN, 0)
    deal.apply(Action(A.SELF_DRAWN_WIN, 0))
    r = deal.result
    assert r.win_kind == "self_drawn" and r.flags["kong_replacement"]
    assert [e[0] for e in r.elements] == ["F10", "F11", "F12", "F16"]
    assert r.payments == (48, -16, -16, -16)


# E16: South has pung[888p] and adds the fourth 8p; West robs the kong.


def test_e16_robbing_a_kong_declarer_pays():
    deal = Deal(make_wall(E16_HANDS, draws="1s 5m 2z 8p"))
    e16_to_added_kong(deal)
    assert [a.type for a in deal.legal_actions(2)] == [A.PASS, A.WIN]
    deal.apply(Action(A.WIN, 2))
    r = deal.result
    assert (r.winner, r.discarder, r.win_kind, r.faan) == (2, 1, "robbing_kong", 4)
    assert [e[0] for e in r.elements] == ["F1", "F10", "F13", "F16"]
    assert r.payments == (0, -48, 48, 0)
    assert deal.melds[1][0].kind == MELD_PUNG  # the kong is never completed


def test_added_kong_completes_when_nobody_robs():
    deal = Deal(make_wall(E16_HANDS, draws="1s 5m 2z 8p", tail="5m"))
    e16_to_added_kong(deal)
    deal.apply(Action(A.PASS, 2))
    assert deal.phase is Phase.ACTION and deal.active == 1 and deal.kong_chain
    assert deal.melds[1][0].kind == MELD_ADDED_KONG
    assert deal.drawn_tile == deal.wall[143]


def test_dealer_start_win():
    hands = {
        0: "123m 456m 789m 22m 666z",
        1: "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
        2: "1p 2p 3p 4p 5p 6p 7p 8p 9p 5s 6s 7s 8s",
        3: "1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 4z 9s",
    }
    deal = Deal(make_wall(hands))
    assert Action(A.SELF_DRAWN_WIN, 0) in deal.legal_actions(0)
    deal.apply(Action(A.SELF_DRAWN_WIN, 0))
    r = deal.result
    assert r.win_tile is None and r.flags["dealer_start"] and r.faan == 7
    assert [e[0] for e in r.elements] == ["F3", "F6", "F10", "F11", "F16"]
    assert r.payments == (384, -128, -128, -128)


def test_f15_win_on_the_last_discard():
    hands = dict(LONG_HANDS)
    hands[2] = "56f 123p 456p 789p 55p"  # + 9p 9p from the initial replacement
    hands[3] = "78f 333s 7p 8p 9s 8m 9m 7z 7z 6z"
    deal = Deal(make_wall(hands, tail="1m 2m 3m 4m 9p 9p 7m 8m 5p"))
    _tsumogiri_until(deal, lambda d: d.remaining == 0 and d.phase is Phase.ACTION)
    assert deal.active == 3
    discard(deal, 3, "5p")
    assert deal.to_act == (2,)
    assert [a.type for a in deal.legal_actions(2)] == [A.PASS, A.WIN]
    deal.apply(Action(A.WIN, 2))
    r = deal.result
    assert r.flags["last_discard"] and r.win_kind == "discard" and r.discarder == 3
    assert [e[0] for e in r.elements] == ["F4", "F10", "F15"] and r.faan == 9
    assert r.payments == (0, 0, 1536, -1536)


def test_f14_self_drawn_win_on_the_last_wall_tile():
    hands = dict(LONG_HANDS)
    hands[3] = "78f 333s 789p 789m 7z 7z"  # + 6z 6z from the initial replacement
    deal = Deal(make_wall(hands, tail="1m 2m 3m 4m 5m 6m 6z 6z 7z"))
    _tsumogiri_until(deal, lambda d: d.remaining == 0 and d.phase is Phase.ACTION)
    assert deal.active == 3 and deal.view(3).can_self_draw
    assert deal.legal_actions(3)[0] == Action(A.SELF_DRAWN_WIN, 3)
    assert all(a.type is not A.CONCEALED_KONG for a in deal.legal_actions(3))
    deal.apply(Action(A.SELF_DRAWN_WIN, 3))
    r = deal.result
    assert r.flags["last_wall_tile"] and not r.flags["kong_replacement"]
    assert [e[0] for e in r.elements] == ["F6", "F10", "F11", "F14", "F18"]
    assert r.faan == 5 and r.payments == (-32, -32, -32, 96)


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_dealing_and_initial_bonus_order_follow_the_dealer(dealer):
    south, west = (dealer + 1) % 4, (dealer + 2) % 4
    hands = {
        dealer: "19m 19p 19s 1234z 5z 6z 7z 2m",
        south: "1f 3m 4m 2p 3p 4p 2s 3s 4s 7z 7z 5m 6m",
        west: "2f 5p 6p 7p 5s 6s 7s 8m 8p 8s 6m 7m 8s",
        (dealer + 3) % 4: "6z 6z 1s 8s 9s 2z 3z 4z 1p 9m 9p 7p 7p",
    }
    wall = make_wall(hands, dealer=dealer)
    deal = Deal(wall, dealer=dealer)
    assert deal.seat_winds[dealer] == 0 and deal.seat_winds[south] == 1
    assert deal.phase is Phase.ACTION and deal.active == dealer and deal.hand_size(dealer) == 14
    order = [(e.type, e.player) for e in deal.events if e.type in ("bonus", "replacement_draw")]
    assert order == [
        ("bonus", south),
        ("replacement_draw", south),
        ("bonus", west),
        ("replacement_draw", west),
    ]
    assert wall[143] in deal.hands[south] and wall[142] in deal.hands[west]
    dealt = deal.events[0]["hands"]
    for p in range(4):
        assert sorted(kinds(dealt[p])) == sorted(kinds(make_wall_hand(hands[p])))


def make_wall_hand(notation):
    return [k * 4 if k < 136 else k for k in parse(notation)]
