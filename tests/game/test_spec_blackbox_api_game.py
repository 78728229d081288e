"""Black-box attacks on mahjong_fast against its specification (breaker, 2026-11-30).

Written from ``shared/rules/hong-kong.md`` (§ numbers cited in every assertion) and the
README's promises (API, errors, CLI, reproducibility) without reading the implementation.
A test marked ``xfail(strict=True)`` is a failure found on the code of this branch: it must
pass once the bug is fixed (then remove the mark). Unmarked tests are checks that held and
add coverage the older suites do not have.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, InvalidHandError, MahjongError
from mahjong_fast.game import Action, ActionType, Deal, Phase

sys.path.insert(0, str(Path(__file__).parent.parent))
from _game_helpers import discard, pass_all

A = ActionType
R = mf.Ruleset
CLI = [sys.executable, "-m", "mahjong_fast.cli"]


def _fresh_deal() -> Deal:
    return Deal(_core.wall(1, 0))


def _state(d: Deal) -> tuple[Any, ...]:
    return (d.phase, d.to_act, d.remaining, [sorted(h) for h in d.hands], len(d.events), d.scores)


def _e31(rules: Any = None, scores: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Deal:
    """South (P1) to discard 1z; West (P2) holds E30/E31's ``123m456p789s234s1z``."""
    return Deal.from_hands(
        [
            "112233m445566p7s",
            "19m19p19s2344567z1z",
            "123m456p789s234s1z",
            "11s22s33s66s77s88s9s",
        ],
        active=1,
        discards=["7z", "", "", ""],
        rules=rules,
        scores=scores,
    )


# ------------------------------------------------------------------------------------------
# §14 / input handling: a seat number out of range
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [4, 5, 7])
def test_view_of_a_player_out_of_range_is_an_error_not_another_seats_hand(player: int) -> None:
    d = _fresh_deal()
    hands = [sorted(h) for h in d.hands]
    try:
        v = d.view(player)
    except ValueError:
        return
    leaked = [p for p in range(4) if sorted(v.hand) == hands[p]]
    pytest.fail(
        f"§14 (private concealed tiles) / README errors: view({player}) returned a SeatView "
        f"instead of raising a MahjongError (player out of range); its hand is P{leaked}'s"
    )


def test_view_of_a_negative_player_is_a_mahjong_error() -> None:
    d = _fresh_deal()
    with pytest.raises(MahjongError):
        d.view(-1)  # README: a player out of range is a MahjongError, never an OverflowError


@pytest.mark.parametrize("player", [4, -1, 100])
def test_legal_actions_of_a_player_out_of_range_raises(player: int) -> None:
    d = _fresh_deal()
    with pytest.raises(ValueError):
        got = d.legal_actions(player)
        print("legal_actions returned", got)


@pytest.mark.parametrize("player", [True, "0", 0.0])
def test_legal_actions_with_a_wrong_type_is_a_type_error(player: Any) -> None:
    d = _fresh_deal()
    with pytest.raises(TypeError, match="player"):
        d.legal_actions(player)


# ------------------------------------------------------------------------------------------
# Deal construction: types and ranges (README "Errors: one convention everywhere")
# ------------------------------------------------------------------------------------------


def test_deal_dealer_bool_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="dealer"):
        Deal(_core.wall(1, 0), dealer=True)  # README: players are int, never bool


def test_deal_dealer_float_type_error_names_the_argument() -> None:
    with pytest.raises(TypeError, match="dealer"):
        Deal(_core.wall(1, 0), dealer=1.0)


@pytest.mark.parametrize(
    "kw", [{"deal_index": -1}, {"scores": (2**64, 0, 0, 0)}, {"deal_index": 2**64}]
)
def test_deal_out_of_range_integers_are_value_errors_not_overflow(kw: dict[str, Any]) -> None:
    # README: "An integer too large for any range is an out-of-range value like any other,
    # never an OverflowError".
    try:
        Deal(_core.wall(1, 0), **kw)
    except OverflowError as e:
        pytest.fail(f"Deal({kw}) raised OverflowError ({e}); README promises a MahjongError")
    except ValueError:
        pass


@pytest.mark.parametrize("scores", [(0, -(2**63) + 5, 0, 0), (0, 0, 2**63 - 5, 0)])
def test_scores_never_wrap_around(scores: tuple[int, int, int, int]) -> None:
    # §1.1: all counts and scores are integers, no rounding; §11.5 scores = start + payments.
    # A start near the i64 limit must be refused or paid exactly, never wrapped.
    try:
        d = _e31(R.hong_kong(min_faan=1), scores=scores)
    except ValueError:
        return
    discard(d, 1, "1z")
    d.apply(Action(A.WIN, 2, ()))
    assert d.result is not None
    want = [scores[0], scores[1] - 12, scores[2] + 12, scores[3]]
    assert list(d.result.scores) == want, (
        f"§11.5 scores: start {scores} + payments (-12 for South, +12 for West) should be "
        f"{want}, got {list(d.result.scores)}"
    )


# ------------------------------------------------------------------------------------------
# apply(): wrong types
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["discard", None, 3])
def test_apply_of_a_non_action_is_a_type_error(bad: Any) -> None:
    d = _fresh_deal()
    before = _state(d)
    with pytest.raises(TypeError, match="action"):
        d.apply(bad)
    assert _state(d) == before


def test_action_with_bool_player_or_tile_is_a_type_error() -> None:
    d = _fresh_deal()
    p = d.to_act[0]
    t = d.hands[p][0]
    before = _state(d)
    # README: "kinds and players as int ...; never bool or float". True must not be P1.
    with pytest.raises(TypeError):
        d.apply(Action(A.DISCARD, True, (t,)))
    with pytest.raises(TypeError):
        d.apply(Action(A.DISCARD, p, (True,)))
    assert _state(d) == before


@pytest.mark.parametrize("tile", ["1m", 5.0])
def test_action_tile_of_wrong_type_is_a_type_error(tile: Any) -> None:
    d = _fresh_deal()
    p = d.to_act[0]
    before = _state(d)
    with pytest.raises(TypeError):
        d.apply(Action(A.DISCARD, p, (tile,)))
    assert _state(d) == before


# ------------------------------------------------------------------------------------------
# §18 switches in the game and the scorer (checks that held)
# ------------------------------------------------------------------------------------------


def test_e31_claim_is_auto_passed_by_default_and_legal_with_min_faan_1() -> None:
    d = _e31()
    discard(d, 1, "1z")
    # §10.5 / E31: 2 faan on a discard is no legal claim; West is not asked, and draws.
    assert d.phase is Phase.ACTION and d.to_act == (2,)
    d = _e31(R.hong_kong(min_faan=1))
    discard(d, 1, "1z")
    assert d.phase is Phase.RESPONSE and 2 in d.to_act  # §18 V5
    d.apply(Action(A.WIN, 2, ()))
    if d.phase is not Phase.ENDED:
        pass_all(d)
    assert d.result is not None and d.result.winner == 2
    assert list(d.result.scores) == [0, -12, 12, 0]  # M(2) = 4, the discarder pays 3 M


@pytest.mark.parametrize(
    "switches,scores",
    [
        ({"min_faan": 1, "responsibility": "half"}, [-2, -4, 8, -2]),  # §18 half: 1 M + ½ M each
        ({"min_faan": 1, "responsibility": "full", "unit": 10**6}, [0, -8 * 10**6, 8 * 10**6, 0]),
        ({"min_faan": 1, "spiciness": "half"}, [0, -12, 12, 0]),  # M(2) = 4 in both tables
    ],
)
def test_game_payments_follow_the_switches(switches: dict[str, Any], scores: list[int]) -> None:
    d = _e31(R.hong_kong(**switches))
    discard(d, 1, "1z")
    d.apply(Action(A.WIN, 2, ()))
    if d.phase is not Phase.ENDED:
        pass_all(d)
    assert d.result is not None
    assert list(d.result.scores) == scores, f"§18 {switches}"


def test_zero_faan_win_under_min_faan_0() -> None:
    # §18: min_faan 0 makes a 0-faan hand a win; M(0) = 1.
    hand = "456m789p222s5s [123m] 3f"
    r = mf.score(hand, "5s", seat_wind="S", discarder="E", rules=R.hong_kong(min_faan=0))
    assert (r.is_win, r.faan, r.elements, r.payments) == (
        True,
        0,
        (),
        {"E": -3, "S": 3, "W": 0, "N": 0},
    )
    rh = R.hong_kong(min_faan=0, responsibility="half", unit=2)
    r = mf.score(hand, "5s", seat_wind="S", discarder="E", rules=rh)
    assert r.payments == {"E": -2, "S": 4, "W": -1, "N": -1}
    with pytest.raises(mf.RuleConfigError, match="responsibility"):
        R.hong_kong(min_faan=0, responsibility="half", spiciness="half", unit=1)


def test_big_unit_pays_exactly() -> None:
    # §18 unit up to 10**6 with a limit hand: 24576 * 10**6 does not fit in 32 bits.
    r = mf.score(
        "234m99m666z77z [555z]",
        "7z",
        seat_wind="S",
        discarder="E",
        rules=R.hong_kong(unit=10**6),
    )
    assert r.payments == {"E": -24576 * 10**6, "S": 24576 * 10**6, "W": 0, "N": 0}


def test_max_faan_3_limit_hand_is_worth_3() -> None:
    r = mf.score(
        "234m99m666z77z [555z]", "7z", seat_wind="S", discarder="E", rules=R.hong_kong(max_faan=3)
    )
    assert (r.faan, r.raw_faan, [e.code for e in r.elements], r.payments["E"]) == (
        3,
        3,
        ["L4"],
        -24,
    )


@pytest.mark.parametrize(
    "kw",
    [
        {"seat_wind": "S"},  # §3: the dealer is East
        {"seat_wind": "E", "kong_replacement": True},
        {"seat_wind": "E", "last_tile": True},
        {"seat_wind": "E", "robbing_kong": True},
    ],
)
def test_dealer_start_impossible_situations(kw: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError):
        mf.score("123m456m789m22m666z", None, dealer_start=True, **kw)


def test_robbing_a_kong_cannot_be_the_last_discard() -> None:
    # §7.3 / §7.5: an added kong needs remaining >= 1, so F13 and F15 cannot combine.
    with pytest.raises(InvalidHandError):
        mf.score(
            "234m567m789s67p99s",
            "8p",
            seat_wind="W",
            discarder="S",
            robbing_kong=True,
            last_tile=True,
        )


def test_partial_hands_and_declared_copies() -> None:
    # §14a: the fourth 1p is in the declared pung, so the single 1p waits on nothing.
    assert mf.waits("1p [111p] [123m] [456m] [789m]") == []
    assert mf.shanten("1p [111p] [123m] [456m] [789m]") == 1
    assert mf.shanten("1111z") == 1 and mf.waits("1111z") == []
    assert mf.decompose("1111m3344p5566s77z") == []  # §9.2: four of a kind is not two pairs


# ------------------------------------------------------------------------------------------
# Batch API: memory layout
# ------------------------------------------------------------------------------------------

_NP = pytest.importorskip("numpy")
_ROW_A = [int(x) for x in "0100100011100021000000010010211000"]  # 14 tiles
_ROW_B = [int(x) for x in "0001120100100000001200011100010010"]


def test_shanten_batch_of_a_fortran_ordered_array_is_read_by_rows() -> None:
    np = _NP
    rows = np.array([_ROW_A, _ROW_B], dtype=np.uint8)
    want = [mf.shanten_batch(rows[i : i + 1])[0] for i in range(2)]
    got = mf.shanten_batch(np.asfortranarray(rows)).tolist()
    # README batch API: rows of uint8[N, 34]; §14a shanten of each row. The same values in
    # Fortran order are the same rows (numpy semantics), so the answers must not change.
    assert got == want, f"§14a shanten of Fortran-ordered rows: want {want}, got {got}"


def test_batch_forms_accept_a_fortran_ordered_array_of_valid_rows() -> None:
    np = _NP
    nine_gates = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25
    rows = np.asfortranarray(np.array([nine_gates] * 3, dtype=np.uint8))
    assert mf.shanten_batch(rows).tolist() == [0, 0, 0]
    assert mf.waits_batch(rows).sum(axis=1).tolist() == [9, 9, 9]
    n = rows.shape[0]
    faan, win = mf.score_batch(
        rows, np.full(n, 4, np.uint8), np.ones(n, np.uint8), np.ones(n, np.bool_)
    )
    assert faan.tolist() == [13, 13, 13] and win.all()  # L7 nine gates


# ------------------------------------------------------------------------------------------
# Ruleset value: types and ranges
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda r: r.payments(3, True, True),  # winner
        lambda r: r.payments(3, 0, False, True),  # discarder
        lambda r: r.payments(True, 0, True),  # faan
        lambda r: r.base(True),
    ],
)
def test_ruleset_payments_and_base_refuse_bool(call: Any) -> None:
    # README: players and counts are int, never bool; _core.payments already refuses bool.
    with pytest.raises(TypeError):
        print("returned", call(R.hong_kong()))


@pytest.mark.parametrize("value", [-1, 2**70])
def test_ruleset_base_out_of_range_is_a_mahjong_error(value: int) -> None:
    # README: "An integer too large for any range is an out-of-range value like any other,
    # never an OverflowError".
    with pytest.raises(MahjongError):
        R.hong_kong().base(value)


def test_ruleset_base_above_max_faan_is_refused_like_payments() -> None:
    r = R.hong_kong(max_faan=10)
    with pytest.raises(MahjongError):
        r.payments(11, 0, True)  # held: payments refuses a value above max_faan
    with pytest.raises(MahjongError):
        print("base(11) =", r.base(11))  # §18: no total exceeds max_faan; base must agree


def test_simulate_float_count_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="deals"):
        mf.simulate(2.0)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# §7.3 / §11.3 / §17.9: robbing the kong with two possible robbers (held)
# ------------------------------------------------------------------------------------------


def _rob_deal(rules: Any = None) -> Deal:
    from _game_helpers import tid

    d = Deal.from_hands(
        ["1122334455p666z", "8p1123456s113z", "234m567m789s67p99s", "123m456m789m55z79p"],
        active=1,
        melds=["", "[888p]", "", ""],
        rules=rules,
    )
    d.apply(Action(A.ADDED_KONG, 1, (tid(d, 1, "8p"),)))
    assert d.phase is Phase.ROB and set(d.to_act) == {2, 3}
    return d


@pytest.mark.parametrize(
    "claims,winner,faan",
    [((2, 3), 2, 4), ((3, 2), 2, 4), ((3,), 3, 3)],
)
def test_robbing_head_bump(claims: tuple[int, ...], winner: int, faan: int) -> None:
    d = _rob_deal()
    before = _state(d)
    for bad in (Action(A.PUNG, 2, ()), Action(A.PASS, 1, ()), Action(A.SELF_DRAWN_WIN, 2, ())):
        with pytest.raises(IllegalActionError):
            d.apply(bad)  # §13: only pass/win in ROB, by the three others
    assert _state(d) == before
    for p in claims:
        d.apply(Action(A.WIN, p, ()))
    if d.phase is not Phase.ENDED:
        pass_all(d)
    r = d.result
    assert r is not None and (r.winner, r.win_kind, r.discarder, r.faan) == (
        winner,
        "robbing_kong",
        1,
        faan,
    ), "§11.3 / §17.9: the first robber in turn order after the declarer wins"
    assert "F13" in [e[0] for e in r.elements]
    assert r.payments[1] == -3 * 2**faan and r.payments[winner] == 3 * 2**faan


def test_robbing_pays_as_a_discard_under_half_responsibility() -> None:
    d = _rob_deal(R.hong_kong(responsibility="half"))
    d.apply(Action(A.WIN, 2, ()))
    pass_all(d)
    assert d.result is not None
    assert list(d.result.payments) == [-8, -16, 32, -8]  # §18 half: M=16; 1 M + ½ M each


# ------------------------------------------------------------------------------------------
# Game results re-scored by the scorer, under switches (held)
# ------------------------------------------------------------------------------------------

_SUITS = "mpsz"
_MK = {0: "chow", 1: "pung", 2: "kong", 3: "addkong", 4: "ckong"}


def _code(k: int) -> str:
    return f"{k % 9 + 1}{_SUITS[k // 9]}" if k < 27 else f"{k - 26}z"


@pytest.mark.parametrize(
    "rules",
    [
        R.hong_kong(),
        R.hong_kong(
            min_faan=1,
            max_faan=9,
            spiciness="half",
            responsibility="half",
            unit=3,
            rotate_dealer=True,
        ),
    ],
)
def test_every_game_win_is_the_scorers_score_of_that_hand(rules: Any, tmp_path: Path) -> None:
    from mahjong_fast.game import play_match
    from mahjong_fast.game.log import replay
    from mahjong_fast.seats import make_seat

    log = tmp_path / "m.jsonl"
    n = 24
    m = play_match(
        [make_seat("greedy", seed=i) for i in range(4)], seed=5, deals=n, rules=rules, log=log
    )
    prev = [0, 0, 0, 0]
    wins = 0
    for i, r in enumerate(m.results):
        assert r.dealer == (i % 4 if rules.switches["rotate_dealer"] else 0), "§12 dealer rotation"
        assert sum(r.payments) == 0 and [a + b for a, b in zip(prev, r.payments)] == list(
            r.scores
        ), "§11.5"
        prev = list(r.scores)
        if r.winner is None:
            assert not any(r.payments), "§11.4"
            continue
        wins += 1
        w = r.winner
        kinds = sorted(t // 4 for t in r.final_hands[w])
        if r.win_tile is not None:
            kinds.remove(r.win_tile // 4)
        melds = " ".join(
            f"{_MK[mm[0]]}[{''.join(_code(t // 4)[0] for t in sorted(mm[1:]))}"
            f"{_code(mm[1] // 4)[1]}]"
            for mm in r.final_melds[w]
        )
        bonus = " ".join(f"{t - 135}f" for t in r.bonus[w])
        kw: dict[str, Any] = {
            "self_drawn": r.win_kind == "self_drawn",
            "seat_wind": "ESWN"[(w - r.dealer) % 4],
            "rules": rules,
        }
        if r.discarder is not None:
            kw["discarder"] = "ESWN"[(r.discarder - r.dealer) % 4]
        fl = dict(r.flags)
        for k in ("kong_replacement", "robbing_kong", "dealer_start"):
            if fl.get(k):
                kw[k] = True
        if fl.get("last_wall_tile") or fl.get("last_discard"):
            kw["last_tile"] = True
        hand = " ".join(x for x in ("".join(_code(k) for k in kinds), melds, bonus) if x)
        s = mf.score(hand, None if r.win_tile is None else _code(r.win_tile // 4), **kw)
        pay = [s.payments.get("ESWN"[(p - r.dealer) % 4], 0) for p in range(4)]
        assert (s.faan, [tuple(e) for e in s.elements], pay) == (
            r.faan,
            [tuple(e) for e in r.elements],
            list(r.payments),
        ), f"deal {i}: the game's score of {hand} + win differs from mf.score ({kw})"
    assert wins > 0
    assert [(a.winner, a.scores) for a in replay(log)] == [(b.winner, b.scores) for b in m.results]


# ------------------------------------------------------------------------------------------
# Replay of a log with an out-of-range number in its header
# ------------------------------------------------------------------------------------------


def _one_deal_log(tmp_path: Path) -> list[str]:
    from mahjong_fast.game import play_match
    from mahjong_fast.seats import make_seat

    log = tmp_path / "one.jsonl"
    play_match([make_seat("random", seed=i) for i in range(4)], seed=3, deals=1, log=log)
    return log.read_text().splitlines()


@pytest.mark.parametrize("field,value", [("scores", [2**70, 0, 0, 0]), ("deal_index", 2**70)])
def test_replay_of_a_header_with_a_huge_number_is_a_replay_error(
    tmp_path: Path, field: str, value: Any
) -> None:
    from mahjong_fast.errors import ReplayError
    from mahjong_fast.game.log import replay

    lines = _one_deal_log(tmp_path)
    head = json.loads(lines[0])
    assert head["type"] == "header"
    head[field] = value
    text = "\n".join([json.dumps(head)] + lines[1:]) + "\n"
    with pytest.raises(ReplayError):  # README: ReplayError for a bad log
        replay(text)


def test_cli_replay_of_a_header_with_a_huge_number_is_a_user_error(tmp_path: Path) -> None:
    lines = _one_deal_log(tmp_path)
    head = json.loads(lines[0])
    head["scores"] = [2**70, 0, 0, 0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    p = subprocess.run(
        [*CLI, "replay", str(bad)], check=False, capture_output=True, text=True, timeout=120
    )
    # README CLI: "A mistake prints one line and exits with status 2" (a corrupt log is the
    # user's mistake, as every other corrupt log is reported).
    assert (p.returncode, len(p.stderr.strip().splitlines())) == (2, 1), (p.returncode, p.stderr)
    assert "internal error" not in p.stderr and "Traceback" not in p.stderr, p.stderr


def test_replay_rejects_a_header_whose_switches_change_the_payments(tmp_path: Path) -> None:
    from mahjong_fast.errors import ReplayError
    from mahjong_fast.game import play_match
    from mahjong_fast.game.log import replay
    from mahjong_fast.seats import make_seat

    log = tmp_path / "m.jsonl"
    m = play_match([make_seat("greedy", seed=i) for i in range(4)], seed=5, deals=8, log=log)
    k = next(j for j, r in enumerate(m.results) if r.winner is not None)
    lines = log.read_text().splitlines()
    heads = [i for i, line in enumerate(lines) if json.loads(line).get("type") == "header"]
    start, end = heads[k], (heads[k + 1] if k + 1 < len(heads) else len(lines))
    head = json.loads(lines[start])
    head["ruleset"]["switches"]["unit"] = 5  # §18: the header's switches are the deal's rules
    text = "\n".join([json.dumps(head)] + lines[start + 1 : end]) + "\n"
    with pytest.raises(ReplayError):
        replay(text)


# ------------------------------------------------------------------------------------------
# Deal.from_hands: argument checks
# ------------------------------------------------------------------------------------------

_FH = ["123m456m789m11z22z4p", "23p56p44p111s999s7z", "444s555s666s777s8s", "1199m2233z5566z7z"]


@pytest.mark.parametrize("seed", [-1, 2**70])
def test_from_hands_seed_out_of_range_is_not_an_overflow_error(seed: int) -> None:
    try:
        Deal.from_hands(_FH, seed=seed)
    except OverflowError as e:
        pytest.fail(f"from_hands(seed={seed}) raised OverflowError ({e}); README: never that")
    except ValueError:
        pass


def test_from_hands_active_out_of_range_names_active() -> None:
    with pytest.raises(ValueError, match="active"):
        Deal.from_hands(_FH, active=4)


def test_from_hands_active_bool_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="active"):
        Deal.from_hands(_FH, active=True)


@pytest.mark.parametrize("kw", [{"discards": ["", "", "", "2z"]}, {"wall": "2z"}, {"tail": "2z"}])
def test_from_hands_fifth_copy_anywhere_is_refused(kw: dict[str, Any]) -> None:
    with pytest.raises(InvalidHandError, match="fifth"):
        Deal.from_hands(_FH, **kw)


# ------------------------------------------------------------------------------------------
# §14a waits / shanten against an independent brute force, with declared sets and kongs
# ------------------------------------------------------------------------------------------

_K = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
_ORPH = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def _sets(c: list[int], need: int, pair: bool) -> bool:
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return need == 0 and pair
    ok = False
    if c[i] >= 3 and need:
        c[i] -= 3
        ok = _sets(c, need - 1, pair)
        c[i] += 3
    if not ok and c[i] >= 2 and not pair:
        c[i] -= 2
        ok = _sets(c, need, True)
        c[i] += 2
    if not ok and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2] and need:
        for j in (i, i + 1, i + 2):
            c[j] -= 1
        ok = _sets(c, need - 1, pair)
        for j in (i, i + 1, i + 2):
            c[j] += 1
    return ok


def _complete(c: list[int], n_melds: int) -> bool:
    if _sets(list(c), 4 - n_melds, False):
        return True
    if n_melds == 0 and sum(c) == 14:
        if sorted(x for x in c if x) == [2] * 7:  # §9.2 seven different kinds
            return True
        if all(c[k] for k in _ORPH) and sum(c[k] for k in _ORPH) == 14:  # §9.3
            return True
    return False


def test_waits_and_ready_against_brute_force_with_declared_sets() -> None:
    import random

    rng = random.Random(7)
    checked = 0
    for _ in range(1500):
        avail = [4] * 34
        tags: list[str] = []
        for _ in range(rng.choice([0, 0, 1, 2, 3, 4])):
            typ = rng.choice(["chow", "pung", "kong", "ckong", "addkong"])
            for _ in range(50):
                k = rng.randrange(34)
                if typ == "chow":
                    if k >= 27 or k % 9 > 6 or min(avail[k : k + 3]) < 1:
                        continue
                    for j in (k, k + 1, k + 2):
                        avail[j] -= 1
                    tags.append(f"chow[{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{'mps'[k // 9]}]")
                    break
                n = 3 if typ == "pung" else 4
                if avail[k] < n:
                    continue
                avail[k] -= n
                tags.append(f"{typ}[{_K[k][0] * n}{_K[k][1]}]")
                break
        n_melds = len(tags)
        c = [0] * 34
        kinds = list(range(34)) if rng.random() < 0.3 else list(range(9)) + [27, 28, 29]
        while sum(c) < 13 - 3 * n_melds:
            k = rng.choice(kinds)
            if c[k] < avail[k]:
                c[k] += 1
        hand = " ".join(["".join(_K[k] * c[k] for k in range(34))] + tags)
        held = [4 - avail[k] + c[k] for k in range(34)]
        want = [
            _K[k]
            for k in range(34)
            if held[k] < 4 and _complete([c[j] + (j == k) for j in range(34)], n_melds)
        ]
        got = [str(t) for t in mf.waits(hand)]
        assert got == want, f"§14a waits of {hand}: want {want}, got {got}"
        assert (mf.shanten(hand) == 0) == bool(want), f"§14a shanten 0 iff waits: {hand}"
        checked += 1
    assert checked == 1500


def test_live_view_of_a_player_out_of_range_is_an_error() -> None:
    d = _fresh_deal()
    with pytest.raises(ValueError):
        v = d.live_view(6)
        # §14: each seat sees only its own concealed tiles; seat 6 does not exist.
        print("live_view(6).hand =", sorted(v.hand), "P3 holds", sorted(d.hands[3]))


# ------------------------------------------------------------------------------------------
# play_match: arguments (simulate() already checks the same ones)
# ------------------------------------------------------------------------------------------


def _random_seats() -> list[Any]:
    from mahjong_fast.seats import make_seat

    return [make_seat("random", seed=i) for i in range(4)]


@pytest.mark.parametrize("kw", [{"seed": -1}, {"seed": 2**64}, {"start_deal": -1}])
def test_play_match_out_of_range_is_a_value_error_like_simulate(kw: dict[str, Any]) -> None:
    from mahjong_fast.game import play_match

    with pytest.raises(ValueError):  # simulate(seed=-1) is a ValueError naming the seed
        try:
            play_match(_random_seats(), **kw)
        except OverflowError as e:
            pytest.fail(f"play_match({kw}) raised OverflowError ({e}); README: never that")


def test_play_match_negative_deals_is_refused() -> None:
    from mahjong_fast.game import play_match

    with pytest.raises(ValueError):  # §12: a match is the N >= 1 deals the user asked for
        m = play_match(_random_seats(), deals=-1)
        print("played", m.deals, "deals")


def test_play_match_bool_seed_is_a_type_error() -> None:
    from mahjong_fast.game import play_match

    with pytest.raises(TypeError, match="seed"):
        play_match(_random_seats(), seed=True)


# ------------------------------------------------------------------------------------------
# §13 fuzz and §14 counts over seeded deals (held)
# ------------------------------------------------------------------------------------------


def _full_state(d: Deal) -> tuple[Any, ...]:
    return (*_state(d), [[str(m) for m in ms] for ms in d.melds], d.bonus)


def test_random_illegal_actions_are_rejected_and_change_nothing() -> None:
    import random

    types = list(ActionType)
    tried = 0
    for seed in range(12):
        d = Deal(_core.wall(seed, 0), auto_pass=seed % 2 == 0)
        rng = random.Random(seed)
        while d.phase is not Phase.ENDED:
            for _ in range(4):
                p = rng.randrange(4)
                pool = list(d.hands[p]) + [rng.randrange(144) for _ in range(3)]
                tiles = tuple(rng.sample(pool, rng.choice([0, 1, 1, 2, 2, 3, 4])))
                act = Action(rng.choice(types), p, tiles)
                if d.is_legal(act):
                    continue
                before = _full_state(d)
                with pytest.raises(IllegalActionError):
                    d.apply(act)  # §13: rejected with a code
                assert _full_state(d) == before, f"§13: {act} changed the state"
                tried += 1
            d.apply(rng.choice(d.legal_actions(d.to_act[0])))
    assert tried > 1000


def test_unseen_counts_are_four_minus_what_the_seat_may_see() -> None:
    import random

    for seed in range(6):
        d = Deal(_core.wall(seed, 0))
        rng = random.Random(seed)
        while d.phase is not Phase.ENDED:
            for p in range(4):
                sv = d.view(p)
                seen = [0] * 34
                for t in sv.hand:
                    seen[t // 4] += 1
                for q in range(4):
                    for m in sv.melds[q]:
                        for t in m.tiles:
                            seen[t // 4] += 1
                    for t in sv.discards[q]:
                        seen[t // 4] += 1
                want = [4 - x for x in seen]  # §14: own tiles + public sets and discards
                assert sv.unseen_counts() == want
                assert d.live_view(p).unseen_counts() == want
            d.apply(rng.choice(d.legal_actions(d.to_act[0])))
