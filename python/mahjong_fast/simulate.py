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

Memory stays flat: at most ``4 × workers`` chunks are in flight or waiting to be written, the
summary is running sums, and with ``out`` the records are written, not kept.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from .errors import RuleConfigError
from .sim.backends import BACKENDS, CoreBackend, make_backend
from .sim.chunks import ChunkSpec, auto_chunk_size, chunk_bounds, core_chunk_size
from .sim.output import RecordWriter, format_of, open_writer, run_metadata
from .sim.summary import Summary

__all__ = [
    "RULES",
    "SimulationInterrupted",
    "SimulationResult",
    "Summary",
    "simulate",
    "summarize",
]

#: rule sets :func:`simulate` knows
RULES = ("hk",)
#: chunks in flight or waiting in the reorder buffer, per worker
WINDOW_PER_WORKER = 4
#: how often (seconds) the run looks for a stop request while waiting on workers
POLL_SECONDS = 0.1


@dataclass
class SimulationResult:
    """What :func:`simulate` returns.

    Attributes:
        records: one dict per deal in deal order (see :meth:`DealResult.to_record`, plus
            ``seed``) when no ``out`` file was given; ``None`` with ``out`` (the records are in
            the file: :func:`mahjong_fast.sim.read_records` reads them back).
        summary: the :class:`Summary` of the deals that finished (a rich renderable).
        out: the output file, if any.
        deals: deals asked for; ``summary.deals`` of them finished.
        interrupted: True when the run was stopped before the end (Ctrl-C).
    """

    records: list[dict[str, Any]] | None = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)
    out: Path | None = None
    deals: int = 0
    interrupted: bool = False


class SimulationInterrupted(KeyboardInterrupt):
    """Raised by :func:`simulate` on Ctrl-C (or a KeyboardInterrupt from ``progress``) once
    the run is stopped cleanly: every finished chunk is in ``.result`` (and in the output
    file, which is closed and valid). It is a KeyboardInterrupt, so code that does not look
    for it stops as on any Ctrl-C."""

    def __init__(self, result: SimulationResult):
        super().__init__(f"simulation interrupted after {result.summary.deals} deals")
        self.result = result


def summarize(records: Sequence[dict[str, Any]], elapsed: float | None = None) -> Summary:
    """The :class:`Summary` of a list of records (``elapsed``: seconds, for deals/s)."""
    s = Summary(elapsed=elapsed)
    s.add_all(records)
    return s


class _StopFlag:
    """While a run goes, the first SIGINT (Ctrl-C) asks it to stop at the next safe point; a
    second one interrupts the waiting at once (the finished chunks are still written). Only
    installed from the main thread."""

    def __init__(self) -> None:
        self.requested = False
        #: set while the run ends (workers, file): further Ctrl-Cs are ignored then
        self.closing = False
        self._previous: Any = None
        self._installed = False

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.requested and not self.closing:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)
            self._installed = True

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)


def _check_args(
    deals: int,
    seats: Sequence[str],
    rules: str,
    seed: int,
    workers: int | None,
    backend: str,
    chunk_size: int | None,
    start: int,
    address: str | None,
) -> tuple[str, str, str, str]:
    from .seats import SEAT_KINDS

    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be a whole number >= 0 (got {deals!r})")
    if len(seats) != 4:
        raise ValueError(f"simulate needs four seat kinds (got {len(seats)})")
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}; choose from {', '.join(SEAT_KINDS)}")
    if rules not in RULES:
        raise RuleConfigError(f"unknown rules {rules!r}; choose from {', '.join(RULES)}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be in 0 .. 2**64-1 (got {seed})")
    if not (0 <= start and start + deals <= 2**64):
        raise ValueError(f"deal indices must be in 0 .. 2**64-1 (start {start})")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be >= 1 (got {workers})")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError("address is only for the ray backend (backend='ray')")
    if chunk_size is not None and chunk_size < 1:
        raise ValueError(f"chunk_size must be >= 1 (got {chunk_size})")
    return tuple(seats)  # type: ignore[return-value]


def simulate(
    deals: int,
    seats: Sequence[str] = ("greedy",) * 4,
    rules: str = "hk",
    seed: int = 0,
    workers: int | None = None,
    backend: str = "auto",
    chunk_size: int | None = None,
    out: str | os.PathLike[str] | None = None,
    *,
    address: str | None = None,
    rotate_dealer: bool = False,
    progress: Callable[[int, int], None] | None = None,
    start: int = 0,
) -> SimulationResult:
    """Simulate deals ``start .. start+deals-1`` with four AI seats and summarise them.

    Args:
        deals: how many deals.
        seats: four seat kinds, ``"greedy"``, ``"random"`` or ``"value"``.
        rules: the rule set; ``"hk"`` (Hong Kong, the only one so far).
        seed: 0 .. 2**64-1; deal ``i`` depends on ``(seed, i)`` alone.
        workers: parallel workers; None = every core (``os.cpu_count()``) for ``"core"`` and
            ``"process"``, every CPU of the cluster for ``"ray"``. ``"core"``: threads;
            ``"process"``: processes (one worker plays in this process).
        backend: ``"auto"`` (the default: ``"core"``, as every seat is built in),
            ``"core"`` (whole deals in the Rust core on ``workers`` threads with the GIL
            released: no worker processes, so no ``__main__`` guard is needed),
            ``"process"`` (the Python game loop in a pool of processes, standard library) or
            ``"ray"`` (the core's loop in Ray tasks; ``pip install mahjong_fast[ray]``).
            Every backend gives the same records.
        chunk_size: deals per task; None picks about eight chunks per worker, at most 64
            deals. It changes speed and Ctrl-C granularity, never a record.
        out: write the records to this file while the run goes, ``*.parquet`` (needs pyarrow)
            or ``*.jsonl``; then ``result.records`` is None and memory stays flat.
        address: the ray backend's cluster address (None: a local Ray instance).
        rotate_dealer: P(i mod 4) deals deal ``i`` (else P0 deals every deal).
        progress: ``progress(done, total)`` after each finished chunk, in this process.
        start: index of the first deal.

    Raises:
        SimulationInterrupted: on Ctrl-C, after stopping cleanly; ``.result`` holds the
            finished chunks (also in ``out``, closed and valid).
        ValueError, RuleConfigError: for bad arguments, before anything runs.
    """
    spec = ChunkSpec(
        _check_args(deals, seats, rules, seed, workers, backend, chunk_size, start, address),
        seed,
        rotate_dealer,
        in_core=backend != "process",
    )
    out_path = Path(out) if out is not None else None
    if out_path is not None:
        format_of(out_path)  # a bad suffix fails before any work
    result = SimulationResult(records=None if out_path else [], out=out_path, deals=deals)
    summary = result.summary
    t0 = time.perf_counter()

    writer: RecordWriter | None = None

    def emit(records: list[dict[str, Any]]) -> None:
        if writer is not None:
            writer.write(records)
        elif result.records is not None:
            result.records.extend(records)
        summary.add_all(records)

    be: Any = None
    cancel = True
    stop = _StopFlag()
    with stop:  # from here on, Ctrl-C asks for a stop at the next safe point
        try:
            meta = run_metadata(seed, spec.seats, rotate_dealer)
            writer = open_writer(out_path, meta) if out_path is not None else None
            be = make_backend(backend, spec, workers, address)
            auto = core_chunk_size if isinstance(be, CoreBackend) else auto_chunk_size
            size = chunk_size or auto(deals, be.workers)
            bounds = chunk_bounds(start, deals, size)
            window = WINDOW_PER_WORKER * be.workers
            buffer: dict[int, list[dict[str, Any]]] = {}
            submitted = written = done = 0
            try:
                while written < len(bounds) and not stop.requested:
                    while submitted < len(bounds) and submitted < written + window:
                        be.submit(submitted, *bounds[submitted])
                        submitted += 1
                    finished = be.poll(POLL_SECONDS)
                    for k, records in finished:
                        buffer[k] = records
                    while written in buffer:
                        emit(buffer.pop(written))
                        written += 1
                    if progress is not None:
                        for _k, records in finished:
                            done += len(records)
                            progress(done, deals)
                cancel = stop.requested
            except KeyboardInterrupt:  # a second Ctrl-C, or from the progress callback
                stop.requested = True
            except Exception:
                # a terminal's Ctrl-C also reaches workers still starting up (before they
                # ignore SIGINT), which breaks the pool: that is still a stop, not a crash
                if not stop.requested:
                    raise
            if stop.requested:
                result.interrupted = True
                # every finished chunk is kept: still in deal order, with gaps where the
                # chunks in flight were
                stop.closing = True
                for k in sorted(buffer):
                    emit(buffer.pop(k))
        finally:
            stop.closing = True  # ending the workers and closing the file is not interrupted
            try:
                if be is not None:
                    be.close(cancel=cancel)
            finally:
                if writer is not None:
                    writer.close()
                summary.elapsed = time.perf_counter() - t0
    if result.interrupted:
        raise SimulationInterrupted(result)
    return result
