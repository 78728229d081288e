"""HK §19.13 in the log of a match under the §19.10 house match switches: each deal's header
records the passes r of an East round or full game, and the match ends with a ``match_end``
line (deals played, end reason, final scores) that replay checks; a match at the default
switches logs as before (no such field or line)."""

from __future__ import annotations

import io
import json

import mahjong_fast as mf
import pytest
from mahjong_fast.errors import ReplayError
from mahjong_fast.game.log import replay_deals
from mahjong_fast.game.match import play_match, resume_match
from mahjong_fast.seats import make_seat


def _seats():
    return [make_seat("greedy", seed=p) for p in range(4)]


def _log(rules: mf.Ruleset, **kw) -> tuple[list[dict], object]:
    buf = io.StringIO()
    res = play_match(_seats(), seed=3, log=buf, rules=rules, **kw)
    return [json.loads(line) for line in buf.getvalue().splitlines()], res


EAST = mf.Ruleset.hong_kong(rotate_dealer=True, match_length="east_round")


def test_east_round_headers_hold_the_passes_and_the_log_ends_with_match_end():
    lines, res = _log(EAST)
    heads = [o for o in lines if o.get("type") == "header"]
    assert heads[0]["passes"] == 0
    # the passes count the dealerships passed before each deal: never down, up by at most one
    steps = [b["passes"] - a["passes"] for a, b in zip(heads, heads[1:])]
    assert set(steps) <= {0, 1} and heads[-1]["passes"] <= 3
    end = lines[-1]
    assert end["type"] == "match_end" and end["reason"] == "east_round"
    assert end["deals"] == len(heads) == len(res.results)
    assert end["scores"] == list(res.scores)
    deals = replay_deals(io.StringIO("\n".join(json.dumps(o) for o in lines)))
    assert len(deals) == len(heads)


def test_a_match_of_n_deals_under_dealer_repeat_ends_by_deals():
    rules = mf.Ruleset.hong_kong(rotate_dealer=True, dealer_repeat="on_win")
    lines, res = _log(rules, deals=3)
    assert lines[-1] == {"type": "match_end", "deals": 3, "reason": "deals", "scores": list(res.scores)}
    heads = [o for o in lines if o.get("type") == "header"]
    assert not any("passes" in o for o in heads)  # independent length
    assert all(o["match_deals"] == 3 for o in heads)
    replay_deals(io.StringIO("\n".join(json.dumps(o) for o in lines)))
    # the chain is checked against a match of 3 deals: a fourth deal cannot follow it
    more = [dict(o) for o in lines[: lines.index(heads[1])]]
    text = "\n".join(json.dumps(o) for o in lines[:-1] + more)
    with pytest.raises(ReplayError, match="over"):
        replay_deals(io.StringIO(text))


def test_default_match_logs_as_before():
    lines, _ = _log(mf.Ruleset.hong_kong(), deals=3)
    assert all(o.get("type") != "match_end" for o in lines)
    assert not any("passes" in o or "match_deals" in o for o in lines)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda e: e.update(reason="full_game"), "ended by"),
        (lambda e: e.update(scores=[0, 0, 0, 0]), "final scores"),
        (lambda e: e.update(deals=0), "deals must be"),
    ],
)
def test_a_wrong_match_end_is_refused_with_its_line(change, message):
    lines, _ = _log(EAST)
    change(lines[-1])
    with pytest.raises(ReplayError, match=message) as e:
        replay_deals(io.StringIO("\n".join(json.dumps(o) for o in lines)))
    assert e.value.line == len(lines)


def test_a_wrong_passes_count_is_refused():
    lines, _ = _log(EAST)
    heads = [i for i, o in enumerate(lines) if o.get("type") == "header"]
    lines[heads[-1]]["passes"] += 1
    with pytest.raises(ReplayError, match="passes"):
        replay_deals(io.StringIO("\n".join(json.dumps(o) for o in lines)))


def test_resume_of_an_ended_match_says_so(tmp_path):
    path = tmp_path / "m.jsonl"
    play_match(_seats(), seed=3, log=path, rules=EAST)
    with pytest.raises(ReplayError, match="match_end"):
        resume_match(_seats(), path)
