"""Taiwanese house rules (TW §20) in the scorer: every ``hand`` example of
``taiwanese-house-examples.json`` (the common table C01-C46 of §20.4 with its three columns,
the presets of §20.8 and the H/L tables' switches) runs through ``score()``, ``waits()`` and
the payments; the answers come from the JSON. Also the ``tai_overrides`` switch (TW §20.2.9)
on its own."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import InvalidHandError, RuleConfigError

EXAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "data" / "taiwanese-house-examples.json").read_text(encoding="utf-8")
)

# The examples whose deal progress TW §10a refuses (docs/taiwanese-rules.md, "Examples and
# the situation rules"): the text's "mid-deal" convention with `interrupted` false and 15
# discards cannot be South's self-draw (rule 4), and five claimed sets need five own discards
# (rule 7a); the dealer's heavenly win has no winning tile (rule 1: X09 names one "for the
# reading", so its 17 tiles are given as the hand). The test checks that refusal, then scores
# the nearest situation a deal reaches; no common-table element reads `D` or the own
# discards, and C42 removes the elements the winning tile could add (C09, C11), so the answer
# is the example's.
REACHABLE: dict[str, dict[str, Any]] = {
    "X01": {"discards": 17}, "X08": {"discards": 17}, "X26": {"discards": 17},
    "X33": {"discards": 17}, "X06": {"winner_discards": 5}, "X07": {"winner_discards": 5},
    "X09": {"before": "123456m23456p123s77z 1p", "win_tile": None},
}  # fmt: skip

HANDS = [pytest.param(e, id=e["id"]) for e in EXAMPLES if e["kind"] == "hand"]


def _rules(e: dict[str, Any]) -> mf.Ruleset:
    """A preset's full switch set with the example's ``config`` and ``switches`` on top; else
    the table with them (TW §20.8: later values win)."""
    given = {**e.get("config", {}), **e["switches"]}
    if e.get("preset"):
        return mf.Ruleset.from_name(f"taiwanese-{e['preset']}").replace(**given)
    return mf.Ruleset.taiwanese(**{"tai_table": e.get("table") or "high", **given})


def _score(e: dict[str, Any], rules: mf.Ruleset, **situation: Any) -> mf.ScoreResult:
    a = {**e["args"], **situation}
    hand = " ".join([a["before"], *a["declared"]])
    return mf.score(
        hand, a["win_tile"], seat_wind=a["seat"], prevailing_wind=a["round_wind"],
        bonus=a["bonus"], self_drawn=a["self_drawn"], robbing_kong=a["robbing_kong"],
        kong_replacement=a["loose_tile"], last_tile=a["last_live_tile"] or a["last_discard"],
        dealer_start=a["dealer_start"], discarder=a["discarder"], dealer_streak=a["streak"],
        discards=a["discards"], winner_discards=a["winner_discards"],
        interrupted=a["interrupted"], starting_win=a["starting_win"],
        qualification=a["qualification"], declared_ready=a["declared_ready"], rules=rules,
    )  # fmt: skip


def test_every_hand_example_is_here() -> None:
    assert len(HANDS) == 37


@pytest.mark.parametrize("e", HANDS)
def test_hand(e: dict[str, Any]) -> None:
    a = e["args"]
    assert a["dealer"] == "E"
    rules = _rules(e)
    fix = REACHABLE.get(e["id"], {})
    if fix:
        with pytest.raises(InvalidHandError, match="TW §10a rule"):
            _score(e, rules)
    r = _score(e, rules, **fix)
    assert r.value == e["tai"], r.elements
    got = Counter((el.code, el.value) for el in r.elements)
    assert got == Counter((c, v) for c, _, v in e["elements"])
    assert r.is_win is e["legal"]
    if not e["legal"]:
        assert r.reason == e["reason"]
    hand = " ".join([a["before"], *a["declared"]])
    if e.get("waits") is not None:
        assert [str(t) for t in mf.waits(hand, rules=rules)] == e["waits"]
    if e["legal"] and isinstance(e.get("payments"), dict):
        assert r.payments == e["payments"]
    # TW §20.2.1: the score keeps the uncapped Tai and reports the capped one
    if e["legal"]:
        assert r.capped_tai == r.paid_value == e.get("capped_tai", e["tai"])
        assert r.to_dict()["paid_value"] == r.paid_value
    # the breakdown is in ascending element number (TW §20.4.2 rule 7) and sums to the value
    assert [el.code for el in r.elements] == sorted(el.code for el in r.elements)
    assert sum(el.value for el in r.elements) == r.value


def test_overrides_keep_an_options_extra_and_reach_bonus_wins() -> None:
    hand, win = "123m456m789p234s67s55s", "8s"
    kw: dict[str, Any] = {"seat_wind": "S", "self_drawn": True, "bonus": "2f",
                          "discards": 12, "winner_discards": 3, "interrupted": True}  # fmt: skip
    plain = mf.Ruleset.taiwanese(high_seat_bonus_extra=True)
    over = mf.Ruleset.taiwanese(high_seat_bonus_extra=True, tai_overrides={"H03": 4, "H40": 5})
    a = {e.code: e.value for e in mf.score(hand, win, rules=plain, **kw).elements}
    b = {e.code: e.value for e in mf.score(hand, win, rules=over, **kw).elements}
    assert a["H03"] == 2 and b["H03"] == 5  # South's own flower 2f: 1 + 1, then 4 + 1
    assert (a["H40"], b["H40"]) == (2, 5)
    assert {k: v for k, v in a.items() if k not in ("H03", "H40")} == {
        k: v for k, v in b.items() if k not in ("H03", "H40")
    }
    # TW §7 all eight: H32 is 30 by the table, 12 by the override
    w = mf.Ruleset.taiwanese(tai_overrides={"H32": 12}).bonus_win(
        "1f 2f 3f 4f 5f 6f 7f", "8f", seat="E"
    )
    assert w is not None and w["value"] == 12 and w["elements"][0].code == "H32"
    assert over.switches["tai_overrides"] == {"H03": 4, "H40": 5}
    assert mf.Ruleset.from_json(over.to_json()) == over


@pytest.mark.parametrize(
    ("overrides", "table"),
    [({"H38": 2}, "high"), ({"L33": 1}, "low"), ({"H05": 2}, "low"), ({"H05": 0}, "high"),
     ({"H05": 65}, "high"), ({"X1": 3}, "high")],  # fmt: skip
)
def test_bad_overrides_are_ce_ovr(overrides: dict[str, int], table: str) -> None:
    with pytest.raises(RuleConfigError) as e:
        mf.Ruleset.taiwanese(tai_table=table, tai_overrides=overrides)
    assert (e.value.switch, e.value.code) == ("tai_overrides", "CE-OVR")


def test_a_hong_kong_result_is_paid_for_its_value() -> None:
    r = mf.score("123m456m789p234s5s", "5s", self_drawn=True)
    assert r.paid_value == r.value
    with pytest.raises(AttributeError, match="paid_value"):
        r.capped_tai  # noqa: B018


def test_wait_values_take_the_ready_inputs() -> None:
    """X31's hand (神來也, earthly ready declared): every wait scores C29 on a discard."""
    rules = mf.Ruleset.from_name("taiwanese-omu-shenlaiye")
    kw: dict[str, Any] = {"seat_wind": "S", "discards": 17, "winner_discards": 4, "interrupted": False}
    plain = mf.wait_values("123456m23456p123s77z", rules, **kw)
    ready = mf.wait_values("123456m23456p123s77z", rules, qualification="earthly", declared_ready=True, **kw)
    assert [str(w.tile) for w in ready] == ["1p", "4p", "7p"]
    for p, r in zip(plain, ready, strict=True):
        codes = {e.code: e.value for e in r.discard.elements}
        assert codes["C29"] == 4 and "C01" not in codes  # earthly_ready_replaces_concealed
        assert r.discard.value == p.discard.value - 1 + 4


@pytest.mark.parametrize(
    ("kw", "rules"),
    [({"starting_win": "heavenly", "seat_wind": "S", "self_drawn": True}, "taiwanese-omu-standard"),
     ({"starting_win": "earthly", "seat_wind": "E", "self_drawn": True}, "taiwanese-omu-standard"),
     ({"starting_win": "human", "seat_wind": "S", "self_drawn": True}, "taiwanese-omu-standard"),
     ({"starting_win": "human", "seat_wind": "S", "discarder": "E"}, "taiwanese-omu-star31"),
     ({"qualification": "heavenly", "seat_wind": "S", "discarder": "E", "declared_ready": True}, "taiwanese-omu-shenlaiye"),
     ({"qualification": "earthly", "seat_wind": "S", "discarder": "E"}, "taiwanese-omu-shenlaiye"),
     ({"declared_ready": True, "seat_wind": "S", "discarder": "E"}, "taiwanese-omu-standard"),
     ({"starting_win": "human", "seat_wind": "S", "discarder": "E"}, "taiwanese-high"),
     ({"qualification": "earthly", "seat_wind": "S", "discarder": "E"}, "hong-kong"),
     ({"starting_win": "dealt", "seat_wind": "S", "discarder": "E"}, "taiwanese-omu-standard")],  # fmt: skip
)
def test_impossible_scorer_inputs_are_refused(kw: dict[str, Any], rules: str) -> None:
    """TW §20.4.3: a heavenly win that is not the dealer's, an earthly one by the dealer, a
    self-drawn human win, one under human_win="off" (star31), a heavenly qualification the
    mode cannot grant (each_first_discard), one undeclared while ready_declaration is on, a
    declaration without ready_declaration, the inputs with the high table or Hong Kong, and a
    value that is none of the names."""
    hand = "123456m23456p123s77z" if rules != "hong-kong" else "123m456m789p234s5s"
    win = "1p" if rules != "hong-kong" else "5s"
    with pytest.raises(InvalidHandError):
        mf.score(hand, win, rules=rules, **kw)
