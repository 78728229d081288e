"""The terminal game's bonus-tile choice (TW §20.5.8 rules 2–3, §20.6.3–§20.6.4; issue 38):
the prompt as the player reads it in every language, the line after a decline, the
narration of the choice and the answer in ``play`` and ``replay``, the result line's rules
section, and the ``--rule`` example of a Taiwanese ruleset.  Positions come from
``Deal.from_hands`` (the shared ``position`` helper) and from a full wall laid out as TW §4.1
says, answered through :class:`HumanSeat` with scripted input."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import mahjong_fast as mf
import pytest
from _tw_flow_helpers import act, discard, pass_all, position
from mahjong_fast.cli.result import show_result
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.log import write_log
from mahjong_fast.seats.human import HumanSeat
from mahjong_fast.seats.narration import describe_event
from mahjong_fast.words import CATALOGUE
from rich.console import Console

SML = {"tai_table": "sml", "min_tai": 0, "base_points": 5}
LANGS = ["en", "zh-HK", "zh-TW"]


def south_draws_8f(switches: dict[str, object], areas: dict[int, str]) -> Deal:
    """East discards; everybody passes; South draws 8f, exposed at once (the probe's shape)."""
    d = position(switches, {}, active=0, live=30, draws="8f", bonus_areas=areas)
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    return d


def seven_rob() -> Deal:
    """North shows 1f–7f; South's 8f is the eighth: North is asked (case A)."""
    d = south_draws_8f({**SML, "seven_bonus_rob": "optional"}, {3: "1234567"})
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (3,)
    return d


def all_eight() -> Deal:
    """South shows 1f–7f and draws 8f; after its replacement it is asked."""
    d = south_draws_8f({**SML, "eight_bonus_mode": "optional_standalone"}, {1: "1234567"})
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    return d


def human(lang: str, d: Deal) -> tuple[HumanSeat, io.StringIO]:
    """A terminal seat reading from the console (``console.input``), writing to a buffer."""
    buf = io.StringIO()
    console = Console(file=buf, width=200, color_system=None, force_terminal=False)
    return HumanSeat(console, ascii=True, rules=d.rules, lang=lang), buf


@pytest.mark.parametrize("lang", LANGS)
def test_the_prompt_shows_y_and_n_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The prompt goes through ``console.input`` (rich markup): ``[y]`` and ``[n]`` must be
    printed, not eaten as markup tags."""
    d = seven_rob()
    seat, buf = human(lang, d)
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))
    a = seat.choose(d.view(3), d.legal_actions(3))
    assert a.type is ActionType.BONUS_WIN
    prompt = CATALOGUE["play:bonus_prompt"][lang]
    assert "[y]" in prompt and "[n]" in prompt
    assert prompt.rstrip() in buf.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_a_declined_rob_says_who_keeps_the_tile(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Case (A) declined: nothing moves; South (P1), which exposed 8f, keeps it."""
    d = seven_rob()
    seat, buf = human(lang, d)
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    a = seat.choose(d.view(3), d.legal_actions(3))
    assert a.type is ActionType.DECLINE
    said = buf.getvalue().splitlines()[-1]
    assert "P1" in said and "8f" in said, said
    d.apply(a)
    assert d.bonus[1] == [143] and len(d.bonus[3]) == 7


def test_a_declined_rob_of_case_b_names_the_seat_with_one() -> None:
    """Case (B) declined: South showed six and drew 7f, the eighth to appear; West keeps its
    single 8f."""
    d = position(
        {**SML, "seven_bonus_rob": "optional"},
        {},
        active=0,
        live=30,
        draws="7f",
        bonus_areas={1: "123456", 2: "8"},
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (1,)
    feed = iter(["n"])
    buf = io.StringIO()
    seat = HumanSeat(
        Console(file=buf, width=200, color_system=None),
        input_fn=lambda _p: next(feed),
        ascii=True,
        rules=d.rules,
    )
    assert seat.choose(d.view(1), d.legal_actions(1)).type is ActionType.DECLINE
    said = buf.getvalue().splitlines()[-1]
    assert "P2 keeps 8f" in said, said


def test_a_declined_all_eight_says_play_goes_on() -> None:
    d = all_eight()
    feed = iter(["n"])
    buf = io.StringIO()
    seat = HumanSeat(
        Console(file=buf, width=200, color_system=None),
        input_fn=lambda _p: next(feed),
        ascii=True,
        rules=d.rules,
    )
    assert seat.choose(d.view(1), d.legal_actions(1)).type is ActionType.DECLINE
    assert buf.getvalue().splitlines()[-1] == CATALOGUE["play:bonus_declined"]["en"]


@pytest.mark.parametrize("answer", [ActionType.BONUS_WIN, ActionType.DECLINE])
@pytest.mark.parametrize("lang", LANGS)
def test_play_narrates_the_choice_and_the_answer(answer: ActionType, lang: str) -> None:
    """Every seat sees the pending choice and the answer (TW §20.6.4): a line each for the
    other seats; the seat asked gets the prompt instead of the offer's line."""
    d = seven_rob()
    d.apply(act(answer, 3))
    words = None if lang == "en" else mf.words.Words(lang, d.rules)
    kinds = ("bonus_choice", "bonus_win", "bonus_decline")
    events = [e for e in d.events if e.type in kinds]
    assert [e.type for e in events] == [
        "bonus_choice",
        "bonus_win" if answer is ActionType.BONUS_WIN else "bonus_decline",
    ]
    for e in events:
        line = describe_event(e, 0, ascii=True, words=words)
        assert line is not None and "P3" in line.plain, (e, line)
    assert describe_event(events[0], 3, ascii=True, words=words) is None
    if answer is ActionType.BONUS_WIN:
        # the tile that moves and the seat it comes from
        line = describe_event(events[1], 0, ascii=True, words=words)
        assert line is not None and "8f" in line.plain and "P1" in line.plain


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="160", NO_COLOR="1", TERM="dumb")
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )


def _seven_rob_wall() -> list[int]:
    """A 144-id wall: East (the dealer) is dealt 1f–6f and gets 7f as the replacement of 6f;
    South is dealt 8f.  In the initial replacement South's 8f is then the eighth with East
    showing seven: East is asked (case A)."""
    hands = {0: [136, 137, 138, 139, 140, 141], 1: [143]}
    tail = [0, 1, 2, 3, 4, 142, 5, 6, 7, 8, 9, 10]
    named = {t for h in hands.values() for t in h} | set(tail)
    filler = sorted((t for t in range(136) if t not in named), key=lambda t: (t % 4, (t >> 2) * 7 % 34))
    wall: list[int | None] = [None] * 144
    for i, t in enumerate(tail):
        wall[143 - i] = t
    slots: dict[int, list[int]] = {p: [] for p in range(4)}
    for r in range(4):
        for k in range(4):
            slots[k].extend(range(16 * r + 4 * k, 16 * r + 4 * k + 4))
    slots[0].append(64)
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


@pytest.mark.parametrize("answer", [ActionType.BONUS_WIN, ActionType.DECLINE])
def test_replay_narrates_the_choice_and_the_answer(answer: ActionType, tmp_path: Path) -> None:
    rules = mf.Ruleset.from_name("taiwanese", **SML, seven_bonus_rob="optional")
    d = Deal(_seven_rob_wall(), dealer=0, rules=rules)
    assert d.phase is Phase.BONUS_CHOICE and d.to_act == (0,)
    d.apply(act(answer, 0))
    log = tmp_path / "deal.jsonl"
    with log.open("w", encoding="utf-8") as f:
        write_log(f, [d])
    out = _cli("replay", str(log), "--ascii")
    assert out.returncode == 0, out.stderr
    assert "P0 may rob the eighth bonus tile" in out.stdout
    if answer is ActionType.BONUS_WIN:
        assert "P0 takes 8f from P1" in out.stdout
    else:
        assert "P0 declines the bonus-tile win" in out.stdout


def test_the_result_line_names_the_rule_of_the_win(capsys: pytest.CaptureFixture[str]) -> None:
    """The optional rob is §20.5.8's win; the automatic one §7's."""
    d = seven_rob()
    d.apply(act(ActionType.BONUS_WIN, 3))
    show_result(d.result, ascii=True, rules=d.rules)
    out = capsys.readouterr().out
    assert "eighth bonus tile (TW §20.5.8)" in out and "(TW §7)" not in out
    auto = south_draws_8f({**SML, "seven_bonus_rob": "automatic"}, {3: "1234567"})
    assert auto.result is not None
    show_result(auto.result, ascii=True, rules=auto.rules)
    assert "eighth bonus tile (TW §7)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("rules", "example"), [("taiwanese-high", "min_tai=1"), ("hong-kong", "min_faan=1")]
)
def test_a_rule_without_equals_gives_the_rulesets_own_example(rules: str, example: str) -> None:
    out = _cli("play", "--rules", rules, "--rule", "min_tai")
    assert out.returncode == 2
    assert f"e.g. {example}" in out.stderr + out.stdout
    assert "Traceback" not in out.stderr
    other = "min_faan" if example.startswith("min_tai") else "min_tai="
    assert f"e.g. {other}" not in out.stderr + out.stdout
