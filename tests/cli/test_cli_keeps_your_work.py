"""The CLI keeps what a user made and says things right: ``--log`` never replaces a file
unless asked, the result of a deal stays until Enter, tables fit 80 columns, the help and the
messages say what is true (run as a user runs it: a subprocess, stdin piped)."""

from __future__ import annotations

import dataclasses
import io
import os
import re
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from mahjong_fast.game.actions import Action, ActionType, Phase

TIMEOUT = 300
AUTOPILOT = "last\n\n" * 400


def run(*args: str, input: str = "", columns: int = 80) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS=str(columns), NO_COLOR="1",
               TERM="dumb")  # fmt: skip
    env.pop("MAHJONG_FAST_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args], input=input, capture_output=True,
        text=True, encoding="utf-8", env=env, timeout=TIMEOUT, check=False,
    )  # fmt: skip


def drive(args: list[str], answer: Callable[[str], str | None]) -> tuple[int, str, str]:
    """Play ``mahjong-fast ARGS`` through a pipe as a person would: after each prompt (the
    output so far ends with ``> `` or ``] ``), ``answer(output)`` gives the line to type, or
    None to end the input there. Returns (status, stdout, stderr)."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="80", NO_COLOR="1", TERM="dumb",
               PYTHONUNBUFFERED="1")  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_fast.cli", *args], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    out = b""
    answered = 0
    while True:
        ready, _, _ = select.select([proc.stdout], [], [], TIMEOUT)
        assert ready, "no output: the game hangs"
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        out += chunk
        text = out.decode("utf-8", "replace")
        if text.endswith(("> ", "] ")) and len(text) != answered:
            answered = len(text)
            line = answer(text)
            if line is None:
                proc.stdin.close()
            else:
                proc.stdin.write((line + "\n").encode())
                proc.stdin.flush()
    proc.wait(TIMEOUT)
    assert proc.stderr is not None
    return proc.returncode, out.decode("utf-8", "replace"), proc.stderr.read().decode()


def autopilot(text: str) -> str | None:
    """Discard the drawn tile, pass every claim, go on after a deal."""
    last = text.rsplit("\n", 1)[-1]
    return "last" if last.startswith("discard") else ""


# --------------------------------------------------------------------------- --log


@pytest.mark.parametrize("command", [["play", "--ascii", "--no-confirm", "--seed", "1"],
                                     ["arena", "-n", "1", "-w", "1"]])  # fmt: skip
def test_log_refuses_an_existing_file_unless_overwrite(tmp_path: Path, command: list[str]) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("a previous game\n", encoding="utf-8")
    proc = run(*command, "--log", str(log), input=AUTOPILOT)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"error: --log {log}: the file exists; add --overwrite to replace it"
    ]
    assert log.read_text(encoding="utf-8") == "a previous game\n"  # nothing lost
    proc = run(*command, "--log", str(log), "--overwrite", input=AUTOPILOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert log.read_text(encoding="utf-8").startswith("{")
    replayed = run("replay", str(log), "--ascii")
    assert replayed.returncode == 0 and "Replay OK" in replayed.stdout


# --------------------------------------------------------------------------- between deals


def test_play_waits_for_enter_between_deals_and_a_pipe_still_works() -> None:
    proc = run("play", "--ascii", "--no-confirm", "--seed", "4", "--deals", "2",
               input=AUTOPILOT * 2)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    first_end, pause, second = (out.index(s) for s in ("End of deal 1", "Enter: deal 2",
                                                         "=== Deal 2 ==="))  # fmt: skip
    assert first_end < pause < second
    assert out.count("Enter: deal") == 1  # between the deals only, not after the last
    assert "Final scores after 2 deals" in out


def test_the_end_of_input_at_the_pause_keeps_the_result() -> None:
    def until_the_pause(text: str) -> str | None:
        return None if text.rstrip().endswith("('quit' leaves)>") else autopilot(text)

    status, out, err = drive(["play", "--ascii", "--no-confirm", "--seed", "4", "--deals", "3"],
                             until_the_pause)  # fmt: skip
    assert status == 3 and "input ended before the game did" in err
    assert "End of deal 1" in out and "=== Deal 2 ===" not in out
    scores = re.search(r"Scores after 1 deal: You (-?\d+)  P1 (-?\d+)  P2 (-?\d+)  P3 (-?\d+)", out)
    assert scores is not None, out[-1500:]
    assert sum(int(v) for v in scores.groups()) == 0
    assert "Traceback" not in out + err


def test_a_taiwanese_match_waits_for_enter_between_deals(tmp_path: Path) -> None:
    proc = run("play", "--ascii", "--no-confirm", "--seed", "3", "--rules", "taiwanese-low",
               "--rule", "min_tai=1", "--rule", "match_length=east_round",
               input="last\n\n" * 3000)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    deals = proc.stdout.count("End of deal")
    assert deals >= 4
    assert proc.stdout.count("Enter: deal") == deals - 1
    assert "End of the match" in proc.stdout


def test_quit_asks_first() -> None:
    stay = run("play", "--ascii", "--no-confirm", "--seed", "1", input="quit\nn\n" + AUTOPILOT)
    assert stay.returncode == 0, stay.stderr[-2000:]
    assert "Leave the game? [y/N]" in stay.stdout and "you stay in the game" in stay.stdout
    assert "End of deal 1" in stay.stdout  # the deal went on
    leave = run("play", "--ascii", "--no-confirm", "--seed", "1", input="quit\ny\n")
    assert leave.returncode == 0 and "Bye." in leave.stdout
    assert "End of deal" not in leave.stdout


# --------------------------------------------------------------------------- 80 columns


def test_the_arena_table_fits_80_columns() -> None:
    for rules in ("hk", "taiwanese-high"):
        proc = run("arena", "-n", "3", "-w", "1", "--rules", rules,
                   "--seats", "strong,greedy,random,value")  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        assert max(len(line) for line in lines) <= 80 and "…" not in proc.stdout, proc.stdout
        for name in ("points/deal", "95% CI", "win", "deal-in", "self-draw", "dead ready"):
            assert name in proc.stdout
        assert ("Tai/win" if rules != "hk" else "faan/win") in proc.stdout
        assert "faan" not in proc.stdout or rules == "hk"


def test_the_arena_table_fits_80_columns_whatever_the_numbers() -> None:
    from mahjong_fast.arena import ArenaReport, PolicyStats
    from mahjong_fast.cli import _arena_tables
    from rich.console import Console

    big = PolicyStats("strong", 4_000_000, -123.45, (-234.56, 345.67), -99.99, (-123.45, 999.99),
                      1.0, 1.0, 1.0, 1.0, 12.34, 123.45)  # fmt: skip
    rep = ArenaReport(10**6, 2**64 - 1, "taiwanese-high", ("strong",) * 4, [big, big])
    buf = io.StringIO()
    console = Console(file=buf, width=80, color_system=None)
    for table in _arena_tables(rep, "arena"):
        console.print(table)
    assert "…" not in buf.getvalue() and "345.67" in buf.getvalue()
    assert max(len(line) for line in buf.getvalue().splitlines()) <= 80


def _tw_view(**changes: object) -> object:
    from mahjong_fast.game.match import new_deal
    from mahjong_fast.seats import make_seat

    seats = [make_seat("greedy", 0) for _ in range(4)]
    deal = new_deal(seats, seed=1, rules="taiwanese-high", record=False)
    return dataclasses.replace(deal.view(0), **changes)


@pytest.mark.parametrize("compact", [False, True])
def test_the_taiwanese_status_line_fits_80_columns(compact: bool) -> None:
    from mahjong_fast.render import render_table
    from mahjong_fast.rules import Ruleset

    view = _tw_view(deal_index=31, dealer_streak=12, turn=120, prevailing_wind=1)
    lines = [t.plain for t in render_table(view, ascii=True, rules=Ruleset.taiwanese(), compact=compact)]
    head = next(line for line in lines if line.startswith("Deal 32"))
    assert "round wind South" in head and "streak 12" in head and "120 discards" in head
    assert len(head) <= 80, head
    if compact:
        assert any("'board' shows the whole table" in line for line in lines)


def test_the_piped_tai_histogram_never_cuts_an_entry() -> None:
    # 1,000 matches: a histogram long enough to wrap (before, "10:" ended one line and its
    # count began the next)
    proc = run("simulate", "-m", "1000", "--rules", "taiwanese-high", "--seed", "1", "-w", "2")
    assert proc.returncode == 0, proc.stderr
    rows = [ln for ln in proc.stdout.splitlines() if ln.startswith("│")]
    start = next(i for i, ln in enumerate(rows) if "Tai histogram" in ln)
    cells = [rows[start].split("│")[2]]
    for ln in rows[start + 1:]:
        if ln.split("│")[1].strip():
            break
        cells.append(ln.split("│")[2])
    entries = 0
    for cell in cells:  # every line of the cell is whole entries "Tai: count"
        assert re.fullmatch(r"\s*(\d+: \d+)(  \d+: \d+)*\s*", cell), cells
        entries += len(re.findall(r"\d+: \d+", cell))
    assert entries >= 25 and len(cells) >= 3
    assert max(len(ln) for ln in proc.stdout.splitlines()) <= 80


# --------------------------------------------------------------------------- words


def test_help_names_every_seat_and_both_rules() -> None:
    for command in ("simulate", "arena"):
        text = " ".join(run(command, "--help").stdout.split())
        assert "greedy, random, strong, value" in text, command
    arena = " ".join(run("arena", "--help").stdout.split())
    assert "taiwanese-high" in arena and "Hong Kong only" not in arena
    assert "Taiwanese" in run("--help").stdout


def test_the_taiwanese_banner_says_what_the_match_is() -> None:
    one = run("play", "--ascii", "--rules", "taiwanese-high", "--rule", "match_length=one_deal",
              "--seed", "1", input="quit\ny\n")  # fmt: skip
    banner = one.stdout.splitlines()[:3]
    assert "A match of one deal." in banner and "at most" not in one.stdout.split("===")[0]
    east = run("play", "--ascii", "--rules", "taiwanese-high", "--seed", "1", input="quit\ny\n")
    banner = east.stdout.splitlines()[:3]
    assert "Taiwanese 16-tile mahjong" in banner[0]
    assert banner[1] == ("A match of the East round (the deal passes four times), "
                         "at most 32 deals.")  # the default match_length; fmt: skip
    assert max(len(line) for line in banner) <= 80


def _claim_seat(lines: list[str]) -> tuple[object, io.StringIO]:
    from mahjong_fast.seats.human import HumanSeat
    from rich.console import Console

    buf = io.StringIO()
    feed = iter(lines)

    def read(prompt: str) -> str:
        buf.write(prompt + "\n")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return HumanSeat(Console(file=buf, width=80, color_system=None), input_fn=read,
                     ascii=True), buf  # fmt: skip


def test_a_claim_prompt_with_one_choice_says_type_1() -> None:
    from mahjong_fast.game.view import SeatView

    hand = tuple(sorted([4 * 22, 4 * 22 + 1, 0, 4, 8, 36, 40, 44, 48, 52, 56, 32, 33]))
    view = SeatView(player=0, phase=Phase.RESPONSE, to_act=(0,), dealer=0,
                    seat_winds=(0, 1, 2, 3), hand=hand, melds=((), (), (), ()),
                    discards=((), (), (), ()), bonus=((), (), (), ()), remaining=60,
                    scores=(0, 0, 0, 0), last_discard=(2, 4 * 22 + 3))  # fmt: skip
    legal = [Action(ActionType.PASS, 0), Action(ActionType.PUNG, 0, (4 * 22, 4 * 22 + 1))]
    seat, buf = _claim_seat(["xyz", "1"])
    assert seat.choose(view, legal).type == ActionType.PUNG  # type: ignore[attr-defined]
    out = buf.getvalue()
    assert "type 1, or 0 / Enter to pass" in out and "1-1" not in out


def test_shanten_and_bonus_words() -> None:
    ready = run("shanten", "123m456m789p2345s")
    assert ready.stdout.strip() == "shanten: 0  (ready: tenpai)"
    assert "))" not in run("shanten", "123m456m789p2345s").stdout
    hand = ["score", "111222333m9s [555p]", "--win", "9s", "--self-drawn", "--json"]
    glued, commas = run(*hand, "--bonus", "1f5f"), run(*hand, "--bonus", "1f,5f")
    assert glued.returncode == 0, glued.stderr
    assert glued.stdout == commas.stdout and '"F17"' in glued.stdout
    bad = run(*hand, "--bonus", "1m")
    assert bad.returncode == 2 and bad.stderr.startswith("error: --bonus 1m: ")
