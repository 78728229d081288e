"""Taiwanese house rules (TW §20), the settlement and match switches: ``base_points``,
``tai_cap``, ``dealer_pays_streak``, ``negative_score_ends_match``, ``draw_keeps_dealer``,
``draw_increments_streak``, ``dealer_streak_limit``, ``several_winners``, ``liability`` and
``liability_discard_split`` (TW §20.2.1–§20.2.3, §20.2.11, §20.7), and the configuration errors
of §20.3. Every ``settlement``, ``match`` and ``config_error`` example of
``taiwanese-house-examples.json`` runs through the public API (``Ruleset.settle`` with each
win's ``liable`` seat and, for several claimants, every claim as a win; ``Match.play_deal``;
``Ruleset.taiwanese``), S12 included (the two parts of a seven-rob win, §20.5.8 rule 3 (B),
given as two wins of one seat). The answers come from the JSON, never recomputed here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import InvalidHandError, RuleConfigError

EXAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "data" / "taiwanese-house-examples.json").read_text(encoding="utf-8")
)
PLAYERS = ("P0", "P1", "P2", "P3")
KNOWN = {row.name for row in mf.Ruleset.switch_table("taiwanese-high")}


def _implemented(e: dict[str, Any]) -> bool:
    """Whether every switch the example sets is in the table. An unknown switch's refusal
    (CE-UNKNOWN) is checked whatever the table has."""
    if e.get("code") == "CE-UNKNOWN":
        return True
    names = set(e.get("switches", {})) | set(e.get("config", {}))
    return names <= KNOWN


def _by(kind: str, implemented: bool = True) -> list[Any]:
    return [
        pytest.param(e, id=e["id"])
        for e in EXAMPLES
        if e["kind"] == kind and _implemented(e) is implemented
    ]


def _rules(e: dict[str, Any]) -> mf.Ruleset:
    """The example's ruleset: its table (settlements name none: the default), then its
    ``config`` and ``switches`` (a switch may name the table again)."""
    switches = {"tai_table": e.get("table") or "high", **e.get("config", {}), **e.get("switches", {})}
    return mf.Ruleset.taiwanese(**switches)


def test_the_examples_implemented_here() -> None:
    ids = {p.id for kind in ("settlement", "match", "config_error") for p in _by(kind)}
    every = {e["id"] for e in EXAMPLES if e["kind"] in ("settlement", "match", "config_error")}
    assert every - ids == set() and "S12" in ids


@pytest.mark.parametrize("e", _by("settlement"))
def test_settlement(e: dict[str, Any]) -> None:
    a = e["args"]
    # several claimants (TW §20.5.1): every claim is given, the ruleset decides who wins
    given = a.get("claims") or a["wins"]
    discarder = a["wins"][0]["discarder"]
    wins = []
    for w in given:
        win = {"winner": w["seat"], "tai": w["tai"], "self_drawn": bool(w.get("self_drawn")),
               "discarder": w.get("discarder", discarder)}  # fmt: skip
        if w.get("liable") is not None:
            win["liable"] = w["liable"]
        wins.append(win)
    s = _rules(e).settle(wins, dealer=a["dealer"], dealer_streak=a["streak"])
    assert s["payments"] == e["payments"]
    assert sum(s["payments"].values()) == 0
    if "dealer_after" in e:
        assert (s["dealer_after"], s["streak_after"]) == (e["dealer_after"], e["streak_after"])


@pytest.mark.parametrize("e", _by("match"))
def test_match(e: dict[str, Any]) -> None:
    a = e["args"]
    rules = _rules(e)
    m = mf.Match(
        rules, first_dealer=PLAYERS.index(a["first_dealer"]), start_streak=a["start_streak"]
    )
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
        assert rec["payments"] == [want["payments"][p] for p in PLAYERS], j
        assert rec["dealer_after"] == PLAYERS.index(want["dealer_after"]), j
        assert rec["streak_after"] == want["streak_after"], j
        assert rec["passes_after"] == want["passes_after"], j
    end = e["match_end"]
    assert m.is_over is end["over"]
    assert m.dealer == PLAYERS.index(end["dealer"])
    assert (m.streak, m.passes) == (end["streak"], end["passes"])
    if "scores" in end:
        assert list(m.scores) == [end["scores"][p] for p in PLAYERS]


@pytest.mark.parametrize("e", _by("config_error"))
def test_config_error(e: dict[str, Any]) -> None:
    if e["error"] is None:
        assert _rules(e).switches["tai_table"] == (e.get("table") or "high")
        return
    with pytest.raises(RuleConfigError) as err:
        _rules(e)
    assert err.value.switch == e["switch"]
    assert err.value.code == e["code"]


@pytest.mark.parametrize("rob", ["automatic", "off"])
def test_a_win_in_two_parts_needs_the_optional_seven_rob(rob: str) -> None:
    """§20.5.8 rule 3 (B): only ``seven_bonus_rob = optional`` has a two-part win (S12's
    pair); under the other values one seat winning twice is refused, nothing paid."""
    (e,) = [x for x in EXAMPLES if x["id"] == "S12"]
    a = e["args"]
    wins = [{"winner": w["seat"], "tai": w["tai"], "self_drawn": w["self_drawn"],
             "discarder": w["discarder"]} for w in a["wins"]]  # fmt: skip
    rules = mf.Ruleset.taiwanese(**{**e["config"], **e["switches"], "seven_bonus_rob": rob})
    with pytest.raises(InvalidHandError):
        rules.settle(wins, dealer=a["dealer"], dealer_streak=a["streak"])
    # the parts in the other order settle the same under ``optional``
    s = _rules(e).settle(wins[::-1], dealer=a["dealer"], dealer_streak=a["streak"])
    assert s["payments"] == e["payments"]


def test_cap_and_base_points_reach_every_payment_route() -> None:
    r = mf.Ruleset.taiwanese(base_points=30, tai_value=10, tai_cap=8)
    # TW §20.7.3: a "30 底 10 台" table, 3 Tai between non-dealers: 60
    s = r.settle([{"winner": "S", "tai": 3, "self_drawn": False, "discarder": "W"}])
    assert s["payments"] == {"E": 0, "S": 60, "W": -60, "N": 0}
    # the cap bites before the dealer's adjustment: 12 Tai paid as 8, dealer pays 30 + 9 × 10
    s = r.settle([{"winner": "S", "tai": 12, "self_drawn": False, "discarder": "E"}])
    assert s["payments"]["E"] == -(30 + (8 + 1) * 10)
    assert r.base(12) == r.base(8) == 30 + 8 * 10
    m = mf.Match(r)
    # P1 self-draws 12 Tai (paid as 8): the dealer P0 pays 30 + 9 × 10, the others 30 + 8 × 10
    assert m.play_deal([{"winner": 1, "tai": 12, "self_drawn": True}])["payments"] == [
        -120, 340, -110, -110
    ]


def test_of_several_faults_the_switch_first_in_the_table_is_named() -> None:
    # TW §20.11 A: whatever order the switches are given in
    for given in ({"dealer_streak_limit": 0, "base_points": -1},
                  {"base_points": -1, "dealer_streak_limit": 0}):  # fmt: skip
        with pytest.raises(RuleConfigError) as e:
            mf.Ruleset.taiwanese(**given)
        assert e.value.switch == "base_points"


def test_an_override_too_large_for_any_integer_is_ce_ovr() -> None:
    for v in (2**63, 2**64, -(2**63) - 1, 10**40):
        with pytest.raises(RuleConfigError) as e:
            mf.Ruleset.taiwanese(tai_overrides={"H42": v})
        assert (e.value.switch, e.value.code) == ("tai_overrides", "CE-OVR")
