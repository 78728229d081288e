"""HK §19.15 deal flows: every ``flow`` example of ``hong-kong-house-examples.json`` that is a
deal (not a match) played through ``Deal.from_hands(..., wall=, tail=)`` and ``apply()``
(HK §19.4, §19.6–§19.8, §19.11–§19.12).

An example lists ``"Pn verb tile"`` actions; a response not listed is a pass (the deal is built
with ``auto_pass=False`` so that every seat answers, as a false win on a discard needs). A
``draw`` names the tile the engine draws for that player next (checked, nothing applied).
Refused actions must raise ``IllegalActionError`` with the expected code and change nothing.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.events import visible_event
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.game.match import deal_wall, play_match, run_deal
from mahjong_fast.seats import make_seat

A = ActionType
DATA = Path(__file__).resolve().parents[1] / "data" / "hong-kong-house-examples.json"
EXAMPLES = [e for e in json.loads(DATA.read_text()) if e["kind"] == "flow"]
# the deals (HF12, a seeded 136-tile deal, is test_hf12_136_tiles)
DEAL_FLOWS = [e for e in EXAMPLES if "match" not in e["setup"] and not e["setup"].get("wall136")]
WINDOW = (Phase.RESPONSE, Phase.ROB)
VERBS = {"discard": A.DISCARD, "pung": A.PUNG, "chow": A.CHOW, "kong": A.KONG}
# HK §19.13 win kinds: the engine uses the section's names
WIN_KINDS = {"flower_win": {"flower_win"}, "flower_win_rob": {"flower_win_rob"}}


def kind(code: str) -> int:
    return {"m": 0, "p": 9, "s": 18, "z": 27}[code[1]] + int(code[0]) - 1


def player(s: str) -> int:
    return int(s[1])


def ruleset(e: dict[str, Any]) -> mf.Ruleset:
    return mf.Ruleset.hong_kong(**e["switches"])


def start(e: dict[str, Any]) -> Deal:
    s = e["setup"]
    return Deal.from_hands(
        s["hands"],
        dealer=s["dealer"],
        active=s["active"],
        melds=s["melds"],
        wall=s["wall"],
        tail=s["tail"],
        rules=ruleset(e),
        auto_pass=False,
    )


def pass_rest(d: Deal) -> None:
    """Every seat still to answer a window passes (a response not listed)."""
    while d.phase in WINDOW and d.to_act:
        d.apply(Action(A.PASS, d.to_act[0]))


def action(d: Deal, line: str) -> Action | None:
    """The action of one example line (None for a ``draw``, which is checked here)."""
    who, verb, *rest = line.split()
    p = player(who)
    if verb == "draw":
        pass_rest(d)
        if rest[0].endswith("f"):  # HK §19.6: a bonus tile drawn may end the deal at once
            assert int(rest[0][0]) + 135 in d.bonus[p] or any(
                int(rest[0][0]) + 135 in b for b in d.bonus
            ), line
            return None
        assert d.active == p and d.drawn_tile is not None, line
        assert d.drawn_tile >> 2 == kind(rest[0]), line
        return None
    if verb in ("discard", "self_drawn_win"):
        pass_rest(d)
    if verb == "win":
        return Action(A.WIN, p)
    if verb == "self_drawn_win":
        return Action(A.SELF_DRAWN_WIN, p)
    if verb == "pass":
        return Action(A.PASS, p)
    k = kind(rest[0])
    for a in d.legal_actions(p):
        if a.type == VERBS[verb] and (verb != "discard" or a.tiles[0] >> 2 == k):
            return a
    raise AssertionError(f"{line}: not among the legal actions")


def snapshot(d: Deal) -> Any:
    return (
        d.phase,
        d.to_act,
        d.hands,
        d.melds,
        d.remaining,
        d.scores,
        d.liabilities,
        d.locked_kinds,
    )


def play(e: dict[str, Any]) -> tuple[Deal, dict[int, str], dict[int, Any]]:
    """Play the example: the deal, the refusal code per action index, and the locks seen
    after each action."""
    d = start(e)
    refused: dict[int, str] = {}
    locks: dict[int, Any] = {}
    for i, line in enumerate(e["actions"]):
        a = action(d, line)
        if a is not None:
            before = snapshot(d)
            try:
                d.apply(a)
            except IllegalActionError as err:
                refused[i] = err.code
                assert snapshot(d) == before, f"{e['id']} action {i}: a refusal changed the state"
        locks[i] = d.locked_kinds
    pass_rest(d)
    return d, refused, locks


@pytest.mark.parametrize("e", DEAL_FLOWS, ids=[e["id"] for e in DEAL_FLOWS])
def test_deal_flow(e: dict[str, Any]) -> None:
    d, refused, locks = play(e)
    x = e["expect"]
    assert refused == {r["action"]: r["code"] for r in x.get("errors", [])}
    for lk in x.get("locks", []):
        p, want = player(lk["player"]), lk["kinds"]
        kinds = frozenset(range(34)) if want == "all" else frozenset(kind(c) for c in want)
        # HK §19.12: the lock is set when the window closes, by the pass (or the claim made
        # instead of the win) that closes it
        closing = lk["set_after_action"] - (
            1 if e["actions"][lk["set_after_action"]].split()[1] == "draw" else 0
        )
        assert locks[closing][p] == kinds
        if "cleared_by_action" in lk:
            assert locks[lk["cleared_by_action"] - 1][p] == kinds
            assert locks[lk["cleared_by_action"]][p] == frozenset()
    want_liab = [
        (player(r["claimer"]), player(r["liable"]), r["trigger"]) for r in x.get("liability", [])
    ]
    if "liability" in x:
        assert d.liabilities == want_liab
    if x["outcome"] == "in_play":
        assert d.phase != Phase.ENDED
        return
    r = d.result
    assert r is not None
    if x["outcome"] == "false_win":
        assert r.false_win == player(x["false_winner"]) and r.winners == ()
        assert r.draw_reason == "false_win"
        ev = [ev for ev in d.events if ev.type == "false_win"]
        assert len(ev) == 1 and ev[0].data["reason"] == x["reason"]
        assert ev[0].player == player(x["revealed"])
        assert ev[0].data["hand"] == sorted(d.hands[r.false_win])
    else:
        assert r.winners == tuple(player(w) for w in x["winners"])
        for w in r.wins:
            assert w.value == x["faan"][f"P{w.player}"]
            if "elements" in x:
                assert [[c, v] for c, _n, v in w.elements] == x["elements"][f"P{w.player}"]
        if "win_kind" in x:
            assert r.win_kind in WIN_KINDS[x["win_kind"]]
        # each win's own payments (HK §19.7: co-winners pay nothing for each other) add up to
        # the deal's; a liable player who paid is named (HK §19.8 `liable_paid`) exactly when
        # the expected payments put the whole win on it
        assert [sum(w.payments[p] for w in r.wins) for p in range(4)] == list(r.payments)
        liable_of = {s: lb for s, lb, _ in d.liabilities}
        for w in r.wins:
            lb = liable_of.get(w.player)
            whole = lb is not None and x["payments"][f"P{lb}"] == -x["payments"][f"P{w.player}"]
            assert w.liable_paid == (lb if whole else None)
    assert list(r.payments) == [x["payments"][f"P{p}"] for p in range(4)]
    assert sum(r.payments) == 0
    assert r.dealer_after == x["dealer_after"]


def test_hf12_136_tiles() -> None:
    """HK §19.4: 136 tiles, dealing takes positions 0..52, 83 remain, no bonus tile anywhere;
    an action naming id 140 is UNKNOWN_TILE."""
    e = next(e for e in EXAMPLES if e["id"] == "HF12")
    rules = ruleset(e)
    d = Deal(deal_wall(e["setup"]["seed"], 0), rules=rules)
    assert d.remaining == e["expect"]["remaining"]
    assert all(len(b) == 0 for b in d.bonus)
    assert all(t < 136 for t in d.wall)
    assert len(d.wall) == 136
    p = d.to_act[0]
    before = snapshot(d)
    with pytest.raises(IllegalActionError) as err:
        d.apply(Action(A.DISCARD, p, (140,)))
    assert err.value.code == e["expect"]["errors_for"]["discard of id 140"]
    assert snapshot(d) == before


# ---------------------------------------------------------------- properties over the switches
KINDS = ("random", "greedy", "value", "strong", "expert")


@st.composite
def deal_switches(draw: st.DrawFn) -> dict[str, Any]:
    """A random valid set of the HK §19 switches that act on the deal (§19.3 respected)."""
    sw: dict[str, Any] = {
        "tile_set": draw(st.sampled_from([144, 136])),
        "multiple_winners": draw(st.sampled_from(["head_bump", "all"])),
        "liability": draw(st.sampled_from(["none", "fourth_meld", "big_hands", "all"])),
        "false_win": draw(st.sampled_from(["reject", "pay_limit_self_draw", "pay_four_faan"])),
        "pass_over": draw(st.sampled_from(["none", "same_kind", "all_kinds"])),
        "responsibility": draw(st.sampled_from(["seed", "full", "half"])),
        "dealer_double": draw(st.booleans()),
        "min_faan": draw(st.sampled_from([1, 3])),
    }
    if sw["tile_set"] == 144:
        sw["flower_win"] = draw(st.sampled_from(["off", "seven", "eight", "eight_or_rob"]))
    if sw["liability"] != "none":
        sw["liability_discard"] = draw(st.sampled_from(["discarder", "liable"]))
    if draw(st.booleans()):
        sw["rotate_dealer"] = True
        sw["dealer_repeat"] = draw(st.sampled_from(["never", "on_win", "on_win_or_draw"]))
    return sw


def invariants(deal: Deal) -> None:
    """The engine's invariants after an action: every id of the tile set in exactly one
    place, the hand sizes of HK §5.6 (bonus tiles only in bonus areas), zero-sum scores, and a
    seat's pass-over lock only where the switch is on."""
    assert sorted(deal.tile_locations()) == sorted(deal.wall)
    assert sum(deal.scores) == 0
    if deal.phase is Phase.ENDED:
        return
    for p in range(4):
        want = 14 if deal.phase in (Phase.ACTION, Phase.AFTER_CLAIM) and p == deal.active else 13
        assert deal.hand_size(p) == want
        assert all(t < 136 for t in deal.hands[p]) and all(t >= 136 for t in deal.bonus[p])
    if deal.rules.switches["pass_over"] == "none":
        assert all(not k for k in deal.locked_kinds)


def strict(deal: Deal, seats: list[Any]) -> None:
    """Play to the end applying each seat's answer: it must be in the legal list; the
    invariants hold after each."""
    while deal.phase is not Phase.ENDED:
        for p in tuple(deal.to_act):
            if p not in deal.to_act:
                continue
            legal = deal.legal_actions(p)
            answer = seats[p].choose(deal.view(p), legal)
            assert answer in legal
            deal.apply(answer)
            invariants(deal)
            if deal.phase not in WINDOW:
                break


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=deal_switches(), seed=st.integers(0, 2**16), kind=st.sampled_from(KINDS))
def test_whole_deals_replay_exactly_under_random_switches(
    sw: dict[str, Any], seed: int, kind: str
) -> None:
    """Every built-in seat kind plays whole deals choosing from the legal list (never a false
    win), payments sum to zero, the liability records are the events', and the event log
    replays to the same results."""
    rules = mf.Ruleset.hong_kong(**sw)
    deals = []
    for i in range(2):
        d = Deal(deal_wall(seed, i), dealer=i % 4, deal_index=i, rules=rules)
        strict(d, [make_seat(kind if p % 2 == 0 else "random", seed=seed + p) for p in range(4)])
        r = d.result
        assert r is not None and sum(r.payments) == 0 and r.false_win is None
        if r.wins:  # each win's own settlement adds up to the deal's (HK §19.7–§19.9)
            assert [sum(w.payments[p] for w in r.wins) for p in range(4)] == list(r.payments)
        assert d.liabilities == [
            (e.player, e["liable"], e["pattern"]) for e in d.events if e.type == "liability"
        ]
        if sw["tile_set"] == 136:
            assert all(len(b) == 0 for b in r.bonus)
        if len(r.winners) > 1:
            assert sw["multiple_winners"] == "all"
        deals.append(d)
    buf = io.StringIO()
    write_log(buf, deals)
    again = replay(buf.getvalue().encode())
    assert [(x.scores, x.payments, x.winners) for x in again] == [
        (d.result.scores, d.result.payments, d.result.winners)
        for d in deals  # type: ignore[union-attr]
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=deal_switches(), seed=st.integers(0, 2**16), data=st.data())
def test_refused_actions_change_nothing_and_false_wins_pay_the_penalty(
    sw: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    """A driver that also declares wins the legal list does not hold: under ``reject`` each is
    refused with its code and nothing changes; under a penalty an unlisted declaration that
    fails only for NOT_A_WINNING_HAND / BELOW_MINIMUM / PASS_OVER ends the deal as a false win
    paying HK §19.11's penalty (HK §19.13), and the log replays it."""
    rules = mf.Ruleset.hong_kong(**sw)
    d = Deal(deal_wall(seed, 0), rules=rules, auto_pass=False)
    rnd = make_seat("random", seed=seed)
    steps = 0
    while d.phase is not Phase.ENDED and steps < 400:
        steps += 1
        p = d.to_act[0]
        legal = d.legal_actions(p)
        if d.phase in (Phase.ACTION, *WINDOW) and data.draw(st.integers(0, 9)) == 0:
            decl = Action(A.SELF_DRAWN_WIN if d.phase is Phase.ACTION else A.WIN, p)
            if decl not in legal:
                before = snapshot(d)
                try:
                    d.apply(decl)
                except IllegalActionError as err:
                    assert snapshot(d) == before
                    assert sw["false_win"] == "reject" or err.code not in FALSE_WIN_CODES
                    continue
                assert sw["false_win"] != "reject"
                r = d.result
                assert r is not None and r.false_win == p and r.winners == ()
                assert list(r.payments) == false_win_payments(rules, sw, p)
                break
        d.apply(rnd.choose(d.view(p), legal))
    if d.phase is Phase.ENDED:
        buf = io.StringIO()
        write_log(buf, [d])
        again = replay(buf.getvalue().encode())
        assert again[0].payments == d.result.payments  # type: ignore[union-attr]


FALSE_WIN_CODES = ("NOT_A_WINNING_HAND", "BELOW_MINIMUM", "PASS_OVER")
M = {"spicy": [2**f for f in range(14)]}


def false_win_payments(rules: mf.Ruleset, sw: dict[str, Any], offender: int) -> list[int]:
    """HK §19.11 step 4 written from the text: P to each other player, 3P from the offender
    (spicy, unit 1, max_faan 13; c = 1 under every responsibility)."""
    m = M["spicy"]
    pen = 3 * m[13] if sw["false_win"] == "pay_limit_self_draw" else m[4]
    return [-3 * pen if q == offender else pen for q in range(4)]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=deal_switches(), seed=st.integers(0, 2**16), kind=st.sampled_from(KINDS))
def test_matches_under_random_switches(sw: dict[str, Any], seed: int, kind: str) -> None:
    """Whole matches (an East round when the dealer rotates) with every seat kind: scores
    stay zero-sum and each deal's dealer is the one the previous result named."""
    if sw.get("rotate_dealer"):
        sw = {**sw, "match_length": "east_round", "max_deals": 12}
    m = play_match(
        [make_seat(kind, seed=seed + p) for p in range(4)],
        rules=mf.Ruleset.hong_kong(**sw),
        seed=seed,
    )
    assert sum(m.scores) == 0
    for a, b in zip(m.results, m.results[1:]):
        assert b.dealer == a.dealer_after


def test_whole_deals_reach_the_house_rules() -> None:
    """Seeded whole deals under every deal switch reach each rule: random seats claim enough for
    liability records (public) and pass legal wins (a private lock, seen by its seat only, and
    never a listed win it is locked on); greedy seats share discards (several winners, each in
    the payments)."""
    rules = mf.Ruleset.hong_kong(
        flower_win="eight_or_rob", multiple_winners="all", liability="all", pass_over="same_kind",
        min_faan=0,
    )  # fmt: skip
    liab = locks = multi = 0
    for i in range(150):
        d = Deal(deal_wall(7, i), rules=rules, dealer=i % 4)
        seats = [make_seat("random", seed=p) for p in range(4)]
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            v = d.view(p)
            assert v.own_locked_kinds == d.locked_kinds[p]
            open_tile = v.last_discard or v.kong_tile
            if (
                d.phase in WINDOW
                and open_tile is not None
                and open_tile[1] >> 2 in v.own_locked_kinds
            ):
                assert all(a.type is not A.WIN for a in legal)
            d.apply(seats[p].choose(d.view(p), legal))
        for e in d.events:
            if e.type == "liability":
                liab += 1
                assert visible_event(e, (e.player + 1) % 4) == e
                assert e["pattern"] in ("fourth_meld", "three_dragons", "four_winds")
            if e.type == "pass_over_lock":  # HK §19.13: private, with the locked kinds
                locks += 1
                assert e["flag"] == "pass_over" and e["value"] and e["kinds"]
                assert visible_event(e, (e.player + 1) % 4) is None
                assert visible_event(e, e.player) == e
            assert e.type != "rule_flag"
    for i in range(300):
        d = Deal(deal_wall(7, i), rules=rules, dealer=i % 4)
        r = run_deal(d, [make_seat("greedy", seed=p) for p in range(4)])
        if len(r.winners) > 1:
            multi += 1
            assert len([e for e in d.events if e.type == "win"]) == len(r.winners)
            assert all(r.payments[w] > 0 for w in r.winners)
    assert liab > 0 and locks > 0 and multi > 0
