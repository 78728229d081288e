"""Hong Kong house rules (HK §19, issue 39): every ``hand``, ``settlement`` and ``config_error``
example of ``tests/data/hong-kong-house-examples.json`` (a copy of
``rules/hong-kong-house-examples.json``) through the public API, and property tests over random
valid switch sets.

* ``hand``: :func:`mahjong_fast.score` with the scorer inputs of §19.13 under
  ``Ruleset.hong_kong(preset=..., **switches)``: faan, breakdown, raw total, legality,
  qualifying faan, ``liability_applies`` and the payments by seat wind (the dealer is East).
* ``settlement``: :meth:`Ruleset.settle` (the one payments entry point) with ``liable`` per win
  and ``false_win``.
* ``config_error``: ``RuleConfigError`` whose ``.switch`` names the switch of §19.3.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import InvalidHandError, RuleConfigError
from mahjong_fast.rules import Ruleset

DATA = Path(__file__).parents[1] / "data" / "hong-kong-house-examples.json"
EXAMPLES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
WINDS = "ESWN"


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [ex for ex in EXAMPLES if ex["kind"] == kind]


HANDS = of_kind("hand")
SETTLEMENTS = of_kind("settlement")
CONFIG_ERRORS = of_kind("config_error")


def rules_of(ex: dict[str, Any]) -> Ruleset:
    return Ruleset.hong_kong(preset=ex.get("preset"), **ex.get("switches", {}))


def hand_of(args: dict[str, Any]) -> str:
    parts = [args["before"], *args.get("declared", [])]
    if args.get("bonus"):
        parts.append(args["bonus"])
    return " ".join(parts)


def prevailing_of(args: dict[str, Any]) -> str:
    """``"2z"`` (the examples' notation of a wind tile) as the wind ``"S"``; East by default."""
    p = args.get("prevailing", "1z")
    return WINDS[int(p[0]) - 1] if p.endswith("z") else p


def score_hand(ex: dict[str, Any], rules: Ruleset | None = None) -> Any:
    a = ex["args"]
    rules = rules or rules_of(ex)
    pay = {
        "liable": a.get("liable"),
        "liable_trigger": a.get("liable_trigger"),
        "co_winners": a.get("co_winners"),
    }
    if "flower_win" in a:
        return mf.score(
            None,
            None,
            flower_win=a["flower_win"],
            seat_wind=a["seat"],
            discarder=a.get("discarder"),
            rules=rules,
            **pay,
        )
    return mf.score(
        hand_of(a),
        a["win_tile"],
        self_drawn=a.get("self_drawn", False),
        seat_wind=a["seat"],
        prevailing_wind=prevailing_of(a),
        robbing_kong=a.get("robbing_kong", False),
        kong_replacement=a.get("kong_replacement", False),
        last_tile=a.get("last_wall_tile", False) or a.get("last_discard", False),
        dealer_start=a.get("dealer_start", False),
        discarder=a.get("discarder"),
        earthly=a.get("earthly"),
        bonus_replacement=a.get("bonus_replacement"),
        double_kong=a.get("double_kong"),
        rules=rules,
        **pay,
    )


def test_the_examples_file_has_every_kind() -> None:
    counts = {k: len(of_kind(k)) for k in ("hand", "settlement", "config_error", "flow")}
    assert counts == {"hand": 50, "settlement": 18, "config_error": 22, "flow": 23}


@pytest.mark.parametrize("ex", HANDS, ids=[ex["id"] for ex in HANDS])
def test_hand_example(ex: dict[str, Any]) -> None:
    r = score_hand(ex)
    legal = ex.get("legal", True)
    assert r.faan == ex["faan"]
    assert [(e.code, e.faan) for e in r.elements] == [tuple(e) for e in ex["elements"]]
    raw = ex.get("raw", sum(f for _, f in ex["elements"]))
    assert r.raw_faan == raw
    assert r.is_win is legal
    assert r.reason == (None if legal else ex["reason"])
    assert r.qualifying == ex.get("qualifying", ex["faan"])
    if "liability_applies" in ex:
        assert r.liability_applies is ex["liability_applies"]
    else:
        assert r.liability_applies is None
    payments = {w: r.payments.get(w, 0) for w in WINDS}
    assert payments == ex["payments"]
    assert sum(payments.values()) == 0


@pytest.mark.parametrize("ex", SETTLEMENTS, ids=[ex["id"] for ex in SETTLEMENTS])
def test_settlement_example(ex: dict[str, Any]) -> None:
    rules = rules_of(ex)
    a = ex["args"]
    if "false_win" in a:
        s = rules.settle([], false_win=a["false_win"])
    else:
        wins = [
            {
                "winner": w["seat"],
                "value": w["faan"],
                "self_drawn": w["self_drawn"],
                "discarder": w.get("discarder"),
                "liable": w.get("liable"),
            }
            for w in a["winners"]
        ]
        s = rules.settle(wins)
    assert s["payments"] == ex["payments"]
    assert sum(s["payments"].values()) == 0


@pytest.mark.parametrize("ex", CONFIG_ERRORS, ids=[ex["id"] for ex in CONFIG_ERRORS])
def test_config_error_example(ex: dict[str, Any]) -> None:
    with pytest.raises(RuleConfigError) as e:
        rules = rules_of(ex)
        if "match" in ex:
            mf.Match(rules, **ex["match"])
    assert e.value.switch == ex["switch"]


# --------------------------------------------------------------------------- the switches


def test_defaults_are_the_rules_of_sections_1_to_18() -> None:
    """HK §19.1 principle 1: the new switches at their defaults are the default ruleset."""
    r = Ruleset.hong_kong()
    assert r == Ruleset.hong_kong(preset="hkos_classic")
    assert r.switches["element_values"] == {} and r.switches["payment_split"] is None
    assert r.switches["tile_set"] == 144 and r.switches["max_deals"] == 64
    assert len(r.switches) == 23


@pytest.mark.parametrize(
    "preset",
    [
        "hkos_classic",
        "half_spicy_3faan",
        "mahjax_hkos_v1",
        "riichi_advanced_hk",
        "benwassa_v1",
        "benwassa_v1_136",
        "coach_nyc_social_v1",
    ],
)
def test_every_preset_of_19_14_by_id_and_by_name(preset: str) -> None:
    r = Ruleset.hong_kong(preset=preset)
    assert Ruleset.from_name("hong-kong-" + preset.replace("_", "-")) == r
    assert ("hong-kong-" + preset.replace("_", "-")) in mf.presets()


def test_element_values_of_a_preset_merge_key_by_key() -> None:
    """HK §19.14: an override of ``element_values`` keeps the preset's other keys."""
    r = Ruleset.hong_kong(preset="benwassa_v1", element_values={"X1": 8})
    assert r.switches["element_values"]["X1"] == 8
    assert r.switches["element_values"]["L4"] == 11


def test_the_extra_elements_have_their_chinese_names() -> None:
    ex = next(e for e in HANDS if e["id"] == "HH8b")
    (x1,) = [e for e in score_hand(ex).elements if e.code == "X1"]
    assert (x1.name, x1.chinese_name) == ("Small four winds", "小四喜")
    assert next(e.chinese_name for e in score_hand(ex).elements) is None  # F3: none given


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"earthly": True, "self_drawn": True}, "earthly is not self-drawn"),
        ({"earthly": True, "discarder": "S", "seat_wind": "W"}, "earthly: the discarder is East"),
        ({"bonus_replacement": True, "self_drawn": True}, "no bonus tile"),
        ({"double_kong": True, "self_drawn": True}, "not a kong replacement"),
        ({"liable": "S", "liable_trigger": "fourth_meld", "self_drawn": True}, "liability none"),
        ({"liable": "N"}, "liable without its trigger"),
        ({"co_winners": ["W"], "self_drawn": True}, "co-winners on a self-draw"),
    ],
)
def test_impossible_house_inputs_are_refused(kwargs: dict[str, Any], why: str) -> None:
    args: dict[str, Any] = {"seat_wind": "S", "discarder": "E"}
    if kwargs.get("self_drawn"):
        args.pop("discarder")
    args.update(kwargs)
    with pytest.raises(InvalidHandError):
        mf.score("123m456m789p234s5s", "5s", **args)


def test_house_inputs_are_refused_by_taiwanese_rules() -> None:
    with pytest.raises(InvalidHandError, match="Hong Kong"):
        mf.score(
            "123m456m789m123p456p78s9s9s",
            "9s",
            self_drawn=True,
            earthly=False,
            liable="N",
            liable_trigger="fourth_meld",
            rules="taiwanese-high",
        )


def test_tile_set_136_refuses_bonus_tiles() -> None:
    with pytest.raises(InvalidHandError, match="136"):
        mf.score(
            "123m456m789p234s5s 2f",
            "5s",
            self_drawn=True,
            seat_wind="S",
            rules=Ruleset.hong_kong(tile_set=136),
        )


def test_seven_pairs_off_changes_the_waits() -> None:
    """HK §19.5.4: seven pairs off is no winning shape for waits either (§14a)."""
    hand = "1122m3344p5566s7z"
    assert [str(t) for t in mf.waits(hand)] == ["7z"]
    assert mf.waits(hand, rules=Ruleset.hong_kong(seven_pairs="off")) == []


def test_wait_values_follow_the_element_values() -> None:
    """``wait_values`` scores every wait as ``score`` does under the house switches."""
    rules = Ruleset.hong_kong(element_values={"X9": 3})
    vals = mf.wait_values("123m456m789p234s5s", rules=rules)
    drawn = next(v for v in vals if str(v.tile) == "5s").self_drawn
    assert drawn is not None
    assert drawn.faan == 5 and "X9" in [e.code for e in drawn.elements]


# --------------------------------------------------------------------------- properties

ELEMENT_VALUE = st.one_of(st.just("off"), st.just("limit"), st.integers(1, 13))
CODES = (
    [f"F{i}" for i in range(1, 21)]
    + [f"L{i}" for i in range(1, 9)]
    + [f"X{i}" for i in range(1, 23)]
)


def allowed(code: str, v: object) -> bool:
    if code in ("L1", "L6"):
        return v in ("off", "limit")
    if code in ("X20", "X21"):
        return v != "off"
    if code.startswith("F"):
        return v != "limit"
    return True


@st.composite
def switch_sets(draw: st.DrawFn) -> dict[str, Any]:
    sw: dict[str, Any] = {}
    values = draw(st.dictionaries(st.sampled_from(CODES), ELEMENT_VALUE, max_size=8))
    sw["element_values"] = {k: v for k, v in values.items() if allowed(k, v)}
    sw["min_faan"] = draw(st.integers(1, 8))
    sw["max_faan"] = draw(st.integers(max(3, sw["min_faan"]), 13))
    sw["spiciness"] = draw(st.sampled_from(["spicy", "half", "four_seven_ten"]))
    sw["seven_pairs"] = draw(st.sampled_from(["with_concealed", "without_concealed", "off"]))
    sw["flowers_break_concealed"] = draw(st.booleans())
    sw["bonus_faan_in_minimum"] = draw(st.booleans())
    sw["all_chows_pair"] = draw(st.sampled_from(["suited", "any", "valueless"]))
    sw["dealer_double"] = draw(st.booleans())
    if draw(st.booleans()):
        a, b, c = draw(st.integers(0, 8)), draw(st.integers(0, 8)), draw(st.integers(1, 8))
        if a + b > 0:
            sw["payment_split"] = {"discarder": a, "others": b, "self_draw": c}
    if "payment_split" not in sw:
        sw["responsibility"] = draw(st.sampled_from(["seed", "full", "half"]))
    sw["unit"] = draw(st.sampled_from([1, 2, 5, 100]))
    return sw


SAMPLE_HANDS = [ex for ex in HANDS if "flower_win" not in ex["args"] and "liable" not in ex["args"]]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(switch_sets(), st.sampled_from(SAMPLE_HANDS), st.integers(0, 3))
def test_scoring_under_random_switches(sw: dict[str, Any], ex: dict[str, Any], dealer: int) -> None:
    """Totals are the sum of the elements (capped), or a limit alone; payments sum to zero;
    nothing but a documented error is raised."""
    rules = Ruleset.hong_kong(**sw)
    try:
        r = score_hand(ex, rules)
    except InvalidHandError:
        return  # a situation these switches refuse (136 tiles with bonus tiles, ...)
    if r.interpretation == "" and not r.is_win:
        return
    max_faan = sw["max_faan"]
    if r.limit is not None:  # a limit element (L1-L8, or an X code valued "limit") alone
        assert [(e.code, e.faan) for e in r.elements] == [(r.limit, max_faan)]
        assert r.faan == r.raw_faan == max_faan
    else:
        assert r.raw_faan == sum(e.faan for e in r.elements)
        assert r.faan == min(r.raw_faan, max_faan)
    assert sum(r.payments.values()) == 0
    if r.is_win:
        counted = r.faan if sw["bonus_faan_in_minimum"] else r.qualifying
        assert counted >= sw["min_faan"]


@settings(max_examples=150, deadline=None)
@given(
    switch_sets(),
    st.integers(0, 3),
    st.lists(st.integers(1, 13), min_size=1, max_size=3),
    st.booleans(),
    st.integers(0, 3),
    st.one_of(st.none(), st.integers(0, 3)),
)
def test_settlement_sums_to_zero(
    sw: dict[str, Any],
    discarder: int,
    values: list[int],
    self_drawn: bool,
    dealer: int,
    liable: int | None,
) -> None:
    rules = Ruleset.hong_kong(multiple_winners="all", liability="all", **sw)
    others = [p for p in range(4) if p != discarder]
    if self_drawn:
        wins = [{"winner": others[0], "value": values[0], "self_drawn": True, "liable": liable}]
    else:
        wins = [
            {"winner": w, "value": v, "discarder": discarder, "liable": liable}
            for w, v in zip(others, values, strict=False)
        ]
    try:
        s = rules.settle(wins, dealer=dealer)
    except InvalidHandError:
        assert liable is not None and any(w["winner"] == liable for w in wins)
        return
    assert sum(s["payments"].values()) == 0


# --------------------------------------------------------------------------- match flows (§19.10)

MATCHES = [ex for ex in of_kind("flow") if ex["setup"].get("match")]


def wins_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    """A deal's result as ``Match.play_deal`` wins; HF11's bare ``"Pn"`` winners are 3-faan wins
    (self-drawn alone, else on the discard of a player who did not win)."""
    if result["outcome"] != "win":
        return []
    names = result["winners"]
    out: list[dict[str, Any]] = []
    for w in names:
        if isinstance(w, str):
            if len(names) == 1:
                out.append({"winner": int(w[1]), "value": 3, "self_drawn": True})
            else:
                d = next(q for q in range(4) if f"P{q}" not in names)
                out.append({"winner": int(w[1]), "value": 3, "discarder": d})
        else:
            d = w.get("discarder")
            out.append(
                {
                    "winner": int(w["player"][1]),
                    "value": w["faan"],
                    "self_drawn": w["self_drawn"],
                    "discarder": None if d is None else int(d[1]),
                }
            )
    return out


def play_match(ex: dict[str, Any], **override: Any) -> dict[str, Any]:
    rules = Ruleset.hong_kong(**{**ex["switches"], **override})
    m = mf.Match(rules, deals=ex["setup"]["deals"]) if "deals" in ex["setup"] else mf.Match(rules)
    got: dict[str, Any] = {
        k: [] for k in ("dealers", "dealer_streak", "prevailing_wind", "passes_after", "payments")
    }
    for res in ex["setup"]["results"]:
        nd = m.next_deal()
        assert nd is not None
        got["dealers"].append(nd["dealer"])
        got["dealer_streak"].append(nd["dealer_streak"])
        got["prevailing_wind"].append(f"{nd['prevailing_wind'] + 1}z")
        fw = int(res["false_winner"][1]) if res["outcome"] == "false_win" else None
        d = m.play_deal(wins_of(res), false_win=fw)
        got["passes_after"].append(d["passes_after"])
        got["payments"].append(d["payments"])
        got["dealer_after_last"] = d["dealer_after"]
    assert m.is_over
    got.update(final_scores=m.scores, deals_played=m.deals, end=m.end)
    return got


@pytest.mark.parametrize("ex", MATCHES, ids=[ex["id"] for ex in MATCHES])
def test_match_flow(ex: dict[str, Any]) -> None:
    got = play_match(ex)
    for key, want in ex["expect"].items():
        if key.startswith("with_"):
            again = play_match(ex, dealer_repeat=key[len("with_") :])
            for k, v in want.items():
                assert again[k] == v, (key, k)
        else:
            assert got[key] == want, key


def test_the_recorded_switch_set_gains_the_new_switches_at_their_defaults() -> None:
    """HK §19.1 principle 4: logs and records write ``Ruleset.to_dict()``; at the defaults it is
    the six switches of §18 and the seventeen of §19.2 at their defaults, and a log written
    before them (the six alone) reads back as the same ruleset."""
    d = Ruleset.hong_kong().to_dict()
    old = {
        "min_faan": 3,
        "max_faan": 13,
        "spiciness": "spicy",
        "responsibility": "seed",
        "unit": 1,
        "rotate_dealer": False,
    }
    assert list(d["switches"])[:6] == list(old)
    assert {k: v for k, v in d["switches"].items() if k not in old} == {
        "tile_set": 144,
        "element_values": {},
        "seven_pairs": "with_concealed",
        "flowers_break_concealed": False,
        "bonus_faan_in_minimum": True,
        "all_chows_pair": "suited",
        "flower_win": "off",
        "multiple_winners": "head_bump",
        "liability": "none",
        "liability_discard": "discarder",
        "payment_split": None,
        "dealer_double": False,
        "dealer_repeat": "never",
        "match_length": "independent",
        "max_deals": 64,
        "false_win": "reject",
        "pass_over": "none",
    }
    assert Ruleset.from_json({"name": "hong-kong", "switches": old}) == Ruleset.hong_kong()
