"""Every result has a JSON route (issue 36 §3): ``to_dict()`` gives codes, numbers, strings,
booleans and None only, the same facts as the object's attributes; ``str(tile)`` is its code;
``print(mf.arena(...))`` shows the arena's tables; the analysis functions read a list of tile
codes."""

from __future__ import annotations

import json
import re
from typing import Any

import mahjong_fast as mf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.game import play_match
from mahjong_fast.render import code_of_id
from mahjong_fast.seats import make_seat

CODE = re.compile(r"[1-9][mps]|[1-7]z|[1-8]f")


def _plain(x: Any) -> None:
    """Only JSON's own types, all the way down (a tuple or a Tile would not survive a round
    trip unchanged)."""
    if isinstance(x, dict):
        assert all(isinstance(k, (str, int)) for k in x)  # a histogram's keys are ints
        for v in x.values():
            _plain(v)
    elif isinstance(x, list):
        for v in x:
            _plain(v)
    else:
        assert x is None or isinstance(x, (str, int, float, bool)), type(x)


def _roundtrip(d: dict[str, Any]) -> None:
    _plain(d)
    text = json.dumps(d)
    if '"faan_histogram"' not in text and '"tai_histogram"' not in text:
        assert json.loads(text) == d


@pytest.mark.parametrize(
    "hand,win,kw",
    [
        ("111222333m9s [555p] 1f", "9s", {"self_drawn": True, "seat_wind": "E"}),
        ("123m456p789s234s1z", "1z", {"seat_wind": "W", "discarder": "S"}),
        (
            "234m567m222p678p34s99s",
            "5s",
            {"bonus": "3f 6f", "seat_wind": "S", "discarder": "W", "rules": "taiwanese-high"},
        ),
    ],
)
def test_score_result_to_dict(hand: str, win: str, kw: dict[str, Any]) -> None:
    r = mf.score(hand, win, **kw)
    d = r.to_dict()
    _roundtrip(d)
    assert (d["is_win"], d["reason"], d["value"], d["unit"], d["limit"], d["base"]) == (
        r.is_win, r.reason, r.value, r.unit, r.limit, r.base)  # fmt: skip
    assert d["interpretation"] == r.interpretation and d["payments"] == r.payments
    assert [(e["code"], e["name"], e["value"]) for e in d["elements"]] == [
        tuple(e) for e in r.elements
    ]
    assert [e.to_dict() for e in r.elements] == d["elements"]


def test_wait_value_to_dict_and_tile_str() -> None:
    for w in mf.wait_values("123m456m789p234s5s", seat_wind="S"):
        d = w.to_dict()
        _roundtrip(d)
        assert d["tile"] == str(w.tile) == w.tile.code and CODE.fullmatch(d["tile"])
        assert d["self_drawn"] == w.self_drawn.to_dict() and d["can_win"] == w.can_win


@pytest.mark.parametrize("rules", ["hong-kong", "taiwanese-low"])
def test_match_and_deal_results_to_dict(rules: str) -> None:
    deals = 2 if rules == "hong-kong" else None
    kw: dict[str, Any] = {"deals": deals} if deals else {}
    m = play_match([make_seat("greedy", p) for p in range(4)], seed=3, rules=rules, **kw)
    d = m.to_dict()
    _roundtrip(d)
    assert d["scores"] == list(m.scores) and d["deals"] == m.deals == len(d["results"])
    for res, rd in zip(m.results, d["results"]):
        assert rd["final_hands"] == [[code_of_id(t) for t in h] for h in res.final_hands]
        assert rd["win_tile"] == (None if res.win_tile is None else code_of_id(res.win_tile))
        assert rd["payments"] == list(res.payments) and rd["value"] == res.value
        assert len(rd["wins"]) == len(res.wins)
        for w, wd in zip(res.wins, rd["wins"]):
            assert wd == w.to_dict() and wd["player"] == w.player
        for melds in rd["final_melds"]:
            for meld in melds:
                assert all(CODE.fullmatch(c) for c in meld["tiles"])


def test_arena_prints_its_tables_and_has_a_dict() -> None:
    rep = mf.arena(["strong", "greedy", "greedy", "greedy"], walls=2, seed=1, workers=1)
    text = str(rep)
    assert "points/deal" in text and "deal-in" in text and "strong" in text
    assert "ArenaReport(" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    _roundtrip(rep.to_dict())
    assert rep.to_dict() == rep.to_json()


def test_simulation_result_to_dict() -> None:
    res = mf.simulate(8, seed=2, workers=1)
    d = res.to_dict()
    _roundtrip(d)
    assert d["summary"] == res.summary.to_dict() and len(d["records"]) == 8


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=14).filter(
    lambda ks: all(ks.count(k) <= 4 for k in ks)))  # fmt: skip
def test_analysis_reads_a_list_of_tile_codes(kinds: list[int]) -> None:
    """A list of codes (str or Tile) is the same hand as its notation and its 34 counts."""
    codes = [code_of_id(4 * k) for k in kinds]
    counts = [kinds.count(k) for k in range(34)]
    assert mf.shanten(codes) == mf.shanten("".join(codes)) == mf.shanten(counts)
    assert mf.shanten([mf.Tile(c) for c in codes]) == mf.shanten(counts)
    if len(kinds) == 13:
        assert mf.waits(codes) == mf.waits(counts)


def test_a_mixed_list_says_what_a_list_may_be() -> None:
    with pytest.raises(TypeError, match="tile codes .* or 34 counts"):
        mf.shanten(["1m", 2, 3])  # type: ignore[list-item]
