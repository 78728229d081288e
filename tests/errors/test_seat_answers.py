"""What the game loop does with a seat's answer (issue §2 bullet 5): ``None`` or garbage is a
TypeError naming the seat, an action for another player is rejected like any illegal action,
numpy integers are plain ints in the log, and a log is never left half written by an error."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, ActionType, play_match, replay
from mahjong_fast.game.log import LogWriter
from mahjong_fast.game.match import MAX_RETRIES, checked_action, new_deal, run_deal
from mahjong_fast.seats import RandomSeat


def _seats(first: Any) -> list[Any]:
    return [first, *(RandomSeat(p) for p in (1, 2, 3))]


def _log(seats: Sequence[Any], seed: int = 4, deals: int = 2) -> str:
    buf = io.StringIO()
    play_match(seats, seed=seed, deals=deals, log=buf)
    return buf.getvalue()


class Answers(RandomSeat):
    """A random seat whose answers are rewritten by ``change(action)``."""

    def __init__(self, change: Any, seed: int = 0):
        super().__init__(seed)
        self.change = change

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return self.change(super().choose(view, legal))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "garbage", [None, "discard", 0, ("discard", 0, (5,)), {"type": "pass", "player": 0}]
)
def test_a_seat_answering_garbage_is_a_type_error_naming_the_seat(garbage: Any) -> None:
    with pytest.raises(TypeError, match=r"seat P0 \(random\)"):
        play_match(_seats(Answers(lambda a: garbage)), seed=1)


@pytest.mark.parametrize("bad", [1.0, True, "0", None])
def test_a_player_or_tile_that_is_not_an_integer_is_a_type_error(bad: Any) -> None:
    with pytest.raises(TypeError, match="seat P0"):
        play_match(_seats(Answers(lambda a: Action(a.type, bad, a.tiles))), seed=1)
    with pytest.raises(TypeError, match="seat P0"):
        play_match(_seats(Answers(lambda a: Action(a.type, 0, (bad,)) if a.tiles else a)), seed=1)


class Impostor(RandomSeat):
    """First answers every question with the same action for the next player; answers
    honestly when that is rejected. Its honest answers are those of RandomSeat(seed)."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.pending = False
        self.rejections: list[str] = []

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not self.pending:
            self.pending = True
            honest = legal[0]
            return Action(honest.type, (honest.player + 1) % 4, honest.tiles)
        self.pending = False
        return super().choose(view, legal)

    def rejected(self, action: Action, error: Exception) -> None:
        assert isinstance(error, IllegalActionError)
        self.rejections.append(error.code)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_an_action_for_another_player_is_rejected_and_changes_nothing(seat: int) -> None:
    seats: list[Any] = [RandomSeat(p) for p in range(4)]
    honest_log = _log(seats, seed=11)
    impostor = Impostor(seat)
    seats[seat] = impostor
    assert _log(seats, seed=11) == honest_log  # the impostor's attempts changed nothing
    assert impostor.rejections and set(impostor.rejections) == {"NOT_YOUR_TURN"}


def test_a_seat_that_only_answers_for_others_is_stopped_with_its_name() -> None:
    other = Answers(lambda a: Action(ActionType.PASS, (a.player + 1) % 4))
    with pytest.raises(IllegalActionError, match=rf"seat P0 \(random\) answered {MAX_RETRIES}"):
        play_match(_seats(other), seed=1)


def test_numpy_integers_in_an_answer_give_the_same_plain_log() -> None:
    def as_numpy(a: Action) -> Action:
        return Action(a.type, np.int64(a.player), tuple(np.int16(t) for t in a.tiles))  # type: ignore[arg-type]

    text = _log(_seats(Answers(as_numpy)))
    assert text == _log(_seats(RandomSeat(0)))
    assert len(replay(text)) == 2


@settings(max_examples=60, deadline=None)
@given(
    player=st.integers(min_value=0, max_value=3),
    width=st.sampled_from([np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64]),
    tiles=st.lists(st.integers(min_value=0, max_value=143), max_size=3),
)
def test_checked_action_turns_numpy_integers_into_ints(
    player: int, width: Any, tiles: list[int]
) -> None:
    a = checked_action(Action(ActionType.DISCARD, width(player), tuple(width(t) for t in tiles)), player)
    assert a == Action(ActionType.DISCARD, player, tuple(tiles))
    assert type(a.player) is int and all(type(t) is int for t in a.tiles)
    with pytest.raises(IllegalActionError) as e:
        checked_action(a, (player + 1) % 4)
    assert e.value.code == "NOT_YOUR_TURN"


def test_an_event_json_cannot_hold_leaves_the_log_as_it_was(tmp_path: Path) -> None:
    seats = [RandomSeat(p) for p in range(4)]
    deals = []
    for d in range(2):
        deal = new_deal(seats, seed=3, deal_index=d)
        run_deal(deal, seats)
        deals.append(deal)
    path = tmp_path / "log.jsonl"
    with LogWriter(path) as w:
        w.write_deal(deals[0])
        before = path.read_text()
        deals[1].events[len(deals[1].events) // 2].data["oops"] = object()
        with pytest.raises(TypeError):
            w.write_deal(deals[1])
        assert path.read_text() == before
    assert len(replay(path)) == 1
