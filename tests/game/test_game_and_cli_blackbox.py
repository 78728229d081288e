"""Black-box tests of the game engine and the terminal CLI, derived from the Hong Kong rules
(§1-§8, §12-§14, §16; see docs/hong-kong-rules.md) only.

Walls are built here from scratch (an independent builder, not the product's helpers): hands are
placed at the wall positions that §4.3 prescribes, so a wrong dealing order shows up as wrong
hands. Long deals are driven to the end of the wall by "tsumogiri" (discard the drawn tile, pass
every claim), which makes the schedule of draws deterministic.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mahjong_fast as mf
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import (
    Action,
    ActionType,
    Deal,
    Phase,
    new_deal,
    play_match,
    visible_event,
)
from mahjong_fast.seats import make_seat

A = ActionType
VENV = Path(sys.executable).parent
CLI = str(VENV / "mahjong-fast")

# =========================================================================================
# wall builder (independent of the product and of tests/_game_helpers.py)
# =========================================================================================

SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def toks(notation: str) -> list[int]:
    """'123m 1f' -> kinds 0..33 for ordinary tiles, ids 136..143 for bonus tiles."""
    out: list[int] = []
    for digits, suit in re.findall(r"(\d+)([mpszf])", notation.replace(" ", "")):
        for d in digits:
            n = int(d)
            out.append(135 + n if suit == "f" else SUIT_BASE[suit] + n - 1)
    return out


def kind(code: str) -> int:
    (k,) = toks(code)
    return k


def deal_positions(dealer: int) -> dict[int, list[int]]:
    """§4.3: per player, the wall positions it is dealt, in dealing order."""
    pos: dict[int, list[int]] = {p: [] for p in range(4)}
    for r in range(3):
        for k in range(4):
            pos[(dealer + k) % 4] += [16 * r + 4 * k + i for i in range(4)]
    for k in range(4):
        pos[(dealer + k) % 4].append(48 + k)
    pos[dealer].append(52)
    return pos


def build(
    hands: dict[int, str],
    dealer: int = 0,
    draws: str = "",
    tail: str = "",
    fixed: dict[int, str] | None = None,
) -> list[int]:
    """A 144-id wall: ``hands`` dealt per §4.3 (in dealing order), ``draws`` at positions
    53.., ``tail`` at 143 downwards, ``fixed`` at given positions; the rest filled in id order
    (unplaced bonus tiles go to the very middle). Copies are allocated lowest id first."""
    used: set[int] = set()
    wall: list[int | None] = [None] * 144

    def take(k: int) -> int:
        if k >= 136:
            assert k not in used
            used.add(k)
            return k
        for c in range(4):
            if 4 * k + c not in used:
                used.add(4 * k + c)
                return 4 * k + c
        raise AssertionError(f"fifth copy of kind {k}")

    pos = deal_positions(dealer)
    for p in range(4):
        ts = toks(hands[p])
        assert len(ts) == len(pos[p]), (p, len(ts))
        for q, k in zip(pos[p], ts):
            wall[q] = take(k)
    for i, k in enumerate(toks(draws)):
        assert wall[53 + i] is None
        wall[53 + i] = take(k)
    for i, k in enumerate(toks(tail)):
        assert wall[143 - i] is None
        wall[143 - i] = take(k)
    for q, code in (fixed or {}).items():
        assert wall[q] is None
        wall[q] = take(kind(code))
    free = [i for i in range(144) if wall[i] is None]
    rest = [t for t in range(136) if t not in used]
    bon = [t for t in range(136, 144) if t not in used]
    mid = len(rest) // 2
    for q, t in zip(free, rest[:mid] + bon + rest[mid:]):
        wall[q] = t
    assert sorted(wall) == list(range(144))  # type: ignore[type-var]
    return wall  # type: ignore[return-value]


def hid(deal: Deal, p: int, code: str, nth: int = 0) -> int:
    """Id of the nth copy (ascending) of ``code`` in p's concealed hand."""
    k = kind(code)
    return sorted(t for t in deal.hands[p] if t < 136 and t // 4 == k)[nth]


def hids(deal: Deal, p: int, notation: str) -> tuple[int, ...]:
    out: list[int] = []
    for k in toks(notation):
        out.append(min(t for t in deal.hands[p] if t < 136 and t // 4 == k and t not in out))
    return tuple(out)


def kinds_of(tiles) -> list[int]:
    return sorted(t // 4 for t in tiles)


# =========================================================================================
# invariants and rejection checking
# =========================================================================================


def full_size(deal: Deal, p: int) -> int:
    return len(deal.hands[p]) + 3 * len(deal.melds[p])


def check_invariants(deal: Deal) -> None:
    """§5.6 hand sizes, no bonus tile in a hand, tile conservation, §11.5 scores."""
    for p in range(4):
        assert all(t < 136 for t in deal.hands[p]), f"bonus tile kept in P{p}'s hand"
        assert all(t >= 136 for t in deal.bonus[p])
    if deal.phase in (Phase.ACTION, Phase.AFTER_CLAIM):
        (a,) = deal.to_act
        for p in range(4):
            assert full_size(deal, p) == (14 if p == a else 13), (deal.phase, p, full_size(deal, p))
    elif deal.phase in (Phase.RESPONSE, Phase.ROB):
        for p in range(4):
            assert full_size(deal, p) == 13, (deal.phase, p, full_size(deal, p))
    assert sum(deal.scores) == 0
    # every tile not in the wall is in exactly one place (public + private)
    seen: list[int] = []
    for p in range(4):
        seen += deal.hands[p]
        seen += deal.bonus[p]
        for m in deal.melds[p]:
            seen += m.tiles
    v = deal.view(0)
    for pool in v.discards:
        seen += pool
    if v.kong_tile is not None:
        seen.append(v.kong_tile[1])
    assert len(seen) == len(set(seen)), "a tile is in two places"
    assert len(seen) == 144 - deal.remaining


def state(deal: Deal):
    return (
        deal.snapshot(),
        [deal.view(p) for p in range(4)],
        [deal.legal_actions(p) for p in range(4)],
        deal.remaining,
        len(deal.events),
        [list(h) for h in deal.hands],
        deal.phase,
        deal.to_act,
    )


def rejected(deal: Deal, action: Action, *codes: str) -> str:
    """``action`` must be rejected with one of ``codes`` and change nothing (§13)."""
    before = state(deal)
    with pytest.raises(IllegalActionError) as ei:
        deal.apply(action)
    assert ei.value.code in codes, f"{action}: got {ei.value.code}, expected {codes}"
    assert str(ei.value).strip(), "an illegal action needs a human-readable message"
    assert state(deal) == before, f"{action} changed the state"
    assert not deal.is_legal(action)
    return ei.value.code


def act(deal: Deal, action: Action) -> None:
    deal.apply(action)
    check_invariants(deal)


def pass_all(deal: Deal) -> None:
    assert deal.phase in (Phase.RESPONSE, Phase.ROB)
    for q in tuple(deal.to_act):
        act(deal, Action(A.PASS, q))


def tsumogiri_step(deal: Deal) -> None:
    """Active player discards the drawn tile; any window is passed."""
    if deal.phase in (Phase.RESPONSE, Phase.ROB):
        pass_all(deal)
        return
    (p,) = deal.to_act
    t = deal.view(p).drawn_tile
    assert t is not None, "tsumogiri needs a drawn tile"
    act(deal, Action(A.DISCARD, p, (t,)))


def draws_of(deal: Deal):
    """(player, tile) of every draw event, normal and replacement, in order."""
    return [(e.player, e.data["tile"], e.type) for e in deal.events if e.type in ("draw", "replacement_draw")]


def run_until(deal: Deal, pred, limit: int = 1000) -> None:
    for _ in range(limit):
        if pred(deal):
            return
        assert deal.phase is not Phase.ENDED, "deal ended before the situation arose"
        tsumogiri_step(deal)
    raise AssertionError("situation never arose")


def in_action(p: int, remaining: int | None = None):
    def pred(d: Deal) -> bool:
        return (
            d.phase is Phase.ACTION
            and d.to_act == (p,)
            and d.view(p).drawn_tile is not None
            and (remaining is None or d.remaining == remaining)
        )

    return pred


def faan_codes(result) -> list[str]:
    return [e[0] for e in result.elements]


def check_payments(r) -> None:
    """§11.1: base 2^F; self-drawn: each other pays base; discard: discarder pays 3 base."""
    assert sum(r.payments) == 0
    if r.winner is None:
        assert r.payments == (0, 0, 0, 0)
        return
    base = 2**r.faan
    assert 3 <= r.faan <= 13
    exp = [0, 0, 0, 0]
    exp[r.winner] = 3 * base
    if r.win_kind == "self_drawn":
        for p in range(4):
            if p != r.winner:
                exp[p] = -base
    else:
        exp[r.discarder] = -3 * base
    assert tuple(r.payments) == tuple(exp)


# =========================================================================================
# §4.3 dealing order, §4.4 initial bonus replacement (P6)
# =========================================================================================


def shuffled_wall(seed: int, bonus_positions=None) -> list[int]:
    rng = random.Random(seed)
    ordinary = list(range(136))
    rng.shuffle(ordinary)
    wall: list[int | None] = [None] * 144
    bonus_positions = bonus_positions or [70, 71, 72, 73, 90, 91, 92, 93]
    for b, q in zip(range(136, 144), bonus_positions):
        wall[q] = b
    it = iter(ordinary)
    return [w if w is not None else next(it) for w in wall]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dealing_takes_exact_positions(dealer, seed):
    wall = shuffled_wall(seed)
    deal = Deal(wall, dealer=dealer)
    pos = deal_positions(dealer)
    for p in range(4):
        assert sorted(deal.hands[p]) == sorted(wall[q] for q in pos[p]), f"P{p}"
        assert deal.bonus[p] == []
    assert deal.remaining == 91
    assert deal.phase is Phase.ACTION and deal.to_act == (dealer,)
    assert deal.seat_winds == tuple((p - dealer) % 4 for p in range(4))
    assert deal.view(dealer).can_self_draw  # §5.2 dealer at the start
    check_invariants(deal)
    # the first normal draw takes position 53
    act(deal, Action(A.DISCARD, dealer, (wall[52],)))
    if deal.phase is Phase.RESPONSE:
        pass_all(deal)
    nxt = (dealer + 1) % 4
    assert deal.to_act == (nxt,)
    assert deal.view(nxt).drawn_tile == wall[53]
    assert deal.remaining == 90


def test_dealing_round_structure_distinguishes_blocks():
    """Hands built by §4.3 positions: each player gets exactly its blocks, nothing else."""
    hands = {
        0: "111m 2m 555m 6m 999m 1z 2z 3z",  # 14
        1: "111p 2p 555p 6p 999p 3z 4z",
        2: "111s 2s 555s 6s 999s 4z 5z",
        3: "3m 4m 7m 8m 3p 4p 7p 8p 3s 4s 7s 8s 5z",
    }
    deal = Deal(build(hands, dealer=0))
    for p in range(4):
        assert kinds_of(deal.hands[p]) == sorted(toks(hands[p])), f"P{p}"


def test_p6_initial_bonus_order_with_chain():
    """P6: East 2f; South 1f and 5f, position 141 holds 6f -> South takes 140."""
    hands = {
        0: "2f 123m 456m 789m 11z 2z 3z",  # 14
        1: "1f 5f 123p 456p 789p 33z",  # 13
        2: "123s 456s 789s 44z 55z",
        3: "234m 234p 234s 66z 77z",
    }
    wall = build(hands, tail="1s 2s 6f 3s 7s")
    deal = Deal(wall)
    assert deal.bonus[0] == [137]
    assert sorted(deal.bonus[1][:2]) == [136, 140] and deal.bonus[1][2] == 141
    assert deal.bonus[2] == [] and deal.bonus[3] == []
    assert wall[143] in deal.hands[0]
    assert wall[142] in deal.hands[1] and wall[140] in deal.hands[1]
    assert wall[139] not in deal.hands[0] + deal.hands[1] + deal.hands[2] + deal.hands[3]
    assert deal.remaining == 91 - 4
    # the events show East finishing before South starts
    reps = [(p, t) for p, t, ty in draws_of(deal) if ty == "replacement_draw"]
    assert reps == [(0, wall[143]), (1, wall[142]), (1, wall[141]), (1, wall[140])]
    check_invariants(deal)


def test_initial_bonus_chain_stays_with_player_before_next_starts():
    """§4.4 example: East dealt 2f and 6f, 142 holds 7f -> East takes 143, 141; West's bonus
    replacements follow North? no: South, West, North in turn order, each finishing first."""
    hands = {
        0: "2f 6f 123m 456m 789m 1z 2z 3z",  # 14
        1: "123p 456p 789p 44z 55z",
        2: "3f 123s 456s 789s 66z 7z",  # West: 3f, replacement at 140 is 4f -> 139
        3: "8f 234m 234p 234s 77z 1z",  # North: 8f -> 138
    }
    wall = build(hands, tail="1s 7f 2s 4f 3s 5s 6s")
    deal = Deal(wall)
    assert sorted(deal.bonus[0][:2]) == [137, 141]
    assert deal.bonus[0][-1] == 142  # 7f drawn as a replacement, exposed after the dealt ones
    assert wall[143] in deal.hands[0] and wall[141] in deal.hands[0]
    assert deal.bonus[2] == [138, 139]  # 3f dealt, 4f from position 140
    assert wall[139] in deal.hands[2]
    assert deal.bonus[3] == [143]
    assert wall[138] in deal.hands[3]
    assert deal.remaining == 91 - 6
    check_invariants(deal)


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_initial_bonus_order_starts_with_the_dealer(dealer):
    """Every player holds one bonus tile: the dealer replaces first, then turn order."""
    base = {
        0: "1f 123m 456m 789m 11z 5z",
        1: "2f 123p 456p 789p 22z 6z",
        2: "3f 123s 456s 789s 33z 7z",
        3: "4f 234m 567p 345s 44z 5z",
    }
    hands = {p: base[p] for p in range(4)}
    hands[dealer] = hands[dealer] + " 7z"
    wall = build(hands, dealer=dealer, tail="1s 2s 3s 4s")
    deal = Deal(wall, dealer=dealer)
    for k in range(4):
        p = (dealer + k) % 4
        assert wall[143 - k] in deal.hands[p], f"seat offset {k} should take position {143 - k}"
    check_invariants(deal)


def test_bonus_drawn_in_play_is_replaced_at_once():
    hands = {
        0: "19m 19p 19s 1234567z 5m",
        1: "234m 567m 234p 567p 5s",
        2: "222s 333s 444s 66p 8p 9p",
        3: "345m 345p 345s 678s 9m",
    }
    wall = build(hands, draws="7f", tail="6s")
    deal = Deal(wall)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "5m"),)))
    if deal.phase is Phase.RESPONSE:
        pass_all(deal)
    assert deal.to_act == (1,) and deal.phase is Phase.ACTION
    assert deal.bonus[1] == [142]
    assert wall[143] in deal.hands[1]
    assert deal.view(1).drawn_tile == wall[143]
    assert deal.remaining == 91 - 2
    evs = [(e.type, e.player) for e in deal.events][-6:]
    assert ("bonus", 1) in evs


# =========================================================================================
# end-of-wall scenarios: all eight bonus tiles are dealt, so the replacement tiles are
# positions 143..136 and the normal draws are positions 53..135 (83 draws; draw i goes to
# P((1 + i) mod 4) when nobody claims).
# =========================================================================================

BONUS8_TAIL = "9p 9p 9p 9p 8p 8p 8p 8p"  # replacements for the eight dealt bonus tiles


def end_hands(p0: str, p1: str, p2: str, p3: str) -> dict[int, str]:
    return {0: p0, 1: p1, 2: p2, 3: p3}


@pytest.fixture
def p3_deal():
    """North (P3) holds four 3s all deal long and draws the last tile (5m); East holds 555m
    and 46m (pung, kong and chow shapes on the last discard); South waits on 5m (46m)."""
    hands = end_hands(
        "1f 2f 3f 555m 46m 1z 2z 3z 4z 5z 6z",  # 14 (1z is the opening discard)
        "123p 456p 789s 46m 99s",  # South: no bonus tile
        "4f 5f 6f 11p 12s 5z 6z 7z 7z 7p 6p",  # West
        "7f 8f 3333s 12m 8m 7m 6z 2z 9s",  # North
    )
    wall = build(hands, tail=BONUS8_TAIL, fixed={135: "5m"})
    return wall


def _to_last_draw(wall, **kw) -> Deal:
    deal = Deal(wall, **kw)
    assert deal.remaining == 83
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(3, 0))
    assert deal.view(3).drawn_tile == wall[135]
    return deal


def test_p3_kong_was_legal_one_turn_earlier(p3_deal):
    deal = Deal(p3_deal)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(3))
    assert Action(A.CONCEALED_KONG, 3, hids(deal, 3, "3333s")) in deal.legal_actions(3)


def test_last_discard_only_win_claims_auto_pass_ends_in_draw(p3_deal):
    """With South's win passed, the last discard ends the deal (§6.3, §8.2.1)."""
    deal = _to_last_draw(p3_deal)
    act(deal, Action(A.DISCARD, 3, (deal.view(3).drawn_tile,)))
    assert deal.phase is Phase.RESPONSE
    assert deal.to_act == (1,), "only South (a win) may respond to the last discard"
    assert deal.legal_actions(1) == [Action(A.PASS, 1), Action(A.WIN, 1)] or {
        a.type for a in deal.legal_actions(1)
    } == {A.PASS, A.WIN}
    assert deal.view(1).is_last_discard
    assert [e for e in deal.events if e.type == "discard"][-1].data.get("last") is True
    act(deal, Action(A.PASS, 1))
    assert deal.phase is Phase.ENDED
    r = deal.result
    assert r.exhaustive_draw and r.draw_reason == "last_discard" and r.payments == (0, 0, 0, 0)


def test_last_discard_pung_kong_chow_rejected(p3_deal):
    deal = _to_last_draw(p3_deal, auto_pass=False)
    act(deal, Action(A.DISCARD, 3, (deal.view(3).drawn_tile,)))
    assert deal.phase is Phase.RESPONSE and set(deal.to_act) == {0, 1, 2}
    assert {a.type for a in deal.legal_actions(0)} == {A.PASS}
    rejected(deal, Action(A.PUNG, 0, hids(deal, 0, "55m")), "LAST_DISCARD_WIN_ONLY")
    rejected(deal, Action(A.CHOW, 0, hids(deal, 0, "46m")), "LAST_DISCARD_WIN_ONLY")
    rejected(
        deal, Action(A.KONG, 0, hids(deal, 0, "555m")), "LAST_DISCARD_WIN_ONLY", "NO_REPLACEMENT_TILE"
    )
    # a win claim on it by somebody without a winning hand
    rejected(deal, Action(A.WIN, 2), "NOT_A_WINNING_HAND")


def test_f15_win_on_the_last_discard(p3_deal):
    deal = _to_last_draw(p3_deal)
    act(deal, Action(A.DISCARD, 3, (deal.view(3).drawn_tile,)))
    act(deal, Action(A.WIN, 1))
    r = deal.result
    assert r.winner == 1 and r.discarder == 3 and r.win_kind == "discard"
    assert faan_codes(r) == ["F1", "F10", "F15", "F16"] and r.faan == 4
    assert r.payments == (0, 48, 0, -48)
    check_payments(r)


def test_f14_self_drawn_win_on_last_wall_tile():
    hands = end_hands(
        "1f 2f 3f 111m 222p 1z 2z 3z 4z 5z",  # 14
        "4f 5f 6f 7f 8f 2m 3m 1p 5p 1s 5s 9s 7z",
        "11s 22s 33s 44s 55s 66s 7s",
        "123m 456m 567s 234s 6p",  # North waits on 6p, the last tile
    )
    wall = build(hands, tail=BONUS8_TAIL, fixed={135: "6p"})
    deal = Deal(wall)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(3, 0))
    assert Action(A.SELF_DRAWN_WIN, 3) in deal.legal_actions(3)
    act(deal, Action(A.SELF_DRAWN_WIN, 3))
    r = deal.result
    assert r.win_kind == "self_drawn" and r.winner == 3
    assert faan_codes(r) == ["F1", "F10", "F11", "F14", "F16"]
    check_payments(r)


def test_f12_and_f14_when_the_kong_replacement_is_the_last_tile():
    """West draws position 134 (remaining 1), declares a concealed kong, the replacement takes
    the last tile (position 135) and completes the hand: F11 + F12 + F14 all apply."""
    hands = end_hands(
        "1f 2f 3f 111m 222p 1z 2z 3z 4z 5z",  # 14
        "4f 5f 6f 7f 8f 2m 3m 1p 5p 1s 5s 6z 7z",
        "9999m 123s 456s 78s 9s",  # West, no bonus
        "345m 345p 345s 678m 7z",
    )
    wall = build(hands, tail=BONUS8_TAIL, fixed={134: "9s", 135: "9s"})
    deal = Deal(wall)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(2, 1))
    act(deal, Action(A.CONCEALED_KONG, 2, hids(deal, 2, "9999m")))
    assert deal.remaining == 0 and deal.phase is Phase.ACTION and deal.to_act == (2,)
    assert deal.view(2).drawn_tile == wall[135]
    act(deal, Action(A.SELF_DRAWN_WIN, 2))
    r = deal.result
    assert faan_codes(r) == ["F10", "F11", "F12", "F14", "F16"], r.elements
    check_payments(r)


def test_added_kong_with_empty_wall_and_p5():
    """South pungs 5z (holding the fourth), so South's added kong is: WRONG_PHASE right after
    the claim (P5), legal on its next turn, and NO_REPLACEMENT_TILE when South has drawn the
    last tile of the wall."""
    hands = end_hands(
        "1f 2f 3f 19m 1p 9s 1s 1z 2z 3z 4z 7z 6z",  # 14: opens with 1z
        "555z 234m 567p 11s 89m",  # South: three 5z, no bonus
        "4f 5f 6f 7f 18s 9s 36z 6m 7p 2p 4p",
        "8f 2p 3p 7s 2s 5s 3m 7m 4s 4m 3s 6p 5m",
    )
    wall = build(hands, tail=BONUS8_TAIL, draws="2z 3z 5z")
    deal = Deal(wall)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    for _ in range(3):  # South, West, North draw and discard; North discards the 5z
        run_until(deal, lambda d: d.phase is Phase.ACTION)
        tsumogiri_step(deal)
    assert deal.phase is Phase.RESPONSE and 1 in deal.to_act
    assert deal.view(1).last_discard[0] == 3
    for q in deal.to_act:
        if q != 1:
            act(deal, Action(A.PASS, q))
    act(deal, Action(A.PUNG, 1, hids(deal, 1, "55z")))
    assert deal.phase is Phase.AFTER_CLAIM and deal.to_act == (1,)
    # P5: no kong and no self-drawn win in AFTER_CLAIM
    assert {a.type for a in deal.legal_actions(1)} == {A.DISCARD}
    fourth = hid(deal, 1, "5z")
    rejected(deal, Action(A.ADDED_KONG, 1, (fourth,)), "WRONG_PHASE")
    rejected(deal, Action(A.SELF_DRAWN_WIN, 1), "WRONG_PHASE")
    act(deal, Action(A.DISCARD, 1, (hid(deal, 1, "8m"),)))
    # South's next turn: the added kong is legal now
    run_until(deal, in_action(1))
    assert Action(A.ADDED_KONG, 1, (fourth,)) in deal.legal_actions(1)
    run_until(deal, in_action(1, 0))
    assert not any(a.type is A.ADDED_KONG for a in deal.legal_actions(1))
    rejected(deal, Action(A.ADDED_KONG, 1, (fourth,)), "NO_REPLACEMENT_TILE")


# =========================================================================================
# §6.2 claim priority (the far winner of E27; P1, P2 and the E27 head bump are
# tests/game/test_game_rules.py's), §5.4 response window, §6.1 chow rules
# =========================================================================================
# West (P2) discards the 4p it draws at position 54 after East opens with 1z and South
# discards the 2z drawn at position 53.

P1_HANDS = {
    0: "44p 1z 159m 159s 3456z 7z",  # East: pung 4p
    1: "123m 456m 789s 23p 55s",  # South: wins on 4p (F1 F10 F16 = 3)
    2: "268m 1789p 2468s 7z 3z",  # West
    3: "2356p 37m 36s 456z 9m 1p",  # North: chow 4p with 23p, 35p, 56p
}


def _to_west_4p(hands, **kw) -> Deal:
    deal = Deal(build(hands, draws="2z 4p"), **kw)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    if deal.phase is Phase.RESPONSE:
        pass_all(deal)
    assert deal.to_act == (1,)
    act(deal, Action(A.DISCARD, 1, (deal.view(1).drawn_tile,)))
    if deal.phase is Phase.RESPONSE:
        pass_all(deal)
    assert deal.to_act == (2,)
    assert deal.view(2).drawn_tile // 4 == kind("4p")
    act(deal, Action(A.DISCARD, 2, (deal.view(2).drawn_tile,)))
    assert deal.phase is Phase.RESPONSE
    return deal


def test_chow_options_are_exactly_the_legal_runs():
    deal = _to_west_4p(P1_HANDS)
    chows = {tuple(kinds_of(a.tiles)) for a in deal.legal_actions(3) if a.type is A.CHOW}
    k = kind
    assert chows == {(k("2p"), k("3p")), (k("3p"), k("5p")), (k("5p"), k("6p"))}
    # every chow option is accepted; a non-run is not
    rejected(deal, Action(A.CHOW, 3, hids(deal, 3, "26p")), "INVALID_MELD")
    rejected(deal, Action(A.CHOW, 3, hids(deal, 3, "36p")), "INVALID_MELD")
    rejected(deal, Action(A.CHOW, 3, hids(deal, 3, "3m7m")), "INVALID_MELD")
    # East holds nothing of a run but is not the next player anyway
    assert not any(a.type is A.CHOW for a in deal.legal_actions(0))
    assert not any(a.type is A.CHOW for a in deal.legal_actions(1))


def test_chow_not_allowed_for_a_player_who_is_not_next():
    hands = dict(P1_HANDS)
    # South holds 23p but is not next after West; it also wins on 4p so it is asked
    deal = _to_west_4p(hands)
    rejected(deal, Action(A.CHOW, 1, hids(deal, 1, "23p")), "CHOW_NOT_ALLOWED")
    assert 1 in deal.to_act


E27_HANDS = {
    0: "1z 2z 3z 4z 19m 19s 5s 6s 7z 7z 1s 2s",  # East
    1: "2m 3m 7m 8m 2s 3s 7s 8s 3z 4z 6z 2z 5m",  # South: discards the 6p it draws
    2: "234p 567p 45p 99p 789p",  # West: wins on 6p (F1 F4 F10 F16 = 10)
    3: "555z 123m 456m 66p 99m",  # North: wins on 6p (F6 F10 F16 = 3)
}


def test_e27_far_winner_wins_when_near_one_passes():
    deal = Deal(build(E27_HANDS, draws="6p"))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    if deal.phase is Phase.RESPONSE:
        pass_all(deal)
    act(deal, Action(A.DISCARD, 1, (deal.view(1).drawn_tile,)))
    act(deal, Action(A.WIN, 3))
    act(deal, Action(A.PASS, 2))
    r = deal.result
    assert r.winner == 3 and r.faan == 3 and r.payments == (0, -24, 0, 24)


# -------------------------------------------------------------------------- §5.4 invalid claim
# East opens with 5m. South (next) holds 55m: the pung is legal, but a win on 5m
# (123m 456p 789s 555m 99s: F10 F16 = 2) is below the minimum.

BM_HANDS = {
    0: "5m 1z 2z 3z 4z 19p 19s 7z 7z 6z 8m 9m",  # 14 with the two below
    1: "123m 456p 789s 55m 99s",
    2: "11z 22z 33z 44z 66z 5z 7s 5s",
    3: "234s 567s 234p 567p 8p",
}


def _bm_deal(**kw) -> Deal:
    deal = Deal(build(BM_HANDS), **kw)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "5m"),)))
    assert deal.phase is Phase.RESPONSE
    return deal


def test_below_minimum_win_claim_is_rejected_and_the_player_responds_again():
    deal = _bm_deal()
    assert deal.to_act == (1,)
    assert not any(a.type is A.WIN for a in deal.legal_actions(1))
    rejected(deal, Action(A.WIN, 1), "BELOW_MINIMUM")
    assert deal.to_act == (1,) and deal.phase is Phase.RESPONSE
    # the same player still must respond; it may now claim the pung
    act(deal, Action(A.PUNG, 1, hids(deal, 1, "55m")))
    assert deal.phase is Phase.AFTER_CLAIM and deal.to_act == (1,)


def test_invalid_claims_without_auto_pass():
    deal = _bm_deal(auto_pass=False)
    assert sorted(deal.to_act) == [1, 2, 3]
    rejected(deal, Action(A.WIN, 2), "NOT_A_WINNING_HAND")
    rejected(deal, Action(A.WIN, 3), "NOT_A_WINNING_HAND")
    rejected(deal, Action(A.WIN, 1), "BELOW_MINIMUM")
    rejected(deal, Action(A.PUNG, 2, hids(deal, 2, "11z")), "INVALID_MELD")
    rejected(deal, Action(A.CHOW, 3, hids(deal, 3, "23s")), "CHOW_NOT_ALLOWED", "INVALID_MELD")
    act(deal, Action(A.PASS, 2))
    rejected(deal, Action(A.PASS, 2), "ALREADY_RESPONDED")
    rejected(deal, Action(A.WIN, 2), "ALREADY_RESPONDED")
    act(deal, Action(A.PASS, 3))
    act(deal, Action(A.PASS, 1))
    assert deal.phase is Phase.ACTION and deal.to_act == (1,)


def test_responses_are_not_visible_before_resolution():
    deal = _bm_deal(auto_pass=False)
    v0 = [deal.view(p) for p in (0, 1, 3)]
    act(deal, Action(A.PASS, 2))
    assert [deal.view(p) for p in (0, 1, 3)] == v0
    # nor through the seat-visible events
    ev = deal.events[-1]
    for p in (0, 1, 3):
        ve = visible_event(ev, p)
        assert ve is None or "pass" not in json.dumps(ve.to_json())


# =========================================================================================
# §7 kongs: robbing, concealed kong not robbable, F12 with a bonus inside the chain
# =========================================================================================
# East opens with 5p; South holds 555p and pungs it (keeping the fourth 5p), discards 8m;
# West, North, East draw and discard; South draws (position 56) and adds the kong.

ROB_HANDS = {
    0: "5p 1z 2z 3z 4z 19m 19s 7z 7z 6z 1p",  # 14 with the 3m
    1: "555p 8m 123s 567s 99m 1m",  # South
    2: "234m 567m 789m 46p 11s",  # West: robs with 46p (F1 F10 F13 F16 = 4)
    3: "123m 456m 789s 46p 99s",  # North: robs with 46p (F1 F10 F13 F16 = 4)
}


def _rob_deal(west_can_rob: bool = True) -> Deal:
    h = dict(ROB_HANDS)
    h[0] = h[0] + " 3m"
    if not west_can_rob:
        h[2] = "234m 567m 789m 2s 5s 8s 3z"
    deal = Deal(build(h, draws="6z 5z 8p 7s"))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "5p"),)))
    assert deal.phase is Phase.RESPONSE and 1 in deal.to_act
    for q in deal.to_act:
        if q != 1:
            act(deal, Action(A.PASS, q))
    act(deal, Action(A.PUNG, 1, hids(deal, 1, "55p")))
    act(deal, Action(A.DISCARD, 1, (hid(deal, 1, "8m"),)))
    run_until(deal, in_action(1))
    return deal


@pytest.mark.parametrize("west_can_rob", [True, False])
def test_robbing_the_kong(west_can_rob):
    deal = _rob_deal(west_can_rob)
    fourth = hid(deal, 1, "5p")
    remaining = deal.remaining
    act(deal, Action(A.ADDED_KONG, 1, (fourth,)))
    assert deal.phase is Phase.ROB
    assert deal.remaining == remaining, "no replacement draw before the ROB window closes"
    assert deal.view(0).kong_tile == (1, fourth)
    exp = [2, 3] if west_can_rob else [3]
    assert sorted(deal.to_act) == exp
    for q in deal.to_act:
        assert {a.type for a in deal.legal_actions(q)} == {A.PASS, A.WIN}
        # only win/pass in ROB
        rejected(deal, Action(A.PUNG, q, ()), "WRONG_PHASE")
        rejected(deal, Action(A.DISCARD, q, (deal.hands[q][0],)), "WRONG_PHASE", "NOT_YOUR_TURN")
    rejected(deal, Action(A.DISCARD, 1, (deal.hands[1][0],)), "NOT_YOUR_TURN", "WRONG_PHASE")
    rejected(deal, Action(A.PASS, 1), "NOT_YOUR_TURN")
    if west_can_rob:
        rejected(deal, Action(A.CHOW, 2, hids(deal, 2, "46p")), "WRONG_PHASE")
        act(deal, Action(A.WIN, 3))
        act(deal, Action(A.WIN, 2))
        winner = 2
    else:
        act(deal, Action(A.WIN, 3))
        winner = 3
    r = deal.result
    assert r.winner == winner and r.win_kind == "robbing_kong" and r.discarder == 1
    assert faan_codes(r) == ["F1", "F10", "F13", "F16"] and r.faan == 4
    exp_pay = [0, -48, 0, 0]
    exp_pay[winner] = 48
    assert r.payments == tuple(exp_pay)
    # the kong was never completed
    assert [m.name for m in deal.melds[1]] == ["pung"]
    assert not any(e.type == "kong_completed" for e in deal.events)
    assert all(e.data.get("reason") != "kong" for e in deal.events if e.type == "replacement_draw")


def test_added_kong_completes_when_all_pass_then_f12():
    deal = _rob_deal()
    fourth = hid(deal, 1, "5p")
    remaining = deal.remaining
    tail_tile = deal.wall[143]
    act(deal, Action(A.ADDED_KONG, 1, (fourth,)))
    pass_all(deal)
    assert deal.phase is Phase.ACTION and deal.to_act == (1,)
    assert [m.name for m in deal.melds[1]] == ["addkong"]
    assert len(deal.melds[1][0].tiles) == 4
    assert deal.remaining == remaining - 1
    assert deal.view(1).drawn_tile == tail_tile
    assert deal.view(1).can_self_draw


def test_concealed_kong_cannot_be_robbed():
    hands = {
        0: "5555p 1z 2z 3z 19m 19s 7z 7z 6z",  # 14
        1: "123s 567s 99m 1m 4z 4z 6z 8m",
        2: "234m 567m 789m 46p 11s",  # would win on 5p
        3: "123m 456m 789s 46p 99s",  # would win on 5p
    }
    deal = Deal(build(hands, tail="2s"))
    act(deal, Action(A.CONCEALED_KONG, 0, hids(deal, 0, "5555p")))
    assert deal.phase is Phase.ACTION and deal.to_act == (0,)
    assert deal.view(0).drawn_tile == deal.wall[143]
    assert [m.name for m in deal.melds[0]] == ["ckong"]
    # the kind is public in every view
    for p in range(4):
        assert [kinds_of(m.tiles) for m in deal.view(p).melds[0]] == [[kind("5p")] * 4]
    rejected(deal, Action(A.WIN, 2), "WRONG_PHASE", "NOT_YOUR_TURN")


def test_two_kongs_in_one_turn():
    hands = {
        0: "5555p 1111s 3z 19m 7z 7z 6z",  # 14
        1: "234s 567s 99m 1m 4z 4z 6z 8m",
        2: "234m 567m 789m 46p 2s 3s",
        3: "123m 456m 789s 47p 99s",
    }
    deal = Deal(build(hands, tail="2z 2z"))
    act(deal, Action(A.CONCEALED_KONG, 0, hids(deal, 0, "5555p")))
    act(deal, Action(A.CONCEALED_KONG, 0, hids(deal, 0, "1111s")))
    assert deal.remaining == 89 and len(deal.melds[0]) == 2
    assert full_size(deal, 0) == 14


def test_f12_with_a_bonus_tile_inside_the_kong_chain():
    """E17-like: the dealer declares a concealed kong at the start; the replacement is 8f,
    exposed, and its replacement 9s completes the hand: F12 applies (§7.4)."""
    hands = {
        0: "7777z 123s 456s 78s 99s",  # 14
        1: "123m 456m 789m 11p 2p 3p",
        2: "234p 567p 11z 22z 3z 8p 9p",
        3: "345m 678p 33z 44z 55z 6m",
    }
    deal = Deal(build(hands, tail="8f 9s"))
    assert deal.bonus == [[], [], [], []]
    assert not any(a.type is A.SELF_DRAWN_WIN for a in deal.legal_actions(0))
    act(deal, Action(A.CONCEALED_KONG, 0, hids(deal, 0, "7777z")))
    assert deal.bonus[0] == [143]
    assert deal.remaining == 89
    assert Action(A.SELF_DRAWN_WIN, 0) in deal.legal_actions(0)
    act(deal, Action(A.SELF_DRAWN_WIN, 0))
    r = deal.result
    assert faan_codes(r) == ["F3", "F6", "F10", "F11", "F12"] and r.faan == 7
    assert r.payments == (384, -128, -128, -128)


def test_no_f12_for_a_plain_bonus_replacement():
    hands = {
        0: "1z 2z 3z 4z 19m 19p 19s 7z 7z 6z 2m",  # 14
        1: "123m 456m 789s 234s 5s",  # South waits on 5s
        2: "234p 567p 11z 22z 3z 8p 9p",
        3: "345m 678p 33z 44z 55z 6m",
    }
    deal = Deal(build(hands, draws="3f", tail="5s"))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "2m"),)))
    if deal.phase is Phase.RESPONSE:
        pass_all(deal)
    assert deal.to_act == (1,) and deal.bonus[1] == [138]
    act(deal, Action(A.SELF_DRAWN_WIN, 1))
    r = deal.result
    assert faan_codes(r) == ["F1", "F10", "F11"], r.elements


def test_exposed_kong_replacement_win_has_f12_and_is_self_drawn():
    hands = {
        0: "7z 1z 2z 3z 4z 19m 19p 19s 6z 6z 5z",  # 14: opens with 7z
        1: "777z 123s 456s 78s 99s",  # South holds 777z
        2: "234p 567p 11z 22z 3z 8p 9p",
        3: "345m 678p 33z 44z 55z 6m",
    }
    deal = Deal(build(hands, tail="9s"))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "7z"),)))
    assert deal.to_act == (1,)
    act(deal, Action(A.KONG, 1, hids(deal, 1, "777z")))
    assert deal.phase is Phase.ACTION and deal.to_act == (1,)
    assert deal.view(1).drawn_tile == deal.wall[143]
    assert deal.view(1).can_self_draw
    assert [m.name for m in deal.melds[1]] == ["kong"]
    assert deal.melds[1][0].claimed_from == 0
    assert deal.remaining == 90
    act(deal, Action(A.SELF_DRAWN_WIN, 1))
    r = deal.result
    assert r.win_kind == "self_drawn" and r.winner == 1
    assert faan_codes(r) == ["F3", "F6", "F11", "F12", "F16"], r.elements
    assert r.payments == (-128, 384, -128, -128)


# =========================================================================================
# §5.3 self-drawn win only after a draw; §5.2 dealer's start
# =========================================================================================


def test_complete_hand_after_a_pung_cannot_be_declared_self_drawn():
    """South pungs East's 6z and then holds a complete 14-tile hand; a self-drawn win is not
    allowed in AFTER_CLAIM (entered by a claim), only a discard."""
    hands = {
        0: "6z 1z 2z 3z 4z 19m 19p 19s 7z 7z 5z",  # 14
        1: "66z 123s 456s 789s 55p",  # pung 6z -> complete
        2: "234p 567p 11z 22z 3z 8p 9m",
        3: "345m 678p 33z 44z 5z 6m 7m",
    }
    deal = Deal(build(hands))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "6z"),)))
    assert deal.to_act == (1,)
    assert any(a.type is A.WIN for a in deal.legal_actions(1))
    act(deal, Action(A.PUNG, 1, hids(deal, 1, "66z")))
    assert deal.phase is Phase.AFTER_CLAIM
    assert not deal.view(1).can_self_draw
    assert {a.type for a in deal.legal_actions(1)} == {A.DISCARD}
    assert len(deal.legal_actions(1)) == len(deal.hands[1])
    rejected(deal, Action(A.SELF_DRAWN_WIN, 1), "WRONG_PHASE")
    rejected(deal, Action(A.DISCARD, 0, (deal.hands[0][0],)), "NOT_YOUR_TURN")
    rejected(deal, Action(A.PASS, 1), "WRONG_PHASE")


def test_dealer_wins_at_the_start_e28():
    hands = {
        0: "123m 456m 789m 22m 666z",
        1: "123p 456p 789p 11s 2s 3s",
        2: "234s 567s 11z 22z 3z 8s 9s",
        3: "345p 678s 33z 44z 55z 9p",
    }
    deal = Deal(build(hands))
    assert Action(A.SELF_DRAWN_WIN, 0) in deal.legal_actions(0)
    for p in (1, 2, 3):
        assert deal.legal_actions(p) == []
        rejected(deal, Action(A.SELF_DRAWN_WIN, p), "NOT_YOUR_TURN")
    act(deal, Action(A.SELF_DRAWN_WIN, 0))
    r = deal.result
    assert r.winner == 0 and r.win_kind == "self_drawn" and r.win_tile is None
    assert faan_codes(r) == ["F3", "F6", "F10", "F11", "F16"] and r.faan == 7
    assert r.payments == (384, -128, -128, -128)


def test_dealer_start_win_below_minimum_after_bonus_replacement():
    """Dealer dealt 3f (West's flower): replaced by 1z from the tail -> complete hand worth
    F10 + F11 = 2 (no F16, no F12: not a kong chain) -> BELOW_MINIMUM."""
    hands = {
        0: "123m 456p 789s 234s 1z 3f",
        1: "123p 456m 789p 11s 2s 3s",
        2: "567s 567m 11p 22z 3z 8m 9m",
        3: "345p 678s 33z 44z 55z 9p",
    }
    deal = Deal(build(hands, tail="1z"))
    assert deal.bonus[0] == [138]
    assert not any(a.type is A.SELF_DRAWN_WIN for a in deal.legal_actions(0))
    rejected(deal, Action(A.SELF_DRAWN_WIN, 0), "BELOW_MINIMUM")


def test_self_drawn_win_not_a_winning_hand():
    deal = Deal(shuffled_wall(5))
    if any(a.type is A.SELF_DRAWN_WIN for a in deal.legal_actions(0)):
        pytest.skip("random hand is complete")
    rejected(deal, Action(A.SELF_DRAWN_WIN, 0), "NOT_A_WINNING_HAND")


# =========================================================================================
# §13 every error code, state unchanged
# =========================================================================================


def test_error_codes_in_action_phase():
    deal = Deal(shuffled_wall(11))
    h0 = sorted(deal.hands[0])
    rejected(deal, Action(A.DISCARD, 1, (deal.hands[1][0],)), "NOT_YOUR_TURN")
    rejected(deal, Action(A.DISCARD, 1, (h0[0],)), "NOT_YOUR_TURN")
    rejected(deal, Action(A.DISCARD, 0, (144,)), "UNKNOWN_TILE")
    rejected(deal, Action(A.DISCARD, 0, (-1,)), "UNKNOWN_TILE")
    rejected(deal, Action(A.DISCARD, 0, (10**30,)), "UNKNOWN_TILE")
    rejected(deal, Action(A.DISCARD, 0, (deal.hands[1][0],)), "TILE_NOT_IN_HAND")
    rejected(deal, Action(A.DISCARD, 0, (140,)), "TILE_NOT_IN_HAND")  # bonus never in a hand
    rejected(deal, Action(A.PASS, 0), "WRONG_PHASE")
    rejected(deal, Action(A.WIN, 0), "WRONG_PHASE")
    rejected(deal, Action(A.PUNG, 0, tuple(h0[:2])), "WRONG_PHASE")
    rejected(deal, Action(A.PUNG, 1, tuple(deal.hands[1][:2])), "WRONG_PHASE", "NOT_YOUR_TURN")
    rejected(deal, Action(A.PASS, 2), "WRONG_PHASE", "NOT_YOUR_TURN")
    # a concealed kong / added kong without the tiles
    rejected(deal, Action(A.CONCEALED_KONG, 0, tuple(h0[:4])), "INVALID_MELD")
    rejected(deal, Action(A.ADDED_KONG, 0, (h0[0],)), "INVALID_MELD")
    # nonsense players
    for p in (4, -1, 99):
        rejected(deal, Action(A.DISCARD, p, (h0[0],)), "NOT_YOUR_TURN")


@pytest.mark.parametrize(
    "tiles",
    [(), None, ("x",), (1.5,), (True,)],
    ids=["empty", "none", "str", "float", "bool"],
)
def test_malformed_discards_are_rejected_without_effect(tiles):
    deal = Deal(shuffled_wall(12))
    before = state(deal)
    h0 = deal.hands[0][0]
    if tiles is None:
        tiles = (h0, h0)
    try:
        a = Action(A.DISCARD, 0, tiles)
    except (TypeError, ValueError):
        return
    with pytest.raises((IllegalActionError, ValueError, TypeError)):
        deal.apply(a)
    assert state(deal) == before


def test_duplicate_ids_in_a_claim():
    deal = _bm_deal()
    t = hid(deal, 1, "5m")
    rejected(deal, Action(A.PUNG, 1, (t, t)), "INVALID_MELD", "TILE_NOT_IN_HAND")
    # naming the discard itself as a hand tile
    disc = deal.view(1).last_discard[1]
    rejected(deal, Action(A.PUNG, 1, (t, disc)), "TILE_NOT_IN_HAND", "INVALID_MELD")
    rejected(deal, Action(A.PUNG, 1, (t,)), "INVALID_MELD")
    rejected(deal, Action(A.PUNG, 1, hids(deal, 1, "55m") + (hid(deal, 1, "9s"),)), "INVALID_MELD")
    rejected(deal, Action(A.KONG, 1, hids(deal, 1, "55m") + (hid(deal, 1, "9s"),)), "INVALID_MELD")
    rejected(deal, Action(A.DISCARD, 0, (deal.hands[0][0],)), "NOT_YOUR_TURN", "WRONG_PHASE")
    rejected(deal, Action(A.PASS, 0), "NOT_YOUR_TURN")  # responding to one's own discard
    rejected(deal, Action(A.DISCARD, 1, (t,)), "WRONG_PHASE")
    rejected(deal, Action(A.SELF_DRAWN_WIN, 1), "WRONG_PHASE")
    rejected(deal, Action(A.PASS, 2), "ALREADY_RESPONDED")  # auto-passed


def test_deal_over_for_every_action_type():
    hands = {
        0: "123m 456m 789m 22m 666z",
        1: "123p 456p 789p 11s 2s 3s",
        2: "234s 567s 11z 22z 3z 8s 9s",
        3: "345p 678s 33z 44z 55z 9p",
    }
    deal = Deal(build(hands))
    act(deal, Action(A.SELF_DRAWN_WIN, 0))
    for t in A:
        for p in range(4):
            rejected(deal, Action(t, p, (deal.hands[p][0],) if t is A.DISCARD else ()), "DEAL_OVER")
    assert all(deal.legal_actions(p) == [] for p in range(4))


def test_every_code_reachable_is_one_of_the_spec_codes():
    """Random legal/illegal play: every rejection uses a §13 code and changes nothing."""
    codes = set(mf.errors.ILLEGAL_ACTION_CODES) if hasattr(mf, "errors") else set()
    spec = {
        "DEAL_OVER", "NOT_YOUR_TURN", "WRONG_PHASE", "ALREADY_RESPONDED", "UNKNOWN_TILE",
        "TILE_NOT_IN_HAND", "INVALID_MELD", "CHOW_NOT_ALLOWED", "NO_REPLACEMENT_TILE",
        "LAST_DISCARD_WIN_ONLY", "NOT_A_WINNING_HAND", "BELOW_MINIMUM",
    }  # fmt: skip
    # the list holds the codes of house rules too (TW §20.6.4); Hong Kong reaches only §13's
    assert not codes or spec <= codes
    rng = random.Random(3)
    for seed in range(6):
        deal = Deal(shuffled_wall(100 + seed))
        steps = 0
        while deal.phase is not Phase.ENDED and steps < 400:
            steps += 1
            p = rng.choice(deal.to_act)
            # a random (probably illegal) action first
            t = rng.choice(list(A))
            n = rng.choice([0, 1, 2, 3, 4])
            pool = deal.hands[rng.randrange(4)] + [rng.randrange(-2, 146)]
            tiles = tuple(rng.choice(pool) for _ in range(n))
            a = Action(t, rng.randrange(4), tiles)
            if not deal.is_legal(a):
                before = state(deal)
                with pytest.raises(IllegalActionError) as ei:
                    deal.apply(a)
                assert ei.value.code in spec
                assert state(deal) == before
            else:
                act(deal, a)
                continue
            legal = deal.legal_actions(p)
            assert legal, f"P{p} in to_act without legal actions"
            for la in legal:
                assert deal.is_legal(la)
            choice = rng.choice(legal)
            if choice.type in (A.WIN, A.SELF_DRAWN_WIN) and rng.random() < 0.7:
                choice = next((x for x in legal if x.type in (A.PASS, A.DISCARD)), choice)
            act(deal, choice)


# =========================================================================================
# §11.5 / §12 matches and rotating dealer
# =========================================================================================


@pytest.mark.parametrize("rotate", [True, False])
def test_rotating_dealer_and_zero_sum(rotate):
    seats = [make_seat("greedy", p) for p in range(4)]
    m = play_match(seats, seed=77, deals=9, rotate_dealer=rotate)
    assert m.deals == 9
    running = [0, 0, 0, 0]
    for d, r in enumerate(m.results):
        assert r.dealer == (d % 4 if rotate else 0)
        assert r.deal_index == d
        check_payments(r)
        running = [a + b for a, b in zip(running, r.payments)]
        assert tuple(running) == tuple(r.scores)
        assert sum(r.scores) == 0
    assert tuple(m.scores) == tuple(running)


def test_rotating_dealer_seat_winds_and_walls():
    seats = [make_seat("random", p) for p in range(4)]
    for d in range(6):
        deal = new_deal(seats, seed=5, deal_index=d, rotate_dealer=True)
        dealer = d % 4
        assert deal.dealer == dealer and deal.to_act == (dealer,)
        for p in range(4):
            assert deal.view(p).seat_winds[p] == (p - dealer) % 4
            assert deal.view(p).dealer == dealer
        assert full_size(deal, dealer) == 14
        # same wall dealt by the right dealer
        ref = Deal(list(_wall(5, d)), dealer=dealer)
        assert ref.hands == deal.hands


def _wall(seed, d):
    from mahjong_fast.game import deal_wall

    return deal_wall(seed, d)


def test_many_random_deals_keep_invariants():
    for seed in range(20):
        seats = [make_seat("random", seed * 4 + p) for p in range(4)]
        deal = new_deal(seats, seed=seed, deal_index=seed % 3, rotate_dealer=True)
        while deal.phase is not Phase.ENDED:
            for p in tuple(deal.to_act):
                if p not in deal.to_act:
                    continue
                a = seats[p].choose(deal.view(p), deal.legal_actions(p))
                act(deal, a)
                if deal.phase not in (Phase.RESPONSE, Phase.ROB):
                    break
        check_payments(deal.result)


# =========================================================================================
# §14 visibility
# =========================================================================================


def _swap_hidden(wall: list[int], a: int, b: int) -> list[int]:
    w = list(wall)
    w[a], w[b] = w[b], w[a]
    return w


def _all_ints(obj, out=None):
    out = [] if out is None else out
    if isinstance(obj, bool) or obj is None:
        return out
    if isinstance(obj, int):
        out.append(obj)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for x in obj:
            _all_ints(x, out)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _all_ints(k, out)
            _all_ints(v, out)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _all_ints(getattr(obj, f.name), out)
    return out


def test_view_is_independent_of_hidden_information():
    """Two walls that differ only in other players' concealed tiles and in the undrawn wall
    must give player 0 identical views (equal objects and equal reprs)."""
    wall = shuffled_wall(21)
    d1 = Deal(wall)
    pos = deal_positions(0)
    # swap a P1 tile with a P2 tile, and shuffle the undrawn middle of the wall
    w2 = _swap_hidden(wall, pos[1][0], pos[2][5])
    w2 = _swap_hidden(w2, pos[3][2], 100)
    mid = w2[60:130]
    random.Random(9).shuffle(mid)
    w2 = w2[:60] + mid + w2[130:]
    d2 = Deal(w2)
    assert d1.hands[1] != d2.hands[1]
    v1, v2 = d1.view(0), d2.view(0)
    assert v1 == v2 and repr(v1) == repr(v2)


def test_view_contains_no_hidden_ids_and_no_wall():
    deal = Deal(shuffled_wall(22))
    steps = 0
    while deal.phase is not Phase.ENDED and steps < 60:
        steps += 1
        for p in range(4):
            v = deal.view(p)
            hidden = set()
            for q in range(4):
                if q != p:
                    hidden |= set(deal.hands[q])
            hidden |= set(deal.wall[deal.wall_position[0] : deal.wall_position[1] + 1]) - set(
                _all_ints(v.discards) + _all_ints(v.bonus) + _all_ints(v.melds)
            )
            # scan every tile-bearing field (ints in remaining/scores/turn are not tiles)
            tile_fields = ("hand", "melds", "discards", "bonus", "last_discard", "kong_tile",
                           "drawn_tile", "discard_history")  # fmt: skip
            for f in dataclasses.fields(v):
                val = getattr(v, f.name)
                ints = set(_all_ints(val))
                if f.name in tile_fields:
                    bad = ints & hidden
                    if f.name in ("last_discard", "kong_tile", "melds"):
                        bad -= set(range(4))  # player numbers
                    assert not bad, f"view({p}).{f.name} leaks {bad}"
                else:
                    # non-tile fields must not carry tile lists
                    assert not (isinstance(val, (list, tuple)) and len(ints) > 8), f.name
            names = {f.name for f in dataclasses.fields(v)} | set(vars(v) if hasattr(v, "__dict__") else ())
            assert not any("wall" in n for n in names)
            assert "wall" not in repr(v).lower()
        tsumogiri_or_first(deal)


def tsumogiri_or_first(deal: Deal) -> None:
    if deal.phase in (Phase.RESPONSE, Phase.ROB):
        pass_all(deal)
        return
    (p,) = deal.to_act
    t = deal.view(p).drawn_tile
    if t is None:
        t = max(deal.hands[p])
    act(deal, Action(A.DISCARD, p, (t,)))


def test_view_to_act_hides_other_pending_claims():
    deal = _to_west_4p(P1_HANDS)
    assert sorted(deal.to_act) == [0, 1, 3]
    # P2 (the discarder) must not learn who can claim
    assert deal.view(2).to_act == ()
    for p in (0, 1, 3):
        assert deal.view(p).to_act == (p,)
    # drawn tile is private
    assert deal.view(0).drawn_tile is None


def test_visible_events_redact_other_hands_and_draws():
    deal = Deal(shuffled_wall(23))
    for _ in range(8):
        tsumogiri_or_first(deal)
    for p in range(4):
        for ev in deal.events:
            ve = visible_event(ev, p)
            if ve is None:
                continue
            js = ve.to_json()
            if ev.type == "deal":
                for q in range(4):
                    if q != p:
                        assert all(x is None for x in js["hands"][q])
            if ev.type in ("draw", "replacement_draw") and ev.player != p:
                # a replacement for a bonus tile is public only via the bonus event
                assert js["tile"] is None


# =========================================================================================
# more end-of-wall corner cases, seat-relative scoring, meld edge cases
# =========================================================================================

SEVEN_BONUS = {
    0: "1f 2f 3f 111m 222p 1z 2z 3z 4z 5z",  # 14
    1: "4f 5f 6f 7f 2m 3m 1p 5p 1s 5s 9s 7z 6z",
}
SEVEN_TAIL = "5z 5z 5z 6z 6z 6z 7z"


def test_kong_at_remaining_one_whose_replacement_is_a_bonus_ends_in_a_draw():
    """North declares a concealed kong with remaining = 1; the replacement (the last tile) is
    8f: a further replacement is needed while remaining = 0 -> exhaustive draw (§4.4, §8.2.2)."""
    hands = dict(SEVEN_BONUS)
    hands[2] = "11s 33s 44s 55s 66s 7s 8s 9s"
    hands[3] = "2222s 123m 456m 78p 9p"
    deal = Deal(build(hands, tail=SEVEN_TAIL, fixed={136: "8f"}))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(3, 1))
    act(deal, Action(A.CONCEALED_KONG, 3, hids(deal, 3, "2222s")))
    assert deal.phase is Phase.ENDED
    r = deal.result
    assert r.exhaustive_draw and r.draw_reason == "no_replacement" and r.payments == (0, 0, 0, 0)
    assert 143 in deal.bonus[3] and deal.remaining == 0


def test_bonus_replacement_as_last_wall_tile_gives_f14_not_f12():
    """North's normal draw (remaining 2 -> 1) is 8f; the replacement is the last wall tile
    and completes the hand: F14 (last wall tile), no F12 (no kong), F18 (8f is North's)."""
    hands = dict(SEVEN_BONUS)
    hands[2] = "11s 22s 33s 44s 55s 66s 7s"
    hands[3] = "123m 456m 567s 234s 6p"
    deal = Deal(build(hands, tail=SEVEN_TAIL, fixed={135: "8f", 136: "6p"}))
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(3, 0))
    assert deal.bonus[3] == [143]
    act(deal, Action(A.SELF_DRAWN_WIN, 3))
    r = deal.result
    assert faan_codes(r) == ["F1", "F10", "F11", "F14", "F18"], r.elements
    check_payments(r)


def test_seat_relative_scoring_with_another_dealer():
    """Dealer P2 is East: its own flower is 1f and East is its seat wind (§2.2, §3)."""
    hands = {
        2: "1f 123m 456m 789m 2m 111z",  # 14
        3: "123p 456p 789p 11s 2s 3s",
        0: "234s 567s 22z 33z 4z 8s 9s",
        1: "345p 678s 44z 55z 66z 9p",
    }
    deal = Deal(build(hands, dealer=2, tail="2m"), dealer=2)
    assert deal.to_act == (2,) and deal.bonus[2] == [136]
    act(deal, Action(A.SELF_DRAWN_WIN, 2))
    r = deal.result
    assert faan_codes(r) == ["F3", "F8", "F9", "F10", "F11", "F17"], r.elements
    assert r.faan == 8 and r.payments == (-256, -256, 768, -256)


def test_seat_wind_of_a_non_dealer_player_zero():
    """Dealer P1; P0 is North and wins on the dealer's 4z: F8 North pung (3 faan)."""
    hands = {
        1: "4z 1z 2z 3z 19m 19p 19s 7z 7z 6z 5z",  # 14
        2: "234s 567s 22z 33z 1z 8s 9s",
        3: "345p 678s 11z 55z 66z 9p",
        0: "44z 123m 456m 789p 55s",
    }
    deal = Deal(build(hands, dealer=1), dealer=1)
    assert deal.seat_winds == (3, 0, 1, 2)
    act(deal, Action(A.DISCARD, 1, (hid(deal, 1, "4z"),)))
    assert 0 in deal.to_act
    assert any(a.type is A.WIN for a in deal.legal_actions(0))
    for q in tuple(deal.to_act):
        if q != 0:
            act(deal, Action(A.PASS, q))
    act(deal, Action(A.WIN, 0))
    r = deal.result
    assert faan_codes(r) == ["F8", "F10", "F16"] and r.payments == (24, -24, 0, 0)


def test_chow_on_an_honor_and_other_copies():
    deal = Deal(build(P1_HANDS, draws="2z 4p"), auto_pass=False)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    rejected(deal, Action(A.CHOW, 1, hids(deal, 1, "23p")), "INVALID_MELD")
    rejected(deal, Action(A.CHOW, 3, hids(deal, 3, "56z")), "CHOW_NOT_ALLOWED", "INVALID_MELD")


def test_claims_accept_any_copy_of_the_kind():
    """§2.3: a claim naming other copies than the ones listed in legal_actions is legal."""
    hands = dict(P1_HANDS)
    deal = _to_west_4p(hands)
    alt = (hid(deal, 3, "5p"), hid(deal, 3, "6p"))
    listed = [a for a in deal.legal_actions(3) if a.type is A.CHOW]
    assert deal.is_legal(Action(A.CHOW, 3, tuple(reversed(alt))))
    assert len(listed) == 3


def test_meld_tiles_are_not_in_hand():
    deal = _rob_deal()
    pung = deal.melds[1][0]
    t_in_meld = pung.tiles[0]
    rejected(deal, Action(A.DISCARD, 1, (t_in_meld,)), "TILE_NOT_IN_HAND")
    rejected(deal, Action(A.ADDED_KONG, 1, (t_in_meld,)), "TILE_NOT_IN_HAND", "INVALID_MELD")
    rejected(deal, Action(A.ADDED_KONG, 1, (hid(deal, 1, "9m"),)), "INVALID_MELD")
    fourth = hid(deal, 1, "5p")
    rejected(
        deal,
        Action(A.CONCEALED_KONG, 1, pung.tiles[:3] + (fourth,)),
        "TILE_NOT_IN_HAND",
        "INVALID_MELD",
    )
    # the claimed tile is shown in the meld, not in East's pool, for everybody
    for p in range(4):
        v = deal.view(p)
        assert pung.claimed_tile not in v.discards[0]
        assert (pung.claimed_tile, 1) in v.discard_history[0]


# =========================================================================================
# CLI (black box, through a pipe; a tmux smoke test when tmux is installed)
# =========================================================================================


def _cli(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CLI, *args], input=stdin, capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "COLUMNS": "160"},
    )  # fmt: skip


class _Interactive:
    """Drive ``mahjong-fast play`` prompt by prompt through pipes."""

    def __init__(self, args, responder, timeout=120):
        import select

        p = subprocess.Popen(
            [CLI, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0, env={**os.environ, "COLUMNS": "160"},
        )  # fmt: skip
        buf, out = b"", b""
        t0 = time.time()
        fd = p.stdout.fileno()
        self.prompts: list[tuple[str, str]] = []  # (prompt, screen text before it)
        while True:
            if time.time() - t0 > timeout:
                p.kill()
                raise AssertionError("CLI hung: " + out.decode("utf-8", "replace")[-2000:])
            r, _, _ = select.select([fd], [], [], 0.5)
            if r:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                buf += chunk
                out += chunk
                text = buf.decode("utf-8", "replace")
                last = text.rsplit("\n", 1)[-1]
                # input prompts, the discard confirmation and quit's question (it asks first)
                if last.endswith(("> ", "[Y/n] ", "[y/N] ")):
                    self.prompts.append((last, text))
                    ans = responder(last, text)
                    buf = b""
                    if ans is None:
                        p.stdin.close()
                    else:
                        try:
                            p.stdin.write((ans + "\n").encode())
                        except BrokenPipeError:
                            pass
            elif p.poll() is not None:
                break
        out += p.stdout.read() or b""
        self.err = p.stderr.read().decode("utf-8", "replace")
        p.wait()
        self.rc = p.returncode
        self.out = out.decode("utf-8", "replace")


def _tsumogiri_pass(prompt, text):
    if prompt.startswith("claim"):
        return ""
    if "[Y/n]" in prompt:
        return "y"
    return "."




GLYPH = re.compile("[\U0001f000-\U0001f02b]")


def test_cli_full_deal_through_a_pipe_and_screen_contents():
    # greedy opponents claim freely, so the screen has other players' sets to show (the default
    # strong opponents claim less and, in this deal, not at all)
    run = _Interactive(["play", "--seed", "4", "--no-confirm", "--opponents", "greedy"], _tsumogiri_pass)
    assert run.rc == 0, run.err
    assert "Traceback" not in run.out + run.err
    out = run.out
    # the table shows: tiles left, every player's bonus/sets/discards, your hand with glyphs,
    # codes and positions, whose turn, the last discard (in a claim prompt)
    assert re.search(r"wall: \d+ tiles left", out)
    for who in ("P1", "P2", "P3", "You"):
        assert re.search(rf"^{who}\s+(East|South|West|North)", out, re.M), who
    assert "bonus:" in out and "sets:" in out and "discards:" in out
    assert "Your turn" in out
    hand_block = re.search(r"Your hand.*?\n(.*)\n(.*)\n(.*)\n", out)
    glyphs, codes, positions = hand_block.group(1), hand_block.group(2), hand_block.group(3)
    assert len(GLYPH.findall(glyphs)) == 14
    assert re.findall(r"\d[mpsz]", codes) and len(re.findall(r"\d[mpsz]", codes)) == 14
    assert positions.split() == [str(i) for i in range(1, 15)]
    assert re.search(r"Last discard: P\d", out)
    assert "chow[" in out or "pung[" in out  # melds of other players are shown
    assert re.search(r"Result: .*|exhaustive draw", out)
    assert re.search(r"Scores:", out)


def _engine_claim_options(seed: int):
    """Replay what the pipe-driven human (discard the rightmost tile, pass every claim) meets,
    with the same AI seats as the CLI: the legal claims of P0 in each response window."""

    class Bot:
        name = "bot"

        def __init__(self):
            self.windows = []

        def choose(self, view, legal):
            if view.phase in (Phase.RESPONSE, Phase.ROB):
                self.windows.append(sorted((a.type.value, tuple(kinds_of(a.tiles))) for a in legal))
                return next(a for a in legal if a.type is A.PASS)
            t = view.drawn_tile if view.drawn_tile is not None else max(view.hand)
            return Action(A.DISCARD, view.player, (t,))

    bot = Bot()
    play_match([bot, *(make_seat("greedy", seed + p) for p in (1, 2, 3))], seed=seed)
    return bot.windows


@pytest.mark.parametrize("seed", [4, 87])
def test_cli_claim_prompts_offer_exactly_the_legal_options(seed):
    # the engine-side replay below plays greedy opponents: the CLI must play the same ones
    run = _Interactive(["play", "--seed", str(seed), "--no-confirm", "--opponents", "greedy"], _tsumogiri_pass)
    assert run.rc == 0 and "Traceback" not in run.out + run.err
    windows = _engine_claim_options(seed)
    menus = []
    for prompt, text in run.prompts:
        if prompt.startswith("claim"):
            opts = re.findall(r"^\s+\[(\d+)\] (\w+)", text, re.M)
            menus.append(sorted(w for _, w in opts))
    assert len(menus) == len(windows), (menus, windows)
    for menu, legal in zip(menus, windows):
        assert menu == sorted(t for t, _ in legal), (menu, legal)


@pytest.mark.parametrize(
    "bad",
    ["xyzzy", "9p", "15", "0", "", "x" * 200000, "5" * 4000, "é", "🀇", "1m 2m", "-2", "kong 5s",
     "win", "\t",
     "5" * 5000],
    ids=["garbage", "not-in-hand", "pos15", "pos0", "empty", "long-text", "long-number-4000",
         "accent", "glyph", "two", "neg", "kong", "win", "tab", "long-number-5000"],
)  # fmt: skip
def test_cli_bad_input_at_the_discard_prompt(bad):
    """A bad line gives a short message and the same prompt again; nothing is discarded."""
    answers = iter([bad, "quit"])
    run = _Interactive(["play", "--seed", "4", "--no-confirm"], lambda p, t: next(answers, None))
    assert "Traceback" not in run.out + run.err
    assert run.rc == 0
    assert "You discard" not in run.out
    discard_prompts = [p for p, _ in run.prompts if p.startswith("discard")]
    assert len(discard_prompts) == 2
    reply = run.prompts[1][1].split("\n")
    if bad.strip():
        # exactly one line of feedback (possibly long when it echoes the input)
        msg = [line for line in reply[:-1] if line.strip()]
        assert len(msg) == 1, reply


def test_cli_help_and_hint():
    answers = iter(["help", "hint", "quit"])
    run = _Interactive(["play", "--seed", "4", "--no-confirm"], lambda p, t: next(answers, None))
    assert run.rc == 0 and "Traceback" not in run.out + run.err
    help_text = run.prompts[1][1]
    for word in ("hint", "quit", "kong", "win"):
        assert word in help_text
    hint = run.prompts[2][1]
    assert "shanten" in hint and re.search(r"\d[mpsz]", hint)


def test_cli_eof_and_interrupt_never_trace():
    run = _Interactive(["play", "--seed", "4"], lambda p, t: None)
    assert run.rc == 3 and "Traceback" not in run.out + run.err  # input ended: status 3
    # EOF at the confirmation prompt
    answers = iter(["1m"])
    run = _Interactive(["play", "--seed", "4"], lambda p, t: next(answers, None))
    assert "Traceback" not in run.out + run.err and run.rc == 3
    # SIGINT while waiting for input
    p = subprocess.Popen([CLI, "play", "--seed", "4"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)  # fmt: skip
    # wait for the prompt (a loaded machine may take seconds to start), then interrupt with the
    # input still open: closing it at the same time would race the signal against an EOF
    import select

    seen, t0 = b"", time.time()
    while b"> " not in seen and time.time() - t0 < 60:
        if select.select([p.stdout], [], [], 0.5)[0]:
            seen += os.read(p.stdout.fileno(), 65536)
    p.send_signal(signal.SIGINT)
    try:
        p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        masks = [ln for ln in open(f"/proc/{p.pid}/status").read().splitlines() if "Sig" in ln]
        here = [ln for ln in open("/proc/self/status").read().splitlines() if "Sig" in ln]
        p.kill()
        raise AssertionError(f"SIGINT ignored: child {masks}, pytest {here}, seen {seen[-80:]!r}")
    rest, err_b = p.communicate(timeout=20)
    out, err = (seen + rest).decode("utf-8", "replace"), err_b.decode("utf-8", "replace")
    assert "Traceback" not in out + err
    assert p.returncode == 130, (p.returncode, out[-300:], err)
    assert "interrupt" in (out + err).lower()


def test_cli_log_and_replay(tmp_path):
    log = tmp_path / "g.jsonl"
    run = _Interactive(["play", "--seed", "4", "--no-confirm", "--log", str(log)], _tsumogiri_pass)
    assert run.rc == 0
    r = _cli("replay", str(log))
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr
    lines = log.read_text().splitlines()
    assert all(isinstance(json.loads(x), dict) for x in lines)
    # §14: the log is a record for replay, but the screen never showed other hands mid-deal
    objs = [json.loads(x) for x in lines]
    header = objs[0]
    assert len(header["wall"]) == 144


def _tampered(lines: list[str]):
    objs = [json.loads(x) for x in lines]
    out = {}
    o = [json.loads(x) for x in lines]
    i = next(k for k, x in enumerate(o) if x.get("e") == "action" and x["action"]["type"] == "discard")
    o[i]["action"]["tiles"] = [143]
    out["illegal_action"] = [json.dumps(x) for x in o]
    out["truncated"] = lines[:-1] + [lines[-1][: len(lines[-1]) // 2]]
    out["payments"] = lines[:-1] + [lines[-1].replace("24]", "25]")]
    h = dict(objs[0])
    h["wall"] = list(h["wall"])
    h["wall"][60], h["wall"][61] = h["wall"][61], h["wall"][60]
    out["wall_swapped"] = [json.dumps(h)] + lines[1:]
    h2 = dict(objs[0])
    h2["dealer"] = "x"
    out["bad_header"] = [json.dumps(h2)] + lines[1:]
    out["garbage"] = ["\x00\x01 binary", "{not json"]
    out["json_array"] = ["[1,2,3]"] + lines[1:]
    out["header_only"] = lines[:1]
    out["extra_line"] = lines + [lines[-2]]
    return out


def test_cli_replay_rejects_tampered_logs(tmp_path):
    log = tmp_path / "g.jsonl"
    _Interactive(["play", "--seed", "4", "--no-confirm", "--log", str(log)], _tsumogiri_pass)
    lines = log.read_text().splitlines()
    for name, t in _tampered(lines).items():
        f = tmp_path / f"{name}.jsonl"
        f.write_text("\n".join(t) + "\n")
        r = _cli("replay", str(f))
        assert r.returncode == 2, (name, r.returncode, r.stderr[-300:])
        assert "Traceback" not in r.stdout + r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, (name, r.stderr)
    r = _cli("replay", str(tmp_path / "missing.jsonl"))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ("score", "12x", "--win", "5s"),
        ("score", "11111m456m789p234s", "--win", "5s"),
        ("score", "123m456m789p234s5s", "--win", "5s", "--seat", "X"),
        ("score", "123m456m789p234s5s", "--win", "9f"),
        ("waits", "123m"),
        ("waits", "1m2m3m4m5m6m7m8m9m0m"),
        ("shanten", "[124m]"),
        ("decompose", "bad[123m]"),
        ("simulate", "-n", "-3"),
        ("simulate", "-n", "5", "--seed", "-5"),
        ("play", "--seed", "-1"),
        ("play", "--seed", "99999999999999999999999"),
        ("play", "--seed", str(2**64)),
        ("no-such-command",),
    ],
)
def test_cli_bad_input_one_line_exit_2(args):
    r = _cli(*args)
    assert r.returncode == 2, (args, r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    assert len((r.stdout + r.stderr).strip().splitlines()) == 1, (r.stdout, r.stderr)


def test_cli_replay_of_deeply_nested_json_is_one_line(tmp_path):
    f = tmp_path / "nested.jsonl"
    f.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    r = _cli("replay", str(f))
    assert r.returncode == 2, (r.returncode, r.stderr[-300:])
    assert "Traceback" not in r.stdout + r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_cli_replay_of_an_empty_log_is_an_error(tmp_path):
    f = tmp_path / "empty.jsonl"
    f.write_text("")
    r = _cli("replay", str(f))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ("score", "123m456m789p234s5s", "--win", "5s", "--self-drawn", "--seat", "S"),
        ("score", "123m456p789s234s1z", "--win", "1z", "--seat", "W"),
        ("waits", "1112345678999s"),
        ("shanten", "123m456p789s1z2z3z4z"),
        ("simulate", "-n", "5", "--seed", "1"),
    ],
)
def test_cli_json_is_a_single_object(args):
    r = _cli(*args, "--json")
    assert r.returncode == 0, r.stderr
    obj = json.loads(r.stdout)
    assert isinstance(obj, dict)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux not installed")
def test_cli_in_a_real_terminal_with_tmux():
    sess = f"qa{os.getpid()}"
    cmd = f"{CLI} play --seed 4; echo EXIT=$?; sleep 30"
    subprocess.run(["tmux", "new", "-d", "-s", sess, "-x", "200", "-y", "50", cmd], check=True)
    try:

        def screen() -> str:
            return subprocess.run(
                ["tmux", "capture-pane", "-pt", sess, "-S", "-200"], capture_output=True, text=True
            ).stdout

        def wait_for(s: str, t: float = 15) -> str:
            end = time.time() + t
            while time.time() < end:
                sc = screen()
                if s in sc:
                    return sc
                time.sleep(0.2)
            raise AssertionError(f"{s!r} not on screen:\n{screen()}")

        wait_for("discard (code or 1-14)>")
        for keys in ("xyzzy", "9p", "15", "hint"):
            subprocess.run(["tmux", "send-keys", "-t", sess, "-l", keys])
            subprocess.run(["tmux", "send-keys", "-t", sess, "Enter"])
        sc = wait_for("hint: shanten")
        assert "unknown command 'xyzzy'" in sc and "no 9p" in sc and "no position 15" in sc
        subprocess.run(["tmux", "send-keys", "-t", sess, "C-c"])
        sc = wait_for("EXIT=")
        assert "Traceback" not in sc
        assert "EXIT=130" in sc
    finally:
        subprocess.run(["tmux", "kill-session", "-t", sess], capture_output=True)


def test_cli_long_number_at_the_claim_prompt():
    """At the first claim prompt of seed 4 type a 5000-digit number, then pass."""
    state = {"sent": False}

    def resp(prompt, text):
        if prompt.startswith("claim"):
            if not state["sent"]:
                state["sent"] = True
                return "9" * 5000
            return ""
        return "."

    run = _Interactive(["play", "--seed", "4", "--no-confirm"], resp)
    assert state["sent"]
    assert run.rc == 0 and "internal error" not in run.err


def test_e29_last_discard_faan_makes_the_win_legal():
    """South (no bonus, honor pair) wins on the last discard with F10 F15 F16 = 3."""
    hands = end_hands(
        "1f 2f 3f 555m 46m 1z 2z 3z 4z 5z 6z",
        "123p 456p 789s 46m 11z",
        "4f 5f 6f 11p 12s 5z 6z 7z 7z 7p 6p",
        "7f 8f 3333s 12m 8m 7m 6z 2z 9s",
    )
    deal = _to_last_draw(build(hands, tail=BONUS8_TAIL, fixed={135: "5m"}))
    act(deal, Action(A.DISCARD, 3, (deal.view(3).drawn_tile,)))
    assert Action(A.WIN, 1) in deal.legal_actions(1)
    act(deal, Action(A.WIN, 1))
    r = deal.result
    assert faan_codes(r) == ["F10", "F15", "F16"] and r.payments == (0, 24, 0, -24)


def test_exposed_kong_on_the_discard_at_remaining_one_takes_the_last_tile():
    """West discards with remaining = 1 (not the last discard): East may claim an exposed
    kong; the replacement is the last tile, and East's discard is then the last discard."""
    hands = end_hands(
        "1f 2f 3f 555m 46m 1z 2z 3z 4z 5z 6z",
        "123p 456p 789s 46m 99s",
        "4f 5f 6f 11p 12s 5z 6z 7z 7z 7p 6p",
        "7f 8f 3333s 12m 8m 7m 6z 2z 9s",
    )
    wall = build(hands, tail=BONUS8_TAIL, fixed={134: "5m", 135: "1s"})
    deal = Deal(wall)
    act(deal, Action(A.DISCARD, 0, (hid(deal, 0, "1z"),)))
    run_until(deal, in_action(2, 1))
    act(deal, Action(A.DISCARD, 2, (deal.view(2).drawn_tile,)))
    assert deal.phase is Phase.RESPONSE and not deal.view(0).is_last_discard
    legal0 = {a.type for a in deal.legal_actions(0)}
    assert {A.PUNG, A.KONG} <= legal0
    for q in tuple(deal.to_act):
        if q != 0:
            act(deal, Action(A.PASS, q))
    act(deal, Action(A.KONG, 0, hids(deal, 0, "555m")))
    assert deal.phase is Phase.ACTION and deal.to_act == (0,) and deal.remaining == 0
    assert deal.view(0).drawn_tile == wall[135]
    assert not any(a.type in (A.CONCEALED_KONG, A.ADDED_KONG) for a in deal.legal_actions(0))
    act(deal, Action(A.DISCARD, 0, (deal.view(0).drawn_tile,)))
    assert deal.phase is Phase.ENDED and deal.result.draw_reason == "last_discard"
    assert [e for e in deal.events if e.type == "discard"][-1].data.get("last") is True


def test_unknown_tile_in_claims_and_is_legal_is_pure():
    deal = _bm_deal(auto_pass=False)
    rejected(deal, Action(A.PUNG, 1, (200, 201)), "UNKNOWN_TILE")
    rejected(deal, Action(A.CHOW, 1, (-5, 3)), "UNKNOWN_TILE")
    before = state(deal)
    for p in range(4):
        for a in deal.legal_actions(p):
            assert deal.is_legal(a)
    assert state(deal) == before
