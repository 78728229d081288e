"""Simulation output and how a run ends (issue §2 bullet 4): the output file is checked before
any work, an existing file is kept unless asked, too many workers are capped with a warning,
Ctrl-C (one or two, at any point) neither duplicates nor drops a record, and a worker that
dies is reported with the summary of what finished. These tests drive the process backend
(worker processes: the one where workers can die or catch a Ctrl-C); the core backend is
covered by tests/simulation/test_simulate_parallel.py.

Interrupts are injected at chosen points: a real SIGINT is raised in this process
(``signal.raise_signal``) from inside the function named, at its k-th call.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import importlib

import mahjong_fast.sim.backends as backends_mod
import mahjong_fast.sim.output as output_mod
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.sim import read_records
from mahjong_fast.simulate import (
    SimulationFailed,
    SimulationInterrupted,
    simulate,
    summarize,
)

# the module (``mahjong_fast.simulate`` the attribute is the function of the same name)
simulate_mod = importlib.import_module("mahjong_fast.simulate")
SEATS = ("random",) * 4
N, SEED, CHUNK = 24, 9, 3
LINUX = sys.platform.startswith("linux")


@pytest.fixture(scope="module")
def reference() -> dict[int, dict[str, Any]]:
    res = simulate(N, SEATS, backend="process", seed=SEED, workers=1, chunk_size=N)
    assert res.records is not None
    return {r["deal_index"]: r for r in res.records}


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "mahjong_fast.cli", *args]


def _run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_cli(*args), capture_output=True, text=True, cwd=cwd, timeout=300)


def check_kept(path: Path, deals: int, reference: dict[int, dict[str, Any]]) -> list[dict]:
    """The file holds whole chunks of the reference records, once each, in deal order, and
    exactly the deals the summary counted."""
    kept = read_records(path)
    idx = [r["deal_index"] for r in kept]
    assert idx == sorted(set(idx)), "a record written twice or out of order"
    assert len(kept) == deals, "the file and the summary disagree"
    assert all(r == reference[r["deal_index"]] for r in kept)
    for c in {i // CHUNK for i in idx}:  # whole chunks only
        assert {c * CHUNK + j for j in range(CHUNK) if c * CHUNK + j < N} <= set(idx)
    return kept


# --------------------------------------------------------------------------- --out checks


def test_an_existing_file_is_kept_unless_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    out.write_text("precious\n")
    with pytest.raises(FileExistsError):
        simulate(2, SEATS, backend="process", seed=1, workers=1, out=out)
    assert out.read_text() == "precious\n"
    res = simulate(2, SEATS, backend="process", seed=1, workers=1, out=out, overwrite=True)
    assert len(read_records(out)) == res.summary.deals == 2


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_an_unwritable_out_fails_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    started: list[bool] = []
    real = simulate_mod.make_backend
    monkeypatch.setattr(
        simulate_mod, "make_backend", lambda *a: started.append(True) or real(*a)
    )
    for out in (tmp_path / ("x" * 300 + suffix), tmp_path / "missing" / f"d{suffix}"):
        with pytest.raises(OSError) as e:
            simulate(2, SEATS, backend="process", seed=1, workers=1, out=out)
        assert e.value.filename is not None
    assert not started


@pytest.mark.parametrize(
    "args",
    [
        ["--out", "x" * 300 + ".jsonl"],
        ["--out", "x" * 300 + ".parquet"],
        ["--out", "taken.jsonl"],
        ["--out", "sub"],
        ["--out", "sub/"],
    ],
    ids=["name-too-long", "name-too-long-parquet", "exists", "directory", "directory/"],
)
def test_cli_out_problems_are_one_line_exit_2(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "taken.jsonl").write_text("keep\n")
    (tmp_path / "sub").mkdir()
    r = _run_cli("simulate", "--backend", "process", "-n", "2", "--seats", "random,random,random,random", *args, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --out"), r.stderr
    assert r.stdout == ""
    assert (tmp_path / "taken.jsonl").read_text() == "keep\n"


def test_cli_overwrite_replaces_the_file_and_shows_it_apart(tmp_path: Path) -> None:
    (tmp_path / "taken.jsonl").write_text("old\n")
    r = _run_cli(
        "simulate", "--backend", "process", "-n", "3", "--seats", "random,random,random,random", "--workers", "1",
        "--out", "taken.jsonl", "--overwrite", cwd=tmp_path,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert len(read_records(tmp_path / "taken.jsonl")) == 3
    # the file is on its own line, not in the caption with the seats
    assert "records: taken.jsonl (3 deals)" in r.stdout
    caption = next(line for line in r.stdout.splitlines() if "seats" in line)
    assert "taken.jsonl" not in caption
    assert "self-draw rate (of deals)" in r.stdout


# --------------------------------------------------------------------------- --workers cap


def test_workers_above_the_cores_are_capped_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, reference: dict[int, dict[str, Any]]
) -> None:
    monkeypatch.setattr(backends_mod, "usable_cores", lambda: 1)  # (the shared cap reads it)
    with pytest.warns(RuntimeWarning, match="workers=3 is more than the 1 cores"):
        res = simulate(N, SEATS, backend="process", seed=SEED, workers=3, chunk_size=CHUNK)
    assert res.records == [reference[i] for i in range(N)]


def test_cli_workers_above_the_cores_warns_in_one_line(tmp_path: Path) -> None:
    cores = backends_mod.usable_cores()
    r = _run_cli(
        "simulate", "--backend", "process", "-n", "2", "--seats", "random,random,random,random",
        "--workers", str(cores + 3), "--json", cwd=tmp_path,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    warning = [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")]
    assert warning == [
        f"warning: --workers {cores + 3} is more than the {cores} cores of this machine; "
        f"using {cores}"
    ]
    assert json.loads(r.stdout)["summary"]["deals"] == 2


# --------------------------------------------------------------------------- interrupts


def _sigint_at(calls: set[int], fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` that raises a real SIGINT in this process at the given (1-based) calls, before
    doing its work."""
    count = 0

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        if count in calls:
            signal.raise_signal(signal.SIGINT)
        return fn(*args, **kwargs)

    return wrapped


POINTS = ("run_chunk", "write", "flush", "write_table", "summary", "make_backend")


def _inject(monkeypatch: pytest.MonkeyPatch, point: str, calls: set[int]) -> None:
    if point == "run_chunk":  # a chunk being played (the wait, with one worker)
        monkeypatch.setattr(backends_mod, "run_chunk", _sigint_at(calls, backends_mod.run_chunk))
    elif point == "make_backend":  # the first instant: the workers are starting
        monkeypatch.setattr(
            simulate_mod, "make_backend", _sigint_at(calls, simulate_mod.make_backend)
        )
    elif point == "summary":
        monkeypatch.setattr(
            simulate_mod.Summary, "add_all", _sigint_at(calls, simulate_mod.Summary.add_all)
        )
    elif point == "write":
        cls = output_mod.ParquetWriter
        monkeypatch.setattr(cls, "write", _sigint_at(calls, cls.write))
    elif point == "flush":
        cls = output_mod.ParquetWriter
        monkeypatch.setattr(cls, "_flush", _sigint_at(calls, cls._flush))
    elif point == "write_table":  # inside a flush, between two row groups
        real_init = output_mod.ParquetWriter.__init__

        def init(self: Any, *a: Any, **k: Any) -> None:
            real_init(self, *a, **k)
            inner = self._writer

            class Proxy:
                write_table = staticmethod(_sigint_at(calls, inner.write_table))

                def close(self) -> None:
                    inner.close()

            self._writer = Proxy()

        monkeypatch.setattr(output_mod.ParquetWriter, "__init__", init)


def _small_row_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    # row groups of 4 deals, so that flushes happen during the run (and write several groups)
    def open_writer(path: Any, metadata: Any = None, **kw: Any) -> Any:
        return output_mod.ParquetWriter(path, row_group=4, metadata=metadata, **kw)

    monkeypatch.setattr(simulate_mod, "open_writer", open_writer)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    point=st.sampled_from(POINTS),
    first=st.integers(min_value=1, max_value=6),
    gap=st.one_of(st.none(), st.integers(min_value=0, max_value=3)),
)
def test_one_or_two_ctrl_c_anywhere_never_duplicate_or_drop_a_record(
    tmp_path_factory: pytest.TempPathFactory,
    reference: dict[int, dict[str, Any]],
    point: str,
    first: int,
    gap: int | None,
) -> None:
    calls = {first} if gap is None else {first, first + gap}
    out = tmp_path_factory.mktemp("run") / "deals.parquet"
    with pytest.MonkeyPatch.context() as mp:
        _small_row_groups(mp)
        _inject(mp, point, calls)
        try:
            res = simulate(N, SEATS, backend="process", seed=SEED, workers=1, chunk_size=CHUNK, out=out)
        except SimulationInterrupted as stopped:
            res = stopped.result
            assert res.interrupted
    kept = check_kept(out, res.summary.deals, reference)
    assert res.summary.to_dict() | {"deals_per_second": None} == summarize(kept).to_dict()
    if not res.interrupted:
        assert len(kept) == N


def test_a_second_ctrl_c_during_a_parquet_flush_writes_no_row_twice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, reference: dict[int, dict[str, Any]]
) -> None:
    """The example of the issue: today the second Ctrl-C lands in the flush, whose rows are
    written again when the file is closed."""
    _small_row_groups(monkeypatch)
    _inject(monkeypatch, "write_table", {2, 3})  # inside the first flush: two Ctrl-Cs
    out = tmp_path / "deals.parquet"
    with pytest.raises(SimulationInterrupted) as e:
        simulate(N, SEATS, backend="process", seed=SEED, workers=1, chunk_size=CHUNK, out=out)
    kept = check_kept(out, e.value.result.summary.deals, reference)
    assert 0 < len(kept) < N


def test_ctrl_c_in_the_first_instant_keeps_a_valid_empty_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, reference: dict[int, dict[str, Any]]
) -> None:
    _inject(monkeypatch, "make_backend", {1})
    out = tmp_path / "deals.jsonl"
    with pytest.raises(SimulationInterrupted) as e:
        simulate(N, SEATS, backend="process", seed=SEED, workers=2, chunk_size=CHUNK, out=out)
    assert e.value.result.summary.deals == 0 and read_records(out) == []


def _workers(pid: int) -> list[int]:
    """The pool workers among the children of ``pid`` (not multiprocessing's resource
    tracker)."""
    try:
        children = [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    out = []
    for child in children:
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                out.append(child)
        except OSError:
            pass
    return out


def _sigint_blocked(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    mask = int(next(ln for ln in status.splitlines() if ln.startswith("SigBlk:")).split()[1], 16)
    return bool(mask & (1 << (signal.SIGINT - 1)))


@pytest.mark.skipif(not LINUX, reason="reads the signal mask from /proc")
def test_workers_never_receive_sigint_even_while_starting(tmp_path: Path) -> None:
    seen: list[bool] = []

    def progress(done: int, total: int) -> None:
        for child in multiprocessing.active_children():
            if child.pid is not None:
                seen.append(_sigint_blocked(child.pid))

    simulate(N, SEATS, backend="process", seed=SEED, workers=2, chunk_size=CHUNK, progress=progress)
    assert seen and all(seen)
    assert not _sigint_blocked(os.getpid())  # and this process is as it was


@pytest.mark.skipif(not LINUX, reason="finds the worker processes in /proc")
def test_cli_ctrl_c_to_the_group_as_workers_start_prints_no_traceback(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    proc = subprocess.Popen(
        _cli("simulate", "--backend", "process", "-n", "10000000", "--seats", "random,random,random,random",
             "--workers", "2", "--out", str(out), "--json"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not _workers(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.005)
    try:
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert proc.returncode == 130, stderr
    payload = json.loads(stdout)
    assert payload["interrupted"] is True
    assert len(read_records(out)) == payload["summary"]["deals"]


# --------------------------------------------------------------------------- a dead worker


def test_a_worker_that_dies_is_reported_with_what_finished(
    tmp_path: Path, reference: dict[int, dict[str, Any]]
) -> None:
    out = tmp_path / "deals.jsonl"
    killed: list[int] = []

    def progress(done: int, total: int) -> None:
        # every live child: this run's workers among them (a child left over by an earlier
        # test may come first in the list, so killing only the first could miss the pool)
        if not killed:
            for child in multiprocessing.active_children():
                if child.pid is not None:
                    killed.append(child.pid)
                    os.kill(child.pid, signal.SIGKILL)
            assert killed

    big = 400  # enough chunks that some are still to play when the worker dies
    with pytest.raises(SimulationFailed, match="a worker process died") as e:
        simulate(big, SEATS, backend="process", seed=SEED, workers=2, chunk_size=CHUNK, out=out, progress=progress)
    res = e.value.result
    assert res.failure and "died" in res.failure
    kept = read_records(out)
    idx = [r["deal_index"] for r in kept]
    assert idx == sorted(set(idx)) and len(kept) == res.summary.deals < big
    assert all(r == reference[r["deal_index"]] for r in kept if r["deal_index"] < N)
    assert f"{res.summary.deals} of {big} deals finished" in str(e.value)


@pytest.mark.skipif(not LINUX, reason="finds the worker processes in /proc")
def test_cli_dead_worker_exit_1_with_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    proc = subprocess.Popen(
        _cli("simulate", "--backend", "process", "-n", "10000000", "--seats", "random,random,random,random",
             "--workers", "2", "--chunk-size", "3", "--out", str(out), "--json"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    # a record after the header line: the workers are playing
    while time.monotonic() < deadline and not (
        out.exists() and out.read_bytes().count(b"\n") >= 2
    ):
        time.sleep(0.05)
    try:
        workers = _workers(proc.pid)
        assert workers, "no pool worker found while the simulation runs"
        for pid in workers:  # every worker: the one killed first might be between chunks
            os.kill(pid, signal.SIGKILL)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 1, stderr
    assert stderr.startswith("error: a worker process died"), stderr
    assert "Traceback" not in stderr and "internal error" not in stderr
    payload = json.loads(stdout)
    assert "died" in payload["failure"]
    assert len(read_records(out)) == payload["summary"]["deals"] > 0


def test_simulate_from_python_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = simulate(3, SEATS, backend="process", seed=1, workers=1)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
    text = str(res.summary)
    assert "self-draw rate (of deals)" in text and "deals" in text
