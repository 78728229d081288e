"""Check the Hong Kong scorer against the second scorer written from the rules' text (issue 39).

For every ``hong-kong*`` preset of ``mahjong_fast.presets()``: ``--hands`` seeded random winning
hands (``tests/scoring/hk_random_hands.py``) under the preset and random valid switch sets on top
of it, each scored by ``mahjong_fast.score`` and by ``tests/scoring/hk_reference_scorer.py``, and
compared on total, raw total, qualifying faan, legality and breakdown. Prints one line per
preset, the elements seen, and every disagreement (hand, situation, both breakdowns); exits 1 if
there is one. The documented run (``docs/hong-kong-rules.md``)::

    python scripts/hk_reference_check.py --hands 10000

``--hands 50`` is the short mode that ``tests/scoring/test_hk_reference_scorer.py`` runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "scoring"))

from hk_random_hands import hk_presets, run_preset
from hk_reference_scorer import rank


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10000, help="hands per preset (default 10000)")
    ap.add_argument("--seed", type=int, default=39, help="seed (default 39)")
    ap.add_argument("--show", type=int, default=20, help="disagreements printed per preset")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    total = agreed = legal = 0
    codes: dict[str, int] = {}
    failures = 0
    for preset in hk_presets():
        r = run_preset(preset, args.hands, args.seed)
        total += r.hands
        agreed += r.agreements
        legal += r.legal
        for c, n in r.codes.items():
            codes[c] = codes.get(c, 0) + n
        print(
            f"{preset:32} {r.hands:6} hands  {r.agreements:6} agree  "
            f"{r.legal:6} legal  {r.flower_agreements:3}/{r.flower_wins:<3} bonus-tile wins agree  "
            f"{r.seconds:6.1f} s"
        )
        for d in r.disagreements[: args.show]:
            print(d.report(), end="\n\n")
        failures += len(r.disagreements)
    seen = "  ".join(f"{c} {codes[c]}" for c in sorted(codes, key=rank))
    print(f"elements awarded (reference): {seen}")
    never = [
        c for c in (f"X{i}" for i in range(1, 23)) if c not in codes and c not in ("X20", "X21")
    ]
    if never:
        print(f"never awarded: {' '.join(never)}")
    print(
        f"total: {total} hands, {agreed} agree, {total - agreed} disagree, {legal} legal; "
        f"seed {args.seed}; {time.perf_counter() - t0:.1f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
