"""The deal hooks end to end through the test ruleset ``test-house-hooks`` (issue 33 item 4),
against the built extension: whole deals with every built-in seat kind, matches, ``simulate``
(Python and CLI), the arena, event logs and ``replay``, and the RL faces (which refuse it under
observation/action version 1). Its rules (``rust/src/rules/test_house_hooks/mod.rs``): 136
tiles; a ``DECLARE`` window after the deal where every seat answers ``declare_ready`` or
``pass``; a declared seat may not chow or pung (``READY_LOCKED``); passing a win sets the
private ``pass_over`` flag until the seat's next draw (``PASS_OVER``); no discard of the claimed
kind right after a chow or pung (``FORBIDDEN_DISCARD``); four declarations are an abortive draw
(``four_ready``); the discarder fed a seat's fourth claimed set is liable for its self-drawn
win."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import ILLEGAL_ACTION_CODES, IllegalActionError, RuleConfigError
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.actions import ENGINE_TYPES
from mahjong_fast.game.events import visible_event
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.game.match import deal_wall, play_match, run_deal
from mahjong_fast.rules import RULESET_NAMES
from mahjong_fast.seats import make_seat

RULES = "test-house-hooks"
KINDS = ("random", "greedy", "value", "strong", "expert")


def _deal(index: int = 0, dealer: int = 0, **kw: object) -> Deal:
    return Deal(deal_wall(11, index), dealer=dealer, deal_index=index, rules=RULES, **kw)  # type: ignore[arg-type]


def _strict(deal: Deal, seats: list[object]) -> None:
    """Play to the end applying each seat's answer directly: an illegal one raises."""
    while deal.phase is not Phase.ENDED:
        for p in tuple(deal.to_act):
            if p not in deal.to_act:
                continue
            legal = deal.legal_actions(p)
            answer = seats[p].choose(deal.view(p), legal)  # type: ignore[attr-defined]
            assert answer in legal
            deal.apply(answer)
            if deal.phase not in (Phase.RESPONSE, Phase.ROB):
                break


def test_registered_for_tests_only() -> None:
    r = mf.Ruleset.from_name(RULES)
    assert r.name == RULES
    assert RULES not in mf.presets()
    assert RULES not in RULESET_NAMES
    for code in ("PASS_OVER", "FORBIDDEN_DISCARD", "READY_LOCKED", "ALREADY_DECLARED"):
        assert code in ILLEGAL_ACTION_CODES


def test_the_wall_is_136_tiles_without_bonus_tiles() -> None:
    d = _deal()
    assert len(d.wall) == 136 and max(d.wall) == 135
    assert all(not b for b in d.view(0).bonus)
    # the Hong Kong wall of the same seed keeps its 144 tiles
    assert len(Deal(deal_wall(11, 0)).wall) == 144


def test_set_up_positions_follow_the_tile_set_and_open_the_window() -> None:
    hands = [
        "123m456p789s1122z3z",
        "1m2m3m4m5m6m7m8m9m1p2p3p4p",
        "1s2s3s4s5s6s7s8s9s5p5p6p6p",
        "7p7p8p8p9p9p5z5z6z6z7z7z2s",
    ]
    d = Deal.from_hands(hands, rules=RULES)
    assert d.phase is Phase.DECLARE and d.to_act == (0, 1, 2, 3)
    with pytest.raises(mf.InvalidHandError, match="not in the ruleset's 136-tile set"):
        Deal.from_hands([hands[0] + "1f", *hands[1:]], rules=RULES)


def test_the_declaration_window() -> None:
    d = _deal(dealer=1)
    assert d.phase is Phase.DECLARE and d.to_act == (0, 1, 2, 3)
    assert d.legal_actions(2) == [Action(ActionType.PASS, 2), Action(ActionType.DECLARE_READY, 2)]
    # another seat's pending answer is not public
    assert d.view(0).to_act == (0,)
    before = d.snapshot()
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.DISCARD, 1, (d.view(1).hand[0],)))
    assert e.value.code == "WRONG_PHASE"
    assert d.snapshot() == before
    d.apply(Action(ActionType.DECLARE_READY, 2))
    assert d.public_flags[2] == frozenset({"ready"})
    assert d.view(0).public_flags[2] == frozenset({"ready"})
    with pytest.raises(IllegalActionError) as e:
        d.apply(Action(ActionType.PASS, 2))
    assert e.value.code == "ALREADY_RESPONDED"
    for p in (0, 1, 3):
        d.apply(Action(ActionType.PASS, p))
    assert d.phase is Phase.ACTION and d.to_act == (1,)
    # a ruleset without the action refuses it
    hk = Deal(deal_wall(11, 0))
    with pytest.raises(IllegalActionError) as e:
        hk.apply(Action(ActionType.DECLARE_READY, 0))
    assert e.value.code == "WRONG_PHASE"


def test_hints_rank_the_engine_options_only() -> None:
    d = _deal()
    assert d.hint(0) == []  # in the window only pass is the engine's: nothing to rank
    for p in range(4):
        d.apply(Action(ActionType.PASS, p))
    rows = d.hint(0)
    assert rows and all(r.action.type in ENGINE_TYPES for r in rows)
    assert {r.action for r in rows} <= set(d.legal_actions(0))


def test_four_declarations_are_an_abortive_draw() -> None:
    d = _deal(scores=(10, 0, 0, -10))
    for p in (2, 0, 3, 1):
        d.apply(Action(ActionType.DECLARE_READY, p))
    assert d.phase is Phase.ENDED
    res = d.result
    assert res is not None and res.exhaustive_draw and res.draw_reason == "four_ready"
    assert res.scores == (10, 0, 0, -10)
    flags = [e for e in d.events if e.type == "rule_flag"]
    assert [(e.player, e["flag"], e["value"], e["public"]) for e in flags] == [
        (p, "ready", True, True) for p in (2, 0, 3, 1)
    ]
    assert d.events[-1].type == "exhaustive_draw" and d.events[-1]["reason"] == "four_ready"


def _claim_happy(deal: Deal, p: int, legal: list[Action]) -> Action:
    for kinds in ((ActionType.WIN, ActionType.SELF_DRAWN_WIN), (ActionType.PUNG, ActionType.CHOW)):
        for a in legal:
            if a.type in kinds:
                return a
    return legal[(deal.turn * 7 + p) % len(legal)] if deal.phase is not Phase.DECLARE else legal[0]


def test_pass_over_flag_and_liability_records_in_whole_deals() -> None:
    """A claim-happy policy that passes every other win on a discard: the pass earns the
    private ``pass_over`` flag (seen by its seat only) and a later win claim before the seat's
    draw is refused with ``PASS_OVER``; liability records are made and public."""
    pass_over = refused = records = 0
    for i in range(300):
        d = _deal(i, dealer=i % 4, auto_pass=False)
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            a = _claim_happy(d, p, legal)
            if "pass_over" in d.view(p).own_flags and d.phase is Phase.RESPONSE:
                assert all(x.type is not ActionType.WIN for x in legal)
                before = d.snapshot()
                with pytest.raises(IllegalActionError) as e:
                    d.apply(Action(ActionType.WIN, p))
                assert e.value.code in ("PASS_OVER", "NOT_A_WINNING_HAND", "BELOW_MINIMUM")
                assert d.snapshot() == before
                refused += e.value.code == "PASS_OVER"
            if a.type is ActionType.WIN and (d.turn + i) % 2 == 0:
                a = Action(ActionType.PASS, p)
            d.apply(a)
        ev = d.events
        for e in ev:
            if e.type == "rule_flag" and e["flag"] == "pass_over" and e["value"]:
                pass_over += 1
                assert not e["public"]
                other = (e.player + 1) % 4
                assert visible_event(e, other) is None and visible_event(e, e.player) == e
            if e.type == "liability":
                records += 1
                assert e["pattern"] == "fourth_set" and e["liable"] != e.player
        assert d.liabilities == [
            (e.player, e["liable"], e["pattern"]) for e in ev if e.type == "liability"
        ]
    assert pass_over > 20 and records > 0


def test_a_declared_seat_may_not_pung() -> None:
    refused = 0
    for i in range(150):
        d = _deal(i, auto_pass=False)
        for p in range(4):
            d.apply(Action(ActionType.DECLARE_READY if p == 1 else ActionType.PASS, p))
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            if p == 1 and d.phase is Phase.RESPONSE and d.remaining > 0:
                assert all(a.type not in (ActionType.PUNG, ActionType.CHOW) for a in legal)
                kind = d.view(1).last_discard[1] >> 2  # type: ignore[index]
                pair = [t for t in d.view(1).hand if t >> 2 == kind][:2]
                if len(pair) == 2:
                    with pytest.raises(IllegalActionError) as e:
                        d.apply(Action(ActionType.PUNG, 1, tuple(pair)))
                    assert e.value.code == "READY_LOCKED"
                    refused += 1
            d.apply(_claim_happy(d, p, legal))
    assert refused > 3


def test_the_claimed_kind_may_not_be_discarded() -> None:
    seen = 0
    for i in range(200):
        d = _deal(i)
        while d.phase is not Phase.ENDED:
            p = d.to_act[0]
            legal = d.legal_actions(p)
            if d.phase is Phase.AFTER_CLAIM:
                meld = d.view(p).melds[p][-1]
                kind = meld.claimed_tile >> 2  # type: ignore[operator]
                assert all(a.tiles[0] >> 2 != kind for a in legal)
                held = [t for t in d.view(p).hand if t >> 2 == kind]
                if held:
                    before = d.snapshot()
                    with pytest.raises(IllegalActionError) as e:
                        d.apply(Action(ActionType.DISCARD, p, (held[0],)))
                    assert e.value.code == "FORBIDDEN_DISCARD"
                    assert d.snapshot() == before
                    seen += 1
            d.apply(_claim_happy(d, p, legal))
    assert seen > 5


@pytest.mark.parametrize("kind", KINDS)
def test_every_seat_kind_plays_whole_deals_without_illegal_moves(kind: str) -> None:
    for i in range(8):
        seats = [make_seat(kind if p % 2 == 0 else "random", seed=p) for p in range(4)]
        d = _deal(i, dealer=i % 4)
        _strict(d, seats)
        res = d.result
        assert res is not None and sum(res.payments) == 0
    # through the game loop too
    res = run_deal(_deal(9), [make_seat(kind, seed=p) for p in range(4)])
    assert sum(res.payments) == 0


def test_matches() -> None:
    m = play_match(
        [make_seat(k, seed=i) for i, k in enumerate(("greedy", "expert", "random", "strong"))],
        rules=RULES,
        seed=3,
    )
    assert len(m.results) == 4 and sum(m.scores) == 0
    assert m.rules.name == RULES


def test_simulate_python_and_cli(tmp_path: Path) -> None:
    res = mf.simulate(
        60, seats=("random", "greedy", "value", "expert"), rules=RULES, seed=2, workers=1
    )
    assert res.summary.deals == 60  # type: ignore[attr-defined]
    res_m = mf.simulate(matches=3, seats=("strong",) * 4, rules=RULES, seed=2, workers=1)
    assert res_m.summary.deals == 12  # type: ignore[attr-defined]
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjong_fast",
            "simulate",
            "--rules",
            RULES,
            "-n",
            "40",
            "--seed",
            "5",
            "--seats",
            "random,random,random,random",
            "--json",
            "-w",
            "1",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["deals"] == 40


def test_arena_log_and_replay(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjong_fast",
            "arena",
            "--rules",
            RULES,
            "-n",
            "6",
            "--seats",
            "value,greedy,random,expert",
            "--seed",
            "4",
            "-w",
            "1",
            "--json",
            "--log",
            str(log),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    text = log.read_text()
    assert '"declare_ready"' in text and '"rule_flag"' in text
    results = replay(log)
    assert len(results) == 24
    out = subprocess.run(
        [sys.executable, "-m", "mahjong_fast", "replay", str(log)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Replay OK" in out.stdout


def test_review_and_the_terminal_game(tmp_path: Path) -> None:
    log = tmp_path / "arena.jsonl"
    subprocess.run(
        [sys.executable, "-m", "mahjong_fast", "arena", "--rules", RULES, "-n", "2", "--seats",
         "random,greedy,random,expert", "--seed", "4", "-w", "1", "--log", str(log)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    out = subprocess.run(
        [sys.executable, "-m", "mahjong_fast", "review", str(log), "--seat", "0"],
        check=False, capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    # a person answers the declaration window from the terminal, then plays on
    play = subprocess.run(
        [sys.executable, "-m", "mahjong_fast", "play", "--rules", RULES, "--seed", "1"],
        check=False, input="1\nq\ny\n", capture_output=True, text=True,
    )  # fmt: skip
    assert "[1] declare ready" in play.stdout
    assert "Your turn: discard a tile" in play.stdout.split("declare>", 1)[1]


def test_event_log_round_trip() -> None:
    deals = []
    for i in range(5):
        d = _deal(i)
        _strict(d, [make_seat("random", seed=p) for p in range(4)])
        deals.append(d)
    buf = io.StringIO()
    write_log(buf, deals)
    again = replay(buf.getvalue().encode())
    assert [r.scores for r in again] == [d.result.scores for d in deals]  # type: ignore[union-attr]


def test_rl_version_1_refuses_a_ruleset_that_adds_actions() -> None:
    pytest.importorskip("gymnasium")
    from mahjong_fast.rl import MahjongEnv

    with pytest.raises(RuleConfigError) as e:
        MahjongEnv(rules=RULES)
    assert e.value.switch == RULES  # type: ignore[attr-defined]
    assert "declare_ready" in str(e.value)
