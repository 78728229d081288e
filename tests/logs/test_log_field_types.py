"""Every field of a log line has the type the format gives it (issue 36 §1): a log whose field
holds a value of another JSON type, a NUL character or a cut-off line is a ReplayError whose
``.line`` is that line, from Python as from ``replay`` and ``review`` (one line, exit 2; never
"internal error"). Logs are generated from real games and mutated field by field."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast.cli import app
from mahjong_fast.errors import ReplayError
from mahjong_fast.game import play_match, replay
from mahjong_fast.seats import GreedySeat, RandomSeat
from typer.testing import CliRunner


def _log(rules: str, seed: int) -> list[str]:
    buf = io.StringIO()
    seats = [RandomSeat(seed + p) if p % 2 else GreedySeat(seed + p) for p in range(4)]
    play_match(seats, seed=seed, rules=rules, log=buf)
    return buf.getvalue().splitlines()


LOGS = {
    "hong-kong": _log("hong-kong", 5),
    "taiwanese-high": _log("taiwanese-high", 3)[:400],  # its first deals: the rest is alike
}
# the Taiwanese log cut to whole deals (a header follows the last kept line)
_tw = LOGS["taiwanese-high"]
_cut = max(i for i, ln in enumerate(_tw) if ln.startswith('{"type":"header"') and i > 0)
LOGS["taiwanese-high"] = _tw[:_cut]


def test_the_logs_used_here_replay() -> None:
    for lines in LOGS.values():
        assert replay(lines)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys of objects, indices of lists), the value's own first."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):  # a few items of each list: they are all alike
            out += _paths(v, (*prefix, i))
    return out


def _json_type(v: Any) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    return type(v).__name__


#: values of each JSON type but float (a float is refused by the reader before any field)
OTHER_VALUES: dict[str, list[Any]] = {
    "bool": [True, False],
    "int": [0, 1, 3, 2**64],
    "str": ["", "0", "discard", "a\x00b", "\x00"],
    "list": [[], [0], ["x"], [[1]]],
    "dict": [{}, {"type": "discard"}, {"0": 0}],
}


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _get(obj: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        obj = obj[key]
    return obj


@st.composite
def wrong_typed(draw: st.DrawFn) -> tuple[list[str], int]:
    """A log with one field of one line replaced by a value of another JSON type (a string
    may hold NUL characters); returns the lines and the 1-based number of that line."""
    lines = draw(st.sampled_from(sorted(LOGS)).map(LOGS.__getitem__))
    i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
    obj = json.loads(lines[i])
    path = draw(st.sampled_from(_paths(obj)))
    old = _get(obj, path)
    kinds = [k for k in OTHER_VALUES if k != _json_type(old)]
    if old is None:  # null (a seed not given, the deal event's player): any value is wrong
        kinds = [k for k in kinds if k != "int"] if path[-1] == "seed" else kinds
    value = draw(st.sampled_from(OTHER_VALUES[draw(st.sampled_from(kinds))]))
    _set(obj, path, value)
    out = list(lines)
    out[i] = json.dumps(obj)
    return out, i + 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wrong_typed())
def test_a_field_of_another_type_is_a_replay_error_on_its_line(case: tuple[list[str], int]) -> None:
    lines, line = case
    with pytest.raises(ReplayError) as e:
        replay(lines)
    assert e.value.line == line, (e.value, line)
    assert str(e.value).startswith(f"line {line}: ")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_line_cut_short_is_a_replay_error_on_its_line(data: st.DataObject) -> None:
    lines = LOGS[data.draw(st.sampled_from(sorted(LOGS)))]
    i = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    cut = data.draw(st.integers(min_value=1, max_value=len(lines[i]) - 1))
    text = "\n".join([*lines[:i], lines[i][:cut]])
    with pytest.raises(ReplayError) as e:
        replay(text.encode())
    assert e.value.line == i + 1


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_log_cut_between_lines_is_an_error_after_its_end(data: st.DataObject) -> None:
    lines = LOGS["hong-kong"]
    n = data.draw(st.integers(min_value=1, max_value=len(lines) - 1))
    with pytest.raises(ReplayError) as e:
        replay(lines[:n])
    assert e.value.line == n + 1


def test_a_nul_byte_anywhere_in_a_line_is_a_replay_error_on_its_line() -> None:
    lines = LOGS["hong-kong"]
    for i in (0, 1, 6, len(lines) - 1):
        for at in (0, 5, len(lines[i]) // 2, len(lines[i])):
            bad = [*lines[:i], lines[i][:at] + "\x00" + lines[i][at:], *lines[i + 1 :]]
            with pytest.raises(ReplayError) as e:
                replay("\n".join(bad).encode())
            assert e.value.line == i + 1


@pytest.mark.parametrize("path", ["game\x00.jsonl", Path("game\x00.jsonl")])
def test_a_path_with_a_nul_byte_is_a_replay_error(path: Any) -> None:
    with pytest.raises(ReplayError, match="NUL"):
        replay(path)


runner = CliRunner()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(case=wrong_typed(), command=st.sampled_from(["replay", "review"]))
def test_replay_and_review_print_the_line_and_exit_2(
    tmp_path: Path, case: tuple[list[str], int], command: str
) -> None:
    lines, line = case
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = [command, str(path)] + (["--seat", "1"] if command == "review" else [])
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    err = r.stderr if hasattr(r, "stderr") else r.output
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert f"line {line}: " in err and "internal error" not in err
