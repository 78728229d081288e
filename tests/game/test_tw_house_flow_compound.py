"""TW §20.5.8 rule 2 ``eight_bonus_mode = compound`` in the deal, through the public API: the
all-eight win is made by the engine once the seat's replacement draws are made (no
``BONUS_CHOICE``), scored as a self-drawn win with the seat's hand when its tiles have a
winning shape (the all-eight element in place of the bonus-tile elements), the element alone
otherwise, plus C27 at starting timing; with C tables a total below ``min_tai`` is treated as
declined. Positions from ``Deal.from_hands`` (F19's set-up under ``compound``), the X33 hand
reached in play, a deal from a wall (the initial replacement), its log and replay."""

from __future__ import annotations

import io

import mahjong_fast as mf
import pytest
from _tw_flow_helpers import act, code_of, discard, pass_all, position
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.seats import make_seat

COMPOUND = {"tai_table": "sml", "min_tai": 0, "eight_bonus_mode": "compound", "base_points": 5}


def south_draws_the_eighth(switches: dict[str, object], hand: str = "", tail: str = "") -> Deal:
    """F19's set-up: South shows seven bonus tiles and its next draw is 8f; East discards."""
    d = position(
        switches,
        {1: hand} if hand else {},
        active=0,
        live=30,
        draws="8f",
        tail=tail,
        bonus_areas={1: "1234567"},
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    return d


def test_no_winning_shape_scores_c34_alone_automatically() -> None:
    d = south_draws_the_eighth(COMPOUND)
    assert d.phase is Phase.ENDED
    types = [e.type for e in d.events]
    assert "bonus_choice" not in types and "bonus_win" not in types
    # the replacement draw for the eighth was made before the win
    assert types[types.index("bonus") + 1] == "replacement_draw"
    r = d.result
    assert r is not None and r.winner == 1 and r.win_kind == "bonus_all_eight"
    assert [(e[0], e[2]) for e in r.wins[0].elements] == [("C34", 8)]
    # as F19's BONUS_WIN: settled as self-drawn, East 5 + 8 + 1, West and North 5 + 8
    assert tuple(r.payments) == (-14, 40, -13, -13)


def test_a_winning_shape_is_scored_with_the_hand_x33() -> None:
    """X33 reached in play: South ``123456m23456p123s77z`` draws 8f, its replacement 1p
    completes the hand: C01, C02, C03, C11 (a loose tile) and C34 in place of C07/C13."""
    sw = {**COMPOUND, "tai_table": "shenlaiye"}
    d = south_draws_the_eighth(sw, hand="123456m23456p123s77z", tail="1p")
    r = d.result
    assert r is not None and r.winner == 1 and r.win_kind == "bonus_all_eight"
    codes = [e[0] for e in r.wins[0].elements]
    assert codes == ["C01", "C02", "C03", "C11", "C34"], codes
    assert r.wins[0].tai == 12
    # X33's payments: self-drawn 12 Tai, base 5, East the dealer adds 1
    assert tuple(r.payments) == (-18, 52, -17, -17)


def test_the_same_hand_without_compound_is_an_ordinary_choice() -> None:
    """Under ``optional_standalone`` the same position is a choice whose win is C34 alone."""
    sw = {**COMPOUND, "eight_bonus_mode": "optional_standalone", "tai_table": "shenlaiye"}
    d = south_draws_the_eighth(sw, hand="123456m23456p123s77z", tail="1p")
    assert d.phase is Phase.BONUS_CHOICE
    d.apply(act(ActionType.BONUS_WIN, 1))
    assert [e[0] for e in d.result.wins[0].elements] == ["C34"]  # type: ignore[union-attr]


def test_below_min_tai_with_c_tables_is_treated_as_declined() -> None:
    d = south_draws_the_eighth({**COMPOUND, "min_tai": 9})
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert d.result is None
    assert not any(e.type.startswith("bonus_") and e.type != "bonus" for e in d.events)
    # nothing to answer: the answers of BONUS_CHOICE are refused
    assert code_of(d, act(ActionType.BONUS_WIN, 1)) == "WRONG_PHASE"


def test_high_table_keeps_the_exemption_from_the_minimum() -> None:
    """TW §20.5.8 rule 5: with the H/L tables the compound win keeps §7's exemption."""
    d = south_draws_the_eighth({"eight_bonus_mode": "compound", "min_tai": 50})
    r = d.result
    assert r is not None and r.win_kind == "bonus_all_eight"
    assert [e[0] for e in r.wins[0].elements] == ["H32"]


def _eight_wall() -> list[int]:
    """A wall whose deal gives South all eight bonus tiles (the initial replacement)."""
    south = [16 * r + 4 + i for r in range(4) for i in range(4)]
    wall: list[int | None] = [None] * 144
    for pos, t in zip(south, range(136, 144)):
        wall[pos] = t
    rest = iter(t for t in range(144) if t not in wall)
    return [t if t is not None else next(rest) for t in wall]


@pytest.mark.parametrize("element", [True, False])
def test_initial_replacement_non_dealer_element_alone_with_c27(element: bool) -> None:
    """A non-dealer holds 16 tiles in the initial replacement: the element alone, plus C27
    with ``initial_bonus_win_element`` (§20.5.8 rules 2 and 4); logged and replayed."""
    rules = mf.Ruleset.from_name("taiwanese-high", **COMPOUND, initial_bonus_win_element=element)
    g = Deal(_eight_wall(), dealer=0, rules=rules)
    r = g.result
    assert g.phase is Phase.ENDED and r is not None and r.winner == 1
    assert [e[0] for e in r.wins[0].elements] == (["C27", "C34"] if element else ["C34"])
    tai = 12 if element else 8
    assert tuple(r.payments) == (-(5 + tai + 1), 3 * (5 + tai) + 1, -(5 + tai), -(5 + tai))
    buf = io.StringIO()
    write_log(buf, [g])
    buf.seek(0)
    (res,) = replay(buf)
    assert res == r


def test_a_deal_played_on_after_a_refused_compound_win_replays() -> None:
    d = south_draws_the_eighth({**COMPOUND, "min_tai": 9})
    seats = [make_seat("greedy", seed=p) for p in range(4)]
    while d.phase is not Phase.ENDED:
        assert d.phase is not Phase.BONUS_CHOICE
        p = d.to_act[0]
        d.apply(seats[p].choose(d.view(p), d.legal_actions(p)))
    assert d.result is not None and sum(d.result.payments) == 0


def test_rl_and_hints_see_no_extra_action() -> None:
    """``compound`` asks nobody: it adds no action (RL version 1 takes the ruleset)."""
    from mahjong_fast.rl import TableBatch

    rules = mf.Ruleset.from_name("taiwanese-high", eight_bonus_mode="compound")
    b = TableBatch(1, ["learner", "random", "greedy", "random"], rules)
    assert b.extra_actions == []


# ------------------------------------------------------------------ liability (TW §20.7.2)
#: South holds pungs of white and green, a pair of red and seven bonus tiles; East's red makes
#: big three dragons threaten (East recorded); South then draws 8f and its replacement 4m
#: completes the hand: a compound win with H29, which "counts as self-drawn" for liability.
LIABLE_HANDS = [
    "7z 1p 4p 7p 2s 5s 8s 3p 6p 9m 1z 2z 3z 4z 1z 2z 3z",
    "77z 123m 456m 99p 1f 2f 3f 4f 5f 6f 7f",
    "1s 4s 7s 2p 5p 8p 3s 6s 9s 3m 6m 9m 1z 2z 3z 4z",
    "2m 5m 8m 1p 4p 7p 2s 5s 8s 3p 6p 9p 7m 7m 8p 8p",
]


def _compound_with_a_liable_seat(**switches: object) -> Deal:
    rules = mf.Ruleset.from_name("taiwanese-high", eight_bonus_mode="compound", **switches)
    d = Deal.from_hands(
        LIABLE_HANDS,
        dealer=0,
        active=0,
        melds=["", "[555z] [666z]", "", ""],
        discards=["8m 9s", "9s 8m", "6p 5p", "1s 2s"],
        wall="4z 4z 5z 8f",
        tail="4m",
        rules=rules,
    )
    red = next(t for t in d.hands[0] if t // 4 == 33)
    d.apply(act(ActionType.DISCARD, 0, red))
    d.apply(next(a for a in d.legal_actions(1) if a.type is ActionType.PUNG))
    one_m = next(t for t in d.hands[1] if t // 4 == 0)
    d.apply(act(ActionType.DISCARD, 1, one_m))
    for p in (2, 3, 0):
        assert d.phase is Phase.ACTION and d.to_act == (p,)
        discard(d, p, (d.drawn_tile or 0) >> 2)
        pass_all(d)
    assert d.phase is Phase.ENDED
    return d


def test_a_compound_win_with_its_hand_carries_liability() -> None:
    plain = _compound_with_a_liable_seat().result
    assert plain is not None and plain.winner == 1 and plain.win_kind == "bonus_all_eight"
    assert {"H29", "H32"} <= {e[0] for e in plain.wins[0].elements}
    d = _compound_with_a_liable_seat(liability=["big_three_dragons"])
    r = d.result
    assert r is not None and r.wins[0].liable_paid == 0
    # self-drawn: the liable East pays all three amounts
    assert r.payments == (sum(plain.payments[p] for p in (0, 2, 3)), plain.payments[1], 0, 0)
