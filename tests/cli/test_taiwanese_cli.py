"""The ``mahjong-fast`` commands under the Taiwanese rulesets (TW §9–§15), run as a user runs
them. Expected values are TW §18 T1 (high table: 6 Tai, S +6 / W -6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

T1 = ["234m567m222p678p34s99s", "--win", "5s", "--bonus", "3f,6f", "--seat", "S"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="120", NO_COLOR="1", TERM="dumb")
    env.pop("MAHJONG_FAST_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        input="",
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=300,
    )


def test_score_t1_high_json() -> None:
    p = run(
        "score",
        *T1,
        "--discarder",
        "W",
        "--rules",
        "taiwanese-high",
        "--discards",
        "15",
        "--winner-discards",
        "4",
        "--uninterrupted",
        "--json",
    )
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert (out["is_win"], out["value"], out["unit"]) == (True, 6, "tai")
    assert sorted(e["code"] for e in out["elements"]) == ["H02", "H03", "H03", "H08", "H40"]
    assert out["payments"] == {"E": 0, "S": 6, "W": -6, "N": 0}
    assert out["rules"]["name"] == "taiwanese-high"


def test_score_table_shows_tai_and_streak_changes_payments() -> None:
    p = run("score", *T1, "--discarder", "E", "--rules", "taiwanese-high", "--dealer-streak", "2")
    assert p.returncode == 0, p.stderr
    assert "Tai" in p.stdout and "Total: 6 tai" in p.stdout
    # TW §15: the dealer (East) pays hand Tai + 1 when a non-dealer wins on the dealer's discard.
    assert "E -7" in p.stdout and "S +7" in p.stdout


def test_analysis_commands_take_the_taiwanese_rules() -> None:
    hand = "123m456m789m123p456p7s"
    w = run("waits", hand, "--rules", "taiwanese-low", "--json")
    assert json.loads(w.stdout)["waits"] == ["7s"], w.stderr
    s = run("shanten", hand + "8s", "--rules", "taiwanese-high", "--json")
    assert json.loads(s.stdout)["shanten"] == 0, s.stderr
    d = run("decompose", hand + "7s", "--rules", "taiwanese-low", "--json")
    assert json.loads(d.stdout)["interpretations"] == ["123m 456m 789m 123p 456p 77s"], d.stderr


def test_mixed_vocabulary_is_one_line_error() -> None:
    for args in (
        ["score", "123m456m789p234s5s", "--win", "5s", "--dealer-streak", "2"],
        ["score", *T1, "--rules", "taiwanese-high", "--rule", "min_faan=3"],
        ["score", *T1, "--rules", "taiwanese-low", "--rule", "high_wind_pung_extra=true"],
    ):
        p = run(*args)
        assert p.returncode == 2, (args, p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr
