"""Replay checks what it reports (issue "Nothing silently wrong at the edges"): every header
field that changes a result is proved by the events (the ``deal`` event records the start
state) and by the chain of a match's deals; a wrong-typed event field is not equal to the
replay's; a log that cannot be replayed is not written."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import ReplayError
from mahjong_fast.game import Deal, replay, write_log
from mahjong_fast.game.match import play_match
from mahjong_fast.seats import make_seat


@cache
def match_log(rules: str, seed: int) -> str:
    """The log of one match of greedy seats (Taiwanese: a whole match; Hong Kong: 6 deals)."""
    buf = io.StringIO()
    seats = [make_seat("greedy", seed) for _ in range(4)]
    deals = None if rules.startswith("taiwanese") else 6
    play_match(seats, seed=seed, rules=rules, deals=deals, log=buf)
    return buf.getvalue()


def deals_of(text: str) -> list[list[str]]:
    """The log's deals, each its lines (header first)."""
    out: list[list[str]] = []
    for line in text.splitlines():
        if json.loads(line).get("type") == "header":
            out.append([])
        out[-1].append(line)
    return out


def join(deals: list[list[str]]) -> str:
    return "\n".join(line for d in deals for line in d) + "\n"


def with_header(deal: list[str], **changes: Any) -> list[str]:
    head = json.loads(deal[0])
    head.update(changes)
    return [json.dumps(head), *deal[1:]]


def drawn_deal_with_scores(text: str) -> int:
    """The index of a drawn deal (no payments event) that starts from scores other than 0."""
    for i, d in enumerate(deals_of(text)):
        head = json.loads(d[0])
        if any(head["scores"]) and not any('"e":"payments"' in line for line in d):
            return i
    raise AssertionError("no drawn deal after a win in this match")


# --- the examples of the issue ---------------------------------------------------------------


def test_a_drawn_deals_start_scores_are_proved() -> None:
    text = match_log("taiwanese-high", 3)
    deals = deals_of(text)
    i = drawn_deal_with_scores(text)
    scores = json.loads(deals[i][0])["scores"]
    assert replay(text)[i].scores == tuple(scores)  # untouched, it replays
    tampered = [*deals[:i], with_header(deals[i], scores=[scores[0] + 1000, scores[1] - 1000,
                                                          *scores[2:]]), *deals[i + 1:]]
    with pytest.raises(ReplayError, match="differs|does not follow"):
        replay(join(tampered))
    # a deal of its own: the deal event holds its start state
    alone = with_header(deals[i], scores=[1000, -1000, 0, 0])
    alone[0] = json.dumps({k: v for k, v in json.loads(alone[0]).items() if k != "match"})
    with pytest.raises(ReplayError, match="differs"):
        replay(join([alone]))


@pytest.mark.parametrize("field, value", [("deal_index", 7), ("prevailing_wind", 2),
                                          ("dealer_streak", 3)])
def test_header_fields_no_later_event_shows_are_proved(field: str, value: int) -> None:
    deals = deals_of(match_log("hong-kong", 2))
    first = with_header(deals[0], **{field: value})
    first[0] = json.dumps({k: v for k, v in json.loads(first[0]).items() if k != "match"})
    with pytest.raises(ReplayError, match="differs"):
        replay(join([first]))


def test_dropping_or_swapping_deals_of_a_match_is_refused() -> None:
    for rules, seed in (("taiwanese-high", 3), ("hong-kong", 2)):
        deals = deals_of(match_log(rules, seed))
        assert len(deals) >= 3
        assert len(replay(join(deals))) == len(deals)
        with pytest.raises(ReplayError, match="does not follow"):
            replay(join(deals[:1] + deals[2:]))  # the second deal dropped
        with pytest.raises(ReplayError, match="does not follow"):
            replay(join([deals[1], deals[0], *deals[2:]]))  # the first two swapped
        if rules.startswith("taiwanese"):
            with pytest.raises(ReplayError, match="match's start"):
                replay(join(deals[1:]))  # a Taiwanese match starts at its first deal


def test_a_set_up_deal_is_not_written(tmp_path: Path) -> None:
    d = Deal.from_hands(["19m19p19s1234567z5s", "123m456m789p234s5s",
                         "11p22p33p44p55p66p7p", "11s22s33s66s77s88s9s"])
    out = tmp_path / "setup.jsonl"
    with pytest.raises(ValueError, match="from_hands"):
        write_log(out, [d])
    assert not out.exists()  # refused before the file is created
    buf = io.StringIO()
    with pytest.raises(ValueError, match="from_hands"):
        write_log(buf, [d])
    assert buf.getvalue() == ""


def test_a_wrong_typed_event_field_is_refused() -> None:
    text = match_log("hong-kong", 2)
    lines = text.splitlines()
    i = next(n for n, line in enumerate(lines) if '"last":false' in line)
    bad = lines[:i] + [lines[i].replace('"last":false', '"last":0')] + lines[i + 1:]
    with pytest.raises(ReplayError, match="differs") as e:
        replay("\n".join(bad))
    assert e.value.line == i + 1


def test_cli_replay_of_a_tampered_log_is_not_ok(tmp_path: Path) -> None:
    text = match_log("taiwanese-high", 3)
    deals = deals_of(text)
    i = drawn_deal_with_scores(text)
    s = json.loads(deals[i][0])["scores"]
    deals[i] = with_header(deals[i], scores=[s[0] + 1000, s[1] - 1000, *s[2:]])
    path = tmp_path / "tampered.jsonl"
    path.write_text(join(deals))
    p = subprocess.run([sys.executable, "-m", "mahjong_fast.cli", "replay", str(path)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode != 0 and "Replay OK" not in p.stdout
    assert "Traceback" not in p.stderr and p.stderr.strip().count("\n") == 0, p.stderr


# --- generated: every such field, every event --------------------------------------------------

HEADER_FIELDS = ["scores", "deal_index", "dealer", "prevailing_wind", "dealer_streak"]


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(["taiwanese-high", "taiwanese-low", "hong-kong"]),
       deal=st.integers(0, 40), field=st.sampled_from(HEADER_FIELDS), delta=st.integers(1, 3),
       player=st.integers(0, 3))
def test_every_header_field_that_changes_a_result_is_checked(
    rules: str, deal: int, field: str, delta: int, player: int
) -> None:
    deals = deals_of(match_log(rules, 5))
    i = deal % len(deals)
    head = json.loads(deals[i][0])
    if field == "scores":
        scores = list(head["scores"])
        scores[player] += delta
        scores[(player + 1) % 4] -= delta  # still zero-sum
        value: Any = scores
    elif field in ("dealer", "prevailing_wind"):
        value = (head.get(field, 0) + delta) % 4
    else:
        value = head.get(field, 0) + delta
    tampered = [*deals[:i], with_header(deals[i], **{field: value}), *deals[i + 1:]]
    with pytest.raises(ReplayError):
        replay(join(tampered))


def _retyped(v: Any) -> list[Any]:
    """Values Python's ``==`` finds equal to ``v`` but of another JSON type."""
    if v is True or v is False:
        return [int(v)]
    if isinstance(v, int) and v in (0, 1):
        return [bool(v)]
    return []


@cache
def retypable() -> list[tuple[int, str]]:
    """(line, key) of every event field of the Hong Kong match log that has a retyped twin."""
    out = []
    for n, line in enumerate(match_log("hong-kong", 2).splitlines()):
        obj = json.loads(line)
        if obj.get("type") == "header":
            continue
        for key, v in obj.items():
            if key not in ("e",) and _retyped(v):
                out.append((n, key))
    return out


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_every_retyped_event_field_is_refused(data: st.DataObject) -> None:
    lines = match_log("hong-kong", 2).splitlines()
    n, key = data.draw(st.sampled_from(retypable()))
    obj = json.loads(lines[n])
    obj[key] = _retyped(obj[key])[0]
    bad = lines[:n] + [json.dumps(obj)] + lines[n + 1:]
    with pytest.raises(ReplayError):
        replay("\n".join(bad))
