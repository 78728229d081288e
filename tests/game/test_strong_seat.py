"""The ``strong`` seat (offence by expected value, defence from the seat's view, rules §14):
the core's simulated deals equal the Python loop's with ``StrongSeat``; it is reachable from
``make_seat``, ``simulate``, the arena and ``play`` (its default opponent); bad input to the core
agent is a typed error."""

from __future__ import annotations

import subprocess
import sys

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.arena import arena
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.rules import Ruleset
from mahjong_fast.seats import SEAT_KINDS, StrongSeat, make_seat
from mahjong_fast.simulate import simulate


@pytest.mark.parametrize("seats", [("strong",) * 4, ("strong", "greedy", "value", "random")])
def test_core_deals_equal_python_loop_deals(seats: tuple[str, ...]) -> None:
    seed = 77
    core = _core.Simulator(seed, list(seats), Ruleset.hong_kong(rotate_dealer=True), 2).run(0, 30)
    players = [make_seat(k, seed) for k in seats]
    assert isinstance(players[0], StrongSeat)
    for i in range(30):
        deal = new_deal(players, seed=seed, deal_index=i, rotate_dealer=True, record=False)
        rec = run_deal(deal, players).to_record()
        rec["seed"] = seed
        assert rec == core[i], (seats, i)
    assert any(r["winners"] for r in core)


def test_simulate_and_arena_accept_strong() -> None:
    assert "strong" in SEAT_KINDS
    s = simulate(64, ("strong",) * 4, seed=3, workers=1).records
    v = simulate(64, ("value",) * 4, seed=3, workers=1).records
    assert s is not None and v is not None and s != v
    assert all(w["value"] >= 3 for r in s for w in r["wins"])
    rep = arena(["strong", "greedy", "greedy", "greedy"], walls=8, seed=1, workers=1)
    assert [p.seat for p in rep.seats] == ["strong", "greedy"] and rep.seats[0].deals == 32


def _args(**over: object) -> dict[str, object]:
    args: dict[str, object] = {
        "player": 1,
        "dealer": 0,
        "seat_winds": [0, 1, 2, 3],
        "prevailing_wind": 0,
        "bonus_mask": 0,
        "discards": [[], [], [], []],
        "table_melds": [[], [], [], []],
        "remaining": 50,
    }
    args.update(over)
    return args


def test_agent_refuses_a_claim_that_kills_the_minimum() -> None:
    # South holding West's flower: chowing 9m leaves two exposed chows with no value, every
    # wait under the 3-faan minimum (rules §10.5). Greedy claims; strong passes.
    h = mf.Hand.parse("78m456p234s5s1z [123m]")
    legal = [(4, 0), (8, 6)]  # pass, chow from 7m
    counts, melds, unseen = list(h.counts), h.core_melds, [3] * 34
    assert _core.GreedyAgent().choose(counts, melds, unseen, 8, legal) == 1
    agent = _core.StrongAgent()
    assert agent.choose(counts, melds, unseen, 8, legal, **_args(bonus_mask=1 << 2)) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"player": 4}, "player"),
        ({"seat_winds": [0, 1, 2]}, "one entry per player"),
        ({"discards": [[(136, None)], [], [], []]}, "discard id"),
        ({"discards": [[(5, 7)], [], [], []]}, "claimed_by"),
        ({"remaining": -1}, "remaining"),
    ],
)
def test_agent_rejects_bad_tables(over: dict[str, object], message: str) -> None:
    h = mf.Hand.parse("123m456m789p234s55s")
    legal = [(0, k) for k in range(34) if h.counts[k]]
    with pytest.raises(mf.InvalidHandError, match=message):
        _core.StrongAgent().choose(list(h.counts), None, [2] * 34, None, legal, **_args(**over))  # type: ignore[arg-type]


def test_play_takes_strong_opponents() -> None:
    # play's default opponent is now expert (the expert seat's issue); strong stays a choice
    def play(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "mahjong_fast.cli", "play", "--ascii", "--no-confirm", *args]
        return subprocess.run(cmd, check=False, input="quit\ny\n", capture_output=True, text=True, timeout=120)

    helptext = play("--help")
    assert "strong" in helptext.stdout and "[default: expert]" in helptext.stdout.replace("\n", " ").replace("│", "")
    ok = play("--seed", "1")
    assert ok.returncode == 0 and "Traceback" not in ok.stderr, ok.stderr[-2000:]
    ok = play("--seed", "1", "--opponents", "strong")
    assert "Traceback" not in ok.stderr, ok.stderr[-2000:]
