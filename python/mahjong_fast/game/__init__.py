"""The deal (Hong Kong or Taiwanese): state machine, actions, seat views, events, logs and
matches.

Typical use (a terminal UI or a bot)::

    from mahjong_fast.game import Deal, Phase, Action, ActionType, play_match, run_deal
    from mahjong_fast.seats import make_seat

    result = play_match([my_seat, make_seat("greedy", 1), make_seat("greedy", 2),
                         make_seat("greedy", 3)], seed=7)
    match = play_match([my_seat, make_seat("greedy", 1), make_seat("greedy", 2),
                        make_seat("greedy", 3)], seed=7, rules="taiwanese-low")   # TW §16
    # with log="game.jsonl" the match is written as it goes; stopped, it goes on with
    match = resume_match(seats, "game.jsonl")
"""

from .actions import Action, ActionType, Phase
from .deal import Deal
from .events import Event, visible_event
from .log import LogWriter, replay, replay_deals, write_log
from .match import MatchResult, deal_wall, new_deal, play_match, resume_match, run_deal
from .result import DealResult, WinResult
from .view import MeldView, SeatView

__all__ = [
    "Action",
    "ActionType",
    "Deal",
    "DealResult",
    "Event",
    "LogWriter",
    "MatchResult",
    "MeldView",
    "Phase",
    "SeatView",
    "WinResult",
    "deal_wall",
    "new_deal",
    "play_match",
    "replay",
    "replay_deals",
    "resume_match",
    "run_deal",
    "visible_event",
    "write_log",
]
