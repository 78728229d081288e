"""What a new user met (issue §4): option errors name the option, a tile that does not exist is
explained in the game as by the scorer, piped input that ends early exits 3, the table says
who deals and who claimed what, and a turn redraws less than a whole screen."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.cli import main
from mahjong_fast.errors import InvalidTileError, MahjongError
from mahjong_fast.game import ActionType, Phase
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.render import render_table
from mahjong_fast.seats import GreedySeat, RandomSeat
from mahjong_fast.seats.human import HumanSeat, QuitGame
from mahjong_fast.tiles import Tile
from rich.console import Console


def _run(*args: str, input: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="120", NO_COLOR="1", TERM="dumb")
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        input=input,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return int(e.value.code or 0), out, err


# ------------------------------------------------------------------ option errors name it


@pytest.mark.parametrize("win", ["0m", "8z", "5x", "1f", "5s5s", ""])
def test_a_bad_win_tile_names_the_option(win: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(["score", "123m456m789p234s5s", "--win", win], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: --win {win}") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("flags", "option"),
    [
        (["--robbing-kong"], "--robbing-kong"),  # the winner holds a copy of the robbed tile
        (["--kong-replacement", "--self-drawn"], "--kong-replacement"),  # with no kong
        (["--self-drawn", "--discarder", "S"], "--discarder"),
        (["--discarder", "E"], "--discarder"),  # the winner's own seat
    ],
)
def test_an_impossible_situation_names_the_option_that_makes_it(
    flags: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _main(["score", "123m456m789p234s5s", "--win", "5s", *flags], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and option in err and err.count("\n") == 1, err


@settings(max_examples=80, deadline=None)
@given(win=st.text(alphabet="0123456789mpszfx ", min_size=1, max_size=4))
def test_any_win_value_is_scored_or_an_error_naming_win(win: str) -> None:
    # in-process: the CLI's answer for every --win value of a small alphabet
    err = io.StringIO()
    real = sys.stderr
    sys.stderr = err
    try:
        with pytest.raises(SystemExit) as e:
            main(["score", "123m456m789p234s5s", "--win", win, "--json"])
    finally:
        sys.stderr = real
    try:
        tile = Tile(win.strip())
        valid = not tile.is_bonus
    except MahjongError:
        valid = False
    if valid:
        assert e.value.code in (0, None), err.getvalue()
    else:
        assert e.value.code == 2 and err.getvalue().startswith("error: --win"), err.getvalue()


# ------------------------------------------------------------------ the game


def test_typing_8z_in_the_game_explains_there_is_no_such_tile() -> None:
    r = _run("play", "--seed", "1", "--ascii", "--no-confirm", input="8z\nquit\n")
    assert "8z: there is no honour 8z (honours are 1z..7z)" in r.stdout
    assert "unknown command '8z'" not in r.stdout
    assert r.stdout.count("discard (code or 1-14)>") == 2  # asked again


def _turn_view() -> tuple[Any, Any]:
    seats = [RandomSeat(p) for p in range(4)]
    deal = new_deal(seats, seed=1)
    assert deal.phase is Phase.ACTION and 0 in deal.to_act
    return deal.view(0), deal.legal_actions(0)


@settings(max_examples=80, deadline=None)
@given(code=st.from_regex(r"\A[0-9]{1,2}[a-z]\Z"))
def test_any_tile_code_typed_is_used_or_explained(code: str) -> None:
    view, legal = _turn_view()
    buf = io.StringIO()
    answers = iter([code, "quit", "y"])  # quit asks first
    seat = HumanSeat(Console(file=buf, width=120), input_fn=lambda p: next(answers), ascii=True,
                     confirm=False)  # fmt: skip
    try:
        action = seat.choose(view, legal)
    except QuitGame:
        action = None
    text = buf.getvalue()
    try:
        tile = Tile(code)
    except InvalidTileError as exc:
        assert f"{code}: {exc.reason}" in text  # the scorer's words
        assert action is None
        return
    if tile.is_bonus:
        assert "never discarded" in text
    elif action is not None:
        assert action.type is ActionType.DISCARD and action.tiles[0] // 4 == tile.kind
    else:
        assert f"you have no {code}" in text


def test_piped_input_that_ends_before_the_game_exits_3_and_says_so() -> None:
    r = _run("play", "--seed", "1", "--ascii", "--no-confirm", input="last\nlast\n")
    assert r.returncode == 3
    assert "input ended before the game did" in r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    quit_ = _run("play", "--seed", "1", "--ascii", "--no-confirm", input="quit\n")
    assert quit_.returncode == 0  # leaving on purpose is not an error


# ------------------------------------------------------------------ the screen


def test_the_table_names_the_dealer_in_words() -> None:
    view, _ = _turn_view()
    text = "\n".join(line.plain for line in render_table(view, ascii=True))
    assert re.search(r"^You\s+East\s+\(dealer\)", text, re.M)
    assert "*" not in text and text.count("(dealer)") == 1


def _deal_with_claims() -> Any:
    seats = [GreedySeat() for _ in range(4)]
    deal = new_deal(seats, seed=2)
    run_deal(deal, seats)
    assert any(e.type == "claim" for e in deal.events)
    return deal


def test_the_table_shows_who_claimed_each_claimed_discard() -> None:
    deal = _deal_with_claims()
    view = deal.view(0)
    text = "\n".join(line.plain for line in render_table(view, ascii=True))
    for ev in deal.events:
        if ev.type != "claim":
            continue
        claimer, discarder = ev.player, ev.data["from"]
        code = Tile(ev.data["tile"] // 4).code
        who = "You" if claimer == 0 else f"P{claimer}"
        assert f"{code}→{who}" in text, (code, who)
        assert f"from {'you' if discarder == 0 else f'P{discarder}'}" in text


def _screens(stdout: str) -> list[list[str]]:
    """The lines printed before each discard prompt."""
    return [part.splitlines() for part in stdout.split("discard (code or 1-14)>")[:-1]]


def test_a_turn_redraws_less_than_a_whole_screen() -> None:
    r = _run("play", "--seed", "4", "--ascii", "--no-confirm", input="board\n" + "last\n" * 6)
    screens = _screens(r.stdout)
    full = [s for s in screens if any("discards:" in ln for ln in s)]
    turns = [s for s in screens[2:] if not any("discards:" in ln for ln in s)]
    assert len(turns) >= 4
    table_lines = len([ln for ln in full[0] if not ln.lstrip().startswith("»")])
    for s in turns:  # the events since are lines of their own; the redraw is the rest
        redraw = [ln for ln in s if not ln.lstrip().startswith("»")]
        assert len(redraw) <= table_lines // 2, s
    assert len(full) >= 2  # 'board' shows the whole table again


def test_ctrl_c_while_the_script_is_still_importing_prints_no_traceback() -> None:
    """Issue: a Ctrl-C in the first instant of ``mahjong-fast`` prints no traceback. The script
    imports the package (numpy, the core) before the CLI runs; the package's guard ends such
    a run quietly with status 130. Here the Ctrl-C arrives right after the import, before
    ``cli.main`` would take over — deterministically, instead of racing a timer."""
    import subprocess
    import sys

    code = (
        "import sys, os, signal, time\n"
        "sys.argv[0] = '/usr/local/bin/mahjong-fast'\n"
        "import mahjong_fast\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "time.sleep(5)\n"
        "print('not interrupted')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 130, proc
    assert "Traceback" not in proc.stderr and "interrupted" in proc.stderr
    assert "not interrupted" not in proc.stdout
