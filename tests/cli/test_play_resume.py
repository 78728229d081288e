"""A game that survives Ctrl-C, a closed terminal and the end of input (issue 36 §1).

``play --log F`` writes the game as it goes: stopped at any moment it leaves a log that
replays up to there (never a 0-byte file); ``play --resume F`` goes on from the first
decision the log does not hold, with the log's ruleset, seats and seed, and appends to F. A
game stopped and resumed with the same input writes the same log, byte for byte, as one
played through."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mahjong_fast.errors import ReplayError
from mahjong_fast.game import play_match, replay
from mahjong_fast.game.log import replay_deals
from mahjong_fast.game.match import resume_match
from mahjong_fast.seats import GreedySeat

#: at a discard prompt "." throws the drawn tile; at a claim prompt the empty line passes
MOVES = ".\n\n"


def _play(*args: str, lines: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "play", "--no-confirm", "--ascii", *args],
        input=MOVES * lines,
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _through(tmp_path: Path, *args: str) -> bytes:
    """The log of the game played through (input never runs dry)."""
    path = tmp_path / "through.jsonl"
    r = _play(*args, "--log", str(path), lines=20000)
    assert r.returncode == 0, r.stderr
    return path.read_bytes()


@pytest.mark.parametrize(
    ("args", "stop_after"),
    [
        (("--seed", "11", "--deals", "3"), 20),
        (("--seed", "11", "--deals", "3"), 30),  # in the second deal
        (("--seed", "7", "--rules", "taiwanese-high", "--rule", "match_length=one_deal"), 5),
        (("--seed", "3", "--rules", "taiwanese-low", "--opponents", "greedy"), 40),  # a match
    ],
)
def test_input_ending_leaves_a_log_that_resumes_to_the_same_game(
    tmp_path: Path, args: tuple[str, ...], stop_after: int
) -> None:
    path = tmp_path / "game.jsonl"
    r = _play(*args, "--log", str(path), lines=stop_after)
    assert r.returncode == 3, r.stderr
    assert "--resume" in r.stdout
    deals = replay_deals(path.read_bytes(), allow_unfinished=True)
    assert deals and path.read_bytes().endswith(b"\n")
    shown = subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "replay", str(path)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert shown.returncode == 0 and "Replay OK" in shown.stdout, shown.stderr
    deals_opt = ["--deals", "3"] if "--deals" in args else []
    r = _play("--resume", str(path), *deals_opt, lines=20000)
    assert r.returncode == 0, r.stderr
    assert path.read_bytes() == _through(tmp_path, *args)
    assert all(res is not None for res in replay(path))


def test_input_ending_at_once_leaves_the_header_not_an_empty_file(tmp_path: Path) -> None:
    """The first deal's header and opening events are written before anyone is asked."""
    path = tmp_path / "game.jsonl"
    r = _play("--seed", "3", "--log", str(path), lines=0)
    assert r.returncode == 3
    (deal,) = replay_deals(path.read_bytes(), allow_unfinished=True)
    assert deal.result is None and path.read_bytes().startswith(b'{"type":"header"')


def _wait_for(proc: subprocess.Popen[bytes], path: Path, text: bytes, timeout: float) -> bytes:
    out = b""
    end = time.monotonic() + timeout
    os.set_blocking(proc.stdout.fileno(), False)  # type: ignore[union-attr]
    while time.monotonic() < end:
        chunk = proc.stdout.read()  # type: ignore[union-attr]
        if chunk:
            out += chunk
            if text in out and path.exists() and path.stat().st_size:
                return out
        time.sleep(0.05)
    raise AssertionError(f"no {text!r} in time: {out[-500:]!r}")


@pytest.mark.parametrize(
    ("sig", "status", "args"),
    [
        (signal.SIGINT, 130, ("--seed", "11", "--deals", "2")),
        (signal.SIGHUP, 129, ("--seed", "4", "--rules", "taiwanese-low")),  # a long match
    ],
    ids=["ctrl-c", "closed-terminal"],
)
def test_a_signal_mid_game_leaves_a_log_that_resumes_to_the_end(
    tmp_path: Path, sig: int, status: int, args: tuple[str, ...]
) -> None:
    path = tmp_path / "game.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_fast.cli", "play", "--no-confirm", "--ascii", *args,
         "--log", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdin is not None
    proc.stdin.write((MOVES * 6).encode())  # a few moves, then the prompt waits for more
    proc.stdin.flush()
    _wait_for(proc, path, b"discard (code", timeout=300)
    time.sleep(1.0)
    proc.send_signal(sig)
    assert proc.wait(timeout=120) == status
    proc.stdin.close()
    deals = replay_deals(path.read_bytes(), allow_unfinished=True)
    assert deals[-1].result is None  # stopped mid-deal, at a decision
    before = path.read_bytes()
    deals_opt = ["--deals", "2"] if "--deals" in args else []
    r = _play("--resume", str(path), *deals_opt, lines=200000)
    assert r.returncode == 0, r.stderr[-500:]
    after = path.read_bytes()
    assert after.startswith(before)  # appended to, never rewritten
    results = replay(path)
    assert all(res is not None for res in results)
    if "--deals" in args:
        assert len(results) == 2


def test_resume_refuses_finished_corrupt_foreign_and_empty_logs(tmp_path: Path) -> None:
    finished = tmp_path / "finished.jsonl"
    assert _play("--seed", "5", "--log", str(finished), lines=20000).returncode == 0
    foreign = tmp_path / "arena.jsonl"
    play_match([GreedySeat(p) for p in range(4)], seed=5, log=foreign)
    lines = finished.read_text().splitlines()
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text("\n".join(lines[:5] + [lines[5][:9]]) + "\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    for path, words in [(finished, "over"), (foreign, "not a game of"), (corrupt, "line 6"),
                        (empty, "empty"), (tmp_path / "missing.jsonl", "no such file")]:  # fmt: skip
        r = _play("--resume", str(path), lines=10)
        assert r.returncode == 2, (path, r.stderr)
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: "), r.stderr
        assert words in r.stderr and "internal error" not in r.stderr
    r = _play("--resume", str(finished), "--seed", "3", lines=1)
    assert r.returncode == 2 and "--seed" in r.stderr


@pytest.mark.parametrize("kind", ["random", "expert"])
def test_resume_match_from_python_replays_the_seats_past_choices(tmp_path: Path, kind: str) -> None:
    """A log cut at a deal boundary or at any decision resumes to a whole match, appended to
    the cut log. The seats' past choices come from the log (they are not asked again): with
    deterministic seats (``expert``) the match is the one played through, byte for byte; a
    random seat's stream is keyed by the deal, so a cut between deals gives the same too."""
    from mahjong_fast.seats import make_seat

    def seats() -> list[object]:
        return [make_seat(kind, 20 + p) for p in range(4)]

    buf = io.StringIO()
    play_match(seats(), seed=9, deals=2, log=buf)
    whole = buf.getvalue().splitlines(keepends=True)
    heads = [i for i, ln in enumerate(whole) if ln.startswith('{"type":"header"')]
    actions = [i for i, ln in enumerate(whole) if '"auto":false' in ln]
    for cut in (heads[1], actions[3], actions[-2]):
        path = tmp_path / f"cut{cut}.jsonl"
        path.write_text("".join(whole[:cut]))
        seen: list[object] = []
        m = resume_match(seats(), path, deals=2, on_resumed=seen.append)
        text = path.read_text()
        assert text.startswith("".join(whole[:cut]))
        assert [r.scores for r in replay(text)] == [r.scores for r in m.results]
        assert len(m.results) == 2 and len(seen) == 1
        assert (seen[0] is None) == (cut == heads[1])
        if kind == "expert" or cut == heads[1]:
            assert text == "".join(whole)
    for deals in (1, 2):  # a match of fewer deals than the log holds is over too
        with pytest.raises(ReplayError, match="over: the log holds 2 finished deal"):
            resume_match(seats(), path, deals=deals)


def test_a_game_stopped_before_its_first_deal_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mahjong_fast.cli import app
    from mahjong_fast.game import match
    from typer.testing import CliRunner

    def stopped(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(match, "play_match", stopped)
    path = tmp_path / "game.jsonl"
    r = CliRunner().invoke(app, ["play", "--seed", "1", "--log", str(path)])
    assert r.exit_code == 130
    assert not path.exists()  # nothing played: the name stays free for the next game


def test_a_stopped_game_is_reviewed_as_far_as_it_went(tmp_path: Path) -> None:
    from mahjong_fast.review import review_log

    buf = io.StringIO()
    play_match([GreedySeat(p) for p in range(4)], seed=4, deals=2, log=buf)
    whole = buf.getvalue().splitlines()
    full = [d for dr in review_log(whole, seat=2).deals for d in dr.decisions]
    actions = [i for i, ln in enumerate(whole) if '"auto":false' in ln]
    for cut in (actions[5], actions[len(actions) // 2], actions[-1]):
        part = [d for dr in review_log(whole[:cut], seat=2).deals for d in dr.decisions]
        assert part == full[: len(part)]
        assert all(d.line <= cut for d in part) and not any(d.line <= cut for d in full[len(part):])
