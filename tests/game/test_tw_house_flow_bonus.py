"""TW §20.5.8 rule 2 ``eight_bonus_mode = optional_standalone`` and the ``BONUS_CHOICE`` phase of
§20.6.3 through the public API (issue 38, the bonus tiles' last part). F19 is set up with
``Deal.from_hands`` (the seven bonus tiles in South's bonus area, 8f the next draw) and played
with ``apply``; each step's ``expect`` is an assertion. Then refusals (each leaving the state
unchanged), the log's events and their replay, the RL faces, and property tests: whole deals of
every built-in seat kind under random bonus switches, replayed exactly."""

from __future__ import annotations

import io
from pathlib import Path

import mahjong_fast as mf
import pytest
from _tw_flow_helpers import (
    EXAMPLES,
    KINDS,
    act,
    code_of,
    discard,
    pass_all,
    position,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import IllegalActionError, RuleConfigError
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.events import visible_event
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.seats import make_seat

F19 = {
    "tai_table": "sml",
    "min_tai": 0,
    "eight_bonus_mode": "optional_standalone",
    "base_points": 5,
}


def f19() -> Deal:
    """F19 step 1: South draws 8f, exposes it and draws its replacement: BONUS_CHOICE."""
    d = position(F19, {}, active=0, live=30, draws="8f", bonus_areas={1: "1234567"})
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    return d


def test_f19_switches_are_the_examples() -> None:
    ex = EXAMPLES["F19"]
    assert ex["switches"] == {"eight_bonus_mode": "optional_standalone", "base_points": 5}
    assert ex["table"] == "sml" and ex["config"] == {"min_tai": 0, "tai_value": 1}


def test_f19_step1_the_replacement_first_then_the_choice() -> None:
    d = f19()
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    assert 143 in d.bonus[1] and len(d.bonus[1]) == 8
    # the replacement draw for the eighth was made before the choice
    kinds_ = [e.type for e in d.events[-4:]]
    assert kinds_ == ["draw", "bonus", "replacement_draw", "bonus_choice"]
    assert d.events[-1].data == {"kind": "eight"} and d.events[-1].player == 1
    assert len(d.hands[1]) == 17
    assert [a.type for a in d.legal_actions(1)] == [ActionType.BONUS_WIN, ActionType.DECLINE]
    for p in (0, 2, 3):
        assert d.legal_actions(p) == []
        # every seat sees the pending choice (a public event)
        assert visible_event(d.events[-1], p) == d.events[-1]


def test_f19_step2_bonus_win_scores_c34_alone_settled_self_drawn() -> None:
    d = f19()
    d.apply(act(ActionType.BONUS_WIN, 1))
    r = d.result
    assert r is not None and r.winner == 1 and r.win_kind == "bonus_all_eight"
    assert [e[0] for e in r.wins[0].elements] == ["C34"] and r.wins[0].elements[0][2] == 8
    # East (dealer) pays 5 + 8 + 1 = 14, West 13, North 13
    assert tuple(r.payments) == (-14, 40, -13, -13)
    assert [e.type for e in d.events if e.type.startswith("bonus_")][-2:] == [
        "bonus_choice",
        "bonus_win",
    ]


def test_f19_step3_decline_continues_in_action_and_never_comes_back() -> None:
    d = f19()
    d.apply(act(ActionType.DECLINE, 1))
    assert d.phase is Phase.ACTION and d.active == 1 and len(d.hands[1]) == 17
    assert d.events[-1].type == "bonus_decline"
    assert ActionType.BONUS_WIN not in {a.type for a in d.legal_actions(1)}
    # play on to the end of the deal: no second offer
    seats = [make_seat("greedy", seed=p) for p in range(4)]
    while d.phase is not Phase.ENDED:
        assert d.phase is not Phase.BONUS_CHOICE
        p = d.to_act[0]
        d.apply(seats[p].choose(d.view(p), d.legal_actions(p)))
    assert sum(1 for e in d.events if e.type == "bonus_choice") == 1


def test_refusals_change_nothing() -> None:
    d = f19()
    assert code_of(d, act(ActionType.BONUS_WIN, 2)) == "NOT_YOUR_TURN"
    assert code_of(d, act(ActionType.DISCARD, 1, d.hands[1][0])) == "WRONG_PHASE"
    assert code_of(d, act(ActionType.PASS, 1)) == "WRONG_PHASE"
    assert code_of(d, act(ActionType.DECLINE, 1, d.hands[1][0])) == "INVALID_MELD"
    d.apply(act(ActionType.DECLINE, 1))
    # outside BONUS_CHOICE neither answer is legal
    assert code_of(d, act(ActionType.BONUS_WIN, 1)) == "WRONG_PHASE"
    assert code_of(d, act(ActionType.DECLINE, 1)) == "WRONG_PHASE"


@pytest.mark.parametrize("mode", ["forced_standalone", "additive"])
def test_other_modes_offer_no_choice(mode: str) -> None:
    d = position(
        {**F19, "eight_bonus_mode": mode},
        {},
        active=0,
        live=30,
        draws="8f",
        bonus_areas={1: "1234567"},
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    assert d.phase is not Phase.BONUS_CHOICE
    if mode == "forced_standalone":  # the automatic win of §7
        assert d.result is not None and d.result.win_kind == "bonus_all_eight"
    else:  # no special win: South plays on, and the answers are refused
        assert d.phase is Phase.ACTION and d.active == 1
        assert code_of_any(d, act(ActionType.BONUS_WIN, 1)) == "WRONG_PHASE"


def code_of_any(d: Deal, a: object) -> str:
    with pytest.raises(IllegalActionError) as e:
        d.apply(a)  # type: ignore[arg-type]
    return e.value.code


def test_min_tai_above_c34_offers_nothing_with_c_tables() -> None:
    """TW §20.5.8 rule 2: with C tables a bonus-tile win below ``min_tai`` is not offered."""
    d = position(
        {**F19, "min_tai": 9}, {}, active=0, live=30, draws="8f", bonus_areas={1: "1234567"}
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    assert d.phase is Phase.ACTION and d.active == 1


def test_rl_version_1_refuses_naming_the_switch_version_2_indexes_the_actions() -> None:
    from mahjong_fast.rl import TableBatch

    rules = mf.Ruleset.from_name("taiwanese-high", eight_bonus_mode="optional_standalone")
    line_up = ["learner", "random", "greedy", "random"]
    with pytest.raises(RuleConfigError) as e:
        TableBatch(1, line_up, rules)
    assert "eight_bonus_mode" in str(e.value)
    b = TableBatch(1, line_up, rules, obs_version=2)
    assert b.extra_actions == ["bonus_win", "decline"]


def test_a_choice_deal_is_logged_and_replayed() -> None:
    """A whole deal from a wall that gives South all eight: the log holds the choice and its
    answer, and ``replay`` re-applies it to the same result."""
    d = f19()
    d.apply(act(ActionType.BONUS_WIN, 1))
    # a Deal from a wall (a log needs one): the dealt South holds seven, draws the eighth
    wall = _eight_wall()
    for answer in (ActionType.BONUS_WIN, ActionType.DECLINE):
        rules = mf.Ruleset.from_name("taiwanese-high", eight_bonus_mode="optional_standalone")
        g = Deal(wall, dealer=0, rules=rules)
        assert g.phase is Phase.BONUS_CHOICE and g.to_act == (1,)
        g.apply(act(answer, 1))
        seats = [make_seat("greedy", seed=p) for p in range(4)]
        while g.phase is not Phase.ENDED:
            p = g.to_act[0]
            g.apply(seats[p].choose(g.view(p), g.legal_actions(p)))
        buf = io.StringIO()
        write_log(buf, [g])
        buf.seek(0)
        (res,) = replay(buf)
        assert res == g.result
        types = [e.type for e in g.events]
        assert ("bonus_win" in types) == (answer is ActionType.BONUS_WIN)
        assert ("bonus_decline" in types) == (answer is ActionType.DECLINE)


def _eight_wall() -> list[int]:
    """A wall whose deal gives South all eight bonus tiles (initial replacement): the choice
    comes once the replacements are made, before the dealer acts."""
    south = [16 * r + 4 + i for r in range(4) for i in range(4)]
    wall: list[int | None] = [None] * 144
    for pos, t in zip(south, range(136, 144)):
        wall[pos] = t
    rest = iter(t for t in range(144) if t not in wall)
    return [t if t is not None else next(rest) for t in wall]


SWITCHES = st.fixed_dictionaries(
    {
        "eight_bonus_mode": st.sampled_from(
            ["forced_standalone", "optional_standalone", "additive", "compound"]
        ),
        "seven_bonus_rob": st.sampled_from(["automatic", "optional", "off"]),
        "initial_bonus_order": st.sampled_from(["player_complete", "round_robin"]),
    }
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=SWITCHES, seed=st.integers(0, 2**16), kind=st.sampled_from(KINDS))
def test_whole_deals_with_every_seat_kind_replay(
    sw: dict[str, object], seed: int, kind: str
) -> None:
    """Whole deals of one built-in seat kind (and random seats) under random bonus switches,
    from walls that often give one seat seven or eight bonus tiles: every choice legal, every
    refused answer changes nothing, the deal zero-sum, the log replays to the same result."""
    import random

    rng = random.Random(seed)
    wall = list(range(144))
    rng.shuffle(wall)
    if rng.random() < 0.7:
        # move six, seven or eight bonus tiles into one seat's dealt tiles (South or the
        # dealer), the others anywhere: all eight, a seven-rob of either case (A) or (B)
        n = rng.choice([6, 7, 8])
        bonus = list(range(136, 144))
        rng.shuffle(bonus)
        wall = [t for t in wall if t < 136]
        seat = rng.choice([0, 1])
        pos = sorted(rng.sample([16 * r + 4 * seat + i for r in range(4) for i in range(4)], n))
        for b, p in zip(bonus, pos):
            wall.insert(p, b)
        for b in bonus[n:]:
            wall.insert(rng.randrange(len(wall) + 1), b)
    rules = mf.Ruleset.from_name("taiwanese-high", **sw)
    d = Deal(wall, dealer=0, rules=rules)
    seats = [make_seat(kind if p % 2 else "random", seed=seed + p) for p in range(4)]
    while d.phase is not Phase.ENDED:
        p = d.to_act[0]
        legal = d.legal_actions(p)
        if d.phase is Phase.BONUS_CHOICE:
            kind_ = [e for e in d.events if e.type == "bonus_choice"][-1].data["kind"]
            if kind_ == "eight":
                assert sw["eight_bonus_mode"] == "optional_standalone"
            else:
                assert sw["seven_bonus_rob"] == "optional" and len(d.bonus[p]) == 7
            before = d.snapshot()
            for q in range(4):
                if q != p:
                    with pytest.raises(IllegalActionError):
                        d.apply(act(ActionType.BONUS_WIN, q))
            assert d.snapshot() == before
        a = seats[p].choose(d.view(p), legal)
        assert a in legal
        d.apply(a)
        if d.phase is not Phase.ENDED:
            check_invariants(d)
    r = d.result
    assert r is not None and sum(r.payments) == 0
    buf = io.StringIO()
    write_log(buf, [d])
    buf.seek(0)
    (res,) = replay(buf)
    assert res == r


def check_invariants(d: Deal) -> None:
    """Hand sizes (16, 17 for the seat about to discard) and a legal action for each seat to
    act; the bonus tiles are eight at most and each exposed once."""
    for p in range(4):
        size = len(d.hands[p]) + 3 * len(d.melds[p])
        holds = d.phase in (Phase.ACTION, Phase.AFTER_CLAIM) and d.active == p
        assert size == 16 + holds, (p, size, d.phase)
    shown = [t for b in d.bonus for t in b]
    assert len(shown) == len(set(shown)) <= 8
    assert all(d.legal_actions(p) for p in d.to_act)


@pytest.mark.parametrize("kind", KINDS)
def test_matches_under_the_shenlaiye_bonus_modes(kind: str) -> None:
    """Whole matches under ``taiwanese-omu-shenlaiye`` (``compound`` and the optional
    seven-rob) with every built-in seat kind: zero-sum."""
    from mahjong_fast.game.match import play_match

    r = mf.Ruleset.from_name("taiwanese-omu-shenlaiye", match_length="one_deal")
    m = play_match([make_seat(kind, seed=i) for i in range(4)], rules=r, seed=11)
    assert m.results and sum(m.scores) == 0


# ------------------------------------------------------------------ the terminal game
def test_the_terminal_prompt_for_the_choice() -> None:
    """``play``: the choice is a y/n prompt with a hint; a wrong word asks again."""
    from mahjong_fast.seats.human import HumanSeat
    from rich.console import Console

    for typed, want in ((["?", "maybe", "y"], ActionType.BONUS_WIN), (["n"], ActionType.DECLINE)):
        d = f19()
        buf = io.StringIO()
        answers = iter(typed)
        seat = HumanSeat(
            Console(file=buf, width=120, color_system=None),
            input_fn=lambda _p, it=answers: next(it),
            ascii=True,
            rules=d.rules,
        )
        a = seat.choose(d.view(1), d.legal_actions(1))
        assert a.type is want
        out = buf.getvalue()
        assert "all eight bonus tiles" in out
        if typed[0] == "?":
            assert "Hint: take it" in out and "type y (win) or n (decline)" in out


def test_play_takes_the_switch_and_replay_checks_the_log(tmp_path: Path) -> None:
    from _cli_helpers import run

    autopilot = "last\n\n" * 400  # as tests/cli/test_cli.py: take the last tile, accept

    log = tmp_path / "game.jsonl"
    args = ["--rules", "taiwanese-omu-standard", "--rule", "eight_bonus_mode=optional_standalone"]
    proc = run(
        "play", "--ascii", "--no-confirm", "--seed", "5", "--log", str(log), *args, input=autopilot
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rep = run("replay", str(log), "--ascii")
    assert rep.returncode == 0 and "Replay OK" in rep.stdout, rep.stderr
    bad = run(
        "play",
        "--ascii",
        "--rules",
        "taiwanese-omu-standard",
        "--rule",
        "eight_bonus_mode=sometimes",
    )
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("element", [True, False])
def test_c27_at_starting_timing_with_c_tables(element: bool) -> None:
    """TW §20.5.8 rule 4: an all-eight win taken during the initial bonus replacement scores
    C27 too with ``initial_bonus_win_element`` (C tables); F19's win in play never does."""
    sw = {**F19, "initial_bonus_win_element": element}
    g = Deal(_eight_wall(), dealer=0, rules=mf.Ruleset.from_name("taiwanese-high", **sw))
    assert g.phase is Phase.BONUS_CHOICE
    g.apply(act(ActionType.BONUS_WIN, 1))
    r = g.result
    assert r is not None
    codes = [e[0] for e in r.wins[0].elements]
    assert codes == (["C27", "C34"] if element else ["C34"])
    # non-dealer self-drawn: 5 + (8 + 4) from each non-dealer, + 1 from the dealer
    tai = 12 if element else 8
    assert tuple(r.payments) == (-(5 + tai + 1), 3 * (5 + tai) + 1, -(5 + tai), -(5 + tai))
    d = position({**sw}, {}, active=0, live=30, draws="8f", bonus_areas={1: "1234567"})
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    d.apply(act(ActionType.BONUS_WIN, 1))
    assert [e[0] for e in d.result.wins[0].elements] == ["C34"]  # type: ignore[union-attr]
