"""The Taiwanese flow rules of the claims and the ready declaration (TW §20.5.1–§20.5.3,
§20.5.5 rules 1–3, §20.6.1–§20.6.3) through the public API: every ``flow`` example of ours
(F01–F09, F11, F12, F21–F24 of ``taiwanese-house-examples.json``) as ``Deal.from_hands(...)``
and ``apply()``. An example names only the seats and tiles that matter; the other seats get
hands that cannot claim the tiles named (mostly honour sets), and each step's ``expect`` is an
assertion: legal, an error code (the state unchanged), or the stated outcome.

Seats: 0 East (the dealer), 1 South, 2 West, 3 North."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.events import visible_event
from mahjong_fast.tiles import id_code

T = ActionType
E, S, W, N = range(4)
EXAMPLES = {
    e["id"]: e
    for e in json.loads((Path(__file__).parents[1] / "data" / "taiwanese-house-examples.json").read_text("utf-8"))
    if e.get("kind") == "flow"
}
#: South's hand of F01–F02, F21–F22: waits on 2p / 5p, 16 Tai on a discard (high table).
SOUTH = "123m456m789s234s34p88p"


def rules(eid: str, **variant: Any) -> mf.Ruleset:
    """The example's ruleset: its table, config and switches, then a variant's."""
    ex = EXAMPLES[eid]
    sw = {**ex["config"], **ex["switches"], **variant}
    preset = "taiwanese-high" if ex["table"] == "high" else "taiwanese"
    if ex["table"] not in ("high", "low"):
        sw["tai_table"] = ex["table"]
    return mf.Ruleset.from_name(preset, **sw)


def tile(d: Deal, p: int, code: str) -> int:
    """The lowest id of kind ``code`` in seat ``p``'s concealed hand."""
    ids = sorted(t for t in d.hands[p] if id_code(t) == code)
    assert ids, f"P{p} holds no {code}"
    return ids[0]


def act(d: Deal, kind: ActionType, p: int, *codes: str) -> Action:
    """``p``'s action naming the lowest ids of the kinds ``codes`` (distinct ids)."""
    ids: list[int] = []
    for c in codes:
        ids.append(min(t for t in d.hands[p] if id_code(t) == c and t not in ids))
    return Action(kind, p, tuple(ids))


def refused(d: Deal, a: Action, code: str) -> None:
    """``a`` is refused with ``code``, listed by no legal list, and changes nothing."""
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as err:
        d.apply(a)
    assert err.value.code == code
    assert d.snapshot() == before
    assert a not in d.legal_actions(a.player)


def legal(d: Deal, a: Action) -> None:
    assert a in d.legal_actions(a.player) or a.type is T.DISCARD or a.type is T.DECLARE_READY
    d.apply(a)


def kinds_of(notation: str) -> list[str]:
    """The tile codes of MPSZ notation (sets' brackets and ``chow`` ignored): ``"12m5z"`` →
    ``["1m", "2m", "5z"]``."""
    out: list[str] = []
    digits = ""
    for ch in notation.replace("chow", ""):
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            out.extend(d + ch for d in digits)
            digits = ""
    return out


#: The order filler hands take kinds in: honours first, then the terminals and middles.
FILL_ORDER = [f"{n}z" for n in range(1, 8)] + [f"{n}{s}" for s in "mps" for n in (1, 9, 5, 2, 8, 3, 7, 4, 6)]


def position(
    hands: dict[int, str],
    *,
    active: int,
    avoid: str,
    discards: tuple[str, str, str, str] = ("", "", "", ""),
    melds: tuple[str, str, str, str] = ("", "", "", ""),
    wall: str = "",
    tail: str = "",
    **kw: Any,
) -> Deal:
    """A position whose seats not in ``hands`` hold filler tiles: at most three of a kind, none
    of the kinds in ``avoid`` nor next to them in their suit (so they can claim none of the
    example's tiles)."""
    used: dict[str, int] = {}
    for text in [*hands.values(), *discards, *melds, wall, tail]:
        for k in kinds_of(text):
            used[k] = used.get(k, 0) + 1
    banned = set()
    for k in kinds_of(avoid):
        banned.add(k)
        if k[1] != "z":
            banned.update(f"{int(k[0]) + d}{k[1]}" for d in (-2, -1, 1, 2) if 1 <= int(k[0]) + d <= 9)
    full: list[str] = []
    for p in range(4):
        if p in hands:
            full.append(hands[p])
            continue
        want = 16 + (p == active) - 3 * len([x for x in melds[p].split() if x])
        got: list[str] = []
        for k in FILL_ORDER:
            if k in banned:
                continue
            n = min(3, 4 - used.get(k, 0), want - len(got))
            got.extend([k] * n)
            used[k] = used.get(k, 0) + n
            if len(got) == want:
                break
        full.append("".join(got))
    return Deal.from_hands(full, dealer=E, active=active, discards=list(discards), melds=list(melds), wall=wall,
                           tail=tail, **kw)


def pass_all(d: Deal) -> None:
    """Every seat still to answer the open window passes."""
    for q in tuple(d.to_act):
        d.apply(Action(T.PASS, q))


def draw_discard(d: Deal, p: int, close: bool = True) -> None:
    """``p`` (in ACTION after its draw) discards the tile it drew; with ``close`` every other
    seat then passes."""
    assert d.phase is Phase.ACTION and d.to_act == (p,)
    drawn = d.drawn_tile
    assert drawn is not None
    d.apply(Action(T.DISCARD, p, (drawn,)))
    if close and d.phase is Phase.RESPONSE:
        pass_all(d)


def flags(d: Deal, p: int) -> frozenset[str]:
    return d.private_flags[p]


# West to act (it has just drawn), East and South have discarded once: the base of F01–F04.
EAST_HONOURS = "111z222z333z444z555z9p"
WEST = "2p7p9m5m6m111s555s666s777z"
NORTH = "1122m7788m8899s44s2s6s"


# Earlier discards and East's pung (an interruption), so that the wins below score no timing
# element (H17, H21): the tiles nobody in these positions holds.
LATE = ["3z 1s 7p", "1z 1s 7p", "3m 1s", "3m 1p"]


def west_to_act(r: mf.Ruleset, south: str = SOUTH, north: str = NORTH, wall: str = "", **kw: Any) -> Deal:
    return Deal.from_hands(
        ["111z222z333z444z9p", south, WEST.replace("111s", "1p1p9p"), north],
        dealer=E,
        active=W,
        melds=["[555z]", "", "", ""],
        discards=LATE,
        wall=wall,
        rules=r,
        **kw,
    )


def test_f01_pass_over_set_blocks_discard_wins_cleared_by_a_discard() -> None:
    d = west_to_act(rules("F01"), wall="5p 6z 9m 5p", auto_pass=False)
    d.apply(act(d, T.DISCARD, W, "2p"))
    assert Action(T.WIN, S) in d.legal_actions(S)  # South is offered a win
    pass_all(d)
    assert "pass_over" in flags(d, S)
    # the flag is private: South's own view only
    assert all("pass_over" not in flags(d, q) for q in (E, W, N))
    draw_discard(d, N, close=False)  # North draws 5p and discards it
    assert d.phase is Phase.RESPONSE
    refused(d, Action(T.WIN, S), "PASS_OVER")
    assert d.legal_actions(S) == [Action(T.PASS, S)]
    pass_all(d)
    assert "pass_over" in flags(d, S)
    draw_discard(d, E)  # 6z
    assert d.to_act == (S,) and id_code(d.drawn_tile or 0) == "9m"
    draw_discard(d, S)  # 16 tiles + 9m is no win: cleared
    assert "pass_over" not in flags(d, S)
    d.apply(Action(T.DISCARD, W, (d.drawn_tile or 0,)))
    d.apply(Action(T.WIN, S))
    pass_all(d)
    res = d.result
    assert res is not None and res.winner == S and res.discarder == W
    assert res.tai == 16 and res.payments[W] == -16 and res.payments[S] == 16
    flag_events = [(e.type, e.player, e.data["value"], e.data["public"]) for e in d.events if "flag" in e.data]
    assert flag_events == [("pass_over", S, True, False), ("pass_over", S, False, False)]  # set, then cleared
    assert all(visible_event(e, W) is None for e in d.events if e.type == "pass_over")


def _flagged_south(eid: str, south: str = SOUTH, north: str = NORTH, wall: str = "6z 6z 5p", **variant: Any) -> Deal:
    """South passed West's 2p (flag set); North and East discarded what they drew; South has
    just drawn the next wall tile."""
    d = west_to_act(rules(eid, **variant), south=south, north=north, wall=wall, auto_pass=False)
    d.apply(act(d, T.DISCARD, W, "2p"))
    pass_all(d)
    assert "pass_over" in flags(d, S)
    draw_discard(d, N)
    draw_discard(d, E)
    assert d.phase is Phase.ACTION and d.to_act == (S,)
    return d


def test_f02_self_draw_refused_and_a_winning_discard_keeps_the_flag() -> None:
    d = _flagged_south("F02")
    assert id_code(d.drawn_tile or 0) == "5p"
    refused(d, Action(T.SELF_DRAWN_WIN, S), "PASS_OVER")
    d.apply(act(d, T.DISCARD, S, "5p"))
    assert "pass_over" in flags(d, S)  # 16 tiles + 5p would win on a discard
    v = _flagged_south("F02", pass_over_self_draw=False)
    v.apply(Action(T.SELF_DRAWN_WIN, S))
    res = v.result
    assert res is not None and res.winner == S and res.tai == 18
    assert res.payments[W] == -18 and res.payments[N] == -18 and res.payments[E] == -19


SOUTH_999S = "123m456m999s234s34p88p"
NORTH_NO_9S = "1122m7788m88s33s44s2s6s"


def test_f04_pass_over_cleared_by_a_concealed_kong() -> None:
    for releases, kept in ((True, False), (False, True)):
        d = _flagged_south("F04", south=SOUTH_999S, north=NORTH_NO_9S, wall="6z 6z 9s", pass_over_kong_releases=releases)
        kong = Action(T.CONCEALED_KONG, S, tuple(sorted(t for t in d.hands[S] if id_code(t) == "9s")))
        assert kong in d.legal_actions(S)
        d.apply(kong)
        assert ("pass_over" in flags(d, S)) is kept
        assert d.to_act == (S,) and d.kong_chain  # the replacement is drawn


def test_f03_pass_over_blocks_a_pung_on_a_winning_tile() -> None:
    south = "123m456m789s234s55p88p"
    for blocks in (True, False):
        d = west_to_act(rules("F03", pass_over_blocks_melds=blocks), south=south, wall="", auto_pass=False)
        # West holds no 8p in the base: give it one by swapping 7p for 8p in a fresh position
        d = Deal.from_hands(
            [EAST_HONOURS, south, WEST.replace("7p", "8p"), NORTH],
            dealer=E,
            active=W,
            discards=["3z", "1z", "", ""],
            rules=rules("F03", pass_over_blocks_melds=blocks),
            auto_pass=False,
        )
        d.apply(act(d, T.DISCARD, W, "8p"))
        pung = act(d, T.PUNG, S, "8p", "8p")
        assert Action(T.WIN, S) in d.legal_actions(S)
        if blocks:
            refused(d, pung, "PASS_OVER")
            assert {a.type for a in d.legal_actions(S)} == {T.PASS, T.WIN}
            d.apply(Action(T.PASS, S))
        else:
            d.apply(pung)
        pass_all(d)
        assert "pass_over" in flags(d, S)
        if not blocks:
            assert d.phase is Phase.AFTER_CLAIM and d.to_act == (S,)


def north_claims(eid: str, north: str, west: str, avoid: str, north_last: str = "", **variant: Any) -> Deal:
    """West to act with ``west`` (17 tiles, the last drawn); North holds ``north``; East and
    South hold filler tiles that claim nothing of ``avoid``. With ``north_last`` North has
    discarded that tile in the round before."""
    discards = ("1z", "1z", "", "")
    if north_last:
        discards = ("1z 2z", "1z 2z", "3z", north_last)
    return position(
        {W: west, N: north}, active=W, avoid=avoid, discards=discards, rules=rules(eid, **variant), auto_pass=False
    )


def test_f05_strict_discard_restriction_after_a_chow() -> None:
    for mode, forbidden in (("strict", {"4m", "1m"}), ("same_kind", {"4m"})):
        d = north_claims("F05", "12356m789p123456s99s", "4m8m8m2s3s4s6s7s8s2p3p4p6p7p8p9m9m", "1m4m",
                         chow_discard_restriction=mode)
        d.apply(act(d, T.DISCARD, W, "4m"))
        d.apply(act(d, T.CHOW, N, "2m", "3m"))
        pass_all(d)
        assert d.phase is Phase.AFTER_CLAIM and d.to_act == (N,)
        listed = {id_code(a.tiles[0]) for a in d.legal_actions(N)}
        assert listed.isdisjoint(forbidden) and "5m" in listed
        if mode == "strict":
            refused(d, act(d, T.DISCARD, N, "1m"), "FORBIDDEN_DISCARD")
        else:
            assert "1m" in listed
        d.apply(act(d, T.DISCARD, N, "5m"))


def test_f05_strict_after_a_chow_with_the_upper_tiles() -> None:
    d = north_claims("F05", "123567m89p123456s99s", "4m4m8m8m2s3s4s6s7s8s2p3p4p6p7p8p9m", "1m4m7m",
                     chow_discard_restriction="strict")
    d.apply(act(d, T.DISCARD, W, "4m"))
    d.apply(act(d, T.CHOW, N, "5m", "6m"))
    pass_all(d)
    refused(d, act(d, T.DISCARD, N, "7m"), "FORBIDDEN_DISCARD")
    listed = {id_code(a.tiles[0]) for a in d.legal_actions(N)}
    assert "7m" not in listed and "4m" not in listed and "1m" in listed


def test_f06_a_chow_leaving_no_legal_discard_is_illegal() -> None:
    for mode, ok in (("strict", False), ("same_kind", True), ("none", True)):
        d = position(
            {W: "5m8m8m2s3s4s6s7s8s2p3p4p6p7p9s9m7z", N: "2234m"},
            active=W,
            avoid="5m2m",
            melds=("", "", "", "[111z] [999p] chow[123s] [555z]"),
            discards=("6z 6z 7z 1p", "6z 2z 7z 1p", "2z 3z 9p", "4z 4z 3z 5z"),
            rules=rules("F06", chow_discard_restriction=mode),
            auto_pass=False,
        )
        d.apply(act(d, T.DISCARD, W, "5m"))
        chow = act(d, T.CHOW, N, "3m", "4m")
        if ok:
            d.apply(chow)
            pass_all(d)
            assert d.phase is Phase.AFTER_CLAIM
            assert {id_code(a.tiles[0]) for a in d.legal_actions(N)} == {"2m"}
        else:
            refused(d, chow, "FORBIDDEN_DISCARD")


def test_f07_pung_discard_restriction() -> None:
    d = position(
        {S: "777z2p147m258s369p1z2z3z", W: "7z4z5z6z1m9m2m3m5m6m8m3s4s6s7s8s9s"},
        active=W,
        avoid="7z2p",
        discards=("1z", "2z", "", ""),
        rules=rules("F07"),
        auto_pass=False,
    )
    d.apply(act(d, T.DISCARD, W, "7z"))
    d.apply(act(d, T.PUNG, S, "7z", "7z"))
    pass_all(d)
    assert d.phase is Phase.AFTER_CLAIM and d.to_act == (S,)
    refused(d, act(d, T.DISCARD, S, "7z"), "FORBIDDEN_DISCARD")
    d.apply(act(d, T.DISCARD, S, "2p"))


def test_f08_no_exposed_kong_on_the_upper_players_discard() -> None:
    west = "1m4m8m8m2s3s4s6s7s8s2p3p4p6p7p8p9m"
    holder = "111m5m5m6p6p9s9s3s3s5s5s7m7m9p"
    d = north_claims("F08", holder, west, "1m", kong_from_upper_discard=False)
    d.apply(act(d, T.DISCARD, W, "1m"))
    refused(d, act(d, T.KONG, N, "1m", "1m", "1m"), "KONG_NOT_ALLOWED")
    assert act(d, T.PUNG, N, "1m", "1m") in d.legal_actions(N)
    d.apply(act(d, T.PUNG, N, "1m", "1m"))
    # East, not next after West, may claim the kong
    v = position({E: holder, W: west}, active=W, avoid="1m", discards=("1z", "1z", "", ""),
                 rules=rules("F08", kong_from_upper_discard=False), auto_pass=False)
    v.apply(act(v, T.DISCARD, W, "1m"))
    kong = act(v, T.KONG, E, "1m", "1m", "1m")
    assert kong in v.legal_actions(E)
    v.apply(kong)


def test_f09_claim_back_restriction() -> None:
    north = "23m56m44m1p1p9p9p5s5s7s7s1s1s"
    d = north_claims("F09", north, "4m8m8m2s3s4s6s7s8s2p3p4p6p7p8p9m7z", "1m4m7m", north_last="1m",
                     claim_back_restriction=True)
    d.apply(act(d, T.DISCARD, W, "4m"))
    refused(d, act(d, T.CHOW, N, "2m", "3m"), "CLAIM_BACK")
    assert act(d, T.CHOW, N, "5m", "6m") in d.legal_actions(N)
    assert act(d, T.PUNG, N, "4m", "4m") in d.legal_actions(N)
    v = north_claims("F09", north, "4m8m8m2s3s4s6s7s8s2p3p4p6p7p8p9m7z", "1m4m7m", north_last="4m",
                     claim_back_restriction=True)
    v.apply(act(v, T.DISCARD, W, "4m"))
    refused(v, act(v, T.CHOW, N, "2m", "3m"), "CLAIM_BACK")  # 4m is in {4m, 1m}
    refused(v, act(v, T.CHOW, N, "5m", "6m"), "CLAIM_BACK")  # 4m is in {4m, 7m}


def test_f11_no_self_drawn_win_on_an_exposed_kongs_replacement() -> None:
    for on in (False, True):
        d = Deal.from_hands(
            ["111z222z333z444z555z9p", "999s123m456m234s34p88p", "9s7p9m5m6m111s555s666s777z", NORTH_NO_9S],
            dealer=E,
            active=W,
            discards=["3z", "1z", "", ""],
            tail="2p",
            rules=rules("F11", exposed_kong_replacement_win=on),
        )
        d.apply(act(d, T.DISCARD, W, "9s"))
        d.apply(act(d, T.KONG, S, "9s", "9s", "9s"))
        assert d.phase is Phase.ACTION and d.to_act == (S,) and id_code(d.drawn_tile or 0) == "2p"
        if on:
            d.apply(Action(T.SELF_DRAWN_WIN, S))
            assert d.result is not None and d.result.winner == S
            continue
        refused(d, Action(T.SELF_DRAWN_WIN, S), "WRONG_PHASE")
        assert "pass_over" not in flags(d, S)  # not offered, so not passed
        d.apply(act(d, T.DISCARD, S, "2p"))
        assert "pass_over" not in flags(d, S)


def test_f12_no_rob_window_when_robbing_is_off() -> None:
    for rob in (False, True):
        d = position(
            {E: "5p1z1z2z2z3z3z4z4z6z6z7z7z9s", S: SOUTH},
            active=E,
            avoid="5p",
            melds=("[555p]", "", "", ""),
            discards=("1z 6z", "2z 9m", "3z 9m", "4z 9m"),
            rules=rules("F12", rob_added_kong=rob),
        )
        kong = act(d, T.ADDED_KONG, E, "5p")
        assert kong in d.legal_actions(E)
        d.apply(kong)
        if rob:
            assert d.phase is Phase.ROB and d.to_act == (S,)
        else:
            assert d.phase is Phase.ACTION and d.to_act == (E,) and d.kong_chain
            assert any(m.kind == 3 for m in d.melds[E])  # the added kong is completed
            assert not any(e.type == "action" and e.player == S for e in d.events)


def south_to_declare(
    eid: str, west: str, wall: str, south: str = SOUTH + "6z", melds: str = "", east_pung: bool = False, **variant: Any
) -> Deal:
    """South has just drawn (its hand's last tile) into a ready hand; East discarded once (with
    ``melds`` or ``east_pung``: a round later, the deal interrupted)."""
    east = "111z222z333z444z1p9p1s9s" if melds else "111z222z333z444z555z9p"
    if east_pung:
        east, melds = "111z222z333z444z9p", melds or ""
    return Deal.from_hands(
        [east, south, west, NORTH],
        dealer=E,
        active=S,
        melds=["[555z]" if east_pung else "", melds, "", ""],
        discards=["3z 7z 7p 1p", "1z 3m", "2z 3m", "4z 7p"] if melds or east_pung else ["3z", "", "", ""],
        wall=wall,
        rules=rules(eid, **variant),
        auto_pass=False,
    )


def test_f21_a_declaration_locks_the_hand() -> None:
    d = south_to_declare("F21", "8p9m5m6m111s555s666s777z", wall="6z 6z 6z 9m 7z")
    decl = act(d, T.DECLARE_READY, S, "6z")
    assert decl in d.legal_actions(S)
    refused(d, act(d, T.DECLARE_READY, S, "1m"), "NOT_READY")
    d.apply(decl)
    assert "declared_ready" in d.public_flags[S]
    decl = [e for e in d.events if e.type == "declare_ready"]
    assert len(decl) == 1 and decl[0].player == S and decl[0].data["public"]
    assert all(visible_event(decl[0], q) == decl[0] for q in (E, W, N))
    for q in (W, N, E):
        view = d.view(q)
        assert "declared_ready" in view.public_flags[S]
    pass_all(d)
    draw_discard(d, W)
    draw_discard(d, N)
    draw_discard(d, E)
    assert d.to_act == (S,) and id_code(d.drawn_tile or 0) == "9m"
    refused(d, act(d, T.DISCARD, S, "1m"), "READY_LOCKED")
    refused(d, act(d, T.DECLARE_READY, S, "9m"), "ALREADY_DECLARED")
    assert [a.type for a in d.legal_actions(S)] == [T.DISCARD]
    # the hints rank the declared seat's one option
    assert {r.action for r in d.hint(S)} <= set(d.legal_actions(S))
    d.apply(act(d, T.DISCARD, S, "9m"))
    pass_all(d)
    d.apply(act(d, T.DISCARD, W, "8p"))
    refused(d, act(d, T.PUNG, S, "8p", "8p"), "READY_LOCKED")


def test_f22_forced_win_after_a_declaration() -> None:
    d = south_to_declare("F22", "2p9m5m6m111s555s666s777z", wall="6z", east_pung=True)
    d.apply(act(d, T.DECLARE_READY, S, "6z"))
    pass_all(d)
    assert d.to_act == (W,)
    d.apply(act(d, T.DISCARD, W, "2p"))
    assert d.legal_actions(S) == [Action(T.WIN, S)]
    refused(d, Action(T.PASS, S), "WIN_REQUIRED")
    d.apply(Action(T.WIN, S))
    pass_all(d)
    assert d.result is not None and d.result.winner == S and d.result.tai == 16


def test_f23_the_automatic_added_kong_of_a_declared_seat() -> None:
    d = south_to_declare(
        "F23", "8p9m5m6m111s555s666s777z", wall="6z 6z 6z 5z", south="123m456m789s34p88p6z", melds="[555z]",
        declared_ready_auto_added_kong=True,
    )
    d.apply(act(d, T.DECLARE_READY, S, "6z"))
    pass_all(d)
    draw_discard(d, W)
    draw_discard(d, N)
    draw_discard(d, E)
    # South drew 5z: the engine declared the added kong (ROB window open, nobody can rob)
    autos = [e for e in d.events if e.type == "action" and e.data["auto"] and e.data["action"]["type"] == "added_kong"]
    assert len(autos) == 1
    if d.phase is Phase.ROB:
        pass_all(d)
    assert d.phase is Phase.ACTION and d.to_act == (S,) and d.kong_chain
    assert "declared_ready" in d.public_flags[S]
    assert [a.type for a in d.legal_actions(S)] in ([T.DISCARD], [T.SELF_DRAWN_WIN])


def test_f24_heavenly_ready_qualification_and_how_it_is_lost() -> None:
    south = "123456m234567p123s7z"
    east = "1z1z1z2z2z2z3z3z3z4z4z4z5z5z5z6z9s"
    west = "1m9m1p9p5s7s9s6z6z1s1s4s4s8s8s7z"
    north = "7m7m8m8m9m9m1p1p8p8p9p9p5s5s6s6s"
    for first in ("9p", "1m"):
        d = Deal.from_hands(
            [east, south, west, north], dealer=E, active=E, wall="9p 5z", rules=rules("F24"), auto_pass=False
        )
        assert "heavenly_ready" in flags(d, S)
        assert all("heavenly_ready" not in flags(d, q) for q in (E, W, N))
        q_events = [e for e in d.events if e.type == "qualification"]
        assert [(e.player, e.data["flag"], e.data["value"]) for e in q_events] == [(S, "heavenly_ready", True)]
        assert visible_event(q_events[0], W) is None and visible_event(q_events[0], S) == q_events[0]
        d.apply(act(d, T.DISCARD, E, "9s"))
        pass_all(d)
        assert d.to_act == (S,) and id_code(d.drawn_tile or 0) == "9p"
        d.apply(act(d, T.DISCARD, S, first))
        pass_all(d)
        if first == "1m":
            assert "heavenly_ready" not in flags(d, S)
            continue
        assert "heavenly_ready" in flags(d, S)
        d.apply(act(d, T.DISCARD, W, "7z"))
        d.apply(Action(T.WIN, S))
        pass_all(d)
        res = d.result
        assert res is not None and res.winner == S
        assert res.tai == 18 and res.payments[W] == -23


def _three_claimants(mode: str) -> Deal:
    """West discards 5p; North, East and South all wait on it (turn order after West: N, E, S)."""
    return position(
        {E: SOUTH, S: SOUTH, N: "789m123s456s111z99s34p", W: "5p222z333z444z555z66z77z"},
        active=W,
        avoid="5p",
        discards=("7z", "6z", "", ""),
        rules=mf.Ruleset.from_name("taiwanese-high", min_tai=1, several_winners=mode, pass_over=True),
        auto_pass=False,
    )


@pytest.mark.parametrize(
    ("mode", "claimants", "winners"),
    [
        ("all_win", (N, E, S), (N, E, S)),
        ("head_bump", (N, E, S), (N,)),
        ("head_bump", (E, S), (E,)),
        ("head_bump_two_all_three", (N, E, S), (N, E, S)),
        ("head_bump_two_all_three", (N, S), (N,)),
        ("head_bump_two_all_three", (S,), (S,)),
    ],
)
def test_several_winner_modes(mode: str, claimants: tuple[int, ...], winners: tuple[int, ...]) -> None:
    """TW §20.5.1: the winners among the claimants in turn order after the discarder; the other
    claims are void (no pass-over flag); the dealer keeps the seat only if among the winners."""
    d = _three_claimants(mode)
    d.apply(act(d, T.DISCARD, W, "5p"))
    for q in (N, E, S):
        assert Action(T.WIN, q) in d.legal_actions(q)
        d.apply(Action(T.WIN if q in claimants else T.PASS, q))
    res = d.result
    assert res is not None and tuple(res.winners) == winners
    assert sum(res.payments) == 0 and all(res.payments[q] == 0 for q in (E, S, N) if q not in winners)
    assert (res.dealer_after == E) is (E in winners)
    passed = {q for q in (N, E, S) if q not in claimants}
    flagged = {e.player for e in d.events if e.type == "pass_over"}
    assert flagged == passed  # a void claim earns no flag


def _human(answers: list[str], d: Deal) -> tuple[Any, Any]:
    import io

    from mahjong_fast.seats.human import HumanSeat
    from rich.console import Console

    buf = io.StringIO()
    feed = iter(answers)
    seat = HumanSeat(
        Console(file=buf, width=120, color_system=None), input_fn=lambda _p: next(feed), ascii=True, rules=d.rules
    )
    return seat, buf


def test_the_terminal_declares_ready_and_makes_the_forced_moves() -> None:
    d = south_to_declare("F22", "2p9m5m6m111s555s666s777z", wall="6z", east_pung=True)
    seat, buf = _human(["ready 1m", "ready 6z"], d)
    a = seat.choose(d.view(S), d.legal_actions(S))
    assert a == act(d, T.DECLARE_READY, S, "6z")
    assert "declare ready" in buf.getvalue() and "does not leave a ready hand" in buf.getvalue()
    d.apply(a)
    pass_all(d)
    d.apply(act(d, T.DISCARD, W, "2p"))
    # the forced win is the only legal move: the terminal makes it without asking
    seat, buf = _human([], d)
    assert seat.choose(d.view(S), d.legal_actions(S)) == Action(T.WIN, S)
