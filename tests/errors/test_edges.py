"""Nothing silently wrong at the edges (the issue of that name): index ranges and sizes
refused up front, stop signals handled like Ctrl-C, and one argument convention everywhere
(TypeError naming the argument; an int out of range a MahjongError however large; a bool
never a count or a player, numpy's bool a flag like Python's)."""

from __future__ import annotations

import concurrent.futures.process as cfp
import json
import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import InvalidHandError, InvalidTileError, MahjongError, _core
from mahjong_fast.game import Deal
from mahjong_fast.seats import make_seat
from mahjong_fast.simulate import SimulationInterrupted

LINUX = sys.platform.startswith("linux")
TOP = 2**32  # deal (and match) indices are 0 .. 2**32-1
GREEDY = ["greedy"] * 4


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "mahjong_fast.cli", *args]


def _run_cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_cli(*args), capture_output=True, text=True, timeout=timeout)


def _one_line_error(p: subprocess.CompletedProcess[str]) -> str:
    assert p.returncode == 2, (p.returncode, p.stderr)
    err = p.stderr.strip()
    assert err.startswith("error:") and "\n" not in err and "Traceback" not in err, err
    assert "internal error" not in err, err
    return err


# --- 1. the index range of a simulation ------------------------------------------------------


def test_simulate_refuses_indices_beyond_the_range_up_front() -> None:
    # were: 64 records of 70 (an addition wrapped), and an OverflowError inside
    for start, n in ((2**64 - 80, 70), (2**64 - 1, 1), (TOP - 1, 2), (TOP, 1)):
        with pytest.raises(MahjongError, match="start|indices"):
            mf.simulate(n, start=start)
    res = mf.simulate(70, start=TOP - 70, seed=3, workers=2)
    assert [r["deal_index"] for r in res.records] == list(range(TOP - 70, TOP))
    assert len(mf.simulate(1, start=TOP - 1).records) == 1


@pytest.mark.skipif(not LINUX, reason="spawns worker processes (slow elsewhere)")
def test_every_backend_plays_the_top_of_the_range_alike() -> None:
    core = mf.simulate(12, start=TOP - 12, seed=4, workers=2, backend="core").records
    procs = mf.simulate(12, start=TOP - 12, seed=4, workers=2, backend="process").records
    inline = mf.simulate(12, start=TOP - 12, seed=4, workers=1, backend="process").records
    assert core == procs == inline and len(core) == 12


@settings(max_examples=40, deadline=None)
@given(first=st.integers(TOP - 40, TOP + 40) | st.integers(2**64 - 40, 2**64 + 40),
       n=st.integers(0, 40))
def test_simulator_run_plays_exactly_its_range_or_refuses(first: int, n: int) -> None:
    sim = _core.Simulator(1, GREEDY, None, 1)
    if 0 <= first and first + n <= TOP:
        assert [r["deal_index"] for r in sim.run(first, first + n)] == list(range(first, first + n))
    else:
        with pytest.raises(MahjongError):
            sim.run(first, first + n)


# --- 2. crashes, leaks and limits -----------------------------------------------------------


def test_work_too_large_to_hold_is_refused_up_front() -> None:
    t0 = time.monotonic()
    with pytest.raises(MahjongError, match="walls"):
        mf.arena(GREEDY, 100_000_000)
    with pytest.raises(MahjongError, match="walls"):
        _core.arena(GREEDY, 100_000_000, 0)
    sim = _core.Simulator(0, GREEDY)
    for first, stop in ((0, 2**64 - 1), (0, _core.MAX_RUN_DEALS + 1)):
        with pytest.raises(MahjongError):  # was PanicException: capacity overflow
            sim.run(first, stop)
    with pytest.raises(MahjongError):
        sim.run_matches(0, _core.MAX_RUN_MATCHES + 1)
    with pytest.raises(MahjongError, match="chunk_size"):
        mf.simulate(10, chunk_size=10**9)
    with pytest.raises(MahjongError, match="threads"):
        _core.Simulator(0, GREEDY, None, 20000)
    assert time.monotonic() - t0 < 10  # nothing was played


def test_cli_arena_too_large_is_a_one_line_error() -> None:
    p = _run_cli("arena", "-n", "100000000")  # was: abort (exit 134), 115 GB asked for
    assert "walls" in _one_line_error(p)


def test_core_threads_are_capped_like_processes() -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with pytest.warns(RuntimeWarning, match=f"using {cores} threads"):
        res = mf.simulate(8, workers=20000, seed=2)
    assert res.records == mf.simulate(8, workers=1, seed=2).records
    with pytest.warns(RuntimeWarning, match="threads"):
        mf.arena(GREEDY, 2, workers=20000)
    t0 = time.monotonic()
    p = _run_cli("simulate", "-n", "8", "--workers", "20000", "--json")
    assert p.returncode == 0, p.stderr
    assert f"cores of this machine; using {cores}" in p.stderr and "Traceback" not in p.stderr
    assert time.monotonic() - t0 < 60  # was: still starting threads after two minutes


def _group_alive(pgid: int) -> list[int]:
    """Live (not zombie) processes of a process group."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            out.append(int(d.name))
    return out


def _workers(pid: int) -> list[int]:
    try:
        children = [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return [c for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]


@pytest.mark.skipif(not LINUX, reason="finds the worker processes in /proc")
@pytest.mark.parametrize("name, status", [("SIGTERM", 143), ("SIGHUP", 129)])
def test_sigterm_and_sighup_stop_a_process_run_like_ctrl_c(
    tmp_path: Path, name: str, status: int
) -> None:
    pytest.importorskip("pyarrow")
    from mahjong_fast.sim import read_records

    out = tmp_path / "deals.parquet"
    proc = subprocess.Popen(
        _cli("simulate", "--backend", "process", "-n", "1000000", "--seats",
             "random,random,random,random", "--workers", "2", "--chunk-size", "5",
             "--out", str(out), "--json"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(_workers(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(3.0)  # some chunks finish (the workers take a while to start)
        os.kill(proc.pid, getattr(signal, name))  # the parent only, as `kill` does
        stdout, stderr = proc.communicate(timeout=60)  # would hang on orphans holding the pipes
        assert proc.returncode == status, stderr
        assert "Traceback" not in stderr and f"interrupted by {name}" in stderr, stderr
        payload = json.loads(stdout)
        assert payload["interrupted"] is True
        assert len(read_records(out)) == payload["summary"]["deals"]  # a valid file
        deadline = time.monotonic() + 10
        while _group_alive(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _group_alive(proc.pid) == []  # no worker, no resource tracker left
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in _group_alive(proc.pid):
            os.kill(pid, signal.SIGKILL)


def test_sigterm_in_process_raises_simulation_interrupted_with_what_finished(
    tmp_path: Path,
) -> None:
    out = tmp_path / "deals.jsonl"

    def progress(done: int, total: int) -> None:
        if done >= 64:
            os.kill(os.getpid(), signal.SIGTERM)

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(SimulationInterrupted) as e:
        mf.simulate(100_000, seed=1, workers=1, chunk_size=32, out=out, progress=progress)
    assert e.value.signal == signal.SIGTERM and "SIGTERM" in str(e.value)
    from mahjong_fast.sim import read_records

    assert len(read_records(out)) == e.value.result.summary.deals >= 64
    assert signal.getsignal(signal.SIGTERM) == before  # put back


@pytest.mark.skipif(not LINUX, reason="spawns worker processes")
def test_a_cancelled_process_pool_leaves_no_thread_for_the_exit_hook() -> None:
    """The cause of "Exception ignored in: <module 'threading'> ... Bad file descriptor"
    after a Ctrl-C: the pool's manager thread was still running at exit, and the exit hook of
    concurrent.futures woke it through the pipe it was closing. A cancelled pool is now always
    joined, so at exit there is nothing to wake (deterministic, unlike the race itself)."""
    from mahjong_fast.sim.backends import ProcessBackend
    from mahjong_fast.sim.chunks import ChunkSpec

    be = ProcessBackend(ChunkSpec(("random",) * 4, 1, in_core=False), 2)
    for k in range(8):
        be.submit(k, 50 * k, 50 * k + 50)
    deadline = time.monotonic() + 60
    while len(getattr(be._pool, "_processes", None) or {}) < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    be.close(cancel=True)
    managers = [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"]
    assert managers == []
    assert all(not t.is_alive() for t in list(cfp._threads_wakeups))


@pytest.mark.skipif(not LINUX, reason="finds the worker processes in /proc")
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.3])
def test_cli_ctrl_c_at_any_moment_of_a_process_run_is_clean(tmp_path: Path, delay: float) -> None:
    out = tmp_path / "deals.jsonl"
    proc = subprocess.Popen(
        _cli("simulate", "--backend", "process", "-n", "1000000", "--seats",
             "random,random,random,random", "--workers", "2", "--out", str(out), "--json"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _workers(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert "Bad file descriptor" not in stderr, stderr
    assert json.loads(stdout)["interrupted"] is True


# --- 3. one argument convention -------------------------------------------------------------

HAND = "123m456m789p234s5s"
TW_HAND = "123m456m234p678p11z67s"
TW = mf.Ruleset.taiwanese()


def test_the_examples_of_the_issue() -> None:
    hands = ["19m19p19s1234567z5s", "123m456m789p234s5s", "11p22p33p44p55p66p7p",
             "11s22s33s66s77s88s9s"]
    with pytest.raises(InvalidTileError):  # was OverflowError
        Deal.from_hands([[2**70], *hands[1:]])
    with pytest.raises(InvalidHandError):
        Deal.from_hands(hands, melds=[[(2**70, [1, 2, 3])], [], [], []])
    with pytest.raises(TypeError, match="discards"):
        Deal.from_hands(hands, discards=[[True], [], [], []])
    with pytest.raises(InvalidHandError, match="first_dealer"):
        mf.Match("taiwanese-high", first_dealer=2**70)
    with pytest.raises(TypeError, match="first_dealer"):
        mf.Match("taiwanese-high", first_dealer=True)
    with pytest.raises(MahjongError, match="walls"):
        mf.arena(GREEDY, walls=2**70)
    with pytest.raises(TypeError, match="walls"):
        mf.arena(GREEDY, walls=True)
    with pytest.raises(MahjongError, match="workers"):
        mf.simulate(4, workers=2**70)
    for bad in (True, 1.5):
        with pytest.raises(TypeError, match="workers"):
            mf.simulate(4, workers=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seats"):
        mf.simulate(4, seats=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="self_drawn"):
        mf.score(HAND, "5s", self_drawn=1)  # type: ignore[arg-type]
    assert [str(w) for w in mf.wait_values(HAND, bonus=None)] == [str(w) for w in mf.wait_values(HAND)]
    assert mf.score(HAND, "5s", bonus=None).elements == mf.score(HAND, "5s").elements
    tw: dict[str, Any] = dict(seat_wind="S", rules="taiwanese-high")
    a = mf.score(TW_HAND, "8s", interrupted=np.bool_(True), **tw)  # was a TypeError
    b = mf.score(TW_HAND, "8s", interrupted=True, **tw)
    assert (a.value, a.elements) == (b.value, b.elements)
    a = mf.score(HAND, "5s", self_drawn=np.bool_(True))
    b = mf.score(HAND, "5s", self_drawn=True)
    assert (a.value, a.elements) == (b.value, b.elements)


def test_progress_that_is_not_callable_is_refused_before_any_work(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    t0 = time.monotonic()
    with pytest.raises(TypeError, match="progress"):
        mf.simulate(10**6, progress=5, out=out)  # type: ignore[arg-type]
    assert time.monotonic() - t0 < 5 and not out.exists()


def test_cli_huge_workers_is_a_one_line_error() -> None:
    p = _run_cli("simulate", "-n", "5", "--workers", "100000000000000000000000")
    assert "workers" in _one_line_error(p)  # was: internal error: OverflowError, exit 1


# Generated: every flag of every entry point takes Python's and numpy's bools alike and refuses
# anything else with a TypeError naming it; every count, index or player refuses a bool and a
# float with a TypeError naming it and any int out of its range, however large, with a
# MahjongError (never an OverflowError).

FLAGS: list[tuple[str, Callable[[Any], Any]]] = [
    ("self_drawn", lambda v: mf.score(HAND, "5s", self_drawn=v)),
    ("robbing_kong", lambda v: mf.score(HAND, "5s", robbing_kong=v)),
    ("kong_replacement", lambda v: mf.score(HAND, "5s", kong_replacement=v)),
    ("last_tile", lambda v: mf.score(HAND, "5s", last_tile=v)),
    ("dealer_start", lambda v: mf.score(HAND, "5s", dealer_start=v)),
    ("interrupted", lambda v: mf.score(TW_HAND, "8s", seat_wind="S", interrupted=v,
                                       rules="taiwanese-high")),
    ("self_drawn", lambda v: _core.score(bytes(mf.Hand.parse(HAND).counts), None, 0, 22, 1,
                                         self_drawn=v)),
    ("last_tile", lambda v: _core.score(bytes(mf.Hand.parse(HAND).counts), None, 0, 22, 1,
                                        last_tile=v)),
    ("self_drawn", lambda v: mf.Ruleset.hong_kong().payments(3, 1, v)),
    ("self_drawn", lambda v: TW.settle([{"winner": "S", "tai": 6, "self_drawn": v}])),
    ("auto_pass", lambda v: _core.Deal(_core.wall(0), auto_pass=v)),
    ("record", lambda v: _core.Deal(_core.wall(0), record=v)),
    ("overwrite", lambda v: mf.simulate(1, overwrite=v)),
    ("rotate_dealer", lambda v: mf.simulate(1, rotate_dealer=v)),
]


@settings(max_examples=200, deadline=None)
@given(flag=st.sampled_from(FLAGS), value=st.booleans(),
       wrong=st.sampled_from([0, 1, 2, "yes", 1.0, np.int64(1), [True]]))
def test_every_flag_takes_both_bools_and_nothing_else(
    flag: tuple[str, Callable[[Any], Any]], value: bool, wrong: Any
) -> None:
    name, call = flag

    def outcome(v: Any) -> Any:
        try:
            got = call(v)
            if isinstance(got, _core.Deal):  # (its repr is its address)
                return ("ok", got.phase, tuple(got.to_act), got.auto_pass, got.n_events)
            return ("ok", repr(got))
        except MahjongError as e:  # some flags make the situation impossible: the same error
            return ("error", type(e).__name__, str(e))

    if name not in ("overwrite", "rotate_dealer"):  # (these two play a deal)
        assert outcome(np.bool_(value)) == outcome(value)
    with pytest.raises(TypeError, match=name):
        call(wrong)


COUNTS: list[tuple[str, Callable[[Any], Any]]] = [
    ("deals", lambda v: mf.simulate(v)),
    ("workers", lambda v: mf.simulate(1, workers=v)),
    ("seed", lambda v: mf.simulate(1, seed=v)),
    ("start", lambda v: mf.simulate(1, start=v)),
    ("chunk_size", lambda v: mf.simulate(1, chunk_size=v)),
    ("matches", lambda v: mf.simulate(matches=v, rules="taiwanese-high")),
    ("walls", lambda v: mf.arena(GREEDY, v)),
    ("seed", lambda v: mf.arena(GREEDY, 1, seed=v)),
    ("workers", lambda v: mf.arena(GREEDY, 1, workers=v)),
    ("first_dealer", lambda v: mf.Match("taiwanese-high", first_dealer=v)),
    ("dealer_streak", lambda v: TW.bonus_win("1f", "2f", seat="E", dealer_streak=v)),
    ("dealer_streak", lambda v: TW.settle([], dealer_streak=v)),
    ("dealer_streak", lambda v: mf.score(TW_HAND, "8s", seat_wind="S", dealer_streak=v,
                                         rules="taiwanese-high")),
    ("discards", lambda v: mf.score(TW_HAND, "8s", seat_wind="S", discards=v,
                                    rules="taiwanese-high")),
    ("seed", lambda v: _core.Simulator(v, GREEDY)),
    ("threads", lambda v: _core.Simulator(0, GREEDY, None, v)),
    ("first", lambda v: _core.Simulator(0, GREEDY).run(v, 1)),
    ("stop", lambda v: _core.Simulator(0, GREEDY).run(0, v)),
    ("seed", lambda v: _core.wall(v)),
    ("deal_index", lambda v: _core.wall(0, v)),
    ("seed", lambda v: _core.RandomAgent(v, 0, 0)),
    ("player", lambda v: _core.RandomAgent(0, 0, v)),
    ("deal_index", lambda v: _core.Deal(_core.wall(0), 0, None, v)),
    ("dealer", lambda v: _core.Deal(_core.wall(0), v)),
    ("seed", lambda v: make_seat("random", v)),
    ("value", lambda v: mf.Element("F1", "All chows", v)),
    ("value", lambda v: mf.Ruleset.hong_kong().payments(v, 1, True)),
    ("winner", lambda v: mf.Ruleset.hong_kong().payments(3, v, True)),
    ("hands", lambda v: Deal.from_hands([[v], [], [], []])),
]


@settings(max_examples=300, deadline=None)
@given(arg=st.sampled_from(COUNTS),
       wrong_type=st.sampled_from([True, False, np.bool_(True), 1.0, 2.5, "3", None]),
       huge=st.sampled_from([2**64, 2**70, 2**200, -(2**64), -(2**70)]))
def test_every_count_and_player_refuses_bools_floats_and_huge_ints_alike(
    arg: tuple[str, Callable[[Any], Any]], wrong_type: Any, huge: int
) -> None:
    name, call = arg
    if not (wrong_type is None and name in ("deals", "matches", "workers", "chunk_size",
                                            "threads", "deal_index", "dealer", "dealer_streak",
                                            "discards", "first_dealer")):
        with pytest.raises(TypeError, match=name):  # (None is these arguments' default)
            call(wrong_type)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # (workers are capped)
        with pytest.raises(MahjongError):  # never an OverflowError
            call(huge)
