"""The ready qualifications of TW §20.6.2 that had no test of their own: R1 (b) (the dealer
ready right after its opening discard: heavenly, ``standard`` only), R1 (c) (a seat not ready
before its first normal draw and ready after the discard that follows it: earthly), R2
(``first_eight_discards``) and R3 (``each_first_discard``). Each through ``Deal.from_hands``
and ``apply``: a position where the qualification is won and held to the win, scoring C37
(heavenly) or C29 (earthly) in the result, and one where it is lost or never earned, with no
such element. The other seats hold tiles that allow no claim on the tiles named."""

from __future__ import annotations

import mahjong_fast as mf
import pytest
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.tiles import id_code

T = ActionType
E, S, W, N = 0, 1, 2, 3


def rules(mode: str) -> mf.Ruleset:
    """A common table (``sml``) with the qualification mode; ``min_tai`` 0, base 5."""
    return mf.Ruleset.from_name(
        "taiwanese", tai_table="sml", min_tai=0, base_points=5, ready_qualification=mode
    )


def pass_all(d: Deal) -> None:
    while d.phase in (Phase.RESPONSE, Phase.ROB):
        for q in tuple(d.to_act):
            d.apply(Action(T.PASS, q))


def discard(d: Deal, p: int, code: str | None = None, *, drawn: bool = True) -> None:
    """``p`` discards the tile it drew (``code`` None), or a tile of kind ``code``: the drawn
    copy if ``drawn``, otherwise an older copy. The window stays open."""
    if code is None:
        assert d.drawn_tile is not None
        t = d.drawn_tile
    else:
        ids = [x for x in d.hands[p] if id_code(x) == code and (x == d.drawn_tile) == drawn]
        t = min(ids) if ids else min(x for x in d.hands[p] if id_code(x) == code)
    d.apply(Action(T.DISCARD, p, (t,)))


def step(d: Deal, p: int, code: str | None = None, *, drawn: bool = True) -> None:
    discard(d, p, code, drawn=drawn)
    pass_all(d)


def win_on(d: Deal, winner: int) -> list[str]:
    """``winner`` wins on the open discard; the result's element codes."""
    assert d.phase is Phase.RESPONSE and winner in d.to_act
    d.apply(Action(T.WIN, winner))
    pass_all(d)
    r = d.result
    assert r is not None and r.winner == winner
    return [e[0] for e in r.wins[0].elements]


# ------------------------------------------------------------------ R1 (b): the dealer
#: East (dealer) is ready after discarding 7z (waits 2p / 5p); the others hold nothing that
#: claims 7z, 2m, 3m, 7p, 8p or 2p.
EAST_B = "123m456m789s234s34p88p7z"
SOUTH_B = "1m9m1p9p5s7s9s6z6z1s1s4s4s8s8s7z"
WEST_B = "7m7m8m8m9m9m1p1p6p6p9p9p5s5s6s6s"
NORTH_B = "1z1z1z2z2z2z3z3z3z4z4z4z5z5z6z7m"


def dealer_opening(mode: str, *, keep: bool) -> tuple[Deal, list[str]]:
    """East discards 7z (ready); a round of drawn-tile discards; East draws a third 8p and
    discards the drawn copy (``keep``) or an older one (R4: a tile other than the one just
    drawn loses the qualification, the hand unchanged); South's 2p is East's win."""
    d = Deal.from_hands(
        [EAST_B, SOUTH_B, WEST_B, NORTH_B],
        dealer=E,
        active=E,
        wall="2m 3m 7p 8p 2p",
        rules=rules(mode),
    )
    step(d, E, "7z")
    earned = "heavenly_ready" in d.private_flags[E]
    for p in (S, W, N):
        step(d, p)
    assert id_code(d.drawn_tile or 0) == "8p" and d.to_act == (E,)
    step(d, E, "8p", drawn=keep)
    assert ("heavenly_ready" in d.private_flags[E]) is (earned and keep)
    discard(d, S)
    return d, win_on(d, E)


def test_r1b_dealer_ready_after_its_opening_discard_scores_c37() -> None:
    _, codes = dealer_opening("standard", keep=True)
    assert "C37" in codes and "C29" not in codes


def test_r1b_lost_by_a_discard_other_than_the_drawn_tile() -> None:
    _, codes = dealer_opening("standard", keep=False)
    assert "C37" not in codes and "C29" not in codes


def test_r1b_is_standard_only() -> None:
    """``standard_no_dealer``: the dealer earns nothing by its opening discard."""
    _, codes = dealer_opening("standard_no_dealer", keep=True)
    assert "C37" not in codes and "C29" not in codes


# ------------------------------------------------- R1 (c), R2, R3: South's first discard
#: South is one tile short (3p 6z); its first draw 4p makes it ready once it discards 6z.
EAST_C = "1z1z1z2z2z2z3z3z3z4z4z4z5z5z6z7m9s"
SOUTH_C = "123m456m789s234s3p88p6z"
WEST_C = "7m7m8m8m9m9m1p1p6p6p9p9p5s5s6s6s"
NORTH_C = "1m9m1p9p5s7s9s7z7z1s1s4s4s2s5p7z"


def south_first_discard(mode: str, *, keep: bool, dealt_ready: bool = False) -> list[str]:
    """East discards 9s; South draws 4p and discards 6z (ready: earthly); a round of
    drawn-tile discards; South draws a third 8p and discards the drawn copy (``keep``) or an
    older one (R4); West's 2p is South's win. The element codes of South's win."""
    south = "123m456m789s234s34p88p" if dealt_ready else SOUTH_C
    wall = ("6z " if dealt_ready else "4p ") + "7p 3s 6s 8p 2p"
    d = Deal.from_hands(
        [EAST_C, south, WEST_C, NORTH_C], dealer=E, active=E, wall=wall, rules=rules(mode)
    )
    step(d, E, "9s")
    step(d, S, "6z")
    earned = "earthly_ready" in d.private_flags[S]
    for p in (W, N, E):
        step(d, p)
    assert id_code(d.drawn_tile or 0) == "8p" and d.to_act == (S,)
    step(d, S, "8p", drawn=keep)
    assert ("earthly_ready" in d.private_flags[S]) is (earned and keep)
    discard(d, W)
    return win_on(d, S)


@pytest.mark.parametrize("mode", ["standard", "first_eight_discards", "each_first_discard"])
def test_earthly_ready_after_the_first_discard_scores_c29(mode: str) -> None:
    """R1 (c) ``standard``, R2 ``first_eight_discards`` (discard 2 of the deal, not the
    dealer's opening one: earthly), R3 ``each_first_discard``: C29 at the win."""
    codes = south_first_discard(mode, keep=True)
    assert "C29" in codes and "C37" not in codes


@pytest.mark.parametrize("mode", ["standard", "first_eight_discards", "each_first_discard"])
def test_earthly_ready_lost_by_a_discard_other_than_the_drawn_tile(mode: str) -> None:
    codes = south_first_discard(mode, keep=False)
    assert "C29" not in codes and "C37" not in codes


def test_r1c_needs_a_seat_not_ready_before_its_first_draw() -> None:
    """R1 (c): South dealt ready holds R1 (a)'s heavenly, not an earthly one; its first
    discard is the drawn 6z, so it keeps the heavenly qualification (C37, no C29)."""
    codes = south_first_discard("standard", keep=True, dealt_ready=True)
    assert "C37" in codes and "C29" not in codes


def test_r3_earthly_even_when_dealt_ready() -> None:
    """R3 reads only the seat's first discard: South dealt ready earns earthly there."""
    codes = south_first_discard("each_first_discard", keep=True, dealt_ready=True)
    assert "C29" in codes and "C37" not in codes


def test_r2_counts_at_most_eight_discards() -> None:
    """R2: South ready only after its third discard (the deal's tenth) earns nothing; the
    same readiness at its second discard (the deal's sixth) is earthly."""
    for late, want in ((False, True), (True, False)):
        junk = "7p 3s 6s 2m " if late else ""
        d = Deal.from_hands(
            [EAST_C, SOUTH_C, WEST_C, NORTH_C],
            dealer=E,
            active=E,
            wall="2m 7p 3s 6s " + junk + "4p 1m 2s 3m 9m 2p",
            rules=rules("first_eight_discards"),
        )
        step(d, E, "9s")
        rounds = 2 if late else 1
        for _ in range(rounds):
            step(d, S)  # South discards what it drew, still one tile short
            for p in (W, N, E):
                step(d, p)
        assert id_code(d.drawn_tile or 0) == "4p" and d.to_act == (S,)
        step(d, S, "6z")
        discards = [e for e in d.events if e.type == "discard"]
        assert len(discards) == (10 if late else 6) and discards[-1].player == S
        assert ("earthly_ready" in d.private_flags[S]) is want
        for p in (W, N, E):
            step(d, p)
        step(d, S)
        discard(d, W)
        codes = win_on(d, S)
        assert ("C29" in codes) is want and "C37" not in codes
