"""HK §19 deal switches through the command line: simulate (refusing ``-n`` under the match
switches of §19.10), the arena (single deals: the match switches noted as having no effect),
arena logs replayed and reviewed, and the terminal game with a preset, ``--rule`` and the
false win (§19.11) declared with ``win``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import RuleConfigError

HOUSE = [
    "--rule", "flower_win=eight_or_rob", "--rule", "multiple_winners=all", "--rule", "liability=all",
    "--rule", "false_win=pay_four_faan", "--rule", "pass_over=same_kind",
]  # fmt: skip


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast", *args],
        capture_output=True, text=True, check=False, input=stdin, timeout=300,
    )  # fmt: skip


@pytest.mark.parametrize(
    "switch, value",
    [("dealer_repeat", "on_win"), ("match_length", "east_round")],
)
def test_simulate_deals_refused_under_match_switches(switch: str, value: str) -> None:
    """HK §19.10: a deal depends on the one before, so ``-n`` is refused in one line naming
    the switch (exit 2), and ``--matches`` plays whole matches."""
    rules = ["--rule", "rotate_dealer=true", "--rule", f"{switch}={value}"]
    out = run("simulate", "--rules", "hong-kong", *rules, "-n", "5", "-w", "1")
    assert out.returncode == 2, out.stderr
    lines = [x for x in out.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and switch in lines[0] and "--matches" in lines[0]
    assert "Traceback" not in out.stderr
    with pytest.raises(RuleConfigError, match=switch):
        mf.simulate(5, rules=mf.Ruleset.hong_kong(rotate_dealer=True, **{switch: value}), workers=1)
    ok = run("simulate", "--rules", "hong-kong", *rules, "--matches", "2", "-w", "1", "--json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["summary"]["deals"] >= 2


def test_simulate_every_seat_kind_under_the_deal_switches() -> None:
    out = run("simulate", "--rules", "hong-kong", *HOUSE, "-n", "60", "-w", "1", "--json",
              "--seats", "random,greedy,value,expert")  # fmt: skip
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert s["deals"] == 60 and s["rules"]["switches"]["pass_over"] == "same_kind"
    # whole matches with the liability and several winners settled by the match too
    out = run("simulate", "--rules", "hong-kong", *HOUSE, "--rule", "rotate_dealer=true",
              "--rule", "dealer_repeat=on_win_or_draw", "--rule", "match_length=east_round",
              "--matches", "3", "-w", "1", "--json", "--seats", "strong,greedy,random,value")  # fmt: skip
    assert out.returncode == 0, out.stderr


def test_arena_notes_the_match_switches_and_its_log_replays(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    out = run("arena", "--rules", "hong-kong-benwassa-v1", "-n", "3", "--seats",
              "value,greedy,random,expert", "-w", "1", "--log", str(log))  # fmt: skip
    assert out.returncode == 0, out.stderr
    dependency = mf.Ruleset.from_name("hong-kong-benwassa-v1").deal_dependency
    if dependency is not None:
        assert "no effect in the arena" in " ".join(out.stdout.split())
    rep = run("replay", str(log))
    assert rep.returncode == 0 and "Replay OK" in rep.stdout, rep.stdout + rep.stderr
    rev = run("review", str(log), "--seat", "0")
    assert rev.returncode == 0, rev.stderr


def test_play_a_preset_and_declare_a_false_win() -> None:
    """The terminal game under ``--rules`` preset with ``--rule``: typing ``win`` without a
    legal win asks, then ends the deal as a false win paying HK §19.11's penalty."""
    out = run("play", "--rules", "hong-kong-benwassa-v1", "--rule", "false_win=pay_four_faan",
              "--seed", "1", "--ascii", stdin="win\ny\n")  # fmt: skip
    assert "Traceback" not in out.stderr, out.stderr
    assert "false win (" in out.stdout and "false win by You" in out.stdout, out.stdout[-2000:]
    # declining keeps the turn, and says so (not as a refusal)
    out = run("play", "--rules", "hong-kong-benwassa-v1", "--rule", "false_win=pay_four_faan",
              "--seed", "1", "--ascii", stdin="win\nn\n")  # fmt: skip
    assert "no false win: your turn goes on" in out.stdout
    assert "you cannot declare a win now" not in out.stdout and "false win by" not in out.stdout
    # under the default the same word is refused and the game goes on
    out = run("play", "--rules", "hong-kong", "--seed", "1", "--ascii", stdin="win\n")
    assert "you cannot declare a win now" in out.stdout
    assert "false win" not in out.stdout


def test_a_false_win_is_logged_replayed_and_reviewed(tmp_path: Path) -> None:
    """HK §19.11: the false win's log replays (its start scores take back the penalty) and its
    review counts the declaration as a decision without a value."""
    from mahjong_fast.game import Action, ActionType, Deal, Phase
    from mahjong_fast.game.log import write_log
    from mahjong_fast.game.match import deal_wall

    rules = mf.Ruleset.hong_kong(false_win="pay_limit_self_draw", pass_over="all_kinds")
    d = Deal(deal_wall(3, 0), rules=rules, scores=(100, 0, 0, -100))
    p = d.to_act[0]
    d.apply(d.legal_actions(p)[-1])
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        d.apply(Action(ActionType.PASS, d.to_act[0]))
    offender = d.to_act[0]
    d.apply(Action(ActionType.SELF_DRAWN_WIN, offender))
    assert d.result is not None and d.result.false_win == offender
    log = tmp_path / "false-win.jsonl"
    with log.open("w") as f:
        write_log(f, [d])
    rep = run("replay", str(log))
    assert rep.returncode == 0 and "Replay OK" in rep.stdout, rep.stdout + rep.stderr
    rev = run("review", str(log), "--seat", str(offender))
    assert rev.returncode == 0 and "Traceback" not in rev.stderr, rev.stderr
