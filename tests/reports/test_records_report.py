"""``mahjong-fast report RECORDS --out FILE`` and ``simulate --report``: the records page's
aggregates (polars over columns) equal simulate's own summary (a Python loop over the records)
and the records themselves; Parquet and JSON Lines give the same numbers; a missing or corrupt
file is one line and exit 2."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from _cli_helpers import assert_one_line_error, run
from mahjong_fast.sim import read_records
from mahjong_fast.sim.summary import Summary

pytest.importorskip("matplotlib", reason="the report extra (matplotlib) is not installed")
pytest.importorskip("polars", reason="the report extra (polars) is not installed")

from mahjong_fast.reports import RecordsError, records_aggregates, records_report_html


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    out = {"jsonl": folder / "deals.jsonl"}
    mf.simulate(600, seed=4, workers=1, out=out["jsonl"])
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return out
    out["parquet"] = folder / "deals.parquet"
    mf.simulate(600, seed=4, workers=1, out=out["parquet"])
    return out


def _plain(agg: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in agg.items() if k != "ruleset"}


def test_aggregates_equal_the_summary_and_the_records(files: dict[str, Path]) -> None:
    agg = records_aggregates(files["jsonl"])
    records = read_records(files["jsonl"])
    summary = Summary()
    summary.add_all(records)
    assert agg["deals"] == summary.deals == 600
    assert agg["win_rate"] == summary.win_rate
    assert agg["self_draw_rate"] == summary.self_draw_rate
    assert agg["value_histogram"] == summary.value_histogram
    assert [s["mean_points"] for s in agg["seats"]] == pytest.approx(summary.mean_points)
    assert [s["ci95"] for s in agg["seats"]] == summary.points_ci95
    wins = [w for r in records for w in r["wins"]]
    assert agg["win_kinds"] == dict(sorted(Counter(w["win_kind"] for w in wins).items()))
    holding = Counter(c for w in wins for c in {e["code"] for e in w["elements"]})
    assert [(code, n) for code, _, n in agg["elements"]] == sorted(
        holding.items(), key=lambda kv: (-kv[1], kv[0])
    )[:20]
    assert agg["discards_histogram"] == dict(sorted(Counter(r["discards"] for r in records).items()))
    for p, s in enumerate(agg["seats"]):
        assert s["win_rate"] == sum(p in r["winners"] for r in records) / 600
        assert s["deal_in_rate"] == sum(
            any(w["discarder"] == p for w in r["wins"]) for r in records
        ) / 600
    dealer = sum(r[f"points_p{r['dealer']}"] for r in records) / 600
    assert agg["dealer"]["mean_points"] == pytest.approx(dealer)
    assert agg["dealer"]["win_rate"] == sum(r["dealer"] in r["winners"] for r in records) / 600


def test_parquet_and_jsonl_give_the_same_numbers(files: dict[str, Path]) -> None:
    if "parquet" not in files:
        pytest.skip("pyarrow (the parquet extra) is not installed")
    assert _plain(records_aggregates(files["parquet"])) == _plain(
        records_aggregates(files["jsonl"])
    )


def test_the_same_files_give_the_same_bytes(files: dict[str, Path]) -> None:
    a = records_report_html([files["jsonl"]])
    assert a == records_report_html([files["jsonl"]])
    assert "<script" not in a and a.count("<figure data-plot=") == 4


def test_missing_and_corrupt_files(tmp_path: Path) -> None:
    with pytest.raises(RecordsError, match="no such records file"):
        records_aggregates(tmp_path / "none.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    out = tmp_path / "r.html"
    assert_one_line_error(run("report", str(bad), "--out", str(out)))
    assert_one_line_error(run("report", str(tmp_path / "none.parquet"), "--out", str(out)))
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"a": 1}) + "\n", encoding="utf-8")
    proc = run("report", str(other), "--out", str(out))
    assert_one_line_error(proc)
    assert "format 2" in proc.stderr
    assert not out.exists()


def test_cli_report_and_simulate_report(files: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    proc = run("report", str(files["jsonl"]), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text(encoding="utf-8") == records_report_html([files["jsonl"]])
    assert_one_line_error(run("report", str(files["jsonl"]), "--out", str(out)))  # exists
    proc = run("report", str(files["jsonl"]), "--out", str(out), "--overwrite")
    assert proc.returncode == 0, proc.stderr

    recs, page = tmp_path / "s.jsonl", tmp_path / "s.html"
    proc = run("simulate", "-n", "200", "--seed", "9", "--workers", "1", "--out", str(recs),
               "--report", str(page))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert page.read_text(encoding="utf-8") == records_report_html([recs])
    proc = run("simulate", "-n", "20", "--report", str(tmp_path / "t.html"))
    assert_one_line_error(proc)
    assert "--out" in proc.stderr


def test_a_file_without_any_win(files: dict[str, Path], tmp_path: Path) -> None:
    """No win in the whole file (random seats can do that): no type for ``wins`` to infer."""
    src = files["jsonl"]
    out = tmp_path / "draws.jsonl"
    with open(src, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as g:
        for line in f:
            r = json.loads(line)
            r["wins"], r["winners"] = [], []
            g.write(json.dumps(r) + "\n")
    (tmp_path / "draws.jsonl.meta.json").write_bytes(
        src.with_name(src.name + ".meta.json").read_bytes()
    )
    agg = records_aggregates(out)
    assert (agg["wins"], agg["winners"], agg["elements"], agg["value_histogram"]) == (0, 0, [], {})
    assert records_report_html([out]).count("<figure data-plot=") == 4
