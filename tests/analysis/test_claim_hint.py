"""The claim prompt's hint (issue "hints that show what a hand is worth", §1): for each offered
option, the shanten after it and the best value still reachable, checked against a brute force
written here over the public core calls (every discard, every draw the seat cannot see)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

import mahjong_fast as mf
from mahjong_fast import _core
from mahjong_fast.game import Deal
from mahjong_fast.game.actions import Action, ActionType
from mahjong_fast.seats.claim_hint import ClaimOutlook, claim_outlooks
from mahjong_fast.seats.human import HumanSeat, claim_hint_text

P0 = "19m19p19s1234567z"  # the dealer's 13 tiles; the discarded 14th is added per test


def _window(p0_extra: str, p1: str, p1_melds: str = "", discard: str = "") -> tuple[Deal, Any, list[Action]]:
    """P0 (dealer) discards ``discard`` (default ``p0_extra``); P1's claim window is open."""
    melds = ["", p1_melds, "", ""] if p1_melds else None
    d = Deal.from_hands(
        [P0 + p0_extra, p1, "11p22p33p44p55p66p7p", "11s22s33s66s77s88s9s"], melds=melds
    )
    kind = mf.Tile(discard or p0_extra).kind
    d.apply(next(a for a in d.legal_actions(0) if a.type == ActionType.DISCARD and a.tiles[0] // 4 == kind))
    return d, d.view(1), d.legal_actions(1)


def _best_ready(counts: list[int], melds: list[tuple[int, int]], bonus: int, seat: int) -> int | None:
    vals = [r.value for _k, sd, dc in _core.wait_values(counts, melds, bonus, seat) for r in (sd, dc) if r.is_win]
    return max(vals) if vals else None


def _brute(counts: list[int], melds: list[tuple[int, int]], bonus: int, seat: int, unseen: list[int]) -> tuple[int, int | None]:
    """(shanten, best legal value) of a 13- or 14-equivalent hand: ready → best wait; 1-shanten
    → best over one unseen draw and one discard; else None."""
    n = sum(counts) + 3 * len(melds)
    if n == 14:
        results = []
        for k in range(34):
            if counts[k]:
                c = counts.copy()
                c[k] -= 1
                results.append(_brute(c, melds, bonus, seat, unseen))
        sh = min(s for s, _ in results)
        vals = [v for s, v in results if s == sh and v is not None]
        return sh, (max(vals) if vals else None)
    sh = _core.shanten(counts, melds)
    if sh == 0:
        return 0, _best_ready(counts, melds, bonus, seat)
    if sh > 1:
        return sh, None
    vals = []
    for t in range(34):
        if not unseen[t]:
            continue
        for k in range(34):
            c = counts.copy()
            c[t] += 1
            if not c[k] or k == t:
                continue
            c[k] -= 1
            if _core.shanten(c, melds) == 0:
                v = _best_ready(c, melds, bonus, seat)
                if v is not None:
                    vals.append(v)
    return 1, (max(vals) if vals else None)


def _after(view: Any, a: Action) -> tuple[list[int], list[tuple[int, int]]]:
    kind = view.last_discard[1] // 4
    c = view.hand_counts()
    for t in a.tiles:
        c[t // 4] -= 1
    melds = list(view.meld_tuples())
    mk = {ActionType.PUNG: 1, ActionType.KONG: 2, ActionType.CHOW: 0}[a.type]
    low = min(kind, *(t // 4 for t in a.tiles)) if a.type == ActionType.CHOW else kind
    return c, [*melds, (mk, low)]


def _check(view: Any, legal: list[Action]) -> list[ClaimOutlook]:
    got = claim_outlooks(view, legal)
    assert len(got) == len(legal)
    for a, o in zip(legal, got):
        bonus, seat, unseen = view.bonus_mask(), view.seat_wind, view.unseen_counts()
        if a.type == ActionType.WIN:
            r = _core.score(view.hand_counts(), list(view.meld_tuples()), bonus, view.last_discard[1] // 4, seat)
            assert (o.shanten, o.value) == (-1, r.value) and r.is_win
            continue
        if a.type == ActionType.PASS:
            c, m = view.hand_counts(), list(view.meld_tuples())
        else:
            c, m = _after(view, a)
        sh, best = _brute(c, m, bonus, seat, unseen)
        assert (o.shanten, o.value) == (sh, best), (a, o)
        assert o.dead == (sh <= 1 and best is None)
        assert o.estimate == (sh == 1)
    return got


def test_pung_and_pass_of_a_ready_hand() -> None:
    _d, view, legal = _window("5z", "55z123m456m789p34s")
    assert {a.type for a in legal} == {ActionType.PASS, ActionType.PUNG}
    got = _check(view, legal)
    assert all(o.shanten == 0 and o.value is not None for o in got)


def test_a_chow_after_which_no_wait_reaches_the_minimum_is_marked() -> None:
    # README's dead hand: exposed chows and another seat's flower (3f for South) stay below 3 faan
    _d, view, legal = _window("9m", "456p234s5s78m9p3f", p1_melds="[123m]")
    chows = [a for a in legal if a.type == ActionType.CHOW]
    assert chows
    got = _check(view, legal)
    dead = [o for a, o in zip(legal, got) if a.type == ActionType.CHOW and o.shanten == 0]
    assert dead and all(o.dead and o.value is None for o in dead)
    seat = HumanSeat(Console(width=200, record=True), input_fn=lambda _p: "")
    opts = seat._claim_options(view, legal)
    text = claim_hint_text(view, opts, next(a for a in legal if a.type == ActionType.PASS)).plain
    assert "no wait can reach the 3-faan minimum" in text and "[0] pass" in text


def test_a_win_shows_its_value_and_the_other_options() -> None:
    _d, view, legal = _window("5z", "123m456m789p55z99s")
    assert ActionType.WIN in {a.type for a in legal}
    got = _check(view, legal)
    assert any(o.shanten == -1 and o.value is not None and o.value >= 3 for o in got)


@pytest.mark.parametrize(
    ("extra", "p1", "melds"),
    [
        ("3m", "12m456p789s1z55z7z9s", ""),  # chow into a 1-shanten hand: an estimate one draw ahead
        ("7z", "77z12m456p789s23s9m", ""),  # pung or pass, 1-shanten and ready
        ("4m", "444m12m46p789s23s9p", ""),  # an exposed kong is offered too
        ("2p", "13p568m99m [777z]", "[234s]"),
    ],
)
def test_more_positions_against_the_brute_force(extra: str, p1: str, melds: str) -> None:
    hand = p1.split(" ")[0]
    p1_melds = " ".join(x for x in (p1.split(" ", 1)[1:] or [""]) + [melds] if x)
    _d, view, legal = _window(extra, hand, p1_melds=p1_melds)
    assert len(legal) > 1
    _check(view, legal)


def test_hint_at_the_claim_prompt_through_the_seat() -> None:
    d, view, legal = _window("5z", "55z123m456m789p34s")
    console = Console(width=200, record=True, force_terminal=False)
    answers = iter(["hint", "0"])
    seat = HumanSeat(console, input_fn=lambda _p: next(answers), ascii=True)
    seat.new_deal(0, 1)
    chosen = seat.choose(view, legal)
    assert chosen.type == ActionType.PASS
    out = console.export_text()
    # every option of the prompt, with the command that makes it and what it does
    assert "pung 5z (with your 5z 5z): not valued" in out and "best legal wait 3 faan" in out
    assert "pass: ready" in out and "not rated" not in out
