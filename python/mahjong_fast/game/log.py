"""JSON Lines event logs and replay (design §4).

A log holds one or more deals. Each deal starts with a header line::

    {"type": "header", "format": 1,
     "ruleset": {"name": "hong-kong", "switches": {"min_faan": 3, "max_faan": 13,
                 "spiciness": "spicy", "responsibility": "seed", "unit": 1,
                 "rotate_dealer": false}},
     "seed": 7, "deal_index": 0, "dealer": 0, "seats": ["you", "greedy", "greedy", "greedy"],
     "scores": [0, 0, 0, 0], "auto_pass": true, "wall": [...144 ids...]}

followed by one line per :class:`~mahjong_fast.game.events.Event` (``Event.to_json()``).

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

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, Union

from mahjong_fast.errors import IllegalActionError, MahjongError, ReplayError
from mahjong_fast.rules import DEFAULT_RULES, Ruleset, RulesLike, resolve_rules

from .actions import Action
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

FORMAT_VERSION = 1
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
) -> dict[str, Any]:
    """The header dict of ``deal``. ``start_scores`` default: the scores before any payment."""
    if start_scores is None:
        start_scores = _start_scores(deal)
    return {
        "type": "header",
        "format": FORMAT_VERSION,
        "ruleset": deal.rules.to_dict(),
        "seed": seed,
        "deal_index": deal.deal_index,
        "dealer": deal.dealer,
        "seats": list(seats) if seats is not None else [f"P{i}" for i in range(4)],
        "scores": list(start_scores),
        "auto_pass": deal.auto_pass,
        "wall": list(deal.wall),
    }


def _start_scores(deal: Deal) -> list[int]:
    scores = list(deal.scores)
    if deal.result is not None and not deal.result.exhaustive_draw:
        scores = [s - p for s, p in zip(scores, deal.result.payments)]
    return scores


def deal_lines(
    deal: Deal, *, seed: int | None = None, seats: Sequence[str] | None = None
) -> Iterator[str]:
    """The log lines (without newlines) of one recorded deal: header, then its events.
    Raises ValueError for a deal built with ``record=False`` (it has no events to log)."""
    if not deal._keep:
        raise ValueError("this deal was built with record=False; it has no event log")
    yield json.dumps(header(deal, seed=seed, seats=seats), separators=(",", ":"))
    for ev in deal.events:
        yield json.dumps(ev.to_json(), separators=(",", ":"))


class LogWriter:
    """Append deals to a JSON Lines log as they finish. Use as a context manager or call
    :meth:`close`. ``target``: a path or an open text file."""

    def __init__(self, target: str | os.PathLike[str] | IO[str]):
        if isinstance(target, (str, os.PathLike)):
            self._f: IO[str] = open(target, "w", encoding="utf-8")  # noqa: SIM115
            self._own = True
        else:
            self._f = target
            self._own = False

    def write_deal(
        self, deal: Deal, *, seed: int | None = None, seats: Sequence[str] | None = None
    ) -> None:
        for line in deal_lines(deal, seed=seed, seats=seats):
            self._f.write(line)
            self._f.write("\n")
        self._f.flush()

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
    """Write recorded deals (``Deal(record=True)``) to ``target`` (path or text file)."""
    with LogWriter(target) as w:
        for d in deals:
            w.write_deal(d, seed=seed, seats=seats)


# ---------------------------------------------------------------------------- replay
def _read_lines(src: LogSource) -> list[str]:
    if isinstance(src, (str, os.PathLike)) and not (isinstance(src, str) and "\n" in src):
        try:
            with open(src, encoding="utf-8") as f:
                return f.read().splitlines()
        except OSError as e:
            raise ReplayError(f"cannot read log: {e}") from None
    if isinstance(src, str):
        return src.splitlines()
    if hasattr(src, "read"):
        return str(src.read()).splitlines()
    return [line.rstrip("\n") for line in src]


def replay_deals(
    src: LogSource, *, allow_unfinished: bool = False, rules: RulesLike = None
) -> list[Deal]:
    """Rebuild every deal of a log (path, text, open file, or iterable of lines).

    Each deal is played under the ruleset of its header (HK §18; a 0.1 header means the Hong
    Kong preset). ``rules`` (a :class:`~mahjong_fast.Ruleset` or a name), when given, must be
    that ruleset, switches included.

    Returns the rebuilt :class:`Deal` objects (each with ``.events`` and ``.result``).
    Raises ReplayError (with the line number) for a corrupt log, one that breaks a rule, or a
    header whose ruleset is not ``rules``; RuleConfigError / TypeError for a bad ``rules``.
    """
    expected = None if rules is None else resolve_rules(rules)
    lines = _read_lines(src)
    deals: list[Deal] = []
    current: Deal | None = None
    k = 0  # index of the next logged event of the current deal
    header_line = 0
    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as e:
            raise ReplayError(f"not JSON: {e.msg}", lineno) from None
        if not isinstance(obj, dict):
            raise ReplayError("a log line must be a JSON object", lineno)
        if obj.get("type") == "header":
            if current is not None:
                _finish(current, k, header_line, lineno - 1, allow_unfinished)
                deals.append(current)
            current = _deal_from_header(obj, lineno, expected)
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
                    f"event {obj.get('e')!r} is not what the rules produce here", lineno
                )
            try:
                action = Action.from_json(obj["action"])
                if action.player != obj.get("p"):
                    raise ValueError("action player differs from the event player")
            except (KeyError, ValueError, TypeError) as e:
                raise ReplayError(f"malformed action: {e}", lineno) from None
            try:
                current.apply(action)
            except IllegalActionError as e:
                raise ReplayError(f"illegal action {action}: {e}", lineno) from None
        produced = current.events[k].to_json()
        if produced != obj:
            raise ReplayError(
                f"event differs from the replay: logged {obj!r}, rules give {produced!r}", lineno
            )
        k += 1
    if current is not None:
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
    if obj.get("format") != FORMAT_VERSION:
        raise ReplayError(f"unknown log format {obj.get('format')!r}", lineno)
    ruleset = header_rules(obj, lineno)
    if expected is not None and expected != ruleset:
        raise ReplayError(
            f"the log was played under {ruleset!r}, but rules={expected!r} was given", lineno
        )
    try:
        return Deal(
            obj["wall"],
            int(obj["dealer"]),
            tuple(obj.get("scores", (0, 0, 0, 0))),
            int(obj.get("deal_index", 0)),
            auto_pass=bool(obj.get("auto_pass", True)),
            record=True,
            rules=ruleset,
        )
    except (KeyError, TypeError, ValueError, MahjongError) as e:
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
    src: LogSource, *, allow_unfinished: bool = False, rules: RulesLike = None
) -> list[DealResult]:
    """Replay a log and return the result of each deal (see :func:`replay_deals`; the ruleset
    comes from each header, and ``rules``, when given, must agree with it)."""
    deals = replay_deals(src, allow_unfinished=allow_unfinished, rules=rules)
    return [d.result for d in deals]  # type: ignore[misc]
