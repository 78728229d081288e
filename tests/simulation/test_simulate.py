"""simulate(): determinism and independence of deals."""

from __future__ import annotations

import pytest
from mahjong_fast.simulate import simulate, summarize

KEYS = {
    "deal_index",
    "seed",
    "dealer",
    "winners",
    "value",
    "wins",
    "points_p0",
    "points_p1",
    "points_p2",
    "points_p3",
    "discards",
    "tiles_left",
    "exhaustive_draw",
}
POINTS = ("points_p0", "points_p1", "points_p2", "points_p3")


def pts(*v: int) -> dict[str, int]:
    return dict(zip(POINTS, v))


def test_same_seed_same_records():
    a = simulate(6, seats=("greedy", "random", "greedy", "random"), seed=4)
    b = simulate(6, seats=("greedy", "random", "greedy", "random"), seed=4)
    assert a.records == b.records
    assert len(a.records) == 6 and set(a.records[0]) == KEYS
    assert [r["deal_index"] for r in a.records] == list(range(6))


def test_deal_alone_equals_deal_in_batch():
    seats = ("random", "greedy", "random", "greedy")
    batch = simulate(5, seats=seats, seed=9, rotate_dealer=True)
    for i in (0, 3, 4):
        alone = simulate(1, seats=seats, seed=9, rotate_dealer=True, start=i)
        assert alone.records == [batch.records[i]]


def test_different_seeds_differ():
    a = simulate(4, seats=("random",) * 4, seed=1)
    b = simulate(4, seats=("random",) * 4, seed=2)
    assert a.records != b.records


def test_summary_and_progress():
    calls = []
    res = simulate(
        4, seed=0, chunk_size=1, progress=lambda done, total: calls.append((done, total))
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    s = res.summary
    assert s["deals"] == 4
    assert s["win_rate"] + s["exhaustive_draw_rate"] == pytest.approx(1.0)
    assert 0 <= s["self_draw_rate"] <= s["win_rate"]
    assert sum(s["faan_histogram"].values()) == round(s["win_rate"] * 4)
    assert sum(s["mean_points"]) == pytest.approx(0.0)
    assert s["deals_per_second"] > 0
    for r in res.records:
        assert sum(r[k] for k in POINTS) == 0
        assert r["dealer"] == 0


def test_summarize_by_hand():
    win = {"seat": 1, "win_kind": "self_drawn", "discarder": None, "value": 3}
    recs = [
        {"winners": [1], "value": 3, "wins": [win], **pts(-8, 24, -8, -8)},
        {"winners": [], "value": 0, "wins": [], **pts(0, 0, 0, 0)},
    ]
    s = summarize(recs)
    assert s["win_rate"] == 0.5 and s["self_draw_rate"] == 0.5 and s["faan_histogram"] == {3: 1}
    assert s["mean_points"] == [-4.0, 12.0, -4.0, -4.0]


def test_summarize_records_of_older_files():
    # read_records returns the records of a file of 0.2 as they are: they are counted alike
    recs = [
        {"winner": 1, "win_kind": "self_drawn", "faan": 3, **pts(-8, 24, -8, -8)},
        {"winner": None, "win_kind": None, "faan": 0, **pts(0, 0, 0, 0)},
    ]
    s = summarize(recs)
    assert s["win_rate"] == 0.5 and s["self_draw_rate"] == 0.5 and s["faan_histogram"] == {3: 1}


def test_bad_seats():
    with pytest.raises(ValueError):
        simulate(1, seats=("greedy",) * 3)
    with pytest.raises(ValueError):
        simulate(1, seats=("greedy", "greedy", "greedy", "perfect"))
