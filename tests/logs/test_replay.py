"""Event logs (JSON Lines) and replay: faithful reproduction and rejection of bad logs."""

from __future__ import annotations

import io
import json

import mahjong_fast as mf
import pytest
from _game_helpers import E27_HANDS, A, _e27_to_south_6p, make_wall
from mahjong_fast.errors import ReplayError
from mahjong_fast.game import Action, Deal, play_match, replay, replay_deals, write_log
from mahjong_fast.game.log import FORMAT_VERSION, deal_lines
from mahjong_fast.seats import GreedySeat, RandomSeat


def _e27_deal() -> Deal:
    deal = Deal(make_wall(E27_HANDS, draws="8s 9s 5s 7m"))
    _e27_to_south_6p(deal)
    deal.apply(Action(A.WIN, 3))
    deal.apply(Action(A.WIN, 2))
    return deal


def test_header_and_round_trip(tmp_path):
    deal = _e27_deal()
    path = tmp_path / "e27.jsonl"
    write_log(path, [deal], seed=None, seats=["you", "a", "b", "c"])
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    # the ruleset with every switch (HK §18); 0.1 wrote "hk" (tests/rules/test_rules.py reads both)
    assert head["type"] == "header" and head["format"] == FORMAT_VERSION
    assert head["ruleset"]["name"] == "hong-kong"
    assert list(head["ruleset"]["switches"].items())[:6] == [
        ("min_faan", 3),
        ("max_faan", 13),
        ("spiciness", "spicy"),
        ("responsibility", "seed"),
        ("unit", 1),
        ("rotate_dealer", False),
    ]
    # then the house rules of HK §19 at their defaults, every one recorded (§19.1 principle 4)
    assert (
        head["ruleset"] == mf.Ruleset.hong_kong().to_dict()
        and len(head["ruleset"]["switches"]) == 23
    )
    assert (
        head["wall"] == list(deal.wall)
        and head["dealer"] == 0
        and head["seats"] == ["you", "a", "b", "c"]
    )
    assert len(lines) == 1 + len(deal.events)
    (res,) = replay(path)
    assert res == deal.result and res.winner == 2
    # also from text, an open file and a list of lines
    assert replay(path.read_text()) == [deal.result]
    assert replay(io.StringIO(path.read_text())) == [deal.result]
    (again,) = replay_deals(lines)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in deal.events]


def _lines() -> list[str]:
    return list(deal_lines(_e27_deal()))


def _line_of(lines, pred) -> int:
    for i, raw in enumerate(lines):
        obj = json.loads(raw)
        if pred(obj):
            return i
    raise AssertionError("no such line")


def test_rejects_an_illegal_action():
    lines = _lines()
    i = _line_of(lines, lambda o: o.get("e") == "action" and o["action"]["type"] == "chow")
    obj = json.loads(lines[i])
    obj["action"]["tiles"] = obj["action"]["tiles"][:1] + [obj["action"]["tiles"][0] ^ 1]
    lines[i] = json.dumps(obj)
    with pytest.raises(ReplayError) as e:
        replay(lines)
    assert e.value.line == i + 1


def test_rejects_a_changed_consequence():
    lines = _lines()
    i = _line_of(lines, lambda o: o.get("e") == "payments")
    obj = json.loads(lines[i])
    obj["payments"][2] += 1
    lines[i] = json.dumps(obj)
    with pytest.raises(ReplayError) as e:
        replay(lines)
    assert e.value.line == i + 1


def test_rejects_a_tampered_wall_or_header():
    lines = _lines()
    head = json.loads(lines[0])
    head["wall"][0], head["wall"][1] = head["wall"][1], head["wall"][0]
    with pytest.raises(ReplayError):
        replay([json.dumps(head)] + lines[1:])
    head = json.loads(lines[0])
    head["wall"][0] = head["wall"][1]
    with pytest.raises(ReplayError) as e:
        replay([json.dumps(head)] + lines[1:])
    assert e.value.line == 1
    head = json.loads(lines[0])
    head["format"] = 99
    with pytest.raises(ReplayError) as e:
        replay([json.dumps(head)] + lines[1:])
    assert e.value.line == 1


def test_rejects_corrupt_truncated_or_extra_lines():
    lines = _lines()
    with pytest.raises(ReplayError) as e:
        replay(lines[:5] + ["{not json"] + lines[5:])
    assert e.value.line == 6
    with pytest.raises(ReplayError):
        replay(lines[:-3])  # truncated: the deal does not end
    with pytest.raises(ReplayError) as e:
        replay(lines + [json.dumps({"e": "draw", "p": 0, "tile": 5})])
    assert e.value.line == len(lines) + 1
    with pytest.raises(ReplayError) as e:
        replay(lines[1:])  # no header
    assert e.value.line == 1
    # a response that the engine made automatically may not be submitted as a player's
    i = _line_of(lines, lambda o: o.get("e") == "action" and o.get("auto"))
    obj = json.loads(lines[i])
    obj["auto"] = False
    with pytest.raises(ReplayError):
        replay(lines[:i] + [json.dumps(obj)] + lines[i + 1 :])
    # an unfinished deal is accepted only on request
    (d,) = replay_deals(lines[:-3], allow_unfinished=True)
    assert d.result is None


def test_match_log_replays_every_deal(tmp_path):
    path = tmp_path / "match.jsonl"
    seats = [GreedySeat(), RandomSeat(1), RandomSeat(2), GreedySeat()]
    m = play_match(seats, seed=3, deals=6, rotate_dealer=True, log=path)
    results = replay(path)
    assert results == m.results
    assert [r.dealer for r in results] == [0, 1, 2, 3, 0, 1]
    assert m.scores == results[-1].scores and sum(m.scores) == 0
    heads = [json.loads(x) for x in path.read_text().splitlines() if '"type":"header"' in x]
    assert [h["deal_index"] for h in heads] == list(range(6))
    # scores carry over from deal to deal
    for prev, h in zip(results, heads[1:]):
        assert h["scores"] == list(prev.scores)
