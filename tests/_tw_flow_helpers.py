"""Positions and steps for the Taiwanese house-rule flow tests (TW §20.5–§20.6, issue 38): the
flow examples of ``taiwanese-house-examples.json``, a position built by ``Deal.from_hands``
whose live count is set by the discard pool, and small steps (an action, a discard, everyone
passing). Shared by tests/game/test_tw_house_flow_wall.py and test_tw_house_flow_bonus.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, ActionType, Deal, Phase

SEATS = {"E": 0, "S": 1, "W": 2, "N": 3}
SUIT = {"m": 0, "p": 9, "s": 18, "z": 27}
KINDS = ("random", "greedy", "value", "strong", "expert")
# the filler kinds, spread so that a seat's filler rarely makes a set with a named tile
FILLER = [
    27,
    28,
    29,
    30,
    31,
    32,
    33,
    8,
    17,
    26,
    5,
    14,
    23,
    6,
    15,
    24,
    0,
    9,
    18,
    4,
    13,
    22,
    1,
    10,
    19,
    7,
    16,
    25,
    2,
    11,
    20,
    3,
    12,
    21,
]


def _examples() -> list[dict[str, object]]:
    data = json.loads(
        (Path(__file__).parent / "data" / "taiwanese-house-examples.json").read_text()
    )
    return data if isinstance(data, list) else list(data.get("examples", data))


EXAMPLES = {str(e["id"]): e for e in _examples() if e.get("kind") == "flow"}


def kinds(notation: str) -> list[int]:
    """``"1111s 12m"`` as tile kinds."""
    out: list[int] = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", notation):
        out.extend(SUIT[suit] + int(d) - 1 for d in digits)
    return out


def rules(**switches: object) -> mf.Ruleset:
    """``taiwanese-high`` with the examples' ``min_tai`` 5, ``tai_value`` 1 and ``switches``."""
    return mf.Ruleset.from_name("taiwanese-high", **{"min_tai": 5, "tai_value": 1, **switches})


class Table:
    """Physical ids handed out lowest copy first, each once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int) -> int:
        for t in range(4 * kind, 4 * kind + 4):
            if t not in self.used:
                self.used.add(t)
                return t
        raise AssertionError(f"no copy of kind {kind} left")

    def free(self, kind: int) -> int:
        return sum(1 for t in range(4 * kind, 4 * kind + 4) if t not in self.used)


def position(
    switches: dict[str, object],
    hands: dict[int, str],
    *,
    active: int,
    live: int | None = None,
    draws: str = "",
    tail: str = "",
    melds: dict[int, list[tuple[int, str]]] | None = None,
    dealer: int = 0,
    dealer_streak: int = 0,
    avoid: str = "",
    fresh: bool = False,
    auto_pass: bool = True,
    bonus_areas: dict[int, str] | None = None,
) -> Deal:
    """A position with the named tiles, filler elsewhere, ``live`` live tiles (reached with
    discards in the pool), the next normal draws ``draws`` and replacement draws ``tail``."""
    melds = melds or {}
    avoided = set(kinds(avoid)) | {k for h in hands.values() for k in kinds(h)}
    avoided |= set(kinds(draws)) | set(kinds(tail))
    table = Table()
    ids: list[list[int]] = [[table.take(k) for k in kinds(hands.get(p, ""))] for p in range(4)]
    meld_ids = [
        [(kind, [table.take(k) for k in kinds(m)]) for kind, m in melds.get(p, [])]
        for p in range(4)
    ]
    if live is not None and not fresh:
        # TW §10a: a pool of discards has a history only in an interrupted deal; a pung makes it one
        q = (active + 2) % 4
        k = next(k for k in FILLER if k not in avoided and table.free(k) == 4)
        avoided.add(k)
        meld_ids[q].append((1, [table.take(k) for _ in range(3)]))
    draw_ids = [136 + int(n) - 1 for n in re.findall(r"(\d)f", draws)] or [
        table.take(k) for k in kinds(draws)
    ]
    tail_ids = [table.take(k) for k in kinds(tail)]
    size = 16
    fill = iter(k for k in FILLER * 4 if k not in avoided)
    for p in range(4):
        want = size + (p == active) - 3 * len(meld_ids[p])
        while len(ids[p]) < want:
            k = next(fill)
            if table.free(k):
                ids[p].append(table.take(k))
    if bonus_areas is None:
        bonus = [[136 + p, 140 + p] for p in range(4)]
    else:
        bonus = [
            [136 + int(n) - 1 for n in re.findall(r"\d", bonus_areas.get(p, ""))] for p in range(4)
        ]
    # the pool takes other kinds first (popped from the end), the named kinds' spare copies last
    free = [t for t in range(136) if t not in table.used]
    spare = [t for t in free if t >> 2 in avoided] + [t for t in free if t >> 2 not in avoided]

    def build(discards: list[list[int]]) -> Deal:
        return Deal.from_hands(
            [ids[p] + bonus[p] for p in range(4)],
            dealer=dealer,
            active=active,
            melds=[[(k, ts) for k, ts in meld_ids[p]] for p in range(4)],
            discards=discards,
            wall=draw_ids,
            tail=tail_ids,
            rules=rules(**switches),
            dealer_streak=dealer_streak,
            auto_pass=auto_pass,
        )

    discards: list[list[int]] = [[] for _ in range(4)]
    if live is None or fresh:
        return build(discards)
    placed = (
        sum(len(h) for h in ids)
        + sum(len(ts) for m in meld_ids for _, ts in m)
        + sum(map(len, bonus))
    )
    kongs = sum(len(ts) == 4 for m in meld_ids for _, ts in m)
    reserve = 16 + (kongs if switches.get("dead_wall_mode") == "kong_adds_one" else 0)
    n = 144 - placed - reserve - live
    assert 0 <= n <= len(spare), (n, live)
    # the discards go round from the dealer (TW §10a rule 6: the dealer's is the first)
    for i in range(n):
        discards[(dealer + i) % 4].append(spare.pop())
    d = build(discards)
    assert d.remaining == live
    return d


def act(kind: ActionType, player: int, *tiles: int) -> Action:
    return Action(kind, player, tuple(tiles))


def held(d: Deal, p: int, kind: int, n: int) -> tuple[int, ...]:
    return tuple(t for t in d.hands[p] if t >> 2 == kind)[:n]


def code_of(d: Deal, a: Action) -> str:
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(a)
    assert d.snapshot() == before  # HK §13: a refused action changes nothing
    return e.value.code


def pass_all(d: Deal) -> None:
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        for p in tuple(d.to_act):
            d.apply(act(ActionType.PASS, p))


def discard(d: Deal, p: int, kind: int) -> None:
    d.apply(act(ActionType.DISCARD, p, held(d, p, kind, 1)[0]))


# ------------------------------------------------------------------ the examples
