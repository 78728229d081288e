"""The ``value`` seat (greedy plus two rules about the 3-faan minimum, rules §10.5): the core's
simulated deals equal the Python loop's with ``ValueSeat``; it is reachable from ``make_seat``,
``simulate`` and ``play --opponents``; its discards and claims follow its two rules."""

from __future__ import annotations

import subprocess
import sys

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.rules import Ruleset
from mahjong_fast.seats import SEAT_KINDS, ValueSeat, make_seat
from mahjong_fast.simulate import simulate


@pytest.mark.parametrize("seats", [("value",) * 4, ("value", "greedy", "random", "value")])
def test_core_deals_equal_python_loop_deals(seats: tuple[str, ...]) -> None:
    seed = 77
    core = _core.Simulator(seed, list(seats), Ruleset.hong_kong(rotate_dealer=True), 2).run(0, 30)
    players = [make_seat(k, seed) for k in seats]
    assert isinstance(players[0], ValueSeat)
    for i in range(30):
        deal = new_deal(players, seed=seed, deal_index=i, rotate_dealer=True, record=False)
        rec = run_deal(deal, players).to_record()
        rec["seed"] = seed
        assert rec == core[i], (seats, i)
    assert any(r["winners"] for r in core)


def test_value_differs_from_greedy_and_simulate_accepts_it() -> None:
    assert "value" in SEAT_KINDS
    v = simulate(64, ("value",) * 4, seed=3, workers=1).records
    g = simulate(64, ("greedy",) * 4, seed=3, workers=1).records
    assert v is not None and g is not None and v != g
    # every value-seat win is a legal win: at least the minimum
    assert all(w["value"] >= 3 for r in v for w in r["wins"])


def test_agent_refuses_a_chow_that_leaves_no_legal_win() -> None:
    # South holding West's flower: chowing 9m then discarding 1z leaves 2s/5s waits worth
    # 2 faan self-drawn, 1 on a discard (all chows, self-draw): below the minimum.
    h = mf.Hand.parse("78m456p234s5s1z [123m]")
    unseen = [3] * 34
    legal = [(4, 0), (8, 6)]  # pass, chow from 7m
    melds = h.core_melds
    greedy = _core.GreedyAgent().choose(list(h.counts), melds, unseen, 8, legal)
    assert greedy == 1
    agent = _core.ValueAgent()
    assert agent.choose(list(h.counts), melds, unseen, 8, legal, 1, 0, 1 << 2) == 0
    # without the flower F16 (no bonus tiles) lifts the self-drawn win to 3 faan: taken
    assert agent.choose(list(h.counts), melds, unseen, 8, legal, 1, 0, 0) == 1
    with pytest.raises(mf.InvalidHandError):
        agent.choose(list(h.counts), melds, unseen, 8, legal, 4)


def test_play_opponents() -> None:
    def play(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "mahjong_fast.cli", "play", "--ascii", "--no-confirm", *args]
        return subprocess.run(cmd, check=False, input="quit\ny\n", capture_output=True, text=True, timeout=120)

    bad = play("--opponents", "oracle")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--opponents" in bad.stderr
    ok = play("--seed", "1", "--opponents", "value")
    assert "Traceback" not in ok.stderr, ok.stderr[-2000:]
