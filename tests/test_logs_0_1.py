"""Every event log written by mahjong_fast 0.1 (its Python engine, before the deal moved into
the core) still replays, event for event, with the same results. The logs and the results
0.1 reported for them are in tests/data/logs_0_1/."""

from __future__ import annotations

import glob
import gzip
import json
import os

import pytest
from mahjong_fast.game import replay

DIR = os.path.join(os.path.dirname(__file__), "data", "logs_0_1")
LOGS = sorted(glob.glob(os.path.join(DIR, "*.jsonl.gz")))
with open(os.path.join(DIR, "expected_results.json"), encoding="utf-8") as _f:
    EXPECTED = json.load(_f)


def test_there_are_logs() -> None:
    assert len(LOGS) == 5 and set(EXPECTED) == {os.path.basename(p) for p in LOGS}


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_log_of_0_1_replays_with_the_same_results(path: str) -> None:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        text = f.read()
    results = replay(text)
    want = EXPECTED[os.path.basename(path)]
    assert len(results) == len(want)
    for r, w in zip(results, want):
        # the 0.1 record had a payments list where the record now has points_p0..p3 and winners
        rec = r.to_record()
        rec["payments"] = [rec.pop(k) for k in ("points_p0", "points_p1", "points_p2", "points_p3")]
        assert rec.pop("winners") == ([] if rec["winner"] is None else [rec["winner"]])
        got = dict(
            rec,
            scores=list(r.scores),
            win_tile=r.win_tile,
            raw_faan=r.raw_faan,
            interpretation=r.interpretation,
            flags=r.flags,
        )
        assert json.loads(json.dumps(got)) == w
