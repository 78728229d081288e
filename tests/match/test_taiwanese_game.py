"""Taiwanese deals and matches through the Python game loop (TW §4–§8, §14–§17).

- the Python loop with the built-in seat shells plays the same matches as the core;
- invariants after every action over 1,000 random-seat and 200 greedy Taiwanese deals (tiles
  conserved, live count, 16/17 sizes, zero-sum payments, no hand win under ``min_tai``),
  with the rare paths counted and asserted reached: several winners on one discard, robbing
  a kong, both bonus-tile wins, a dealer streak of 2 or more;
- every log replays; §17 error codes leave the state unchanged.

Bulk searching is done by the core's simulation (``Simulator.run_matches``): it finds the
matches where the rare paths happen, and those matches are then played through the Python
``Deal`` with every check on.
"""

from __future__ import annotations

import io
from collections import Counter

import mahjong_fast as mf
import pytest
from _tw_helpers import Tally, check_result, play_checked, tw_wall
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, ActionType, Deal, Phase, play_match, replay, replay_deals
from mahjong_fast.game.match import new_deal
from mahjong_fast.seats import GreedySeat, RandomSeat, make_seat
from mahjong_fast.sim.chunks import ChunkSpec, run_match_chunk

A = ActionType
HIGH = mf.Ruleset.taiwanese(tai_table="high")
LOW = mf.Ruleset.taiwanese(tai_table="low")
WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


def play_match_checked(
    seats: list, seed: int, j: int, rules: mf.Ruleset, tally: Tally
) -> list[mf.game.DealResult]:
    """Match ``j`` deal by deal through the Python Deal, every state checked, the match state
    kept by the core's Match; every deal's log replayed."""
    state = mf.Match(rules, 0)
    results = []
    i = 0
    while not state.is_over:
        deal = new_deal(
            seats,
            seed=seed,
            deal_index=i,
            match_index=j,
            scores=state.scores,
            rules=rules,
            dealer=state.dealer,
            prevailing_wind=WINDS[state.round_wind],
            dealer_streak=state.streak,
        )
        play_checked(deal, seats, tally, tuple(state.scores))
        r = deal.result
        assert r is not None
        settled = state.play_deal(
            [
                {"winner": w.player, "tai": w.value, "discarder": w.discarder,
                 "self_drawn": w.discarder is None}
                for w in r.wins
            ]
        )  # fmt: skip
        assert tuple(settled["payments"]) == r.payments
        assert (state.dealer, state.streak) == (r.dealer_after, r.streak_after)
        buf = io.StringIO()
        mf.game.write_log(buf, [deal], seed=seed)
        (again,) = replay_deals(buf.getvalue())
        assert again.result == r
        results.append(r)
        i += 1
    return results


# --------------------------------------------------------------------------- Python = core


@pytest.mark.parametrize(
    "kinds", [("random",) * 4, ("greedy",) * 4, ("greedy", "random") * 2, ("value", "greedy") * 2]
)
@pytest.mark.parametrize("rules", [HIGH, LOW.replace(min_tai=2)], ids=["high", "low2"])
def test_python_loop_plays_the_cores_matches(kinds, rules):
    """The seat shells through the Python loop make the core's decisions: same records."""
    spec = ChunkSpec(kinds, seed=3, rules=rules)
    core = run_match_chunk(spec, 0, 3)
    py = run_match_chunk(ChunkSpec(kinds, seed=3, rules=rules, in_core=False), 0, 3)
    assert py == core
    assert {r["match_index"] for r in core} == {0, 1, 2}


def test_a_full_game_goes_round_every_wind_as_in_the_core():
    """TW §16: sixteen passes, the round wind East → North; Python loop = core."""
    rules = LOW.replace(min_tai=1, match_length="full_game")
    kinds = ("value", "greedy", "value", "random")
    core = run_match_chunk(ChunkSpec(kinds, seed=9, rules=rules), 2, 3)
    py = run_match_chunk(ChunkSpec(kinds, seed=9, rules=rules, in_core=False), 2, 3)
    assert py == core
    assert [r["prevailing_wind"] for r in core if r["deal_in_match"] == 0] == [0]
    assert sorted({r["prevailing_wind"] for r in core}) == [0, 1, 2, 3]


def test_play_match_equals_the_checked_loop_and_the_core():
    rules = HIGH.replace(min_tai=2)
    seats = [make_seat("greedy", 0) for _ in range(4)]
    tally = Tally()
    checked = play_match_checked(seats, 5, 1, rules, tally)
    m = play_match(seats, seed=5, match_index=1, rules=rules)
    assert m.results == checked
    assert m.scores == checked[-1].scores
    core = _core.Simulator(5, ["greedy"] * 4, rules, 1).run_matches(1, 2)
    assert [r["points_p0"] for r in core] == [r.payments[0] for r in checked]
    assert [r["dealer_streak"] for r in core] == [r.dealer_streak for r in checked]


# --------------------------------------------------------------------------- invariants


def test_1000_random_seat_deals():
    seats = [RandomSeat(seed=p) for p in range(4)]
    tally = Tally()
    j = 0
    while tally.deals < 1000:
        play_match_checked(seats, 11, j, HIGH, tally)
        j += 1
    assert tally.events > 100 * tally.deals


def test_200_greedy_deals_and_the_rare_paths():
    """200+ greedy deals, then the matches the core's simulation finds for each rare path,
    all through the checked Python loop; each rare path is reached at least once."""
    seats = [GreedySeat() for _ in range(4)]
    tally = Tally()
    j = 0
    while tally.deals < 200:
        play_match_checked(seats, 7, j, HIGH, tally)
        j += 1
    wins = sum(v for k, v in tally.paths.items() if k in ("discard", "self_drawn"))
    assert wins > 0
    # the core's bulk simulation finds matches with several winners, a robbed kong, a streak
    rules = HIGH.replace(min_tai=0, match_length="one_deal")
    found: dict[str, int] = {}
    recs = _core.Simulator(1, ["greedy"] * 4, rules, 1).run_matches(0, 3000)
    for r in recs:
        if len(r["winners"]) > 1:
            found.setdefault("several_winners", r["match_index"])
        if any(w["win_kind"] == "robbing_kong" for w in r["wins"]):
            found.setdefault("robbing_kong", r["match_index"])
    for path, j in sorted(found.items()):
        play_match_checked(seats, 1, j, rules, tally)
    streaky = HIGH.replace(min_tai=1)
    recs = _core.Simulator(2, ["greedy"] * 4, streaky, 1).run_matches(0, 20)
    j = next(r["match_index"] for r in recs if r["dealer_streak"] >= 2)
    play_match_checked(seats, 2, j, streaky, tally)
    for path in ("several_winners", "robbing_kong", "streak_2"):
        assert tally.paths[path] >= 1, (path, tally.paths)


def test_seats_that_take_every_claim():
    """100+ deals where every offered win, kong, pung and chow is taken (kongs, robbing
    windows and claims on every discard), under a minimum of 0 so that wins are frequent."""
    from _taker_seat import TakerSeat

    seats = [TakerSeat(p) for p in range(4)]
    tally = Tally()
    j = 0
    while tally.deals < 100:
        play_match_checked(seats, 13, j, LOW.replace(min_tai=0), tally)
        j += 1
    assert sum(tally.paths.values()) > 0


@pytest.mark.parametrize("rules", [HIGH, LOW], ids=["high", "low"])
def test_bonus_tile_wins_in_play(rules):
    """TW §7: all eight bonus tiles (settled as self-drawn) and seven robbing the eighth (the
    exposing player pays), from explicit walls, through the same checked loop."""
    tally = Tally()
    seats = [RandomSeat(seed=p) for p in range(4)]
    # P1 is dealt all eight bonus tiles: the eighth exposure wins at once
    all_eight = tw_wall(
        {
            0: "123m456m789m123p456p77p",
            1: "12345678f11z22z33z44z",
            2: "111s222s333s444s5s6s7s8s",
            3: "555s666s777s888s999s5z",
        }
    )
    deal = play_checked(Deal(all_eight, rules=rules), seats, tally)
    r = deal.result
    assert r.wins[0].win_kind == "bonus_all_eight" and r.winners == (1,)
    value = 30 if rules == HIGH else 14
    assert r.wins[0].value == value and r.wins[0].discarder is None
    assert r.payments == (-(value + 1), 3 * value + 1, -value, -value)  # P0 deals: +1
    # P1 holds seven, P2 the eighth: P2's exposure is robbed, P2 pays
    rob = tw_wall(
        {
            0: "123m456m789m123p456p77p",
            1: "1234567f11z22z33z44z5z",
            2: "8f111s222s333s444s5s6s7s",
            3: "555s666s777s888s999s5z",
        }
    )
    deal = play_checked(Deal(rob, rules=rules), seats, tally)
    r = deal.result
    w = r.wins[0]
    assert (w.win_kind, w.player, w.discarder) == ("bonus_rob_eighth", 1, 2)
    rob_value = 20 if rules == HIGH else 14
    assert r.payments == (0, rob_value, -rob_value, 0)
    assert tally.paths["bonus_all_eight"] == tally.paths["bonus_rob_eighth"] == 1


# --------------------------------------------------------------------------- logs


def test_every_log_of_a_match_replays(tmp_path):
    rules = LOW.replace(min_tai=1, match_length="east_round")
    seats = [make_seat("greedy", 0), make_seat("random", 1), make_seat("greedy", 2),
             make_seat("random", 3)]  # fmt: skip
    path = tmp_path / "match.jsonl"
    m = play_match(seats, seed=9, rules=rules, log=path)
    assert m.deals >= 4
    assert replay(path) == m.results
    again = replay(path, rules=rules)
    assert [r.dealer_streak for r in again] == [r.dealer_streak for r in m.results]
    text = path.read_text()
    assert text.count('"type":"header"') == m.deals
    assert any(r.dealer != 0 for r in m.results)  # the deal passed: the header says so


def test_a_changed_log_is_a_replay_error(tmp_path):
    path = tmp_path / "m.jsonl"
    m = play_match([make_seat("greedy", p) for p in range(4)], seed=4, rules=HIGH.replace(
        match_length="one_deal"), log=path)  # fmt: skip
    assert m.deals == 1
    lines = path.read_text().splitlines()
    head = lines[0].replace('"dealer":0', '"dealer":1')
    with pytest.raises(mf.errors.ReplayError):
        replay("\n".join([head, *lines[1:]]))


# --------------------------------------------------------------------------- §17


def _reject(deal: Deal, action: Action, code: str) -> None:
    before = deal.snapshot()
    views = [deal.view(p) for p in range(4)]
    with pytest.raises(IllegalActionError) as e:
        deal.apply(action)
    assert e.value.code == code, str(e.value)
    assert deal.snapshot() == before
    assert [deal.view(p) for p in range(4)] == views


#: twelve discards already made: mid-deal, so no timing element applies (TW §18 conventions)
MID_DEAL = ["2z2z2z", "3z3z3z", "4z4z4z", "2z3z4z"]


def test_tw17_codes_leave_the_state_unchanged():
    """TW §17 from Python: NOT_YOUR_TURN and BELOW_MINIMUM for a win claim
    under ``min_tai`` (T8's hand: 4 Tai on the high table, not offered, refused)."""
    deal = Deal.from_hands(
        [
            "123m456m789m123p456p6s7z",
            "678p234s45s11p2f",
            "111s222s333s999s999p1z",
            "555s666s777s888s999m1z",
        ],
        melds=["", "[777z] [345m]", "", ""],
        discards=MID_DEAL,
        rules=HIGH,
    )
    assert deal.phase is Phase.ACTION and deal.to_act == (0,)
    _reject(deal, Action(A.DISCARD, 1, (deal.hands[1][0],)), "NOT_YOUR_TURN")
    six_s = next(t for t in deal.hands[0] if t // 4 == 23)
    deal.apply(Action(A.DISCARD, 0, (six_s,)))
    assert deal.phase is Phase.RESPONSE and 1 in deal.to_act  # P1 may chow 45s + 6s
    assert all(a.type is not A.WIN for a in deal.legal_actions(1))
    _reject(deal, Action(A.WIN, 1), "BELOW_MINIMUM")
    # the same claim is a win under a lower minimum
    low = Deal.from_hands(
        ["123m456m789m123p456p6s7z", "678p234s45s11p2f", "111s222s333s999s999p1z",
         "555s666s777s888s999m1z"], melds=["", "[777z] [345m]", "", ""], discards=MID_DEAL,
        rules=HIGH.replace(min_tai=4),
    )  # fmt: skip
    low.apply(Action(A.DISCARD, 0, (six_s,)))
    assert any(a.type is A.WIN for a in low.legal_actions(1))


def test_no_replacement_tile_with_no_live_tile():
    """TW §4.2, §17: a kong needs a live tile; with none it is NO_REPLACEMENT_TILE; the discard
    made with no live tile may be claimed for a win only (LAST_DISCARD_WIN_ONLY). Also
    NOT_A_WINNING_HAND for a heavenly-blessing declaration on a dealt hand that is no win."""
    deal = Deal(
        tw_wall(
            {
                0: "1111m2345678m123p456p",
                1: "9999p12345678s99s5z7p",
                2: "1111z2222z3333z44z66z",
                3: "7777z12345678s66z78p",
            }
        ),
        rules=HIGH,
        auto_pass=False,  # every player answers every discard: the last one stays open
    )
    _reject(deal, Action(A.SELF_DRAWN_WIN, 0), "NOT_A_WINNING_HAND")  # the dealt hand
    kongs: dict[int, Action] = {}
    while True:
        assert deal.phase is not Phase.ENDED
        if deal.phase in (Phase.RESPONSE, Phase.ROB):
            for q in tuple(deal.to_act):
                deal.apply(Action(A.PASS, q))
            continue
        p = deal.active
        legal = deal.legal_actions(p)
        for a in legal:
            if a.type is A.CONCEALED_KONG:
                kongs[p] = a
        if deal.remaining == 0:
            break
        drawn = deal.drawn_tile
        if drawn is None:  # the dealer's first discard: a tile outside the four of a kind
            drawn = next(t for t in deal.hands[p] if t // 4 != 0)
        deal.apply(Action(A.DISCARD, p, (drawn,)))
    p = deal.active
    assert p in kongs and all(a.type is not A.CONCEALED_KONG for a in deal.legal_actions(p))
    _reject(deal, kongs[p], "NO_REPLACEMENT_TILE")
    # the last discard: a tile of which another player holds a pair
    pairs = {
        (t, q): [u for u in deal.hands[q] if u // 4 == t // 4]
        for t in deal.hands[p]
        for q in range(4)
        if q != p
    }
    (t, q), mine = next((k, v) for k, v in pairs.items() if len(v) >= 2)
    deal.apply(Action(A.DISCARD, p, (t,)))
    assert deal.phase is Phase.RESPONSE and deal.remaining == 0 and q in deal.to_act
    assert [a.type for a in deal.legal_actions(q)] == [A.PASS]
    _reject(deal, Action(A.PUNG, q, tuple(mine[:2])), "LAST_DISCARD_WIN_ONLY")
