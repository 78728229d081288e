"""Chosen positions against the rules' deal procedure (HK §5–§8, §13; TW §4–§8, §14, §17).

Each test builds a position with ``Deal.from_hands`` (every tile named, so ``remaining`` is
what the test says), plays the actions of the rules' worked procedure or edge case, and
checks the legal lists, the §13 codes of the refused actions and the outcome.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from _game_helpers import Alloc
from mahjong_fast.errors import IllegalActionError, InvalidHandError
from mahjong_fast.game import Action, ActionType, Deal, Phase

A = ActionType
ALL_BONUS = "1f2f3f4f5f6f7f8f"


def position(
    hands: Sequence[str],
    *,
    melds: Sequence[Sequence[tuple[int, str]]] = ((), (), (), ()),
    leave: int,
    wall: str = "",
    tail: str = "",
    **kw: object,
) -> Deal:
    """A Hong Kong position with exactly ``leave`` tiles in the wall (``wall`` first,
    ``tail`` last): every other tile is named in a hand, a set or a discard pool."""
    al = Alloc()
    h = [al.takes(x) for x in hands]
    ms = [[(k, al.takes(n)) for k, n in pm] for pm in melds]
    w, t = al.takes(wall), al.takes(tail)
    rest = [x for x in range(144) if x not in al.used]
    plain = [x for x in rest if x < 136]
    named = len(rest) - (leave - len(w) - len(t))
    assert 0 <= named <= len(plain), "the bonus tiles left must fit in the wall"
    pools = [plain[:named][i::4] for i in range(4)]
    return Deal.from_hands(h, melds=ms, discards=pools, wall=w, tail=t, **kw)  # type: ignore[arg-type]


def position_tw(hands: Sequence[str], *, leave: int, active: int, **kw: object) -> Deal:
    """A Taiwanese position: the unnamed tiles are the wall (the dead wall among them), the
    discards go round in seat order from the dealer (East, P0) as a deal without sets does."""
    al = Alloc()
    h = [al.takes(x) for x in hands]
    rest = [x for x in range(144) if x not in al.used]
    plain = [x for x in rest if x < 136][: len(rest) - leave]
    pools: list[list[int]] = [[], [], [], []]
    for i, x in enumerate(plain):
        pools[i % 4].append(x)
    assert len(plain) % 4 == active, "the player to act follows the last discard"
    return Deal.from_hands(h, discards=pools, active=active, **kw)  # type: ignore[arg-type]


def ids(deal: Deal, p: int, code: str) -> tuple[int, ...]:
    """The ids of kind ``code`` ("5p") in P``p``'s concealed hand."""
    k = {"m": 0, "p": 9, "s": 18, "z": 27}[code[1]] + int(code[0]) - 1
    return tuple(t for t in deal.hands[p] if t // 4 == k)


def shown(deal: Deal) -> dict[int, list[str]]:
    return {p: [str(a) for a in deal.legal_actions(p)] for p in range(4)}


def refused(deal: Deal, action: Action) -> str:
    before = deal.snapshot()
    with pytest.raises(IllegalActionError) as e:
        deal.apply(action)
    assert deal.snapshot() == before, f"{action} changed the state"
    return e.value.code


# ---------------------------------------------------------------- HK §6.3 the last discard
LAST = ["123m456m789m111z5p9s", "55p34p222s678s99s7z", "555z666z345s11s67p", "111p222p333p444p9p"]


def test_last_discard_may_be_claimed_only_for_a_win_and_counts_f15() -> None:
    d = position([*LAST[:3], LAST[3] + ALL_BONUS], leave=0, auto_pass=False)
    assert d.remaining == 0 and d.phase is Phase.ACTION
    assert all(a.type is A.DISCARD for a in d.legal_actions(0))
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "5p")[:1]))
    # P1 could pung and chow 5p, but not on the last discard; P2 wins (2 dragon pungs
    # + F15 + ...)
    assert shown(d) == {0: [], 1: ["P1 pass"], 2: ["P2 pass", "P2 win"], 3: ["P3 pass"]}
    assert refused(d, Action(A.PUNG, 1, ids(d, 1, "5p"))) == "LAST_DISCARD_WIN_ONLY"
    assert (
        refused(d, Action(A.CHOW, 1, ids(d, 1, "3p") + ids(d, 1, "4p"))) == "LAST_DISCARD_WIN_ONLY"
    )
    assert refused(d, Action(A.WIN, 1)) == "NOT_A_WINNING_HAND"
    assert refused(d, Action(A.PASS, 0)) == "NOT_YOUR_TURN"  # one's own discard
    d.apply(Action(A.PASS, 1))
    assert refused(d, Action(A.PASS, 1)) == "ALREADY_RESPONDED"
    d.apply(Action(A.WIN, 2))
    d.apply(Action(A.PASS, 3))
    r = d.result
    assert r is not None and r.winner == 2 and r.win_kind == "discard"
    assert "F15" in [e[0] for e in r.elements]
    assert refused(d, Action(A.PASS, 3)) == "DEAL_OVER"
    assert all(d.legal_actions(p) == [] for p in range(4))


def test_last_discard_with_no_win_claim_is_an_exhaustive_draw() -> None:
    d = position([*LAST[:3], LAST[3] + ALL_BONUS], leave=0, auto_pass=False)
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "5p")[:1]))
    for p in (1, 2, 3):
        d.apply(Action(A.PASS, p))
    r = d.result
    assert r is not None and r.exhaustive_draw and r.payments == (0, 0, 0, 0)


# ---------------------------------------------------------------- HK §7.5, P3: no replacement
def test_concealed_kong_with_an_empty_wall_is_refused() -> None:  # HK §16 P3
    d = position(["123m456m789m1111z9s", *LAST[1:3], LAST[3] + ALL_BONUS], leave=0)
    assert not any(a.type is A.CONCEALED_KONG for a in d.legal_actions(0))
    assert refused(d, Action(A.CONCEALED_KONG, 0, ids(d, 0, "1z"))) == "NO_REPLACEMENT_TILE"


def test_added_kong_with_an_empty_wall_is_refused() -> None:
    d = position(
        ["123m456m789m1z9s", *LAST[1:3], LAST[3] + ALL_BONUS],
        melds=[[(1, "111z")], [], [], []],
        leave=0,
    )
    assert not any(a.type is A.ADDED_KONG for a in d.legal_actions(0))
    assert refused(d, Action(A.ADDED_KONG, 0, ids(d, 0, "1z"))) == "NO_REPLACEMENT_TILE"


def test_kong_on_the_last_tile_then_win_scores_f12_and_f14() -> None:  # HK §10.3
    d = position(
        [
            "2222m345m678m555z7z",
            "111p999p111s999s1z" + ALL_BONUS,
            "234p678p234s678s1z",
            "333m444m666m789p3z",
        ],
        leave=1,
        tail="7z",
    )
    assert d.legal_actions(0)[0] == Action(A.CONCEALED_KONG, 0, ids(d, 0, "2m"))
    d.apply(d.legal_actions(0)[0])
    assert d.remaining == 0 and d.phase is Phase.ACTION
    assert d.legal_actions(0)[0].type is A.SELF_DRAWN_WIN
    d.apply(d.legal_actions(0)[0])
    r = d.result
    assert r is not None and {"F12", "F14"} <= {e[0] for e in r.elements}


def test_bonus_tile_as_the_last_wall_tile_ends_in_a_draw() -> None:  # HK §16 P4
    d = position([*LAST[:3], LAST[3] + ALL_BONUS[:-2]], leave=1, wall="8f")
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "9s")))
    while d.phase is Phase.RESPONSE:
        d.apply(Action(A.PASS, d.to_act[0]))
    r = d.result
    assert r is not None and r.exhaustive_draw and 143 in d.bonus[1]


# ---------------------------------------------------------------- HK §5.5, P5
def test_no_kong_and_no_self_drawn_win_after_a_pung() -> None:  # HK §16 P5
    d = position(
        [
            "123m456m789m19p1z5z9s",
            "555z19s19p2345m7z8s",
            "234p678p234s678s1z",
            "444s666m789p3z3z7z4z",
        ],
        leave=40,
    )
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "5z")))
    assert [a.type for a in d.legal_actions(1)][-1] is A.PUNG
    d.apply(Action(A.PUNG, 1, ids(d, 1, "5z")[:2]))
    assert d.phase is Phase.AFTER_CLAIM
    assert {a.type for a in d.legal_actions(1)} == {A.DISCARD}
    assert refused(d, Action(A.ADDED_KONG, 1, ids(d, 1, "5z"))) == "WRONG_PHASE"
    assert refused(d, Action(A.SELF_DRAWN_WIN, 1)) == "WRONG_PHASE"


# ---------------------------------------------------------------- HK §7.3 robbing the kong
ROB = ["123m456m789m1z5p", "555z666z345s11s46p", "123p789p1z1z2z2z3z3z4z", "777z222m888s33s46p"]


def test_robbing_an_added_kong_head_bump_and_rob_window_types() -> None:
    d = position(ROB, melds=[[(1, "555p")], [], [], []], leave=40)
    add = Action(A.ADDED_KONG, 0, ids(d, 0, "5p"))
    assert d.legal_actions(0)[0] == add
    d.apply(add)
    assert d.phase is Phase.ROB and d.to_act == (1, 3)
    assert shown(d) == {0: [], 1: ["P1 pass", "P1 win"], 2: [], 3: ["P3 pass", "P3 win"]}
    assert refused(d, Action(A.PUNG, 1, ids(d, 1, "4p") + ids(d, 1, "6p"))) == "WRONG_PHASE"
    assert refused(d, Action(A.CHOW, 1, ids(d, 1, "4p") + ids(d, 1, "6p"))) == "WRONG_PHASE"
    d.apply(Action(A.WIN, 3))
    d.apply(Action(A.WIN, 1))
    r = d.result
    assert r is not None and r.winners == (1,) and r.win_kind == "robbing_kong"  # HK §11.3
    assert "F13" in [e[0] for e in r.elements] and r.payments[0] < 0 and r.payments[3] == 0


ORPHANS = ["9m19p19s1234567z9m", "234p678p234s678s5z", "222m333m444m666m7z"]


def test_a_concealed_kong_cannot_be_robbed_even_by_thirteen_orphans() -> None:  # HK §7.1
    d = position(["1111m234m567m888s5p", *ORPHANS], leave=40)
    d.apply(Action(A.CONCEALED_KONG, 0, ids(d, 0, "1m")))
    assert d.phase is Phase.ACTION and d.to_act == (0,) and d.legal_actions(1) == []


def test_thirteen_orphans_robs_an_added_kong() -> None:
    d = position(["1m234m567m888s5p", *ORPHANS], melds=[[(1, "111m")], [], [], []], leave=40)
    d.apply(Action(A.ADDED_KONG, 0, ids(d, 0, "1m")))
    assert shown(d)[1] == ["P1 pass", "P1 win"]
    d.apply(Action(A.WIN, 1))
    r = d.result
    assert r is not None and r.win_kind == "robbing_kong" and r.elements[0][0] == "L1"


# ---------------------------------------------------------------- HK §9.2 / §14a four copies
def test_four_of_a_kind_never_makes_two_of_seven_pairs() -> None:
    d = position(
        [
            "123m456m789m19p1z7z9s",
            "11m22m33p44p55s777z",
            "234p678p234s678s1z",
            "444m666m888s3z3z5z6z",
        ],
        leave=40,
        auto_pass=False,
    )
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "7z")))
    assert Action(A.WIN, 1) not in d.legal_actions(1)
    assert refused(d, Action(A.WIN, 1)) == "NOT_A_WINNING_HAND"
    assert [a.type for a in d.legal_actions(1)] == [A.PASS, A.KONG, A.PUNG]


def test_seven_pairs_wins_on_its_single_tile() -> None:  # HK §9.2
    d = position(
        [
            "123m456m789m19p1z7z9s",
            "11m22m33p44p55s66s7z",
            "234p678p234s678s1z",
            "444m666m888s3z3z5z6z",
        ],
        leave=40,
    )
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "7z")))
    assert Action(A.WIN, 1) in d.legal_actions(1)


# ---------------------------------------------------------------- HK §6.1 chows
def test_chow_only_by_the_next_player_one_per_kind_pair_lowest_ids() -> None:
    d = position(
        [
            "1123m456m789m19s4p8s",
            "2p2p3p3p5p5p6p 1z2z3z4z5z6z",
            "2p3p5p6p 111s 999s 7z 7s7s",
            "11z22z33z44z5z6z6z7z7z",
        ],
        leave=40,
        auto_pass=False,
    )
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "4p")))
    chows = [a for a in d.legal_actions(1) if a.type is A.CHOW]
    low = {k: ids(d, 1, k)[0] for k in ("2p", "3p", "5p", "6p")}
    assert chows == [
        Action(A.CHOW, 1, (low["2p"], low["3p"])),
        Action(A.CHOW, 1, (low["3p"], low["5p"])),
        Action(A.CHOW, 1, (low["5p"], low["6p"])),
    ]
    assert not any(a.type is A.CHOW for a in d.legal_actions(2))
    assert refused(d, Action(A.CHOW, 2, ids(d, 2, "2p") + ids(d, 2, "3p"))) == "CHOW_NOT_ALLOWED"
    # the same chow with the other copies is accepted (the game docs)
    other = (ids(d, 1, "5p")[1], ids(d, 1, "6p")[0])
    d.apply(Action(A.CHOW, 1, other))
    d.apply(Action(A.PASS, 2))
    d.apply(Action(A.PASS, 3))
    assert d.phase is Phase.AFTER_CLAIM and d.active == 1
    assert set(other) <= set(d.melds[1][0].tiles)


# ---------------------------------------------------------------- TW §5.2 several winners
TW_TWO = [
    "111m222m333m444m5m55z6z5p",
    "123s456s789s111z22z46p",
    "123p789p234s567s66m7z6z",
    "777m888m999m333z44z46p",
]


@pytest.mark.parametrize("rules", ["taiwanese-high", "taiwanese-low"])
def test_tw_every_win_claimant_wins_and_the_discarder_pays_each(rules: str) -> None:
    d = Deal.from_hands(TW_TWO, rules=rules)
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "5p")[:1]))
    assert d.to_act == (1, 3)
    assert [a.type for a in d.legal_actions(1)] == [A.PASS, A.WIN, A.CHOW]
    d.apply(Action(A.WIN, 3))
    d.apply(Action(A.WIN, 1))
    r = d.result
    assert r is not None and r.winners == (1, 3)
    for w in r.wins:
        assert w.payments[0] == -w.payments[w.player] and w.payments[2] == 0


@pytest.mark.parametrize("rules", ["taiwanese-high", "taiwanese-low"])
def test_tw_a_win_outranks_the_next_players_chow(rules: str) -> None:
    d = Deal.from_hands(TW_TWO, rules=rules)
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "5p")[:1]))
    d.apply(Action(A.CHOW, 1, ids(d, 1, "4p") + ids(d, 1, "6p")))
    d.apply(Action(A.WIN, 3))
    r = d.result
    assert r is not None and r.winners == (3,)


TW_DRY = [
    "123s456s789s111z22z46p",
    "123p789p234s567s66m7z6z",
    "777m888m999m333z44z46p",
    "1111m222m333m444m55z6z5p",
]


def test_tw_no_kong_and_win_only_on_the_last_discard_when_live_is_zero() -> None:  # TW §4.2
    d = position_tw(TW_DRY, leave=16, active=3, auto_pass=False, rules="taiwanese-high")
    assert d.remaining == 0  # live tiles
    assert not any(a.type is A.CONCEALED_KONG for a in d.legal_actions(3))
    assert refused(d, Action(A.CONCEALED_KONG, 3, ids(d, 3, "1m"))) == "NO_REPLACEMENT_TILE"
    d.apply(Action(A.DISCARD, 3, ids(d, 3, "5p")))
    assert [a.type for a in d.legal_actions(0)] == [A.PASS, A.WIN]
    assert d.legal_actions(1) == [Action(A.PASS, 1)]
    assert (
        refused(d, Action(A.CHOW, 0, ids(d, 0, "4p") + ids(d, 0, "6p"))) == "LAST_DISCARD_WIN_ONLY"
    )


# ---------------------------------------------------------------- players out of turn / range
def test_legal_actions_of_a_player_out_of_turn_or_out_of_range() -> None:
    d = Deal.from_hands(TW_TWO, rules="taiwanese-high")
    assert d.legal_actions(0) == d.legal_actions(0) != []
    assert all(d.legal_actions(p) == [] for p in (1, 2, 3))
    for bad in (4, -1, 2**70):
        with pytest.raises(InvalidHandError):
            d.legal_actions(bad)
    for wrong in (True, 1.0, "1", None):
        with pytest.raises(TypeError):
            d.legal_actions(wrong)  # type: ignore[arg-type]


TW_ROB = [
    "55p111m222m333m444m5m6z7z",
    "123s456s789s111z2z46p5p",
    "123p789p234s567s66m7z6z",
    "777m888m999m333z44z46p",
]


def _pass_all(d: Deal) -> None:
    while d.phase is Phase.RESPONSE:
        d.apply(Action(A.PASS, d.to_act[0]))


@pytest.mark.parametrize("rules", ["taiwanese-high", "taiwanese-low"])
def test_tw_two_players_rob_one_added_kong_and_both_win(rules: str) -> None:  # TW §5.2
    d = Deal.from_hands(TW_ROB, rules=rules, wall="2z 1p 2p 3p 5p")
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "6z")))
    _pass_all(d)
    d.apply(Action(A.DISCARD, 1, ids(d, 1, "5p")))  # P3 could win on it, and passes
    d.apply(Action(A.PASS, 3))
    d.apply(Action(A.PUNG, 0, ids(d, 0, "5p")))
    d.apply(Action(A.DISCARD, 0, ids(d, 0, "7z")))
    for p in (1, 2, 3):
        _pass_all(d)
        assert d.active == p and d.drawn_tile is not None
        d.apply(Action(A.DISCARD, p, (d.drawn_tile,)))
    _pass_all(d)
    add = Action(A.ADDED_KONG, 0, ids(d, 0, "5p"))
    assert d.legal_actions(0)[0] == add  # the fourth 5p just drawn
    d.apply(add)
    assert d.phase is Phase.ROB and shown(d) == {
        0: [],
        1: ["P1 pass", "P1 win"],
        2: [],
        3: ["P3 pass", "P3 win"],
    }
    d.apply(Action(A.WIN, 3))
    d.apply(Action(A.WIN, 1))
    r = d.result
    assert r is not None and r.winners == (1, 3)
    assert [w.win_kind for w in r.wins] == ["robbing_kong"] * 2
    for w in r.wins:  # the declarer pays each winner, with the dealer's extra Tai (TW §15)
        assert w.payments[0] == -(w.value + 1) == -w.payments[w.player]
