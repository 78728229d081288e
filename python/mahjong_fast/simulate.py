"""Bulk AI-vs-AI simulation (design §5).

    >>> from mahjong_fast import simulate
    >>> res = simulate(1000, seats=("greedy",) * 4, seed=1, workers=2)   # doctest: +SKIP
    >>> res.summary.win_rate, res.summary.points_ci95                   # doctest: +SKIP
    >>> simulate(10**6, seed=1, out="deals.parquet")                     # doctest: +SKIP

Deal ``i`` depends only on ``(seed, i)``: its wall is ``_core.wall(seed, i)``, every deal
starts from scores 0 (records report the payments of that deal), and AI seats re-seed
their own random streams from ``(seed, i, player)``. Deals are cut into chunks that workers
play in any order; results come back into deal order through a bounded reorder buffer and
are summed and written in that order. So the records, the output file and the summary
(except deals/s) are the same for any number of workers, any chunk size and either backend.

Taiwanese deals depend on the deal before (the dealer's streak, TW §16), so the unit of work
is a match: ``simulate(matches=N, rules="taiwanese-high")`` plays matches ``0 .. N-1``; deal
``i`` of match ``j`` has the wall ``_core.wall(seed, (j << 32) | i)`` and AI streams keyed by
that index, so match ``j`` depends only on ``(seed, j)`` and the records (one per deal, with
``match_index`` and ``deal_in_match``) are again the same for any workers, chunk size and
backend. Hong Kong may be simulated by matches too (four deals each, scores carried over).

Memory stays flat: at most ``4 × workers`` chunks are in flight or waiting to be written, the
summary is running sums, and with ``out`` the records are written, not kept.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from . import _core
from .errors import MahjongError, RuleConfigError
from .rules import RULESET_NAMES, Ruleset, RulesLike, resolve_rules, with_rotate_dealer
from .sim.backends import (
    BACKENDS,
    STOP_SIGNALS,
    CoreBackend,
    capped_threads,
    make_backend,
)
from .sim.chunks import ChunkSpec, auto_chunk_size, chunk_bounds, core_chunk_size
from .sim.output import RecordWriter, format_of, open_writer, run_metadata
from .sim.summary import Summary

__all__ = [
    "RULES",
    "SimulationFailed",
    "SimulationInterrupted",
    "SimulationResult",
    "Summary",
    "simulate",
    "summarize",
]

#: ruleset names :func:`simulate` knows (a :class:`~mahjong_fast.Ruleset` is accepted too)
RULES = RULESET_NAMES
#: chunks in flight or waiting in the reorder buffer, per worker
WINDOW_PER_WORKER = 4
#: how often (seconds) the run looks for a stop request while waiting on workers
POLL_SECONDS = 0.1


@dataclass
class SimulationResult:
    """What :func:`simulate` returns.

    Attributes:
        records: one dict per deal in deal order (by matches: in (match, deal) order, with
            the fields of :data:`~mahjong_fast.sim.output.MATCH_FIELDS`) (see :meth:`DealResult.to_record`, plus
            ``seed``) when no ``out`` file was given; ``None`` with ``out`` (the records are in
            the file: :func:`mahjong_fast.sim.read_records` reads them back).
        summary: the :class:`Summary` of the deals that finished (a rich renderable).
        out: the output file, if any.
        deals: deals asked for (0 when simulating by matches); ``summary.deals`` finished.
        matches: matches asked for (0 when simulating by deals); ``summary.matches`` of them
            finished.
        interrupted: True when the run was stopped before the end (Ctrl-C).
        rules: the ruleset every deal was played under (also in the output file's metadata).
        failure: why the run failed (a worker died, a chunk raised), else None.
    """

    records: list[dict[str, Any]] | None = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)
    out: Path | None = None
    deals: int = 0
    matches: int = 0
    interrupted: bool = False
    rules: Ruleset = field(default_factory=resolve_rules)
    failure: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The run as plain values for ``json.dumps``: ``deals``, ``matches``, ``interrupted``,
        ``failure``, ``out`` (the path as text, or None), ``rules`` (the ruleset's
        ``to_dict()``), ``summary`` (:meth:`Summary.to_dict`) and ``records`` (already plain
        values; None with ``out``)."""
        return {
            "deals": self.deals,
            "matches": self.matches,
            "interrupted": self.interrupted,
            "failure": self.failure,
            "out": None if self.out is None else str(self.out),
            "rules": self.rules.to_dict(),
            "summary": self.summary.to_dict(),
            "records": self.records,
        }


class SimulationInterrupted(KeyboardInterrupt):
    """Raised by :func:`simulate` on Ctrl-C, SIGTERM or SIGHUP (or a KeyboardInterrupt from
    ``progress``) once the run is stopped cleanly: every finished chunk is in ``.result``
    (and in the output file, which is closed and valid); ``.signal`` is the signal that
    stopped it (``signal.SIGINT`` for a KeyboardInterrupt). It is a KeyboardInterrupt, so code
    that does not look for it stops as on any Ctrl-C."""

    def __init__(self, result: SimulationResult, signum: int = signal.SIGINT):
        what = (
            f"{result.summary.matches} matches" if result.matches else f"{result.summary.deals} deals"
        )
        by = "" if signum == signal.SIGINT else f" by {signal.Signals(signum).name}"
        super().__init__(f"simulation interrupted{by} after {what}")
        self.result = result
        self.signal = signal.Signals(signum)


class SimulationFailed(RuntimeError):
    """Raised by :func:`simulate` when a worker process dies (killed, out of memory, a crash)
    or a chunk raises: the run stops, and every chunk that finished is in ``.result`` (and in
    the output file, which is closed and valid), as after a Ctrl-C. The message says what
    failed and which deals it was playing."""

    def __init__(self, message: str, result: SimulationResult):
        super().__init__(message)
        self.result = result


def summarize(
    records: Sequence[dict[str, Any]], elapsed: float | None = None, rules: RulesLike = None
) -> Summary:
    """The :class:`Summary` of a list of records (``elapsed``: seconds, for deals/s; ``rules``:
    the ruleset they were played under, for the unit of their values: faan or Tai)."""
    s = Summary(elapsed=elapsed, unit=resolve_rules(rules).unit)
    s.add_all(records)
    return s


class _StopFlag:
    """While a run goes, the first stop signal (SIGINT, i.e. Ctrl-C; SIGTERM; SIGHUP where the
    platform has it) asks it to stop at the next safe point. A second one interrupts only a
    wait for workers (or, with one worker, the chunk being played), never the handling of
    finished chunks: records are then neither written twice nor lost. Only installed from the
    main thread; the previous handlers are put back at the end."""

    def __init__(self) -> None:
        self.requested = False
        self.signum: int = signal.SIGINT
        self._waiting = False
        self._previous: dict[int, Any] = {}

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.requested and self._waiting:
            raise KeyboardInterrupt
        if not self.requested:
            self.signum = signum
        self.requested = True

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """The one place where a second stop signal may raise KeyboardInterrupt."""
        self._waiting = True
        try:
            yield
        finally:
            self._waiting = False

    def __enter__(self) -> None:
        if threading.current_thread() is threading.main_thread():
            for sig in STOP_SIGNALS:
                self._previous[sig] = signal.signal(sig, self._handler)

    def __exit__(self, *exc: object) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous.clear()


def _check_args(
    deals: int | None,
    matches: int | None,
    seats: Sequence[str],
    rules: RulesLike,
    seed: int,
    workers: int | None,
    backend: str,
    chunk_size: int | None,
    start: int,
    address: str | None,
    match_deals: int | None,
    progress: object,
    out: object,
    overwrite: object,
    rotate_dealer: object,
) -> tuple[str, str, str, str]:
    from .seats import SEAT_KINDS

    # the core's one argument conversion: TypeError naming the argument for a value of the
    # wrong type (bool and float are no ints, an int is no bool), MahjongError (a ValueError)
    # out of range, however large
    if (deals is None) == (matches is None):
        raise ValueError("simulate needs either deals or matches (not both)")
    top = _core.DEAL_INDICES
    what, plural = ("deal", "deals") if deals is not None else ("match", "matches")
    units = _core.checked_int(deals if deals is not None else matches, plural, 0, top)
    names = _core.checked_names(seats, "seats")
    if len(names) != 4:
        raise ValueError(f"simulate needs four seat kinds (got {len(names)})")
    for kind in names:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}; choose from {', '.join(SEAT_KINDS)}")
    # RuleConfigError for an unknown name, TypeError for a wrong type
    ruleset = resolve_rules(rules)
    if deals is not None and not ruleset.independent_deals:
        why = ruleset.deal_dependency or "the dealer's streak, TW §16"
        raise RuleConfigError(
            f"{ruleset.name} ({ruleset.title}): a deal depends on the one before ({why}), "
            "so the unit of simulation is a match: use matches=N, not deals=N"
        )
    if match_deals is not None:
        if matches is None:
            raise ValueError("match_deals is the length of each match: give matches=N with it")
        _core.checked_int(match_deals, "match_deals", 1, 2**32 - 1)
        # the ruleset refuses it if its match is not a number of deals (TW §16)
        _core.Match(ruleset, deals=match_deals)
    _core.checked_int(seed, "seed", 0, 2**64 - 1)
    _core.checked_int(start, "start", 0, top - 1)
    if start + units > top:
        raise MahjongError(
            f"{what} indices are 0 .. 2**32-1 (a {what}'s index is 32 bits): start {start} + "
            f"{units} {plural} goes beyond"
        )
    if workers is not None:
        _core.checked_int(workers, "workers", 1, 2**63 - 1)
    if not isinstance(backend, str):
        raise TypeError(f"backend must be a str, not {type(backend).__name__}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    if address is not None and not isinstance(address, str):
        raise TypeError(f"address must be a str or None, not {type(address).__name__}")
    if address is not None and backend != "ray":
        raise ValueError("address is only for the ray backend (backend='ray')")
    if chunk_size is not None:
        most = _core.MAX_RUN_MATCHES if matches is not None else _core.MAX_RUN_DEALS
        _core.checked_int(chunk_size, "chunk_size", 1, most)
    if progress is not None and not callable(progress):
        raise TypeError(
            f"progress must be a callable progress(done, total) or None, not "
            f"{type(progress).__name__}"
        )
    if out is not None and not isinstance(out, (str, os.PathLike)):
        raise TypeError(f"out must be a path (str or os.PathLike) or None, not {type(out).__name__}")
    _core.checked_bool(overwrite, "overwrite")
    if rotate_dealer is not None:
        _core.checked_bool(rotate_dealer, "rotate_dealer")
    return tuple(names)  # type: ignore[return-value]


def _capped_workers(backend: str, workers: int | None) -> int | None:
    """``workers`` for the core (threads) and process backends, at most the cores this process
    may use: more only adds threads or processes that wait (and thousands take minutes to
    start). A RuntimeWarning says so."""
    if backend == "ray" or workers is None:
        return workers
    kind = "processes" if backend == "process" else "threads"
    return capped_threads("workers", workers, kind, stacklevel=3)


def simulate(
    deals: int | None = None,
    seats: Sequence[str] = ("greedy",) * 4,
    rules: RulesLike = None,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "auto",
    chunk_size: int | None = None,
    out: str | os.PathLike[str] | None = None,
    *,
    address: str | None = None,
    rotate_dealer: bool | None = None,
    progress: Callable[[int, int], None] | None = None,
    start: int = 0,
    overwrite: bool = False,
    matches: int | None = None,
    match_deals: int | None = None,
) -> SimulationResult:
    """Simulate deals ``start .. start+deals-1`` (or matches ``start .. start+matches-1``)
    with four AI seats and summarise them.

    Args:
        deals: how many deals (Hong Kong; each deal independent, scores from 0).
        matches: how many matches instead (required for the Taiwanese rulesets, TW §16:
            a match runs until its ``match_length`` / ``max_deals`` switch ends it; a Hong
            Kong match is ``match_deals`` deals, one by default as HK §12 says, with the
            scores carried over). Match ``j`` depends only on ``(seed, j)``; its records
            carry ``match_index``, ``deal_in_match``, ``dealer_streak``,
            ``prevailing_wind``, every winner's value and the scores.
        match_deals: the deals of each match, for a ruleset whose match is a number of deals
            (Hong Kong, HK §12: e.g. 4, one dealt by each player with ``rotate_dealer``);
            None: the ruleset's own length. A Taiwanese ruleset refuses it
            (RuleConfigError): its match is set by its switches.
        seats: four seat kinds, ``"expert"``, ``"greedy"``, ``"random"``, ``"strong"`` or ``"value"``.
        rules: the ruleset: a :class:`~mahjong_fast.Ruleset` (with its switches, HK §18) or a
            name (``"hong-kong"``, alias ``"hk"``, ``"taiwanese-high"``, ``"taiwanese-low"``).
            It is written in the output file's metadata; the summary counts values in its
            unit (faan or Tai).
        seed: 0 .. 2**64-1; deal ``i`` depends on ``(seed, i)`` alone.
        workers: parallel workers; None = every core this process may use for ``"core"`` and
            ``"process"`` (more than that is capped to it, with a RuntimeWarning), every CPU
            of the cluster for ``"ray"``. ``"core"``: threads;
            ``"process"``: processes (one worker plays in this process).
        backend: ``"auto"`` (the default: ``"core"``, as every seat is built in),
            ``"core"`` (whole deals in the Rust core on ``workers`` threads with the GIL
            released: no worker processes, so no ``__main__`` guard is needed),
            ``"process"`` (the Python game loop in a pool of processes, standard library) or
            ``"ray"`` (the core's loop in Ray tasks; ``pip install mahjong_fast[ray]``).
            Every backend gives the same records.
        chunk_size: deals per task; None picks about eight chunks per worker, at most 64
            deals. It changes speed and Ctrl-C granularity, never a record. At most
            ``_core.MAX_RUN_DEALS`` (``MAX_RUN_MATCHES`` matches): a chunk's records are held
            at once.
        out: write the records to this file while the run goes, ``*.parquet`` (needs pyarrow)
            or ``*.jsonl``; then ``result.records`` is None and memory stays flat. The file is
            created before any work starts (an unwritable path fails at once).
        address: the ray backend's cluster address (None: a local Ray instance).
        rotate_dealer: shorthand that sets the ruleset's ``rotate_dealer`` switch: P(i mod 4)
            deals deal ``i`` (else P0 deals every deal). None: as ``rules`` says.
        progress: ``progress(done, total)`` after each finished chunk, in this process
            (deals, or matches with ``matches``); a callable or None.
        start: index of the first deal (or match). Indices are 0 .. 2**32-1
            (``_core.DEAL_INDICES``): ``start + deals`` (or ``+ matches``) is at most 2**32.
        overwrite: replace an existing ``out`` file (else FileExistsError).

    Nothing is printed: the summary is ``result.summary`` (``print(result.summary)`` shows the
    table the CLI prints).

    Raises:
        SimulationInterrupted: on Ctrl-C, SIGTERM or SIGHUP (when called from the main
            thread), after stopping cleanly: the workers are ended, ``.result`` holds the
            finished chunks (also in ``out``, closed and valid), ``.signal`` says which
            signal. A second one only cuts the waiting for workers short: a record is never
            written twice nor lost.
        SimulationFailed: when a worker process dies or a chunk raises; ``.result`` holds the
            finished chunks as above.
        ValueError, RuleConfigError: for bad arguments, before anything runs (neither or
            both of ``deals`` and ``matches``; ``deals`` with a Taiwanese ruleset); a count,
            seed or index out of its range is a MahjongError (a ValueError), however large.
        TypeError: an argument of the wrong type, named in the message, before anything
            runs: ``rules`` neither a Ruleset, a name nor None; ``deals``, ``matches``,
            ``seed``, ``start``, ``workers`` or ``chunk_size`` not an int (bool and float
            included); ``seats`` not a sequence of str; ``progress`` not callable; a flag
            not a bool.
        FileExistsError: ``out`` exists and ``overwrite`` is false; OSError (PermissionError,
            FileNotFoundError, ...) when ``out`` cannot be created; both before any work.
    """
    spec = ChunkSpec(
        _check_args(
            deals, matches, seats, rules, seed, workers, backend, chunk_size, start, address,
            match_deals,
            progress, out, overwrite, rotate_dealer,
        ),
        seed,
        with_rotate_dealer(rules, rotate_dealer),
        in_core=backend != "process",
        matches=matches is not None,
        match_deals=match_deals,
    )
    units = deals if deals is not None else matches
    assert units is not None
    workers = _capped_workers(backend, workers)
    out_path = Path(out) if out is not None else None
    if out_path is not None:
        format_of(out_path)  # a bad suffix fails before any work
        if not overwrite and out_path.exists():
            raise FileExistsError(
                errno.EEXIST, "the output file exists (overwrite=True replaces it)", str(out_path)
            )
    result = SimulationResult(
        records=None if out_path else [],
        out=out_path,
        deals=deals or 0,
        matches=matches or 0,
        rules=spec.rules,
    )
    summary = result.summary
    summary.unit = spec.rules.unit
    t0 = time.perf_counter()

    writer: RecordWriter | None = None

    def emit(records: list[dict[str, Any]]) -> None:
        if writer is not None:
            writer.write(records)
        elif result.records is not None:
            result.records.extend(records)
        summary.add_all(records)

    buffer: dict[int, list[dict[str, Any]]] = {}  # finished chunks waiting for their turn
    written = done = 0

    def take(finished: list[tuple[int, list[dict[str, Any]]]], report: bool = True) -> None:
        nonlocal written, done
        for k, records in finished:
            buffer[k] = records
        while written in buffer:
            emit(buffer.pop(written))
            written += 1
        if report and progress is not None:
            for k, _records in finished:
                done += bounds[k][1] - bounds[k][0]
                progress(done, units)

    be: Any = None
    bounds: list[tuple[int, int]] = []
    failure: BaseException | None = None
    stop = _StopFlag()
    with stop:  # from here on, Ctrl-C asks for a stop at the next safe point
        try:
            # the output file is opened (and so checked) before any worker starts
            # the header's rotate_dealer key predates the ruleset's own entry; kept as it was
            meta = run_metadata(
                seed,
                spec.seats,
                bool(spec.rules.switches.get("rotate_dealer", False)),
                unit=spec.rules.unit,
            )
            if spec.matches:
                meta["matches"] = units
            writer = (
                open_writer(
                    out_path, meta, rules=spec.rules, overwrite=overwrite, matches=spec.matches
                )
                if out_path is not None
                else None
            )
            be = make_backend(backend, spec, workers, address)
            auto = core_chunk_size if isinstance(be, CoreBackend) else auto_chunk_size
            most = _core.MAX_RUN_MATCHES if spec.matches else _core.MAX_RUN_DEALS
            size = chunk_size or min(most, auto(units, be.workers))
            bounds = chunk_bounds(start, units, size)
            window = WINDOW_PER_WORKER * be.workers
            submitted = 0
            try:
                while written < len(bounds) and not stop.requested and be.failure is None:
                    while submitted < len(bounds) and submitted < written + window:
                        be.submit(submitted, *bounds[submitted])
                        submitted += 1
                    take(be.poll(POLL_SECONDS, stop.waiting))
                failure = be.failure
            except KeyboardInterrupt:  # a second Ctrl-C, or from the progress callback
                stop.requested = True
            except Exception as exc:  # noqa: BLE001 - a chunk played here raised: kept below
                failure = exc
            if stop.requested or failure is not None:
                # keep every chunk that has finished, also those not collected yet: in deal
                # order, with gaps where the chunks still in flight were
                if be.failure is None:
                    with contextlib.suppress(Exception):
                        take(be.poll(0), report=False)
                failure = failure or be.failure
                for k in sorted(buffer):
                    emit(buffer.pop(k))
        finally:
            try:
                if be is not None:
                    be.close(cancel=written < len(bounds) or failure is not None)
            finally:
                if writer is not None:
                    writer.close()
                summary.elapsed = time.perf_counter() - t0
    if failure is not None:
        result.failure = str(failure)
        message = (
            f"{failure}; {summary.matches} of {matches} matches finished"
            if matches is not None
            else f"{failure}; {summary.deals} of {deals} deals finished"
        )
        raise SimulationFailed(message, result) from failure
    if stop.requested:
        result.interrupted = True
        raise SimulationInterrupted(result, stop.signum)
    return result
