"""Helpers of the golden-deal test: a canonical, engine-independent form of a deal's state.

``snapshot_digest`` hashes the JSON of a normalized :meth:`Deal.snapshot` (meld views as
plain tuples, actions as JSON, the result as its record fields), so two engines that hold the
same state give the same digest whatever classes they use for melds or results.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def _meld(m: Any) -> list[Any]:
    return [m.kind, list(m.tiles), m.claimed_from, m.claimed_tile]


def normal_result(r: Any) -> Any:
    if r is None:
        return None
    return {
        "deal_index": r.deal_index,
        "dealer": r.dealer,
        "exhaustive_draw": r.exhaustive_draw,
        "draw_reason": r.draw_reason,
        "winner": r.winner,
        "discarder": r.discarder,
        "win_kind": r.win_kind,
        "win_tile": r.win_tile,
        "faan": r.faan,
        "raw_faan": r.raw_faan,
        "limit": r.limit,
        "elements": [list(e) for e in r.elements],
        "interpretation": r.interpretation,
        "payments": list(r.payments),
        "scores": list(r.scores),
        "turns": r.turns,
        "tiles_left": r.tiles_left,
        "final_hands": [list(h) for h in r.final_hands],
        "final_melds": [[list(m) for m in ms] for ms in r.final_melds],
        "bonus": [list(b) for b in r.bonus],
        "flags": dict(sorted(r.flags.items())),
    }


def normal_snapshot(s: dict[str, Any]) -> dict[str, Any]:
    return {
        "phase": s["phase"].value,
        "to_act": list(s["to_act"]),
        "active": s["active"],
        "hands": [list(h) for h in s["hands"]],
        "melds": [[_meld(m) for m in ms] for ms in s["melds"]],
        "discards": [[list(x) for x in h] for h in s["discards"]],
        "bonus": [list(b) for b in s["bonus"]],
        "wall": list(s["wall"]),
        "scores": list(s["scores"]),
        "turn": s["turn"],
        "drawn_tile": s["drawn_tile"],
        "flags": list(s["flags"]),
        "window": [
            s["window"][0],
            s["window"][1],
            [[p, a.to_json()] for p, a in s["window"][2]],
        ],
        "events": s["events"],
        "result": normal_result(s["result"]),
    }


def snapshot_digest(s: dict[str, Any]) -> str:
    text = json.dumps(normal_snapshot(s), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def action_list(actions: Any) -> list[list[Any]]:
    """Legal actions as compact ``[type, player, *tiles]`` lists."""
    return [[a.type.value, a.player, *a.tiles] for a in actions]
