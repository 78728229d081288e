"""The result screen names the dealer's streak only where the ruleset has one (TW §15, §16):
Hong Kong deals (HK §12) have none, so a Hong Kong draw never mentions it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mahjong_fast.cli.common import console
from mahjong_fast.cli.result import show_result


def _drawn_deal() -> SimpleNamespace:
    return SimpleNamespace(
        deal_index=0, dealer=0, prevailing_wind=0, dealer_streak=0, winners=(), winner=None,
        final_hands=[(), (), (), ()], final_melds=None, bonus=None, exhaustive_draw=True,
        draw_reason="wall_exhausted", wins=(), payments=None, passed=False, dealer_after=0,
        streak_after=1, scores=[0, 0, 0, 0],
    )  # fmt: skip


@pytest.mark.parametrize("rules, streak", [("hong-kong", False), ("taiwanese-high", True)])
def test_a_draw_names_the_streak_only_under_taiwanese_rules(rules: str, streak: bool) -> None:
    with console.capture() as cap:
        show_result(_drawn_deal(), ascii=True, rules=rules)
    out = cap.get()
    assert "Draw: you stay dealer" in out
    assert ("streak" in out) is streak, out
