"""Black-box probe of the Taiwanese house rules of the deal against the spec text
(TW §20.5.1–§20.5.3, §20.5.5 rules 1–3, §20.6.1–§20.6.4, §20.10), through the public API only.

Every scenario is built from a situation the spec describes, with positions of our own
(``Deal.from_hands``) rather than the worked examples' hands. A test marked
``xfail(strict=True)`` is a disagreement between the engine and the spec, with the section.

Seats: 0 East (the dealer), 1 South, 2 West, 3 North. Turn order E → S → W → N."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import IllegalActionError, ReplayError
from mahjong_fast.game import Action, ActionType, Deal, Phase, play_match, replay
from mahjong_fast.game.events import visible_event
from mahjong_fast.seats import advice, make_seat
from mahjong_fast.tiles import id_code

T = ActionType
E, S, W, N = range(4)
NONE4 = ("", "", "", "")


# ----------------------------------------------------------------------------- helpers


def rules(table: str = "high", **sw: Any) -> mf.Ruleset:
    if table == "high":
        return mf.Ruleset.from_name("taiwanese-high").replace(min_tai=1, **sw)
    return mf.Ruleset.from_name("taiwanese", tai_table=table, **{"min_tai": 0, **sw})


def mk(
    hands,
    *,
    active,
    discards=NONE4,
    melds=NONE4,
    wall="",
    tail="",
    table="high",
    auto_pass=True,
    **sw,
) -> Deal:
    return Deal.from_hands(
        list(hands),
        dealer=E,
        active=active,
        discards=list(discards),
        melds=list(melds),
        wall=wall,
        tail=tail,
        rules=rules(table, **sw),
        auto_pass=auto_pass,
    )


def codes(ids) -> list[str]:
    return sorted(id_code(t) for t in ids)


def find(d: Deal, p: int, kind: ActionType, *tiles: str) -> Action:
    """The legal action of ``p`` of type ``kind`` whose tiles are of the kinds ``tiles`` (any
    order); AssertionError if none is listed."""
    for a in d.legal_actions(p):
        if a.type is kind and (not tiles or codes(a.tiles) == sorted(tiles)):
            return a
    raise AssertionError(f"P{p} has no legal {kind.value} {tiles}: {d.legal_actions(p)}")


def listed(d: Deal, p: int, kind: ActionType, *tiles: str) -> bool:
    try:
        find(d, p, kind, *tiles)
    except AssertionError:
        return False
    return True


def make(d: Deal, kind: ActionType, p: int, *tiles: str) -> Action:
    """``p``'s action of ``kind`` naming the lowest ids of the kinds ``tiles`` in its hand."""
    ids: list[int] = []
    for c in tiles:
        ids.append(min(t for t in d.hands[p] if id_code(t) == c and t not in ids))
    return Action(kind, p, tuple(ids))


def refused(d: Deal, a: Action, code: str | None = None) -> str:
    """``a`` is refused (with ``code`` when given), not listed, and changes nothing."""
    before = d.snapshot()
    n_events = len(d.events)
    with pytest.raises(IllegalActionError) as err:
        d.apply(a)
    if code is not None:
        assert err.value.code == code, (err.value.code, str(err.value))
    assert d.snapshot() == before
    assert len(d.events) == n_events
    assert a not in d.legal_actions(a.player)
    return err.value.code


def pass_all(d: Deal, *but: int) -> None:
    """Every seat still to answer the open window passes (but ``but``)."""
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        todo = [q for q in d.to_act if q not in but]
        if not todo:
            return
        d.apply(Action(T.PASS, todo[0]))


def discard(d: Deal, p: int, code: str) -> None:
    d.apply(make(d, T.DISCARD, p, code))


def draw_discard_drawn(d: Deal, p: int) -> None:
    """``p`` (in ACTION after a draw) discards the tile it drew; open windows are passed."""
    assert d.phase is Phase.ACTION and d.to_act == (p,), (d.phase, d.to_act)
    d.apply(Action(T.DISCARD, p, (d.drawn_tile,)))
    if d.phase is Phase.RESPONSE:
        pass_all(d)


def flag(d: Deal, p: int, name: str = "pass_over") -> bool:
    return name in d.private_flags[p]


def flag_events(d: Deal, name: str = "pass_over", seat: int | None = None) -> list[Any]:
    out = []
    for ev in d.events:
        if (
            "flag" in ev.data  # a flag's event, under the name §20.6.4 gives it
            and ev.data.get("flag") == name
            and (seat is None or ev.player == seat)
        ):
            out.append(ev)
    return out


def elements(win) -> list[str]:
    return [e.code if hasattr(e, "code") else e[0] for e in win.elements]


# ------------------------------------------------------- §20.5.1 several winners

#: West (active) discards 5p. North (tanki-less closed wait 46p), East (the dealer, single
#: wait) and South (two-sided 34p) can all win on it. Turn order after West: N, E, S.
SW_HANDS = [
    "123p789p666z777z111s5p",
    "123m456m789s234s34p88p",
    "5p234m567m111z222z333z9s",
    "567s678s999m444z55z46p",
]
#: East no longer waits on 5p (single wait on 9p instead).
SW_EAST_OUT = "123p789p666z777z111s9p"
#: North no longer waits on 5p (47p: no wait at all; it may still chow nothing).
SW_NORTH_OUT = "567s678s999m444z55z47p"


def sw_deal(mode: str, *, east=True, north=True, **sw) -> Deal:
    hands = list(SW_HANDS)
    if not east:
        hands[E] = SW_EAST_OUT
    if not north:
        hands[N] = SW_NORTH_OUT
    d = mk(hands, active=W, discards=("4z", "6s", "", ""), several_winners=mode, **sw)
    discard(d, W, "5p")
    assert d.phase is Phase.RESPONSE
    return d


@pytest.mark.parametrize(
    ("mode", "claimants", "winners", "dealer_keeps"),
    [
        ("all_win", (S, N, E), (N, E, S), True),
        ("head_bump", (S, N, E), (N,), False),
        ("head_bump_two_all_three", (S, N, E), (N, E, S), True),
    ],
)
def test_three_claimants_each_mode(mode, claimants, winners, dealer_keeps):
    """§20.5.1 rule 2: claimants in turn order after the discarder; rule 4: dealer keeps iff
    among the winners; each winner paid separately by the discarder."""
    d = sw_deal(mode, pass_over=True)
    for p in claimants:  # submitted out of turn order on purpose
        d.apply(Action(T.WIN, p))
    r = d.result
    assert d.phase is Phase.ENDED
    assert tuple(r.winners) == winners
    for w in r.wins:
        pay = list(w.payments)
        assert pay[W] < 0 and sum(pay) == 0
        assert all(
            pay[q] == 0 for q in range(4) if q not in (W,) and q != r.winners[r.wins.index(w)]
        )
    assert sum(r.payments) == 0
    assert (r.dealer_after == E) is dealer_keeps
    assert r.passed is (not dealer_keeps)
    # §20.5.1 rule 3: the void claimants did not pass — no pass-over flag event for anyone.
    assert flag_events(d) == []


@pytest.mark.parametrize(
    ("mode", "winners"),
    [("all_win", (N, S)), ("head_bump", (N,)), ("head_bump_two_all_three", (N,))],
)
def test_two_claimants_north_and_south(mode, winners):
    """Two claimants (North then South in turn order after West); South claims first in time.
    head_bump_two_all_three with two claimants: the first only. The dealer is not a winner."""
    d = sw_deal(mode, east=False, pass_over=True)
    # East cannot win: its only response is a pass (or nothing at all).
    assert not listed(d, E, T.WIN)
    d.apply(Action(T.WIN, S))
    for q in tuple(d.to_act):
        d.apply(Action(T.WIN if q == N else T.PASS, q))
    r = d.result
    assert tuple(r.winners) == winners
    assert r.dealer_after != E and r.passed
    assert flag_events(d) == []


@pytest.mark.parametrize(
    ("mode", "keeps"), [("all_win", True), ("head_bump", True), ("head_bump_two_all_three", True)]
)
def test_two_claimants_dealer_first(mode, keeps):
    """East (dealer) and South claim; East comes first after West, so every mode has East
    among the winners and the dealer keeps the seat (§20.5.1 rule 4)."""
    d = sw_deal(mode, north=False)
    d.apply(Action(T.WIN, S))
    for q in tuple(d.to_act):
        d.apply(Action(T.WIN if q == E else T.PASS, q))
    r = d.result
    assert r.winners[0] == E
    assert (S in r.winners) is (mode == "all_win")
    assert (r.dealer_after == E) is keeps and r.streak_after == 1


def test_head_bump_loser_not_flagged_nor_winner_paid_twice():
    """head_bump, three claimants: only North is paid; South's and East's claims are void
    (no payment, no flag)."""
    d = sw_deal("head_bump", pass_over=True)
    for p in (E, S, N):
        d.apply(Action(T.WIN, p))
    r = d.result
    assert list(r.payments)[E] == 0 and list(r.payments)[S] == 0
    assert list(r.payments)[N] == -list(r.payments)[W] > 0
    assert flag_events(d) == []


def test_pass_by_one_claimant_in_a_head_bump_window_is_a_pass():
    """head_bump: North claims, South passes its legal win: South passed (rule 1 of §20.5.2),
    so it earns the flag even though North's win ends the deal; East who claimed does not."""
    d = sw_deal("head_bump", pass_over=True)
    d.apply(Action(T.PASS, S))
    d.apply(Action(T.WIN, E))
    d.apply(Action(T.WIN, N))
    assert tuple(d.result.winners) == (N,)
    assert [ev.player for ev in flag_events(d) if ev.data["value"]] == [S]


# ------------------------------------------------------------- §20.5.2 pass-over

#: South waits on 3s / 6s (45s); West (to act) holds 3s; the wall gives North 6s, East 1z,
#: South ``south_draw``, West 3s. Nobody else can claim 3s, 6s or 1z except South's pung of 1z.
PO_HANDS = [
    "111p999p666z777z1s9s5m5m",
    "234m678m345p789p45s11z",
    "3s6s444z333z222z1m1m9m9m5p5p",
    "111s999s222p888m555z1m",
]


def po_deal(south_draw: str = "4s", south: str | None = None, auto_pass: bool = True, **sw) -> Deal:
    """West discards 3s; South passes its legal win (RESPONSE)."""
    hands = list(PO_HANDS)
    if south is not None:
        hands[S] = south
    d = mk(
        hands,
        active=W,
        discards=("2s", "8s", "", ""),
        wall=f"6s 1z {south_draw} 3s 7m 7m",
        auto_pass=auto_pass,
        **{"pass_over": True, **sw},
    )
    discard(d, W, "3s")
    assert S in d.to_act and listed(d, S, T.WIN)
    d.apply(Action(T.PASS, S))
    pass_all(d)
    return d


def north_6s_east_1z(d: Deal) -> None:
    """North discards the 6s it drew (South may not win: asserted by callers), East its 1z."""
    draw_discard_drawn(d, N)
    draw_discard_drawn(d, E)


def test_pass_in_response_sets_flag_and_blocks_discard_win():
    d = po_deal(auto_pass=False)
    assert flag(d, S)
    draw = d.drawn_tile
    assert id_code(draw) == "6s"
    d.apply(Action(T.DISCARD, N, (draw,)))
    assert d.phase is Phase.RESPONSE and S in d.to_act
    assert not listed(d, S, T.WIN)
    refused(d, Action(T.WIN, S), "PASS_OVER")


def test_flag_blocks_pung_while_set_with_blocks_melds():
    """§20.5.2 rule 2 with pass_over_blocks_melds (default true): no pung while flagged."""
    d = po_deal(auto_pass=False)
    draw_discard_drawn(d, N)
    d.apply(Action(T.DISCARD, E, (d.drawn_tile,)))  # 1z
    assert d.phase is Phase.RESPONSE and S in d.to_act
    refused(d, make(d, T.PUNG, S, "1z", "1z"), "PASS_OVER")


def test_flag_does_not_block_pung_without_blocks_melds():
    d = po_deal(pass_over_blocks_melds=False)
    draw_discard_drawn(d, N)
    d.apply(Action(T.DISCARD, E, (d.drawn_tile,)))
    assert listed(d, S, T.PUNG, "1z", "1z")


@pytest.mark.parametrize(("self_draw_blocked"), [True, False])
def test_flag_and_self_drawn_win(self_draw_blocked):
    """Flagged South draws its winning 6s: refused with pass_over_self_draw, legal without."""
    d = po_deal(south_draw="6s", pass_over_self_draw=self_draw_blocked)
    north_6s_east_1z(d)
    assert d.to_act == (S,) and id_code(d.drawn_tile) == "6s"
    if self_draw_blocked:
        refused(d, Action(T.SELF_DRAWN_WIN, S), "PASS_OVER")
        # Discarding the tile one could have won with keeps the flag (rule 4).
        d.apply(Action(T.DISCARD, S, (d.drawn_tile,)))
        assert flag(d, S)
    else:
        d.apply(find(d, S, T.SELF_DRAWN_WIN))
        assert d.result.winners == (S,)


def test_clear_by_discard_then_win_is_legal_again():
    d = po_deal(south_draw="4s")
    north_6s_east_1z(d)
    assert flag(d, S)
    d.apply(Action(T.DISCARD, S, (d.drawn_tile,)))  # 4s: not a winning tile
    assert not flag(d, S)
    evs = flag_events(d, seat=S)
    assert [e.data["value"] for e in evs] == [True, False]
    if d.phase is Phase.RESPONSE:
        pass_all(d)
    discard(d, W, "3s")
    d.apply(find(d, S, T.WIN))
    assert d.result.winners == (S,)


def test_concealed_kong_and_ready_declaration_stay_legal_while_flagged_and_kong_clears():
    """Rule 2: concealed kong stays legal while flagged; rule 5: it clears the flag when the
    17 tiles are no win on the kong's kind."""
    d = po_deal(south="222m678m345p789p45s11z", south_draw="2m")
    north_6s_east_1z(d)
    assert flag(d, S)
    d.apply(find(d, S, T.CONCEALED_KONG, "2m", "2m", "2m", "2m"))
    assert not flag(d, S)


def test_concealed_kong_keeps_flag_without_kong_release():
    d = po_deal(south="222m678m345p789p45s11z", south_draw="2m", pass_over_kong_releases=False)
    north_6s_east_1z(d)
    d.apply(find(d, S, T.CONCEALED_KONG, "2m", "2m", "2m", "2m"))
    assert flag(d, S)


def test_refusal_pass_over_changes_nothing_and_hidden_from_others():
    """§20.5.2 rule 6 / §20.6.4: the flag and its events are seen by its seat only."""
    d = po_deal()
    ev = flag_events(d, seat=S)[-1]
    assert visible_event(ev, S) is not None
    assert all(visible_event(ev, q) is None for q in (E, W, N))
    assert "pass_over" in d.view(S).own_flags
    for q in (E, W, N):
        assert "pass_over" not in d.view(q).own_flags
        assert "pass_over" not in str(d.view(q).public_flags)


def test_pass_in_action_sets_flag():
    """Rule 1: a seat offered a self-drawn win that discards instead gets the flag; the
    discard re-completes the hand, so rule 4 keeps it."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "234m678m345p789p45s11z6s",
            "3s444z333z222z1m1m9m9m5p5p",
            "111s999s222p888m555z1m",
        ],
        active=S,
        discards=("2s", "", "", ""),
        pass_over=True,
    )
    assert listed(d, S, T.SELF_DRAWN_WIN)
    discard(d, S, "2m")
    assert flag(d, S)
    assert [e.data["value"] for e in flag_events(d, seat=S)] == [True]


def test_pass_in_action_by_kong_clear_test_on_same_kong():
    """Rule 1 + 5: South has a self-drawn win and four 1m; it declares the concealed kong
    instead. The flag is set just before the kong; the 17 tiles are a self-drawn win on 1m, so
    the kong does not clear it."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "111m123m678m345p789p5s5s",
            "3s444z333z222z4m4m9m9m5p5p",
            "111s999s222p888m555z4m",
        ],
        active=S,
        discards=("2s", "", "", ""),
        tail="7z",
        pass_over=True,
    )
    assert listed(d, S, T.SELF_DRAWN_WIN)
    d.apply(find(d, S, T.CONCEALED_KONG, "1m", "1m", "1m", "1m"))
    assert flag(d, S)


def test_earning_window_blocks_pung_on_a_winning_discard():
    """Rule 3: South (shanpon 1z / 5s) may only win or pass on West's 5s."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "234m678m345p789p11z55s",
            "5s444z333z222z1m1m9m9m5p5p3s",
            "111s999s222p888m555z1m",
        ],
        active=W,
        discards=("2s", "8s", "", ""),
        pass_over=True,
    )
    discard(d, W, "5s")
    assert listed(d, S, T.WIN)
    refused(d, make(d, T.PUNG, S, "5s", "5s"), "PASS_OVER")


def test_earning_window_pung_allowed_without_blocks_melds_and_sets_flag():
    """With pass_over_blocks_melds=false the pung is carried out and is a pass of the win;
    every later discard re-completes the hand so the flag stays (rule 4)."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "234m678m345p789p11z55s",
            "5s444z333z222z1m1m9m9m5p5p3s",
            "111s999s222p888m555z1m",
        ],
        active=W,
        discards=("2s", "8s", "", ""),
        pass_over=True,
        pass_over_blocks_melds=False,
    )
    discard(d, W, "5s")
    d.apply(find(d, S, T.PUNG, "5s", "5s"))
    assert d.phase is Phase.AFTER_CLAIM and d.to_act == (S,)
    discard(d, S, "2m")
    assert flag(d, S)


def test_no_flag_without_pass_over_switch():
    d = po_deal(pass_over=False)
    assert not flag(d, S) and flag_events(d) == []
    draw_discard_drawn(d, N)  # 6s: South may win again
    # (draw_discard_drawn passed the window; rebuild to test the offer instead)
    d = po_deal(pass_over=False)
    d.apply(Action(T.DISCARD, N, (d.drawn_tile,)))
    assert listed(d, S, T.WIN)


# ------------------------------------------ ROB window: pass-over and rob_added_kong (§20.5.5 r.3)

#: West holds a claimed pung of 6s and has just drawn the fourth; South waits on 3s / 6s.
ROB_HANDS = [
    "111p999p666z777z1s9s5m5m",
    "234m678m345p789p45s11z",
    "444z333z222z1m1m9m9m6s",
    "111s999s222p888m555z1m",
]
ROB_MELDS = ("", "", "[666s]", "")


def rob_deal(**sw) -> Deal:
    return mk(
        ROB_HANDS,
        active=W,
        melds=ROB_MELDS,
        discards=("2s", "8s", "7p", "4p"),
        tail="7m",
        **{"pass_over": True, **sw},
    )


def test_pass_in_rob_window_sets_flag():
    d = rob_deal()
    d.apply(find(d, W, T.ADDED_KONG, "6s"))
    assert d.phase is Phase.ROB and S in d.to_act and listed(d, S, T.WIN)
    d.apply(Action(T.PASS, S))
    pass_all(d)
    assert flag(d, S)
    assert d.phase is Phase.ACTION and d.to_act == (W,)


def test_rob_added_kong_false_opens_no_window_and_draws_replacement():
    d = rob_deal(rob_added_kong=False)
    before = len(d.hands[W])
    d.apply(find(d, W, T.ADDED_KONG, "6s"))
    assert d.phase is Phase.ACTION and d.to_act == (W,)
    assert (
        id_code(d.drawn_tile) == "7m" and len(d.hands[W]) == before
    )  # -1 kong tile, +1 replacement
    assert not flag(d, S)  # South was never offered the rob
    assert not any(ev.type == "rob" or ev.data.get("phase") == "rob" for ev in d.events)


def test_rob_added_kong_true_robbing_wins():
    d = rob_deal()
    d.apply(find(d, W, T.ADDED_KONG, "6s"))
    d.apply(Action(T.WIN, S))
    pass_all(d)
    assert d.result.winners == (S,) and d.result.wins[0].win_kind == "robbing_kong"


def test_flagged_seat_may_not_rob():
    """South passes a self-drawn win (discarding its winning 3s keeps the flag), then West adds
    a kong of South's other winning tile: the rob is refused with PASS_OVER."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "234m678m345p789p45s11z3s",
            "444z333z222z1m1m9m9m",
            "111s999s222p888m555z1m",
        ],
        active=S,
        melds=ROB_MELDS,
        discards=("2s", "", "7p", "4p"),
        wall="6s",
        tail="7m",
        auto_pass=False,
        pass_over=True,
    )
    assert listed(d, S, T.SELF_DRAWN_WIN)
    discard(d, S, "3s")
    assert flag(d, S)
    pass_all(d)
    assert d.to_act == (W,) and id_code(d.drawn_tile) == "6s"
    d.apply(find(d, W, T.ADDED_KONG, "6s"))
    if d.phase is Phase.ROB and S in d.to_act:
        refused(d, Action(T.WIN, S), "PASS_OVER")
    else:
        assert not listed(d, S, T.WIN)


# -------------------------------------------- §20.5.3 discard restrictions, claim-back

#: North (next after West) holds 1m 2m 3m 3m 4m 5m 6m 7m: it can chow West's 4m with 23m,
#: 35m or 56m, and pung nothing. The wall: East 9p, South 1z, West 3z, North 8p.
CH_HANDS = [
    "111p999p666z777z1s1s9s9s",
    "111z222z333z444z7s7s8s8s",
    "4m555z888m999m3p3p6p6p2s3s7p",
    "1m2m3m3m4m5m6m7m222p444p55s",
]


def chow_deal(mode: str, *, discards=("6z", "5z", "", ""), north: str | None = None, **sw) -> Deal:
    hands = list(CH_HANDS)
    if north is not None:
        hands[N] = north
    d = mk(
        hands, active=W, discards=discards, wall="9p 4z 3z 8p", chow_discard_restriction=mode, **sw
    )
    discard(d, W, "4m")
    assert d.to_act == (N,)
    return d


SHAPES = {  # hand tiles → (forbidden under same_kind, forbidden under strict)
    ("2m", "3m"): ({"4m"}, {"4m", "1m"}),
    ("5m", "6m"): ({"4m"}, {"4m", "7m"}),
    ("3m", "5m"): ({"4m"}, {"4m"}),
}


@pytest.mark.parametrize("mode", ["none", "same_kind", "strict"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_forbidden_discards_after_chow(mode, shape):
    d = chow_deal(mode)
    d.apply(find(d, N, T.CHOW, *shape))
    assert d.phase is Phase.AFTER_CLAIM and d.to_act == (N,)
    forbidden = set() if mode == "none" else SHAPES[shape][mode == "strict"]
    held = {id_code(t) for t in d.hands[N]}
    for kind in sorted(held & {"1m", "4m", "7m", "3m", "2p"}):
        a = make(d, T.DISCARD, N, kind)
        if kind in forbidden:
            refused(d, a, "FORBIDDEN_DISCARD")
        else:
            assert d.is_legal(a) if hasattr(d, "is_legal") else True
            assert listed(d, N, T.DISCARD, kind)


def test_forbidden_set_emptied_by_the_claimers_discard():
    """§20.5.3 rule 3: after the claimer's discard its next turn may discard 4m and 1m."""
    d = chow_deal("strict")
    d.apply(find(d, N, T.CHOW, "2m", "3m"))
    discard(d, N, "2p")
    pass_all(d)
    for p in (E, S, W):
        draw_discard_drawn(d, p)
    assert d.to_act == (N,) and d.phase is Phase.ACTION
    assert listed(d, N, T.DISCARD, "4m") and listed(d, N, T.DISCARD, "1m")


#: North holds four claimed pungs of honours and 6m 7m 8m 8m; West discards 5m.
FOUR_SETS = {
    "hands": [
        "111p999m111s999s5p5p6p6p",
        "2m2m2m3m3m3m7p7p7p2s2s2s3s3s4s4s",
        "5m555z666z777z2p2p2p3p3p3p4p",
        "6m7m8m8m",
    ],
    "melds": ("", "", "", "[111z] [222z] [333z] [444z]"),
    "discards": ("9s 8s", "1s 7s", "6s", "9p 9p 8p 8p"),
}


@pytest.mark.parametrize(
    ("mode", "north", "legal_chow"),
    [
        ("strict", "6m7m8m8m", False),  # keeps 8m 8m; strict forbids 5m and 8m
        ("same_kind", "6m7m8m8m", True),  # keeps 8m 8m; only 5m forbidden
        ("none", "6m7m8m8m", True),
        ("same_kind", "5m5m6m7m", False),  # keeps 5m 5m (chow 5m with 67m): only 5m forbidden
        ("strict", "5m5m6m7m", False),
    ],
)
def test_chow_illegal_when_every_kept_tile_forbidden(mode, north, legal_chow):
    hands = list(FOUR_SETS["hands"])
    hands[N] = north
    if north == "5m5m6m7m":
        hands[W] = "5m555z666z777z2p2p2p3p3p3p8m"
    d = mk(
        hands,
        active=W,
        melds=FOUR_SETS["melds"],
        discards=FOUR_SETS["discards"],
        chow_discard_restriction=mode,
    )
    discard(d, W, "5m")
    assert N in d.to_act
    a = make(d, T.CHOW, N, "6m", "7m")
    if legal_chow:
        assert listed(d, N, T.CHOW, "6m", "7m")
    else:
        refused(d, a, "FORBIDDEN_DISCARD")
        if north == "5m5m6m7m":  # the pung of 5m stays legal: it leaves 6m 7m
            assert listed(d, N, T.PUNG, "5m", "5m")


#: North holds 777p; West discards 7p. East holds nothing of it.
PG_HANDS = [
    "111p999p666z777z1s1s9s9s",
    "111z222z333z444z7s7s8s8s",
    "7p555z888m999m3p3p6p6p2s3s4m",
    "1m2m3m5m6m7m7p7p7p222p44p55s",
]


@pytest.mark.parametrize("restricted", [True, False])
def test_pung_discard_restriction(restricted):
    d = mk(PG_HANDS, active=W, discards=("6z", "5z", "", ""), pung_discard_restriction=restricted)
    discard(d, W, "7p")
    d.apply(find(d, N, T.PUNG, "7p", "7p"))
    a = make(d, T.DISCARD, N, "7p")
    if restricted:
        refused(d, a, "FORBIDDEN_DISCARD")
    else:
        assert listed(d, N, T.DISCARD, "7p")
    assert listed(d, N, T.DISCARD, "1m")


@pytest.mark.parametrize("upper", [False, True])
def test_kong_from_upper_discard(upper):
    """§20.5.5 rule 1: North is the next player after West: its exposed kong on West's 7p is
    refused (KONG_NOT_ALLOWED) with the switch off; its pung stays legal."""
    d = mk(PG_HANDS, active=W, discards=("6z", "5z", "", ""), kong_from_upper_discard=upper)
    discard(d, W, "7p")
    a = make(d, T.KONG, N, "7p", "7p", "7p")
    if upper:
        assert listed(d, N, T.KONG, "7p", "7p", "7p")
    else:
        refused(d, a, "KONG_NOT_ALLOWED")
    assert listed(d, N, T.PUNG, "7p", "7p")


def test_kong_not_from_upper_seat_stays_legal():
    """East (not the next player after West) holds 777p: its exposed kong stays legal."""
    hands = list(PG_HANDS)
    hands[E], hands[N] = "777p999p666z111p1s1s9s9s", "1m2m3m5m6m7m3s3s3s222p44p55s"
    d = mk(hands, active=W, discards=("6z", "5z", "", ""), kong_from_upper_discard=False)
    discard(d, W, "7p")
    assert listed(d, E, T.KONG, "7p", "7p", "7p")


#: Claim-back: every seat has discarded once or twice; North's most recent discard is
#: ``last``; West (to act) discards 4m; North holds 2m 3m 4m 4m 5m 6m.
def claim_back_deal(
    last: str, restriction: bool = True, mode: str = "none", auto_pass: bool = False
) -> Deal:
    hands = [
        "111p999p666z777z1s1s9s9s",
        "111z222z333z444z7s7s8s8s",
        "4m555z888m999m3p3p6p6p2s3s7p",
        "2m3m4m4m5m6m9s9s222p444p55s",
    ]
    d = mk(
        hands,
        active=W,
        discards=("6z 2p", "5z 2z", "8p", last),
        claim_back_restriction=restriction,
        auto_pass=auto_pass,
        chow_discard_restriction=mode,
    )
    discard(d, W, "4m")
    assert N in d.to_act
    return d


@pytest.mark.parametrize("mode", ["none", "same_kind", "strict"])
def test_claim_back_chow(mode):
    """North last discarded 1m: a chow of 4m with 23m (strict set {4m, 1m}) is refused,
    whatever chow_discard_restriction is; 56m and 35m... (35m absent) stay legal."""
    d = claim_back_deal("1m", mode=mode)
    refused(d, make(d, T.CHOW, N, "2m", "3m"), "CLAIM_BACK")
    assert listed(d, N, T.CHOW, "5m", "6m")


def test_claim_back_chow_far_end_7m():
    d = claim_back_deal("7m")
    refused(d, make(d, T.CHOW, N, "5m", "6m"), "CLAIM_BACK")
    assert listed(d, N, T.CHOW, "2m", "3m")


def test_claim_back_pung_and_same_kind_chows():
    d = claim_back_deal("4m")
    refused(d, make(d, T.PUNG, N, "4m", "4m"), "CLAIM_BACK")
    refused(d, make(d, T.CHOW, N, "2m", "3m"), "CLAIM_BACK")
    refused(d, make(d, T.CHOW, N, "5m", "6m"), "CLAIM_BACK")


def test_claim_back_off_allows_all():
    d = claim_back_deal("4m", restriction=False)
    assert listed(d, N, T.PUNG, "4m", "4m") and listed(d, N, T.CHOW, "2m", "3m")


# ----------------------------------------------- §20.5.5 rule 2: exposed kong replacement

#: Second go-round; East (to act) discards 5z; West holds 555z and single-waits on 5s.
EK_HANDS = [
    "5z111p222p333p444p6p6p7p8p",
    "111s222s333s444s6s6s7s8s",
    "555z123m456m789m123p5s",
    "111z222z333z444z6z6z7z7z",
]


def ek_deal(west: str | None = None, tail: str = "5s 7m", **sw) -> Deal:
    hands = list(EK_HANDS)
    if west is not None:
        hands[W] = west
    d = mk(
        hands, active=E, discards=("9p", "9p", "9p", "9p"), tail=tail, **{"pass_over": True, **sw}
    )
    discard(d, E, "5z")
    d.apply(find(d, W, T.KONG, "5z", "5z", "5z"))
    assert d.phase is Phase.ACTION and d.to_act == (W,)
    return d


def test_exposed_kong_replacement_win_allowed_by_default():
    d = ek_deal()
    assert id_code(d.drawn_tile) == "5s"
    d.apply(find(d, W, T.SELF_DRAWN_WIN))
    assert d.result.winners == (W,)


def test_no_win_on_exposed_kong_replacement_and_no_flag():
    d = ek_deal(exposed_kong_replacement_win=False)
    assert id_code(d.drawn_tile) == "5s"
    refused(d, Action(T.SELF_DRAWN_WIN, W), "WRONG_PHASE")
    discard(d, W, "5s")
    assert not flag(d, W) and flag_events(d, seat=W) == []


def test_concealed_kong_on_the_chain_starts_a_new_chain():
    """The replacement 1m gives West a concealed kong; its replacement 5s may be won on."""
    d = ek_deal(west="555z111m456m789m123p5s", tail="1m 5s 7m", exposed_kong_replacement_win=False)
    assert id_code(d.drawn_tile) == "1m"
    d.apply(find(d, W, T.CONCEALED_KONG, "1m", "1m", "1m", "1m"))
    assert d.to_act == (W,) and id_code(d.drawn_tile) == "5s"
    d.apply(find(d, W, T.SELF_DRAWN_WIN))
    assert d.result.winners == (W,)


def test_win_on_discard_after_exposed_kong_is_unaffected():
    """Only the self-drawn win on the chain is barred: after discarding, West may win on a
    discard of 5s as usual."""
    d = ek_deal(tail="7m 8m", exposed_kong_replacement_win=False)
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))  # 7m
    pass_all(d)
    assert d.to_act == (N,)
    assert not flag(d, W)


# ---------------------------------------------------------- §20.6.1 ready declaration

#: South has just drawn ``drawn`` into 234m 678m 345p 789p 45s 11z (waits 3s / 6s).
RD_HANDS = [
    "111p999p666z777z1s9s5m5m",
    "234m678m345p789p45s11z",
    "6s444z333z222z1m1m9m9m5p5p",
    "111s999s222p888m555z1m",
]


def rd_deal(drawn: str = "7z", wall: str = "8p 8p 8p 2z", south: str | None = None, **sw) -> Deal:
    hands = list(RD_HANDS)
    hands[S] = (south or RD_HANDS[S]) + drawn
    return mk(
        hands, active=S, discards=("2s", "", "", ""), wall=wall, **{"ready_declaration": True, **sw}
    )


def declare(d: Deal, p: int, code: str) -> None:
    d.apply(make(d, T.DECLARE_READY, p, code))
    pass_all(d)


def round_to(d: Deal, p: int) -> None:
    """Every other seat discards the tile it draws until ``p`` is to act."""
    while d.to_act != (p,) or d.phase is not Phase.ACTION:
        draw_discard_drawn(d, d.to_act[0])


def test_declare_ready_legal_public_and_a_discard():
    d = rd_deal()
    declare(d, S, "7z")
    assert "declared_ready" in d.public_flags[S]
    disc = [e for e in d.events if e.type == "discard"][-1]
    assert disc.player == S and id_code(disc.data["tile"]) == "7z"
    ev = [e for e in d.events if e.type == "declare_ready" and e.data["flag"] == "declared_ready"]
    assert len(ev) == 1 and all(visible_event(ev[0], q) is not None for q in range(4))
    for q in range(4):
        assert "declared_ready" in d.view(q).public_flags[S]


def test_declare_ready_not_ready():
    d = rd_deal()
    refused(d, make(d, T.DECLARE_READY, S, "2m"), "NOT_READY")


def test_declare_ready_needs_the_switch():
    d = rd_deal(ready_declaration=False)
    refused(d, make(d, T.DECLARE_READY, S, "7z"))


def test_declared_seat_must_discard_drawn_tile():
    d = rd_deal()
    declare(d, S, "7z")
    round_to(d, S)
    assert id_code(d.drawn_tile) == "2z"
    refused(d, make(d, T.DISCARD, S, "2m"), "READY_LOCKED")
    assert [a for a in d.legal_actions(S) if a.type is T.DISCARD] == [
        Action(T.DISCARD, S, (d.drawn_tile,))
    ]


def test_second_declaration_already_declared():
    d = rd_deal()
    declare(d, S, "7z")
    round_to(d, S)
    refused(d, Action(T.DECLARE_READY, S, (d.drawn_tile,)), "ALREADY_DECLARED")


def test_second_declaration_with_another_tile_error_order():
    """§20.11 A: with several faults the first of §20.6.4's list is reported; READY_LOCKED
    comes before NOT_READY and ALREADY_DECLARED."""
    d = rd_deal()
    declare(d, S, "7z")
    round_to(d, S)
    refused(d, make(d, T.DECLARE_READY, S, "2m"), "READY_LOCKED")


def test_declared_seat_may_not_pung():
    d = rd_deal(wall="1z 8p 8p 2z", auto_pass=False)
    declare(d, S, "7z")
    assert d.to_act == (W,)
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))  # 1z
    assert S in d.to_act
    refused(d, make(d, T.PUNG, S, "1z", "1z"), "READY_LOCKED")


def test_declared_seat_may_not_concealed_kong():
    d = rd_deal(south="234m678m345p789p111z4s", drawn="7z", wall="8p 8p 8p 1z")
    declare(d, S, "7z")
    round_to(d, S)
    assert id_code(d.drawn_tile) == "1z"
    refused(d, make(d, T.CONCEALED_KONG, S, "1z", "1z", "1z", "1z"), "READY_LOCKED")


@pytest.mark.parametrize("pass_over", [True, False])
def test_allow_pass_keeps_declaration_and_earns_flag(pass_over):
    d = rd_deal(wall="3s 8p 8p 2z", pass_over=pass_over)
    declare(d, S, "7z")
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))  # 3s
    assert listed(d, S, T.WIN) and listed(d, S, T.PASS)
    d.apply(Action(T.PASS, S))
    pass_all(d)
    assert "declared_ready" in d.public_flags[S]
    assert flag(d, S) is pass_over


def test_force_win_on_discard():
    d = rd_deal(wall="3s 8p 8p 2z", declared_ready_win="force_win")
    declare(d, S, "7z")
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))  # 3s
    assert d.legal_actions(S) == [Action(T.WIN, S)]
    refused(d, Action(T.PASS, S), "WIN_REQUIRED")
    d.apply(Action(T.WIN, S))
    assert d.result.winners == (S,)


def test_force_win_self_drawn():
    d = rd_deal(wall="8p 8p 8p 6s", declared_ready_win="force_win")
    declare(d, S, "7z")
    round_to(d, S)
    assert d.legal_actions(S) == [Action(T.SELF_DRAWN_WIN, S)]
    refused(d, Action(T.DISCARD, S, (d.drawn_tile,)), "WIN_REQUIRED")


def test_force_win_does_not_apply_before_declaring():
    """force_win binds a declared seat only: an undeclared South may pass its win."""
    d = rd_deal(drawn="6s", declared_ready_win="force_win")
    assert listed(d, S, T.SELF_DRAWN_WIN) and listed(d, S, T.DISCARD)


def test_declaring_instead_of_self_drawn_win_is_a_pass():
    """§20.1: a ready declaration made instead of an offered self-drawn win passes it."""
    d = rd_deal(drawn="6s", pass_over=True)
    assert listed(d, S, T.SELF_DRAWN_WIN)
    d.apply(make(d, T.DECLARE_READY, S, "6s"))
    assert flag(d, S)


def test_declare_ready_legal_while_flagged():
    d = rd_deal(drawn="6s", pass_over=True)
    discard(d, S, "6s")  # passes the self-drawn win: flagged (kept: 6s wins)
    pass_all(d)
    assert flag(d, S)
    round_to(d, S)  # draws 2z... wall 8p 8p 8p 2z
    assert listed(d, S, T.DECLARE_READY, "2z")


def test_declare_ready_never_after_a_claim():
    """South pungs 1z and is in AFTER_CLAIM with a ready hand after discarding 7z-like tiles:
    DECLARE_READY is not legal there (§20.6.1)."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "234m678m345p789p4s5s11z",
            "1z3s6s444z333z222z1m9m9m5p5p",
            "111s999s222p888m555z1m",
        ],
        active=W,
        discards=("2s", "8s", "", ""),
        ready_declaration=True,
    )
    discard(d, W, "1z")
    d.apply(find(d, S, T.PUNG, "1z", "1z"))
    assert d.phase is Phase.AFTER_CLAIM
    assert not any(a.type is T.DECLARE_READY for a in d.legal_actions(S))
    refused(d, make(d, T.DECLARE_READY, S, "4s"))  # 4s would leave a ready hand (5s wait)


# ------------------------------------------------- §20.6.2 ready qualifications (C tables)

#: The start of a deal (common table ``sml``). East (dealer) is ready after discarding 2z
#: (waits 6s / 9s) but not after discarding 5m; South is ready from the deal (3s / 6s); West
#: is not (it becomes ready when it draws 5p and discards 7s); North is ready (1m).
Q_HANDS = [
    "111p999p666z777z5m5m7s8s2z",
    "234m678m345p789p45s11z",
    "7s444z333z222z1m1m9m9m5p5p",
    "111s999s222p888m555z1m",
]


def q_deal(mode: str, wall: str = "8p 5p 8p 8p 2s", hands=None, **sw) -> Deal:
    return mk(hands or Q_HANDS, active=E, wall=wall, table="sml", ready_qualification=mode, **sw)


def quals(d: Deal, p: int) -> set[str]:
    return set(d.private_flags[p]) & {"heavenly_ready", "earthly_ready"}


@pytest.mark.parametrize(
    ("mode", "south_start", "south_after", "dealer_ready", "dealer_after"),
    [
        ("standard", {"heavenly_ready"}, {"heavenly_ready"}, True, {"heavenly_ready"}),
        ("standard", {"heavenly_ready"}, {"heavenly_ready"}, False, set()),
        ("standard_no_dealer", {"heavenly_ready"}, {"heavenly_ready"}, True, set()),
        ("first_eight_discards", set(), {"earthly_ready"}, True, {"heavenly_ready"}),
        ("each_first_discard", set(), {"earthly_ready"}, True, {"earthly_ready"}),
        ("off", set(), set(), True, set()),
    ],
)
def test_qualifications_from_the_deal(mode, south_start, south_after, dealer_ready, dealer_after):
    """R1 (a), (b); R2 (dealer's opening discard: heavenly, others earthly); R3 (earthly, the
    dealer too)."""
    d = q_deal(mode)
    assert quals(d, S) == south_start
    assert quals(d, E) == set()
    discard(d, E, "2z" if dealer_ready else "5m")
    pass_all(d)
    assert quals(d, E) == dealer_after
    draw_discard_drawn(d, S)  # 8p
    assert quals(d, S) == south_after


@pytest.mark.parametrize(
    ("mode", "west"),
    [
        ("standard", {"earthly_ready"}),
        ("standard_no_dealer", {"earthly_ready"}),
        ("first_eight_discards", {"earthly_ready"}),
        ("each_first_discard", {"earthly_ready"}),
    ],
)
def test_earthly_ready_after_first_draw(mode, west):
    """R1 (c): West, not ready before its first normal draw, draws 5p and discards 7s."""
    d = q_deal(mode)
    discard(d, E, "5m")
    pass_all(d)
    draw_discard_drawn(d, S)
    assert d.to_act == (W,) and id_code(d.drawn_tile) == "5p"
    assert quals(d, W) == set()
    discard(d, W, "7s")
    pass_all(d)
    assert quals(d, W) == west


def test_r4_discarding_another_tile_loses_it():
    d = q_deal("standard")
    discard(d, E, "5m")
    pass_all(d)
    assert quals(d, S) == {"heavenly_ready"}
    # South draws 8p and keeps it, discarding 2m: it is no longer drawing-and-discarding.
    discard(d, S, "2m")
    assert quals(d, S) == set()
    ev = [e for e in flag_events(d, "heavenly_ready", seat=S)]
    assert [e.data["value"] for e in ev][-1] is False


def test_r4_claims_by_others_keep_it_concealed_kong_by_anyone_loses_it():
    """West pungs East's opening 2z: South's and North's heavenly stay (R4 lists only the
    seat's own claims). Then a concealed kong by anyone loses every live qualification."""
    d = q_deal("standard", wall="1s 8p 8p 8p 2s")
    discard(d, E, "2z")
    d.apply(find(d, W, T.PUNG, "2z", "2z"))
    discard(d, W, "7s")
    pass_all(d)
    assert quals(d, S) == {"heavenly_ready"} and quals(d, N) == {"heavenly_ready"}
    assert d.to_act == (N,) and id_code(d.drawn_tile) == "1s"
    d.apply(find(d, N, T.CONCEALED_KONG, "1s", "1s", "1s", "1s"))
    assert quals(d, S) == set() and quals(d, N) == set()


def test_qualification_must_be_declared_with_that_discard():
    """With ready_declaration: South's R1 (a) heavenly is lost when its first discard is not a
    declaration, kept when it is."""
    d = q_deal("standard", ready_declaration=True)
    discard(d, E, "5m")
    pass_all(d)
    draw_discard_drawn(d, S)
    assert quals(d, S) == set()
    d = q_deal("standard", ready_declaration=True)
    discard(d, E, "5m")
    pass_all(d)
    d.apply(Action(T.DECLARE_READY, S, (d.drawn_tile,)))
    pass_all(d)
    assert quals(d, S) == {"heavenly_ready"}


def test_qualification_private_to_its_seat():
    d = q_deal("standard")
    evs = flag_events(d, "heavenly_ready", seat=S) or [e for e in d.events if "flag" in e.data]
    assert evs
    for ev in evs:
        for q in range(4):
            assert (visible_event(ev, q) is not None) is (q == ev.player)
    assert "heavenly_ready" in d.view(S).own_flags
    assert "heavenly_ready" not in d.view(E).own_flags


def heavenly_south_win(mode: str = "standard", **sw) -> Deal:
    """South (live heavenly) wins on West's discard of 6s... West discards its drawn 3s."""
    d = q_deal(mode, wall="8p 3s 8p 8p", **sw)
    discard(d, E, "5m")
    pass_all(d)
    if sw.get("ready_declaration"):
        d.apply(Action(T.DECLARE_READY, S, (d.drawn_tile,)))
        pass_all(d)
    else:
        draw_discard_drawn(d, S)
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))
    return d


@pytest.mark.parametrize(
    ("mode", "code"),
    [
        ("standard", "C37"),
        ("first_eight_discards", "C29"),
        ("each_first_discard", "C29"),
        ("off", None),
    ],
)
def test_live_qualification_scores_at_the_win(mode, code):
    d = heavenly_south_win(mode)
    d.apply(find(d, S, T.WIN))
    pass_all(d)
    assert d.result.winners == (S,)
    got = elements(d.result.wins[0])
    for c in ("C37", "C29"):
        assert (c in got) is (c == code), got


@pytest.mark.parametrize(("mode", "want"), [("standard", "C37"), ("off", "C15")])
def test_declared_win_scores_one_qualification_element(mode, want):
    """C15 only without C29/C37 (§20.4 C15, §20.4.2 rule 1: at most one)."""
    d = heavenly_south_win(mode, ready_declaration=True)
    d.apply(find(d, S, T.WIN))
    pass_all(d)
    got = elements(d.result.wins[0])
    assert [c for c in got if c in ("C15", "C29", "C37")] == [want]


@pytest.mark.parametrize(
    ("policy", "declared", "kept"),
    [
        ("follow_declared", False, set()),
        ("follow_declared", True, {"heavenly_ready"}),
        ("lose_earthly_on_pass", True, {"heavenly_ready"}),
        ("lose_earthly_on_pass", False, set()),
    ],
)
def test_r6_passing_a_win_heavenly(policy, declared, kept):
    sw = {"qualified_ready_win": policy}
    if declared:
        sw["ready_declaration"] = True
    d = heavenly_south_win("standard", **sw)
    d.apply(Action(T.PASS, S))
    pass_all(d)
    assert quals(d, S) == kept


@pytest.mark.parametrize(
    ("policy", "declared", "kept"),
    [
        ("follow_declared", True, {"earthly_ready"}),
        ("lose_earthly_on_pass", True, set()),
        ("follow_declared", False, set()),
    ],
)
def test_r6_passing_a_win_earthly(policy, declared, kept):
    sw = {"qualified_ready_win": policy}
    if declared:
        sw["ready_declaration"] = True
    d = heavenly_south_win("each_first_discard", **sw)
    d.apply(Action(T.PASS, S))
    pass_all(d)
    assert quals(d, S) == kept


def test_r6_force_win_for_a_qualified_seat():
    d = heavenly_south_win("standard", qualified_ready_win="force_win")
    assert d.legal_actions(S) == [Action(T.WIN, S)]
    refused(d, Action(T.PASS, S), "WIN_REQUIRED")


def test_r6_declared_allow_pass_beats_follow_declared_only_with_allow_pass():
    """follow_declared with declared_ready_win = force_win: the seat may not pass at all."""
    d = heavenly_south_win("standard", ready_declaration=True, declared_ready_win="force_win")
    refused(d, Action(T.PASS, S), "WIN_REQUIRED")


# ------------------------------------------- §20.6.1 more: readiness, start of play


def test_not_ready_when_the_only_wait_is_a_kind_held_four_times():
    """§20.1 Ready uses W of §10, which excludes kinds held four times: 1111s after 7z waits
    on nothing; discarding a 1s instead leaves a 7z single wait."""
    hands = [
        "111p999p666z777z5m5m9s9s",
        "234m678m345p789p1111s7z",
        "6s444z333z222z1m1m9m9m5p5p",
        "222s333s222p888m555z1m",
    ]
    d = mk(hands, active=S, discards=("2s", "", "", ""), ready_declaration=True)
    refused(d, make(d, T.DECLARE_READY, S, "7z"), "NOT_READY")
    assert listed(d, S, T.DECLARE_READY, "1s")


@pytest.mark.parametrize("min_tai", [20, 200])
def test_ready_ignores_tai(min_tai):
    """§20.1 / R5: readiness ignores Tai, so a hand whose waits cannot reach min_tai may still
    declare."""
    r = mf.Ruleset.from_name("taiwanese-high").replace(min_tai=min_tai, ready_declaration=True)
    d = Deal.from_hands(
        [RD_HANDS[0], RD_HANDS[1] + "7z", RD_HANDS[2], RD_HANDS[3]],
        dealer=E,
        active=S,
        discards=["2s", "", "", ""],
        rules=r,
    )
    assert listed(d, S, T.DECLARE_READY, "7z")


def test_dealer_may_declare_with_the_opening_discard():
    d = mk(Q_HANDS, active=E, ready_declaration=True)
    assert listed(d, E, T.DECLARE_READY, "2z")
    refused(d, make(d, T.DECLARE_READY, E, "5m"), "NOT_READY")


# ------------------------------------------------- §20.6.3 the automatic added kong

#: South holds a claimed pung of 1z and 234m 678m 345p 789p 4s; it draws 7z and declares with
#: it (4s single wait); the wall gives West, North, East 8p and South the fourth 1z.
AK_HANDS = [
    "111p999p666z777z1s9s5m5m",
    "234m678m345p789p4s7z",
    "6s444z333z222z1m1m9m9m5p5p",
    "111s999s222p888m555z1m",
]


def ak_deal(**sw) -> Deal:
    d = mk(
        AK_HANDS,
        active=S,
        melds=("", "[111z]", "", ""),
        discards=("2s", "3s", "8s", "7s"),
        wall="8p 8p 8p 1z",
        tail="2p 3p",
        **{"ready_declaration": True, **sw},
    )
    declare(d, S, "7z")
    round_to(d, S)
    return d


def test_automatic_added_kong_made_public_and_declaration_stays():
    d = ak_deal(declared_ready_auto_added_kong=True)
    assert d.to_act == (S,) and id_code(d.drawn_tile) == "2p"  # the kong's replacement
    auto = [
        e
        for e in d.events
        if e.type == "action" and e.data.get("auto") and e.data["action"]["type"] == "added_kong"
    ]
    kong = [e for e in d.events if e.type == "added_kong"]
    assert len(auto) == 1 and len(kong) == 1 and kong[0].player == S
    for q in range(4):
        assert visible_event(auto[0], q) is not None and visible_event(kong[0], q) is not None
    assert "declared_ready" in d.public_flags[S]
    refused(d, make(d, T.DISCARD, S, "2m"), "READY_LOCKED")
    assert [a.type for a in d.legal_actions(S)] == [T.DISCARD]


def test_no_automatic_kong_without_the_switch_and_no_manual_one():
    d = ak_deal()
    assert id_code(d.drawn_tile) == "1z"
    refused(d, make(d, T.ADDED_KONG, S, "1z"), "READY_LOCKED")
    assert [a for a in d.legal_actions(S) if a.type is not T.PASS] == [
        Action(T.DISCARD, S, (d.drawn_tile,))
    ]


def test_automatic_added_kong_clears_pass_over_flag():
    """§20.5.2 rule 5 includes the automatic added kong: South, flagged (it passed West's 4s),
    gets the kong made for it and the flag is cleared (17 tiles with 1z are no win)."""
    d = mk(
        AK_HANDS,
        active=S,
        melds=("", "[111z]", "", ""),
        discards=("2s", "3s", "8s", "7s"),
        wall="4s 8p 8p 1z",
        tail="2p 3p",
        ready_declaration=True,
        declared_ready_auto_added_kong=True,
        pass_over=True,
    )
    declare(d, S, "7z")
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))  # 4s
    d.apply(Action(T.PASS, S))
    pass_all(d)
    assert flag(d, S)
    round_to(d, S)
    assert id_code(d.drawn_tile) == "2p"
    assert not flag(d, S)


# ------------------------------------------------- several winners in a ROB window


def test_head_bump_in_rob_window():
    """§20.5.1 applies to one robbed tile too: West adds a kong of 6s; North (first after
    West) and South both rob; head_bump: North only."""
    hands = [
        "111p999p666z777z1s9s5m5m",
        "234m678m345p789p45s11z",
        "444z333z222z1m1m9m9m6s",
        "111s999s222p888m55z7s8s",
    ]
    d = mk(
        hands,
        active=W,
        melds=ROB_MELDS,
        discards=("2s", "8s", "7p", "4p"),
        several_winners="head_bump",
        pass_over=True,
    )
    d.apply(find(d, W, T.ADDED_KONG, "6s"))
    assert set(d.to_act) >= {S, N}
    d.apply(Action(T.WIN, S))
    d.apply(Action(T.WIN, N))
    pass_all(d)
    assert d.result.winners == (N,)
    assert flag_events(d) == []


# ------------------------------------------------- §20.6.2 timing limits of R1–R3


@pytest.mark.parametrize(
    ("mode", "at_fifth"),
    [
        ("standard", True),
        ("standard", False),
        ("first_eight_discards", True),
        ("first_eight_discards", False),
    ],
)
def test_dealer_becomes_ready_on_discard_5_or_9(mode, at_fifth):
    """East opens with 5m (not ready). Drawing 5m and discarding 2z makes it ready: on discard
    5 (its second) that is earthly under R1 (c) and R2; on discard 9 it is nothing (R1 (c):
    only right after the discard following the first normal draw; R2: at most 8 discards)."""
    wall = "8p 5p 8p 5m 8p 3m 4p 4m" if at_fifth else "8p 5p 8p 4m 8p 3m 4p 5m"
    d = q_deal(mode, wall=wall)
    discard(d, E, "5m")
    pass_all(d)
    for _ in range(3):
        draw_discard_drawn(d, d.to_act[0])
    if not at_fifth:
        draw_discard_drawn(d, E)  # discard 5: the drawn 4m
        for _ in range(3):
            draw_discard_drawn(d, d.to_act[0])
    assert d.to_act == (E,) and id_code(d.drawn_tile) == "5m"
    discard(d, E, "2z")
    pass_all(d)
    assert quals(d, E) == ({"earthly_ready"} if at_fifth else set())


def test_r3_ignores_interruptions_by_others():
    """R3 asks only for no own declared set and no concealed kong: West's pung of East's 2z
    does not stop North (ready) from earning earthly with its first discard."""
    d = q_deal("each_first_discard", wall="8p 5p 8p 8p")
    discard(d, E, "2z")
    d.apply(find(d, W, T.PUNG, "2z", "2z"))
    discard(d, W, "7s")
    pass_all(d)
    assert quals(d, W) == set()  # West has a declared set (and is not ready)
    draw_discard_drawn(d, N)
    assert quals(d, N) == {"earthly_ready"}


@pytest.mark.parametrize("mode", ["standard", "first_eight_discards"])
def test_r1c_and_r2_need_no_interruption(mode):
    """East opens with 5m; South draws the fourth 1s and discards it; North pungs it (an
    interruption) and discards 1m. East then draws 5m and discards 2z: ready on its second
    discard, but after an interruption, so no earthly (R1: "(a)–(c) only while there has been
    no interruption"; R2: "if there has been no interruption")."""
    d = q_deal(mode, wall="1s 5m 8p 8p")
    discard(d, E, "5m")
    pass_all(d)
    d.apply(Action(T.DISCARD, S, (d.drawn_tile,)))
    d.apply(find(d, N, T.PUNG, "1s", "1s"))
    discard(d, N, "1m")
    pass_all(d)
    assert d.to_act == (E,) and id_code(d.drawn_tile) == "5m"
    discard(d, E, "2z")
    pass_all(d)
    assert quals(d, E) == set()


# ------------------------------------------------------------ disagreements (§20.5.2, §20.6.4)


@pytest.mark.xfail(
    strict=True,
    reason="TW §20.5.2 rule 1: in RESPONSE the flag is set 'when the window "
    "closes'; the engine sets it (and logs it) at the pass, while other seats still answer "
    "(a reading docs/taiwanese-rules.md admits)",
)
def test_flag_set_when_the_window_closes_not_at_the_pass():
    d = mk(
        list(PO_HANDS),
        active=W,
        discards=("2s", "8s", "", ""),
        wall="6s 1z 4s 3s",
        auto_pass=False,
        pass_over=True,
    )
    discard(d, W, "3s")
    assert len(d.to_act) > 1
    d.apply(Action(T.PASS, S))
    assert d.phase is Phase.RESPONSE  # the window is still open
    assert not flag(d, S) and flag_events(d) == []


def test_flag_set_when_the_window_closes_engine_reading():
    """The engine's reading, pinned: the flag is on right after the pass; the end state after
    the window is the same."""
    d = mk(
        list(PO_HANDS),
        active=W,
        discards=("2s", "8s", "", ""),
        wall="6s 1z 4s 3s",
        auto_pass=False,
        pass_over=True,
    )
    discard(d, W, "3s")
    d.apply(Action(T.PASS, S))
    assert flag(d, S)
    pass_all(d)
    assert flag(d, S)


#: South holds a self-drawn win worth 19 Tai (second go-round position) but only 12 on a
#: discard; with min_tai 13 a pass by discarding the winning tile sets the flag and clears it.
SET_CLEAR_HANDS = [
    "111p999p666z777z1s9s5m5m",
    "234m678m345p789p45s11z6s",
    "3s444z333z222z1m1m9m9m5p5p",
    "111s999s222p888m555z1m",
]


def set_clear_deal(min_tai: int) -> Deal:
    r = mf.Ruleset.from_name("taiwanese-high").replace(min_tai=min_tai, pass_over=True)
    return Deal.from_hands(
        SET_CLEAR_HANDS, dealer=E, active=S, discards=["2s 2z", "8s", "7p", "4p"], rules=r
    )


@pytest.mark.parametrize(("min_tai", "kept"), [(12, True), (13, False)])
def test_clear_by_discard_uses_the_discard_win_and_min_tai(min_tai, kept):
    """Rule 1 + rule 4: the self-drawn win is legal at both minimums; discarding the winning
    6s keeps the flag only if 6s on a discard would be a legal win (≥ min_tai)."""
    d = set_clear_deal(min_tai)
    assert listed(d, S, T.SELF_DRAWN_WIN)
    discard(d, S, "6s")
    assert flag(d, S) is kept


def test_set_and_cleared_by_one_discard_are_both_logged():
    d = set_clear_deal(13)
    discard(d, S, "6s")
    assert [e.data["value"] for e in flag_events(d, seat=S)] == [True, False]


def test_qualifications_visible_to_all_after_the_result():
    d = heavenly_south_win("standard")
    d.apply(find(d, S, T.WIN))
    pass_all(d)
    assert d.phase is Phase.ENDED and "heavenly_ready" in d.private_flags[N]
    seen_by_east = [visible_event(e, E) for e in flag_events(d, "heavenly_ready", seat=N)]
    text = repr(d.result.to_dict()) + repr(d.view(E).public_flags) + repr(d.view(E).own_flags)
    assert any(x is not None for x in seen_by_east) or "heavenly" in text.lower().replace(
        "heavenly ready", ""
    )


def test_draw_events_carry_reserve_and_live():
    d = po_deal()
    draws = [e for e in d.events if e.type in ("draw", "replacement_draw")]
    assert draws
    assert all({"reserve", "live"} <= set(e.data) for e in draws)


# ---------------------------------------------------------------- logs and replay


REPLAY_SWITCHES: list[dict[str, Any]] = [
    {
        "ready_declaration": True,
        "declared_ready_win": "force_win",
        "declared_ready_auto_added_kong": True,
    },
    {
        "ready_declaration": True,
        "declared_ready_win": "allow_pass",
        "several_winners": "all_win",
        "claim_back_restriction": True,
        "ready_qualification": "first_eight_discards",
        "qualified_ready_win": "lose_earthly_on_pass",
    },
    {
        "several_winners": "head_bump",
        "pass_over_self_draw": False,
        "pass_over_kong_releases": False,
        "chow_discard_restriction": "same_kind",
        "kong_from_upper_discard": True,
        "rob_added_kong": False,
        "exposed_kong_replacement_win": True,
        "ready_qualification": "each_first_discard",
    },
]


@pytest.mark.parametrize("sw", range(len(REPLAY_SWITCHES)))
def test_log_replays_the_deals(tmp_path, sw):
    r = mf.Ruleset.from_name("taiwanese-omu-standard").replace(
        match_length="one_deal", **REPLAY_SWITCHES[sw]
    )
    flags: set[str] = set()
    for seed in range(4):
        path = tmp_path / f"m{seed}.jsonl"
        seats = [make_seat("random" if q % 2 else "greedy", seed * 4 + q) for q in range(4)]
        m = play_match(seats, seed=seed, rules=r, log=path)
        rows = [json.loads(x) for x in path.read_text("utf-8").splitlines()]
        flags |= {o["flag"] for o in rows if "flag" in o}
        got = replay(path)
        assert [g.to_dict() for g in got] == [x.to_dict() for x in m.results]
        assert rows[0]["ruleset"]["switches"] == r.to_dict()["switches"]  # §20.0 rule 4
    if REPLAY_SWITCHES[sw].get("ready_declaration"):
        assert "declared_ready" in flags  # some rule state was logged and replayed


def test_tampered_ready_declaration_is_a_replay_error(tmp_path):
    r = mf.Ruleset.from_name("taiwanese-omu-standard").replace(
        match_length="one_deal", ready_declaration=True
    )
    for seed in range(10):
        path = tmp_path / f"m{seed}.jsonl"
        play_match([make_seat("greedy", q) for q in range(4)], seed=seed, rules=r, log=path)
        lines = path.read_text("utf-8").splitlines()
        idx = [
            i
            for i, x in enumerate(lines)
            if '"declare_ready"' in x and '"e":"action"' in x.replace(" ", "")
        ]
        if idx:
            break
    else:
        pytest.skip("no declaration in 10 deals")
    bad = (
        lines[: idx[0]]
        + [lines[idx[0]].replace('"declare_ready"', '"discard"')]
        + lines[idx[0] + 1 :]
    )
    with pytest.raises(ReplayError) as err:
        replay(bad)
    assert err.value.line is not None
    # dropping the public declare_ready flag event is caught as well
    flag_i = next(i for i, x in enumerate(lines) if '"e":"declare_ready"' in x)
    with pytest.raises(ReplayError):
        replay(lines[:flag_i] + lines[flag_i + 1 :])


# ------------------------------------------------------------ what a player meets


def test_hint_rows_with_a_ready_declaration_legal():
    d = rd_deal(table="sml")
    assert listed(d, S, T.DECLARE_READY, "7z")
    rows = advice.hint_rows(d.view(S), d.legal_actions(S))
    assert any(r.command.startswith("ready") for r in rows)


def test_deal_hint_lists_the_ready_declaration():
    d = rd_deal()
    assert any(r.command.startswith("ready") for r in d.hint(S))


def play_cli(args, stdin: str, timeout: int = 120) -> subprocess.CompletedProcess:
    exe = os.path.join(os.path.dirname(sys.executable), "mahjong-fast")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.run(
        [exe, *args],
        check=False,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


@pytest.mark.parametrize(
    "rule",
    [
        "ready_declaration=maybe",
        "declared_ready_win=force",
        "declared_ready_win=force_win",
        "pass_over_self_draw=false",
        "several_winners=all",
        "several_winnerz=all_win",
        "ready_qualification=standard",
        "ready_declaration",
        "chow_discard_restriction=STRICT",
    ],
)
def test_cli_bad_rule_is_one_line_exit_2(rule):
    """A mistaken switch on `play` (unknown, bad value, CE-DEP, CE-TABLE, no '='): exit 2, one
    line on stderr naming it, no traceback."""
    cp = play_cli(["play", "--rules", "taiwanese-high", "--seed", "1", "--rule", rule], "")
    assert cp.returncode == 2
    err = cp.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:") and "Traceback" not in cp.stderr
    assert rule.split("=")[0] in err[0]


def test_cli_ready_commands_refused_in_one_line_each():
    """Bad `ready` commands at the first discard prompt are answered in one line each and the
    game goes on (the prompt comes back)."""
    cmds = ["ready", "ready 9x", "ready 1m", "ready 1f", "ready 1m 2m", "quit", "y"]
    cp = play_cli(
        [
            "play",
            "--no-confirm",
            "--rules",
            "taiwanese-omu-standard",
            "--seed",
            "4",
            "--rule",
            "ready_declaration=true",
            "--rule",
            "match_length=one_deal",
        ],
        "\n".join(cmds) + "\n",
    )
    assert cp.returncode == 0 and "Traceback" not in cp.stdout + cp.stderr
    prompts = cp.stdout.count("discard (code or 1-17)>")
    assert prompts >= 6


def test_cli_shows_an_opponents_ready_declaration(tmp_path):
    log = tmp_path / "t.jsonl"
    answers = [".", "", ".", ".", ".", ".", "", "", ".", ".", ".", "", "", ""]
    cp = play_cli(
        [
            "play",
            "--no-confirm",
            "--rules",
            "taiwanese-omu-standard",
            "--seed",
            "1",
            "--rule",
            "ready_declaration=true",
            "--rule",
            "match_length=one_deal",
            "--log",
            str(log),
        ],
        "\n".join(answers) + "\n",
    )
    rows = [json.loads(x) for x in log.read_text("utf-8").splitlines()]
    declared = [
        o["p"] for o in rows if o.get("e") == "declare_ready" and o.get("flag") == "declared_ready"
    ]
    assert declared and 0 not in declared  # an opponent declared in this deal
    body = cp.stdout.split("\n", 1)[1]  # the first line lists the switches
    shown = [ln for ln in body.splitlines() if "ready" in ln.lower() and "Ready declared" not in ln]
    assert shown, "no line of the game mentions the opponent's declaration"


# ------------------------------------------------------------- interactions


def test_force_win_does_not_force_a_win_the_flag_forbids():
    """A flagged seat is not offered a win (§20.5.2 rule 1/2), so force_win (§20.6.1 item 3)
    has nothing to force: South passes its self-drawn win by declaring with the winning 6s
    (flag kept by rule 4); West's 3s then needs no answer from South, and South's self-drawn
    3s must simply be discarded."""
    d = rd_deal(drawn="6s", wall="3s 8p 8p 3s", pass_over=True, declared_ready_win="force_win")
    d.apply(make(d, T.DECLARE_READY, S, "6s"))
    assert flag(d, S)
    pass_all(d)
    d.apply(Action(T.DISCARD, W, (d.drawn_tile,)))  # 3s
    assert S not in d.to_act or not listed(d, S, T.WIN)
    pass_all(d)
    round_to(d, S)
    assert id_code(d.drawn_tile) == "3s"
    assert d.legal_actions(S) == [Action(T.DISCARD, S, (d.drawn_tile,))]


def test_exposed_kong_chain_includes_bonus_replacements():
    """§20.5.5 rule 2: the chain is the replacement 'and any bonus replacements after it'."""
    d = ek_deal(tail="1f 5s 7m", exposed_kong_replacement_win=False)
    assert id_code(d.drawn_tile) == "5s" and len(d.bonus[W]) == 1
    refused(d, Action(T.SELF_DRAWN_WIN, W), "WRONG_PHASE")


def test_declare_ready_after_a_concealed_kong_replacement():
    """§20.6.1: ACTION entered by a replacement draw allows the declaration."""
    hands = list(RD_HANDS)
    hands[S] = "234m678m345p789p4s1111z"
    d = mk(hands, active=S, discards=("2s", "", "", ""), tail="7z", ready_declaration=True)
    d.apply(find(d, S, T.CONCEALED_KONG, "1z", "1z", "1z", "1z"))
    assert id_code(d.drawn_tile) == "7z"
    assert listed(d, S, T.DECLARE_READY, "7z")


def test_at_most_one_qualification_per_deal():
    """§20.6.2: 'A seat earns at most one qualification per deal.' Under R2 South earns earthly
    with its first discard (#2), loses it at #6 by keeping the drawn 5s and discarding 4s (R4),
    and is ready again right after discard #6 (≤ 8, no interruption): it must not earn again."""
    d = q_deal("first_eight_discards", wall="8p 5p 8p 8p 5s")
    discard(d, E, "5m")
    pass_all(d)
    draw_discard_drawn(d, S)
    assert quals(d, S) == {"earthly_ready"}
    for p in (W, N, E):
        draw_discard_drawn(d, p)
    assert d.to_act == (S,) and id_code(d.drawn_tile) == "5s"
    discard(d, S, "4s")  # 5s / 1z shanpon: still ready
    pass_all(d)
    assert quals(d, S) == set()


@pytest.mark.parametrize("declare_it", [True, False])
def test_dealer_heavenly_needs_the_opening_declaration(declare_it):
    """R1 (b) with ready_declaration: the qualification arising from the opening discard is
    kept only if that discard was a DECLARE_READY."""
    d = q_deal("standard", ready_declaration=True)
    if declare_it:
        d.apply(make(d, T.DECLARE_READY, E, "2z"))
    else:
        discard(d, E, "2z")
    pass_all(d)
    assert quals(d, E) == ({"heavenly_ready"} if declare_it else set())


def test_r4_own_pung_loses_it():
    """South (heavenly) pungs East's opening 1z... South holds 11z: its pung is a claim (R4)."""
    hands = list(Q_HANDS)
    hands[E] = "111p999p666z777z5m5m7s8s1z"
    d = q_deal("standard", hands=hands)
    assert quals(d, S) == {"heavenly_ready"}
    discard(d, E, "1z")
    d.apply(find(d, S, T.PUNG, "1z", "1z"))
    assert quals(d, S) == set()


def test_forbidden_kinds_follow_from_the_public_claim_event():
    """§20.6.4: the forbidden kinds are 'part of the claim event': every seat sees the claimed
    tile and the run, from which {4m, 1m} follows."""
    d = chow_deal("strict")
    d.apply(find(d, N, T.CHOW, "2m", "3m"))
    ev = [e for e in d.events if e.type == "claim"][-1]
    for q in range(4):
        seen = visible_event(ev, q)
        assert seen is not None and id_code(seen.data["tile"]) == "4m"
        assert codes(seen.data["tiles"]) == ["2m", "3m", "4m"]


@pytest.mark.parametrize("blocks", [True, False])
def test_earning_window_chow_on_a_winning_discard(blocks):
    """§20.5.2 rule 3 for a chow: East (second go-round) discards 3s; South (next, 45s, waits
    3s / 6s) may only win or pass with pass_over_blocks_melds; without it the chow is legal and
    is a pass of the win (flag)."""
    hands = [
        "111p999p666z777z1s9s5m5m3s",
        "234m678m345p789p45s11z",
        "6s444z333z222z1m1m9m9m5p5p",
        "111s999s222p888m555z1m",
    ]
    d = mk(
        hands,
        active=E,
        discards=("2s", "8s", "7p", "4p"),
        pass_over=True,
        pass_over_blocks_melds=blocks,
        auto_pass=False,
    )
    discard(d, E, "3s")
    assert listed(d, S, T.WIN)
    a = make(d, T.CHOW, S, "4s", "5s")
    if blocks:
        refused(d, a, "PASS_OVER")
    else:
        d.apply(a)
        pass_all(d)
        assert d.phase is Phase.AFTER_CLAIM and flag(d, S)


# ------------------------------------------- §20.11 A: one error when several apply


def test_order_pass_over_before_claim_back():
    """North (shanpon 4m / 5s) last discarded 4m; West discards 4m: North's pung breaks rule 3
    of §20.5.2 (PASS_OVER) and claim-back (CLAIM_BACK): PASS_OVER is reported."""
    hands = [
        "111p999p666z777z1s1s9s9s",
        "111z222z333z444z7s7s8s8s",
        "4m555z888m999m3p3p6p6p2s3s7p",
        "4m4m5s5s222p567p234s678s",
    ]
    d = mk(
        hands,
        active=W,
        discards=("6z 2p", "5z 2z", "8p", "4m"),
        claim_back_restriction=True,
        pass_over=True,
        auto_pass=False,
    )
    discard(d, W, "4m")
    assert listed(d, N, T.WIN)
    refused(d, make(d, T.PUNG, N, "4m", "4m"), "PASS_OVER")


def test_order_forbidden_discard_before_claim_back():
    """North (four sets, 6m 7m 8m 8m) last discarded 8m; its chow of 5m with 67m leaves only
    forbidden tiles (FORBIDDEN_DISCARD) and is a claim-back (8m is in the strict set):
    FORBIDDEN_DISCARD is reported."""
    d = mk(
        FOUR_SETS["hands"],
        active=W,
        melds=FOUR_SETS["melds"],
        discards=("9s 8s", "1s 7s", "6s", "9p 9p 8p 8m"),
        chow_discard_restriction="strict",
        claim_back_restriction=True,
        auto_pass=False,
    )
    discard(d, W, "5m")
    refused(d, make(d, T.CHOW, N, "6m", "7m"), "FORBIDDEN_DISCARD")


def test_order_pass_over_before_kong_not_allowed():
    """North (next after West) holds 777p and waits on 7p only; its exposed kong on West's 7p
    breaks rule 3 (PASS_OVER) and kong_from_upper_discard (KONG_NOT_ALLOWED): PASS_OVER."""
    hands = list(PG_HANDS)
    hands[N] = "777p89p234m567m345s9s9s"
    d = mk(
        hands,
        active=W,
        discards=("6z", "6s", "", ""),
        kong_from_upper_discard=False,
        pass_over=True,
        auto_pass=False,
    )
    discard(d, W, "7p")
    assert listed(d, N, T.WIN)
    refused(d, make(d, T.KONG, N, "7p", "7p", "7p"), "PASS_OVER")


# ------------------------------------------- more scenarios, appended as they came up


def test_head_bump_first_in_order_passes_second_wins_and_first_is_flagged():
    """head_bump: North (first after West) passes, South claims: South is the only claimant and
    wins; North passed a legal win, so it earns the flag; South did not pass."""
    d = sw_deal("head_bump", east=False, pass_over=True)
    d.apply(Action(T.PASS, N))
    d.apply(Action(T.WIN, S))
    pass_all(d)
    assert d.result.winners == (S,)
    assert [e.player for e in flag_events(d) if e.data["value"]] == [N]


def test_declaration_with_a_non_winning_tile_clears_the_flag():
    """A ready declaration is a discard (§20.6.1), so rule 4 of §20.5.2 applies: South, flagged
    (it passed West's 3s), declares with the 7z it drew: 7z is no win, the flag is cleared."""
    hands = list(PO_HANDS)
    d = mk(
        hands,
        active=W,
        discards=("2s", "8s", "", ""),
        wall="8p 8p 7z",
        pass_over=True,
        ready_declaration=True,
    )
    discard(d, W, "3s")
    d.apply(Action(T.PASS, S))
    pass_all(d)
    assert flag(d, S)
    round_to(d, S)
    assert id_code(d.drawn_tile) == "7z"
    d.apply(make(d, T.DECLARE_READY, S, "7z"))
    assert not flag(d, S) and "declared_ready" in d.public_flags[S]


def test_no_automatic_kong_when_the_fourth_tile_wins():
    """§20.6.3: the automatic added kong needs that the seat 'is not offered a self-drawn win':
    South (declared, claimed pung of 5m, 34m waiting 2m / 5m) draws the fourth 5m: it is offered
    the win and no kong is made for it."""
    hands = [
        "111p999p666z777z1s9s6p6p",
        "34m678m345p789p11z7z",
        "6s444z333z222z1m1m9m9m5p5p",
        "111s999s222p888m555z1m",
    ]
    d = mk(
        hands,
        active=S,
        melds=("", "[555m]", "", ""),
        discards=("2s", "3s", "8s", "7s"),
        wall="8p 8p 8p 5m",
        tail="2p",
        ready_declaration=True,
        declared_ready_auto_added_kong=True,
    )
    declare(d, S, "7z")
    round_to(d, S)
    assert id_code(d.drawn_tile) == "5m"
    assert not [e for e in d.events if e.type == "added_kong"]
    assert listed(d, S, T.SELF_DRAWN_WIN)


def test_liability_recorded_in_the_deal():
    """North pungs West's 5z, then West's 6z: two dragon pungs, small_three_dragons' threshold
    reached by West's discard → West is liable, publicly."""
    hands = [
        "111p666p111s999s2m2m3m3m",
        "234m678m345p789p4s4s8s8s",
        "5z6z444z333z222z1m1m9m9m5p5p",
        "55z66z123s456s789p3p3p4p",
    ]
    d = mk(
        hands,
        active=W,
        discards=("7z", "7z", "", ""),
        wall="7m 7m 7m",
        liability=["small_three_dragons"],
    )
    discard(d, W, "5z")
    d.apply(find(d, N, T.PUNG, "5z", "5z"))
    discard(d, N, "3p")
    pass_all(d)
    draw_discard_drawn(d, E)
    draw_discard_drawn(d, S)
    discard(d, W, "6z")
    d.apply(find(d, N, T.PUNG, "6z", "6z"))
    assert d.liabilities == [(N, W, "small_three_dragons")]
    ev = [e for e in d.events if e.type == "liability"]
    assert ev and all(visible_event(ev[0], q) is not None for q in range(4))


@pytest.mark.parametrize("policy", ["force_win", "allow_pass"])
def test_declared_seat_and_a_robbable_kong(policy):
    """§20.6.1 item 3 covers every offered win, a rob included: declared South (3s / 6s) and
    West's added kong of 6s."""
    d = mk(
        [
            "111p999p666z777z1s9s5m5m",
            "234m678m345p789p45s11z7z",
            "444z333z222z1m1m9m9m",
            "111s999s222p888m555z1m",
        ],
        active=S,
        melds=ROB_MELDS,
        discards=("2s", "", "7p", "4p"),
        wall="6s",
        tail="7m",
        ready_declaration=True,
        declared_ready_win=policy,
    )
    declare(d, S, "7z")
    assert d.to_act == (W,) and id_code(d.drawn_tile) == "6s"
    d.apply(find(d, W, T.ADDED_KONG, "6s"))
    assert d.phase is Phase.ROB and S in d.to_act
    if policy == "force_win":
        assert d.legal_actions(S) == [Action(T.WIN, S)]
        refused(d, Action(T.PASS, S), "WIN_REQUIRED")
    else:
        assert listed(d, S, T.PASS) and listed(d, S, T.WIN)


def test_flagged_seat_pungs_then_discard_clears():
    """pass_over_blocks_melds=false: flagged South pungs East's 1z; its discard in AFTER_CLAIM is
    a discard like any other (rule 4): 2m plus the 16 left is no win, so the flag is cleared."""
    d = po_deal(pass_over_blocks_melds=False)
    draw_discard_drawn(d, N)
    d.apply(Action(T.DISCARD, E, (d.drawn_tile,)))  # 1z
    d.apply(find(d, S, T.PUNG, "1z", "1z"))
    assert flag(d, S) and d.phase is Phase.AFTER_CLAIM
    discard(d, S, "2m")
    assert not flag(d, S)


def test_cli_replay_narrates_declarations(tmp_path):
    r = mf.Ruleset.from_name("taiwanese-omu-standard").replace(
        match_length="one_deal", ready_declaration=True
    )
    for seed in range(10):
        path = tmp_path / f"m{seed}.jsonl"
        play_match([make_seat("greedy", q) for q in range(4)], seed=seed, rules=r, log=path)
        if '"declared_ready"' in path.read_text("utf-8"):
            break
    else:
        pytest.skip("no declaration in 10 deals")
    cp = play_cli(["replay", str(path)], "")
    assert cp.returncode == 0
    narration = [ln for ln in cp.stdout.splitlines() if ln.strip().startswith("»")]
    assert any("ready" in ln.lower() for ln in narration)


#: Answers to `play --seed 20` (omu-standard, ready declaration) up to the human's declaration
#: "ready 1m" (the expert's discards, found with `hint`), then Enter for what follows. The AI
#: seats' moves decide the human's draws: re-found when the expert's policy changes.
SEED20 = ["hint", "1s", "hint", "1z", "", "hint", "9m", "hint", "7s", "", "", "hint", "ready 1m", "", "", "", ""]


def test_cli_declared_human_is_told_the_forced_discard():
    cp = play_cli(
        [
            "play",
            "--no-confirm",
            "--rules",
            "taiwanese-omu-standard",
            "--seed",
            "20",
            "--rule",
            "ready_declaration=true",
            "--rule",
            "match_length=one_deal",
        ],
        "\n".join(SEED20) + "\n",
    )
    out = cp.stdout
    assert "» You discard 🀇1m" in out  # the declaration was made with 1m
    after = out.split("» You discard 🀇1m", 1)[1]
    before_next_discard = after.split("» You discard", 1)[0]
    assert "» You draw" in before_next_discard
    assert "must" in before_next_discard.lower() or "ready" in before_next_discard.lower()


def test_below_minimum_claimant_takes_no_part():
    """§20.5.1 rule 1: with min_tai 24 East's win on 5p (23 Tai) is illegal (BELOW_MINIMUM); the
    claimants are North and South only, so head_bump_two_all_three lets North alone win."""
    r = mf.Ruleset.from_name("taiwanese-high").replace(
        min_tai=24, several_winners="head_bump_two_all_three"
    )
    d = Deal.from_hands(
        SW_HANDS, dealer=E, active=W, discards=["4z", "6s", "", ""], rules=r, auto_pass=False
    )
    discard(d, W, "5p")
    refused(d, Action(T.WIN, E), "BELOW_MINIMUM")
    d.apply(Action(T.WIN, S))
    d.apply(Action(T.WIN, N))
    pass_all(d)
    assert d.result.winners == (N,)


@pytest.mark.parametrize("declare_it", [True, False])
def test_earthly_from_r1c_must_be_declared_with_that_discard(declare_it):
    """§20.6.2 with ready_declaration: West's R1 (c) earthly arises from its discard of 7s, so it
    is kept only if that discard is the declaration."""
    d = q_deal("standard", ready_declaration=True)
    discard(d, E, "5m")
    pass_all(d)
    d.apply(Action(T.DISCARD, S, (d.drawn_tile,)))  # South's heavenly is lost (not declared)
    pass_all(d)
    assert d.to_act == (W,) and id_code(d.drawn_tile) == "5p"
    d.apply(make(d, T.DECLARE_READY if declare_it else T.DISCARD, W, "7s"))
    pass_all(d)
    assert quals(d, W) == ({"earthly_ready"} if declare_it else set())
    assert quals(d, S) == set()
