"""The ruleset value and its HK §18 switches, everywhere it reaches: V1-V7 of the examples file,
checks of every switch, pickling/JSON, the batch functions, Deal, play_match, logs and replay,
simulate's record files and the CLI."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import numpy as np
import pytest
from _cli_helpers import assert_one_line_error, run
from _game_helpers import A, make_wall
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, InvalidHandError, ReplayError, RuleConfigError
from mahjong_fast.game import Action, Deal, play_match, replay
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.rules import (
    DEFAULT_RULES,
    Ruleset,
    parse_switch,
    resolve_rules,
    ruleset_from_options,
)
from mahjong_fast.seats import make_seat
from mahjong_fast.sim import read_records, read_rules
from mahjong_fast.tiles import as_hand, bonus_kinds

DATA = Path(__file__).parent.parent / "data" / "hong-kong-examples.json"
V = {
    ex["id"]: ex for ex in json.loads(DATA.read_text(encoding="utf-8")) if ex["id"].startswith("V")
}
WINDS = "ESWN"

# --------------------------------------------------------------------------- V1-V7


def score_entry(ex: dict[str, Any], rules: Ruleset, before: str | None = None) -> Any:
    """Score an examples-file entry under ``rules`` through the core's ``rules=``."""
    a = ex["args"]
    h = as_hand(" ".join([before or a["before"], *a.get("declared", [])]))
    mask = sum(1 << (k - 34) for k in bonus_kinds(a.get("bonus", "")))
    win = a.get("win_tile")
    return _core.score(
        list(h.counts),
        h.core_melds,
        mask,
        None if win is None else mf.Tile(win).kind,
        WINDS.index(a["seat"]),
        0,
        self_drawn=a.get("self_drawn", False),
        robbing_kong=a.get("robbing_kong", False),
        kong_replacement=a.get("kong_replacement", False),
        # one spelling of the last-tile situation (F14 self-drawn, F15 on a discard)
        last_tile=a.get("last_discard", False) or a.get("last_wall_tile", False),
        dealer_start=a.get("dealer_start", False),
        rules=rules,
    )


def check_entry(ex: dict[str, Any], before: str | None = None) -> None:
    rules = Ruleset.hong_kong(**ex.get("switches", {}))
    r = score_entry(ex, rules, before)
    assert r.is_win is ex.get("legal", True) and r.reason is None
    assert r.faan == ex["faan"]
    assert r.raw_faan == ex.get("raw", ex["faan"])
    assert [(c, f) for c, _, f in r.elements] == [tuple(e) for e in ex["elements"]]
    a = ex["args"]
    seat = WINDS.index(a["seat"])
    discarder = None if a["self_drawn"] else WINDS.index(a["discarder"])
    pays = rules.payments(r.faan, seat, a["self_drawn"], discarder)
    assert pays == [ex["payments"][w] for w in WINDS]
    # the same through _core.payments(rules=)
    assert _core.payments(r.faan, seat, a["self_drawn"], discarder, rules=rules) == pays


@pytest.mark.parametrize("vid", ["V1", "V2", "V3", "V5", "V6a", "V6b", "V6c"])
def test_switch_examples(vid: str) -> None:
    check_entry(V[vid])


def test_v1_default_switches_are_the_payment_table() -> None:
    assert V["V1"]["switches"] == {} and Ruleset.hong_kong() == DEFAULT_RULES
    for f in range(3, 14):  # §11.2
        assert DEFAULT_RULES.payments(f, 0, True) == [3 * 2**f, -(2**f), -(2**f), -(2**f)]
        assert DEFAULT_RULES.payments(f, 3, False, 1) == [0, -3 * 2**f, 0, 3 * 2**f]


def test_v4_half_spicy_limit_hand() -> None:
    # V4: thirteen orphans self-drawn under spiciness "half" (the examples file once gave the
    # hand one tile short, "19m19p19s123456z"; the rules now give all 13)
    ex = V["V4"]
    assert ex["args"]["before"] == "19m19p19s1234567z"
    check_entry(ex)
    half = Ruleset.hong_kong(spiciness="half")
    assert [half.base(f) for f in range(14)] == [
        1,
        2,
        4,
        8,
        16,
        24,
        32,
        48,
        64,
        96,
        128,
        192,
        256,
        384,
    ]


def test_v5_min_faan_1_and_the_default_minimum() -> None:
    ex = V["V5"]
    default = score_entry(ex, DEFAULT_RULES)
    assert (default.is_win, default.reason, default.faan) == (False, "BELOW_MINIMUM", 2)
    check_entry(ex)


def test_v6_e17_unchanged_under_max_faan_10() -> None:
    h = as_hand("123s456s78s99s ckong[4444z]")
    args = (list(h.counts), h.core_melds, 0, 26, 3, 0)
    capped = _core.score(
        *args, self_drawn=True, kong_replacement=True, rules=Ruleset.hong_kong(max_faan=10)
    )
    default = _core.score(*args, self_drawn=True, kong_replacement=True)
    assert capped.faan == default.faan == 8 and capped.elements == default.elements


def test_v7_fractional_payment_configuration() -> None:
    ex = V["V7"]
    assert ex["error"] == "RuleConfigError"
    with pytest.raises(RuleConfigError, match="responsibility"):
        Ruleset.hong_kong(**ex["switches"])
    # reached another way (replace), the same check
    with pytest.raises(RuleConfigError, match="responsibility"):
        Ruleset.hong_kong(min_faan=0).replace(responsibility="half")
    assert Ruleset.hong_kong(min_faan=0, responsibility="half", unit=2).payments(
        0, 0, False, 1
    ) == [
        4,
        -2,
        -1,
        -1,
    ]


# --------------------------------------------------------------------------- the value


@pytest.mark.parametrize(
    ("switches", "name"),
    [
        ({"min_fan": 3}, "min_fan"),
        ({"min_faan": 14}, "min_faan"),
        ({"min_faan": -1}, "min_faan"),
        ({"min_faan": "3"}, "min_faan"),
        ({"min_faan": True}, "min_faan"),
        ({"min_faan": 3.0}, "min_faan"),
        ({"max_faan": 2}, "max_faan"),
        ({"min_faan": 8, "max_faan": 6}, "max_faan"),
        ({"spiciness": "mild"}, "spiciness"),
        ({"spiciness": 1}, "spiciness"),
        ({"responsibility": "all"}, "responsibility"),
        ({"unit": 0}, "unit"),
        ({"unit": 10**6 + 1}, "unit"),
        ({"unit": 10**30}, "unit"),
        ({"rotate_dealer": 1}, "rotate_dealer"),
        ({"rotate_dealer": "true"}, "rotate_dealer"),
    ],
)
def test_bad_switch_names_the_switch(switches: dict[str, Any], name: str) -> None:
    with pytest.raises(RuleConfigError, match=name):
        Ruleset.hong_kong(**switches)
    with pytest.raises(RuleConfigError, match=name):
        DEFAULT_RULES.replace(**switches)


#: The switches of HK §19.2 at their defaults (the rules of §1-§18).
HK_19_DEFAULTS: dict[str, Any] = {
    "tile_set": 144,
    "element_values": {},
    "seven_pairs": "with_concealed",
    "flowers_break_concealed": False,
    "bonus_faan_in_minimum": True,
    "all_chows_pair": "suited",
    "flower_win": "off",
    "multiple_winners": "head_bump",
    "liability": "none",
    "liability_discard": "discarder",
    "payment_split": None,
    "dealer_double": False,
    "dealer_repeat": "never",
    "match_length": "independent",
    "max_deals": 64,
    "false_win": "reject",
    "pass_over": "none",
}


def test_ruleset_value() -> None:
    r = Ruleset.hong_kong(min_faan=1, max_faan=10, spiciness="half", responsibility="full", unit=5)
    assert r.switches == {
        "min_faan": 1,
        "max_faan": 10,
        "spiciness": "half",
        "responsibility": "full",
        "unit": 5,
        "rotate_dealer": False,
        **HK_19_DEFAULTS,
    }
    assert (r.name, r.min_value, r.max_value, r.switches["rotate_dealer"]) == ("hong-kong", 1, 10, False)
    assert repr(r).startswith(
        "Ruleset('hong-kong', min_faan=1, max_faan=10, spiciness='half', "
        "responsibility='full', unit=5, rotate_dealer=False, tile_set=144, element_values={}, "
    )
    back = pickle.loads(pickle.dumps(r))
    assert back == r and hash(back) == hash(r) and back is not r
    assert r != DEFAULT_RULES and len({r, back, DEFAULT_RULES}) == 2
    assert Ruleset.from_json(r.to_json()) == r == Ruleset.from_json(r.to_dict())
    assert json.loads(r.to_json()) == r.to_dict() == {"name": "hong-kong", "switches": r.switches}
    assert Ruleset.from_name("hk", unit=5) == Ruleset.hong_kong(unit=5)
    assert r.replace(unit=1).switches["unit"] == 1 and r.switches["unit"] == 5  # frozen
    with pytest.raises(AttributeError):
        r.name = "x"  # type: ignore[misc]
    # M(F) x unit for 0..max_faan; above the cap refused like payments (§18: no total exceeds it)
    assert r.base(7) == 48 * 5 and r.base(10) == 128 * 5
    with pytest.raises(mf.InvalidHandError):
        r.base(13)


@pytest.mark.parametrize(
    "data",
    [
        "not json",
        "[1, 2]",
        '{"switches": {}}',
        '{"name": "riichi"}',
        '{"name": "hk", "switches": {"min_faan": 99}}',
        '{"name": "hk", "switches": [1]}',
        '{"name": "hk", "extra": 1}',
    ],
)
def test_from_json_rejects_bad_forms(data: str) -> None:
    with pytest.raises(RuleConfigError):
        Ruleset.from_json(data)


def test_resolve_rules_and_names() -> None:
    assert resolve_rules(None) is DEFAULT_RULES and resolve_rules("hong-kong") == DEFAULT_RULES
    assert resolve_rules("hk") == DEFAULT_RULES
    with pytest.raises(RuleConfigError, match="unknown ruleset"):
        resolve_rules("taiwanese-high-typo")
    with pytest.raises(TypeError, match="rules"):
        resolve_rules(3)  # type: ignore[arg-type]


def test_parse_switch_and_options() -> None:
    assert parse_switch("min_faan=1") == ("min_faan", 1)
    assert parse_switch(" rotate_dealer = off ") == ("rotate_dealer", False)
    assert parse_switch("spiciness=half") == ("spiciness", "half")
    for bad, name in [
        ("min_faan", "KEY=VALUE"),
        ("foo=1", "foo"),
        ("unit=x", "unit"),
        ("rotate_dealer=2", "rotate_dealer"),
    ]:
        with pytest.raises(RuleConfigError, match=name):
            parse_switch(bad)
    r = ruleset_from_options("hk", ["min_faan=1", "unit=2"], rotate_dealer=True)
    assert r == Ruleset.hong_kong(min_faan=1, unit=2, rotate_dealer=True)
    assert ruleset_from_options(None, [], rotate_dealer=False) == DEFAULT_RULES
    with pytest.raises(RuleConfigError, match="max_faan"):
        ruleset_from_options(None, ["max_faan=1"])


# --------------------------------------------------------------------------- core bindings


def test_core_payments_checks() -> None:
    with pytest.raises(InvalidHandError):
        _core.payments(11, 0, True, rules=Ruleset.hong_kong(max_faan=10))
    with pytest.raises(InvalidHandError):
        _core.payments(3, 0, False, None)
    with pytest.raises(RuleConfigError):
        _core.payments(3, 0, True, rules="nope")
    with pytest.raises(TypeError, match="rules"):
        _core.payments(3, 0, True, rules=1)  # type: ignore[arg-type]
    assert _core.payments(5, 2, True, rules="hk") == [-32, -32, 96, -32]


def test_batch_functions_take_rules() -> None:
    c = np.zeros((2, 34), dtype=np.uint8)
    for k in (0, 1, 2, 12, 13, 14, 24, 25, 26, 19, 20, 21, 27):  # 123m 456p 789s 234s 1z (E31)
        c[0, k] += 1
    c[1, 31] = c[1, 32] = 3
    c[1, 33] = 2
    for k in (1, 2, 3, 17, 17):  # 234m 99p 555z 666z 77z: + 7z = great three dragons (L4)
        c[1, k] += 1
    win = np.array([27, 33], dtype=np.uint8)
    seat = np.array([2, 1], dtype=np.uint8)
    drawn = np.zeros(2, dtype=bool)
    faan, ok = mf.score_batch(c, win, seat, drawn)
    assert faan.tolist() == [2, 13] and ok.tolist() == [False, True]
    faan, ok = mf.score_batch(c, win, seat, drawn, rules=Ruleset.hong_kong(min_faan=1, max_faan=10))
    assert faan.tolist() == [2, 10] and ok.tolist() == [True, True]
    assert mf.shanten_batch(c[:1], rules="hk").tolist() == [0]
    assert mf.waits_batch(c[:1], rules=DEFAULT_RULES)[0].nonzero()[0].tolist() == [27]
    with pytest.raises(RuleConfigError):
        mf.shanten_batch(c, rules="riichi")
    with pytest.raises(TypeError):
        mf.waits_batch(c, rules=0)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- Deal and matches

E31_HANDS = {
    0: "1z 19m 19p 19s 2z 3z 4z 5z 6z 7z 9p",
    1: "5m 6m 7m 8m 5p 6p 7p 8p 5s 6s 6s 1p 2p",
    2: "123m 456p 789s 234s 1z",
    3: "4m 4m 4s 5s 3p 3p 2z 3z 4z 5z 6z 7z 8p",
}


def _e31_after_discard(rules: Any) -> Deal:
    deal = Deal(make_wall(E31_HANDS), auto_pass=False, rules=rules)
    deal.apply(
        next(a for a in deal.legal_actions(0) if a.type is A.DISCARD and a.tiles[0] // 4 == 27)
    )
    return deal


def test_deal_minimum_and_payments_follow_the_ruleset() -> None:
    deal = _e31_after_discard(None)
    assert Action(A.WIN, 2) not in deal.legal_actions(2)
    with pytest.raises(IllegalActionError):
        deal.apply(Action(A.WIN, 2))
    rules = Ruleset.hong_kong(min_faan=1, spiciness="half", responsibility="half", unit=10)
    deal = _e31_after_discard(rules)
    assert deal.rules == rules
    assert Action(A.WIN, 2) in deal.legal_actions(2)
    deal.apply(Action(A.WIN, 2))
    for p in (1, 3):
        deal.apply(Action(A.PASS, p))
    res = deal.result
    assert res is not None and (res.winner, res.faan) == (2, 2)
    # M(2) = 4, x unit 10: the discarder pays 40, the other two 20 each, the winner gains 80
    assert res.payments == (-40, -20, 80, -20)


def test_play_match_rules_switches_and_log(tmp_path: Path) -> None:
    rules = Ruleset.hong_kong(min_faan=0, max_faan=5, spiciness="half", unit=2, rotate_dealer=True)
    seats = [make_seat("greedy", 11 + p) for p in range(4)]
    log = tmp_path / "m.jsonl"
    m = play_match(seats, seed=5, deals=12, rules=rules, log=log)
    assert m.rules == rules
    assert [r.dealer for r in m.results] == [d % 4 for d in range(12)]
    wins = [r for r in m.results if r.winner is not None]
    assert wins, "no deal was won: pick another seed"
    for r in wins:
        assert 0 <= r.faan <= 5
        self_drawn = r.win_kind == "self_drawn"
        assert list(r.payments) == rules.payments(r.faan, r.winner, self_drawn, r.discarder)
    headers = [json.loads(x) for x in log.read_text().splitlines() if '"header"' in x]
    assert len(headers) == 12 and all(Ruleset.from_json(h["ruleset"]) == rules for h in headers)
    assert replay(log) == m.results
    assert replay(log, rules=rules) == m.results
    with pytest.raises(ReplayError, match="was given"):
        replay(log, rules="hk")
    # rotate_dealer= is a shorthand that sets the switch
    m2 = play_match(
        seats, seed=5, deals=2, rules=rules.replace(rotate_dealer=False), rotate_dealer=True
    )
    assert m2.rules == rules


def test_old_headers_mean_the_default_preset(tmp_path: Path) -> None:
    seats = [make_seat("greedy", p) for p in range(4)]
    log = tmp_path / "d.jsonl"
    m = play_match(seats, seed=2, deals=2, log=log)
    lines = log.read_text().splitlines()
    for variant in ("hk", None):
        out = []
        for line in lines:
            obj = json.loads(line)
            if obj.get("type") == "header":
                if variant is None:
                    del obj["ruleset"]
                else:
                    obj["ruleset"] = variant  # as 0.1 wrote it
            out.append(json.dumps(obj))
        assert replay("\n".join(out) + "\n") == m.results
    # a header that claims other switches replays under them, and so disagrees with the log
    changed = [json.loads(x) for x in lines]
    changed[0]["ruleset"] = Ruleset.hong_kong(unit=3).to_dict()
    bad = "\n".join(json.dumps(x) for x in changed) + "\n"
    assert m.results[0].winner is not None  # a win: its payments differ under unit=3
    with pytest.raises(ReplayError, match="payments"):
        replay(bad)
    with pytest.raises(ReplayError, match="ruleset"):
        changed[0]["ruleset"] = {"name": "hk", "switches": {"unit": 0}}
        replay("\n".join(json.dumps(x) for x in changed) + "\n")


def test_run_deal_rules_must_be_the_deals() -> None:
    seats = [make_seat("random", p) for p in range(4)]
    deal = new_deal(seats, seed=1, rules=Ruleset.hong_kong(unit=2))
    with pytest.raises(RuleConfigError):
        run_deal(deal, seats, rules="hk")
    assert run_deal(deal, seats, rules=Ruleset.hong_kong(unit=2)) is deal.result


# --------------------------------------------------------------------------- simulate


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_simulate_records_the_ruleset(tmp_path: Path, suffix: str) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    rules = Ruleset.hong_kong(min_faan=1, responsibility="full", unit=7)
    out = tmp_path / f"r{suffix}"
    res = mf.simulate(6, seats=("greedy",) * 4, rules=rules, seed=3, workers=1, out=out)
    assert res.rules == rules and read_rules(out) == rules
    recs = read_records(out)
    assert [r["deal_index"] for r in recs] == list(range(6))
    # the ruleset travels to worker processes (pickled with each chunk's spec)
    in_memory = mf.simulate(
        6, seats=("greedy",) * 4, rules=rules, seed=3, workers=2, chunk_size=2, backend="process"
    )
    assert in_memory.records == recs
    for r in recs:
        for w in r["wins"]:
            points = [r[f"points_p{i}"] for i in range(4)]
            assert points == rules.payments(
                w["value"], w["seat"], w["win_kind"] == "self_drawn", w["discarder"]
            )
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        meta = pq.read_schema(out).metadata
        assert json.loads(meta[b"ruleset"]) == rules.to_dict()
    else:
        # the records alone in the file, what it says about its run in the sidecar
        assert all("type" not in json.loads(line) for line in out.read_text().splitlines())
        head = json.loads((tmp_path / f"r{suffix}.meta.json").read_text())
        assert head["ruleset"] == rules.to_dict() and head["unit"] == "faan"
        assert head["run"]["seed"] == 3 and head["run"]["seats"] == ["greedy"] * 4


def test_simulate_rules_arguments() -> None:
    with pytest.raises(RuleConfigError):
        mf.simulate(1, rules="riichi")
    with pytest.raises(TypeError):
        mf.simulate(1, rules=5)  # type: ignore[arg-type]
    assert mf.simulate(1, seats=("random",) * 4, rules="hk", rotate_dealer=True).rules.switches["rotate_dealer"]


# --------------------------------------------------------------------------- CLI


def test_cli_score_with_switches() -> None:
    proc = run(
        "score", "111m333m999m5m [777z] 1f", "--win", "5m", "--seat", "S", "--discarder", "E",
        "--rules", "hk", "--rule", "spiciness=half", "--rule", "responsibility=full", "--json",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["faan"], out["base"], out["payments"]) == (
        7,
        48,
        {"E": -96, "S": 96, "W": 0, "N": 0},
    )
    assert out["rules"]["switches"]["spiciness"] == "half"
    below = run(
        "score",
        "123m456p789s234s1z",
        "--win",
        "1z",
        "--seat",
        "W",
        "--rule",
        "min_faan=1",
        "--json",
    )
    assert json.loads(below.stdout)["is_win"] is True
    text = run("score", "123m456p789s234s1z", "--win", "1z", "--seat", "W", "--rule", "min_faan=3")
    assert "the minimum is 3" in text.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["score", "123m456m789p234s5s", "--win", "5s", "--rule", "min_faan=99"],
        ["score", "123m456m789p234s5s", "--win", "5s", "--rule", "min_faan"],
        ["waits", "123m456m789p234s5s", "--rule", "spiciness=hot"],
        ["shanten", "123m456m789p2345s", "--rules", "riichi"],
        ["decompose", "111222333m789p55s", "--rule", "foo=1"],
        ["simulate", "-n", "1", "--rule", "unit=0"],
        ["simulate", "-n", "1", "--rule", "min_faan=0", "--rule", "responsibility=half"],
        ["play", "--rule", "rotate_dealer=maybe"],
    ],
)
def test_cli_bad_rules_one_line_exit_2(args: list[str]) -> None:
    assert_one_line_error(run(*args))


def test_cli_analysis_commands_accept_rules() -> None:
    assert (
        run("waits", "123m456m789p234s5s", "--rules", "hk", "--rule", "max_faan=5").returncode == 0
    )
    assert run("shanten", "123m456m789p2345s", "--rule", "unit=3", "--json").returncode == 0
    assert run("decompose", "111222333m789p55s", "--rules", "hong-kong").returncode == 0


def test_cli_simulate_and_replay_rules(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    proc = run(
        "simulate", "-n", "3", "--seats", "random,random,random,random", "--workers", "1",
        "--rule", "unit=4", "--rotate-dealer", "--out", str(out), "--json",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    rules = Ruleset.hong_kong(unit=4, rotate_dealer=True)
    assert json.loads(proc.stdout)["rules"] == rules.to_dict() and read_rules(out) == rules
    assert [r["dealer"] for r in read_records(out)] == [0, 1, 2]

    log = tmp_path / "g.jsonl"
    seats = [make_seat("greedy", p) for p in range(4)]
    play_match(seats, seed=4, deals=1, rules=Ruleset.hong_kong(max_faan=8), log=log)
    ok = run("replay", str(log), "--ascii", "--rule", "max_faan=8")
    assert ok.returncode == 0, ok.stderr
    assert "max_faan=8" in ok.stdout
    assert run("replay", str(log), "--ascii").returncode == 0
    bad = run("replay", str(log), "--rules", "hk")
    assert_one_line_error(bad)
    assert "max_faan" in bad.stderr


# --------------------------------------------------------------------------- properties

E_ENTRIES = [
    ex
    for ex in json.loads(DATA.read_text(encoding="utf-8"))
    if ex["id"].startswith("E") and "args" in ex
]


@pytest.mark.parametrize(("lo", "hi"), [(0, 3), (1, 5), (3, 8), (5, 10), (7, 12), (13, 13)])
def test_minimum_and_cap_on_every_worked_example(lo: int, hi: int) -> None:
    """HK §18: under (min_faan, max_faan) every §15 hand scores its default reading with the
    total reduced to max_faan (a limit hand worth exactly max_faan) and is a win iff that total
    reaches min_faan."""
    rules = Ruleset.hong_kong(min_faan=lo, max_faan=hi, unit=2)
    checked = 0
    for ex in E_ENTRIES:
        try:
            base = score_entry(ex, DEFAULT_RULES)
        except InvalidHandError:
            continue  # entries about impossible situations
        got = score_entry(ex, rules)
        if base.reason == "NOT_A_WINNING_HAND":
            assert (got.is_win, got.reason, got.faan) == (False, "NOT_A_WINNING_HAND", 0)
            continue
        checked += 1
        want = hi if base.limit else min(base.raw_faan, hi)
        assert got.faan == want, ex["id"]
        assert got.limit == base.limit and got.interpretation == base.interpretation, ex["id"]
        assert got.is_win is (want >= lo), ex["id"]
        assert got.reason == (None if want >= lo else "BELOW_MINIMUM"), ex["id"]
        if base.limit:
            assert [(c, f) for c, _, f in got.elements] == [(base.limit, hi)]
        else:
            assert got.elements == base.elements and got.raw_faan == base.raw_faan
    assert checked >= 25


@given(
    value=st.integers(0, 13),
    winner=st.integers(0, 3),
    offset=st.integers(1, 3),
    self_drawn=st.booleans(),
    spiciness=st.sampled_from(["spicy", "half"]),
    responsibility=st.sampled_from(["seed", "full", "half"]),
    unit=st.integers(1, 10**6),
    lo=st.integers(1, 13),
)
@settings(max_examples=300, deadline=None)
def test_payments_sum_to_zero(
    value: int,
    winner: int,
    offset: int,
    self_drawn: bool,
    spiciness: str,
    responsibility: str,
    unit: int,
    lo: int,
) -> None:
    rules = Ruleset.hong_kong(
        min_faan=lo, spiciness=spiciness, responsibility=responsibility, unit=unit
    )
    assert Ruleset.from_json(rules.to_json()) == rules == pickle.loads(pickle.dumps(rules))
    discarder = (winner + offset) % 4
    m = rules.base(value)
    if responsibility == "half" and not self_drawn and m % 2:
        # half of an odd M(0) x unit: only a 0-faan value, which these switches never let win
        assert value == 0 < lo
        with pytest.raises(InvalidHandError, match="fractional"):
            rules.payments(value, winner, self_drawn, discarder)
        return
    pays = rules.payments(value, winner, self_drawn, None if self_drawn else discarder)
    assert sum(pays) == 0
    assert m == unit * (
        2**value
        if spiciness == "spicy"
        else [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384][value]
    )
    if self_drawn:
        assert pays[winner] == 3 * m and all(pays[p] == -m for p in range(4) if p != winner)
    else:
        share = {"seed": 3, "full": 2, "half": 1}[responsibility]
        assert pays[discarder] == -share * m
        assert pays[winner] == (2 * m if responsibility == "half" else share * m)
