"""Every worked example of the Taiwanese rules (TW §15, TW §18;
``tests/data/taiwanese-examples.json``, 53 entries) checked through the PUBLIC Python API:
``score`` and ``waits`` with ``rules="taiwanese-high"/"taiwanese-low"``, ``Ruleset.bonus_win``,
``Ruleset.settle`` and ``Match``.

The examples' flag names are mapped onto the one vocabulary of the API: ``round_wind`` →
``prevailing_wind``, ``loose_tile`` → ``kong_replacement``, ``last_live_tile`` /
``last_discard`` → ``last_tile``, ``streak`` → ``dealer_streak``. Elements of one code are
compared as an unordered set (TW §10a); the answers come from the JSON, never recomputed here.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import InvalidHandError, RuleConfigError

EXAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent.parent / "data" / "taiwanese-examples.json").read_text(encoding="utf-8")
)
PLAYERS = ("P0", "P1", "P2", "P3")


def _rules(e: dict[str, Any]) -> mf.Ruleset:
    """The ruleset of an entry: its table (settlements name none: they do not depend on it, the
    default is taken) and the §2 switches its ``config`` states."""
    switches = dict(e.get("config", {}))
    return mf.Ruleset.taiwanese(tai_table=e["table"] or "high", **switches)


def _elements(els: Any) -> Counter[tuple[str, str, int]]:
    return Counter((str(c), str(n), int(v)) for c, n, v in els)


def _by_id(kind: str) -> list[Any]:
    return [pytest.param(e, id=e["id"]) for e in EXAMPLES if e["kind"] == kind]


def test_the_file_has_53_entries_of_four_kinds() -> None:
    kinds = Counter(e["kind"] for e in EXAMPLES)
    assert kinds == {"hand": 42, "bonus_win": 6, "settlement": 3, "match": 2}


@pytest.mark.parametrize("e", _by_id("hand"))
def test_hand(e: dict[str, Any]) -> None:
    a = e["args"]
    assert a["dealer"] == "E"  # TW §3: the dealer is East, as the API assumes
    hand = " ".join([a["before"], *a["declared"]])
    rules = _rules(e)
    r = mf.score(
        hand,
        a["win_tile"],
        seat_wind=a["seat"],
        prevailing_wind=a["round_wind"],
        bonus=a["bonus"],
        self_drawn=a["self_drawn"],
        robbing_kong=a["robbing_kong"],
        kong_replacement=a["loose_tile"],
        last_tile=a["last_live_tile"] or a["last_discard"],
        dealer_start=a["dealer_start"],
        discarder=a["discarder"],
        dealer_streak=a["streak"],
        discards=a["discards"],
        winner_discards=a["winner_discards"],
        interrupted=a["interrupted"],
        rules=rules,
    )
    assert r.unit == "tai"
    assert r.value == r.tai == e["tai"], r.elements
    # one name for a hand's value: .faan is the Hong Kong alias only
    with pytest.raises(AttributeError, match=r"\.value"):
        r.faan  # noqa: B018
    assert _elements(r.elements) == _elements(e["elements"])
    assert all(el.value == el.tai and el.unit == "tai" for el in r.elements)
    assert r.is_win is e["legal"]
    assert r.reason == e.get("reason")
    assert r.reading == r.interpretation != ""
    if "waits" in e:
        assert [str(t) for t in mf.waits(hand, rules=rules)] == e["waits"]
    if isinstance(e.get("payments"), dict):
        expected = e["payments"] if r.is_win else {}
        if not r.is_win:
            assert set(e["payments"].values()) == {0}
        assert r.payments == expected


@pytest.mark.parametrize("e", _by_id("bonus_win"))
def test_bonus_win(e: dict[str, Any]) -> None:
    a = e["args"]
    w = mf.resolve_rules(_rules(e)).bonus_win(
        a["bonus"],
        a["win_tile"],
        seat=a["seat"],
        discarder=a["discarder"],
        dealer_streak=a["streak"],
    )
    assert w is not None and e["legal"]
    assert w["kind"] == a["bonus_win"]
    assert w["winner"] == a["seat"]
    assert w["discarder"] == a["discarder"]
    assert (w["discarder"] is None) is a["self_drawn"]
    assert w["value"] == w["tai"] == e["tai"]
    assert w["unit"] == "tai"
    assert _elements(w["elements"]) == _elements(e["elements"])
    assert w["payments"] == e["payments"]


@pytest.mark.parametrize("e", _by_id("settlement"))
def test_settlement(e: dict[str, Any]) -> None:
    a = e["args"]
    wins = [
        {
            "winner": w["seat"],
            "tai": w["tai"],
            "self_drawn": w["self_drawn"],
            "discarder": w["discarder"],
        }
        for w in a["wins"]
    ]
    s = mf.resolve_rules(_rules(e)).settle(wins, dealer=a["dealer"], dealer_streak=a["streak"])
    assert s["payments"] == e["payments"]
    assert sum(s["payments"].values()) == 0
    if "dealer_after" in e:
        assert s["dealer_after"] == e["dealer_after"]
    if "streak_after" in e:
        assert s["streak_after"] == e["streak_after"]


@pytest.mark.parametrize("e", _by_id("match"))
def test_match(e: dict[str, Any]) -> None:
    a = e["args"]
    rules = _rules(e)
    m = mf.Match(rules, first_dealer=PLAYERS.index(a["first_dealer"]))
    assert len(a["deals"]) == len(e["deals"])
    for j, (deal, want) in enumerate(zip(a["deals"], e["deals"], strict=True)):
        assert not m.is_over, f"over before deal {j}"
        wins = [
            {
                "winner": PLAYERS.index(w["player"]),
                "tai": w["tai"],
                "self_drawn": w["self_drawn"],
                "discarder": None if w["discarder"] is None else PLAYERS.index(w["discarder"]),
            }
            for w in deal["wins"]
        ]
        rec = m.play_deal(wins)
        assert rec["seat_winds"] == tuple(want["seats"][p] for p in PLAYERS), j
        assert rec["round_wind"] == want["round_wind"], j
        assert rec["streak"] == want["streak"], j
        if isinstance(want.get("payments"), dict):
            assert rec["payments"] == [want["payments"][p] for p in PLAYERS], j
        assert rec["dealer_after"] == PLAYERS.index(want["dealer_after"]), j
        assert rec["streak_after"] == want["streak_after"], j
        assert rec["passes_after"] == want["passes_after"], j
    end = e["match_end"]
    assert m.is_over is end["over"]
    assert m.dealer == PLAYERS.index(end["dealer"])
    assert m.streak == end["streak"]
    assert m.passes == end["passes"]
    if "round_wind" in end:
        assert m.round_wind == end["round_wind"]
    assert sum(m.scores) == 4 * rules.switches["starting_score"]
    if m.is_over:
        before = (m.scores, m.deals)
        with pytest.raises(InvalidHandError):
            m.play_deal([])
        assert (m.scores, m.deals) == before  # refused, unchanged


def test_rulesets_by_name_and_switch_errors() -> None:
    assert mf.Ruleset.from_name("taiwanese-low") == mf.Ruleset.taiwanese(tai_table="low")
    assert mf.Ruleset.taiwanese().name == "taiwanese-high"
    assert mf.Ruleset.taiwanese(tai_table="low").n_sets == 5
    assert mf.Ruleset.taiwanese().hand_tiles == 16
    for bad in (
        {"min_faan": 3},
        {"rotate_dealer": True},
        {"tai_value": 0},
        {"tai_table": "mid"},
        {"high_wind_pung_extra": 1},
    ):
        with pytest.raises(RuleConfigError, match=next(iter(bad))):
            mf.Ruleset.taiwanese(**bad)
    with pytest.raises(RuleConfigError, match="high_seat_bonus_extra"):
        mf.Ruleset.taiwanese(tai_table="low", high_seat_bonus_extra=True)
    with pytest.raises(RuleConfigError, match="min_tai"):
        mf.Ruleset.hong_kong(min_tai=3)


def test_situation_keywords_are_checked() -> None:
    h, w = "234m567m222p678p34s99s 3f 6f", "5s"
    with pytest.raises(InvalidHandError, match="dealer_streak"):
        mf.score(h, w, seat_wind="S", dealer_streak=1)  # Hong Kong has no streak
    with pytest.raises(InvalidHandError):
        mf.score(h, w, seat_wind="S", discards=3, winner_discards=4, rules="taiwanese-high")
    with pytest.raises(TypeError, match="interrupted"):
        mf.score(h, w, seat_wind="S", interrupted=1, rules="taiwanese-high")
    # A hand below the minimum is a result, not an error.
    low = mf.score(h, w, seat_wind="S", rules=mf.Ruleset.taiwanese(min_tai=7))
    assert (low.is_win, low.reason, low.value) == (False, "BELOW_MINIMUM", 6)
