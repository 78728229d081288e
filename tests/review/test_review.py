"""``review_log`` / ``mahjong-fast review``: a seat's decisions beside the expert's (issue 16)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from mahjong_fast import _core
from mahjong_fast.cli import main
from mahjong_fast.errors import MahjongError, ReplayError
from mahjong_fast.game.actions import Action, ActionType
from mahjong_fast.game.match import play_match
from mahjong_fast.review import KINDS, review_log
from mahjong_fast.seats.expert import ExpertSeat
from mahjong_fast.seats.expert_hint import expert_ranking

_WINS = (ActionType.WIN, ActionType.SELF_DRAWN_WIN)


def _log(seats: Sequence[object], seed: int, deals: int = 1, rules: str = "hong-kong") -> str:
    buf = io.StringIO()
    if rules == "hong-kong":
        play_match(seats, seed=seed, deals=deals, rules=rules, log=buf)
    else:
        play_match(seats, seed=seed, rules=rules, log=buf)
    return buf.getvalue()


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return int(e.value.code or 0), out, err


class DeclinesAWin(ExpertSeat):
    """The expert, except that it declines the first legal win it is offered (a bad move)."""

    def __init__(self, seed: int = 0, name: str = "decliner"):
        super().__init__(seed, name)
        self.declined: list[int] = []  # the wall's remaining count when it declined

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not self.declined and any(a.type in _WINS for a in legal):
            self.declined.append(view.remaining)
            return next(a for a, _ in expert_ranking(view, legal) if a.type not in _WINS)
        return super().choose(view, legal)


class BreaksItsReadyHand(ExpertSeat):
    """The expert, except that once ready with its discard to choose, it throws a tile that
    leaves it not ready although the expert keeps the hand ready (breaking it for nothing)."""

    def __init__(self, seed: int = 0, name: str = "breaker"):
        super().__init__(seed, name)
        self.broke: list[int] = []

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        if self.broke or not discards or any(a.type in _WINS for a in legal):
            return super().choose(view, legal)
        counts = view.hand_counts()
        melds = view.meld_tuples()

        def ready_after(a: Action) -> bool:
            left = list(counts)
            left[a.tiles[0] >> 2] -= 1
            return _core.shanten(left, melds, rules=view.rules) == 0

        best = super().choose(view, legal)
        if best.type is not ActionType.DISCARD or not ready_after(best):
            return best
        breaking = [a for a in discards if not ready_after(a)]
        if not breaking:
            return best
        self.broke.append(view.remaining)
        return breaking[0]


# ------------------------------------------------------------------ the expert agrees with itself


@pytest.mark.parametrize(("rules", "seed"), [("hong-kong", 3), ("taiwanese-low", 5)])
def test_the_expert_reviewed_agrees_with_itself(rules: str, seed: int) -> None:
    seats = [ExpertSeat(seed + p) for p in range(4)]
    if rules == "taiwanese-low":
        text = _log(seats, seed, rules=rules)
    else:
        text = _log(seats, seed, deals=2)
    for seat in (0, 2):
        rev = review_log(text, seat=seat)
        assert rev.summary.decisions > 10
        assert rev.summary.agreement == 1.0
        assert rev.summary.loss == 0.0
        assert all(d.agreed and d.loss == 0.0 for d in rev.decisions)
        assert rev.biggest_losses() == []
        assert sum(k.decisions for k in rev.summary.by_kind.values()) == rev.summary.decisions
        assert rev.summary.by_kind["discard"].decisions > 0
    assert len(review_log(text, seat=1).deals) == len([ln for ln in text.splitlines()
                                                       if '"type":"header"' in ln])  # fmt: skip


def test_the_expert_of_an_arena_log_agrees_with_itself(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    code = subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "arena", "-n", "1", "-w", "1", "--seats",
         "expert,greedy,expert,random", "--seed", "4", "--log", str(log)],
        check=False, capture_output=True, text=True, timeout=600,
        env=dict(os.environ, COLUMNS="100"),
    ).returncode  # fmt: skip
    assert code == 0
    text = log.read_text()
    names = [json.loads(ln)["seats"] for ln in text.splitlines() if '"type":"header"' in ln]
    assert len(names) == 4  # the wall played with the line-up rotated
    # the deal where P0 was an expert seat, reviewed alone
    lines = text.splitlines()
    starts = [i for i, ln in enumerate(lines) if '"type":"header"' in ln] + [len(lines)]
    for j, seats in enumerate(names):
        if seats[0] != "expert":
            continue
        rev = review_log("\n".join(lines[starts[j] : starts[j + 1]]) + "\n", seat=0)
        assert rev.summary.decisions > 0
        assert rev.summary.agreement == 1.0 and rev.summary.loss == 0.0


# ------------------------------------------------------------------ known bad moves are found


def _find(seat_cls: type[ExpertSeat], seeds: range) -> tuple[str, Any]:
    for seed in seeds:
        bad = seat_cls(seed)
        text = _log([bad, *(ExpertSeat(seed + p) for p in (1, 2, 3))], seed)
        marks = getattr(bad, "declined", None) or getattr(bad, "broke", None)
        if marks:
            return text, marks[0]
    raise AssertionError("no seed gave the situation")  # pragma: no cover


def test_a_declined_win_is_among_the_three_biggest_losses() -> None:
    text, remaining = _find(DeclinesAWin, range(40))
    rev = review_log(text, seat=0)
    top = rev.biggest_losses(3)
    declined = [d for d in top if d.kind == "win" and d.remaining == remaining]
    assert declined, top
    d = declined[0]
    assert d.expert == "win" and d.made != "win"
    assert d.loss is not None and d.loss > 0
    assert rev.summary.agreement < 1.0
    assert rev.summary.by_kind["win"].loss == pytest.approx(d.loss)


def test_breaking_a_ready_hand_is_among_the_three_biggest_losses() -> None:
    text, remaining = _find(BreaksItsReadyHand, range(40))
    rev = review_log(text, seat=0)
    top = rev.biggest_losses(3)
    broken = [d for d in top if d.kind == "discard" and d.remaining == remaining]
    assert broken, top
    assert broken[0].loss is not None and broken[0].loss > 0


# ------------------------------------------------------------------ seats and errors


def test_the_default_seat_is_the_human_of_a_play_log() -> None:
    seats = [ExpertSeat(1), ExpertSeat(2, name="human"), ExpertSeat(3), ExpertSeat(4)]
    text = _log(seats, 9)
    rev = review_log(text)
    assert rev.seat == 1 and rev.seat_name == "human"
    assert rev.decisions == review_log(text, seat=1).decisions


def test_no_human_and_no_seat_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _log([ExpertSeat(p) for p in range(4)], 2)
    with pytest.raises(MahjongError, match="which seat"):
        review_log(text)
    log = tmp_path / "g.jsonl"
    log.write_text(text)
    code, out, err = _main(["review", str(log)], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and "seat" in err
    for bad in (4, -1):
        with pytest.raises(MahjongError, match="0..3"):
            review_log(text, seat=bad)
    with pytest.raises(TypeError, match="seat"):
        review_log(text, seat=True)


def test_a_corrupt_log_is_a_replay_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _log([ExpertSeat(p) for p in range(4)], 2)
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines) if '"e":"action"' in ln and '"discard"' in ln)
    obj = json.loads(lines[i])
    obj["action"]["tiles"] = [(obj["action"]["tiles"][0] + 40) % 144]
    lines[i] = json.dumps(obj)
    bad = "\n".join(lines) + "\n"
    with pytest.raises(ReplayError, match=f"line {i + 1}"):
        review_log(bad, seat=0)
    with pytest.raises(ReplayError):
        review_log("{not json\n", seat=0)
    log = tmp_path / "bad.jsonl"
    log.write_text(bad)
    code, out, err = _main(["review", str(log), "--seat", "0"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and "corrupt log" in err and err.count("\n") == 1


# ------------------------------------------------------------------ the command


def test_the_command_shows_losses_and_summaries_in_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = _find(DeclinesAWin, range(40))
    log = tmp_path / "g.jsonl"
    log.write_text(text)
    env = dict(os.environ, COLUMNS="80", NO_COLOR="1", TERM="dumb", PYTHONIOENCODING="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "review", str(log), "--seat", "0",
         "--top", "3"],
        check=False, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert max(len(ln) for ln in proc.stdout.splitlines()) <= 80
    for title in ("Biggest losses", "Per deal", "Per kind"):
        assert title in proc.stdout
    assert all(k in proc.stdout for k in KINDS)
    code, out, err = _main(["review", str(log), "--seat", "0", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    rev = review_log(text, seat=0)
    assert data["summary"]["decisions"] == rev.summary.decisions
    assert data["summary"]["loss"] == pytest.approx(rev.summary.loss)
    assert set(data["summary"]["by_kind"]) == set(KINDS)
    made = [d for dr in data["deals"] for d in dr["decisions"]]
    assert len(made) == rev.summary.decisions
    assert any(d["kind"] == "win" and not d["agreed"] for d in made)


class ClaimsForNothing(ExpertSeat):
    """The expert, except that it makes every pung or chow the expert does not even rate
    (one that does not advance the hand)."""

    def __init__(self, seed: int = 0, name: str = "claimer"):
        super().__init__(seed, name)
        self.claimed = 0

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not any(a.type in _WINS for a in legal):
            for a, v in expert_ranking(view, legal):
                if a.type in (ActionType.PUNG, ActionType.CHOW) and v == float("-inf"):
                    self.claimed += 1
                    return a
        return super().choose(view, legal)


def test_an_unrated_claim_is_a_disagreement_outside_the_totals() -> None:
    for seed in range(40):
        bad = ClaimsForNothing(seed)
        text = _log([bad, *(ExpertSeat(seed + p) for p in (1, 2, 3))], seed)
        if bad.claimed:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed gave an unrated claim")
    rev = review_log(text, seat=0)
    unrated = [d for d in rev.decisions if d.loss is None]
    assert unrated and all(d.kind == "claim" and not d.agreed for d in unrated)
    assert all(d.made_value is None and d.made.split()[0] in ("pung", "chow") for d in unrated)
    assert rev.biggest_losses()[-len(unrated):] == unrated  # after every rated loss
    rated = [d.loss for d in rev.decisions if d.loss is not None]
    assert rev.summary.loss == pytest.approx(sum(rated))
    assert rev.summary.agreed == sum(d.agreed for d in rev.decisions) < rev.summary.decisions


def test_a_played_deal_is_reviewed_for_the_human_by_default(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    env = dict(os.environ, COLUMNS="80", NO_COLOR="1", TERM="dumb", PYTHONIOENCODING="utf-8")
    cli = [sys.executable, "-m", "mahjong_fast.cli"]
    played = subprocess.run(
        [*cli, "play", "--seed", "2", "--ascii", "--no-confirm", "--log", str(log)],
        input="last\n\n\n" * 400, check=False, capture_output=True, text=True, timeout=300,
        env=env,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    rev = review_log(log)
    assert rev.seat == 0 and rev.seat_name == "human"
    assert rev.summary.decisions > 0
    proc = subprocess.run([*cli, "review", str(log)], check=False, capture_output=True,
                          text=True, timeout=300, env=env)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert f"{rev.summary.decisions} decisions" in proc.stdout
    assert f"{rev.summary.agreement:.0%} as the expert" in proc.stdout
