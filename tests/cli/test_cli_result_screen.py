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


# HK §19.10: the screen names who deals next as the settlement decided it (issue 39: after
# P3 won, it said "You stay dealer")
_HF4 = ["5s 11m 99m 1p 9p 66z 77z 55z 4z", "123m 456m 789m 234p 5s", "123p 456p 789p 234s 5s",
        "111z 222z 333z 678s 5s"]  # fmt: skip
_HF1 = ["5p 234m 678m 34p 678s 11z", "55p 7z 9s", "123p 5m 9m 45s 12s 6789p",
        "66z 5z 34s 99m 78p 56s 2p 3m"]  # fmt: skip


def _screen(res: object, rules: object) -> str:
    with console.capture() as cap:
        show_result(res, ascii=True, rules=rules)
    return cap.get()


@pytest.mark.parametrize(
    "switches, other_won, dealer_won",
    [
        ({}, "You deal the next deal too (the dealer does not rotate).", "You won as dealer: you stay dealer."),
        ({"rotate_dealer": True}, "The deal passes to P1.", "The deal passes to P1."),
        ({"rotate_dealer": True, "dealer_repeat": "on_win"}, "The deal passes to P1.",
         "You won as dealer: you stay dealer (streak 1)."),
        ({"rotate_dealer": True, "dealer_repeat": "on_win_or_draw"}, "The deal passes to P1.",
         "You won as dealer: you stay dealer (streak 1)."),
    ],
)  # fmt: skip
def test_the_next_dealer_under_each_dealer_repeat(
    switches: dict, other_won: str, dealer_won: str
) -> None:
    import mahjong_fast as mf
    from mahjong_fast.game import Action, ActionType, Deal

    rules = mf.Ruleset.hong_kong(**switches)
    # P1 wins on the dealer P0's discard
    d = Deal.from_hands(_HF4, rules=rules)
    d.apply(
        next(
            a for a in d.legal_actions(0) if a.type is ActionType.DISCARD and a.tiles[0] >> 2 == 22
        )
    )
    d.apply(Action(ActionType.WIN, 1))
    while d.result is None:
        d.apply(Action(ActionType.PASS, d.to_act[0]))
    out = _screen(d.result, rules)
    assert other_won in out and "stay dealer" not in out, out
    # the dealer P0 wins on the dealt tiles
    d = Deal.from_hands(_HF1, melds=["", "pung[111m] pung[999p] pung[222s]", "", ""], rules=rules)
    d.apply(Action(ActionType.SELF_DRAWN_WIN, 0))
    assert dealer_won in _screen(d.result, rules)


def test_a_false_win_on_the_screen() -> None:
    import mahjong_fast as mf
    from mahjong_fast.game import Action, ActionType, Deal

    rules = mf.Ruleset.hong_kong(
        false_win="pay_four_faan", rotate_dealer=True, dealer_repeat="on_win_or_draw"
    )
    d = Deal.from_hands(_HF4, rules=rules)
    d.apply(Action(ActionType.SELF_DRAWN_WIN, 0))  # no winning hand: a false win (HK §19.11)
    out = _screen(d.result, rules)
    assert "false win by You" in out and "pay each other player 16" in out
    assert "False win: you stay dealer" in out
