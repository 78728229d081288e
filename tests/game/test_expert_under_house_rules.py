"""The expert seat under the house rules (HK §19, TW §20; issue 41): under random presets and
switch changes every decision it makes in a whole deal is legal and among its own top-ranked
options — the option of the highest value of ``ExpertSeat.option_values`` (a ready declaration
ranks as the discard of its tile; a legal win is taken, or let pass only when passing is valued
above it), so the hints, which rank by the same values, recommend what it plays. The ready
declaration (TW §20.6.1) and the bonus-tile choice (TW §20.6.3) are decided by value in the
core, the same whether the seat plays in the Python loop or in a simulated deal."""

from __future__ import annotations

from typing import Any

import mahjong_fast as mf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.match import deal_wall
from mahjong_fast.seats import make_seat
from mahjong_fast.seats.greedy import engine_only
from mahjong_fast.tiles import kind_of

_WINS = (ActionType.WIN, ActionType.SELF_DRAWN_WIN)

# switch changes on top of a preset that act on play (each valid on every preset of its family)
HK_CHANGES = [
    {},
    {"liability": "all"},
    {"liability": "fourth_meld", "liability_discard": "liable"},
    {"pass_over": "same_kind"},
    {"multiple_winners": "all"},
    {"element_values": {"F6": 3, "F2": 5}},
]
TW_CHANGES = [
    {},
    {"liability": ["big_three_dragons", "small_three_dragons", "full_flush", "all_pungs"]},
    {"pass_over": True},
    {"base_points": 5, "tai_cap": 20},
]


@st.composite
def rulesets(draw: st.DrawFn) -> mf.Ruleset:
    name = draw(st.sampled_from(mf.presets()))
    r = mf.Ruleset.from_name(name)
    changes = draw(st.sampled_from(HK_CHANGES if r.family == "Hong Kong" else TW_CHANGES))
    changes = {k: v for k, v in changes.items() if k in r.switches}
    return r.replace(**changes) if changes else r


def top_ranked(seat: Any, view: Any, legal: list[Any], chosen: Any) -> bool:
    """Whether ``chosen`` is among the seat's own top-ranked options of ``legal``."""
    own = list(engine_only(legal))
    if chosen.type is ActionType.DECLARE_READY:
        # the declaration made with a discard ranks as that discard
        kind = chosen.tiles[0] >> 2
        chosen = next(a for a in own if a.type is ActionType.DISCARD and a.tiles[0] >> 2 == kind)
    if chosen.type not in {a.type for a in own} and chosen not in own:
        # TW §20.6.3: taking or declining a bonus-tile win is decided by value outside the
        # engine's own options (ExpertAgent.takes_bonus_win)
        return chosen.type in (ActionType.BONUS_WIN, ActionType.DECLINE)
    if chosen.type in _WINS:
        return True
    values = seat.option_values(view, own)
    best = max(values)
    i = own.index(chosen)
    if values[i] >= best - 1e-9:
        return True
    # a win let pass: passing valued above it
    return chosen.type is ActionType.PASS and any(a.type in _WINS for a in own)


@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(r=rulesets(), seed=st.integers(0, 10_000))
def test_the_expert_plays_its_top_ranked_option_under_house_rules(r: mf.Ruleset, seed: int) -> None:
    d = Deal(deal_wall(seed, 0), dealer=seed % 4, deal_index=0, rules=r)
    seats = [make_seat("expert" if p % 2 == 0 else "greedy", seed=seed + p) for p in range(4)]
    steps = checked = 0
    while d.phase is not Phase.ENDED:
        p = d.to_act[0]
        legal = d.legal_actions(p)
        view = d.view(p)
        a = seats[p].choose(view, legal)
        assert a in legal
        if p % 2 == 0 and len(legal) > 1:
            assert top_ranked(seats[p], view, list(legal), a), (r.name, a, legal)
            checked += 1
        d.apply(a)
        steps += 1
        assert steps < 2000
    assert checked > 0


def _declarations(r: mf.Ruleset, seeds: range) -> tuple[int, int]:
    """(decisions where the expert could declare ready, declarations it made) in whole deals
    of four experts under ``r``."""
    could = made = 0
    for seed in seeds:
        d = Deal(deal_wall(seed, 0), dealer=seed % 4, deal_index=0, rules=r)
        seats = [make_seat("expert", seed=seed + p) for p in range(4)]
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            a = seats[p].choose(d.view(p), legal)
            if any(x.type is ActionType.DECLARE_READY for x in legal):
                could += 1
                made += a.type is ActionType.DECLARE_READY
            d.apply(a)
    return could, made


def test_the_expert_declares_ready_only_where_the_declaration_scores() -> None:
    # TW §20.6.1: with a common table the declaration scores C15 (or keeps a qualification)
    could, made = _declarations(mf.Ruleset.from_name("taiwanese-omu-star31"), range(12))
    assert could > 0 and made > 0
    # with the high table it scores nothing: the lock alone, never taken
    high = mf.Ruleset.from_name("taiwanese-high").replace(ready_declaration=True)
    could, made = _declarations(high, range(12))
    assert could > 0 and made == 0


def test_the_expert_core_agent_answers_the_ruleset_choices_by_value() -> None:
    agent = mf._core.ExpertAgent("taiwanese-omu-star31")
    table = {
        "player": 1,
        "dealer": 0,
        "seat_winds": [0, 1, 2, 3],
        "discards": [[], [], [], []],
        "table_melds": [[], [], [], []],
        "remaining": 40,
    }
    ready = list(mf.Hand.parse("123m456m789m123p456p7s1z").counts)[:34]
    unseen = [4 - c for c in ready]
    assert agent.declares(ready, [], unseen, tile=kind_of("1z"), **table)
    # under the high table the same declaration scores nothing: never made
    high = mf._core.ExpertAgent(mf.Ruleset.from_name("taiwanese-high").replace(ready_declaration=True))
    assert not high.declares(ready, [], unseen, tile=kind_of("1z"), **table)
    far = list(mf.Hand.parse("159m26p37s1234567z1m").counts)[:34]
    assert agent.takes_bonus_win(far, [], [4 - c for c in far], value=8, self_drawn=True, **table)
    with pytest.raises(mf.InvalidHandError):
        agent.declares(ready, [], unseen, tile=34, **table)


@pytest.mark.parametrize("name", ["taiwanese-omu-star31", "taiwanese-omu-cml", "taiwanese-omu-shenlaiye"])
def test_the_python_expert_seat_plays_as_the_core_under_declarations_and_bonus_choices(name: str) -> None:
    # the Python loop's ExpertSeat and the core's expert decide alike (every backend the same
    # records), ready declarations and bonus-tile choices included
    seats = ("expert",) * 4
    core = mf.simulate(matches=2, seats=seats, rules=name, seed=3, workers=1, backend="core").records
    loop = mf.simulate(matches=2, seats=seats, rules=name, seed=3, workers=1, backend="process").records
    assert core == loop


def _first_declaration_chance(r: mf.Ruleset) -> tuple[Deal, int]:
    """A deal of four experts under ``r`` stopped at the first decision where a ready
    declaration is legal: (the deal, the seat to act)."""
    for seed in range(40):
        d = Deal(deal_wall(seed, 0), dealer=seed % 4, deal_index=0, rules=r)
        seats = [make_seat("expert", seed=seed + p) for p in range(4)]
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            if any(a.type is ActionType.DECLARE_READY for a in legal):
                return d, p
            d.apply(seats[p].choose(d.view(p), legal))
    raise AssertionError(f"no declaration was legal in 40 deals under {r.name}")


@pytest.mark.parametrize(
    ("rules", "declares"),
    [
        (mf.Ruleset.from_name("taiwanese-omu-star31"), True),
        (mf.Ruleset.from_name("taiwanese-high").replace(ready_declaration=True), False),
    ],
)
def test_the_hint_marks_the_declaration_only_when_the_expert_makes_it(
    rules: mf.Ruleset, declares: bool
) -> None:
    d, p = _first_declaration_chance(rules)
    legal = d.legal_actions(p)
    chosen = make_seat("expert").choose(d.view(p), legal)
    rows = d.hint(p)
    marked = [r for r in rows if r.expert]
    assert len(marked) == 1 and rows[0] is marked[0]
    assert marked[0].action == chosen
    assert (chosen.type is ActionType.DECLARE_READY) is declares
    if not declares:
        # the declaration of the same tile is offered right after the expert's discard
        assert rows[1].action.type is ActionType.DECLARE_READY
        assert rows[1].action.tiles[0] >> 2 == chosen.tiles[0] >> 2
