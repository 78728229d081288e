"""Parallel simulation (design §5): the same records for any number of workers, chunk size,
backend and output format; Ctrl-C keeps finished chunks; the summary's statistics; the CLI."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mahjong_fast.errors import RuleConfigError
from mahjong_fast.sim import Summary, read_records
from mahjong_fast.simulate import SimulationInterrupted, simulate

# two greedy seats make wins (faan, elements, payments) happen; two random ones keep it fast
SEATS = ("greedy", "random", "greedy", "random")
N = 18
SEED = 7


@pytest.fixture(scope="module")
def reference() -> list[dict]:
    """The records of deals 0..N-1 played one after another in this process."""
    res = simulate(N, SEATS, seed=SEED, workers=1, chunk_size=N)
    assert res.records is not None and len(res.records) == N
    assert any(r["winners"] for r in res.records), "pick a seed with a win"
    return res.records


def _pts(*v: int) -> dict[str, int]:
    return dict(zip(("points_p0", "points_p1", "points_p2", "points_p3"), v))


def stable(summary: Summary) -> dict:
    d = summary.to_dict()
    del d["deals_per_second"]
    return d


# --------------------------------------------------------------------------- determinism


def test_chunking_never_changes_a_record(reference: list[dict]) -> None:
    for size in (1, 4, 7):
        assert simulate(N, SEATS, seed=SEED, workers=1, chunk_size=size).records == reference


def test_workers_and_formats_give_identical_records_and_files(
    reference: list[dict], tmp_path: Path
) -> None:
    one_pq, two_pq = tmp_path / "w1.parquet", tmp_path / "w2.parquet"
    one_jl, two_jl = tmp_path / "w1.jsonl", tmp_path / "w2.jsonl"
    r1 = simulate(N, SEATS, seed=SEED, workers=1, chunk_size=5, out=one_pq)
    simulate(N, SEATS, seed=SEED, workers=1, chunk_size=4, out=one_jl)
    r2 = simulate(N, SEATS, seed=SEED, workers=2, chunk_size=3, out=two_pq)
    simulate(N, SEATS, seed=SEED, workers=2, chunk_size=2, out=two_jl)
    assert r1.records is None and r2.records is None  # with out, records live in the file
    assert read_records(two_pq) == reference
    assert read_records(two_jl) == reference
    # byte-identical outputs: written in deal order, row groups independent of chunks
    assert one_pq.read_bytes() == two_pq.read_bytes()
    assert one_jl.read_bytes() == two_jl.read_bytes()
    assert stable(r1.summary) == stable(r2.summary)
    from mahjong_fast.simulate import summarize

    assert stable(r2.summary) == stable(summarize(reference))


def test_parquet_schema(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow not installed (extra parquet)")
    path = tmp_path / "d.parquet"
    simulate(3, ("random",) * 4, seed=1, workers=1, out=path)
    table = pq.read_table(path)
    assert table.num_rows == 3
    assert table.column_names[:6] == ["deal_index", "seed", "dealer", "winners", "value", "wins"]
    assert table.column("deal_index").to_pylist() == [0, 1, 2]


def test_ray_backend_equals_process_backend(reference: list[dict], tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="ray not installed (extra ray; CI installs it)")
    t0 = time.perf_counter()
    out = tmp_path / "ray.jsonl"
    res = simulate(N, SEATS, seed=SEED, workers=2, chunk_size=4, backend="ray", out=out)
    wall = time.perf_counter() - t0
    assert read_records(out) == reference
    assert stable(res.summary) == stable(simulate(N, SEATS, seed=SEED, workers=1).summary)
    assert wall < 60, f"the Ray simulation took {wall:.1f} s"


# --------------------------------------------------------------------------- interruption


class StopAfter:
    """A progress callback that raises KeyboardInterrupt (a Ctrl-C) at its k-th call."""

    def __init__(self, k: int):
        self.k, self.calls = k, 0

    def __call__(self, done: int, total: int) -> None:
        self.calls += 1
        if self.calls == self.k:
            raise KeyboardInterrupt


@pytest.mark.parametrize(("workers", "suffix"), [(1, ".parquet"), (2, ".jsonl"), (2, ".parquet")])
def test_interrupt_keeps_finished_chunks(
    reference: list[dict], tmp_path: Path, workers: int, suffix: str
) -> None:
    out = tmp_path / f"stopped{suffix}"
    chunk = 2
    with pytest.raises(SimulationInterrupted) as info:
        simulate(
            N, SEATS, seed=SEED, workers=workers, chunk_size=chunk, out=out, progress=StopAfter(3)
        )
    res = info.value.result
    assert isinstance(info.value, KeyboardInterrupt)
    assert res.interrupted and res.out == out
    kept = read_records(out)  # the file is complete and readable
    assert 3 * chunk <= len(kept) < N
    assert len(kept) == res.summary.deals
    by_index = {r["deal_index"]: r for r in reference}
    assert [r["deal_index"] for r in kept] == sorted(r["deal_index"] for r in kept)
    assert all(r == by_index[r["deal_index"]] for r in kept)
    # whole chunks only
    starts = {r["deal_index"] // chunk for r in kept}
    assert len(kept) == sum(min(chunk, N - s * chunk) for s in starts)
    from mahjong_fast.simulate import summarize

    assert stable(res.summary) == stable(summarize(kept))


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "mahjong_fast.cli", *args]


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_cli_sigint_keeps_a_valid_file(tmp_path: Path, suffix: str) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow", reason="pyarrow not installed (extra parquet)")
    out = tmp_path / f"run{suffix}"
    args = ["simulate", "-n", "100000", "--seats", "random,random,random,random"]
    args += ["--workers", "2", "--chunk-size", "3", "--out", str(out), "--json"]
    proc = subprocess.Popen(_cli(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    progress_file = out if suffix == ".jsonl" else None
    if progress_file is None:  # Parquet writes its first row group later: give it time
        while not out.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(3)
    while progress_file is not None and time.monotonic() < deadline:
        # the first line is the header with the ruleset: wait for a record after it
        if out.exists() and out.read_text().count("\n") > 1:
            break
        time.sleep(0.1)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    payload = json.loads(stdout)
    assert payload["interrupted"] is True
    kept = read_records(out)
    assert len(kept) == payload["summary"]["deals"] < 100000
    if suffix == ".jsonl":
        assert kept
    assert len({r["deal_index"] for r in kept}) == len(kept)


# --------------------------------------------------------------------------- summary


def test_summary_confidence_interval_by_hand() -> None:
    s = Summary()
    for p0 in (1, 3):  # P0: mean 2, sample sd √2
        s.add({"winners": [], "value": 0, "wins": [], **_pts(p0, -p0, 0, 0)})
    assert s.mean_points == [2.0, -2.0, 0.0, 0.0]
    assert s.points_sd[0] == pytest.approx(math.sqrt(2))
    # records without a deal index count in arrival order: one cluster per deal
    lo, hi = s.points_ci95[0]
    assert lo == 1.0 and hi == 3.0  # resamples of P0's 1 and 3
    assert s.points_ci95[2] == (0.0, 0.0)
    assert (
        Summary(deals=1, points_sum=[1, 0, 0, 0], points_sq_sum=[1, 0, 0, 0]).points_ci95
        == [None] * 4
    )
    other = Summary()
    win = {"seat": 2, "win_kind": "self_drawn", "discarder": None, "value": 4}
    other.add({"winners": [2], "value": 4, "wins": [win], **_pts(-16, -16, 48, -16)})
    s.merge(other)
    # the other summary counted its one record as its cluster 0
    assert s.blocks == {0: [2, -15, -17, 48, -16], 1: [1, 3, -3, 0, 0]}
    assert s.deals == 3 and s.faan_histogram == {4: 1} and s.self_draw_rate == pytest.approx(1 / 3)
    assert s.exhaustive_draw_rate == pytest.approx(2 / 3)
    s.elapsed = 2.0
    assert s.deals_per_second == 1.5
    from rich.console import Console

    console = Console(record=True, width=100)
    console.print(s)
    text = console.export_text()
    assert "win rate" in text and "95% CI" in text and "deals/s" in text


# --------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"rules": "mcr"}, RuleConfigError),
        ({"backend": "spark"}, ValueError),
        ({"workers": 0}, ValueError),
        ({"chunk_size": 0}, ValueError),
        ({"seed": -1}, ValueError),
        ({"out": "deals.csv"}, ValueError),
        ({"address": "auto"}, ValueError),  # address without the ray backend
        ({"seats": ("greedy", "greedy", "greedy", "perfect")}, ValueError),
    ],
)
def test_bad_arguments(kwargs: dict, error: type[Exception], tmp_path: Path) -> None:
    os.chdir(tmp_path)
    with pytest.raises(error):
        simulate(2, **kwargs)
    assert not (tmp_path / "deals.csv").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["--backend", "spark"],
        ["--address", "auto"],
        ["--workers", "0"],
        ["--chunk-size", "0"],
        ["--out", "deals.csv"],
        ["--out", "/no/such/dir/deals.jsonl"],
        ["--seed", "-3"],
        ["-n", "0"],
    ],
    ids=lambda a: " ".join(a),
)
def test_cli_bad_arguments_one_line_exit_2(args: list[str], tmp_path: Path) -> None:
    proc = subprocess.run(
        _cli("simulate", "-n", "2", *args),
        check=False,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert proc.stdout == ""


def test_ray_backend_prints_no_ray_token_warning(tmp_path: Path) -> None:
    """A run on a local Ray instance prints the summary, not Ray's warning about its token
    authentication mode (the instance is started with the mode said explicitly)."""
    pytest.importorskip("ray", reason="ray not installed (extra ray; CI installs it)")
    env = {k: v for k, v in os.environ.items() if k != "RAY_AUTH_MODE"}
    proc = subprocess.run(
        _cli("simulate", "-n", "8", "--seed", "1", "--workers", "1", "--backend", "ray"),
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "8 deals" in proc.stdout
    assert "Token authentication" not in proc.stdout + proc.stderr
    assert "RAY_AUTH_MODE" not in proc.stdout + proc.stderr
