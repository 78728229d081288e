"""Helpers for the game tests: build explicit walls from tile notation, drive deals.

    wall = make_wall({0: "123m456m789m1122z3z", 1: ..., 2: ..., 3: ...},
                     draws="5s 7z", tail="1f 9p")

``hands`` maps a player to the tiles dealt to them (the dealer 14, others 13), in MPSZ
notation with bonus tiles as ``Nf``; ``draws`` are the normal draws after the deal
(positions 53, 54, ...); ``tail`` the replacement draws (positions 143, 142, ...). Every
other tile fills the middle of the wall (bonus tiles in the very middle). Copies are
allocated lowest id first, so ``ids_of`` can name them afterwards.
"""

from __future__ import annotations

import re

from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.view import MELD_CHOW

A = ActionType


def parse(notation: str) -> list[int]:
    """Tile codes to a list of 'kind tokens': 0..33 ordinary kinds, 136..143 bonus ids."""
    out: list[int] = []
    for digits, suit in re.findall(r"(\d+)([mpszf])", notation.replace(" ", "")):
        for d in digits:
            n = int(d)
            if suit == "f":
                out.append(135 + n)
            else:
                out.append({"m": 0, "p": 9, "s": 18, "z": 27}[suit] + n - 1)
    return out


class Alloc:
    """Allocates physical ids for kinds, lowest free copy first."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, token: int) -> int:
        if token >= 136:
            assert token not in self.used, f"bonus {token} used twice"
            self.used.add(token)
            return token
        for c in range(4):
            t = 4 * token + c
            if t not in self.used:
                self.used.add(t)
                return t
        raise AssertionError(f"fifth copy of kind {token}")

    def takes(self, notation: str) -> list[int]:
        return [self.take(k) for k in parse(notation)]


def make_wall(
    hands: dict[int, str], dealer: int = 0, draws: str = "", tail: str = "", hand_tiles: int = 13
) -> list[int]:
    """A 144-tile wall that deals ``hands`` (HK §4.3 / TW §4.1: rounds of four tiles from the
    dealer in turn order, then one tile each, then the dealer's extra tile; ``hand_tiles`` is
    13 for Hong Kong, 16 for Taiwanese), then ``draws`` from the front and ``tail`` from the
    back; the rest fills the middle."""
    alloc = Alloc()
    dealt = {p: alloc.takes(hands[p]) for p in range(4)}
    for p in range(4):
        want = hand_tiles + 1 if p == dealer else hand_tiles
        assert len(dealt[p]) == want, f"P{p} needs {want} tiles, got {len(dealt[p])}"
    wall: list[int | None] = [None] * 144
    pos = 0
    for r in range(hand_tiles // 4):
        for k in range(4):
            p = (dealer + k) % 4
            for i in range(4):
                wall[pos] = dealt[p][4 * r + i]
                pos += 1
    for j in range(4 * (hand_tiles // 4), hand_tiles):
        for k in range(4):
            wall[pos] = dealt[(dealer + k) % 4][j]
            pos += 1
    wall[pos] = dealt[dealer][hand_tiles]
    front = pos + 1
    for i, t in enumerate(alloc.takes(draws)):
        wall[front + i] = t
    for i, t in enumerate(alloc.takes(tail)):
        wall[143 - i] = t
    free_pos = [i for i in range(144) if wall[i] is None]
    rest = [t for t in range(136) if t not in alloc.used]
    bonus = [t for t in range(136, 144) if t not in alloc.used]
    mid = len(rest) // 2
    fill = rest[:mid] + bonus + rest[mid:]
    assert len(fill) == len(free_pos)
    for pos, t in zip(free_pos, fill):
        wall[pos] = t
    assert sorted(wall) == list(range(144))  # type: ignore[type-var]
    return wall  # type: ignore[return-value]


def tid(deal: Deal, player: int, code: str, nth: int = 0) -> int:
    """The id of the ``nth`` copy (ascending) of tile ``code`` in ``player``'s hand."""
    (k,) = parse(code)
    ids = sorted(t for t in deal.hands[player] if t >> 2 == k)
    return ids[nth]


def ids(deal: Deal, player: int, notation: str) -> tuple[int, ...]:
    """Ids in ``player``'s hand for the tiles of ``notation`` (distinct copies, lowest first)."""
    out: list[int] = []
    for k in parse(notation):
        cand = sorted(t for t in deal.hands[player] if t >> 2 == k and t not in out)
        out.append(cand[0])
    return tuple(out)


def discard(deal: Deal, player: int, code: str) -> None:
    deal.apply(Action(A.DISCARD, player, (tid(deal, player, code),)))


def pass_all(deal: Deal) -> None:
    """Everybody still to respond passes."""
    assert deal.phase in (Phase.RESPONSE, Phase.ROB)
    for q in tuple(deal.to_act):
        deal.apply(Action(A.PASS, q))


def kinds(tiles) -> list[int]:
    return sorted(t >> 2 for t in tiles)


# ------------------------------------------------ positions of rules §16 shared by the game tests
# (test_game_rules.py's, used by test_game_view.py, test_game_errors.py and test_replay.py too)

# P3 / P4 / last discard: all eight bonus tiles are dealt, so the initial replacement takes
# positions 143..136 and every later draw is a normal draw: 83 draws, the last (position
# 135) by North when everybody discards the tile just drawn.
LONG_HANDS = {
    0: "12f 19m 19p 19s 1234z 5z 7s",  # 14
    1: "34f 2m 2p 2s 3m 3p 4s 6s 7s 8s 5z 4m",  # 13 (11 tiles + 2 bonus)
    2: "56f 1m 1p 4m 4p 5m 5p 6m 6p 7m 8m 6z",
    3: "78f 333s 7p 8p 9p 8m 9m 7z 7z 6z",
}


def _tsumogiri_until(deal: Deal, stop) -> None:
    """Everybody discards the tile just drawn and every response passes, until ``stop``."""
    while not stop(deal):
        if deal.phase in (Phase.RESPONSE, Phase.ROB):
            pass_all(deal)
        else:
            p = deal.active
            t = deal.drawn_tile if deal.drawn_tile is not None else max(deal.hands[p])
            deal.apply(Action(A.DISCARD, p, (t,)))


# P5 / exposed kong: East discards 5z at once; South holds three 5z.
P5_HANDS = {
    0: "5z 19m 19p 19s 1234z 67z 2m",  # 14
    1: "555z 234m 567m 88p 34s",  # 13
    2: "11p 22p 33p 4p 789s 6z 7z 9s",
    3: "66m 77m 8m 44p 55p 6p 1s 2s 3s",
}


# E27: two players can win on one discard -> head bump
E27_HANDS = {
    0: "2s 4s 6s 8s 7z 7z 8m 8m 1p 1p 2z 6z 3z 4z",
    1: "8p 6p 1s 3s 5s 7s 9s 2z 3z 4z 6z 7m 1p",
    2: "79p 234p 567p 45p 99p 1z",
    3: "555z 123m 456m 66p 99m",
}


def _e27_to_south_6p(deal: Deal) -> None:
    discard(deal, 0, "7z")
    discard(deal, 1, "8p")
    assert deal.to_act == (2,)
    chows = [a for a in deal.legal_actions(2) if a.type is A.CHOW]
    # every chow option is offered: 678p and 789p
    assert [kinds(a.tiles) for a in chows] == [parse("67p"), parse("79p")]
    deal.apply(Action(A.CHOW, 2, ids(deal, 2, "79p")))
    assert deal.melds[2][0].kind == MELD_CHOW
    discard(deal, 2, "1z")
    deal.apply(Action(A.DISCARD, 3, (deal.drawn_tile,)))
    deal.apply(Action(A.DISCARD, 0, (deal.drawn_tile,)))
    discard(deal, 1, "6p")
    assert deal.phase is Phase.RESPONSE and deal.to_act == (2, 3)


# HK §14a E16: P1 pungs 8p and later adds the kong; P2 may rob it (shared by the game-rule
# and game-error tests)
E16_HANDS = {
    0: "8p 19m 19s 1234z 567z 1p 2p",  # 14
    1: "88p 1m 1m 2z 2z 3z 3z 4z 4z 7z 7z 9p",
    2: "234m 567m 789s 67p 99s",
    3: "1s 2s 3s 4s 5s 6s 8m 8m 6z 6z 5z 2p 3p",
}


def e16_to_added_kong(deal: Deal) -> None:
    discard(deal, 0, "8p")
    assert deal.to_act == (1, 2)  # South: pung; West: win on 8p (3 faan)
    deal.apply(Action(A.PUNG, 1, ids(deal, 1, "88p")))
    deal.apply(Action(A.PASS, 2))
    assert deal.phase is Phase.AFTER_CLAIM
    discard(deal, 1, "9p")
    for p in (2, 3, 0):
        deal.apply(Action(A.DISCARD, p, (deal.drawn_tile,)))
        if deal.phase is Phase.RESPONSE:
            pass_all(deal)
    assert deal.active == 1 and deal.drawn_tile >> 2 == parse("8p")[0]
    added = Action(A.ADDED_KONG, 1, (deal.drawn_tile,))
    assert added in deal.legal_actions(1)
    deal.apply(added)
    assert deal.phase is Phase.ROB and deal.to_act == (2,)
    assert deal.view(3).kong_tile == (1, added.tiles[0])
    assert deal.hand_size(1) == 13
