"""Time and peak memory of the records report (``mahjong-fast report``) over 10^6 deals.

    pytest benches/bench_report.py --benchmark-only        # release build, report extra

A records file of :data:`DEALS` deals (random seats: quick to make; Parquet when pyarrow is
installed, else JSON Lines) is made once; then the report runs in a fresh interpreter (what a
user runs: ``python -m mahjong_fast.cli report FILE --out PAGE``) pinned to one core
(``taskset``-like ``os.sched_setaffinity``, Linux), which prints its own peak resident memory.
``extra_info``: deals, seconds, peak MiB. The goal (docs/speed.md): 10^6 deals in <= 30 s with
a peak <= 1 GiB.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from mahjong_fast import simulate
from short import size

pytest.importorskip("matplotlib", reason="the report extra is not installed")
pytest.importorskip("polars", reason="the report extra is not installed")

DEALS = size(1_000_000, 200)

_CHILD = """
import os, resource, sys
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from mahjong_fast.cli import main
try:
    main(["report", sys.argv[1], "--out", sys.argv[2], "--overwrite"])
except SystemExit as exc:
    if exc.code:
        raise
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
sys.stderr.write(f"peak_kib={peak}\\n")
"""


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        import pyarrow  # noqa: F401

        name = "deals.parquet"
    except ImportError:
        name = "deals.jsonl"
    path = tmp_path_factory.mktemp("report") / name
    simulate(DEALS, ("random",) * 4, seed=1, out=path)
    return path


def test_records_report_time_and_memory(benchmark, records: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "report.html"
    peaks: list[int] = []

    def run() -> None:
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, str(records), str(out)],
            capture_output=True, text=True, check=False, env=dict(os.environ),
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr[-2000:]
        peaks.append(int(proc.stderr.rsplit("peak_kib=", 1)[1].split()[0]))

    benchmark.pedantic(run, rounds=1, iterations=1, warmup_rounds=0)
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    benchmark.extra_info["deals"] = DEALS
    benchmark.extra_info["seconds"] = benchmark.stats.stats.mean
    benchmark.extra_info["peak_mib"] = max(peaks) / 1024
