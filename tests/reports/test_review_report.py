"""``mahjong-fast review LOG --html FILE``: the page is the review ``--json`` prints (deals
numbered alike), carries every decision's hand as its notation (the page's script draws it), and
is the same bytes twice."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from _cli_helpers import assert_one_line_error, run

pytest.importorskip("matplotlib", reason="the report extra (matplotlib) is not installed")

from mahjong_fast.reports import review_report_html
from mahjong_fast.reports.review import rating
from mahjong_fast.review import Summary, review_log


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "arena.jsonl"
    proc = run("arena", "-n", "1", "--seed", "2", "--workers", "1", "--log", str(path))
    assert proc.returncode == 0, proc.stderr
    return path


def test_the_page_is_the_reviews(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "review.html"
    proc = run("review", str(log), "--seat", "1", "--json", "--html", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    html = out.read_text(encoding="utf-8")
    assert html == review_report_html(review_log(log, 1))
    rows = re.findall(r'<tr class="dec[^"]*" id="d(\d+)-l(\d+)" data-deal="\d+" '
                      r'data-kind="(\w+)" data-agreed="(\d)">', html)  # fmt: skip
    decisions = [d for dr in data["deals"] for d in dr["decisions"]]
    assert [(int(a), int(b), k, g == "1") for a, b, k, g in rows] == [
        (d["deal"], d["line"], d["kind"], d["agreed"]) for d in decisions
    ]
    # every decision's hand, agreeing or not, is there to be drawn: its notation, no markup
    hands = re.findall(r'<td class="t hand">([^<]*)</td>', html)
    assert hands == [d["hand"] for d in decisions]
    assert "<template><svg" not in html
    assert html.count("<figure data-plot=") == 1


def test_rating() -> None:
    assert rating(Summary.of([])) == 100.0
    assert rating(Summary(4, 4, 0.0, {})) == 100.0
    assert rating(Summary(4, 2, 0.0, {})) == 50.0
    assert rating(Summary(2, 2, 20.0, {})) == 50.0


def test_an_existing_page_is_kept(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    out.write_text("mine", encoding="utf-8")
    assert_one_line_error(run("review", str(log), "--seat", "0", "--html", str(out)))
    assert out.read_text(encoding="utf-8") == "mine"
