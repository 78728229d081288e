"""Live games of the web app: one :func:`~mahjong_fast.game.match.play_match` per game, on its
own thread, whose human seat (:class:`WebSeat`, P0) waits for the page's choice.

The page never sees more than the human's seat may (rules §14): every state is built from
``deal.view(0)`` and the events the deal's listener redacts for P0
(:func:`~mahjong_fast.game.events.visible_event`); the legal actions are the engine's
(``deal.legal_actions(0)``); a choice goes back to the engine, which accepts it or refuses it
with its §13 code (:class:`~mahjong_fast.errors.IllegalActionError`), the state unchanged.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

from .. import _core
from ..errors import MahjongError, RuleConfigError
from ..game.actions import Action, ActionType, Phase
from ..render import code_of_id
from ..rules import Ruleset
from ..seats.base import BaseSeat
from ..words import LANGUAGES, Words

__all__ = [
    "MAX_GAMES",
    "Game",
    "GameError",
    "GameSettings",
    "Games",
    "WebSeat",
]

#: at most this many live games; a new one drops the game idle for longest
MAX_GAMES = 64
#: how long a request waits for the AI seats to move before answering with the state so far
WAIT_SECONDS = 60.0
#: the page's ``data-action`` of each action type (a kong of any kind is ``kong``)
ACTION_CLASS = {
    ActionType.CHOW: "chow",
    ActionType.PUNG: "pung",
    ActionType.KONG: "kong",
    ActionType.CONCEALED_KONG: "kong",
    ActionType.ADDED_KONG: "kong",
    ActionType.WIN: "win",
    ActionType.SELF_DRAWN_WIN: "win",
    ActionType.BONUS_WIN: "win",
    ActionType.PASS: "pass",
    ActionType.DECLINE: "pass",
    ActionType.DECLARE_READY: "ready",
    ActionType.DISCARD: "discard",
}
#: the term (``words.TERM_KEYS``) that names each action type on its button
_TERM = {
    ActionType.CHOW: "chow",
    ActionType.PUNG: "pung",
    ActionType.KONG: "kong",
    ActionType.CONCEALED_KONG: "concealed_kong",
    ActionType.ADDED_KONG: "added_kong",
    ActionType.WIN: "win",
    ActionType.SELF_DRAWN_WIN: "self_draw",
    ActionType.BONUS_WIN: "win",
    ActionType.PASS: "pass",
    ActionType.DECLINE: "pass",
    ActionType.DECLARE_READY: "ready",
    ActionType.DISCARD: "discard",
}


#: the events of an AI seat's move that the page shows one after another, at the game's pace
_PACED = frozenset({"discard", "claim", "concealed_kong", "added_kong", "kong_completed", "bonus"})


class GameError(MahjongError):
    """A request the game refuses: ``status`` is the HTTP status, ``code`` names the problem
    (the engine's §13 code for an illegal action)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


class _Dropped(Exception):
    """The game was dropped (too many live games, or the server stops): its thread ends."""


def tile(tile_id: int) -> dict[str, Any]:
    """A physical tile as the page gets it: its id and its code (``5m``, ``1f``)."""
    return {"id": tile_id, "code": code_of_id(tile_id)}


@dataclass(frozen=True)
class GameSettings:
    """What a new game is: the ruleset (with its switches), seed, mode, AI seats, language and
    the pace of the AI's moves on the page."""

    rules: Ruleset
    seed: int
    mode: str = "deal"  # "deal" or "match"
    opponents: str = "expert"
    lang: str = "en"
    pace: float = 0.5

    def match_args(self) -> tuple[Ruleset, int | None]:
        """The ruleset and ``deals`` of :func:`play_match`: one deal, or a match (Hong Kong:
        four deals; a ruleset whose switches set its match length, TW §16: that match)."""
        deals = 1 if self.mode == "deal" else 4
        try:
            _core.Match(self.rules, deals=deals)
        except RuleConfigError:  # the match is as long as the switches say
            if self.mode == "deal":
                row = next(
                    (r for r in self.rules.switch_table() if r.name == "match_length"), None
                )
                allowed = row.allowed if row is not None else []
                if isinstance(allowed, list) and "one_deal" in allowed:
                    return self.rules.replace(match_length="one_deal"), None
            return self.rules, None
        return self.rules, deals


class WebSeat(BaseSeat):
    """The person at the page (P0): each decision waits for the page's choice (a forced one,
    the only legal action, is taken at once as ``play`` does)."""

    name = "human"
    live_view = True

    def __init__(self, game: Game) -> None:
        self.game = game
        self.deals_started = 0

    def new_deal(self, deal_index: int, player: int) -> None:
        if self.deals_started:
            self.game._between_deals()
        self.deals_started += 1

    def notify(self, event: Any) -> None:
        self.game._event(event)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or all(a.type is ActionType.PASS for a in legal):
            return legal[0]
        return self.game._ask(view._deal, legal)

    def rejected(self, action: Action, error: Exception) -> None:
        self.game._rejected(error)


class Game:
    """One live game: its thread plays the match; the page's requests read its state and
    send the human's choices (:meth:`act`, :meth:`next_deal`)."""

    def __init__(self, settings: GameSettings, log_path: Path | None) -> None:
        self.id = secrets.token_urlsafe(18)
        self.settings = settings
        self.log_path = log_path
        self.words = Words(settings.lang, settings.rules)
        #: the game's words in every language: each text the page shows comes in all of
        #: them (``texts``, ``labels``...) so that the page switches without a reload
        self.all_words = {code: Words(code, settings.rules) for code in LANGUAGES}
        self._cond = threading.Condition()
        #: starting, running, waiting (the human acts), between (a deal ended, the next
        #: waits), over, dropped, failed
        self.status = "starting"
        self.deal: Any = None
        self.legal: list[Action] = []
        self.events: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.final_scores: list[int] | None = None
        self.error: str | None = None
        self.last_active = time.monotonic()
        self._answer: Action | str | None = None  # P0's move, or "next"
        self._reply: GameError | None = None
        self._rejects = 0
        self._deal_index = 0
        self._last_view: Any = None
        self._stop = False
        self._thread: threading.Thread | None = None

    @property
    def ended(self) -> bool:
        """Whether the game's thread has ended (over, dropped or failed)."""
        return self.status in ("over", "dropped", "failed")

    # ----------------------------------------------------------------- the game thread
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"game-{self.id[:6]}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        from ..game.match import play_match
        from ..seats import make_seat

        s = self.settings
        rules, deals = s.match_args()
        seats = [WebSeat(self), *(make_seat(s.opponents, s.seed + p) for p in (1, 2, 3))]
        log_file: IO[str] | None = None
        try:
            if self.log_path is not None:
                log_file = open(self.log_path, "x", encoding="utf-8")  # noqa: SIM115
            match = play_match(
                seats, seed=s.seed, deals=deals, rules=rules, log=log_file,
                on_deal=self._deal_ended,
            )  # fmt: skip
            with self._cond:
                self.final_scores = list(match.scores)
                self.status, self._answer = "over", None
                self._cond.notify_all()
        except _Dropped:
            with self._cond:
                self.status, self._answer = "dropped", None
                self._cond.notify_all()
        except Exception as exc:  # noqa: BLE001 - said on the page, never a dead request
            with self._cond:
                self.status, self.error = "failed", f"{type(exc).__name__}: {exc}"
                self._answer = None
                self._cond.notify_all()
        finally:
            with self._cond:
                # the table as P0 last saw it is kept; the deal (and through its listener
                # the seats, with their caches) is let go
                if self.deal is not None:
                    self._last_view = self.deal.view(0)
                self.deal = None
            if log_file is not None:
                log_file.close()
                with contextlib.suppress(OSError):
                    if self.log_path is not None and os.path.getsize(self.log_path) == 0:
                        os.unlink(self.log_path)

    def _event(self, event: Any) -> None:
        """An event as P0 may see it (the deal's listener redacted it)."""
        from ..seats.narration import describe_event

        texts: dict[str, str | None] = {}
        for code, w in self.all_words.items():
            try:
                line = describe_event(event, 0, ascii=True, unit=self.settings.rules.unit,
                                      words=w if w.chinese else None)  # fmt: skip
            except Exception:  # noqa: BLE001 - a line of narration never stops the game
                line = None
            texts[code] = None if line is None else line.plain
        with self._cond:
            if event.type == "deal":
                self._deal_index = int(event.data.get("deal_index", 0))
            record: dict[str, Any] = {"n": len(self.events), "deal": self._deal_index,
                                      "e": event.to_json(),
                                      "text": texts[self.settings.lang],
                                      "texts": texts}  # fmt: skip
            # an AI seat's move: the table as P0 sees it just after, for the page to show the
            # moves one after another (the listener runs once the deal has taken the move)
            deal = self.deal
            if (event.type in _PACED and event.player not in (0, None) and deal is not None
                    and deal.deal_index == self._deal_index):  # fmt: skip
                record["table"] = table_of(deal.view(0))
            self.events.append(record)

    def _deal_ended(self, deal: Any, res: Any) -> None:
        with self._cond:
            self.deal = deal
            self.results.append(self._result(res))

    def _settle(self) -> None:
        """A request waiting for the human's move to be played hears that it was."""
        if self._answer is not None:
            self._answer = None
        self._cond.notify_all()

    def _ask(self, deal: Any, legal: Sequence[Action]) -> Action:
        with self._cond:
            self.deal, self.legal = deal, list(legal)
            self.status = "waiting"
            self._settle()
            while True:
                while self._answer is None and not self._stop:
                    self._cond.wait()
                if self._stop:
                    raise _Dropped
                answer = self._answer
                if not isinstance(answer, Action):
                    self._answer = None
                    continue
                if self._rejects >= 50 and not deal.is_legal(answer):
                    # the engine refuses it (its code was given 50 times in a row already):
                    # the deal's retry count is left alone
                    self._reply = GameError(422, "ILLEGAL_ACTION", f"illegal action: {answer}")
                    self._answer = None
                    self.status = "waiting"
                    self._cond.notify_all()
                    continue
                self.status = "running"
                return answer

    def _rejected(self, error: Exception) -> None:
        with self._cond:
            self._rejects += 1
            code = getattr(error, "code", "ILLEGAL_ACTION")
            self._reply = GameError(422, str(code), str(error))
            self._answer = None
            self._cond.notify_all()

    def _between_deals(self) -> None:
        with self._cond:
            self.status, self.legal = "between", []
            self._settle()
            while self._answer != "next":
                if self._stop:
                    raise _Dropped
                self._cond.wait()
            self._answer = None
            self.status = "running"

    # ----------------------------------------------------------------- requests
    def _wait_settled(self) -> None:
        """Wait (the lock held) until the game thread waits for the page or has ended."""
        deadline = time.monotonic() + WAIT_SECONDS
        while self.status in ("starting", "running") and time.monotonic() < deadline:
            self._cond.wait(timeout=0.5)

    def state(self, since: int = 0) -> dict[str, Any]:
        """What the page shows now: the table as P0 sees it, the legal actions while P0 acts,
        the results so far and the events from number ``since`` on."""
        with self._cond:
            self.last_active = time.monotonic()
            self._wait_settled()
            return self._state(since)

    def act(self, action: Action, since: int = 0) -> dict[str, Any]:
        """Play P0's ``action``: the engine checks it; on to P0's next decision (the AI seats
        move meanwhile) or the end of the deal. Raises GameError (409 when P0 has no decision
        to make, 422 with the engine's code for an illegal action; nothing changes)."""
        with self._cond:
            self.last_active = time.monotonic()
            self._wait_settled()
            if self.status != "waiting":
                raise GameError(409, "NOT_YOUR_TURN", f"no decision of yours now ({self.status})")
            self._reply = None
            self._answer = action
            self.status = "running"
            self._cond.notify_all()
            while self._answer is not None and self._reply is None and not self.ended:
                self._cond.wait(timeout=0.5)
            reply, self._reply = self._reply, None
            if reply is not None:
                # refused, nothing changed: the game thread asks P0 again (status "waiting"
                # once it does; until then another move waits in _wait_settled)
                self._wait_settled()
                raise reply
            self._rejects = 0
            self._wait_settled()
            self.last_active = time.monotonic()
            return self._state(since)

    def next_deal(self, since: int = 0) -> dict[str, Any]:
        """Go on with the next deal of the match (409 unless a deal has just ended)."""
        with self._cond:
            self.last_active = time.monotonic()
            self._wait_settled()
            if self.status != "between":
                raise GameError(409, "NO_NEXT_DEAL", f"no deal to go on with now ({self.status})")
            self._answer = "next"
            self.status = "running"
            self._cond.notify_all()
            while self._answer == "next":
                self._cond.wait(timeout=0.5)
            self._wait_settled()
            return self._state(since)

    def hint(self) -> dict[str, Any]:
        """The expert's ranking of P0's options with its reasons (what ``hint`` shows in
        ``play``): 409 when P0 has no decision to make."""
        from ..seats.hints import _option_words, _reason_words

        with self._cond:
            self.last_active = time.monotonic()
            self._wait_settled()
            if self.status != "waiting":
                raise GameError(409, "NOT_YOUR_TURN", f"no decision of yours now ({self.status})")
            def said(r: Any) -> dict[str, dict[str, str]]:
                ws = self.all_words.items()
                return {"options": {c: _option_words(w, r) if w.chinese else r.option
                                    for c, w in ws},
                        "reasons": {c: _reason_words(w, r) if w.chinese else r.reason
                                    for c, w in ws}}  # fmt: skip

            rows = []
            for r in self.deal.hint(0):
                texts = said(r)
                rows.append({
                    "option": texts["options"][self.settings.lang],
                    "value": r.value,
                    "reason": texts["reasons"][self.settings.lang],
                    "expert": r.expert,
                    "action": self._action_json(r.action),
                    **texts,
                })  # fmt: skip
            return {"rows": rows}

    def drop(self) -> None:
        """End the game's thread (the log keeps what was played)."""
        with self._cond:
            # a flag, not an answer: a move being played does not overwrite it
            self._stop = True
            self._cond.notify_all()

    # ----------------------------------------------------------------- views
    def _action_json(self, a: Action) -> dict[str, Any]:
        codes = " ".join(code_of_id(t) for t in a.tiles)
        labels: dict[str, str] = {c: f"{w.term(_TERM.get(a.type, 'pass'))} {codes}".strip()
                                  for c, w in self.all_words.items()}  # fmt: skip
        return {
            "type": a.type.value,
            "class": ACTION_CLASS.get(a.type, a.type.value),
            "tiles": [tile(t) for t in a.tiles],
            "label": labels[self.settings.lang],
            "labels": labels,
        }

    def _result(self, res: Any) -> dict[str, Any]:
        """A deal's result for the page: every element with its value, the payments and the
        scores; the final hands of the winners only (the others stay hidden, rules §14)."""
        d: dict[str, Any] = res.to_dict()
        shown = {*d.get("winners", []), 0}
        for key in ("final_hands", "final_melds", "final_bonus"):
            if key in d:
                d[key] = [v if p in shown else None for p, v in enumerate(d[key])]
        for win in [d, *d.get("wins", [])]:
            for el in win.get("elements", []):
                el["labels"] = {c: w.element((el["code"], el["name"]))
                                for c, w in self.all_words.items()}  # fmt: skip
                el["label"] = el["labels"][self.settings.lang]
        return d

    def _state(self, since: int) -> dict[str, Any]:
        s = self.settings
        out: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "rules": s.rules.name,
            "unit": s.rules.unit,
            "mode": s.mode,
            "seed": s.seed,
            "pace": s.pace,
            "lang": s.lang,
            "events": self.events[max(0, since):],
            "next_event": len(self.events),
            "results": self.results,
            "final_scores": self.final_scores,
            "error": self.error,
            "log": None if self.log_path is None else self.log_path.name,
        }
        deal = self.deal
        if deal is None and self._last_view is None:
            return out
        v = deal.view(0) if deal is not None else self._last_view
        waiting = self.status == "waiting"
        legal = self.legal if waiting else []
        discardable = {a.tiles[0] for a in legal if a.type is ActionType.DISCARD}
        out["table"] = table_of(v, discardable)
        out["legal"] = [
            {**self._action_json(a), "index": i}
            for i, a in enumerate(legal)
            if a.type is not ActionType.DISCARD
        ]
        out["may_discard"] = bool(discardable)
        return out


def table_of(v: Any, discardable: set[int] | frozenset[int] = frozenset()) -> dict[str, Any]:
    """The table as the page draws it, from P0's view ``v`` (rules §14): the tiles of
    ``discardable`` are marked as the ones P0 may discard now."""
    drawn = v.drawn_tile
    hand = [t for t in v.hand if t != drawn]
    return {
        "phase": v.phase.value if isinstance(v.phase, Phase) else str(v.phase),
        "deal_index": v.deal_index,
        "dealer": v.dealer,
        "dealer_streak": v.dealer_streak,
        "seat_winds": list(v.seat_winds),
        "prevailing_wind": v.prevailing_wind,
        "remaining": v.remaining,
        "scores": list(v.scores),
        "hand": [{**tile(t), "discard": t in discardable} for t in hand],
        "drawn": None if drawn is None else {**tile(drawn), "discard": drawn in discardable},
        "melds": [
            [{"kind": m.name, "tiles": [tile(t) for t in m.tiles]} for m in seat]
            for seat in v.melds
        ],
        "discards": [[tile(t) for t in seat] for seat in v.discards],
        "bonus": [[tile(t) for t in seat] for seat in v.bonus],
        "last_discard": None if v.last_discard is None
        else {"player": v.last_discard[0], "tile": tile(v.last_discard[1])},
        "flags": [sorted(f) for f in v.public_flags],
    }  # fmt: skip


class Games:
    """The live games, at most ``limit``: a new game beyond it drops the game idle for
    longest (its page is told so). Dropped ids are remembered (the last 1024) so that the page
    hears "dropped", not "unknown"."""

    def __init__(self, logs: Path | None, limit: int = MAX_GAMES) -> None:
        self.logs = logs
        self.limit = limit
        self._lock = threading.Lock()
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._dropped: deque[str] = deque(maxlen=1024)

    def __len__(self) -> int:
        return len(self._games)

    def _log_path(self, settings: GameSettings, game_id: str) -> Path | None:
        if self.logs is None:
            return None
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        return self.logs / f"{stamp}-{settings.rules.name}-{settings.seed}-{game_id[:8]}.jsonl"

    def new(self, settings: GameSettings) -> Game:
        """Start a game (dropping the longest idle one when ``limit`` games are live)."""
        with self._lock:
            while len(self._games) >= self.limit:
                # a game that has ended goes first, then the one idle for longest
                oldest = min(self._games.values(), key=lambda g: (not g.ended, g.last_active))
                self._drop(oldest.id)
            game = Game(settings, None)
            game.log_path = self._log_path(settings, game.id)
            self._games[game.id] = game
        game.start()
        return game

    def _drop(self, game_id: str) -> None:
        game = self._games.pop(game_id)
        self._dropped.append(game_id)
        game.drop()

    def get(self, game_id: str) -> Game:
        """The live game of ``game_id``; GameError 410 for a dropped one, 404 for no game."""
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                return game
            if game_id in self._dropped:
                raise GameError(
                    410, "GAME_DROPPED",
                    f"this game was dropped: at most {self.limit} games stay live, and it was "
                    "the one idle for longest",
                )  # fmt: skip
        raise GameError(404, "NO_SUCH_GAME", "no such game")

    def playing(self, path: Path) -> bool:
        """Whether ``path`` is the log of a live game still being played (its log would show
        the hands the page hides)."""
        with self._lock:
            games = list(self._games.values())
        for g in games:
            if g.log_path is not None and g.status not in ("over", "dropped", "failed"):
                with contextlib.suppress(OSError):
                    if g.log_path.resolve() == path.resolve():
                        return True
        return False

    def close(self) -> None:
        """Drop every game (the server stops)."""
        with self._lock:
            for game_id in list(self._games):
                self._drop(game_id)
