"""TW §20.7.2 liability 包牌 in the deal: a claim that makes a listed pattern threaten records the
discarder (a public ``liability`` event, ``Deal.liabilities``), and a win whose breakdown holds
the guarded element is paid by the liable seat (with ``liability_discard_split``, half each).
Whole deals under every pattern keep payments summing to zero and replay exactly."""

from __future__ import annotations

import io

import mahjong_fast as mf
import pytest
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.events import visible_event
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.game.match import deal_wall, run_deal
from mahjong_fast.seats import make_seat

HIGH = mf.Ruleset.from_name("taiwanese-high")
PATTERNS = [
    "five_kongs", "four_kongs", "big_four_winds", "small_four_winds", "big_three_dragons",
    "small_three_dragons", "all_honors", "full_flush", "half_flush", "all_pungs",
]  # fmt: skip
# South holds pungs of white and green and a pair of red; East's discard of red lets South pung
# it (big three dragons threatens), then West discards the 4m South wins on
HANDS = [
    "7z 1p 4p 7p 2s 5s 8s 3p 6p 9m 1z 2z 3z 4z 1z 2z 3z",
    "77z 123m 456m 99p",
    "1s 4s 7s 2p 5p 8p 3s 6s 9s 3m 6m 9m 1z 2z 3z 4z",
    "2m 5m 8m 1p 4p 7p 2s 5s 8s 3p 6p 9p 7m 7m 8p 8p",
]


def _play(rules: mf.Ruleset) -> Deal:
    d = Deal.from_hands(
        HANDS, dealer=0, active=0, melds=["", "[555z] [666z]", "", ""],
        discards=["8m 9s", "9s 8m", "6p 5p", "1s 2s"], wall="4m", rules=rules,
    )  # fmt: skip
    red = next(t for t in d.hands[0] if t // 4 == 33)
    d.apply(Action(ActionType.DISCARD, 0, (red,)))
    d.apply(next(a for a in d.legal_actions(1) if a.type is ActionType.PUNG))
    one_m = next(t for t in d.hands[1] if t // 4 == 0)
    d.apply(Action(ActionType.DISCARD, 1, (one_m,)))
    assert d.phase is Phase.ACTION and d.to_act == (2,)
    d.apply(Action(ActionType.DISCARD, 2, (d.drawn_tile,)))  # the 4m
    d.apply(next(a for a in d.legal_actions(1) if a.type is ActionType.WIN))
    assert d.phase is Phase.ENDED
    return d


def test_no_liability_by_default():
    d = _play(HIGH)
    r = d.result
    assert "H29" in [e[0] for e in r.elements]
    assert d.liabilities == [] and not any(e.type == "liability" for e in d.events)
    assert r.payments[0] == 0 and r.payments[2] == -r.payments[1]


def test_the_feeder_of_the_third_dragon_pays_for_the_discard_win():
    plain = _play(HIGH).result.payments
    d = _play(HIGH.replace(liability=["big_three_dragons"]))
    assert d.liabilities == [(1, 0, "big_three_dragons")]
    (ev,) = [e for e in d.events if e.type == "liability"]
    assert (ev.player, ev["liable"], ev["pattern"], ev["tile"] // 4) == (1, 0, "big_three_dragons", 33)
    assert all(visible_event(ev, p) == ev for p in range(4))  # public (TW §20.6.4)
    r = d.result
    # the discarder West pays nothing; East pays the amount West would have paid
    assert r.payments == (plain[2], plain[1], 0, 0)
    assert r.wins[0].liable_paid == 0 and r.wins[0].payments == r.payments


def test_discard_split_halves_rounded_up():
    amount = -_play(HIGH).result.payments[2]
    rules = HIGH.replace(liability=["big_three_dragons", "small_three_dragons"], liability_discard_split=True)
    d = _play(rules)
    # South already held two dragon pungs: only big three dragons is reached by this claim
    assert d.liabilities == [(1, 0, "big_three_dragons")]
    half = -(-amount // 2)
    assert d.result.payments == (-half, 2 * half, -half, 0)


def test_a_pattern_whose_element_is_not_scored_does_not_apply():
    # all_pungs is recorded only with four claimed sets: South has three, nothing is recorded
    d = _play(HIGH.replace(liability=["all_pungs"]))
    assert d.liabilities == []
    assert d.result.payments == _play(HIGH).result.payments


def test_whole_deals_under_every_pattern():
    applied = 0
    for table in ("high", "low", "sml"):
        rules = mf.Ruleset.taiwanese(tai_table=table) if table != "high" else HIGH
        common = table == "sml"
        listed = [p for p in PATTERNS if common or p not in ("all_honors", "four_kongs", "five_kongs")]
        extra = {"four_kongs_element": True, "five_kongs_element": True} if common else {}
        rules = rules.replace(liability=listed, **extra)
        records = 0
        for i in range(120):
            d = Deal(deal_wall(5, i), rules=rules, dealer=i % 4)
            r = run_deal(d, [make_seat("greedy", seed=p) for p in range(4)])
            assert sum(r.payments) == 0
            records += len(d.liabilities)
            for w in r.wins:
                if w.liable_paid is not None:
                    applied += 1
                    assert (w.player, w.liable_paid) in {(s, l) for s, l, _ in d.liabilities}
                    assert w.payments[w.liable_paid] < 0
            if i < 30 and d.liabilities:
                buf = io.StringIO()
                write_log(buf, [d], seed=5)
                (back,) = replay(io.StringIO(buf.getvalue()))
                assert back.payments == r.payments
        assert records > 0, table
    assert applied > 0
