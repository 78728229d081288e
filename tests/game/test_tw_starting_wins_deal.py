"""TW §20.4.3 starting wins of ordinary wins with a common table, derived by the deal (the
scorer takes them as inputs): C42 the dealer's win at the start of play, C38 a non-dealer's
self-drawn win on its first normal draw with no interruption, C39 a win on a discard as
``human_win`` defines it; each replacing what §20.4.2 rule 2 says (C01, C02 for C38/C42). Each
through ``Deal.from_hands`` and ``apply``; the other seats hold nothing that claims the tiles
named."""

from __future__ import annotations

import mahjong_fast as mf
import pytest
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.tiles import id_code

T = ActionType
E, S = 0, 1

#: East (dealer) holds a spare 7z; South is ready on 6m/9m (five sets with a pair once won);
#: West and North hold honours and sets that claim none of 7z, 9m, 2m.
EAST = "123m456m789m123p44p7z1s9s"
SOUTH = "234s567s789s234p66p7m8m"
WEST = "1z1z1z2z2z2z3z3z3z4z4z4z5z5z6z6z"
NORTH = "1m1m1m9p9p9p5s5s5s7p7p7p8p8p8p6s"


def rules(**switches: object) -> mf.Ruleset:
    return mf.Ruleset.from_name("taiwanese", tai_table="sml", min_tai=0, base_points=5, **switches)


def pass_all(d: Deal) -> None:
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        for q in tuple(d.to_act):
            d.apply(Action(T.PASS, q))


def discard(d: Deal, p: int, code: str) -> None:
    d.apply(Action(T.DISCARD, p, (min(x for x in d.hands[p] if id_code(x) == code),)))


def codes(d: Deal) -> list[str]:
    r = d.result
    assert r is not None and r.wins
    return [e[0] for e in r.wins[0].elements]


def test_the_dealers_win_at_the_start_is_heavenly() -> None:
    d = Deal.from_hands(["123m456m789m123p456p11s", SOUTH, WEST, NORTH], dealer=E, active=E,
                        wall="2m 2m", rules=rules())  # fmt: skip
    d.apply(next(a for a in d.legal_actions(E) if a.type is T.SELF_DRAWN_WIN))
    assert codes(d) == ["C03", "C42"]  # C01 and C02 removed (§20.4.2 rule 2)


@pytest.mark.parametrize("human_win", ["off", "before_first_draw", "discarder_first_discard"])
def test_a_self_drawn_win_on_the_first_draw_is_earthly(human_win: str) -> None:
    d = Deal.from_hands([EAST, SOUTH, WEST, NORTH], dealer=E, active=E, wall="9m 2m",
                        rules=rules(human_win=human_win))  # fmt: skip
    discard(d, E, "7z")
    pass_all(d)
    d.apply(next(a for a in d.legal_actions(S) if a.type is T.SELF_DRAWN_WIN))
    assert codes(d) == ["C03", "C38"]


def test_no_earthly_win_after_an_interruption_or_a_discard() -> None:
    # South's second draw: it discarded once already
    d = Deal.from_hands([EAST, SOUTH, WEST, NORTH], dealer=E, active=E, wall="2m 1z 2m 2m 9m",
                        rules=rules())  # fmt: skip
    discard(d, E, "7z")
    pass_all(d)
    discard(d, S, "2m")  # South's drawn 2m
    pass_all(d)
    for p in (2, 3, 0):  # West, North, East discard what they draw
        assert d.drawn_tile is not None
        d.apply(Action(T.DISCARD, p, (d.drawn_tile,)))
        pass_all(d)
    d.apply(next(a for a in d.legal_actions(S) if a.type is T.SELF_DRAWN_WIN))
    assert "C38" not in codes(d) and "C01" in codes(d)
    # an interruption: West pungs East's opening 5z, then every seat discards what it draws
    # until South draws its winning 9m
    d = Deal.from_hands([EAST.replace("7z", "5z"), SOUTH, WEST, NORTH], dealer=E, active=E,
                        wall="2m 2m 9m", rules=rules())  # fmt: skip
    discard(d, E, "5z")
    d.apply(next(a for a in d.legal_actions(2) if a.type is T.PUNG))
    pass_all(d)
    discard(d, 2, "6z")
    pass_all(d)
    for p in (3, 0):
        assert d.drawn_tile is not None
        d.apply(Action(T.DISCARD, p, (d.drawn_tile,)))
        pass_all(d)
    d.apply(next(a for a in d.legal_actions(S) if a.type is T.SELF_DRAWN_WIN))
    assert "C38" not in codes(d) and "C01" in codes(d)


@pytest.mark.parametrize(("human_win", "expected"), [
    ("off", ["C01"]), ("before_first_draw", ["C39"]), ("discarder_first_discard", ["C39"]),
])  # fmt: skip
def test_a_win_on_the_first_discard_is_human_as_the_switch_says(human_win: str, expected: list[str]) -> None:
    d = Deal.from_hands([EAST, SOUTH, WEST, NORTH], dealer=E, active=E, wall="2m 2m",
                        rules=rules(human_win=human_win))  # fmt: skip
    discard(d, E, "9m")
    d.apply(Action(T.WIN, S))
    pass_all(d)
    assert codes(d) == expected  # C39 replaces C01 (§20.4.2 rule 2)


def test_the_high_table_keeps_its_own_blessings() -> None:
    """H/L tables score the heavenly and earthly blessings from the deal's progress (TW §10),
    never from the C-table inputs."""
    r = mf.Ruleset.from_name("taiwanese-high", min_tai=0)
    d = Deal.from_hands(["123m456m789m123p456p11s", SOUTH, WEST, NORTH], dealer=E, active=E,
                        wall="2m 2m", rules=r)  # fmt: skip
    d.apply(next(a for a in d.legal_actions(E) if a.type is T.SELF_DRAWN_WIN))
    assert "H35" in codes(d) and not any(c.startswith("C") for c in codes(d))
