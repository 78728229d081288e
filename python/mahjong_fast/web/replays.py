"""Replays and reviews of logs for the web app: the logs of ``--logs DIR`` (only from inside
it) or an uploaded one (20 MB at most), checked by replaying them (a log that does not replay
is refused with its reason), then shown step by step; the review is
:func:`mahjong_fast.review.review_log`'s (the data of ``review --json``) and its page
:func:`mahjong_fast.reports.review.review_report_html`.

A step is one action of the log (its line): the table after it, every hand included (a log
holds them all; the page shows all hands or one seat's view), and the lines of narration of the
events it caused.
"""

from __future__ import annotations

import os
import secrets
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ..errors import MahjongError, ReplayError
from ..game.actions import Action, ActionType
from ..render import code_of_id
from .session import GameError

__all__ = ["MAX_DEALS", "MAX_LOG_BYTES", "Uploads", "log_file", "read_log", "replay_data"]

#: the largest log the app opens
MAX_LOG_BYTES = 20 * 1024 * 1024
#: the most deals of one log shown step by step
MAX_DEALS = 64


def log_file(logs: Path | None, name: str) -> Path:
    """The log ``name`` inside ``logs``. GameError 403 for a name that leaves it (a path,
    ``..``, an absolute path, a symlink pointing out), 404 for no such file."""
    if logs is None:
        raise GameError(404, "NO_LOGS", "this server keeps no logs")
    bad = (not name or "/" in name or "\\" in name or "\0" in name or name.startswith(".")
           or os.path.isabs(name) or ".." in name)  # fmt: skip
    if bad:
        raise GameError(403, "OUTSIDE_LOGS", f"{name!r} is not a log of the logs directory")
    root = logs.resolve()
    path = root / name
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise GameError(404, "NO_SUCH_LOG", f"no log {name!r}") from None
    if real.parent != root or not real.is_file():
        raise GameError(403, "OUTSIDE_LOGS", f"{name!r} leads outside the logs directory")
    return real


def list_logs(logs: Path | None) -> list[dict[str, Any]]:
    """The logs of ``logs`` (``*.jsonl`` inside it), newest first: name and size."""
    if logs is None or not logs.is_dir():
        return []
    out: list[tuple[float, str, int]] = []
    for p in logs.iterdir():
        if not p.name.endswith(".jsonl"):
            continue
        try:
            real = log_file(logs, p.name)
        except GameError:
            continue  # a symlink out, a directory: not listed
        st = real.stat()
        out.append((st.st_mtime, p.name, st.st_size))
    out.sort(key=lambda x: (-x[0], x[1]))
    return [{"name": name, "size": size} for _mtime, name, size in out]


def read_log(path: Path) -> bytes:
    """The bytes of a log file (GameError 413 over :data:`MAX_LOG_BYTES`)."""
    if path.stat().st_size > MAX_LOG_BYTES:
        raise GameError(413, "LOG_TOO_LARGE", f"the log is over {MAX_LOG_BYTES >> 20} MB")
    return path.read_bytes()


def _tiles(ids: Any) -> list[str]:
    return [code_of_id(t) for t in ids]


def _frame(deal: Any, line: int, texts: dict[str, list[str]], lang: str) -> dict[str, Any]:
    """One step of a replay: the table after the action on log line ``line``, its narration
    in ``lang`` (``text``) and in every language (``texts``)."""
    v = deal.view(0)  # the public part of the table (pools, sets, bonus tiles, wall, scores)
    drawn = deal.drawn_tile
    return {
        "line": line,
        "text": texts[lang],
        "texts": texts,
        "active": deal.active,
        "hands": [_tiles(sorted(h)) for h in deal.hands],
        "drawn": None if drawn is None else code_of_id(drawn),
        "melds": [[{"kind": m.name, "tiles": _tiles(m.tiles)} for m in seat] for seat in v.melds],
        "discards": [_tiles(seat) for seat in v.discards],
        "bonus": [_tiles(seat) for seat in v.bonus],
        "remaining": v.remaining,
        "scores": list(v.scores),
    }


def replay_data(data: bytes, lang: str = "en") -> dict[str, Any]:
    """A log as steps: per deal, the table after each action with its narration (in ``lang``,
    and in every language for the page's language buttons), and the result. GameError 422
    with the reason for a log that does not replay."""
    from ..game.log import _deal_from_header, _parse, _read_lines, replay_deals
    from ..seats.narration import describe_event
    from ..words import LANGUAGES, Words

    try:
        lines = _read_lines(data)
        replay_deals(lines, allow_unfinished=True)  # the whole log checked first
    except (ReplayError, MahjongError) as exc:
        line = getattr(exc, "line", None)
        where = f" (line {line})" if line else ""
        raise GameError(422, "BAD_LOG", f"the log does not replay{where}: {exc}") from None
    deals: list[dict[str, Any]] = []
    deal: Any = None
    seen = 0
    words: dict[str, Any] = {}
    current: dict[str, Any] = {}

    def said(upto: list[Any]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for code, w in words.items():
            out[code] = []
            for ev in upto:
                t = describe_event(ev, None, ascii=True, unit=deal.rules.unit,
                                   words=w if w.chinese else None)  # fmt: skip
                if t is not None:
                    out[code].append(t.plain)
        return out

    def close() -> None:
        if deal is not None:
            res = deal.result
            current["result"] = None if res is None else res.to_dict()
            deals.append(current)

    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        obj = _parse(raw, lineno)
        if obj.get("type") == "header":
            close()
            if len(deals) >= MAX_DEALS:
                deal = None
                break
            deal = _deal_from_header(obj, lineno, None)
            words = {code: Words(code, deal.rules) for code in LANGUAGES}
            seen = len(deal.events)
            current = {"deal_index": deal.deal_index, "dealer": deal.dealer,
                       "seats": obj.get("seats", [f"P{i}" for i in range(4)]),
                       "rules": deal.rules.name, "unit": deal.rules.unit,
                       "frames": [_frame(deal, lineno, said(deal.events), lang)]}  # fmt: skip
            continue
        if deal is None or obj.get("e") != "action" or obj.get("auto"):
            continue
        a = obj["action"]
        deal.apply(Action(ActionType(a["type"]), a["player"], tuple(a.get("tiles", []))))
        events = deal.events
        current["frames"].append(_frame(deal, lineno, said(events[seen:]), lang))
        seen = len(events)
    close()
    return {"deals": deals, "shown": len(deals)}


def review_data(data: bytes, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """``review --json``'s data of a log (:meth:`Review.to_dict`) with the biggest losses, each
    with its deal and line (the step the page jumps to). GameError 422 naming the problem."""
    from ..review import review_log

    try:
        review = review_log(data, seat)
    except (ReplayError, MahjongError) as exc:
        raise GameError(422, "BAD_REVIEW", str(exc)) from None
    out = review.to_dict()
    out["biggest_losses"] = [
        {"deal": d.deal, "line": d.line, "made": d.made, "expert": d.expert, "loss": d.loss,
         "kind": d.kind}
        for d in review.biggest_losses(10)
    ]
    return out


def review_page(data: bytes, seat: int | None, lang: str = "en") -> str:
    """The review page of ``review --report`` for a log (needs the ``report`` extra)."""
    from ..reports.review import review_report_html
    from ..review import review_log

    try:
        review = review_log(data, seat)
        return review_report_html(review, lang=lang)
    except (ReplayError, MahjongError) as exc:
        raise GameError(422, "BAD_REVIEW", str(exc)) from None


class Uploads:
    """Uploaded logs, kept in memory under unguessable ids (the last ``limit``)."""

    def __init__(self, limit: int = 16) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._logs: OrderedDict[str, bytes] = OrderedDict()

    def add(self, data: bytes) -> str:
        """Keep a log that replays (GameError 413 too large, 422 does not replay)."""
        if len(data) > MAX_LOG_BYTES:
            raise GameError(413, "LOG_TOO_LARGE", f"the log is over {MAX_LOG_BYTES >> 20} MB")
        replay_data(data)  # refused with its reason when it does not replay
        key = secrets.token_urlsafe(18)
        with self._lock:
            self._logs[key] = data
            while len(self._logs) > self.limit:
                self._logs.popitem(last=False)
        return key

    def get(self, key: str) -> bytes:
        with self._lock:
            data = self._logs.get(key)
        if data is None:
            raise GameError(404, "NO_SUCH_UPLOAD", "no such uploaded log (uploads are kept a while)")
        return data
