"""TW §20.5.4–§20.5.7 through the public API: the claim reserve, kongs on the last live tile,
the four-winds and four-kongs abortive draws and the dead-wall modes (issue 38, the wall's
half). Each ``flow`` example of ``taiwanese-house-examples.json`` of this half (F10, F13–F17)
is set up with ``Deal.from_hands`` and played with ``apply``; each step's ``expect`` is an
assertion. The live count of a step is reached by putting tiles into the discard pool (a
position's discards are out of the wall); the eight bonus tiles lie in the seats' bonus areas
so that no draw is a bonus tile. Then property tests over random sets of these switches: whole
deals with every built-in seat kind, the wall's arithmetic after every step, refused actions
leaving the state unchanged, and exact replay of the log."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from _tw_flow_helpers import (
    EXAMPLES,
    KINDS,
    act,
    code_of,
    discard,
    held,
    kinds,
    pass_all,
    position,
    rules,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import ILLEGAL_ACTION_CODES
from mahjong_fast.game import ActionType, Deal, Phase
from mahjong_fast.game.log import replay, write_log
from mahjong_fast.game.match import deal_wall, run_deal
from mahjong_fast.seats import make_seat


def test_codes_are_listed() -> None:
    assert "CLAIM_RESERVE" in ILLEGAL_ACTION_CODES and "NO_REPLACEMENT_TILE" in ILLEGAL_ACTION_CODES
    assert set(EXAMPLES) >= {"F10", "F13", "F14", "F15", "F16", "F17"}


@pytest.mark.parametrize(("live", "expect"), [(3, "CLAIM_RESERVE"), (4, "legal")])
def test_f10_a_chow_needs_four_live_tiles(live: int, expect: str) -> None:
    sw = EXAMPLES["F10"]["switches"]
    assert isinstance(sw, dict)
    d = position(sw, {3: "12m", 2: "3m"}, active=2, live=live, avoid="45m", auto_pass=False)
    discard(d, 2, kinds("3m")[0])
    chow = act(ActionType.CHOW, 3, *held(d, 3, 0, 1), *held(d, 3, 1, 1))
    assert d.phase is Phase.RESPONSE and d.remaining == live
    if expect == "legal":
        assert chow in d.legal_actions(3)
        d.apply(chow)
        pass_all(d)
        assert d.phase is Phase.AFTER_CLAIM and d.active == 3
    else:
        assert chow not in d.legal_actions(3)
        assert code_of(d, chow) == expect


@pytest.mark.parametrize(("live", "expect"), [(5, "CLAIM_RESERVE"), (6, "legal")])
def test_f10_an_exposed_kong_costs_two_live_tiles_under_kong_adds_one(
    live: int, expect: str
) -> None:
    sw = EXAMPLES["F10"]["switches"]
    assert isinstance(sw, dict)
    d = position(sw, {0: "333p", 3: "3p"}, active=3, live=live, avoid="12345p", auto_pass=False)
    discard(d, 3, kinds("3p")[0])
    kong = act(ActionType.KONG, 0, *held(d, 0, kinds("3p")[0], 3))
    if expect == "legal":
        d.apply(kong)
        pass_all(d)
        # the kong raised the reserve to 17, then its replacement was drawn: live − 2
        assert (d.reserve, d.remaining, d.kongs_completed) == (17, live - 2, 1)
        assert d.phase is Phase.ACTION and d.active == 0
    else:
        assert code_of(d, kong) == expect


@pytest.mark.parametrize(("live", "expect"), [(5, "CLAIM_RESERVE"), (6, "legal")])
def test_f10_a_concealed_kong_needs_four_live_tiles_after_it(live: int, expect: str) -> None:
    sw = EXAMPLES["F10"]["switches"]
    assert isinstance(sw, dict)
    d = position(sw, {1: "1111s"}, active=1, live=live)
    kong = act(ActionType.CONCEALED_KONG, 1, *held(d, 1, kinds("1s")[0], 4))
    if expect == "legal":
        assert kong in d.legal_actions(1)
        d.apply(kong)
        assert (d.reserve, d.remaining) == (17, live - 2)
    else:
        assert kong not in d.legal_actions(1)
        assert code_of(d, kong) == expect


@pytest.mark.parametrize("on", [True, False])
def test_f13_a_kong_on_the_last_live_tile(on: bool) -> None:
    d = position({"last_tile_kong": on}, {1: "999s"}, active=0, live=1, draws="9s")
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    assert (
        d.active == 1
        and d.remaining == 0
        and d.drawn_tile is not None
        and d.drawn_tile >> 2 == kinds("9s")[0]
    )
    kong = act(ActionType.CONCEALED_KONG, 1, *held(d, 1, kinds("9s")[0], 4))
    if on:
        d.apply(kong)
        r = d.result
        assert d.phase is Phase.ENDED and r is not None and r.exhaustive_draw
        assert sum(abs(x) for x in r.payments) == 0
        assert d.melds[1][-1].tiles == tuple(sorted(kong.tiles))
    else:
        assert code_of(d, kong) == "NO_REPLACEMENT_TILE"


def test_f14_four_winds_is_an_abortive_draw() -> None:
    d = position(
        {"four_winds_abort": True},
        {p: "1z" for p in range(4)},
        active=0,
        draws="5m5p5s",
        fresh=True,
        dealer_streak=1,
    )
    east = kinds("1z")[0]
    for p in range(4):
        assert d.active == p
        discard(d, p, east)
        if p < 3:
            pass_all(d)
    pass_all(d)
    r = d.result
    assert r is not None and r.exhaustive_draw and r.draw_reason == "four_winds"
    assert list(r.payments) == [0, 0, 0, 0]
    # without the switch the fourth wind is an ordinary discard
    d = position({}, {p: "1z" for p in range(4)}, active=0, draws="5m5p5s2m", fresh=True)
    for p in range(4):
        discard(d, p, east)
        pass_all(d)
    assert d.phase is Phase.ACTION and d.active == 0


@pytest.mark.parametrize("on", [True, False])
def test_f15_the_fourth_kong_ends_the_deal(on: bool) -> None:
    melds = {0: [(4, "1111m")], 1: [(2, "2222p")], 2: [(3, "3333s")]}
    d = position({"four_kongs_abort": on}, {3: "4444z"}, active=3, live=20, melds=melds)
    kong = act(ActionType.CONCEALED_KONG, 3, *held(d, 3, kinds("4z")[0], 4))
    d.apply(kong)
    if on:
        r = d.result
        assert r is not None and r.draw_reason == "four_kongs" and list(r.payments) == [0, 0, 0, 0]
        assert d.remaining == 20  # no replacement drawn
    else:
        assert d.phase is Phase.ACTION and d.remaining == 19


def test_f15_a_fourth_kong_needs_no_replacement() -> None:
    """TW §20.5.5 rule 5: at live 0 the fourth kong is still legal and aborts the deal."""
    melds = {0: [(4, "1111m")], 1: [(2, "2222p")], 2: [(3, "3333s")]}
    d = position({"four_kongs_abort": True}, {3: "444z"}, active=2, live=1, draws="4z", melds=melds)
    discard(d, 2, d.hands[2][0] >> 2)
    pass_all(d)
    assert d.active == 3 and d.remaining == 0
    d.apply(act(ActionType.CONCEALED_KONG, 3, *held(d, 3, kinds("4z")[0], 4)))
    assert d.result is not None and d.result.draw_reason == "four_kongs"


@pytest.mark.parametrize(("live", "expect"), [(2, "legal"), (1, "NO_REPLACEMENT_TILE")])
def test_f16_kong_adds_one(live: int, expect: str) -> None:
    d = position({"dead_wall_mode": "kong_adds_one"}, {1: "9999s"}, active=1, live=live)
    kong = act(ActionType.CONCEALED_KONG, 1, *held(d, 1, kinds("9s")[0], 4))
    if expect == "legal":
        d.apply(kong)
        assert (d.reserve, d.remaining, d.phase) == (17, 0, Phase.ACTION)
        draw = [e for e in d.events if e.type == "replacement_draw"][-1]
        assert (draw.data["reserve"], draw.data["live"]) == (17, 0)
    else:
        assert code_of(d, kong) == expect


@pytest.mark.parametrize("mode", ["replacement_wall_16", "replenished_16"])
def test_f17_the_replacement_wall_serves_after_the_live_wall(mode: str) -> None:
    d = position({"dead_wall_mode": mode}, {3: "333s"}, active=2, live=1, draws="3s")
    discard(d, 2, d.hands[2][0] >> 2)
    pass_all(d)
    assert d.active == 3 and d.remaining == 0 and d.reserve == 16
    kong = act(ActionType.CONCEALED_KONG, 3, *held(d, 3, kinds("3s")[0], 4))
    if mode == "replacement_wall_16":
        d.apply(kong)
        assert (d.reserve, d.remaining, d.phase, d.active) == (15, 0, Phase.ACTION, 3)
        assert d.kong_chain
        # every discard now is a last discard; a kong still finds its replacement
        discard(d, 3, d.drawn_tile >> 2 if d.drawn_tile is not None else 0)
        pass_all(d)
        assert d.result is not None and d.result.draw_reason == "last_discard"
    else:
        assert code_of(d, kong) == "NO_REPLACEMENT_TILE"


def test_draw_events_carry_the_wall_only_under_wall_rules() -> None:
    for sw, shown in (({}, False), ({"dead_wall_mode": "kong_adds_one"}, True)):
        d = Deal(deal_wall(5, 0), rules=rules(**sw))
        while d.phase is not Phase.ENDED and d.turn < 6:
            p = d.to_act[0]
            d.apply(d.legal_actions(p)[-1] if d.phase is Phase.ACTION else act(ActionType.PASS, p))
        draws = [e for e in d.events if e.type in ("draw", "replacement_draw")]
        assert draws and all(("live" in e.data) is shown for e in draws)
        if shown:
            assert draws[-1].data["live"] == d.remaining and draws[-1].data["reserve"] == d.reserve


# ------------------------------------------------------------------ properties
SWITCHES = st.fixed_dictionaries(
    {},
    optional={
        "dead_wall_mode": st.sampled_from(
            ["replenished_16", "kong_adds_one", "replacement_wall_16"]
        ),
        "claim_wall_reserve": st.booleans(),
        "last_tile_kong": st.booleans(),
        "four_winds_abort": st.booleans(),
        "four_kongs_abort": st.booleans(),
    },
)


def _check_wall(d: Deal, n_tiles: int) -> None:
    locations = d.tile_locations()
    assert sorted(locations) == list(range(n_tiles))  # tile conservation
    front, tail = d.wall_position
    in_wall = tail + 1 - front
    assert d.remaining == max(0, in_wall - d.reserve)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=SWITCHES, seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(KINDS))
def test_whole_deals_keep_the_wall_arithmetic_and_replay(
    sw: dict[str, object], seed: int, kind: str
) -> None:
    r = rules(**sw)
    d = Deal(deal_wall(seed, 0), rules=r)
    seats = [make_seat(kind, seed=seed + p) for p in range(4)]
    steps = 0
    while d.phase is not Phase.ENDED:
        _check_wall(d, 144)
        p = d.to_act[0]
        legal = d.legal_actions(p)
        assert legal
        if steps % 7 == 0:
            # an action not in the list is refused and changes nothing
            bad = act(ActionType.CONCEALED_KONG, p, *d.hands[p][:4])
            if bad not in legal:
                code_of(d, bad)
        d.apply(seats[p].choose(d.view(p), legal))  # type: ignore[attr-defined]
        steps += 1
    _check_wall(d, 144)
    r_ = d.result
    assert r_ is not None and sum(r_.payments) == 0
    if r_.draw_reason in ("four_winds", "four_kongs"):
        assert list(r_.payments) == [0, 0, 0, 0]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=SWITCHES, seed=st.integers(0, 2**16))
def test_logs_of_matches_replay(sw: dict[str, object], seed: int) -> None:
    r = rules(**sw)
    buf = io.StringIO()
    d = Deal(deal_wall(seed, 0), rules=r)
    run_deal(d, [make_seat("random", seed=seed + p) for p in range(4)])
    write_log(buf, [d])
    buf.seek(0)
    replay(buf)


# ------------------------------------------------------------------ F18 the initial bonus order
def _dealt_wall(hands: dict[int, list[int]], tail: list[int]) -> list[int]:
    """A 144-id wall dealing ``hands`` (ids per seat, dealer East = 0) and replacing from
    ``tail`` (first replacement first); every other id in order elsewhere."""
    positions = {p: [16 * r + 4 * p + i for r in range(4) for i in range(4)] for p in range(4)}
    positions[0].append(64)
    wall: list[int | None] = [None] * 144
    for p, ids in hands.items():
        for pos, t in zip(positions[p], ids):
            wall[pos] = t
    for i, t in enumerate(tail):
        wall[143 - i] = t
    rest = iter(t for t in range(144) if t not in wall)
    return [t if t is not None else next(rest) for t in wall]


@pytest.mark.parametrize("order", ["round_robin", "player_complete"])
def test_f18_round_robin_initial_bonus_replacement(order: str) -> None:
    f = {n: 136 + n - 1 for n in range(1, 9)}  # 1f..8f
    k = {name: 4 * kinds(name)[0] for name in ("1m", "2m", "1p", "2p", "3p")}
    # the other bonus tiles (5f..8f) lie deep in the live wall, ordinary tiles fill the hands
    ordinary = [t for t in range(136) if t not in k.values()]
    east = [f[1], f[2], k["1m"], *ordinary[:14]]
    south = [f[3], k["2m"], *ordinary[14:28]]
    west, north = ordinary[28:44], ordinary[44:60]
    wall = _dealt_wall({0: east, 1: south, 2: west, 3: north}, [f[4], k["1p"], k["2p"], k["3p"]])
    d = Deal(wall, dealer=0, rules=rules(initial_bonus_order=order))
    got = [(e.player, e.data["tile"]) for e in d.events if e.type in ("bonus", "replacement_draw")]
    if order == "round_robin":
        # East: 1f→4f, 2f→1p; South: 3f→2p; round 2: East: 4f→3p
        want = [
            (0, f[1]),
            (0, f[4]),
            (0, f[2]),
            (0, k["1p"]),
            (1, f[3]),
            (1, k["2p"]),
            (0, f[4]),
            (0, k["3p"]),
        ]
        assert got == want
        assert {k["1m"], k["1p"], k["3p"]} <= set(d.hands[0]) and {k["2m"], k["2p"]} <= set(
            d.hands[1]
        )
    else:
        # HK §4.4: East completes (1f→4f, 2f→1p, 4f→2p), then South (3f→3p)
        assert {k["1p"], k["2p"]} <= set(d.hands[0]) and k["3p"] in d.hands[1]
    assert sorted(d.bonus[0]) == [f[1], f[2], f[4]] and d.bonus[1] == [f[3]]
    assert d.phase is Phase.ACTION and d.active == 0 and len(d.hands[0]) == 17


# ------------------------------------------------------------------ the automatic bonus-tile wins
@pytest.mark.parametrize("mode", ["forced_standalone", "additive"])
def test_additive_has_no_all_eight_win(mode: str) -> None:
    """TW §20.5.8 rule 2: under ``additive`` exposing the eighth bonus tile is no win; the seat
    takes its replacement and plays on (the element is scored in an ordinary win)."""
    d = position(
        {"eight_bonus_mode": mode}, {}, active=0, live=30, draws="8f", bonus_areas={1: "1234567"}
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    assert 143 in d.bonus[1]
    if mode == "additive":
        assert d.phase is Phase.ACTION and d.active == 1 and d.remaining == 28
    else:
        r = d.result
        assert r is not None and r.win_kind == "bonus_all_eight" and r.winner == 1


@pytest.mark.parametrize("rob", ["automatic", "off"])
def test_seven_rob_off_has_no_rob_win(rob: str) -> None:
    d = position(
        {"seven_bonus_rob": rob}, {}, active=0, live=30, draws="8f", bonus_areas={3: "1234567"}
    )
    discard(d, 0, d.hands[0][0] >> 2)
    pass_all(d)
    if rob == "off":
        assert d.phase is Phase.ACTION and d.active == 1 and d.bonus[1] == [143]
    else:
        r = d.result
        assert r is not None and r.win_kind == "bonus_rob_eighth" and r.winner == 3


# ------------------------------------------------------------------ the command line
def test_play_and_replay_under_the_wall_rules(tmp_path: Path) -> None:
    """``play --rule`` plays the wall rules and ``replay`` checks the log (the draw events
    carry ``reserve`` and ``live``)."""
    from _cli_helpers import run

    autopilot = "last\n\n" * 400  # as tests/cli/test_cli.py: take the last tile, accept

    log = tmp_path / "game.jsonl"
    args = [
        "--rules",
        "taiwanese-high",
        "--rule",
        "dead_wall_mode=kong_adds_one",
        "--rule",
        "claim_wall_reserve=true",
    ]
    proc = run(
        "play", "--ascii", "--no-confirm", "--seed", "3", "--log", str(log), *args, input=autopilot
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = [json.loads(x) for x in log.read_text().splitlines() if x.strip()]
    draws = [x for x in lines if x.get("e") in ("draw", "replacement_draw")]
    assert draws and all("live" in x and "reserve" in x for x in draws)
    rep = run("replay", str(log), "--ascii")
    assert rep.returncode == 0, rep.stderr
    assert "Replay OK" in rep.stdout
    bad = run("play", "--ascii", "--rules", "taiwanese-high", "--rule", "dead_wall_mode=fixed")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_f17_a_win_on_the_replacement_wall_is_a_last_tile_and_loose_tile_win() -> None:
    """F17: after the live wall is empty, North's concealed kong takes its replacement from the
    replacement wall; a self-drawn win on it has both situations (and TW §10a accepts it)."""
    sw = {"dead_wall_mode": "replacement_wall_16", "min_tai": 1}
    d = position(sw, {3: "333s 123m 456m 789m 11z 22z"}, active=2, live=1, draws="3s", tail="2z")
    discard(d, 2, d.hands[2][0] >> 2)
    pass_all(d)
    d.apply(act(ActionType.CONCEALED_KONG, 3, *held(d, 3, kinds("3s")[0], 4)))
    assert (d.reserve, d.remaining, d.active) == (15, 0, 3)
    win = act(ActionType.SELF_DRAWN_WIN, 3)
    assert win in d.legal_actions(3)
    d.apply(win)
    r = d.result
    assert r is not None and r.winner == 3 and r.win_kind == "self_drawn"
    flags = r.wins[0].flags
    assert flags.get("kong_replacement") and flags.get("last_wall_tile"), flags


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sw=SWITCHES, seed=st.integers(0, 2**16), kinds_=st.permutations(KINDS[1:]))
def test_matches_with_every_seat_kind_replay(
    sw: dict[str, object], seed: int, kinds_: list[str]
) -> None:
    """Whole matches (an East round, at most 6 deals) of built-in seats under random wall
    switches: zero-sum deals, an abortive draw settles nothing, and the log replays."""
    from mahjong_fast.game.match import play_match

    seats = [make_seat(k, seed=seed + p) for p, k in enumerate(["random", *kinds_[:3]])]
    buf = io.StringIO()
    m = play_match(seats, seed=seed, rules=rules(max_deals=6, **sw), log=buf)
    assert m.deals >= 1 and sum(m.scores) == 0
    for r in m.results:
        assert sum(r.payments) == 0
        if r.draw_reason in ("four_winds", "four_kongs"):
            assert list(r.payments) == [0, 0, 0, 0]
    buf.seek(0)
    assert len(replay(buf)) == m.deals
