"""Deal.from_hands: a deal from a chosen position; impossible positions are InvalidHandError."""

from __future__ import annotations

import pytest
from mahjong_fast.errors import InvalidHandError, InvalidTileError
from mahjong_fast.game import Action, ActionType, Deal, Phase

A = ActionType
START = ["19m19p19s1234567z5s", "123m456m789p234s5s", "11p22p33p44p55p66p7p", "11s22s33s66s77s88s9s"]


def test_start_position_is_the_dealers_first_action() -> None:
    d = Deal.from_hands(START, wall="3m 4m")
    assert (d.phase, d.to_act, d.dealer_start, d.turn) == (Phase.ACTION, (0,), True, 0)
    assert d.remaining == 144 - 53
    assert sorted(d.tile_locations()) == list(range(144))
    t = d.hands[0][-1]
    d.apply(Action(A.DISCARD, 0, (t,)))  # 5s; every response below is a pass
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        d.apply(d.legal_actions(d.to_act[0])[0])
    assert d.phase is Phase.ACTION and d.active == 1 and d.drawn_tile is not None
    assert d.drawn_tile >> 2 == 2  # the chosen next draw, 3m


def test_position_with_sets_discards_and_bonus_tiles() -> None:
    d = Deal.from_hands(
        ["19m 19p 19s 1234z 567z", "555z 789m 99s 23p 4p 1f", "12m56m34s67s89p34z4p", "23p345m678s1p7p9p5p6p"],
        active=1,
        melds=["", "[222z]", "", ""],
        discards=["7z", "", "", ""],
        dealer=0,
    )
    assert (d.active, d.turn, d.dealer_start, d.bonus) == (1, 1, False, [[], [136], [], []])
    assert d.melds[1][0].name == "pung" and d.view(0).discards[0] == (d.discard_history[0][0][0],)
    # South has just drawn 4p (the last tile written) and wins by self-draw
    assert d.drawn_tile is not None and d.drawn_tile >> 2 == 12
    d.apply(d.legal_actions(1)[0])
    r = d.result
    assert r is not None and (r.winner, r.win_kind, r.winners) == (1, "self_drawn", (1,))
    assert sum(r.payments) == 0


def test_ids_and_tuples_are_accepted() -> None:
    hands = [list(range(14)), list(range(14, 27)), list(range(27, 40)), list(range(40, 53))]
    d = Deal.from_hands(hands, record=False)
    assert [sorted(h) for h in d.hands] == hands
    d2 = Deal.from_hands(
        [START[0], "123m456m789p5s", START[2], START[3]],
        melds=["", [(0, [80, 84, 88])], "", ""],
        active=0,
    )
    assert d2.melds[1][0].tiles == (80, 84, 88)


@pytest.mark.parametrize(
    "change",
    [
        {"hands": [START[0], START[1], START[2], "11s22s33s66s77s88s"]},  # 12 tiles
        {"discards": ["", "", "5s 5s 5s", ""]},  # a fifth 5s
        {"hands": [[0, *range(1, 14)], [0, *range(14, 26)], START[2], START[3]]},  # id 0 twice
        {"melds": ["", "[135m]", "", ""]},  # not a set
        {"hands": START[:3]},  # three players
        {"discards": ["1f", "", "", ""]},  # a bonus tile discarded
    ],
)
def test_impossible_positions_are_rejected(change: dict[str, object]) -> None:
    kwargs: dict[str, object] = {"hands": START}
    kwargs.update(change)
    with pytest.raises((InvalidHandError, InvalidTileError)):
        Deal.from_hands(**kwargs)  # type: ignore[arg-type]


def test_wrong_types_name_the_argument() -> None:
    with pytest.raises(TypeError, match="discards"):
        Deal.from_hands(START, discards=[[1.5], [], [], []])  # type: ignore[list-item]
    with pytest.raises(InvalidTileError):
        Deal.from_hands(["19m19p19s1234567z5x", *START[1:]])


def test_rules_argument() -> None:
    from mahjong_fast import _core
    from mahjong_fast.errors import RuleConfigError
    from mahjong_fast.rules import Ruleset

    assert Deal(_core.wall(1, 0), rules="hk").rules == Ruleset.hong_kong()
    assert Deal.from_hands(START, rules=Ruleset.hong_kong()).rules.name == "hong-kong"
    with pytest.raises(RuleConfigError):
        Deal(_core.wall(1, 0), rules="no-such-rules")
    with pytest.raises(TypeError):
        Deal(_core.wall(1, 0), rules=3)  # type: ignore[arg-type]
