"""Rules §13: every error code, and an illegal action leaves the state completely unchanged."""

from __future__ import annotations

import pytest
from _game_helpers import (
    E27_HANDS,
    LONG_HANDS,
    P5_HANDS,
    A,
    _tsumogiri_until,
    discard,
    ids,
    make_wall,
    pass_all,
    tid,
)
from mahjong_fast.errors import ILLEGAL_ACTION_CODES, IllegalActionError
from mahjong_fast.game import Action, Deal, Phase

SEEN: set[str] = set()


def reject(deal: Deal, action: Action, code: str) -> None:
    """Assert ``action`` is rejected with ``code`` and changes nothing (full snapshot)."""
    before = deal.snapshot()
    view_before = [deal.view(p) for p in range(4)]
    legal_before = [deal.legal_actions(p) for p in range(4)]
    assert not deal.is_legal(action)
    with pytest.raises(IllegalActionError) as e:
        deal.apply(action)
    assert e.value.code == code, str(e.value)
    assert deal.snapshot() == before
    assert [deal.view(p) for p in range(4)] == view_before
    assert [deal.legal_actions(p) for p in range(4)] == legal_before
    SEEN.add(code)


@pytest.fixture
def start() -> Deal:
    return Deal(make_wall(P5_HANDS, draws="1z 2z 3z 5s", tail="4z"))


def test_deal_over():
    deal = Deal(make_wall(LONG_HANDS, tail="1m 2m 3m 4m 5m 6m 7m 8m 3s"))
    _tsumogiri_until(deal, lambda d: d.phase is Phase.ENDED)
    for a in (Action(A.DISCARD, 0, (0,)), Action(A.PASS, 1), Action(A.SELF_DRAWN_WIN, 3)):
        reject(deal, a, "DEAL_OVER")
    assert deal.legal_actions(0) == []


def test_not_your_turn(start):
    reject(start, Action(A.DISCARD, 1, (tid(start, 1, "2m"),)), "NOT_YOUR_TURN")
    reject(start, Action(A.CONCEALED_KONG, 3, ()), "NOT_YOUR_TURN")
    reject(start, Action(A.DISCARD, 7, (0,)), "NOT_YOUR_TURN")
    discard(start, 0, "5z")
    # responding to one's own discard
    reject(start, Action(A.PASS, 0), "NOT_YOUR_TURN")
    reject(start, Action(A.DISCARD, 0, (tid(start, 0, "2m"),)), "NOT_YOUR_TURN")


def test_wrong_phase(start):
    reject(start, Action(A.PUNG, 1, ()), "WRONG_PHASE")  # a claim outside RESPONSE
    reject(start, Action(A.PASS, 0), "WRONG_PHASE")
    discard(start, 0, "5z")
    reject(start, Action(A.DISCARD, 1, (tid(start, 1, "2m"),)), "WRONG_PHASE")
    start.apply(Action(A.PUNG, 1, ids(start, 1, "55z")))
    reject(start, Action(A.ADDED_KONG, 1, ids(start, 1, "5z")), "WRONG_PHASE")  # P5
    reject(start, Action(A.SELF_DRAWN_WIN, 1), "WRONG_PHASE")


def test_wrong_phase_in_rob_window():
    from _game_helpers import E16_HANDS, e16_to_added_kong

    deal = Deal(make_wall(E16_HANDS, draws="1s 5m 2z 8p"))
    e16_to_added_kong(deal)
    reject(deal, Action(A.PUNG, 2, ()), "WRONG_PHASE")  # anything but win/pass in ROB
    reject(deal, Action(A.PASS, 1), "NOT_YOUR_TURN")  # the declarer
    reject(deal, Action(A.PASS, 3), "ALREADY_RESPONDED")  # auto-passed: no legal claim


def test_already_responded():
    deal = Deal(make_wall(P5_HANDS), auto_pass=False)
    discard(deal, 0, "2m")
    deal.apply(Action(A.PASS, 2))
    reject(deal, Action(A.PASS, 2), "ALREADY_RESPONDED")
    reject(deal, Action(A.WIN, 2), "ALREADY_RESPONDED")


def test_unknown_tile(start):
    reject(start, Action(A.DISCARD, 0, (144,)), "UNKNOWN_TILE")
    reject(start, Action(A.DISCARD, 0, (-1,)), "UNKNOWN_TILE")


def test_tile_not_in_hand(start):
    reject(start, Action(A.DISCARD, 0, (tid(start, 1, "2m"),)), "TILE_NOT_IN_HAND")
    discard(start, 0, "5z")
    reject(
        start, Action(A.PUNG, 1, (ids(start, 1, "5z")[0], tid(start, 3, "6m"))), "TILE_NOT_IN_HAND"
    )


def test_invalid_meld(start):
    reject(start, Action(A.CONCEALED_KONG, 0, ids(start, 0, "19m19p")), "INVALID_MELD")
    reject(start, Action(A.ADDED_KONG, 0, ids(start, 0, "1z")), "INVALID_MELD")  # no pung
    reject(start, Action(A.DISCARD, 0, ()), "INVALID_MELD")
    discard(start, 0, "5z")
    reject(start, Action(A.PUNG, 1, ids(start, 1, "88p")), "INVALID_MELD")
    reject(start, Action(A.KONG, 1, ids(start, 1, "55z")), "INVALID_MELD")  # two tiles only
    dup = ids(start, 1, "5z")[0]
    reject(start, Action(A.PUNG, 1, (dup, dup)), "INVALID_MELD")


def test_invalid_chow():
    deal = Deal(make_wall(E27_HANDS, draws="8s 9s 5s 7m"))
    discard(deal, 0, "7z")
    discard(deal, 1, "8p")
    reject(deal, Action(A.CHOW, 2, ids(deal, 2, "45p")), "INVALID_MELD")
    reject(deal, Action(A.CHOW, 2, ids(deal, 2, "79p")[:1] + ids(deal, 2, "1z")), "INVALID_MELD")


def test_chow_not_allowed():
    deal = Deal(make_wall(P5_HANDS), auto_pass=False)
    discard(deal, 0, "2m")  # South is next; North may not chow
    reject(deal, Action(A.CHOW, 3, ids(deal, 3, "1s") + ids(deal, 3, "3s")), "CHOW_NOT_ALLOWED")
    reject(deal, Action(A.CHOW, 2, ()), "CHOW_NOT_ALLOWED")


def test_no_replacement_tile_and_last_discard_win_only():
    # the P3 flow of test_game_rules, with every response submitted explicitly
    deal = Deal(make_wall(LONG_HANDS, tail="1m 2m 3m 4m 5m 6m 7m 8m 3s"), auto_pass=False)
    _tsumogiri_until(deal, lambda d: d.remaining == 0 and d.phase is Phase.ACTION)
    reject(deal, Action(A.CONCEALED_KONG, 3, ids(deal, 3, "3333s")), "NO_REPLACEMENT_TILE")
    discard(deal, 3, "7z")
    reject(deal, Action(A.PUNG, 0, ()), "LAST_DISCARD_WIN_ONLY")
    reject(deal, Action(A.CHOW, 0, ()), "LAST_DISCARD_WIN_ONLY")
    pass_all(deal)
    assert deal.result.exhaustive_draw


def test_not_a_winning_hand(start):
    reject(start, Action(A.SELF_DRAWN_WIN, 0), "NOT_A_WINNING_HAND")  # dealer at the start
    deal = Deal(make_wall(P5_HANDS), auto_pass=False)
    discard(deal, 0, "5z")
    reject(deal, Action(A.WIN, 2), "NOT_A_WINNING_HAND")


def test_below_minimum_then_respond_again():
    # E31: West 123m 456p 789s 234s 1z wins on a discarded 1z: 2 faan -> BELOW_MINIMUM
    hands = {
        0: "1z 19m 19p 19s 2z 3z 4z 5z 6z 7z 9p",
        1: "5m 6m 7m 8m 5p 6p 7p 8p 5s 6s 6s 1p 2p",
        2: "123m 456p 789s 234s 1z",
        3: "4m 4m 4s 5s 3p 3p 2z 3z 4z 5z 6z 7z 8p",
    }
    deal = Deal(make_wall(hands), auto_pass=False)
    discard(deal, 0, "1z")
    assert Action(A.WIN, 2) not in deal.legal_actions(2)
    reject(deal, Action(A.WIN, 2), "BELOW_MINIMUM")
    deal.apply(Action(A.PASS, 2))  # the same player responds again
    assert 2 not in deal.to_act


def test_every_code_is_covered():
    # runs last in this module (pytest keeps definition order); the HK §13 codes come first,
    # the codes of house rules after them are covered by tests/test_house_hooks.py
    hk = set(ILLEGAL_ACTION_CODES[: ILLEGAL_ACTION_CODES.index("BELOW_MINIMUM") + 1])
    assert SEEN == hk, hk - SEEN
