"""Spec probe (issue 38, black box): the Taiwanese bonus-tile switches of the deal, read from
the rules text (TW §7, §20.2.7, §20.4, §20.5.8, §20.6.3-§20.6.4, §20.7, §20.10) and tested
through the public API only.  Positions are built with ``Deal.from_hands`` (through the shared
``position`` helper: a pung elsewhere gives a discard pool a history, TW §10a) or, for the
initial bonus replacement, with a full 144-tile wall laid out as TW §4.1 says."""

from __future__ import annotations

import io

import mahjong_fast as mf
import pytest
from _tw_flow_helpers import Table, act, code_of, discard, kinds, pass_all, position
from mahjong_fast.errors import InvalidHandError
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.events import visible_event
from mahjong_fast.game.log import replay, write_log

SML = {"tai_table": "sml", "min_tai": 0, "base_points": 5}
BW, DEC = ActionType.BONUS_WIN, ActionType.DECLINE


def codes(win: object) -> list[str]:
    return [e[0] for e in win.elements]  # type: ignore[attr-defined]


def tai_of(win: object) -> int:
    return sum(e[2] for e in win.elements)  # type: ignore[attr-defined]


def south_draws(
    switches: dict[str, object],
    areas: dict[int, str],
    *,
    hands: dict[int, str] | None = None,
    draw: str = "8f",
    tail: str = "",
    live: int = 30,
    streak: int = 0,
) -> Deal:
    """East discards a filler tile; everybody passes; South draws ``draw`` (a bonus tile is
    exposed at once)."""
    d = position(
        switches,
        hands or {},
        active=0,
        live=live,
        draws=draw,
        tail=tail,
        bonus_areas=areas,
        dealer_streak=streak,
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    return d


def settle_of(d: Deal, rules: mf.Ruleset, dealer: int = 0, streak: int = 0) -> tuple[int, ...]:
    """``Ruleset.settle`` of the deal's own wins."""
    r = d.result
    assert r is not None
    wins = []
    for w in r.wins:
        row: dict[str, object] = {"winner": w.player, "tai": w.value, "self_drawn": w.self_drawn}
        if w.discarder is not None:
            row["discarder"] = w.discarder
        wins.append(row)
    pay = rules.settle(wins, dealer=dealer, dealer_streak=streak)["payments"]
    return tuple(pay[s] for s in "ESWN")


def hrules(**sw: object) -> mf.Ruleset:
    """The ruleset ``position`` builds (taiwanese-high, min_tai 5, tai_value 1, ``sw``)."""
    return mf.Ruleset.from_name("taiwanese-high", **{"min_tai": 5, "tai_value": 1, **sw})


def wall_with(
    hands: dict[int, list[int]], tail: list[int], dealer: int = 0, front: list[int] | None = None
) -> list[int]:
    """A 144-id wall dealing ``hands`` (ids; the rest filler) as TW §4.1 lays it out, with
    ``tail`` the replacement draws in order (positions 143, 142, ...) and ``front`` the normal
    draws after the deal (positions 65, ...).  Bonus ids not named go to the middle of the
    wall, where no test draws."""
    named = {t for h in hands.values() for t in h} | set(tail) | set(front or [])
    filler = [t for t in range(136) if t not in named]
    # spread the kinds so that a filler hand is no winning shape
    filler.sort(key=lambda t: (t % 4, (t >> 2) * 7 % 34))
    spare_bonus = [t for t in range(136, 144) if t not in named]
    wall: list[int | None] = [None] * 144
    for i, t in enumerate(tail):
        wall[143 - i] = t
    for i, t in enumerate(front or []):
        wall[65 + i] = t
    for j, t in enumerate(spare_bonus):
        wall[100 + j] = t
    slots: dict[int, list[int]] = {p: [] for p in range(4)}
    for r in range(4):
        for k in range(4):
            p = (dealer + k) % 4
            slots[p].extend(range(16 * r + 4 * k, 16 * r + 4 * k + 4))
    slots[dealer].append(64)
    fill = iter(filler)
    for p in range(4):
        mine = list(hands.get(p, []))
        for pos in slots[p]:
            wall[pos] = mine.pop(0) if mine else next(fill)
    for i in range(144):
        if wall[i] is None:
            wall[i] = next(fill)
    assert sorted(wall) == list(range(144))  # type: ignore[type-var]
    return wall  # type: ignore[return-value]


def f(n: int) -> int:
    return 135 + n  # bonus tile ``nf``


def tw(name: str = "taiwanese-high", **sw: object) -> mf.Ruleset:
    return mf.Ruleset.from_name(name, **sw)


def replays(d: Deal) -> None:
    """The deal's log replays to the same result (an unfinished deal: up to where it is)."""
    buf = io.StringIO()
    write_log(buf, [d])
    buf.seek(0)
    if d.result is None:
        replay(buf, allow_unfinished=True)
        return
    (res,) = replay(buf)
    assert res == d.result


HAND = {1: "123m456m789m123p456p1z"}  # South: five sets and a single 1z (a pair wait)
EIGHT = {1: "1234567"}  # South shows seven; its draw 8f is the eighth


def eight(mode: str, **more: object) -> dict[str, object]:
    return {**SML, "eight_bonus_mode": mode, **more}


# ----------------------------------------------------------------- forced_standalone (§7.1)


def test_forced_all_eight_wins_at_the_exposure_before_any_replacement() -> None:
    """§7 item 1 / §20.5.8 rule 2: the win comes at the exposure, no replacement; only C34
    (even with a hand that would win on the replacement); self-drawn: E 5+8+1, W and N 5+8."""
    sw = eight("forced_standalone")
    d = south_draws(sw, EIGHT, hands=HAND, tail="1z")
    assert d.phase is Phase.ENDED and "replacement_draw" not in [e.type for e in d.events[-3:]]
    assert len(d.hands[1]) == 16
    r = d.result
    assert r is not None and [w.win_kind for w in r.wins] == ["bonus_all_eight"]
    assert codes(r.wins[0]) == ["C34"] and r.wins[0].discarder is None
    assert tuple(r.payments) == (-14, 40, -13, -13) == settle_of(d, hrules(**sw))


def test_forced_all_eight_on_the_last_live_tile_still_wins() -> None:
    """§10a: with live = 0 the §7 win comes first (it needs no replacement); note 6."""
    d = south_draws(eight("forced_standalone"), EIGHT, live=1)
    assert d.remaining == 0
    r = d.result
    assert r is not None and r.winner == 1 and r.win_kind == "bonus_all_eight"


def test_forced_all_eight_high_table_scores_h32_alone_whatever_min_tai() -> None:
    """§7: not subject to min_tai with the high table; H32 = 30 alone."""
    d = south_draws(
        {"eight_bonus_mode": "forced_standalone", "min_tai": 40}, EIGHT, hands=HAND, tail="1z"
    )
    r = d.result
    assert r is not None and r.winner == 1
    assert [(e[0], e[2]) for e in r.wins[0].elements] == [("H32", 30)]
    assert tuple(r.payments) == (-31, 91, -30, -30)


def test_forced_all_eight_c_table_below_min_tai_is_treated_as_declined() -> None:
    """§20.4.2 rule 6 / §20.5.8 rule 2: C34 8 < min_tai 9: treated as declined, play goes on
    (South replaces its eighth and acts)."""
    d = south_draws(eight("forced_standalone", min_tai=9), EIGHT)
    assert d.result is None and d.phase is Phase.ACTION and d.active == 1
    assert len(d.hands[1]) == 17 and len(d.bonus[1]) == 8


# ----------------------------------------------------------------- optional_standalone


def test_optional_eight_choice_after_the_replacement_and_its_refusals() -> None:
    """§20.5.8 rule 2 / §20.6.3: the replacement first, then South alone is asked; every other
    action is refused with a code and changes nothing (HK §13)."""
    d = south_draws(eight("optional_standalone"), EIGHT, hands=HAND, tail="1z")
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    assert len(d.hands[1]) == 17
    assert [e.type for e in d.events[-3:]] == ["bonus", "replacement_draw", "bonus_choice"]
    choice = d.events[-1]
    assert choice.player == 1 and choice.data == {"kind": "eight"}
    for p in range(4):
        assert visible_event(choice, p) == choice  # §20.6.4: pending choice visible to all
    assert [a.type for a in d.legal_actions(1)] == [BW, DEC]
    assert all(d.legal_actions(p) == [] for p in (0, 2, 3))
    t = d.hands[1][0]
    assert code_of(d, act(ActionType.DISCARD, 1, t)) == "WRONG_PHASE"
    assert code_of(d, act(ActionType.SELF_DRAWN_WIN, 1)) == "WRONG_PHASE"
    assert code_of(d, act(BW, 0)) == "NOT_YOUR_TURN"
    assert code_of(d, act(DEC, 2)) == "NOT_YOUR_TURN"
    assert code_of(d, act(ActionType.PASS, 1)) == "WRONG_PHASE"


def test_optional_eight_bonus_win_scores_only_c34_even_with_a_winning_hand() -> None:
    sw = eight("optional_standalone")
    d = south_draws(sw, EIGHT, hands=HAND, tail="1z")
    d.apply(act(BW, 1))
    r = d.result
    assert r is not None and r.win_kind == "bonus_all_eight" and codes(r.wins[0]) == ["C34"]
    assert tuple(r.payments) == (-14, 40, -13, -13) == settle_of(d, hrules(**sw))
    types = [e.type for e in d.events]
    assert types.index("bonus_win") < types.index("win")


def test_optional_eight_decline_resumes_action_and_never_comes_back() -> None:
    """DECLINE: South's ACTION with 17 tiles; the choice does not come back in the deal;
    answering again is WRONG_PHASE."""
    sw = eight("optional_standalone", pass_over=True)
    d = south_draws(sw, EIGHT)
    d.apply(act(DEC, 1))
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert [e.type for e in d.events[-2:]] == ["action", "bonus_decline"]
    assert code_of(d, act(BW, 1)) == "WRONG_PHASE"
    assert code_of(d, act(DEC, 1)) == "WRONG_PHASE"
    # play on: everybody discards what it can, passes claims; no further bonus choice
    n = 0
    while d.phase is not Phase.ENDED and n < 60:
        assert d.phase is not Phase.BONUS_CHOICE
        p = d.to_act[0]
        legal = d.legal_actions(p)
        pick = next((a for a in legal if a.type is ActionType.PASS), None) or next(
            a for a in legal if a.type is ActionType.DISCARD
        )
        d.apply(pick)
        n += 1
    assert n == 60 or d.result is not None


def test_optional_eight_decline_keeps_the_ordinary_self_drawn_win() -> None:
    d = south_draws(eight("optional_standalone"), EIGHT, hands=HAND, tail="1z")
    d.apply(act(DEC, 1))
    assert ActionType.SELF_DRAWN_WIN in [a.type for a in d.legal_actions(1)]


def ordinary_win_codes(d: Deal, p: int) -> list[str]:
    """``p`` makes the self-drawn win its legal actions offer; the win's element codes."""
    (win,) = [a for a in d.legal_actions(p) if a.type is ActionType.SELF_DRAWN_WIN]
    d.apply(win)
    r = d.result
    assert r is not None and r.winner == p and r.win_kind == "self_drawn"
    assert r.wins[0].value == tai_of(r.wins[0])
    return codes(r.wins[0])


def test_optional_eight_declined_hand_scores_its_ordinary_bonus_elements() -> None:
    """After DECLINE the hand holding all eight is an ordinary win: its own bonus tiles (C07
    for 2f and 6f) and both bouquets (C13), never the all-eight element C34."""
    d = south_draws(eight("optional_standalone"), EIGHT, hands=HAND, tail="1z")
    d.apply(act(DEC, 1))
    c = ordinary_win_codes(d, 1)
    assert c.count("C07") == 2 and c.count("C13") == 2 and "C34" not in c, c


def test_forced_eight_below_min_tai_then_ordinary_win() -> None:
    """The forced all-eight win treated as declined (C34 8 < min_tai 9): the seat plays on and
    its later ordinary win scores the ordinary bonus-tile elements."""
    d = south_draws(eight("forced_standalone", min_tai=9), EIGHT, hands=HAND, tail="1z")
    c = ordinary_win_codes(d, 1)
    assert "C13" in c and "C34" not in c, c


def test_automatic_rob_below_min_tai_north_keeps_seven_south_keeps_the_tile() -> None:
    """The automatic seven-rob treated as declined: nothing moves (North shows seven, South
    its 8f) and South makes its replacement draw."""
    d = south_draws(rob("automatic", min_tai=9), NORTH7)
    assert len(d.bonus[3]) == 7 and d.bonus[1] == [f(8)] and len(d.hands[1]) == 17


def test_optional_eight_with_no_replacement_possible_is_an_exhaustive_draw() -> None:
    """§20.5.8 rule 2: the replacement cannot be made (live 0): exhaustive draw, no choice."""
    d = south_draws(eight("optional_standalone"), EIGHT, live=1)
    r = d.result
    assert r is not None and r.exhaustive_draw and r.winners == ()


def test_optional_eight_c_table_below_min_tai_is_not_offered() -> None:
    d = south_draws(eight("optional_standalone", min_tai=9), EIGHT)
    assert d.phase is Phase.ACTION and d.active == 1 and d.result is None


def test_optional_eight_high_table_keeps_the_exemption_from_min_tai() -> None:
    """Note 7: H/L tables keep §7's exemption; H32 30 is offered under min_tai 40."""
    d = south_draws({"eight_bonus_mode": "optional_standalone", "min_tai": 40}, EIGHT)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    d.apply(act(BW, 1))
    assert [(e[0], e[2]) for e in d.result.wins[0].elements] == [("H32", 30)]


# ----------------------------------------------------------------- additive


def test_additive_no_special_win_and_c34_replaces_the_bonus_elements() -> None:
    """§20.5.8 rule 2 additive: replacement, play on; South's ordinary self-drawn win on its
    replacement scores C34 and no C07/C13/C14/C22."""
    sw = eight("additive")
    d = south_draws(sw, EIGHT, hands=HAND, tail="1z")
    assert d.phase is Phase.ACTION and d.active == 1 and d.result is None
    assert not any(e.type.startswith("bonus_") for e in d.events)
    d.apply(act(ActionType.SELF_DRAWN_WIN, 1))
    r = d.result
    assert r is not None and r.win_kind == "self_drawn"
    c = codes(r.wins[0])
    assert "C34" in c and not {"C07", "C13", "C14", "C22"} & set(c), c
    assert "C11" in c and c == sorted(c)
    assert tuple(r.payments) == settle_of(d, hrules(**sw))


def test_additive_is_an_ordinary_win_subject_to_min_tai() -> None:
    d = south_draws(eight("additive", min_tai=30), EIGHT, hands=HAND, tail="1z")
    assert ActionType.SELF_DRAWN_WIN not in [a.type for a in d.legal_actions(1)]
    assert code_of(d, act(ActionType.SELF_DRAWN_WIN, 1)) == "BELOW_MINIMUM"


# ----------------------------------------------------------------- compound


def test_compound_with_a_winning_shape_scores_the_hand_with_c34() -> None:
    sw = eight("compound")
    d = south_draws(sw, EIGHT, hands=HAND, tail="1z")
    r = d.result
    assert r is not None and r.win_kind == "bonus_all_eight" and r.winner == 1
    assert not any(e.type in ("bonus_choice", "bonus_win") for e in d.events)
    c = codes(r.wins[0])
    assert "C34" in c and "C11" in c and "C03" in c and not {"C07", "C13"} & set(c)
    assert tuple(r.payments) == settle_of(d, hrules(**sw))


def test_compound_without_a_winning_shape_scores_c34_alone() -> None:
    d = south_draws(eight("compound"), EIGHT)
    r = d.result
    assert r is not None and codes(r.wins[0]) == ["C34"]
    assert tuple(r.payments) == (-14, 40, -13, -13)


def test_compound_c_table_below_min_tai_plays_on() -> None:
    d = south_draws(eight("compound", min_tai=9), EIGHT)
    assert d.result is None and d.phase is Phase.ACTION and d.active == 1


def test_compound_high_table_keeps_the_exemption() -> None:
    """§20.5.8 rule 5: a compound win keeps §7's exemption from min_tai (H/L)."""
    d = south_draws({"eight_bonus_mode": "compound", "min_tai": 40}, EIGHT)
    r = d.result
    assert r is not None and [(e[0], e[2]) for e in r.wins[0].elements] == [("H32", 30)]


def test_compound_no_replacement_possible_is_an_exhaustive_draw() -> None:
    d = south_draws(eight("compound"), EIGHT, live=1)
    assert d.result is not None and d.result.exhaustive_draw


def test_compound_cap_and_base_points_per_payment() -> None:
    """§20.7.1: T' = min(T, cap) then the dealer adjustment; with streak k = 1 and
    dealer_pays_streak the dealer pays B + cap + 3."""
    sw = eight("compound", tai_cap=10, dealer_pays_streak=True)
    d = south_draws(sw, EIGHT, hands=HAND, tail="1z", streak=1)
    r = d.result
    assert r is not None and r.wins[0].value > 10
    assert tuple(r.payments) == (-18, 48, -15, -15) == settle_of(d, hrules(**sw), streak=1)


# ----------------------------------------------------------------- seven rob the eighth

NORTH7 = {3: "1234567"}  # North shows seven; South draws 8f, the eighth
NORTH_HAND = {3: "123m456m789m123p456p1z"}  # North waits on a single 1z


def rob(value: str, **more: object) -> dict[str, object]:
    return {**SML, "seven_bonus_rob": value, **more}


def test_automatic_rob_north_takes_souths_eighth_at_once() -> None:
    """§7 item 2: North wins at once with C35 alone (even with a hand waiting), no
    replacement for anybody; South pays as a discarder 5 + 8."""
    sw = rob("automatic")
    d = south_draws(sw, NORTH7, hands=NORTH_HAND, tail="1z")
    r = d.result
    assert r is not None and r.winner == 3 and r.win_kind == "bonus_rob_eighth"
    assert codes(r.wins[0]) == ["C35"] and r.wins[0].discarder == 1
    assert "replacement_draw" not in [e.type for e in d.events[-3:]]
    assert tuple(r.payments) == (0, -13, 0, 13) == settle_of(d, hrules(**sw))


def test_automatic_rob_on_the_last_live_tile_still_wins() -> None:
    d = south_draws(rob("automatic"), NORTH7, live=1)
    r = d.result
    assert r is not None and r.winner == 3 and r.win_kind == "bonus_rob_eighth"


def test_automatic_rob_high_table_h28_alone_below_min_tai() -> None:
    d = south_draws({"min_tai": 40}, NORTH7, hands=NORTH_HAND, tail="1z")
    r = d.result
    assert r is not None and [(e[0], e[2]) for e in r.wins[0].elements] == [("H28", 20)]
    assert tuple(r.payments) == (0, -20, 0, 20)


def test_automatic_rob_c_table_below_min_tai_is_treated_as_declined() -> None:
    d = south_draws(rob("automatic", min_tai=9), NORTH7)
    assert d.result is None and d.phase is Phase.ACTION and d.active == 1


def test_automatic_rob_has_no_case_b() -> None:
    """Case (B) (six + one elsewhere) exists only under ``optional``: South shows six, West
    one; South's 8f is the eighth: no win, South replaces and plays."""
    d = south_draws(rob("automatic"), {1: "123456", 2: "7"})
    assert d.result is None and d.phase is Phase.ACTION and d.active == 1
    assert len(d.hands[1]) == 17


def test_off_no_rob_the_exposer_replaces_and_plays() -> None:
    d = south_draws(rob("off"), NORTH7, hands=NORTH_HAND, tail="1z")
    assert d.result is None and d.phase is Phase.ACTION and d.active == 1
    assert len(d.hands[1]) == 17 and len(d.bonus[3]) == 7 and len(d.bonus[1]) == 1


def test_automatic_rob_cap_and_dealer_paying() -> None:
    """§20.7.1: the exposer is the dealer (East, k = 2, dealer_pays_streak): it pays
    B + min(8, cap 6) + 5."""
    sw = rob("automatic", tai_cap=6, dealer_pays_streak=True)
    d = position(sw, {}, active=3, live=30, draws="8f", bonus_areas={2: "1234567"}, dealer_streak=2)
    discard(d, 3, d.hands[3][0] >> 2)
    pass_all(d)
    r = d.result
    assert r is not None and r.winner == 2 and r.wins[0].discarder == 0
    assert tuple(r.payments) == (-16, 0, 16, 0) == settle_of(d, hrules(**sw), streak=2)


# optional, case (A)


def test_optional_rob_case_a_offer_refusals_and_visibility() -> None:
    d = south_draws(rob("optional"), NORTH7)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (3,) and len(d.hands[1]) == 16
    ev = d.events[-1]
    assert ev.type == "bonus_choice" and ev.player == 3 and ev.data == {"kind": "seven_rob"}
    assert all(visible_event(ev, p) == ev for p in range(4))
    assert [a.type for a in d.legal_actions(3)] == [BW, DEC]
    assert code_of(d, act(BW, 1)) == "NOT_YOUR_TURN"
    assert code_of(d, act(ActionType.DISCARD, 1, d.hands[1][0])) in ("NOT_YOUR_TURN", "WRONG_PHASE")
    assert code_of(d, act(ActionType.WIN, 3)) == "WRONG_PHASE"


def test_optional_rob_case_a_hand_scored_as_a_win_on_the_exposers_discard() -> None:
    """(A): 8f moves to North, North draws one replacement (1z, completing its hand): C35 plus
    the hand as a win on a discard by South, bonus tiles ignored (no C07/C13, no C03/C11);
    one win, all paid by South; ascending element numbers (§20.4.2 rule 7)."""
    sw = rob("optional")
    d = south_draws(sw, NORTH7, hands=NORTH_HAND, tail="1z")
    d.apply(act(BW, 3))
    r = d.result
    assert r is not None and len(r.wins) == 1 and r.wins[0].discarder == 1
    c = codes(r.wins[0])
    assert "C35" in c and "C01" in c
    assert not {"C03", "C11", "C07", "C13", "C02"} & set(c), c
    assert r.payments[0] == r.payments[2] == 0 and r.payments[1] == -r.payments[3]
    assert tuple(r.payments) == settle_of(d, hrules(**sw))
    win = next(e for e in d.events if e.type == "bonus_win")
    assert win.data.get("tile") == 143 and win.data.get("from") == 1


def test_optional_rob_breakdown_is_in_ascending_order() -> None:
    d = south_draws(rob("optional"), NORTH7, hands=NORTH_HAND, tail="1z")
    d.apply(act(BW, 3))
    c = codes(d.result.wins[0])
    assert c == sorted(c), c


def test_optional_rob_case_a_decline_south_replaces_and_acts() -> None:
    d = south_draws(rob("optional", pass_over=True), NORTH7, hands=NORTH_HAND, tail="1z")
    d.apply(act(DEC, 3))
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert len(d.bonus[1]) == 1 and len(d.bonus[3]) == 7
    assert [e.type for e in d.events[-3:]] == ["action", "bonus_decline", "replacement_draw"]
    assert code_of(d, act(BW, 3)) == "WRONG_PHASE"


def test_optional_rob_not_offered_without_a_replacement_draw() -> None:
    """The offer needs a possible replacement draw: South's 8f is the last live tile; no
    offer, and South's replacement cannot be made: exhaustive draw (§4.2)."""
    d = south_draws(rob("optional"), NORTH7, live=1)
    assert d.phase is Phase.ENDED and d.result is not None and d.result.exhaustive_draw
    assert "bonus_choice" not in [e.type for e in d.events]


def test_optional_rob_c_table_below_min_tai_not_offered() -> None:
    d = south_draws(rob("optional", min_tai=9), NORTH7, hands=NORTH_HAND, tail="1z")
    assert (
        d.phase is Phase.ACTION
        and d.active == 1
        and "bonus_choice" not in [e.type for e in d.events]
    )


def test_optional_rob_high_table_offered_whatever_min_tai() -> None:
    d = south_draws({"seven_bonus_rob": "optional", "min_tai": 40}, NORTH7)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (3,)
    d.apply(act(BW, 3))
    assert [(e[0], e[2]) for e in d.result.wins[0].elements] == [("H28", 20)]


# optional, case (B)

SIX_ONE = {1: "123456", 2: "7"}  # South six, West one; South's 8f is the eighth to appear


def test_optional_rob_case_b_two_parts_each_settled_with_its_cap() -> None:
    """(B) S12-like, with tai_cap 4: the C35 part (8 → 4) paid by West as discarder; the hand
    part (a self-draw on the loose tile, ≥ 5 Tai → 4) paid by all three; each part capped
    on its own: West 9 + 9, East 10, North 9; South +37."""
    sw = rob("optional", tai_cap=4)
    d = south_draws(sw, SIX_ONE, hands=HAND, tail="1z")
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    d.apply(act(BW, 1))
    r = d.result
    assert r is not None and len(r.wins) == 2 and all(w.player == 1 for w in r.wins)
    rob_part, hand_part = r.wins
    assert codes(rob_part) == ["C35"] and rob_part.discarder == 2
    assert hand_part.discarder is None and "C11" in codes(hand_part) and "C03" in codes(hand_part)
    assert hand_part.value >= 5
    assert tuple(r.payments) == (-10, 37, -18, -9) == settle_of(d, hrules(**sw))
    win = next(e for e in d.events if e.type == "bonus_win")
    assert win.data.get("tile") == 142 and win.data.get("from") == 2
    assert 142 in d.bonus[1] and d.bonus[2] == []


def test_optional_rob_case_b_hand_part_ignores_only_the_moved_tile() -> None:
    """(B): the hand part is scored with X's bonus tiles other than z: South shows 1f-6f and
    8f after the rob; 1f-4f is a bouquet (C13) and 2f (South's own flower) scores C07 unless
    bouquet_replaces_own_bonus; 6f (own season) scores C07 (its group 5f-8f misses 7f)."""
    d = south_draws(rob("optional"), SIX_ONE, hands=HAND, tail="1z")
    d.apply(act(BW, 1))
    hand_part = d.result.wins[1]
    c = codes(hand_part)
    assert c.count("C13") == 1 and c.count("C07") == 2, c


def test_optional_rob_case_b_decline() -> None:
    d = south_draws(rob("optional"), SIX_ONE)
    d.apply(act(DEC, 1))
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert len(d.bonus[1]) == 7 and len(d.bonus[2]) == 1


def test_optional_rob_case_b_needs_exactly_six_before() -> None:
    """South shows five, West two: no case (B) (X must have had exactly six)."""
    d = south_draws(rob("optional"), {1: "12345", 2: "67"})
    assert d.phase is Phase.ACTION and d.active == 1


# ----------------------------------------------------------------- the initial replacement

ORDERS = ["player_complete", "round_robin"]


def std(**sw: object) -> mf.Ruleset:
    """omu-standard (sml, min_tai 0, base 5, dealer_pays_streak) with ``sw``."""
    return tw("taiwanese-omu-standard", **sw)


def south_holds_all_eight(rules: mf.Ruleset) -> Deal:
    return Deal(wall_with({1: [f(i) for i in range(1, 9)]}, []), dealer=0, rules=rules)


@pytest.mark.parametrize("order", ORDERS)
def test_initial_optional_eight_win_scores_c34_and_c27(order: str) -> None:
    """§20.5.8 rules 2 and 4: South's choice comes with its replacements made; BONUS_WIN is
    C34 + C27 (starting timing), self-drawn: E 5+12+1, W and N 5+12."""
    rules = std(
        eight_bonus_mode="optional_standalone",
        initial_bonus_order=order,
        initial_bonus_win_element=True,
    )
    d = south_holds_all_eight(rules)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,) and len(d.hands[1]) == 16
    assert all(d.legal_actions(p) == [] for p in (0, 2, 3))
    assert code_of(d, act(ActionType.DISCARD, 0, d.hands[0][0])) in ("WRONG_PHASE", "NOT_YOUR_TURN")
    d.apply(act(BW, 1))
    r = d.result
    assert r is not None and sorted(codes(r.wins[0])) == ["C27", "C34"]
    assert tuple(r.payments) == (-18, 52, -17, -17) == settle_of(d, rules)
    replays(d)


@pytest.mark.parametrize("order", ORDERS)
def test_initial_optional_eight_decline_starts_play_with_the_dealer(order: str) -> None:
    rules = std(eight_bonus_mode="optional_standalone", initial_bonus_order=order)
    d = south_holds_all_eight(rules)
    d.apply(act(DEC, 1))
    assert d.phase is Phase.ACTION and d.active == 0
    assert [len(h) for h in d.hands] == [17, 16, 16, 16]
    assert all(t < 136 for h in d.hands for t in h)
    assert code_of(d, act(BW, 1)) in ("WRONG_PHASE", "NOT_YOUR_TURN")
    discard(d, 0, d.hands[0][0] >> 2)
    replays(d)


@pytest.mark.parametrize("order", ORDERS)
def test_initial_compound_non_dealer_scores_the_element_alone_with_c27(order: str) -> None:
    """A non-dealer during the initial replacement holds 16 tiles: C34 alone (+ C27), never
    C38 (§20.4.3)."""
    rules = std(
        eight_bonus_mode="compound", initial_bonus_order=order, initial_bonus_win_element=True
    )
    d = south_holds_all_eight(rules)
    r = d.result
    assert r is not None and r.win_kind == "bonus_all_eight"
    assert sorted(codes(r.wins[0])) == ["C27", "C34"]
    assert tuple(r.payments) == (-18, 52, -17, -17)
    replays(d)


def test_initial_compound_breakdown_ascending() -> None:
    d = south_holds_all_eight(std(eight_bonus_mode="compound", initial_bonus_win_element=True))
    assert codes(d.result.wins[0]) == ["C27", "C34"]


@pytest.mark.parametrize("order", ORDERS)
def test_initial_forced_eight_scores_c27(order: str) -> None:
    d = south_holds_all_eight(
        std(
            eight_bonus_mode="forced_standalone",
            initial_bonus_order=order,
            initial_bonus_win_element=True,
        )
    )
    assert sorted(codes(d.result.wins[0])) == ["C27", "C34"]


def test_initial_forced_eight_wins_at_the_eighth_exposure() -> None:
    """forced: the win at the exposure, before any replacement for the eighth (round robin:
    South has replaced seven of its eight)."""
    d = south_holds_all_eight(
        std(eight_bonus_mode="forced_standalone", initial_bonus_order="round_robin")
    )
    r = d.result
    assert r is not None and r.winner == 1 and r.win_kind == "bonus_all_eight"
    assert len(d.hands[1]) == 15 and [e.type for e in d.events[-3:-1]] == ["bonus", "win"]
    assert tuple(r.payments) == (-14, 40, -13, -13)


def test_initial_compound_dealer_scored_with_its_hand_and_heavenly_win() -> None:
    """§20.4.3: a dealer's compound win during the initial replacement is scored with C42
    when its 17 tiles are a winning hand: C03 + C27 + C34 + C42 (no C01/C02/C11, rule 2)."""
    rules = std(eight_bonus_mode="compound", initial_bonus_win_element=True)
    mine = [f(i) for i in range(1, 9)]
    t = Table()
    base = [t.take(k) for k in kinds("123m456m789m")]
    tail = [t.take(k) for k in kinds("123p456p77z")]
    d = Deal(wall_with({0: mine + base}, tail), dealer=0, rules=rules)
    r = d.result
    assert r is not None and r.winner == 0 and r.win_kind == "bonus_all_eight"
    assert sorted(codes(r.wins[0])) == ["C03", "C27", "C34", "C42"], codes(r.wins[0])
    assert tuple(r.payments) == (129, -43, -43, -43) == settle_of(d, rules)
    replays(d)


# seven-rob during the initial replacement: East shows 1f-6f and gets 7f as the replacement
# of 6f; South holds 8f.  player_complete: East completes (7 shown), then South exposes 8f:
# case (A) for East.  round_robin: 7f waits; South's 8f comes while East shows six (nothing);
# East's 7f in round 2 is the eighth to appear with South showing one: case (B) for East.


def seven_rob_wall() -> list[int]:
    return wall_with(
        {0: [f(i) for i in range(1, 7)], 1: [f(8)]}, [0, 1, 2, 3, 4, f(7), 5, 6, 7, 8, 9, 10]
    )


@pytest.mark.parametrize("order", ORDERS)
def test_initial_optional_rob_order_decides_the_case(order: str) -> None:
    rules = std(
        seven_bonus_rob="optional", initial_bonus_order=order, initial_bonus_win_element=True
    )
    d = Deal(seven_rob_wall(), dealer=0, rules=rules)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (0,)
    assert d.events[-1].data == {"kind": "seven_rob"}
    if order == "player_complete":
        # (A): South's 8f is exposed, South's replacement not yet drawn
        assert len(d.bonus[0]) == 7 and len(d.bonus[1]) == 1 and len(d.hands[1]) == 15
    else:
        # (B): East exposed 7f (its eighth-to-appear); its replacement not yet drawn
        assert len(d.bonus[0]) == 7 and len(d.hands[0]) == 16 and len(d.hands[1]) == 16
    d.apply(act(BW, 0))
    r = d.result
    assert r is not None and r.winner == 0 and f(8) in d.bonus[0] and d.bonus[1] == []
    assert sorted(codes(r.wins[0])) == ["C27", "C35"]
    assert r.wins[0].discarder == 1
    # the dealer wins, South pays 5 + 12 + 1
    assert tuple(r.payments) == (18, -18, 0, 0) == settle_of(d, rules)
    replays(d)


@pytest.mark.parametrize("order", ORDERS)
def test_initial_optional_rob_decline_resumes_the_replacement(order: str) -> None:
    rules = std(seven_bonus_rob="optional", initial_bonus_order=order)
    d = Deal(seven_rob_wall(), dealer=0, rules=rules)
    d.apply(act(DEC, 0))
    assert d.phase is Phase.ACTION and d.active == 0
    assert [len(h) for h in d.hands] == [17, 16, 16, 16]
    assert [len(b) for b in d.bonus] == [7, 1, 0, 0]
    assert "bonus_choice" not in [e.type for e in d.events[-3:]]
    replays(d)


def test_initial_automatic_rob_player_complete_east_wins_round_robin_nobody() -> None:
    """automatic (§7 item 2): player_complete — East already shows seven when South exposes
    8f: East wins C35, South pays 5 + 8 + 1; round_robin — East shows six when 8f comes and
    the eighth to appear later is East's own: no seven-rob win, play starts."""
    d = Deal(seven_rob_wall(), dealer=0, rules=std(seven_bonus_rob="automatic"))
    r = d.result
    assert r is not None and r.winner == 0 and r.win_kind == "bonus_rob_eighth"
    assert tuple(r.payments) == (14, -14, 0, 0)
    replays(d)
    d = Deal(
        seven_rob_wall(),
        dealer=0,
        rules=std(seven_bonus_rob="automatic", initial_bonus_order="round_robin"),
    )
    assert d.result is None and d.phase is Phase.ACTION and d.active == 0


def test_initial_automatic_rob_scores_c27() -> None:
    d = Deal(
        seven_rob_wall(),
        dealer=0,
        rules=std(seven_bonus_rob="automatic", initial_bonus_win_element=True),
    )
    assert sorted(codes(d.result.wins[0])) == ["C27", "C35"]


def test_initial_off_rob_plays_on_in_both_orders() -> None:
    for order in ORDERS:
        d = Deal(
            seven_rob_wall(), dealer=0, rules=std(seven_bonus_rob="off", initial_bonus_order=order)
        )
        assert (
            d.result is None
            and d.phase is Phase.ACTION
            and [len(b) for b in d.bonus] == [7, 1, 0, 0]
        )


# ----------------------------------------------------------------- visibility, settle


def test_bonus_answers_are_public_and_views_show_the_pending_choice() -> None:
    """§20.6.4: pending choice and answer visible to all; §20.6.3: other seats see that a
    choice is pending (their views name the seat to act)."""
    for answer in (BW, DEC):
        d = south_draws(rob("optional"), NORTH7)
        for p in range(4):
            v = d.view(p)
            assert tuple(v.to_act) == (3,)
        d.apply(act(answer, 3))
        kind = "bonus_win" if answer is BW else "bonus_decline"
        ev = next(e for e in d.events if e.type == kind)
        assert all(visible_event(ev, p) == ev for p in range(4))


def test_settle_s12_two_parts() -> None:
    """S12 through Ruleset.settle: E -15, S +56, W -27, N -14."""
    rules = tw("taiwanese", tai_table="sml", base_points=5, seven_bonus_rob="optional")
    s = rules.settle(
        [
            {"winner": "S", "tai": 8, "self_drawn": False, "discarder": "W"},
            {"winner": "S", "tai": 9, "self_drawn": True},
        ],
        dealer="E",
    )
    assert s["payments"] == {"E": -15, "S": 56, "W": -27, "N": -14}


def test_settle_refuses_two_wins_of_one_seat_without_optional_rob() -> None:
    rules = tw("taiwanese", tai_table="sml", base_points=5)
    with pytest.raises(InvalidHandError):
        rules.settle(
            [
                {"winner": "S", "tai": 8, "self_drawn": False, "discarder": "W"},
                {"winner": "S", "tai": 9, "self_drawn": True},
            ],
            dealer="E",
        )


@pytest.mark.parametrize("value", ["automatic", "optional", "off"])
@pytest.mark.parametrize(
    "mode", ["forced_standalone", "optional_standalone", "additive", "compound"]
)
def test_every_combination_is_accepted_and_recorded(mode: str, value: str) -> None:
    """§20.0 rules 3-4: every value of the two switches is a configuration (no CE), recorded
    in the ruleset's full switch set."""
    r = std(eight_bonus_mode=mode, seven_bonus_rob=value)
    sw = r.to_dict()["switches"]
    assert sw["eight_bonus_mode"] == mode and sw["seven_bonus_rob"] == value


# ----------------------------------------------------------------- the hand part of a rob


NO_BONUS_ELEMENTS = {"H01", "H03", "L05", "L16", "L17", "L18", "C07", "C13", "C14", "C22"}


@pytest.mark.parametrize(
    "switches",
    [
        {"seven_bonus_rob": "optional"},
        {"seven_bonus_rob": "optional", "tai_table": "low"},
        {**SML, "seven_bonus_rob": "optional", "no_bonus_element": True},
        {**SML, "seven_bonus_rob": "optional", "no_honors_no_bonus_element": True},
    ],
    ids=["high-H01", "low-L05", "sml-C14", "sml-C22"],
)
def test_optional_rob_case_a_hand_part_has_no_bonus_tile_elements(switches: dict) -> None:
    hand = (
        "123m456m789m123p456p1s"
        if switches.get("no_honors_no_bonus_element")
        else "123m456m789m123p456p1z"
    )
    d = south_draws(switches, NORTH7, hands={3: hand}, tail=hand[-2:])
    d.apply(act(BW, 3))
    c = set(codes(d.result.wins[0]))
    assert len(c) > 1 and not NO_BONUS_ELEMENTS & c, c


def test_optional_rob_case_a_cap_applies_to_the_one_win() -> None:
    """(A) is one win: C35 + C01 + C09 = 10, capped 8: South pays 5 + 8."""
    sw = rob("optional", tai_cap=8)
    d = south_draws(sw, NORTH7, hands=NORTH_HAND, tail="1z")
    d.apply(act(BW, 3))
    r = d.result
    assert r.wins[0].value == 10 and tuple(r.payments) == (0, -13, 0, 13) == settle_of(
        d, hrules(**sw)
    )


@pytest.mark.parametrize("mode", ["compound", "optional_standalone", "forced_standalone"])
def test_rob_win_that_completes_eight_is_one_win_only(mode: str) -> None:
    """§7: the two cases cannot both arise from one exposure; the robber ends with eight
    shown, but only the seven-rob win is made."""
    d = south_draws(rob("optional", eight_bonus_mode=mode), NORTH7, hands=NORTH_HAND, tail="1z")
    d.apply(act(BW, 3))
    r = d.result
    assert r is not None and [w.win_kind for w in r.wins] == ["bonus_rob_eighth"]
    assert "C34" not in codes(r.wins[0])


def test_high_compound_hand_scores_h40_and_h32_without_h03() -> None:
    """Rule 5: the hand of a compound win is an ordinary win (H40), H32 in place of H01/H03."""
    d = south_draws({"eight_bonus_mode": "compound"}, EIGHT, hands=HAND, tail="1z")
    c = codes(d.result.wins[0])
    assert {"H32", "H40"} <= set(c) and not {"H01", "H03"} & set(c)


def test_high_rob_case_b_hand_part_counts_the_bonus_tiles_but_z() -> None:
    """(B), high table: the hand part holds 1f-6f and 8f (not the moved 7f): H03 × 7."""
    d = south_draws({"seven_bonus_rob": "optional"}, SIX_ONE, hands=HAND, tail="1z")
    d.apply(act(BW, 1))
    rob_part, hand_part = d.result.wins
    assert codes(rob_part) == ["H28"] and codes(hand_part).count("H03") == 7
    assert "H40" in codes(hand_part)


# ----------------------------------------------------------------- thresholds, flags


@pytest.mark.parametrize(
    ("min_tai", "element", "offered"), [(10, True, True), (10, False, False), (13, True, False)]
)
def test_initial_offers_count_c27_toward_min_tai(
    min_tai: int, element: bool, offered: bool
) -> None:
    """§20.4.2 rule 6 / §20.11 D: the bonus part (C34 or C35, plus C27 when due) must reach
    min_tai for the offer: 8 + 4 = 12."""
    rules = std(
        eight_bonus_mode="optional_standalone", initial_bonus_win_element=element, min_tai=min_tai
    )
    assert (south_holds_all_eight(rules).phase is Phase.BONUS_CHOICE) is offered
    rules = std(seven_bonus_rob="optional", initial_bonus_win_element=element, min_tai=min_tai)
    assert (Deal(seven_rob_wall(), dealer=0, rules=rules).phase is Phase.BONUS_CHOICE) is offered


def test_decline_sets_no_pass_over_flag() -> None:
    """§20.6.3: DECLINE is not a pass of a legal win (no pass-over flag), even for a seat
    whose rob would have completed its hand."""
    d = south_draws(rob("optional", pass_over=True), NORTH7, hands=NORTH_HAND, tail="1z")
    d.apply(act(DEC, 3))
    assert all(not fl for fl in d.private_flags) and all(not fl for fl in d.public_flags)
    assert not any(e.type in ("pass_over", "rule_flag") for e in d.events)


def test_initial_dealer_declines_all_eight_and_discards() -> None:
    """The dealer holds all eight in the deal (optional): asked with 17 tiles; DECLINE: its
    opening discard (its ACTION) follows; it never wins the all-eight this deal."""
    rules = std(eight_bonus_mode="optional_standalone")
    d = Deal(wall_with({0: [f(i) for i in range(1, 9)]}, []), dealer=0, rules=rules)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (0,) and len(d.hands[0]) == 17
    d.apply(act(DEC, 0))
    assert d.phase is Phase.ACTION and d.active == 0
    assert {a.type for a in d.legal_actions(0)} <= {
        ActionType.DISCARD,
        ActionType.CONCEALED_KONG,
        ActionType.SELF_DRAWN_WIN,
    }
    discard(d, 0, d.hands[0][0] >> 2)
    assert d.phase is not Phase.BONUS_CHOICE
    replays(d)


def test_replacement_draws_in_a_bonus_flow_stay_private() -> None:
    """HK §14 / §20.6.4: the robber's replacement tile (case A) and the all-eight seat's
    replacement are seen by their seat only."""
    d = south_draws(rob("optional"), NORTH7)
    d.apply(act(BW, 3))
    e = next(e for e in reversed(d.events) if e.type == "replacement_draw")
    assert e.player == 3 and [visible_event(e, p).data["tile"] is None for p in range(4)] == [
        True,
        True,
        True,
        False,
    ]
    d = south_draws(eight("optional_standalone"), EIGHT)
    e = next(e for e in reversed(d.events) if e.type == "replacement_draw")
    assert [visible_event(e, p).data["tile"] is None for p in range(4)] == [True, False, True, True]


# ----------------------------------------------------------------- whole deals


@pytest.mark.parametrize(
    "mode", ["forced_standalone", "optional_standalone", "additive", "compound"]
)
@pytest.mark.parametrize("value", ["automatic", "optional", "off"])
def test_played_deals_end_replay_and_settle_as_settle_says(mode: str, value: str) -> None:
    """Built-in seats play whole deals under every combination (both initial orders): each
    ends, its log replays to the same result, and its payments are Ruleset.settle's."""
    from mahjong_fast.game import deal_wall
    from mahjong_fast.seats import make_seat

    for seed in range(6):
        order = ORDERS[seed % 2]
        rules = std(
            eight_bonus_mode=mode,
            seven_bonus_rob=value,
            initial_bonus_order=order,
            initial_bonus_win_element=True,
        )
        d = Deal(deal_wall(seed, 0), dealer=0, rules=rules)
        seats = [make_seat("greedy", seed=seed * 4 + p) for p in range(4)]
        n = 0
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            d.apply(seats[p].choose(d.view(p), d.legal_actions(p)))
            n += 1
            assert n < 2000
        r = d.result
        assert sum(r.payments) == 0
        if r.wins:
            assert tuple(r.payments) == settle_of(d, rules)
        replays(d)


def rigged_wall(seed: int) -> list[int]:
    """A shuffled wall in which one seat is dealt six or seven bonus tiles and the others lie
    in the first front draws or the tail, so that the bonus flows happen in play."""
    import random

    rnd = random.Random(seed)
    tiles = list(range(136))
    rnd.shuffle(tiles)
    bonus = list(range(136, 144))
    rnd.shuffle(bonus)
    k = rnd.choice([6, 7])
    seat = rnd.randrange(4)
    slots = [16 * r + 4 * ((seat - 0) % 4) + j for r in range(4) for j in range(4)]
    wall: list[int | None] = [None] * 144
    for s, b in zip(rnd.sample(slots, k), bonus[:k]):
        wall[s] = b
    rest = bonus[k:]
    spots = (
        rnd.sample(range(65, 75), len(rest))
        if rnd.random() < 0.7
        else [143 - i for i in range(len(rest))]
    )
    for s, b in zip(spots, rest):
        wall[s] = b
    it = iter(tiles)
    return [t if t is not None else next(it) for t in wall]


@pytest.mark.parametrize(
    "mode", ["forced_standalone", "optional_standalone", "additive", "compound"]
)
@pytest.mark.parametrize("value", ["automatic", "optional", "off"])
def test_rigged_deals_with_bonus_flows_replay_and_settle(mode: str, value: str) -> None:
    from mahjong_fast.seats import make_seat

    seen: set[str] = set()
    for seed in range(30):
        order = ORDERS[seed % 2]
        rules = std(
            eight_bonus_mode=mode,
            seven_bonus_rob=value,
            initial_bonus_order=order,
            initial_bonus_win_element=bool(seed % 3),
        )
        d = Deal(rigged_wall(seed), dealer=0, rules=rules)
        seats = [make_seat("greedy", seed=seed * 4 + p) for p in range(4)]
        n = 0
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            if d.phase is Phase.BONUS_CHOICE:
                a = legal[seed % 2]  # alternate BONUS_WIN / DECLINE
            else:
                a = seats[p].choose(d.view(p), legal)
            d.apply(a)
            n += 1
            assert n < 2000
        r = d.result
        seen.update(w.win_kind for w in r.wins)
        assert sum(r.payments) == 0
        if r.wins:
            assert tuple(r.payments) == settle_of(d, rules), (
                seed,
                [(w.win_kind, w.elements) for w in r.wins],
            )
        replays(d)
    if value != "off" or mode != "additive":
        assert seen & {"bonus_all_eight", "bonus_rob_eighth"}, seen
