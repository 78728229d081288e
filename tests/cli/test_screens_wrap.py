"""The play screens wrap at word and tile boundaries at any width of 80 columns or more (issue
36 §3): the table (late-deal discard rows included), ``help`` and ``hint``, on a turn and at
a claim, in both rulesets. A screen rendered narrow holds exactly the words and tile codes of
the same screen rendered without any wrapping, and no line is wider than the console."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from mahjong_fast.game import Action, ActionType, Deal, Phase, new_deal
from mahjong_fast.seats import make_seat
from mahjong_fast.seats.human import HumanSeat, QuitGame
from rich.cells import cell_len
from rich.console import Console


def _late_decisions(seed: int, rules: str) -> Iterator[tuple[Deal, list[Action]]]:
    """P0's decisions in a deal against random seats (they rarely win: the deal runs long and
    the discard rows grow), the latest first."""
    seats = [make_seat("greedy", 0)] + [make_seat("random", p) for p in (1, 2, 3)]
    deal = new_deal(seats, seed=seed, rules=rules, dealer=0)
    found: list[tuple[int, str]] = []
    while deal.phase is not Phase.ENDED:
        legal = deal.legal_actions(0)
        if len(legal) > 1 and not all(a.type is ActionType.PASS for a in legal):
            found.append((deal.remaining, deal.phase.name))
        p = deal.to_act[0]
        deal.apply(seats[p].choose(deal.view(p), deal.legal_actions(p)))
    # replay to the chosen moments: the last turn and the last claim window
    wanted = []
    for phase in ("ACTION", "RESPONSE"):
        left = [r for r, ph in found if ph == phase]
        if left:
            wanted.append((min(left), phase))
    for remaining, phase in wanted:
        seats = [make_seat("greedy", 0)] + [make_seat("random", p) for p in (1, 2, 3)]
        deal = new_deal(seats, seed=seed, rules=rules, dealer=0)
        while not (deal.remaining == remaining and deal.phase.name == phase
                   and len(deal.legal_actions(0)) > 1):  # fmt: skip
            p = deal.to_act[0]
            deal.apply(seats[p].choose(deal.view(p), deal.legal_actions(p)))
        yield deal, deal.legal_actions(0)


def _screen(deal: Deal, legal: list[Action], width: int, ascii: bool) -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, highlight=False)
    answers = iter(["help", "hint", "board", "quit", "y"])
    seat = HumanSeat(console, input_fn=lambda _p: next(answers), ascii=ascii, rules=deal.rules)
    seat.new_deal(0, 0)
    with pytest.raises(QuitGame):
        seat.choose(deal.view(0), legal)
    return buf.getvalue()


@pytest.mark.parametrize("ascii", [True, False])
@pytest.mark.parametrize("rules,seed", [("hong-kong", 4), ("taiwanese-high", 9)])
def test_screens_wrap_at_word_and_tile_boundaries(rules: str, seed: int, ascii: bool) -> None:
    cases = list(_late_decisions(seed, rules))
    assert cases
    for deal, legal in cases:
        whole = _screen(deal, legal, 1000, ascii)
        assert "hint:" in whole and "commands:" in whole and "points:" in whole
        long_rows = [ln for ln in whole.splitlines() if cell_len(ln.rstrip()) > 80]
        assert long_rows, "the case should need wrapping"
        for width in (80, 100):
            out = _screen(deal, legal, width, ascii)
            assert out.split() == whole.split(), width
            for line in out.splitlines():
                assert cell_len(line) <= width, line


def _play_in_a_terminal(columns: int) -> str:
    """``mahjong-fast play`` in a pseudo-terminal ``columns`` wide: help, hint, board, quit."""
    import fcntl
    import os
    import pty
    import re
    import select
    import struct
    import subprocess
    import sys
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm", COLUMNS=str(columns), NO_COLOR="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_fast", "play", "--seed", "4", "--ascii", "--no-confirm"],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    out = b""
    script = [b"help\n", b"hint\n", b"board\n", b"quit\n", b"y\n"]
    deadline = time.time() + 120
    while time.time() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            if script and out.rstrip().endswith((b">", b"]")):
                os.write(master, script.pop(0))
        elif proc.poll() is not None:
            break
    proc.wait(timeout=30)
    os.close(master)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def test_play_in_a_terminal_wraps_lines_itself() -> None:
    """A terminal gets lines no wider than it is, broken between words (the terminal would
    otherwise break them mid-word or mid-tile); the words are those of a very wide terminal."""
    wide = _play_in_a_terminal(400)
    assert "commands:" in wide and "points:" in wide and "Bye." in wide
    for columns in (80, 100):
        out = _play_in_a_terminal(columns)
        for line in out.splitlines():
            assert cell_len(line) <= columns, line
        # the echoed input and prompts aside, the same words in the same order
        assert [w for w in out.split()] == [w for w in wide.split()]
