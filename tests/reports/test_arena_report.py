"""``mahjong-fast arena --report FILE`` and ``arena_report_html``: one self-contained page whose
numbers are the arena's, the same bytes for the same arena; the CLI's refusals (an existing
file, a missing folder, no ``report`` extra) are one line and exit 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _cli_helpers import assert_one_line_error, run
from mahjong_fast.arena import arena

pytest.importorskip("matplotlib", reason="the report extra (matplotlib) is not installed")

from mahjong_fast.reports import arena_report_html

LINEUP = ["value", "greedy", "greedy", "greedy"]
NETWORK = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|@import|url\(\s*["']?(?:https?:)?//""")


def _cells(html: str) -> dict[tuple[str, str], float]:
    """``(seat, data-key) -> data-value`` of the page's tables."""
    out: dict[tuple[str, str], float] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", html):
        seat = re.match(r'<td class="t">([^<]*)</td>', row)
        if seat is None:
            continue
        for key, value in re.findall(r'data-key="([^"]+)" data-value="([^"]+)"', row):
            out[(seat.group(1), key)] = float(value)
    return out


def test_the_page_holds_the_arenas_numbers_and_plots() -> None:
    rep = arena(LINEUP, walls=6, seed=5, rules="hk")
    html = arena_report_html(rep)
    cells = _cells(html)
    for s in rep.to_json()["seats"]:
        for key in ("mean_points", "win_rate", "deal_in_rate", "self_draw_rate", "deals"):
            assert cells[(s["seat"], key)] == s[key]
        assert cells[(s["seat"], "ci95_low")] == s["ci95"][0]
        assert cells[(s["seat"], "ci95_high")] == s["ci95"][1]
    plots = re.findall(r'<figure data-plot="([^"]+)"><svg ', html)
    assert plots == ["points", "rates", "points-hist", "cumulative", "win-values"]
    # each plot: a title and a text alternative
    assert html.count("<desc id=") == 5 and html.count('role="img" aria-labelledby=') == 5
    assert "faan" in html  # the ruleset's unit


def test_the_same_arena_gives_the_same_bytes() -> None:
    a = arena_report_html(arena(LINEUP, walls=3, seed=2))
    b = arena_report_html(arena(LINEUP, walls=3, seed=2, workers=1))
    assert a == b


def test_the_page_is_self_contained() -> None:
    html = arena_report_html(arena(LINEUP, walls=2, seed=1))
    assert "<script" not in html and "<img" not in html and "<link" not in html
    assert NETWORK.search(html) is None


def test_taiwanese_units_come_from_the_ruleset() -> None:
    from mahjong_fast.rules import resolve_rules

    rules = resolve_rules("taiwanese-high")
    html = arena_report_html(arena(LINEUP, walls=2, seed=1, rules=rules))
    assert f"value of the win ({rules.unit_name})" in html
    assert f"Value of wins ({rules.unit_name})" in html
    assert rules.title in html


def test_cli_writes_the_report_beside_the_json(tmp_path: Path) -> None:
    out = tmp_path / "arena.html"
    proc = run("arena", "-n", "4", "--seed", "3", "--workers", "1", "--json", "--report", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    cells = _cells(out.read_text(encoding="utf-8"))
    for s in data["seats"]:
        assert cells[(s["seat"], "mean_points")] == s["mean_points"]


def test_cli_never_replaces_a_file_without_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "arena.html"
    out.write_text("keep me", encoding="utf-8")
    proc = run("arena", "-n", "2", "--report", str(out))
    assert_one_line_error(proc)
    assert "--overwrite" in proc.stderr and out.read_text(encoding="utf-8") == "keep me"
    proc = run("arena", "-n", "2", "--workers", "1", "--report", str(out), "--overwrite")
    assert proc.returncode == 0, proc.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_cli_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    assert_one_line_error(run("arena", "-n", "2", "--report", str(tmp_path / "no" / "a.html")))


def test_without_the_report_extra_one_line_names_it(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from mahjong_fast.cli import main\n"
        f"main(['arena', '-n', '2', '--report', {str(tmp_path / 'a.html')!r}])\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert_one_line_error(proc)
    assert "report" in proc.stderr and "extra" in proc.stderr
    assert not (tmp_path / "a.html").exists()
