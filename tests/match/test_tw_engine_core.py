"""The Taiwanese game through the core's bindings (``_core.Deal``, ``Simulator.run_matches``):
16/17-tile deals with the round wind and the dealer's streak, results with every winner and
the TW §15–§16 settlement, and matches whose records do not depend on the thread count."""

from __future__ import annotations

import random

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, InvalidHandError


def _play(deal: _core.Deal, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    while not deal.ended:
        p = deal.to_act[0]
        deal.apply_code(rng.choice(deal.legal(p)))
    result = deal.result()
    assert result is not None
    return result


@pytest.mark.parametrize("name", ["taiwanese-high", "taiwanese-low"])
def test_a_taiwanese_deal_plays_to_its_end(name: str) -> None:
    rules = mf.Ruleset.from_name(name)
    for i in range(20):
        deal = _core.Deal(
            list(_core.wall(7, i)), i % 4, None, i, rules=rules, prevailing_wind=1, dealer_streak=2
        )
        # TW §4.1, §4.3: 17 tiles for the dealer, 16 for the others; §4.2: 63 live tiles
        # minus one per initial bonus replacement
        assert [deal.hand_size(p) for p in range(4)] == [17 if p == i % 4 else 16 for p in range(4)]
        assert deal.remaining == 63 - sum(len(b) for b in deal.bonus())
        assert (deal.prevailing_wind, deal.dealer_streak, deal.interrupted) == (1, 2, False)
        r = _play(deal, i)
        assert sum(r["payments"]) == 0  # type: ignore[arg-type]
        assert (r["prevailing_wind"], r["dealer_streak"]) == (1, 2)
        settlement = r["settlement"]
        assert isinstance(settlement, dict)
        if not r["winners"]:
            assert settlement == {"dealer_after": i % 4, "streak_after": 2, "passed": False}
        for w in r["wins"]:  # type: ignore[attr-defined]
            assert w["unit"] == "tai" and w["value"] >= rules.min_value


def test_hong_kong_deals_keep_their_result_and_gain_only_keys() -> None:
    deal = _core.Deal(list(_core.wall(1, 0)))
    r = _play(deal, 0)
    # HK §12 settles a deal too: without rotate_dealer P0 keeps dealing, no streak
    assert r["settlement"] == {"dealer_after": 0, "streak_after": 0, "passed": False}
    assert r["prevailing_wind"] == 0 and r["dealer_streak"] == 0
    assert [deal.hand_size(p) for p in range(4)] == [13, 13, 13, 13] or r["winners"]


def test_options_are_checked() -> None:
    wall = list(_core.wall(1, 0))
    rules = mf.Ruleset.taiwanese()
    with pytest.raises(InvalidHandError, match="prevailing_wind"):
        _core.Deal(wall, rules=rules, prevailing_wind=4)
    with pytest.raises(InvalidHandError, match="dealer_streak"):
        _core.Deal(wall, rules=rules, dealer_streak=-1)
    with pytest.raises(TypeError, match="prevailing_wind"):
        _core.Deal(wall, rules=rules, prevailing_wind="E")  # type: ignore[arg-type]


def test_below_minimum_through_the_binding() -> None:
    # the dealer's complete dealt hand (heavenly blessing) under min_tai 200 (TW §14, §17)
    # 123m 456m 789m 123p 789s 99s, as kinds (1000 + k: the lowest free copy of kind k)
    hand = [1000 + k for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 24, 25, 26, 26, 26)]
    others = [
        [1000 + k for k in (0, 8, 9, 17, 27, 28, 29, 30, 31, 32, 33, 27, 28, 29, 30, 17)],
        [1000 + k for k in (1, 1, 2, 2, 4, 4, 5, 5, 15, 15, 16, 16, 30, 30, 12, 13)],
        [1000 + k for k in (18, 18, 18, 19, 19, 19, 20, 20, 20, 21, 21, 21, 22, 22, 32, 33)],
    ]
    args = (0, None, [hand, *others], [[], [], [], []], [[], [], [], []], [], [], 1, [0] * 4, 0)
    deal = _core.Deal.from_setup(*args, rules=mf.Ruleset.taiwanese(tai_table="low", min_tai=200))
    with pytest.raises(IllegalActionError, match="BELOW_MINIMUM|minimum"):
        deal.apply(1, 0, [])
    deal = _core.Deal.from_setup(*args, rules=mf.Ruleset.taiwanese(tai_table="low"))
    deal.apply(1, 0, [])
    r = deal.result()
    assert r is not None and r["winners"] == [0]
    codes = {e.code for e in r["wins"][0]["score"].elements}
    assert "L31" in codes


def test_matches_are_the_same_for_any_thread_count() -> None:
    seats = ["greedy", "random", "greedy", "value"]
    one = _core.Simulator(11, seats, "taiwanese-high", 1).run_matches(2, 6)
    two = _core.Simulator(11, seats, "taiwanese-high", 2).run_matches(2, 6)
    assert one == two
    alone = _core.Simulator(11, seats, "taiwanese-high", 1).run_matches(4, 5)
    assert alone == [r for r in one if r["match_index"] == 4]
    per_deal_keys = set(_core.Simulator(11, seats, "taiwanese-high", 1).run(0, 1)[0])
    for r in one:
        assert per_deal_keys <= set(r)
        assert r["deal_index"] == r["match_index"] << 32 | r["deal_in_match"]
        assert [w["seat"] for w in r["wins"]] == r["winners"]
    with pytest.raises(ValueError):
        _core.Simulator(11, seats, "taiwanese-high", 1).run_matches(3, 2)
