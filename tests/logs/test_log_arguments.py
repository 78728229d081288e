"""The arguments that lead to a log (issue 36 §1): ``log=`` that is neither a path nor a text
file is a TypeError naming it (never an AttributeError); numpy integers are ints wherever an
int is taken (seeds, match indices, the seat reviewed), and what the log holds is plain JSON;
an error shows a number as it was given, however large."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import InvalidHandError
from mahjong_fast.game import play_match, replay
from mahjong_fast.review import review_log
from mahjong_fast.seats import GreedySeat

BAD_LOGS = [5, 1.5, True, b"game.jsonl", object(), io.BytesIO()]


def _seats() -> list[GreedySeat]:
    return [GreedySeat(p) for p in range(4)]


@pytest.mark.parametrize("log", BAD_LOGS, ids=lambda v: type(v).__name__)
def test_play_match_log_of_a_wrong_type_is_a_type_error(log: Any) -> None:
    with pytest.raises(TypeError, match="log must be a path"):
        play_match(_seats(), seed=1, log=log)


@pytest.mark.parametrize("log", BAD_LOGS, ids=lambda v: type(v).__name__)
def test_arena_log_of_a_wrong_type_is_a_type_error(log: Any) -> None:
    with pytest.raises(TypeError, match="log must be a path"):
        mf.arena(["greedy"] * 4, walls=1, workers=1, log=log)


@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint32, np.uint64])
def test_numpy_integers_make_the_same_log_as_ints(kind: Any) -> None:
    plain, numpy = io.StringIO(), io.StringIO()
    play_match(_seats(), seed=7, deals=1, match_index=1, log=plain)
    play_match(_seats(), seed=kind(7), deals=kind(1), match_index=kind(1), log=numpy)
    assert numpy.getvalue() == plain.getvalue()
    head = json.loads(plain.getvalue().splitlines()[0])
    assert (head["seed"], head["match"]) == (7, 1)
    assert replay(numpy.getvalue())


def test_arena_with_a_numpy_seed_writes_the_same_log() -> None:
    plain, numpy = io.StringIO(), io.StringIO()
    mf.arena(["greedy"] * 4, walls=1, workers=1, seed=3, log=plain)
    mf.arena(["greedy"] * 4, walls=np.int64(1), workers=np.int64(1), seed=np.uint64(3), log=numpy)
    assert numpy.getvalue() == plain.getvalue() and replay(numpy.getvalue())


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    play_match(_seats(), seed=2, log=path)
    return path


@pytest.mark.parametrize("seat", [np.int64(1), np.uint8(1), np.int32(1)])
def test_review_takes_a_numpy_seat(game_log: Path, seat: Any) -> None:
    assert review_log(game_log, seat=seat) == review_log(game_log, seat=1)


@pytest.mark.parametrize("seat", [True, np.bool_(True), 1.0, "1"])
def test_review_refuses_a_seat_that_is_not_an_int(game_log: Path, seat: Any) -> None:
    with pytest.raises(TypeError, match="seat"):
        review_log(game_log, seat=seat)


@settings(max_examples=60, deadline=None)
@given(
    where=st.integers(min_value=0, max_value=33),
    big=st.one_of(
        st.integers(min_value=5, max_value=2**200), st.integers(min_value=-(2**200), max_value=-1)
    ),
)
def test_a_count_out_of_range_is_shown_as_given(where: int, big: int) -> None:
    counts: list[Any] = [0] * 34
    counts[where] = big
    for form in (counts, tuple(counts)):
        with pytest.raises(InvalidHandError) as e:
            mf.shanten(form)
        assert f"is {big};" in str(e.value)
