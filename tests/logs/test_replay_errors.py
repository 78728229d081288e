"""Every kind of bad event log is a ReplayError with its line number (issue §2 bullet 1), from
Python as from the CLI (exit 2, never "internal error"); a wrong type of source is a TypeError.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import ReplayError
from mahjong_fast.game import play_match, replay
from mahjong_fast.game.log import deal_lines, replay_deals
from mahjong_fast.seats import RandomSeat


def _log_lines() -> list[str]:
    """A real one-deal log (random seats, seed 5)."""
    buf = io.StringIO()
    play_match([RandomSeat(p) for p in range(4)], seed=5, deals=1, log=buf)
    return buf.getvalue().splitlines()


LINES = _log_lines()
DEEP = "[" * 100_000 + "]" * 100_000


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_log_used_here_replays() -> None:
    (res,) = replay(LINES)
    assert res.deal_index == 0


def test_deeply_nested_json_is_a_replay_error_with_its_line() -> None:
    lines = LINES[:3] + [DEEP] + LINES[3:]
    with pytest.raises(ReplayError) as e:
        replay(lines)
    assert e.value.line == 4 and "nested too deeply" in str(e.value)


def test_non_utf8_file_is_a_replay_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(("\n".join(LINES[:2]) + "\n").encode() + b'{"e":"draw\xff"}\n')
    with pytest.raises(ReplayError) as e:
        replay(path)
    assert e.value.line == 3 and "UTF-8" in str(e.value)


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1.5", "NaN", "Infinity", "9" * 5000])
def test_a_number_that_is_not_a_whole_number_is_a_replay_error(number: str) -> None:
    head = LINES[0].replace('"dealer":0', f'"dealer":{number}')
    assert head != LINES[0]
    with pytest.raises(ReplayError) as e:
        replay([head, *LINES[1:]])
    assert e.value.line == 1


def test_bytes_are_read_as_the_log_text() -> None:
    data = ("\n".join(LINES) + "\n").encode()
    assert replay(data) == replay(LINES)
    assert replay(io.BytesIO(data)) == replay(LINES)
    assert replay([ln.encode() for ln in LINES]) == replay(LINES)
    with pytest.raises(ReplayError) as e:
        replay(data + b"\x80\n")
    assert e.value.line == len(LINES) + 1


@pytest.mark.parametrize("empty", ["", "\n\n", b"", [], io.StringIO("")])
def test_an_empty_log_is_a_replay_error(empty: Any) -> None:
    with pytest.raises(ReplayError, match="empty"):
        replay(empty)


def test_an_empty_file_is_a_replay_error(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    with pytest.raises(ReplayError, match="empty"):
        replay(path)


@pytest.mark.parametrize("src", [None, 3, 2.5, True])
def test_a_source_of_the_wrong_type_is_a_type_error_naming_it(src: Any) -> None:
    with pytest.raises(TypeError, match="src"):
        replay(src)


def test_a_line_that_is_not_text_is_a_replay_error() -> None:
    with pytest.raises(ReplayError) as e:
        replay([LINES[0], 17])
    assert e.value.line == 2


@pytest.mark.parametrize(
    ("field", "value"),
    [("player", True), ("player", 1.0), ("player", "1"), ("tiles", [True]), ("tiles", "12")],
)
def test_loosely_typed_action_fields_are_rejected(field: str, value: Any) -> None:
    i = next(
        n
        for n, raw in enumerate(LINES)
        if (o := json.loads(raw)).get("e") == "action" and not o.get("auto")
    )
    obj = json.loads(LINES[i])
    obj["action"][field] = value
    with pytest.raises(ReplayError) as e:
        replay([*LINES[:i], json.dumps(obj), *LINES[i + 1 :]])
    assert e.value.line == i + 1


@pytest.mark.parametrize(
    ("field", "value"),
    [("dealer", True), ("dealer", 4), ("dealer", "0"), ("deal_index", -1), ("scores", [0, 0, 0])],
)
def test_loosely_typed_header_fields_are_rejected(field: str, value: Any) -> None:
    head = json.loads(LINES[0])
    head[field] = value
    with pytest.raises(ReplayError) as e:
        replay([json.dumps(head), *LINES[1:]])
    assert e.value.line == 1


# ------------------------------------------------------------------ the CLI: exit 2, one line


@pytest.mark.parametrize(
    "content",
    [
        ("\n".join(LINES[:3]) + "\n" + DEEP + "\n").encode(),
        ("\n".join(LINES[:2]) + "\n").encode() + b"\xff\xfe\n",
        LINES[0].replace('"dealer":0', '"dealer":1e400').encode() + b"\n",
        b"",
    ],
    ids=["deep", "non-utf8", "1e400", "empty"],
)
def test_cli_replay_of_a_bad_log_exits_2_with_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    r = _cli("replay", str(path))
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    if content:
        assert "line " in r.stderr


# ------------------------------------------------------------------ generated: the whole class

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    where=st.integers(min_value=0, max_value=len(LINES)),
    junk=st.one_of(
        st.binary(max_size=40),
        json_values.map(lambda v: json.dumps(v).encode()),
        st.integers(min_value=1, max_value=3000).map(lambda d: b"[" * d + b"]" * d),
        st.sampled_from([b"1e400", b"NaN", b"-Infinity", b"{\"e\":1e999}", b"\xc3\x28"]),
    ),
)
def test_any_inserted_line_is_a_replay_error_with_that_line_or_replays(
    where: int, junk: bytes
) -> None:
    lines = [ln.encode() for ln in LINES]
    lines.insert(where, junk)
    data = b"\n".join(lines) + b"\n"
    try:
        replay(data)
    except ReplayError as e:
        assert e.line is not None and 1 <= e.line <= len(lines) + 1
    # anything else (RecursionError, UnicodeDecodeError, OverflowError...) fails the test


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(json.loads(LINES[0]))), value=json_values)
def test_any_header_field_value_is_accepted_or_a_replay_error_with_its_line(
    field: str, value: Any
) -> None:
    """A bad header value is refused on line 1; a valid but different one (another dealer,
    ``auto_pass`` false...) plays another deal, which the logged events contradict at the
    first line where they differ. Either way a ReplayError with a line, never another error."""
    head = json.loads(LINES[0])
    head[field] = value
    try:
        replay_deals([json.dumps(head), *LINES[1:]])
    except ReplayError as e:
        assert e.line is not None and 1 <= e.line <= len(LINES) + 1


def test_deal_lines_of_the_log_are_what_replay_reads() -> None:
    (deal,) = replay_deals(LINES)
    assert list(deal_lines(deal))[1:] == LINES[1:]
