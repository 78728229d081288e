"""Peak memory of a simulation run, summed over the parent and its worker processes.

    python benches/mem_simulate.py -- -n 100000 --seats random,random,random,random \\
        --workers 2 --out x.parquet

Runs ``mahjong-fast simulate ARGS`` and samples the RSS (and PSS, which counts shared pages
once) of the whole process tree every 0.2 s from /proc (Linux only); prints the peaks.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def _tree(pid: int) -> list[int]:
    todo, seen = [pid], []
    while todo:
        p = todo.pop()
        seen.append(p)
        todo += _children(p)
    return seen


def _mem_kb(pid: int) -> tuple[int, int]:
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--":
        argv = argv[1:]
    cmd = [sys.executable, "-m", "mahjong_fast.cli", "simulate", *argv]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd)
    peak_rss = peak_pss = peak_procs = 0
    while proc.poll() is None:
        pids = _tree(proc.pid)
        mems = [_mem_kb(p) for p in pids]
        peak_rss = max(peak_rss, sum(m[0] for m in mems))
        peak_pss = max(peak_pss, sum(m[1] for m in mems))
        peak_procs = max(peak_procs, len(pids))
        time.sleep(0.2)
    wall = time.perf_counter() - t0
    print(
        f"exit {proc.returncode}; {wall:.1f} s; peak over {peak_procs} processes: "
        f"RSS sum {peak_rss / 1024:.0f} MiB, PSS sum {peak_pss / 1024:.0f} MiB",
        file=sys.stderr,
    )
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
