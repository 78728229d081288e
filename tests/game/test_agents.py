"""The built-in seats are shells over the core's agents: their decisions in real deals equal
the documented greedy policy computed the slow way (rate_discards + shanten, as greedy.py
did before the agents moved to the core); the random stream is pinned and per (seed, deal,
player); bad input to the agents is a typed error."""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from typing import Any

import pytest
from mahjong_fast import _core
from mahjong_fast.errors import InvalidHandError, MahjongError
from mahjong_fast.game.actions import Action, ActionType
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.game.view import MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_PUNG
from mahjong_fast.seats import GreedySeat, RandomSeat

A = ActionType


def reference_greedy(view: Any, legal: Sequence[Action]) -> Action:
    """The policy of greedy.py's docstring, written plainly over the reference functions."""
    for a in legal:
        if a.type in (A.WIN, A.SELF_DRAWN_WIN):
            return a
    counts = view.hand_counts()
    melds = list(view.meld_tuples())
    if any(a.type is A.DISCARD for a in legal):
        rates = _core.rate_discards(counts, melds, view.unseen_counts())
        best_s, _, kind = min((s, -u, k) for k, s, u in rates)
        for a in legal:
            if a.type not in (A.CONCEALED_KONG, A.ADDED_KONG):
                continue
            k = a.tiles[0] >> 2
            c = list(counts)
            if a.type is A.CONCEALED_KONG:
                c[k] -= 4
                m = melds + [(MELD_CONCEALED_KONG, k)]
            else:
                c[k] -= 1
                m = melds
            if _core.shanten(c, m) <= best_s:
                return a
        same = [a for a in legal if a.type is A.DISCARD and a.tiles[0] >> 2 == kind]
        return same[0] if same else next(a for a in legal if a.type is A.DISCARD)
    pass_ = next(a for a in legal if a.type is A.PASS)
    claims = [a for a in legal if a.type in (A.PUNG, A.KONG, A.CHOW)]
    if not claims or view.last_discard is None:
        return pass_
    now = _core.shanten(counts, melds)
    d = view.last_discard[1] >> 2
    best: tuple[int, int] | None = None
    best_action = pass_
    for i, a in enumerate(claims):
        c = list(counts)
        for t in a.tiles:
            c[t >> 2] -= 1
        if a.type is A.KONG:
            s = _core.shanten(c, melds + [(MELD_KONG, d)])
            if s > now:
                continue
        else:
            low = min([d] + [t >> 2 for t in a.tiles])
            s = _core.shanten(c, melds + [(MELD_PUNG if a.type is A.PUNG else MELD_CHOW, low)])
            if s >= now:
                continue
        if best is None or (s, i) < best:
            best, best_action = (s, i), a
    return best_action


class Checked(GreedySeat):
    """A GreedySeat that checks every decision against the reference."""

    def __init__(self) -> None:
        super().__init__()
        self.decisions: dict[str, int] = {}

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        got = super().choose(view, legal)
        assert got == reference_greedy(view, legal), (view.hand, legal)
        self.decisions[got.type.value] = self.decisions.get(got.type.value, 0) + 1
        return got


def test_greedy_seat_decides_as_the_documented_policy_in_real_deals() -> None:
    checked = [Checked(), Checked()]
    for d in range(40):
        seats = [checked[0], RandomSeat(d), checked[1], RandomSeat(d + 1000)]
        run_deal(new_deal(seats, seed=11, deal_index=d, rotate_dealer=True, record=False), seats)
    seen: dict[str, int] = {}
    for c in checked:
        for k, n in c.decisions.items():
            seen[k] = seen.get(k, 0) + n
    # the deals went through turns, claims and passes
    assert seen["discard"] > 500 and seen["pass"] > 50, seen
    assert seen.get("pung", 0) + seen.get("chow", 0) > 10, seen


def test_random_seat_stream_is_the_cores_and_per_deal_and_player() -> None:
    a = _core.RandomAgent(7, 3, 2)
    assert [a.below(10) for _ in range(12)] == [0, 6, 5, 0, 2, 7, 5, 3, 9, 7, 6, 4]
    seats = [RandomSeat(5) for _ in range(4)]
    first = run_deal(new_deal(seats, seed=5, deal_index=9, record=False), seats).to_record()
    # an earlier deal played with the same seat objects changes nothing
    seats2 = [RandomSeat(5) for _ in range(4)]
    run_deal(new_deal(seats2, seed=5, deal_index=8, record=False), seats2)
    again = run_deal(new_deal(seats2, seed=5, deal_index=9, record=False), seats2).to_record()
    assert first == again


def test_seats_pickle() -> None:
    for seat in (GreedySeat(3, "g"), RandomSeat(4, "r")):
        copy = pickle.loads(pickle.dumps(seat))
        assert (type(copy), copy.seed, copy.name) == (type(seat), seat.seed, seat.name)
    assert isinstance(pickle.loads(pickle.dumps(_core.GreedyAgent())), _core.GreedyAgent)


def test_agent_bad_input_is_a_typed_error() -> None:
    g = _core.GreedyAgent()
    hand = [0] * 34
    hand[0] = 3
    hand[27] = 2
    hand[28] = 3
    hand[9] = 3
    hand[18] = 2  # 13 tiles
    unseen = [4 - c for c in hand]
    with pytest.raises(InvalidHandError):
        g.choose(hand, [], unseen, None, [])  # no option
    with pytest.raises(InvalidHandError):
        g.choose(hand, [], unseen, 5, [(4, 0), (6, 5)])  # pung of a kind not held
    with pytest.raises(InvalidHandError):
        g.choose(hand, [], unseen, 5, [(4, 0), (9, 5)])  # no such option code
    with pytest.raises(InvalidHandError):
        g.choose(hand, [], unseen, 40, [(4, 0)])  # no such kind
    with pytest.raises(InvalidHandError):
        g.choose(hand, [], unseen, None, [(0, 0), (0, 9)])  # 13 tiles cannot discard
    # a pass-or-pung choice the hand can make is answered
    assert g.choose(hand, [], unseen, 27, [(4, 0), (6, 27)]) in (0, 1)
    with pytest.raises(ValueError):
        _core.RandomAgent(0, 0, 4)
    with pytest.raises(MahjongError):  # out of range, never an OverflowError
        _core.RandomAgent(-1, 0, 0)
    with pytest.raises(ValueError):
        RandomSeat(2**64)
    with pytest.raises(TypeError):
        RandomSeat("1")  # type: ignore[arg-type]
