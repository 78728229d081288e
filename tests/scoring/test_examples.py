"""The worked scoring examples of HK §15, through the public ``mahjong_fast.score``.

The examples are loaded from ``tests/data/hong-kong-examples.json``, a copy of
``rules/hong-kong-examples.json`` (CI has no access to the shared rules directory). Each example
is one test case whose id is the example id (``E1`` … ``E31``, ``E22a``, ``E27-West``, …).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import mahjong_fast
import pytest
from mahjong_fast import score

DATA = Path(__file__).parent.parent / "data" / "hong-kong-examples.json"
# the §15 entries (E…); the §18 switch examples V1-V7 are tests/rules/test_rules.py's
EXAMPLES: list[dict[str, Any]] = [
    ex for ex in json.loads(DATA.read_text(encoding="utf-8")) if not ex["id"].startswith("V")
]
BY_ID = {ex["id"]: ex for ex in EXAMPLES}
WINDS = "ESWN"


def hand_of(args: dict[str, Any]) -> str:
    """The scorer's hand string: concealed tiles, declared sets, bonus tiles (rules §2.5)."""
    parts = [args["before"], *args.get("declared", [])]
    if args.get("bonus"):
        parts.append(args["bonus"])
    return " ".join(parts)


def score_example(ex: dict[str, Any]):
    a = ex["args"]
    return score(
        hand_of(a),
        a["win_tile"],
        self_drawn=a.get("self_drawn", False),
        seat_wind=a["seat"],
        prevailing_wind="E",
        robbing_kong=a.get("robbing_kong", False),
        kong_replacement=a.get("kong_replacement", False),
        last_tile=a.get("last_wall_tile", False) or a.get("last_discard", False),
        dealer_start=a.get("dealer_start", False),
        discarder=a.get("discarder"),
    )


def groups(interpretation: str) -> Counter[str]:
    """The multiset of tile groups of a reading, ignoring declared-set tags and brackets.

    ``"111m 222m 333m pung[555p] 99s"`` and ``"[555p] 111m 222m 333m 99s"`` compare equal.
    """
    out: Counter[str] = Counter()
    for token in interpretation.replace(",", " ").split():
        token = re.sub(r"^[a-z]*[\[(]|[\])]$", "", token)
        if token:
            out[token] += 1
    return out


def test_example_file_is_complete() -> None:
    ids = {ex["id"] for ex in EXAMPLES}
    expected = {f"E{n}" for n in range(1, 32) if n not in (22, 27)}
    expected |= {"E22a", "E22b", "E27-West", "E27-North", "E29-earlier"}
    assert expected <= ids


@pytest.mark.parametrize("ex", EXAMPLES, ids=[ex["id"] for ex in EXAMPLES])
def test_worked_example(ex: dict[str, Any]) -> None:
    result = score_example(ex)
    legal = ex.get("legal", True)

    assert result.faan == ex["faan"]
    assert [(e.code, e.faan) for e in result.elements] == [tuple(e) for e in ex["elements"]]
    if "raw" in ex:
        assert result.raw_faan == ex["raw"]
        assert result.raw_faan > result.faan == 13
    else:
        assert result.raw_faan == max(ex["faan"], sum(f for _, f in ex["elements"]))

    assert result.is_win is legal
    if legal:
        assert result.reason is None
        assert result.faan >= 3
    else:
        assert result.reason == ex["reason"]

    payments = {w: result.payments.get(w, 0) for w in WINDS}
    assert payments == ex["payments"]
    assert sum(payments.values()) == 0

    # a limit hand reports exactly its L-code, 13 and nothing else (rules §10.4, §14a)
    codes = [e.code for e in result.elements]
    if any(c.startswith("L") for c in codes):
        assert len(codes) == 1
        assert result.limit == codes[0]
        assert result.faan == result.raw_faan == 13
    else:
        assert result.limit is None

    if legal and "final" in ex:
        assert groups(result.interpretation) == groups(ex["final"])


# --- targeted tests from the text of §15 -----------------------------------------------------


def test_e3_chow_reading_is_chosen() -> None:
    """E3: the pung reading is 2 faan, the chow reading 3; the chow reading is the score."""
    result = score_example(BY_ID["E3"])
    assert result.is_win and result.faan == 3
    assert groups(result.interpretation) == groups("123m 123m 123m 789p 55s")
    assert "F1" in [e.code for e in result.elements]


def test_e4_pung_reading_is_chosen_and_not_l8() -> None:
    """E4: the pung reading (5) beats the chow reading (2); not L8 because a set is claimed."""
    result = score_example(BY_ID["E4"])
    assert result.faan == 5
    assert groups(result.interpretation) == groups("111m 222m 333m pung[555p] 99s")
    assert result.limit is None
    assert "F2" in [e.code for e in result.elements]


def test_e3_both_readings_exist() -> None:
    """E3's winning tiles split both ways; decompose lists both readings."""
    readings = [groups(r) for r in mahjong_fast.decompose("111222333m789p55s")]
    for text, _faan in BY_ID["E3"]["readings"]:
        assert groups(text) in readings


def test_e8_is_nine_gates() -> None:
    result = score_example(BY_ID["E8"])
    assert result.limit == "L7" and result.faan == 13


def test_e9_is_not_nine_gates() -> None:
    """E9: the final tiles equal nine gates plus 5s, but the 13 tiles before the win were not
    1112345678999s, so L7 does not apply (rules §10.4, strict reading §17.11)."""
    ex = BY_ID["E9"]
    result = score_example(ex)
    assert result.limit is None
    assert "L7" not in [e.code for e in result.elements]
    assert result.faan == 9
    # the only reading
    assert groups(result.interpretation) == groups("111s 234s 55s 678s 999s")
    assert len(mahjong_fast.decompose(ex["final_tiles"])) == 1


def test_e22_four_concealed_pungs_limit_only_when_self_drawn() -> None:
    assert score_example(BY_ID["E22a"]).limit == "L8"
    b = score_example(BY_ID["E22b"])
    assert b.limit is None and b.faan == 5


def test_e29_last_discard_makes_the_hand_legal() -> None:
    last = score_example(BY_ID["E29"])
    earlier = score_example(BY_ID["E29-earlier"])
    assert last.is_win and last.faan == 3
    assert not earlier.is_win and earlier.faan == 2 and earlier.reason == "BELOW_MINIMUM"
    assert {w: earlier.payments.get(w, 0) for w in WINDS} == dict.fromkeys(WINDS, 0)


def test_e30_e31_self_draw_decides_legality() -> None:
    assert score_example(BY_ID["E30"]).is_win
    e31 = score_example(BY_ID["E31"])
    assert not e31.is_win and e31.reason == "BELOW_MINIMUM" and e31.faan == 2


def test_e27_head_bump_both_claims_are_legal_alone() -> None:
    """E27: both claims are legal wins on their own; the head bump is a game rule (§6.2)."""
    west = score_example(BY_ID["E27-West"])
    north = score_example(BY_ID["E27-North"])
    assert west.is_win and west.faan == 9
    assert north.is_win and north.faan == 3


def test_limit_cap_reports_raw() -> None:
    for key in ("E20", "E21"):
        result = score_example(BY_ID[key])
        assert result.faan == 13 and result.raw_faan == 14 and result.limit is None
