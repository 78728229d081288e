"""The ``expert`` seat and the hints that agree with it (the issue "An expert seat that is
strong under every ruleset, and hints that agree with it"): the core's simulated deals equal
the Python loop's with ``ExpertSeat``; it is reachable from ``make_seat``, ``simulate`` and the
arena; the hint's first option is the expert's decision on seeded views of every ruleset; the
waits text uses the ruleset's minimum."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.arena import arena
from mahjong_fast.game.actions import Action
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.rules import Ruleset
from mahjong_fast.seats import SEAT_KINDS, ExpertSeat, GreedySeat, make_seat
from mahjong_fast.seats.expert_hint import expert_ranking, ranking_text
from mahjong_fast.seats.hints import _waits_with_values
from mahjong_fast.simulate import simulate

RULESETS = [
    Ruleset.hong_kong(rotate_dealer=True),
    Ruleset.from_name("taiwanese-high"),
    Ruleset.from_name("taiwanese-low"),
    Ruleset.hong_kong(min_faan=0),
]


@pytest.mark.parametrize("rules", RULESETS[:3], ids=lambda r: r.name)
def test_core_deals_equal_python_loop_deals(rules: Ruleset) -> None:
    seed = 77
    seats = ("expert", "greedy", "expert", "strong")
    core = _core.Simulator(seed, list(seats), rules, 2).run(0, 12)
    players = [make_seat(k, seed) for k in seats]
    assert isinstance(players[0], ExpertSeat)
    for i in range(12):
        deal = new_deal(players, seed=seed, deal_index=i, record=False, rules=rules)
        rec = run_deal(deal, players, rules=rules).to_record()
        rec["seed"] = seed
        assert rec == core[i], (rules.name, i)
    assert any(r["winners"] for r in core)


def test_simulate_and_arena_accept_expert() -> None:
    assert "expert" in SEAT_KINDS
    e = simulate(32, ("expert",) * 4, seed=3, workers=1).records
    s = simulate(32, ("strong",) * 4, seed=3, workers=1).records
    assert e is not None and s is not None and e != s
    assert all(w["value"] >= 3 for r in e for w in r["wins"])
    rep = arena(["expert", "greedy", "greedy", "greedy"], walls=4, seed=1, workers=1)
    assert [p.seat for p in rep.seats] == ["expert", "greedy"] and rep.seats[0].deals == 16


class _Checker(GreedySeat):
    """Plays greedy (a variety of positions) and, at every decision with a choice, compares
    the hint's first option with the expert seat's decision on the same view."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.expert = ExpertSeat()
        self.compared = 0

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) > 1:
            ranked = expert_ranking(view, legal)
            assert ranked[0][0] == self.expert.choose(view, legal)
            assert len(ranked) == len(legal)
            assert ranking_text(view, legal).startswith("expert (points): ")
            self.compared += 1
        return super().choose(view, legal)


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.name}-{r.min_value}")
def test_the_hints_first_option_is_the_experts_decision(rules: Ruleset) -> None:
    players = [_Checker(s) for s in range(4)]
    i = 0
    while sum(p.compared for p in players) < 1000:
        deal = new_deal(players, seed=11, deal_index=i, record=False, rules=rules)
        run_deal(deal, players, rules=rules)
        i += 1
    assert i < 200


def test_a_min_faan_0_game_never_calls_a_1_faan_wait_cannot_win() -> None:
    # all chows won on a discard: 1 faan (F7), below the default minimum of 3, legal at 0
    h = mf.Hand.parse("123m456p789s234s5s")
    for rules, refused in [(Ruleset.hong_kong(min_faan=0), False), (Ruleset.hong_kong(), True)]:
        view = SimpleNamespace(rules=rules, seat_wind=1, prevailing_wind=0, bonus_mask=lambda: 1)
        text = _waits_with_values(view, list(h.counts), h.core_melds)
        assert ("cannot win" in text or "below 3" in text) is refused, text
        if not refused:
            assert "below" not in text


def test_values_are_one_per_option_and_bad_input_is_a_typed_error() -> None:
    h = mf.Hand.parse("123m456p789s234s5s1z")
    counts = list(h.counts)
    legal = [(0, k) for k in range(34) if counts[k]]
    args: dict[str, Any] = {
        "player": 1,
        "dealer": 0,
        "seat_winds": [0, 1, 2, 3],
        "discards": [[], [], [], []],
        "table_melds": [[], [], [], []],
        "remaining": 50,
    }
    agent = _core.ExpertAgent("taiwanese-high")
    h16 = mf.Hand.parse("123567m456p789s234s5s1z")
    c16 = list(h16.counts)
    legal16 = [(0, k) for k in range(34) if c16[k]]
    values = agent.option_values(c16, [], [3] * 34, None, legal16, **args)
    assert len(values) == len(legal16)
    best = agent.choose(c16, [], [3] * 34, None, legal16, **args)
    assert values[best] == max(values)
    # a single wait either way: the honour goes (no honours, H02)
    assert legal16[best] == (0, 27)
    with pytest.raises(mf.InvalidHandError, match="player"):
        _core.ExpertAgent().choose(counts, [], [3] * 34, None, legal, **{**args, "player": 4})
    with pytest.raises(mf.InvalidHandError, match="dealer_streak"):
        _core.ExpertAgent().choose(counts, [], [3] * 34, None, legal, **{**args, "dealer_streak": -1})
    with pytest.raises(TypeError, match="legal"):
        _core.ExpertAgent().option_values(counts, [], [3] * 34, None, 5, **args)


def test_the_hint_puts_passing_first_when_the_expert_waits_for_a_bigger_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint's order follows the expert's rule for a win on offer: the win first, unless
    passing is valued above it (the seat lets the discard go to wait for a far bigger
    self-drawn win, as ``_core.ExpertAgent`` decides)."""
    from mahjong_fast.game.actions import ActionType
    from mahjong_fast.seats import expert_hint

    legal = [
        Action(ActionType.PUNG, 1, (8, 9)),
        Action(ActionType.WIN, 1),
        Action(ActionType.PASS, 1),
    ]
    cases = [([50.0, 96.0, 7000.0], ActionType.PASS), ([500.0, 96.0, 40.0], ActionType.WIN)]
    for values, first in cases:
        monkeypatch.setattr(expert_hint._SEAT, "option_values", lambda view, legal, v=values: v)
        ranked = expert_ranking(SimpleNamespace(), legal)
        assert ranked[0][0].type is first
        assert sorted(v for _, v in ranked) == sorted(values)


def test_the_core_expert_lets_a_discard_pass_to_wait_for_the_self_drawn_limit() -> None:
    """HK L8 (rules §10.4): 111m 555p 999s with the pairs 22m 88p, offered 2m by West: won on
    the discard it is 5 faan (96 points), self-drawn a limit (24,576); the expert passes, and
    values passing above the win. With both waits gone it wins."""
    h = mf.Hand.parse("111m555p999s22m88p")
    counts = list(h.counts)
    unseen = [4 - c for c in counts]
    unseen[1] -= 1  # the 2m on offer
    from mahjong_fast.game.actions import ActionType
    from mahjong_fast.seats.greedy import _CODE

    legal = [(_CODE[ActionType.WIN], 0), (_CODE[ActionType.PASS], 0)]
    args: dict[str, Any] = {
        "player": 1,
        "dealer": 0,
        "seat_winds": [0, 1, 2, 3],
        "discards": [[], [], [(4, None)], []],  # West's 2m
        "table_melds": [[], [], [], []],
        "remaining": 40,
    }
    agent = _core.ExpertAgent("hong-kong")
    assert agent.choose(counts, [], unseen, 1, legal, **args) == 1
    win, wait = agent.option_values(counts, [], unseen, 1, legal, **args)
    assert wait > win >= 96
    dead = list(unseen)
    dead[1] = dead[16] = 0  # no 2m, no 8p left
    assert agent.choose(counts, [], dead, 1, legal, **args) == 0


def test_the_expert_robs_a_kong_at_its_real_value() -> None:
    """HK §7.3: in a robbing window the seat is given the tile being added, so the win on offer
    is valued as the engine scores it (here 11 faan with F13: 6,144 points) and taken; valued
    at the minimum, waiting looked better and the seat passed it."""
    from mahjong_fast.game.actions import ActionType
    from mahjong_fast.game.deal import Deal

    d = Deal.from_hands(
        ["19p19s1234567z5s8s", "1112233567789m", "4m 123p 456p 789s 2z", "2468p2468s 66z 9p 3s 3p"],
        dealer=0,
        active=2,
        melds=["", "", "[444m]", ""],
    )
    d.apply(next(a for a in d.legal_actions(2) if a.type is ActionType.ADDED_KONG))
    view, legal = d.view(1), d.legal_actions(1)
    assert view.kong_tile is not None and {a.type for a in legal} == {ActionType.WIN, ActionType.PASS}
    assert ExpertSeat().choose(view, legal).type is ActionType.WIN
    ranked = expert_ranking(view, legal)
    assert ranked[0][0].type is ActionType.WIN and ranked[0][1] == 6144.0
    assert mf.score("1112233567789m", "4m", seat_wind="S", robbing_kong=True).value == 11
