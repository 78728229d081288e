"""Whole-deal rates of several builds of the core, measured in one process.

Shared machines drift by tens of percent between runs, far more than the few percent a change
to the deal engine makes. This script loads each build's native module (the ``_core*.so`` file
of a release build: ``maturin build --release`` and unzip the wheel, or a copy of an installed
``python/mahjong_fast/_core.abi3.so``) side by side into one interpreter, checks that they
play the same records, and times them in interleaved rounds (the order reversed every other
round), so drift hits each build alike. It reports, per build, the best and median rate and the
median over rounds of its time over the last build's time (below 1: faster than the last).

Usage::

    python benches/compare_builds.py NEW.so OLD.so --seats random --deals 20000 --rounds 25
    python benches/compare_builds.py --short          # the installed build against itself

Built-in seats only, under Hong Kong's default rules or ``--rules NAME`` (a name every build
knows): the module's own ``Simulator`` plays in the core with no Python in the loop.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any


def load(path: Path) -> ModuleType:
    """The native module at ``path``, loaded under its own name beside any other copy."""
    spec = importlib.util.spec_from_file_location("mahjong_fast._core", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"error: {path} is not a loadable native module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def installed_core() -> Path:
    import mahjong_fast._core as core

    return Path(core.__file__ or "")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("builds", nargs="*", type=Path, help="native module files (_core*.so)")
    p.add_argument("--seats", default="random", help="built-in seat kind of all four seats")
    p.add_argument("--deals", type=int, default=20000, help="deals per timed run")
    p.add_argument("--rounds", type=int, default=25, help="timed runs of each build")
    p.add_argument("--rules", default=None, help="a ruleset or preset name (default: hong-kong)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--short", action="store_true", help="a few deals, the installed build twice")
    a = p.parse_args(argv)
    if a.short:
        a.builds, a.deals, a.rounds = [installed_core()] * 2, 50, 2
    if len(a.builds) < 2:
        p.error("give at least two builds (or --short)")
    for b in a.builds:
        if not b.is_file():
            p.error(f"no such file: {b}")
    mods = [load(b) for b in a.builds]
    sims: list[Any] = [
        m.Simulator(a.seed, [a.seats] * 4, a.rules and m.Ruleset.from_name(a.rules), 1) for m in mods
    ]
    check = min(a.deals, 500)
    first = sims[0].run(0, check)
    for b, sim in zip(a.builds[1:], sims[1:]):
        if sim.run(0, check) != first:
            print(f"warning: {b} plays different records from {a.builds[0]} "
                  f"(deals 0..{check - 1}): the rates compare different games")  # fmt: skip
    times: list[list[float]] = [[] for _ in sims]
    for r in range(a.rounds):
        order = list(range(len(sims)))
        for i in order if r % 2 == 0 else order[::-1]:
            t = time.process_time()
            sims[i].run(0, a.deals)
            times[i].append(max(time.process_time() - t, 1e-9))
    base = times[-1]
    print(f"{a.seats} seats, {a.rules or 'hong-kong'}, {a.deals} deals x {a.rounds} rounds, "
          f"seed {a.seed}, CPU time")  # fmt: skip
    for b, ts in zip(a.builds, times):
        ratio = statistics.median(x / y for x, y in zip(ts, base))
        print(f"{str(b):60} best {a.deals / min(ts):9.0f}/s  median {a.deals / statistics.median(ts):9.0f}/s"
              f"  time/last {ratio:.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
