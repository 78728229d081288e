"""Every script in benches/ runs, in its short mode (a few hands or deals, one round): so that
none can rot unnoticed. Nothing here is timed; peers that are not installed are skipped by the
scripts themselves, with a note. (The criterion suite benches/core.rs runs in CI's
``cargo test --bench core``.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import mahjong_fast
import pytest

BENCHES = Path(__file__).resolve().parents[2] / "benches"
EXAMPLES = BENCHES.parent / "examples"
# every example's commands in their short mode ({out} is a temporary directory)
EXAMPLE_RUNS = {
    "rl_policy_gradient.py": [
        ["train", "--short", "--out", "{out}/policy.npz"],
        ["evaluate", "{out}/policy.npz", "--short"],
    ],
}
pytestmark = pytest.mark.skipif(
    mahjong_fast.BUILD_PROFILE != "release", reason="the benchmarks refuse a debug build"
)


def _run(*args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MAHJONG_FAST_BENCH_SHORT="1", PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=BENCHES, env=env,
        timeout=timeout, check=False,
    )  # fmt: skip


def test_every_script_is_covered() -> None:
    scripts = {p.name for p in BENCHES.glob("*.py")}
    helpers = {"conftest.py", "hands.py", "short.py"}
    suites = {p for p in scripts if p.startswith("bench_")}
    assert scripts - helpers - suites == {"compare_builds.py", "compare_peers.py", "mem_simulate.py",
                                          "page_load.py", "serve_load.py"}  # fmt: skip
    assert {p.name for p in EXAMPLES.glob("*.py")} == set(EXAMPLE_RUNS)  # each one runs below


def test_the_benchmark_suites_run_in_short_mode() -> None:
    # each case for a few rounds over a few hands or deals (timed, as the suites read their
    # own statistics, but the figures mean nothing and nothing is asserted about them)
    proc = _run("-m", "pytest", "-q", "-p", "no:cacheprovider", "--benchmark-max-time=0.001",
                "--benchmark-min-rounds=1", "--benchmark-warmup=off", ".")  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout


def test_compare_peers_runs_every_row_in_short_mode() -> None:
    proc = _run("compare_peers.py", "--short")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    out = proc.stdout
    for op in ("agari", "shanten", "waits", "decompose", "score", "score(str)"):
        assert f"\n{op} " in out, op
    # the simulation rows (they crashed once: "rules must be a Ruleset")
    for row in ("mahjong_fast core, random seats", "mahjong_fast core, greedy seats",
                "mahjong_fast, Python seat in the Python loop"):  # fmt: skip
        assert row in out
    for peer in ("mahjong", "riichienv"):
        try:
            __import__(peer)
        except ImportError:
            assert f"{peer} not installed" in out  # skipped cleanly, said so
        else:
            assert f"\nshanten       {peer}" in out or f" {peer} " in out


def test_compare_builds_times_two_copies_of_the_core_in_one_process() -> None:
    proc = _run("compare_builds.py", "--short")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "different records" not in proc.stdout  # one build against itself plays the same
    assert proc.stdout.count("time/last") == 2, proc.stdout


@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="reads /proc (Linux)")
def test_mem_simulate_runs_a_short_simulation(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    proc = _run("mem_simulate.py", "--", "-n", "40", "--workers", "1", "--out", str(out))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "peak over" in proc.stderr and len(out.read_text().splitlines()) == 40


@pytest.mark.parametrize("script", sorted(EXAMPLE_RUNS))
def test_every_example_runs_in_short_mode(script: str, tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    for argv in EXAMPLE_RUNS[script]:
        args = [a.format(out=tmp_path) for a in argv]
        proc = subprocess.run(
            [sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
            cwd=tmp_path, timeout=300, check=False,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert (tmp_path / "policy.npz").exists()
    assert "paired difference" in proc.stdout


def test_page_load_measures_a_page(tmp_path: Path) -> None:
    from _browser import chromium_path

    chromium_path()  # skip (fail under CI) without chromium, saying why
    pages = [tmp_path / "a.html", tmp_path / "b.html"]
    for i, page in enumerate(pages):
        page.write_text(f"<!DOCTYPE html><p>{'x' * 1000 * (i + 1)}</p>", encoding="utf-8")
    proc = _run("page_load.py", *map(str, pages), "--runs", "1", timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines] == [str(p) for p in pages]
    assert all("MB, load " in ln and "median of 1" in ln for ln in lines)


def test_serve_load_plays_games_through_the_web_app_in_short_mode() -> None:
    for extra in ("starlette", "uvicorn", "httpx"):
        pytest.importorskip(extra)
    proc = _run("serve_load.py", "--short", timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    out = proc.stdout
    assert "5 games at once for 5 s" in out and "p99 " in out
    for k in (1, 2):  # both rounds played games without an error
        line = next(ln for ln in out.splitlines() if ln.startswith(f"round {k}:"))
        assert " 0 errors" in line and not line.startswith(f"round {k}: 0 games"), line
