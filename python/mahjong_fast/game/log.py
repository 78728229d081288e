"""JSON Lines event logs and replay (design §4).

A log holds one or more deals. Each deal starts with a header line::

    {"type": "header", "format": 1, "engine_version": "0.1.0",
     "ruleset": {"name": "hong-kong", "switches": {"min_faan": 3, "max_faan": 13,
                 "spiciness": "spicy", "responsibility": "seed", "unit": 1,
                 "rotate_dealer": false}},
     "seed": 7, "deal_index": 0, "dealer": 0, "seats": ["you", "greedy", "greedy", "greedy"],
     "scores": [0, 0, 0, 0], "auto_pass": true, "wall": [...144 ids...]}

followed by one line per :class:`~mahjong_fast.game.events.Event` (``Event.to_json()``).
:class:`LogWriter` writes a deal being played as it goes (the header when it begins, then each
action and what follows from it), so a game stopped at any moment leaves a log whose last deal
stops at a decision: ``replay_deals(..., allow_unfinished=True)`` reads it and
:func:`~mahjong_fast.game.match.resume_match` goes on with it.

Every field has the type this format gives it (``seed``: null or a whole number 0..2**64-1,
``seats``: four strings, an action's ``type``: one of the action names...); a field of
another type is a :class:`~mahjong_fast.errors.ReplayError` on its line.

``engine_version`` is the version of mahjong_fast that wrote the log (``mahjong_fast.__version__``),
for telling which release played a deal; replay does not depend on it, and logs written before
it was added (without it) replay the same.

A deal with a prevailing wind other than East or a dealer streak (Taiwanese matches, TW §16)
adds ``"prevailing_wind": 0..3`` and ``"dealer_streak": k`` to its header; absent, they are
East and 0 (so Hong Kong logs are unchanged). A deal played in a match
(:func:`~mahjong_fast.game.match.play_match`) adds ``"match": j``, the match index. A Hong
Kong match under the house match switches of HK §19.10 adds, with ``match_length``
``east_round`` or ``full_game``, ``"passes": r`` to each header, and ends with a line
``{"type": "match_end", "deals": n, "reason": ..., "scores": [...]}`` (HK §19.13) that replay
checks against the match.

Format 2 (this version) proves every header field that changes a result: the ``deal`` event
records the state the deal starts from (``deal_index``, ``scores``, ``prevailing_wind``,
``dealer_streak``), and the deals of one match must follow each other (each starts from the
deal before: its deal index plus one, its scores and, TW §16, the dealer, streak and round
wind the match gives; a Taiwanese match's first deal from the match's start). Format 1 logs
(0.1) still replay; their start state is taken from the header as written. A deal set up by
:meth:`~mahjong_fast.game.deal.Deal.from_hands` cannot be written (its header cannot hold the
position).

``ruleset`` is the deal's :class:`~mahjong_fast.Ruleset` in its JSON form, every switch
included (HK §18), so a log can always be re-scored. Logs written by 0.1 have
``"ruleset": "hk"`` (a name, no switches): they mean the Hong Kong preset with the default
switches, and so does a header without ``ruleset``.

:func:`replay` rebuilds each deal from its header's wall and ruleset by re-applying the recorded
actions (the ``action`` events that are not engine auto-passes) to a fresh
:class:`~mahjong_fast.game.deal.Deal`, and checks that every event the engine produces equals
the logged one. A log that is unreadable, breaks a rule, or differs from what the rules
produce raises :class:`~mahjong_fast.errors.ReplayError` with the 1-based line number.

    >>> write_log("deal.jsonl", [deal], seed=7, seats=["a", "b", "c", "d"])   # doctest: +SKIP
    >>> [r.winner for r in replay("deal.jsonl")]                               # doctest: +SKIP
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, Union

from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, MahjongError, ReplayError
from mahjong_fast.rules import DEFAULT_RULES, Ruleset, RulesLike, resolve_rules

from .actions import Action, ActionType
from .deal import Deal
from .result import DealResult

__all__ = [
    "FORMAT_VERSION",
    "RULESET",
    "LogWriter",
    "deal_lines",
    "header",
    "header_rules",
    "replay",
    "replay_deals",
    "write_log",
]

FORMAT_VERSION = 2
#: the formats replay reads (1: written by 0.1, without the start state in the deal event)
FORMATS = (1, 2)
#: the keys of the ``deal`` event a format 1 log does not have
START_STATE = ("deal_index", "scores", "prevailing_wind", "dealer_streak")
#: what replay accepts: a path, the log text, an open text file, or an iterable of lines
LogSource = Union[str, "os.PathLike[str]", IO[str], Iterable[str]]
#: the ruleset name written by 0.1 (read as the Hong Kong preset with default switches)
RULESET = "hk"


def header(
    deal: Deal,
    *,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
    start_scores: Sequence[int] | None = None,
    match: int | None = None,
    passes: int | None = None,
    match_deals: int | None = None,
) -> dict[str, Any]:
    """The header dict of ``deal``. ``start_scores`` default: the scores before any payment;
    ``match``: the index of the match the deal belongs to (None: a deal of its own);
    ``passes``: how often the dealership has passed in the match before this deal, written
    for a Hong Kong match under ``match_length`` ``east_round`` or ``full_game`` (HK §19.13);
    ``match_deals``: the number of deals of a Hong Kong match of a given length under house
    match switches (so that it can be resumed and checked to its end).

    ``seed`` and ``match`` are ints (numpy's integer scalars too) 0..2**64-1 and 0..2**32-1,
    ``seats`` four names: TypeError naming the argument for another type, MahjongError out of
    range (what the log holds is what replay reads back)."""
    if seed is not None:
        seed = int(_core.checked_int(seed, "seed", 0, 2**64 - 1))
    if match is not None:
        match = int(_core.checked_int(match, "match", 0, 2**32 - 1))
    if seats is not None:
        seats = _core.checked_names(seats, "seats")
        if len(seats) != 4:
            raise ValueError(f"seats: four names expected, got {len(seats)}")
    if start_scores is None:
        start_scores = _start_scores(deal)
    head: dict[str, Any] = {
        "type": "header",
        "format": FORMAT_VERSION,
        "engine_version": _core.__version__,
        "ruleset": deal.rules.to_dict(),
        "seed": seed,
        "deal_index": deal.deal_index,
        "dealer": deal.dealer,
    }
    # TW §16: the match state the deal was played in (omitted at their defaults)
    if deal.prevailing_wind != 0:
        head["prevailing_wind"] = deal.prevailing_wind
    if deal.dealer_streak != 0:
        head["dealer_streak"] = deal.dealer_streak
    if match is not None:
        head["match"] = match
    if passes is not None:
        head["passes"] = passes
    if match_deals is not None:
        head["match_deals"] = match_deals
    head.update(
        {
            "seats": list(seats) if seats is not None else [f"P{i}" for i in range(4)],
            "scores": list(start_scores),
            "auto_pass": deal.auto_pass,
            "wall": list(deal.wall),
        }
    )
    return head


def _start_scores(deal: Deal) -> list[int]:
    scores = list(deal.scores)
    # a draw pays nothing; a false win (HK §19.11) pays its penalty
    if deal.result is not None and (
        not deal.result.exhaustive_draw or deal.result.false_win is not None
    ):
        scores = [s - p for s, p in zip(scores, deal.result.payments)]
    return scores


def deal_lines(
    deal: Deal,
    *,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
    match: int | None = None,
    passes: int | None = None,
    match_deals: int | None = None,
) -> Iterator[str]:
    """The log lines (without newlines) of one recorded deal: header, then its events.
    Raises ValueError for a deal built with ``record=False`` (it has no events to log) or set
    up by ``Deal.from_hands`` (a log replays a deal from its wall: the position cannot be
    written, so such a log would never replay)."""
    if not deal._keep:
        raise ValueError("this deal was built with record=False; it has no event log")
    if deal._set_up:
        raise ValueError(
            "this deal was set up by Deal.from_hands: a log replays a deal from its wall and "
            "cannot hold the position, so it is not written"
        )
    head = header(deal, seed=seed, seats=seats, match=match, passes=passes, match_deals=match_deals)
    yield json.dumps(head, separators=(",", ":"))
    for ev in deal.events:
        yield json.dumps(ev.to_json(), separators=(",", ":"))


class LogWriter:
    """Append deals to a JSON Lines log. Use as a context manager or call :meth:`close`.
    ``target``: a path (created or replaced; with ``append=True`` appended to) or an open text
    file. TypeError for anything else.

    :meth:`write_deal` writes a finished deal whole or not at all: its lines are all encoded
    before the first is written, in one write; if that write fails on a seekable file, the
    file is cut back to where the deal began.

    A deal being played is written as it goes: :meth:`start_deal` writes its header and the
    events so far, :meth:`catch_up` the events since (each time whole lines, flushed), and
    :meth:`end_deal` the rest. A game stopped at any moment (Ctrl-C, a closed terminal, an
    error) so leaves a log that replays up to there (``replay_deals(...,
    allow_unfinished=True)``; ``mahjong-fast play --resume`` continues it); a finished deal's
    lines are the same bytes either way."""

    def __init__(self, target: str | os.PathLike[str] | IO[str], *, append: bool = False):
        self._live: Deal | None = None  # the deal being written as it goes
        self._written = 0  # how many of its events are in the log
        if isinstance(target, (str, os.PathLike)):
            self._f: IO[str] = open(target, "a" if append else "w", encoding="utf-8")  # noqa: SIM115
            self._own = True
        elif callable(getattr(target, "write", None)) and not isinstance(
            target, (io.RawIOBase, io.BufferedIOBase)
        ):
            self._f = target
            self._own = False
        else:
            raise TypeError(
                "log must be a path (str or os.PathLike) or an open text file, not "
                f"{type(target).__name__}"
            )

    def write_deal(
        self,
        deal: Deal,
        *,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        match: int | None = None,
    ) -> None:
        """Write one recorded deal (header and events; ``match``: its match index). Raises
        ValueError for a deal built with ``record=False`` or set up by ``Deal.from_hands``,
        TypeError for an event that JSON cannot hold; the file is then as it was."""
        text = "".join(
            line + "\n" for line in deal_lines(deal, seed=seed, seats=seats, match=match)
        )
        try:
            start = self._f.tell() if self._f.seekable() else None
        except (OSError, ValueError):
            start = None
        try:
            self._put(text)
        except BaseException:
            if start is not None:
                try:
                    self._f.seek(start)
                    self._f.truncate()
                except (OSError, ValueError):
                    pass
            raise

    def _put(self, text: str) -> None:
        self._f.write(text)
        self._f.flush()

    def start_deal(
        self,
        deal: Deal,
        *,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        match: int | None = None,
        passes: int | None = None,
        match_deals: int | None = None,
    ) -> None:
        """Begin writing ``deal`` (recorded, not yet ended) as it is played: its header and
        its events so far, now. ValueError as :meth:`write_deal`."""
        lines = deal_lines(
            deal, seed=seed, seats=seats, match=match, passes=passes, match_deals=match_deals
        )
        head = next(lines)  # checks the deal can be logged
        self._live, self._written = None, 0
        self._put(head + "\n")
        self._live = deal
        self.catch_up()

    def resume_deal(self, deal: Deal) -> None:
        """Go on writing ``deal``, whose header and events so far are already in the log (a
        game resumed from it)."""
        self._live, self._written = deal, len(deal.events)

    def catch_up(self) -> None:
        """Write the events of the deal being played that the log does not hold yet."""
        deal = self._live
        if deal is None:
            return
        events = deal.events
        if len(events) > self._written:
            self._put(
                "".join(
                    json.dumps(ev.to_json(), separators=(",", ":")) + "\n"
                    for ev in events[self._written :]
                )
            )
            self._written = len(events)

    def end_deal(self) -> None:
        """Write the rest of the deal being played (its end)."""
        self.catch_up()
        self._live = None

    def end_match(self, deals: int, reason: str, scores: Sequence[int]) -> None:
        """Write the ``match_end`` line of a Hong Kong match under house match switches (HK
        §19.13): the deals played, why it ended (``deals``, ``east_round``, ``full_game``,
        ``max_deals``) and the final scores."""
        line = {"type": "match_end", "deals": deals, "reason": reason, "scores": list(scores)}
        self._put(json.dumps(line, separators=(",", ":")) + "\n")

    def close(self) -> None:
        if self._own:
            self._f.close()

    def __enter__(self) -> LogWriter:  # noqa: PYI034
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_log(
    target: str | os.PathLike[str] | IO[str],
    deals: Iterable[Deal],
    *,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
) -> None:
    """Write recorded deals (``Deal(record=True)``) to ``target`` (path or text file).
    Raises ValueError for a deal that cannot be replayed (``record=False``, or set up by
    ``Deal.from_hands``), before anything is written."""
    deals = list(deals)
    for d in deals:
        if not d._keep or d._set_up:
            next(deal_lines(d))  # raises the ValueError that says why
    with LogWriter(target) as w:
        for d in deals:
            w.write_deal(d, seed=seed, seats=seats)


# ---------------------------------------------------------------------------- replay
def _decode(raw: bytes, lineno: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReplayError(f"not UTF-8 text (byte {e.start + 1} of the line)", lineno) from None


def _split(text: str) -> list[str]:
    # lines end at "\n" only (as in a file), so line numbers are an editor's
    return [line.removesuffix("\r") for line in text.split("\n")]


def _split_bytes(data: bytes) -> list[str]:
    return [
        _decode(line.removesuffix(b"\r"), n) for n, line in enumerate(data.split(b"\n"), start=1)
    ]


def _read_lines(src: LogSource | bytes) -> list[str]:
    """The text lines of a log source; ReplayError (with the line) for what is not text."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        return _split_bytes(bytes(src))
    if isinstance(src, str) and ("\n" in src or not src.strip() or src.lstrip()[:1] == "{"):
        return _split(src)  # the log text itself
    if isinstance(src, (str, os.PathLike)):
        try:
            with open(src, "rb") as f:
                data = f.read()
        except OSError as e:
            raise ReplayError(f"cannot read log: {e}") from None
        except ValueError:  # a NUL byte in the path: no file has that name
            raise ReplayError(
                f"cannot read log: a path holds no NUL byte ({src!r})"[:200]
            ) from None
        return _split_bytes(data)
    if hasattr(src, "read"):
        data = src.read()
        if isinstance(data, (bytes, bytearray)):
            return _split_bytes(bytes(data))
        if isinstance(data, str):
            return _split(data)
        raise ReplayError(f"the file gave {type(data).__name__}, not text")
    if isinstance(src, (bool, int, float)) or src is None or not hasattr(src, "__iter__"):
        raise TypeError(
            "src must be a path, the log text, bytes, an open file or an iterable of lines "
            f"(got {type(src).__name__})"
        )
    lines: list[str] = []
    for n, item in enumerate(src, start=1):
        if isinstance(item, str):
            lines.append(item.rstrip("\r\n"))
        elif isinstance(item, (bytes, bytearray)):
            lines.append(_decode(bytes(item).rstrip(b"\r\n"), n))
        else:
            raise ReplayError(f"a log line must be text, not {type(item).__name__}", n)
    return lines


def _no_float(text: str) -> Any:
    raise ValueError(f"{text} is not a whole number (a log holds integers only)")


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number a log can hold")


def _parse(raw: str, lineno: int) -> dict[str, Any]:
    """One log line as a JSON object; ReplayError for anything else."""
    try:
        obj = json.loads(raw, parse_float=_no_float, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ReplayError(f"not JSON: {e.msg}", lineno) from None
    except RecursionError:
        raise ReplayError("not an event: nested too deeply", lineno) from None
    except ValueError as e:  # a float, NaN/Infinity, or an integer of thousands of digits
        raise ReplayError(f"not an event: {e}", lineno) from None
    if not isinstance(obj, dict):
        raise ReplayError("a log line must be a JSON object", lineno)
    return obj


def _whole(
    obj: dict[str, Any], key: str, lo: int, hi: int, lineno: int, default: Any = None
) -> int:
    """Header field ``key``: an integer lo..hi (not a bool), or ``default`` when absent."""
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        top = {2**64 - 1: "2**64-1", 2**32 - 1: "2**32-1"}.get(hi, str(hi))
        raise ReplayError(
            f"bad header: {key} must be a whole number {lo}..{top} (got {v!r})"[:200], lineno
        )
    return v


def _same(a: Any, b: Any) -> bool:
    """JSON values equal with their types: ``0`` is not ``false`` nor ``0.0`` (Python's ``==``
    says they are), so a log with a wrong-typed field does not pass as the replay's."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


class _Chain:
    """TW §16 / HK §12: the deals of one match in a log follow each other. Each deal whose
    header names a match must start where the core's match (``_core.Match``) is after the deals
    before it in the log: the next deal index, the dealer, the streak, the round wind and the
    scores. The first deal of a match in a log is its start: of a ruleset whose deals are
    independent (HK §12: ``play_match(start_deal=, scores=)``) at any deal index and from any
    scores, of any other (TW §16) at the match's first deal. Any other deal starts a chain of
    its own."""

    def __init__(self) -> None:
        self.match: int | None = None
        self.deal: Deal | None = None
        self.state: Any = None  # the core's match after self.deal

    def check(self, obj: dict[str, Any], deal: Deal, lineno: int) -> None:
        from mahjong_fast import _core

        match = obj.get("match")
        if match is None:
            self.match = self.deal = self.state = None
            return
        if isinstance(match, bool) or not isinstance(match, int) or not 0 <= match < 2**32:
            raise ReplayError(
                f"bad header: match must be a whole number 0..2**32-1 (got {match!r})"[:200], lineno
            )
        prev = self.deal if self.match == match else None
        if prev is not None and prev.rules != deal.rules:
            raise ReplayError("a match's deals are played under one ruleset", lineno)
        state = self.state if prev is not None else None
        if state is None:
            if deal.rules.independent_deals:  # it may start at any deal, from any scores
                start = deal.deal_index
                state = _core.Match(
                    deal.rules,
                    deals=min(2**32 - 1, 2**32 - start),
                    start_deal=start,
                    scores=list(deal.scores),
                )
            else:
                total = None
                if "match_deals" in obj:  # HK §19.10 a match of this many deals
                    total = _whole(obj, "match_deals", 1, 2**32 - 1, lineno)
                state = _dependent_match(deal.rules, total)
        nxt = state.next_deal()
        if nxt is None:
            raise ReplayError(f"match {match} is over: this deal cannot follow it", lineno)
        want = {k: nxt[k] for k in ("deal_index", "dealer", "dealer_streak", "prevailing_wind")}
        want["scores"] = list(nxt["scores"])
        got = {  # the header's (checked by _deal_from_header), before any event is replayed
            "deal_index": obj.get("deal_index", 0),
            "dealer": obj.get("dealer"),
            "dealer_streak": obj.get("dealer_streak", 0),
            "prevailing_wind": obj.get("prevailing_wind", 0),
            "scores": list(obj.get("scores", [0, 0, 0, 0])),
        }
        if "passes" in obj:  # HK §19.13: an East round's or full game's passes r
            want["passes"], got["passes"] = state.passes, obj["passes"]
        wrong = [k for k, v in want.items() if got[k] != v]
        if wrong:
            where = "the deal before it in the log" if prev is not None else "the match's start"
            raise ReplayError(
                f"deal {deal.deal_index} of match {match} does not follow {where}: "
                + ", ".join(f"{k} {got[k]!r}, not {want[k]!r}" for k in wrong),
                lineno,
            )
        self.match, self.deal, self.state = match, deal, state

    def match_end(self, obj: dict[str, Any], lineno: int) -> None:
        """A ``match_end`` line (HK §19.13) after the chain's latest deal: its reason and final
        scores must be the match's (a match of a given number of deals is checked as one without
        end, see :func:`_dependent_match`: its reason must then be ``deals``)."""
        reason, scores, deals = obj.get("reason"), obj.get("scores"), obj.get("deals")
        if self.state is None or self.deal is None or self.deal.result is None:
            raise ReplayError("match_end: no finished deal of a match before it", lineno)
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
            raise ReplayError(f"match_end: deals must be a whole number >= 1 (got {deals!r})"[:200], lineno)
        want = self.state.end if self.state.is_over else "deals"
        if reason != want:
            raise ReplayError(f"match_end: the match ended by {want!r}, not {reason!r}"[:200], lineno)
        if not _same(list(self.state.scores), scores):
            raise ReplayError(
                f"match_end: final scores {scores!r} are not the match's {list(self.state.scores)}"[:200],
                lineno,
            )
        self.match = self.deal = self.state = None

    def finished(self, deal: Deal, lineno: int) -> None:
        """The match after ``deal`` (the chain's latest) has ended."""
        if self.state is None or self.deal is not deal or deal.result is None:
            return
        # the deal's own settlement, as the match that played it recorded it (HK §19.8
        # liability, §19.11 a false win's penalty; TW §15)
        self.state.record_deal(deal._core)


def _dependent_match(rules: Any, deals: int | None = None) -> Any:
    """The core's match of a ruleset whose deals depend on the one before, to check a log's
    chain with. A match of a given number of deals (HK §19.10 `match_length = independent`
    with `dealer_repeat`, `--deals N`) is of the header's ``match_deals`` when it has them
    (written since HK §19.13's match log); without, it is checked as one without end, each
    deal against the one before. A match whose length follows from its results (an East
    round, TW §16) is the ruleset's own."""
    from mahjong_fast import _core
    from mahjong_fast.errors import RuleConfigError

    try:
        return _core.Match(rules, deals=deals or 2**32 - 1)
    except RuleConfigError:  # the ruleset sets the length itself
        return _core.Match(rules)


def _action_of(obj: dict[str, Any], lineno: int) -> Action:
    """The recorded action of an ``action`` event, with strictly typed fields."""
    data = obj.get("action")
    if not isinstance(data, dict):
        raise ReplayError("malformed action: 'action' must be an object", lineno)
    kind, player, tiles = data.get("type"), data.get("player"), data.get("tiles", [])
    if not isinstance(kind, str) or kind not in {t.value for t in ActionType}:
        raise ReplayError(f"malformed action: unknown type {kind!r}"[:200], lineno)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= 3:
        raise ReplayError(f"malformed action: player must be 0..3 (got {player!r})"[:200], lineno)
    if player != obj.get("p"):
        raise ReplayError("malformed action: action player differs from the event player", lineno)
    if not isinstance(tiles, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 144 for t in tiles
    ):
        raise ReplayError(
            f"malformed action: tiles must be tile ids 0..143 (got {tiles!r})"[:200], lineno
        )
    return Action(ActionType(kind), player, tuple(tiles))


def replay_deals(
    src: LogSource | bytes, *, allow_unfinished: bool = False, rules: RulesLike = None
) -> list[Deal]:
    """Rebuild every deal of a log.

    Args:
        src: a path, the log text (``str`` with a newline, or starting with ``{``), its UTF-8
            ``bytes``, an open file (text or binary), or an iterable of lines.
        allow_unfinished: accept a last deal that does not end (its ``result`` is None).

    Each deal is played under the ruleset of its header (HK §18; a 0.1 header means the Hong
    Kong preset). ``rules`` (a :class:`~mahjong_fast.Ruleset` or a name), when given, must be
    that ruleset, switches included.

    Returns the rebuilt :class:`Deal` objects (each with ``.events`` and ``.result``).

    Raises:
        ReplayError: with the 1-based line number, for a log that is empty, not UTF-8, not
            JSON (or nested too deeply, or holding a number that is not a whole number), of an
            unknown format or ruleset, whose header's ruleset is not ``rules``, or recording an
            action that breaks a rule or a consequence that differs from what the rules produce.
        RuleConfigError: a bad ``rules``.
        TypeError: when ``src`` is none of the forms above, or ``rules`` is not a ruleset.
    """
    expected = None if rules is None else resolve_rules(rules)
    lines = _read_lines(src)
    deals: list[Deal] = []
    current: Deal | None = None
    k = 0  # index of the next logged event of the current deal
    header_line = 0
    chain = _Chain()
    old_format = False  # a format 1 deal event has no start state
    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        obj = _parse(raw, lineno)
        if obj.get("type") == "match_end":
            if current is None:
                raise ReplayError("match_end before any deal", lineno)
            _finish(current, k, header_line, lineno - 1, False)
            chain.finished(current, lineno)
            chain.match_end(obj, lineno)
            deals.append(current)
            current = None
            continue
        if obj.get("type") == "header":
            if current is not None:
                _finish(current, k, header_line, lineno - 1, allow_unfinished)
                chain.finished(current, lineno)
                deals.append(current)
            current = _deal_from_header(obj, lineno, expected)
            chain.check(obj, current, lineno)
            old_format = obj.get("format") == 1
            header_line = lineno
            k = 0
            continue
        if current is None:
            raise ReplayError("event before any header", lineno)
        if "e" not in obj:
            raise ReplayError("an event line needs an 'e' field", lineno)
        if k >= len(current.events):
            # the engine has produced nothing further: this must be a recorded action
            if obj.get("e") != "action" or obj.get("auto"):
                raise ReplayError(
                    f"event {obj.get('e')!r} is not what the rules produce here"[:200], lineno
                )
            action = _action_of(obj, lineno)
            try:
                current.apply(action)
            except IllegalActionError as e:
                raise ReplayError(f"illegal action {action}: {e}", lineno) from None
        produced = current.events[k].to_json()
        if old_format and produced["e"] == "deal" and not any(key in obj for key in START_STATE):
            produced = {key: v for key, v in produced.items() if key not in START_STATE}
        if not _same(produced, obj):
            raise ReplayError(
                f"event differs from the replay: logged {obj!r}"[:300]
                + f", rules give {produced!r}",
                lineno,
            )
        k += 1
    if current is None:
        if deals:  # it ended with a match_end line
            return deals
        raise ReplayError("the log is empty: it holds no deal (no header line)")
    _finish(current, k, header_line, len(lines), allow_unfinished)
    deals.append(current)
    return deals


def header_rules(obj: dict[str, Any], lineno: int | None = None) -> Ruleset:
    """The ruleset of a log header: its JSON form, a bare name (0.1 logs: ``"hk"``) meaning
    that preset with default switches, or no ``ruleset`` at all meaning the default preset.
    Raises ReplayError (with ``lineno``) for anything else."""
    if "ruleset" not in obj:
        return DEFAULT_RULES
    spec = obj["ruleset"]
    try:
        if isinstance(spec, str):
            return Ruleset.from_name(spec)
        if isinstance(spec, dict):
            return Ruleset.from_json(spec)
    except MahjongError as e:
        raise ReplayError(f"bad ruleset in the header: {e}", lineno) from None
    raise ReplayError(f"bad ruleset in the header: {spec!r}", lineno)


def _deal_from_header(obj: dict[str, Any], lineno: int, expected: Ruleset | None) -> Deal:
    if type(obj.get("format")) is not int or obj.get("format") not in FORMATS:
        raise ReplayError(f"unknown log format {obj.get('format')!r}"[:200], lineno)
    if not isinstance(obj.get("engine_version", ""), str):
        raise ReplayError("bad header: engine_version must be a string", lineno)
    ruleset = header_rules(obj, lineno)
    if expected is not None and expected != ruleset:
        raise ReplayError(
            f"the log was played under {ruleset!r}, but rules={expected!r} was given", lineno
        )
    dealer = _whole(obj, "dealer", 0, 3, lineno)
    deal_index = _whole(obj, "deal_index", 0, 2**32 - 1, lineno, default=0)
    wind = _whole(obj, "prevailing_wind", 0, 3, lineno, default=0)
    streak = _whole(obj, "dealer_streak", 0, 2**32 - 1, lineno, default=0)
    wall, scores = obj.get("wall"), obj.get("scores", [0, 0, 0, 0])
    if not isinstance(wall, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in wall
    ):
        raise ReplayError("bad header: wall must be a list of tile ids", lineno)
    if (
        not isinstance(scores, list)
        or len(scores) != 4
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2**62 for v in scores
        )
    ):
        raise ReplayError("bad header: scores must be four whole numbers", lineno)
    auto_pass = obj.get("auto_pass", True)
    if not isinstance(auto_pass, bool):
        raise ReplayError("bad header: auto_pass must be true or false", lineno)
    seed = obj.get("seed")
    if seed is not None:
        _whole(obj, "seed", 0, 2**64 - 1, lineno)
    seats = obj.get("seats", [f"P{i}" for i in range(4)])
    if not isinstance(seats, list) or len(seats) != 4 or not all(isinstance(n, str) for n in seats):
        raise ReplayError(f"bad header: seats must be four names (got {seats!r})"[:200], lineno)
    try:
        return Deal(
            wall,
            dealer,
            tuple(scores),
            deal_index,
            auto_pass=auto_pass,
            record=True,
            rules=ruleset,
            prevailing_wind=wind,
            dealer_streak=streak,
        )
    except (TypeError, ValueError, OverflowError) as e:  # MahjongError is a ValueError
        raise ReplayError(f"bad header: {e}", lineno) from None


def _finish(deal: Deal, k: int, header_line: int, last_line: int, allow_unfinished: bool) -> None:
    if k < len(deal.events):
        raise ReplayError(
            f"log ends early: the rules produce {deal.events[k].type!r} next", last_line + 1
        )
    if deal.result is None and not allow_unfinished:
        raise ReplayError(
            f"the deal of the header on line {header_line} does not end", last_line + 1
        )


def replay(
    src: LogSource | bytes, *, allow_unfinished: bool = False, rules: RulesLike = None
) -> list[DealResult]:
    """Replay a log and return the result of each deal (see :func:`replay_deals` for the
    sources accepted and the errors raised: ReplayError with the line, TypeError for ``src``;
    the ruleset comes from each header, and ``rules``, when given, must agree with it)."""
    deals = replay_deals(src, allow_unfinished=allow_unfinished, rules=rules)
    return [d.result for d in deals]  # type: ignore[misc]
