"""Cross-check the Taiwanese common table (TW §20.4) against the second scorer written from
the table text (``tests/scoring/tw_common_reference.py``): random winning hands under each
preset of TW §20.8, half of them with random common-table options on top.

    python scripts/tw_common_crosscheck.py            # 10,000 hands per preset (documented run)
    python scripts/tw_common_crosscheck.py --short    # 1,000 per preset (as the test suite)
    python scripts/tw_common_crosscheck.py -n 500 --seed 7

Prints, per preset, the hands compared, the draws the engine refused as a situation no deal
reaches (TW §10a; replaced by new draws), the differences and the time; exits 1 if any hand
differs (the first few are printed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "scoring"))

import tw_common_reference as ref


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", type=int, default=10_000, help="hands per preset (default 10000)")
    p.add_argument("--short", action="store_true", help="1000 hands per preset")
    p.add_argument("--seed", type=int, default=2026, help="base seed (preset i uses seed + i)")
    a = p.parse_args()
    n = 1000 if a.short else a.n
    bad = 0
    for i, preset in enumerate(ref.PRESETS):
        t0 = time.perf_counter()
        out = ref.crosscheck(preset, n, seed=a.seed + i)
        dt = time.perf_counter() - t0
        print(f"{preset:26} compared {out.compared:6}  refused {out.refused:4}  differences {len(out.differences):3}  {dt:6.1f} s")
        for d in out.differences[:3]:
            print("   ", d)
        bad += len(out.differences)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
