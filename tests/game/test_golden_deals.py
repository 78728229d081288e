"""Golden deals: 320 deals played by the 0.1 Python engine (random, greedy, claim-taking and
mixed seats; some without auto-pass), recorded step by step by tests/tools/make_golden_deals.py.
The current engine must reproduce, at every step, the legal actions of each player to act,
the events and the snapshot (by digest)."""

from __future__ import annotations

import gzip
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from _golden import action_list, snapshot_digest
from mahjong_fast import _core
from mahjong_fast.game import Action, Deal, Phase

PATH = os.path.join(os.path.dirname(__file__), "..", "data", "golden_deals.jsonl.gz")


def _records() -> Iterator[dict[str, Any]]:
    with gzip.open(PATH, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


#: the start state the deal event records since log format 2 (0.1 did not record it)
START_STATE = ("deal_index", "scores", "prevailing_wind", "dealer_streak")


def _check(deal: Deal, want: dict[str, Any], seen: int, ctx: str) -> int:
    got_ev = [e.to_json() for e in deal.events[seen:]]
    for ev in got_ev:
        if ev["e"] == "deal":
            start = {k: ev.pop(k) for k in START_STATE}
            assert start == {"deal_index": deal.deal_index, "scores": [0, 0, 0, 0],
                             "prevailing_wind": 0, "dealer_streak": 0}, ctx
    assert got_ev == want["ev"], ctx
    legal = {str(p): action_list(deal.legal_actions(p)) for p in deal.to_act}
    assert legal == want["legal"], ctx
    assert snapshot_digest(deal.snapshot()) == want["snap"], ctx
    return len(deal.events)


@pytest.mark.parametrize("chunk", range(4))
def test_golden_deals_replay_step_by_step(chunk: int) -> None:
    n = steps = 0
    for i, rec in enumerate(_records()):
        if i % 4 != chunk:
            continue
        wall = list(_core.wall(rec["seed"], rec["deal_index"]))
        deal = Deal(wall, rec["dealer"], (0, 0, 0, 0), rec["deal_index"], auto_pass=rec["auto_pass"])
        ctx = f"golden deal {rec['deal_index']}"
        seen = _check(deal, rec["start"], 0, ctx)
        for k, st in enumerate(rec["steps"]):
            deal.apply(Action.from_json(st["a"]))
            seen = _check(deal, st, seen, f"{ctx} step {k}")
            steps += 1
        assert deal.phase is Phase.ENDED
        n += 1
    assert n == 80 and steps > 80 * 50
