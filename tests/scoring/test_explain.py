"""Why a hand is below the minimum (issue "hints that show what a hand is worth", §1): `score
--explain` under every ruleset, and the result screen of `play` for the player's own ready
hand. The explanations are checked against the score results they explain."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from rich.console import Console

import mahjong_fast as mf
from mahjong_fast.explain import explain_final_hand, explain_score
from mahjong_fast.game.result import DealResult


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "score", *args],
        check=False, capture_output=True, text=True, timeout=120,
    )


CASES = [
    # (hand, win, keywords, rules): legal, below the minimum and no shape, under each ruleset
    ("123m456m789p234s5s", "5s", {"seat_wind": "S"}, "hong-kong"),
    ("456p234s5s [123m] [789m] 3f", "5s", {"seat_wind": "S"}, "hong-kong"),
    ("123m456m789p234s6s", "5s", {}, "hong-kong"),
    ("123m456m789p123s456s4z", "4z", {}, "taiwanese-low"),
    ("123m456m789p123s456s4z", "4z", {}, "taiwanese-high"),
    ("123m456m789p123s456s4z", "1z", {}, "taiwanese-high"),
    ("555z123m456m789p123s4z", "4z", {"self_drawn": True}, "taiwanese-high"),
]


@pytest.mark.parametrize(("hand", "win", "kw", "rules"), CASES)
def test_explanation_matches_the_score(hand: str, win: str, kw: dict[str, object], rules: str) -> None:
    r = mf.score(hand, win, rules=rules, **kw)  # type: ignore[arg-type]
    lines = explain_score(r, hand=hand, win=win, rules=rules)
    minimum = mf.Ruleset.from_name(rules).min_value
    text = "\n".join(lines)
    if r.reason == "NOT_A_WINNING_HAND":
        shapes = "five sets and a pair" if rules.startswith("taiwanese") else "four sets and a pair"
        assert shapes in lines[0]
        hand_obj = mf.Hand.parse(hand)
        counts = list(hand_obj.counts)
        counts[mf.Tile(win).kind] += 1
        sh = mf._core.shanten(counts, hand_obj.core_melds, rules=rules)
        assert f"shanten {sh}" in lines[1] and f"is {sh + 1} tile exchange" in lines[1]
        return
    # every element counted is named with its value, and the total is theirs
    for e in r.elements:
        assert f"{e.code} {e.name} {e.value}" in lines[0]
    assert lines[0].endswith(f"= {sum(e.value for e in r.elements)} {r.unit}.") or r.raw_faan != r.value
    assert f"The minimum is {minimum} {r.unit}" in text
    if r.is_win:
        assert "is a legal win" in text and r.value >= minimum
    else:
        assert r.reason == mf.BELOW_MINIMUM
        assert f"{minimum - r.value} {r.unit} short" in text


@pytest.mark.parametrize(("hand", "win", "kw", "rules"), CASES)
def test_score_explain_cli_under_every_ruleset(hand: str, win: str, kw: dict[str, object], rules: str) -> None:
    args = [hand, "--win", win, "--rules", rules, "--explain"]
    if kw.get("seat_wind"):
        args += ["--seat", str(kw["seat_wind"])]
    if kw.get("self_drawn"):
        args.append("--self-drawn")
    r = mf.score(hand, win, rules=rules, **kw)  # type: ignore[arg-type]
    want = explain_score(r, hand=hand, win=win, rules=rules)
    proc = _cli(*args)
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.split())
    for line in want:
        assert " ".join(line.split()) in out
    proc = _cli(*args, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["explain"] == want


def test_result_screen_explains_a_ready_hand_that_cannot_win() -> None:
    # P0 (South: the dealer is P1) ends with exposed chows, West's flower and a wait on 2s/5s
    ids: list[int] = []
    used: dict[int, int] = {}

    def tid(code: str) -> int:
        k = mf.Tile(code).kind
        used[k] = used.get(k, 0) + 1
        return 4 * k + used[k] - 1

    for code in ("4p", "5p", "6p", "2s", "3s", "4s", "5s"):
        ids.append(tid(code))
    chow1 = (0, tid("1m"), tid("2m"), tid("3m"))
    chow2 = (0, tid("7m"), tid("8m"), tid("9m"))
    lines = explain_final_hand(ids, [chow1, chow2], [138], seat_wind=1)
    values = mf.wait_values("456p234s5s [123m] [789m] 3f", seat_wind="S")
    assert [w.tile.code for w in values] == ["2s", "5s"] and not any(w.can_win for w in values)
    assert lines[0].startswith("Your hand was ready: 2s 2/1 faan (cannot win), 5s 2/1 faan (cannot win)")
    for w in values:
        line = next(x for x in lines[1:] if x.startswith(f"{w.tile.code}:"))
        for e in w.self_drawn.elements:
            assert f"{e.code} {e.name} {e.value}" in line
        assert "the minimum is 3 faan: it cannot win" in line
    # not ready or the wrong size: nothing to explain
    assert explain_final_hand(ids[:-2] + [tid("9p"), tid("1z")], [chow1, chow2], [138], seat_wind=1) == []
    assert explain_final_hand(ids, [chow1], [], seat_wind=1) == []

    from mahjong_fast import cli

    res = DealResult(
        deal_index=0, dealer=1, exhaustive_draw=True, draw_reason="last_discard",
        final_hands=(tuple(ids), (), (), ()), final_melds=((chow1, chow2), (), (), ()), bonus=((138,), (), (), ()),
    )
    console = Console(width=200, record=True)
    old = cli.result.console
    cli.result.console = console
    try:
        cli.show_result(res, ascii=True)
    finally:
        cli.result.console = old
    out = console.export_text()
    assert "exhaustive draw" in out and "Your hand was ready" in out and "it cannot win" in out


def test_turn_hint_explains_a_complete_hand_the_engine_refuses() -> None:
    from mahjong_fast.game import Deal
    from mahjong_fast.game.actions import ActionType
    from mahjong_fast.seats.hints import hint_text

    # P1 (South) has just drawn 5s: all chows, West's flower: 2 faan self-drawn, under 3
    d = Deal.from_hands(
        ["19m19p19s1234567z", "456p234s5s3f5s", "11p22p33p44p55p66p7p", "11s22s33s66s77s88s9s"],
        melds=["", "[123m] [789m]", "", ""],
        discards=["1z", "", "", ""],
        active=1,
    )
    legal = d.legal_actions(1)
    assert ActionType.SELF_DRAWN_WIN not in {a.type for a in legal}
    text = hint_text(d.view(1), can_win=False).plain
    r = mf.score("456p234s5s [123m] [789m] 3f", "5s", self_drawn=True, seat_wind="S")
    assert r.reason == mf.BELOW_MINIMUM
    assert "not a legal win" in text and f"= {r.value} faan" in text and "1 faan short" in text
    assert "type 'win'" in hint_text(d.view(1), can_win=True).plain
