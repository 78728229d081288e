"""Taiwanese simulation by matches (TW §16) and the CLI's play / replay / simulate under the
Taiwanese rulesets.

Match ``j`` depends only on ``(seed, j)``: the records are the same for any number of
workers, chunk size and backend (core threads or the Python loop in processes); Ctrl-C keeps
the finished matches. ``play --rules taiwanese-low`` is driven with scripted input through
typer's CliRunner, and its log replays.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast.cli import app
from mahjong_fast.errors import RuleConfigError
from mahjong_fast.sim import read_records
from mahjong_fast.sim.output import MATCH_FIELDS, read_rules
from mahjong_fast.simulate import SimulationInterrupted, simulate, summarize
from typer.testing import CliRunner

SEATS = ("greedy", "random", "greedy", "random")
RULES = mf.Ruleset.taiwanese(tai_table="high", min_tai=2)
M = 6
SEED = 5


@pytest.fixture(scope="module")
def reference() -> list[dict]:
    res = simulate(matches=M, seats=SEATS, rules=RULES, seed=SEED, workers=1, chunk_size=M)
    assert res.records is not None
    return res.records


def stable(summary) -> dict:
    d = summary.to_dict()
    d.pop("deals_per_second")
    d.pop("matches_per_second", None)
    return d


def test_match_records(reference: list[dict]) -> None:
    assert [tuple(r) for r in reference] == [MATCH_FIELDS] * len(reference)
    assert sorted({r["match_index"] for r in reference}) == list(range(M))
    assert any(len(r["winners"]) >= 1 for r in reference)
    prev = None
    for r in reference:
        j, i = r["match_index"], r["deal_in_match"]
        assert r["deal_index"] == (j << 32) | i
        assert [w["seat"] for w in r["wins"]] == r["winners"]
        assert sum(r[f"points_p{p}"] for p in range(4)) == 0
        if i == 0:
            start = [0, 0, 0, 0]
            assert r["dealer"] == 0 and r["dealer_streak"] == 0 and r["prevailing_wind"] == 0
        else:
            assert prev is not None and prev["match_index"] == j
            assert prev["deal_in_match"] == i - 1
            start = [prev[f"scores_p{p}"] for p in range(4)]
            # TW §16 by the table: draw -> unchanged; dealer wins -> k+1; else passes
            if prev["exhaustive_draw"]:
                assert (r["dealer"], r["dealer_streak"]) == (prev["dealer"], prev["dealer_streak"])
            elif prev["dealer"] in prev["winners"]:
                assert (r["dealer"], r["dealer_streak"]) == (prev["dealer"], prev["dealer_streak"] + 1)
            else:
                assert (r["dealer"], r["dealer_streak"]) == ((prev["dealer"] + 1) % 4, 0)
        assert [r[f"scores_p{p}"] for p in range(4)] == [
            s + r[f"points_p{p}"] for p, s in enumerate(start)
        ]
        prev = r


@pytest.mark.parametrize(
    ("workers", "backend", "chunk"), [(2, "core", 1), (2, "process", 2), (1, "process", 4)]
)
def test_any_workers_and_backend_give_the_same_records(
    reference: list[dict], tmp_path: Path, workers: int, backend: str, chunk: int
) -> None:
    out = tmp_path / "m.jsonl"
    res = simulate(
        matches=M, seats=SEATS, rules=RULES, seed=SEED, workers=workers, backend=backend,
        chunk_size=chunk, out=out,
    )  # fmt: skip
    assert read_records(out) == reference
    assert read_rules(out) == RULES
    assert stable(res.summary) == stable(summarize(reference, rules=RULES))
    assert res.summary.matches == M and res.matches == M


def test_ray_backend_plays_the_same_matches(reference: list[dict], tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray not installed (extra ray; CI installs it)")
    out = tmp_path / "ray.jsonl"
    simulate(matches=M, seats=SEATS, rules=RULES, seed=SEED, workers=2, chunk_size=2,
             backend="ray", out=out)  # fmt: skip
    assert read_records(out) == reference


def test_parquet_files_are_identical(reference: list[dict], tmp_path: Path) -> None:
    pytest.importorskip("pyarrow.parquet")
    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    simulate(matches=M, seats=SEATS, rules=RULES, seed=SEED, workers=1, chunk_size=2, out=a)
    simulate(matches=M, seats=SEATS, rules=RULES, seed=SEED, workers=2, chunk_size=3, out=b)
    assert a.read_bytes() == b.read_bytes()
    assert read_records(a) == reference
    assert read_rules(a) == RULES


def test_hong_kong_by_matches_is_the_same_for_any_backend() -> None:
    # a Hong Kong match is the deals asked for (HK §12): four here, one dealt by each player
    hk = mf.Ruleset.hong_kong(rotate_dealer=True)
    one = simulate(matches=3, match_deals=4, seats=SEATS, rules=hk, seed=2, workers=1).records
    two = simulate(matches=3, match_deals=4, seats=SEATS, rules=hk, seed=2, workers=2,
                   backend="process", chunk_size=1).records  # fmt: skip
    assert one == two
    assert [r["deal_in_match"] for r in one] == [0, 1, 2, 3] * 3
    assert [r["dealer"] for r in one] == [0, 1, 2, 3] * 3
    # by default a match is one deal (HK §12)
    default = simulate(matches=3, seats=SEATS, rules=hk, seed=2, workers=1).records
    assert [r["deal_in_match"] for r in default] == [0, 0, 0]
    with pytest.raises(RuleConfigError, match="deals"):
        simulate(matches=1, match_deals=4, seats=SEATS, rules="taiwanese-high")


def test_summary_in_tai(reference: list[dict]) -> None:
    d = summarize(reference, rules=RULES).to_dict()
    assert d["unit"] == "tai" and d["tai_histogram"] and d["matches"] == M
    assert 0 < d["multiple_win_rate"] < 1 or d["multiple_win_rate"] == 0
    res = simulate(matches=2, seats=SEATS, rules=RULES, seed=SEED, workers=1)
    d = res.summary.to_dict()
    assert d["unit"] == "tai" and "tai_histogram" in d and d["matches"] == 2
    assert "Tai histogram" in str(res.summary) and "matches" in str(res.summary)


def test_interrupt_keeps_finished_matches(reference: list[dict], tmp_path: Path) -> None:
    calls = []

    def stop(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    out = tmp_path / "stopped.jsonl"
    with pytest.raises(SimulationInterrupted) as info:
        simulate(matches=M, seats=SEATS, rules=RULES, seed=SEED, workers=1, chunk_size=1,
                 out=out, progress=stop)  # fmt: skip
    kept = read_records(out)
    res = info.value.result
    assert res.interrupted and 2 <= res.summary.matches < M
    # whole matches only, each as in the full run
    js = sorted({r["match_index"] for r in kept})
    assert kept == [r for r in reference if r["match_index"] in js]


def test_taiwanese_needs_matches() -> None:
    with pytest.raises(RuleConfigError, match="matches"):
        simulate(10, rules="taiwanese-high")
    with pytest.raises(ValueError, match="not both"):
        simulate(10, matches=2)


# --------------------------------------------------------------------------- CLI

runner = CliRunner()


def test_cli_simulate_matches(tmp_path: Path) -> None:
    out = tmp_path / "tw.jsonl"
    r = runner.invoke(
        app, ["simulate", "--matches", "3", "--rules", "taiwanese-high", "--seed", "1",
              "--out", str(out), "--json"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    payload = json.loads(r.output)
    assert payload["matches"] == 3 and payload["summary"]["unit"] == "tai"
    assert payload["summary"]["matches"] == 3
    assert len(read_records(out)) == payload["summary"]["deals"]
    r = runner.invoke(app, ["simulate", "-n", "5", "--rules", "taiwanese-low"])
    assert r.exit_code == 2 and "--matches" in r.output


def test_cli_sigint_keeps_whole_matches(tmp_path: Path) -> None:
    """Ctrl-C during `simulate --matches`: exit 130, the file keeps whole matches only, each
    exactly as a full run plays it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from mahjong_fast.sim.chunks import ChunkSpec, run_match_chunk

    out = tmp_path / "tw.jsonl"
    args = ["simulate", "--matches", "100000", "--rules", "taiwanese-high", "--seats",
            "random,greedy,random,greedy", "--workers", "2", "--chunk-size", "2", "--out",
            str(out), "--json"]  # fmt: skip
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if out.exists() and out.read_text().count("\n") > 1:
            break
        time.sleep(0.1)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "matches finished" in stderr and "Traceback" not in stderr
    payload = json.loads(stdout)
    assert payload["interrupted"] is True
    kept = read_records(out)
    assert kept and len(kept) == payload["summary"]["deals"]
    js = sorted({r["match_index"] for r in kept})
    assert len(js) == payload["summary"]["matches"] < 100000
    spec = ChunkSpec(("random", "greedy", "random", "greedy"), seed=0,
                     rules=mf.Ruleset.taiwanese())  # fmt: skip
    expected = [r for j in js for r in run_match_chunk(spec, j, j + 1)]
    assert kept == expected


def _play(args: list[str], script: str) -> object:
    return runner.invoke(app, ["play", "--ascii", "--no-confirm", *args], input=script)


def test_cli_play_a_taiwanese_match_and_replay_it(tmp_path: Path) -> None:
    log = tmp_path / "tw.jsonl"
    script = "last\n\n" * 3000
    r = _play(
        ["--rules", "taiwanese-low", "--rule", "min_tai=1", "--seed", "3", "--log", str(log)],
        script,
    )
    out = r.output
    assert r.exit_code == 0, out[-3000:]
    assert "Taiwanese 16-tile mahjong" in out
    assert re.search(r"round wind East · streak \d+ · live tiles: \d+", out)
    assert "End of the match" in out
    ends = out.count("End of deal")
    assert ends >= 4  # the East round: at least four deals
    if "Tai" in out.split("End of deal", 1)[1]:
        assert "Settlement:" in out
    # the log replays, deal by deal, under its ruleset
    results = mf.game.replay(log)
    assert len(results) == ends
    r2 = runner.invoke(app, ["replay", "--ascii", str(log)])
    assert r2.exit_code == 0, r2.output[-2000:]
    assert f"Replay OK: {ends} deal(s)" in r2.output


def test_cli_play_taiwanese_refuses_hong_kong_options() -> None:
    r = _play(["--rules", "taiwanese-high", "--deals", "2"], "")
    assert r.exit_code == 2 and "match_length" in r.output
