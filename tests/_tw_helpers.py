"""Helpers for the Taiwanese game tests: explicit 144-tile walls laid out as TW §4.1 deals
them, and a deal driver that checks the invariants of TW §4 after every event and action.

    wall = tw_wall({0: "...17 tiles...", 1: "...16...", 2: ..., 3: ...}, draws="5s", tail="1m")

Dealing (TW §4.1): in rounds r = 0..3, seat offset k = 0..3 from the dealer takes positions
16r + 4k .. 16r + 4k + 3, then the dealer takes position 64; normal draws follow from 65,
replacement draws come from 143 down. The remaining tiles fill the middle of the wall.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from _game_helpers import make_wall
from mahjong_fast.game import Deal, Phase

ALL = list(range(144))
#: TW §4.2
DEAD_WALL = 16
#: the win kinds of TW §7
BONUS_KINDS = ("bonus_all_eight", "bonus_rob_eighth")


def tw_wall(hands: dict[int, str], dealer: int = 0, draws: str = "", tail: str = "") -> list[int]:
    """A wall dealing 17/16 tiles (TW §4.1; see :func:`_game_helpers.make_wall`)."""
    return make_wall(hands, dealer, draws, tail, hand_tiles=16)


@dataclass
class Tally:
    """Rare paths reached (TW §5.2, §7, §16) and how much was checked."""

    deals: int = 0
    events: int = 0
    paths: Counter[str] = field(default_factory=Counter)


def check_state(deal: Deal) -> None:
    """TW §4: 144 tiles each in one place; live = remaining wall − 16 (front and tail draws
    both count); hand sizes 17 for the player in ACTION / AFTER_CLAIM, else 16; bonus tiles
    only in bonus areas; scores zero-sum relative to the start (all start equal here)."""
    locs = deal.tile_locations()
    assert len(locs) == 144 and sorted(locs) == ALL
    front, tail = deal.wall_position
    untaken = tail - front + 1
    assert deal.remaining == max(untaken - DEAD_WALL, 0), (front, tail, deal.remaining)
    assert deal.remaining >= 0
    if deal.phase is Phase.ENDED:
        return
    hands, bonus = deal.hands, deal.bonus
    acting = deal.active if deal.phase in (Phase.ACTION, Phase.AFTER_CLAIM) else -1
    for p in range(4):
        assert deal.hand_size(p) == (17 if p == acting else 16), (deal.phase, p, deal.hand_size(p))
        assert all(t < 136 for t in hands[p])
        assert all(t >= 136 for t in bonus[p])


def check_result(deal: Deal, start_scores: tuple[int, ...], tally: Tally | None = None) -> Any:
    """The end of a Taiwanese deal: zero-sum payments equal to the sum of each winner's own
    settlement, every hand win at or above ``min_tai`` (TW §14; bonus-tile wins exempt, §7),
    several winners only on one discard or robbed kong."""
    r = deal.result
    assert r is not None
    assert r.unit == "tai"
    assert sum(r.payments) == 0
    assert tuple(s + p for s, p in zip(start_scores, r.payments)) == r.scores
    min_tai = int(deal.rules.switches["min_tai"])
    if r.exhaustive_draw:
        assert r.winners == () and r.payments == (0, 0, 0, 0)
        assert r.draw_reason in ("last_discard", "no_replacement")
        return r
    assert len(r.wins) == len(r.winners) >= 1
    assert tuple(w.player for w in r.wins) == r.winners
    assert [sum(x) for x in zip(*(w.payments for w in r.wins))] == list(r.payments)
    for w in r.wins:
        assert sum(w.payments) == 0 and w.payments[w.player] > 0
        if w.win_kind in BONUS_KINDS:
            codes = {c for c, _n, _v in w.elements}
            assert codes <= {"H32", "H28", "L30", "L29"} and len(w.elements) == 1
        else:
            assert w.value >= min_tai, (w.value, min_tai)
    if len(r.wins) > 1:
        assert len({w.discarder for w in r.wins}) == 1 and r.wins[0].discarder is not None
        assert all(w.win_kind in ("discard", "robbing_kong") for w in r.wins)
    if tally is not None:
        if len(r.wins) > 1:
            tally.paths["several_winners"] += 1
        for w in r.wins:
            tally.paths[w.win_kind] += 1
        if r.dealer_streak >= 2:
            tally.paths["streak_2"] += 1
    return r


def play_checked(
    deal: Deal,
    seats: list[Any],
    tally: Tally | None = None,
    start_scores: tuple[int, ...] = (0, 0, 0, 0),
) -> Deal:
    """Play ``deal`` (built with ``start_scores``) to its end with ``seats``, checking the
    state at its start and after every action (which includes the draws and replacements the
    engine makes by itself)."""
    check_state(deal)
    while deal.phase is not Phase.ENDED:
        for p in tuple(deal.to_act):
            legal = deal.legal_actions(p)
            assert legal
            deal.apply(seats[p].choose(deal.live_view(p), legal))
            check_state(deal)
            if deal.phase not in (Phase.RESPONSE, Phase.ROB):
                break
    check_result(deal, start_scores, tally)
    if tally is not None:
        tally.deals += 1
        tally.events += len(deal.events)
    return deal
