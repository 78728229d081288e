"""Black-box tests of the Taiwanese game, matches and simulation against
/work/shared/rules/taiwanese.md (TW §n) through the public API only."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import IllegalActionError, ReplayError
from mahjong_fast.game import Action, ActionType, Deal, Phase, play_match, replay
from mahjong_fast.seats import make_seat

HIGH = "taiwanese-high"
LOW = "taiwanese-low"
KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def ids_of(notation: str, used: set[int]) -> list[int]:
    """Physical ids (HK §2.3) for a notation string, lowest unused copies."""
    out = []
    for group in notation.split():
        suit = group[-1]
        for ch in group[:-1]:
            if suit == "f":
                t = 135 + int(ch)
            else:
                k = KINDS.index(ch + suit)
                t = next(4 * k + c for c in range(4) if 4 * k + c not in used)
            assert t not in used
            used.add(t)
            out.append(t)
    return out


def tw_wall(hands: dict[int, str], dealer: int = 0, draws: str = "", tail: str = "") -> list[int]:
    """A 144-tile wall dealing `hands` as TW §4.1 lays positions 0-64 out."""
    used: set[int] = set()
    dealt = {p: ids_of(hands.get(p, ""), used) for p in range(4)}
    wall: list[int | None] = [None] * 144
    free_hand = {p: dealt[p] for p in range(4)}
    d = ids_of(draws, used)
    t = ids_of(tail, used)
    rest = [x for x in range(136) if x not in used]
    bonus = [x for x in range(136, 144) if x not in used]
    random.Random(1).shuffle(rest)
    for p in range(4):
        need = 17 if p == dealer else 16
        while len(free_hand[p]) < need:
            free_hand[p].append(rest.pop())
    for r in range(4):
        for k in range(4):
            p = (dealer + k) % 4
            for i in range(4):
                wall[16 * r + 4 * k + i] = free_hand[p][4 * r + i]
    wall[64] = free_hand[dealer][16]
    for i, x in enumerate(d):
        wall[65 + i] = x
    for i, x in enumerate(t):
        wall[143 - i] = x
    free = [i for i in range(144) if wall[i] is None]
    # the free bonus tiles go to the dead wall (positions 128..) where no draw reaches them
    # unless replacement draws eat into it
    dead = [i for i in free if i >= 128][: len(bonus)]
    for pos, x in zip(dead, bonus):
        wall[pos] = x
    for pos, x in zip([i for i in free if i not in dead], rest):
        wall[pos] = x
    assert sorted(wall) == list(range(144))  # type: ignore[type-var]
    return wall  # type: ignore[return-value]


def act(d: Deal, kind: ActionType, player: int, tiles=()) -> None:
    d.apply(Action(kind, player, tuple(tiles)))


def pass_all(d: Deal) -> None:
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        for p in d.to_act:
            act(d, ActionType.PASS, p)


def live_of(d: Deal) -> int:
    front, tail = d.wall_position
    return max(tail - front + 1 - 16, 0)


# ---------------------------------------------------------------- §4 the wall and the deal


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealing_positions_0_to_64(dealer):
    wall = list(range(144))
    random.Random(dealer).shuffle(wall)
    # keep bonus tiles out of the dealt part so no replacement changes hands
    ordinary_late = [t for t in wall if t < 136]
    wall = ordinary_late[:65] + list(range(136, 144)) + ordinary_late[65:]
    d = Deal(wall, dealer=dealer, rules=HIGH)
    for k in range(4):
        p = (dealer + k) % 4
        want = [wall[16 * r + 4 * k + i] for r in range(4) for i in range(4)]
        if p == dealer:
            want.append(wall[64])
        assert sorted(d.hands[p]) == sorted(want)
        assert d.hand_size(p) == (17 if p == dealer else 16)
    assert d.remaining == 63
    assert d.phase is Phase.ACTION and d.to_act == (dealer,)


def test_live_is_63_minus_initial_bonus_replacements():
    wall = tw_wall({0: "1f 2f", 2: "5f"})
    d = Deal(wall, dealer=0, rules=HIGH)
    assert sorted(d.bonus[0]) == [136, 137] and tuple(d.bonus[2]) == (140,)
    assert d.remaining == 63 - 3
    assert all(d.hand_size(p) == (17 if p == 0 else 16) for p in range(4))


def _tsumogiri_until_end(d: Deal, check) -> None:
    while d.phase is not Phase.ENDED:
        check(d)
        if d.phase is Phase.RESPONSE:
            pass_all(d)
            continue
        p = d.to_act[0]
        legal = d.legal_actions(p)
        disc = [a for a in legal if a.type is ActionType.DISCARD]
        drawn = d.drawn_tile
        pick = next((a for a in disc if drawn is not None and a.tiles == (drawn,)), disc[-1])
        d.apply(pick)


def test_live_count_through_a_whole_deal_of_both_draw_kinds():
    wall = list(range(144))
    random.Random(7).shuffle(wall)
    d = Deal(wall, dealer=0, rules=LOW)
    seen = []

    def check(x: Deal):
        assert x.remaining == live_of(x)
        seen.append(x.remaining)

    _tsumogiri_until_end(d, check)
    r = d.result
    # min_tai 5 with the low table and pure tsumogiri: an exhaustive draw with no live tile
    if r.exhaustive_draw:
        assert d.remaining == 0
        front, tail = d.wall_position
        assert tail - front + 1 == 16
    assert min(seen) >= 0


def test_last_live_tile_and_kong_refused_with_no_replacement():
    """TW §4.2, §6, §17: the 63rd live draw (position 127, P3 when nobody claims) gives P3
    the fourth 9p; a concealed kong with live = 0 is NO_REPLACEMENT_TILE, state unchanged."""
    hands = {
        0: "1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z 5z 6z 7z 1m",
        1: "2m 5m 8m 3p 6p 1s 4s 7s 1z 2z 3z 4z 5z 6z 7z 2m",
        2: "3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z 5z 6z 3m",
        3: "999p 7m 7m 8m 8m 1p 1p 4p 4p 2s 2s 5s 5s 8s",
    }
    draws = "7z 6z 5z"
    wall = tw_wall(hands, draws=draws)
    # the 63rd live tile (position 127) is the fourth 9p
    k9p = KINDS.index("9p")
    nine_p = next(t for t in range(4 * k9p, 4 * k9p + 4) if t not in wall[:65])
    j = wall.index(nine_p)
    wall[j], wall[127] = wall[127], wall[j]
    d = Deal(wall, dealer=0, rules=HIGH, auto_pass=True)
    # drive with tsumogiri, refusing every claim, until P3 holds the last live tile
    while not (d.phase is Phase.ACTION and d.remaining == 0):
        assert d.phase is not Phase.ENDED
        if d.phase is Phase.RESPONSE:
            pass_all(d)
            continue
        p = d.to_act[0]
        drawn = d.drawn_tile
        disc = [a for a in d.legal_actions(p) if a.type is ActionType.DISCARD]
        d.apply(next((a for a in disc if a.tiles == (drawn,)), disc[-1]))
    assert d.to_act == (3,) and d.drawn_tile == nine_p
    kong = Action(ActionType.CONCEALED_KONG, 3, tuple(range(4 * k9p, 4 * k9p + 4)))
    assert kong not in d.legal_actions(3)
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(kong)
    assert e.value.code == "NO_REPLACEMENT_TILE"
    assert d.snapshot() == before
    # the discard made with live = 0 is the last discard: no pung on it, only a win
    act(d, ActionType.DISCARD, 3, (nine_p,))
    assert d.phase in (Phase.RESPONSE, Phase.ENDED)
    pass_all(d)
    assert d.phase is Phase.ENDED and d.result.exhaustive_draw


# ---------------------------------------------------------------- §5.2 several winners

T4_HANDS = [
    "5p 1m 1m 9m 9m 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z 3z",  # East, discards 5p
    "123m 456m 789s 234s 34p 88p",  # South (T4)
    "1p 1p 1p 2p 6p 6p 9p 9p 4z 4z 4z 5z 5z 5z 3s 3s",  # West
    "678m 345s 456s 55p 77z 4f 8f",  # North (T4), declared pung[222z]
]


def _t4(rules: str) -> Deal:
    discards = ["2m 3m 4m", "7p 8p 9p", "7s 8s 9s", "3m 4m 5m"]
    return Deal.from_hands(
        T4_HANDS, dealer=0, active=0, melds=["", "", "", "[222z]"], discards=discards, rules=rules
    )


def test_t4_two_winners_on_one_discard_both_paid_by_discarder():
    d = _t4(HIGH)
    five_p = next(t for t in d.hands[0] if t // 4 == KINDS.index("5p"))
    act(d, ActionType.DISCARD, 0, (five_p,))
    assert set(d.to_act) >= {1, 3}
    for p in (1, 3):
        wins = [a for a in d.legal_actions(p) if a.type is ActionType.WIN]
        assert wins, p
        d.apply(wins[0])
    pass_all(d)
    assert d.phase is Phase.ENDED
    r = d.result
    assert r.winners == (1, 3)
    by = {w.player: w for w in r.wins}
    assert by[1].value == 16 and by[3].value == 5
    assert by[1].payments == (-17, 17, 0, 0)
    assert by[3].payments == (-6, 0, 0, 6)
    assert tuple(r.payments) == (-23, 17, 0, 6)
    assert r.dealer_after == 1 and r.passed and r.streak_after == 0


def test_t4_low_table_only_south_wins_north_below_minimum():
    d = _t4(LOW)
    five_p = next(t for t in d.hands[0] if t // 4 == KINDS.index("5p"))
    act(d, ActionType.DISCARD, 0, (five_p,))
    assert not [a for a in d.legal_actions(3) if a.type is ActionType.WIN]
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.WIN, 3))
    assert e.value.code == "BELOW_MINIMUM"
    assert d.snapshot() == before
    win = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    d.apply(win[0])
    pass_all(d)
    r = d.result
    assert r.winners == (1,) and r.wins[0].value == 5
    assert tuple(r.payments) == (-6, 6, 0, 0)


def test_win_outranks_pung_claim():
    """TW §5.2: a win claim outranks a pung claim on the same discard."""
    hands = [
        "5p 1m 1m 9m 9m 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z 3z",
        "123m 456m 789s 234s 34p 88p",  # South wins on 5p (16 Tai high)
        "55p 1p 1p 2p 6p 6p 9p 9p 4z 4z 4z 5z 5z 3s 3s",  # West could pung 5p
        "678m 345s 456s 22p 77z 4f 8f",
    ]
    d = Deal.from_hands(
        hands,
        dealer=0,
        active=0,
        melds=["", "", "", "[222z]"],
        discards=["2m 3m 4m", "7p 8p 9p", "7s 8s 9s", "3m 4m 5m"],
        rules=HIGH,
    )
    five_p = next(t for t in d.hands[0] if t // 4 == KINDS.index("5p"))
    act(d, ActionType.DISCARD, 0, (five_p,))
    pung = [a for a in d.legal_actions(2) if a.type is ActionType.PUNG]
    assert pung
    d.apply(pung[0])
    if d.phase is Phase.RESPONSE:
        win = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
        d.apply(win[0])
        pass_all(d)
    r = d.result
    assert d.phase is Phase.ENDED and r.winners == (1,)
    assert d.melds[2] == [] or len(d.melds[2]) == 0


def test_two_players_rob_one_added_kong():
    """TW §5.2: two players rob the same added kong; the declarer pays each."""
    hands = [
        "1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 6z 6z 5s",  # East: pung[555s] + drew 5s
        "123m 456m 789p 123p 99p 46s",  # South waits on 5s (closed)
        "234m 567m 678p 345p 11z 46s",  # West waits on 5s (closed)
        "1p 1p 1p 2p 6p 6p 2s 2s 4z 4z 4z 5z 5z 5z 3s 3s",
    ]
    d = Deal.from_hands(
        hands,
        dealer=0,
        active=0,
        melds=["[555s]", "", "", ""],
        discards=["2m 3m 4m", "7p 8p 9p", "7s 8s 9s", "3m 4m 5m"],
        rules="taiwanese-high",
    )
    add = [a for a in d.legal_actions(0) if a.type is ActionType.ADDED_KONG]
    assert add
    d.apply(add[0])
    assert d.phase is Phase.ROB
    for p in (1, 2):
        w = [a for a in d.legal_actions(p) if a.type is ActionType.WIN]
        assert w, p
        d.apply(w[0])
    pass_all(d)
    r = d.result
    assert d.phase is Phase.ENDED and r.winners == (1, 2)
    for w in r.wins:
        assert w.win_kind == "robbing_kong"
        assert "H07" in [e[0] for e in w.elements]
        assert w.payments[0] == -(w.value + 1) and w.payments[w.player] == w.value + 1
    assert sum(r.payments) == 0 and r.payments[0] == -sum(w.value + 1 for w in r.wins)


# ---------------------------------------------------------------- §7 bonus-tile wins


@pytest.mark.parametrize("rules, tai", [(HIGH, 30), (LOW, 14)])
def test_all_eight_in_the_initial_replacement_dealer(rules, tai):
    wall = tw_wall({0: "1f 2f 3f 4f 5f 6f 7f"}, tail="8f")
    rs = mf.Ruleset.taiwanese(tai_table=rules.split("-")[1], min_tai=100)
    d = Deal(wall, dealer=0, rules=rs)
    assert d.phase is Phase.ENDED
    r = d.result
    assert r.winners == (0,) and r.wins[0].win_kind == "bonus_all_eight"
    assert r.wins[0].value == tai
    assert [e[0] for e in r.wins[0].elements] == ["H32" if rules == HIGH else "L30"]
    assert tuple(r.payments) == (3 * (tai + 1), -(tai + 1), -(tai + 1), -(tai + 1))
    assert r.dealer_after == 0 and r.streak_after == 1


@pytest.mark.parametrize("rules, tai", [(HIGH, 20), (LOW, 14)])
def test_seven_rob_the_eighth_in_the_initial_replacement(rules, tai):
    wall = tw_wall({2: "1f 2f 3f 4f 5f 6f 7f", 3: "8f"})
    d = Deal(wall, dealer=0, rules=mf.Ruleset.taiwanese(tai_table=rules.split("-")[1], min_tai=99))
    assert d.phase is Phase.ENDED
    r = d.result
    assert r.winners == (2,)
    w = r.wins[0]
    assert w.win_kind == "bonus_rob_eighth" and w.value == tai and w.discarder == 3
    assert [e[0] for e in w.elements] == ["H28" if rules == HIGH else "L29"]
    assert tuple(r.payments) == (0, 0, tai, -tai)
    assert r.passed and r.dealer_after == 1


def test_no_bonus_win_when_the_eighth_is_exposed_before_the_seventh():
    """TW §7: checked after each exposure, dealer first; P0 exposes 8f while P1 has none
    exposed, then P1 exposes its seven: nobody has all eight, nobody robs."""
    wall = tw_wall({0: "8f", 1: "1f 2f 3f 4f 5f 6f 7f"})
    d = Deal(wall, dealer=0, rules=HIGH)
    r = d.result
    # dealer exposes 8f first (seat order, dealer first): P1 has nothing exposed yet, so no
    # win then; P1 then exposes its seventh -> P1 holds 7, not 8: no bonus win at all
    assert r is None or r.winners == ()


def test_seven_rob_the_eighth_in_play_dealer_exposes():
    """P1 exposes seven bonus tiles in the initial replacement; the dealer draws the eighth
    in play (after a discard, P1..P3 pass, ... ) - simpler: P1 has seven, P0 draws 8f as
    its first draw of the second go-around."""
    wall = tw_wall({1: "1f 2f 3f 4f 5f 6f 7f"}, draws="1z 2z 3z 8f")
    d = Deal(wall, dealer=0, rules=HIGH)
    assert d.phase is Phase.ACTION and d.to_act == (0,)
    for _ in range(4):
        if d.phase is Phase.ENDED:
            break
        p = d.to_act[0]
        disc = [a for a in d.legal_actions(p) if a.type is ActionType.DISCARD]
        d.apply(disc[-1])
        pass_all(d)
    assert d.phase is Phase.ENDED
    r = d.result
    assert r.winners == (1,) and r.wins[0].win_kind == "bonus_rob_eighth"
    assert r.wins[0].discarder == 0
    assert tuple(r.payments) == (-21, 21, 0, 0)


def test_all_eight_in_play_self_drawn():
    wall = tw_wall({1: "1f 2f 3f 4f 5f 6f 7f"}, draws="8f")
    d = Deal(wall, dealer=0, rules=mf.Ruleset.taiwanese(tai_table="low", min_tai=50))
    front0, tail0 = d.wall_position
    disc = [a for a in d.legal_actions(0) if a.type is ActionType.DISCARD]
    d.apply(disc[-1])
    pass_all(d)
    assert d.phase is Phase.ENDED
    # §7: the eighth came by P1's normal draw; no replacement tile is drawn
    assert d.wall_position == (front0 + 1, tail0)
    r = d.result
    assert r.winners == (1,) and r.wins[0].win_kind == "bonus_all_eight"
    assert tuple(r.payments) == (-15, 43, -14, -14)


# ---------------------------------------------------------------- §14 minimum, §15 settlement


T8_DISCARDS = ["2m 3m 6m", "7m 4m 6m", "9m 3m 7m", "2m 7m 9m"]  # D > 10 (§18 conventions)


def test_t8_below_minimum_on_a_discard():
    hands = [
        "1m 1m 9m 9m 2z 2z 1z 1z 1s 1s 9s 9s 6z 6z 6z 3z",
        "3p 3p 3p 4p 4p 4p 7p 7p 7s 7s 9p 9p 9p 8s 8s 8s 6s",  # South, to discard 6s
        "678p 234s 45s 11p 2f",  # West (T8)
        "2m 2m 5m 5m 8m 8m 1p 2p 5p 6p 5s 5s 4z 4z 4z 3m",
    ]
    for rules, tai in ((HIGH, 4), (LOW, 1)):
        d = Deal.from_hands(
            hands,
            dealer=0,
            active=1,
            melds=["", "", "[777z] chow[345m]", ""],
            discards=T8_DISCARDS,
            rules=rules,
        )
        six_s = next(t for t in d.hands[1] if t // 4 == KINDS.index("6s"))
        act(d, ActionType.DISCARD, 1, (six_s,))
        assert not [a for a in d.legal_actions(2) if a.type is ActionType.WIN]
        before = d.snapshot()
        with pytest.raises(IllegalActionError) as e:
            d.apply(Action(ActionType.WIN, 2))
        assert e.value.code == "BELOW_MINIMUM"
        assert d.snapshot() == before
        # at min_tai = tai the same claim is legal
        rs = mf.Ruleset.taiwanese(tai_table=rules.split("-")[1], min_tai=tai)
        d2 = Deal.from_hands(
            hands,
            dealer=0,
            active=1,
            melds=["", "", "[777z] chow[345m]", ""],
            discards=T8_DISCARDS,
            rules=rs,
        )
        act(d2, ActionType.DISCARD, 1, (six_s,))
        w = [a for a in d2.legal_actions(2) if a.type is ActionType.WIN]
        assert w
        d2.apply(w[0])
        pass_all(d2)
        assert d2.result.wins[0].value == tai
        assert tuple(d2.result.payments) == (0, -tai, tai, 0)


T2 = "123p 456p 789p 555z 67s 33s 8s"


@pytest.mark.parametrize("k", [0, 1, 3])
@pytest.mark.parametrize("v", [1, 10])
def test_t2_dealer_self_draw_with_streak_and_tai_value(k, v):
    hands = [
        T2,
        "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 4m 4m 6m 6m 6m 9s",
        "5m 5m 5m 7m 7m 7m 8m 8m 8m 9m 9m 9m 1s 1s 1s 2s",
        "1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 4z 7z 7z 7z 6z",
    ]
    rs = mf.Ruleset.taiwanese(tai_table="high", tai_value=v)
    d = Deal.from_hands(
        hands,
        dealer=0,
        active=0,
        discards=["1p 2p 3p", "4s 5s 9p", "2s 2s 9s", "6z 6z 5s"],
        rules=rs,
        dealer_streak=k,
    )
    w = [a for a in d.legal_actions(0) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    assert r.wins[0].value == 17
    each = (17 + 1 + 2 * k) * v
    assert tuple(r.payments) == (3 * each, -each, -each, -each)
    assert r.streak_after == k + 1 and r.dealer_after == 0 and not r.passed


def test_non_dealer_self_draw_dealer_pays_one_more_not_the_streak():
    """TW §15 example: hand Tai 6 self-drawn by South while East has a streak: 7/6/6."""
    hands = [  # T5-like hand but not on the last tile: South, high H01 H06 H40 H41 = 5...
        "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 4m 4m 6m 6m 6m 9s",
        "123m 456m 789p 555z 67s 33s 8s",  # South self-draws 8s; concealed: H12 replaces H41
        "5m 5m 5m 7m 7m 7m 8m 8m 8m 9m 9m 9m 1s 1s 1s 2s",
        "1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 4z 7z 7z 7z 6z",
    ]
    d = Deal.from_hands(
        hands,
        dealer=0,
        active=1,
        # 13 discards in seat order from East (uninterrupted, TW §10): South is to act
        discards=["1p 2p 3p 4p", "4s 5s 9p", "2s 2s 9s", "6z 6z 5s"],
        rules=HIGH,
        dealer_streak=2,
    )
    w = [a for a in d.legal_actions(1) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    t = r.wins[0].value
    # H01 1 + H06 1 + H12 3 + H16/H27? no straight (123m 456m 789p) + H40 2 = 7
    assert t == 7
    assert tuple(r.payments) == (-(t + 1), 3 * t + 1, -t, -t)
    assert r.passed and r.dealer_after == 1 and r.streak_after == 0


# ---------------------------------------------------------------- §16 matches


def _check_match_records(results, rules: mf.Ruleset):
    dealer, k, r_passes = 0, 0, 0
    scores = [rules.switches.get("starting_score", 0)] * 4
    for i, res in enumerate(results):
        assert res.dealer == dealer, i
        assert res.dealer_streak == k, i
        assert res.prevailing_wind == min(r_passes // 4, 3), i
        scores = [a + b for a, b in zip(scores, res.payments)]
        assert list(res.scores) == scores
        assert sum(res.payments) == 0
        if res.exhaustive_draw:
            assert not res.winners
        elif dealer in res.winners:
            k += 1
        else:
            dealer, k, r_passes = (dealer + 1) % 4, 0, r_passes + 1
        assert res.dealer_after == dealer and res.streak_after == k
    return dealer, k, r_passes, scores


@pytest.mark.parametrize("length, passes", [("east_round", 4), ("full_game", 16)])
def test_play_match_rotation_and_end(length, passes):
    rs = mf.Ruleset.taiwanese(
        tai_table="high", min_tai=2, match_length=length, max_deals=200, starting_score=1000
    )
    seats = [make_seat("greedy", p) for p in range(4)]
    m = play_match(seats, seed=11, rules=rs)
    _, _, r, scores = _check_match_records(m.results, rs)
    assert r == passes
    assert m.passes == passes
    assert list(m.scores) == scores and sum(m.scores) == 4000
    # the match ends at the first deal at which r reaches the target, not later
    assert m.results[-1].passed


def test_play_match_one_deal_and_max_deals():
    seats = [make_seat("random", p) for p in range(4)]
    m = play_match(seats, seed=2, rules=mf.Ruleset.taiwanese(match_length="one_deal"))
    assert len(m.results) == 1
    rs = mf.Ruleset.taiwanese(tai_table="low", max_deals=3, match_length="full_game")
    m = play_match(seats, seed=2, rules=rs)
    assert len(m.results) == 3
    _check_match_records(m.results, rs)


def test_play_match_refuses_hong_kong_arguments():
    seats = [make_seat("random", p) for p in range(4)]
    for kw in ({"deals": 2}, {"scores": [0, 0, 0, 0]}, {"start_deal": 1}):
        with pytest.raises(mf.RuleConfigError):
            play_match(seats, seed=2, rules=HIGH, **kw)


@pytest.mark.parametrize(
    "rs",
    [
        mf.Ruleset.taiwanese(tai_table="high", min_tai=3, starting_score=50),
        mf.Ruleset.taiwanese(
            tai_table="low", match_length="full_game", max_deals=40, starting_score=50
        ),
    ],
)
def test_simulate_matches_records_follow_section_16(rs):
    res = mf.simulate(matches=12, rules=rs, seed=4, workers=1)
    full = rs.switches["match_length"] == "full_game"
    target, cap = (16, 40) if full else (4, 32)
    recs = res.records
    by_match: dict[int, list] = {}
    for rec in recs:
        by_match.setdefault(rec["match_index"], []).append(rec)
    assert sorted(by_match) == list(range(12))
    for j, rows in by_match.items():
        rows.sort(key=lambda x: x["deal_in_match"])
        assert [x["deal_in_match"] for x in rows] == list(range(len(rows)))
        dealer, k, r = 0, 0, 0
        scores = [50] * 4
        for x in rows:
            assert x["deal_index"] == (j << 32) | x["deal_in_match"]
            assert x["dealer"] == dealer and x["dealer_streak"] == k
            assert x["prevailing_wind"] == r // 4
            pts = [x[f"points_p{p}"] for p in range(4)]
            assert sum(pts) == 0
            scores = [a + b for a, b in zip(scores, pts)]
            assert [x[f"scores_p{p}"] for p in range(4)] == scores
            winners = list(x["winners"]) if x.get("winners") is not None else []
            assert [w["seat"] for w in x["wins"]] == winners
            if winners:
                assert x["value"] == x["wins"][0]["value"]
            if not winners:
                assert x["exhaustive_draw"] and pts == [0, 0, 0, 0]
            elif dealer in winners:
                k += 1
            else:
                dealer, k, r = (dealer + 1) % 4, 0, r + 1
        assert r == target or len(rows) == cap
        assert r <= target and len(rows) <= cap
        if r == target:
            # the match ends at the first deal at which r reaches the target
            last = rows[-1]
            assert last["winners"] and last["dealer"] not in last["winners"]


# ---------------------------------------------------------------- §17 replay


def test_replay_of_a_taiwanese_match_log(tmp_path):
    path = tmp_path / "tw.jsonl"
    seats = [make_seat("greedy", p) for p in range(4)]
    rs = mf.Ruleset.taiwanese(tai_table="low", min_tai=3, max_deals=6)
    m = play_match(seats, seed=9, rules=rs, log=str(path))
    got = replay(str(path))
    got = list(got.results) if hasattr(got, "results") else list(got)
    assert len(got) == len(m.results)
    for a, b in zip(got, m.results):
        assert a.winners == b.winners and tuple(a.payments) == tuple(b.payments)
        assert a.dealer == b.dealer and a.dealer_streak == b.dealer_streak
        assert a.prevailing_wind == b.prevailing_wind and tuple(a.scores) == tuple(b.scores)
        assert [(w.player, w.value, w.elements, w.payments) for w in a.wins] == [
            (w.player, w.value, w.elements, w.payments) for w in b.wins
        ]


def test_replay_of_an_edited_log_is_a_replay_error(tmp_path):
    path = tmp_path / "tw.jsonl"
    seats = [make_seat("greedy", p) for p in range(4)]
    rs = mf.Ruleset.taiwanese(tai_table="high", min_tai=2, max_deals=2)
    play_match(seats, seed=9, rules=rs, log=str(path))
    lines = path.read_text().splitlines()
    # change the dealer streak of the second header
    headers = [
        i
        for i, ln in enumerate(lines)
        if json.loads(ln).get("type") in ("header", None) and "ruleset" in json.loads(ln)
    ]
    assert len(headers) >= 2
    bad = json.loads(lines[headers[1]])
    bad["dealer_streak"] = bad.get("dealer_streak", 0) + 3
    lines[headers[1]] = json.dumps(bad)
    with pytest.raises(ReplayError):
        replay("\n".join(lines) + "\n")
    # a rule switch changed in the first header
    lines = path.read_text().splitlines()
    h = json.loads(lines[headers[0]])
    text = json.dumps(h).replace('"min_tai": 2', '"min_tai": 40')
    lines[headers[0]] = text
    with pytest.raises(ReplayError):
        replay("\n".join(lines) + "\n")


# ---------------------------------------------------------------- CLI


def _cli(*args, stdin: str = "", timeout=300):
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        input=stdin,
        capture_output=True,
        check=False,
        text=True,
        timeout=timeout,
    )


def test_cli_play_taiwanese_low_bad_commands_one_line_errors():
    script = "xyz\n8z\n99\nhint\nboard\nhelp\nquit\n"
    p = _cli("play", "--rules", LOW, "--seed", "3", "--no-confirm", "--ascii", stdin=script)
    assert "Traceback" not in p.stdout + p.stderr
    assert p.returncode == 0, p.stderr
    assert "live" in p.stdout.lower()


def test_cli_play_refuses_deals_with_taiwanese():
    p = _cli("play", "--rules", HIGH, "--deals", "2", stdin="quit\n")
    assert p.returncode == 2
    assert "Traceback" not in p.stderr + p.stdout
    assert len([ln for ln in p.stderr.splitlines() if ln.strip()]) == 1


def test_cli_simulate_matches_workers_1_vs_2(tmp_path):
    import pyarrow.parquet as pq

    outs = []
    for w in (1, 2):
        f = tmp_path / f"w{w}.parquet"
        p = _cli(
            "simulate",
            "--matches",
            "20",
            "--rules",
            HIGH,
            "--seed",
            "5",
            "--workers",
            str(w),
            "--out",
            str(f),
        )
        assert p.returncode == 0, p.stderr
        outs.append(pq.read_table(f).to_pylist())
    assert outs[0] == outs[1]
    rows = outs[0]
    assert {r["match_index"] for r in rows} == set(range(20))
    assert all("deal_in_match" in r for r in rows)


def test_cli_simulate_taiwanese_refuses_deals():
    p = _cli("simulate", "-n", "5", "--rules", HIGH)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr + p.stdout


# ---------------------------------------------------------------- §10 timing through the game


def _start_and_discard(d: Deal, p: int, kind: str) -> None:
    t = next(x for x in d.hands[p] if x < 136 and KINDS[x // 4] == kind)
    act(d, ActionType.DISCARD, p, (t,))


def test_t15_earthly_blessing_through_the_game():
    """TW §18 T15: East's first discard 6m, North (bonus 4f, replaced) wins: 45 high, East
    pays 46."""
    hands = {
        0: "6m 1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z",
        3: "111p 234p 567s 789s 33m 4m 4f",
    }
    wall = tw_wall(hands, tail="5m")
    d = Deal(wall, dealer=0, rules=HIGH)
    assert tuple(d.bonus[3]) == (139,)
    _start_and_discard(d, 0, "6m")
    w = [a for a in d.legal_actions(3) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    r = d.result
    assert r.winners == (3,)
    codes = sorted(e[0] for e in r.wins[0].elements)
    assert codes == ["H02", "H03", "H08", "H36", "H40"]
    assert r.wins[0].value == 45
    assert tuple(r.payments) == (-46, 0, 0, 46)


def test_t14_ready_from_the_deal_through_the_game():
    """TW §18 T14: East discards (D=1), South its first discard (D=2), West 8p (D=3)."""
    hands = {
        0: "1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z 3z",
        1: "123m 456m 789s 234p 67p 55z",
    }
    wall = tw_wall(hands, draws="4z 8p")  # South draws 4z, West draws 8p
    d = Deal(wall, dealer=0, rules=HIGH)
    _start_and_discard(d, 0, "3z")
    pass_all(d)
    _start_and_discard(d, 1, "4z")
    pass_all(d)
    _start_and_discard(d, 2, "8p")
    w = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    r = d.result
    assert r.winners == (1,)
    codes = sorted(e[0] for e in r.wins[0].elements)
    assert codes == ["H01", "H08", "H13", "H21", "H40"]
    assert r.wins[0].value == 17
    assert tuple(r.payments) == (0, 17, -17, 0)


def test_heavenly_blessing_at_the_start():
    hands = {0: "123p 456p 789p 555z 678s 33s"}
    d = Deal(tw_wall(hands), dealer=0, rules=HIGH, dealer_streak=1)
    w = [a for a in d.legal_actions(0) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    codes = [e[0] for e in r.wins[0].elements]
    assert "H35" in codes
    assert not {"H04", "H42", "H43", "H26", "H21"} & set(codes)
    t = r.wins[0].value
    assert tuple(r.payments) == (3 * (t + 3), -(t + 3), -(t + 3), -(t + 3))


def test_dealer_among_two_winners_keeps_the_deal_streak_grows():
    """TW §5.2, §15, §16: P1 discards; dealer P0 (k=1) and P2 both win. P1 pays P0 T0+1+2,
    P2 T2; the dealer stays with k = 2."""
    hands = [
        "123m 456m 789s 234s 34p 88p",  # P0 dealer waiting 2p/5p
        "5p 1m 1m 9m 9m 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z 3z",  # P1 discards 5p
        "678m 345s 456s 55p 77z 4f 8f",  # P2 with [222z]
        "1p 1p 1p 2p 6p 6p 9p 9p 4z 4z 4z 5z 5z 5z 3s 3s",
    ]
    d = Deal.from_hands(
        hands,
        dealer=0,
        active=1,
        melds=["", "", "[222z]", ""],
        discards=["2m 3m 4m", "7p 8p 9p", "7s 8s 9s", "3m 4m 5m"],
        rules=HIGH,
        dealer_streak=1,
    )
    _start_and_discard(d, 1, "5p")
    for p in (0, 2):
        w = [a for a in d.legal_actions(p) if a.type is ActionType.WIN]
        assert w, p
        d.apply(w[0])
    pass_all(d)
    r = d.result
    assert set(r.winners) == {0, 2}
    by = {w.player: w for w in r.wins}
    t0, t2 = by[0].value, by[2].value
    assert by[0].payments == (t0 + 3, -(t0 + 3), 0, 0)
    assert by[2].payments == (0, -t2, t2, 0)
    assert r.dealer_after == 0 and r.streak_after == 2 and not r.passed


# ---------------------------------------------------------------- §4.2 end of the wall


def _tsumogiri_to(d: Deal, stop) -> None:
    while not stop(d):
        assert d.phase is not Phase.ENDED
        if d.phase in (Phase.RESPONSE, Phase.ROB):
            pass_all(d)
            continue
        p = d.to_act[0]
        drawn = d.drawn_tile
        disc = [a for a in d.legal_actions(p) if a.type is ActionType.DISCARD]
        d.apply(next((a for a in disc if a.tiles == (drawn,)), disc[-1]))


FILLER = {
    0: "1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z 5z 6z 7z 1m",
    1: "2m 5m 8m 3p 6p 1s 4s 7s 1z 2z 3z 4z 5z 6z 7z 2m",
    2: "3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z 5z 6z 3m",
    3: "999p 7m 7m 8m 8m 1p 1p 4p 4p 2s 2s 5s 5s 3m",
}


def test_last_discard_is_win_only():
    """TW §4.2, §17: P3 discards 3m with live = 0; P2 holds 3m 3m but may not pung."""
    wall = tw_wall(FILLER, draws="7z 6z 5z")
    d = Deal(wall, dealer=0, rules=HIGH, auto_pass=False)
    _tsumogiri_to(d, lambda x: x.phase is Phase.ACTION and x.remaining == 0)
    assert d.to_act == (3,)
    three_m = next(t for t in d.hands[3] if t < 136 and KINDS[t // 4] == "3m")
    act(d, ActionType.DISCARD, 3, (three_m,))
    assert d.phase is Phase.RESPONSE
    assert not [a for a in d.legal_actions(2) if a.type is ActionType.PUNG]
    mine = sorted(t for t in d.hands[2] if t < 136 and KINDS[t // 4] == "3m")
    assert len(mine) >= 2
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.PUNG, 2, (three_m, mine[0], mine[1])))
    assert e.value.code == "LAST_DISCARD_WIN_ONLY"
    assert d.snapshot() == before
    pass_all(d)
    assert d.result.exhaustive_draw and not d.result.winners


def test_bonus_as_the_last_live_tile_ends_in_an_exhaustive_draw():
    """TW §4.2: the draw of position 127 (live 1 -> 0) is a bonus tile; its replacement is
    needed while live = 0: exhaustive draw, nothing paid."""
    wall = tw_wall(FILLER, draws="7z 6z 5z")
    j = wall.index(136)
    wall[j], wall[127] = wall[127], wall[j]
    d = Deal(wall, dealer=0, rules=HIGH)
    _tsumogiri_to(d, lambda x: x.phase is Phase.ENDED or x.remaining == 0)
    pass_all(d)
    assert d.phase is Phase.ENDED
    r = d.result
    assert r.exhaustive_draw and tuple(r.payments) == (0, 0, 0, 0)
    assert 136 in d.bonus[3]
    assert d.remaining == 0


def test_eighth_bonus_with_live_zero_is_still_a_win():
    """TW §10a, §7: P3 has seven bonus tiles (live starts at 63 - 7 = 56); the last live
    tile (position 65 + 55 = 120, P0's draw with no claims) is the eighth: with live = 0 the
    robbing win still comes first; the dealer exposed it and pays L29 14 + 1."""
    hands = dict(FILLER)
    hands[3] = hands[3].replace("999p", "999p 1f 2f 3f 4f 5f 6f 7f")
    hands[3] = " ".join(hands[3].split()[:-7])  # keep 16 (bonus replaced from the tail)
    wall = tw_wall(hands, draws="7z 6z 5z")
    j = wall.index(143)
    wall[j], wall[120] = wall[120], wall[j]
    d = Deal(wall, dealer=0, rules=LOW)
    assert len(d.bonus[3]) == 7 and d.remaining == 56
    _tsumogiri_to(d, lambda x: x.phase is Phase.ENDED)
    r = d.result
    assert r.winners == (3,) and r.wins[0].win_kind == "bonus_rob_eighth"
    assert r.wins[0].discarder == 0
    assert tuple(r.payments) == (-15, 0, 0, 15)
    assert r.dealer_after == 1 and r.passed


# ---------------------------------------------------------------- §10 D counts through play

SOUTH_T14 = "123m 456m 789s 234p 67p 55z"  # waits 5p / 8p


@pytest.mark.parametrize(
    "pos, d_count, codes",
    [
        (66, 3, ["H01", "H08", "H13", "H21", "H40"]),  # T14: ready from the deal
        (67, 4, ["H01", "H08", "H13", "H21", "H40"]),  # P3's first discard, still H21
        (70, 7, ["H01", "H08", "H13", "H17", "H40"]),  # South made 2 discards: H17
        (68, 5, ["H01", "H08", "H13", "H21", "H40"]),  # South made 1 discard: H21 first
        (71, 8, ["H01", "H08", "H13", "H17", "H40"]),
        (72, 9, ["H01", "H08", "H13", "H17", "H40"]),
        (74, 11, ["H01", "H08", "H13", "H40"]),  # D = 11: no timing element
    ],
)
def test_discard_count_d_includes_the_claimed_discard(pos, d_count, codes):
    hands = {0: "1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z 3z", 1: SOUTH_T14}
    fillers = "1z 2z 3z 4z 1z 2z 3z 4z 5z 6z 7z"
    draws = fillers.split()[: pos - 65] + ["8p"]
    wall = tw_wall(hands, draws=" ".join(draws))
    d = Deal(wall, dealer=0, rules=mf.Ruleset.taiwanese(tai_table="high", min_tai=0))
    eight_p = wall[pos]
    n = 0
    last = None
    while last != eight_p:
        assert d.phase is not Phase.ENDED
        if d.phase is Phase.RESPONSE:
            pass_all(d)
            continue
        p = d.to_act[0]
        drawn = d.drawn_tile
        disc = [a for a in d.legal_actions(p) if a.type is ActionType.DISCARD]
        pick = next((a for a in disc if a.tiles == (drawn,)), disc[-1])
        d.apply(pick)
        last = pick.tiles[0]
        n += 1
    assert n == d_count
    w = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    r = d.result
    assert r.winners == (1,)
    assert sorted(e[0] for e in r.wins[0].elements) == codes


def test_round_wind_of_the_deal_scores_l15():
    """TW §3, §16: the round wind given to the deal decides L15 (T10 low: 7 with East)."""
    hands = [
        "111z 77z 345m 678m 234p 22p 7z",
        "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 4m 4m 6m 6m 6m 9s",
        "5m 5m 5m 7m 7m 7m 8m 8m 8m 9m 9m 9m 1s 1s 1s 2s",
        "2z 2z 2z 3z 3z 3z 4z 4z 4z 5z 5z 5z 6z 6z 6z 6s",
    ]
    got = {}
    for wind in (0, 1):
        d = Deal.from_hands(
            hands,
            dealer=0,
            active=0,
            rules=LOW,
            prevailing_wind=wind,
            dealer_streak=2,
            discards=["1p 2p 3p", "4s 5s 9p", "2s 3s 9s", "7s 7s 5s"],
        )
        w = [a for a in d.legal_actions(0) if a.type is ActionType.SELF_DRAWN_WIN]
        assert w, wind
        d.apply(w[0])
        r = d.result
        got[wind] = (r.wins[0].value, sorted(e[0] for e in r.wins[0].elements), r.payments)
    assert got[0][0] == 7 and "L15" in got[0][1]
    assert tuple(got[0][2]) == (36, -12, -12, -12)
    assert got[1][0] == 6 and "L15" not in got[1][1] and "L14" in got[1][1]


def test_seat_winds_follow_the_dealer():
    """TW §3, §16: the dealer is East, the others South, West, North in turn order."""
    for dealer in range(4):
        d = Deal(list(range(144)), dealer=dealer, rules=HIGH)
        winds = d.view(0).seat_winds
        assert [winds[(dealer + k) % 4] for k in range(4)] == [0, 1, 2, 3]


def test_kong_with_one_live_tile_takes_the_last_live_tile():
    """TW §4.2, §6: a concealed kong with live = 1 is legal; its replacement is the last
    live tile; the next discard is the last discard and the deal ends drawn."""
    # P2 holds 999p; without claims P2 draws positions 66, 70, ..., 126; the draw of
    # position 126 leaves 17 tiles untaken: live 1
    hands = {0: FILLER[0], 1: FILLER[1], 2: FILLER[3], 3: FILLER[2]}
    wall = tw_wall(hands, draws="7z 6z 5z")
    k9p = KINDS.index("9p")
    nine_p = next(t for t in range(4 * k9p, 4 * k9p + 4) if t not in wall[:65])
    j = wall.index(nine_p)
    wall[j], wall[126] = wall[126], wall[j]
    d = Deal(wall, dealer=0, rules=mf.Ruleset.taiwanese(tai_table="low", min_tai=0))
    _tsumogiri_to(d, lambda x: x.phase is Phase.ACTION and x.drawn_tile == nine_p)
    assert d.remaining == 1 and d.to_act == (2,)
    kong = [a for a in d.legal_actions(2) if a.type is ActionType.CONCEALED_KONG]
    assert kong
    d.apply(kong[0])
    assert d.remaining == 0
    front, tail = d.wall_position
    assert tail - front + 1 == 16
    assert d.phase is Phase.ACTION and d.to_act == (2,)
    assert not [
        a
        for a in d.legal_actions(2)
        if a.type in (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG)
    ]
    # the discard now is the last discard; after it the deal is drawn (nobody wins)
    disc = [a for a in d.legal_actions(2) if a.type is ActionType.DISCARD]
    d.apply(disc[-1])
    pass_all(d)
    assert d.phase is Phase.ENDED and d.result.exhaustive_draw


# ---------------------------------------------------------------- §5, §6 claims and kongs

BASE_DISCARDS = ["2m 3m 4m", "7p 8p 9p", "7s 8s 9s", "3m 4m 5m"]


def test_three_winners_on_one_discard():
    """TW §5.2: three players win on one discard, each paid by the discarder with its own
    Tai (+1 each: the discarder is the dealer); the dealership passes."""
    hands = [
        "5p 1m 1m 9m 9m 4z 4z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z",  # East discards 5p
        "123m 456m 789s 234s 34p 88p",
        "",
        "678m 345s 456s 55p 77z 4f 8f",
    ]
    hands[2] = "789m 456m 123s 567s 46p 99p"
    d = Deal.from_hands(
        hands, dealer=0, active=0, melds=["", "", "", "[222z]"], discards=BASE_DISCARDS, rules=HIGH
    )
    _start_and_discard(d, 0, "5p")
    for p in (1, 2, 3):
        w = [a for a in d.legal_actions(p) if a.type is ActionType.WIN]
        assert w, p
        d.apply(w[0])
    r = d.result
    assert d.phase is Phase.ENDED and r.winners == (1, 2, 3)
    for w in r.wins:
        assert w.payments[0] == -(w.value + 1) and w.payments[w.player] == w.value + 1
        assert sum(w.payments) == 0
    assert r.payments[0] == -sum(w.value + 1 for w in r.wins)
    assert r.passed and r.dealer_after == 1


def test_no_missed_discard_restriction():
    """TW §5.1: South passes a win on East's 5p and wins on West's 5p later."""
    hands = [
        "5p 1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z",
        "123m 456m 789s 234s 34p 88p",
        "5p 1p 1p 9p 9p 4z 4z 4z 5z 5z 5z 2s 2s 3s 3s 6s",
        "2p 2p 2p 6p 6p 6p 1s 1s 4s 4s 5s 6s 7m 7m 8m 8m",
    ]
    d = Deal.from_hands(
        hands, dealer=0, active=0, discards=BASE_DISCARDS, rules=HIGH, wall="7z 5z 6s"
    )
    _start_and_discard(d, 0, "5p")
    assert [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    pass_all(d)
    assert d.phase is Phase.ACTION and d.to_act == (1,)
    disc = [a for a in d.legal_actions(1) if a.type is ActionType.DISCARD]
    d.apply(next(a for a in disc if a.tiles == (d.drawn_tile,)))
    pass_all(d)
    assert d.to_act == (2,)
    _start_and_discard(d, 2, "5p")
    w = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    assert d.result.winners == (1,) and d.result.payments[2] < 0


def test_no_kong_after_a_pung_before_discarding():
    """TW §6: after a pung the player must discard before declaring any kong (WRONG_PHASE,
    HK §13), state unchanged."""
    hands = [
        "5p 1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z",
        "5p 5p 1p 1p 1p 1p 3s 3s 4s 4s 7m 7m 8m 8m 2s 2s",  # South: pung 5p, holds 1111p
        "1z 1z 9p 9p 4z 4z 4z 5z 5z 5z 2s 2s 3s 3s 6s 6s",
        "2p 2p 2p 6p 6p 6p 1s 1s 4s 4s 5s 6s 7m 7m 8m 8m",
    ]
    hands[2] = "1z 1z 9p 9p 4z 4z 4z 5z 5z 5z 3z 3z 6s 6s 6s 7s"
    hands[3] = "2p 2p 2p 6p 6p 6p 1s 5s 5s 5s 6s 7s 9m 9m 7p 7p"
    d = Deal.from_hands(hands, dealer=0, active=0, discards=BASE_DISCARDS, rules=HIGH)
    _start_and_discard(d, 0, "5p")
    pung = [a for a in d.legal_actions(1) if a.type is ActionType.PUNG]
    assert pung
    d.apply(pung[0])
    pass_all(d)
    assert d.phase is Phase.AFTER_CLAIM and d.to_act == (1,)
    assert d.hand_size(1) == 17
    assert not [a for a in d.legal_actions(1) if a.type is not ActionType.DISCARD]
    before = d.snapshot()
    k1p = KINDS.index("1p")
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.CONCEALED_KONG, 1, tuple(range(4 * k1p, 4 * k1p + 4))))
    assert e.value.code == "WRONG_PHASE"
    assert d.snapshot() == before


def test_a_concealed_kong_cannot_be_robbed():
    """TW §6: only an added kong can be robbed; South waiting on 5s does not get to rob East's
    concealed kong of 5s."""
    hands = [
        "5s 5s 5s 5s 1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 6z 6z",
        "123m 456m 789p 123p 99p 46s",
        "1p 1p 1p 2p 6p 6p 2s 2s 4z 4z 4z 5z 5z 5z 3s 3s",
        "1z 1z 1z 3z 3z 3z 7m 7m 8m 8m 2p 2p 4p 4p 7s 7s",
    ]
    d = Deal.from_hands(hands, dealer=0, active=0, discards=BASE_DISCARDS, rules=HIGH)
    k = [a for a in d.legal_actions(0) if a.type is ActionType.CONCEALED_KONG]
    assert k
    d.apply(k[0])
    assert d.phase is Phase.ACTION and d.to_act == (0,)
    assert len(d.melds[0]) == 1


# ---------------------------------------------------------------- §10 blessing / interruption

EAST_JUNK = "7z 1m 1m 9m 9m 2z 2z 1s 1s 9s 9s 6z 6z 6z 3z 3z 4z"
SOUTH_T15 = "111p 234p 567s 789s 33m 45m"  # waits 3m / 6m


def test_earthly_blessing_on_own_first_draw_via_a_bonus_replacement():
    """TW §10: South's own first draw is 3f; its replacement 6m completes the hand: earthly
    blessing, self-drawn: high H02 1 + H03 1 + H12 3 + H36 40 + H40 2 = 47."""
    wall = tw_wall({0: EAST_JUNK, 1: SOUTH_T15}, draws="3f", tail="6m")
    d = Deal(wall, dealer=0, rules=HIGH)
    _start_and_discard(d, 0, "7z")
    pass_all(d)
    assert d.to_act == (1,) and 138 in d.bonus[1]
    w = [a for a in d.legal_actions(1) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    assert sorted(e[0] for e in r.wins[0].elements) == ["H02", "H03", "H12", "H36", "H40"]
    assert tuple(r.payments) == (-48, 142, -47, -47)


def test_an_interruption_removes_the_earthly_blessing():
    """TW §10: West pungs East's first discard; South later wins on its first draw having
    made no discard: interrupted, so no H36; D = 4 < 5 gives H26."""
    wall = tw_wall({0: EAST_JUNK, 1: SOUTH_T15, 2: "7z 7z"}, draws="5z 5z 3f", tail="6m")
    d = Deal(wall, dealer=0, rules=HIGH)
    _start_and_discard(d, 0, "7z")
    pung = [a for a in d.legal_actions(2) if a.type is ActionType.PUNG]
    assert pung
    d.apply(pung[0])
    pass_all(d)
    assert d.to_act == (2,) and d.interrupted
    disc = [a for a in d.legal_actions(2) if a.type is ActionType.DISCARD]
    d.apply(disc[-1])
    pass_all(d)
    for p in (3, 0):
        assert d.to_act == (p,)
        disc = [a for a in d.legal_actions(p) if a.type is ActionType.DISCARD]
        d.apply(next(a for a in disc if a.tiles == (d.drawn_tile,)))
        pass_all(d)
    assert d.to_act == (1,)
    w = [a for a in d.legal_actions(1) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    codes = sorted(e[0] for e in r.wins[0].elements)
    assert "H36" not in codes and "H21" not in codes
    assert codes == ["H02", "H03", "H12", "H26", "H40"]
    assert r.wins[0].value == 17


def test_simulate_one_deal_matches_and_deals_refused():
    res = mf.simulate(
        matches=5, rules=mf.Ruleset.taiwanese(match_length="one_deal"), seed=3, workers=1
    )
    assert [(r["match_index"], r["deal_in_match"]) for r in res.records] == [
        (j, 0) for j in range(5)
    ]
    with pytest.raises(mf.RuleConfigError):
        mf.simulate(10, rules=LOW)


def test_cli_play_a_deal_from_a_pipe_then_replay_and_edited_replay(tmp_path):
    log = tmp_path / "tw.jsonl"
    p = _cli(
        "play",
        "--rules",
        HIGH,
        "--rule",
        "match_length=one_deal",
        "--seed",
        "4",
        "--ascii",
        "--no-confirm",
        "--log",
        str(log),
        stdin="1\n" * 3000,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stdout + p.stderr
    assert log.exists()
    ok = _cli("replay", str(log))
    assert ok.returncode == 0 and "Traceback" not in ok.stdout + ok.stderr
    lines = log.read_text().splitlines()
    # drop one event in the middle of the deal
    del lines[len(lines) // 2]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    b = _cli("replay", str(bad))
    assert b.returncode == 2
    assert "Traceback" not in b.stdout + b.stderr
    assert len([ln for ln in b.stderr.splitlines() if ln.strip()]) == 1
    with pytest.raises(ReplayError):
        replay(str(bad))


@pytest.mark.parametrize(
    "rule", ["match_length=forever", "min_tai=-1", "tai_value=0", "min_faan=3"]
)
def test_cli_bad_taiwanese_switch_is_one_line(rule):
    p = _cli("play", "--rules", LOW, "--rule", rule, stdin="quit\n")
    assert p.returncode == 2, (rule, p.stdout[-500:])
    assert "Traceback" not in p.stdout + p.stderr
    assert len([ln for ln in p.stderr.splitlines() if ln.strip()]) == 1


def test_cli_play_pipe_runs_dry_exit_3():
    p = _cli("play", "--rules", LOW, "--seed", "1", "--ascii", "--no-confirm", stdin="1\n1\n")
    assert p.returncode == 3
    assert "Traceback" not in p.stdout + p.stderr


def _added_kong_position(live: int, rules: str = HIGH, auto_pass: bool = True) -> Deal:
    hands = [
        "1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 6z 6z 5s",  # East: [555s] + drew 5s
        "123m 456m 789p 123p 99p 46s",
        "234m 567m 678p 345p 11z 46s",
        "1p 1p 1p 2p 6p 6p 2s 2s 4z 4z 4z 5z 5z 5z 3s 3s",
    ]
    used: set[int] = set()
    for h in hands + ["555s"]:
        ids_of(h, used)
    pool = [t for t in range(136) if t not in used]
    n = 63 - live
    disc = [pool[i:n:4] for i in range(4)]
    d = Deal.from_hands(
        hands,
        dealer=0,
        active=0,
        melds=["[555s]", "", "", ""],
        discards=disc,
        rules=rules,
        auto_pass=auto_pass,
    )
    assert d.remaining == live
    return d


def test_added_kong_with_no_live_tile_refused():
    """TW §4.2, §6, §17: an added kong with live = 0 is NO_REPLACEMENT_TILE, unchanged."""
    d = _added_kong_position(0)
    assert not [a for a in d.legal_actions(0) if a.type is ActionType.ADDED_KONG]
    five_s = next(t for t in d.hands[0] if t < 136 and KINDS[t // 4] == "5s")
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.ADDED_KONG, 0, (five_s,)))
    assert e.value.code == "NO_REPLACEMENT_TILE"
    assert d.snapshot() == before


def test_added_kong_with_one_live_tile_robbed_by_two():
    d = _added_kong_position(1)
    add = [a for a in d.legal_actions(0) if a.type is ActionType.ADDED_KONG]
    assert add
    d.apply(add[0])
    assert d.phase is Phase.ROB
    for p in (1, 2):
        w = [a for a in d.legal_actions(p) if a.type is ActionType.WIN]
        assert w
        d.apply(w[0])
    pass_all(d)
    r = d.result
    assert r.winners == (1, 2)
    assert all(w.discarder == 0 and w.win_kind == "robbing_kong" for w in r.wins)
    assert d.remaining == 1  # no replacement was drawn


# ---------------------------------------------------------------- §10a heavenly readings


def test_dealer_win_on_the_replacement_of_an_opening_kong_is_h26_not_heavenly():
    """TW §10a: a dealer's win on a concealed kong's replacement before any discard has D = 0
    and scores H26, not H35: H01 1 + H10 2 + H12 3 + H26 10 + H27 10 + H40 2 = 28."""
    wall = tw_wall({0: "1111m 123p 456p 789p 55z 67s"}, tail="8s")
    d = Deal(wall, dealer=0, rules=HIGH)
    assert not [a for a in d.legal_actions(0) if a.type is ActionType.SELF_DRAWN_WIN]
    k = [a for a in d.legal_actions(0) if a.type is ActionType.CONCEALED_KONG]
    assert k
    d.apply(k[0])
    assert d.remaining == 62
    w = [a for a in d.legal_actions(0) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    codes = sorted(e[0] for e in r.wins[0].elements)
    assert codes == ["H01", "H10", "H12", "H26", "H27", "H40"]
    assert r.wins[0].value == 28
    assert tuple(r.payments) == (87, -29, -29, -29)


def test_heavenly_blessing_after_an_initial_bonus_replacement():
    """TW §10: 17 tiles after the initial replacement (the 17th came from the tail)."""
    wall = tw_wall({0: "123p 456p 789p 555z 678s 3s 1f"}, tail="3s")
    d = Deal(wall, dealer=0, rules=LOW)
    assert tuple(d.bonus[0]) == (136,)
    w = [a for a in d.legal_actions(0) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    codes = [e[0] for e in d.result.wins[0].elements]
    assert "L31" in codes and "L09" not in codes and "L01" not in codes


def test_dealer_ready_from_the_deal():
    """TW §10: the dealer made one discard (its first), no interruption, and wins on North's
    first discard: H21 (not H26) with D = 4."""
    east = "123m 456m 789s 234p 67p 55z 1z"
    wall = tw_wall({0: east}, draws="2z 3z 8p")
    d = Deal(wall, dealer=0, rules=HIGH)
    _start_and_discard(d, 0, "1z")
    pass_all(d)
    for p, kind in ((1, "2z"), (2, "3z"), (3, "8p")):
        assert d.to_act == (p,)
        _start_and_discard(d, p, kind)
        if p < 3:
            pass_all(d)
    w = [a for a in d.legal_actions(0) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    r = d.result
    codes = sorted(e[0] for e in r.wins[0].elements)
    assert codes == ["H01", "H08", "H13", "H21", "H40"]
    assert tuple(r.payments) == (18, 0, 0, -18)


def test_exhaustive_draw_keeps_dealer_and_streak():
    """TW §8, §16: an exhaustive draw pays nothing and keeps the dealer and the streak."""
    wall = tw_wall(FILLER, dealer=0, draws="7z 6z 5z")
    d = Deal(wall, dealer=0, rules=HIGH, dealer_streak=3, scores=(10, -10, 5, -5))
    _tsumogiri_to(d, lambda x: x.phase is Phase.ENDED)
    r = d.result
    assert r.exhaustive_draw and not r.winners
    assert tuple(r.payments) == (0, 0, 0, 0) and tuple(r.scores) == (10, -10, 5, -5)
    assert r.dealer_after == 0 and r.streak_after == 3 and not r.passed


def test_simulate_match_j_depends_only_on_seed_and_j():
    a = mf.simulate(matches=6, rules=HIGH, seed=8, workers=1).records
    b = mf.simulate(matches=3, rules=HIGH, seed=8, workers=2, start=3).records
    assert [r for r in a if r["match_index"] >= 3] == b


def test_simulate_python_loop_equals_the_core():
    c = mf.simulate(matches=3, rules=LOW, seed=8, workers=2, backend="process").records
    d = mf.simulate(matches=3, rules=LOW, seed=8, workers=1).records
    assert c == d and len(d) > 3


@pytest.mark.parametrize("v", [1, 3])
def test_dealer_robs_the_eighth_with_streak(v):
    """TW §7, §15: the dealer (k = 1) has seven bonus tiles after its replacement; West
    exposes the eighth in the initial replacement and pays (20 + 1 + 2) × v."""
    wall = tw_wall({0: "1f 2f 3f 4f 5f 6f 7f", 2: "8f"})
    rs = mf.Ruleset.taiwanese(tai_table="high", tai_value=v)
    d = Deal(wall, dealer=0, rules=rs, dealer_streak=1)
    assert d.phase is Phase.ENDED
    r = d.result
    assert r.winners == (0,) and r.wins[0].win_kind == "bonus_rob_eighth"
    assert r.wins[0].discarder == 2 and r.wins[0].value == 20
    assert tuple(r.payments) == (23 * v, 0, -23 * v, 0)
    assert r.dealer_after == 0 and r.streak_after == 2


def test_play_match_equals_simulate_and_replays_a_several_winner_deal(tmp_path):
    """Match j of simulate(seed) is play_match(seed, match_index=j); its log (with a deal of
    two winners, TW §5.2) replays to the same results."""
    rs = mf.Ruleset.taiwanese(tai_table="high", min_tai=1)
    recs = mf.simulate(matches=1, rules=rs, seed=1, workers=1, start=6).records
    seats = [make_seat("greedy", p) for p in range(4)]
    log = tmp_path / "m.jsonl"
    m = play_match(seats, seed=1, match_index=6, rules=rs, log=str(log))
    assert any(len(r.winners) > 1 for r in m.results)
    assert [(list(r.winners), list(r.payments), list(r.scores)) for r in m.results] == [
        (x["winners"], [x[f"points_p{p}"] for p in range(4)], [x[f"scores_p{p}"] for p in range(4)])
        for x in recs
    ]
    got = replay(str(log))
    got = list(got.results) if hasattr(got, "results") else list(got)
    assert [(r.winners, tuple(r.payments)) for r in got] == [
        (r.winners, tuple(r.payments)) for r in m.results
    ]
    p = _cli("replay", str(log))
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_initial_replacement_in_seat_order_dealer_first(dealer):
    """TW §4.1, HK §4.4: the dealer replaces first, then the others in turn order; each
    replacement takes the highest untaken position."""
    hands = {p: f"{p + 1}f" for p in range(4)}
    wall = tw_wall(hands, dealer=dealer)
    d = Deal(wall, dealer=dealer, rules=HIGH)
    for k in range(4):
        p = (dealer + k) % 4
        assert wall[143 - k] in d.hands[p], (p, k)
        assert tuple(d.bonus[p]) == (136 + p,)
    assert d.remaining == 59


CODES = {
    "DEAL_OVER", "NOT_YOUR_TURN", "WRONG_PHASE", "ALREADY_RESPONDED", "UNKNOWN_TILE",
    "TILE_NOT_IN_HAND", "INVALID_MELD", "CHOW_NOT_ALLOWED", "NO_REPLACEMENT_TILE",
    "LAST_DISCARD_WIN_ONLY", "NOT_A_WINNING_HAND", "BELOW_MINIMUM",
}  # fmt: skip


@pytest.mark.parametrize("rules", [HIGH, LOW])
def test_random_play_with_illegal_probes_keeps_the_invariants(rules):
    """TW §4.2, §4.3, §17: random legal play; at every step random actions that are not
    legal are refused with a §17 code and leave the state unchanged."""
    rng = random.Random(5)
    rs = mf.Ruleset.taiwanese(tai_table=rules.split("-")[1], min_tai=rng.choice([0, 2, 5]))
    for i in range(40):
        wall = list(range(144))
        rng.shuffle(wall)
        dealer = i % 4
        d = Deal(wall, dealer=dealer, rules=rs, auto_pass=False, dealer_streak=i % 3)
        steps = 0
        while d.phase is not Phase.ENDED:
            steps += 1
            assert steps < 2000
            assert d.remaining == live_of(d)
            acting = d.to_act[0] if d.phase in (Phase.ACTION, Phase.AFTER_CLAIM) else -1
            for p in range(4):
                assert d.hand_size(p) == (17 if p == acting else 16)
            p = rng.choice(d.to_act)
            legal = d.legal_actions(p)
            for _ in range(3):
                probe = Action(
                    rng.choice(list(ActionType)),
                    rng.randrange(4),
                    tuple(rng.sample(range(144), rng.choice([0, 1, 2, 3, 4]))),
                )
                if probe in legal or d.is_legal(probe):
                    continue
                before = d.snapshot()
                with pytest.raises(IllegalActionError) as e:
                    d.apply(probe)
                assert e.value.code in CODES
                assert d.snapshot() == before
            d.apply(rng.choice(legal))
        r = d.result
        assert sum(r.payments) == 0
        if r.exhaustive_draw:
            assert d.remaining == 0 or r.winners == ()
        for w in r.wins:
            assert sum(w.payments) == 0
            if not w.win_kind.startswith("bonus"):
                assert w.value >= rs.switches["min_tai"]


@pytest.mark.parametrize(
    "rules, codes, tai",
    [
        (HIGH, ["H04", "H11", "H12", "H23", "H40", "H43"], 21),
        (LOW, ["L01", "L04", "L05", "L08", "L10"], 7),
    ],
)
def test_moon_from_the_bottom_on_the_last_live_tile(rules, codes, tai):
    """TW §4.2, §10: North self-draws the last live tile (position 127 with no claims)."""
    hands = {0: FILLER[0], 1: FILLER[1], 2: FILLER[2], 3: "123m 456m 789p 123p 99p 46s"}
    wall = tw_wall(hands, draws="7z 6z 5z")
    k5s = KINDS.index("5s")
    five_s = next(t for t in range(4 * k5s, 4 * k5s + 4) if t not in wall[:68])
    j = wall.index(five_s)
    wall[j], wall[127] = wall[127], wall[j]
    d = Deal(wall, dealer=0, rules=rules)
    _tsumogiri_to(d, lambda x: x.phase is Phase.ACTION and x.drawn_tile == five_s)
    assert d.remaining == 0 and d.to_act == (3,)
    w = [a for a in d.legal_actions(3) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    assert sorted(e[0] for e in r.wins[0].elements) == codes
    assert tuple(r.payments) == (-(tai + 1), -tai, -tai, 3 * tai + 1)


def test_loose_tile_after_a_bonus_in_play_low_table():
    """TW §10, §13: South's first draw is 3f, the replacement 6m wins: low L04 1 + L08 3 +
    L09 1 + L32 14 = 19 (3f is not South's own bonus tile)."""
    wall = tw_wall({0: EAST_JUNK, 1: SOUTH_T15}, draws="3f", tail="6m")
    d = Deal(wall, dealer=0, rules=LOW)
    _start_and_discard(d, 0, "7z")
    pass_all(d)
    w = [a for a in d.legal_actions(1) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    assert sorted(e[0] for e in r.wins[0].elements) == ["L04", "L08", "L09", "L32"]
    assert tuple(r.payments) == (-20, 58, -19, -19)


def test_chow_only_by_the_next_player_and_win_beats_an_exposed_kong():
    """TW §5.1: North may not chow East's discard (CHOW_NOT_ALLOWED, unchanged); West's
    exposed-kong claim loses to South's win claim."""
    hands = [
        "5p 1m 1m 9m 9m 2z 2z 7z 7z 1s 1s 9s 9s 6z 6z 6z 3z",
        "123m 456m 789s 234s 34p 88p",  # South wins on 5p
        "5p 5p 5p 1p 1p 9p 9p 4z 4z 4z 5z 5z 3s 3s 2s 2s",  # West: kong of 5p
        "4p 6p 2p 2p 7m 7m 8m 8m 1z 1z 1z 3z 3z 6s 6s 6s",  # North: 4p 6p
    ]
    d = Deal.from_hands(
        hands, dealer=0, active=0, discards=BASE_DISCARDS, rules=HIGH, auto_pass=False
    )
    five_p = next(t for t in d.hands[0] if t < 136 and KINDS[t // 4] == "5p")
    act(d, ActionType.DISCARD, 0, (five_p,))
    four_p = next(t for t in d.hands[3] if t < 136 and KINDS[t // 4] == "4p")
    six_p = next(t for t in d.hands[3] if t < 136 and KINDS[t // 4] == "6p")
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.CHOW, 3, (four_p, five_p, six_p)))
    assert e.value.code == "CHOW_NOT_ALLOWED"
    assert d.snapshot() == before
    kong = [a for a in d.legal_actions(2) if a.type is ActionType.KONG]
    assert kong
    d.apply(kong[0])
    w = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    r = d.result
    assert r.winners == (1,) and r.wins[0].win_kind == "discard"
    assert not d.melds[2]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize(
    "table, options, wind, tai",
    [
        ("high", False, 0, 8),
        ("high", True, 0, 11),
        ("low", False, 0, 5),
        ("high", True, 2, 10),  # round wind West: the 1z pung loses its +1
        ("low", False, 2, 4),  # no L15: below the minimum
    ],
)
def test_t13_seat_wind_and_own_bonus_follow_the_seat_not_the_player(
    dealer, table, options, wind, tai
):
    """TW §3, §18 T13: South (the player after the dealer) with bonus 2f, [111z], before
    222z 345m 678m 234p 9p, self-draws 9p. South's seat wind is 2z and own flower 2f
    whoever the player is."""
    south = (dealer + 1) % 4
    others = [
        "1m 1m 9m 9m 3z 3z 7z 7z 1s 1s 9s 9s 6z 6z 6z 5z",
        "2m 2m 5m 5m 8m 8m 1p 1p 5p 5p 7p 7p 2s 2s 5s 5s",
        "3m 3m 4m 4m 7m 7m 3p 3p 6p 6p 8p 8p 3s 3s 6s 6s",
    ]
    hands = []
    for p in range(4):
        if p == south:
            hands.append("222z 345m 678m 234p 9p 2f 9p")
        else:
            hands.append(others.pop())
    melds = ["[111z]" if p == south else "" for p in range(4)]
    rs = mf.Ruleset.taiwanese(
        tai_table=table, high_seat_bonus_extra=options, high_wind_pung_extra=options
    )
    d = Deal.from_hands(
        hands,
        dealer=dealer,
        active=south,
        melds=melds,
        discards=["4s 8s 4z", "4z 4z 4s", "7s 7s 7s", "8s 8s 4s"],
        rules=rs,
        prevailing_wind=wind,
    )
    w = [a for a in d.legal_actions(south) if a.type is ActionType.SELF_DRAWN_WIN]
    if tai < 5:
        assert not w
        before = d.snapshot()
        with pytest.raises(IllegalActionError) as e:
            d.apply(Action(ActionType.SELF_DRAWN_WIN, south))
        assert e.value.code == "BELOW_MINIMUM"
        assert d.snapshot() == before
        return
    assert w
    d.apply(w[0])
    r = d.result
    assert r.wins[0].value == tai
    want = [-tai] * 4
    want[dealer] = -(tai + 1)
    want[south] = 3 * tai + 1
    assert tuple(r.payments) == tuple(want)


def test_a_full_game_scores_l14_l15_with_the_seat_and_round_winds_of_each_deal():
    """TW §3, §13, §16: in every win of a full game (all four round winds), L15 appears
    exactly when the reading has a pung of that deal's round wind and L14 exactly when it has
    one of the winner's seat wind (unless L26/L28 use them)."""
    import re

    rs = mf.Ruleset.taiwanese(tai_table="low", min_tai=1, match_length="full_game", max_deals=100)
    seats = [make_seat("greedy", p) for p in range(4)]
    winds_seen = set()
    checked = 0
    for j in range(2):
        m = play_match(seats, seed=3, match_index=j, rules=rs)
        for r in m.results:
            winds_seen.add(r.prevailing_wind)
            for w in r.wins:
                if w.win_kind.startswith("bonus"):
                    continue
                codes = {e[0] for e in w.elements}
                big = bool({"L26", "L28"} & codes)
                rw = r.prevailing_wind + 1
                sw = (w.player - r.dealer) % 4 + 1
                has_r = re.search(f"{rw}{rw}{rw}z", w.interpretation) is not None
                has_s = re.search(f"{sw}{sw}{sw}z", w.interpretation) is not None
                assert ("L15" in codes) == (has_r and not big), (r.prevailing_wind, w)
                assert ("L14" in codes) == (has_s and not big), (r.dealer, w)
                checked += 1
    assert winds_seen == {0, 1, 2, 3} and checked > 20


def test_replay_of_a_full_game_log_with_round_winds_and_rules_mismatch(tmp_path):
    rs = mf.Ruleset.taiwanese(tai_table="low", min_tai=1, match_length="full_game", max_deals=60)
    seats = [make_seat("greedy", p) for p in range(4)]
    log = tmp_path / "full.jsonl"
    m = play_match(seats, seed=3, match_index=0, rules=rs, log=str(log))
    assert {r.prevailing_wind for r in m.results} == {0, 1, 2, 3}
    got = replay(str(log))
    assert [(r.prevailing_wind, r.dealer, r.dealer_streak, tuple(r.scores)) for r in got] == [
        (r.prevailing_wind, r.dealer, r.dealer_streak, tuple(r.scores)) for r in m.results
    ]
    assert len(replay(str(log), rules=rs)) == len(m.results)
    for other in (HIGH, "hong-kong", rs.replace(min_tai=2)):
        with pytest.raises(ReplayError):
            replay(str(log), rules=other)


def test_deal_arguments_out_of_range_are_errors():
    for kw in ({"prevailing_wind": 4}, {"dealer_streak": -1}, {"dealer": 4}):
        with pytest.raises(mf.MahjongError):
            Deal(list(range(144)), rules=HIGH, **kw)
    with pytest.raises(mf.InvalidHandError):  # the active player holds 17 (TW §4.3)
        Deal.from_hands(["123m456m789m123p45p", "", "", ""], rules=HIGH)


@pytest.mark.parametrize(
    "rules, codes, tai",
    [
        (HIGH, ["H10", "H11", "H12", "H26", "H40"], 20),
        (LOW, ["L03", "L04", "L05", "L08", "L09"], 8),
    ],
)
def test_own_concealed_kong_is_an_interruption_no_earthly_blessing(rules, codes, tai):
    """TW §10: an interruption is any kong declared by any player, the winner included.
    South's first draw is the fourth 1p; after its concealed kong the replacement 6m wins:
    no earthly blessing; D = 1 < 5 gives H26 in the high table."""
    wall = tw_wall({0: EAST_JUNK, 1: "111p 234p 567s 789s 33m 45m"}, draws="1p", tail="6m")
    d = Deal(wall, dealer=0, rules=rules)
    _start_and_discard(d, 0, "7z")
    pass_all(d)
    assert d.to_act == (1,)
    k = [a for a in d.legal_actions(1) if a.type is ActionType.CONCEALED_KONG]
    assert k
    d.apply(k[0])
    assert d.interrupted
    w = [a for a in d.legal_actions(1) if a.type is ActionType.SELF_DRAWN_WIN]
    assert w
    d.apply(w[0])
    r = d.result
    assert sorted(e[0] for e in r.wins[0].elements) == codes
    assert r.wins[0].value == tai
    assert tuple(r.payments) == (-(tai + 1), 3 * tai + 1, -tai, -tai)


def test_simulate_summary_counts_every_winner():
    """README "Simulating Taiwanese matches": the Tai histogram counts every winner's hand
    Tai; the mean is per win; several-winner deals are counted; points are zero-sum."""
    from collections import Counter

    res = mf.simulate(matches=40, rules=mf.Ruleset.taiwanese(min_tai=1), seed=1, workers=2)
    recs, s = res.records, res.summary
    assert s.matches == 40 and s.deals == len(recs) and s.unit == "tai"
    values = [w["value"] for r in recs for w in r["wins"]]
    assert dict(s.value_histogram) == dict(Counter(values))
    assert s.mean_value == pytest.approx(sum(values) / len(values))
    assert s.multiple_wins == sum(len(r["winners"]) > 1 for r in recs) > 0
    assert all(sum(r[f"points_p{p}"] for p in range(4)) == 0 for r in recs)
    # every non-bonus win has at least H40 2 + (H01 or H03) 1
    assert min(values) >= 3


def test_robbing_below_the_minimum_is_refused_the_other_robber_wins():
    """TW §14, §5.2 (low table): South robs East's added kong of 5s with L01 L04 L05 L06 L11
    = 5; West's robbing claim would be L01 L05 L06 L11 = 4: BELOW_MINIMUM, unchanged."""
    d = _added_kong_position(20, LOW, auto_pass=False)
    add = [a for a in d.legal_actions(0) if a.type is ActionType.ADDED_KONG]
    d.apply(add[0])
    assert d.phase is Phase.ROB
    assert not [a for a in d.legal_actions(2) if a.type is ActionType.WIN]
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.WIN, 2))
    assert e.value.code == "BELOW_MINIMUM"
    assert d.snapshot() == before
    w = [a for a in d.legal_actions(1) if a.type is ActionType.WIN]
    assert w
    d.apply(w[0])
    pass_all(d)
    r = d.result
    assert r.winners == (1,)
    assert sorted(e[0] for e in r.wins[0].elements) == ["L01", "L04", "L05", "L06", "L11"]
    assert tuple(r.payments) == (-6, 6, 0, 0)
