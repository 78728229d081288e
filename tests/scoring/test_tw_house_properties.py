"""Property tests over random Taiwanese switch sets (TW §20): building a ruleset raises only a
``RuleConfigError`` with a §20.3 code; scoring raises only the documented errors, and a score's
value is the sum of its elements; settlement raises only ``InvalidHandError`` and its payments
sum to zero."""

from __future__ import annotations

from typing import Any

import mahjong_fast as mf
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import InvalidHandError, RuleConfigError

ROWS = list(mf.Ruleset.switch_table("taiwanese-high"))
CODES = {"CE-UNKNOWN", "CE-TABLE", "CE-DEP", "CE-CAP", "CE-OVR", "CE-4K", "CE-LIAB"}
PATTERNS = ["five_kongs", "four_kongs", "big_four_winds", "small_four_winds", "big_three_dragons",
            "small_three_dragons", "all_honors", "full_flush", "half_flush", "all_pungs"]  # fmt: skip
HANDS = [
    ("123m456m789p234s67s55s", "8s"), ("123456m23456p123s77z", "1p"),
    ("111222333444z5557z", "7z"), ("1122334455667788m", "1m"), ("23456p123456s77z pung[111m]", "1p"),
    ("123m12p44z pung[111z] pung[222z] pung[333z]", "3p"), ("555p7z ckong[1111m] kong[2222m] ckong[3333m] kong[4444m]", "7z"),
]  # fmt: skip


def _value(row: Any, draw: Any) -> Any:
    a = row.allowed
    if row.name == "liability":
        return draw(st.lists(st.sampled_from(PATTERNS), max_size=3))
    if row.name == "tai_overrides":
        return draw(st.dictionaries(st.sampled_from(["C09", "C19", "H42", "L01", "C43", "H40"]),
                                    st.integers(0, 70), max_size=2))  # fmt: skip
    if isinstance(a, range):
        return draw(st.integers(a.start, min(a.stop - 1, a.start + 40)))
    if isinstance(a, list):
        return draw(st.sampled_from(a))
    return draw(st.one_of(st.none(), st.integers(1, 30)))


@st.composite
def switch_sets(draw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"tai_table": draw(st.sampled_from(["high", "low", "sml", "star31", "shenlaiye"]))}
    for row in draw(st.lists(st.sampled_from(ROWS), max_size=8, unique_by=lambda r: r.name)):
        if row.name != "tai_table":
            out[row.name] = _value(row, draw)
    return out


@settings(max_examples=150, deadline=None)
@given(sw=switch_sets(), data=st.data())
def test_random_switch_sets_score_and_settle_only_with_documented_errors(sw: dict[str, Any], data: Any) -> None:
    try:
        rules = mf.Ruleset.taiwanese(**sw)
    except RuleConfigError as e:
        assert e.code in CODES and e.switch in sw, (sw, e)
        return
    hand, win = data.draw(st.sampled_from(HANDS))
    self_drawn = data.draw(st.booleans())
    try:
        r = mf.score(hand, win, seat_wind=data.draw(st.sampled_from("ESWN")), self_drawn=self_drawn,
                     discarder=None if self_drawn else "N", rules=rules,
                     declared_ready=data.draw(st.sampled_from([None, True])),
                     bonus=data.draw(st.sampled_from(["", "1f", "1f 2f 3f 4f", "1f 2f 3f 4f 5f 6f 7f 8f"])))  # fmt: skip
    except InvalidHandError:
        pass
    else:
        assert r.value == sum(e.value for e in r.elements)
        assert r.is_win is (r.value >= rules.switches["min_tai"]) or r.interpretation is None
        if r.payments is not None and r.is_win:
            assert sum(r.payments.values()) == 0
    wins = data.draw(st.sampled_from([
        [{"winner": "S", "tai": 7, "self_drawn": True}],
        [{"winner": "S", "tai": 3, "self_drawn": False, "discarder": "E"},
         {"winner": "W", "tai": 12, "self_drawn": False, "discarder": "E"},
         {"winner": "N", "tai": 0, "self_drawn": False, "discarder": "E"}],
        [{"winner": "E", "tai": 20, "self_drawn": False, "discarder": "W", "liable": "S"}],
        [{"winner": "N", "tai": 9, "self_drawn": True, "liable": "W"}],
    ]))  # fmt: skip
    try:
        s = rules.settle(wins, dealer="E", dealer_streak=data.draw(st.integers(0, 5)))
    except InvalidHandError:
        assert any("liable" in w for w in wins) and not rules.switches["liability"]
    else:
        assert sum(s["payments"].values()) == 0
