"""Write tests/data/golden_deals.jsonl.gz: deals played by the 0.1 Python engine with every
step recorded (the legal actions of each player to act, the action, the events it produced
and a digest of the snapshot after it). tests/game/test_golden_deals.py replays them against the
current engine. This script ran once against the 0.1 engine (tests/_reference_engine, deleted
after the equivalence check: restore it with ``git checkout 9e4ec3a -- tests/_reference_engine``
to run this again); it is kept to document how the file was made.

    python tests/tools/make_golden_deals.py 320
"""

from __future__ import annotations

import gzip
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from _golden import action_list, snapshot_digest  # noqa: E402
from _reference_engine.deal import Deal  # noqa: E402
from _taker_seat import TakerSeat  # noqa: E402

from mahjong_fast import _core  # noqa: E402
from mahjong_fast.game import Phase  # noqa: E402
from mahjong_fast.seats import make_seat  # noqa: E402

SEED = 777


def seats_for(style: str, seed: int) -> list[object]:
    if style == "random":
        return [make_seat("random", seed + p) for p in range(4)]
    if style == "greedy":
        return [make_seat("greedy", seed) for _ in range(4)]
    if style == "taker":
        return [TakerSeat(seed + p) for p in range(4)]
    return [TakerSeat(seed), make_seat("greedy", seed), make_seat("random", seed), TakerSeat(seed)]


def record(i: int) -> dict[str, object]:
    style = ("random", "greedy", "taker", "mixed")[i % 4]
    auto_pass = i % 5 != 2
    dealer = i % 4
    seats = seats_for(style, SEED + i)
    for p, s in enumerate(seats):
        hook = getattr(s, "new_deal", None)
        if callable(hook):
            hook(i, p)
    deal = Deal(list(_core.wall(SEED, i)), dealer, (0, 0, 0, 0), i, auto_pass=auto_pass)

    def state() -> dict[str, object]:
        return {
            "legal": {str(p): action_list(deal.legal_actions(p)) for p in deal.to_act},
            "snap": snapshot_digest(deal.snapshot()),
        }

    seen = len(deal.events)
    out: dict[str, object] = {
        "seed": SEED,
        "deal_index": i,
        "dealer": dealer,
        "auto_pass": auto_pass,
        "style": style,
        "start": {"ev": [e.to_json() for e in deal.events], **state()},
    }
    steps = []
    while deal.phase is not Phase.ENDED:
        p = deal.to_act[0]
        a = seats[p].choose(deal.live_view(p), deal.legal_actions(p))  # type: ignore[attr-defined]
        deal.apply(a)
        steps.append({"a": a.to_json(), "ev": [e.to_json() for e in deal.events[seen:]], **state()})
        seen = len(deal.events)
    out["steps"] = steps
    return out


def main(n: int) -> None:
    path = os.path.join(os.path.dirname(__file__), "..", "data", "golden_deals.jsonl.gz")
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for i in range(n):
            f.write(json.dumps(record(i), separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 320)
