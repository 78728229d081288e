"""The arena tables of docs/ai.md per preset: the expert against three ``greedy`` and against
three ``strong`` seats on duplicate walls under every preset of ``mahjong_fast.presets()`` (or
those named), one Markdown table row per preset and line-up, the expert's mean points a deal
with its 95% interval (bootstrap over walls, the arena's), its win and deal-in rates, and
whether the interval excludes 0.

    python scripts/arena_presets.py --walls 10000 --seed 1 --workers 2 > /tmp/arena_presets.md

The run of docs/ai.md ("The expert under every preset") is that command; a wall is four deals
(the line-up rotated), so a preset is 2 × 4 × walls deals. ``--short`` plays 4 walls of each
(CI runs it so the script cannot rot; its figures mean nothing). Ctrl-C stops between presets
with the rows finished so far printed.
"""

from __future__ import annotations

import argparse
import sys
import time

import mahjong_fast
from mahjong_fast.arena import arena

OPPONENTS = ("greedy", "strong")


def row(preset: str, opponent: str, walls: int, seed: int, workers: int) -> str:
    """One table row: the expert's figures against three ``opponent`` seats under ``preset``."""
    rep = arena(
        ["expert", opponent, opponent, opponent], walls, rules=preset, seed=seed, workers=workers
    )
    e = next(s for s in rep.seats if s.seat == "expert")
    lo, hi = e.ci95
    beats = "yes" if lo > 0 else "no"
    return (
        f"| {preset} | expert, {opponent}×3 | {e.deals:,} | {e.mean_points:+.3f} [{lo:+.3f}, {hi:+.3f}] "
        f"| {e.win_rate:.1%} | {e.deal_in_rate:.1%} | {e.mean_win_value:.2f} {rep.unit} | {beats} |"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--walls", type=int, default=10000, help="duplicate walls per line-up (4 deals each)"
    )
    ap.add_argument("--seed", type=int, default=1, help="seed of the walls")
    ap.add_argument("--workers", type=int, default=1, help="threads (never changes a figure)")
    ap.add_argument("--rules", action="append", default=[], metavar="PRESET",
                    help="a preset to measure (repeatable; default: every preset)")  # fmt: skip
    ap.add_argument("--short", action="store_true", help="4 walls each (CI)")
    a = ap.parse_args(argv)
    names = a.rules or list(mahjong_fast.presets())
    unknown = [n for n in names if n not in mahjong_fast.presets()]
    if unknown:
        ap.error(
            f"not a preset: {', '.join(unknown)} (the presets: {', '.join(mahjong_fast.presets())})"
        )
    walls = 4 if a.short else a.walls
    if walls < 1 or a.workers < 1:
        ap.error("--walls and --workers must be >= 1")
    print(f"<!-- python scripts/arena_presets.py --walls {walls} --seed {a.seed} -->")
    print(
        "| preset | line-up | expert deals | expert points/deal [95% CI] | win | deal-in | value/win | CI above 0 |"
    )
    print("|---|---|---:|---:|---:|---:|---:|:-:|")
    t0 = time.monotonic()
    try:
        for name in names:
            for opp in OPPONENTS:
                print(row(name, opp, walls, a.seed, a.workers), flush=True)
    except KeyboardInterrupt:
        print(f"interrupted after {time.monotonic() - t0:.0f} s", file=sys.stderr)
        return 130
    print(f"done in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
