"""TW §20.5.8 rule 3 ``seven_bonus_rob = optional`` in the deal, through the public API: right
after a seat exposes a bonus tile, before its replacement draw, the seat with seven (case A)
or the exposing seat with six and an eighth distinct tile (case B) is asked in
``BONUS_CHOICE``; ``BONUS_WIN`` moves a bonus tile and scores the hand too, ``DECLINE`` moves
nothing. F20 step by step, case (B) settled in two parts as S12 says (and as
``Ruleset.settle`` does), the initial replacement, the log and its replay, the RL faces."""

from __future__ import annotations

import io

import mahjong_fast as mf
import pytest
from _tw_flow_helpers import EXAMPLES, act, code_of, discard, pass_all, position
from mahjong_fast.errors import RuleConfigError
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.events import visible_event
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.seats import make_seat

F20 = {"tai_table": "sml", "min_tai": 0, "seven_bonus_rob": "optional", "base_points": 5}


def south_exposes_the_eighth(
    switches: dict[str, object],
    areas: dict[int, str],
    hands: dict[int, str] | None = None,
    tail: str = "",
) -> Deal:
    """East discards; South draws 8f and exposes it (the bonus areas as given)."""
    d = position(switches, hands or {}, active=0, live=30, draws="8f", tail=tail, bonus_areas=areas)
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    return d


def f20() -> Deal:
    return south_exposes_the_eighth(F20, {3: "1234567"})


def test_f20_switches_are_the_examples() -> None:
    ex = EXAMPLES["F20"]
    assert ex["switches"] == {"seven_bonus_rob": "optional", "base_points": 5}
    assert ex["table"] == "sml" and ex["config"] == {"min_tai": 0, "tai_value": 1}


def test_f20_step1_north_is_asked_before_souths_replacement() -> None:
    d = f20()
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (3,)
    assert [e.type for e in d.events[-3:]] == ["draw", "bonus", "bonus_choice"]
    assert d.events[-1].data == {"kind": "seven_rob"} and d.events[-1].player == 3
    # South has exposed 8f and holds 16 tiles: no replacement yet
    assert 143 in d.bonus[1] and len(d.hands[1]) == 16
    assert [a.type for a in d.legal_actions(3)] == [ActionType.BONUS_WIN, ActionType.DECLINE]
    for p in (0, 1, 2):
        assert d.legal_actions(p) == []
        assert visible_event(d.events[-1], p) == d.events[-1]


def test_f20_step2_bonus_win_moves_the_tile_and_south_pays() -> None:
    d = f20()
    live = d.remaining
    d.apply(act(ActionType.BONUS_WIN, 3))
    r = d.result
    assert r is not None and r.winner == 3 and r.win_kind == "bonus_rob_eighth"
    assert 143 in d.bonus[3] and 143 not in d.bonus[1] and len(d.bonus[3]) == 8
    # North drew one replacement; its 17 tiles are no winning shape: C35 8 alone
    assert d.remaining == live - 1
    answer = next(e for e in d.events if e.type == "bonus_win")
    assert answer.player == 3 and answer.data["tile"] == 143 and answer.data["from"] == 1
    assert [e.type for e in d.events].count("replacement_draw") == 1
    assert [(e[0], e[2]) for e in r.wins[0].elements] == [("C35", 8)]
    # South pays 5 + 8 = 13
    assert tuple(r.payments) == (0, -13, 0, 13)


def test_f20_step3_decline_leaves_the_tile_and_south_draws() -> None:
    d = f20()
    live = d.remaining
    d.apply(act(ActionType.DECLINE, 3))
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert 143 in d.bonus[1] and len(d.bonus[3]) == 7
    assert d.remaining == live - 1
    assert [e.type for e in d.events[-3:]] == ["action", "bonus_decline", "replacement_draw"]
    assert d.events[-1].player == 1


def test_case_a_scores_the_robbers_hand_as_a_win_on_the_exposers_discard() -> None:
    """North ``123456m23456p123s77z`` with seven: its replacement 1p completes the hand,
    scored as a win on South's discard of 1p with the bonus tiles ignored (C01 only, no
    C07/C13), added to C35; South pays all."""
    d = south_exposes_the_eighth(F20, {3: "1234567"}, {3: "123456m23456p123s77z"}, tail="1p")
    d.apply(act(ActionType.BONUS_WIN, 3))
    r = d.result
    assert r is not None and len(r.wins) == 1
    codes = [e[0] for e in r.wins[0].elements]
    assert codes == ["C01", "C35"], codes
    assert r.wins[0].tai == 9 and tuple(r.payments) == (0, -14, 0, 14)


def test_case_b_six_plus_one_is_asked_of_the_exposer() -> None:
    """South shows six, West one, South's 8f is the eighth to appear: South is asked."""
    d = south_exposes_the_eighth(F20, {1: "123456", 2: "7"})
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    assert len(d.hands[1]) == 16
    d.apply(act(ActionType.BONUS_WIN, 1))
    r = d.result
    assert r is not None and r.winner == 1
    # 7f moved from West; no winning shape: the rob part alone, paid by West (5 + 8)
    assert 142 in d.bonus[1] and d.bonus[2] == []
    answer = next(e for e in d.events if e.type == "bonus_win")
    assert answer.data["tile"] == 142 and answer.data["from"] == 2
    assert [[e[0] for e in w.elements] for w in r.wins] == [["C35"]]
    assert tuple(r.payments) == (0, 13, -13, 0)


def test_case_b_two_parts_settled_each_on_its_own_as_s12() -> None:
    """With a winning shape the hand is a second win of South, self-drawn on its replacement
    (a loose tile) without the moved tile (6f, South's own season, is not counted), paid by
    all three; the payments are those of ``Ruleset.settle`` for the two wins (S12)."""
    d = south_exposes_the_eighth(F20, {1: "123457", 2: "6"}, {1: "123456m23456p123s77z"}, tail="1p")
    d.apply(act(ActionType.BONUS_WIN, 1))
    r = d.result
    assert r is not None and len(r.wins) == 2 and {w.player for w in r.wins} == {1}
    bonus_part, hand = r.wins
    assert [e[0] for e in bonus_part.elements] == ["C35"] and bonus_part.discarder == 2
    codes = [e[0] for e in hand.elements]
    assert "C35" not in codes and {"C03", "C11"} <= set(codes), codes
    assert hand.discarder is None
    # own tiles of South: 2f and 6f; 6f moved in, so only 2f scores C07
    assert sum(e[2] for e in hand.elements if e[0] == "C07") == 1
    settled = d.rules.settle(
        [
            {"winner": "S", "tai": bonus_part.tai, "self_drawn": False, "discarder": "W"},
            {"winner": "S", "tai": hand.tai, "self_drawn": True, "discarder": None},
        ],
        dealer="E",
        dealer_streak=0,
    )
    assert tuple(r.payments) == tuple(settled["payments"][s] for s in "ESWN")
    t = hand.tai
    assert tuple(r.payments) == (-(5 + t + 1), 13 + 3 * (5 + t) + 1, -13 - (5 + t), -(5 + t))


def test_case_b_decline_moves_nothing() -> None:
    d = south_exposes_the_eighth(F20, {1: "123456", 2: "7"})
    d.apply(act(ActionType.DECLINE, 1))
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert d.bonus[2] == [142] and len(d.bonus[1]) == 7


def test_no_offer_when_the_conditions_fail() -> None:
    # two seats with one each: not exactly one Z
    d = south_exposes_the_eighth(F20, {1: "12345", 2: "6", 3: "7"})
    assert d.phase is Phase.ACTION and d.active == 1
    # min_tai above the rob part alone (§20.11 D): no offer
    d = south_exposes_the_eighth({**F20, "min_tai": 9}, {3: "1234567"})
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.bonus[3]) == 7


def test_refusals_change_nothing() -> None:
    d = f20()
    assert code_of(d, act(ActionType.BONUS_WIN, 1)) == "NOT_YOUR_TURN"
    assert code_of(d, act(ActionType.DISCARD, 3, d.hands[3][0])) == "WRONG_PHASE"
    assert code_of(d, act(ActionType.PASS, 3)) == "WRONG_PHASE"
    d.apply(act(ActionType.DECLINE, 3))
    assert code_of(d, act(ActionType.BONUS_WIN, 3)) == "WRONG_PHASE"


def _wall(seats: dict[int, list[int]]) -> list[int]:
    """A wall whose deal gives each seat (from the dealer East) the bonus tiles named."""
    wall: list[int | None] = [None] * 144
    for seat, tiles in seats.items():
        pos = [16 * r + 4 * seat + i for r in range(4) for i in range(4)]
        for p, t in zip(pos, tiles):
            wall[p] = t
    rest = iter(t for t in range(144) if t not in wall)
    return [t if t is not None else next(rest) for t in wall]


@pytest.mark.parametrize("order", ["player_complete", "round_robin"])
@pytest.mark.parametrize("answer", [ActionType.BONUS_WIN, ActionType.DECLINE])
def test_initial_replacement_offer_resumes_and_replays(order: str, answer: ActionType) -> None:
    """South is dealt 1f–7f, West 8f: in the initial replacement West's exposure offers South
    the rob (case A, C27 with ``initial_bonus_win_element``); a decline resumes the
    replacement where it stood. Played out and replayed from the log."""
    sw = {**F20, "initial_bonus_order": order, "initial_bonus_win_element": True}
    rules = mf.Ruleset.from_name("taiwanese-high", **sw)
    g = Deal(_wall({1: list(range(136, 143)), 2: [143]}), dealer=0, rules=rules)
    assert g.phase is Phase.BONUS_CHOICE and g.to_act == (1,)
    g.apply(act(answer, 1))
    if answer is ActionType.BONUS_WIN:
        r = g.result
        assert r is not None and r.winner == 1
        assert [e[0] for e in r.wins[0].elements][:2] == ["C27", "C35"]
        assert r.payments[2] == -r.payments[1] and r.payments[0] == r.payments[3] == 0
    else:
        assert g.phase is Phase.ACTION and g.active == 0
        assert all(len(g.hands[p]) == 16 + (p == 0) for p in range(4))
        assert all(t < 136 for h in g.hands for t in h)
        seats = [make_seat("greedy", seed=p) for p in range(4)]
        while g.phase is not Phase.ENDED:
            p = g.to_act[0]
            g.apply(seats[p].choose(g.view(p), g.legal_actions(p)))
    buf = io.StringIO()
    write_log(buf, [g])
    buf.seek(0)
    (res,) = replay(buf)
    assert res == g.result


def test_rl_version_1_refuses_naming_the_switch_version_2_indexes_the_actions() -> None:
    from mahjong_fast.rl import TableBatch

    rules = mf.Ruleset.from_name("taiwanese-high", seven_bonus_rob="optional")
    line_up = ["learner", "random", "greedy", "random"]
    with pytest.raises(RuleConfigError) as e:
        TableBatch(1, line_up, rules)
    assert "seven_bonus_rob" in str(e.value)
    b = TableBatch(1, line_up, rules, obs_version=2)
    assert b.extra_actions == ["bonus_win", "decline"]


def test_the_terminal_prompt_names_the_seven_rob() -> None:
    """``play``: the seven-rob choice is the y/n prompt with its own status line and hint."""
    from mahjong_fast.seats.human import HumanSeat
    from rich.console import Console

    for typed, want in ((["?", "y"], ActionType.BONUS_WIN), (["n"], ActionType.DECLINE)):
        d = f20()
        buf = io.StringIO()
        answers = iter(typed)
        seat = HumanSeat(
            Console(file=buf, width=120, color_system=None),
            input_fn=lambda _p, it=answers: next(it),
            ascii=True,
            rules=d.rules,
        )
        assert seat.choose(d.view(3), d.legal_actions(3)).type is want
        out = buf.getvalue()
        assert "Seven rob the eighth" in out and "all eight bonus tiles" not in out
        if typed[0] == "?":
            assert "scores seven-rob-the-eighth" in out


def test_the_narration_tells_the_two_parts_apart() -> None:
    """Case (B)'s two ``win`` events: the rob names the robbed seat, the hand is self-drawn."""
    from mahjong_fast.seats.narration import describe_event

    d = south_exposes_the_eighth(F20, {1: "123457", 2: "6"}, {1: "123456m23456p123s77z"}, tail="1p")
    d.apply(act(ActionType.BONUS_WIN, 1))
    lines = [str(describe_event(e, 0, ascii=True)) for e in d.events if e.type == "win"]
    assert len(lines) == 2
    assert "robbing P2's eighth bonus tile" in lines[0]
    assert "by self-draw with the hand" in lines[1] and "?" not in lines[1]
