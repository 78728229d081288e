"""Property tests of the Taiwanese flow rules of the claims and the ready declaration (TW
§20.5.1–§20.5.3, §20.5.5 rules 1–3, §20.6.1–§20.6.3) over random valid sets of those switches:
whole deals with every built-in seat kind (each answer from the legal list, checked by
``apply``), the engine's invariants after each action, refused actions leaving the state
unchanged, and the exact replay of the log. Modest example counts (the suite's budget)."""

from __future__ import annotations

import io
import random
from typing import Any

import mahjong_fast as mf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import ILLEGAL_ACTION_CODES, IllegalActionError
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.game.match import deal_wall, play_match
from mahjong_fast.seats import make_seat

KINDS = ("random", "greedy", "value", "strong", "expert")


@st.composite
def flow_switches(draw: st.DrawFn) -> dict[str, Any]:
    """A valid set of this half's switches (dependent switches only with what they need)."""
    sw: dict[str, Any] = {
        "several_winners": draw(st.sampled_from(["all_win", "head_bump", "head_bump_two_all_three"])),
        "chow_discard_restriction": draw(st.sampled_from(["none", "same_kind", "strict"])),
        "pung_discard_restriction": draw(st.booleans()),
        "claim_back_restriction": draw(st.booleans()),
        "kong_from_upper_discard": draw(st.booleans()),
        "exposed_kong_replacement_win": draw(st.booleans()),
        "rob_added_kong": draw(st.booleans()),
    }
    if draw(st.booleans()):
        sw["pass_over"] = True
        sw["pass_over_self_draw"] = draw(st.booleans())
        sw["pass_over_kong_releases"] = draw(st.booleans())
        sw["pass_over_blocks_melds"] = draw(st.booleans())
    if draw(st.booleans()):
        sw["ready_declaration"] = True
        sw["declared_ready_win"] = draw(st.sampled_from(["allow_pass", "force_win"]))
        sw["declared_ready_auto_added_kong"] = draw(st.booleans())
    table = draw(st.sampled_from(["high", "low", "sml"]))
    if table == "sml":
        sw["tai_table"] = "sml"
        sw["min_tai"] = draw(st.sampled_from([0, 1, 3]))
        q = draw(st.sampled_from(["off", "standard", "standard_no_dealer", "first_eight_discards", "each_first_discard"]))
        sw["ready_qualification"] = q
        if q != "off":
            sw["qualified_ready_win"] = draw(st.sampled_from(["follow_declared", "lose_earthly_on_pass", "force_win"]))
        return {"preset": "taiwanese", **sw}
    return {"preset": f"taiwanese-{table}", **sw}


def ruleset(sw: dict[str, Any]) -> mf.Ruleset:
    sw = dict(sw)
    return mf.Ruleset.from_name(sw.pop("preset"), **sw)


def check_invariants(d: Deal) -> None:
    """Hand sizes and who may act, after every action."""
    if d.phase is Phase.ENDED:
        assert d.to_act == () and d.result is not None and sum(d.result.payments) == 0
        return
    assert d.to_act
    for p in range(4):
        size = len(d.hands[p]) + 3 * len(d.melds[p])
        holds = d.phase in (Phase.ACTION, Phase.AFTER_CLAIM) and d.active == p
        assert size == 16 + holds, (p, size, d.phase)
    for p in d.to_act:
        legal = d.legal_actions(p)
        assert legal, f"P{p} to act with no legal action in {d.phase}"
        assert all(d.is_legal(a) for a in legal)


def probe_refusal(d: Deal, p: int, rng: random.Random) -> None:
    """An action not in the legal list is refused with a known code and changes nothing."""
    legal = set(d.legal_actions(p))
    hand = d.hands[p]
    cands = [Action(ActionType.PASS, p), Action(ActionType.WIN, p), Action(ActionType.SELF_DRAWN_WIN, p)]
    if hand:
        t = rng.choice(hand)
        cands += [Action(ActionType.DISCARD, p, (t,)), Action(ActionType.DECLARE_READY, p, (t,))]
    for a in cands:
        if a in legal:
            continue
        before = d.snapshot()
        with pytest.raises(IllegalActionError) as e:
            d.apply(a)
        assert e.value.code in ILLEGAL_ACTION_CODES
        assert d.snapshot() == before


def play(d: Deal, seats: list[Any], rng: random.Random) -> None:
    steps = 0
    while d.phase is not Phase.ENDED:
        p = d.to_act[0]
        legal = d.legal_actions(p)
        if steps % 5 == 0:
            probe_refusal(d, p, rng)
        a = seats[p].choose(d.view(p), legal)
        assert a in legal
        d.apply(a)
        check_invariants(d)
        steps += 1
        assert steps < 2000


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=flow_switches(), seed=st.integers(0, 10_000), kind=st.sampled_from(KINDS))
def test_whole_deals_follow_the_switches_and_replay(sw: dict[str, Any], seed: int, kind: str) -> None:
    r = ruleset(sw)
    rng = random.Random(seed)
    deals = []
    for i in range(2):
        d = Deal(deal_wall(seed, i), dealer=i % 4, deal_index=i, rules=r, auto_pass=bool(i % 2))
        seats = [make_seat(kind if p % 2 == 0 else "random", seed=seed + p) for p in range(4)]
        play(d, seats, rng)
        deals.append(d)
    buf = io.StringIO()
    write_log(buf, deals)
    again = replay(buf.getvalue().encode())
    assert [x.scores for x in again] == [d.result.scores for d in deals]  # type: ignore[union-attr]
    assert [x.winners for x in again] == [d.result.winners for d in deals]  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", KINDS)
def test_matches_with_every_seat_kind(kind: str) -> None:
    r = mf.Ruleset.from_name(
        "taiwanese-high",
        pass_over=True,
        ready_declaration=True,
        declared_ready_win="force_win",
        declared_ready_auto_added_kong=True,
        chow_discard_restriction="strict",
        claim_back_restriction=True,
        several_winners="head_bump",
        match_length="one_deal",
    )
    m = play_match([make_seat(kind, seed=i) for i in range(4)], rules=r, seed=7)
    assert m.results and sum(m.scores) == 0


def test_rl_faces_take_the_ready_declaration_under_version_2_only() -> None:
    pytest.importorskip("numpy")
    import numpy as np
    from mahjong_fast.errors import RuleConfigError
    from mahjong_fast.rl import TableBatch
    from mahjong_fast.rl._buffers import Buffers

    r = mf.Ruleset.from_name("taiwanese-high", ready_declaration=True, declared_ready_win="force_win", pass_over=True)
    with pytest.raises(RuleConfigError) as e:
        TableBatch(1, ["learner"] * 4, r)
    assert e.value.switch == "ready_declaration"  # type: ignore[attr-defined]
    b = TableBatch(2, ["learner"] * 4, r, 5, obs_version=2)
    assert b.extra_actions == ["declare_ready"] and b.n_actions == 75 + 35
    assert b.rule_flags == (["declared_ready"], ["pass_over", "heavenly_ready", "earthly_ready"])
    buf = Buffers(b)
    buf.reset()
    rng = np.random.default_rng(1)
    declared = 0
    for _ in range(1500):
        assert buf.mask is not None
        acts = []
        for m in buf.mask:
            idx = np.flatnonzero(m)
            extra = idx[idx >= 75]
            acts.append(int(extra[0]) if extra.size else int(rng.choice(idx)) if idx.size else 0)
            declared += int(extra.size > 0)
        buf.step(np.array(acts, np.int64))
    assert declared > 0
